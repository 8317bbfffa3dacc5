"""The create quota and the expiry of matches that record no deal (docs/security.md, "Limits
and their defaults").

- ``create_quota``: how many matches each client address created in each window of the
  quota (``window_start``: seconds since the epoch); a sliding window reads this window's and
  the last one's counts (referee.store.quota).
- ``match.expires``: whether the match expires when it records no deal (every match made so
  far: yes). Matches that must never expire (those of an event, or imported from a record)
  will be created with it false.
- an index on ``match.created_at``, so ``flask db prune`` finds the old matches without
  scanning the table.

Numbered 0008 so that it comes after the migrations other branches add at the same time.
"""
# mypy: ignore-errors


def up(migrator, db):
    db.execute_sql(
        'CREATE TABLE IF NOT EXISTS "create_quota" ('
        '"address" VARCHAR(64) NOT NULL, "window_start" BIGINT NOT NULL, '
        '"count" INTEGER NOT NULL, PRIMARY KEY ("address", "window_start"))'
    )
    db.execute_sql('ALTER TABLE "match" ADD COLUMN "expires" BOOLEAN NOT NULL DEFAULT TRUE')
    db.execute_sql('CREATE INDEX IF NOT EXISTS "match_created_at" ON "match" ("created_at")')


def down(migrator, db):
    db.execute_sql('DROP INDEX IF EXISTS "match_created_at"')
    db.execute_sql('ALTER TABLE "match" DROP COLUMN "expires"')
    db.execute_sql('DROP TABLE IF EXISTS "create_quota"')
