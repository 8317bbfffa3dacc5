"""The matches of club nights and tournaments (docs/events.md E11).

- ``club_event_match``: each table's match (``match_id``) and the event that made it
  (``event_id``), written when a round starts, so that the event's tokens act on its tables'
  matches (the organiser's as their write token, the read token as theirs); nothing in it is
  updated or deleted.

Numbered 0016 so that it comes after the migrations other branches add at the same time.
"""
# mypy: ignore-errors


def up(migrator, db):
    db.execute_sql(
        'CREATE TABLE IF NOT EXISTS "club_event_match" ('
        '"match_id" VARCHAR(32) NOT NULL PRIMARY KEY REFERENCES "match" ("id") '
        'ON DELETE RESTRICT, '
        '"event_id" VARCHAR(32) NOT NULL REFERENCES "club_event" ("id") ON DELETE RESTRICT)'
    )
    db.execute_sql('CREATE INDEX IF NOT EXISTS "club_event_match_event_id" '
                   'ON "club_event_match" ("event_id")')


def down(migrator, db):
    db.execute_sql('DROP TABLE IF EXISTS "club_event_match"')
