"""Playwright against the built site (dist/site), served from a sub-path on 127.0.0.1, in Debian's Chromium.

Every request any test's browser makes is watched; one that tries to leave
127.0.0.1 fails the test that made it.

A test's `context` is one browser profile per test process, kept warm: the site's service worker and the engine's
snapshot stay in it, so each test's page starts as a game master's return visit does (well under a second) instead
of booting Python and making a snapshot again (about 3 s, and a second Python in a Worker). Before each test the
profile is set back to a tablet with nothing kept: every page closed, the app's local storage emptied (all but the
snapshot's two notes), routes, offline mode and permissions undone. A module whose tests are about the profile
itself (the service worker, the snapshot, storage, a first visit) marks itself `own_profile` and gets a new one
per test, as `fresh_context` always is.
"""

from __future__ import annotations

import functools
import os
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Dialog, Page

from build import Handler, Server

SITE = Path(__file__).resolve().parents[2] / "dist" / "site"
SUBPATH = "/woundbook/"
BOOT_TIMEOUT_MS = 90_000
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
FOREIGN: list[str] = []
# Chromium's own log, one file per test process: a test whose page's renderer died ("Target crashed") reports what
# Chromium logged while it ran (pytest_runtest_makereport below), so that a crash seen once in CI explains itself.
CHROMIUM_LOG = Path(tempfile.gettempdir()) / f"woundbook-chromium-{os.getpid()}.log"
CHROMIUM_NOISE = ("dbus", "bluez", "idle_linux", "UPower")   # a machine with no desktop bus: logged at every start
# What a return visit needs kept in the warm profile's local storage (web/js/snapshot.js): everything else is the app's.
SNAPSHOT_NOTES = ["woundbook.snapshot", "woundbook.snapshot-refused"]
LOG_START = pytest.StashKey[int]()
SNAPSHOT_SETTLED = "() => ['stored', 'failed', 'unsupported', 'refused'].includes(document.documentElement.dataset.snapshot)"


class SubpathHandler(Handler):
    """`python3 build.py serve`'s server, but under /woundbook/ only, as a GitHub Pages project site would be."""

    def translate_path(self, path: str) -> str:
        if not path.startswith(SUBPATH):
            return str(SITE / "__not_found__")
        return super().translate_path("/" + path[len(SUBPATH):])


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    if not (SITE / "index.html").exists():
        pytest.fail("dist/site is not built: run `python3 build.py test` (or `python3 build.py` first)")
    server = Server(("127.0.0.1", 0), functools.partial(SubpathHandler, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}{SUBPATH}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": "/usr/bin/chromium", "args": [*CHROMIUM_FLAGS, "--enable-logging"],
            "env": {**os.environ, "CHROME_LOG_FILE": str(CHROMIUM_LOG)}}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    item.stash[LOG_START] = CHROMIUM_LOG.stat().st_size if CHROMIUM_LOG.exists() else 0
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Iterator[Any]:
    outcome = yield
    report = outcome.get_result()
    if report.failed and "Target crashed" in str(report.longrepr) and CHROMIUM_LOG.exists():
        with CHROMIUM_LOG.open("rb") as log:
            log.seek(item.stash.get(LOG_START, 0))
            lines = [line for line in log.read().decode(errors="replace").splitlines()
                     if not any(noise in line for noise in CHROMIUM_NOISE)]
        report.sections.append((f"Chromium's log while the test ran ({CHROMIUM_LOG})", "\n".join(lines[-60:]) or "(nothing)"))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """A test that passed when run again after its renderer crashed (buildtools/testing.py) still shows what
    Chromium logged of the crash."""
    for report in terminalreporter.stats.get("rerun", []):
        for title, text in report.sections:
            if title.startswith("Chromium's log"):
                terminalreporter.write_sep("-", f"{report.nodeid} crashed, then was run again: {title}")
                terminalreporter.write_line(text)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # No bypass_csp: every browser test drives the page under the policy it ships with, which allows no eval. Nothing
    # here needs one: Playwright compiles what it is given (evaluate, a wait's function) with eval allowed, and only
    # a wait on an expression polls with eval (wait_ready below); tests/web/test_csp.py listens for violations.
    return {**browser_context_args, "viewport": {"width": 768, "height": 1024}, "has_touch": True}


def watch(context: BrowserContext) -> BrowserContext:
    def record(request: Any) -> None:
        if not request.url.startswith(("http://127.0.0.1", "data:", "blob:")):
            FOREIGN.append(request.url)
    context.on("request", record)
    return context


@pytest.fixture(autouse=True)
def no_request_leaves_the_machine() -> Iterator[None]:
    """Every profile a test opens is watched from its making (watch), so a test that opens none starts no browser."""
    before = len(FOREIGN)
    yield
    assert FOREIGN[before:] == [], f"requests left 127.0.0.1: {FOREIGN[before:]}"


def kept_profile(browser: Browser, options: dict[str, Any], site_url: str) -> BrowserContext:
    """A profile for this test process to keep: one first visit, left until the snapshot is made, so that later
    visits return."""
    context = watch(browser.new_context(**options))
    page = open_page(context.new_page(), site_url)
    page.wait_for_function(SNAPSHOT_SETTLED, timeout=180_000)
    page.close()
    return context


@pytest.fixture(scope="session")
def warm_profile(browser: Browser, browser_context_args: dict[str, Any], site_url: str) -> Iterator[BrowserContext]:
    """This test process's kept profile, which `context` (and so `page` and `app`) hands to each test."""
    context = kept_profile(browser, browser_context_args, site_url)
    yield context
    context.close()


@pytest.fixture(scope="session")
def warm_phone_profile(browser: Browser, browser_context_args: dict[str, Any], site_url: str) -> Iterator[BrowserContext]:
    """The kept profile of a touch device that is a mobile browser (test_tablet.py's `touch`): its pages are sized
    and coloured one by one, as the size and scheme of each test."""
    context = kept_profile(browser, {**browser_context_args, "has_touch": True, "is_mobile": True}, site_url)
    yield context
    context.close()


def keeper(context: BrowserContext, site_url: str) -> Page:
    """A page of the site's origin kept open in a warm profile, through which set_back empties the origin's storage:
    icon.svg, which runs nothing (no listener, no worker of its own), so no test's page hears from it. Opened once
    per profile, and again only if a test closed it: a new page per test cost a renderer's start each time."""
    page: Page | None = getattr(context, "woundbook_keeper", None)
    if page is None or page.is_closed():
        page = context.new_page()
        page.goto(site_url + "icon.svg")
        context.woundbook_keeper = page  # type: ignore[attr-defined]
    return page


def set_back(context: BrowserContext, site_url: str) -> None:
    """The warm profile as a tablet that kept nothing but the site and its snapshot."""
    close_pages(context)
    context.unroute_all(behavior="ignoreErrors")
    context.set_offline(False)
    context.clear_permissions()
    left = keeper(context, site_url).evaluate("""(kept) => {
        for (const key of Object.keys(localStorage)) if (!kept.includes(key)) localStorage.removeItem(key);
        return Object.keys(localStorage).filter((key) => !kept.includes(key));
    }""", SNAPSHOT_NOTES)
    assert left == [], f"the warm profile kept {left}"


def close_pages(context: BrowserContext) -> None:
    """Every page a test left open in the profile, all but its keeper."""
    kept = getattr(context, "woundbook_keeper", None)
    for open_one in context.pages:
        if open_one is not kept:
            open_one.close()


@pytest.fixture
def context(request: pytest.FixtureRequest, browser: Browser, browser_context_args: dict[str, Any],
            site_url: str) -> Iterator[BrowserContext]:
    """The profile a test's `page` opens in: the warm one set back, or a new one for an `own_profile` module."""
    if request.node.get_closest_marker("own_profile"):
        fresh = watch(browser.new_context(**browser_context_args))
        yield fresh
        fresh.close()
        return
    warm: BrowserContext = request.getfixturevalue("warm_profile")
    set_back(warm, site_url)
    yield warm
    close_pages(warm)


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


@pytest.fixture
def fresh_context(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    """A second, separate browser profile (another person's tablet)."""
    context = watch(browser.new_context(**browser_context_args))
    yield context
    context.close()


def wait_ready(page: Page) -> None:
    # A function, not an expression: Playwright polls an expression with eval, which the page's policy refuses.
    # (add_script_tag is refused too: inject with page.evaluate.)
    page.wait_for_function("() => ['ready', 'failed'].includes(document.documentElement.dataset.engine)",
                           timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.engine") == "ready", page.get_by_test_id("engine-message").text_content()


def open_page(page: Page, url: str) -> Page:
    """Load the page to ready, with dialogs (alert) recorded instead of accepted silently."""
    dialogs: list[str] = []
    page.dialogs = dialogs  # type: ignore[attr-defined]

    def record(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()
    page.on("dialog", record)
    page.goto(url)
    wait_ready(page)
    return page


@pytest.fixture
def app(page: Page, site_url: str) -> Page:
    """The page, booted to ready."""
    return open_page(page, site_url)
