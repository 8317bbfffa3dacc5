"""Fold snapshots (docs/operations.md, "Fold snapshots"): a match's fold at an event, stored
so that a fold resumes there instead of replaying the whole ledger.

``fold_snapshot``: per match (deleted with it), per ``version`` of the code that folds and
``seq`` (the event the fold ends at): ``head`` the link of that event, ``state`` the fold's
bytes, ``mac`` their HMAC-SHA256 under the ledger key of id ``key_id``. Nothing in it is a
record: any row may be deleted at any time (``flask db snapshots --drop``).

Numbered 0009 so that it comes after the migrations other branches add at the same time.
"""
# mypy: ignore-errors

from peewee import SqliteDatabase


def up(migrator, db):
    blob = "BLOB" if isinstance(db, SqliteDatabase) else "BYTEA"
    db.execute_sql(
        'CREATE TABLE IF NOT EXISTS "fold_snapshot" ('
        '"match_id" VARCHAR(32) NOT NULL REFERENCES "match" ("id") ON DELETE CASCADE, '
        '"version" VARCHAR(40) NOT NULL, "seq" INTEGER NOT NULL, '
        '"head" VARCHAR(64) NOT NULL, '
        f'"state" {blob} NOT NULL, "mac" VARCHAR(64) NOT NULL, "key_id" VARCHAR(8) NOT NULL, '
        '"created_at" TIMESTAMP NOT NULL, '
        'PRIMARY KEY ("match_id", "version", "seq"))'
    )


def down(migrator, db):
    db.execute_sql('DROP TABLE IF EXISTS "fold_snapshot"')
