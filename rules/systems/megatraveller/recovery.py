"""Afterwards: recovering from a stun, regaining consciousness, being roused, time passing, healing,
and the referee's rulings that stand in for the lost pages (Limb Damage, Characteristic Damage, head hits).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ... import fields
from ...dice import DiceSource
from ...errors import BadField
from ...report import Report, Step, plural
from ..data import load
from .integrity import CHARACTERISTICS
from .options import Options
from .sheet import LIMB_STATES, LIVING, MACHINES, Sheet, State, conscious, current, dead, read_skill
from .status import describe
from .task import Task, characteristic_dm, task

RECOVERIES = ("stun_slow", "stun_quick", "wake", "rouse")
MAX_HOURS = 72
MAX_HEAL = 10_000
RULINGS = ("limb", "characteristic", "note")
MAX_NOTE = 80
MAX_NOTES = 12


def _lost(key: str) -> str:
    return str(load("megatraveller")["lost"][key])


# -- recovering from a stun, regaining consciousness, rousing ------------------------------------

def read_recover(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State]) -> dict[str, Any]:
    inputs = fields.mapping(inputs, "inputs")
    target = fields.combatant(inputs, "target", sheets, "person recovering")
    how = fields.choice(inputs, "how", "how", RECOVERIES, default="stun_slow")
    sheet, state = sheets[target], states[target]
    if sheet.kind != "person":
        raise BadField(f"only a person rolls to recover; {sheet.name} is "
                       f"{'knocked out and woken' if sheet.kind in LIVING else 'repaired'} by the referee "
                       f"(use Heal)", field="target")
    if state.lethal >= sheet.integrity:
        raise BadField(f"{sheet.name} is dead", field="target")
    awake = conscious(sheet, state)
    if how.startswith("stun") and (not state.stunned or not awake):
        reason = "is not stunned" if awake else "is unconscious: regain consciousness first"
        raise BadField(f"{sheet.name} {reason}", field="how")
    if how in ("wake", "rouse"):
        if awake:
            raise BadField(f"{sheet.name} is conscious", field="how")
        if state.total >= sheet.integrity:
            raise BadField(f"{sheet.name}'s chart is full: no one wakes while every box is marked; heal or recover "
                           f"some damage first", field="how")
    chosen: dict[str, Any] = {"target": target, "how": how}
    if how == "rouse":
        helper = inputs.get("helper") or None
        if helper is not None:
            helper = fields.combatant(inputs, "helper", sheets, "helper")
            if helper == target:
                raise BadField("someone unconscious cannot rouse themselves", field="helper")
            if not conscious(sheets[helper], states[helper]) or states[helper].stunned or \
                    sheets[helper].kind not in ("person", "npc"):
                raise BadField(f"{sheets[helper].name} cannot help: only a conscious person, not stunned, can rouse "
                               f"someone",
                               field="helper")
            chosen["helper"] = helper
        else:
            chosen["helper"] = None
            medical = read_skill(inputs, "medical", "medical")
            chosen["medical"] = "none" if medical is None else medical
        if not fields.flag(inputs, "salts", "salts", default=True):
            raise BadField("without smelling salts or stimulants, the victim cannot be woken until they regain "
                           "consciousness naturally", field="salts")
        chosen["salts"] = True
    return chosen


VERBS = {"stun_slow": "tries to recover slowly from the stun", "stun_quick": "tries to recover quickly from the stun",
         "wake": "tries to regain consciousness", "rouse": "is being roused"}


def recovery_task(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State],
                  options: Options) -> tuple[Task, str]:
    """The task a recovery rolls, and the sentence that asks for its dice."""
    how = inputs["how"]
    sheet, state = sheets[inputs["target"]], states[inputs["target"]]
    end = current(sheet, state, "End")
    dms: list[tuple[str, int]] = []
    skill_level: int | None = None
    if how in ("stun_slow", "stun_quick"):
        best = sheet.combat_skill()
        if best is not None:
            dms.append((f"{best[0]}-{best[1]}", best[1]))
            skill_level = best[1]
    elif how == "rouse":
        if inputs["helper"]:
            helper = sheets[inputs["helper"]]
            skill_level = helper.skill("medical")
            who = helper.name
        else:
            skill_level = None if inputs["medical"] == "none" else int(inputs["medical"])
            who = "the helper"
        if skill_level is not None:
            dms.append((f"{who}'s Medical-{skill_level}", skill_level))
    if characteristic_dm(end):
        dms.append((f"{'the victim' + chr(39) + 's ' if how == 'rouse' else ''}End {end}", characteristic_dm(end)))
    rolled = task(how, dms=tuple(dms), skill=skill_level, natural_two_fails=options.natural_two_fails)
    entry = load("megatraveller")["tasks"][how]
    return rolled, f"{sheet.name} {VERBS[how]} ({entry['time']}): roll 2D, {rolled.words()}"


def recover(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
            dice: DiceSource) -> tuple[dict[str, State], Report]:
    target, how = inputs["target"], inputs["how"]
    sheet, state = sheets[target], states[target]
    rolled, why = recovery_task(inputs, sheets, states, options)
    verb = VERBS[how]
    passed, faces, sentence = rolled.roll(dice, "recovery", why)
    if passed:
        new = replace(state, stunned=False) if how.startswith("stun") else replace(state, unconscious=False)
        result = ("recovers from the stun" if how.startswith("stun")
                  else "wakes up, still stunned" if state.stunned else "wakes up")
    else:
        new = state
        result = {"stun_slow": "stays stunned and may try again next turn",
                  "stun_quick": "wastes the Short Action; there is no Determination roll, so they may try again",
                  "wake": "stays unconscious; try again in 5 minutes",
                  "rouse": "stays unconscious; the helper may try again"}[how]
    rule = {"stun_slow": "Suffering Non-Lethal Damage: recovering from a stun",
            "stun_quick": "Suffering Non-Lethal Damage: recovering from a stun",
            "wake": "Suffering Lethal Damage: regaining consciousness",
            "rouse": "Suffering Lethal Damage: rousing"}[how]
    steps = (Step(f"{sentence} {sheet.name} {result}.", f"{rule}; D-MT-11, D-MT-14", faces, "recovery" if faces else ""),)
    title = f"{sheet.name} {verb}"
    return ({target: new} if passed else {}), Report(title, steps, f"{sheet.name} {result}")


# -- time passing: natural recovery of non-lethal damage ----------------------------------------------

def read_rest(inputs: Any, sheets: Mapping[str, Sheet]) -> dict[str, Any]:
    inputs = fields.mapping(inputs, "inputs")
    target = inputs.get("target") or None
    if target is not None:
        target = fields.combatant(inputs, "target", sheets, "person")
    return {"target": target, "hours": fields.integer(inputs, "hours", "hours", 1, MAX_HOURS, default=1),
            "resting": fields.flag(inputs, "resting", "resting", default=True)}


def hourly_recovery(endurance: int, resting: bool, options: Options) -> int:
    """Non-lethal points erased an hour: End, halved when not resting (D-MT-12 for the rounding; MT-21)."""
    if resting:
        return endurance
    if options.halved_recovery == "up":
        return -(-endurance // 2)
    half = endurance // 2
    return max(1, half) if options.halved_recovery == "floor_min1" and endurance else half


def rest(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
         dice: DiceSource) -> tuple[dict[str, State], Report]:
    hours, resting = inputs["hours"], inputs["resting"]
    ids = [inputs["target"]] if inputs["target"] else list(sheets)
    changes: dict[str, State] = {}
    steps: list[Step] = []
    doing = "resting" if resting else "not resting (halved)"
    for cid in ids:
        sheet, state = sheets[cid], states[cid]
        if sheet.kind not in ("person", "npc"):
            if inputs["target"]:
                raise BadField(f"{sheet.name} has no Endurance to recover with; use Heal for the referee's amount",
                               field="target")
            continue
        if not state.non_lethal:
            continue
        if dead(sheet, state, options.npc_death == "more_than"):   # time does not bring the dead back
            steps.append(Step(f"{sheet.name} is dead: nothing is recovered.", "Natural Recovery of Non-Lethal Damage"))
            continue
        end = current(sheet, state, "End")
        per_hour = hourly_recovery(end, resting, options)
        erased = min(state.non_lethal, per_hour * hours)
        changes[cid] = replace(state, non_lethal=state.non_lethal - erased)
        steps.append(Step(f"{sheet.name} (End {end}, {doing}) erases {per_hour} an hour for {plural(hours, 'hour')}: "
                          f"{plural(erased, 'slash', 'slashes') if sheet.kind == 'person' else plural(erased, 'point')} "
                          f"of non-lethal damage, {changes[cid].non_lethal} left.",
                          "Natural Recovery of Non-Lethal Damage" + ("" if resting else "; D-MT-12")))
    if not steps:
        steps.append(Step("No one has non-lethal damage to recover.", "Natural Recovery of Non-Lethal Damage"))
    who = sheets[inputs["target"]].name if inputs["target"] else "everyone"
    title = f"{plural(hours, 'hour')} {'pass' if hours > 1 else 'passes'} for {who}"
    outcome = "; ".join(f"{sheets[cid].name} is {describe(sheets[cid], new, options).lower()}"
                        for cid, new in changes.items()) or "Nothing to recover"
    return changes, Report(title, tuple(steps), outcome)


# -- healing: the amount the referee gives -------------------------------------------------------------

def read_heal(inputs: Any, sheets: Mapping[str, Sheet]) -> dict[str, Any]:
    inputs = fields.mapping(inputs, "inputs")
    target = fields.combatant(inputs, "target", sheets, "combatant")
    sheet = sheets[target]
    chosen: dict[str, Any] = {"target": target,
                              "amount": fields.integer(inputs, "amount", "amount", 1, MAX_HEAL, default=1)}
    if sheet.kind in MACHINES:
        keys = tuple(part.key for part in sheet.parts)
        chosen["part"] = fields.choice(inputs, "part", "part", keys, default=keys[0])
    else:
        chosen["harm"] = fields.choice(inputs, "harm", "harm", ("lethal", "non_lethal"), default="lethal")
    return chosen


def heal(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
         dice: DiceSource) -> tuple[dict[str, State], Report]:
    target, amount = inputs["target"], inputs["amount"]
    sheet, state = sheets[target], states[target]
    if sheet.kind in MACHINES:
        index = [part.key for part in sheet.parts].index(inputs["part"])
        part = sheet.parts[index]
        repaired = min(amount, state.parts[index])
        parts = list(state.parts)
        parts[index] -= repaired
        new = replace(state, parts=tuple(parts))
        step = Step(f"The referee repairs {plural(repaired, 'point')} of the {part.label}: {parts[index]} of "
                    f"{part.integrity} left.", "Integrity of a Vehicle, Craft, or Starship")
    else:
        lethal = inputs["harm"] == "lethal"
        have = state.lethal if lethal else state.non_lethal
        healed = min(amount, have)
        new = replace(state, lethal=state.lethal - healed) if lethal else replace(state, non_lethal=state.non_lethal - healed)
        kind = "lethal" if lethal else "non-lethal"
        marks = (plural(healed, "X", "X") if lethal else plural(healed, "slash", "slashes")) \
            if sheet.kind == "person" else plural(healed, "point")
        order = ", erased from right to left, bottom to top" if sheet.kind == "person" else ""
        step = Step(f"The referee heals {marks} of {kind} damage{order}.",
                    "Integrity (healing); Treatment of Sick or Injured Characters")
    title = f"{sheet.name} is {'repaired' if sheet.kind in MACHINES else 'healed'}"
    return {target: new}, Report(title, (step,), f"{sheet.name} is {describe(sheet, new, options).lower()}")


# -- the referee's rulings for the lost pages ----------------------------------------------------------

def read_ruling(inputs: Any, sheets: Mapping[str, Sheet]) -> dict[str, Any]:
    inputs = fields.mapping(inputs, "inputs")
    target = fields.combatant(inputs, "target", sheets, "combatant")
    rule = fields.choice(inputs, "rule", "rule", RULINGS, default="limb")
    chosen: dict[str, Any] = {"target": target, "rule": rule}
    if rule != "note" and sheets[target].kind not in ("person", "npc"):
        raise BadField(f"{sheets[target].name} has no limbs or characteristics to rule on; write a note instead",
                       field="rule")
    if rule == "limb":
        data = load("megatraveller")
        chosen["location"] = fields.choice(inputs, "location", "location", tuple(data["limb_locations"]),
                                           default="Chest")
        chosen["condition"] = fields.choice(inputs, "condition", "condition", LIMB_STATES, default="Injured")
        chosen["coma"] = fields.flag(inputs, "coma", "coma")
    elif rule == "characteristic":
        chosen["characteristic"] = fields.choice(inputs, "characteristic", "characteristic", CHARACTERISTICS,
                                                 default="End")
        chosen["points"] = fields.integer(inputs, "points", "points", -30, 30)
        if chosen["points"] == 0:
            raise BadField("give the points lost (or a negative number for points restored), not 0", field="points")
    else:
        chosen["note"] = fields.text(inputs, "note", "note", max_length=MAX_NOTE)
    return chosen


def ruling(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
           dice: DiceSource) -> tuple[dict[str, State], Report]:
    target, rule = inputs["target"], inputs["rule"]
    sheet, state = sheets[target], states[target]
    if rule == "limb":
        location, condition = inputs["location"], inputs["condition"]
        limbs = tuple(item for item in state.limbs if item[0] != location)
        if condition != "Unharmed":
            limbs += ((location, condition),)
        new = replace(state, limbs=limbs)
        text = f"The referee rules {sheet.name}'s {location.lower()} {condition.lower()}"
        if inputs["coma"]:
            new = replace(new, unconscious=True)
            text += ", and the blow knocks them into a coma"
        step = Step(f"{text}, standing in for the lost {_lost('limb')} page.", "RULES_NOTES 1.2: Limb Damage")
    elif rule == "characteristic":
        name, points = inputs["characteristic"], inputs["points"]
        held = state.lost_from(name)
        after = max(0, min(held + points, sheet.characteristic(name)))
        lost = tuple(item for item in state.lost if item[0] != name) + (((name, after),) if after else ())
        new = replace(state, lost=lost)
        verb = f"loses {plural(points, 'point')} of" if points > 0 else f"regains {plural(-points, 'point')} of"
        step = Step(f"The referee rules that {sheet.name} {verb} {name}, now {current(sheet, new, name)} (standing in "
                    f"for the lost {_lost('characteristic')} page).", "RULES_NOTES 1.2: Characteristic Damage")
    else:
        if len(state.notes) >= MAX_NOTES:
            raise BadField(f"{sheet.name} already has {MAX_NOTES} notes", field="note")
        new = replace(state, notes=state.notes + (inputs["note"],))
        step = Step(f"The referee notes on {sheet.name}: {inputs['note']}.", "Referee's ruling")
    return {target: new}, Report(f"Referee's ruling on {sheet.name}", (step,),
                                 f"{sheet.name} is {describe(sheet, new, options).lower()}")
