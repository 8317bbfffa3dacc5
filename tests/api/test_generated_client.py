"""A client generated from the served document, as an integrator would make it, plays matches.

openapi-python-client generates a Python package from ``GET /openapi.json``; any warning (a
schema it cannot read, a response it drops) fails the test, as the document must describe the
server in types a tool reads. The generated client alone then plays a Piquet partie and a Pitch
hand against the app, in process (httpx's WSGI transport: no network): create with options,
record the Q10 deal (Bill 11, Ann 41), confirm, dispute, settle, read the settlement typed, and
a stale If-Match answered with the typed 412 (README.md, "The API").
"""

from __future__ import annotations

import hashlib
import importlib
import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from flask import Flask

#: The generator as `make setup` installed it, beside this interpreter.
GENERATOR = Path(sys.executable).parent / "openapi-python-client"
PACKAGE = "referee_client"
#: No formatter run after generating (the generated code is only imported here).
CONFIG = "post_hooks: []\n"

_generated: dict[str, Path] = {}


def generate(document: bytes, where: Path) -> Path:
    """Generate the client package of ``document`` under ``where``; the folder that holds it.
    :raises AssertionError: the generator failed or printed anything but its progress."""
    key = hashlib.sha256(document).hexdigest()
    if key in _generated:
        return _generated[key]
    spec = where / "openapi.json"
    spec.write_bytes(document)
    config = where / "config.yaml"
    config.write_text(CONFIG, encoding="utf-8")
    run = subprocess.run(
        [str(GENERATOR), "generate", "--path", str(spec), "--meta", "none",
         "--config", str(config), "--output-path", str(where / PACKAGE)],
        capture_output=True, text=True, timeout=120, check=False,
    )
    said = [line for line in (run.stdout + run.stderr).splitlines() if line.strip()]
    noise = [line for line in said if not line.startswith("Generating ")]
    assert run.returncode == 0 and not noise, "\n".join(said)
    _generated[key] = where
    return where


@pytest.fixture
def referee_client(app: Flask, tmp_path_factory: pytest.TempPathFactory
                   ) -> Iterator[tuple[ModuleType, Any]]:
    """(the generated package, its Client talking to ``app`` in process)."""
    document = app.test_client().get("/openapi.json").get_data()
    folder = generate(document, tmp_path_factory.mktemp("generated"))
    sys.path.insert(0, str(folder))
    try:
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]
        package = importlib.import_module(PACKAGE)
        client = package.Client(
            base_url="http://referee.test",
            raise_on_unexpected_status=True,
            httpx_args={"transport": httpx.WSGITransport(app=app)},
        )
        yield package, client
    finally:
        sys.path.remove(str(folder))


def operation(name: str) -> ModuleType:
    """The generated module of the operation ``name`` (its operationId, snake case)."""
    for tag in ("matches", "piquet", "pitch", "health", "live"):
        try:
            return importlib.import_module(f"{PACKAGE}.api.{tag}.{name}")
        except ModuleNotFoundError:
            continue
    raise AssertionError(f"no generated operation {name}")


def model(name: str) -> Any:
    return getattr(importlib.import_module(f"{PACKAGE}.models"), name)


def key() -> str:
    return str(uuid.uuid4())


def test_the_generator_reads_the_document_without_a_warning(
        referee_client: tuple[ModuleType, Any]) -> None:
    package, _ = referee_client
    models = importlib.import_module(f"{PACKAGE}.models")
    for name in ("Match", "DealResult", "DealAgreement", "Seats", "StepResult", "Joined",
                 "Problem", "CreatedMatch", "MatchOptions"):
        assert hasattr(models, name), f"{name} was not generated"
    assert json.loads(json.dumps(package.__name__)) == PACKAGE
