"""The play screen's "declared:" line (referee/web/declared.js) in each language: a Piquet
declaration (Q5) worded from its codes — a point's cards and pips, a sequence's name, top card
and suit, a set's kind and rank, carte blanche, "best" — with the page's catalog, as a phone of
that language reads it; words a player typed himself shown as he wrote them. Run under Node
as the page serves the modules (skipped without Node, except in CI)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from referee.i18n.page import catalog_json

DRIVER = Path(__file__).with_name("declared_driver.mjs")

#: Declarations as a deal record holds them: the declaration form's codes, the structured
#: forms, "best", and words a player typed (kept).
CASES: list[Any] = [
    {"point": 5, "sequence": "quint", "sets": ["trio:A", "quatorze:K"]},
    {"point": {"cards": 6, "pips": 57}, "sequence": "quart:Q", "carte_blanche": True},
    {"sequence": [{"length": 3, "top": "K", "suit": "C"}], "sets": [{"count": 4, "rank": "T"}]},
    "best",
    {},
    {"sequence": "quart major, tierce to the ten", "sets": ["three kings"]},
]


def node_answers(driver: Path, given: dict[str, Any]) -> list[str]:
    """What the Node ``driver`` writes for ``given`` (sent as JSON on its stdin)."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run the page's modules under Node: node is missing",
                        pytrace=False)
        pytest.skip("node is missing (the page's modules run under Node)")
    done = subprocess.run([node, str(driver)], input=json.dumps(given), capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    answers: list[str] = json.loads(done.stdout)
    return answers


def _declared(locale: str) -> list[str]:
    return node_answers(DRIVER, {"locale": locale, "cases": CASES,
                                 "messages": catalog_json(locale)["messages"]})


EXPECTED = {
    "en": ["point of 5, quint, trio of aces, quatorze of kings",
           "carte blanche, point of 6, 57, quart to the queen",
           "tierce to the king in clubs, quatorze of tens",
           "his best", "", "quart major, tierce to the ten, three kings"],
    "fr": ["point de 5, quinte, brelan d'as, quatorze de rois",
           "carte blanche, point de 6, 57, quatrième à la dame",
           "tierce au roi à trèfle, quatorze de dix",
           "le meilleur de son jeu", "", "quart major, tierce to the ten, three kings"],
    "de": ["Point von 5, Quinte, Trio Asse, Quatorze Könige",
           "Carte blanche, Point von 6, 57, Quarte bis zur Dame",
           "Kreuz-Tierce bis zum König, Quatorze Zehnen",
           "das Beste seines Blatts", "", "quart major, tierce to the ten, three kings"],
    "pl": ["point z 5, quinte, trio asów, quatorze króli",
           "carte blanche, point z 6, 57, quarte do damy",
           "tierce do króla w trefl, quatorze dziesiątek",
           "najlepszy możliwy układ", "", "quart major, tierce to the ten, three kings"],
}


@pytest.mark.parametrize("locale", ["en", "fr", "de", "pl"])
def test_a_declaration_reads_in_the_phone_s_language(locale: str) -> None:
    assert _declared(locale) == EXPECTED[locale]
