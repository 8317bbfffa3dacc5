"""The console script ``referee`` (docs/format.md), run as installed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
Q10 = ROOT / "examples" / "q10.toml"
SCRIPT = shutil.which("referee", path=str(Path(sys.executable).parent))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    assert SCRIPT is not None, "the console script referee is not installed (make setup)"
    return subprocess.run([SCRIPT, *args], capture_output=True, text=True, timeout=120,
                          check=False)


def test_score_q10_prints_bill_11_ann_41_and_agrees() -> None:
    done = run("score", str(Q10))
    assert done.returncode == 0, done.stderr
    assert "Score: Bill 11, Ann 41" in done.stdout
    assert "Ann: sixième to the king in clubs (16)" in done.stdout
    assert "The table's claim agrees." in done.stdout


def test_score_a_claim_that_parts_exits_1(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(Q10.read_text().replace("younger = 41", "younger = 40"))
    done = run("score", str(wrong))
    assert done.returncode == 1 and "parts from the cards" in done.stdout


def test_score_a_bad_file_exits_2_with_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(Q10.read_text().replace('["KS", "AS"]', '["KS", "XX"]'))
    done = run("score", str(bad), str(Q10))
    assert done.returncode == 2
    assert done.stderr.startswith(f"{bad}:10: (deal 1)")
    assert "Score: Bill 11, Ann 41" in done.stdout  # the good file is still ruled


def test_score_json_is_the_apis_ruling() -> None:
    import json

    done = run("score", "--json", str(Q10))
    assert json.loads(done.stdout)["deals"][0]["ruling"]["scores"] == {"elder": 11, "younger": 41}


def test_settle_a_partie(tmp_path: Path) -> None:
    """Q9: six deals of Q10, dealers alternating from Ann: Bill 3×11 + 3×41 = 156 against
    Ann's 156; the Q10 deal with Bill dealing swaps the roles."""
    deal = Q10.read_text().split("[[deal]]", 1)[1]
    one = deal.replace('dealer = "Ann"\n', "")
    partie = Q10.read_text() + "".join("\n[[deal]]" + one for _ in range(1))
    path = tmp_path / "partie.toml"
    path.write_text(partie.replace("number = 1\n", "", 2) + '\n')
    done = run("settle", str(path), "--stake", "0.10")
    assert done.returncode == 0, done.stderr
    assert "Totals: Bill 52, Ann 52" in done.stdout and "drawn" in done.stdout


@pytest.mark.parametrize("command", ["score", "settle"])
def test_help_has_an_example(command: str) -> None:
    done = run(command, "--help")
    assert done.returncode == 0 and "Example:" in done.stdout
