"""Hand-to-hand combat (seed 002: Hand-to-Hand, Attacks, Aim, Defensive Actions, Parries, Dodge, Martial Arts,
Two-Handed Combat, Applying Damage, Bruising Damage; D-SL-4, D-SL-7, D-SL-13, D-SL-30): one blow and the defence it
meets, as one action, and a dodge rolled before the attacks come.

An attack is 3d6 + the weapon's skill against 13; its crit adds to the Aiming (Success) die.  A blow that hits may be
dodged (the dodge's Success die value comes off the attack, which may then miss) or parried (the parry's Success die,
the parrying weapon's DAM and the Strength bonus come off the blow's damage; what is left deviates by the weapon's
Handling Factor plus the parry's Success die, less the Aiming die and the aims, and the defender may turn its
direction one step).  Damage is the weapon's DAM + the Strength bonus + the Damage die; it must beat the PV (D-SL-7).
Fists and blunt weapons bruise; Martial Arts marks the location too, lethal or bruising as the attacker chooses.

The action is read by :mod:`.melee_inputs`.  The resolver (:func:`resolve`) and the odds (:mod:`.melee_odds`) read a
blow through the same pieces: :func:`.melee_attack.blow`, :func:`.melee_defence.guard`, :func:`.melee_attack.judge`,
:func:`.melee_attack.deviation` and :func:`.melee_attack.turned`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...dice import DiceSource
from ...hexes import DIRECTION_NAMES
from ...report import Report, Step, number, signed
from .defence import WHOLE_ROUND, dodge_modifier, dodged
from .diagram import REGION_OF, land
from .hit import hex_words
from .strike import strike
from .melee_attack import Reduced, blow, deviation, judge, lowered, roll_words, turned
from .melee_defence import defended, guard, whip_back
from .melee_inputs import DEFENCE_WORDS, DODGES, PARRIES, Melee
from .options import Options
from .resolution import Dice
from .rolls import ROLES, three
from .sheet import LOCATION_LABELS, Sheet
from .wounds import Mark, State, acted

ATTACK_DIE = "attack"
DEFENCE_DIE = "defence"
DIRECTION_DIE = "direction"


def _faces(rolled: Dice) -> tuple[int, int, int]:
    return rolled.success, rolled.penetration, rolled.damage


def resolve(melee: Melee, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
            dice: DiceSource) -> tuple[dict[str, State], Report]:
    armed, defender = sheets[melee.attacker], sheets[melee.target]
    after = dict(states)
    if melee.spend == "aim":
        aims = states[melee.attacker].melee_aim + 1
        after[melee.attacker] = replace(acted(states[melee.attacker]), melee_aim=aims)
        return after, Report(f"{armed.name} aims at {defender.name}", (Step(
            f"{armed.name} spends the action aiming: +{aims} to the Aiming die of his next blow, against the weapon's "
            f"handling only; attacked meanwhile he cannot parry and can only half-dodge", "seed, Aim"),), "Aiming")
    plan_ = blow(melee, sheets, states, options)
    title = f"{armed.name} attacks {defender.name} with {plan_.name}"
    steps: list[Step] = []
    if plan_.modifiers:
        steps.append(Step("Modifiers: " + ", ".join(f"{name} {signed(value)}" for name, value in plan_.modifiers)
                          + f" = {signed(plan_.modifier)}, on the "
                          + ("target number" if plan_.on == "target" else "roll")
                          + (" (the harder attack always on the defender's target number too)" if melee.harder
                             else ""), "seed, Attacks; Two-Handed Combat; D-SL-2"))
    rolled = three(dice, ATTACK_DIE, f"{armed.name} strikes at {defender.name}'s {hex_words(melee.aim)}: roll the "
                   f"three dice, {plan_.skill_name} {plan_.skill} against 13")
    attack = judge(rolled, plan_.skill, modifier=plan_.modifier, on=plan_.on, wounds=plan_.wounds)
    skill_words = plan_.skill_name + (" (half, two weapons)" if melee.two_weapons else "") + (
        " (split)" if melee.split else "")
    steps.append(Step(roll_words(attack, plan_.skill, skill_words, plan_.modifiers, plan_.on, plan_.wounds),
                      "seed, Attacks; D-SL-1, D-SL-3", _faces(rolled), ATTACK_DIE, names=ROLES))
    after[melee.attacker] = replace(acted(states[melee.attacker]), melee_aim=0)
    aimed = Mark("aim", melee.aim, f"Aimed at {hex_words(melee.aim)}")
    target_state = states[melee.target]
    if not attack.success:
        after[melee.target] = replace(target_state, marks=(aimed, Mark("miss", melee.aim, "Missed")))
        return after, Report(title, tuple(steps), "Miss")
    guarded = guard(melee, sheets, states, options)
    parried = 0
    reduction = 0
    counter: tuple[Dice, int] | None = None
    if guarded.kind != "none":
        defence_dice = three(dice, DEFENCE_DIE, f"{defender.name} answers with {DEFENCE_WORDS[guarded.kind]}: roll "
                             f"the three dice, {guarded.skill_name} {guarded.skill}")
        defending = judge(defence_dice, guarded.skill, modifier=sum(value for _, value in guarded.modifiers),
                          on=guarded.on, wounds=guarded.wounds, harder=guarded.harder, halve=guarded.halve)
        modifiers = guarded.modifiers + ((("the harder attack", -guarded.harder),) if guarded.harder else ())
        steps.append(Step(roll_words(defending, guarded.skill, guarded.skill_name, modifiers, guarded.on,
                                      guarded.wounds, guarded.halve),
                          "seed, Defensive Actions; Parries; Dodge; D-SL-30" if guarded.kind in PARRIES
                          else "seed, Dodge; Aim; D-SL-4", _faces(defence_dice), DEFENCE_DIE, names=ROLES))
        target_state = defended(defender, target_state, guarded.kind, defending, steps)
        if guarded.kind in DODGES and defending.success:
            attack = lowered(attack, defending.success_die)
            steps.append(Step(f"The dodge takes {defending.success_die} off the attack: {attack.total} against "
                              f"{attack.target}: " + ("it still hits" if attack.success else "dodged"),
                              "seed, Dodge"))
            if not attack.success:
                after[melee.target] = replace(target_state, marks=(aimed, Mark("miss", melee.aim, "Dodged")))
                return after, Report(title, tuple(steps), "Dodged")
        if guarded.kind in PARRIES and defending.success:
            parried = defending.success_die
            reduction = guarded.stops + parried
            if guarded.halve_reduction:
                reduction //= 2
            steps.append(Step(f"The parry takes {reduction} off the blow's damage: Success die {parried} + "
                              f"{guarded.stop_words}" + (", halved (bare hands)" if guarded.halve_reduction else ""),
                              "seed, Parries; D-SL-30"))
            if guarded.whip:
                counter = (defence_dice, guarded.counter_dam)
    if counter is not None:
        after[melee.attacker], more = whip_back(armed, after[melee.attacker], melee, guarded, counter[0], options)
        steps += more
    total = rolled.damage + plan_.dam - reduction
    if reduction and total <= 0:
        steps.append(Step(f"Damage die {rolled.damage} + {plan_.dam_words} \u2212 {reduction} parried = "
                          f"{number(total)}: the blow is turned aside and does no harm", "seed, Parries"))
        after[melee.target] = replace(target_state, marks=(aimed, Mark("miss", melee.aim, "Parried")))
        return after, Report(title, tuple(steps), "Parried")
    distance = deviation(plan_.handling, aims=plan_.aims, parried=parried, aiming_die=attack.success_die)
    steps.append(Step(f"The blow deviates {distance} hex{'es' if distance != 1 else ''}: Handling Factor "
                      f"{plan_.handling}" + (f" \u2212 {min(plan_.aims, plan_.handling)} for the aims" if plan_.aims
                                             else "")
                      + (f" + {parried} for the parry" if parried else "")
                      + f" \u2212 {attack.success_die} on the Aiming die, never below 0",
                      "seed, Attacks; Aim; Parries"))
    landed = melee.aim
    if distance:
        direction = int(dice.roll(DIRECTION_DIE, "d6", 1, names=("Direction die",),
                                  why=f"The blow deviates {distance} hex{'es' if distance != 1 else ''}: roll the "
                                      "direction die (1 upper-right, clockwise to 6 up)")[0])
        steps.append(Step(f"Direction die {direction}: {DIRECTION_NAMES[direction]}", "RULES_NOTES 3.3 Hit Deviation "
                          "Diagram; D-SL-23", (direction,), DIRECTION_DIE, names=("Direction die",)))
        if parried:
            way = turned(melee.aim, distance, direction, melee.push)
            if way != direction:
                steps.append(Step(f"{defender.name}'s parry turns it one step: {DIRECTION_NAMES[way]}",
                                  "seed, Parries; D-SL-18"))
            direction = way
        landed, _ = land(melee.aim, distance, direction)
    region = REGION_OF.get(landed)
    if region is None:
        steps.append(Step(f"It lands {hex_words(landed)}: a miss", "D-SL-23"))
        after[melee.target] = replace(target_state, marks=(aimed, Mark("miss", landed, "Missed: off the body",
                                                                        melee.aim)))
        return after, Report(title, tuple(steps), "Miss")
    steps.append(Step(f"It lands on the {hex_words(landed)}", "D-SL-23"))
    dam = plan_.dam - reduction
    steps.append(Step(f"The blow's DAM: {plan_.dam_words}" + (f" \u2212 {reduction} parried" if reduction else "")
                      + f" = {number(dam)}; PEN {number(plan_.pen)}"
                      + ({"track": ": it bruises (no wound, no bleeding)",
                          "both": ": Martial Arts bruising, marked on the location too"}.get(plan_.bruising, "")),
                      "seed, Attacks; Martial Arts; Bruising Damage; D-SL-7"))
    state, more, outcome = strike(defender, target_state, region, Reduced(plan_.pen, dam, plan_.armour_damage),
                                  rolled, options, dice, melee=True, bruising=plan_.bruising)
    after[melee.target] = replace(state, marks=(aimed, Mark("hit", landed, f"Hit: {LOCATION_LABELS[region]}",
                                                            melee.aim)))
    return after, Report(title, tuple(steps + more), outcome)


def dodge(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
          dice: DiceSource) -> tuple[dict[str, State], Report]:
    """A dodge rolled before the attacks come (seed, Dodge; Dance of Death; D-SL-4): Dodge rank less the armour's
    DM, his own price from an earlier dodge and open wounds.  A regular or quick dodge spends an action; Dance or
    Ballet of Death dodges bullets at no action.  On a success its Success die value comes off every attack at him
    while it lasts."""
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
    steps = [Step(roll_words(result, rank, what, tuple(modifiers), options.modifiers_on, len(state.wounds)),
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
