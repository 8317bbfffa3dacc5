"""The table page's own words (referee/web), one message per string (``page.<name>``).

The page marks each of its HTML strings ``data-i18n="<name>"`` and words its scripts with
``t("<name>", "<English>")`` (referee/web/language.js); the English written there must be the
English registered here (``tests/i18n/test_catalogs.py`` compares them), and the page reads
each locale's words from ``/table/i18n/<locale>.json`` (:func:`catalog_json`).
"""

from __future__ import annotations

from referee.i18n import (
    LOCALES,
    Message,
    catalog,
    categories,
    message,
    plural_entry_complete,
    plural_message,
    translation,
)



def _forms(text: str, one: str, other: str) -> tuple[str, str]:
    """A long string said of a count, its two English forms: ``text`` with its ``<noun>``
    the singular ``one``, then the plural ``other``."""
    noun = text[text.index("<"):text.index(">") + 1]
    return text.replace(noun, one), text.replace(noun, other)


#: Each page string's English; a string said of a count has its two English forms, for one
#: and for any other number (``tn("name", "{n} trick", "{n} tricks", count)`` on the page).
_PAGE: dict[str, str | tuple[str, str]] = {
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
    "records.import_disputed": "Import it anyway, these deals disputed",
    "records.import_disputed_text": "The deals that break the rules are recorded as they "
                                    "stand and disputed until their cards rule them.",
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
    "score.payment": ("{payment} point", "{payment} points"),
    "score.drawn": "The partie is drawn:",
    "score.nobody_pays": " nobody pays.",
    "play.ledger_number": " (deal no. {n} in the ledger)",
    "play.deal_of": "Deal {n} of {required}",
    "play.withheld": "All the deals are in; the result waits for the disputed deal.",
    "play.withheld_short": "Result waits for the disputed deal",
    "play.provisional": " (provisional)",
    "play.drawn": "The match is drawn{until}.",
    "play.drawn_short": "Match drawn{until}",
    "play.over": "The match is over: {winner} wins{until}.",
    "play.over_short": "Match over: {winner} wins{until}",
    "play.settling_deal": "Settling deal {n} by its cards",
    "play.settling_hand": "Settling hand {n} by its cards",
    "play.dealt": "{player} dealt",
    "play.roles": "{elder} elder, {younger} deals",
    "play.hand": "Hand {n}",
    "play.deals": "{player} deals",
    "play.to_target": "to {target}",
    "play.versus": " v ",
    "play.score_tab_settlement": "The Score tab has the ledger and the settlement.",
    "play.score_tab": "The Score tab has the ledger.",
    "play.all_cards_in": "All the cards are in",
    "play.waiting_referee": "Waiting for the referee",
    "play.score_online": "The score comes when the phone is back online.",
    "play.to_bid": "{player} to bid",
    "play.hand_deals": "Hand {n}, {player} deals",
    "play.next_card": "Next card",
    "play.elder": "elder",
    "play.younger": "younger",
    "play.every_card": " · every card can be tapped",
    "play.only_allowed": " · only the cards allowed are offered",
    "play.to_lead": "{who} to lead",
    "play.to_play": "{who} to play",
    "play.trick": "Trick {n}",
    "play.next": "Next: {action}",
    "play.last_trick": "Last trick:",
    "play.on_table": "On the table:",
    "play.chip_waiting": " (waiting to be sent)",
    "play.waiting": ("{n} entry waiting to be sent", "{n} entries waiting to be sent"),
    "play.waiting_last": " · last: {last}. ",
    "play.held_back": "Held back: see below.",
    "play.in_order": "They go in order as soon as the referee answers; nothing is lost.",
    "play.pass": "Pass",
    "play.pitch": "Pitch (4)",
    "play.bid": "Bid {call}",
    "play.not_allowed": ", not allowed",
    "play.folds_label": "— out of trumps (folds)",
    "play.folds": "— out of trumps",
    "play.state_waiting": ", waiting to be sent",
    "play.state_played": ", played",
    "play.bids": "Bids",
    "play.pass_word": "pass",
    "play.exchange_recorded": "Exchange recorded: {list}.",
    "play.exchanged": ("{player} exchanged {n} card", "{player} exchanged {n} cards"),
    "play.carte_blanche": "carte blanche",
    "play.point_of": "point of {n}",
    "play.declared": "{player} declared: {said}.",
    "play.nothing": "nothing",
    "play.tricks_so_far": "Deal {n}: tricks so far",
    "play.scored": "Deal {n} scored",
    "score.side_wins": "{winner} win the match.",
    "score.player_wins": "{winner} wins the match.",
    "score.partie": (
        "Partie of {deals} deal: {played} played. Under 100 at the end is the Rubicon.",
        "Partie of {deals} deals: {played} played. Under 100 at the end is the Rubicon.",
    ),
    "score.playing_to": "Playing to {target}: the pitcher wins when his side reaches it.",
    "score.none_yet": "No deal scored yet.",
    "score.dealt_by": "dealt by {dealer}",
    "score.void_deal": "Void deal {n}",
    "score.void": "Void",
    "score.the_deals": "The deals",
    "score.deal": "Deal",
    "score.notes": "Notes",
    "score.answer_waiting_deal": (
        "Your answer on deal {n} is sent as soon as the phone is back online."
    ),
    "score.answer_waiting_hand": (
        "Your answer on hand {n} is sent as soon as the phone is back online."
    ),
    "score.confirm_deal": "✓ Confirm deal {n}",
    "score.confirm_hand": "✓ Confirm hand {n}",
    "score.voided": "voided",
    "score.why_placeholder": "Why? e.g. misdeal",
    "score.why_void": "Why void deal {n}",
    "score.keep_deal": "Keep deal {n}",
    "score.keep": "Keep",
    # two phones recording the same place (screens/clash.js)
    "clash.phone_of": "{name}'s phone",
    "clash.another_phone": "another phone",
    "clash.shared_phone": "the shared phone",
    "clash.deal": "deal",
    "clash.hand": "hand",
    "clash.points": ("{v} point", "{v} points"),
    "clash.carte_blanche": "carte blanche",
    "clash.pips": (", {pips} pip", ", {pips} pips"),
    "clash.equal": " (equal)",
    "clash.point_of": "point of {cards}",
    "clash.good": ", good",
    "clash.sequence_of": "sequence of {n}",
    "clash.to_the": " to the {rank}",
    "clash.set": "{count} {ranks}",
    "clash.tricks": ("{n} trick", "{n} tricks"),
    "clash.in_play": "{p} in play",
    "clash.pique": "pique",
    "clash.claims": "claims {c}",
    "clash.pitched": "pitched",
    "clash.passed": "{player} passed",
    "clash.bid": "{player} bid {call}",
    "clash.player": "Player",
    "clash.points_in_all": ("{points} point in all", "{points} points in all"),
    "clash.who_piquet": "{elder} elder, {younger} dealt",
    "clash.who_pitch": "{dealer} dealt",
    "clash.already": "{Deal} {n} is already recorded",
    "clash.deal_first": (
        "{Phone} recorded {deal} {n} first. This phone's {mine}, was written before it knew and "
        "waits: nothing of it is recorded until you choose."
    ),
    "clash.two_lines": "{Deal} {n} ({who}): the two lines",
    "clash.this_phone": "This phone",
    "clash.this_side": "this side",
    "clash.theirs": "Theirs is right",
    "clash.confirmed": "{Deal} {n} is confirmed as {phone} wrote it; this phone's line is dropped.",
    "clash.stays": "{Deal} {n} stays as {phone} wrote it; this phone's line is dropped.",
    "clash.confirming": "confirming {deal} {n}",
    "clash.mine_dispute": "Mine is right: dispute theirs",
    "clash.disputed": (
        "{Deal} {n} is disputed, with this phone's line as {claimer}'s claim; the referee decides "
        "from the cards, as for any dispute."
    ),
    "clash.reason": "{phone} wrote {deal} {n} otherwise.",
    "clash.next_piquet": "{elder} is elder and {younger} deals",
    "clash.next_pitch": "{dealer} deals",
    "clash.another": "This was another deal",
    "clash.recorded_as": (
        "Recorded as {deal} {n}, where {who}: each player's part of the line goes to the same "
        "player."
    ),
    "clash.what_happened": "What happened?",
    "clash.cannot_dispute": (
        "This phone cannot dispute {deal} {n} (the other side's phone answers it): if it is wrong, "
        "void it on the Score tab and record it again."
    ),
    "clash.disputing": "disputing {deal} {n}",
    "clash.why_wrong": "Why is {deal} {n} wrong?",
    "clash.dispute_note": (
        "The other side and the referee read it; this phone's line goes with it as the claim."
    ),
    "clash.dispute": "Dispute {deal} {n}",
    "clash.back": "Back",
    "clash.place_card": "{deal} {n}, trick {trick}, card {card}",
    "clash.place_call": "{deal} {n}, call {call}",
    "clash.pass": "pass",
    "clash.bid_of": "bid of {call}",
    "clash.players_step": "{player}'s {what}",
    "clash.the_step": "the {what}",
    "clash.step_first": "Another phone recorded {place} first",
    "clash.step_both": (
        "{Phone} has {theirs} there; this phone has {mine}, tapped before it knew: it waits until "
        "you choose."
    ),
    "clash.two_entries": "{Place}: the two entries",
    "clash.dropped_trick": "This phone's entry is dropped, with its later taps of trick {trick}.",
    "clash.dropped_calls": "This phone's entry is dropped, with its later calls.",
    "clash.dropped": "This phone's entry is dropped.",
    "clash.both": "Both happened: record mine after it",
    "clash.goes_at": (
        "This phone's entry goes at {place}, its later taps after it; the referee checks it there."
    ),
    "clash.mine_undo": "Mine is right: take theirs back",
    "clash.undone": (
        "{Phone}'s entry is undone (it is the last one recorded), then this phone's is recorded at "
        "{place}."
    ),
    "clash.undo_reason": "two phones recorded {place}: {step} is right",
    "clash.followed": (
        "If this phone's entry is right, {Phone}'s is followed by other entries now: undo back to "
        "it, or record what happened with “Something irregular happened”."
    ),
    "clash.drop": "Drop mine",
    "clash.not_recorded": "This phone's entry is not recorded.",
    "clash.not_next_place": "Not the next place: {place}",
    "clash.tapped_for": (
        "{Step} on this phone was tapped for {place}; the referee's next place is {next}."
    ),
    "clash.elsewhere": "elsewhere",
    "clash.record_there": "Record it there",
    "clash.at_next": "At {place}, its later taps after it; the referee checks it there.",
    "clash.not_next_deal": "Not the next {deal}: {deal} {n}",
    "clash.written_for": (
        "This phone's {entry} was written for a {deal} that is not the next one: the referee's "
        "next {deal} is {next}."
    ),
    "clash.what_now": "What now?",
    "clash.cards_so_far": "the cards of {deal} {n} so far: {cards}",
    "clash.last_four": " (the last four)",
    "clash.bids_so_far": "the bids so far: {bids}",
    "clash.scored": "{deals} scored; the match is now at {deal} {n}",
    "clash.match_at": "the match is at {deal} {n}",
    "clash.now_bid": " Now: {player} to bid.",
    "clash.now_play": " Now: {player} to play.",
    "clash.something_first": "Another phone recorded something first",
    "clash.it_recorded": "It recorded {theirs}.",
    "clash.waiting": ("This phone still has {n} entry waiting: {entries}.",
                      "This phone still has {n} entries waiting: {entries}."),
    "clash.undo_now": (
        "An undo sent now takes back the last entry the referee has: the other phone's."
    ),
    "clash.send_after": "Send mine after it",
    "clash.deals": ("{n} deal", "{n} deals"),
    "clash.hands": ("{n} hand", "{n} hands"),
    "clash.count.3": "three",
    "clash.count.4": "four",
    "clash.sequence.3": "tierce",
    "clash.sequence.4": "quart",
    "clash.sequence.5": "quint",
    "clash.sequence.6": "sixième",
    "clash.sequence.7": "septième",
    "clash.sequence.8": "huitième",
    "clash.rank.A": "ace",
    "clash.ranks.A": "aces",
    "clash.rank.K": "king",
    "clash.ranks.K": "kings",
    "clash.rank.Q": "queen",
    "clash.ranks.Q": "queens",
    "clash.rank.J": "jack",
    "clash.ranks.J": "jacks",
    "clash.rank.T": "ten",
    "clash.ranks.T": "tens",
    "clash.rank.9": "nine",
    "clash.ranks.9": "nines",
    "clash.rank.8": "eight",
    "clash.ranks.8": "eights",
    "clash.rank.7": "seven",
    "clash.ranks.7": "sevens",
    # a card in words (cards.js cardWords): "{rank} of {suit}", each language's order
    "card.words": "{rank} of {suit}",
    "card.rank.A": "ace",
    "card.rank.K": "king",
    "card.rank.Q": "queen",
    "card.rank.J": "jack",
    "card.rank.T": "ten",
    "card.rank.9": "nine",
    "card.rank.8": "eight",
    "card.rank.7": "seven",
    "card.rank.6": "six",
    "card.rank.5": "five",
    "card.rank.4": "four",
    "card.rank.3": "three",
    "card.rank.2": "two",
    "card.suit.S": "spades",
    "card.suit.H": "hearts",
    "card.suit.D": "diamonds",
    "card.suit.C": "clubs",
    "card.joker.BJ": "big joker",
    "card.joker.LJ": "little joker",
    "card.joker.JK": "joker",
    "card.fold": "out of trumps",
    # an entry waiting on the phone, in words (match.js, matchview.js, reentry.js, clash.js)
    "entry.deal": "deal {n}, {how}",
    "entry.hand": "hand {n}, {how}",
    "entry.by_sheet": "by score sheet",
    "entry.by_totals": "just the totals",
    "entry.by_cards": "by its cards",
    "entry.deal_started": "deal started",
    "entry.declaration": "declaration",
    "entry.exchange": "exchange",
    "entry.irregularity": "irregularity",
    "entry.pass": "a pass",
    "entry.bid": "a bid of {call}",
    "entry.undo": "an undo",
    "entry.void": "the void of deal {n}",
    "entry.confirming": "confirming deal {n}",
    "entry.disputing": "disputing deal {n}",
    "entry.seat_of": "{name}'s seat taken up",
    "entry.your_seat": "your seat taken up",
    "reentry.start_label": "the start of {deal} {n}'s cards",
    "reentry.gave_up": "gave up entering the cards of {deal} {n}",
    "match.undo_reason": "undone at the table",
    # what an undo took back (match.js undoneText)
    "undone.card_of": "Undone: {player}'s {card}.",
    "undone.card": "Undone: the {card}.",
    "undone.pass_of": "Undone: {player}'s pass.",
    "undone.pass": "Undone: the pass.",
    "undone.bid_of": "Undone: {player}'s bid of {call}.",
    "undone.bid": "Undone: the bid of {call}.",
    "undone.last_card_of": "Undone: the last card of deal {n} ({player}'s) and the deal's score.",
    "undone.last_card": "Undone: the last card of deal {n} and the deal's score.",
    "undone.void": "Undone: the void (the deal counts again).",
    "undone.deal": "Undone: the last deal recorded.",
    "undone.entry": "Undone: the last entry.",
    # the chart, a tap taken back, no answer (chart.js, matchview.js, api.js)
    "api.no_answer": "No answer from the referee: check the phone's Wi-Fi, then tap again.",
    "chart.label": "Running scores by deal: {scores}",
    "chart.rubicon": "Rubicon 100",
    "match.taken_back": "Taken back: {what} (it had not been sent yet).",
    # a deal's ruling in words and its running breakdown (ruling.js)
    "ruling.side": "side {side}",
    "ruling.nobody": "nobody",
    "ruling.bid": "{player} bid {bid}",
    "ruling.bid_no_number": "{player} bid",
    "ruling.trumps": ", trumps {suit}",
    "ruling.suit.S": "spades",
    "ruling.suit.H": "hearts",
    "ruling.suit.D": "diamonds",
    "ruling.suit.C": "clubs",
    "ruling.set_back": " — set back",
    "ruling.made_it": " — made it",
    "ruling.game": "Game: {who}",
    "ruling.tied": "tied, nobody",
    "ruling.redeal": "Everybody passed: redeal.",
    "ruling.how": "How deal {n} scored",
    "ruling.irregularity": "Irregularity: ",
    "ruling.recorded_anyway": "Recorded anyway: ",
    "ruling.penalty": " (penalty: {penalty})",
    "ruling.point.high": "High",
    "ruling.point.low": "Low",
    "ruling.point.jack": "Jack",
    "ruling.point.game": "Game",
    "ruling.point.off_jack": "Off-jack",
    "ruling.point.joker": "Joker",
    "ruling.point.big_joker": "Big joker",
    "ruling.point.little_joker": "Little joker",
    "ruling.point.ten": "Ten",
    "ruling.point.three": "Three (3)",
    "ruling.point.five": "Five (5)",
    "ruling.point.off_ace": "Off-ace",
    "ruling.point.off_three": "Off-three (3)",
    "ruling.won.high": "high",
    "ruling.won.low": "low",
    "ruling.won.jack": "jack",
    "ruling.won.game": "game",
    "ruling.step.carte_blanche": "carte blanche",
    "ruling.step.point": "point",
    "ruling.step.sequence": "sequence",
    "ruling.step.sets": "sets",
    "ruling.step.play": "play",
    "ruling.step.cards": "the cards",
    "ruling.step.capot": "capot",
    "ruling.step.repique": "repique",
    "ruling.step.pique": "pique",
    "ruling.step.penalty": "penalty",
    "ruling.nothing": "nothing",
    "ruling.set_back_by": "set back {bid}",
    "ruling.deal": "Deal {n}",
    "ruling.deal_lead": "Deal {n}. ",
    "verdict.rule_title": "Rule {rule} (opens the rules)",
    "verdict.checked": "Checked",
    "verdict.checked_hint": "what the referee verified against the rules",
    "verdict.worked_out": "Worked out",
    "verdict.worked_out_hint": "what the referee computed itself",
    "verdict.on_trust": "Taken on trust (as reported)",
    "verdict.on_trust_hint": "what the sheet says and nothing can check",
    "verdict.by_cards": "by its cards",
    "verdict.from_sheet": "from the score sheet",
    "verdict.from_totals": "from the totals",
    "verdict.how_scored": "How deal {n} scored ({how})",
    "match.key_changed_own": (
        "That link's key no longer opens the match: this phone keeps using its "
        "own key."
    ),
    "match.no_such": "There is no such match.",
    "match.key_changed": "That link no longer opens the match (its key was changed).",
    "match.no_answer": (
        "No answer from the referee: the match shows as soon as the phone is "
        "back online."
    ),
    "match.behind": _forms(
        "The referee's record of this match is behind what this phone last saw: "
        "it has {events} <entries>, this phone saw {seen}. The referee was "
        "probably restored from an earlier backup, and what was recorded after "
        "that point is missing: check the last deals against your score sheet "
        "and enter the missing ones again.", "entry", "entries"),
    "match.diverged": (
        "Entry {seen} of the referee's record of this match is not the one this "
        "phone saw: the record was changed. Keep your own score sheet and tell "
        "whoever runs the referee."
    ),
    "match.record_anyway": "It really happened: record it anyway",
    "setup.record_hands": "Record the hands as dealt (optional)",
    "setup.record_exchange": "Record the exchange",
    "setup.record_declaration": "Record a declaration (optional)",
    "setup.hands_note": (
        "With the hands the referee knows each player's cards: it offers only "
        "the cards each player may play. Without them, just tap the cards as "
        "they fall."
    ),
    "setup.exchange_note": "Each player's discards; the cards taken come from the talon in order.",
    "setup.number": ", number {n}",
    "setup.not_available": ", not available",
    "setup.step": "Step {n} of {steps}",
    "setup.chosen": ("{n} card chosen", "{n} cards chosen"),
    "setup.of": " of {max}",
    "setup.range": " ({min} to {max})",
    "setup.misdeal_note": _forms(
        "Something irregular happened: pick the cards really dealt, even a "
        "wrong number ({n} <cards> is right); the referee says what a misdeal "
        "means before anything is recorded.", "card", "cards"),
    "setup.cancel": "Cancel",
    "setup.back": "Back",
    "setup.save": "Save",
    "setup.next": "Next",
    "setup.declaration": "Declaration",
    "setup.declaration_note": (
        "What the player announced aloud. Whatever is not announced does not "
        "score (it is sunk)."
    ),
    "setup.who": "Who",
    "setup.no_point": "no point announced",
    "setup.point": "Point",
    "setup.no_sequence": "no sequence announced",
    "setup.sequence": "Sequence",
    "setup.sets": "Sets",
    "setup.elder_dealt": "{player} (elder hand): the 12 cards dealt",
    "setup.younger_dealt": "{player} (younger hand, dealer): the 12 cards dealt",
    "setup.talon": "The talon, from the top down (optional)",
    "setup.talon_hint": (
        "Nobody knows the talon before the exchange: skip it (Save) if you "
        "like. To record it, tap the eight cards in the order they lie: elder "
        "takes from the top."
    ),
    "setup.six_dealt": "{player}: the 6 cards dealt",
    "setup.elder_discards": "{player} (elder) discards",
    "setup.elder_hint": "Tap the cards {player} puts out: at least one, at most five (Q4).",
    "setup.younger_discards": "{player} (younger) discards",
    "setup.younger_hint": (
        "Tap the cards {player} puts out: at least one, at most what the talon "
        "still holds (Q4)."
    ),
    "setup.sequence.tierce": "tierce",
    "setup.sequence.quart": "quart",
    "setup.sequence.quint": "quint",
    "setup.sequence.sixi\u00e8me": "sixième",
    "setup.sequence.septi\u00e8me": "septième",
    "setup.sequence.huiti\u00e8me": "huitième",
    "setup.trio.A": "trio of aces",
    "setup.quatorze.A": "quatorze of aces",
    "setup.trio.K": "trio of kings",
    "setup.quatorze.K": "quatorze of kings",
    "setup.trio.Q": "trio of queens",
    "setup.quatorze.Q": "quatorze of queens",
    "setup.trio.J": "trio of jacks",
    "setup.quatorze.J": "quatorze of jacks",
    "setup.trio.T": "trio of tens",
    "setup.quatorze.T": "quatorze of tens",
    "sheet.still_missing": "Still to fill in: {missing}.",
    "sheet.totals_note": (
        "Just the deal's points, when nothing else is known: the referee can "
        "only check they are possible in one deal."
    ),
    "sheet.and": " and ",
    "sheet.declarations_of": "Declarations of {who} ",
    "sheet.none_announced": "None announced",
    "sheet.each_best": "Each his best",
    "sheet.as_announced": "As announced…",
    "sheet.say_before": (
        "Say it before the first card: a declaration left out is counted as "
        "each his best."
    ),
    "sheet.deal_word": "Deal",
    "sheet.hand_word": "Hand",
    "sheet.confirmed_next": " · confirmed when the next deal starts",
    "sheet.waiting_other": " · waiting for the other side to confirm",
    "sheet.confirmed": " · confirmed",
    "sheet.disputed": " · disputed",
    "sheet.ruled": " · ruled by its cards",
    "sheet.scored_by_cards": "Scored by its cards (the Score tab has the details).",
    "sheet.enter_cards": "Enter the cards instead",
    "sheet.use_sheet": "Use the score sheet",
    "sheet.just_totals": "Just the totals",
    "sheet.the_sheet": "{word} {n}: the score sheet",
    "sheet.another_phone": "Another phone recorded it too: choose below.",
    "sheet.written_waiting": "Written, waiting to be sent.",
    "sheet.meets_other": (
        "{word} {n} from this phone meets another phone's entry: choose above "
        "what happened."
    ),
    "sheet.waits": (
        "{word} {n} is written and waits to be sent: it is recorded as soon as "
        "the phone is back online. Nothing more to do."
    ),
    "sheet.piquet_sub": "{elder} is elder, {younger} deals.",
    "sheet.pitch_sub": "{dealer} deals; {first} bids first.",
    "sheet.the_totals": "{word} {n}: just the totals",
    "pq.m.point": "the point",
    "pq.m.point_cards": "the point's cards",
    "pq.m.sequence": "the sequence",
    "pq.m.sequence_length": "the sequence's length",
    "pq.m.sets": "the sets",
    "pq.m.which_sets": "which sets",
    "pq.m.tricks": "the tricks",
    "pq.m.play": "the points in play",
    "pq.m.play_fit": "points in play that fit together with the tricks (these cannot, Q6)",
    "pq.equal": "Equal",
    "pq.none": "None",
    "pq.no_declarations": "No declarations at all",
    "pq.sheet_note": (
        "The sheet scores what was announced; what nobody announced scores "
        "nothing. Each his best counts only with the cards (enter the cards "
        "instead)."
    ),
    "pq.point_good": "Point: who was good?",
    "pq.point_each": "Point: each had",
    "pq.point_had": "Point: {who} had",
    "pq.n_cards": ("{n} card", "{n} cards"),
    "pq.pips": "Pips (optional) ",
    "pq.pips_label": "Point: pips (optional)",
    "pq.sequence_good": "Sequence: who was good?",
    "pq.sequence_each": "Sequence: each had",
    "pq.sequence_had": "Sequence: {who} had",
    "pq.sequence_top": "Sequence: to the (optional)",
    "pq.sets_good": "Sets: who was good?",
    "pq.sets_scored": "Sets: {who} scored (tap each)",
    "pq.tricks_won": "Tricks won by {who}",
    "pq.younger_won": "{who} won {n}.",
    "pq.points_in_play": "Points {who} counted in play",
    "pq.no": "No",
    "pq.carte_blanche": "Carte blanche",
    "pq.pique": "Pique",
    "pq.scored": "{player} ({role}) scored",
    "pq.m.points_of": "{player}'s points",
    "pq.set.3A": "three aces",
    "pq.set.3K": "three kings",
    "pq.set.3Q": "three queens",
    "pq.set.3J": "three jacks",
    "pq.set.3T": "three tens",
    "pq.set.4A": "four aces",
    "pq.set.4K": "four kings",
    "pq.set.4Q": "four queens",
    "pq.set.4J": "four jacks",
    "pq.set.4T": "four tens",
    "pt.m.bids": "the bids",
    "pt.high": "High",
    "pt.low": "Low",
    "pt.bids_so_far": "Bids: {bids}.",
    "pt.bids": "{player} bids",
    "pt.unbid": "↶ Take back the last bid",
    "pt.all_passed": "Everybody passed: nothing to score, the deal passes on.",
    "pt.pitches": "{player} pitches, bid {bid}.",
    "pt.trumps": "Trumps (optional)",
    "pt.low_dealt": "Low was dealt to",
    "pt.low_went": "Low went to",
    "pt.high_went": "High went to",
    "pt.game_went": "Game went to",
    "pt.tied": "Tied",
    "pt.worth": " (worth {n})",
    "pt.went_to": "{point} went to",
    "pt.not_out": "Not out",
    "pt.single_trump": "Only one trump was in play (it is High and Low) ",
    "pt.scored": "{player} scored",
    "pt.the_pitcher": "The pitcher",
    "pt.who_pitched": "who pitched?",
    "pt.m.pitcher": "the pitcher",
    "pt.point.high": "High",
    "pt.point.low": "Low",
    "pt.point.jack": "the Jack",
    "pt.point.game": "Game",
    "pt.point.off_jack": "the off-jack",
    "pt.point.joker": "the joker",
    "pt.point.big_joker": "the big joker",
    "pt.point.little_joker": "the little joker",
    "pt.point.three": "the three",
    "pt.point.ten": "the ten",
    "pt.point.five": "the five",
    "pt.point.off_ace": "the off-ace",
    "pt.point.off_three": "the off-three",
    "seats.title": "Seats",
    "seats.mine": (
        "This phone is {player}'s seat: it records, confirms the other side's "
        "deals and disputes them."
    ),
    "seats.join_qr": "Players join with the QR code shown on the phone that started the match.",
    "seats.own_phone": "Each player on their own phone",
    "seats.scan": (
        "Each player scans their own code: that phone can then record, confirm "
        "the other side's deals or dispute them. This phone keeps recording for "
        "everyone."
    ),
    "seats.seat": "{player}'s seat",
    "seats.qr": "QR code of {player}'s join link",
    "seats.link": "{player}'s join link",
    "seats.joined": "Joined on their phone.",
    "seats.not_scanned": (
        "Not scanned yet: until a player joins, this phone's deals confirm "
        "themselves."
    ),
    "seats.new_codes": "New codes (the old ones stop working)",
    "seats.give": "Give each player a seat",
    "home.second_deals": "(the second player deals first unless you choose)",
    "home.clockwise": "in seating order, clockwise",
    "home.player_n": "Player {n}",
    "home.remove_player": "Remove this player",
    "home.names": "Give every player a name.",
    "home.no_answer": "No answer from the referee.",
    "share.qr_read": "QR code of the read-only link",
    "share.qr_write": "QR code of the recorder link",
    "share.copied": "Copied",
    "share.selected": "Selected",
    "reentry.one_by_one": "Enter the cards one by one",
    "reentry.as_first": "as first entered",
    "reentry.settling": "Settling {word} {n} by its cards",
    "reentry.counts_as": (
        "{word} {n} is {agreement}: it counts as written {as} until its last "
        "card is in."
    ),
    "reentry.tap_pitch": (
        "Tap the bids and the cards as they were played: each is checked at "
        "once, the last one rules the deal, and each side's claim is shown "
        "beside the ruling."
    ),
    "reentry.tap": (
        "Tap the cards as they were played: each is checked at once, the last "
        "one rules the deal, and each side's claim is shown beside the ruling."
    ),
    "reentry.bids_written": "The bids as written: {said}",
    "reentry.taking_back": ("Taking back the steps entered: {n} undo to send.",
                            "Taking back the steps entered: {n} undos to send."),
    "reentry.give_up": "Give up entering the cards",
    "reentry.take_back": ("Take back the {n} step entered? ", "Take back the {n} steps entered? "),
    "reentry.stays": "{word} {n} stays as it was written ({agreement}).",
    "reentry.yes": "Yes, take them back",
    "reentry.no": "No, go on",
    "reentry.provisional": "provisional",
    "reentry.confirmed": "confirmed",
    "reentry.disputed": "disputed",
    "reentry.ruled": "ruled",
    "reentry.entered": "entered",
    "agree.sent_online": "Sent as soon as the phone is back online: nothing more to do.",
    "agree.wrote": "{word} {n}: {who} wrote {scores}",
    "agree.entered": (
        "Entered {how}. Confirm it if that is what happened; dispute it if not, "
        "and the referee decides."
    ),
    "agree.checked": "What the referee checked",
    "agree.confirm": "✓ Confirm",
    "agree.dispute": "✗ Dispute",
    "agree.reason_placeholder": "e.g. I count 38, not 41",
    "agree.why": "Why do you dispute it?",
    "agree.who_reads": "The other side and the referee read it.",
    "agree.own_count": "Your own count (optional)",
    "agree.no_claim": "No claim",
    "agree.totals": "Totals",
    "agree.sheet": "Score sheet",
    "agree.dispute_deal": "Dispute {word} {n}",
    "agree.dispute_with": "Dispute {word} {n} with this claim",
    "agree.is_disputed": "{word} {n} is disputed",
    "agree.claims": " — claims {scores}",
    "agree.decides": (
        "The referee decides from the cards: enter them as they were played "
        "(from the players' tricks). Until then the deal counts as written, and "
        "the result is withheld."
    ),
    "agree.being_entered": (
        "Its cards are being entered one by one: the taps below, each checked "
        "as it comes."
    ),
    "agree.other_entered": (
        "The cards of {word} {n} are being entered: finish or give them up "
        "first."
    ),
    "agree.settle": "Enter the cards to settle it",
    "agree.once": "One by one: once {word} {n} is finished or undone.",
    "agree.declarations": "Declarations (",
    "agree.no_bids": (
        "This hand was entered without its bids: the referee needs them with "
        "the cards."
    ),
    "agree.progress": _forms(
        "{n} of {total} <cards> · trick {trick}: tap each trick's cards, the "
        "leader's first ({leader} leads the first).", "card", "cards"),
    "agree.tapped": ", tapped",
    "agree.take_back_card": "↶ Take back a card",
    "agree.rule_by_cards": "Rule {word} {n} by its cards",
    "agree.entry_of": "{who}'s entry",
    "agree.claim_of": "{who}'s claim",
    "agree.the_points": "{word} {n}: the points",
    "agree.player": "Player",
    "agree.ruling_cards": "Ruling (cards)",
    "agree.agrees": "{who} agrees with the ruling.",
    "agree.parts_at": "{who} parts from the ruling at {step}",
    "agree.ruling_says": ": the ruling says ",
    "agree.the_entry": ", the entry ",
    "agree.the_claim": ", the claim ",
    "agree.then": "Then: {rest}.",
    "agree.against": "{step}: {ruling} against {claim}",
    "agree.claims_beside": "{word} {n}: the claims beside the ruling",
    "agree.to_confirm": "to confirm",
    "agree.ruled_cards": "ruled by the cards",
    "agree.cards_being_entered": "cards being entered",
    "agree.check_label": "Check by its cards: {word} {n}, one by one",
    "agree.check": "Check by its cards",
    "anyway.a_pass": "a pass",
    "anyway.a_bid": "a bid of {call}",
    "anyway.hands": "the hands as dealt",
    "anyway.declaration": "the declaration",
    "anyway.never_played": " (never played: {cards})",
    "anyway.recorded": "Recorded",
    "anyway.recorded_anyway": "Recorded anyway",
    "anyway.label_anyway": " (recorded anyway)",
    "anyway.title": "Record it anyway?",
    "anyway.at_table": "At the table: ",
    "anyway.which_never": (
        "Which cards will {player} never play? Tap them if the table knows: "
        "they are his, and still bar a pique or repique (PT 58). Or go on "
        "without them."
    ),
    "anyway.go_on": ("Go on with {n} card", "Go on with {n} cards"),
    "anyway.go_on_without": "Go on without them",
    "anyway.asking": "Asking the referee what the rules say…",
    "anyway.rules_say": "What the rules say",
    "anyway.if_anyway": "If you record it anyway",
    "anyway.if": "If you record it",
    "anyway.irregularity": "Irregularity",
    "anyway.penalty": "Penalty (the table's option)",
    "anyway.happens": "What happens",
    "anyway.completes": "It completes the deal: ",
    "anyway.nothing_until": (
        "Nothing is recorded until you tap “Record it anyway”; Undo takes it "
        "back like any entry."
    ),
    "anyway.record_anyway": "Record it anyway",
    "anyway.allowed": "The rules allow it as the deal stands now: it can be recorded as it is.",
    "anyway.record": "Record it",
    "anyway.cannot": "The referee cannot record this, even anyway:",
    "anyway.offline": "No connection: the referee cannot say now what the rules make of it.",
    "anyway.earlier": (
        "Earlier entries still wait to be sent: the referee can say what this "
        "does once they are in."
    ),
    "anyway.blind": (
        "You can record it anyway without seeing the consequence: it waits with "
        "the other entries and is sent in order; the referee applies the "
        "table's penalty and the deal so far shows it. Or cancel, and tap it "
        "again when the phone is back online to see the consequence first."
    ),
    "anyway.record_blind": "Record it anyway without seeing the consequence",
    "anyway.no_answer": "The referee did not answer.",
    "anyway.who_called": "Who called:",
    "anyway.who_played": "Who played:",
    "anyway.turn": " (turn)",
    "anyway.something_else": "Or something else {who} did:",
    "anyway.penalty_is": " Penalty: {penalty}.",
    "anyway.what.revoke": "A revoke (not following suit when able)",
    "anyway.what.out_of_turn": "Out of turn",
    "anyway.what.incorrect_pack": "An incorrect pack (a card twice, or not of the pack)",
    "anyway.what.misdeal": "A misdeal (a wrong number of cards dealt)",
    "anyway.what.false_call": "A call of something not held",
    "anyway.what.talon_offence": "A talon offence (looked at or took talon cards)",
    "anyway.what.long_hand": "A hand with too many cards",
    "anyway.what.short_hand": "A hand with too few cards",
    "anyway.what.exposed_card": "A card exposed",
    "anyway.what.other": "Against the rules, and no law gives a penalty for it",
    "anyway.penalty.withdrawn": "taken back: the play goes on as though it had not happened",
    "anyway.penalty.replay": (
        "the play from the revoking trick on is taken back and recorded again"
    ),
    "anyway.penalty.void": "the deal is void and dealt again",
    "anyway.penalty.as_played": "scored as played, the irregularity noted",
    "anyway.penalty.score_as_played": "scored as played, the lead out of turn noted",
    "anyway.penalty.set_back_bid": "the offender's side scores nothing and is set back the bid",
    "anyway.penalty.all_fours": (
        "the offender's side loses a point (two with the jack in play) and "
        "cannot score Jack or Game"
    ),
    "anyway.penalty.cancel": "the call is void, the auction goes on in turn",
    "anyway.penalty.must_pass": "the player who called out of turn must pass",
    "anyway.penalty.stands": "the call stands as his call in turn",
    "anyway.penalty.pass_deal": "a new deal: nobody scores, the next dealer deals",
    "anyway.penalty.same_dealer": "a new deal: nobody scores, the same dealer deals again",
    "anyway.penalty.reckon_nothing": "the offender reckons nothing this deal",
    "anyway.penalty.call_only": "only the false call scores nothing",
    "anyway.penalty.fresh_deal": (
        "a fresh deal: this deal scores nothing, the same dealer deals again"
    ),
    "anyway.penalty.play_on": "the deal stands and is played on",
    "anyway.penalty.may_be_called": "the opponents may call the card",
    "anyway.penalty.none": "no penalty",
    "anyway.at_table.piquet.talon_offence": "Looked at or took the talon cards (talon offence)",
    "anyway.at_table.piquet.long_hand": "Has more than twelve cards",
    "anyway.at_table.piquet.short_hand": "Has fewer than twelve cards (no card left to play)",
    "anyway.at_table.pitch.exposed_card": "A card exposed",
    "anyway.at_table.pitch.long_hand": "A hand with too many cards",
    "event.club": "Club nights",
    "event.club_text": ("Many tables at once: players move between rounds, the standings "
                        "follow every table."),
    "event.new": "Run a club night",
    "event.title": "Club night",
    "event.no_answer": "No answer from the referee: try again.",
    "event.loading": "Reading the event…",
    "event.no_key": "This phone has no key to that event: open the link you were sent.",
    "event.progressive": "Progressive (winners move up)",
    "event.fixed": "Fixed partnerships",
    "event.manual": "Seated by the organiser",
    "event.round_robin": "Round robin (everyone meets everyone)",
    "event.name": "Name of the night",
    "event.movement": "Movement",
    "event.players": "Players, one a line",
    "event.create": "Create the event",
    "event.against": "against",
    "event.disputed": "deal {deals} disputed: the organiser rules",
    "event.finished": "finished",
    "event.playing": "playing",
    "event.player": "Player",
    "event.money": "Money",
    "event.points": "Points",
    "event.won": "Won",
    "event.standings": "Standings",
    "event.no_round": "No round has started yet.",
    "event.round": "Round {n}",
    "event.table": "Table {n}",
    "event.seat_link": "{player}'s seat",
    "event.byes": "Bye: {players}",
    "event.board": "The big screen (open it on the TV)",
    "event.start": "Start round {n}",
    "event.next": "Next: round {n}",
    "event.roster": "Players ({n})",
    "event.check_in_name": "A player who arrives",
    "event.check_in": "Check in",
    "event.open_table": "Open the table",
    "event.you_sit": "Round {round}: table {table}, seat {seat}",
    "event.partner": "Your partner: {players}",
    "event.opponents": "Against: {players}",
    "event.bye": "Round {round}: you have the bye.",
    "event.not_seated": "You are not seated yet: wait for the next round.",
    "event.player_links": "Each player's screen (where to sit)",
    "event.end": "End the round now (the games count as they stand)",
    "event.seat_player": "Seat {n}: {player}",
    "event.bye_title": "The bye",
    "event.chosen": "{player} chosen: now a player to swap with, a table or the bye.",
    "event.swapped": "{a} and {b} swapped.",
    "event.moved": "{player} sits at table {n}.",
    "event.moved_bye": "{player} has the bye.",
    "event.move_here": "Seat {player} here",
    "event.move_here_none": "Seat a player here",
    "event.move_bye": "Give {player} the bye",
    "event.move_bye_none": "Give a player the bye",
    "event.move_new": "Seat {player} at a new table {n}",
    "event.move_new_none": "Seat a player at a new table",
    "event.partners_opposite": "Partners sit opposite (seats 1 and 3)",
    "event.seating_reset": "Back to the movement's seating",
    "event.seating_changed": "Seated by you: the referee checks it when the round starts.",
    "event.seating_taps":
        "As the movement seats it. Tap a player, then another to swap them, a table or the bye.",
    "event.relink": "New links for table {n}",
    "event.lost": "A phone lost its link?",
    "event.lost_note": "New links replace the old ones, which stop working.",
    "event.relink_seat": "New link for {player}",
    "event.phone_link": "The table's phone",
    "stats.title": "Statistics per player",
    "stats.back": "Back to the event",
    "stats.none": "No game has been played yet.",
    "stats.csv": "Download as CSV",
    "stats.file": "Download the statistics file",
    "stats.hands": ("{hands} hand", "{hands} hands"),
    "stats.per_hand": ", points per hand: {points}",
    "stats.deals": ("{deals} deal", "{deals} deals"),
    "stats.per_deal": ", points per deal: {points}",
    "stats.bids": "Bids made and set, by level",
    "stats.no_bids": "No bid yet.",
    "stats.bid_level": "Bid {level}",
    "stats.bid_unknown": "Bid not written",
    "stats.made_set": "{made} made, {set} set",
    "stats.taken": "How often the side took each point",
    "stats.of": "{n} of {total}",
    "stats.rubicons": "Rubicons: {given} given, {taken} taken",
    "stats.parties": "Parties",
    "stats.won": "Won",
    "stats.lost": "Lost",
    "stats.drawn": "Drawn",
    "stats.feats": "Piques, repiques and capots",
    "stats.piques": "Piques",
    "stats.repiques": "Repiques",
    "stats.capots": "Capots",
}

#: Each page string's message, by its name on the page.
PAGE: dict[str, Message] = {
    name: message(f"page.{name}", english) if isinstance(english, str)
    else plural_message(f"page.{name}", *english)
    for name, english in _PAGE.items()}

#: Each locale's name in its own language, for the page's language switch.
NATIVE_NAMES: dict[str, str] = {"en": "English", "fr": "Français", "de": "Deutsch",
                                "pl": "Polski"}


def plural_forms(locale: str, found: Message) -> dict[str, str]:
    """A plural page string's forms in ``locale`` by CLDR plural category (what
    ``Intl.PluralRules(locale).select(count)`` answers): ``{"one", "few", "many"}`` in
    Polish; the English ``{"one", "other"}`` while the locale has no complete entry."""
    entry = catalog(locale).get(found.key)
    if entry is not None and plural_entry_complete(locale, entry, found):
        return dict(zip(categories(locale), entry.forms, strict=True))
    return {"one": found.english, "other": found.english_plural or found.english}


def catalog_json(locale: str) -> dict[str, object]:
    """The page's catalog for ``locale``: ``{"locale", "locales": {code: native name},
    "messages": {name: words}, "plurals": {name: {category: words}}}``, every page string
    present (the English where the locale has no words); a string said of a count in
    ``plurals`` only, with a form for each plural category of the locale
    (:func:`plural_forms`)."""
    assert set(NATIVE_NAMES) == set(LOCALES)
    return {"locale": locale, "locales": NATIVE_NAMES,
            "messages": {name: translation(locale, found) for name, found in PAGE.items()
                         if found.english_plural is None},
            "plurals": {name: plural_forms(locale, found) for name, found in PAGE.items()
                        if found.english_plural is not None}}
