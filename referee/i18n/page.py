"""The table page's own words (referee/web), one message per string (``page.<name>``).

The page marks each of its HTML strings ``data-i18n="<name>"`` and words its scripts with
``t("<name>", "<English>")`` (referee/web/language.js); the English written there must be the
English registered here (``tests/i18n/test_catalogs.py`` compares them), and the page reads
each locale's words from ``/table/i18n/<locale>.json`` (:func:`catalog_json`).
"""

from __future__ import annotations

from referee.i18n import LOCALES, Message, message, translation

_PAGE: dict[str, str] = {
    "title": "referee — the table",
    "language": "Language",
    "offline": "offline — taps are kept",
    "noscript": "This page needs JavaScript to record a game.",
    "home.start": "Start a match",
    "home.game": "Game",
    "home.players": "Players",
    "home.seating": "in seating order",
    "home.add_player": "+ Add a player",
    "home.table_language": "Table language (every phone reads the table's words)",
    "home.each_phone": "each phone's own",
    "piquet.options": "Piquet options",
    "piquet.first_dealer": "First dealer (younger hand)",
    "piquet.stake": "Stake per point",
    "piquet.currency": "Currency",
    "piquet.lead_point": "Points for a lead",
    "piquet.lead_every": "every lead scores 1",
    "piquet.lead_ten": "only leads of a ten or higher",
    "piquet.cards_pique": "The cards (10) count towards a pique",
    "pitch.options": "Pitch options",
    "pitch.first_dealer": "First dealer",
    "pitch.play_to": "Play to",
    "pitch.variant": "Points in a hand",
    "pitch.variant.four_point": "4: High, Low, Jack, Game",
    "pitch.variant.five_point": "5: and the off-jack",
    "pitch.variant.five_point_joker": "5: and a joker",
    "pitch.variant.six_point": "6: off-jack and a joker",
    "pitch.variant.seven_point": "7: off-jack and two jokers",
    "pitch.variant.nine_point": "9: the five of trumps is 5",
    "pitch.variant.ten_point": "10: off-jack, jokers, three, ten; trumps only",
    "pitch.variant.eleven_point": "11: 10 and the off-ace",
    "pitch.variant.thirteen_point": "13: 10 and the off-three",
    "pitch.low_goes": "Low goes to",
    "pitch.low_captor": "who wins it in a trick",
    "pitch.low_holder": "who was dealt it",
    "pitch.partners": "Partners (4 players, seats 1+3 against 2+4)",
    "house.title": "House rules",
    "house.note": "Each rule is as the game has it until you change it. The highest bid "
                  "follows the points, and the stuck dealer's bid the lowest bid, unless "
                  "you change them.",
    "house.points": "Points that score",
    "house.point.high": "High",
    "house.point.low": "Low",
    "house.point.jack": "Jack",
    "house.point.game": "Game",
    "house.point.off_jack": "Off-jack",
    "house.point.joker": "Joker (one in the pack)",
    "house.point.big_joker": "Big joker",
    "house.point.little_joker": "Little joker",
    "house.point.ten": "Ten of trumps",
    "house.point.three": "Three of trumps (3)",
    "house.point.five": "Five of trumps (5)",
    "house.point.off_ace": "Off-ace",
    "house.point.off_three": "Off-three (3)",
    "house.play": "Play",
    "house.play.trump_anytime": "follow suit or trump",
    "house.play.follow_suit": "follow suit",
    "house.play.trump_only": "trumps only (players out of trumps fold)",
    "house.first_lead": "The pitcher's first card",
    "house.first_lead.trump": "must be a trump",
    "house.first_lead.any": "any card (trump named)",
    "house.pitched_joker": "A joker pitched first",
    "house.pitched_joker.named": "the suit named is trump",
    "house.pitched_joker.spades": "makes spades trump",
    "house.joker_rank": "Jokers rank",
    "house.joker_rank.below_jacks": "below the jacks",
    "house.joker_rank.below_two": "below the two",
    "house.joker_order": "Two jokers",
    "house.joker_order.marked": "big and little told apart",
    "house.joker_order.first_played": "alike: the first played is the big one",
    "house.joker_game": "Jokers in Game",
    "house.joker_game.none": "count nothing",
    "house.joker_game.tiebreak": "break a tie",
    "house.deck": "Pack",
    "house.deck.full": "every card",
    "house.deck.five_to_ace": "5 to ace",
    "house.deck.nine_to_ace": "9 to ace",
    "house.deck.two_and_nine_to_ace": "2 and 9 to ace",
    "house.draw": "Draw after the bid",
    "house.draw.none": "no draw",
    "house.draw.non_trump": "non-trumps thrown, others drawn",
    "house.draw.any": "any cards thrown and drawn",
    "house.kitty": "Kitty (cards)",
    "house.cards_dealt": "Cards dealt to each",
    "house.min_bid": "Lowest bid",
    "house.max_bid": "Highest bid",
    "house.stuck": "A stuck dealer bids at least",
    "house.stuck.none": "nothing: the next dealer deals",
    "house.dealer_steal": "The dealer may take the bid",
    "house.dealer_steal.match_below_4": "at the same number, below 4",
    "house.dealer_steal.match_below_max": "at the same number, below the most",
    "house.dealer_steal.outbid_only": "only by bidding more",
    "house.dealer_steal.match_any": "at the same number, always",
    "house.pitcher_only_wins": "Only the pitcher's side can win the match",
    "house.either_side_wins": "Either side can win the match",
    "house.moon": "A bid of every point (shoot the moon)",
    "house.moon.none": "scores as any bid",
    "house.moon.win_game": "made, wins the match; failed, loses it",
    "home.submit": "Start the match",
    "home.saved": "Matches on this phone",
    "match.title": "The match",
    "tab.play": "Play",
    "tab.score": "Score",
    "tab.share": "Share",
    "match.readonly": "Watching (read-only): this link cannot record.",
    "play.irregular": "Something irregular happened at the table (a revoke, a card or bid out "
                      "of turn, a wrong deal): let me record it",
    "play.undo": "↶ Undo the last entry",
    "score.deals": "Deals",
    "records.open": "Open a record",
    "records.open_text": "A record file (.toml) of a deal or a match, kept or mailed: have it "
                         "ruled, or import it as a new match.",
    "records.rule": "Rule it",
    "records.import": "Import it as a new match",
    "records.download": "Download the record",
    "records.download_text": "The match as a file to keep, mail or open on another referee.",
    "records.downloaded": "The record is downloaded.",
    "records.deal": "deal",
    "records.agrees": "the claim agrees",
    "records.parts": "the claim parts from the ruling",
    "records.ruled": "Every deal ruled:",
    "share.watch": "Let others watch",
    "share.watch_text": "Anyone with this link sees the score; it cannot record.",
    "share.copy": "Copy",
    "share.no_read_link": "The read-only link was shown only on the phone that started the "
                          "match.",
    "share.second": "A second phone that records",
    "share.second_text": "This link can record and correct. Give it only to someone at the "
                         "table.",
    "message.not_recorded": "Not recorded. ",
    "message.changed": "The record has changed. ",
    "message.unreadable": "The page sent something the referee cannot read: ",
    "message.wrong": "Something went wrong.",
    "message.rule": " (rule ",
    "app.no_key": "This phone has no key to that match: open the link you were sent.",
    "score.wins": "{winner} wins the partie.",
    "score.rubiconed": "{loser} is rubiconed (under 100) and pays both totals plus 100, ",
    "score.pays": "{loser} pays the difference plus 100, ",
    "score.payment": "{payment} points",
    "score.drawn": "The partie is drawn:",
    "score.nobody_pays": " nobody pays.",
}

#: Each page string's message, by its name on the page.
PAGE: dict[str, Message] = {name: message(f"page.{name}", english)
                            for name, english in _PAGE.items()}

#: Each locale's name in its own language, for the page's language switch.
NATIVE_NAMES: dict[str, str] = {"en": "English", "fr": "Français", "de": "Deutsch",
                                "pl": "Polski"}


def catalog_json(locale: str) -> dict[str, object]:
    """The page's catalog for ``locale``: ``{"locale", "locales": {code: native name},
    "messages": {name: words}}``, every page string present (the English where the locale
    has no words)."""
    assert set(NATIVE_NAMES) == set(LOCALES)
    return {"locale": locale, "locales": NATIVE_NAMES,
            "messages": {name: translation(locale, found) for name, found in PAGE.items()}}
