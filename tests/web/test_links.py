"""Bad share links get a clear message and leave the autosaved encounter as it was."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .actions import add_combatant
from .conftest import wait_ready

SAVED = "Object.keys(localStorage).filter((key) => key.startsWith('woundbook.doc.')).map((key) => localStorage.getItem(key))"


@pytest.mark.parametrize("fragment, message", [
    ("e1.not-a-real-encounter", "damaged"),
    ("e1." + "A" * 120_000, "characters long"),
    ("e7.abc", "version"),
])
def test_a_bad_link_leaves_the_autosave_untouched(app: Page, site_url: str, fragment: str, message: str) -> None:
    add_combatant(app, "Saved Sam", weapon="Spear 4+")
    expect(app.get_by_test_id("combatant")).to_have_count(1)
    saved = app.evaluate(SAVED)
    assert len(saved) == 1   # the link's fragment: Sam is in the entry's listing (the cards are kept apart)
    assert "Saved Sam" in app.evaluate("""() => Object.keys(localStorage).filter((key) => key.startsWith('woundbook.meta.'))
      .map((key) => localStorage.getItem(key)).join()""")
    # The address bar follows the encounter once the page is idle: a link typed over it before then could be
    # replaced by it (Chromium drops a typed fragment navigation when the page replaces its URL at that moment).
    app.wait_for_function(f"() => location.hash === '#' + JSON.parse(({SAVED})[0]).fragment")
    app.goto(f"{site_url}#{fragment}")
    app.reload()
    wait_ready(app)
    expect(app.get_by_test_id("banner")).to_contain_text("This share link could not be opened")
    expect(app.get_by_test_id("banner")).to_contain_text(message)
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Saved Sam"])
    assert app.evaluate(SAVED) == saved
