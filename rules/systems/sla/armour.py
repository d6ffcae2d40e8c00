"""Armour and damage (seed 002: Penetration, Xeno Skin Armour, Vevaphon Armour, Damage, Impact Damage; RULES_NOTES 3.3
and 3.5): the round's ammunition, penetration against PV, the damage through it, and what the armour's ID loses.

>>> load_ammo(AMMO["heap"], 6, 10), load_ammo(AMMO["hesh"], 6, 10)
((8, 12), (3, 20))
>>> hit = shoot(pen_die=3, pen=4, damage_die=5, dam=8, pv=7, impact=20)
>>> hit.penetrates, hit.damage, hit.impact_left
(True, 6, 7)
>>> shoot(pen_die=3, pen=4, damage_die=5, dam=8, pv=7, impact=20, armour_piercing=True).damage
13
>>> hit = shoot(pen_die=3, pen=3, damage_die=5, dam=8, pv=7, impact=20)
>>> hit.penetrates, hit.damage, hit.impact_left
(False, 0, 7)
>>> shoot(pen_die=3, pen=4, damage_die=5, dam=8, pv=7, impact=20, melee=True).penetrates
False
>>> xeno_impact(10), vevaphon_impact(9, 10), vevaphon_impact(4, 8)
(30, 50, 16)
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping
from typing import Any

from ..data import load

AMMO: dict[str, dict[str, Any]] = {row["value"]: row for row in load("sla")["ammo"]["rows"]}
XENO_PV = 7
XENO_IMPACT_PER_HIT = 3


def load_ammo(row: Mapping[str, Any], pen: int, dam: int) -> tuple[int, int]:
    """A weapon's PEN and DAM with its ammunition (a row of the options' table), applied before the dice are added
    (RULES_NOTES 3.3): times, divided (rounded down), plus."""
    pen_times, dam_times = row["pen_times"], row["dam_times"]
    return (pen * pen_times[0] // pen_times[1] + row["pen_add"], dam * dam_times[0] // dam_times[1] + row["dam_add"])


@dataclass(frozen=True)
class Hit:
    penetration: int        # the Penetration die + PEN (less 1 with a silencer)
    penetrates: bool
    total_damage: int       # the Damage die + DAM
    damage: int             # what reaches Incap and the location
    impact_left: int        # the armour's ID after the hit
    worn: int = 0           # what the armour's ID lost


def shoot(*, pen_die: int, pen: int, damage_die: int, dam: int, pv: int, impact: int, armour_piercing: bool = False,
          melee: bool = False, silenced: bool = False, armour_damage: int | None = None,
          times: tuple[int, int] = (1, 1)) -> Hit:
    """One hit on one location's armour.  A projectile penetrates when its penetration reaches the PV; a melee blow
    must exceed it (D-SL-7); armour with no ID left is passed through.  Through armour, the PV comes off the damage
    unless the round is armour-piercing.  The armour loses the weapon's AD (``armour_damage``) when penetrated, or
    the hit's damage (Damage die + DAM, as SL-26 counts it) when the weapon has no AD or the armour stops the hit
    (D-SL-8).  ``times`` multiplies the damage (Damage die + DAM) and divides it, rounded down: a rotary gun's
    barrels shared among the locations its hit covers (D-SL-28)."""
    penetration = pen_die + pen - (1 if silenced else 0)
    total = (damage_die + dam) * times[0] // times[1]
    if impact <= 0 or pv <= 0:
        return Hit(penetration, True, total, max(0, total), 0 if pv > 0 else impact)
    through = penetration > pv if melee else penetration >= pv
    if through:
        damage = total if armour_piercing else max(0, total - pv)
        worn = armour_damage if armour_damage is not None else total
        return Hit(penetration, True, total, damage, max(0, impact - worn), worn)
    if melee:           # a blow that does not beat the PV touches neither the armour nor the victim (D-SL-7)
        return Hit(penetration, False, total, 0, impact)
    return Hit(penetration, False, total, 0, max(0, impact - total), total)


def xeno_impact(location_hits: int) -> int:
    """A Xeno Stormer's skin: PV 7, ID three times the location's Hits (seed, Xeno Skin Armour)."""
    return XENO_IMPACT_PER_HIT * location_hits


def vevaphon_impact(pv: int, location_hits: int) -> int:
    """A Vevaphon's hardened cells: ID = PV \u00f7 2, rounded up, times the location's Hits (D-SL-13; the seed's
    PV 9, 10 Hits example gives 50)."""
    return -(-pv // 2) * location_hits
