"""Record files (docs/format.md): a match or a single deal as a TOML document that a player can
read, keep, mail, fix in an editor and have ruled again.

This package reads and writes the text; it knows the games only as far as the file's words
go (who is who, which entry level a deal has). The deals' rules are checked where they always
are: the engines, through the same request schemas the API applies.
"""

from referee.records.toml_format import (
    FORMAT_VERSION,
    DealEntry,
    Dispute,
    RecordFile,
    RecordFileError,
    RecordProblem,
    read_record,
    write_record,
)

__all__ = [
    "FORMAT_VERSION",
    "DealEntry",
    "Dispute",
    "RecordFile",
    "RecordFileError",
    "RecordProblem",
    "read_record",
    "write_record",
]
