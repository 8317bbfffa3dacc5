"""Why no round can be proposed yet (an event's ``next.waiting``, docs/events.md E3-E7) in
the organiser's language: the same ``code`` and ``section`` in every language, the sentence
worded from the refusal's template (docs/translating.md), English as before."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.api.test_events_http import _bearer, _create, _post

ENGLISH = {
    "round_in_progress": "Table 1 of round 1 has not finished.",
    "manual_movement": "The organiser seats every round of this event.",
}
WORDS = {"fr": "La table 1", "de": "Tisch 1", "pl": "Stół 1"}


def _waiting(client: FlaskClient, url: str, token: str, language: str) -> dict[str, str]:
    shown = client.get(url, headers={**_bearer(token), "Accept-Language": language})
    assert shown.headers["Content-Language"] == language
    waiting: dict[str, str] = shown.get_json()["next"]["waiting"]
    return waiting


@pytest.mark.parametrize("language", ["fr", "de", "pl"])
def test_why_no_round_yet_in_the_organiser_s_language(bare_client: FlaskClient,
                                                      language: str) -> None:
    client = bare_client
    made = _create(client, name="Friday", game="pitch", movement="progressive",
                   players=list("ABCD"), options={"target": 4})
    url, organiser = f"/v1/events/{made['id']}", made["tokens"]["organiser"]
    assert _post(client, url + "/rounds", organiser, {}).status_code == 201
    english = _waiting(client, url, organiser, "en")
    assert english == {"code": "round_in_progress", "section": "E3",
                       "message": ENGLISH["round_in_progress"]}
    said = _waiting(client, url, organiser, language)
    assert (said["code"], said["section"]) == ("round_in_progress", "E3")
    assert said["message"] != english["message"]
    assert said["message"].startswith(WORDS[language]), said["message"]
    manual = _create(client, name="Friday", game="pitch", movement="manual",
                     players=list("AB"), options={"target": 4})
    seated = _waiting(client, f"/v1/events/{manual['id']}", manual["tokens"]["organiser"],
                      language)
    assert seated["code"] == "manual_movement"
    assert seated["message"] not in ENGLISH.values()
