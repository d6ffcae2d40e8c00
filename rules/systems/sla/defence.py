"""Defending in melee and against bullets (seed 002: Defensive Actions, Parries, Dodge, Dance of Death; D-SL-4,
D-SL-30): groundwork for part 2 (issue 26), pure arithmetic the melee resolver will read.

>>> dodged(8, 10, kind="quick", ballet=True)
Dodged(attack_modifier=-10, lasts='phase', own_penalty=0)
>>> dodged(3, 3, kind="quick")
Dodged(attack_modifier=-3, lasts='phase', own_penalty=-4)
>>> parried(3, 4, 2), bare_handed(27), bare_handed(17)
(9, 13, 8)
"""

from __future__ import annotations

from dataclasses import dataclass

DODGES = ("regular", "quick")
WHOLE_ROUND = "round"
ONE_PHASE = "phase"


@dataclass(frozen=True)
class Dodged:
    attack_modifier: int        # on every attack at the dodger while it lasts: minus the Success die's value
    lasts: str                  # "round" (a regular dodge) or "phase" (a quick dodge, or Dance of Death)
    own_penalty: int            # on the dodger's own actions: -(7 - the raw Success die), none with Ballet of Death


def dodged(raw_success_die: int, success_value: int, *, kind: str, ballet: bool = False) -> Dodged:
    """A successful dodge (seed, Dodge; D-SL-4): attacks on the dodger are at minus the Success die's value (its
    crit counted); the dodger's own penalty is 7 less the raw die (never a bonus), waived by Ballet of Death.  A
    regular dodge lasts the round and burdens all his actions; a quick one (and Dance of Death) lasts the phase and
    burdens his next action."""
    if kind not in DODGES:
        raise ValueError(f"a dodge is regular or quick, not {kind!r}")
    own = 0 if ballet else -max(0, 7 - raw_success_die)
    return Dodged(-success_value, WHOLE_ROUND if kind == "regular" else ONE_PHASE, own)


def parried(success_value: int, weapon_damage: int, strength_bonus: int) -> int:
    """How much a successful parry takes off the attack's damage (seed, Parries): the Success die's value (its crit
    counted) plus the parrying weapon's DAM and the Strength bonus."""
    return success_value + weapon_damage + strength_bonus


def bare_handed(total: int) -> int:
    """A parry's total when an unarmoured hand meets a weapon: halved, rounded down (D-SL-30); the halved total is
    what must reach 13, and what counts for a crit."""
    return total // 2


def free_parries(actions: int) -> int:
    """Parries a round without spending an action: the actions halved, rounded down (D-SL-13)."""
    return actions // 2
