"""The page's Content-Security-Policy (a <meta> in web/index.html's <head>): as tight as the engine allows, and the
whole engine works under it: Pyodide's WebAssembly, PyScript (without eval: js/interpreter.js), the snapshot
Workers that make and read the snapshot, its restore, the service worker and an offline reload, a resolution, and
the share dialog's file download and QR code (micropip installing its generator, on a fresh engine and on a restored
one). The policy allows no eval (issue 35, item 17), and these tests drive the page under it with no bypass_csp,
listening for any violation and any console error."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.web.actions import cyrus_and_bandit, show_player_code
from tests.web.conftest import BOOT_TIMEOUT_MS

# Own profiles: each test listens for policy violations from a first visit on, with an init script.
pytestmark = pytest.mark.own_profile

POLICY = {
    "default-src": ["'self'"],     # the manifest's: Chromium and Firefox fall back to it (no manifest-src, issue 36)
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "style-src": ["'self'"],
    "img-src": ["'self'"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],
    "font-src": ["'none'"],
    "media-src": ["'none'"],
    "frame-src": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
}
# Directives Chromium, Firefox and WebKit all know: one that an engine does not know is logged on every load there
# ("Unrecognized Content-Security-Policy directive 'manifest-src'", WebKit) and governs nothing in it.
KNOWN_EVERYWHERE = {"default-src", "script-src", "style-src", "img-src", "connect-src", "worker-src", "font-src",
                    "media-src", "frame-src", "object-src", "base-uri", "form-action"}

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
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_TIMEOUT_MS)
    return page


def test_the_built_page_carries_the_policy_before_anything_it_governs(page: Page, site_url: str) -> None:
    page.goto(site_url)
    meta = page.locator('meta[http-equiv="Content-Security-Policy"]')
    expect(meta).to_have_count(1)
    assert directives(meta.get_attribute("content") or "") == POLICY
    assert set(POLICY) <= KNOWN_EVERYWHERE
    # A <meta> policy governs only what comes after it: every script, style sheet and preload comes after.
    assert page.evaluate("""() => {
      const policy = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
      return [...document.querySelectorAll("script, link, style")]
        .every((node) => policy.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING);
    }""")
    assert page.locator("script:not([src])").count() == 0


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """The page under its own policy, whatever a tool would bypass elsewhere."""
    return {**browser_context_args, "bypass_csp": False}


# Text compiled from one of the page's own tasks (Playwright compiles what it evaluates with eval allowed, so the
# attempts are made from a timer): eval, Function() and a string given to setTimeout.
COMPILE_FROM_TEXT = """() => new Promise((done) => setTimeout(() => {
  const tried = {};
  try { tried.eval = String((0, eval)("1 + 1")); } catch (error) { tried.eval = error.name; }
  try { tried.Function = String(Function("return 2")()); } catch (error) { tried.Function = error.name; }
  setTimeout("window.compiledFromText = true", 0);
  setTimeout(() => done({ ...tried, timer: window.compiledFromText === true }), 50);
}, 0))"""


def policy_enforced(page: Page) -> None:
    """The page's own tasks can compile nothing from text, and the listeners hear each refusal."""
    before = len(violations(page))
    assert page.evaluate(COMPILE_FROM_TEXT) == {"eval": "EvalError", "Function": "EvalError", "timer": False}
    assert [found["directive"] for found in violations(page)[before:]] == ["script-src"] * 3


def test_under_the_policy_the_engine_boots_snapshots_restores_and_resolves(context: BrowserContext,
                                                                          site_url: str) -> None:
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
    show_player_code(page)
    expect(page.get_by_test_id("player-qr")).to_have_attribute("data-state", "ready", timeout=BOOT_TIMEOUT_MS)
    page.get_by_test_id("whole-share").locator("summary").click()
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
    show_player_code(page)
    expect(page.get_by_test_id("player-qr")).to_have_attribute("data-state", "ready", timeout=BOOT_TIMEOUT_MS)
    assert violations(page) == []
    assert page.errors == []  # type: ignore[attr-defined]

    # Offline, from the service worker's cache alone, as a game master's tablet at the table.
    context.set_offline(True)
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_TIMEOUT_MS)
    page.get_by_test_id("roll").click()
    expect(page.get_by_test_id("log-entry")).to_have_count(5)
    assert violations(page) == []
    assert page.errors == []  # type: ignore[attr-defined]

    policy_enforced(page)   # and this context does not bypass the policy


def test_the_manifest_loads_under_the_policy(context: BrowserContext, site_url: str) -> None:
    """Chromium reads the app's manifest (as it does to install the app) with no violation: default-src 'self'
    governs it, there being no manifest-src."""
    context.add_init_script(LISTEN)
    page = visit(context, site_url)
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest"), manifest["url"]
    assert manifest["errors"] == [], manifest["errors"]
    assert '"name"' in manifest.get("data", ""), manifest
    assert violations(page) == []
    assert page.errors == []  # type: ignore[attr-defined]


def test_pyscript_runs_main_py_under_the_policy(context: BrowserContext, site_url: str) -> None:
    """PyScript compiles the hooks it would give a worker with Function(), which the policy refuses and which stops
    its start before main.py; js/interpreter.js empties them first. main.py's `woundbook:python-ready` says it ran."""
    context.add_init_script(LISTEN + """;addEventListener("woundbook:python-ready", () => { window.mainRan = true; })""")
    page = visit(context, site_url)
    page.wait_for_function("() => window.mainRan === true", timeout=BOOT_TIMEOUT_MS)
    assert violations(page) == []
    assert page.errors == []  # type: ignore[attr-defined]
