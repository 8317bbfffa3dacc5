"""marshmallow schemas of the writes that hand out credentials: a match created with its tokens,
a rotation, a recovery, seat tokens."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate

from referee.api.fields import MAX_VERSION, NameField
from referee.api.strict import StrictSchema
from referee.api.view_schemas import MatchSchema


class TokenPairSchema(ma.Schema):
    """A match's bearer tokens, each shown once: ``write`` records and corrects, ``read`` only
    reads. A rotation names only the ones it made anew."""

    write = ma.fields.String(metadata={"example": "rw_qdAjk7BMMvR24zt1c9lKgTN917Ld5ec3"})
    read = ma.fields.String(metadata={"example": "ro_iz-4eAkiTrJzow0RIPs2QcX4PbK3nBBt"})


class TokensSchema(ma.Schema):
    """A match's tokens, shown once: ``write`` records, ``read`` only reads (share it); and
    the new ``recovery_code`` when one was made (a recovery, or a rotation of "recovery")."""

    tokens = ma.fields.Nested(TokenPairSchema)
    recovery_code = ma.fields.String(
        metadata={"description": "The new recovery code (the one before stops working)"})


class CreatedMatchSchema(MatchSchema):
    """A new match, with its tokens and recovery code (shown this once)."""

    tokens = ma.fields.Nested(TokenPairSchema, allow_none=True)
    recovery_code = ma.fields.String(
        allow_none=True,
        metadata={"description": "Mints new tokens when all are lost (POST …/tokens:recover)"},
    )


class RotateSchema(StrictSchema):
    """Which tokens to rotate: "write", "read", "both", or "recovery" (the recovery code)."""

    which = ma.fields.String(load_default="both",
                             validate=validate.OneOf(["write", "read", "both", "recovery"]))
    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))


class RecoverSchema(StrictSchema):
    """The recovery code (from the create, or the last recovery or rotation), and which
    tokens to make anew; the code itself is always replaced."""

    which = ma.fields.String(load_default="both",
                             validate=validate.OneOf(["write", "read", "both"]))
    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))
    recovery_code = ma.fields.String(required=True, validate=validate.Length(min=1, max=100))

class SeatsRequestSchema(StrictSchema):
    """Which players get a (new) seat credential: all of them when ``players`` is absent."""

    players = ma.fields.List(NameField(), validate=validate.Length(min=1,
                                                                                      max=7))
    by = NameField()
    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))


class SeatTokenSchema(ma.Schema):
    """A player's seat credential (shown once) and its join link."""

    player = ma.fields.String()
    token = ma.fields.String()
    link = ma.fields.String(metadata={"description": "/table/#match=<id>&token=<seat token>"})


class SeatsSchema(ma.Schema):
    """The seat credentials made, and the match."""

    seats = ma.fields.List(ma.fields.Nested(SeatTokenSchema))
    match = ma.fields.Nested(MatchSchema)
