"""No encounter is ever lost: the library of saved encounters, links, New, two tabs, full storage, a damaged save,
and a dice prompt whose encounter is replaced (issue 22). Each of these lost work or misapplied dice before the
library."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from rules.encounter import Encounter

from .actions import EVERY_SCREEN, add_combatant, cyrus_and_bandit, seen_as, settle, typed_margin
from .conftest import open_page, wait_ready
from .test_layout import SCREENS, run_axe, small_targets

ENTRIES = """() => Object.keys(localStorage).filter((key) => key.startsWith('woundbook.meta.'))
  .map((key) => JSON.parse(localStorage.getItem(key)))"""


def link_of(*names: str) -> str:
    """A share link's fragment for a Typed Damage encounter of these combatants (made by the engine itself)."""
    encounter = Encounter.new("typed")
    for name in names:
        encounter, _ = encounter.record("add", {"sheet": {"name": name, "skill": 1, "defence": 0,
                                                          "weapons": [{"name": "Spear", "notation": "4+"}]}})
    return encounter.link()


def entries(page: Page, *, deleted: bool = False) -> list[dict[str, Any]]:
    listed: list[dict[str, Any]] = page.evaluate(ENTRIES)
    return [meta for meta in listed if bool(meta.get("deleted")) == deleted]


def names_in_library(page: Page) -> list[list[str]]:
    return sorted(meta["names"] for meta in entries(page))


def open_link(page: Page, site_url: str, fragment: str) -> None:
    """Follow a shared link in this tab, as tapping it in a chat would (a hash change on the open page)."""
    page.goto(f"{site_url}#{fragment}")


def open_library(page: Page) -> None:
    page.get_by_test_id("library").click()
    expect(page.get_by_test_id("library-dialog")).to_be_visible()


def library_entry(page: Page, name_part: str) -> Any:
    return page.get_by_test_id("library-list").get_by_test_id("library-entry").filter(
        has=page.get_by_test_id("library-name").filter(has_text=name_part))


def entry_with(page: Page, combatant: str) -> Any:
    return page.get_by_test_id("library-list").get_by_test_id("library-entry").filter(
        has=page.get_by_test_id("library-details").filter(has_text=combatant))


def test_two_links_in_a_row_keep_the_game_masters_own_encounter(app: Page, site_url: str) -> None:
    add_combatant(app, "Mine")
    open_link(app, site_url, link_of("Xavier", "Yolanda"))
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Xavier", "Yolanda"])
    expect(app.get_by_test_id("banner-text")).to_contain_text("is kept in Encounters")
    open_link(app, site_url, link_of("Zed"))
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Zed"])
    assert names_in_library(app) == [["Mine"], ["Xavier", "Yolanda"], ["Zed"]]
    open_library(app)
    expect(entry_with(app, "Zed")).to_have_attribute("data-open", "true")
    entry_with(app, "Mine").get_by_test_id("library-open").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Mine"])
    # The address bar follows once the page is idle; until then it still holds Zed's link, and following the same
    # address again is no navigation at all.
    app.wait_for_function("(zed) => location.hash !== '#' + zed", arg=link_of("Zed"))
    # The same link again opens its one entry, not a second copy.
    open_link(app, site_url, link_of("Zed"))
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Zed"])
    expect(app.get_by_test_id("banner-text")).to_contain_text("You opened this link before")
    assert len(entries(app)) == 3


def test_new_twice_keeps_the_encounter_made_before(app: Page) -> None:
    add_combatant(app, "Mine")
    for _ in range(2):
        app.get_by_test_id("new-encounter").click()
        app.get_by_test_id("new-confirm").click()
        expect(app.get_by_test_id("combatant")).to_have_count(0)
    # The empty encounter left by the second New held nothing, so it is not listed; Mine is.
    assert names_in_library(app) == [[], ["Mine"]]
    expect(app.get_by_test_id("banner-action")).to_have_text("Go back to it")
    app.get_by_test_id("banner-action").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Mine"])
    app.reload()
    wait_ready(app)
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Mine"])   # this tab reopens what it had open


def test_the_library_renames_copies_deletes_and_undoes_a_delete(app: Page) -> None:
    add_combatant(app, "Ann")
    app.get_by_test_id("new-encounter").click()
    app.get_by_test_id("new-confirm").click()
    add_combatant(app, "Bob")
    open_library(app)
    expect(app.get_by_test_id("library-list").get_by_test_id("library-entry")).to_have_count(2)
    expect(entry_with(app, "Bob")).to_have_attribute("data-open", "true")
    expect(entry_with(app, "Bob").get_by_test_id("library-details")).to_contain_text("Typed Damage")

    entry_with(app, "Ann").get_by_test_id("library-rename").click()
    field = app.get_by_test_id("library-rename-input")
    expect(field).to_be_focused()   # focus only because Rename was tapped
    field.fill("   ")
    app.get_by_test_id("library-rename-save").click()
    expect(app.get_by_test_id("library-rename-error")).to_contain_text("at least one letter")
    field.fill("Goblin ambush <b>at dusk</b>")
    app.get_by_test_id("library-rename-save").click()
    expect(library_entry(app, "Goblin ambush")).to_have_count(1)
    expect(library_entry(app, "Goblin ambush").get_by_test_id("library-name")).to_have_text("Goblin ambush <b>at dusk</b>")

    entry_with(app, "Bob").get_by_test_id("library-duplicate").click()
    expect(app.get_by_test_id("library-list").get_by_test_id("library-entry")).to_have_count(3)

    settle(app)    # a tap acts once: the list's buttons share one key (js/dom.js once()); a person's pace between
    library_entry(app, "Goblin ambush").get_by_test_id("library-delete").click()
    expect(app.get_by_test_id("library-list").get_by_test_id("library-entry")).to_have_count(2)
    expect(app.get_by_test_id("library-deleted-list").get_by_test_id("library-entry")).to_have_count(1)
    assert [meta["name"] for meta in entries(app, deleted=True)] == ["Goblin ambush <b>at dusk</b>"]
    app.get_by_test_id("library-close").click()
    expect(app.get_by_test_id("banner-text")).to_contain_text("Deleted “Goblin ambush")
    app.get_by_test_id("banner-action").click()   # Undo
    assert entries(app, deleted=True) == []
    open_library(app)
    library_entry(app, "Goblin ambush").get_by_test_id("library-open").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Ann"])
    expect(app.get_by_test_id("encounter-name")).to_have_text("Goblin ambush <b>at dusk</b>")

    # Deleting the open encounter opens another, and Undo brings it back on screen.
    open_library(app)
    library_entry(app, "Goblin ambush").get_by_test_id("library-delete").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Bob"])
    app.get_by_test_id("library-close").click()
    app.get_by_test_id("banner-action").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Ann"])


def test_an_unreadable_save_survives_a_link_and_can_be_downloaded(app: Page, site_url: str) -> None:
    add_combatant(app, "Kept Karl")
    entry_id = entries(app)[0]["id"]
    app.evaluate("(id) => localStorage.setItem('woundbook.doc.' + id, '{\"fragment\": \"e1.damaged-by-a-crash')", entry_id)
    app.goto("about:blank")
    app.goto(f"{site_url}#{link_of('Linked Lena')}")
    wait_ready(app)
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Linked Lena"])
    unreadable = app.get_by_test_id("banner").filter(has_text="could not be read")
    expect(unreadable).to_contain_text("never written over")
    assert app.evaluate("(id) => localStorage.getItem('woundbook.doc.' + id)", entry_id) == '{"fragment": "e1.damaged-by-a-crash'
    with app.expect_download() as downloading:
        unreadable.get_by_test_id("banner-action").click()
    assert open(downloading.value.path(), encoding="utf-8").read() == '{"fragment": "e1.damaged-by-a-crash'
    # Still there, still untouched, after more work and a reload; the library offers it for download too.
    add_combatant(app, "Later Lou")
    app.reload()
    wait_ready(app)
    assert app.evaluate("(id) => localStorage.getItem('woundbook.doc.' + id)", entry_id) == '{"fragment": "e1.damaged-by-a-crash'
    open_library(app)
    damaged = app.locator(f'[data-testid="library-entry"][data-id="{entry_id}"]')
    expect(damaged).to_have_attribute("data-unreadable", "true")
    with app.expect_download() as downloading:
        damaged.get_by_test_id("library-download").click()
    assert open(downloading.value.path(), encoding="utf-8").read() == '{"fragment": "e1.damaged-by-a-crash'


def test_two_tabs_on_one_encounter_never_write_over_each_other(app: Page, context: BrowserContext, site_url: str) -> None:
    add_combatant(app, "Shared Sam")
    other = open_page(context.new_page(), site_url)   # a second tab opens the encounter opened last
    expect(other.get_by_test_id("combatant-name")).to_have_text(["Shared Sam"])
    add_combatant(app, "Alpha")
    expect(other.get_by_test_id("banner-text")).to_contain_text("was changed in another tab")
    add_combatant(other, "Beta")   # without loading the newer version
    expect(other.get_by_test_id("banner-text")).to_contain_text("saved as a new entry")
    # Read in the tab that wrote it: another tab hears of a write a few milliseconds later.
    assert names_in_library(other) == [["Shared Sam", "Alpha"], ["Shared Sam", "Beta"]]
    # The first tab goes on in its own entry, untouched by the second.
    add_combatant(app, "Gamma")
    assert names_in_library(app) == [["Shared Sam", "Alpha", "Gamma"], ["Shared Sam", "Beta"]]
    expect(app.get_by_test_id("banner")).to_have_count(0)
    other.get_by_test_id("banner-action").click()   # open the first tab's version
    expect(other.get_by_test_id("combatant-name")).to_have_text(["Shared Sam", "Alpha", "Gamma"])
    # Different encounters in different tabs just work.
    other.get_by_test_id("new-encounter").click()
    other.get_by_test_id("new-confirm").click()
    add_combatant(other, "Delta")
    add_combatant(app, "Epsilon")
    add_combatant(other, "Zeta")
    assert names_in_library(app) == [["Delta", "Zeta"], ["Shared Sam", "Alpha", "Gamma", "Epsilon"], ["Shared Sam", "Beta"]]
    expect(app.get_by_test_id("banner")).to_have_count(0)
    expect(other.get_by_test_id("banner").filter(has_text="was changed in another tab")).to_have_count(0)
    other.close()


def test_a_banner_raised_under_an_open_dialog_is_shown_in_it_and_kept_when_it_closes(app: Page, context: BrowserContext,
                                                                                  site_url: str) -> None:
    add_combatant(app, "Shared Sam")
    other = open_page(context.new_page(), site_url)
    other.get_by_test_id("add-combatant").click()
    dialog = other.get_by_test_id("sheet-dialog")
    dialog.get_by_test_id("input-name").fill("Half-typed")
    add_combatant(app, "Alpha")
    # A modal dialog makes the page inert: the banner is at the dialog's top, where it is read and tapped.
    inside = dialog.get_by_test_id("banner").filter(has_text="was changed in another tab")
    expect(inside).to_be_visible()
    box = inside.bounding_box()
    assert box is not None and box["y"] >= 0
    hit = other.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid=banner]') !== null",
                         [box["x"] + 4, box["y"] + box["height"] / 2])
    assert hit, "the banner is covered"
    expect(dialog.get_by_test_id("input-name")).to_have_value("Half-typed")
    # Closing the dialog keeps the banner: it goes back to the page's row, its offer still there.
    dialog.get_by_test_id("sheet-cancel").click()
    expect(dialog).to_be_hidden()
    kept = other.get_by_test_id("banners").get_by_test_id("banner").filter(has_text="was changed in another tab")
    expect(kept).to_have_count(1)
    kept.get_by_test_id("banner-action").click()
    expect(other.get_by_test_id("combatant-name")).to_have_text(["Shared Sam", "Alpha"])
    # A banner dismissed inside a dialog is gone for good.
    other.get_by_test_id("add-combatant").click()
    add_combatant(app, "Gamma")
    dialog.get_by_test_id("banner").get_by_test_id("banner-close").click()
    dialog.get_by_test_id("sheet-cancel").click()
    expect(other.get_by_test_id("banner").filter(has_text="was changed in another tab")).to_have_count(0)
    other.close()


def test_leaving_an_empty_encounter_never_drops_what_another_tab_saved_into_it(app: Page, context: BrowserContext,
                                                                             site_url: str) -> None:
    other = open_page(context.new_page(), site_url)   # the same empty encounter, opened last
    add_combatant(other, "Bob")
    app.get_by_test_id("new-encounter").click()       # this tab still shows it empty
    app.get_by_test_id("new-confirm").click()
    assert names_in_library(app) == [[], ["Bob"]]
    other.close()


def test_full_storage_then_a_link_says_nothing_was_kept_and_offers_the_file(app: Page, site_url: str) -> None:
    add_combatant(app, "Before Bea")
    before = json.dumps(names_in_library(app))
    # Full even once the cached cards are gone (a refused write drops them first, to make room).
    filled = app.evaluate("""() => {
      localStorage.removeItem('woundbook.cards');
      let size = 1 << 20, count = 0;
      while (size >= 16) {
        try { localStorage.setItem('filler.' + count, 'x'.repeat(size)); count++; } catch { size >>= 1; }
      }
      return count;
    }""")
    assert filled > 0
    open_link(app, site_url, link_of("Linked Lars"))
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Linked Lars"])
    refused = app.get_by_test_id("banner").filter(has_text="Not saved")
    expect(refused).to_contain_text("storage is full")
    expect(app.get_by_test_id("banner").filter(has_text="is kept in Encounters")).to_have_count(0)
    with app.expect_download() as downloading:
        refused.get_by_test_id("banner-action").click()
    document = json.loads(open(downloading.value.path(), encoding="utf-8").read())
    assert [event["sheet"]["name"] for event in document["events"]] == ["Linked Lars"]
    assert json.dumps(names_in_library(app)) == before   # the game master's own encounter is as it was
    expect(app.get_by_test_id("encounter-name")).to_have_text("Not saved")
    app.evaluate("() => Object.keys(localStorage).filter((key) => key.startsWith('filler.')).forEach((key) => localStorage.removeItem(key))")
    add_combatant(app, "Then Theo")   # room again: the next change saves it as an entry
    expect(app.get_by_test_id("banner").filter(has_text="Not saved")).to_have_count(0)
    assert names_in_library(app) == [["Before Bea"], ["Linked Lars", "Then Theo"]]


def test_a_prompt_is_closed_when_a_link_replaces_its_encounter(app: Page, site_url: str) -> None:
    cyrus_and_bandit(app)
    typed_margin(app, "2")
    app.get_by_test_id("type-dice").click()
    expect(app.get_by_test_id("dice-prompt")).to_be_visible()
    app.locator('[data-testid="dice-face"][data-face="+"]').first.click()
    open_link(app, site_url, link_of("Xavier", "Yolanda"))
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Xavier", "Yolanda"])
    expect(app.get_by_test_id("dice-prompt")).to_be_hidden()
    expect(app.get_by_test_id("banner-text").filter(has_text="dice prompt")).to_contain_text("Nothing was applied")
    expect(app.get_by_test_id("log-title")).to_have_text(["Yolanda joins the encounter", "Xavier joins the encounter"])


def test_a_prompt_is_closed_by_an_undo_under_it(app: Page) -> None:
    cyrus_and_bandit(app)
    typed_margin(app, "2")
    app.get_by_test_id("type-dice").click()
    expect(app.get_by_test_id("dice-prompt")).to_be_visible()
    app.get_by_test_id("undo").click()   # the Bandit leaves
    expect(app.get_by_test_id("dice-prompt")).to_be_hidden()
    expect(app.get_by_test_id("banner-text").filter(has_text="dice prompt")).to_have_count(1)
    expect(app.get_by_test_id("log-entry")).to_have_count(1)


def test_the_saves_of_an_earlier_version_are_moved_into_the_library_once(app: Page) -> None:
    current = link_of("Old Olaf")
    previous = link_of("Older Otto")
    app.evaluate("""([current, previous]) => {
      localStorage.clear();
      sessionStorage.clear();
      const card = (name) => ({id: 'c1', name, status: {text: 'Unhurt', severity: 'ok'}, widgets: [], can_act: true, sheet: {}});
      localStorage.setItem('woundbook.encounter.v1', JSON.stringify({fragment: current, system: {id: 'typed', name: 'Typed Damage'},
        roster: [card('Old Olaf')], links: [], saved: '2026-11-01T20:00:00.000Z'}));
      localStorage.setItem('woundbook.previous.v1', JSON.stringify({fragment: previous, system: {id: 'typed', name: 'Typed Damage'},
        roster: [card('Older Otto')], links: [], saved: '2026-10-31T20:00:00.000Z'}));
    }""", [current, previous])
    app.goto(app.url.split("#")[0])
    wait_ready(app)
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Old Olaf"])
    assert names_in_library(app) == [["Old Olaf"], ["Older Otto"]]
    assert app.evaluate("[localStorage.getItem('woundbook.encounter.v1'), localStorage.getItem('woundbook.previous.v1')]") == [None, None]
    app.reload()
    wait_ready(app)
    assert names_in_library(app) == [["Old Olaf"], ["Older Otto"]]   # once: nothing is moved twice


def test_the_library_reads_and_taps_well_on_every_screen(app: Page, site_url: str) -> None:
    """The library, a damaged entry in it, opened once and read on a tablet held either way and on a phone, in light
    and dark (the same page resized and switched to dark mode: actions.seen_as names the screen in any failure). The
    dialog stays open throughout: it is what each screen reads, not built again for each."""
    add_combatant(app, "Captain Sturmhagen")
    open_link(app, site_url, link_of("Xavier", "Yolanda", "Zed", "Ann", "Bob", "Cid", "Dee", "Eve", "Fay"))
    expect(app.get_by_test_id("combatant")).to_have_count(9)
    app.evaluate("(id) => localStorage.setItem('woundbook.doc.' + id, '{broken')",
                 [meta for meta in entries(app) if meta["names"] == ["Captain Sturmhagen"]][0]["id"])
    open_library(app)
    entry_with(app, "Captain").get_by_test_id("library-open").click()   # cannot be read: stays, listed so
    expect(app.get_by_test_id("banner").filter(has_text="could not be read")).to_have_count(1)
    open_library(app)
    SCREENS.mkdir(parents=True, exist_ok=True)
    for width, height, scheme in EVERY_SCREEN:
        with seen_as(app, width, height, scheme):
            expect(app.locator('[data-testid="library-entry"][data-unreadable="true"]')).to_have_count(1)
            assert app.evaluate("document.documentElement.scrollWidth") <= width
            assert [target for target in small_targets(app) if target["what"].startswith("library")] == []
            assert run_axe(app) == []
            app.screenshot(path=str(SCREENS / f"library-{width}x{height}-{scheme}.png"))


# Both tabs' first write of a save waits for one shared moment, as two taps a few milliseconds apart would reach
# storage: each tab has read the entry's revision before it, and neither tab's write has reached the other yet.
TOGETHER = """(at) => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === localStorage && String(key).startsWith('woundbook.doc.')) while (Date.now() < at);
    return setItem.call(this, key, value);
  };
}"""


def test_two_tabs_saving_at_the_same_moment_keep_both_changes_and_say_so(app: Page, context: BrowserContext,
                                                                       site_url: str) -> None:
    """Issue 48, item 18: two saves within a few ms both read the same revision, and one was lost without a word."""
    add_combatant(app, "Shared Sam")
    other = open_page(context.new_page(), site_url)
    expect(other.get_by_test_id("combatant-name")).to_have_text(["Shared Sam"])
    at = app.evaluate("() => Date.now()") + 4000
    for page, name in ((app, "Alpha"), (other, "Beta")):
        page.bring_to_front()
        page.get_by_test_id("add-combatant").click()
        page.get_by_test_id("sheet-dialog").get_by_test_id("input-name").fill(name)
        page.evaluate(TOGETHER, at)
    for page in (app, other):   # both taps at once: the second is not held back by the first's work
        page.evaluate("() => setTimeout(() => document.querySelector('[data-testid=sheet-submit]').click())")
    for page in (app, other):
        expect(page.get_by_test_id("sheet-dialog")).to_be_hidden(timeout=20_000)
    both = [["Shared Sam", "Alpha"], ["Shared Sam", "Beta"]]
    # The tab whose save was landed over finds out as it hears of the other's write, and keeps its own as a copy.
    app.wait_for_function(f"(want) => JSON.stringify(({ENTRIES})().map((meta) => meta.names).sort()) === want",
                          arg=json.dumps(both, separators=(",", ":")), timeout=10_000)
    told = [page.get_by_test_id("banner").filter(has_text="saved as a new entry") for page in (app, other)]
    assert told[0].count() + told[1].count() == 1
    saying = told[0] if told[0].count() else told[1]
    expect(saying).to_contain_text("at the same moment")
    assert names_in_library(other) == both
    other.close()


def new_encounter(page: Page) -> None:
    page.get_by_test_id("new-encounter").click()
    page.get_by_test_id("new-confirm").click()


# Issue 48, item 20: the mark stayed after the entry opened and saved a change.
def test_an_entrys_could_not_be_read_mark_goes_once_it_reads(app: Page) -> None:
    add_combatant(app, "Kept Karl")
    karl = entries(app)[0]["id"]
    new_encounter(app)
    doc = app.evaluate("(id) => localStorage.getItem('woundbook.doc.' + id)", karl)
    app.evaluate("(id) => localStorage.setItem('woundbook.doc.' + id, '{\"fragment\": \"e1.damaged\"}')", karl)
    open_library(app)
    entry_with(app, "Kept Karl").get_by_test_id("library-open").click()
    expect(app.get_by_test_id("banner").filter(has_text="could not be read")).to_have_count(1)
    open_library(app)
    expect(entry_with(app, "Kept Karl").get_by_test_id("library-unreadable")).to_contain_text("Kept as it was")
    # It reads again (as a newer version of the page would read what this one cannot): tried, it opens.
    app.evaluate("([id, doc]) => localStorage.setItem('woundbook.doc.' + id, doc)", [karl, doc])
    entry_with(app, "Kept Karl").get_by_test_id("library-open").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Kept Karl"])
    add_combatant(app, "Later Lou")
    open_library(app)
    expect(entry_with(app, "Kept Karl")).to_have_attribute("data-unreadable", "false")
    expect(entry_with(app, "Kept Karl").get_by_test_id("library-unreadable")).to_have_count(0)
    assert not next(meta for meta in entries(app) if meta["id"] == karl).get("unreadable")


# Issue 48, item 20: what the page offers to download, Open file opens (it was refused: "formats 1, 2, 3").
def test_a_damaged_entrys_download_opens_as_a_file(app: Page) -> None:
    add_combatant(app, "Filed Fay")
    fay = entries(app)[0]["id"]
    new_encounter(app)
    app.evaluate("(id) => localStorage.setItem('woundbook.meta.' + id, '{oops')", fay)
    open_library(app)
    damaged = app.locator(f'[data-testid="library-entry"][data-id="{fay}"]')
    expect(damaged.get_by_test_id("library-name")).to_have_text("An entry whose details could not be read")
    with app.expect_download() as downloading:
        damaged.get_by_test_id("library-download").click()
    assert downloading.value.suggested_filename.endswith(".json")
    app.get_by_test_id("library-close").click()
    app.get_by_test_id("share").click()
    app.get_by_test_id("share-open-file").set_input_files(downloading.value.path())
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Filed Fay"])
    expect(app.get_by_test_id("banner").filter(has_text="could not be opened")).to_have_count(0)


# Issue 48, item 20: a change here after another tab deleted the entry for good was saved as
# "the encounter (this tab's copy)".
def test_an_entry_deleted_for_good_elsewhere_is_saved_again_under_its_own_name(app: Page, context: BrowserContext,
                                                                              site_url: str) -> None:
    add_combatant(app, "Sam")
    open_library(app)
    entry_with(app, "Sam").get_by_test_id("library-rename").click()
    app.get_by_test_id("library-rename-input").fill("Ambush at the ford")
    app.get_by_test_id("library-rename-save").click()
    app.get_by_test_id("library-close").click()
    other = open_page(context.new_page(), site_url)
    expect(other.get_by_test_id("encounter-name")).to_have_text("Ambush at the ford")
    app.bring_to_front()
    open_library(app)
    entry_with(app, "Sam").get_by_test_id("library-delete").click()
    settle(app)
    app.get_by_test_id("library-deleted").locator("summary").click()
    app.get_by_test_id("library-erase").click()
    expect(app.get_by_test_id("library-deleted")).to_be_hidden()
    other.bring_to_front()
    add_combatant(other, "Tod")
    told = other.get_by_test_id("banner").filter(has_text="deleted for good in another tab")
    expect(told).to_contain_text("saved again as “Ambush at the ford”")
    assert ("Ambush at the ford", ["Sam", "Tod"]) in [(meta["name"], meta["names"]) for meta in entries(other)]
    expect(other.get_by_test_id("encounter-name")).to_have_text("Ambush at the ford")
    other.close()
