"""The page links each rule a ruling cites (referee/web/verdict.js ``rulePath``) where the
rules pages answer it: P and Q sections, the games with more points' V sections and the laws
of Piquet ("PT 54", "PT 59 III"); anything else is shown as text. Run under Node (skipped
without it, except in CI)."""

from __future__ import annotations

from pathlib import Path

from flask.testing import FlaskClient

from tests.web.test_declared import node_answers

DRIVER = Path(__file__).with_name("rule_path_driver.mjs")

CITED = ["Q6", "P10", "V9", "PT 54", "PT 59 III", "PT54", "", "Cavendish", "Q13x", "PT 5 II"]


def test_the_page_links_what_the_rules_pages_answer(bare_client: FlaskClient) -> None:
    paths = node_answers(DRIVER, CITED)  # type: ignore[arg-type]
    assert paths == ["/rules/Q6", "/rules/P10", "/rules/V9", "/rules/PT54", "/rules/PT59III",
                     "/rules/PT54", None, None, None, None]
    for path in filter(None, paths):
        assert bare_client.get(path).status_code == 302, path
