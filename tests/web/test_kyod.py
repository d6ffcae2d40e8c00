"""Know Your Own Damage through the page, as a GM would use it: the text's worked examples with the
penetration dice typed in, a cascade asked for as it comes, checks and the end of a turn, and a busy table
read at a glance on a tablet and a phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from .actions import SCHEMES, add_sheet, card, give_dice, input_named, seen_as, settle, start_new, status
from .test_layout import run_axe, small_targets
from .test_megatraveller import PHONE, PROFILE, each_tablet, inside, six_rows_inside

SCREENS = Path(__file__).resolve().parents[2] / "dist" / "screens"


@pytest.fixture
def kyod(app: Page) -> Page:
    start_new(app, "Know Your Own Damage")
    return app


def threshold_row(page: Page, index: int, name: str) -> list[str]:
    """A row of a card's wound threshold table, by its first cell, as the cells read (without the name)."""
    row = card(page, index).get_by_test_id("widget-table").get_by_test_id("table-row").filter(
        has=page.locator("th", has_text=name))
    return row.get_by_test_id("table-cell").all_inner_texts()[1:]


def typed_attack(page: Page, target: str, damage: str, *, barriers: str = "") -> None:
    """No attacker: the damage typed in (its type left as crushing)."""
    page.get_by_test_id("input-attacker").select_option(label="No attacker: type the attack")
    page.get_by_test_id("input-target").select_option(label=target)
    page.get_by_test_id("input-damage").fill(damage)
    if barriers:                                         # under "More options": most hits meet no barrier
        input_named(page.get_by_test_id("action-form"), "barriers").fill(barriers)


def steps_of_latest(page: Page) -> Locator:
    return page.get_by_test_id("log-entry").first.get_by_test_id("log-step")


def test_st_10_with_dr_4_takes_penetration_30_as_level_4_read_off_the_armoured_table(kyod: Page) -> None:
    page = kyod
    add_sheet(page, "Guard", st="10", armour="4", weapons=0)
    # The text's armoured table for ST 10 and DR 4 (LogD 18), by the formula (RULES_NOTES 2.2).
    assert threshold_row(page, 0, "AWT")[:6] == ["22", "24", "26", "28", "31", "34"]
    expect(card(page, 0).get_by_test_id("table-note")).to_contain_text("RWT, the Raw table (ignoring DR): 5, 10, 15, 20, 25, 30,")
    typed_attack(page, "Guard", "3d+20[+0]")
    expect(page.get_by_test_id("odds-summary")).to_contain_text("3d+20[+0] on Guard")
    page.get_by_test_id("type-dice").click()
    give_dice(page, [3, 3, 4], contains=True, expect_why="Roll 3d6 for penetration: 3d+20[+0], so 3d6 + 20")
    expect(page.get_by_test_id("latest-outcome")).to_have_text("A level 4 wound: Shock \u22124 for one turn")
    expect(steps_of_latest(page).filter(has_text="Penetration roll 10 + 20 = 30.")).to_have_count(1)
    expect(steps_of_latest(page).filter(
        has_text="Penetration 30 on the Armoured table (Toughness 0, DR 4, LogD 18): it reaches level 4's threshold 28, "
                 "short of level 5's 31.")).to_have_count(1)
    assert threshold_row(page, 0, "Held")[3] == "\u25cf"
    assert status(page, 0) == "Wound level 4; shock \u22124"


def test_the_barrier_example_subtracts_then_reads_the_raw_table(kyod: Page) -> None:
    page = kyod
    add_sheet(page, "Behind the wall", st="10", weapons=0)
    typed_attack(page, "Behind the wall", "3d+20[+0]", barriers="4")
    page.get_by_test_id("type-dice").click()
    give_dice(page, [3, 3, 4])
    expect(steps_of_latest(page).filter(
        has_text="The barrier (DR 4, LogD 18): 30 less 18 is a difference of 12, so the Subtraction table takes 7, "
                 "leaving 23.")).to_have_count(1)
    expect(page.get_by_test_id("latest-outcome")).to_contain_text("A level 4 wound")


def test_a_repeated_level_asks_for_the_cascade_roll_and_the_broadsword_reads_as_the_text_writes_it(kyod: Page) -> None:
    page = kyod
    add_sheet(page, "Knight", st="10")                       # the default weapon: the text's broadsword, thr+2 imp
    add_sheet(page, "Guard", st="10", armour="4", weapons=0)
    expect(card(page, 0).get_by_test_id("widget-gear")).to_contain_text("3d+9[+2]")
    typed_attack(page, "Guard", "3d+20[+0]")
    page.get_by_test_id("type-dice").click()
    give_dice(page, [3, 3, 4])
    settle(page)   # Type my dice sits where the prompt's Use these dice was: at once, it would be a double tap
    page.get_by_test_id("type-dice").click()
    give_dice(page, [3, 3, 4])
    give_dice(page, [5], contains=True, expect_why="Level 4 is already held: roll 1d; on 4\u20136 the wound moves up to level 5")
    # The steps say, as the text does, that cascading does not make it a major wound: the headline and the card
    # name no major wound's effect (no crippled limb, no knockdown), only the shock the steps applied.
    expect(steps_of_latest(page).filter(has_text="does not make it a major wound")).to_have_count(1)
    expect(page.get_by_test_id("latest-outcome")).to_have_text("A level 5 wound (from 4): Shock \u22124 for one turn")
    assert "major" not in status(page, 1).lower(), status(page, 1)
    held = threshold_row(page, 1, "Held")
    assert held[3] == "\u25cf" and held[4] == "\u25cf"
    # The knight's broadsword on the wounded guard: the odds know the cascade.
    page.get_by_test_id("input-attacker").select_option(label="Knight")
    page.get_by_test_id("input-target").select_option(label="Guard")
    expect(page.get_by_test_id("odds-summary")).to_contain_text("3d+9[+2] on Guard")
    expect(page.get_by_test_id("odds-table")).to_contain_text("Penetration roll")


def test_death_checks_are_due_rolled_and_shock_wears_off_at_the_end_of_the_turn(kyod: Page) -> None:
    page = kyod
    add_sheet(page, "Victim", st="10", ht="12", weapons=0)
    typed_attack(page, "Victim", "3d+40[+0]")
    page.get_by_test_id("type-dice").click()
    give_dice(page, [3, 3, 4])                                 # penetration 50: level 10, three death checks
    expect(page.get_by_test_id("latest-outcome")).to_contain_text("A level 10 wound")
    expect(card(page, 0).get_by_test_id("combatant-status")).to_contain_text("3 death checks due")
    page.get_by_test_id("action-tab").filter(has_text="Check").click()
    expect(page.get_by_test_id("odds-summary")).to_contain_text("3d6 against HT 12")
    page.get_by_test_id("type-dice").click()
    give_dice(page, [4, 4, 4], contains=True, expect_why="Death check for Victim: roll 3d6, 12 or less")
    expect(card(page, 0).get_by_test_id("combatant-status")).to_contain_text("2 death checks due")
    page.get_by_test_id("action-tab").filter(has_text="Turn").click()
    page.get_by_test_id("roll").click()
    expect(card(page, 0).get_by_test_id("combatant-status")).not_to_contain_text("shock")
    page.get_by_test_id("action-tab").filter(has_text="Check").click()
    page.get_by_test_id("type-dice").click()
    give_dice(page, [6, 6, 5])
    expect(card(page, 0).get_by_test_id("combatant-status")).to_have_text("Dead")


def test_a_damage_type_that_wounds_nothing_is_explained_at_its_field(kyod: Page) -> None:
    page = kyod
    add_sheet(page, "Guard", st="10", weapons=0)
    typed_attack(page, "Guard", "2d fat")
    page.get_by_test_id("roll").click()
    expect(page.get_by_test_id("error-damage")).to_contain_text("is not damage; write GURPS dice (2d+1)")
    expect(page.get_by_test_id("log-entry")).to_have_count(1)


# -- the table at a glance -------------------------------------------------------------------------------

def test_hp_is_asked_for_an_object_only_and_checked_at_its_field(kyod: Page) -> None:
    """HP belongs to an object's Toughness from HP: a character's sheet does not show it (a value typed there
    would be thrown away), and an object's HP out of range is refused at the field, the dialog left open."""
    kyod.get_by_test_id("add-combatant").click()
    dialog = kyod.get_by_test_id("sheet-dialog")
    expect(dialog.get_by_test_id("input-st")).to_be_visible()
    expect(dialog.get_by_test_id("input-hp")).to_be_hidden()
    dialog.get_by_test_id("field-kind").get_by_text("Object", exact=True).click()
    expect(dialog.get_by_test_id("input-hp")).to_be_visible()
    dialog.get_by_test_id("input-name").fill("Door")
    dialog.get_by_test_id("input-hp").fill("-5")
    dialog.get_by_test_id("sheet-submit").click()
    expect(dialog).to_be_visible()
    expect(dialog.get_by_test_id("error-hp")).to_contain_text("out of range; expected a whole number from 1 to")
    expect(kyod.get_by_test_id("combatant")).to_have_count(0)
    dialog.get_by_test_id("field-kind").get_by_text("Character (Toughness = ST \u2212 10)", exact=True).click()
    expect(dialog.get_by_test_id("input-hp")).to_be_hidden()


def busy_kyod_table(page: Page) -> None:
    """Six targets: armoured and not, an object, a diffuse swarm; one wounded and cascading."""
    add_sheet(page, "Knight", st="12", armour="6")
    add_sheet(page, "Guard", st="10", armour="4", weapons=0)
    add_sheet(page, "Ogre", st="20", armour="2 + 3", weapons=0)
    add_sheet(page, "Archer", st="9", weapons=0)
    add_sheet(page, "Door", kind="Object", hp="50", structure="Homogeneous (\u22124 impaling or piercing)", weapons=0)
    add_sheet(page, "Swarm", st="4", structure="Diffuse (wound level capped)", weapons=0)
    typed_attack(page, "Guard", "3d+20[+0]")
    page.get_by_test_id("type-dice").click()
    give_dice(page, [3, 3, 4])
    expect(page.get_by_test_id("latest-outcome")).to_contain_text("level 4")


# Each test builds its table once and then reads it on each screen (test_megatraveller.py's screens, walked with
# actions.seen_as), instead of opening the app and building the same table through the page again for each.

def test_six_targets_their_thresholds_and_the_roll_button_fit_a_tablet(kyod: Page) -> None:
    page = kyod
    busy_kyod_table(page)

    def check(width: int, height: int) -> None:
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert inside(page.get_by_test_id("roll").bounding_box(), width, height)
        assert inside(page.get_by_test_id("latest-outcome").bounding_box(), width, height)
        # Six combatants are drawn as rows (issue 36): each threshold table is in its full card a tap away, and
        # on screen is each row with its thresholds in small.
        tables = page.get_by_test_id("widget-table")
        expect(tables).to_have_count(6)
        six_rows_inside(page, width, height, "table")

    each_tablet(page, "kyod", check)


def test_a_phone_keeps_the_page_still_while_a_threshold_table_scrolls_in_its_box(kyod: Page) -> None:
    page = kyod
    busy_kyod_table(page)
    width, height = PHONE
    SCREENS.mkdir(parents=True, exist_ok=True)
    for scheme in SCHEMES:
        with seen_as(page, width, height, scheme):
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            page.screenshot(path=str(SCREENS / f"kyod-phone-{width}-{scheme}.png"), full_page=True)


def test_axe_finds_no_serious_problem_on_a_busy_kyod_table(kyod: Page) -> None:
    page = kyod
    busy_kyod_table(page)
    for scheme in SCHEMES:
        with seen_as(page, *PROFILE, scheme):
            assert run_axe(page) == []


def test_every_target_on_a_kyod_table_is_at_least_44_pixels(kyod: Page) -> None:
    page = kyod
    busy_kyod_table(page)
    assert small_targets(page) == []
