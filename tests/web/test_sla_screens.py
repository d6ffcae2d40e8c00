"""SLA Industries' table on a tablet and a phone, light and dark, with the dice prompt open and closed: the
issue's shot (test_sla.py's fight) fired once on a phone, then read on each screen. Screenshots go to
/tmp/sla-shots/ for a person to look at."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .actions import EVERY_SCREEN, seen_as
from .sla_actions import (SHOTS, THREE, answer, by_name, diagram_cell, fire_the_issues_shot, max_rock_and_scum,
                          shoot_form, slots)
from .test_layout import run_axe
from .test_tablet import inside, touch  # noqa: F401  (touch is a fixture: a page in a touch context of a size)


def sideways(page: Page) -> list[str]:
    """Every drawn element of the cards, the form and the dock that reaches past the screen's left or right edge
    (one inside a box that scrolls sideways, as the tabs do, is that box's to show)."""
    over: list[str] = page.evaluate("""() => {
      const width = document.documentElement.clientWidth;
      const out = [];
      const roots = ['roster', 'action-panel', 'dock', 'dice-prompt']
        .map((id) => document.querySelector(`[data-testid=${id}]`));
      for (const root of roots.filter(Boolean)) {
        for (const node of [root, ...root.querySelectorAll('[data-testid]')]) {
          let box = node.parentElement, scrolled = false;
          for (; box && box !== root.parentElement; box = box.parentElement)
            if (['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) { scrolled = true; break; }
          if (scrolled) continue;
          const r = node.getBoundingClientRect();
          if (r.width && r.height && (r.left < -0.5 || r.right > width + 0.5))
            out.push(`${node.dataset.testid}: ${Math.round(r.left)}..${Math.round(r.right)} of ${width}`);
        }
      }
      return out.slice(0, 20); }""")
    return over


def animations_done(page: Page) -> None:
    page.evaluate("() => Promise.all(document.getAnimations().map((one) => one.finished))")


def test_the_shot_reads_on_a_tablet_and_a_phone(touch: Any) -> None:  # noqa: F811
    """The issue's shot, fired on a phone, then read on each screen in light and dark (the tablet turned, dark mode
    switched on): the result; then the next shot's prompt, one die tapped; then its direction die's prompt."""
    page: Page = touch("phone")
    max_rock_and_scum(page)
    fire_the_issues_shot(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height, scheme in EVERY_SCREEN:
        name = f"{width}x{height}-{scheme}"
        with seen_as(page, width, height, scheme):
            the_result_reads(page, name, width)
    # The prompt open for the next shot's three dice, one tapped: the slots, the faces, Use and Fire on screen.
    page.get_by_test_id("type-dice").tap()
    expect(page.get_by_test_id("dice-prompt")).to_be_visible()
    page.locator('[data-testid="dice-face"][data-face="1"]').tap()
    assert [slot["face"] for slot in slots(page)] == ["1", "", ""]
    for width, height, scheme in EVERY_SCREEN:
        name = f"{width}x{height}-{scheme}"
        with seen_as(page, width, height, scheme):
            the_prompt_reads(page, name, width)
    # The direction die's prompt: one slot.
    for face in (3, 5):                                 # 1 3 5 again: a spread of 1, so the direction die
        page.locator(f'[data-testid="dice-face"][data-face="{face}"]').tap()
    page.get_by_test_id("dice-use").tap()
    expect(page.get_by_test_id("dice-prompt")).to_have_attribute("data-roll", "direction")
    for width, height, scheme in EVERY_SCREEN:
        name = f"{width}x{height}-{scheme}"
        with seen_as(page, width, height, scheme):
            animations_done(page)
            inside(page, "the direction prompt", page.get_by_test_id("dice-prompt"))
            inside(page, "roll", page.get_by_test_id("roll"))
            assert run_axe(page) == []
            page.screenshot(path=str(SHOTS / f"sla-{name}-direction.png"))


def the_result_reads(page: Page, name: str, width: int) -> None:
    """The prompt closed: the result in the dock, Fire, Type my dice and the odds line on screen."""
    animations_done(page)
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert sideways(page) == []
    for testid in ("roll", "type-dice", "latest-outcome", "odds-summary"):
        inside(page, testid, page.get_by_test_id(testid))
    expect(page.get_by_test_id("roll")).to_have_text("Fire")
    assert run_axe(page) == []
    page.screenshot(path=str(SHOTS / f"sla-{name}-result.png"))
    page.screenshot(path=str(SHOTS / f"sla-{name}-result-full.png"), full_page=True)
    scum = by_name(page, "Scum")
    scum.scroll_into_view_if_needed()
    inside(page, "Scum's diagram", scum.get_by_test_id("hexes-diagram"))
    scum.screenshot(path=str(SHOTS / f"sla-{name}-card.png"))


def the_prompt_reads(page: Page, name: str, width: int) -> None:
    animations_done(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert sideways(page) == []
    inside(page, "the dice prompt", page.get_by_test_id("dice-prompt"))
    for testid in ("dice-why", "dice-use", "roll"):
        inside(page, testid, page.get_by_test_id(testid))
    for index in range(3):
        inside(page, f"dice-slot {index}", page.get_by_test_id("dice-slot").nth(index))
    for index in range(6):
        inside(page, f"dice-face {index}", page.get_by_test_id("dice-face").nth(index))
    assert run_axe(page) == []
    page.screenshot(path=str(SHOTS / f"sla-{name}-prompt.png"))


def test_a_wide_miss_is_drawn_without_shrinking_the_body_out_of_sight(touch: Any) -> None:  # noqa: F811
    """A miss by 9 lands 13 hexes off (the missed-shot spread); the diagram's box grows to hold the cross, so the
    body is drawn smaller. The card's body should stay readable: each cell at least 8 pixels across."""
    page: Page = touch("landscape")
    max_rock_and_scum(page, skills="Pistol 1")
    shoot_form(page, aims=1)
    page.get_by_test_id("type-dice").tap()
    answer(page, "attack", THREE, [1, 1, 1])
    answer(page, "direction", ["Direction die"], [1])
    expect(page.get_by_test_id("latest-outcome")).to_have_text("Miss")
    scum = by_name(page, "Scum")
    scum.scroll_into_view_if_needed()
    animations_done(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    scum.screenshot(path=str(SHOTS / "miss-card-upper-right.png"))
    cell = diagram_cell(scum, 0, 3).bounding_box()
    assert cell and cell["width"] >= 8, cell
