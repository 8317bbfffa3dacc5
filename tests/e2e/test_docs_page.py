"""/docs (Swagger UI) under its Content-Security-Policy: the page renders
the API document and the browser refuses nothing."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.e2e
def test_swagger_ui_renders_under_its_content_security_policy(browser: Any,
                                                               served: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.on("pageerror", lambda error: console.append(str(error)))
    response = page.goto(served + "/docs")
    assert response is not None and response.status == 200
    assert "script-src 'self' 'sha256-" in response.headers["content-security-policy"]
    page.wait_for_selector(".swagger-ui .info .title", timeout=15_000)
    assert "referee" in page.inner_text(".swagger-ui .info .title")
    page.wait_for_selector(".opblock-summary-path", timeout=15_000)  # the operations listed
    assert page.locator(".opblock").count() > 10
    context.close()
    refused = [text for text in console if "Content Security Policy" in text or "Refused" in text]
    assert refused == []
