"""Aimed fire's arithmetic (seed 002, Projectile Combat, Hit Deviation, Range, Aiming, Missed Shots; RULES_NOTES 3.3):
the range band, the Hit Spread of a hit and of a miss, and the shots a semi-automatic weapon fires.

>>> band(50, 50), band(51, 50), band(400, 50), band(401, 50)
('optimum', 'medium', 'extreme', None)
>>> spread_modifier("wild", "extreme"), spread_modifier("snap", "long"), spread_modifier("wild", "optimum")
(22, 12, 3)
>>> missed_spread(5, 13, 11, "wild")
10
>>> semi_auto_shots(8, 5, 6), semi_auto_shots(8, 1, 6)
(3, 3)
"""

from __future__ import annotations

from typing import Any

from ..data import load

_DATA = load("sla")
RANGES: dict[str, dict[str, Any]] = {row["value"]: row for row in _DATA["ranges"]["rows"]}
SHOTS: dict[str, dict[str, Any]] = {row["value"]: row for row in _DATA["shots"]["rows"]}
MISS_SPREAD: dict[str, int] = _DATA["shots"]["miss"]


def band(distance: int, rng: int) -> str | None:
    """The range band a target at ``distance`` metres is in, for a weapon of optimum range ``rng``; None beyond
    Extreme (out of range)."""
    for value, row in RANGES.items():
        if distance <= rng * row["times"]:
            return value
    return None


def spread_modifier(shot: str, range_band: str) -> int:
    """The Hit Spread a shot type adds at a range band: at Optimum the shot's own (+3 Wild, +2 Snap or Rapid Fire),
    beyond it the band's +3/+6/+9 times the shot's multiplier, rounded down, in place of it (D-SL-12)."""
    row, at = SHOTS[shot], RANGES[range_band]
    if range_band == "optimum":
        return int(row["optimum"])
    numerator, denominator = row["times"]            # x2.5 is 5/2: multiplied first, then rounded down
    return int(at["spread"]) * int(numerator) // int(denominator)


def missed_spread(recoil: int, target: int, total: int, shot: str) -> int:
    """Where a missed shot lands (D-SL-24): the recoil, plus what the target number was missed by, plus 3 for a
    Wild or 2 for a Snap shot; no range term and no aiming die."""
    return max(0, recoil) + (target - total) + MISS_SPREAD[shot]


def semi_auto_shots(strength: int, recoil: int, dexterity: int, fired_this_round: int = 0) -> int:
    """Shots one action of semi-automatic fire may take (D-SL-6): STR \u2212 RCL, at least 1, within the round's
    allowance of DEX \u00f7 2 (rounded down)."""
    allowance = dexterity // 2 - fired_this_round
    return max(0, min(max(1, strength - recoil), allowance))


def aim_bonus(shot: str, aims: int, marksman: int) -> int:
    """Each aim past the first (which cancels the Wild shot) adds 1 to the Aiming die, up to the Marksman rank;
    aimed shots only (D-SL-25).

    >>> aim_bonus("aimed", 4, 2), aim_bonus("aimed", 1, 5), aim_bonus("snap", 0, 5)
    (2, 0, 0)
    """
    return min(max(0, aims - 1), marksman) if shot == "aimed" else 0


def hit_spread(recoil: int, *, shot: str, range_band: str, stance: bool = False, rest: bool = False,
               baffling: int = 0, bonus: int = 0, aiming_die: int = 0, accuracy: int = 0) -> int:
    """How far a hit deviates from the hex aimed at (seed, Hit Deviation, Range, Aiming; D-SL-17, D-SL-25).

    The recoil, less 1 for a firing stance, 1 more for a rest and the weapon's recoil baffling, floored at 0; plus
    the shot's spread at its range band; less the aim bonus (:func:`aim_bonus`), the Aiming die (the Success die
    with its crit) and the weapon's Accuracy Factor (a bonus narrows the spread, a penalty widens it); never below 0.

    >>> hit_spread(5, shot="aimed", range_band="optimum", stance=True, aiming_die=3)
    1
    >>> hit_spread(5, shot="wild", range_band="extreme", aiming_die=4)
    23
    >>> hit_spread(2, shot="aimed", range_band="medium", stance=True, rest=True, bonus=2, aiming_die=1)
    0
    """
    steadied = max(0, recoil - (1 if stance else 0) - (1 if rest else 0) - baffling)
    return max(0, steadied + spread_modifier(shot, range_band) - bonus - aiming_die - accuracy)
