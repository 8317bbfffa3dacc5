"""The rules in the project: docs/ served as HTML at /rules/, every section cited
by the code stated there, and every violation linking its section (``rule_url``)."""

from __future__ import annotations

import re
from pathlib import Path

from flask.testing import FlaskClient

from referee.api import rules
from referee.violations import Violation
from tests.api.test_piquet_http import Q10_TRICKS, full_q10

ROOT = Path(__file__).resolve().parents[2]
#: The cases of the laws of Piquet (Cavendish's Cases I-XXII).
CASES = ("I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI "
         "XXII").split()
SECTIONS = ([f"P{n}" for n in range(1, 11)] + [f"Q{n}" for n in range(1, 13)]
            + [f"V{n}" for n in range(1, 16)])


def test_a_section_leads_to_its_text(bare_client: FlaskClient) -> None:
    found = bare_client.get("/rules/Q6")
    assert found.status_code == 302
    assert found.headers["Location"] == "/rules/piquet#Q6"
    page = bare_client.get("/rules/Q6", follow_redirects=True)
    assert page.status_code == 200 and page.mimetype == "text/html"
    text = page.get_data(as_text=True)
    assert '<h2 id="Q6">Q6 The play</h2>' in text
    assert "must follow suit when he can" in text  # Q6's text, not just its title
    assert "<script" not in text
    assert "default-src 'none'" in page.headers["Content-Security-Policy"]
    assert bare_client.get("/rules/q6").headers["Location"] == "/rules/piquet#Q6"
    assert bare_client.get("/rules/P4").headers["Location"] == "/rules/pitch#P4"


def test_every_section_has_its_anchor_in_its_page(bare_client: FlaskClient) -> None:
    assert sorted(rules.sections(), key=lambda s: (s[0], int(s[1:]))) == SECTIONS
    for number in SECTIONS:
        where = bare_client.get(f"/rules/{number}").headers["Location"]
        page, anchor = where.split("#")
        assert anchor == number
        assert f'id="{number}"' in bare_client.get(page).get_data(as_text=True), number


def test_the_pages_and_their_contents(bare_client: FlaskClient) -> None:
    contents = bare_client.get("/rules/")
    assert contents.status_code == 200
    text = contents.get_data(as_text=True)
    for name in ("pitch", "piquet", "irregularities", "pitch-variants", "laws-of-piquet",
                 "records"):
        assert f'href="/rules/{name}"' in text
        page = bare_client.get(f"/rules/{name}")
        assert page.status_code == 200, name
        assert bare_client.get(f"/rules/{name}", headers={
            "If-None-Match": page.headers["ETag"]}).status_code == 304
    for number in SECTIONS:
        assert f'#{number}"' in text, number
    assert bare_client.get("/rules").status_code == 308
    records = bare_client.get("/rules/records").get_data(as_text=True)
    for kind in ("match_created", "deal_scored", "undo", "deal_voided", "deal_amended"):
        assert f"<code>{kind}</code>" in records


def test_an_unknown_section_is_a_404_problem(bare_client: FlaskClient) -> None:
    for name in ("Q13", "P0", "X1", "rules.md", "V16", "V14.1", "PT79", "PT0", "PT54 II",
                 "PT-case-XXIII"):
        answer = bare_client.get(f"/rules/{name}")
        assert answer.status_code == 404, name
        assert answer.mimetype == "application/problem+json"
        assert "Q1-Q12" in answer.get_json()["detail"]


def test_every_section_the_code_cites_is_in_the_docs() -> None:
    cited = set()
    for path in (ROOT / "referee").rglob("*.py"):
        cited |= set(re.findall(r'"([PQ][0-9]{1,2})"', path.read_text(encoding="utf-8")))
    assert cited, "the engines cite their sections"
    assert cited <= set(rules.sections()), cited - set(rules.sections())
    docs = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs").rglob("*.md"))
    for number in SECTIONS:
        assert re.search(rf"^## {number} ", docs, re.M), number


def test_the_docs_ship_in_the_package() -> None:
    assert (rules.DOCS_DIR / "rules" / "piquet.md").is_file()
    assert (rules.DOCS_DIR / "records.md").is_file()
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"docs/*.md", "docs/rules/*.md"' in pyproject
    assert "COPY docs ./docs" in (ROOT / "Dockerfile").read_text(encoding="utf-8")


def test_a_violation_links_its_section() -> None:
    assert Violation("revoke", "Q6", "m", "tricks[2][1]").as_dict() == {
        "code": "revoke", "rule": "Q6", "message": "m", "location": "tricks[2][1]",
        "rule_url": "/rules/Q6",
    }
    assert Violation("bad_option", "", "m").as_dict()["rule_url"] is None


def test_a_refusal_from_a_match_links_its_rule(client: FlaskClient) -> None:
    created = client.post("/v1/matches", json={"game": "piquet", "players": ["Bill", "Ann"]})
    match_id = created.get_json()["id"]
    # Bill is elder and leads: Ann may not play first.
    refused = client.post(f"/v1/matches/{match_id}/events",
                          json={"type": "card", "card": "KS", "player": "Ann"})
    assert refused.status_code == 422
    violation = refused.get_json()["violations"][0]
    assert violation["rule"] == "Q6" and violation["rule_url"] == "/rules/Q6"
    assert client.get(violation["rule_url"]).status_code == 302


def test_a_ruling_links_its_violations(client: FlaskClient) -> None:
    body = full_q10()
    tricks = [list(t) for t in Q10_TRICKS]
    tricks[2] = ["QS", "9H"]  # Ann does not follow to the ♠Q: a revoke (Q6)
    tricks[11] = ["9S", "7S"]
    body["tricks"] = tricks
    ruling = client.post("/v1/piquet/deals:score", json=body).get_json()
    revokes = [v for v in ruling["violations"] if v["code"] == "revoke"]
    assert revokes and revokes[0]["rule_url"] == "/rules/Q6"


def test_the_api_document_describes_rule_url(client: FlaskClient) -> None:
    schema = client.get("/openapi.json").get_json()["components"]["schemas"]["Violation"]
    assert "rule_url" in schema["properties"]


def test_every_table_option_is_in_the_docs() -> None:
    from referee.api.option_schemas import PiquetOptionsSchema, PitchOptionsSchema
    from referee.api.piquet_schemas import DealOptionsSchema

    pitch = "".join((ROOT / "docs" / "rules" / name).read_text(encoding="utf-8")
                    for name in ("pitch.md", "pitch-variants.md"))  # V13: the variants' options
    piquet = (ROOT / "docs" / "rules" / "piquet.md").read_text(encoding="utf-8")
    for name in PitchOptionsSchema().fields:
        assert f"`{name}`" in pitch, name
    for name in {*PiquetOptionsSchema().fields, *DealOptionsSchema().fields}:
        assert f"`{name}`" in piquet, name


def test_every_ledger_event_kind_is_in_the_records_page() -> None:
    from referee.match import events

    kinds = set(re.findall(r"``([a-z_]+)`` \{", events.__doc__ or ""))
    assert {"match_created", "card", "deal_scored", "undo"} <= kinds
    records = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    for kind in kinds:
        assert f"| `{kind}` |" in records, kind


def test_a_law_of_piquet_leads_to_its_row(bare_client: FlaskClient) -> None:
    """A law as a ruling cites it ("PT 54", "PT 59 III") opens its row of the laws' page, and
    a case its line; every law 1-78, the parts of law 59 and the cases have their anchor."""
    for cited, anchor in [("PT54", "PT54"), ("PT 54", "PT54"), ("pt 59 iii", "PT59-III"),
                          ("PT59-IV", "PT59-IV"), ("PT-case-XXI", "PT-case-XXI"),
                          ("PT-case-XVI", "PT-case-XV")]:  # "XV, XVI" share a line
        found = bare_client.get(f"/rules/{cited}")
        assert found.status_code == 302, cited
        assert found.headers["Location"] == f"/rules/laws-of-piquet#{anchor}", cited
    asked = bare_client.get("/rules/PT54?lang=fr").headers["Location"]
    assert asked == "/rules/laws-of-piquet?lang=fr#PT54"
    page = bare_client.get("/rules/laws-of-piquet").get_data(as_text=True)
    rows = rules.row_anchors(page)
    assert len(rows) == len(set(rows))
    assert set(rows) == ({f"PT{n}" for n in range(1, 79)}
                         | {f"PT59-{p}" for p in ("I", "II", "III", "IV", "V")}
                         | {f"PT-case-{c}" for c in CASES if c != "XVI"})
    assert '<tr id="PT54">\n<td>54</td>' in page


def test_a_variant_s_section_is_linked_and_served(bare_client: FlaskClient) -> None:
    """V9 (the games with more points' bidding) is a section like P3: a violation citing it
    links a page that has it."""
    assert Violation("bid_too_high", "V9", "m").rule_url == "/rules/V9"
    assert Violation("false_call", "PT 54", "m").rule_url == "/rules/PT54"
    where = bare_client.get("/rules/V9").headers["Location"]
    assert where == "/rules/pitch-variants#V9"
    page = bare_client.get("/rules/pitch-variants").get_data(as_text=True)
    assert '<h2 id="V9">V9 Bidding</h2>' in page
    assert 'id="V14"' in page and 'id="V14.1"' not in page
