"""RULES_NOTES 3.6: the part 2 SLA vectors (issue 26) that its arithmetic answers, ahead of the actions that will
use it: dodges (SL-05, SL-06), bursts (SL-12), rotary guns (SL-14), grenades (SL-15..18), shotguns (SL-35)."""

from __future__ import annotations

import pytest

from rules.systems.sla.blast import burst_limits, helmet_stops, rotary, shotgun, shotgun_template, smothered, zone_lost
from rules.systems.sla.defence import Dodged, bare_handed, dodged, free_parries, parried
from rules.systems.sla.resolution import Dice, check


def test_sl05_shrike_ballet_of_death() -> None:
    """Shrike, Dodge 8, rolls Success 5, 6, 4: 23, a crit of 5, Success die value 10; Ballet of Death waives the
    self-penalty the seed's example still gives (D-SL-4: the rule, not the example)."""
    roll = check(Dice(5, 6, 4), 8)
    assert (roll.total, roll.success, roll.success_die) == (23, True, 10)
    assert dodged(5, roll.success_die, kind="quick", ballet=True) == Dodged(-10, "phase", 0)
    assert dodged(5, roll.success_die, kind="quick").own_penalty == -2        # Dance of Death: the example's -2


def test_sl06_isis_quick_dodge() -> None:
    roll = check(Dice(3, 1, 3), 7)
    assert (roll.total, roll.success, roll.success_die) == (14, True, 3)
    assert dodged(3, roll.success_die, kind="quick") == Dodged(-3, "phase", -4)
    assert dodged(3, roll.success_die, kind="regular").lasts == "round"


def test_a_high_success_die_gives_no_bonus_to_the_dodger() -> None:
    assert dodged(6, 9, kind="regular").own_penalty == -1
    assert dodged(6, 12, kind="quick", ballet=False).own_penalty == -1


@pytest.mark.parametrize("half, limits", [(False, (3, 13)), (True, (6, 10))])
def test_sl12_burst_length(half: bool, limits: tuple[int, int]) -> None:
    """Auto/Support 5, a roll of 8: the rule allows 3 to 13; the example's half skill, 6 to 10 (its +2 gives 10)."""
    assert burst_limits(8, 5, half_skill=half) == limits


def test_sl14_warmonger_across_two_locations() -> None:
    assert rotary(10, 6, 2) == 30 and rotary(10, 6, 1) == 60


@pytest.mark.parametrize("chest, abdomen, left", [(15, 13, 4), (21, 19, 2)])
def test_sl15_sl16_jumping_on_a_grenade(chest: int, abdomen: int, left: int) -> None:
    """Wickham and Stoo (the seed's arithmetic is wrong; D-SL-10 keeps the formula)."""
    assert smothered(10, chest, abdomen) == left


def test_sl17_helmet_and_sl18_blast_radius() -> None:
    assert helmet_stops(10, 50) and not helmet_stops(10, 49)
    assert zone_lost(10, 0.5) == 20 and zone_lost(10.4, 0.5) == 20        # whole increments only (D-SL-31)


def test_sl35_shotgun_shot_and_slug() -> None:
    assert shotgun(4, 8, "long") == (1, 2) and shotgun(4, 8, "long", slug=True) == (8, 8)
    assert [shotgun_template(band) for band in ("optimum", "medium", "long", "extreme")] == [0, 1, 2, 3]


def test_parries() -> None:
    assert parried(3, 4, 2) == 9 and free_parries(5) == 2
    assert check(Dice(6, 6, 6), 9).total == 27 and bare_handed(27) == 13 and bare_handed(25) == 12
