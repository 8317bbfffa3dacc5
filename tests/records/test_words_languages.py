"""A record's words read in each of the service's languages (docs/format.md, "The words"):
the Q10 deal's score-sheet line written in French, German and Polish is read, ruled and
imported as the English one is (Bill 11, Ann 41), and the sets, sequences and points of each
language read to the same calls."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.api.record_rulings import rule_record
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import Fold
from referee.match.transfer import import_events
from referee.piquet.canonical import canonical_words
from referee.piquet.words import (
    SequenceCall,
    SetCall,
    read_point,
    read_sequence,
    read_sequences,
    read_set,
    read_sets,
)
from referee.records import RecordFile, read_record, write_record

Q10_FILE = (Path(__file__).resolve().parents[2] / "examples" / "q10.toml").read_text()

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


# -- written in one canonical form (docs/format.md, "The words") ------------------------------

#: The Q10 sheet line's words as every record file writes them, whatever the table's language.
CANONICAL_SHEET = ('[deal.sheet.point]\nelder = "point of five"\nyounger = "point of six, 57"\n\n'
                   '[deal.sheet.sequence]\nyounger = ["sixième to the king in clubs"]\n\n'
                   '[deal.sheet.sets]\nelder = ["trio of aces"]\n')


@pytest.mark.parametrize("language", sorted(WORDS))
def test_a_sheet_in_any_language_is_written_in_the_canonical_words(language: str) -> None:
    """write(read(f)) holds the canonical English words, the same text from every language;
    it reads back to the same ruling, and writing it again changes nothing."""
    record = read_record(sheet(language))
    text = write_record(record)
    assert CANONICAL_SHEET in text
    assert text == write_record(read_record(sheet("en")))
    again = read_record(text)
    assert write_record(again) == text
    assert _rulings(again) == _rulings(record)
    assert _rulings(again)[0]["scores"] == {"elder": 11, "younger": 41}


#: Q10's declarations (elder: point of five, trio of aces; younger: point of six, the sixième
#: to the king) in each language and form, as a cards record's ``declarations``.
DECLARED = {
    "fr": ('point = "point de cinq", sets = ["trio d\'as"]',
           'point = "point de six", sequence = "sixième au roi en trèfle"'),
    "de": ('point = "Punkt von fünf", sets = ["drei Asse"]',
           'point = "Punkt von sechs", sequence = "Sixième bis zum König in Kreuz"'),
    "pl": ('point = "point z pięciu", sets = ["trzy asy"]',
           'point = "point z sześciu", sequence = "sixième do króla w trefl"'),
    "short": ('point = 5, sets = ["trio:A"]', 'point = 6, sequence = "sixième:K"'),
    "structured": ('point = { cards = 5 }, sets = [{ count = 3, rank = "A" }]',
                   'point = { cards = 6 }, sequence = { length = 6, top = "K", suit = "C" }'),
}


def _cards_file(elder: str, younger: str) -> str:
    return Q10_FILE.replace("elder = { point = 5, sets = [\"trio:A\"] }",
                            f"elder = {{ {elder} }}\nyounger = {{ {younger} }}")


@pytest.mark.parametrize("form", sorted(DECLARED))
def test_declarations_in_any_language_are_written_in_the_canonical_words(form: str) -> None:
    record = read_record(_cards_file(*DECLARED[form]))
    text = write_record(record)
    assert ('[deal.declarations.elder]\npoint = "point of five"\nsets = ["trio of aces"]\n'
            in text)
    assert ('[deal.declarations.younger]\npoint = "point of six"\nsequence = ["sixième to '
            'the king') in text
    again = read_record(text)
    assert write_record(again) == text and _rulings(again) == _rulings(record)
    assert _rulings(again)[0]["scores"] == {"elder": 11, "younger": 41}


@pytest.mark.parametrize(("category", "said", "written"), [
    ("point", "rien", None), ("point", "point de cinq pour 48", "point of five, 48"),
    ("point", {"cards": 5, "pips": 48}, "point of five, 48"),
    ("sequence", "kwarta, tierce à l'as", ["quart", "tierce major"]),
    ("sequence", "nichts", []), ("sets", "quatorze de dix", ["quatorze of tens"]),
    ("sets", ["brak", "vier Buben"], ["quatorze of jacks"]),
    ("point", 0, 0),  # a point of no cards has no words: kept, its ruling refuses it
    ("sets", ["trio of nothing"], ["trio of nothing"]),  # no combination: kept as written
])
def test_canonical_words(category: str, said: Any, written: Any) -> None:
    assert canonical_words(category, said) == written


def test_a_sheet_line_keeps_its_sequences_apart() -> None:
    """A sheet reads each sequence alone: words a sheet refuses are not made readable."""
    assert canonical_words("sequence", "quint:A, tierce:T", sheet=True) == "quint:A, tierce:T"
    assert canonical_words("sequence", ["quinte majeure", "tierce au dix"], sheet=True) == [
        "quint major", "tierce to the ten"]


_SUITS = st.sampled_from(("S", "H", "D", "C"))
_RANKS = st.sampled_from(("A", "K", "Q", "J", "T", "9"))
_ANNOUNCED = {
    "point": st.builds(lambda cards, pips: {"cards": cards, "pips": pips},
                       st.integers(1, 12), st.none() | st.integers(10, 120)),
    "sequence": st.builds(lambda length, top, suit: {k: v for k, v in
                                                    (("length", length), ("top", top),
                                                     ("suit", suit)) if v is not None},
                          st.integers(3, 8), st.none() | _RANKS, st.none() | _SUITS),
    "sets": st.builds(lambda count, rank: [{"count": count, "rank": rank}],
                      st.sampled_from((3, 4)), _RANKS),
}


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(_ANNOUNCED)).flatmap(
    lambda c: st.tuples(st.just(c), _ANNOUNCED[c])))
def test_canonical_words_read_back_to_the_same_calls(case: tuple[str, Any]) -> None:
    """Every point, sequence and set: its canonical words are words (not the structured
    form), they read to the same calls, and they are their own canonical form."""
    category, said = case
    read = {"point": read_point, "sequence": read_sequences, "sets": read_sets}[category]
    words = canonical_words(category, said)
    assert words != said and read(words, "") == read(said, "")
    assert canonical_words(category, words) == words


def _rulings(record: RecordFile) -> list[Any]:
    return [d.ruling for d in rule_record(record).deals]


@pytest.mark.parametrize(("trump", "passes"), [("cœur", ("passe", "je passe")),
                                               ("Herz", ("passen", "weiter")),
                                               ("kier", ("pas", "pasuję")), ("♥", ("pass",) * 2)])
def test_a_pitch_line_s_passes_and_trump_are_written_in_the_canonical_words(
        trump: str, passes: tuple[str, str]) -> None:
    """A pass in any language is written "pass", a trump by its letter (docs/format.md, "The
    words"); the ruling is the same."""
    text = ('format = 1\ngame = "pitch"\nplayers = ["Ann", "Bob", "Cid"]\n\n[[deal]]\n'
            f'[deal.sheet]\ndealer = "Ann"\nbids = ["{passes[0]}", "{passes[1]}", 2]\n'
            f'trump = "{trump}"\nhigh = "Ann"\nlow = "Ann"\njack = "none"\ngame = "Ann"\n')
    record = read_record(text)
    written = write_record(record)
    assert 'bids = ["pass", "pass", 2]' in written and 'trump = "H"' in written
    again = read_record(written)
    assert write_record(again) == written
    assert _rulings(again) == _rulings(record) and _rulings(record)[0] is not None


def test_a_french_brelan_is_read_as_a_trio() -> None:
    """The French service says "brelan d'as" (docs/glossary.md): a sheet written with the
    service's word is read, as "trio d'as" is."""
    assert read_set("brelan d'as", "sets[0]") == SetCall(3, 14)
    assert read_set("brelan de rois", "sets[0]") == SetCall(3, 13)
