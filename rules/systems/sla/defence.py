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

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ... import fields
from ...dice import DiceSource
from ...errors import BadField
from ...report import Report, Step, signed
from .options import Options
from .sheet import Sheet
from .wounds import State, acted

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
    from .shooting import able
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


def dodge(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
          dice: DiceSource) -> tuple[dict[str, State], Report]:
    """A dodge rolled before the attacks come (seed, Dodge; Dance of Death; D-SL-4): Dodge rank less the armour's
    DM, his own price from an earlier dodge and open wounds.  A regular or quick dodge spends an action; Dance or
    Ballet of Death dodges bullets at no action.  On a success its Success die value comes off every attack at him
    while it lasts."""
    from .rolls import ROLES, three
    from .melee import _roll_words, judge
    who, kind = inputs["dodger"], inputs["kind"]
    sheet, state = sheets[who], states[who]
    modifiers: list[tuple[str, int]] = []
    if state.penalty:
        modifiers.append((f"{sheet.name}'s own dodge", state.penalty))
    if state.dazzled:                               # a flash-bang (D-SL-GR7): his own actions
        modifiers.append((f"{sheet.name} dazzled", state.dazzled))
    if inputs.get("modifier"):
        modifiers.append(("the GM's", inputs["modifier"]))
    dm = dodge_modifier(sheet, options)
    rank = sheet.rank("Dodge") - dm
    what = "Dodge" + (f" ({sheet.rank('Dodge')} less DM {dm})" if dm else "")
    art = {"dance": "Dance of Death", "ballet": "Ballet of Death"}.get(sheet.dance, "")
    rolled = three(dice, "dodge", f"{sheet.name} dodges" + (f" ({art})" if kind == "bullets" else "")
                   + f": roll the three dice, {what} {rank}")
    result = judge(rolled, rank, modifier=sum(value for _, value in modifiers), on=options.modifiers_on,
                   wounds=len(state.wounds))
    steps = [Step(_roll_words(result, rank, what, tuple(modifiers), options.modifiers_on, len(state.wounds)),
                  "seed, Dodge; Dance of Death; D-SL-1, D-SL-3", (rolled.success, rolled.penetration, rolled.damage),
                  "dodge", names=ROLES)]
    if kind != "bullets":
        state = acted(state)
    title = f"{sheet.name} dodges"
    after = dict(states)
    if not result.success:
        steps.append(Step("The dodge fails: nothing changes" + ("" if kind == "bullets" else "; the action is spent"),
                          "seed, Dodge"))
        after[who] = state
        return after, Report(title, tuple(steps), "Dodge failed")
    found = dodged(rolled.success, result.success_die, kind="regular" if kind == "regular" else "quick",
                   ballet=sheet.dance == "ballet")
    against = "shots" if kind == "bullets" else "shots and blows" if sheet.dance != "none" else "blows"
    lasts = "this round" if found.lasts == WHOLE_ROUND else "this phase"
    price = ("no price on his own actions (Ballet of Death)" if sheet.dance == "ballet" else
             f"{sheet.name} is at {signed(found.own_penalty)} on " + ("all his actions this round" if kind == "regular"
                                                              else "his next action")) if found.own_penalty or \
        sheet.dance == "ballet" else "no price on his own actions (a Success die of 7 or more)"
    steps.append(Step(f"{against.capitalize()} at {sheet.name} are at {signed(found.attack_modifier)} {lasts}; {price}",
                      "seed, Dodge; Dance of Death; D-SL-4"))
    after[who] = replace(state, dodge=found.attack_modifier, dodge_lasts=found.lasts,
                         dodge_bullets=sheet.dance != "none", dodge_blows=kind != "bullets",
                         penalty=found.own_penalty,
                         penalty_lasts="round" if kind == "regular" else "next" if found.own_penalty else "")
    return after, Report(title, tuple(steps), f"Dodged: attacks {signed(found.attack_modifier)} {lasts}")
