"""The store knows rows, not matches: nothing under referee/store imports the match layer, the
folds or the API (README, "Layout"; a store that imported the match's fold, and called the
API back on every write, is what this guards against)."""

from __future__ import annotations

import ast
from pathlib import Path

import referee.store

STORE = Path(referee.store.__file__).resolve().parent
ABOVE_OR_BESIDE = ("referee.match", "referee.folds", "referee.api", "referee.pitch",
                   "referee.piquet")


def imported(path: Path) -> set[str]:
    """The modules a file imports (absolute names)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_store_imports_nothing_from_the_match_layer_or_above() -> None:
    files = sorted(STORE.rglob("*.py"))
    assert len(files) > 10  # the modules and the migrations
    wrong = {str(path.relative_to(STORE)): sorted(
                 name for name in imported(path) if name.startswith(ABOVE_OR_BESIDE))
             for path in files}
    assert {name: found for name, found in wrong.items() if found} == {}


def test_the_check_sees_an_import_of_the_match_layer(tmp_path: Path) -> None:
    """The test above can fail: it finds such an import."""
    bad = tmp_path / "bad.py"
    bad.write_text("from referee.match.state import Fold\nimport referee.api\n")
    assert {n for n in imported(bad) if n.startswith(ABOVE_OR_BESIDE)} == {
        "referee.match.state", "referee.match.state.Fold", "referee.api"}
