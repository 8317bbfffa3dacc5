"""``POST /v1/records:score``: a record file (docs/format.md) ruled over HTTP, every deal, with
every problem of a bad file located by line and deal."""

from __future__ import annotations

from pathlib import Path

from flask.testing import FlaskClient

Q10 = (Path(__file__).resolve().parents[2] / "examples" / "q10.toml").read_text()
TOML = "application/toml"


def test_q10_file_is_ruled_bill_11_ann_41(client: FlaskClient) -> None:
    answer = client.post("/v1/records:score", data=Q10, content_type=TOML)
    assert answer.status_code == 200, answer.json
    (deal,) = answer.json["deals"]
    assert deal["ruling"]["scores"] == {"elder": 11, "younger": 41}
    assert deal["ruling"]["kind"] == "piquet_cards"
    assert (deal["line"], deal["number"], deal["level"]) == (7, 1, "cards")
    assert answer.json["claims_agree"] is True and deal["claims_agree"] is True
    assert deal["roles"] == {"elder": "Bill", "younger": "Ann"}  # Ann deals (Q2)


def test_the_file_ruling_is_the_stateless_ruling(client: FlaskClient) -> None:
    """The same deal posted to /v1/piquet/deals:score gets the very same ruling."""
    record = {
        "dealt": {"elder": "AC KS QS TS 9S 8S KH TH 7H AD TD 8D".split(),
                  "younger": "KC QC TC 9C 8C JS 7S 9H KD QD 9D 7D".split()},
        "talon": "AH JH 8H 7C JD AS QH JC".split(),
        "exchange": {"elder": "KH TH 7H TD 8D".split(), "younger": "QD 9D 7D".split()},
        "declarations": {"elder": {"point": 5, "sets": ["trio:A"]}},
        "tricks": [t.split() for t in
                   "KS AS|KC AC|QS 7S|TS JS|QC 7C|JC 8S|TC JH|9C 8H|8C JD|QH AH|AD KD|9S 9H"
                   .split("|")],
        "claimed": {"elder": 11, "younger": 41},
    }
    alone = client.post("/v1/piquet/deals:score", json=record)
    filed = client.post("/v1/records:score", data=Q10, content_type=TOML)
    assert filed.json["deals"][0]["ruling"] == alone.json


def test_a_claim_that_parts_says_so(client: FlaskClient) -> None:
    answer = client.post("/v1/records:score", data=Q10.replace("younger = 41", "younger = 40"),
                         content_type=TOML)
    assert answer.status_code == 200 and answer.json["claims_agree"] is False


def test_every_bad_deal_is_listed_with_its_line(client: FlaskClient) -> None:
    second = Q10.split("[[deal]]", 1)[1].replace('["TS", "JS"]', '["TS", "J?"]')
    text = Q10.replace('["KS", "AS"]', '["KS", "XX"]') + "\n[[deal]]" + second
    answer = client.post("/v1/records:score", data=text, content_type=TOML)
    assert answer.status_code == 400
    assert answer.content_type == "application/problem+json"
    lines = text.splitlines()
    first = next(n for n, line in enumerate(lines, 1) if '"XX"' in line)
    second_tricks = next(n for n, line in enumerate(lines, 1)
                         if line.startswith("tricks") and n > first)
    assert [(p["deal"], p["line"]) for p in answer.json["problems"]] == [
        (1, first), (2, second_tricks)]
    assert answer.json["problems"][0]["location"].startswith("tricks[0]")


def test_a_card_played_twice_is_not_scorable_with_its_section(client: FlaskClient) -> None:
    answer = client.post("/v1/records:score",
                         data=Q10.replace('["KS", "AS"]', '["KS", "KS"]'), content_type=TOML)
    assert answer.status_code == 422
    assert answer.json["type"].endswith("/record-not-scorable")
    assert all(p["rule"].startswith("Q") and p["deal"] == 1 for p in answer.json["problems"])


def test_not_toml_and_not_utf8_and_not_a_file(client: FlaskClient) -> None:
    broken = client.post("/v1/records:score", data='format = 1\ngame = "piquet\n',
                         content_type=TOML)
    assert broken.status_code == 400 and broken.json["problems"][0]["line"] == 2
    latin = client.post("/v1/records:score", data=b"place = \"caf\xe9\"", content_type=TOML)
    assert latin.status_code == 400
    as_json = client.post("/v1/records:score", json={"format": 1})
    assert as_json.status_code == 415
