"""A match's fold as bytes, and back: what a stored snapshot holds (docs/operations.md,
"Fold snapshots").

A snapshot is the :class:`~referee.match.state.Fold` of a ledger's first events (1 to
``fold.version``), so that a fold can resume from it instead of replaying the whole ledger.
It is only valid for the code that made it: :func:`version` names that code (the fold, the
games' adapters and the rules engines), and a snapshot of another version is never read.

The bytes are a pickle. :func:`load` runs it, so it must only ever be given bytes this
server made: the store signs each snapshot with the ledger key and hands back only the ones
whose signature verifies (referee/store/snapshots.py).

Pure: no database, no Flask; :func:`version` reads the package's own source files once.
"""

from __future__ import annotations

import functools
import hashlib
import pickle
import sys
from pathlib import Path

from referee.match.state import Fold, Game

#: Bumped by hand when what a snapshot holds changes meaning without a change to the sources
#: :func:`version` hashes (e.g. how :func:`dump` prunes the fold).
FORMAT = 1

#: The parts of the ``referee`` package a fold never runs: the HTTP layer, the store, the
#: page, the languages' words (made at the edge: a new translation keeps the snapshots).
#: Every other source file (the fold and the games' adapters in match/, the rules engines,
#: the modules beside them: cards, violations, rulings…) is in :func:`version`, a module
#: added later included.
_NOT_FOLDED = ("api", "store", "web", "i18n")

#: Attributes of a fold never stored: the game's rules (named instead), and what the fold
#: works out again when asked (its state; the deal in progress as ruled by the last step;
#: what its finished deals decide).
_NOT_STORED = frozenset({"game", "_state", "_known_check", "_settled"})


@functools.cache
def version() -> str:
    """The version of the code that folds a match: :data:`FORMAT`, Python's major.minor and
    the SHA-256 of the package's sources but those of :data:`_NOT_FOLDED` (so any change to
    the fold, an adapter or an engine gives a new version, and every older snapshot is
    ignored). 24 characters, e.g. ``"1-3.11-5e0c9a2b7d41f6a3"``."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for file in sorted(root.rglob("*.py")):
        name = file.relative_to(root).as_posix()
        if name.split("/", 1)[0] in _NOT_FOLDED:
            continue
        digest.update(name.encode() + b"\x00")
        digest.update(file.read_bytes() + b"\x00")
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    return f"{FORMAT}-{python}-{digest.hexdigest()[:16]}"


def dump(fold: Fold) -> bytes:
    """The fold as bytes (a pickle): every attribute but the game's rules (its name instead)
    and what the fold works out again. What only the past needed is left out: the seqs its
    undos took back (all at or before its version, and nothing after it may take back one
    of those: see :meth:`Fold.can_extend`), and who entered events that no undo can reach
    any more (only the first seq of each undoable group is ever asked for)."""
    attrs = {k: v for k, v in vars(fold).items() if k not in _NOT_STORED}
    attrs["voided"] = set()
    reachable = {group[0] for group in fold.undoable}
    attrs["entered"] = {seq: by for seq, by in fold.entered.items() if seq in reachable}
    return pickle.dumps((FORMAT, fold.game.name, attrs), protocol=pickle.HIGHEST_PROTOCOL)


def load(blob: bytes, games: dict[str, Game]) -> Fold:
    """The fold :func:`dump` made ``blob`` of, with the rules of ``games`` (game name → its
    adapter). Only for bytes this server made and signed (a pickle runs code).

    :raises ValueError: ``blob`` is of another :data:`FORMAT`, or of an unknown game.
    """
    made, game, attrs = pickle.loads(blob)  # signed by this server and verified (see above)
    if made != FORMAT or game not in games:
        raise ValueError(f"a fold snapshot of format {made!r}, game {game!r}")
    fold = Fold.__new__(Fold)
    vars(fold).update(attrs)
    fold.game = games[game]
    fold._state = None
    fold._known_check = None
    fold._settled = None
    return fold
