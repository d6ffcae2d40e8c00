"""SLA hand-to-hand through the page (seed 002: Hand-to-Hand, Parries): Scum (STR 9, Blade 1h 5) stabs Isis (Blade
1h 4) with a knife, and she parries with hers, every die typed in as a game master reads it off the table.  The
numbers were worked out with the engine before they were written here, and are read off the screen: the prompts,
the dock's headline and its Why, the odds line and Isis's card.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .actions import start_new, unfold
from .sla_actions import SYSTEM, THREE, add_fighter, answer, by_name, meter_text, why_steps
from .test_option_conditions import tab

KNIFE = ("Knife", "skill Blade 1h, PEN 2, DAM 3, handling 2")
MINUS = "\u2212"


def test_a_knife_fight_with_a_parry_typed_in(app: Page) -> None:
    page = app
    start_new(page, SYSTEM)
    add_fighter(page, "Scum", weapon=KNIFE, skills="Blade 1h 5", str="9")
    add_fighter(page, "Isis", weapon=KNIFE, skills="Dodge 7, Blade 1h 4")
    expect(page.get_by_test_id("combatant")).to_have_count(2)

    tab(page, "melee").tap()
    expect(tab(page, "melee")).to_have_attribute("aria-selected", "true")
    form = page.get_by_test_id("action-form")
    form.get_by_test_id("input-attacker").select_option(label="Scum")
    form.get_by_test_id("input-target").select_option(label="Isis")
    expect(page.get_by_test_id("hex-chosen")).to_have_text("Torso (0, 3)")
    form.get_by_test_id("input-defence").select_option(label="A free parry")
    unfold(form, "parry_with").get_by_test_id("input-parry_with-weapon").check()   # under "More options"
    expect(page.get_by_test_id("odds-summary")).to_contain_text("the parry stops it 29.0%")

    page.get_by_test_id("type-dice").tap()
    answer(page, "attack", THREE, [4, 3, 6],
           why="Scum strikes at Isis's Torso (0, 3): roll the three dice, Blade 1h 5 against 13")
    answer(page, "defence", THREE, [2, 3, 5],
           why="Isis answers with a free parry: roll the three dice, Blade 1h (Knife) 4")
    expect(page.get_by_test_id("dice-prompt")).to_be_hidden()
    expect(page.get_by_test_id("action-error")).to_be_empty()

    expect(page.get_by_test_id("latest-title")).to_have_text("Scum attacks Isis with Knife")
    expect(page.get_by_test_id("latest-outcome")).to_have_text("Torso hit: 5 damage")
    assert why_steps(page) == [
        "Success die 4, Penetration die 3, Damage die 6; Blade 1h 5: total 18 against 13: succeeds",
        "Success die 2, Penetration die 3, Damage die 5; Blade 1h (Knife) 4: total 14 against 13: succeeds",
        "The parry takes 7 off the blow's damage: Success die 2 + Knife's DAM 3 + Strength bonus 2",
        f"The blow deviates 0 hexes: Handling Factor 2 + 2 for the parry {MINUS} 4 on the Aiming die, never below 0",
        "It lands on the Torso (0, 3)",
        f"The blow's DAM: DAM 3 + Strength bonus 3 {MINUS} 7 parried = {MINUS}1; PEN 2",
        f"The Torso is bare: Damage die 6 + DAM {MINUS}1 = 5",
        "5 damage to Incap (30 \u2192 25) and to the Torso (16 \u2192 11)",
    ]
    dice = page.get_by_test_id("log-entry").first.get_by_test_id("log-dice")
    expect(dice).to_have_count(2)
    expect(dice.nth(0)).to_have_attribute("data-faces", "436")
    expect(dice.nth(1)).to_have_attribute("data-faces", "235")

    isis = by_name(page, "Isis")
    expect(isis).to_have_attribute("data-severity", "hurt")
    assert meter_text(isis, "Torso") == "11 of 16"
    marks = isis.get_by_test_id("widget-hexes").get_by_test_id("hexes-mark")
    expect(marks).to_have_count(2)
    expect(marks.nth(0)).to_have_attribute("data-kind", "aim")
    expect(marks.nth(1)).to_have_attribute("data-kind", "hit")
    expect(marks.nth(1)).to_have_attribute("data-label", "Hit: Torso")
    expect(isis.locator('[data-testid="track-box"][data-marked="true"]')).to_have_count(5)
    expect(by_name(page, "Scum").locator('[data-testid="track-box"][data-marked="true"]')).to_have_count(0)
