"""The report of ``make fuzz`` names the database it fuzzed, at its head and at its end."""

from __future__ import annotations

from typing import Any

import pytest


def pytest_ignore_collect(collection_path: Any, config: pytest.Config) -> bool | None:
    """Not even imported unless ``-m`` selects ``fuzz`` (``make fuzz``): the module builds an
    app, a database and the fuzzer's view of the document when it is imported."""
    if collection_path.name != "test_schemathesis.py":
        return None
    marks = config.getoption("markexpr") or ""
    return "fuzz" not in marks or "not fuzz" in marks


def _database() -> str:
    from tests.fuzz.test_schemathesis import DATABASE

    return DATABASE


def pytest_report_header(config: pytest.Config) -> str:
    from tests.conftest import ON_POSTGRES

    return "schemathesis on " + ("PostgreSQL (DATABASE_URL)" if ON_POSTGRES else "SQLite")


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int,
                            config: pytest.Config) -> None:
    stats = terminalreporter.stats
    ran = [r for key in ("passed", "failed") for r in stats.get(key, ())
           if "tests/fuzz/" in getattr(r, "nodeid", "") and r.when == "call"]
    if not ran:
        return
    failed = sum(1 for r in ran if r.failed)
    terminalreporter.write_line(
        f"schemathesis on {_database()}: {len(ran)} tests, {failed} failed")

