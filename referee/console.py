"""The command line ``referee`` (docs/format.md): rule the deals of record files and settle a
partie, without a server; export a served match as a record file, import one as a new match,
verify a kept file's ledger head against the server.

    referee score examples/q10.toml
    referee settle partie.toml
    referee export MATCH_ID -o match.toml --url http://127.0.0.1:8000 --token READ_TOKEN
    referee import match.toml --url http://127.0.0.1:8000
    referee verify MATCH_ID match.toml --token READ_TOKEN

Exit status: 0 when every deal was ruled and every claim agrees with its ruling (a command
against a server: it did what it says), 1 when a claim does not (``verify``: the ledger no
longer leads to the file's head, or its chain is broken), 2 when a file cannot be read, a
deal cannot be ruled or the server refuses (each problem of a file printed as
``file:line: (deal n) message``).
"""

from __future__ import annotations

import copy
import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from typing import Any

import click

from referee.records import RecordFile, RecordFileError, RecordProblem, read_record
from referee.violations import said

__all__ = ["main"]

#: Exit statuses of ``referee score`` and ``referee settle``.
AGREED, PARTED, BAD_FILE = 0, 1, 2


#: The language the command speaks (``--lang``; :func:`referee.i18n.command_line.language`).
_SPOKEN = {"locale": "en"}


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--lang", help="The language of the sentences: en, fr, de or pl (else the "
                             "environment's REFEREE_LANG, LC_ALL, LC_MESSAGES or LANG).")
def main(lang: str | None) -> None:
    """The referee of Pitch and Piquet on the command line: rule record files
    (docs/format.md) as the API does.

    \b
    Example:
        referee --lang fr verify MATCH_ID partie.toml --token READ_TOKEN
    """
    from referee.i18n.command_line import language

    _SPOKEN["locale"] = language(lang)


def _words(name: str, **params: object) -> str:
    """The command line's sentence ``name`` in the language it speaks."""
    from referee.i18n.command_line import words

    return words(name, _SPOKEN["locale"], **params)


def _read(path: str) -> RecordFile | list[RecordProblem]:
    try:
        with open(path, encoding="utf-8") as file:
            return read_record(file.read())
    except RecordFileError as error:
        return list(error.problems)
    except (OSError, UnicodeDecodeError) as error:
        return [RecordProblem.of(said("record_unreadable", "", error=str(error)), 0, None)]


def _print_problems(path: str, problems: Sequence[RecordProblem]) -> None:
    """Each problem as ``file:line: (deal n) message at location [rule]``, in the file's order
    and the language spoken (from its message code and parameters)."""
    from referee.i18n.command_line import problem_words

    locale = _SPOKEN["locale"]
    for problem in sorted(problems, key=lambda p: (p.line, p.deal or 0)):
        rule = f" [{problem.rule}]" if problem.rule and problem.rule != "format" else ""
        at = " " + _words("at", location=problem.location) if problem.location else ""
        deal = " " + _words("deal", n=problem.deal) if problem.deal is not None else ""
        said_ = problem_words(problem.message_code, dict(problem.params), problem.message,
                              locale)
        click.echo(f"{path}:{problem.line}:{deal} {said_}{at}{rule}", err=True)


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True,
              help="Print each deal's ruling as the API's JSON (one document per file).")
def score(files: tuple[str, ...], as_json: bool) -> None:
    """Rule every deal of each FILE, as POST /v1/records:score does, and print the ruling as
    players read it: the score line, each point and declaration, and where a claim parts
    from the cards.

    \b
    Example:
        referee score examples/q10.toml
    """
    from referee.api.record_rulings import roles_of, rule_record

    status = AGREED
    for path in files:
        record = _read(path)
        if not isinstance(record, RecordFile):
            _print_problems(path, record)
            status = BAD_FILE
            continue
        ruled = rule_record(record)
        if ruled.problems:
            _print_problems(path, ruled.problems)
            status = BAD_FILE
        ruled = _spoken(ruled)
        if as_json:
            click.echo(json.dumps(_json(ruled), ensure_ascii=False, indent=2))
        else:
            for outcome in ruled.deals:
                if outcome.ruling is not None:
                    _print_deal(path, record, outcome, roles_of(record, outcome.deal - 1))
        if status == AGREED and not ruled.claims_agree:
            status = PARTED
    sys.exit(status)


def _spoken(ruled: Any) -> Any:
    """``ruled`` with its rulings' sentences (counts, findings, violations) in the language
    spoken, as the API words them (:func:`referee.i18n.localize.localize`); English: as is."""
    from referee.i18n.localize import localize

    locale = _SPOKEN["locale"]
    if locale == "en":
        return ruled
    deals = tuple(replace(d, ruling=localize(copy.deepcopy(d.ruling), locale, ruled.game))
                  if d.ruling is not None else d for d in ruled.deals)
    return replace(ruled, deals=deals)


def _json(ruled: Any) -> dict[str, Any]:
    """``score --json``'s document: each deal's ruling as the API answers it, and its
    problems with their messages in the language spoken (from their message codes, as
    :func:`_print_problems` words them); lines, rules and locations as they are."""
    from referee.i18n.command_line import problem_words

    locale = _SPOKEN["locale"]
    return {"game": ruled.game, "claims_agree": ruled.claims_agree, "deals": [
        {"deal": d.deal, "line": d.line, "number": d.number, "level": d.level,
         "ruling": d.ruling, "claims_agree": d.claims_agree,
         "problems": [{"line": p.line, "rule": p.rule, "location": p.location,
                       "message": problem_words(p.message_code, dict(p.params), p.message,
                                                locale)} for p in d.problems]}
        for d in ruled.deals]}


def _print_deal(path: str, record: RecordFile, outcome: Any, roles: Mapping[str, str]) -> None:
    ruling = outcome.ruling
    level = _words(f"score.level.{outcome.level}")
    where = f"{path}:{outcome.line}"
    click.echo(_words("score.deal", where=where, number=outcome.number, level=level)
               if outcome.number else
               _words("score.deal_of_file", where=where, n=outcome.deal, level=level))

    def who(key: Any) -> str:
        if isinstance(key, int) and 0 <= key < len(record.players):
            return record.players[key]
        return roles.get(str(key), str(key))

    scores = ruling.get("scores")
    if isinstance(scores, Mapping):
        line = ", ".join(f"{who(k)} {v}" for k, v in scores.items())
    elif isinstance(scores, list):
        line = ", ".join(f"{who(n)} {v}" for n, v in enumerate(scores))
    else:
        line = str(scores)
    click.echo("  " + _words("score.line", line=line))
    for count in ruling.get("counts") or ():
        click.echo(f"    {who(count.get('who'))}: {count.get('what')} ({count.get('points')})")
    for violation in ruling.get("violations") or ():
        click.echo("  " + _words("score.broken", rule=violation.get("rule"),
                                 message=violation.get("message")))
    claim = ruling.get("claim")
    if isinstance(claim, Mapping):
        if claim.get("agrees"):
            click.echo("  " + _words("score.agrees"))
        else:
            parts_at = claim.get("parts_at")
            step = parts_at.get("step") if isinstance(parts_at, Mapping) else parts_at
            click.echo("  " + _words("score.parts", at=step))
            for difference in claim.get("differences") or ():
                click.echo("    " + _difference(difference))


def _difference(difference: Any) -> str:
    """One step where a claim parts from its ruling: the step and rule, what each says and
    what could explain it (the API's ``differences[]``, already in the language spoken)."""
    if not isinstance(difference, Mapping):
        return str(difference)
    why = "; ".join(str(e) for e in difference.get("explanations") or ())
    return _words("score.difference", step=difference.get("step"), rule=difference.get("rule"),
                  ruling=difference.get("ruling"), claim=difference.get("claim"),
                  why=f" ({why})" if why else "")


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--stake", help="Money per point (a decimal, e.g. 0.10); else the file's stake.")
def settle(file: str, stake: str | None) -> None:
    """Settle the Piquet partie of FILE (Q9): each player's total over its deals, the Rubicon,
    who pays whom and how much.

    \b
    Example:
        referee settle partie.toml --stake 0.10
    """
    from referee.api.record_rulings import partie_totals, rule_record
    from referee.piquet import settle_partie

    record = _read(file)
    if not isinstance(record, RecordFile):
        _print_problems(file, record)
        sys.exit(BAD_FILE)
    if record.game != "piquet":
        click.echo(_words("settle.not_piquet", file=file), err=True)
        sys.exit(BAD_FILE)
    ruled = rule_record(record)
    if ruled.problems:
        _print_problems(file, ruled.problems)
        sys.exit(BAD_FILE)
    given = stake or record.stake
    try:
        money = Decimal(given) if given else None
    except InvalidOperation:
        click.echo(_words("settle.bad_stake", file=file, stake=repr(given)), err=True)
        sys.exit(BAD_FILE)
    totals = partie_totals(record, ruled)
    settlement = settle_partie(totals, money)
    click.echo(_words("settle.totals", totals=", ".join(f"{name} {points}" for name, points
                                                      in totals.items())))
    if settlement.winner is None:
        click.echo(_words("settle.drawn"))
    else:
        amount = f", {settlement.amount} {record.currency or ''}".rstrip() if (
            settlement.amount is not None) else ""
        click.echo(_words("settle.pays.rubiconed" if settlement.rubiconed else "settle.pays",
                          loser=settlement.loser, winner=settlement.winner,
                          payment=settlement.payment, amount=amount))
    sys.exit(AGREED if ruled.claims_agree else PARTED)


# -- against a served instance ---------------------------------------------------------------

#: Where the referee is served when ``--url`` and ``REFEREE_URL`` do not say (``make serve``).
DEFAULT_URL = "http://127.0.0.1:8000"
TOML = "application/toml"

_url_option = click.option(
    "--url", envvar="REFEREE_URL", default=DEFAULT_URL, show_default=True,
    help="The served referee (or the environment's REFEREE_URL).")
_token_option = click.option(
    "--token", envvar="REFEREE_TOKEN", required=True,
    help="Any token of the match (or the environment's REFEREE_TOKEN).")


class _Answer:
    """An HTTP answer: ``status``, ``body`` (bytes), ``headers``."""

    def __init__(self, status: int, body: bytes, headers: Mapping[str, str]) -> None:
        self.status, self.body, self.headers = status, body, headers

    def json(self) -> Any:
        try:
            return json.loads(self.body)
        except ValueError:
            return None


def _call(url: str, method: str, path: str, *, token: str | None = None,
          body: bytes | None = None, headers: Mapping[str, str] | None = None) -> _Answer:
    """One request to the served referee; an HTTP error is an answer too. A server that
    cannot be reached ends the command (exit status 2)."""
    sent = {"Accept": "application/json", "Accept-Language": _SPOKEN["locale"],
            **(headers or {})}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url.rstrip("/") + path, data=body, method=method,
                                     headers=sent)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return _Answer(response.status, response.read(), dict(response.headers))
    except urllib.error.HTTPError as error:
        return _Answer(error.code, error.read(), dict(error.headers))
    except (urllib.error.URLError, OSError, ValueError) as error:
        click.echo(_words("unreachable", url=url, reason=getattr(error, "reason", error)),
                   err=True)
        sys.exit(BAD_FILE)


def _refused(answer: _Answer, source: str | None = None) -> None:
    """Print the server's refusal (a problem's title and detail; a file's problems each as
    ``file:line: (deal n) message``) and end with exit status 2."""
    problem = answer.json() or {}
    found = problem.get("problems") if isinstance(problem, dict) else None
    if source is not None and isinstance(found, list) and found:
        _print_problems(source, [RecordProblem(int(p.get("line") or 0), p.get("deal"),
                                               str(p.get("rule") or ""),
                                               str(p.get("location") or ""),
                                               str(p.get("message") or "")) for p in found
                                 if isinstance(p, dict)])  # worded by the server
    else:
        title = problem.get("title", "") if isinstance(problem, dict) else ""
        detail = problem.get("detail", "") if isinstance(problem, dict) else ""
        click.echo(_words("refused", status=answer.status, title=title, detail=detail
                          ).rstrip(": "), err=True)
    sys.exit(BAD_FILE)


#: The commands that take a match id: a match id may begin with "-" (ids are URL-safe base64),
#: so an argument click does not know as an option is the id, not an error; their help is
#: ``--help`` alone. An id that begins with "-o" is given after ``--``.
_MATCH_ID_COMMAND: dict[str, Any] = {"ignore_unknown_options": True,
                                     "help_option_names": ["--help"]}


def _match_path(match_id: str, tail: str) -> str:
    return f"/v1/matches/{urllib.parse.quote(match_id, safe='')}{tail}"


@main.command(name="export", context_settings=_MATCH_ID_COMMAND)
@click.argument("match_id")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              help="Write the record file here (else to standard output).")
@_url_option
@_token_option
def export_match(match_id: str, output: str | None, url: str, token: str) -> None:
    """Write the served match MATCH_ID as a record file (docs/format.md): its players and
    options, every finished deal, who entered and confirmed it, its open disputes, and its
    ledger head (for referee verify).

    \b
    Example:
        referee export 3f2a... -o partie.toml --url http://127.0.0.1:8000 --token READ_TOKEN
        referee export -o partie.toml --url http://127.0.0.1:8000 --token READ_TOKEN -- -oQ7...
    """
    answer = _call(url, "GET", _match_path(match_id, "/record"), token=token,
                   headers={"Accept": TOML})
    if answer.status != 200:
        _refused(answer)
    text = answer.body.decode("utf-8")
    if output is None:
        click.echo(text, nl=False)
        return
    with open(output, "w", encoding="utf-8") as file:
        file.write(text)
    click.echo(_words("export.written", file=output, id=match_id), err=True)


@main.command(name="import")
@click.argument("file", type=click.Path(dir_okay=False))
@_url_option
@click.option("--idempotency-key", help="Send again with the same key: the same match, the "
                                        "same tokens (within the server's retry window).")
@click.option("--violations", type=click.Choice(["refuse", "dispute"]), default="refuse",
              show_default=True,
              help="A deal that breaks the rules: refuse the file, or record the deal as "
                   "ruled, disputed by its violations (until its cards rule it).")
@click.option("--json", "as_json", is_flag=True, help="Print the server's answer as JSON.")
def import_match(file: str, url: str, idempotency_key: str | None, violations: str,
                 as_json: bool) -> None:
    """Make a new match on the server from the record FILE: every deal recorded and ruled,
    in one go (all or nothing). Prints the new match's id, its tokens and its recovery code:
    keep them, the server keeps only their hashes. A file the server refuses prints every
    problem of every deal, each as file:line: (deal n) message.

    \b
    Example:
        referee import partie.toml --url http://127.0.0.1:8000
        referee import revoked.toml --violations dispute
    """
    record = _read(file)  # read here first: its problems with this file's name
    if not isinstance(record, RecordFile):
        _print_problems(file, record)
        sys.exit(BAD_FILE)
    with open(file, "rb") as opened:
        body = opened.read()
    headers = {"Content-Type": TOML}
    if idempotency_key:
        headers["Idempotency-Key"] = idempotency_key
    path = "/v1/matches:import" + ("?violations=dispute" if violations == "dispute" else "")
    answer = _call(url, "POST", path, body=body, headers=headers)
    if answer.status != 201:
        _refused(answer, file)
    made = answer.json()
    if as_json:
        click.echo(json.dumps(made, ensure_ascii=False, indent=2))
        return
    standings = ", ".join(f"{row['name']} {row['score']}" for row in made.get("standings", ()))
    played = int(made.get("deals_played", 0))
    click.echo(_words("import.made", id=made["id"],
                      game=made["game"], deals=played, standings=standings))
    if made.get("disputed"):
        click.echo("  " + _words("import.disputed",
                                 deals=", ".join(str(n) for n in made["disputed"])))
    for kind, value in (made.get("tokens") or {}).items():
        click.echo("  " + _words("import.token", kind=kind, value=value))
    click.echo("  " + _words("import.recovery", code=made.get("recovery_code")))


@main.command(context_settings=_MATCH_ID_COMMAND)
@click.argument("match_id")
@click.argument("file", type=click.Path(dir_okay=False), required=False)
@_url_option
@_token_option
def verify(match_id: str, file: str | None, url: str, token: str) -> None:
    """Check the served match MATCH_ID's ledger (as ``flask db verify`` does on the server):
    its chain of events unbroken and, with FILE (a record file exported from it), that the
    ledger still leads to the file's ledger head — not cut short nor rewritten since.

    \b
    Example:
        referee verify 3f2a... partie.toml --token READ_TOKEN
    """
    query = ""
    if file is not None:
        record = _read(file)
        if not isinstance(record, RecordFile):
            _print_problems(file, record)
            sys.exit(BAD_FILE)
        if record.ledger_head is None:
            click.echo(f"{file}:1: " + _words("verify.no_head"), err=True)
            sys.exit(BAD_FILE)
        query = "?" + urllib.parse.urlencode({"head": record.ledger_head})
    answer = _call(url, "GET", _match_path(match_id, "/verify" + query), token=token)
    if answer.status != 200:
        _refused(answer)
    found = answer.json()
    known = found.get("known_head")
    if found["intact"]:
        click.echo(_words("verify.intact", events=found["events"], head=found["head"]))
        if known and known.get("status") in ("same", "extended"):
            click.echo("  " + _words(f"verify.{known['status']}", seq=known["seq"]))
        sys.exit(AGREED)
    at = found.get("broken_at")
    status = known.get("status") if known else None
    click.echo(_words(f"verify.{status}" if status in ("behind", "diverged") else
                      "verify.broken", at=at), err=True)
    sys.exit(PARTED)
