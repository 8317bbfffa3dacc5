"""marshmallow schemas of the ledger's reads: its pages, the event log, the chain's check."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate

from referee.api.deal_schemas import (
    AGREEMENT,
    RECORD,
    RECORDS,
    CorrectionNoteSchema,
    DealClaimSchema,
    DealComparisonSchema,
    SupersededSchema,
    ruling_field,
)
from referee.api.strict import ShapesField, StrictSchema
from referee.api.view_schemas import HeadSchema
from referee.api.write_schemas import EventSchema


class PageArgsSchema(StrictSchema):
    """Cursor pagination: ``cursor`` from the previous page's ``next_cursor``."""

    EXACT_INTEGERS = False  # a query string: ``limit=50`` is text

    # ASCII digits only ("²" is a digit to str.isdigit but not to int()), at most 18 of them
    # (a 64-bit database integer; SQLite refused a larger one with a 500).
    cursor = ma.fields.String(
        validate=validate.Regexp(r"\A[0-9]{1,18}\Z",
                                 error="The cursor is the next_cursor of the previous page."),
        metadata={"pattern": "^[0-9]{1,18}$"},
    )
    limit = ma.fields.Integer(load_default=50, validate=validate.Range(min=1, max=500))


class LedgerItemSchema(ma.Schema):
    """One deal of the ledger with the running totals after it."""

    deal = ma.fields.Integer()
    dealer = ma.fields.String()
    status = ma.fields.String(metadata={"description": "live | voided"})
    amended = ma.fields.Boolean()
    scores = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Integer())
    totals = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Integer())
    record = ShapesField(*RECORDS, metadata={"description": RECORD})
    ruling = ruling_field()
    corrections = ma.fields.List(ma.fields.Nested(CorrectionNoteSchema))
    level = ma.fields.String(metadata={"description": "cards | sheet | totals"})
    agreement = ma.fields.String(metadata={"description": AGREEMENT})
    entered_by = ma.fields.String(allow_none=True)
    agreed_by = ma.fields.String(allow_none=True)
    claims = ma.fields.List(ma.fields.Nested(DealClaimSchema), metadata={
        "description": "Each side's claim (a sheet or totals entry, a dispute's claim) and, "
                       "once ruled, its comparison with the ruling (parts_at)"})
    superseded = ma.fields.List(ma.fields.Nested(SupersededSchema), metadata={
        "description": "Earlier entries of this deal its cards superseded"})
    changes = ma.fields.Nested(DealComparisonSchema, allow_none=True, metadata={
        "description": "The last superseded entry against the cards' ruling (null: none)"})


class LedgerPageSchema(ma.Schema):
    """A page of the ledger, and the ledger's ``head`` as this read found it."""

    items = ma.fields.List(ma.fields.Nested(LedgerItemSchema))
    next_cursor = ma.fields.String(allow_none=True)
    head = ma.fields.Nested(HeadSchema)


class StoredEventSchema(EventSchema):
    """A stored event with its time and hash chain."""

    created_at = ma.fields.String()
    prev_hash = ma.fields.String()
    hash = ma.fields.String()


class EventPageSchema(ma.Schema):
    """A page of the raw event log, and the ledger's ``head`` as this read found it."""

    items = ma.fields.List(ma.fields.Nested(StoredEventSchema))
    next_cursor = ma.fields.String(allow_none=True)
    head = ma.fields.Nested(HeadSchema)


#: A head as a client sends it back: ``SEQ:HASH`` (the sequence number, the SHA-256 hex).
HEAD_PATTERN = "^[0-9]{1,12}:[0-9A-Fa-f]{64}$"


class VerifyArgsSchema(StrictSchema):
    """``head``: SEQ:HASH of a head a client kept (a match's ``head``)."""

    head = ma.fields.String(validate=validate.Length(max=100),
                            metadata={"pattern": HEAD_PATTERN})


class KnownHeadSchema(ma.Schema):
    """A kept head against the ledger: ``status`` "same", "extended" (the ledger leads there
    and goes on), "behind" (cut short) or "diverged" (rewritten)."""

    seq = ma.fields.Integer()
    hash = ma.fields.String()
    status = ma.fields.String()


class VerifySchema(ma.Schema):
    """The hash chain's check: ``intact`` or the seq where it breaks; ``events`` and ``head``
    (the last event's hash) — keep them: a later ledger that does not lead to this head was
    cut short. With ``?head=``, ``known_head`` says how the ledger stands to it."""

    intact = ma.fields.Boolean()
    broken_at = ma.fields.Integer(allow_none=True)
    events = ma.fields.Integer()
    head = ma.fields.String()
    known_head = ma.fields.Nested(KnownHeadSchema)
