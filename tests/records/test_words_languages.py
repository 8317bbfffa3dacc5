"""A record's words read in each of the service's languages (docs/format.md, "The words"):
the Q10 deal's score-sheet line written in French, German and Polish is read, ruled and
imported as the English one is (Bill 11, Ann 41), and the sets, sequences and points of each
language read to the same calls."""

from __future__ import annotations

import pytest

from referee.api.record_rulings import rule_record
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import Fold
from referee.match.transfer import import_events
from referee.piquet.words import SequenceCall, SetCall, read_point, read_sequence, read_set
from referee.records import read_record

#: Q10's sheet line (docs/format.md), the words in each language: (point elder, point
#: younger, sequence younger, set elder).
WORDS = {
    "en": ("point of five", "point of six, 57", "sixième to the king in clubs", "three aces"),
    "fr": ("point de cinq", "point de six, 57", "sixième au roi en trèfle", "trois as"),
    "de": ("Punkt von fünf", "Punkt von sechs, 57", "Sixième bis zum König in Kreuz",
           "drei Asse"),
    "pl": ("point z pięciu", "point z sześciu, 57", "sixième do króla w trefl", "trzy asy"),
}


def sheet(language: str) -> str:
    five, six, sixieme, aces = WORDS[language]
    return (f'format = 1\ngame = "piquet"\nplayers = ["Bill", "Ann"]\n\n[[deal]]\n'
            f'dealer = "Ann"\n\n[deal.sheet]\n'
            f'point = {{ elder = "{five}", younger = "{six}" }}\n'
            f'sequence = {{ younger = "{sixieme}" }}\nsets = {{ elder = ["{aces}"] }}\n'
            'tricks = { elder = 5, younger = 7 }\nplay = { elder = 8, younger = 9 }\n')


@pytest.mark.parametrize("language", sorted(WORDS))
def test_q10_sheet_in_each_language_is_ruled_and_imported_alike(language: str) -> None:
    record = read_record(sheet(language))
    (ruled,) = rule_record(record).deals
    assert ruled.problems == () and ruled.ruling is not None
    assert ruled.ruling["scores"] == {"elder": 11, "younger": 41}
    events = import_events(record)
    state = Fold([Event(n, kind, payload, None, f"h{n}")
                  for n, (kind, payload) in enumerate(events, 1)], GAMES).state()
    assert state.standings == {"Bill": 11, "Ann": 41}


@pytest.mark.parametrize(("words", "call"), [
    ("quinte majeure", SequenceCall(5, 14)), ("tierce à l'as", SequenceCall(3, 14)),
    ("Quarte bis zur Dame in Herz", SequenceCall(4, 12, "H")),
    ("kwarta", SequenceCall(4)), ("tierce do waleta w piki", SequenceCall(3, 11, "S")),
    ("sekwens", None),
    ("quint:A", SequenceCall(5, 14)), ("quart to the ace in d", SequenceCall(4, 14, "D")),
])
def test_sequences_in_each_language(words: str, call: SequenceCall | None) -> None:
    if call is None:  # not a sequence's name in any language
        with pytest.raises(ValueError):
            read_sequence(words, "sequence")
        return
    assert read_sequence(words, "sequence") == call


@pytest.mark.parametrize(("words", "call"), [
    ("trio d'as", SetCall(3, 14)), ("quatorze de dix", SetCall(4, 10)),
    ("vier Buben", SetCall(4, 11)), ("drei Damen", SetCall(3, 12)),
    ("cztery dziesiątki", SetCall(4, 10)), ("trzy króle", SetCall(3, 13)),
    ("trio:A", SetCall(3, 14)),
])
def test_sets_in_each_language(words: str, call: SetCall) -> None:
    assert read_set(words, "sets[0]") == call


def test_points_in_each_language() -> None:
    assert read_point("point de cinq pour 48", "point") == (5, 48)
    assert read_point("fünf Karten, 48 Augen", "point") == (5, 48)
    assert read_point("pięć kart, 48 oczek", "point") == (5, 48)


@pytest.mark.parametrize("words", ["quint:Z", "quint:L", "quint:z", "tierce:de"])
def test_a_short_form_names_a_rank(words: str) -> None:
    """"quint:A" names its top rank after the colon: a word of another language there (the
    words between a sequence's parts) is no rank, and is refused as before."""
    with pytest.raises(ValueError):
        read_sequence(words, "sequence")
