"""A record file's deal off its record's shape (``code`` ``"format"``: marshmallow's
messages and the project's fields') worded in the answer's language (docs/translating.md):
over HTTP by Accept-Language, on the command line by --lang; the same problems, lines,
locations and codes as in English, and no English sentence left."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from referee.api.record_rulings import rule_record
from referee.i18n.command_line import problem_words
from referee.records import read_record
from tests.records.test_console import run

Q10 = (Path(__file__).resolve().parents[2] / "examples" / "q10.toml").read_text()
TOML = "application/toml"

#: Q10 with a card that is none, a claim that is no number and a field no deal has.
OFF_SHAPE = (Q10.replace('["KS", "AS"]', '["KS", "XX"]')
             .replace("number = 1", "number = 1\nbogus = 3")
             .replace("claimed = { elder = 11,", 'claimed = { elder = "x",'))

#: What each message says in English.
ENGLISH = {"tricks[0][1]": "Not a card: write rank then suit, e.g. 'TH' or '10♥'.",
           "claimed.elder": "Not a valid integer.", "bogus": "Unknown field."}


def _shape(problems: list[dict[str, object]]) -> list[tuple[object, ...]]:
    return [(p["line"], p["deal"], p["rule"], p["location"], p["code"]) for p in problems]


@pytest.mark.parametrize("route", ["/v1/records:score", "/v1/matches:import"])
def test_a_deal_off_its_shape_in_each_language(client: FlaskClient, route: str) -> None:
    english = client.post(route, data=OFF_SHAPE, content_type=TOML)
    assert english.status_code == 400
    assert {p["location"]: p["message"] for p in english.json["problems"]} == ENGLISH
    for locale in ("fr", "de", "pl"):
        answer = client.post(route, data=OFF_SHAPE, content_type=TOML,
                             headers={"Accept-Language": locale})
        assert answer.status_code == 400 and answer.headers["Content-Language"] == locale
        assert _shape(answer.json["problems"]) == _shape(english.json["problems"])
        for problem in answer.json["problems"]:
            assert problem["message"] not in ENGLISH.values(), (locale, problem)
            assert "Not a" not in problem["message"] and "field" not in problem["message"]


def test_several_messages_at_one_place_are_each_worded() -> None:
    """A location marshmallow gives two messages keeps both, joined, in each language."""
    from referee.i18n.schema import SCHEMA, SchemaWords, joined

    two = joined([SchemaWords(SCHEMA["integer"]), SchemaWords(SCHEMA["unknown"])])
    assert two == "Not a valid integer. Unknown field."
    assert problem_words("", {}, two, "en") == two
    french = problem_words("", {}, two, "fr")
    assert french == f"{SCHEMA['integer']('fr')} {SCHEMA['unknown']('fr')}"
    assert "Unknown" not in french


def test_the_ruled_file_keeps_the_messages_for_the_command_line() -> None:
    problems = rule_record(read_record(OFF_SHAPE)).problems
    assert {p.location: str(p.message) for p in problems} == ENGLISH
    for locale in ("fr", "de", "pl"):
        said = {p.location: problem_words(p.message_code, dict(p.params), p.message, locale)
                for p in problems}
        assert said.keys() == ENGLISH.keys()
        assert not set(said.values()) & set(ENGLISH.values()), said


@pytest.mark.parametrize("locale", ["fr", "de", "pl"])
def test_the_command_line_words_them_in_the_language_asked(locale: str,
                                                           tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(OFF_SHAPE)
    english = run("score", str(bad))
    spoken = run("--lang", locale, "score", str(bad))
    assert english.returncode == spoken.returncode == 2
    assert all(message in english.stderr for message in ENGLISH.values())
    lines = spoken.stderr.splitlines()
    assert len(lines) == len(english.stderr.splitlines()) == 3
    assert [line.split(":")[1] for line in lines] == [
        line.split(":")[1] for line in english.stderr.splitlines()]
    assert not any(message in spoken.stderr for message in ENGLISH.values()), spoken.stderr


#: A Pitch file whose options the engine refuses with its own sentence (V13).
OPTIONS_REFUSED = ('format = 1\ngame = "pitch"\nplayers = ["Ann", "Bob", "Cid"]\n\n'
                   '[options]\nvariant = "ten_point"\nmin_bid = 11\n\n[[deal]]\n\n'
                   '[deal.sheet]\npitcher = "Bob"\nbid = 2\nhigh = "Cid"\nlow = "Cid"\n'
                   'jack = "Cid"\ngame = "Cid"\n')


@pytest.mark.parametrize("locale", ["fr", "de", "pl"])
def test_options_the_engine_refuses_in_the_language_asked(client: FlaskClient, locale: str,
                                                          tmp_path: Path) -> None:
    """The deal's options refused with the engine's sentence ("Bad options: min_bid must be
    1..10, not 11"): worded whole over HTTP and on the command line."""
    english = "Bad options: min_bid must be 1..10, not 11"
    answer = client.post("/v1/records:score", data=OPTIONS_REFUSED, content_type=TOML,
                         headers={"Accept-Language": locale})
    [problem] = answer.json["problems"]
    assert (problem["location"], problem["code"]) == ("options", "format")
    assert "Bad options" not in problem["message"] and "min_bid" in problem["message"]
    bad = tmp_path / "options.toml"
    bad.write_text(OPTIONS_REFUSED)
    assert english in run("score", str(bad)).stderr
    spoken = run("--lang", locale, "score", str(bad)).stderr
    assert problem["message"] in spoken and "Bad options" not in spoken, spoken
