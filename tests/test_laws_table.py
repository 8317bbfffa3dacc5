"""docs/rules/laws.md against the laws and the tests it names: a row for every law of
docs/rules/laws-of-piquet.md and every Pitch irregularity, every test it names exists, and the
README's rules section gives the figures the table gives (laws a record can show / recorded /
ruled right / announced right, for each game)."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAWS = ROOT / "docs" / "rules" / "laws.md"
CHECKLIST = ROOT / "docs" / "rules" / "laws-of-piquet.md"
README = ROOT / "README.md"
COLUMNS = ["law", "shows", "recorded", "ruled", "announced", "how", "rules", "option", "test"]
FIGURES = re.compile(
    r"Piquet laws a record can show / recorded / ruled right / announced right: "
    r"(\d+) / (\d+) / (\d+) / (\d+); Pitch irregularities the same: "
    r"(\d+) / (\d+) / (\d+) / (\d+)".replace(" ", r"\s+"))


def rows(game: str) -> list[dict[str, str]]:
    """The rows of the table under ``## <game>`` in docs/rules/laws.md, by column."""
    text = LAWS.read_text(encoding="utf-8")
    section = text.split(f"\n## {game}\n", 1)[1].split("\n## ", 1)[0]
    found = []
    for line in section.splitlines():
        if not line.startswith("| ") or line.startswith("| law ") or \
                line.startswith("| irregularity "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        assert len(cells) == len(COLUMNS), line
        found.append(dict(zip(COLUMNS, cells, strict=True)))
    return found


def figures(game: str) -> tuple[int, int, int, int]:
    """(a record can show, recorded, ruled right, announced right) counted from the table."""
    table = rows(game)
    return (sum(r["shows"] == "yes" for r in table),
            sum(r["recorded"] == "yes" for r in table),
            sum(r["ruled"] == "yes" for r in table),
            sum(r["announced"] == "yes" for r in table))


@cache
def functions(path: Path) -> frozenset[str]:
    """The module-level function names of a test file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return frozenset(n.name for n in tree.body if isinstance(n, ast.FunctionDef))


def node_ids(cell: str) -> list[str]:
    return re.findall(r"`([^`]+::[^`]+)`", cell)


def test_every_law_of_the_checklist_has_a_row() -> None:
    """PT 1–78 and PT 59 I–V, in the checklist's order."""
    checklist = [f"PT {m}" for m in re.findall(r"^\| (\d+(?: [IVX]+)?) \|",
                                                 CHECKLIST.read_text(encoding="utf-8"), re.M)]
    assert len(checklist) == 83
    assert [r["law"] for r in rows("Piquet")] == checklist


def test_every_pitch_irregularity_has_a_row() -> None:
    """The irregularities of P10, the misdeal, the lead out of turn and the wrong number of
    cards each split in two: eleven."""
    names = [r["law"] for r in rows("Pitch")]
    assert len(names) == len(set(names)) == 11
    p10 = (ROOT / "docs/rules/irregularities.md").read_text(encoding="utf-8")
    p10 = p10.split("## P10", 1)[1].split("## Q12", 1)[0]
    for bold in re.findall(r"^\| \*\*([^*]+)\*\*", p10, re.M):
        word = bold.split()[0 if not bold.startswith("A ") else 2]
        assert any(word.lower() in n.lower() for n in names) or bold.startswith("Wrong"), bold


@pytest.mark.parametrize("game", ["Piquet", "Pitch"])
def test_every_row_is_consistent_and_names_tests_that_exist(game: str) -> None:
    """A row a record cannot show says why; one it can show says whether it is recorded,
    ruled and announced; ruled or announced right needs recorded; recorded needs a test;
    every test named exists (its file and its function)."""
    for row in rows(game):
        where = row["law"]
        assert row["how"] not in ("", "—"), where
        if row["shows"] == "no":
            assert (row["recorded"], row["ruled"], row["announced"]) == ("—", "—", "—"), where
        else:
            assert row["shows"] == "yes", where
            values = (row["recorded"], row["ruled"], row["announced"])
            assert set(values) <= {"yes", "no"}, where
            if row["recorded"] == "no":
                assert values == ("no", "no", "no"), where
                assert "not recordable yet" in row["how"].lower(), where
            else:
                assert node_ids(row["test"]), where
        for node in node_ids(row["test"]):
            file, _, name = node.partition("::")
            path = ROOT / file
            assert path.is_file(), (where, node)
            assert name.split("[", 1)[0] in functions(path), (where, node)


def test_the_readme_gives_the_tables_figures() -> None:
    found = FIGURES.search(README.read_text(encoding="utf-8"))
    assert found, "README: the rules section's figures line is missing"
    numbers = tuple(int(n) for n in found.groups())
    assert numbers[:4] == figures("Piquet"), numbers
    assert numbers[4:] == figures("Pitch"), numbers


def penalties() -> dict[str, dict[str, str]]:
    """The ``## Penalties`` table of docs/rules/laws.md by penalty name: its ``chosen``,
    ``older`` and ``displayed`` cells."""
    section = LAWS.read_text(encoding="utf-8").split("\n## Penalties\n", 1)[1]
    found = {}
    for line in section.splitlines():
        if not line.startswith("| `"):
            continue
        name, chosen, older, displayed = (c.strip() for c in line.strip().strip("|").split(" | "))
        assert name.strip("`") not in found, name
        found[name.strip("`")] = {"chosen": chosen, "older": older, "displayed": displayed}
    return found


def test_each_penalty_is_named_once_as_the_options_the_ledger_and_the_page_name_it() -> None:
    """Build 4: the code's one table (``PENALTIES`` in referee/penalties.py) is the docs'
    table row for row; every value of a penalty option the API takes is a row naming that
    option; every older stored name a game still reads (``Laws.renamed``) is on its
    penalty's row; the page's words (``PENALTY`` in referee/web/screens/anyway.js) are the
    table's, for the same penalties."""
    from referee.api.option_schemas import PiquetOptionsSchema, PitchOptionsSchema
    from referee.match.games import PIQUET_LAWS, PITCH_LAWS
    from referee.penalties import CHOICES, PENALTIES

    table = penalties()
    assert list(table) == [p.name for p in PENALTIES]
    for penalty in PENALTIES:
        row = table[penalty.name]
        older = ", ".join(f"`{old}`" for _, _, old in penalty.older) or "—"
        assert (row["chosen"], row["older"], row["displayed"]) == (
            penalty.chosen, older, penalty.displayed), penalty.name
    fields = {**PitchOptionsSchema().fields, **PiquetOptionsSchema().fields}
    for name in ("revoke", "false_call", "long_hand", "talon_offence", "revoke_penalty",
                 "misdeal", "bid_out_of_turn", "lead_out_of_turn"):
        values = list(getattr(fields[name].validate, "choices", ()))
        assert values == list(CHOICES[name]), name
        for value in values:
            assert f"`{name}`" in table[value]["chosen"], (name, value)
    table_options = {**PIQUET_LAWS.penalties, **PITCH_LAWS.penalties}  # irregularities.*
    for name, values in table_options.items():
        assert tuple(values) == CHOICES[f"irregularities.{name}"], name
        for value in values:
            assert f"`irregularities.{name}`" in table[value]["chosen"] or \
                "`irregularities.*`" in table[value]["chosen"], (name, value)
    for laws in (PIQUET_LAWS, PITCH_LAWS):
        for (_, old), new in laws.renamed.items():
            assert f"`{old}`" in table[new]["older"], (old, new)
    page = (ROOT / "referee/web/screens/anyway.js").read_text(encoding="utf-8")
    block = page.split("const PENALTY = {", 1)[1].split("};", 1)[0]
    words = dict(re.findall(r'^\s*(\w+): "([^"]+)",$', block, re.M))
    assert words == {p.name: p.displayed for p in PENALTIES}


def test_every_penalty_the_engines_rule_is_in_the_table() -> None:
    """The penalties the engines write into a ruling are the table's: Piquet's
    ``Irregularity(..., penalty, ...)`` literals (referee/piquet/irregular.py, the fifth
    argument) and each penalty of Pitch's sources (``SOURCES``)."""
    from referee.penalties import BY_NAME
    from referee.pitch.irregular import SOURCES

    tree = ast.parse((ROOT / "referee/piquet/irregular.py").read_text(encoding="utf-8"))
    written = {node.args[4].value for node in ast.walk(tree)
               if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Irregularity"
               and len(node.args) >= 5 and isinstance(node.args[4], ast.Constant)}
    assert written and written <= set(BY_NAME), written - set(BY_NAME)
    assert {penalty for _, penalty in SOURCES} <= set(BY_NAME)
