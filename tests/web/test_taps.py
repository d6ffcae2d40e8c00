"""A tap acts once (issue 36): hands at a table tap twice. Two taps 50 ms apart on Roll resolve once, on Next turn
move the turn once, and on the deleted list's Delete for good delete one entry, not the one that moved up under the
finger; a page held up between the two taps still reads them as one. Driven on a touch screen, on six combatants
mid-fight (tests/web/tables.py)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .tables import busy_table
from .test_tablet import touch  # noqa: F401  (a fixture: a page in a touch context of a size)

DOUBLE_TAP_GAP_MS = 50
DOUBLE_TAP_READ_MS = 300   # two taps further apart than this are not read as a double tap (js/dom.js once())
PERSONS_PACE_MS = 600   # a second tap meant as a second one: after reading what the first did

# When each touch began, as the page has it (the event's timeStamp, set as the browser receives the touch).
WATCH_TAPS = """() => {
  if (window.tapsMade) return void window.tapsMade.splice(0);
  window.tapsMade = [];
  document.addEventListener("touchstart", (event) => window.tapsMade.push(event.timeStamp),
    { capture: true, passive: true });
}"""


class TapsMadeApart(Exception):
    """The test's two taps reached the browser too far apart to be a double tap: the machine held the test up
    between them, so the test says nothing of the page. `build.py test` runs such a test once more."""


def middle(target: Locator) -> tuple[float, float]:
    box = target.bounding_box()
    assert box is not None, "the control is not drawn"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def double_tap(page: Page, target: Locator, second: Locator | None = None) -> None:
    """Two taps 50 ms apart: both at the control's middle, or the second on `second` as the first tap left the page
    (a list redrawn under the finger: the next entry's button where the first one was)."""
    target.scroll_into_view_if_needed()
    first = middle(target)
    page.evaluate(WATCH_TAPS)
    page.touchscreen.tap(*first)
    # Nothing read in between where it need not be: on a busy machine each call to the browser takes a while.
    where = middle(second) if second is not None else first
    page.wait_for_timeout(DOUBLE_TAP_GAP_MS)
    page.touchscreen.tap(*where)
    page.wait_for_timeout(PERSONS_PACE_MS)   # a second resolution would be on screen by now
    made = page.evaluate("window.tapsMade")
    assert len(made) == 2, f"the page saw {len(made)} touches, not 2"
    if made[1] - made[0] > DOUBLE_TAP_READ_MS:
        raise TapsMadeApart(f"the two taps reached the browser {made[1] - made[0]:.0f} ms apart, not "
                            f"{DOUBLE_TAP_GAP_MS}: the machine held the test up between them")


def roster_text(page: Page) -> list[str]:
    return [text.strip() for text in page.get_by_test_id("combatant").all_inner_texts()]


def test_a_double_tap_on_roll_resolves_once(touch: Any) -> None:
    page = touch("portrait", fragment=busy_table("typed")["fragment"])
    cards = page.get_by_test_id("combatant")
    expect(cards).to_have_count(6)
    cards.nth(0).get_by_test_id("combatant-name").tap()
    cards.nth(1).get_by_test_id("combatant-name").tap()
    expect(cards.nth(1)).to_have_attribute("data-role", "target")
    entries = page.get_by_test_id("log-entry")
    before, cards_before = entries.count(), roster_text(page)
    double_tap(page, page.get_by_test_id("roll"))
    expect(entries).to_have_count(before + 1)
    page.get_by_test_id("undo").tap()      # one resolution: one undo takes the damage off again
    expect(entries).to_have_count(before)
    assert roster_text(page) == cards_before


# Once the first tap's work is done, the page is held up for a while: the second tap waits for it.
HOLD_UP = """(ms) => document.addEventListener("click", (event) => {
  if (event.target.closest('[data-testid="turn-next"]'))
    setTimeout(() => { const until = performance.now() + ms; while (performance.now() < until); });
}, { capture: true, once: true })"""


@pytest.mark.parametrize("held_up_ms", [0, 900], ids=["handled at once", "the page held up before the second"])
def test_a_double_tap_on_next_turn_moves_the_turn_once(touch: Any, held_up_ms: int) -> None:
    """Also when a busy tablet gets to the second tap late: it is still the second half of a double tap, timed from
    when it was made, not from when the page handled it (after the first tap had settled, TAP_SETTLE_MS)."""
    page = touch("portrait", fragment=busy_table("typed")["fragment"])
    expect(page.get_by_test_id("combatant")).to_have_count(6)
    page.get_by_test_id("turn-start").tap()
    status = page.get_by_test_id("turn-status")
    expect(status).to_contain_text("'s turn")
    page.wait_for_timeout(PERSONS_PACE_MS)
    first = status.inner_text()
    if held_up_ms:
        page.evaluate(HOLD_UP, held_up_ms)
    double_tap(page, page.get_by_test_id("turn-next"))
    expect(status).not_to_have_text(first)
    moved = status.inner_text()
    page.get_by_test_id("undo").tap()      # one move: one undo gives the turn back
    expect(status).to_have_text(first)
    page.wait_for_timeout(PERSONS_PACE_MS)
    page.get_by_test_id("turn-next").tap()  # and a single tap moves it to the same place
    expect(status).to_have_text(moved)


def test_a_double_tap_on_delete_for_good_deletes_one_entry(touch: Any) -> None:
    page = touch("portrait", fragment=busy_table("typed")["fragment"])
    expect(page.get_by_test_id("combatant")).to_have_count(6)
    page.get_by_test_id("library").tap()
    dialog = page.get_by_test_id("library-dialog")
    entries = dialog.get_by_test_id("library-list").get_by_test_id("library-entry")
    expect(entries).to_have_count(1)
    for count in (2, 3, 4):
        page.wait_for_timeout(PERSONS_PACE_MS)
        entries.first.get_by_test_id("library-duplicate").tap()
        expect(entries).to_have_count(count)
    for count in (3, 2, 1):
        page.wait_for_timeout(PERSONS_PACE_MS)
        dialog.get_by_test_id("library-list").locator('[data-testid="library-entry"][data-open="false"]').first \
            .get_by_test_id("library-delete").tap()
        expect(entries).to_have_count(count)
    deleted = dialog.get_by_test_id("library-deleted-list").get_by_test_id("library-entry")
    expect(deleted).to_have_count(3)
    dialog.get_by_test_id("library-deleted").locator("summary").tap()
    expect(deleted.first.get_by_test_id("library-erase")).to_be_visible()
    page.wait_for_timeout(PERSONS_PACE_MS)
    erase = deleted.first.get_by_test_id("library-erase")
    double_tap(page, erase, second=erase)   # the first tap redraws the list: the next entry's button is the first
    expect(deleted).to_have_count(2)
