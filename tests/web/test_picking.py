"""Picking by tapping cards follows one visible rule in every system (issues 36 and 48): once a turn passes, the
one whose turn it is acts in the form and a tap on a card picks the target, as the hint says; a tap on the acting
card asks for another actor, and the taps then go actor, target. A game master who taps the enemy to be hit on
Murphy's turn gets "Murphy attacks the enemy", never the enemy attacking."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .tables import busy_table
from .test_tablet import touch  # noqa: F401  (a fixture: a page in a touch context of a size)

SYSTEMS = ("typed", "megatraveller", "kyod", "sla", "fudge")
ABLE = '[data-testid="combatant"]:not([data-severity="down"]):not([data-severity="out"])'
TURN = re.compile(r"· ([^·]+)'s turn$")


def names(page: Page, selector: str) -> list[str]:
    return [name.strip() for name in page.locator(f'{selector} [data-testid="combatant-name"]').all_inner_texts()]


def tap_card(page: Page, name: str) -> None:
    page.get_by_test_id("combatant").filter(
        has=page.get_by_test_id("combatant-name").get_by_text(name, exact=True)).get_by_test_id("combatant-name").tap()


def hint_role(page: Page) -> str:
    text = page.get_by_test_id("pick-hint").inner_text()
    assert text.startswith("Tap a card: "), text
    return text.removeprefix("Tap a card: ")


def rolled_title(page: Page) -> str:
    entries = page.get_by_test_id("log-entry")
    before = entries.count()
    page.get_by_test_id("roll").tap()
    expect(entries).to_have_count(before + 1)
    return page.get_by_test_id("log-title").first.text_content() or ""


def acts_on(title: str, actor: str, target: str) -> bool:
    """"Bandit attacks Ilsa the Tall", or as a passive ("Ilsa the Tall is hit by Bandit's Broadsword thrust")."""
    return actor in title and target in title and (title.index(actor) < title.index(target)
                                                   or f" by {actor}'s " in title)


def fight_started(touch: Any, system: str) -> tuple[Page, str]:
    """A busy table on a portrait tablet, the fight started: the page and whose turn it is."""
    page = touch("portrait", fragment=busy_table(system)["fragment"])
    expect(page.get_by_test_id("combatant")).to_have_count(6)
    page.get_by_test_id("turn-start").tap()
    status = page.get_by_test_id("turn-status")
    expect(status).to_contain_text("'s turn")
    found = TURN.search(status.inner_text())
    assert found, status.inner_text()
    return page, found.group(1)


@pytest.mark.parametrize("system", SYSTEMS)
def test_on_a_turn_the_turn_s_fighter_attacks_the_card_tapped(touch: Any, system: str) -> None:
    page, turn = fight_started(touch, system)
    cards = page.get_by_test_id("combatant")
    acting = cards.filter(has=page.get_by_test_id("combatant-name").get_by_text(turn, exact=True))
    expect(acting).to_have_attribute("data-role", "actor")          # the form's actor is the turn's fighter
    target_role = hint_role(page)                                     # and the hint asks for the target
    expect(acting.get_by_test_id("card-role")).to_have_text(re.compile(r"\S"))
    assert target_role.lower() != (acting.get_by_test_id("card-role").inner_text()).lower(), target_role
    target = next(name for name in names(page, ABLE) if name != turn)
    tap_card(page, target)
    picked = cards.filter(has=page.get_by_test_id("combatant-name").get_by_text(target, exact=True))
    expect(picked).to_have_attribute("data-role", "target")
    expect(acting).to_have_attribute("data-role", "actor")
    expect(page.get_by_test_id("pick-hint")).to_have_text(f"Tap a card: {target_role}")   # another tap re-targets
    title = rolled_title(page)
    assert acts_on(title, turn, target), (turn, target, title)


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_tap_on_the_acting_card_picks_another_actor_then_the_target(touch: Any, system: str) -> None:
    page, turn = fight_started(touch, system)
    target_hint = page.get_by_test_id("pick-hint").inner_text()
    tap_card(page, turn)                                  # the acting card: someone else acts
    hint = page.get_by_test_id("pick-hint")
    expect(hint).not_to_have_text(target_hint)
    able = names(page, ABLE)
    actor = next(name for name in able if name != turn)
    target = next(name for name in names(page, '[data-testid="combatant"]') if name not in (actor, turn))
    tap_card(page, actor)
    expect(hint).to_have_text(target_hint)
    tap_card(page, target)
    title = rolled_title(page)
    assert acts_on(title, actor, target), (actor, target, title)


@pytest.mark.parametrize("system", SYSTEMS)
def test_tapping_a_then_b_resolves_a_against_b_before_the_fight(touch: Any, system: str) -> None:
    page = touch("portrait", fragment=busy_table(system)["fragment"])
    expect(page.get_by_test_id("combatant")).to_have_count(6)
    able = names(page, ABLE)
    actor, target = able[-1], next(name for name in names(page, '[data-testid="combatant"]') if name != able[-1])
    hint = page.get_by_test_id("pick-hint")
    actor_hint = hint.inner_text()
    assert actor_hint.startswith("Tap a card: "), actor_hint    # the first tap sets the actor, and says so
    tap_card(page, actor)
    expect(hint).not_to_have_text(actor_hint)                    # the second sets the target, and says so
    tap_card(page, target)
    expect(hint).to_have_text(actor_hint)
    title = rolled_title(page)
    assert acts_on(title, actor, target), (actor, target, title)
