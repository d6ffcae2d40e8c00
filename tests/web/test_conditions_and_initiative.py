"""Conditions as trackers have them, and initiative for all, through the page (issue 37): a condition given by taps
that ends at the end of another combatant's turn, read off the card and the log as the turn passes; a preset chip
that adds once however fast it is tapped; initiative for all rolled with typed dice, the new order read on screen,
and one Undo taking it back."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.rules.helpers import ok

from .actions import add_sheet, settle, start_new
from .conftest import open_page
from .fight_actions import by_name, dice, names_in_order, newest, next_turn, open_conditions, status, step


def test_blinded_until_the_end_of_the_ogre_s_turn_given_by_taps_ends_there(app: Page) -> None:
    page = app
    start_new(page, "Typed Damage")
    add_sheet(page, "Cyrus")
    add_sheet(page, "Ogre")
    dialog = open_conditions(page, "Cyrus")
    expect(page.get_by_test_id("condition-name")).not_to_be_focused()      # touch first: no keyboard opens
    expect(page.get_by_test_id("condition-by-field")).to_be_hidden()      # the round's end needs nobody's turn
    page.get_by_test_id("condition-rounds").tap()
    page.get_by_test_id("condition-rounds").fill("1")
    page.get_by_test_id("condition-ends").select_option("end")
    by = page.get_by_test_id("condition-by")
    expect(by).to_be_visible()
    expect(by.locator("option:checked")).to_have_text("Cyrus")            # the holder's own turn, first offered
    by.select_option(label="Ogre")
    dialog.get_by_test_id("condition-preset").get_by_text("Blinded", exact=True).tap()
    expect(page.get_by_test_id("condition-entry").locator("span")).to_have_text(["Blinded \u00b7 until the end of Ogre's next turn"])
    page.get_by_test_id("conditions-close").tap()
    chip = by_name(page, "Cyrus").get_by_test_id("card-condition")
    expect(chip).to_have_text(["Blinded \u00b7 until the end of Ogre's next turn"])

    page.get_by_test_id("turn-start").tap()
    expect(status(page)).to_have_text("Round 1 \u00b7 Cyrus's turn")
    next_turn(page)
    expect(status(page)).to_have_text("Round 1 \u00b7 Ogre's turn")
    expect(chip).to_have_count(1)                                            # the start of his turn ends nothing
    next_turn(page)
    expect(status(page)).to_have_text("Round 2 \u00b7 Cyrus's turn")
    expect(step(page, "Blinded ends (Cyrus: end of Ogre's turn).")).to_have_count(1)
    expect(chip).to_have_count(0)


def test_a_preset_chip_adds_its_condition_once_however_fast_it_is_tapped(app: Page) -> None:
    page = app
    start_new(page, "FUDGE")
    add_sheet(page, "Brynhild")
    dialog = open_conditions(page, "Brynhild")
    presets = dialog.get_by_test_id("condition-preset")
    # The text's own states first (4.62 and 4.23), the common ones after.
    expect(presets.first).to_have_text("Stunned")
    expect(presets.last).to_have_text("Concentrating")
    page.get_by_test_id("condition-rounds").fill("2")
    stunned = presets.get_by_text("Very Stunned", exact=True)
    stunned.evaluate("(button) => { button.click(); button.click(); }")   # a double tap: the second is dropped
    expect(page.get_by_test_id("condition-entry").locator("span")).to_have_text(["Very Stunned \u00b7 2 rounds left"])
    settle(page)
    presets.get_by_text("Surprised", exact=True).tap()                     # a tap later is a new intent
    expect(page.get_by_test_id("condition-entry")).to_have_count(2)
    expect(page.get_by_test_id("condition-name")).to_have_value("")


def test_initiative_for_all_with_typed_dice_sets_the_order_and_one_undo_takes_it_back(app: Page) -> None:
    page = app
    start_new(page, "MegaTraveller")
    for name, upp in (("Ann", "777777"), ("Bob", "787777"), ("Cy", "797777")):
        add_sheet(page, name, upp=upp)
    expect(names_in_order(page)).to_have_text(["Ann", "Bob", "Cy"])
    button = page.get_by_test_id("turn-initiative")
    expect(button).to_be_visible()
    expect(button).to_have_attribute("title", "The text has no initiative roll, so each rolls 2D, as a referee would: "
                                     "highest first, a tie to the higher Dexterity, then the order they stood in.")
    button.tap()
    dice(page, "initiative c1", [6, 6], why="Initiative for Ann: roll 2 six-sided dice")
    dice(page, "initiative c2", [3, 4])
    dice(page, "initiative c3", [5, 2])         # 7, as Bob's: Cy's Dexterity 9 beats Bob's 8
    expect(names_in_order(page)).to_have_text(["Ann", "Cy", "Bob"])
    expect(newest(page)).to_contain_text("Initiative for all")
    for said in ("Ann rolls 6 + 6 = 12 (Dexterity 7 breaks a tie).", "Bob rolls 3 + 4 = 7 (Dexterity 8 breaks a tie).",
                 "Cy rolls 5 + 2 = 7 (Dexterity 9 breaks a tie).", "New order: Ann, Cy, Bob."):
        expect(step(page, said)).to_have_count(1)
    settle(page)
    page.get_by_test_id("undo").tap()
    expect(names_in_order(page)).to_have_text(["Ann", "Bob", "Cy"])
    page.get_by_test_id("turn-start").tap()
    expect(status(page)).to_have_text("Round 1 \u00b7 Ann's turn")
    expect(button).to_be_hidden()        # the fight runs: the dock keeps to Delay and Next turn


def test_initiative_for_all_is_not_offered_where_the_system_rolls_it_each_round(app: Page) -> None:
    page = app
    start_new(page, "SLA Industries (3d system)")
    add_sheet(page, "Kit")
    expect(page.get_by_test_id("turn-start")).to_be_visible()
    expect(page.get_by_test_id("turn-initiative")).to_be_hidden()


def test_the_dialog_offers_concealed_says_players_see_conditions_and_an_old_hidden_stays(page: Page,
                                                                                           site_url: str) -> None:
    """Issue 48, item 9: a chip "Hidden" told the players "Artus · Hidden" (and read as the card hidden from them).
    An encounter whose log gave "Hidden" opens with it on the card; the dialog's chips say Concealed, and the dialog
    says the players see conditions."""
    cyrus = {"name": "Cyrus"}
    made = ok("add", encounter=ok("new", system="typed")["encounter"], sheet=cyrus)
    made = ok("condition", encounter=made["encounter"], id="c1", name="Hidden")
    app = open_page(page, f"{site_url}#{made['fragment']}")
    expect(by_name(app, "Cyrus").get_by_test_id("card-condition")).to_have_text(["Hidden \u00b7 until removed"])
    dialog = open_conditions(app, "Cyrus")
    chips = dialog.get_by_test_id("condition-preset")
    expect(chips.get_by_text("Concealed", exact=True)).to_have_count(1)
    expect(chips.get_by_text("Hidden", exact=True)).to_have_count(0)
    expect(dialog.get_by_test_id("conditions-seen")).to_be_visible()
    expect(dialog.get_by_test_id("conditions-seen")).to_contain_text("The players see conditions")
