"""Matches and their append-only event ledger."""
# mypy: ignore-errors

import datetime

from peewee import AutoField, CharField, DateTimeField, ForeignKeyField, IntegerField, TextField


def up(migrator, db):  # type: ignore[no-untyped-def]
    class Match(db.Model):
        id = CharField(primary_key=True, max_length=32)
        game = CharField(max_length=8)
        created_at = DateTimeField(default=datetime.datetime.utcnow)

        class Meta:
            table_name = "match"

    class Event(db.Model):
        id = AutoField()
        match = ForeignKeyField(Match, on_delete="RESTRICT")
        seq = IntegerField()
        kind = CharField(max_length=32)
        payload = TextField()
        actor = CharField(max_length=100, null=True)
        created_at = DateTimeField(default=datetime.datetime.utcnow)
        prev_hash = CharField(max_length=64)
        hash = CharField(max_length=64)

        class Meta:
            table_name = "event"
            indexes = ((("match", "seq"), True),)

    db.create_tables([Match, Event])


def down(migrator, db):  # type: ignore[no-untyped-def]
    db.execute_sql("DROP TABLE event")
    db.execute_sql('DROP TABLE "match"')
