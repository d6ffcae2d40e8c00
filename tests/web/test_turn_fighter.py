"""An error belongs to its actor (issue 48): a refusal under the form ("Shrike has no weapon") goes when the turn
passes to someone else, and a turn whose fighter has no weapon says so in the dock, where a phone shows it, with the
way to add one."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.rules.helpers import ok

from .tables import default_sheet
from .test_tablet import touch  # noqa: F401  (a fixture: a page in a touch context of a size)


def unarmed_and_armed() -> str:
    state = ok("new", system="typed")
    state = ok("add", encounter=state["encounter"], sheet={**default_sheet("typed", "Shrike"), "weapons": []})
    state = ok("add", encounter=state["encounter"], sheet=default_sheet("typed", "Cyrus"))
    return str(state["fragment"])


def turn_of(page: Page, name: str) -> None:
    """Start the fight, and pass the turn until it is `name`'s."""
    status = page.get_by_test_id("turn-status")
    page.get_by_test_id("turn-start").tap()
    expect(status).to_contain_text("'s turn")
    for _ in range(3):
        if status.inner_text().endswith(f"{name}'s turn"):
            return
        page.wait_for_timeout(500)   # a person's pace: not the second half of a double tap
        before = status.inner_text()
        page.get_by_test_id("turn-next").tap()
        expect(status).not_to_have_text(before)
    expect(status).to_contain_text(f"{name}'s turn")


def test_a_turn_without_a_weapon_says_so_in_the_dock_and_opens_the_sheet(touch: Any) -> None:
    page = touch("phone", fragment=unarmed_and_armed())
    expect(page.get_by_test_id("combatant")).to_have_count(2)
    warning = page.get_by_test_id("turn-warning")
    expect(warning).to_be_hidden()
    turn_of(page, "Shrike")
    expect(warning).to_be_visible()
    expect(page.get_by_test_id("turn-warning-text")).to_have_text(re.compile(r"^Shrike has no weapon"))
    page.wait_for_timeout(500)
    page.get_by_test_id("turn-next").tap()
    expect(page.get_by_test_id("turn-status")).to_contain_text("Cyrus's turn")
    expect(warning).to_be_hidden()                    # Cyrus has his sword
    page.wait_for_timeout(500)
    page.get_by_test_id("turn-next").tap()
    expect(page.get_by_test_id("turn-status")).to_contain_text("Shrike's turn")
    page.get_by_test_id("turn-warning-edit").tap()
    expect(page.get_by_test_id("sheet-dialog")).to_be_visible()
    expect(page.get_by_test_id("sheet-title")).to_have_text("Edit Shrike")


def test_a_refusal_under_the_form_goes_when_the_turn_passes(touch: Any) -> None:
    page = touch("portrait", fragment=unarmed_and_armed())
    expect(page.get_by_test_id("combatant")).to_have_count(2)
    turn_of(page, "Shrike")
    page.get_by_test_id("roll").tap()
    form = page.get_by_test_id("action-panel")
    refusal = form.get_by_text(re.compile(r"Shrike has no weapon"))
    expect(refusal).to_be_visible()
    page.wait_for_timeout(500)
    page.get_by_test_id("turn-next").tap()
    expect(page.get_by_test_id("turn-status")).to_contain_text("Cyrus's turn")
    expect(refusal).to_have_count(0)


def test_the_dock_says_which_conditions_the_turn_ended(touch: Any) -> None:
    """"Prone ends (Cyrus: end of Cyrus's turn)" was only inside Why: the dock says it in a line (issue 48, item 7)."""
    state = ok("new", system="typed")
    for name in ("Cyrus", "Bandit"):
        state = ok("add", encounter=state["encounter"], sheet=default_sheet("typed", name))
    cyrus = next(card["id"] for card in state["view"]["roster"] if card["name"] == "Cyrus")
    state = ok("condition", encounter=state["encounter"], id=cyrus, name="Prone", rounds=1, ends="end", by=cyrus)
    page = touch("phone", fragment=state["fragment"])
    expect(page.get_by_test_id("combatant")).to_have_count(2)
    turn_of(page, "Cyrus")
    changes = page.get_by_test_id("latest-changes")
    expect(changes).to_have_count(0)
    page.wait_for_timeout(500)
    page.get_by_test_id("turn-next").tap()
    expect(page.get_by_test_id("turn-status")).to_contain_text("Bandit's turn")
    expect(changes).to_be_visible()
    expect(changes).to_have_text("Cyrus: Prone ends")
