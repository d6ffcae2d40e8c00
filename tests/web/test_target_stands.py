"""The target while it stands (issue 36, "forms start clean"): an attack's form keeps its target between
resolutions while that combatant stands; once a resolution takes it out of the fight (its card `fallen`), the form
moves to the next one standing other than the one acting. One badly hurt but still fighting is kept, as is one
knocked down or stunned. A fallen one a person picks after it fell (from the list, or by tapping its card) stays
chosen: the schema's `while_standing` lets the form go of a fallen target only once. Before, the next attack's
Target read "Bandit (down)" after Cyrus knocked Bandit down; and then it moved off one merely down (an SLA target
knocked down by the shots, or a Typed Damage fighter Critically Injured), whom the next attack is meant for."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from .actions import give_dice, settle, typed_margin
from .conftest import open_page
from .tables import busy_table

# Typed Damage's busy fight: Cyrus's shortsword (3-/2+) with a typed margin of 6 rolls nine Fudge dice; nine
# minuses take Bandit (Scratched) to Critically Injured, which the card calls down though he still fights; a margin
# of 8 and eleven minuses then take him out (found through the API). A margin of 1 and four pluses marks nothing
# more on anyone.
DOWN_MARGIN, DOWN_FACES = "6", "-" * 9
OUT_MARGIN, OUT_FACES = "8", "-" * 11
HARMLESS_MARGIN, HARMLESS_FACES = "1", "+" * 4


def chosen(control: Locator) -> str:
    label: str = control.evaluate("(node) => node.selectedOptions[0]?.textContent ?? ''")
    return label


def roll_typed(page: Page, margin: str, faces: str) -> None:
    entries = page.get_by_test_id("log-entry")
    before = entries.count()
    settle(page)
    typed_margin(page, margin)
    page.get_by_test_id("type-dice").click()
    give_dice(page, faces)
    expect(entries).to_have_count(before + 1)


def pick_card(page: Page, name: str) -> None:
    page.get_by_test_id("combatant").filter(has=page.get_by_test_id("combatant-name").get_by_text(name, exact=True)) \
        .get_by_test_id("combatant-pick").click()


def test_the_target_moves_on_once_it_falls_and_a_fallen_one_picked_after_stays(page: Page, site_url: str) -> None:
    app = open_page(page, f"{site_url}#{busy_table('typed')['fragment']}")
    expect(app.get_by_test_id("combatant")).to_have_count(6)
    form = app.get_by_test_id("action-form")
    attacker, target = form.get_by_test_id("input-attacker"), form.get_by_test_id("input-target")
    attacker.select_option(label="Cyrus")
    target.select_option(label="Bandit")
    roll_typed(app, HARMLESS_MARGIN, HARMLESS_FACES)
    assert chosen(target) == "Bandit", "a target standing is kept for the next attack"

    roll_typed(app, DOWN_MARGIN, DOWN_FACES)
    expect(target.locator("option", has_text="Bandit")).to_have_text("Bandit (down)")
    assert chosen(target) == "Bandit (down)", "one badly hurt who still fights is kept"

    roll_typed(app, OUT_MARGIN, OUT_FACES)
    expect(target.locator("option", has_text="Bandit")).to_have_text("Bandit (out)")
    assert chosen(attacker) == "Cyrus"
    assert chosen(target) == "Ilsa the Tall", "the next one standing after the fallen one, not the one acting"

    target.select_option(label="Bandit (out)")          # the game master means the fallen one: it stays
    roll_typed(app, HARMLESS_MARGIN, HARMLESS_FACES)
    assert chosen(target) == "Bandit (out)", "a fallen one picked from the list after it fell stays chosen"

    target.select_option(label="Wolf")
    settle(app)
    pick_card(app, "Cyrus")                               # a tap sets the attacker, the next the target
    pick_card(app, "Bandit")
    assert chosen(target) == "Bandit (out)"
    roll_typed(app, HARMLESS_MARGIN, HARMLESS_FACES)
    assert (chosen(attacker), chosen(target)) == ("Cyrus", "Bandit (out)"), "a fallen one tapped stays chosen"
