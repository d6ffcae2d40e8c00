"""The page's Content-Security-Policy (a <meta> in web/index.html's <head>): as tight as the engine allows, and the
whole engine works under it: Pyodide's WebAssembly, PyScript (without eval: js/interpreter.js), the snapshot
Workers that make and read the snapshot, its restore, the service worker, a resolution, and the share dialog's
file download and QR code (micropip installing its generator, on a fresh engine and on a restored one). Every other browser test runs under the policy too; this one also listens for any violation, and
runs the engine once more under the policy without 'unsafe-eval', which the page allows only for tools that evaluate
text in it (Playwright's waits on an expression, the acceptance probe)."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from build import Handler

from tests.web.actions import cyrus_and_bandit
from tests.web.conftest import BOOT_TIMEOUT_MS, SITE

POLICY = {
    "default-src": ["'none'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"],
    "style-src": ["'self'"],
    "img-src": ["'self'"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
}

# Every violation the page reports, kept where the test can read it.
LISTEN = """(() => {
  window.policyViolations = [];
  document.addEventListener("securitypolicyviolation", (event) => window.policyViolations.push({
    directive: event.effectiveDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}`,
    sample: event.sample,
  }));
})()"""

SNAPSHOT_MADE = "() => ['stored', 'failed', 'unsupported', 'refused'].includes(document.documentElement.dataset.snapshot)"


def directives(policy: str) -> dict[str, list[str]]:
    parsed: dict[str, list[str]] = {}
    for part in policy.split(";"):
        if part.strip():
            name, *values = part.split()
            parsed[name.lower()] = values
    return parsed


def violations(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("window.policyViolations")
    return found


def visit(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_TIMEOUT_MS)
    return page


def test_the_built_page_carries_the_policy_before_anything_it_governs(page: Page, site_url: str) -> None:
    page.goto(site_url)
    meta = page.locator('meta[http-equiv="Content-Security-Policy"]')
    expect(meta).to_have_count(1)
    assert directives(meta.get_attribute("content") or "") == POLICY
    # A <meta> policy governs only what comes after it: every script, style sheet and preload comes after.
    assert page.evaluate("""() => {
      const policy = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
      return [...document.querySelectorAll("script, link, style")]
        .every((node) => policy.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING);
    }""")
    assert page.locator("script:not([src])").count() == 0


@pytest.fixture(scope="module")
def strict_site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A copy of the built site whose policy drops 'unsafe-eval' (allowed in the page only for tools that evaluate
    text in it): the engine itself must need no eval."""
    root = tmp_path_factory.mktemp("strict") / "site"
    shutil.copytree(SITE, root)
    index = root / "index.html"
    page = index.read_text(encoding="utf-8")
    assert " 'unsafe-eval'" in page
    index.write_text(page.replace(" 'unsafe-eval'", ""), encoding="utf-8")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(params=["as built", "without unsafe-eval"])
def policy_site(request: pytest.FixtureRequest, site_url: str) -> str:
    url: str = site_url if request.param == "as built" else request.getfixturevalue("strict_site_url")
    return url


def test_under_the_policy_the_engine_boots_snapshots_restores_and_resolves(context: BrowserContext,
                                                                          policy_site: str) -> None:
    site_url = policy_site
    context.add_init_script(LISTEN)
    page = visit(context, site_url)
    page.wait_for_function(SNAPSHOT_MADE, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "stored"   # both Workers, PyScript's main.py
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    cyrus_and_bandit(page)
    page.get_by_test_id("roll").click()
    expect(page.get_by_test_id("log-title").first).to_contain_text("Cyrus attacks Bandit")
    expect(page.locator('[data-testid="odds-bar"]').first).to_be_visible()
    # The bars' widths are styles set from a script (js/dom.js), which the policy allows where it refuses attributes.
    widths = page.locator(".bar-track .fill").evaluate_all("(fills) => fills.map((fill) => fill.style.width)")
    assert widths and all(width.endswith("%") for width in widths) and any(width != "0.00%" for width in widths), widths
    page.get_by_test_id("share").click()
    expect(page.get_by_test_id("share-qr")).to_have_attribute("data-state", "ready", timeout=BOOT_TIMEOUT_MS)
    with page.expect_download():
        page.get_by_test_id("share-download").click()   # a blob: URL, which the policy does not govern
    page.get_by_test_id("share-close").click()
    assert violations(page) == []
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()

    page = visit(context, site_url)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "restored"
    expect(page.get_by_test_id("combatant")).to_have_count(2)
    page.get_by_test_id("roll").click()
    expect(page.get_by_test_id("log-entry")).to_have_count(4)   # two joined, two attacks
    page.get_by_test_id("share").click()
    expect(page.get_by_test_id("share-qr")).to_have_attribute("data-state", "ready", timeout=BOOT_TIMEOUT_MS)
    assert violations(page) == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_pyscript_runs_main_py_under_the_policy(context: BrowserContext, policy_site: str) -> None:
    """PyScript compiles the hooks it would give a worker with Function(), which the policy refuses and which stops
    its start before main.py; js/interpreter.js empties them first. main.py's `woundbook:python-ready` says it ran."""
    context.add_init_script(LISTEN + """;addEventListener("woundbook:python-ready", () => { window.mainRan = true; })""")
    page = visit(context, policy_site)
    page.wait_for_function("() => window.mainRan === true", timeout=BOOT_TIMEOUT_MS)
    assert violations(page) == []
