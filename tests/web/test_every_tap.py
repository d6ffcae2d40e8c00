"""Every control acts once per tap (issue 48): each button the page shows mid-fight, and each of a card menu's, is
tapped once on one page and twice 50 ms apart on another, both opened on the same encounter, and the two must come
to the same encounter: as many log entries, as many cards, the same turn, the same thing to undo and redo. The
controls are found on the page, not listed here, so a control added later is tested too."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from tests.rules.helpers import ok

from .conftest import set_back
from .tables import busy_table
from .test_taps import PERSONS_PACE_MS, double_tap
from .test_tablet import touch  # noqa: F401  (a fixture: a page in a touch context of a size)

# What a tap can change in the encounter, as the page shows it.
SEEN = """() => ({
  entries: document.querySelectorAll('[data-testid="log-entry"]').length,
  cards: document.querySelectorAll('[data-testid="combatant"]').length,
  turn: document.querySelector('[data-testid="turn-status"]').textContent,
  undo: document.querySelector('[data-testid="undo"]').title,
  redo: document.querySelector('[data-testid="redo"]').title,
})"""

# The page's own controls on show (not a dialog's), one of each test id, in the page's order.
CONTROLS = """(scope) => {
  const root = scope ? document.querySelector(scope) : document.body;
  const seen = new Set();
  for (const node of root.querySelectorAll("button[data-testid]")) {
    if (node.closest("dialog") || node.disabled || !node.checkVisibility()) continue;
    if (!scope && node.closest("details.card-menu")) continue;
    seen.add(node.dataset.testid);
  }
  return [...seen];
}"""

MENU = '[data-testid="combatant"]:first-of-type [data-testid="card-menu"]'


def mid_fight() -> str:
    """Six combatants hurt, the fight under way, a move undone: Undo and Redo both have something to do."""
    state = busy_table("typed")
    state = ok("turn", encounter=state["encounter"], move="start", dice="app", seed=3)
    state = ok("turn", encounter=state["encounter"], move="next")
    state = ok("undo", encounter=state["encounter"])
    return str(state["fragment"])


def opened(touch: Any, fragment: str, in_menu: bool, profile: BrowserContext, site_url: str) -> Page:
    """A page on the encounter, in a profile that kept nothing of the last page's changes to it."""
    set_back(profile, site_url)
    page: Page = touch("portrait", fragment=fragment)
    expect(page.get_by_test_id("combatant")).to_have_count(6)
    expect(page.get_by_test_id("redo")).to_be_enabled()
    if in_menu:
        page.locator(f"{MENU} summary").tap()
        expect(page.locator(f"{MENU} .menu")).to_be_visible()
    return page


def control(page: Page, testid: str, in_menu: bool) -> Any:
    scope = page.locator(MENU) if in_menu else page
    return scope.get_by_test_id(testid).first


def test_every_control_acts_once_per_tap(touch: Any, warm_phone_profile: BrowserContext, site_url: str) -> None:
    fragment = mid_fight()
    page = opened(touch, fragment, False, warm_phone_profile, site_url)
    found = [(testid, False) for testid in page.evaluate(CONTROLS, None)]
    page.locator(f"{MENU} summary").tap()
    found += [(testid, True) for testid in page.evaluate(CONTROLS, MENU)]
    names = [testid for testid, _ in found]
    for needed in ("undo", "redo", "roll", "turn-next", "duplicate-combatant", "remove-combatant", "hide-combatant"):
        assert needed in names, (needed, names)      # the mid-fight page shows what this test must reach
    differ = []
    for testid, in_menu in found:
        once = opened(touch, fragment, in_menu, warm_phone_profile, site_url)
        control(once, testid, in_menu).tap()
        once.wait_for_timeout(PERSONS_PACE_MS)
        single = once.evaluate(SEEN)
        twice = opened(touch, fragment, in_menu, warm_phone_profile, site_url)
        double_tap(twice, control(twice, testid, in_menu))
        double = twice.evaluate(SEEN)
        if single != double:
            differ.append((testid, single, double))
    assert not differ, "a double tap did more than a tap:\n" + "\n".join(map(str, differ))
