"""The console script ``referee`` (docs/format.md), run as installed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.api.deals import Q10_RECORD
from tests.conftest import ON_POSTGRES, POSTGRES_URL
from tests.served import call, start_gunicorn

ROOT = Path(__file__).resolve().parents[2]
Q10 = ROOT / "examples" / "q10.toml"
SCRIPT = shutil.which("referee", path=str(Path(sys.executable).parent))


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    assert SCRIPT is not None, "the console script referee is not installed (make setup)"
    clean = {k: v for k, v in os.environ.items() if k not in (
        "REFEREE_URL", "REFEREE_TOKEN", "REFEREE_LANG", "LC_ALL", "LC_MESSAGES")}
    return subprocess.run([SCRIPT, *args], capture_output=True, text=True, timeout=120,
                          check=False, env={**clean, "LANG": "C.UTF-8", **(env or {})})


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


def test_score_json_words_problems_in_the_language_asked(tmp_path: Path) -> None:
    """score --json: a deal's problems' messages in the language of --lang or the
    environment, as the printed lines word them; lines, rules and locations as in English."""
    bad = tmp_path / "bad.toml"
    bad.write_text(Q10.read_text().replace('["KS", "AS"]', '["KS", "XX"]'))

    def problems(*args: str, env: dict[str, str] | None = None) -> list[dict[str, object]]:
        done = run(*args, "score", "--json", str(bad), env=env)
        assert done.returncode == 2, done.stderr
        found: list[dict[str, object]] = json.loads(done.stdout)["deals"][0]["problems"]
        return found

    [english] = problems()
    assert english["message"] == ("Not a card: write rank then suit, e.g. 'TH' or "
                                  "'10♥'.")
    [french] = problems("--lang", "fr")
    assert french["message"] == ("Ce n'est pas une carte : écrivez la valeur puis la "
                                 "couleur, p. ex. 'TH' ou '10♥'.")
    [german] = problems(env={"LANG": "de_DE.UTF-8"})
    [polish] = problems("--lang", "pl")
    for said in (french, german, polish):
        assert {k: v for k, v in said.items() if k != "message"} == \
            {k: v for k, v in english.items() if k != "message"}
        assert said["message"] != english["message"]


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


def test_a_bad_file_in_the_language_asked(tmp_path: Path) -> None:
    """The problems of a file in the language of --lang, else of the environment (LANG),
    from their message codes: the line, deal, location and rule as in English."""
    bad = tmp_path / "bad.toml"
    bad.write_text(Q10.read_text().replace('dealer = "Ann"', 'dealer = "Zed"'))
    english = run("score", str(bad))
    assert english.returncode == 2
    assert english.stderr == (f'{bad}:9: (deal 1) "Zed" is not one of the players (Bill, '
                              'Ann). at dealer\n')
    french = run("--lang", "fr", "score", str(bad))
    assert french.stderr == (f"{bad}:9: (donne 1) « Zed » n'est pas l'un des joueurs (Bill, "
                             "Ann). à dealer\n")
    german = run("score", str(bad), env={"LANG": "de_DE.UTF-8"})
    assert german.stderr.startswith(f"{bad}:9: (Spiel 1) „Zed“ ist keiner der Spieler")


#: What ``referee score`` and ``referee settle`` say of Q10 in each language (--lang): the
#: score line, a count in the ruling's words, the claim, the settlement of Q10 alone (Bill is
#: rubiconed: 41 + 11 + 100 = 152 points, Q9).
SPOKEN = {
    "fr": ("Marque : Bill 11, Ann 41", "Bill: trois as (3)",
           "Ce que la table annonce est juste.", "Totaux : Bill 11, Ann 41",
           "Bill (rubiconné) paie à Ann 152 points, 15.20 EUR."),
    "de": ("Punkte: Bill 11, Ann 41", "Bill: drei Asse (3)", "Die Angabe des Tisches stimmt.",
           "Summen: Bill 11, Ann 41", "Bill (rubiconiert) zahlt Ann 152 Punkte, 15.20 EUR."),
    "pl": ("Wynik: Bill 11, Ann 41", "Bill: trzy asy (3)", "Deklaracja stołu się zgadza.",
           "Sumy: Bill 11, Ann 41",
           "Bill (nie przekroczył Rubikonu) płaci Ann 152 punkty, 15.20 EUR."),
}


@pytest.mark.parametrize("language", sorted(SPOKEN))
def test_score_and_settle_in_the_language_asked(language: str, tmp_path: Path) -> None:
    """score's and settle's lines in the language of --lang: names, numbers and sections as
    in English; the exit status the same."""
    line, count, agrees, totals, pays = SPOKEN[language]
    scored = run("--lang", language, "score", str(Q10))
    assert scored.returncode == 0, scored.stderr
    assert line in scored.stdout and count in scored.stdout and agrees in scored.stdout
    one = tmp_path / "q10.toml"
    one.write_text(Q10.read_text().replace('players = ["Bill", "Ann"]',
                                           'players = ["Bill", "Ann"]\ncurrency = "EUR"'))
    settled = run("settle", str(one), "--stake", "0.10", env={"LANG": f"{language}.UTF-8"})
    assert settled.returncode == 0, settled.stderr
    assert settled.stdout == f"{totals}\n{pays}\n"


def test_score_says_where_a_claim_parts_in_words(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(Q10.read_text().replace("younger = 41", "younger = 40"))
    done = run("score", str(wrong))
    assert "The table's claim parts from the cards at totals:\n    totals [Q8]: the cards " \
           "give the younger hand 41, the table the younger hand 40" in done.stdout
    french = run("--lang", "fr", "score", str(wrong))
    assert "s'écarte des cartes à totals :\n    totals [Q8] : les cartes donnent le cadet 41, " \
           "la table le cadet 40" in french.stdout


@pytest.mark.parametrize("command", ["score", "settle"])
def test_help_has_an_example(command: str) -> None:
    done = run(command, "--help")
    assert done.returncode == 0 and "Example:" in done.stdout


# -- against a served referee: export, import, verify ----------------------------------------


@pytest.fixture(scope="module")
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[str]:
    """gunicorn serving wsgi:app on a free loopback port, one for this module's tests (each
    works in matches of its own), on a SQLite file of its own or the worker's PostgreSQL
    database (as tests/e2e's server); yields its base URL."""
    if ON_POSTGRES:
        request.getfixturevalue("_postgres_ready")
        database_url = POSTGRES_URL
    else:
        database_url = f"sqlite:///{tmp_path_factory.mktemp('served') / 'referee.db'}"
    server = start_gunicorn(database_url, tmp_path_factory.mktemp("gunicorn") / "gunicorn.log",
                            workers=1)
    try:
        yield server.base
    finally:
        server.stop()


def _q10_match(base: str) -> tuple[str, dict[str, str]]:
    """A served Piquet match with the Q10 deal recorded: its id and tokens."""
    made = call(base, "POST", "/v1/matches", {"game": "piquet", "players": ["Bill", "Ann"]})
    assert made.status == 201, made.body
    match_id, tokens = made.body["id"], made.body["tokens"]
    recorded = call(base, "POST", f"/v1/matches/{match_id}/deals", Q10_RECORD,
                    {"Authorization": f"Bearer {tokens['write']}", "If-Match": '"v1"'})
    assert recorded.status == 201, recorded.body
    return match_id, tokens


@pytest.mark.slow
def test_export_import_verify_against_a_server(served: str, tmp_path: Path) -> None:
    """export writes the match's file; import makes a new match of it (Bill 11, Ann 41);
    verify checks the file's head against each: intact, then behind a later write."""
    match_id, tokens = _q10_match(served)
    kept = tmp_path / "match.toml"
    done = run("export", match_id, "-o", str(kept), "--url", served, "--token", tokens["read"])
    assert done.returncode == 0, done.stderr
    assert "Bill" in kept.read_text() and "ledger_head" in kept.read_text()
    printed = run("export", match_id, "--url", served, env={"REFEREE_TOKEN": tokens["read"]})
    assert printed.returncode == 0 and printed.stdout == kept.read_text()

    imported = run("import", str(kept), "--url", served)
    assert imported.returncode == 0, imported.stderr
    assert "1 deal, Bill 11, Ann 41" in imported.stdout and "write token: " in imported.stdout
    again = run("import", str(kept), "--url", served, "--json")
    twin = json.loads(again.stdout)
    assert again.returncode == 0 and twin["standings"][0]["score"] == 11

    checked = run("verify", match_id, str(kept), "--url", served, "--token", tokens["read"])
    assert checked.returncode == 0 and "Intact" in checked.stdout, checked.stderr
    assert run("verify", match_id, "--url", served, "--token", tokens["read"]).returncode == 0
    undo = call(served, "POST", f"/v1/matches/{match_id}/undo", {"reason": "slip"},
                {"Authorization": f"Bearer {tokens['write']}", "If-Match": '"v3"'})
    assert undo.status == 200, undo.body
    # the undo is appended: the ledger still leads to the file's head
    assert run("verify", match_id, str(kept), "--url", served,
               "--token", tokens["read"]).returncode == 0
    behind = kept.read_text().replace("ledger_head = \"3:", "ledger_head = \"9:")
    (tmp_path / "behind.toml").write_text(behind)
    stale = run("verify", match_id, str(tmp_path / "behind.toml"), "--url", served,
                "--token", tokens["read"])
    assert stale.returncode == 1 and "Not intact" in stale.stderr


@pytest.mark.slow
def test_import_a_bad_file_names_file_and_line(served: str, tmp_path: Path) -> None:
    """A file the server refuses: each problem as ``file:line: (deal n) message``, status 2;
    a file that does not read is refused before anything is sent; a wrong token is 2."""
    wrong = tmp_path / "wrong-dealer.toml"
    wrong.write_text(Q10.read_text() + '\n[[deal]]\ndealer = "Ann"\n' + Q10.read_text().split(
        'dealer = "Ann"\n', 1)[1])
    line = wrong.read_text().splitlines().index('dealer = "Ann"', 10) + 1
    done = run("import", str(wrong), "--url", served)
    assert done.returncode == 2
    assert done.stderr.startswith(f"{wrong}:{line}: (deal 2) ") and "[Q2]" in done.stderr
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\ngame = "piquet"\nplayers = ["Bill" "Ann"]\n')
    unread = run("import", str(bad), "--url", "http://127.0.0.1:9")  # never reached
    assert unread.returncode == 2 and unread.stderr.startswith(f"{bad}:3: ")
    refused = run("export", "nope", "--url", served, "--token", "nope")
    assert refused.returncode == 2 and "401" in refused.stderr


@pytest.mark.parametrize("command", ["export", "verify"])
def test_a_match_id_that_begins_with_a_dash_is_an_id(served: str, command: str) -> None:
    """Match ids are URL-safe base64 and one in 64 begins with "-": it is the id, not an
    unknown option (the server is asked, and answers that the token is wrong)."""
    done = run(command, "-bE3iWfRkq1nO2pLsT9xYw", "--url", served, "--token", "nope")
    assert "No such option" not in done.stderr, done.stderr
    assert done.returncode == 2 and "401" in done.stderr, done.stderr
    after = run(command, "--url", served, "--token", "nope", "--", "-oQ7iWfRkq1nO2pLsT9xYw")
    assert after.returncode == 2 and "401" in after.stderr, after.stderr


@pytest.mark.parametrize("command", ["export", "import", "verify"])
def test_help_of_the_server_commands_has_an_example(command: str) -> None:
    done = run(command, "--help")
    assert done.returncode == 0 and "Example:" in done.stdout and "--url" in done.stdout


@pytest.mark.slow
def test_import_every_refused_deal_then_disputed_and_verify_in_polish(
        served: str, tmp_path: Path) -> None:
    """A file whose deals 2 and 4 break the rules and whose deal 3 is dealt out of turn:
    import prints every refused deal (in German with --lang de), status 2; with the
    dealer put right and --violations dispute the match is made, deals 2 and 4 disputed;
    its export verifies, the sentences in Polish from LANG."""
    from tests.records.test_import_violations import partie

    refused = tmp_path / "refused.toml"
    refused.write_text(partie("Bill"))
    done = run("--lang", "de", "import", str(refused), "--url", served)
    assert done.returncode == 2, done.stdout
    assert [line.split(" ", 2)[1] for line in done.stderr.splitlines()] == ["(Spiel"] * 3
    assert "(Spiel 3) Ann gibt das Spiel 3, nicht Bill" in done.stderr and "[Q2]" in done.stderr
    broken = tmp_path / "broken.toml"
    broken.write_text(partie())
    assert run("import", str(broken), "--url", served).returncode == 2
    made = run("import", str(broken), "--url", served, "--violations", "dispute")
    assert made.returncode == 0, made.stderr
    assert "4 deals" in made.stdout and "disputed, until their cards rule them: deals 2, 4" \
        in made.stdout
    match_id = made.stdout.split()[1]
    token = next(line.split(": ")[1] for line in made.stdout.splitlines()
                 if "read token" in line)
    kept = tmp_path / "kept.toml"
    assert run("export", match_id, "-o", str(kept), "--url", served,
               "--token", token).returncode == 0
    checked = run("verify", match_id, str(kept), "--url", served, "--token", token,
                  env={"LANG": "pl_PL.UTF-8"})
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.startswith("Nienaruszony: 11 zdarzeń, głowa 11:")
    assert "rejestr jest taki, jak w pliku" in checked.stdout
