"""The last deal of a match on the table page (README "Agreement"): recorded from one phone for
everyone it confirms itself as the match ends, and the result is final; with seats, the
result is provisional until the other side confirms, and the Score tab says so with the
Confirm button on the phones GET …/me says may confirm — and on no other."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from tests.e2e.conftest import api_get
from tests.e2e.sheet import Taps, axe_violations, record, shots
from tests.e2e.table import match_id, scores, start_match, turn, write_token
from tests.e2e.test_table_agree import join, phones, seat_links  # noqa: F401  (a fixture)

pytestmark = pytest.mark.e2e


def confirm_buttons(page: Any) -> list[int]:
    """The deals the Score tab offers this phone to confirm."""
    return [int(b.get_attribute("data-confirm-result"))
            for b in page.locator("#provisional-result [data-confirm-result]").all()]


def test_a_pitch_match_recorded_on_one_phone_ends_final(served: str, phone: Any) -> None:
    """Hand 1 (Ann deals): Bob bids 4 and takes all four points; hand 2, just the totals: Bob
    +4 as the pitcher, 8: he wins the match (P7). No hand is left to confirm."""
    start_match(phone, served, "pitch", ["Ann", "Bob", "Cid"], entry="sheet")
    taps = Taps(phone)
    for field, value in [("bid", 4), ("bid", "pass"), ("bid", "pass"), ("high", 1),
                         ("low", 1), ("jack", 1), ("game", 1)]:
        taps.pick(field, value)
    record(taps)
    # Hand 1 confirms itself as hand 2 starts: nothing waits for this phone, and it shows
    # no Confirm button.
    mid = match_id(phone)
    me = api_get(served, f"/v1/matches/{mid}/me", write_token(phone, mid))
    assert me["to_confirm"] == [] and phone.locator("[data-answer]").count() == 0
    phone.click("#entry-totals")
    for seat, points in enumerate([0, 4, 0]):
        phone.fill(f'#sheet [data-total="{seat}"]', str(points))
    phone.select_option("#sheet select[name=pitcher]", "1")
    record(Taps(phone))
    assert scores(phone) == {"Ann": 0, "Bob": 8, "Cid": 0}
    assert turn(phone) == "The match is over: Bob wins."
    phone.click("button[data-tab=score]")
    phone.wait_for_selector('#ledger tr[data-deal="2"][data-agreement]')
    rows = phone.locator("#ledger tr[data-deal]")
    assert [r.get_attribute("data-agreement") for r in rows.all()] == ["confirmed"] * 2
    assert "to confirm" not in phone.inner_text("#ledger")
    assert phone.inner_text("#settlement-box") == "Bob wins the match."
    assert phone.locator("#provisional-result").count() == 0
    me = api_get(served, f"/v1/matches/{mid}/me", write_token(phone, mid))
    assert me["to_confirm"] == [] == confirm_buttons(phone)
    assert phone.locator("[data-answer]").count() == 0
    shots(phone, "last-deal-pitch-final")
    assert not axe_violations(phone)


def _post(base: str, path: str, token: str, body: dict[str, Any]) -> Any:
    """POST to the API behind the pages' backs (as a seat's phone would), with If-Match."""
    auth = {"Authorization": "Bearer " + token}
    with urllib.request.urlopen(urllib.request.Request(base + path.rsplit("/", 1)[0],
                                                       headers=auth), timeout=10) as read:
        etag = read.headers["ETag"]
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), method="POST",
        headers={**auth, "If-Match": etag, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def _token(link: str) -> str:
    found = re.search(r"token=([^&]+)", link)
    assert found, link
    return found.group(1)


def test_with_seats_the_other_side_confirms_the_last_deals_on_the_score_tab(
    served: str, phone: Any, phones: Any  # noqa: F811  (the fixture imported above)
) -> None:
    """Bill's phone enters the whole partie as totals (odd deals elder 30, younger 12; even
    deals elder 11, younger 41: Bill 213, Ann 69). Ann's phone is asked to confirm all six
    deals; until it has, the settlement is provisional."""
    start_match(phone, served, "piquet", ["Bill", "Ann"], entry="sheet")
    links = seat_links(phone)
    ann, bill = phones(), phones()
    join(ann, links["Ann"])
    join(bill, links["Bill"])
    mid = match_id(phone)
    for number in range(1, 7):
        line = ({"elder": 30, "younger": 12} if number % 2 else {"elder": 11, "younger": 41})
        _post(served, f"/v1/matches/{mid}/deals", _token(links["Bill"]),
              {"totals": {"scores": line}})
    message = "Provisional until deals 1, 2, 3, 4, 5 and 6 are confirmed, from Ann's phone."
    for page, token, may in [(ann, _token(links["Ann"]), [1, 2, 3, 4, 5, 6]),
                             (bill, _token(links["Bill"]), []),
                             (phone, write_token(phone, mid), [])]:
        page.wait_for_selector("#scoreline [data-score=Bill]:text-is('213')")
        assert page.text_content("#turn .line") == "The match is over: Bill wins (provisional)."
        page.click("button[data-tab=score]")
        page.wait_for_selector("#provisional-result")
        assert page.inner_text("#provisional-result").splitlines()[0] == message
        assert "Bill wins the partie." in page.inner_text("#settlement-box")
        if may:
            page.wait_for_selector("#provisional-result [data-confirm-result]")
        me = api_get(served, f"/v1/matches/{mid}/me", token)
        assert me["to_confirm"] == may == confirm_buttons(page)
    shots(ann, "last-deal-provisional")
    assert not axe_violations(ann)

    for number in range(1, 7):
        before = ann.get_attribute("body", "data-version")
        ann.click(f'#provisional-result [data-confirm-result="{number}"]')
        ann.wait_for_selector(f'body:not([data-version="{before}"])[data-busy=false]',
                              state="attached")
    ann.wait_for_selector("#provisional-result", state="detached")
    assert "Bill wins the partie." in ann.inner_text("#settlement-box")
    ann.wait_for_selector('#ledger tr[data-deal="6"][data-agreement="confirmed"]')
    assert ann.text_content("#turn .line") == "The match is over: Bill wins."
    bill.wait_for_selector("#provisional-result", state="detached")
    assert api_get(served, f"/v1/matches/{mid}/me", _token(links["Ann"]))["to_confirm"] == []
    assert not axe_violations(ann)
