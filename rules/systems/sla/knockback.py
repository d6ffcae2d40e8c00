"""Knockback and knockdown (seed 002, Knockback; D-SL-26, D-SL-36, D-SL-39): the PHYS rolls a hit's damage calls
for, each named apart when one action hits more than once (:class:`Which`).  A shot and a melee blow (through
:func:`.strike.strike`), a hit on several locations (:func:`.hit.land_hit`) and a grenade's blast
(:mod:`.grenade_blast`) all knock back through it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...dice import DiceSource
from ...report import Step, signed
from .body import knockback
from .rolls import test
from .sheet import Sheet
from .wounds import State, dead


@dataclass(frozen=True)
class Which:
    """A hit's place in an action that hits more than once: "Shot" 2 of a semi-auto volley, "Bullet" 3 of a burst."""

    word: str
    number: int


def roll_name(dice: DiceSource, name: str, which: Which | None) -> str:
    """The name of a roll each hit makes for itself (D-SL-39: "These must be rolled individually"): the action's
    first keeps the plain name, as every log of a single hit has it; a later one is named by its shot or bullet
    number ("knockback 3" for bullet 3), so dice on demand asks for each in turn and the log shows them apart."""
    return name if which is None or name not in dice.record else f"{name} {which.number}"


def said(which: Which | None) -> str:
    return "" if which is None else f"{which.word} {which.number}: "


def knock(sheet: Sheet, state: State, damage: int, dice: DiceSource, suffix: str = "", *, which: Which | None = None,
          standing: bool = True) -> tuple[State, list[Step]]:
    """Knockback and knockdown (seed, Knockback; D-SL-26): damage over PHYS calls for a PHYS roll to stay standing;
    over twice PHYS knocks down, with a PHYS roll to stay conscious.  ``suffix`` tells the rolls apart when one
    action knocks several characters back (a grenade's " 2"); ``which`` when one action hits several times
    (:func:`roll_name`, D-SL-39).  A target already down (``standing`` False) makes no plain knockback roll, but a
    hit over twice PHYS still asks the roll to stay conscious (D-SL-36); one already knocked out rolls nothing."""
    phys = sheet.stat("phys")
    kind, penalty = knockback(damage, phys)
    if kind == "none" or dead(sheet, state) or (not standing and (kind == "roll" or state.knocked_out)):
        return state, []
    wounds = len(state.wounds)
    if kind == "down":
        result, step = test(dice, roll_name(dice, "conscious", which) + suffix, f"{said(which)}{damage} damage is "
                            f"more than twice {sheet.name}'s PHYS: knocked down; roll 3d6 for a PHYS test to stay "
                            "conscious", phys, "PHYS", "seed, Knockback", wounds=wounds)
        step = replace(step, text=said(which) + step.text)
        state = replace(state, position="down")
        if result.success:
            return replace(state, lost_phases=3), [step, Step(
                f"{sheet.name} is down (+3 to hit him) and loses a full round (3 phases) of actions",
                "seed, Knockback")]
        return replace(state, knocked_out=True), [step, Step(f"{sheet.name} is knocked out", "seed, Knockback")]
    result, step = test(dice, roll_name(dice, "knockback", which) + suffix, f"{said(which)}{damage} damage is more "
                        f"than {sheet.name}'s PHYS {phys}: roll 3d6 for a PHYS test at {signed(-penalty)} to stay "
                        "standing", phys, "PHYS", "seed, Knockback", modifier=-penalty, on="roll", wounds=wounds)
    step = replace(step, text=said(which) + step.text)
    if result.success:
        slowed = state.slowed or "phase"
        return replace(state, slowed=slowed), [step, Step(
            f"{sheet.name} staggers: Initiative Total 0 for the rest of this phase", "seed, Knockback")]
    return replace(state, position="down", slowed="round", lost_actions=state.lost_actions + 1), [step, Step(
        f"{sheet.name} is knocked down (+3 to hit him), acts last for the rest of the round (Initiative Total 0) and "
        "loses his next action", "seed, Knockback")]
