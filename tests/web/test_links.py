"""Bad share links and files get a clear message in their own words and leave the autosaved encounter as it was;
a link with spaces around it is the link."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .actions import add_combatant
from .conftest import wait_ready
from .test_library import link_of

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


# Issue 48, item 21: refused as "share link version '%20e1' is not supported".
def test_a_link_with_a_leading_space_opens(app: Page, site_url: str) -> None:
    app.goto(f"{site_url}#%20{link_of('Spaced Sue')}")
    app.reload()
    wait_ready(app)
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Spaced Sue"])
    expect(app.get_by_test_id("banner").filter(has_text="could not be opened")).to_have_count(0)


# Issue 48, item 21: a file over 1 MB was refused in the engine's bridge's words, about "the request".
def test_a_file_over_a_megabyte_is_refused_in_the_files_words(app: Page, tmp_path: Any) -> None:
    add_combatant(app, "Saved Sam", weapon="Spear 4+")
    big = tmp_path / "woundbook-huge.json"
    big.write_text('{"format": 3, "notes": "' + "x" * 1_100_000 + '"}', encoding="utf-8")
    app.get_by_test_id("share").click()
    app.get_by_test_id("share-open-file").set_input_files(str(big))
    refused = app.get_by_test_id("banner").filter(has_text="This file could not be opened")
    expect(refused).to_contain_text("this file is larger than the 400 kB an encounter can be")
    expect(refused).not_to_contain_text("request")
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Saved Sam"])
