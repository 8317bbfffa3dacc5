"""The API split by concept, each module small enough to read in one sitting: no more than 400
lines (README, "Layout": match views, writes, credentials, ledger views; the schemas by
concept)."""

from __future__ import annotations

from pathlib import Path

import referee.api

MOST_LINES = 400


def test_every_api_module_is_at_most_400_lines() -> None:
    root = Path(referee.api.__file__).parent
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines())
             for path in sorted(root.glob("*.py"))}
    assert len(sizes) > 20  # the modules were found
    assert {name: n for name, n in sizes.items() if n > MOST_LINES} == {}
