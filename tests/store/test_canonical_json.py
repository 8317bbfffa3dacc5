"""referee.store.chain: canonical_json, the one stored and hashed text of a payload — every
payload of the recorded ledgers of tests/corpus gives back its stored text, and any payload
the text ``json.dumps`` makes with sorted keys, no spaces and the text as it is, made by one
encoder kept for every call; chain_hash's keyed link, HMAC-SHA256 made once a key."""

from __future__ import annotations

import hmac
import json
from pathlib import Path
from typing import Any

import pytest

from referee.store.chain import canonical_json, chain_hash

CORPUS = sorted((Path(__file__).resolve().parent.parent / "corpus").glob("v*/*.json"))


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_every_stored_payload_gives_back_its_text(path: Path) -> None:
    for row in json.loads(path.read_text("utf-8"))["events"]:
        assert canonical_json(json.loads(row["payload"])) == row["payload"], row["seq"]


@pytest.mark.parametrize("payload", [
    {"b": 1, "a": [1, 2.5, None, True], "é": "Zoë ♠ \u2028 \x00 \"q\"", "n": {"z": [], "y": {}}},
    {"deal": 1, "card": "AS", "at": {"trick": 1, "position": 2, "deal": 1}},
    [("tuple", 1), {"2": "x", "10": "y"}], "text", 3, None, float("inf"),
])
def test_the_text_json_dumps_makes(payload: Any) -> None:
    assert canonical_json(payload) == json.dumps(payload, sort_keys=True, separators=(",", ":"),
                                                 ensure_ascii=False)


def test_no_encoder_made_a_call(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a JSONEncoder made for one payload")

    monkeypatch.setattr(json.JSONEncoder, "__init__", refused)
    assert canonical_json({"b": [1], "a": "é"}) == '{"a":"é","b":[1]}'


@pytest.mark.parametrize("key", [b"k" * 32, "é-ledger-key-of-forty-characters".encode(),
                                 b"x" * 100])
def test_a_keyed_link_is_hmac_sha256_made_once_a_key(
        key: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """The link under a key is HMAC-SHA256 of the parts (what hmac.digest gives), its key's
    HMAC made once and copied for every link: the stored chains verify as before."""
    parts = [("0" * 64, 1, "match_created", '{"game":"pitch"}', None),
             ("a" * 64, 12, "card", '{"card":"AS","deal":1}', "write token")]
    expected = [hmac.digest(key, "\x1f".join((p, str(s), k, t, a or "", "")).encode(),
                            "sha256").hex() for p, s, k, t, a in parts]
    chain_hash(*parts[0], key)  # the key's HMAC made

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("an HMAC set up for one link")

    monkeypatch.setattr(hmac, "digest", refused)
    monkeypatch.setattr(hmac, "new", refused)
    assert [chain_hash(*p, key) for p in parts] == expected
    assert [chain_hash(*p, key) for p in parts] == expected  # the kept HMAC unchanged
