"""Access tokens per match (hashes only) and Idempotency-Key records."""
# mypy: ignore-errors

import datetime

from peewee import AutoField, CharField, DateTimeField, IntegerField, TextField


def up(migrator, db):
    class AccessToken(db.Model):
        id = AutoField()
        match_id = CharField(max_length=32, index=True)
        kind = CharField(max_length=8)  # "write" | "read"
        token_hash = CharField(max_length=64, unique=True)
        created_at = DateTimeField(default=datetime.datetime.utcnow)
        revoked_at = DateTimeField(null=True)

        class Meta:
            table_name = "access_token"

    class IdempotencyKey(db.Model):
        id = AutoField()
        scope = CharField(max_length=64)
        key = CharField(max_length=255)
        fingerprint = CharField(max_length=64)
        state = CharField(max_length=8)  # "pending" | "done"
        status = IntegerField(null=True)
        response = TextField(null=True)
        headers = TextField(null=True)
        match_id = CharField(max_length=32, null=True)
        first_seq = IntegerField(null=True)
        created_at = DateTimeField(default=datetime.datetime.utcnow)
        updated_at = DateTimeField(default=datetime.datetime.utcnow)

        class Meta:
            table_name = "idempotency_key"
            indexes = ((("scope", "key"), True),)

    db.create_tables([AccessToken, IdempotencyKey])


def down(migrator, db):
    db.execute_sql("DROP TABLE idempotency_key")
    db.execute_sql("DROP TABLE access_token")
