"""The dock and the form fit mid-fight (issue 48, item 8): once cards carry conditions, a portrait tablet's dock
covered the action form's second row (MegaTraveller's dice, SLA's aim, FUDGE's modifiers, KYoD's whole form) and a
phone's covered the sixth card, often the target. The roster takes the room that leaves the form's inputs above
the dock, its rows scrolling within it, and the acting and target cards are brought into view as they change."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.rules.helpers import ok

from .actions import at
from .tables import busy_table
from .test_roster import clear_of_the_dock, required_inputs, rows
from .test_tablet import show_as, touch  # noqa: F401  (touch: a fixture, a page in a touch context of a size)

SYSTEMS = ("typed", "megatraveller", "kyod", "sla", "fudge")


def conditions_on_every_card(system: str) -> str:
    state = busy_table(system)
    for card in state["view"]["roster"]:
        for name in ("Prone", "Blinded"):
            state = ok("condition", encounter=state["encounter"], id=card["id"], name=name, rounds=3)
    return str(state["fragment"])


def role_in_view(page: Page, role: str) -> None:
    """The row the form has in that role (the actor, the target) is on screen: above the dock, and not scrolled out
    of the roster's own box."""
    row = page.locator(f'[data-testid="combatant"][data-role="{role}"]')
    expect(row).to_have_count(1)
    after_frames(page)
    clear_of_the_dock(page, f"the {role}'s row", row)
    inside_list = row.evaluate("""(node) => { const box = node.getBoundingClientRect();
      const list = node.parentElement.getBoundingClientRect();
      return box.top >= list.top - 1 && box.bottom <= list.bottom + 1; }""")
    assert inside_list, f"the {role}'s row is scrolled out of the roster"


def after_frames(page: Page) -> None:
    """Three frames drawn: the one a change asked to bring its cards into view in, and those in which the layout it
    caused was observed (the roster's room) and its cards brought back into view; however slow the machine, not a
    fixed time."""
    page.evaluate("""() => new Promise((done) => {
      let left = 3;
      const step = () => (--left ? requestAnimationFrame(step) : done());
      requestAnimationFrame(step); })""")


def next_turn(page: Page) -> None:
    status = page.get_by_test_id("turn-status")
    before = status.inner_text()
    page.wait_for_timeout(450)   # a person's pace: not the second half of a double tap
    page.get_by_test_id("turn-next").tap()
    expect(status).not_to_have_text(before)


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_form_s_inputs_and_the_two_cards_are_above_the_dock_on_a_tablet(touch: Any, system: str) -> None:
    page = touch("portrait", fragment=conditions_on_every_card(system))
    expect(rows(page)).to_have_count(6)
    page.get_by_test_id("turn-start").tap()
    expect(page.get_by_test_id("turn-status")).to_contain_text("'s turn")
    for turn in range(4):
        with at(f"portrait, turn {turn + 1}"):
            after_frames(page)   # the frame that brings the cards into view
            fields = required_inputs(page)
            assert fields.count() > 0
            for field in fields.all():
                clear_of_the_dock(page, f"the input {field.inner_text().splitlines()[0]!r}", field)
            if page.locator('[data-testid="combatant"][data-role="actor"]').count():   # one who can act
                role_in_view(page, "actor")
            if page.get_by_test_id("roster").get_attribute("data-next") == "target":
                # a tap on a row away from the turn's picks it as the target (the page scrolls to it, as a finger
                # would), and it is kept in view
                others = page.locator('[data-testid="combatant"]:not([data-role="actor"])')
                chosen = (others.last if turn % 2 == 0 else others.first).get_attribute("data-id")
                target = page.locator(f'[data-testid="combatant"][data-id="{chosen}"]')
                target.get_by_test_id("combatant-name").tap()
                expect(target).to_have_attribute("data-role", "target")
                role_in_view(page, "target")
        next_turn(page)


def test_the_turn_s_card_is_brought_above_a_phone_s_dock(touch: Any) -> None:
    page = touch("phone", fragment=conditions_on_every_card("typed"))
    expect(rows(page)).to_have_count(6)
    page.get_by_test_id("turn-start").tap()
    expect(page.get_by_test_id("turn-status")).to_contain_text("'s turn")
    for turn in range(6):
        with at(f"phone, turn {turn + 1}"):
            after_frames(page)
            current = page.locator('[data-testid="combatant"][data-stands="current"]')
            clear_of_the_dock(page, "the turn's row", current)
        next_turn(page)
    last = rows(page).nth(5)
    last.scroll_into_view_if_needed()
    last.get_by_test_id("combatant-name").tap()                # the last row as the target
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_test_id("roster").evaluate("(node) => node.scrollIntoView({block: 'start'})")
    expect(last).to_have_attribute("data-role", "target")
