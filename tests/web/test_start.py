"""The page's start: the shell painted, then the engine ready; taps made while it loads kept and made once it is;
a site that cannot serve the rules said in plain words."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from .actions import card, cyrus_and_bandit, first_paint
from .conftest import BOOT_TIMEOUT_MS, open_page, wait_ready, watch


def test_boot_paints_the_shell_then_reaches_ready(page: Page, site_url: str) -> None:
    asked: list[str] = []     # the page's requests and its Workers' (a return visit's reader fetches the rules)
    page.on("request", lambda request: asked.append(request.url))
    page.goto(site_url)
    expect(page.get_by_test_id("engine-progress")).to_be_attached()
    wait_ready(page)
    expect(page.get_by_test_id("engine-message")).to_have_text("Ready")
    expect(page.get_by_test_id("system-name")).to_have_text("Typed Damage")
    expect(page.get_by_test_id("roster-empty")).to_be_visible()
    expect(page.get_by_test_id("add-combatant")).to_be_enabled()
    # the rules, compiled by the build, were fetched as one bundle, and their wheel was not
    assert any(name.endswith("-compiled.gz") for name in asked), asked
    assert not any(name.endswith(".whl") for name in asked), asked


def test_a_return_visits_first_paint_has_its_saved_cards(app: Page, site_url: str) -> None:
    """A return visit paints nothing before its saved cards are drawn (index.html's blocking="render" on app.js): no
    empty page is laid out and painted first, a frame before them."""
    cyrus_and_bandit(app)
    app.add_init_script("""new MutationObserver((changes, observer) => {
      if (!document.querySelector('[data-testid="combatant-name"]')) return;
      window.cardsDrawnAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });""")
    open_page(app, site_url)
    drawn = {"paint": first_paint(app), "cards": app.evaluate("() => window.cardsDrawnAt ?? null")}
    assert drawn["cards"] is not None and drawn["paint"] is not None, drawn
    assert drawn["paint"] >= drawn["cards"], drawn
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Cyrus", "Bandit"])


def test_a_return_visit_reads_its_files_from_the_cache_past_the_worker(app: Page, site_url: str) -> None:
    """In a profile that keeps the site (conftest.py's warm one), the page and its files come from the build's cache
    by the service worker's static routes (web/sw.js), without its fetch handler; the page at an address with a
    query still goes through the handler, which answers it with the page it was not cached under."""
    routed = app.evaluate("""() => Object.fromEntries(performance.getEntriesByType("resource")
      .map((entry) => [new URL(entry.name).pathname.split("/").pop(), entry.workerFinalSourceType]))""")
    for name in ("app.css", "app.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs"):
        assert routed.get(name) == "cache", (name, routed)
    opened = '() => performance.getEntriesByType("navigation")[0].workerFinalSourceType'
    assert app.evaluate(opened) == "cache"
    open_page(app, site_url + "?from=home")
    assert app.evaluate(opened) == "fetch-event"
    expect(app.get_by_test_id("engine-message")).to_have_text("Ready")


def test_the_snapshot_reader_is_one_file(page: Page, site_url: str) -> None:
    """The Worker that reads a return visit's snapshot (js/snapshot-reader.js) imports nothing: each module it
    imported was fetched only once its own script had arrived and been parsed, while Python's start waited for the
    snapshot's bytes."""
    reader = page.request.get(site_url + "js/snapshot-reader.js")
    assert reader.ok, reader.status
    text = reader.text()
    assert "findSnapshot" in text and "fetchBundle" in text   # what it uses is in it
    assert not re.search(r'^\s*import\b|\bimport\s*\(|\bfrom\s*["\']', text, re.MULTILINE), text[:400]


# Its own profile: a kept service worker would serve the rules from its cache, where the route cannot refuse them.
@pytest.mark.own_profile
def test_a_site_that_cannot_serve_the_rules_says_so(page: Page, site_url: str) -> None:
    """Without the rules there is no engine: the page says plainly why it cannot resolve, and does not pretend to."""
    page.route("**/*-compiled.gz", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site_url)
    page.wait_for_function("() => ['ready', 'failed'].includes(document.documentElement.dataset.engine)",
                           timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.engine") == "failed"
    message = page.get_by_test_id("engine-message")
    expect(message).to_contain_text("the rules answered 404")
    # On a phone it has a row of its own, under the icon and the tools, not squeezed over them.
    page.set_viewport_size({"width": 390, "height": 844})
    said, tools = message.bounding_box(), page.locator("nav.tools").bounding_box()
    assert said and tools and said["y"] >= tools["y"] + tools["height"] - 0.5, (said, tools)
    assert said["x"] >= 0 and said["x"] + said["width"] <= 390.5, said
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_taps_made_while_the_engine_loads_are_kept(browser: Browser, browser_context_args: dict[str, Any],
                                                  site_url: str) -> None:
    """The saved cards are on screen before the engine: a tap on a card, then on Add, waits and is then made.

    The engine is held back by holding the rules' bundle, which a restore needs as much as a boot does: a restored
    engine is ready within a second, before the page could be read otherwise. A profile without a service worker,
    whose requests the route sees (a service worker's it does not)."""
    context = watch(browser.new_context(**browser_context_args, service_workers="block"))
    app = open_page(context.new_page(), site_url)
    cyrus_and_bandit(app)
    held_back: list[Route] = []
    app.route("**/*-compiled.gz", lambda route: held_back.append(route))
    app.goto(site_url, wait_until="domcontentloaded")
    # In one go, so the engine cannot become ready between the taps and the reading.
    held = app.evaluate("""() => {
      const engine = document.documentElement.dataset.engine;
      const add = document.querySelector('[data-testid="add-combatant"]');
      const busy = add.getAttribute("aria-busy");
      const cards = [...document.querySelectorAll('[data-testid="combatant-name"]')].map((name) => name.textContent);
      document.querySelectorAll('[data-testid="combatant-name"]')[1].click();
      add.click();
      const dialog = document.querySelector('[data-testid="sheet-dialog"]').open;
      return {engine, busy, cards, dialog, held: add.classList.contains("tap-held"),
              message: document.querySelector('[data-testid="engine-message"]').textContent};
    }""")
    assert held == {"engine": "loading", "busy": "true", "cards": ["Cyrus", "Bandit"], "dialog": False, "held": True,
                    "message": "Loading the rules engine; your 2 taps are kept."}
    for _ in range(200):         # the page asked for the rules, and waits for them
        if held_back:
            break
        app.wait_for_timeout(50)
    assert len(held_back) == 1 and app.evaluate("document.documentElement.dataset.engine") == "loading"
    for request in held_back:    # the engine goes on: the bundle arrives
        request.continue_()
    app.unroute("**/*-compiled.gz")
    wait_ready(app)
    expect(app.get_by_test_id("sheet-dialog")).to_be_visible()
    expect(app.get_by_test_id("add-combatant")).not_to_have_attribute("aria-busy", "true")
    app.get_by_test_id("sheet-cancel").click()
    expect(card(app, 1)).to_have_attribute("data-role", "actor")
    context.close()
