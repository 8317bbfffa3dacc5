"""The one write path, driven at random (hypothesis RuleBasedStateMachine) through the API:
steps legal and illegal, whole deals, undos, voids, amends, stale phones and retries with the
same Idempotency-Key, on a Piquet or a Pitch match. After every rule the match the API
serves equals a fresh replay of its stored events, and its chain verifies (on SQLite, and
on PostgreSQL when DATABASE_URL names one: the suite runs there too).
"""

from __future__ import annotations

import json
import random
import uuid
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from referee.api import view_schemas as s
from referee.api.match_views import state_dict
from referee.cards import FULL_PACK, PIQUET_PACK, card_name
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import replay
from tests.api.deals import (
    BOB_SET_BACK_HANDS,
    BOB_SET_BACK_TRICKS,
    full_log,
    random_piquet_record,
)

SETTINGS = settings(
    max_examples=12,
    stateful_step_count=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


class WritePath(RuleBasedStateMachine):
    """One match, written to the way phones do (and mis-do)."""

    app: Flask
    #: Answers seen, by status (the test checks the machine wrote, and was refused, a lot).
    seen: dict[int, int]

    def __init__(self) -> None:
        super().__init__()
        self.client: FlaskClient = self.app.test_client()
        self.match_id = ""
        self.headers: dict[str, str] = {}
        self.etag = '"v1"'
        self.stale: list[str] = []
        self.last: tuple[str, dict[str, Any], dict[str, str], Any] | None = None

    # ------------------------------------------------------------------------- helpers

    @initialize(game=st.sampled_from(["piquet", "pitch"]))
    def create(self, game: str) -> None:
        players = ["Bill", "Ann"] if game == "piquet" else ["Ann", "Bob", "Cid"]
        created = self.client.post("/v1/matches", json={"game": game, "players": players},
                                   headers={"Idempotency-Key": str(uuid.uuid4())})
        assert created.status_code == 201, created.json
        self.game = game
        self.match_id = created.json["id"]
        self.headers = {"Authorization": "Bearer " + created.json["tokens"]["write"]}
        self.etag = created.headers["ETag"]

    def match(self) -> dict[str, Any]:
        read = self.client.get(f"/v1/matches/{self.match_id}", headers=self.headers)
        assert read.status_code == 200, read.json
        return read.json

    def write(self, path: str, body: dict[str, Any], if_match: str | None = None) -> Any:
        """POST with the current ETag and a fresh Idempotency-Key; remembered for a retry."""
        headers = {**self.headers, "If-Match": if_match or self.etag,
                   "Idempotency-Key": str(uuid.uuid4())}
        url = f"/v1/matches/{self.match_id}{path}"
        before = self.etag
        answer = self.client.post(url, json=body, headers=headers)
        assert answer.status_code in (200, 201, 412, 422), (path, body, answer.json)
        self.seen[answer.status_code] = self.seen.get(answer.status_code, 0) + 1
        if answer.status_code < 300:
            self.stale.append(before)
            self.etag = answer.headers["ETag"]
        else:
            assert self.match()["version"] == int(self.etag.strip('"v')), "a refusal stored"
        self.last = (url, body, headers, answer)
        return answer

    # --------------------------------------------------------------------------- rules

    @rule(data=st.data(), legal=st.sampled_from([True, True, True, False]))
    def step(self, data: st.DataObject, legal: bool) -> None:
        match = self.match()
        nxt = match["next"]
        if nxt["action"] == "none":
            return
        if nxt["action"] == "bid":
            calls = [c for c in nxt["legal_calls"] if c != "pitch"] if legal else []
            call = data.draw(st.sampled_from(calls or ["pass", 2, 3, 4, 9]))
            self.write("/events", {"type": "bid", "call": call})
            return
        pack = PIQUET_PACK if self.game == "piquet" else FULL_PACK
        cards = (nxt["legal_cards"] if legal else None) or [card_name(c) for c in pack]
        self.write("/events", {"type": "card", "card": data.draw(st.sampled_from(cards))})

    @rule(seed=st.integers(0, 10_000))
    def whole_deal(self, seed: int) -> None:
        if self.game == "piquet":
            record: dict[str, Any] = random_piquet_record(seed)
        else:
            record = {"hands": BOB_SET_BACK_HANDS, "bids": ["pass", 2, "pass"],
                      "tricks": BOB_SET_BACK_TRICKS}
        self.write("/deals", record)

    @rule()
    def undo(self) -> None:
        self.write("/undo", {"reason": "slip"})

    @rule(pick=st.integers(0, 10))
    def void(self, pick: int) -> None:
        self.write(f"/deals/{pick}/void", {"reason": "misdeal"})

    @rule(pick=st.integers(1, 4), seed=st.integers(0, 10_000))
    def amend(self, pick: int, seed: int) -> None:
        deals = self.client.get(f"/v1/matches/{self.match_id}/ledger",
                                headers=self.headers).json["items"]
        live = [d for d in deals if d["status"] == "live"]
        if not live:
            return
        entry = live[pick % len(live)]
        record = random_piquet_record(seed) if self.game == "piquet" else entry["record"]
        self.write(f"/deals/{entry['deal']}/amend", {"reason": "wrong card", "record": record})

    @rule()
    def retry_last(self) -> None:
        """The same request with the same key again (its answer was lost): the same answer
        and nothing stored twice."""
        if self.last is None:
            return
        url, body, headers, first = self.last
        version = self.match()["version"]
        again = self.client.post(url, json=body, headers=headers)
        assert again.status_code == first.status_code
        if first.status_code < 300:
            assert again.get_data() == first.get_data()
            assert again.headers["Idempotent-Replayed"] == "true"
        assert self.match()["version"] == version

    @rule(back=st.integers(1, 3))
    def stale_phone(self, back: int) -> None:
        """A phone that has not seen the last writes is told (412), not obeyed."""
        if len(self.stale) < back:
            return
        version = self.match()["version"]
        answer = self.client.post(f"/v1/matches/{self.match_id}/undo", json={},
                                  headers={**self.headers, "If-Match": self.stale[-back]})
        assert answer.status_code == 412
        assert answer.json["match"]["version"] == version
        assert self.match()["version"] == version

    # ---------------------------------------------------------------------- invariants

    @invariant()
    def served_is_a_fresh_replay_and_the_chain_verifies(self) -> None:
        if not self.match_id:
            return
        served = self.match()
        events = [Event(e["seq"], e["kind"], e["payload"], e["actor"], e["hash"])
                  for e in self.client_log()]
        fresh = json.loads(json.dumps(
            s.MatchSchema().dump(state_dict(self.match_id, replay(events, GAMES)))))
        assert served == fresh
        assert served["head"] == {"seq": events[-1].seq, "hash": events[-1].hash}
        check = self.client.get(f"/v1/matches/{self.match_id}/verify", headers=self.headers,
                                query_string={"head": f"{events[-1].seq}:{events[-1].hash}"})
        assert check.json["intact"] is True, check.json
        assert check.json["known_head"]["status"] == "same"

    def client_log(self) -> list[dict[str, Any]]:
        self.client.environ_base["HTTP_AUTHORIZATION"] = self.headers["Authorization"]
        try:
            return full_log(self.client, self.match_id)
        finally:
            self.client.environ_base.pop("HTTP_AUTHORIZATION", None)


@pytest.mark.slow
def test_random_writes_keep_the_match_a_replay_of_a_verified_ledger(app: Flask) -> None:
    random.seed(12)  # random_piquet_record seeds its own; nothing else is random
    seen: dict[int, int] = {}
    machine = type("WritePathOnThisApp", (WritePath,), {"app": app, "seen": seen})
    run_state_machine_as_test(machine, settings=SETTINGS)
    assert seen.get(201, 0) > 40 and seen.get(422, 0) > 10 and seen.get(200, 0) > 5, seen
