"""Where a grenade goes off and what its Blast Zone reaches (seed 002: Grenades; D-SL-18, D-SL-31, D-SL-GR1, GR2):
a thrown grenade's deviation from the Impact Point picked, the zone left at a distance, the body's locations and
hexes within it, and for the odds every point it may go off at, weighted (:func:`impacts`).

A thrown grenade deviates 6 hexes in a direction die's direction, less the Aiming die, and 3 hexes straight down per
range band past Optimum.  A character at a distance from the Impact Point has the Blast Zone less one hex a whole
Blast Radius increment (D-SL-31); each location with a hex within the zone is caught.  One lying on the floor goes off
d6 hexes from the GM's point in a d6 direction.

>>> thrown_impact((0, 8), direction=6, aiming_die=2, bands=0)
(0, 4)
>>> thrown_impact((0, 8), direction=6, aiming_die=6, bands=2)
(0, 14)
>>> caught((0, 9), 1)
('right_leg', 'left_leg')
>>> zone_for(8, Fraction(1, 2), 3), zone_for(8, Fraction(1, 2), 10)
(2, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache

from ...hexes import Hex, distance, step
from ...report import number
from ..data import load
from .blast import BAND_STEPS, zone_lost
from .diagram import REGION_OF, REGIONS
from .fire import band
from .grenade_throw import Throw
from .options import Options
from .resolution import Dice, check
from .sheet import LOCATION_LABELS, Sheet
from .wounds import State


_DATA = load("sla")["grenades"]
THROWN_DEVIATION: int = _DATA["thrown_deviation"]
DOWN_PER_BAND: int = _DATA["down_per_band"]
DOWN = 3                        # the Hit Deviation Diagram's "straight down"
RULE = "seed, Grenades"
_BODY: tuple[tuple[str, tuple[Hex, ...]], ...] = tuple(
    (region["value"], tuple((q, r) for q, r in region["hexes"])) for region in REGIONS)


def where(hex_: Hex) -> str:
    """A hex in the report's words: the location it is on (or off the body) and its coordinates."""
    region = REGION_OF.get(hex_)
    place = LOCATION_LABELS[region] if region else "off the body"
    return f"{place} ({number(hex_[0])}, {number(hex_[1])})"


def thrown_impact(chosen: Hex, *, direction: int, aiming_die: int, bands: int) -> Hex:
    """Where a thrown grenade goes off: 6 hexes from the chosen point in the direction die's direction, pulled back
    by the Aiming die's points (never past the chosen point), then 3 hexes straight down per band past Optimum."""
    return step(step(chosen, direction, max(0, THROWN_DEVIATION - aiming_die)), DOWN, DOWN_PER_BAND * bands)


def zone_for(zone: int, radius: Fraction, metres: int) -> int:
    """The Blast Zone left for a character ``metres`` from the Impact Point: one hex less per whole Blast Radius
    increment (seed; D-SL-31), never below 0 (0: the blast does not reach him, D-SL-GR2)."""
    return max(0, zone - zone_lost(metres, radius))


@lru_cache(maxsize=4096)
def caught(impact: Hex, zone: int) -> tuple[str, ...]:
    """The locations with a hex within ``zone`` hexes of the Impact Point, in the body's order (a zone of 0 reaches
    none, D-SL-GR2)."""
    if zone <= 0:
        return ()
    return tuple(location for location, hexes in _BODY if any(distance(hex_, impact) <= zone for hex_ in hexes))


@lru_cache(maxsize=1024)
def zone_hexes(impact: Hex, zone: int) -> tuple[Hex, ...]:
    """The body's hexes inside the zone, for the diagram."""
    if zone <= 0:
        return ()
    return tuple(hex_ for _, hexes in _BODY for hex_ in hexes if distance(hex_, impact) <= zone)


def impacts(throw: Throw, sheets: Mapping[str, Sheet], states: Mapping[str, State],
            options: Options) -> tuple[dict[Hex | None, int], int]:
    """Where the grenade goes off on the target's diagram, each point's weight out of the total (None: a failed
    throw, no impact point)."""
    out: dict[Hex | None, int] = {}
    if throw.how != "thrown":
        for hexes in range(1, 7):
            for direction in range(1, 7):
                hex_ = step(throw.impact, direction, hexes)
                out[hex_] = out.get(hex_, 0) + 1
        return out, 36
    armed, thrower = sheets[throw.thrower], states[throw.thrower]
    _, weapon = throw.weapon_of(sheets)
    modifier = thrower.penalty + thrower.dazzled + throw.modifier
    bands = BAND_STEPS[band(throw.range, weapon.range) or "extreme"]
    skill = armed.rank(weapon.skill)
    for success in range(1, 7):
        for penetration in range(1, 7):
            for damage in range(1, 7):
                result = check(Dice(success, penetration, damage), skill, modifier=modifier, on=options.modifiers_on,
                               wounds=len(thrower.wounds))
                if not result.success:
                    out[None] = out.get(None, 0) + 6
                    continue
                for direction in range(1, 7):
                    hex_ = thrown_impact(throw.impact, direction=direction, aiming_die=result.success_die, bands=bands)
                    out[hex_] = out.get(hex_, 0) + 1
    return out, 216 * 6
