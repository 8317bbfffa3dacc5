"""Club nights and tournaments (docs/events.md): an event and its append-only log.

- ``club_event``: an event's ``id`` (``ev_`` and 22 URL-safe characters, never a match's id)
  and ``game``. Its organiser's and read tokens are rows of ``access_token`` under that id.
- ``club_event_entry``: the event's log, ``seq`` from 1 without gaps, each a ``kind``
  (``event_created``, ``checked_in``, ``left``, ``team_formed``, ``round_started``) and its
  canonical JSON ``payload``; nothing in it is updated or deleted.

Numbered 0012 so that it comes after the migrations other branches add at the same time.
"""
# mypy: ignore-errors


def up(migrator, db):
    db.execute_sql(
        'CREATE TABLE IF NOT EXISTS "club_event" ('
        '"id" VARCHAR(32) NOT NULL PRIMARY KEY, "game" VARCHAR(8) NOT NULL, '
        '"created_at" TIMESTAMP NOT NULL)'
    )
    db.execute_sql(
        'CREATE TABLE IF NOT EXISTS "club_event_entry" ('
        '"event_id" VARCHAR(32) NOT NULL REFERENCES "club_event" ("id") ON DELETE RESTRICT, '
        '"seq" INTEGER NOT NULL, "kind" VARCHAR(32) NOT NULL, "payload" TEXT NOT NULL, '
        '"created_at" TIMESTAMP NOT NULL, PRIMARY KEY ("event_id", "seq"))'
    )


def down(migrator, db):
    db.execute_sql('DROP TABLE IF EXISTS "club_event_entry"')
    db.execute_sql('DROP TABLE IF EXISTS "club_event"')
