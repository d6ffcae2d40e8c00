"""What happens between hits: the checks the wound effects call for, the end of a turn, and healing.

The lost effects list names knockdown and stun checks, consciousness checks and death checks; the text
does not say how they are rolled, so they are GURPS success rolls against HT (3d6 at or under HT plus
any modifier; 3 or 4 always succeeds, 17 or 18 always fails).  Shock lasts one turn, so the end of a turn
clears it (seed: "Shock penalties last for one turn").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ... import fields
from ...dice import DiceSource
from ...errors import BadField
from ...odds import dice
from ...report import Report, Step, plural
from .options import Options
from .sheet import Sheet
from .wounds import State, effect_at, held_text

CHECKS = {"death": "Death check", "consciousness": "Consciousness check", "knockdown": "Knockdown and stun check",
          "recover": "Recovery from stun or unconsciousness"}
MAX_MODIFIER = 10
ALWAYS = (3, 4)                 # a success roll of 3 or 4 always succeeds
NEVER = (17, 18)                # and 17 or 18 always fails
HEAL_WHICH = ("worst", "level", "all")


def succeeds(total: int, target: int) -> bool:
    return total in ALWAYS or (total not in NEVER and total <= target)


def check_chance(target: int) -> Fraction:
    """The chance a 3d6 success roll against ``target`` succeeds."""
    return dice(3).probability_where(lambda total: succeeds(total, target))


def read_check(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State]) -> dict[str, Any]:
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    who = fields.combatant(inputs, "target", sheets, "one who checks")
    check = fields.choice(inputs, "check", "check", tuple(CHECKS), default="death")
    modifier = fields.integer(inputs, "modifier", "modifier", -MAX_MODIFIER, MAX_MODIFIER, default=0)
    sheet, state = sheets[who], states[who]
    if sheet.kind != "character":
        raise BadField(f"{sheet.name} is an object and makes no checks", field="target")
    if state.dead:
        raise BadField(f"{sheet.name} is dead", field="target")
    if check == "death" and not state.death_checks:
        raise BadField(f"{sheet.name} has no death check due", field="check")
    if check == "recover" and not (state.stunned or state.unconscious):
        raise BadField(f"{sheet.name} is neither stunned nor unconscious", field="check")
    return {"target": who, "check": check, "modifier": modifier}


def check_target(chosen: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State]) -> tuple[int, str]:
    """The number to roll under, and what it is made of."""
    sheet, state = sheets[chosen["target"]], states[chosen["target"]]
    modifier = chosen["modifier"]
    target = sheet.ht + modifier
    words = f"HT {sheet.ht}" + (f" {modifier:+d}".replace("-", "\u2212") if modifier else "")
    if state.shock and chosen["check"] != "death":
        words += f" (shock \u2212{state.shock} is the referee's to apply as a modifier)"
    return target, words


def check(inputs: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
          dice_source: DiceSource) -> tuple[dict[str, State], Report]:
    sheet, state = sheets[inputs["target"]], states[inputs["target"]]
    kind = inputs["check"]
    target, words = check_target(inputs, sheets, states)
    faces = dice_source.roll("check", "d6", 3, f"{CHECKS[kind]} for {sheet.name}: roll 3d6, {target} or less")
    total = sum(int(face) for face in faces)
    made = succeeds(total, target)
    why = " (3 or 4 always succeeds)" if total in ALWAYS and total > target else \
        " (17 or 18 always fails)" if total in NEVER and total <= target else ""
    steps = [Step(f"{CHECKS[kind]}: 3d6 rolled {total} against {words}: {'success' if made else 'failure'}{why}.",
                  "GURPS success roll", faces, "check")]
    new = state
    if kind == "death":
        if made:
            new = replace(state, death_checks=state.death_checks - 1)
            steps.append(Step(f"{sheet.name} survives it; {plural(new.death_checks, 'death check')} still due.",
                              "Cumulative Damage"))
        else:
            new = replace(state, dead=True, death_checks=0)
            steps.append(Step(f"{sheet.name} dies.", "Cumulative Damage"))
    elif kind == "consciousness" and not made:
        new = replace(state, unconscious=True)
        steps.append(Step(f"{sheet.name} falls unconscious.", "D-KY-14"))
    elif kind == "knockdown" and not made:
        new = replace(state, stunned=True)
        steps.append(Step(f"{sheet.name} is knocked down and stunned.", "D-KY-14"))
    elif kind == "recover" and made:
        new = replace(state, stunned=False, unconscious=False)
        steps.append(Step(f"{sheet.name} recovers and can act again.", "D-KY-14"))
    outcome = f"{CHECKS[kind]}: {'made' if made else 'failed'}"
    return ({inputs["target"]: new} if new != state else {}), Report(f"{sheet.name}: {CHECKS[kind].lower()}",
                                                                    tuple(steps), outcome)


def check_odds(inputs: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State]) -> tuple[Fraction, str]:
    target, words = check_target(inputs, sheets, states)
    return check_chance(target), f"{CHECKS[inputs['check']]}: 3d6 against {words}"


# -- the end of a turn ----------------------------------------------------------------------------------

def read_turn(inputs: Any, sheets: Mapping[str, Sheet]) -> dict[str, Any]:
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    who = inputs.get("target") or ""
    if who:
        who = fields.combatant(inputs, "target", sheets, "one whose turn ends")
    if not sheets:
        raise BadField("there is nobody in the encounter yet", field="target")
    return {"target": who}


def turn(inputs: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
         dice_source: DiceSource) -> tuple[dict[str, State], Report]:
    """The end of a turn: shock wears off; the checks each one's worst wound calls for are named."""
    who = [inputs["target"]] if inputs["target"] else list(sheets)
    changed: dict[str, State] = {}
    steps = []
    for combatant in who:
        after, said = turn_ends(sheets[combatant], states[combatant], options)
        if after is not states[combatant]:
            changed[combatant] = after
        steps += said
    title = f"End of {sheets[who[0]].name}'s turn" if inputs["target"] else "End of the turn"
    return changed, Report(title, tuple(steps) or (Step("Nothing wears off.", "Damage Resolution"),),
                           f"Shock cleared for {plural(len(changed), 'combatant')}" if changed else "Nothing changes")


def turn_ends(sheet: Sheet, state: State, options: Options) -> tuple[State, list[Step]]:
    """One combatant's turn ends: his shock wears off, and the checks his worst wound calls for are named."""
    steps = []
    if state.shock:
        steps.append(Step(f"{sheet.name}'s shock \u2212{state.shock} wears off.", "Damage Resolution"))
        state = replace(state, shock=0)
    reminders = []
    if state.death_checks and not state.dead:
        reminders.append(plural(state.death_checks, "death check") + " due")
    if state.worst and effect_at(options.effects, state.worst).consciousness and not (state.dead or state.unconscious):
        reminders.append("a consciousness check (worst wound level %d)" % state.worst)
    if state.stunned and not state.dead:
        reminders.append("a roll to recover from stun")
    if reminders and sheet.kind == "character":
        steps.append(Step(f"{sheet.name}: " + "; ".join(reminders) + ".", "D-KY-14"))
    return state, steps


# -- healing --------------------------------------------------------------------------------------------

def read_heal(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State], maximum: int) -> dict[str, Any]:
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    who = fields.combatant(inputs, "target", sheets, "one healed")
    which = fields.choice(inputs, "which", "which", HEAL_WHICH, default="worst")
    sheet, state = sheets[who], states[who]
    if state.dead:
        raise BadField(f"{sheet.name} is {'destroyed' if sheet.kind == 'object' else 'dead'}; healing cannot help",
                       field="target")
    if not state.wounds and which != "all":
        raise BadField(f"{sheet.name} holds no wounds", field="target")
    out: dict[str, Any] = {"target": who, "which": which}
    if which == "level":
        level = fields.integer(inputs, "level", "level", 1, maximum, default=1)
        if level not in state.wounds:
            raise BadField(f"{sheet.name} holds no level {level} wound; {sheet.name} holds {held_text(state.wounds)}",
                           field="level")
        out["level"] = level
    return out


def heal(inputs: Mapping[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
         dice_source: DiceSource) -> tuple[dict[str, State], Report]:
    sheet, state = sheets[inputs["target"]], states[inputs["target"]]
    if inputs["which"] == "all":
        new = State()
        step = f"Every wound is healed ({held_text(state.wounds)}); shock, stun and unconsciousness are gone."
    else:
        level = state.worst if inputs["which"] == "worst" else inputs["level"]
        new = state.healed(level)
        step = f"A level {level} wound is healed; {sheet.name} now holds {held_text(new.wounds)}."
    report = Report(f"{sheet.name} is healed", (Step(step, "the referee"),),
                    f"Holds {held_text(new.wounds)}")
    return {inputs["target"]: new}, report
