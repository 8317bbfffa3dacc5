"""A ruling's findings worded in a locale from their code and parameters (P2–P10, Q5–Q8).

The engines word every finding in English (:mod:`referee.pitch.wording`,
:mod:`referee.piquet.wording`) and that sentence is what the ledger stores.  Here each code
is worded again from its parameters alone in any locale (:func:`word_finding`); in English
the result is the engine's own sentence (``tests/test_i18n_findings.py`` checks it over the
worked examples), so a client reads the same facts in every language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from referee.i18n import Message, message, plural_message
from referee.i18n.terms import AND, HAND, POINT, ROLE, SUIT, WORD, piquet_term, seat_words
from referee.piquet import wording as piquet_wording
from referee.pitch import wording as pitch_wording

#: Words a finding from its locale and parameters.
Render = Callable[[str, Mapping[str, Any]], str]

_OTHER = {"elder": "younger", "younger": "elder"}


def _m(key: str, english: str) -> Message:
    return message(f"finding.{key}", english)


def _start(words: str) -> str:
    return words[:1].upper() + words[1:]


def _role(who: str, loc: str) -> str:
    found = ROLE.get(who)
    return who if found is None else found(loc)


def _hand(who: str, loc: str) -> str:
    found = HAND.get(who)
    return who if found is None else found(loc)


def _simple(game: str, code: str, template: str,
            localize: Callable[[str, Mapping[str, Any]], Mapping[str, Any]]) -> Render:
    found = _m(f"{game}.{code}", template)
    return lambda loc, p: found(loc, **localize(loc, p))


# --------------------------------------------------------------------------- Piquet


def _piquet_params(loc: str, p: Mapping[str, Any]) -> Mapping[str, Any]:
    return {k: (_role(v, loc) if k == "who" and isinstance(v, str) else v) for k, v in p.items()}


_TRICKS_OK = _m("piquet.tricks_checked", "12 tricks of 2 cards, following suit checked: no revoke.")
_TRICKS_BROKEN = _m("piquet.tricks_checked.broken",
                    "12 tricks of 2 cards, following suit checked (see the violations).")
_DECL_OK = _m("piquet.declarations_checked",
              "The declarations against the cards each hand played.")
_DECL_BROKEN = _m("piquet.declarations_checked.broken",
                  "The declarations against the cards each hand played (see the violations).")
_STEP_ITEM = _m("piquet.counted.item", "{hand}, {what}: {points}")
LIST = _LIST = message("list.separator", "; ")
_SENTENCE = message("sentence.end", "{words}.")
_PLAY = _m("piquet.play_counted", "In play: elder {elder}, younger {younger} (leads, tricks won "
           "on the other's lead, the last trick).")
_GOOD_EQUAL = _m("piquet.good_as_reported.equal", "In {category} the table said equal: "
                 "{elder} against {younger}, {tie_break} not written.")
_GOOD_SAID = _m("piquet.good_as_reported", "In {category} the table said {said} good: "
                "{elder} against {younger}, {tie_break} not written.")
_GOOD_STANDS = _m("piquet.good_stands", "In {category} the younger hand allowed the elder "
                  "hand's {elder} good holding {younger}, and did not correct it in time: the "
                  "reply stands (PT 51).")
_COMPARED_EQUAL = _m("piquet.category_compared.equal", "{category}: equal, nobody scores.")
_COMPARED = _m("piquet.category_compared",
               "{category}: the {good} hand's {best} beats {other}.")
_ONE_SIDE = _m("piquet.one_side_written", "{category}: only the {who} hand's {shown} is "
               "written; the other is taken to have had nothing better (said good).")
_CAPOT = _m("piquet.cards_won.capot", "The {who} hand: capot, all twelve tricks, {points}.")
_CARDS = _m("piquet.cards_won", "The {who} hand: the cards, {tricks} tricks to "
            "{other_tricks}, {points}.")
_REPIQUE = _m("piquet.repique", "Repique: the {who} hand reached {reached} in the declarations "
              "before the {other} hand scored anything (Q8 order): 60.")
_CLAIMED = _m("piquet.claimed_as_reported", "The claimed points as reported: {items}.")
_CLAIMED_ITEM = _m("piquet.claimed_as_reported.item", "{role} {points}")
ITEMS = _ITEMS = message("list.comma", ", ")
_TOTALS = _m("piquet.totals_possible",
             "Each total is within what one deal can give (0 to {most}).")
_TOTALS_EVERY = _m("piquet.totals_possible.every_lead",
                   "Each total is within what one deal can give (0 to {most}), the elder hand "
                   "has his first lead and together they have the 13 points of the play.")

#: Why a pique was or was not made (Q7), as the sheet's judge words it, read back.
_WHY: tuple[tuple[re.Pattern[str], Message], ...] = tuple(
    (re.compile(pattern), _m(f"piquet.why.{key}", english) if isinstance(english, str)
     else plural_message(f"finding.piquet.why.{key}", *english, "streak"))
    for key, pattern, english in (
        ("repique", r"a repique was made, and it excludes a pique in the same deal",
         "a repique was made, and it excludes a pique in the same deal"),
        ("declared", r"the (?P<opponent>elder|younger) hand scored (?P<n>\d+) in the "
         r"declarations, which count before the play \(Q8\)",
         "the {opponent} hand scored {n} in the declarations, which count before the play "
         "(Q8)"),
        ("alone", r"(?P<mine>\d+) in the declarations, (?P<play>\d+) in play and the "
         r"(?P<opponent>elder|younger) hand nothing in the deal",
         "{mine} in the declarations, {play} in play and the {opponent} hand nothing in the "
         "deal"),
        ("only", r"the deal gives him only (?P<n>\d+) before the end",
         "the deal gives him only {n} before the end"),
        ("every", r"the elder hand's first lead scores 1 before the younger hand plays, so "
         r"under lead_point 'every' only the elder hand can win a pique",
         "the elder hand's first lead scores 1 before the younger hand plays, so under "
         "lead_point 'every' only the elder hand can win a pique"),
        ("first_lead", r"(?P<mine>\d+) in the declarations and 1 for the first lead",
         "{mine} in the declarations and 1 for the first lead"),
        ("streak", r"(?P<mine>\d+) in the declarations and up to (?P<streak>\d+) tricks? led "
         r"and won in a row from the first",
         ("{mine} in the declarations and up to {streak} trick led and won in a row from the "
          "first", "{mine} in the declarations and up to {streak} tricks led and won in a row "
          "from the first")),
        ("streak_short", r"(?P<mine>\d+) in the declarations and at most (?P<streak>\d+) "
         r"tricks? won in a row from the first lead make only (?P<best>\d+) before the "
         r"younger hand scores",
         ("{mine} in the declarations and at most {streak} trick won in a row from the first "
          "lead make only {best} before the younger hand scores", "{mine} in the declarations "
          "and at most {streak} tricks won in a row from the first lead make only {best} before "
          "the younger hand scores")),
        ("short_cards", r"(?P<mine>\d+) in the declarations, (?P<play>\d+) in play and the "
         r"cards make only (?P<best>\d+)",
         "{mine} in the declarations, {play} in play and the cards make only {best}"),
        ("short", r"(?P<mine>\d+) in the declarations, (?P<play>\d+) in play make only "
         r"(?P<best>\d+)", "{mine} in the declarations, {play} in play make only {best}"),
        ("possible_cards", r"(?P<mine>\d+) in the declarations, (?P<play>\d+) in play and "
         r"the cards", "{mine} in the declarations, {play} in play and the cards"),
        ("possible", r"(?P<mine>\d+) in the declarations, (?P<play>\d+) in play",
         "{mine} in the declarations, {play} in play"),
    ))


def pique_why(why: str, loc: str) -> str:
    """A pique verdict's reason (Q7) in ``loc``; as it is when not of the judge's words."""
    for pattern, words in _WHY:
        m = pattern.fullmatch(why)
        if m is not None:
            found = m.groupdict()
            if "opponent" in found:
                found["opponent"] = _role(found["opponent"], loc)
            return words(loc, **found)
    return why


def _steps(loc: str, p: Mapping[str, Any]) -> str:
    items = [_STEP_ITEM(loc, hand=_hand(who, loc), what=piquet_term(said, loc), points=points)
             for who, said, points in zip(p["who"], p["what"], p["points"], strict=True)]
    return _SENTENCE(loc, words=_start(_LIST(loc).join(items)))


def _category(loc: str, p: Mapping[str, Any]) -> str:
    return WORD[p["category"]](loc) if p["category"] in WORD else p["category"]


def _good_as_reported(loc: str, p: Mapping[str, Any]) -> str:
    common = {"category": _category(loc, p), "elder": piquet_term(p["elder"], loc),
              "younger": piquet_term(p["younger"], loc),
              "tie_break": WORD[p["tie_break"]](loc) if p["tie_break"] in WORD
              else p["tie_break"]}
    if p["said"] == "equal":
        return _GOOD_EQUAL(loc, **common)
    return _GOOD_SAID(loc, said=_role(p["said"], loc), **common)


def _category_compared(loc: str, p: Mapping[str, Any]) -> str:
    category = _start(_category(loc, p))
    if p["good"] is None:
        return _COMPARED_EQUAL(loc, category=category)
    return _COMPARED(loc, category=category, good=_role(p["good"], loc),
                     best=piquet_term(p[p["good"]], loc),
                     other=piquet_term(p[_OTHER[p["good"]]], loc))


def _pique(code: str) -> Render:
    english = piquet_wording.FINDING_WORDS[code]
    assert isinstance(english, str)
    found = _m(f"piquet.{code}", english)
    return lambda loc, p: found(loc, who=_role(p["who"], loc), why=pique_why(p["why"], loc))


PIQUET: dict[str, Render] = {
    "tricks_checked": lambda loc, p: (_TRICKS_BROKEN if p["broken"] else _TRICKS_OK)(loc),
    "declarations_checked": lambda loc, p: (_DECL_BROKEN if p["broken"] else _DECL_OK)(loc),
    **{code: _steps for code in piquet_wording.FINDING_WORDS
       if code.endswith("_counted") and code != "play_counted"},
    "play_counted": lambda loc, p: _PLAY(loc, elder=p["elder"], younger=p["younger"]),
    "good_as_reported": _good_as_reported,
    "good_stands": lambda loc, p: _GOOD_STANDS(
        loc, category=_category(loc, p), elder=piquet_term(p["elder"], loc),
        younger=piquet_term(p["younger"], loc)),
    "category_compared": _category_compared,
    "one_side_written": lambda loc, p: _ONE_SIDE(
        loc, category=_start(_category(loc, p)), who=_role(p["who"], loc),
        shown=piquet_term(p["shown"], loc)),
    "cards_won": lambda loc, p: (
        _CAPOT(loc, who=_role(p["who"], loc), points=p["points"]) if p["capot"] else
        _CARDS(loc, who=_role(p["who"], loc), tricks=p["tricks"],
               other_tricks=p["other_tricks"], points=p["points"])),
    "repique": lambda loc, p: _REPIQUE(loc, who=_role(p["who"], loc), reached=p["reached"],
                                       other=_role(_OTHER[p["who"]], loc)),
    "claimed_as_reported": lambda loc, p: _CLAIMED(loc, items=_ITEMS(loc).join(
        _CLAIMED_ITEM(loc, role=_role(r, loc), points=p[r])
        for r in ("elder", "younger") if p.get(r) is not None)),
    "totals_possible": lambda loc, p: (_TOTALS_EVERY if p["every_lead"] else _TOTALS)(
        loc, most=p["most"]),
    **{code: _pique(code) for code in ("pique_verified", "pique_as_reported", "pique_computed",
                                       "pique_possible_not_claimed")},
}
for _code, _words in piquet_wording.FINDING_WORDS.items():
    if _code not in PIQUET and isinstance(_words, str):
        PIQUET[_code] = _simple("piquet", _code, _words, _piquet_params)


# ---------------------------------------------------------------------------- Pitch


def _point_names(points: str, loc: str) -> str:
    if not points:
        return WORD["nothing"](loc)
    return _ITEMS(loc).join(POINT[n](loc) if n in POINT else n for n in points.split(", "))


def _suit(loc: str, trump: str) -> str:
    return SUIT[trump](loc) if trump in SUIT else trump


_AUCTION_CALLS = _m("pitch.auction_legal.calls", "The auction ({calls}, from the dealer's "
                    "left) is legal: {pitcher} is the highest bidder, with {bid}.")
_AUCTION = _m("pitch.auction_legal", "The auction is legal: {pitcher} is the pitcher, bid {bid}.")
_READ_CALLS = _m("pitch.auction_read_as_played.calls", "Read as the table played it, the "
                 "auction ({calls}) makes {pitcher} the pitcher with {bid}.")
_READ = _m("pitch.auction_read_as_played", "The auction breaks P3 (see the violations); read "
           "as the table played it, {pitcher} is the pitcher with a bid of {bid}.")
_HIGHEST = _m("pitch.highest_bidder_as_reported",
              "{pitcher} was the highest bidder, with {bid} (the auction was not given).")
_MADE = _m("pitch.bid_made_as_reported", "{pitcher} made its bid (not given).")
_TRUMP_TRICKS = _m("pitch.trump_and_tricks",
                   "Trump is {trump}, the suit of the first lead; each trick's winner.")
_TRUMP = _m("pitch.trump_as_reported", "Trump was {trump}.")
_WON_CARDS = _m("pitch.points_won.from_cards",
                "High, Low, Jack and Game from the cards won: {items}.")
_WON = _m("pitch.points_won", "Points won: {items}.")
_WON_ITEM = _m("pitch.points_won.item", "{side} {won} ({points})")
_VARIANT_WON = _m("pitch.variant_points_won", "Points won, each at its value: {items}.")
_VARIANT_TAKEN = _m("pitch.variant_points_as_reported",
                    "Who took each point, as written (no cards were given): {items}.")
_VARIANT_TAKEN_ITEM = _m("pitch.variant_points_as_reported.item", "{point} {who}")
_HIGH_LOW_DEALT = _m("pitch.high_low_as_reported.dealt",
                     "{high} took High and {low} was dealt Low (no cards were given).")
_HIGH_LOW = _m("pitch.high_low_as_reported",
               "{high} took High and {low} took Low (no cards were given).")
_JACK = _m("pitch.jack_as_reported", "{jack} took the jack of trumps.")
_GAME = _m("pitch.game_as_reported", "{game} took Game (no counts were given).")
_COUNTS_SEP = message("pitch.counts.separator", " v ")
_GAME_AGREES = _m("pitch.game_agrees_with_counts", "Game agrees with the counts ({counts}): "
                  "{leader} has the highest count ({best}).")
_GAME_AGREES_TIE = _m("pitch.game_agrees_with_counts.tie",
                      "Game agrees with the counts ({counts}): {leaders} tie at {best}.")
_AND = AND
_GAME_POINTS = _m("pitch.game_points_as_reported",
                  "The game points as the table counted them: {counts}.")
_SINGLE = _m("pitch.single_trump", "A single trump in play is both High and Low: {pitcher} "
             "scores {points} for it, as the pitcher led it.")
_SINGLE_JACK = _m("pitch.single_trump.jack", "A single trump in play is both High and Low and "
                  "the Jack: {pitcher} scores {points} for it, as the pitcher led it.")
_MADE_BID = _m("pitch.bid_result.made", "{pitcher} bid {bid} and won {won}: it scores {won}.")
_SET_BID = _m("pitch.bid_result.set", "{pitcher} bid {bid} and won only {won}: it is set back "
              "{bid}.")
_AS_PLAYED = _m("pitch.as_played", "As played: {sentence}")
_SET_BACK = _m("pitch.set_back", "{pitcher} was set back: it bid {bid}.")
_SET_BACK_FIT = plural_message(
    "finding.pitch.set_back_points_fit",
    "{pitcher} was set back {bid}: the others' {others} point fits ({least} to 4).",
    "{pitcher} was set back {bid}: the others' {others} points fit ({least} to 4).", "others")
_REVOKE = _m("pitch.revoke_penalised", "Revoke ({penalty}): {offenders} penalised; the scores "
             "after the penalty: {after}.")
_VARIANT_SCORES = plural_message(
    "finding.pitch.variant_scores_possible",
    "Each score is possible in one hand of this game ({total} point in all): the pitcher at "
    "least his bid or minus the bid.",
    "Each score is possible in one hand of this game ({total} points in all): the pitcher at "
    "least his bid or minus the bid.", "total")
_MISDEAL = _m("pitch.misdeal_shown", "The hands as dealt show a misdeal: {items} cards, not six.")
_MISDEAL_ITEM = _m("pitch.misdeal_shown.item", "{who} {cards}")


def _as_played(loc: str, p: Mapping[str, Any], sentence: str) -> str:
    """P6: "As played: …" before a sentence that goes on from the pitcher as named."""
    return _AS_PLAYED(loc, sentence=sentence) if p.get("as_played") else sentence


def _bid_result(loc: str, p: Mapping[str, Any]) -> str:
    made = _MADE_BID if p["won"] >= p["bid"] else _SET_BID
    pitcher = p["pitcher"] if p.get("as_played") else _start(p["pitcher"])
    return _as_played(loc, p, made(loc, pitcher=pitcher, bid=p["bid"], won=p["won"]))


def _points_won(loc: str, p: Mapping[str, Any]) -> str:
    items = "; ".join(_WON_ITEM(loc, side=side, won=won, points=_point_names(points, loc))
                      for side, won, points in zip(p["sides"], p["won"], p["points"],
                                                   strict=True))
    return (_WON_CARDS if p["from_cards"] else _WON)(loc, items=items)


def _variant_points_won(loc: str, p: Mapping[str, Any]) -> str:
    """V7: each side's points at their values; a variant's own point names (the off-jack,
    the three…) stay as the engine names them where the catalog has no word for them."""
    items = LIST(loc).join(
        _WON_ITEM(loc, side=side, won=won, points=_point_names(points, loc))
        for side, won, points in zip(p["sides"], p["won"], p["points"], strict=True))
    return _VARIANT_WON(loc, items=items)


def _game_agrees(loc: str, p: Mapping[str, Any]) -> str:
    counts = _COUNTS_SEP(loc).join(map(str, p["counts"]))
    if len(p["leaders"]) == 1:
        return _GAME_AGREES(loc, counts=counts, leader=p["leaders"][0], best=p["best"])
    return _GAME_AGREES_TIE(loc, counts=counts, leaders=_AND(loc).join(p["leaders"]),
                            best=p["best"])


PITCH: dict[str, Render] = {
    "auction_legal": lambda loc, p: (
        _AUCTION_CALLS(loc, calls=", ".join(map(str, p["calls"])), pitcher=p["pitcher"],
                       bid=p["bid"]) if "calls" in p else
        _AUCTION(loc, pitcher=p["pitcher"], bid=p["bid"])),
    "auction_read_as_played": lambda loc, p: (
        _READ_CALLS(loc, calls=", ".join(map(str, p["calls"])), pitcher=p["pitcher"],
                    bid=p["bid"]) if "calls" in p else
        _READ(loc, pitcher=p["pitcher"], bid=p["bid"])),
    "highest_bidder_as_reported": lambda loc, p: _HIGHEST(
        loc, pitcher=_start(p["pitcher"]), bid=p["bid"]),
    "bid_made_as_reported": lambda loc, p: _MADE(loc, pitcher=_start(p["pitcher"])),
    "trump_and_tricks": lambda loc, p: _TRUMP_TRICKS(loc, trump=_suit(loc, p["trump"])),
    "trump_as_reported": lambda loc, p: _TRUMP(loc, trump=_suit(loc, p["trump"])),
    "points_won": _points_won,
    "variant_points_won": _variant_points_won,
    "variant_points_as_reported": lambda loc, p: _VARIANT_TAKEN(loc, items=_ITEMS(loc).join(
        _VARIANT_TAKEN_ITEM(loc, point=POINT[n](loc) if n in POINT else n, who=who)
        for n, who in zip(p["points"], p["seats"], strict=True))),
    "high_low_as_reported": lambda loc, p: (
        _HIGH_LOW_DEALT if p["low_to_holder"] else _HIGH_LOW)(
        loc, high=_start(p["high"]), low=p["low"]),
    "jack_as_reported": lambda loc, p: _JACK(loc, jack=_start(p["jack"])),
    "game_as_reported": lambda loc, p: _GAME(loc, game=_start(p["game"])),
    "game_agrees_with_counts": _game_agrees,
    "game_points_as_reported": lambda loc, p: _GAME_POINTS(
        loc, counts=_COUNTS_SEP(loc).join(map(str, p["counts"]))),
    "single_trump": lambda loc, p: (_SINGLE_JACK if p["points"] == 3 else _SINGLE)(
        loc, pitcher=p["pitcher"], points=p["points"]),
    "bid_result": _bid_result,
    "set_back": lambda loc, p: _SET_BACK(loc, pitcher=_start(p["pitcher"]), bid=p["bid"]),
    "set_back_points_fit": lambda loc, p: _SET_BACK_FIT(
        loc, pitcher=_start(p["pitcher"]), bid=p["bid"], others=p["others"],
        least=p["least"]),
    "revoke_penalised": lambda loc, p: _REVOKE(
        loc, penalty=p["penalty"], offenders=", ".join(p["offenders"]),
        after=", ".join(f"{x:+d}" for x in p["after"])),
    "variant_scores_possible": lambda loc, p: _VARIANT_SCORES(loc, total=p["total"]),
    "misdeal_shown": lambda loc, p: _MISDEAL(loc, items=", ".join(
        _MISDEAL_ITEM(loc, who=who, cards=n)
        for who, n in zip(p["players"], p["cards"], strict=True))),
    # The irregularity's own sentence (P10) is worded by the consequence it had: English.
    "irregularity": lambda loc, p: str(p["what"]),
}


def _new_deal_params(loc: str, p: Mapping[str, Any]) -> Mapping[str, Any]:
    """A new deal's finding (P10): its source (the rule books' words) in the locale too."""
    from referee.i18n.sentences import SOURCE  # sentences reads this module: at call time

    source = p.get("source")
    return {**p, "source": SOURCE[source](loc) if source in SOURCE else source}


PITCH["new_deal"] = _simple("pitch", "new_deal", str(pitch_wording.FINDING_WORDS["new_deal"]),
                            _new_deal_params)
for _code, _words in pitch_wording.FINDING_WORDS.items():
    if _code not in PITCH and isinstance(_words, str):
        PITCH[_code] = _simple("pitch", _code, _words, lambda loc, p: p)

#: Each game's renderers by finding code.
RENDERERS: dict[str, dict[str, Render]] = {"pitch": PITCH, "piquet": PIQUET}


def _seats(value: Any, locale: str) -> Any:
    if isinstance(value, str):
        return seat_words(value, locale)
    if isinstance(value, (list, tuple)):
        return [_seats(v, locale) for v in value]
    return value


def word_finding(
    game: str | None, code: str, params: Mapping[str, Any], locale: str
) -> str | None:
    """The sentence of finding ``code`` of ``game`` ("pitch" or "piquet"; None: the game whose
    code it is, as no code is both games') made from ``params`` in ``locale``; None when the
    code has no words here or the parameters do not fit (a ruling stored before findings had
    parameters): its stored words stand."""
    render = PITCH.get(code) or PIQUET.get(code) if game is None \
        else RENDERERS.get(game, {}).get(code)
    if render is None:
        return None
    if code in PITCH and locale != "en":  # the sides by seat when the names are not known
        params = {k: _seats(v, locale) for k, v in params.items()}
    try:
        return render(locale, params)
    except (KeyError, IndexError, TypeError, ValueError):
        return None
