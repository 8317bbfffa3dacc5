"""Index the Idempotency-Key records by creation time: purging expired keys must not scan
the whole table (it made every write slower as the database grew)."""
# mypy: ignore-errors


def up(migrator, db):
    db.execute_sql(
        "CREATE INDEX IF NOT EXISTS idempotency_key_created_at ON idempotency_key (created_at)"
    )


def down(migrator, db):
    db.execute_sql("DROP INDEX IF EXISTS idempotency_key_created_at")
