"""Issue 37 on the page: "4 × Thug" from the Add dialog in one step (one Undo), and a combatant hidden from the
players: marked on the game master's card, absent from the player link and from the player's screen, revealed with
one tap."""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, Page, expect

from tests.web.actions import add_combatant, add_sheet, input_named, settle, show_player_code, start_new
from tests.web.conftest import open_page
from tests.web.fight_actions import dice, names_in_order, step
from tests.web.test_player_view import decoded, open_players
from tests.web.test_taps import double_tap

AMBUSHER = "Ambusher Vell"


def names(page: Page) -> list[str]:
    return page.get_by_test_id("combatant-name").all_inner_texts()


def open_add(page: Page, name: str) -> None:
    page.get_by_test_id("add-combatant").click()
    dialog = page.get_by_test_id("sheet-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_test_id("input-name").fill(name)


def test_four_thugs_come_in_one_add_and_go_with_one_undo_and_a_double_tap_adds_four(app: Page) -> None:
    page = app
    add_combatant(page, "Kit")
    open_add(page, "Thug")
    count = page.get_by_test_id("sheet-count")
    expect(count).to_have_value("1")
    assert count.get_attribute("inputmode") == "numeric"
    count.fill("41")
    page.get_by_test_id("sheet-submit").click()
    expect(page.get_by_test_id("sheet-count-error")).to_have_text(
        "an encounter holds at most 40 combatants: there is room for 39 more")
    expect(page.get_by_test_id("sheet-dialog")).to_be_visible()
    assert names(page) == ["Kit"]
    count.fill("4")                       # a new count: Add is a new tap
    double_tap(page, page.get_by_test_id("sheet-submit"))
    expect(page.get_by_test_id("sheet-dialog")).to_be_hidden()
    expect(page.get_by_test_id("combatant")).to_have_count(5)
    assert names(page) == ["Kit", "Thug 1", "Thug 2", "Thug 3", "Thug 4"]
    expect(page.get_by_test_id("log-title").first).to_have_text("4 \u00d7 Thug join the encounter")
    settle(page)
    page.get_by_test_id("undo").click()
    expect(page.get_by_test_id("combatant")).to_have_count(1)
    settle(page)
    page.get_by_test_id("redo").click()
    expect(page.get_by_test_id("combatant")).to_have_count(5)
    open_add(page, "Thug")                # the dialog opens afresh: one, in sight
    expect(page.get_by_test_id("sheet-count")).to_have_value("1")
    expect(page.get_by_test_id("sheet-count-error")).to_be_hidden()
    page.get_by_test_id("sheet-submit").click()
    expect(page.get_by_test_id("combatant")).to_have_count(6)
    assert names(page)[-1] == "Thug"
    page.get_by_test_id("combatant").nth(1).get_by_test_id("card-menu").locator("summary").click()
    page.get_by_test_id("combatant").nth(1).get_by_test_id("edit-combatant").click()
    expect(page.get_by_test_id("sheet-many")).to_be_hidden()          # an edit is of one combatant


def player_link(page: Page) -> str:
    """The share dialog's player link, as the game master hands it round (see test_player_view)."""
    page.get_by_test_id("share").click()
    link = show_player_code(page)
    # The players' characters to tick are those the players see: a hidden one is not offered.
    shown = [card["name"] for card in json.loads(decoded(link))["roster"]]
    expect(page.get_by_test_id("player-pc")).to_have_count(len(shown))
    page.get_by_test_id("share-close").click()
    return link


def players_screen(context: BrowserContext, link: str) -> str:
    player = open_players(context.new_page(), link)
    expect(player.get_by_test_id("player-view")).to_be_visible()
    text = player.locator("body").inner_text()
    player.close()
    return text


def test_a_hidden_combatant_is_off_the_players_screen_until_one_tap_reveals_him(
        app: Page, fresh_context: BrowserContext) -> None:
    page = app
    add_combatant(page, "Kit")
    open_add(page, AMBUSHER)
    page.get_by_test_id("sheet-hidden").check()
    page.get_by_test_id("sheet-submit").click()
    cards = page.get_by_test_id("combatant")
    expect(cards).to_have_count(2)
    ambusher = cards.nth(1)
    expect(ambusher.get_by_test_id("card-hidden")).to_have_text("Hidden")
    expect(cards.nth(0).get_by_test_id("card-hidden")).to_have_count(0)
    expect(page.get_by_test_id("log-title").first).to_have_text(f"{AMBUSHER} joins the encounter, hidden from the "
                                                                "players")

    link = player_link(page)
    assert AMBUSHER not in decoded(link) and "Ambusher" not in decoded(link)
    assert [card["name"] for card in json.loads(decoded(link))["roster"]] == ["Kit"]
    screen = players_screen(fresh_context, link)
    assert "Kit" in screen and "Ambusher" not in screen, screen

    ambusher.get_by_test_id("card-hidden").tap()                     # one tap reveals him
    expect(ambusher.get_by_test_id("card-hidden")).to_have_count(0)
    expect(page.get_by_test_id("log-title").first).to_have_text(f"{AMBUSHER} is revealed to the players")
    link = player_link(page)
    assert AMBUSHER in decoded(link)
    assert AMBUSHER in players_screen(fresh_context, link)

    settle(page)
    page.get_by_test_id("undo").click()                              # the reveal undone: hidden again
    expect(ambusher.get_by_test_id("card-hidden")).to_be_visible()
    assert "Ambusher" not in players_screen(fresh_context, player_link(page))

    cards.nth(0).get_by_test_id("card-menu").locator("summary").click()     # hidden from the card's menu
    hide = cards.nth(0).get_by_test_id("hide-combatant")
    expect(hide).to_have_text("Hide from players")
    hide.click()
    expect(cards.nth(0).get_by_test_id("card-hidden")).to_be_visible()
    expect(page.get_by_test_id("combatant").filter(has=page.get_by_test_id("card-hidden"))).to_have_count(2)
    assert json.loads(decoded(player_link(page)))["roster"] == []


def test_three_thugs_added_as_a_group_share_one_initiative_roll(app: Page) -> None:
    """Issue 48, item 13: *How many* offers one initiative roll for the group (for more than one); Initiative for all
    then asks once for the three, the prompt and the log saying it is the group's, and one Undo takes it back."""
    page = app
    start_new(page, "MegaTraveller")
    add_sheet(page, "Ann", upp="777777")
    open_add(page, "Thug")
    dialog = page.get_by_test_id("sheet-dialog")
    input_named(dialog, "upp").fill("777777")
    expect(page.get_by_test_id("sheet-group-field")).to_be_hidden()      # one alone has no group
    page.get_by_test_id("sheet-count").fill("3")
    expect(page.get_by_test_id("sheet-group-field")).to_be_visible()
    expect(page.get_by_test_id("sheet-group-help")).to_have_text(
        "Initiative for all, and a round's start that rolls initiative, roll once for the group.")
    page.get_by_test_id("sheet-group").check()
    page.get_by_test_id("sheet-submit").click()
    expect(dialog).to_be_hidden()
    expect(names_in_order(page)).to_have_text(["Ann", "Thug 1", "Thug 2", "Thug 3"])
    page.get_by_test_id("turn-initiative").tap()
    dice(page, "initiative c1", [1, 2])
    dice(page, "initiative c2", [6, 5],
         why="Initiative for Thug 1: roll 2 six-sided dice (one roll for Thug 1, Thug 2 and Thug 3)")
    expect(page.get_by_test_id("dice-prompt")).to_be_hidden()            # no prompt for Thug 2 or Thug 3
    expect(names_in_order(page)).to_have_text(["Thug 1", "Thug 2", "Thug 3", "Ann"])
    for said in ("Thug 2 takes Thug 1's roll: one initiative roll for Thug 1, Thug 2 and Thug 3.",
                 "Thug 3 rolls 6 + 5 = 11 (Dexterity 7 breaks a tie).", "New order: Thug 1, Thug 2, Thug 3, Ann."):
        expect(step(page, said)).to_have_count(1)
    settle(page)
    page.get_by_test_id("undo").tap()
    expect(names_in_order(page)).to_have_text(["Ann", "Thug 1", "Thug 2", "Thug 3"])
