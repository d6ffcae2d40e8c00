"""The roster as the turn order, on one screen: six combatants mid-fight in every system at every size.

One page a system, turned through every size: after Start fight the rows stand in the fight's order (the current one marked), the six
rows, the dock and (on a tablet) the action form's required inputs are inside the viewport without scrolling, a
row's details control opens its full card, no text says "undefined", and nothing scrolls sideways at 768 wide
(the full cards included). The switch between rows and full cards is remembered across a reload.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .tables import NAMES, busy_table
from .actions import at
from .test_tablet import SIZES, inside, show_as, touch  # noqa: F401  (touch is a fixture)

SYSTEMS = ("typed", "megatraveller", "kyod", "sla", "fudge")
# The reload that checks the switch is remembered costs a boot: one size a system, each size in turn (after the
# walk through the sizes, so every size is checked on the page as it was built).
RELOAD_AT = {"typed": "portrait", "megatraveller": "landscape", "kyod": "phone", "sla": "portrait", "fudge": "phone"}

# Every element whose text, label or title holds the word: a value the page failed to find, drawn as words.
UNDEFINED = """() => [...document.querySelectorAll('body *')]
    .filter((node) => !['SCRIPT', 'STYLE'].includes(node.tagName))
    .filter((node) => [...node.childNodes].some((child) => child.nodeType === 3 && /undefined/.test(child.data))
      || /undefined/.test(node.getAttribute('aria-label') ?? '') || /undefined/.test(node.getAttribute('title') ?? ''))
    .map((node) => node.outerHTML.slice(0, 160))"""

# Every element drawn that scrolls sideways (its content wider than its box), and the page itself. The action tabs
# are left out: a row of more tabs than fit scrolls sideways by design, its cut edge faded (view.js, markTabsCut).
SIDEWAYS = """() => [document.documentElement, ...document.querySelectorAll('body *')]
    .filter((node) => node.getClientRects().length && !node.closest('[role=tablist], dialog:not([open])'))
    .filter((node) => node === document.documentElement
      || ['auto', 'scroll'].includes(getComputedStyle(node).overflowX))
    .filter((node) => node.scrollWidth > node.clientWidth)
    .map((node) => [node.dataset.testid || node.className || node.tagName, node.scrollWidth, node.clientWidth])"""


def rows(page: Page) -> Locator:
    return page.get_by_test_id("roster").get_by_test_id("combatant")


def names(page: Page) -> list[str]:
    found: list[str] = rows(page).get_by_test_id("combatant-name").all_inner_texts()
    return found


def required_inputs(page: Page) -> Locator:
    """The action form's inputs on show that are not folded under More options."""
    return page.locator('[data-testid="action-form"] .field:not(details.more .field):visible')


def start_fight(page: Page) -> None:
    page.get_by_test_id("turn-start").tap()
    expect(page.get_by_test_id("turn-next")).to_be_visible()
    expect(page.get_by_test_id("turn-status")).to_contain_text("turn")


def the_rows_are_the_turn_order(page: Page, system: str) -> None:
    expect(rows(page)).to_have_count(6)
    current = page.locator('[data-testid="combatant"][data-stands="current"]')
    expect(current).to_have_count(1)
    expect(current).to_have_attribute("aria-current", "step")
    expect(current.get_by_test_id("turn-stands")).to_have_text("now")
    name = current.get_by_test_id("combatant-name").inner_text()
    expect(page.get_by_test_id("turn-status")).to_contain_text(f"{name}'s turn")
    if system == "sla":
        # Rolled initiative: the rows stand from the highest Initiative Total down, whatever order they were added in.
        totals = [int(re.search(r"Initiative (\d+)", label).group(1))  # type: ignore[union-attr]
                  for label in rows(page).get_by_test_id("turn-label").all_inner_texts()]
        assert totals == sorted(totals, reverse=True), totals
        assert len(totals) == 6
    else:
        assert names(page) == list(NAMES), names(page)   # the order they were added in, the first able one's turn
        able = [row.get_attribute("data-stands") for row in rows(page).all()]
        assert able[: able.index("current")] == ["unable"] * able.index("current"), able
    for row in page.locator('[data-testid="combatant"][data-stands="unable"]').all():
        expect(row.get_by_test_id("turn-stands")).to_have_text(re.compile(r"^skipped(: \w.*)?$"))


def clear_of_the_dock(page: Page, what: str, locator: Locator) -> None:
    """Inside the viewport and not under the dock (above it, or beside it on a landscape tablet)."""
    inside(page, what, locator)
    box = locator.bounding_box()
    dock = page.get_by_test_id("dock").bounding_box()
    assert box is not None and dock is not None
    assert box["y"] + box["height"] <= dock["y"] + 0.5 or box["x"] + box["width"] <= dock["x"] + 0.5, \
        (f"{what} is under the dock", box, dock)


def one_screen(page: Page, size: str) -> None:
    """Six rows above the dock on a tablet. A phone's rows are headed by Full cards, End fight and Add (issue 48), so
    its sixth row may lie under the dock until scrolled to: the acting and target rows are clear of it, and every
    row is, once scrolled into view (the page leaves the dock's height free at its foot)."""
    page.evaluate("window.scrollTo(0, 0)")
    if size == "phone":
        for role in ("actor", "target"):
            clear_of_the_dock(page, f"the {role}'s row", page.locator(f'[data-testid="combatant"][data-role="{role}"]'))
        for index in range(6):
            rows(page).nth(index).scroll_into_view_if_needed()
            clear_of_the_dock(page, f"row {index + 1}, scrolled to", rows(page).nth(index))
        page.evaluate("window.scrollTo(0, 0)")
    for index in range(6 if size != "phone" else 0):
        clear_of_the_dock(page, f"row {index + 1}", rows(page).nth(index))
    inside(page, "the dock", page.get_by_test_id("dock"))
    for testid in ("roll", "latest-outcome", "odds-summary", "turn-next"):
        inside(page, testid, page.get_by_test_id(testid))
    if size != "phone":
        fields = required_inputs(page)
        assert fields.count() > 0
        for field in fields.all():
            clear_of_the_dock(page, f"the input {field.inner_text().splitlines()[0]!r}", field)


def the_prompt_on_screen(page: Page) -> None:
    """An open dice prompt stays on screen with the rows' dock."""
    expect(page.get_by_test_id("dice-prompt")).to_be_visible()
    inside(page, "the dice prompt", page.get_by_test_id("dice-prompt"))
    inside(page, "the dock with its prompt", page.get_by_test_id("dock"))


def details_open_the_full_card(page: Page, system: str, size: str) -> None:
    row = rows(page).nth(1)
    body = row.get_by_test_id("card-body")
    expect(body).to_be_hidden()
    expect(row.get_by_test_id("card-compact")).to_be_visible()
    row.get_by_test_id("card-details").tap()
    expect(row.get_by_test_id("card-details")).to_have_attribute("aria-expanded", "true")
    expect(body).to_be_visible()
    expect(body.locator('[data-testid="track"], [data-testid="widget-grid"], [data-testid="widget-meters"], '
                        '[data-testid="widget-table"]').first).to_be_visible()
    expect(page.get_by_test_id("roster")).to_have_attribute("data-mode", "compact")   # the others stay rows
    expect(rows(page).nth(0).get_by_test_id("card-body")).to_be_hidden()
    if system == "sla":
        # The body diagram at a size a finger can aim at: each hex some 44 px across.
        cell = body.get_by_test_id("hexes-cell").first.bounding_box()
        assert cell is not None and cell["width"] >= 44 and cell["height"] >= (38 if size == "phone" else 44), cell
    row.get_by_test_id("card-details").tap()
    expect(body).to_be_hidden()


def nothing_scrolls_sideways(page: Page) -> None:
    assert page.evaluate(SIDEWAYS) == []
    page.get_by_test_id("roster-mode").tap()                   # the full cards too (each KYoD table in its card)
    expect(page.get_by_test_id("roster")).to_have_attribute("data-mode", "full")
    expect(rows(page).first.get_by_test_id("card-body")).to_be_visible()
    assert page.evaluate(SIDEWAYS) == []
    page.get_by_test_id("roster-mode").tap()
    expect(page.get_by_test_id("roster")).to_have_attribute("data-mode", "compact")


def the_switch_is_remembered(page: Page) -> None:
    switch = page.get_by_test_id("roster-mode")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.tap()
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("roster")).to_have_attribute("data-mode", "full")
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'", timeout=120_000)
    expect(page.get_by_test_id("roster")).to_have_attribute("data-mode", "full")
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(rows(page).first.get_by_test_id("card-body")).to_be_visible()
    switch.tap()
    expect(page.get_by_test_id("roster")).to_have_attribute("data-mode", "compact")


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_roster_is_the_turn_order_on_one_screen(touch: Any, system: str) -> None:
    page = touch(next(iter(SIZES)), fragment=busy_table(system)["fragment"])
    expect(rows(page)).to_have_count(6)
    # Six combatants: rows by default, each a small record of its wounds.
    expect(page.get_by_test_id("roster")).to_have_attribute("data-mode", "compact")
    expect(rows(page).get_by_test_id("card-compact")).to_have_count(6)
    start_fight(page)
    for size in SIZES:
        show_as(page, size)
        with at(size):
            the_rows_are_the_turn_order(page, system)
            one_screen(page, size)
            details_open_the_full_card(page, system, size)   # opens a row's card and folds it again
            assert page.evaluate(UNDEFINED) == []
            if size == "portrait":
                nothing_scrolls_sideways(page)        # full cards, then rows again
    # The prompt opened once and the page turned through the sizes with it open (Type dice tapped again at once
    # would wait out a tap's settling, js/dom.js once()); cancelled before the reload.
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_test_id("type-dice").tap()
    for size in SIZES:
        show_as(page, size)
        with at(f"{size}, the prompt open"):
            the_prompt_on_screen(page)
    page.get_by_test_id("dice-cancel").tap()
    expect(page.get_by_test_id("dice-prompt")).to_be_hidden()
    show_as(page, RELOAD_AT[system])
    with at(RELOAD_AT[system]):
        the_switch_is_remembered(page)
        assert page.evaluate(UNDEFINED) == []
