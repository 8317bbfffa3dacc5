"""Keyed hash chains and one-transaction Idempotency-Keys (issue 12).

- ``event.key_id``: the id of the server key whose HMAC-SHA256 links the event (NULL for the
  events stored before: plain SHA-256 links, still verified as such).
- A key is now claimed in the write's own transaction: nobody sees it "pending" any more. The
  pending claims left by requests that died under the old code are dropped (their requests
  were never answered), so their retries run again.
"""
# mypy: ignore-errors

from peewee import CharField
from playhouse.migrate import migrate


def up(migrator, db):
    migrate(migrator.add_column("event", "key_id", CharField(max_length=8, null=True)))
    db.execute_sql("DELETE FROM idempotency_key WHERE state <> 'done'")


def down(migrator, db):
    migrate(migrator.drop_column("event", "key_id"))
