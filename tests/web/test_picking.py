"""Picking by tapping cards follows one visible rule in every system (issue 36): a tap sets the role the hint says,
first the actor, then the target, whoever's turn it is. A game master who taps A then B mid-fight gets "A against
B", never B against A; someone who cannot act, tapped for the actor, is refused in the hint, never made the target."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .tables import busy_table
from .test_tablet import touch  # noqa: F401  (a fixture: a page in a touch context of a size)

SYSTEMS = ("typed", "megatraveller", "kyod", "sla", "fudge")
ABLE = '[data-testid="combatant"]:not([data-severity="down"]):not([data-severity="out"])'
TURN = re.compile(r"· (.+)'s turn$")


def names(page: Page, selector: str) -> list[str]:
    return [name.strip() for name in page.locator(f'{selector} [data-testid="combatant-name"]').all_inner_texts()]


def tap_card(page: Page, name: str) -> None:
    page.get_by_test_id("combatant").filter(
        has=page.get_by_test_id("combatant-name").get_by_text(name, exact=True)).get_by_test_id("combatant-name").tap()


@pytest.mark.parametrize("system", SYSTEMS)
def test_tapping_a_then_b_resolves_a_against_b_whoever_s_turn_it_is(touch: Any, system: str) -> None:
    page = touch("portrait", fragment=busy_table(system)["fragment"])
    expect(page.get_by_test_id("combatant")).to_have_count(6)
    page.get_by_test_id("turn-start").tap()
    status = page.get_by_test_id("turn-status")
    expect(status).to_contain_text("'s turn")
    found = TURN.search(status.inner_text())
    assert found, status.inner_text()
    turn = found.group(1)
    able = names(page, ABLE)
    actor = next(name for name in able if name != turn)           # not the one whose turn it is
    target = next(name for name in names(page, '[data-testid="combatant"]') if name not in (actor, turn))
    hint = page.get_by_test_id("pick-hint")
    actor_hint = hint.inner_text()
    assert actor_hint.startswith("Tap a card: "), actor_hint    # the first tap sets the actor, and says so
    tap_card(page, actor)
    expect(hint).not_to_have_text(actor_hint)                    # the second sets the target, and says so
    tap_card(page, target)
    expect(hint).to_have_text(actor_hint)
    entries = page.get_by_test_id("log-entry")
    before = entries.count()
    page.get_by_test_id("roll").tap()
    expect(entries).to_have_count(before + 1)
    title = page.get_by_test_id("log-title").first.text_content() or ""
    # "Bandit attacks Ilsa the Tall", or as a passive ("Ilsa the Tall is hit by Bandit's Broadsword thrust").
    assert actor in title and target in title, (actor, target, title)
    assert title.index(actor) < title.index(target) or f" by {actor}'s " in title, (actor, target, title)
