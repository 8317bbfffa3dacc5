"""P2 rotation of the deal and P7 winning the match.

P7: a player (team) wins only at the end of a hand in which he was the pitcher, with a total
at least the target; a non-pitcher past the target does not win that hand. With the option
``pitcher_only_wins=False`` (P8) anyone at or past the target wins, the pitcher counted first.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.pitch.records import DEFAULT_OPTIONS, PitchOptions, check_dealer, check_players


def next_dealer(dealer: int, players: int) -> int:
    """The seat that deals the next hand (P2): the deal passes to the left (clockwise).

    Also after a redeal (everyone passed, P8) the next dealer deals.

    :raises RecordError: ``player_count`` / ``dealer_not_a_seat``.

    >>> next_dealer(3, 4), next_dealer(1, 4)
    (0, 2)
    """
    check_players(players, False)
    check_dealer(dealer, players)
    return (dealer + 1) % players


def moon_winner(
    totals: Sequence[int], pitcher_side: int | None, options: PitchOptions, bid: int | None,
    made: bool | None,
) -> int | None:
    """V9, V13 ``moon="win_game"``: a bid of every point of the game (``options.total``)
    ends the match at the end of that hand: made, the pitcher's side wins; set back, it loses
    and the other side with the highest total wins (our reading of "loses the game": on a tie
    among the others nobody wins yet, as P7's ties). ``None`` when the hand was no shot at the
    moon.

    >>> from referee.pitch.records import variant_options
    >>> ten = variant_options({"variant": "ten_point", "moon": "win_game"})
    >>> moon_winner([12, 30], 0, ten, 10, True), moon_winner([2, 30], 0, ten, 10, False)
    (0, 1)
    """
    if options.moon != "win_game" or pitcher_side is None or bid != options.total:
        return None
    if made:
        return pitcher_side
    others = [side for side in range(len(totals)) if side != pitcher_side]
    best = max((totals[side] for side in others), default=None)
    leaders = [side for side in others if totals[side] == best]
    return leaders[0] if len(leaders) == 1 else None


def match_winner(
    totals: Sequence[int],
    pitcher_side: int | None,
    options: PitchOptions = DEFAULT_OPTIONS,
    bid: int | None = None,
    made: bool | None = None,
) -> int | None:
    """The side that wins the match at the end of a hand, or ``None`` to play on (P7).

    ``totals``: each side's score after the hand (points, may be negative), in the order of
    :func:`~referee.pitch.records.sides_of`. ``pitcher_side``: index of the pitcher's side in
    this hand, ``None`` for a redealt hand (nobody pitched). ``bid`` and ``made``: the
    pitcher's bid and whether he made it, for shooting the moon (:func:`moon_winner`).

    - ``pitcher_only_wins`` (default): the pitcher's side wins when its total is at least
      ``target``; nobody else can win this hand.
    - otherwise: among the sides at or past ``target``, the pitcher's side wins first; else the
      single highest total wins. Tie rule (our interpretation, as P7 gives none): when two or
      more non-pitching sides tie for the highest total at or past the target, nobody wins and
      play goes on, as a tie for Game scores nobody (P5).

    :raises ValueError: when ``pitcher_side`` is not an index of ``totals``.

    >>> match_winner([8, 5, 6], pitcher_side=1)     # a non-pitcher past 7 does not win
    >>> match_winner([8, 5, 7], pitcher_side=2)
    2
    """
    if pitcher_side is not None and not 0 <= pitcher_side < len(totals):
        raise ValueError(f"pitcher_side {pitcher_side} is not one of {len(totals)} sides")
    moon = moon_winner(totals, pitcher_side, options, bid, made)
    if moon is not None:
        return moon
    target = options.target
    if pitcher_side is not None and totals[pitcher_side] >= target:
        return pitcher_side
    if options.pitcher_only_wins:
        return None
    best = max(totals, default=target - 1)
    if best < target:
        return None
    leaders = [side for side, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None
