"""Record files on the table page (docs/format.md): "Open a record" on the home screen rules a
file or imports it as a new match; "Download the record" on the Score tab gives the match's
file. The Q10 file of examples/: Bill 11, Ann 41."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.sheet import axe_violations, shots
from tests.e2e.table import SETTLED, scores

pytestmark = pytest.mark.e2e

Q10 = Path(__file__).resolve().parents[2] / "examples" / "q10.toml"


def _open(page: Any, path: Path) -> None:
    page.set_input_files("#record-file-input", str(path))
    page.wait_for_selector("#rule-record:not([disabled])")


def test_open_a_record_rule_it_import_it_and_download_it(served: str, phone: Any,
                                                          tmp_path: Path) -> None:
    phone.goto(served + "/table/")
    _open(phone, Q10)
    phone.click("#rule-record")
    phone.wait_for_selector("#record-ruled li")
    assert phone.inner_text("#record-ruled") == \
        "deal 1 (cards): Bill 11, Ann 41 — the claim agrees"
    assert axe_violations(phone, "#open-record") == []

    bad = tmp_path / "bad.toml"
    bad.write_text(Q10.read_text().replace('["KS", "AS"]', '["KS", "XX"]'))
    _open(phone, bad)
    phone.click("#rule-record")
    phone.wait_for_selector("#record-answer .problems li")
    assert phone.inner_text("#record-answer .problems li").startswith("bad.toml:10: (deal 1) ")

    _open(phone, Q10)
    phone.click("#import-record")
    phone.wait_for_selector("#match:not([hidden]) #turn[data-action]")
    phone.wait_for_selector(SETTLED, state="attached")
    assert scores(phone) == {"Bill": 11, "Ann": 41}
    phone.click("button[data-tab=score]")
    with phone.expect_download() as waiting:
        phone.click("#download-record")
    download = waiting.value
    assert download.suggested_filename.startswith("piquet-")
    text = Path(download.path()).read_text(encoding="utf-8")
    assert 'players = ["Bill", "Ann"]' in text and "ledger_head = " in text
    assert "claimed" in text and 'dealer = "Ann"' in text
    phone.wait_for_selector("#download-note:has-text('downloaded')")
    shots(phone, "records-download")


def test_a_file_that_breaks_the_rules_is_imported_disputed_on_request(
        served: str, phone: Any, tmp_path: Path) -> None:
    """Import refused for the rules: every refused deal listed, and the page offers the
    import with those deals disputed (?violations=dispute); taken, the match opens with the
    deals disputed."""
    from tests.records.test_import_violations import partie

    broken = tmp_path / "broken.toml"
    broken.write_text(partie())
    phone.goto(served + "/table/")
    _open(phone, broken)
    phone.click("#import-record")
    phone.wait_for_selector("#import-disputed")
    listed = phone.locator("#record-answer .problems li").all_inner_texts()
    assert [line.split(" ")[1:3] for line in listed] == [["(deal", "2)"], ["(deal", "4)"]]
    assert axe_violations(phone, "#open-record") == []
    phone.click("#import-disputed")
    phone.wait_for_selector("#match:not([hidden]) #turn[data-action]")
    phone.wait_for_selector("[data-disputed='2']", state="attached")
    phone.wait_for_selector("[data-disputed='4']", state="attached")
    assert "without following suit" in phone.inner_text("[data-disputed='2']")
