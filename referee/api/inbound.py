"""What comes in, checked once for the whole API.

A request body is JSON with numbers a referee can hold and text a database can store:

- integers of at most :data:`MAX_INT_DIGITS` digits (Python refuses to read an integer of
  more than 4,300 digits and raised inside the JSON decoder; no count in a card game needs
  more than a few, and 15 digits stay exact in a phone's JavaScript);
- finite numbers (no ``NaN``, ``Infinity`` or ``1e999``);
- no NUL character and no lone UTF-16 surrogate (``"\\ud800"``) in any string, key or value:
  PostgreSQL refuses NUL in text, and a lone surrogate cannot be encoded as UTF-8 (hashing
  or storing it failed with a 500).

Each schema still bounds its own fields (ranges, lengths); this is the floor under all of
them, records passed through as plain JSON included. The URL's path and query are held to
the same text rules by :func:`check_url`.
"""

from __future__ import annotations

import json
import re
from typing import Any, NoReturn

from referee.api.errors import ProblemError
from referee.api.problems import BAD_REQUEST
from referee.i18n.schema import SchemaWords, schema_error

#: Most digits an integer in a request may have.
MAX_INT_DIGITS = 15

#: A NUL or a UTF-16 surrogate (only a lone one can reach a Python str from JSON).
_BAD_TEXT = re.compile("[\x00\ud800-\udfff]")

_NOT_TEXT = schema_error("not_text")


class _Refused(ValueError):
    """A number the decoder must not build (raised from its parse hooks)."""


def _refuse(message: SchemaWords, where: str = "body") -> NoReturn:
    raise ProblemError(BAD_REQUEST, "The request does not match the schema: see errors.",
                       extra={"errors": {where: [message]}})


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused(schema_error("digits", digits=MAX_INT_DIGITS))
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused(schema_error("finite"))
    return value


def _constant(name: str) -> Any:
    raise _Refused(schema_error("not_number", name=name))


def load_body(raw: bytes | str) -> Any:
    """The request body as JSON, checked as the module says.

    :raises json.JSONDecodeError: not JSON (or not UTF-8): webargs answers 400.
    :raises ProblemError: 400, a number out of bounds or a string with NUL / lone surrogate,
        ``errors`` locating it (``players[1]``, ``record.by``).
    """
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise json.JSONDecodeError(f"Bytes decoding error : {error.reason}",
                                       doc="?", pos=error.start) from error
    else:
        text = raw
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except _Refused as error:
        _refuse(error.args[0])  # the message as made (worded in the answer's language)
    _check_text(data, "")
    return data


def _check_text(value: Any, path: str) -> None:
    """Walk the decoded body; refuse the first string (key or value) with bad text."""
    if isinstance(value, str):
        if _BAD_TEXT.search(value):
            _refuse(_NOT_TEXT, path or "body")
    elif isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else key
            if _BAD_TEXT.search(key):
                _refuse(_NOT_TEXT, path or "body")
            _check_text(item, where)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_text(item, f"{path}[{index}]")


def check_url(path: str, args: Any) -> None:
    """Refuse a URL whose path or query holds NUL or a lone surrogate (400).

    :param path: the decoded path; ``args``: the decoded query (a multi-dict).
    :raises ProblemError: 400.
    """
    if _BAD_TEXT.search(path):
        _refuse(_NOT_TEXT, "path")
    for key, values in args.lists():
        if _BAD_TEXT.search(key) or any(_BAD_TEXT.search(v) for v in values):
            _refuse(_NOT_TEXT, "query")
