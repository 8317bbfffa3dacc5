"""Bandwidth: compressed answers, versioned static files kept a
year, the service worker and the page revalidated, a favicon."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import brotli
import pytest
from flask.testing import FlaskClient

from referee.api import table

PAGE = """<!doctype html><html lang="en"><head><title>t</title>
<link rel="icon" href="static/__ASSET_VERSION__/favicon.svg">
<script type="module" src="static/__ASSET_VERSION__/app.js"></script></head><body></body></html>
"""
WORKER = """const VERSION = "__ASSET_VERSION__";
const FILES = ["static/__ASSET_VERSION__/app.js"];
"""


@pytest.fixture
def web(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The page's files in a folder of this test (the real ones are the page's business)."""
    (tmp_path / "index.html").write_text(PAGE)
    (tmp_path / "sw.js").write_text(WORKER)
    (tmp_path / "app.js").write_text('import { api } from "./lib/api.js";\n' + "//x\n" * 400)
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "api.js").write_text("export const api = 1;\n")
    (tmp_path / "favicon.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    monkeypatch.setattr(table, "WEB_DIR", tmp_path)
    table.asset_version.cache_clear()
    table._file.cache_clear()
    yield tmp_path
    table.asset_version.cache_clear()
    table._file.cache_clear()


def test_the_page_names_its_files_under_the_current_version(
    bare_client: FlaskClient, web: Path
) -> None:
    version = table.asset_version()
    assert len(version) == 12
    page = bare_client.get("/table/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    text = page.get_data(as_text=True)
    assert "__ASSET_VERSION__" not in text
    assert f'src="static/{version}/app.js"' in text
    assert page.headers["Cache-Control"] == "no-cache"
    policy = page.headers["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "connect-src 'self'" in policy
    # Revalidation: unchanged → 304, no body.
    again = bare_client.get("/table/", headers={"If-None-Match": page.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


def test_versioned_files_are_kept_a_year_and_others_revalidated(
    bare_client: FlaskClient, web: Path
) -> None:
    version = table.asset_version()
    for path, mimetype in ((f"/table/static/{version}/app.js", "text/javascript"),
                           (f"/table/static/{version}/lib/api.js", "text/javascript"),
                           (f"/table/static/{version}/favicon.svg", "image/svg+xml")):
        response = bare_client.get(path)
        assert response.status_code == 200, path
        assert response.mimetype == mimetype
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
    # An older page still gets its files, but not for keeps; the old URLs keep working.
    old = bare_client.get("/table/static/0123456789ab/app.js")
    assert old.status_code == 200 and old.headers["Cache-Control"] == "no-cache"
    plain = bare_client.get("/table/app.js")
    assert plain.status_code == 200 and plain.headers["Cache-Control"] == "no-cache"
    assert bare_client.get(f"/table/static/{version}/nothing.js").status_code == 404
    assert bare_client.get(f"/table/static/{version}/../index.html").status_code in (404, 308)
    assert bare_client.get("/table/static/x/..%2f..%2fapi/table.py").status_code == 404


def test_the_version_changes_with_any_file(web: Path) -> None:
    before = table.asset_version()
    (web / "lib" / "api.js").write_text("export const api = 2;\n")
    table.asset_version.cache_clear()
    assert table.asset_version() != before


def test_the_service_worker_is_revalidated_and_names_the_version(
    bare_client: FlaskClient, web: Path
) -> None:
    worker = bare_client.get("/table/sw.js")
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    assert worker.headers["Cache-Control"] == "no-cache"
    text = worker.get_data(as_text=True)
    assert f'"{table.asset_version()}"' in text and "__ASSET_VERSION__" not in text


def test_a_favicon_is_served(bare_client: FlaskClient) -> None:
    icon = bare_client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.mimetype == "image/svg+xml"
    assert icon.data.startswith(b"<svg") and b"</svg>" in icon.data
    assert "max-age" in icon.headers["Cache-Control"]
    assert (Path(table.__file__).parent.parent / "web" / "favicon.svg").is_file()


def test_answers_are_compressed_for_clients_that_accept_it(client: FlaskClient) -> None:
    created = client.post("/v1/matches", json={"game": "piquet", "players": ["Bill", "Ann"]})
    match_id = created.get_json()["id"]
    plain = client.get(f"/v1/matches/{match_id}")
    assert "Content-Encoding" not in plain.headers
    zipped = client.get(f"/v1/matches/{match_id}", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped.headers["Vary"]
    assert len(zipped.data) < len(plain.data)
    assert json.loads(gzip.decompress(zipped.data)) == plain.get_json()
    # The ETag is the match's version whatever the encoding: If-Match takes it back as is.
    assert zipped.headers["ETag"] == plain.headers["ETag"] == '"v1"'
    assert client.get(f"/v1/matches/{match_id}", headers={
        "Accept-Encoding": "gzip", "If-None-Match": '"v1"'}).status_code == 304
    squeezed = client.get(f"/v1/matches/{match_id}", headers={"Accept-Encoding": "br"})
    assert squeezed.headers["Content-Encoding"] == "br"
    assert json.loads(brotli.decompress(squeezed.data)) == plain.get_json()
    # Small answers (under 500 bytes) are not worth it.
    small = client.get(f"/v1/matches/{match_id}/ledger", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in small.headers


def test_the_page_is_compressed(bare_client: FlaskClient) -> None:
    page = bare_client.get("/table/", headers={"Accept-Encoding": "gzip"})
    assert page.headers["Content-Encoding"] == "gzip"
    assert b"<html" in gzip.decompress(page.data)


def test_compression_comes_after_every_other_header(bare_client: FlaskClient) -> None:
    """The docs page's CSP hashes its inline script: computed on the page, not on its gzip."""
    plain = bare_client.get("/docs")
    zipped = bare_client.get("/docs", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers.get("Content-Encoding") == "gzip"
    assert "'sha256-" in plain.headers["Content-Security-Policy"]
    assert zipped.headers["Content-Security-Policy"] == plain.headers["Content-Security-Policy"]
