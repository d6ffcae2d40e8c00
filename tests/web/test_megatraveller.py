"""MegaTraveller through the page, as a referee would use it: the source's worked example with dice typed in
at each prompt, a vehicle's records, recovery, and Compare."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .actions import SCHEMES, add_sheet, card, give_dice, grid_cells, seen_as, start_new, status
from .test_layout import run_axe, small_targets


@pytest.fixture
def traveller(app: Page) -> Page:
    start_new(app, "MegaTraveller")
    return app


def bartolo_and_thug(page: Page) -> None:
    add_sheet(page, "Thug", upp="777777")                       # the default weapon: the improvised club, 3N
    add_sheet(page, "Herr Bartolo", upp="45398C", weapons=0)
    expect(page.get_by_test_id("combatant")).to_have_count(2)


def test_herr_bartolo_from_his_upp_takes_the_club_hit_with_dice_typed_at_each_prompt(traveller: Page) -> None:
    page = traveller
    bartolo_and_thug(page)
    bartolo = card(page, 1)
    # His chart as the text draws it: 4 usable columns of 6 boxes, the other 14 crossed out; the DM column.
    expect(bartolo.get_by_test_id("grid-cell")).to_have_count(18 * 6)
    assert grid_cells(page, 1, "empty") == 24 and grid_cells(page, 1, "unusable") == 14 * 6
    expect(bartolo.get_by_test_id("grid-row").locator(".row-label")).to_have_text(
        ["n/a", "+0", "\u22123", "\u22126", "\u22129", "\u221212"])
    page.get_by_test_id("combatant-name").nth(0).click()           # the thug attacks
    page.get_by_test_id("combatant-name").nth(1).click()           # Herr Bartolo
    expect(page.get_by_test_id("odds-summary")).to_contain_text("3 Damage Dice")
    page.get_by_test_id("type-dice").click()
    give_dice(page, [5, 3, 3], contains=True, expect_why="3 Damage Dice: roll 3D")   # the thug rolls 11
    give_dice(page, [5, 6], contains=True, expect_why="Row 1 is full: roll 2D for the stun roll, 10+ needed")
    expect(page.get_by_test_id("dice-prompt")).to_be_hidden()       # the second roll needs 13+: no dice asked for
    expect(page.get_by_test_id("latest-outcome")).to_have_text("11 damage: Herr Bartolo is stunned, 11 non-lethal")
    expect(bartolo.get_by_test_id("combatant-status")).to_have_text("Stunned, 11 non-lethal")
    rows = bartolo.get_by_test_id("grid-row")
    for row, slashes in enumerate((4, 4, 3, 0, 0, 0)):
        expect(rows.nth(row).locator('[data-testid="grid-cell"][data-state="slash"]')).to_have_count(slashes)
    assert grid_cells(page, 1, "cross") == 0
    steps = page.get_by_test_id("log-entry").first.get_by_test_id("log-step")
    expect(steps.filter(has_text="10+ needed (Routine 7+, row 2 +0, 3 Damage Dice \u22123)")).to_have_count(1)
    expect(steps.filter(has_text=re.compile(r"13\+ needed .*automatic failure"))).to_have_count(1)
    expect(steps.filter(has_text="stunned already, so there is no need")).to_have_count(1)
    dice = page.get_by_test_id("log-entry").first.get_by_test_id("log-dice")
    expect(dice).to_have_count(2)
    assert [dice.nth(i).get_attribute("data-faces") for i in range(2)] == ["533", "56"]


def test_a_stunned_person_recovers_with_a_typed_roll_and_can_act_again(traveller: Page) -> None:
    page = traveller
    bartolo_and_thug(page)
    page.get_by_test_id("type-dice").click()
    give_dice(page, [5, 3, 3])
    give_dice(page, [5, 6])
    assert status(page, 1) == "Stunned, 11 non-lethal"
    page.get_by_test_id("action-tab").filter(has_text="Recover").click()
    page.get_by_test_id("input-target").select_option(label="Herr Bartolo (down)")
    expect(page.get_by_test_id("odds-summary")).to_contain_text("7+ needed")
    page.get_by_test_id("type-dice").click()
    give_dice(page, [4, 3], contains=True, expect_why="Herr Bartolo tries to recover slowly from the stun (1 Long Action)")
    expect(card(page, 1).get_by_test_id("combatant-status")).to_have_text("11 non-lethal")
    page.get_by_test_id("action-tab").filter(has_text="Time").click()
    page.get_by_test_id("input-hours").fill("2")
    page.get_by_test_id("roll").click()                              # End 3 erases 3 slashes an hour
    expect(card(page, 1).get_by_test_id("combatant-status")).to_have_text("5 non-lethal")
    assert grid_cells(page, 1, "slash") == 5


def test_a_vehicle_takes_the_hit_on_the_record_chosen(traveller: Page) -> None:
    page = traveller
    add_sheet(page, "Bomber", upp="777777", weapons=0)
    add_sheet(page, "Ground car", kind="Vehicle, craft or ship", hull="2/5", power="1/2", loco="1/2", weapons=0)
    page.get_by_test_id("input-attacker").select_option(label="No attacker: type the Damage Value")
    page.get_by_test_id("input-target").select_option(label="Ground car")
    expect(page.get_by_test_id("field-part")).to_be_visible()
    page.get_by_test_id("input-part").select_option(label="Power (40/80)")
    page.get_by_test_id("input-damage_value").fill("34")
    page.get_by_test_id("type-dice").click()
    give_dice(page, [4, 4, 5], contains=True, expect_why="34 Damage Dice: roll 3D; the other 31 dice add 15 x 7 + 3 for the odd die = 108")
    car = card(page, 1)
    expect(car.get_by_test_id("meter")).to_have_count(3)
    expect(car.locator('[data-testid="meter"][data-name="Power"]')).to_have_attribute("data-value", "121")
    expect(car.get_by_test_id("combatant-status")).to_have_text("Power destroyed")
    page.get_by_test_id("input-target").select_option(label="Bomber")
    expect(page.get_by_test_id("field-part")).to_be_hidden()        # a person has no records to choose


def test_compare_shows_hits_for_every_kind_of_target_and_resolves_nothing(traveller: Page) -> None:
    page = traveller
    bartolo_and_thug(page)
    page.get_by_test_id("action-tab").filter(has_text="Compare").click()
    expect(page.get_by_test_id("roll")).to_be_hidden()
    expect(page.get_by_test_id("type-dice")).to_be_hidden()
    table = page.get_by_test_id("odds-table")
    expect(table.get_by_test_id("table-row")).to_have_count(1 + 5)    # Herr Bartolo, and the text's five examples
    expect(table).to_contain_text("Ground car (Hull 2/5)")
    expect(table.get_by_test_id("table-row").filter(has_text="Typical NPC")).to_contain_text("14/28")
    page.get_by_test_id("input-attacker").select_option(label="No attacker: type the Damage Value")
    page.get_by_test_id("input-damage_value").press("Enter")
    expect(page.get_by_test_id("log-entry")).to_have_count(2)        # the two who joined: Enter resolved nothing


def test_a_bad_upp_is_explained_at_its_field(traveller: Page) -> None:
    page = traveller
    page.get_by_test_id("add-combatant").click()
    dialog = page.get_by_test_id("sheet-dialog")
    dialog.get_by_test_id("input-name").fill("Nobody")
    dialog.get_by_test_id("input-upp").fill("12<b>")
    dialog.get_by_test_id("sheet-submit").click()
    expect(dialog.get_by_test_id("error-upp")).to_contain_text("a UPP has six characteristics")
    expect(page.get_by_test_id("combatant")).to_have_count(0)


# -- the table at a glance: six targets of every kind, on a tablet and a phone ----------------------------

SCREENS = Path(__file__).resolve().parents[2] / "dist" / "screens"


def busy_traveller_table(page: Page) -> None:
    """Herr Bartolo stunned by the thug, with an NPC, an animal, a vehicle and an aircraft on the roster."""
    bartolo_and_thug(page)
    add_sheet(page, "Guard", kind="Unimportant NPC", upp="777777", weapons=0)
    add_sheet(page, "Grazer", kind="Animal", hits="9/6", weapons=0)
    add_sheet(page, "Ground car", kind="Vehicle, craft or ship", hull="2/5", power="1/2", loco="1/2", weapons=0)
    add_sheet(page, "Bitburg", kind="Aircraft", hull="46/115", power="16/40 + 16/40", weapons=0)
    page.get_by_test_id("input-attacker").select_option(label="Thug")
    page.get_by_test_id("input-target").select_option(label="Herr Bartolo")
    page.get_by_test_id("type-dice").click()
    give_dice(page, [5, 3, 3])
    give_dice(page, [5, 6])
    expect(page.get_by_test_id("latest-outcome")).to_contain_text("stunned")


def inside(box: Any, width: int, height: int) -> bool:
    return box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width + 0.5 \
        and box["y"] + box["height"] <= height + 0.5


def six_rows_inside(page: Page, width: int, height: int, small: str) -> None:
    """Six combatants drawn as rows, each on the screen with its ``small`` (chart or table) in small."""
    rows = page.get_by_test_id("combatant")
    expect(rows).to_have_count(6)
    for index in range(6):
        assert inside(rows.nth(index).bounding_box(), width, height), f"row {index}"
        assert inside(rows.nth(index).get_by_test_id("card-compact").bounding_box(), width, height), \
            f"{small} {index}"


# A tablet held either way, in light and dark. Each test builds its table once and then reads it on each screen
# (actions.seen_as: the same page turned or switched to dark mode, which names the screen in any failure), instead of
# opening the app and building the same table through the page again for each.
TABLETS = [(1024, 768), (768, 1024)]
PHONE = (390, 844)
PROFILE = (768, 1024)        # the size every test's page opens at (conftest.py's browser_context_args)


def each_tablet(page: Page, name: str, check: Callable[[int, int], None]) -> None:
    """The busy table turned to each tablet screen, light and dark, with no banner (New from an empty encounter
    keeps nothing), scrolled to the top and saved as dist/screens/<name>-<width>x<height>-<scheme>.png, then
    ``check(width, height)``; a failure names the screen (actions.seen_as)."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    for (width, height), scheme in product(TABLETS, SCHEMES):
        with seen_as(page, width, height, scheme):
            expect(page.get_by_test_id("banner")).to_have_count(0)
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(SCREENS / f"{name}-{width}x{height}-{scheme}.png"))
            check(width, height)


def test_six_targets_of_every_kind_the_roll_button_and_the_result_fit_a_tablet(traveller: Page) -> None:
    page = traveller
    busy_traveller_table(page)

    def check(width: int, height: int) -> None:
        # Six combatants are drawn as rows (issue 36): each target's chart, whatever its kind, is in its full
        # card a tap away, and on screen is each row with that chart in small (its marked rows, or its meters).
        charts = page.locator('[data-testid="widget-grid"], [data-testid="widget-meters"]')
        expect(charts).to_have_count(6)
        six_rows_inside(page, width, height, "chart")
        assert inside(page.get_by_test_id("roll").bounding_box(), width, height)
        assert inside(page.get_by_test_id("latest-outcome").bounding_box(), width, height)

    each_tablet(page, "megatraveller", check)


def test_a_phone_shows_the_whole_chart_without_sideways_scrolling(traveller: Page) -> None:
    """The table on a phone in light and dark; then Herr Bartolo's full card opened once, on the phone, and read in
    light and dark."""
    page = traveller
    busy_traveller_table(page)
    width, height = PHONE
    for scheme in SCHEMES:
        with seen_as(page, width, height, scheme):
            assert page.evaluate("document.documentElement.scrollWidth") <= width
    # Six combatants are rows: the whole chart is Herr Bartolo's full card, which his row's details control opens.
    with seen_as(page, width, height, SCHEMES[0]):
        card(page, 1).get_by_test_id("card-details").tap()
    grid = card(page, 1).get_by_test_id("widget-grid")
    SCREENS.mkdir(parents=True, exist_ok=True)
    for scheme in SCHEMES:
        with seen_as(page, width, height, scheme):
            expect(grid).to_be_visible()
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            assert grid.evaluate("(node) => node.scrollWidth <= node.clientWidth"), "the chart scrolls sideways"
            box = grid.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
            page.screenshot(path=str(SCREENS / f"megatraveller-phone-{width}-{scheme}.png"), full_page=True)


def test_axe_finds_no_serious_problem_on_a_busy_traveller_table(traveller: Page) -> None:
    """The table in light and dark; then Compare opened once, and read in light and dark."""
    page = traveller
    busy_traveller_table(page)
    for scheme in SCHEMES:
        with seen_as(page, *PROFILE, scheme):
            assert run_axe(page) == []
    page.get_by_test_id("action-tab").filter(has_text="Compare").click()
    for scheme in SCHEMES:
        with seen_as(page, *PROFILE, scheme):
            expect(page.get_by_test_id("odds-table")).to_be_visible()
            assert run_axe(page) == []


def test_every_target_on_a_traveller_table_is_at_least_44_pixels(traveller: Page) -> None:
    page = traveller
    busy_traveller_table(page)
    assert small_targets(page) == []


def test_the_chart_prints_its_marks(traveller: Page) -> None:
    page = traveller
    busy_traveller_table(page)
    page.emulate_media(media="print")
    assert page.get_by_test_id("roll").is_hidden()
    slash = card(page, 1).locator('[data-testid="grid-cell"][data-state="slash"]').first
    assert slash.evaluate("(node) => getComputedStyle(node).color") == "rgb(0, 0, 0)"
