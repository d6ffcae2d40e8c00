"""FUDGE's busy table on a tablet and a phone, light and dark: six at the table (test_fudge.py's fighters), built
through the page once, then read on each screen with the dice prompt closed and open, checked with axe and for
sideways overflow. Screenshots go to dist/screens/."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .actions import EVERY_SCREEN, add_sheet, card, seen_as, start_new
from .test_fudge import (SCREENS, SYSTEM, add_fighter, by_name, case, choice_label, fight_typed, level, marks, options,
                         pick, sheet_input, statuses, wound)
from .test_layout import run_axe
from .test_option_conditions import tab
from .test_tablet import inside, touch  # noqa: F401  (touch is a fixture: a page in a touch context of a size)


def busy_fudge_table(page: Page) -> None:
    """Six at the table: two PCs, three major NPCs and a pawn; Brynhild hurt by Snorri's typed round, Leroy's second
    Hurt moved up into his Very Hurt box, Theodora stunned, the pawn hurt, Molly incapacitated."""
    start_new(page, SYSTEM)
    options(page, case("FU-21")["options"])
    for key in ("snorri", "brynhild", "leroy", "theodora", "molly"):
        add_fighter(page, key)
    deckhand: dict[str, Any] = {"role": choice_label(sheet_input("role"), "pawn"), "weapons-0": "Club size 1"}
    add_sheet(page, "Pirate deckhand", **deckhand)
    expect(page.get_by_test_id("combatant")).to_have_count(6)
    tab(page, "round").tap()
    pick(page, fighter="Snorri", foe="Brynhild")
    fight_typed(page, case("FU-21")["rounds"][0]["faces"])
    wound(page, "Leroy", "Hurt")
    wound(page, "Leroy", "Hurt")
    wound(page, "Theodora", "Hurt", stun=True)
    wound(page, "Pirate deckhand", "Hurt")
    wound(page, "Molly", "Incapacitated")
    wound(page, "Snorri", "Scratch")
    tab(page, "round").tap()
    pick(page, fighter="Leroy", foe="Theodora")
    # What the table shows: read as a GM would before the next round.
    assert statuses(page)[:3] == ["Scratch", "Hurt (\u22121)", "Very Hurt (\u22122)"], statuses(page)
    assert marks(by_name(page, "Leroy")) == {"Hurt": ["H"], "Very Hurt": ["H"]}     # the second Hurt, moved up
    expect(by_name(page, "Theodora").get_by_test_id("combatant-status")).to_contain_text("stunned")
    expect(by_name(page, "Molly")).to_have_attribute("data-severity", "down")
    pawn = by_name(page, "Pirate deckhand")
    expect(pawn.get_by_test_id("track-level")).to_have_count(2)
    expect(pawn.get_by_test_id("combatant-status")).not_to_have_text("Undamaged")


def overflowing(page: Page) -> list[str]:
    """Cards, their tracks and every wound box, and the dock's controls, drawn past the screen's sides."""
    over: list[str] = page.evaluate("""() => {
      const width = document.documentElement.clientWidth;
      const out = [];
      const check = (node, what) => { const r = node.getBoundingClientRect();
        if (r.width && (r.left < -0.5 || r.right > width + 0.5)) out.push(`${what}: ${Math.round(r.left)}..${Math.round(r.right)} of ${width}`); };
      document.querySelectorAll('[data-testid=combatant]').forEach((card) => {
        const name = card.querySelector('[data-testid=combatant-name]').textContent;
        check(card, name);
        card.querySelectorAll('[data-testid=track-box], [data-testid=combatant-status], [data-testid=widget-stats], [data-testid=widget-gear]')
          .forEach((node, index) => check(node, `${name} ${node.dataset.testid} ${index}`));
      });
      ['dock', 'roll', 'type-dice', 'latest-outcome', 'odds-summary', 'action-form'].forEach((id) =>
        document.querySelectorAll(`[data-testid=${id}]`).forEach((node) => check(node, id)));
      return out; }""")
    return over


def test_a_busy_fudge_table_reads_on_a_tablet_and_a_phone(touch: Any) -> None:  # noqa: F811
    """The busy table, built on a phone, then read on each screen in light and dark (the tablet turned, dark mode
    switched on); then the dice prompt opened over it once, and read again on each."""
    page = touch("phone")
    busy_fudge_table(page)
    SCREENS.mkdir(parents=True, exist_ok=True)
    for width, height, scheme in EVERY_SCREEN:
        with seen_as(page, width, height, scheme):
            the_busy_table_reads(page, f"{width}x{height}-{scheme}", width)
    # The prompt open over the same table: still nothing sideways, and axe still content.
    page.get_by_test_id("type-dice").tap()
    expect(page.get_by_test_id("dice-prompt")).to_be_visible()
    for width, height, scheme in EVERY_SCREEN:
        with seen_as(page, width, height, scheme):
            inside(page, "the dice prompt", page.get_by_test_id("dice-prompt"))
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            assert run_axe(page) == []
            page.screenshot(path=str(SCREENS / f"fudge-{width}x{height}-{scheme}-prompt.png"))


def the_busy_table_reads(page: Page, name: str, width: int) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert overflowing(page) == []
    for testid in ("roll", "type-dice", "latest-outcome", "odds-summary"):
        inside(page, testid, page.get_by_test_id(testid))
    assert run_axe(page) == []
    page.evaluate("() => Promise.all(document.getAnimations().map((one) => one.finished))")   # the changed card's mark
    page.screenshot(path=str(SCREENS / f"fudge-{name}.png"))
    page.screenshot(path=str(SCREENS / f"fudge-{name}-full.png"), full_page=True)
