"""Clubs and their players (docs/events.md E13).

- ``club``: a club's ``id`` (``cl_`` and 22 URL-safe characters), ``name`` and ``version``
  (one more at every change of it or of its players: its ETag). Its organiser's and read
  tokens are rows of ``access_token`` under that id.
- ``club_player``: each player of a club: ``id`` (``pl_…``, for good), ``seq`` (the order they
  were added), ``name`` and ``member`` (the member number, none for a guest), both erased
  (NULL) when the player is removed or merged away, ``merged_into`` and ``removed``.
- ``club_event_club``: the events held by a club (``event_id`` → ``club_id``), written when the
  event is created; nothing in it is updated or deleted.

Numbered 0021 so that it comes after the migrations other branches add at the same time.
"""
# mypy: ignore-errors


def up(migrator, db):
    db.execute_sql(
        'CREATE TABLE IF NOT EXISTS "club" ('
        '"id" VARCHAR(32) NOT NULL PRIMARY KEY, "name" VARCHAR(200) NOT NULL, '
        '"version" INTEGER NOT NULL, "created_at" TIMESTAMP NOT NULL)'
    )
    db.execute_sql(
        'CREATE TABLE IF NOT EXISTS "club_player" ('
        '"id" VARCHAR(32) NOT NULL PRIMARY KEY, '
        '"club_id" VARCHAR(32) NOT NULL REFERENCES "club" ("id") ON DELETE RESTRICT, '
        '"seq" INTEGER NOT NULL, "name" VARCHAR(200), "member" VARCHAR(64), '
        '"merged_into" VARCHAR(32), "removed" BOOLEAN NOT NULL, '
        '"created_at" TIMESTAMP NOT NULL)'
    )
    db.execute_sql('CREATE INDEX IF NOT EXISTS "club_player_club_id" '
                   'ON "club_player" ("club_id", "seq")')
    db.execute_sql(
        'CREATE TABLE IF NOT EXISTS "club_event_club" ('
        '"event_id" VARCHAR(32) NOT NULL PRIMARY KEY REFERENCES "club_event" ("id") '
        'ON DELETE RESTRICT, '
        '"club_id" VARCHAR(32) NOT NULL REFERENCES "club" ("id") ON DELETE RESTRICT)'
    )
    db.execute_sql('CREATE INDEX IF NOT EXISTS "club_event_club_club_id" '
                   'ON "club_event_club" ("club_id")')


def down(migrator, db):
    db.execute_sql('DROP TABLE IF EXISTS "club_event_club"')
    db.execute_sql('DROP TABLE IF EXISTS "club_player"')
    db.execute_sql('DROP TABLE IF EXISTS "club"')
