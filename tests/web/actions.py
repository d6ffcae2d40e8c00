"""What a game master does on the page, as small steps the tests share."""

from __future__ import annotations

from playwright.sync_api import Page


def add_combatant(page: Page, name: str, *, skill: str = "0", weapon: str | None = None, armour: str | None = None,
                  weapon_notation: str = "", armour_notation: str = "") -> None:
    page.get_by_test_id("add-name").fill(name)
    page.get_by_test_id("add-skill").select_option(skill)
    if weapon is not None:
        page.get_by_test_id("add-weapon").select_option(label=weapon)
    if armour is not None:
        page.get_by_test_id("add-armour").select_option(label=armour)
    page.get_by_test_id("add-weapon-notation").fill(weapon_notation)
    page.get_by_test_id("add-armour-notation").fill(armour_notation)
    page.get_by_test_id("add-submit").click()


def cyrus_and_bandit(page: Page) -> None:
    add_combatant(page, "Cyrus", skill="1", weapon="Shortsword 3-/2+", armour="— none —")
    add_combatant(page, "Bandit", weapon="— none —", armour="Bandit's Leather +-*")


def marked_boxes(page: Page, combatant: int) -> int:
    card = page.get_by_test_id("combatant").nth(combatant)
    return card.locator('[data-testid="track-box"][data-marked="true"]').count()


def status(page: Page, combatant: int) -> str:
    return page.get_by_test_id("combatant").nth(combatant).get_by_test_id("combatant-status").inner_text()


def hit_with_typed_dice(page: Page, margin: str, faces: str) -> None:
    page.get_by_test_id("margin-typed").check()
    page.get_by_test_id("margin-of-success").fill(margin)
    page.get_by_test_id("dice-damage").fill(faces)
    page.get_by_test_id("use-dice").click()
