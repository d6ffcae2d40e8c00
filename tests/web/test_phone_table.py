"""What a phone at the table tripped over (issue 48, items 5, 6 and 14): the header's icons say what they do (New is
not a "+" that reads as Add), Add, End fight and Full cards head the rows instead of sitting under the dock, End fight
says that Undo brings the fight back, copies are told apart by the number How many gave them, and a weapon is
chosen by its name with its notation under the field."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.rules.helpers import ok

from .tables import busy_table, default_sheet
from .test_tablet import inside, touch  # noqa: F401  (touch: a fixture, a page in a touch context of a size)

LABEL_SHOWN = "(node) => parseFloat(getComputedStyle(node).fontSize) >= 8 && node.innerText.trim()"


def with_conditions(state: dict[str, Any]) -> dict[str, Any]:
    """Every card carries two conditions, as cards do mid-fight: the rows are taller."""
    for card in state["view"]["roster"]:
        for name in ("Prone", "Blinded"):
            state = ok("condition", encounter=state["encounter"], id=card["id"], name=name, rounds=2)
    return ok("turn", encounter=state["encounter"], move="start", dice="app", seed=3)


def test_the_header_names_its_tools_and_the_roster_s_head_is_above_the_dock(touch: Any) -> None:
    page = touch("phone", fragment=with_conditions(busy_table("typed"))["fragment"])
    expect(page.get_by_test_id("combatant")).to_have_count(6)
    for testid, words in (("undo", "Undo"), ("redo", "Redo"), ("share", "Share"), ("new-encounter", "New"),
                          ("library", "Encounters"), ("blocks", "Stat blocks")):
        tool = page.get_by_test_id(testid)
        inside(page, testid, tool)
        assert tool.evaluate(LABEL_SHOWN) == words, (testid, tool.evaluate(LABEL_SHOWN))
    dock = page.get_by_test_id("dock").bounding_box()
    assert dock is not None
    dock_top = dock["y"]
    for testid in ("add-combatant", "turn-end", "roster-mode"):
        box = page.get_by_test_id(testid).bounding_box()
        assert box is not None and box["y"] + box["height"] <= dock_top, (testid, box, dock_top)


def test_end_fight_says_in_its_result_that_undo_brings_it_back(touch: Any) -> None:
    page = touch("phone", fragment=with_conditions(busy_table("typed"))["fragment"])
    status = page.get_by_test_id("turn-status")
    expect(status).to_contain_text("Round 1")
    page.get_by_test_id("turn-end").tap()
    expect(status).to_have_text("Not in a fight")
    expect(page.get_by_test_id("latest-outcome")).to_have_text("The fight is over: Undo brings back round 1")
    page.get_by_test_id("undo").tap()
    expect(status).to_contain_text("Round 1")
    expect(status).to_contain_text("'s turn")


def names_seen(page: Page) -> list[str]:
    """Each card's name as drawn: the tail (the number) must be on screen whole, inside its card."""
    seen = []
    for card in page.get_by_test_id("combatant").all():
        tail = card.locator(".name-tail")
        if tail.count():
            box, row = tail.bounding_box(), card.bounding_box()
            assert box and row and box["width"] > 0 and box["x"] + box["width"] <= row["x"] + row["width"], (box, row)
            seen.append(tail.inner_text().strip())
    return seen


def test_copies_keep_their_numbers_on_a_phone(touch: Any) -> None:
    state = ok("new", system="typed")
    sheet = default_sheet("typed", "ST 10 broadsword fighter of the northern marches")
    state = ok("add", encounter=state["encounter"], sheet=sheet, count="3")
    state = ok("add", encounter=state["encounter"], sheet=default_sheet("typed", "Arias the Wanderer"), hidden=True)
    page = touch("phone", fragment=state["fragment"])
    expect(page.get_by_test_id("combatant")).to_have_count(4)
    heads = page.locator(".name-head")
    assert heads.first.evaluate("(node) => node.scrollWidth > node.clientWidth"), "the long name is not shortened"
    assert names_seen(page) == ["1", "2", "3", "Wanderer"], names_seen(page)
    names = page.get_by_test_id("combatant-name")
    expect(names.first).to_have_text("ST 10 broadsword fighter of the northern marches 1")   # the words stay whole


def test_a_weapon_is_chosen_by_its_name_with_its_notation_under_it(touch: Any) -> None:
    state = ok("new", system="sla")
    for name in ("Torn", "Max"):
        state = ok("add", encounter=state["encounter"], sheet=default_sheet("sla", name))
    weapon = state["view"]["roster"][0]["weapons"][0]
    page = touch("phone", fragment=state["fragment"])
    expect(page.get_by_test_id("combatant")).to_have_count(2)
    page.get_by_test_id("combatant-name").first.tap()
    pick = page.get_by_test_id("input-weapon")
    expect(pick.locator("option").first).to_have_text(weapon["name"])
    expect(page.get_by_test_id("details-weapon")).to_have_text(weapon["notation"])
    assert re.search(r"\d", weapon["notation"]), weapon
