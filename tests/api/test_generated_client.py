"""A client generated from the served document, as an integrator would make it, plays matches.

openapi-python-client generates a Python package from ``GET /openapi.json``; any warning (a
schema it cannot read, a response it drops) fails the test, as the document must describe the
server in types a tool reads. The generated client alone then plays a Piquet partie and a Pitch
hand against the app, in process (httpx's WSGI transport: no network): create with options,
record the Q10 deal (Bill 11, Ann 41), confirm, dispute, settle, read the settlement typed, and
a stale If-Match answered with the typed 412 (README.md, "The API").
"""

from __future__ import annotations

import hashlib
import importlib
import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from flask import Flask

#: The generator as `make setup` installed it, beside this interpreter.
GENERATOR = Path(sys.executable).parent / "openapi-python-client"
PACKAGE = "referee_client"
#: The settings the README gives integrators (api_spec/openapi-python-client.yaml), and no
#: formatter run after generating (the generated code is only imported here).
CONFIG = (Path(__file__).resolve().parents[2] / "api_spec" / "openapi-python-client.yaml"
          ).read_text(encoding="utf-8") + "post_hooks: []\n"

_generated: dict[str, Path] = {}


def generate(document: bytes, where: Path) -> Path:
    """Generate the client package of ``document`` under ``where``; the folder that holds it.
    :raises AssertionError: the generator failed or printed anything but its progress."""
    key = hashlib.sha256(document).hexdigest()
    if key in _generated:
        return _generated[key]
    spec = where / "openapi.json"
    spec.write_bytes(document)
    config = where / "config.yaml"
    config.write_text(CONFIG, encoding="utf-8")
    run = subprocess.run(
        [str(GENERATOR), "generate", "--path", str(spec), "--meta", "none",
         "--config", str(config), "--output-path", str(where / PACKAGE)],
        capture_output=True, text=True, timeout=120, check=False,
    )
    said = [line for line in (run.stdout + run.stderr).splitlines() if line.strip()]
    noise = [line for line in said if not line.startswith("Generating ")]
    assert run.returncode == 0 and not noise, "\n".join(said)
    _generated[key] = where
    return where


@pytest.fixture
def referee_client(app: Flask, tmp_path_factory: pytest.TempPathFactory
                   ) -> Iterator[tuple[ModuleType, Any]]:
    """(the generated package, its Client talking to ``app`` in process)."""
    document = app.test_client().get("/openapi.json").get_data()
    folder = generate(document, tmp_path_factory.mktemp("generated"))
    sys.path.insert(0, str(folder))
    try:
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]
        package = importlib.import_module(PACKAGE)
        client = package.Client(
            base_url="http://referee.test",
            raise_on_unexpected_status=True,
            httpx_args={"transport": httpx.WSGITransport(app=app)},
        )
        yield package, client
    finally:
        sys.path.remove(str(folder))


def operation(name: str) -> ModuleType:
    """The generated module of the operation ``name`` (its operationId, snake case)."""
    for tag in ("matches", "piquet", "pitch", "health", "live"):
        try:
            return importlib.import_module(f"{PACKAGE}.api.{tag}.{name}")
        except ModuleNotFoundError:
            continue
    raise AssertionError(f"no generated operation {name}")


def model(name: str) -> Any:
    return getattr(importlib.import_module(f"{PACKAGE}.models"), name)


def key() -> str:
    return str(uuid.uuid4())


def test_the_generator_reads_the_document_without_a_warning(
        referee_client: tuple[ModuleType, Any]) -> None:
    package, _ = referee_client
    models = importlib.import_module(f"{PACKAGE}.models")
    for name in ("Match", "DealResult", "DealAgreement", "Seats", "StepResult", "Joined",
                 "Problem", "CreatedMatch", "CreatePiquetMatch", "CreatePitchMatch",
                 "PiquetMatchOptions", "PitchMatchOptions", "PiquetOptionsInForce",
                 "PitchOptionsInForce"):
        assert hasattr(models, name), f"{name} was not generated"
    assert json.loads(json.dumps(package.__name__)) == PACKAGE


class Table:
    """One match played through the generated client only: its calls, the write token, and
    the ETag of the last answer (sent back as If-Match)."""

    def __init__(self, package: ModuleType, client: Any, app: Flask, game: str,
                 players: list[str], **options: Any) -> None:
        self.package = package
        # Each game's create and options are models of their own (CreateMatch is their oneOf).
        kind = {"piquet": "Piquet", "pitch": "Pitch"}[game]
        created = operation("create_match").sync_detailed(
            client=client, idempotency_key=key(),
            body=model(f"Create{kind}Match")(
                game=model(f"Create{kind}MatchGame")(game), players=players,
                options=model(f"{kind}MatchOptions").from_dict(options)))
        assert created.status_code == 201, created.content
        match = created.parsed
        assert isinstance(match, model("CreatedMatch"))
        self.id: str = match.id
        self.etag: str = created.headers["ETag"]
        self.client = package.AuthenticatedClient(
            base_url="http://referee.test", token=match.tokens.write,
            raise_on_unexpected_status=True,
            httpx_args={"transport": httpx.WSGITransport(app=app)})

    def write(self, name: str, body: Any, *, status: int = 200, if_match: str | None = None,
              **path: Any) -> Any:
        """Call the write ``name`` with an Idempotency-Key and If-Match (the last ETag, or
        ``if_match``); its parsed answer, of ``status``."""
        answer = operation(name).sync_detailed(
            self.id, client=self.client, body=body, idempotency_key=key(),
            if_match=if_match or self.etag, **path)
        assert answer.status_code == status, answer.content
        if "ETag" in answer.headers and status < 300:
            self.etag = answer.headers["ETag"]
        return answer.parsed

    def match(self) -> Any:
        answer = operation("get_match").sync_detailed(self.id, client=self.client)
        assert answer.status_code == 200, answer.content
        assert answer.headers["ETag"] == self.etag
        return answer.parsed


def test_a_piquet_partie_through_the_generated_client(
        referee_client: tuple[ModuleType, Any], app: Flask) -> None:
    from tests.api.deals import Q10_RECORD

    package, client = referee_client
    table = Table(package, client, app, "piquet", ["Bill", "Ann"],
                  stake="0.10", currency="EUR", first_dealer="Ann")
    options = table.match().options
    assert isinstance(options, model("PiquetOptionsInForce"))
    assert (options.currency, options.stake, options.game.value) == ("EUR", "0.10", "piquet")
    # Q10: Ann deals, Bill is elder: Bill 11, Ann 41 (provisional until confirmed).
    result = table.write("record_deal", model("RecordDeal").from_dict(Q10_RECORD), status=201)
    assert isinstance(result, model("DealResult"))
    assert result.scores.additional_properties == {"Bill": 11, "Ann": 41}
    # The ruling typed: Piquet's on the cards (Q8's counting records in order).
    assert isinstance(result.ruling, model("DealRuling"))
    assert (result.ruling.level.value, result.ruling.scores.elder,
            result.ruling.scores.younger) == ("cards", 11, 41)
    assert result.ruling.counts[0].rule
    assert result.match.provisional == [1]
    confirmed = table.write("confirm_deal", model("Correction")(), deal=1)
    assert confirmed.agreement == "confirmed"
    # A deal's totals, typed: Piquet's per role.
    totals = model("RecordDeal")(totals=model("PiquetTotals")(
        scores=model("RolesNumbers")(elder=30, younger=12)))
    # A stale If-Match: the typed 412, with the match as it stands and its ETag.
    stale = table.write("record_deal", totals, status=412, if_match='"v1"')
    assert isinstance(stale, model("Problem"))
    assert stale.type_.value == "https://referee.example/problems/stale-version"
    assert isinstance(stale.match, model("Match"))
    assert stale.match.deal_number == 2
    # Deal 2 by its totals, disputed, then the dispute taken back and the deal confirmed.
    second = table.write("record_deal", totals, status=201)
    assert isinstance(second.ruling, model("PiquetSheetRuling"))
    assert (second.ruling.level.value, second.ruling.scores.elder) == ("totals", 30)
    disputed = table.write("dispute_deal", model("Dispute")(reason="I count 38"), deal=2)
    assert disputed.agreement == "disputed"
    assert disputed.match.disputed == [2]
    table.write("undo_last_entry", model("Correction")(reason="We agree after all"))
    table.write("confirm_deal", model("Correction")(), deal=2)
    for _ in range(4):
        table.write("record_deal", totals, status=201)
    match = table.match()
    assert match.finished
    settlement = match.settlement
    assert isinstance(settlement, model("MatchSettlement"))
    assert (settlement.currency, settlement.rubiconed) == ("EUR", False)
    totals = {s.name: s.score for s in match.standings}
    # The same partie settled by the stateless ruling (Q9).
    settled = operation("settle_piquet_partie").sync_detailed(
        client=client, body=model("SettleRequest").from_dict(
            {"scores": totals, "stake": "0.10"})).parsed
    assert isinstance(settled, model("Settlement"))
    assert (settled.winner, settled.payment, settled.amount) == (
        settlement.winner, settlement.payment, settlement.amount)


def test_a_pitch_hand_through_the_generated_client(
        referee_client: tuple[ModuleType, Any], app: Flask) -> None:
    package, _ = referee_client
    table = Table(package, referee_client[1], app, "pitch", ["Ann", "Bob", "Cid"],
                  target=7, low="captor")
    options = table.match().options
    assert isinstance(options, model("PitchOptionsInForce"))
    assert (options.target, options.low.value, options.game.value) == (7, "captor", "pitch")
    # A game with more points (V12, V13): its options typed, the variant's row filled in.
    ten = Table(package, referee_client[1], app, "pitch", ["Ann", "Bob", "Cid"],
                variant="ten_point", play="follow_suit").match().options
    assert (ten.variant.value, ten.play.value, ten.max_bid, [p.value for p in ten.points]) == (
        "ten_point", "follow_suit", 10,
        ["high", "low", "jack", "off_jack", "big_joker", "little_joker", "three", "ten"])
    # Hand 1, Ann deals: Bob pitches a 2 and takes High, Low and Game: +3 (P5, P6).
    sheet = model("Sheet")(pitcher=1, bid=2, high=1, low=1, jack=None, game=1)
    first = table.write("record_deal", model("RecordDeal")(sheet=sheet), status=201)
    assert first.scores.additional_properties == {"Ann": 0, "Bob": 3, "Cid": 0}
    # The ruling typed: Pitch's on a sheet, per seat (P5, P6).
    assert isinstance(first.ruling, model("PitchSheetRuling"))
    assert (first.ruling.level.value, first.ruling.scores) == ("sheet", [0, 3, 0])
    assert table.write("confirm_deal", model("Correction")(), deal=1).agreement == "confirmed"
    # Hand 2 by its totals, disputed with a claim of its own.
    second = table.write("record_deal", model("RecordDeal")(totals=model("Totals")(
        scores=[1, 0, 3], pitcher=2, bid=2)), status=201)
    assert isinstance(second.ruling, model("TotalsRuling"))
    assert second.ruling.pitcher == 2
    disputed = table.write("dispute_deal", model("Dispute").from_dict(
        {"reason": "Ann did not take Low", "claim": {
            "totals": {"scores": [0, 0, 3], "pitcher": 2, "bid": 2}}}), deal=2)
    assert (disputed.agreement, disputed.match.disputed) == ("disputed", [2])
    assert {s.name: s.agreed for s in table.match().standings} == {"Ann": 0, "Bob": 3, "Cid": 0}
    # A stale If-Match is the typed 412.
    stale = table.write("undo_last_entry", model("Correction")(reason="x"), status=412,
                        if_match='"v2"')
    assert stale.type_.value.endswith("/stale-version")
    assert stale.match.disputed == [2]
    # The ledger's rulings typed too: each hand's by its level.
    ledger = operation("get_ledger").sync_detailed(table.id, client=table.client).parsed
    assert [type(item.ruling).__name__ for item in ledger.items] == [
        "PitchSheetRuling", "TotalsRuling"]


def test_a_ten_point_hand_through_the_generated_client(
        referee_client: tuple[ModuleType, Any]) -> None:
    """V14.3 (docs/rules/pitch-variants.md) through the generated client alone: the options
    of the game, jokers and folds in the tricks, the awards at their values, typed; then the
    same hand as the table's score-sheet line naming the game's points."""
    from tests.pitch.test_variant_sheet import V14_3_LINE
    from tests.pitch.test_variants import V14_3, V14_3_OPTIONS

    _, client = referee_client
    body = model("HandRequest").from_dict({"players": 4, "partnership": True, **V14_3,
                                           "options": V14_3_OPTIONS})
    answer = operation("score_pitch_hand").sync_detailed(client=client, body=body)
    assert answer.status_code == 200, answer.content
    ruling = answer.parsed
    assert isinstance(ruling, model("HandRuling"))
    assert (ruling.variant, ruling.score_changes) == ("ten_point", [3, 7])
    assert (ruling.points.three.card, ruling.points.three.side) == ("3D", 1)
    assert ruling.tricks[3].cards == ["JD", None, "8D", None]
    body = model("PitchSheetRequest").from_dict({"players": 4, "partnership": True,
                                                 "sheet": V14_3_LINE,
                                                 "options": V14_3_OPTIONS})
    sheet = operation("score_pitch_sheet").sync_detailed(client=client, body=body).parsed
    assert isinstance(sheet, model("PitchSheetRuling"))
    assert (sheet.variant, sheet.score_changes) == ("ten_point", [3, 7])
    assert sheet.points.off_jack.side == 1
