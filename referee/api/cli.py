"""The ``flask db`` commands: migrations, backup, pruning, fold snapshots and the ledger's
checks, on the database of the app they run in (docs/operations.md)."""

from __future__ import annotations

from typing import Any

import click
from flask import Flask, current_app
from flask.cli import AppGroup

from referee.store import ledger
from referee.store.db import upgrade

#: ``flask db``: an AppGroup, so that its commands run in the app's context however invoked.
db_group = AppGroup("db", help="The database: migrations and ledger checks.")


def register(app: Flask) -> None:
    """``flask db …`` on ``app`` (its commands run in its app context)."""
    app.cli.add_command(db_group)


def _db() -> Any:
    """The database of the app the command runs in (:mod:`referee.api.database`)."""
    return current_app.extensions["referee.db"]


@db_group.command("upgrade")
def db_upgrade() -> None:
    """Apply the migrations not yet applied (creates the SQLite file if needed)."""
    db = _db()
    with db.connection_context():
        applied = upgrade(db)
    click.echo("applied: " + ", ".join(applied) if applied else "database is up to date")


@db_group.command("backup")
@click.argument("destination", type=click.Path(dir_okay=False, writable=True))
def db_backup(destination: str) -> None:
    """Back up a SQLite database while it serves (online, consistent) to DESTINATION,
    and its ledger key file beside it (DESTINATION.ledger-key). PostgreSQL: pg_dump (see
    docs/operations.md). Example: flask --app wsgi db backup /backups/referee-$(date +%F).db
    """
    from pathlib import Path

    from referee.store.db import backup

    target = Path(destination)
    try:
        backup(_db(), target)
    except (ValueError, FileExistsError) as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"database backed up to {target}")
    key_file = current_app.extensions["referee.key_file"]
    if key_file is None:
        click.echo("the ledger key is in REFEREE_LEDGER_KEY (and REFEREE_LEDGER_OLD_KEYS): "
                   "keep it with the backup; the events do not verify without it")
        return
    copy = target.with_name(target.name + ".ledger-key")
    copy.write_bytes(key_file.read_bytes())
    copy.chmod(0o600)
    click.echo(f"ledger key copied to {copy} (mode 0600): keep the two together")


@db_group.command("prune")
def db_prune() -> None:
    """Delete the matches that expired without recording a deal (older than
    REFEREE_MATCH_EXPIRY_SECONDS), with their events, tokens and Idempotency-Keys, and
    the create quota's spent counts. Safe to run from cron while the server serves (a
    transaction per batch of matches). Example: flask --app wsgi db prune
    """
    import datetime

    from referee.store import expiry, quota

    db = _db()
    ttl = datetime.timedelta(seconds=float(current_app.config["MATCH_EXPIRY_SECONDS"]))
    with db.connection_context():
        pruned = expiry.prune(ttl)
        with db.atomic():
            counts = quota.purge(int(current_app.config["CREATE_QUOTA_SECONDS"]))
    click.echo(f"pruned {pruned} expired match{'es' if pruned != 1 else ''} "
               f"(no deal recorded within {ttl.total_seconds():.0f} s of its creation); "
               f"dropped {counts} spent create-quota count{'s' if counts != 1 else ''}")


@db_group.command("snapshots")
@click.option("--drop", is_flag=True, help="Delete every fold snapshot.")
@click.option("--build", is_flag=True,
              help="Store the snapshots of every match's ledger (one every "
                   "REFEREE_SNAPSHOT_EVERY events).")
def db_snapshots(drop: bool, build: bool) -> None:
    """Count the stored fold snapshots; --drop deletes them all (safe at any time, the server
    serving: folds replay the events until new snapshots are written), --build stores them
    for every match (after an upgrade, for long matches read before they are written again).
    docs/operations.md, "Fold snapshots"."""
    from referee import resume
    from referee.store import snapshots

    if drop and build:
        raise click.UsageError("--drop or --build, not both")
    db = _db()
    with db.connection_context():
        if drop:
            with db.atomic():
                dropped = snapshots.drop()
            click.echo(f"dropped {dropped} fold snapshot{'s' if dropped != 1 else ''}")
            return
        if build:
            for match_id in ledger.match_ids():
                try:
                    resume.build(match_id)
                except (ledger.MatchNotFound, ledger.LedgerTampered) as error:
                    click.echo(f"match {match_id}: {error}")
        stored = snapshots.count()
    click.echo(f"{stored} fold snapshot{'s' if stored != 1 else ''} stored")


# A match id of an older version may begin with "-": an argument that is no option of the
# command is the id (one beginning with "--h" goes after "--").
@db_group.command("verify", context_settings={"ignore_unknown_options": True})
@click.argument("match_id", required=False)
@click.option("--head", "known", metavar="SEQ:HASH",
              help="A head a client kept (a match's head): the ledger must still lead there.")
@click.option("--all", "every", is_flag=True,
              help="Verify every match (for cron); names each one that breaks.")
def db_verify(match_id: str | None, known: str | None, every: bool) -> None:
    """Verify a match's hash chain; exits 1 where it breaks, or when the ledger is cut
    short or rewritten before a head a client kept. With --all (no MATCH_ID): every
    match's chain, one line per broken one and a count; exits 1 if any breaks."""
    if every:
        if match_id is not None or known is not None:
            raise click.UsageError("--all takes no MATCH_ID and no --head")
        _verify_all(_db())
        return
    if match_id is None:
        raise click.UsageError("give a MATCH_ID, or --all")
    with _db().connection_context():
        try:
            broken = ledger.verify_chain(match_id)
            events, _ = ledger.chain_head(match_id)
            check = None
            if known is not None:
                seq, _, digest = known.partition(":")
                if not seq.isdigit() or len(digest) != 64:
                    raise click.BadParameter("SEQ:HASH, as a match's head gives them",
                                             param_hint="--head")
                check = ledger.check_head(match_id, int(seq), digest.lower())
        except ledger.MatchNotFound:
            click.echo(f"match {match_id}: no such match")
            raise SystemExit(1) from None
    failed = False
    if broken is None:
        click.echo(f"match {match_id}: chain intact ({events} events)")
    else:
        click.echo(f"match {match_id}: chain broken at event {broken}")
        failed = True
    if check is not None:
        meaning = {"same": "the ledger ends at the kept head",
                   "extended": "the ledger leads to the kept head and goes on",
                   "behind": f"the ledger is BEHIND the kept head: it has {events} events, "
                             f"the client saw {check.seq} (cut short)",
                   "diverged": f"event {check.seq} is NOT the one the client saw "
                               "(rewritten)"}[check.status]
        click.echo(f"match {match_id}: head {check.seq}: {meaning}")
        failed = failed or not check.consistent
    if failed:
        raise SystemExit(1)


def _verify_all(db: Any) -> None:
    """``flask db verify --all``: every match's chain, one connection per match (a long run
    holds no transaction open); prints each broken match and a count, exits 1 if any."""
    with db.connection_context():
        ids = ledger.match_ids()
    broken = 0
    for match_id in ids:
        with db.connection_context():
            try:
                seq = ledger.verify_chain(match_id)
            except ledger.MatchNotFound:  # a match row without events: nothing to serve
                continue
        if seq is not None:
            broken += 1
            click.echo(f"match {match_id}: chain broken at event {seq}")
    click.echo(f"{len(ids)} matches verified, {broken} broken")
    if broken:
        raise SystemExit(1)
