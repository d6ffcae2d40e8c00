"""The SLA 3d resolution (seed 002, RULES_NOTES 3.3 and 3.5): 3d6 + skill against 13 (a stat against 16), read as
three named dice (D-SL-3): the Success die (also the Aiming die), the Penetration die and the Damage die.

A critical success adds the points over 18 (over 21 for a stat) to the Success die (D-SL-1), only on a success
(D-SL-20).  A modifier goes on the target number (the default: it leaves the crit odds alone) or on the roll, where a
penalty also makes a crit harder (D-SL-2); wound penalties always go on the roll (D-SL-21).

>>> check(Dice(3, 4, 3), 4).total, check(Dice(3, 4, 3), 4).success
(14, True)
>>> check(Dice(3, 4, 3), 4, modifier=-3).success
False
>>> result = check(Dice(2, 5, 6), 7, modifier=-3)
>>> result.total, result.target, result.success, result.crit, result.success_die
(20, 16, True, 2, 4)
>>> check(Dice(6, 6, 5), 6, target=STAT_TARGET).crit
2
>>> result = check(Dice(2, 5, 6), 7, modifier=-3, on="roll")
>>> result.total, result.success, result.crit, result.success_die
(17, True, 0, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

SKILL_TARGET = 13
STAT_TARGET = 16
CRIT_OVER_TARGET = 5                # 13 -> 18, 16 -> 21 (D-SL-1, D-SL-19)
PLACEMENTS = ("target", "roll")


@dataclass(frozen=True)
class Dice:
    """The three dice of an SLA roll, by role, never by the order they were read in (D-SL-3)."""

    success: int
    penetration: int
    damage: int

    @property
    def total(self) -> int:
        return self.success + self.penetration + self.damage


@dataclass(frozen=True)
class Check:
    dice: Dice
    total: int              # dice + skill (+ a modifier on the roll)
    target: int             # 13 or 16 (+ a modifier on the target number)
    success: bool
    crit: int               # points over the crit threshold, added to the Success die on a success
    success_die: int        # the Success die's value: its face plus the crit


def check(dice: Dice, skill: int, *, target: int = SKILL_TARGET, modifier: int = 0, on: str = "target",
          wounds: int = 0) -> Check:
    """A roll against a target number: ``modifier`` (positive helps) on the target number or on the roll, and
    ``wounds`` open wounds, each \u22121 on the roll (D-SL-21)."""
    if on not in PLACEMENTS:
        raise ValueError(f"a modifier goes on the target or the roll, not {on!r}")
    total = dice.total + skill - wounds + (modifier if on == "roll" else 0)
    needed = target - (modifier if on == "target" else 0)
    success = total >= needed
    # The crit threshold is the unmodified target's: a target-number modifier leaves the crit odds alone (D-SL-2).
    crit = max(0, total - (target + CRIT_OVER_TARGET)) if success else 0
    return Check(dice, total, needed, success, crit, dice.success + crit)
