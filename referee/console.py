"""The command line ``referee`` (docs/format.md): rule the deals of record files and settle a
partie, without a server.

    referee score examples/q10.toml
    referee settle partie.toml

Exit status: 0 when every deal was ruled and every claim agrees with its ruling, 1 when a
claim does not, 2 when a file cannot be read or a deal cannot be ruled (each problem printed
as ``file:line: (deal n) message``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

import click

from referee.records import RecordFile, RecordFileError, RecordProblem, read_record

__all__ = ["main"]

#: Exit statuses of ``referee score`` and ``referee settle``.
AGREED, PARTED, BAD_FILE = 0, 1, 2


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """The referee of Pitch and Piquet on the command line: rule record files
    (docs/format.md) as the API does."""


def _read(path: str) -> RecordFile | list[RecordProblem]:
    try:
        with open(path, encoding="utf-8") as file:
            return read_record(file.read())
    except RecordFileError as error:
        return list(error.problems)
    except (OSError, UnicodeDecodeError) as error:
        return [RecordProblem(0, None, "format", "", f"cannot read the file: {error}")]


def _print_problems(path: str, problems: Sequence[RecordProblem]) -> None:
    for problem in sorted(problems, key=lambda p: (p.line, p.deal or 0)):
        rule = f" [{problem.rule}]" if problem.rule and problem.rule != "format" else ""
        at = f" at {problem.location}" if problem.location else ""
        click.echo(f"{problem.where(path)}{at}{rule}", err=True)


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
        if as_json:
            click.echo(json.dumps(_json(ruled), ensure_ascii=False, indent=2))
        else:
            for outcome in ruled.deals:
                if outcome.ruling is not None:
                    _print_deal(path, record, outcome, roles_of(record, outcome.deal - 1))
        if status == AGREED and not ruled.claims_agree:
            status = PARTED
    sys.exit(status)


def _json(ruled: Any) -> dict[str, Any]:
    return {"game": ruled.game, "claims_agree": ruled.claims_agree, "deals": [
        {"deal": d.deal, "line": d.line, "number": d.number, "level": d.level,
         "ruling": d.ruling, "claims_agree": d.claims_agree,
         "problems": [{"line": p.line, "rule": p.rule, "location": p.location,
                       "message": p.message} for p in d.problems]}
        for d in ruled.deals]}


def _print_deal(path: str, record: RecordFile, outcome: Any, roles: Mapping[str, str]) -> None:
    ruling = outcome.ruling
    number = f"deal {outcome.number}" if outcome.number else f"deal {outcome.deal} of the file"
    click.echo(f"{path}:{outcome.line}: {number}, by {outcome.level}")

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
    click.echo(f"  Score: {line}")
    for count in ruling.get("counts") or ():
        click.echo(f"    {who(count.get('who'))}: {count.get('what')} ({count.get('points')})")
    for violation in ruling.get("violations") or ():
        click.echo(f"  Rule broken [{violation.get('rule')}]: {violation.get('message')}")
    claim = ruling.get("claim")
    if isinstance(claim, Mapping):
        if claim.get("agrees"):
            click.echo("  The table's claim agrees.")
        else:
            click.echo(f"  The table's claim parts from the cards at {claim.get('parts_at')}:")
            for difference in claim.get("differences") or ():
                click.echo(f"    {difference.get('what', difference)}")


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
        click.echo(f"{file}: only a Piquet partie is settled.", err=True)
        sys.exit(BAD_FILE)
    ruled = rule_record(record)
    if ruled.problems:
        _print_problems(file, ruled.problems)
        sys.exit(BAD_FILE)
    given = stake or record.stake
    try:
        money = Decimal(given) if given else None
    except InvalidOperation:
        click.echo(f"{file}: the stake {given!r} is not a number.", err=True)
        sys.exit(BAD_FILE)
    totals = partie_totals(record, ruled)
    settlement = settle_partie(totals, money)
    click.echo("Totals: " + ", ".join(f"{name} {points}" for name, points in totals.items()))
    if settlement.winner is None:
        click.echo("The partie is drawn: nobody pays.")
    else:
        rubicon = " (rubiconed)" if settlement.rubiconed else ""
        amount = f", {settlement.amount} {record.currency or ''}".rstrip() if (
            settlement.amount is not None) else ""
        click.echo(f"{settlement.loser}{rubicon} pays {settlement.winner} "
                   f"{settlement.payment} points{amount}.")
    sys.exit(AGREED if ruled.claims_agree else PARTED)
