"""Defending in melee and against bullets (seed 002: Defensive Actions, Parries, Dodge, Dance of Death; D-SL-4,
D-SL-30): a dodge's and a parry's arithmetic, the free parries, and reading a Dodge action's inputs; the melee
resolver (:mod:`.melee`) rolls them.

>>> dodged(8, 10, kind="quick", ballet=True)
Dodged(attack_modifier=-10, lasts='phase', own_penalty=0)
>>> dodged(3, 3, kind="quick")
Dodged(attack_modifier=-3, lasts='phase', own_penalty=-4)
>>> parried(3, 4, 2), bare_handed(27), bare_handed(17)
(9, 13, 8)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ... import fields
from ...errors import BadField
from .options import Options
from .sheet import Sheet
from .wounds import State

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


# -- the Dodge action: dodging ahead of the attacks ------------------------------------------------------------

DODGE_KINDS = ("regular", "quick", "bullets")
DODGE_LABELS = {"regular": "Regular dodge (an action): attacks at him \u2212SD all round; he is at \u2212(7 \u2212 SD) "
                           "all round",
                "quick": "Quick dodge (an action): attacks at him \u2212SD this phase; \u2212(7 \u2212 SD) on his "
                         "next action",
                "bullets": "Dance or Ballet of Death (no action): shots at him \u2212SD this phase"}
MAX_DODGE_MODIFIER = 20


def dodge_modifier(sheet: Sheet, options: Options) -> int:
    """The armour's Dodge Modifier (seed, Dodge): the bulkiest armour's DM, + 1 for each further layer when the
    Layering Armour rule is on (seed, Layering Armour).  Decided here: without layering the armours are not worn
    over each other, so only the worst DM counts."""
    if not sheet.armour:
        return 0
    worst = max(entry.item.dodge for entry in sheet.armour)
    return worst + (len(sheet.armour) - 1 if options.layering == "on" else 0)


def read_dodge(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State],
               options: Options) -> dict[str, Any]:
    from .shoot_inputs import able
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    who = fields.combatant(inputs, "dodger", sheets, "dodger")
    sheet, state = sheets[who], states[who]
    kind = fields.choice(inputs, "kind", "kind", DODGE_KINDS, default="quick")
    if not sheet.rank("Dodge"):
        raise BadField(f"{sheet.name} has no Dodge skill on the sheet and cannot dodge; add Dodge to the skills",
                       field="dodger")
    if kind == "bullets" and sheet.dance == "none":
        raise BadField(f"{sheet.name} cannot dodge bullets: that needs the Dance or Ballet of Death advantage on the "
                       "sheet; dodge a blow instead (regular or quick)", field="kind")
    able(sheet, state, options, "dodger")
    if state.melee_aim:
        raise BadField(f"{sheet.name} is aiming: attacked, he can only half-dodge (in Melee)", field="dodger")
    out: dict[str, Any] = {"dodger": who, "kind": kind}
    modifier = fields.integer(inputs, "modifier", "modifier", -MAX_DODGE_MODIFIER, MAX_DODGE_MODIFIER, default=0)
    if modifier:
        out["modifier"] = modifier
    return out
