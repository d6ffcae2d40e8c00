"""RULES_NOTES 3.6: the SLA vectors of aimed fire and armour that the pieces built so far answer (issue 25)."""

from __future__ import annotations

import pytest

from rules.systems.sla.options import DEFAULTS
from rules.systems.sla.armour import load_ammo, shoot, vevaphon_impact, xeno_impact
from rules.systems.sla.fire import band, missed_spread, semi_auto_shots, spread_modifier


def test_sl07_sl08_semi_auto_shots() -> None:
    assert semi_auto_shots(8, 5, 6) == 3         # Max.Rock with the MAL Anvil: min(8 - 5, 6 / 2)
    assert semi_auto_shots(8, 1, 6) == 3         # with the Nemesis: min(7, 3)
    assert semi_auto_shots(3, 9, 6) == 1         # never fewer than one
    assert semi_auto_shots(8, 1, 6, fired_this_round=3) == 0


@pytest.mark.parametrize("shot, band_, spread", [
    ("wild", "extreme", 22), ("wild", "medium", 7), ("wild", "long", 15), ("snap", "medium", 6),
    ("snap", "long", 12), ("snap", "extreme", 18), ("wild", "optimum", 3), ("wild_rapid", "optimum", 2),
    ("wild_rapid", "extreme", 22), ("aimed", "extreme", 9)])
def test_sl09_sl10_hit_spread_modifiers(shot: str, band_: str, spread: int) -> None:
    assert spread_modifier(shot, band_) == spread


def test_sl11_a_missed_wild_shot() -> None:
    assert missed_spread(5, 13, 11, "wild") == 10


def test_sl21_special_ammunition() -> None:
    assert load_ammo(DEFAULTS.load("heap"), 6, 10) == (8, 12) and load_ammo(DEFAULTS.load("hesh"), 6, 10) == (3, 20)


def test_sl22_range_bands() -> None:
    assert [band(distance, 50) for distance in (50, 51, 100, 150, 400, 401)] == [
        "optimum", "medium", "medium", "long", "extreme", None]


def test_sl19_sl20_living_armour() -> None:
    assert xeno_impact(10) == 30
    assert vevaphon_impact(9, 10) == 50 and vevaphon_impact(4, 8) == 16


def test_sl24_to_sl27_penetration_and_damage() -> None:
    hit = shoot(pen_die=3, pen=4, damage_die=5, dam=8, pv=7, impact=40)
    assert hit.penetrates and hit.damage == 6                                   # SL-24: 7 >= 7, 13 - 7
    assert shoot(pen_die=3, pen=4, damage_die=5, dam=8, pv=7, impact=40, armour_piercing=True).damage == 13
    stopped = shoot(pen_die=3, pen=3, damage_die=5, dam=8, pv=7, impact=40)      # SL-26
    assert not stopped.penetrates and stopped.damage == 0 and stopped.impact_left == 40 - 13
    blow = shoot(pen_die=3, pen=4, damage_die=5, dam=8, pv=7, impact=40, melee=True)   # SL-27
    assert not blow.penetrates and blow.damage == 0 and blow.impact_left == 40
    worn_out = shoot(pen_die=1, pen=0, damage_die=5, dam=8, pv=7, impact=0)     # ID 0: the next hit goes through
    assert worn_out.penetrates and worn_out.damage == 13


def test_sl28_sl29_wounds_and_knockback() -> None:
    from rules.systems.sla.body import knockback, wounded
    assert wounded(9, 6) and knockback(9, 6) == ("roll", 3)                  # SL-28
    assert knockback(13, 6) == ("down", 0) and not wounded(6, 6)              # SL-29; equal is no wound


def test_sl30_bleeding() -> None:
    from rules.systems.sla.body import bleeding_every, per_round
    assert [bleeding_every(n) for n in (1, 2, 3, 4)] == [5, 4, 3, 2]
    assert [per_round(n) for n in (5, 6, 7, 9)] == [1, 2, 3, 5]


def test_sl31_to_sl34_small_formulas() -> None:
    from rules.systems.sla.body import extraction_damage, quick_draw, strength_bonus, under_fire
    assert under_fire(19) == -2 and under_fire(12) == -5 and under_fire(30) == 0       # SL-31
    assert quick_draw(wild=True) == -6 and quick_draw(wild=False) == -3                 # SL-32
    assert strength_bonus(8) == 2 and strength_bonus(8, martial_arts=5) == 4            # SL-33
    assert extraction_damage(4) == 2 and extraction_damage(9) == 0                      # SL-34
