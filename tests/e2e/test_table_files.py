"""The table page's files as served (no browser needed): what /table/ sends, and the rules the
page keeps — only its own files, only the public /v1 API, no CDN."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from flask.testing import FlaskClient

WEB = Path(__file__).resolve().parents[2] / "referee" / "web"


def test_the_page_and_its_files_are_served_with_a_strict_policy(bare_client: FlaskClient) -> None:
    page = bare_client.get("/table/")
    assert page.status_code == 200
    assert page.mimetype == "text/html"
    from referee.api.table import asset_version

    version = asset_version()
    assert f'<script type="module" src="static/{version}/app.js"></script>'.encode() in page.data
    assert b"__ASSET_VERSION__" not in page.data
    policy = page.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "connect-src 'self'" in policy
    assert page.headers["Referrer-Policy"] == "no-referrer"
    assert page.headers["Cache-Control"] == "no-cache"
    for name, mimetype in (("app.js", "text/javascript"), ("screens/play.js", "text/javascript"),
                           ("table.css", "text/css")):
        response = bare_client.get(f"/table/{name}")
        assert response.status_code == 200, name
        assert response.mimetype == mimetype
        assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_table_without_the_slash_redirects_and_unknown_files_are_404(
    bare_client: FlaskClient,
) -> None:
    response = bare_client.get("/table")
    assert response.status_code == 308
    assert response.headers["Location"].endswith("/table/")
    assert bare_client.get("/table/nothing.js").status_code == 404
    assert bare_client.get("/table/../api/table.py").status_code == 404


def test_the_page_is_not_in_the_api_document(bare_client: FlaskClient) -> None:
    paths = bare_client.get("/openapi.json").get_json()["paths"]
    assert not [p for p in paths if p.startswith("/table")]


def test_the_page_loads_nothing_from_outside() -> None:
    """No CDN: a club network may have no internet (the issue)."""
    for path in WEB.rglob("*.*"):
        if "vendor" in path.parts:
            continue  # vendored code names its authors' sites in comments; it fetches nothing
        # The SVG namespace is a name, not an address that is fetched.
        text = path.read_text(encoding="utf-8").replace('"http://www.w3.org/2000/svg"', "")
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", text, re.I), path.name
        assert "@import" not in text, path.name


def _scripts() -> dict[str, str]:
    return {str(p.relative_to(WEB)): p.read_text(encoding="utf-8")
            for p in WEB.rglob("*.js") if "vendor" not in p.parts}


def test_the_page_calls_only_the_public_v1_api() -> None:
    scripts = _scripts()
    every = "\n".join(scripts.values())
    calls = re.findall(r'\bapi\(\s*"(GET|POST)",\s*([`"][^`"]*|matchPath\()', every)
    posts = re.findall(r'\bpost\(\s*([`"][^`"]*)', every)
    assert calls and posts
    # the matches, the club nights (eventview.js) and their clubs (clubview.js), and the
    # stateless ruling of a record file (screens/records.js)
    assert all(path.startswith("matchPath(") or path[1:].startswith(("/v1/matches",
                                                                      "/v1/events",
                                                                      "/v1/clubs"))
               or path[1:] == "/v1/records:score" for _, path in calls), calls
    assert re.search(r"return `/v1/matches/\$\{", scripts["api.js"]), "matchPath is /v1 only"
    # post() prefixes /v1/matches/{id}: undo, void, steps, deals (sheet, confirm, dispute,
    # cards) and seats only.
    assert {p[1:].split("/")[1] for p in posts} <= {"events", "undo", "deals", "seats"}, posts
    fetches = {name for name, text in scripts.items() if re.search(r"\bfetch\(", text)}
    # The service worker fetches the page's own files (under its scope) and nothing else;
    # language.js only the page's words (/table/i18n/<locale>.json).
    assert fetches == {"api.js", "sw.js", "language.js"}, "every API request goes through api.js"
    assert re.findall(r"\bfetch\(([^)]*)\)", scripts["language.js"]) == ["`i18n/${current}.json`"]
    assert '"Idempotency-Key"' in scripts["api.js"] and '"If-Match"' in scripts["api.js"]


def test_the_page_inserts_text_as_text() -> None:
    """No innerHTML, outerHTML, insertAdjacentHTML or document.write: data is never HTML."""
    for name, text in _scripts().items():
        assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write", text), name
        if name != "dom.js":  # replaceChildren(null) prints "null": dom.fill() leaves it out
            assert ".replaceChildren(" not in text, name


def test_the_service_worker_keeps_every_file_the_page_loads(bare_client: FlaskClient) -> None:
    """Offline first: sw.js precaches every module, the CSS, the icon, the QR
    code library — a file left out would break the page with no network."""
    worker = (WEB / "sw.js").read_text(encoding="utf-8")
    listed = set(re.findall(r'"([a-z/-]+\.(?:js|css|svg))"', worker.split("const FILES")[1]))
    wanted = {str(p.relative_to(WEB)) for p in WEB.rglob("*.*")
              if p.suffix in (".js", ".css", ".svg") and p.name != "sw.js"}
    assert listed == wanted
    served = bare_client.get("/table/sw.js")
    assert served.status_code == 200 and served.headers["Cache-Control"] == "no-cache"
    assert b"__ASSET_VERSION__" not in served.data
    for name in sorted(wanted):
        assert bare_client.get(f"/table/static/x/{name}").status_code == 200, name


def _imports() -> dict[str, set[str]]:
    """Each module of the page → the modules it imports (static imports, paths from web/)."""
    graph: dict[str, set[str]] = {}
    for name, text in _scripts().items():
        if name == "sw.js":
            continue
        here = posixpath.dirname(name)
        found = re.findall(r'^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"', text, re.M)
        found += re.findall(r'^\s*import\s+"(\.[^"]+)"', text, re.M)
        graph[name] = {posixpath.normpath(posixpath.join(here, t)) for t in found}
    return graph


def test_the_page_s_modules_import_no_cycle() -> None:
    """No module imports itself through others: each is read before the modules that use it,
    so nothing is used before it is defined (the screens register with app.js instead)."""
    graph = _imports()
    assert "match.js" in graph and "screens/anyway.js" in graph["screens/play.js"]
    for name, targets in graph.items():
        for target in targets:
            if not target.startswith("vendor/"):
                assert target in graph, f"{name} imports {target}, which is not a module"
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            cycle = [*path[path.index(name):], name]
            raise AssertionError("import cycle: " + " → ".join(cycle))
        if name in done:
            return
        for target in sorted(graph.get(name, ())):
            visit(target, [*path, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])


def test_every_module_is_type_checked() -> None:
    """`// @ts-check` opens every module of the page (make typecheck-web runs tsc on them)."""
    for name, text in _scripts().items():
        assert text.startswith("// @ts-check\n"), name


def test_the_page_asks_for_every_module_at_once_the_home_screen_s_first() -> None:
    """No build step, yet no waterfall: index.html preloads every module (modulepreload), first
    the modules of the home screen (app.js's imports, all of them), then the match's screens
    that app.js loads when a match is opened (matchview.js and its imports)."""
    page = (WEB / "index.html").read_text(encoding="utf-8")
    preloaded = re.findall(r'<link rel="modulepreload" href="static/__ASSET_VERSION__/([^"]+)">',
                           page)
    graph = _imports()
    modules = {*graph, *(t for targets in graph.values() for t in targets)} - {"app.js"}
    assert sorted(preloaded) == sorted(modules)
    home: set[str] = set()
    todo = ["app.js"]
    while todo:
        for target in graph.get(todo.pop(), ()):
            if target not in home:
                home.add(target)
                todo.append(target)
    assert "matchview.js" not in home, "the home screen waits for none of the match's screens"
    assert set(preloaded[:len(home)]) == home
