"""The defence a blow meets (seed 002: Defensive Actions, Parries, Dodge, Dance of Death; D-SL-4, D-SL-30): its
numbers before its dice, what the defender's state becomes after it, and a whip's parry lashing back.

A dodge is the Dodge rank (halved for a half-dodge while aiming) less the armour's DM; its Success die value comes
off the attack.  A parry is the parrying weapon's skill (or Unarmed Combat or Martial Arts bare-handed, its total or
its reduction halved, D-SL-30); it takes its Success die, the weapon's DAM and the Strength bonus off the blow's
damage.  A harder attack raises the defender's target number.  The arithmetic of a dodge and a parry is in
:mod:`.defence`; the resolver (:mod:`.melee`) and the odds (:mod:`.melee_odds`) roll them through :func:`guard`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ...keys import cached_hash
from ...report import Step, signed
from .body import strength_bonus
from .defence import dodge_modifier, dodged
from .strike import impact
from .melee_attack import Reduced
from .melee_inputs import DODGES, PARRIES, Melee
from .options import Options
from .resolution import Check, Dice
from .sheet import LOCATION_LABELS, Sheet
from .wounds import State, acted, news, open_wound, take, wear



@dataclass(frozen=True)
class Guard:
    """The defence's numbers before its dice: the skill rolled, the modifiers (a dodge's armour DM on the roll, the
    harder attack on the target number), and for a parry what it takes off the blow."""

    __hash__ = cached_hash

    kind: str                   # one of DEFENCES
    skill_name: str
    skill: int                  # half the Dodge rank for a half-dodge; less the armour's DM for a dodge
    modifiers: tuple[tuple[str, int], ...]
    on: str
    wounds: int
    harder: int
    halve: bool                 # a bare-handed parry's total halved (D-SL-30)
    halve_reduction: bool       # the option: its reduction halved instead
    stops: int                  # a parry's reduction before its Success die: weapon DAM (+ Strength bonus)
    stop_words: str
    whip: bool                  # a whip's parry strikes back at the weapon arm
    counter_pen: int
    counter_dam: int


def guard(melee: Melee, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> Guard:
    defender, state = sheets[melee.target], states[melee.target]
    modifiers: list[tuple[str, int]] = []
    if state.penalty:
        modifiers.append((f"{defender.name}'s own dodge", state.penalty))
    if state.dazzled:                               # a flash-bang (D-SL-GR7): his own actions
        modifiers.append((f"{defender.name} dazzled", state.dazzled))
    if melee.defence_modifier:
        modifiers.append(("the GM's", melee.defence_modifier))
    wounds = len(state.wounds)
    bonus = strength_bonus(defender.stat("str"))
    if melee.defence in DODGES:
        rank = defender.rank("Dodge")
        rank = rank // 2 if melee.defence == "half_dodge" else rank
        modifier = dodge_modifier(defender, options)
        return Guard(melee.defence, "Dodge" + (" (half)" if melee.defence == "half_dodge" else "")
                     + (f" ({rank} less DM {modifier})" if modifier else ""), rank - modifier, tuple(modifiers),
                     options.modifiers_on, wounds, melee.harder, False, False, 0, "", False, 0, 0)
    if melee.defence in PARRIES:
        if melee.parry_with == "bare":
            rank = max(defender.rank("Unarmed Combat"), defender.rank("Martial Arts"))
            halve = options.bare_parry == "total"
            return Guard(melee.defence, "bare-handed parry", rank, tuple(modifiers), options.modifiers_on, wounds,
                         melee.harder, halve, not halve, bonus, f"Strength bonus {bonus}", False, 0, 0)
        entry = defender.weapons[melee.parry_weapon]
        weapon = entry.weapon
        if weapon.whip is not None:
            modifiers.insert(0, ("parrying with a whip", weapon.whip))
            return Guard(melee.defence, f"{weapon.skill} ({entry.name})", defender.rank(weapon.skill),
                         tuple(modifiers), options.modifiers_on, wounds, melee.harder, False, False, weapon.dam,
                         f"{entry.name}'s DAM {weapon.dam}", True, weapon.pen, weapon.dam + bonus)
        return Guard(melee.defence, f"{weapon.skill} ({entry.name})", defender.rank(weapon.skill), tuple(modifiers),
                     options.modifiers_on, wounds, melee.harder, False, False, weapon.dam + bonus,
                     f"{entry.name}'s DAM {weapon.dam} + Strength bonus {bonus}", False, 0, 0)
    return Guard("none", "", 0, (), options.modifiers_on, 0, 0, False, False, 0, "", False, 0, 0)


def defended(sheet: Sheet, state: State, kind: str, result: Check, steps: list[Step]) -> State:
    """The defender's state after his defence: a free parry counted, an action spent, a dodge in force and its
    price on his own actions (D-SL-4)."""
    if kind == "parry":
        return replace(state, parries=state.parries + 1)
    if kind == "half_dodge":
        return state
    state = acted(state)
    if kind == "parry_action" or not result.success:
        return state
    dodge = dodged(result.dice.success, result.success_die, kind="regular" if kind == "dodge" else "quick",
                   ballet=sheet.dance == "ballet")
    steps.append(Step(f"{sheet.name}'s dodge counts {signed(dodge.attack_modifier)} on every attack at him this "
                      + ("round" if dodge.lasts == "round" else "phase")
                      + (f"; {sheet.name} is at {signed(dodge.own_penalty)} on "
                         + ("all his actions this round" if kind == "dodge" else "his next action")
                         if dodge.own_penalty else "; no price on his own actions (Ballet of Death)"),
                      "seed, Dodge; Dance of Death; D-SL-4"))
    return replace(state, dodge=dodge.attack_modifier, dodge_lasts=dodge.lasts, dodge_bullets=sheet.dance != "none",
                   dodge_blows=True,
                   penalty=dodge.own_penalty, penalty_lasts="round" if kind == "dodge" else "next")


def whip_back(armed: Sheet, state: State, melee: Melee, guarded: Guard, rolled: Dice,
              options: Options) -> tuple[State, list[Step]]:
    """A whip's successful parry lashes the attacker's weapon arm for normal damage with the parry's Penetration
    and Damage dice (seed, Parries).  Decided here: the lash is damage and a wound only; its knockback is not
    rolled."""
    location = "left_arm" if melee.off_hand else "right_arm"
    found = impact(armed, state, location, Reduced(guarded.counter_pen, guarded.counter_dam, None),
                   rolled.penetration, rolled.damage, options, melee=True)
    place = LOCATION_LABELS[location]
    before = state
    words = (f"The whip lashes {armed.name}'s {place}: Penetration die {rolled.penetration} + PEN "
             f"{guarded.counter_pen} against PV {found.cover.pv}, Damage die {rolled.damage} + DAM "
             f"{guarded.counter_dam}: ")
    bruises = guarded.counter_pen <= 0
    if not found.damage:
        return state, [Step(words + "no harm", "seed, Parries; D-SL-7")]
    if bruises:
        state = replace(state, bruising=state.bruising + found.damage)
        words += f"{found.damage} bruising"
    else:
        state = take(state, location, found.damage)
        words += f"{found.damage} damage to Incap and the {place}"
        for layer in found.cover.wearing if found.hit.penetrates else ():
            state = wear(state, layer.index, location, found.hit.worn)
        if found.wound:
            state = open_wound(state, location)
            words += "; a wound opens"
    steps = [Step(words, "seed, Parries")]
    steps += [Step(line, "seed, Damage; Applying Damage") for line in news(armed, before, state, options)]
    return state, steps
