"""Storage the browser may clear (issue 48, item 19): the page asks the browser to keep it, Encounters says in plain
words whether it does, and one tap backs the whole library up in a file that Open a file puts back: every entry, the
stat blocks and the choices. The browser's answer is set by an init script, as each browser gives its own."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .actions import add_combatant
from .conftest import open_page
from .test_library import entries, names_in_library, open_library

pytestmark = pytest.mark.own_profile

# navigator.storage as a browser that keeps the site's storage only as long as it likes (or for good), and counts
# how often the page asks for more.
ANSWERS = """(keeps) => {
  window.__askedToPersist = 0;
  const manager = navigator.storage;
  Object.defineProperty(manager, "persisted", { configurable: true, value: async () => keeps });
  Object.defineProperty(manager, "persist", { configurable: true,
    value: async () => { window.__askedToPersist += 1; return keeps; } });
}"""

KEPT = """() => Object.fromEntries(Object.keys(localStorage)
  .filter((key) => /^woundbook\\.(meta|doc|players|blocks)\\.|^woundbook\\.roster$/.test(key))
  .map((key) => [key, localStorage.getItem(key)]))"""


def browser_that_keeps(context: BrowserContext, site_url: str, keeps: bool) -> Page:
    context.add_init_script(script=f"({ANSWERS})({json.dumps(keeps)});")
    return open_page(context.new_page(), site_url)


def test_where_the_browser_may_clear_it_encounters_says_so_and_backs_everything_up(
        context: BrowserContext, fresh_context: BrowserContext, site_url: str, tmp_path: Any) -> None:
    page = browser_that_keeps(context, site_url, False)
    assert page.evaluate("() => window.__askedToPersist") == 0   # not at first sight
    add_combatant(page, "Ann")
    page.wait_for_function("() => window.__askedToPersist === 1")   # once there is work to lose
    page.get_by_test_id("new-encounter").click()
    page.get_by_test_id("new-confirm").click()
    add_combatant(page, "Bob")
    assert page.evaluate("() => window.__askedToPersist") == 1, "asked once a visit"
    bob = next(meta["id"] for meta in entries(page) if meta["names"] == ["Bob"])
    page.evaluate("""(id) => {   // the players' characters chosen for Bob's encounter, and a stat block
      localStorage.setItem('woundbook.players.' + id, JSON.stringify({ players: ['c1'], npcs: 'tracks' }));
      localStorage.setItem('woundbook.blocks.typed', JSON.stringify({ format: 1, items: {},
        blocks: [{ id: 'b1', name: 'Ogre', sheet: { name: 'Ogre', skill: 1 }, saved: '2026-12-07T18:00:00Z' }] }));
    }""", bob)
    open_library(page)
    told = page.get_by_test_id("library-persistence")
    expect(told).to_have_text("This browser may delete your encounters on its own: when the device runs short of "
                              "space, and in Safari after seven days without a visit, unless Woundbook is on the Home "
                              "Screen. A backup file keeps them all: Open a file, in Share, puts them back.")
    expect(page.get_by_test_id("library-last-backup")).to_have_text("No backup made in this browser yet.")
    with page.expect_download() as downloading:
        page.get_by_test_id("library-backup").click()
    expect(page.get_by_test_id("library-last-backup")).to_contain_text("Last backup: ")
    assert downloading.value.suggested_filename.startswith("woundbook-backup-")
    backup = tmp_path / downloading.value.suggested_filename
    downloading.value.save_as(backup)
    kept = page.evaluate(KEPT)

    # Another browser, empty: Open a file puts everything back, and the encounter on screen stays.
    other = open_page(fresh_context.new_page(), site_url)
    add_combatant(other, "Here Hal")
    other.get_by_test_id("share").click()
    other.get_by_test_id("share-open-file").set_input_files(str(backup))
    said = other.get_by_test_id("banner").filter(has_text="From the backup of")
    expect(said).to_contain_text("2 encounters put back, 1 stat block put back")
    expect(other.get_by_test_id("combatant-name")).to_have_text(["Here Hal"])
    assert {key: value for key, value in other.evaluate(KEPT).items() if key in kept} == kept
    assert names_in_library(other) == [["Ann"], ["Bob"], ["Here Hal"]]
    open_library(other)
    expect(other.get_by_test_id("library-list").get_by_test_id("library-entry")).to_have_count(3)

    # The same file again in the first browser changes nothing.
    page.get_by_test_id("library-close").click()
    page.get_by_test_id("share").click()
    page.get_by_test_id("share-open-file").set_input_files(str(backup))
    expect(page.get_by_test_id("banner").filter(has_text="From the backup of")).to_contain_text("2 encounters already here")
    assert page.evaluate(KEPT) == kept


def test_where_the_browser_keeps_it_encounters_says_so(context: BrowserContext, site_url: str) -> None:
    page = browser_that_keeps(context, site_url, True)
    add_combatant(page, "Ann")
    open_library(page)
    expect(page.get_by_test_id("library-persistence")).to_have_text(
        "This browser has agreed to keep your encounters until you delete them.")
    expect(page.get_by_test_id("library-keeping")).to_have_attribute("data-persistence", "persistent")
    expect(page.get_by_test_id("library-backup")).to_be_visible()   # a backup is still a tap away
