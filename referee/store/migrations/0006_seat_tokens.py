"""Seat credentials (docs/records.md): an access token of kind "seat" names the player it
speaks for.

Numbered 0006 so that it comes after the migrations other branches add at the same time."""
# mypy: ignore-errors


def up(migrator, db):
    db.execute_sql('ALTER TABLE "access_token" ADD COLUMN "seat" VARCHAR(40)')


def down(migrator, db):
    db.execute_sql('ALTER TABLE "access_token" DROP COLUMN "seat"')
