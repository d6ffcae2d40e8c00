"""What a typed text was read as, on the page (issue 36): the engine's reading shows under the field as it is typed,
with a warning where the text matches nothing the engine uses, and the card added says the warning too. A warning
is not an error: the sheet still saves."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .actions import start_new
from .test_layout import run_axe

SKILL_TYPO = "Pistl: no weapon of this character uses it. Did you mean Pistol?"
NO_SKILL = "MAL Anvil uses Pistol: this character has no Pistol skill and rolls at 0"


def test_a_misspelt_skill_is_warned_of_under_its_field_and_on_the_card(app: Page) -> None:
    start_new(app, "SLA Industries (3d system)")
    app.get_by_test_id("add-combatant").click()
    dialog = app.get_by_test_id("sheet-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_test_id("input-name").fill("Cass")
    # The default sheet carries a MAL Anvil (skill Pistol); the skill is typed as a hurried hand types it.
    dialog.get_by_test_id("input-skills").press_sequentially("Pistl 6", delay=40)
    expect(dialog.get_by_test_id("read-skills")).to_contain_text("Read as: Pistl 6")
    expect(dialog.get_by_test_id("read-skills")).to_contain_text(SKILL_TYPO)
    expect(dialog.get_by_test_id("read-weapons-0")).to_contain_text(NO_SKILL)
    expect(dialog.get_by_test_id("error-skills")).to_be_empty()
    for scheme in ("light", "dark"):                   # the warnings read well (contrast) in both schemes
        app.emulate_media(color_scheme=scheme)
        assert run_axe(app) == [], scheme
    # Put right, the warnings go as the text is read again.
    dialog.get_by_test_id("input-skills").fill("Pistol 6")
    expect(dialog.get_by_test_id("read-skills")).to_contain_text("Pistol 6 (MAL Anvil)")
    expect(dialog.get_by_test_id("read-skills")).not_to_contain_text(SKILL_TYPO)
    expect(dialog.get_by_test_id("read-weapons-0")).to_contain_text("firearm on Pistol 6")
    expect(dialog.get_by_test_id("read-weapons-0")).not_to_contain_text(NO_SKILL)
    # Typed wrong again, the sheet still saves, and the card says what is amiss.
    dialog.get_by_test_id("input-skills").fill("Pistl 6")
    expect(dialog.get_by_test_id("read-skills")).to_contain_text(SKILL_TYPO)
    dialog.get_by_test_id("sheet-submit").click()
    expect(dialog).to_be_hidden()
    warnings = app.get_by_test_id("combatant").filter(has_text="Cass").get_by_test_id("card-warning")
    expect(warnings).to_have_text([SKILL_TYPO, NO_SKILL])
    # A new Add starts with no reading left from the last sheet.
    app.get_by_test_id("add-combatant").click()
    expect(dialog).to_be_visible()
    expect(dialog.get_by_test_id("read-skills")).to_have_count(0)
