"""The table page over https at a club's address (docs/operations.md, "HTTPS at the club").

A phone reaches the server by a name that is not loopback (here ``club.test``, which Chromium
resolves to 127.0.0.1 by ``--host-resolver-rules``). Browsers give a service worker only to a
secure context: loopback, or https with a certificate they trust. So over plain http at that
name the page has no service worker (no offline reopen), and over https with the club's
certificate it has one. The test makes its own CA and certificate (trustme), serves them with
gunicorn's CERTFILE/KEYFILE, and makes Chromium trust exactly that certificate
(``--ignore-certificate-errors-spki-list``: to Chromium the certificate is then valid, as on a
phone that installed the club's CA; a certificate error would refuse the service worker).
"""

from __future__ import annotations

import base64
import hashlib
import ssl
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.conftest import ON_POSTGRES, POSTGRES_URL
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, CONTROLLED, PHONE
from tests.served import Server, call, start_gunicorn

pytestmark = pytest.mark.e2e

#: The club's address as the phones know it.
CLUB = "club.test"


@dataclass
class Club:
    """The club's server over https, the SPKI hash (base64 SHA-256) of its certificate, and
    an SSL context that trusts the club's CA (what a phone that installed it has)."""

    server: Server
    spki: str
    context: ssl.SSLContext


@pytest.fixture(scope="module")
def club(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[Club]:
    """gunicorn serving https with a certificate for ``club.test`` from a CA of the test's
    own."""
    import trustme  # the test extra
    from cryptography import x509
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    folder = tmp_path_factory.mktemp("club-tls")
    authority = trustme.CA()
    issued = authority.issue_cert(CLUB, "127.0.0.1")
    certfile, keyfile = folder / "club.pem", folder / "club.key"
    issued.cert_chain_pems[0].write_to_path(str(certfile))
    for more in issued.cert_chain_pems[1:]:
        more.write_to_path(str(certfile), append=True)
    issued.private_key_pem.write_to_path(str(keyfile))
    context = ssl.create_default_context()
    authority.configure_trust(context)
    leaf = x509.load_pem_x509_certificate(issued.cert_chain_pems[0].bytes())
    spki = leaf.public_key().public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)
    if ON_POSTGRES:
        request.getfixturevalue("_postgres_ready")
        database_url = POSTGRES_URL
    else:
        database_url = f"sqlite:///{folder / 'referee.db'}"
    server = start_gunicorn(database_url, folder / "gunicorn.log", workers=1,
                            extra_env={"CERTFILE": str(certfile), "KEYFILE": str(keyfile)},
                            context=context)
    try:
        yield Club(server, base64.b64encode(hashlib.sha256(spki).digest()).decode(), context)
    finally:
        server.stop()


@pytest.fixture(scope="module")
def club_browser(browser: Any, club: Club) -> Iterator[Any]:
    """Chromium that resolves ``club.test`` to loopback and trusts the club's certificate."""
    launched = browser.browser_type.launch(executable_path=str(CHROMIUM), args=[
        *CHROMIUM_ARGS, f"--host-resolver-rules=MAP {CLUB} 127.0.0.1",
        f"--ignore-certificate-errors-spki-list={club.spki}",
    ])
    yield launched
    launched.close()


def _port(base: str) -> str:
    return base.rsplit(":", 1)[1]


def test_the_service_worker_registers_over_https_at_the_clubs_address(
    club: Club, club_browser: Any,
) -> None:
    context = club_browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        url = f"https://{CLUB}:{_port(club.server.base)}/table/"
        answer = page.goto(url)
        assert answer is not None and answer.ok
        # HSTS over TLS: the phone keeps to https for this address from now on.
        assert answer.headers["strict-transport-security"] == "max-age=31536000"
        assert page.evaluate("window.isSecureContext") is True
        state = page.evaluate(
            "navigator.serviceWorker.ready.then(r => r.active && r.active.state)")
        assert state in ("activating", "activated")
        scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        assert scope == url
        # After a reload the worker controls the page (what reopens it offline).
        page.reload()
        page.evaluate(CONTROLLED)
        controller = page.evaluate("navigator.serviceWorker.controller.scriptURL")
        assert controller == url + "sw.js"
        assert not errors, errors
    finally:
        context.close()


def test_over_plain_http_at_the_clubs_address_there_is_no_service_worker(
    served: str, club_browser: Any,
) -> None:
    """What the https set-up is for: at a non-loopback http address the page works, but the
    browser gives it no service worker (and no HSTS is sent over http)."""
    context = club_browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        answer = page.goto(f"http://{CLUB}:{_port(served)}/table/")
        assert answer is not None and answer.ok
        assert "strict-transport-security" not in answer.headers
        assert page.evaluate("window.isSecureContext") is False
        assert page.evaluate("'serviceWorker' in navigator") is False
    finally:
        context.close()


def test_the_api_over_https_sends_hsts(club: Club) -> None:
    """A client that is not a browser (urllib, trusting the club's CA) gets HSTS too."""
    answer = call(club.server.base, "GET", "/healthz", context=club.context)
    assert answer.status == 200
    assert answer.headers["Strict-Transport-Security"] == "max-age=31536000"
