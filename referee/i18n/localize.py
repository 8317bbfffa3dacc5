"""An answer's words in a locale, made at the edge from the codes and parameters it carries
(docs/translating.md).

:func:`localize` walks an answer's JSON as the API made it in English and rewords, in place:

- each finding (``{code, rule, what, params}``) from its code and parameters
  (:mod:`referee.i18n.findings`), the game taken from the nearest ``"game"`` above it;
- each Piquet count's ``what`` (``{who, what, points, stage, …}``) from its term words
  (:func:`referee.i18n.terms.piquet_term`);
- each irregularity's ``consequence`` from its ``consequence_code`` and
  ``consequence_params``, opening with its first violation; one without a code stays
  English, marked ``"consequence_language": "en"``;
- each irregularity a deal's ruling words in English only (a Pitch ``irregularities[].what``
  and its ``irregularity`` finding, P10; a Piquet ``irregularities[].consequence``, Q12) by
  the consequence templates its English reads back into
  (:func:`referee.i18n.consequences.read_back`); one no template makes stays English, marked
  ``"consequence_language": "en"`` (the finding: ``"what_language": "en"``);
- each violation made from a template (``{code, rule, message, location, message_code,
  params}``) from its message code and parameters (:func:`referee.i18n.sentences.said`);
- a match's provisional result's ``message`` from its deals and phones, and why its result
  is withheld from the deals disputed (:mod:`referee.i18n.results`);
- a Piquet ruling's declarations compared (each category's ``scored`` and what each hand
  showed) by the counts' terms (:func:`referee.i18n.terms.shown_term`);
- a violation stored without them (``{code, rule, message, location}``), and a problem's
  ``title`` and ``detail``, by their registered English templates
  (:mod:`referee.i18n.sentences`).

Codes, rule sections, locations, names and numbers are never changed: only sentences.  What
has no words in the locale stays English.
"""

from __future__ import annotations

from typing import Any

from referee.i18n import DEFAULT, money
from referee.i18n.consequences import read_back
from referee.i18n.findings import LIST, word_finding
from referee.i18n.results import provisional_words, withheld_words
from referee.i18n.sentences import consequence_said, reword, title
from referee.i18n.sentences import said as said_violation
from referee.i18n.terms import piquet_term, shown_term

_GAMES = ("pitch", "piquet")


def localize(data: Any, locale: str, game: str | None = None) -> Any:
    """``data`` (a JSON value) with its sentences in ``locale``; ``game``: the game of the
    values in it when the data does not say (a stateless route's).  English: ``data`` as
    it is."""
    if locale == DEFAULT:
        return data
    _walk(data, locale, game)
    return data


def _walk(data: Any, locale: str, game: str | None) -> None:
    if isinstance(data, list):
        for item in data:
            _walk(item, locale, game)
        return
    if not isinstance(data, dict):
        return
    if data.get("game") in _GAMES:
        game = data["game"]
    _reword_state(data, locale, game)
    if isinstance(data.get("confirm"), list) and isinstance(data.get("deals"), list) \
            and isinstance(data.get("message"), str):
        # a match's provisional result: what makes it final (Q9, P7)
        data["message"] = provisional_words(data, game, locale)
    else:
        _reword(data, locale, game)
    for value in data.values():
        if isinstance(value, (dict, list)):
            _walk(value, locale, game)


def _reword_state(data: dict[str, Any], locale: str, game: str | None) -> None:
    """An event's or a match's state: why no round yet, why the result is withheld; a
    Piquet category of the declarations compared (Q5): what scored, what each showed."""
    if isinstance(data.get("scored"), list) and "elder_shown" in data:
        data["scored"] = [piquet_term(s, locale) if isinstance(s, str) else s
                          for s in data["scored"]]
        for shown in ("elder_shown", "younger_shown"):
            if isinstance(data.get(shown), str):
                data[shown] = shown_term(data[shown], locale)
    waiting = data.get("waiting")
    if isinstance(waiting, dict) and isinstance(waiting.get("code"), str) \
            and isinstance(waiting.get("message"), str) and "section" in waiting:
        # an event's next round not proposed yet (E3-E7): its refusal's sentence
        from referee.i18n.details import waiting_words

        waiting["message"] = waiting_words(waiting["code"], waiting["message"], locale)
    if isinstance(data.get("settlement_withheld"), str) and isinstance(data.get("disputed"),
                                                                       list):
        # a match ended with a deal disputed (Q9, P7): why its result waits
        data["settlement_withheld"] = withheld_words(data, game, locale)


def _reword_coded(data: dict[str, Any], code: str, locale: str, game: str | None) -> None:
    """A finding, a violation or a hint: from its code (or message code) and parameters;
    one stored without them, from its English."""
    if "what" in data and isinstance(data.get("params"), dict):
        if code == "irregularity" and isinstance(data["params"].get("what"), str):
            _reword_ruled(data, "what", "what_language", locale, data["params"]["what"])
            return
        said = word_finding(game, code, data["params"], locale)
        if said is not None:
            data["what"] = said
    elif isinstance(data.get("message_code"), str) and isinstance(data.get("params"), dict):
        worded = said_violation(data["message_code"], data["params"], locale)
        if worded is not None:
            data["message"] = worded
    elif "message" in data and isinstance(data["message"], str):
        data["message"] = reword(data["message"], locale, code)


def _reword_consequence(data: dict[str, Any], locale: str) -> None:
    """An irregularity's consequence (P10, Q12) from its code and parameters, opening with
    its first violation in the locale; one with no code (an engine's own sentence, or an
    event stored before consequences had codes whose words read back into none) stays
    English, marked ``"consequence_language": "en"``."""
    code, params = data.get("consequence_code"), data.get("consequence_params")
    if isinstance(code, str) and isinstance(params, dict):
        said = consequence_said(code, params, data.get("violations") or (), locale)
        if said is not None:
            data["consequence"] = said
            return
    data["consequence_language"] = DEFAULT


def _reword_ruled(data: dict[str, Any], field: str, mark: str, locale: str,
                  english: str) -> None:
    """An irregularity a ruling words in English only (its ``field``): by the consequence
    template its words read back into; else English, marked ``mark``: ``"en"``."""
    said = read_back(english, locale)
    if said is None:
        data[mark] = DEFAULT
    else:
        data[field] = said


def _ruled_irregularity(data: dict[str, Any]) -> str | None:
    """The field that says an irregularity as a deal's ruling holds it, in English only: a
    Pitch one's ``what`` (``{type, rule: "P10", penalty, what, …}``), a Piquet one's
    ``consequence`` (``{kind, who, law, location, penalty, consequence}``); else None."""
    if "penalty" not in data or "code" in data or "irregularity" in data:
        return None
    if data.get("rule") == "P10" and "type" in data and isinstance(data.get("what"), str):
        return "what"
    if "law" in data and "kind" in data and isinstance(data.get("consequence"), str):
        return "consequence"
    return None


def _reword(data: dict[str, Any], locale: str, game: str | None) -> None:
    if isinstance(data.get("step"), str) and isinstance(data.get("ruling"), str) \
            and isinstance(data.get("claim"), str):
        # A claim's difference: what the ruling and the claim say at the step, count by count
        for side in ("ruling", "claim"):
            data[side] = LIST(locale).join(reword(part, locale)
                                           for part in data[side].split("; "))
        if isinstance(data.get("explanations"), list):
            data["explanations"] = [reword(t, locale) if isinstance(t, str) else t
                                    for t in data["explanations"]]
    if "irregularity" in data and isinstance(data.get("consequence"), str):
        _reword_consequence(data, locale)
    ruled = _ruled_irregularity(data)
    if ruled is not None:
        _reword_ruled(data, ruled, "consequence_language", locale, data[ruled])
        return
    code = data.get("code")
    if isinstance(code, str) and "rule" in data:
        _reword_coded(data, code, locale, game)
        return
    if ("stage" in data or "elder_total" in data) and isinstance(data.get("what"), str) \
            and "who" in data:
        data["what"] = piquet_term(data["what"], locale)
        if isinstance(data.get("note"), str):  # an irregularity's consequence, or a count's
            data["note"] = read_back(data["note"], locale) or reword(data["note"], locale)
    if isinstance(data.get("amount_words"), str) and isinstance(data.get("amount"), str):
        data["amount_words"] = money(data["amount"], data.get("currency"), locale)
    if isinstance(data.get("type"), str) and isinstance(data.get("title"), str) \
            and isinstance(data.get("status"), int):
        data["title"] = title(data["type"], data["title"], locale)
        if isinstance(data.get("detail"), str):
            data["detail"] = reword(data["detail"], locale)
