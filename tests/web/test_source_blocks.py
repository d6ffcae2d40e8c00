"""The source texts' own stat blocks on the page (issue 37): on a first visit, with nothing set up, the stat blocks
list holds the rules' blocks of the encounter's system, marked "From the rules"; Add puts one in the encounter in one
tap; Copy to edit makes an ordinary saved block that is edited in place, and the rules' own block stays as it was.
Each system's names are the ones its text gives (tests/rules/test_source_blocks.py checks their numbers)."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from .actions import card, settle, start_new
from .conftest import open_page

TYPED = ["Cyrus", "Bandit", "Officer Murphy", "Perp", "Arias the Magnificent", "Kerion", "Artus", "Kiel",
         "Rocket Risanto"]
MEGATRAVELLER = ["Giovanni", "Herr Bartolo", "Alley thug", "Typical adult NPC", "Grazer", "Ground car",
                 "Bitburg Attack Aircraft"]


def open_blocks(page: Page) -> Locator:
    page.get_by_test_id("blocks").click()
    dialog = page.get_by_test_id("blocks-dialog")
    expect(dialog).to_be_visible()
    return dialog


def combatants(dialog: Locator) -> Locator:
    return dialog.locator('[data-testid="blocks-kind"][data-kind="blocks"]')


def rules_entry(dialog: Locator, name: str) -> Locator:
    return combatants(dialog).locator('[data-testid="blocks-entry"][data-source="true"]').filter(
        has=dialog.page.get_by_test_id("blocks-name").get_by_text(name, exact=True))


def own(dialog: Locator) -> Locator:
    return combatants(dialog).locator('[data-testid="blocks-entry"][data-source="false"]')


def sheet_value(page: Page, index: int, field: str) -> str:
    """What a combatant's Edit dialog shows in a field (the sheet the engine keeps), the dialog closed after."""
    target = card(page, index)
    target.get_by_test_id("card-menu").click()
    target.get_by_test_id("edit-combatant").click()
    dialog = page.get_by_test_id("sheet-dialog")
    expect(dialog).to_be_visible()
    control = dialog.get_by_test_id(f"input-{field}")
    value = control.evaluate("(node) => node.tagName === 'SELECT' ? node.selectedOptions[0].label : node.value")
    dialog.get_by_test_id("sheet-cancel").click()
    return str(value)


def test_a_first_visit_lists_the_rules_blocks_of_the_encounters_system(app: Page) -> None:
    dialog = open_blocks(app)
    entries = combatants(dialog).locator('[data-testid="blocks-entry"][data-source="true"]')
    expect(entries.get_by_test_id("blocks-name")).to_have_text(TYPED)
    expect(entries.get_by_test_id("blocks-source-badge")).to_have_text(["From the rules"] * len(TYPED))
    expect(rules_entry(dialog, "Cyrus").get_by_test_id("blocks-details")).to_have_text("Shortsword, Armor of Muldoon")
    expect(rules_entry(dialog, "Cyrus").get_by_test_id("blocks-cite")).to_contain_text("seed 004")
    # Never edited or deleted in place: they offer Add and Copy to edit only.
    for testid in ("blocks-delete", "blocks-rename", "blocks-edit-open", "blocks-use"):
        expect(entries.get_by_test_id(testid)).to_have_count(0)
    expect(own(dialog)).to_have_count(0)
    expect(combatants(dialog).get_by_test_id("blocks-empty")).to_be_visible()
    dialog.get_by_test_id("blocks-close").click()

    start_new(app, "MegaTraveller")   # another system: its own text's blocks, and none of the other's
    dialog = open_blocks(app)
    entries = combatants(dialog).locator('[data-testid="blocks-entry"][data-source="true"]')
    expect(entries.get_by_test_id("blocks-name")).to_have_text(MEGATRAVELLER)
    dialog.get_by_test_id("blocks-close").click()

    # The add dialog's pick offers them too, and fills the form from the text's numbers.
    app.get_by_test_id("add-combatant").click()
    sheet = app.get_by_test_id("sheet-dialog")
    sheet.get_by_test_id("blocks-pick").select_option(label="Giovanni")
    expect(sheet.get_by_test_id("input-upp")).to_have_value("94A849")
    expect(sheet.get_by_test_id("input-name")).to_have_value("Giovanni")
    sheet.get_by_test_id("sheet-cancel").click()


def test_add_puts_a_rules_block_in_the_encounter_in_one_tap(app: Page) -> None:
    dialog = open_blocks(app)
    rules_entry(dialog, "Cyrus").get_by_test_id("blocks-source-add").click()
    expect(dialog.get_by_test_id("blocks-notice-text")).to_have_text("Added “Cyrus” to the encounter.")
    expect(dialog.get_by_test_id("blocks-notice")).to_have_text("Added “Cyrus” to the encounter.")   # not "… null"
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Cyrus"])
    settle(app)
    rules_entry(dialog, "Cyrus").get_by_test_id("blocks-source-add").click()   # a second Cyrus is numbered
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Cyrus", "Cyrus 2"])
    rules_entry(dialog, "Bandit").get_by_test_id("blocks-source-add").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Cyrus", "Cyrus 2", "Bandit"])
    dialog.get_by_test_id("blocks-close").click()
    assert sheet_value(app, 2, "armour") == "Bandit's Leather +-*"
    assert sheet_value(app, 0, "armour") == "Armor of Muldoon --**++(H vs. Arrows)"
    app.get_by_test_id("undo").click()   # an Add from the rules is an ordinary, undoable add
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Cyrus", "Cyrus 2"])


def test_copy_to_edit_makes_an_own_block_and_editing_it_leaves_the_rules_block_as_it_was(app: Page) -> None:
    dialog = open_blocks(app)
    rules_entry(dialog, "Bandit").get_by_test_id("blocks-copy").click()
    expect(own(dialog).get_by_test_id("blocks-name")).to_have_text(["Bandit 2"])
    expect(dialog.get_by_test_id("blocks-notice-text")).to_contain_text("Copied “Bandit” to your stat blocks as “Bandit 2”")
    editor = own(dialog).get_by_test_id("blocks-edit")   # the copy opens to edit, no field focused
    expect(editor).to_be_visible()
    expect(editor.get_by_test_id("input-name")).to_have_value("Bandit 2")
    expect(editor.get_by_test_id("input-armour").locator("option:checked")).to_have_text("Bandit's Leather +-*")
    assert app.evaluate("() => document.activeElement?.tagName") not in ("INPUT", "SELECT")

    editor.get_by_test_id("input-name").fill("Bandit captain")
    editor.get_by_test_id("input-skill").select_option(label="Good (+1)")
    editor.get_by_test_id("blocks-edit-save").click()
    expect(own(dialog).get_by_test_id("blocks-name")).to_have_text(["Bandit captain"])
    expect(dialog.get_by_test_id("blocks-notice-text")).to_have_text("Saved “Bandit captain”.")
    expect(rules_entry(dialog, "Bandit")).to_have_count(1)   # the rules' own block is still there, as it was

    # A bad value is refused at its field, with the engine's words, and nothing is kept.
    own(dialog).get_by_test_id("blocks-edit-open").click()
    editor = own(dialog).get_by_test_id("blocks-edit")
    editor.get_by_test_id("input-name").fill("   ")
    editor.get_by_test_id("blocks-edit-save").click()
    expect(editor.get_by_test_id("error-name")).not_to_be_empty()
    editor.get_by_test_id("blocks-edit-cancel").click()
    expect(own(dialog).get_by_test_id("blocks-name")).to_have_text(["Bandit captain"])

    # Both into the encounter: the copy with its change, the rules' block with the text's numbers.
    own(dialog).get_by_test_id("blocks-use").click()
    app.get_by_test_id("sheet-submit").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Bandit captain"])
    dialog = open_blocks(app)
    rules_entry(dialog, "Bandit").get_by_test_id("blocks-source-add").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Bandit captain", "Bandit"])
    dialog.get_by_test_id("blocks-close").click()
    assert sheet_value(app, 0, "skill") == "Good (+1)"
    assert sheet_value(app, 1, "skill") == "Fair (+0)"

    # Kept in the browser: after a reload the copy is there and the rules' list is whole.
    app.reload()
    open_page(app, app.url)
    dialog = open_blocks(app)
    expect(own(dialog).get_by_test_id("blocks-name")).to_have_text(["Bandit captain"])
    entries = combatants(dialog).locator('[data-testid="blocks-entry"][data-source="true"]')
    expect(entries.get_by_test_id("blocks-name")).to_have_text(TYPED)
