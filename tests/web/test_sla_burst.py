"""An SLA full-auto burst through the page with physical dice, as a GM runs it (issue 26): the Shoot tab, the weapon's
Full auto mode, the burst's dice and the bullets wanted, the hex tapped in the picker; then the prompts, each die
named (the burst dice, the three dice of the attack, the direction die, a direction die for every later bullet), the
headline, the Why, and the burst drawn on the target's card bullet by bullet with its deviation arrows.

The numbers were worked out with the engine (rules.api) before they were written here; every value is read off the
screen.  Screenshots go to /tmp/sla-shots/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .actions import input_named, start_new
from .sla_actions import SYSTEM, THREE, add_fighter, answer, by_name, picker_cell, why_steps
from .test_option_conditions import tab
from .test_sla_screens import animations_done
from .test_tablet import touch  # noqa: F401  (a fixture: a page in a touch context of a size)

GUNHEAD = "skill Auto/Support, RNG 40, RCL 3, PEN 4, DAM 6, auto, FA 1"
SHOTS = Path("/tmp/sla-shots")
BULLETS = [f"Bullet {n}" for n in range(2, 11)]


def gunner_and_scum(page: Page) -> None:
    start_new(page, SYSTEM)
    add_fighter(page, "Gunner", weapon=("FEN Gunhead", GUNHEAD), skills="Auto/Support 5")
    add_fighter(page, "Scum", phys="20", hits_torso="60", incap="200")
    expect(page.get_by_test_id("combatant")).to_have_count(2)


def burst_form(page: Page) -> None:
    tab(page, "shoot").tap()
    form = page.get_by_test_id("action-form")
    form.get_by_test_id("input-attacker").select_option(label="Gunner")
    form.get_by_test_id("input-target").select_option(label="Scum")
    form.get_by_test_id("input-mode").select_option(label="Full auto")
    expect(form.get_by_test_id("input-burst_dice")).to_be_visible()
    expect(form.get_by_test_id("input-shots")).to_be_hidden()
    form.get_by_test_id("input-burst_dice").fill("3")
    input_named(form, "wanted").fill("10")          # walking the burst is under "More options"
    picker_cell(page, "0,4").tap()


@pytest.mark.parametrize("size", ["landscape", "phone"])
def test_a_full_auto_burst_with_typed_dice_is_drawn_bullet_by_bullet(touch: Any, size: str) -> None:  # noqa: F811
    page: Page = touch(size)
    gunner_and_scum(page)
    burst_form(page)
    expect(page.get_by_test_id("odds-summary")).to_contain_text("of 10.0 bullets hit")
    page.get_by_test_id("type-dice").tap()
    answer(page, "burst", ["Burst die 1", "Burst die 2", "Burst die 3"], [2, 3, 3])
    answer(page, "attack", THREE, [1, 6, 6])
    answer(page, "direction", ["Direction die"], [6])
    answer(page, "deviation", BULLETS, [4, 6, 4, 1, 2, 3, 3, 5, 6],
           why="Bullets 2 to 10 each deviate 1 hex from the one before: roll a direction die for each, in order")
    expect(page.get_by_test_id("latest-outcome")).to_have_text(
        "Scum: 10 of 10 bullets hit (Torso 5, Abdomen 4, Left leg 1), 60 damage; dead")
    said = why_steps(page)
    assert any(step.startswith("Burst dice 2 + 3 + 3 = 8 bullets; Auto/Support 5 lets it be 3 to 13; moved +2")
               for step in said)
    assert "Bullet 2: direction die 4, turned to 3 (down), 1 hex to Torso (0, 4)" in said
    card = by_name(page, "Scum")
    marks = card.get_by_test_id("hexes-mark")
    expect(marks).to_have_count(11)                    # the aim and ten bullets
    numbers = card.locator(".hex-mark-text").evaluate_all("(nodes) => nodes.map((node) => node.textContent)")
    assert numbers[1::2] == [str(n) for n in range(1, 11)]        # each over its halo
    arrows = marks.evaluate_all("(nodes) => nodes.filter((node) => node.querySelector('path, line')).length")
    assert arrows >= 10                                 # each bullet's arrow from the one before
    kinds = marks.evaluate_all("(nodes) => nodes.map((node) => node.dataset.kind)")
    assert kinds == ["aim"] + ["hit"] * 10
    expect(card.get_by_test_id("combatant-status")).to_contain_text("Dead")
    animations_done(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"burst-{size}.png"), full_page=True)
    card.get_by_test_id("widget-hexes").screenshot(path=str(SHOTS / f"burst-diagram-{size}.png"))
