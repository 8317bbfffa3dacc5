"""A score sheet's words in the players' languages (referee/piquet/words.py, P3/P4 and Q5;
docs/translating.md): a French, German or Polish sheet is read wherever the English one is,
rules the same, and words it cannot read are the same 400 with their location."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from referee.piquet.words import (
    PointCall,
    SequenceCall,
    SetCall,
    read_point,
    read_sequence,
    read_set,
    says_nothing,
)
from referee.violations import InputError

#: The README's worked sheet (Q10: elder 11, younger 41) as each language writes it.
Q10_SHEETS: dict[str, dict[str, Any]] = {
    "en": {"point": {"elder": "point of five", "younger": "point of six"},
           "sequence": {"younger": "sixième"}, "sets": {"elder": ["trio of aces"]}},
    "fr": {"point": {"elder": "point de cinq", "younger": "point de six cartes"},
           "sequence": {"younger": "sixième"}, "sets": {"elder": ["trois as"]}},
    "de": {"point": {"elder": "Point von fünf", "younger": "Point mit sechs Karten"},
           "sequence": {"younger": "Sixième"}, "sets": {"elder": ["Trio von Assen"]}},
    "pl": {"point": {"elder": "point z pięciu", "younger": "point z sześciu kart"},
           "sequence": {"younger": "sixième"}, "sets": {"elder": ["trzy asy"]}},
}
TRICKS_AND_PLAY = {"tricks": {"elder": 5, "younger": 7}, "play": {"elder": 8, "younger": 9}}


@pytest.mark.parametrize(("words", "call"), [
    ("point de cinq, 48", PointCall(5, 48)), ("Point von fünf, 48", PointCall(5, 48)),
    ("point z pięciu, 48", PointCall(5, 48)), ("Point mit 6 Karten", PointCall(6)),
])
def test_a_point_in_each_language(words: str, call: PointCall) -> None:
    assert read_point(words, "here") == call


@pytest.mark.parametrize(("words", "call"), [
    ("quinte au roi à trèfle", SequenceCall(5, 13, "C")),
    ("quinte, roi en tête, à trèfle", SequenceCall(5, 13, "C")),  # the service's own French
    ("quatrième majeure", SequenceCall(4, 14)),
    ("tierce à la dame en cœur", SequenceCall(3, 12, "H")),
    ("Quinte bis König in Kreuz", SequenceCall(5, 13, "C")),
    ("Quinte bis König (Kreuz)", SequenceCall(5, 13, "C")),  # the service's own German
    ("Terz bis zur Dame", SequenceCall(3, 12)),
    ("kwinta do króla w trefl", SequenceCall(5, 13, "C")),
    ("quinte, najwyższa karta: król, kolor trefl", SequenceCall(5, 13, "C")),
])
def test_a_sequence_in_each_language(words: str, call: SequenceCall) -> None:
    assert read_sequence(words, "here") == call


@pytest.mark.parametrize(("words", "call"), [
    ("trois rois", SetCall(3, 13)), ("quatorze d'as", SetCall(4, 14)),
    ("trio de dames", SetCall(3, 12)), ("drei Könige", SetCall(3, 13)),
    ("vier Asse", SetCall(4, 14)), ("Trio von Assen", SetCall(3, 14)),
    ("trzy króle", SetCall(3, 13)), ("quatorze asów", SetCall(4, 14)),
])
def test_a_set_in_each_language(words: str, call: SetCall) -> None:
    assert read_set(words, "here") == call


def test_nothing_announced_in_each_language() -> None:
    assert all(says_nothing(w) for w in ("rien", "nichts", "brak"))


@pytest.mark.parametrize("words", ["quinte au cavalier", "point de cheval", "drei Pferde",
                                   "quint:W", "quint:Z"])
def test_words_that_name_nothing_are_refused_in_every_language(words: str) -> None:
    with pytest.raises(InputError) as refused:
        (read_set if "drei" in words else read_point if "point" in words else read_sequence)(
            words, "sheet.x")
    assert refused.value.violations[0].code == "bad_announcement"
    assert refused.value.violations[0].location == "sheet.x"


@pytest.mark.parametrize("language", ["fr", "de", "pl"])
def test_a_piquet_sheet_in_each_language_rules_as_the_english(client: FlaskClient,
                                                             language: str) -> None:
    english = client.post("/v1/piquet/sheets:score", json={**Q10_SHEETS["en"], **TRICKS_AND_PLAY})
    theirs = client.post("/v1/piquet/sheets:score",
                         json={**Q10_SHEETS[language], **TRICKS_AND_PLAY},
                         headers={"Accept-Language": language})
    assert english.status_code == theirs.status_code == 200, theirs.json
    assert theirs.json["scores"] == english.json["scores"] == {"elder": 11, "younger": 41}
    assert [c["points"] for c in theirs.json["counts"]] == \
        [c["points"] for c in english.json["counts"]]


@pytest.mark.parametrize("language", ["fr", "de", "pl"])
def test_unreadable_words_are_the_same_400_in_each_language(client: FlaskClient,
                                                            language: str) -> None:
    sheet = {**Q10_SHEETS[language], **TRICKS_AND_PLAY,
             "sequence": {"younger": "sixième au cavalier"}}
    answer = client.post("/v1/piquet/sheets:score", json=sheet,
                         headers={"Accept-Language": language})
    assert answer.status_code == 400
    assert answer.headers["Content-Language"] == language
    [(where, [message])] = answer.json["errors"].items()
    assert where == "sequence.younger"
    assert "cavalier" in message
    english = client.post("/v1/piquet/sheets:score", json=sheet)
    assert list(english.json["errors"]) == [where] and english.json["errors"][where] != [message]


#: A Pitch line (P3–P5): seat 3 pitches 3 and is set back, as tests/api/test_pitch_sheet_http
#: writes it, with its trump and passes in each language.
PITCH_LINE = {"dealer": 3, "high": 3, "low": 1, "jack": None, "game": 3}


@pytest.mark.parametrize(("language", "passes", "trump"), [
    ("en", "pass", "hearts"), ("fr", "passe", "cœur"), ("de", "weiter", "Herz"),
    ("pl", "pas", "kier"),
])
def test_a_pitch_line_in_each_language(client: FlaskClient, language: str, passes: str,
                                       trump: str) -> None:
    line = {**PITCH_LINE, "bids": [passes, 2, passes, 3], "trump": trump}
    answer = client.post("/v1/pitch/sheets:score", json={"players": 4, "sheet": line},
                         headers={"Accept-Language": language})
    assert answer.status_code == 200, answer.json
    assert answer.json["scores"] == [0, 1, 0, -3]
    assert answer.json["trump"] == "H"
