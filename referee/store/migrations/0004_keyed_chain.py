"""Keyed hash chains and one-transaction Idempotency-Keys.

- ``event.key_id``: the id of the server key whose HMAC-SHA256 links the event. The events
  already stored are linked again under the current key (their plain SHA-256 chain checked
  first): after this, no plain link is accepted, so nobody who can write the database can
  rebuild a chain. A match whose plain chain was already broken keeps its old links and
  shows as tampered. Run it with the server's key configured (``flask db upgrade`` reads it
  like the server does).
- A key is now claimed in the write's own transaction: nobody sees it "pending" any more.
  The pending claims left by requests that died under the old code are dropped (their
  requests were never answered), so their retries run again.
"""
# mypy: ignore-errors

from peewee import CharField
from playhouse.migrate import migrate

from referee.store.chain import GENESIS_HASH, chain_hash


def up(migrator, db):
    migrate(migrator.add_column("event", "key_id", CharField(max_length=8, null=True)))
    db.execute_sql("DELETE FROM idempotency_key WHERE state <> 'done'")
    matches = [row[0] for row in db.execute_sql(
        'SELECT DISTINCT "match_id" FROM "event" WHERE "key_id" IS NULL').fetchall()]
    if not matches:
        return
    from referee.store import keys

    ring = keys.keyring()  # raises when no app configured the key: nothing is half-done
    for match_id in matches:
        rows = db.execute_sql(
            'SELECT "id", "seq", "kind", "payload", "actor", "prev_hash", "hash" FROM "event" '
            'WHERE "match_id" = %s ORDER BY "seq"'.replace("%s", db.param), (match_id,)
        ).fetchall()
        prev, relinked = GENESIS_HASH, []
        for expected, (row_id, seq, kind, payload, actor, prev_hash, digest) in enumerate(
            rows, 1
        ):
            if seq != expected or prev_hash != prev or digest != chain_hash(
                prev, seq, kind, payload, actor
            ):
                relinked = []  # already broken: left as it is
                break
            prev = digest
            relinked.append((row_id, seq, kind, payload, actor))
        new_prev = GENESIS_HASH
        for row_id, seq, kind, payload, actor in relinked:
            link = chain_hash(new_prev, seq, kind, payload, actor, ring.current)
            db.execute_sql(
                'UPDATE "event" SET "prev_hash" = %s, "hash" = %s, "key_id" = %s '
                'WHERE "id" = %s'.replace("%s", db.param),
                (new_prev, link, ring.current_id, row_id),
            )
            new_prev = link


def down(migrator, db):
    migrate(migrator.drop_column("event", "key_id"))
