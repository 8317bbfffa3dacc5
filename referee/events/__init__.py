"""Club nights and tournaments, pure (docs/events.md): the event, its roster, rounds and tables
(:mod:`.model`, E1–E3), how players move between rounds (:mod:`.movements`, E4–E7), the
standings (:mod:`.standings`, E8), who pays whom (:mod:`.payments`, E9), a tournament's
prizes (:mod:`.prizes`, E10) and the statistics per player (:mod:`.statistics`, E12, from
the facts :mod:`.facts` reads of a match).

No Flask and no database: frozen values and plain functions. The facts of each game (its
points, its winner, its settlement) are the match's (``referee.match``), handed in.
"""

from referee.events.model import (
    Entry,
    Event,
    EventError,
    Round,
    Seat,
    Table,
    add_round,
    check_in,
    form_team,
    leave,
    new_event,
    partnership,
    present,
    refusal,
    replace_round,
    solo,
    where,
)
from referee.events.movements import (
    fixed_round,
    manual_round,
    next_round,
    progressive_first,
    progressive_next,
    round_robin_round,
    round_robin_rounds,
    table_sizes,
)
from referee.events.payments import EXACT_LIMIT, Payment, Plan, net_balances, settle
from referee.events.prizes import pot, prizes
from referee.events.standings import GameResult, Standing, leader, standings, team_standings

__all__ = [
    "EXACT_LIMIT",
    "Entry",
    "Event",
    "EventError",
    "GameResult",
    "Payment",
    "Plan",
    "Round",
    "Seat",
    "Standing",
    "Table",
    "add_round",
    "check_in",
    "fixed_round",
    "form_team",
    "leader",
    "leave",
    "manual_round",
    "net_balances",
    "new_event",
    "next_round",
    "partnership",
    "pot",
    "present",
    "prizes",
    "progressive_first",
    "progressive_next",
    "refusal",
    "replace_round",
    "round_robin_round",
    "round_robin_rounds",
    "settle",
    "solo",
    "standings",
    "table_sizes",
    "team_standings",
    "where",
]
