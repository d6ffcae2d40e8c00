"""The game master's stat blocks (issue 27, Libraries): a combatant saved from its Edit dialog and added in another
encounter; gear typed into the stat blocks, checked by the engine, offered in the sheet's gear pick; export to a file
and import it in another browser; a broken file, another system's file and a file with one bad entry; rename, delete
and Undo; a refused write. The page is generic, so one system (Typed Damage, the first) stands for all."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from .actions import add_combatant, start_new
from .conftest import open_page
from .test_layout import SCREENS, run_axe, small_targets

MARKUP = "<img src=x onerror=alert(1)>"


def open_blocks(page: Page) -> Locator:
    page.get_by_test_id("blocks").click()
    dialog = page.get_by_test_id("blocks-dialog")
    expect(dialog).to_be_visible()
    return dialog


def kind(page: Page, place: str) -> Locator:
    return page.get_by_test_id("blocks-dialog").locator(f'[data-testid="blocks-kind"][data-kind="{place}"]')


def own_names(page: Page, place: str) -> Locator:
    return kind(page, place).locator('[data-testid="blocks-entry"][data-source="false"] [data-testid="blocks-name"]')


def save_from_edit(page: Page, index: int) -> None:
    """Open a card's Edit dialog, tap Save to stat blocks, and close the dialog without changing the combatant."""
    card = page.get_by_test_id("combatant").nth(index)
    card.get_by_test_id("card-menu").click()
    card.get_by_test_id("edit-combatant").click()
    dialog = page.get_by_test_id("sheet-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_test_id("blocks-pick-row")).to_be_hidden()   # editing: nothing to fill from
    dialog.get_by_test_id("blocks-save").click()
    expect(dialog.get_by_test_id("blocks-save-note")).to_contain_text("Saved in your stat blocks")
    dialog.get_by_test_id("sheet-cancel").click()


def import_file(page: Page, tmp_path: Path, name: str, text: str) -> Locator:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    page.get_by_test_id("blocks-import").set_input_files(str(path))
    report = page.get_by_test_id("blocks-report")
    expect(report).to_be_visible()
    return report


def ogre_file(**extra: Any) -> str:
    return json.dumps({"woundbook": "library", "format": 1, "system": "typed",
                       "blocks": [{"name": "Ogre", "sheet": {"name": "Ogre", "skill": 2, "defence": 1,
                                                             "weapons": [{"name": "Tree trunk", "notation": "5*"}]}}],
                       **extra})


def test_a_combatant_saved_as_a_stat_block_is_added_in_another_encounter(app: Page) -> None:
    add_combatant(app, "Grog the Ogre", skill="Good (+1)", weapon_notation="5*")
    save_from_edit(app, 0)
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Grog the Ogre"])   # the encounter is unchanged
    start_new(app, "Typed Damage")
    expect(app.get_by_test_id("combatant")).to_have_count(0)

    app.get_by_test_id("add-combatant").click()
    dialog = app.get_by_test_id("sheet-dialog")
    dialog.get_by_test_id("blocks-pick").select_option(label="Grog the Ogre")
    expect(dialog.get_by_test_id("input-name")).to_have_value("Grog the Ogre")
    expect(dialog.get_by_test_id("input-skill").locator("option:checked")).to_have_text("Good (+1)")   # filled, not added
    expect(dialog.get_by_test_id("blocks-pick-note")).to_contain_text("Change anything you like, then Add")
    dialog.get_by_test_id("sheet-submit").click()
    card = app.get_by_test_id("combatant").nth(0)
    expect(card.get_by_test_id("combatant-name")).to_have_text("Grog the Ogre")
    expect(card.get_by_test_id("gear-weapon")).to_contain_text("5*")

    # A second one from the same block is numbered, so the cards can be told apart.
    app.get_by_test_id("add-combatant").click()
    dialog.get_by_test_id("blocks-pick").select_option(label="Grog the Ogre")
    expect(dialog.get_by_test_id("input-name")).to_have_value("Grog the Ogre 2")
    dialog.get_by_test_id("sheet-submit").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Grog the Ogre", "Grog the Ogre 2"])

    # The weapon typed on the sheet was kept too, and the gear pick offers it as the GM's own.
    app.get_by_test_id("add-combatant").click()
    weapon_pick = dialog.get_by_test_id("input-weapons-0")
    expect(weapon_pick.locator("option", has_text="Custom weapon 1 5* (yours)")).to_have_count(1)
    dialog.get_by_test_id("sheet-cancel").click()

    # The stat blocks dialog offers the block too: Add to the encounter fills the add dialog.
    open_blocks(app)
    expect(own_names(app, "blocks")).to_have_text(["Grog the Ogre"])
    kind(app, "blocks").get_by_test_id("blocks-use").click()
    expect(app.get_by_test_id("blocks-dialog")).to_be_hidden()
    expect(dialog.get_by_test_id("input-name")).to_have_value("Grog the Ogre 3")


def test_gear_typed_into_the_stat_blocks_is_checked_then_offered_in_the_sheet(app: Page) -> None:
    open_blocks(app)
    weapons = kind(app, "weapons")
    weapons.locator("summary", has_text="of your own").click()
    weapons.get_by_test_id("blocks-new-name").fill("Laser carbine")
    weapons.get_by_test_id("blocks-new-notation").fill("9q")
    weapons.get_by_test_id("blocks-new-save").click()
    expect(weapons.get_by_test_id("blocks-new-notation-error")).to_contain_text("'9q' is not a damage notation")
    expect(own_names(app, "weapons")).to_have_count(0)
    weapons.get_by_test_id("blocks-new-notation").fill("4E+")
    weapons.get_by_test_id("blocks-new-save").click()
    expect(own_names(app, "weapons")).to_have_text(["Laser carbine"])
    # The source's own weapons are listed beside, marked as the source's.
    expect(weapons.locator('[data-source="true"]').first.get_by_test_id("blocks-source-badge")).to_have_text("the source's")
    app.get_by_test_id("blocks-close").click()

    app.get_by_test_id("add-combatant").click()
    dialog = app.get_by_test_id("sheet-dialog")
    dialog.get_by_test_id("input-name").fill("Trooper")
    dialog.get_by_test_id("input-weapons-0").select_option(label="Laser carbine 4E+ (yours)")
    dialog.get_by_test_id("sheet-submit").click()
    expect(app.get_by_test_id("combatant").nth(0).get_by_test_id("gear-weapon")).to_contain_text("4E+")


def test_the_stat_blocks_go_to_a_file_and_come_back_in_another_browser(app: Page, fresh_context: BrowserContext,
                                                                          site_url: str, tmp_path: Path) -> None:
    add_combatant(app, "Captain Sturmhagen", skill="Great (+2)")
    save_from_edit(app, 0)
    open_blocks(app)
    with app.expect_download() as downloading:
        app.get_by_test_id("blocks-export").click()
    text = Path(downloading.value.path()).read_text(encoding="utf-8")
    file = json.loads(text)
    assert (file["woundbook"], file["format"], file["system"]) == ("library", 1, "typed")
    assert [block["name"] for block in file["blocks"]] == ["Captain Sturmhagen"]
    assert file["blocks"][0]["sheet"]["skill"] == 2 and "weapons" in file and "armour" in file

    other = open_page(fresh_context.new_page(), site_url)   # another tablet: no stat blocks yet
    open_blocks(other)
    expect(own_names(other, "blocks")).to_have_count(0)
    expect(kind(other, "blocks").get_by_test_id("blocks-empty")).to_be_visible()
    report = import_file(other, tmp_path, "blocks.json", text)
    expect(report.get_by_test_id("blocks-report-text")).to_have_text("Imported 1: “Captain Sturmhagen”.")
    expect(report).to_have_text("Imported 1: “Captain Sturmhagen”.")   # nothing refused: no list, no "null"
    expect(own_names(other, "blocks")).to_have_text(["Captain Sturmhagen"])
    # The same file again adds nothing twice.
    report = import_file(other, tmp_path, "blocks.json", text)
    expect(report.get_by_test_id("blocks-report-text")).to_contain_text("1 already in your stat blocks")
    expect(own_names(other, "blocks")).to_have_count(1)
    kind(other, "blocks").get_by_test_id("blocks-use").click()
    other.get_by_test_id("sheet-submit").click()
    expect(other.get_by_test_id("combatant-name")).to_have_text(["Captain Sturmhagen"])


def test_a_broken_file_another_systems_file_and_a_bad_entry_are_told_apart(app: Page, tmp_path: Path) -> None:
    open_blocks(app)
    report = import_file(app, tmp_path, "broken.json", '{"woundbook": "library", "blocks": [')
    expect(report.get_by_test_id("blocks-report-text")).to_contain_text("This file could not be read")
    report = import_file(app, tmp_path, "sla.json", json.dumps({"woundbook": "library", "format": 1, "system": "sla",
                                                                "blocks": [{"name": "Stoo", "sheet": {"name": "Stoo"}}]}))
    expect(report.get_by_test_id("blocks-report-text")).to_contain_text("another rule system (sla), not Typed Damage")
    expect(report.get_by_test_id("blocks-report-text")).to_contain_text("Nothing was imported")
    expect(own_names(app, "blocks")).to_have_count(0)

    report = import_file(app, tmp_path, "mixed.json", ogre_file(
        weapons=[{"name": "Bent spoon", "notation": "zz9q"}, {"name": "Maul", "notation": "4*"}],
        armour=[{"name": "Hide", "notation": "+-*"}]))
    expect(report.get_by_test_id("blocks-report-text")).to_contain_text("Imported 3: “Ogre”, “Maul”, “Hide”.")
    refused = report.get_by_test_id("blocks-report-refused")
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text("Bent spoon: 'zz9q' is not a damage notation")
    expect(own_names(app, "blocks")).to_have_text(["Ogre"])
    expect(own_names(app, "weapons")).to_have_text(["Maul"])
    expect(own_names(app, "armour")).to_have_text(["Hide"])


def test_rename_delete_and_undo_and_a_name_shown_as_text(app: Page, tmp_path: Path) -> None:
    open_blocks(app)
    import_file(app, tmp_path, "ogre.json", ogre_file())
    entry = kind(app, "blocks").get_by_test_id("blocks-entry").first
    entry.get_by_test_id("blocks-rename").click()
    entry.get_by_test_id("blocks-rename-input").fill(MARKUP)
    entry.get_by_test_id("blocks-rename-save").click()
    expect(own_names(app, "blocks")).to_have_text([MARKUP])
    expect(app.get_by_test_id("blocks-dialog").locator("img")).to_have_count(0)
    # A second block of the same name is kept numbered, never over the first.
    import_file(app, tmp_path, "ogre-again.json", ogre_file().replace('"skill": 2', '"skill": 3'))
    expect(own_names(app, "blocks")).to_have_text([MARKUP, "Ogre"])
    import_file(app, tmp_path, "ogre-third.json", ogre_file().replace('"skill": 2', '"skill": 1'))
    expect(own_names(app, "blocks")).to_have_text([MARKUP, "Ogre", "Ogre 2"])
    # Renaming onto a name in use is refused at the field.
    entry.get_by_test_id("blocks-rename").click()
    entry.get_by_test_id("blocks-rename-input").fill("ogre")
    entry.get_by_test_id("blocks-rename-save").click()
    expect(entry.get_by_test_id("blocks-rename-error")).to_contain_text("already the name of another entry")
    entry.get_by_test_id("blocks-rename-cancel").click()

    kind(app, "blocks").get_by_test_id("blocks-entry").nth(1).get_by_test_id("blocks-delete").click()
    expect(own_names(app, "blocks")).to_have_text([MARKUP, "Ogre 2"])
    expect(app.get_by_test_id("blocks-notice-text")).to_have_text("Deleted “Ogre” from your stat blocks.")
    app.get_by_test_id("blocks-notice-action").click()
    expect(own_names(app, "blocks")).to_have_text([MARKUP, "Ogre", "Ogre 2"])


def test_a_refused_write_is_said_at_once_and_loses_nothing(app: Page) -> None:
    add_combatant(app, "Kept Kim")
    save_from_edit(app, 0)
    kept = app.evaluate("() => localStorage.getItem('woundbook.blocks.typed')")
    app.evaluate("""() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key.startsWith('woundbook.blocks.')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return setItem.call(this, key, value);
      };
    }""")
    add_combatant(app, "Refused Rex")
    card = app.get_by_test_id("combatant").nth(1)
    card.get_by_test_id("card-menu").click()
    card.get_by_test_id("edit-combatant").click()
    app.get_by_test_id("blocks-save").click()
    expect(app.get_by_test_id("banner").filter(has_text="Not saved in your stat blocks")).to_contain_text("storage is full")
    expect(app.get_by_test_id("blocks-save-note")).to_contain_text("Not saved in your stat blocks")
    app.get_by_test_id("sheet-cancel").click()
    assert app.evaluate("() => localStorage.getItem('woundbook.blocks.typed')") == kept
    open_blocks(app)
    expect(own_names(app, "blocks")).to_have_text(["Kept Kim"])


@pytest.mark.parametrize("width, height", [(1024, 768), (390, 844)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_stat_blocks_read_and_tap_well_on_every_screen(app: Page, tmp_path: Path, width: int, height: int,
                                                            scheme: str) -> None:
    app.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    app.set_viewport_size({"width": width, "height": height})
    app.get_by_test_id("blocks").tap()
    dialog = app.get_by_test_id("blocks-dialog")
    expect(dialog).to_be_visible()
    focused = app.evaluate("() => document.activeElement.tagName + ' ' + (document.activeElement.dataset.testid ?? '')")
    assert not focused.startswith(("INPUT", "SELECT", "TEXTAREA")), focused   # no keyboard opens over the list
    import_file(app, tmp_path, "mixed.json", ogre_file(weapons=[{"name": "Bent spoon", "notation": "zz9q"}]))
    # 43 sample rows of the source's: a filter is offered, and finds in them.
    app.get_by_test_id("blocks-filter").fill("plate")
    visible = dialog.locator('[data-testid="blocks-entry"]:visible [data-testid="blocks-name"]')
    expect(visible.first).to_contain_text(re.compile("plate", re.IGNORECASE))
    assert all("plate" in name.lower() for name in visible.all_text_contents())
    app.get_by_test_id("blocks-filter").fill("")
    assert app.evaluate("document.documentElement.scrollWidth") <= width
    assert app.evaluate("() => { const d = document.querySelector('[data-testid=blocks-dialog]'); return d.scrollWidth <= d.clientWidth; }")
    assert [target for target in small_targets(app) if str(target["what"]).startswith("blocks")] == []
    assert run_axe(app) == []
    SCREENS.mkdir(parents=True, exist_ok=True)
    app.screenshot(path=str(SCREENS / f"blocks-{width}x{height}-{scheme}.png"))
