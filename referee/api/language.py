"""The language of each answer (docs/translating.md): chosen from the match's table language
or the request's Accept-Language, said in Content-Language, the sentences reworded at the
edge (:func:`referee.i18n.localize.localize`).

English answers are left byte for byte as the views made them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from flask import Flask, Response, g, json, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from referee.i18n import DEFAULT, LOCALES, negotiate

_JSON_TYPES = ("application/json", "application/problem+json")

#: ``app.extensions`` says the app compresses its answers (referee.api's compression hook,
#: which adds ``Accept-Encoding`` to every answer's Vary) when it holds this, true.
COMPRESSION = "referee.compression"


def requested() -> str:
    """The locale the request asks for: the best of its Accept-Language (q values, a region
    falling back to its language), English when it names none the service speaks."""
    if not request.environ.get("HTTP_ACCEPT_LANGUAGE"):
        return DEFAULT  # none sent (most API clients): nothing to read
    return negotiate(tag for tag, quality in request.accept_languages if quality > 0)


def answer_locale() -> str:
    """The locale of this answer: the match's table language when the answer is about a
    match that has one (:func:`note_table_language`), else :func:`requested`."""
    table = g.get("table_language")
    return table if table in LOCALES else requested()


def note_table_language(options: dict[str, Any]) -> None:
    """Remember, for this request, the table language of the match an answer is about
    (its ``options.language``), so every phone at the table reads the same words."""
    language = options.get("language")
    if isinstance(language, str):
        g.table_language = language


def stream_locale(first: str) -> str:
    """The locale of a live stream, from the match as first sent (``first``, its JSON: the
    table language) or the request's Accept-Language."""
    options = json.loads(first).get("options") or {}
    note_table_language(options)
    return answer_locale()


def localized_events(events: Iterator[str], locale: str) -> Iterator[str]:
    """A live stream's ``events`` with each match's sentences in ``locale`` (English: the
    events as they are, the shared text of every stream of the match)."""
    from referee.i18n.localize import localize

    if locale == DEFAULT:
        yield from events
        return
    for event in events:
        head, marker, data = event.partition("data: ")
        if not marker or not data.startswith("{"):
            yield event
            continue
        body = localize(json.loads(data), locale)
        yield head + marker + json.dumps(body, ensure_ascii=False) + "\n\n"


def _game_of_path() -> str | None:
    parts = request.path.split("/")
    return parts[2] if len(parts) > 2 and parts[1] == "v1" and parts[2] in ("pitch",
                                                                              "piquet") else None


def register(app: Flask) -> None:
    """Content-Language on every answer but the event stream (which says its own): the
    API's answers and problems in the request's locale, with ``Vary: Accept-Language`` and
    their sentences reworded; everything else ``en``, as it is written."""
    # Compression (registered first, so its hook runs after this one) adds Accept-Encoding to
    # Vary: on an answer with no Vary of its own both are written here at once, and it finds
    # its name there instead of setting the header again (bench/RESULTS.md §30).
    vary = ("Accept-Language, Accept-Encoding" if app.extensions.get(COMPRESSION)
            else "Accept-Language")

    @app.after_request
    def _language(response: Response) -> Response:
        headers, mimetype = response.headers, response.mimetype
        # The names it has, in one pass: werkzeug's ``in`` scans the headers and raises, then
        # catches, an exception on each miss (bench/RESULTS.md §27).
        names = {name.lower() for name, _ in headers}
        if mimetype == "text/event-stream" or "content-language" in names:
            return response  # a stream, or an answer that chose its own language
        # The API's answers and every problem are worded per request; the rest (the page's
        # HTML, /rules/, /docs, the OpenAPI document, the probes) is English as written.
        worded = request.path.startswith("/v1/") or mimetype == _JSON_TYPES[1]
        locale = answer_locale() if worded else DEFAULT
        headers.add("Content-Language", locale)  # not there (above): added, as set would
        if not worded:
            return response
        if "vary" in names:
            response.vary.add("Accept-Language")
        else:  # what vary.add writes on an answer without one, without parsing a header
            headers.add("Vary", vary)
        if locale == DEFAULT or mimetype not in _JSON_TYPES \
                or response.direct_passthrough or response.status_code == 304:
            return response
        return word_answer(response, locale, _game_of_path())


def word_answer(response: Response, locale: str, game: str | None = None) -> Response:
    """``response`` (a JSON answer as made, in English) with its sentences in ``locale``
    (:func:`referee.i18n.localize.localize`; ``game``: the game of a stateless route); a
    problem's ``detail`` made from a registered message and its parameters
    (:class:`referee.api.errors.ProblemResponse` ``said``) is worded from them."""
    from referee.api.errors import ProblemResponse
    from referee.i18n.localize import localize

    body = response.get_data()
    if locale == DEFAULT or not body:
        return response
    data = json.loads(body)
    said = response.said if isinstance(response, ProblemResponse) else None
    if not isinstance(data, dict) or data.get("detail") != str(said):
        said = None  # compared before localize, which may reword part of a sentence
    localize(data, locale, game)
    if said is not None:
        data["detail"] = said.words(locale)
    response.set_data(json.dumps(data, ensure_ascii=False) + "\n")
    response.headers["Content-Type"] = f"{response.mimetype}; charset=utf-8"
    return response


def environ_locale(environ: Mapping[str, Any]) -> str:
    """The locale an answer made outside the app (no request: the WSGI middleware's) is
    worded in: the best of the request's Accept-Language, as :func:`requested`."""
    header = environ.get("HTTP_ACCEPT_LANGUAGE")
    if not header:
        return DEFAULT
    accepted = parse_accept_header(str(header), LanguageAccept)
    return negotiate(tag for tag, quality in accepted if quality > 0)
