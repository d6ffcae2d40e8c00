"""Storage that is full or refuses every write never drops the work on screen, nor says it is kept when it is not
(issue 35, items 9-12). Storage is made full or refusing by an init script, as a browser's quota or a private
window makes it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from rules import player
from rules.encounter import Encounter

from .actions import (EVERY_SCREEN, add_combatant, cyrus_and_bandit, give_dice, seen_as, settle, start_new,
                      typed_margin)
from .conftest import open_page, wait_ready
from .test_layout import SCREENS, run_axe, small_targets
from .test_library import entries, entry_with, link_of, names_in_library, open_library, open_link

# Own profiles: each test makes its profile's storage full or refusing, with an init script.
pytestmark = pytest.mark.own_profile

# localStorage with a quota (characters, keys and values together, as Chromium counts them) the test sets as it
# goes (window.__quota), or none while it is unset; sessionStorage is left alone.
QUOTA = """(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage && window.__quota !== undefined) {
      let used = String(key).length + String(value).length;
      for (let i = 0; i < this.length; i++) {
        const other = this.key(i);
        if (other !== key) used += other.length + this.getItem(other).length;
      }
      if (used > window.__quota) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();"""
REFUSES_EVERY_WRITE = QUOTA + "\nwindow.__quota = 0;"
# A private window that refuses local storage altogether: reading it throws.
NO_STORAGE = """Object.defineProperty(window, "localStorage", { configurable: true,
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });"""

# Full: nothing more fits, even once the cached cards (which a refused write drops first) are gone.
FILL = """() => {
  let used = 0;
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key !== 'woundbook.cards') used += key.length + localStorage.getItem(key).length;
  }
  window.__quota = used;
}"""


def with_quota(context: BrowserContext, site_url: str, script: str = QUOTA) -> Page:
    context.add_init_script(script=script)
    return open_page(context.new_page(), site_url)


def not_saved(page: Page) -> Any:
    return page.get_by_test_id("banner").filter(has_text="Not saved")


def two_unsaved(page: Page) -> None:
    """Ann in one entry, Bob in the one on screen; storage full; two more combatants that are not saved."""
    add_combatant(page, "Ann")
    page.get_by_test_id("new-encounter").click()
    page.get_by_test_id("new-confirm").click()
    add_combatant(page, "Bob")
    page.evaluate(FILL)
    add_combatant(page, "Cid")
    add_combatant(page, "Dee")
    expect(not_saved(page)).to_contain_text("storage is full")
    assert names_in_library(page) == [["Ann"], ["Bob"]]


def asked(page: Page, what: str) -> Any:
    dialog = page.get_by_test_id("replace-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("The encounter on screen has changes that are not saved in this browser: download them first?")
    expect(page.get_by_test_id("replace-what")).to_have_text(what)
    expect(page.get_by_test_id("replace-title")).to_be_focused()   # no field: a tablet's keyboard stays shut
    return dialog


def test_new_an_entry_a_link_and_a_file_ask_before_dropping_unsaved_work(context: BrowserContext, site_url: str,
                                                                           tmp_path: Any) -> None:
    page = with_quota(context, site_url)
    two_unsaved(page)
    on_screen = ["Bob", "Cid", "Dee"]

    page.get_by_test_id("new-encounter").click()
    asked(page, "Starting a new encounter replaces it.")
    page.get_by_test_id("replace-cancel").click()
    expect(page.get_by_test_id("replace-dialog")).to_be_hidden()
    expect(page.get_by_test_id("new-dialog")).to_be_hidden()
    expect(page.get_by_test_id("combatant-name")).to_have_text(on_screen)

    open_link(page, site_url, link_of("Linked Lena"))
    asked(page, "Opening the link replaces it.")
    page.keyboard.press("Escape")   # closed any other way: Cancel
    expect(page.get_by_test_id("replace-dialog")).to_be_hidden()
    expect(page.get_by_test_id("combatant-name")).to_have_text(on_screen)
    # Not followed: the address bar holds the encounter on screen again, not the link.
    page.wait_for_function("(hash) => location.hash !== '#' + hash", arg=link_of("Linked Lena"))

    saved_file = tmp_path / "woundbook-file.json"
    saved_file.write_text(json.dumps(Encounter.new("typed").to_dict()), encoding="utf-8")
    page.get_by_test_id("share").click()
    page.get_by_test_id("share-open-file").set_input_files(str(saved_file))
    asked(page, "Opening the file replaces it.")
    page.get_by_test_id("replace-cancel").click()
    expect(page.get_by_test_id("combatant-name")).to_have_text(on_screen)

    open_library(page)
    entry_with(page, "Ann").get_by_test_id("library-open").click()
    ann = next(meta["name"] for meta in entries(page) if meta["names"] == ["Ann"])
    dialog = asked(page, f"Opening “{ann}” replaces it.")
    with page.expect_download() as downloading:
        dialog.get_by_test_id("replace-download").click()
    document = json.loads(open(downloading.value.path(), encoding="utf-8").read())
    assert [event["sheet"]["name"] for event in document["events"]] == on_screen
    expect(page.get_by_test_id("combatant-name")).to_have_text(["Ann"])
    left = page.get_by_test_id("banner").filter(has_text="Opened")
    expect(left).to_contain_text("as it was last saved, without the changes that could not be saved")


def test_a_tap_on_the_question_acts_once(context: BrowserContext, site_url: str) -> None:
    page = with_quota(context, site_url)
    two_unsaved(page)
    page.get_by_test_id("new-encounter").click()
    asked(page, "Starting a new encounter replaces it.")
    page.get_by_test_id("replace-anyway").dblclick()
    expect(page.get_by_test_id("new-dialog")).to_be_visible()   # once: the picker, not two
    expect(page.get_by_test_id("replace-dialog")).to_be_hidden()
    page.get_by_test_id("new-confirm").click()
    expect(page.get_by_test_id("combatant")).to_have_count(0)
    expect(not_saved(page)).to_have_count(1)   # the new one cannot be saved either, and the banner says so
    assert names_in_library(page) == [["Ann"], ["Bob"]]


def test_deleted_entries_are_deleted_for_good_and_make_room_first(context: BrowserContext, site_url: str) -> None:
    page = with_quota(context, site_url)
    add_combatant(page, "Ann")
    for name in ["Bob", "Cid"]:
        page.get_by_test_id("new-encounter").click()
        page.get_by_test_id("new-confirm").click()
        add_combatant(page, name)
    ann, bob = (next(meta["id"] for meta in entries(page) if meta["names"] == [name]) for name in ["Ann", "Bob"])
    open_library(page)
    entry_with(page, "Ann").get_by_test_id("library-delete").click()
    settle(page)    # a tap acts once: the list's buttons share one key (js/dom.js once()); a person's pace between
    entry_with(page, "Bob").get_by_test_id("library-delete").click()
    deleted = page.get_by_test_id("library-deleted-list").get_by_test_id("library-entry")
    expect(deleted).to_have_count(2)
    # Delete for good, from the deleted list (folded until opened): its keys are gone.
    page.get_by_test_id("library-deleted").locator("summary").click()
    settle(page)
    deleted.filter(has_text="Bob").get_by_test_id("library-erase").click()
    expect(deleted).to_have_count(1)
    assert page.evaluate("(id) => [localStorage.getItem('woundbook.meta.' + id), localStorage.getItem('woundbook.doc.' + id)]",
                         bob) == [None, None]
    page.get_by_test_id("library-close").click()
    # Full storage: the change is saved once the deleted Ann is removed for good, and the banner names her.
    page.evaluate(FILL)
    add_combatant(page, "Dee")
    expect(page.get_by_test_id("banner").filter(has_text="removed for good")).to_contain_text("“Encounter of")
    expect(not_saved(page)).to_have_count(0)
    assert page.evaluate("(id) => localStorage.getItem('woundbook.meta.' + id)", ann) is None
    assert ["Cid", "Dee"] in names_in_library(page)


def test_full_storage_with_nothing_deleted_offers_to_delete_for_good(context: BrowserContext, site_url: str) -> None:
    page = with_quota(context, site_url)
    add_combatant(page, "Ann")
    page.get_by_test_id("new-encounter").click()
    page.get_by_test_id("new-confirm").click()
    add_combatant(page, "Bob")
    page.evaluate(FILL)
    open_library(page)
    entry_with(page, "Ann").get_by_test_id("library-delete").click()
    refused = page.get_by_test_id("banner").filter(has_text="could not be deleted")
    expect(refused).to_contain_text("quota")
    refused.get_by_test_id("banner-action").click()   # Delete it for good
    expect(page.get_by_test_id("banner").filter(has_text="is deleted for good")).to_have_count(1)
    assert names_in_library(page) == [["Bob"]]
    assert entries(page, deleted=True) == []


def sla_forty() -> str:
    encounter = Encounter.new("sla")
    for number in range(1, 41):
        encounter, _ = encounter.record("add", {"sheet": {"name": f"Operative {number}", "skills": "Pistol 6, Marksman 2"}})
    return encounter.link()


def test_an_entry_costs_about_its_link_and_only_the_last_has_its_cards(app: Page, site_url: str) -> None:
    link = sla_forty()
    open_link(app, site_url, link)
    expect(app.get_by_test_id("combatant")).to_have_count(40)
    app.wait_for_function("() => localStorage.getItem('woundbook.cards') !== null")
    sizes = app.evaluate("""() => Object.keys(localStorage).filter((key) => key.startsWith('woundbook.meta.'))
      .map((key) => key.slice('woundbook.meta.'.length))
      .map((id) => ['woundbook.meta.' + id, 'woundbook.doc.' + id]
        .reduce((sum, key) => sum + key.length + (localStorage.getItem(key) ?? '').length, 0))""")
    entry = max(sizes)
    cards = app.evaluate("() => localStorage.getItem('woundbook.cards').length")
    print(f"40-combatant SLA entry: link {len(link):,} characters, entry {entry:,}, the one set of cards {cards:,}")
    assert entry < len(link) + 1_500, entry
    # The cards paint the entry saved last before the engine is ready; another entry opened takes them over.
    start_new(app, "Typed Damage")
    add_combatant(app, "Ann")
    # The cards are a cache, written once the page is idle.
    app.wait_for_function("() => JSON.parse(localStorage.getItem('woundbook.cards')).roster.map((card) => card.name)"
                          ".join() === 'Ann'")
    app.reload()
    wait_ready(app)
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Ann"])


def test_a_browser_that_keeps_nothing_never_says_kept(context: BrowserContext, site_url: str) -> None:
    page = with_quota(context, site_url, NO_STORAGE)
    refused = page.get_by_test_id("banner").filter(has_text="does not let Woundbook save anything")
    expect(refused).to_have_count(1)
    add_combatant(page, "Ann")
    expect(refused).to_have_count(1)   # still true after a change "saved" into the tab's memory
    expect(page.get_by_test_id("encounter-name")).to_have_attribute("title", "This encounter's name in your encounters, "
                                                                              "kept only while this tab is open")
    open_library(page)
    note = page.get_by_test_id("library-note")
    expect(note).to_contain_text("only in this tab's memory")
    expect(note).not_to_contain_text("kept here")
    page.get_by_test_id("library-close").click()
    page.get_by_test_id("new-encounter").click()
    asked(page, "Starting a new encounter replaces it.")
    page.get_by_test_id("replace-anyway").click()
    page.get_by_test_id("new-confirm").click()
    expect(page.get_by_test_id("banner").filter(has_text="Started a new encounter")).to_contain_text(
        "until this tab is closed")


def test_encounters_never_says_saved_as_you_go_while_the_screen_is_ahead_of_its_entry(context: BrowserContext,
                                                                                     site_url: str) -> None:
    page = with_quota(context, site_url)
    two_unsaved(page)                  # Bob saved; Cid and Dee only on screen
    open_library(page)
    note = page.get_by_test_id("library-note")
    expect(note).to_contain_text("changes this browser could not save")
    expect(note).not_to_contain_text("saved as you go")
    open_entry = page.get_by_test_id("library-list").locator("[data-open=true]")
    expect(open_entry.get_by_test_id("library-details")).to_contain_text("as last saved:")
    expect(open_entry.get_by_test_id("library-details")).to_contain_text("the changes since are only on screen")
    page.get_by_test_id("library-close").click()
    page.evaluate("() => { window.__quota = undefined; }")   # room again: the next change is kept
    add_combatant(page, "Eve")
    expect(not_saved(page)).to_have_count(0)
    open_library(page)
    expect(note).to_contain_text("saved as you go")
    expect(open_entry.get_by_test_id("library-details")).not_to_contain_text("as last saved")
    expect(open_entry.get_by_test_id("library-details")).to_contain_text("Bob, Cid, Dee, Eve")


def test_storage_that_refuses_every_write_keeps_saying_not_saved(context: BrowserContext, site_url: str) -> None:
    page = with_quota(context, site_url, REFUSES_EVERY_WRITE)
    expect(not_saved(page)).to_have_count(1)
    page.get_by_test_id("banner-close").first.click()
    add_combatant(page, "Ann")
    expect(not_saved(page)).to_have_count(1)
    add_combatant(page, "Bob")
    expect(not_saved(page)).to_have_count(1)
    expect(page.get_by_test_id("encounter-name")).to_have_text("Not saved")
    page.get_by_test_id("new-encounter").click()
    asked(page, "Starting a new encounter replaces it.")


def test_a_change_to_an_entry_whose_details_are_damaged_is_told_so(app: Page) -> None:
    add_combatant(app, "Ann")
    ann = entries(app)[0]["id"]
    app.get_by_test_id("new-encounter").click()
    app.get_by_test_id("new-confirm").click()
    add_combatant(app, "Bob")
    app.evaluate("(id) => localStorage.setItem('woundbook.meta.' + id, '{oops')", ann)
    open_library(app)
    app.locator(f'[data-testid="library-entry"][data-id="{ann}"]').get_by_test_id("library-open").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Ann"])
    add_combatant(app, "Cid")
    told = app.get_by_test_id("banner").filter(has_text="saved as a new entry")
    expect(told).to_contain_text("could not be read")
    expect(told).to_contain_text("The damaged entry is kept as it was")
    expect(told).not_to_contain_text("another tab")
    assert app.evaluate("(id) => localStorage.getItem('woundbook.meta.' + id)", ann) == "{oops"
    readable = app.evaluate("""() => Object.keys(localStorage).filter((key) => key.startsWith('woundbook.meta.'))
      .flatMap((key) => { try { return [JSON.parse(localStorage.getItem(key)).names]; } catch { return []; } })""")
    assert ["Ann", "Cid"] in readable


def test_a_delete_in_another_tab_is_not_undone_without_a_word(app: Page, context: BrowserContext, site_url: str) -> None:
    add_combatant(app, "Sam")
    other = open_page(context.new_page(), site_url)
    expect(other.get_by_test_id("combatant-name")).to_have_text(["Sam"])
    app.bring_to_front()     # each tab in front as it is used: in the background it draws no frames to act in
    open_library(app)
    entry_with(app, "Sam").get_by_test_id("library-delete").click()
    expect(other.get_by_test_id("banner").filter(has_text="was deleted in another tab")).to_have_count(1)
    other.bring_to_front()
    add_combatant(other, "Tod")
    back = other.get_by_test_id("banner").filter(has_text="had been deleted in another tab")
    expect(back).to_contain_text("back in your encounters")
    assert ["Sam", "Tod"] in names_in_library(other)
    back.get_by_test_id("banner-action").click()   # Delete it again
    assert [meta["names"] for meta in entries(other, deleted=True)] == [["Sam", "Tod"]]
    other.close()


def test_a_player_link_followed_under_a_dice_prompt_opens_once_the_dice_are_used(app: Page, site_url: str) -> None:
    cyrus_and_bandit(app)
    typed_margin(app, "2")
    app.get_by_test_id("type-dice").click()
    expect(app.get_by_test_id("dice-prompt")).to_be_visible()
    fragment = player.link(Encounter.new("typed").record("add", {"sheet": {"name": "Pia", "skill": 1, "defence": 0,
                           "weapons": [{"name": "Spear", "notation": "4+"}]}})[0], ["c1"], "status")
    open_link(app, site_url, fragment)
    expect(app.get_by_test_id("banner").filter(has_text="opens the player view")).to_contain_text("dice prompt")
    give_dice(app, "-0+0")
    # The dice were applied to the game master's encounter (saved), and then the players' page opened the link.
    app.wait_for_function("() => document.documentElement.dataset.view === 'drawn'", timeout=30_000)
    assert app.url.startswith(f"{site_url}player.html#p1."), app.url
    expect(app.get_by_test_id("player-view")).to_be_visible()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Pia"])
    assert entries(app)[0]["names"] == ["Cyrus", "Bandit"]
    assert entries(app)[0]["rev"] == 4   # two Adds and the hit


def test_the_question_and_the_deleted_list_read_and_tap_well_on_every_screen(context: BrowserContext,
                                                                             site_url: str) -> None:
    """One profile and one full storage, the question and the deleted list looked at on every screen."""
    page = with_quota(context, site_url)
    two_unsaved(page)
    SCREENS.mkdir(parents=True, exist_ok=True)
    for width, height, scheme in EVERY_SCREEN:
        with seen_as(page, width, height, scheme):
            page.get_by_test_id("new-encounter").click()
            asked(page, "Starting a new encounter replaces it.")
            assert [target for target in small_targets(page) if target["what"].startswith("replace")] == []
            assert run_axe(page) == []
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            page.screenshot(path=str(SCREENS / f"replace-{width}x{height}-{scheme}.png"))
            # Cancelled: the work on screen stays, unsaved, for the question at the next screen.
            page.get_by_test_id("replace-cancel").click()
            expect(page.get_by_test_id("replace-dialog")).to_be_hidden()
    # Ann can be deleted once: refused while storage is full, then deleted with room again (at the last screen).
    open_library(page)
    entry_with(page, "Ann").get_by_test_id("library-delete").click()
    refused = page.get_by_test_id("library-dialog").get_by_test_id("banner").filter(has_text="could not be deleted")
    refused.get_by_test_id("banner-close").click()
    page.evaluate("() => { window.__quota = undefined; }")   # room again
    settle(page)    # a tap acts once: Delete tapped again at once would be a double tap, dropped
    entry_with(page, "Ann").get_by_test_id("library-delete").click()
    page.get_by_test_id("library-deleted").locator("summary").click()
    for width, height, scheme in EVERY_SCREEN:
        with seen_as(page, width, height, scheme):
            expect(page.get_by_test_id("library-erase")).to_be_visible()
            assert [target for target in small_targets(page) if target["what"].startswith("library")] == []
            assert run_axe(page) == []
            page.screenshot(path=str(SCREENS / f"library-deleted-{width}x{height}-{scheme}.png"))
