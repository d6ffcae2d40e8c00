"""Grenades, shotguns, rotary guns and bursts in numbers (seed 002: Grenades, Shotguns, Rotary Guns, Full-Auto;
D-SL-5, D-SL-10, D-SL-28, D-SL-31): groundwork for part 2 (issue 26).

>>> zone_lost(10, 0.5)
20
>>> smothered(10, 15, 13), smothered(10, 21, 19), helmet_stops(10, 50)
(4, 2, True)
>>> shotgun(4, 8, "long"), shotgun(4, 8, "long", slug=True)
((1, 2), (8, 8))
>>> rotary(10, 6, 2)
30
>>> burst_limits(8, 5), burst_limits(8, 5, half_skill=True)
((3, 13), (6, 10))
"""

from __future__ import annotations

from fractions import Fraction

BAND_STEPS = {"optimum": 0, "medium": 1, "long": 2, "extreme": 3}
SMOTHER_TIMES = 5


def zone_lost(distance: float | Fraction, increment: float | Fraction) -> int:
    """Hexes a Blast Zone loses at a distance (seed: one per Blast Radius increment; whole increments only,
    D-SL-31).  Exact for decimal inputs such as 0.5 m."""
    return int(Fraction(str(distance)) // Fraction(str(increment)))


def smothered(damage: int, chest_hits: int, abdomen_hits: int, armour_impact: int = 0) -> int:
    """The grenade's Damage left for the others after a character jumps on it (seed; D-SL-10): five times the Damage
    less the Hits (and any armour's ID) of his Chest and Abdomen, divided by five again, rounded down."""
    return max(0, (SMOTHER_TIMES * damage - chest_hits - abdomen_hits - armour_impact) // SMOTHER_TIMES)


def helmet_stops(damage: int, impact: int) -> bool:
    """A helmet (or any armour) over a grenade stops it all when its ID reaches five times the Damage (SL-17)."""
    return impact >= SMOTHER_TIMES * damage


def shotgun(pen: int, dam: int, band: str, *, slug: bool = False) -> tuple[int, int]:
    """A shotgun's PEN and DAM at a range band (seed, Shotguns; D-SL-13): shot halves both per band beyond Optimum,
    rounded down; a slug doubles PEN and keeps both at every range."""
    if slug:
        return 2 * pen, dam
    divisor = 2 ** BAND_STEPS[band]
    return pen // divisor, dam // divisor


def shotgun_template(band: str) -> int:
    """The radius of a shot's Hit Template in hexes: 0 at Optimum (one hex), then a ring more per band."""
    return BAND_STEPS[band]


def rotary(damage: int, barrels: int, locations: int) -> int:
    """Each location's damage from a rotary gun's hit (seed, Rotary Guns; D-SL-28): damage times the barrels,
    shared evenly among the locations hit, rounded down."""
    return damage * barrels // max(1, locations)


def burst_limits(rolled: int, skill: int, *, half_skill: bool = False) -> tuple[int, int]:
    """The bullets a full-auto burst may have (seed, Full-Auto; D-SL-5): the rolled total moved by up to the
    Auto/Support rank (or half of it, rounded down, the example's reading), never below 1."""
    reach = skill // 2 if half_skill else skill
    return max(1, rolled - reach), rolled + reach
