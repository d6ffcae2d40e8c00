"""First aid, healing, the GM's damage by hand and a character's position (seed 002: First Aid, Recovery of Hits,
Bruising Damage, Position; RULES_NOTES 3.3, D-SL-31)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ... import fields
from ...dice import DiceSource
from ...errors import BadField
from ...report import Report, Step
from .body import extraction_damage
from .options import Options
from .resolution import SKILL_TARGET
from .rolls import test
from .sheet import LOCATION_LABELS, LOCATIONS, SKILL_RANGE, Sheet
from .wounds import MAX_PENDING, POSITION_LABELS, Pending, State, arrive, close_wound, news, open_wound, take

AID_SKILLS = ("Paramedic", "Medic", "Surgery")       # seed, First Aid: "Medic, Paramedic", "Paramedic/Surgery"
AID_TASKS = {"close": "Close a wound", "extract": "Extract a bullet"}
HEALING = {"ebon": ("An Ebon's healing", 2), "drug": ("A drug", 3), "now": ("The GM restores it now", 0)}
MAX_HEAL = 99
MAX_HARM = 999
MOVES = dict(POSITION_LABELS) | {"hold": "Holds an opportunity action", "act": "Takes the held action"}
MOVES.pop("down")


def _who(inputs: Mapping[str, Any], sheets: Mapping[str, Sheet], key: str, role: str) -> str:
    return fields.combatant(inputs, key, sheets, role)


def read_aid(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State]) -> dict[str, Any]:
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    medic = inputs.get("medic") or ""
    if medic:
        medic = _who(inputs, sheets, "medic", "medic")
    patient = _who(inputs, sheets, "target", "patient")
    task = fields.choice(inputs, "task", "task", tuple(AID_TASKS), default="close")
    name = sheets[patient].name
    if task == "close" and not states[patient].wounds:
        raise BadField(f"{name} has no open wounds to close", field="task")
    if task == "extract" and not states[patient].stuck:
        raise BadField(f"{name} has no bullet stuck in the Torso", field="task")
    out: dict[str, Any] = {"medic": medic, "target": patient, "task": task}
    if not medic:
        out["rank"] = fields.integer(inputs, "rank", "rank", *SKILL_RANGE, default=3)
    out["modifier"] = fields.integer(inputs, "modifier", "modifier", -20, 20, default=0)
    return out


def aid(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
        dice: DiceSource) -> tuple[dict[str, State], Report]:
    """Paramedic first aid (seed, First Aid): a wound closes on a success whose Success die reaches the open wounds'
    count, a failure does 1 damage; a bullet comes out on a success for 6 \u2212 the Success die damage, a failure
    does the full 6 and leaves it in (D-SL-31)."""
    patient, task = inputs["target"], inputs["task"]
    sheet, state = sheets[patient], states[patient]
    medic = sheets[inputs["medic"]] if inputs["medic"] else None
    rank = max(medic.rank(skill) for skill in AID_SKILLS) if medic else inputs["rank"]
    who = medic.name if medic else "The medic"
    medic_wounds = len(states[inputs["medic"]].wounds) if inputs["medic"] else 0
    title = f"{who} gives {sheet.name} first aid: {AID_TASKS[task].lower()}"
    result, step = test(dice, "aid", f"{who} works on {sheet.name}: roll 3d6 + Paramedic {rank}", rank, "Paramedic",
                        "seed, First Aid", target=SKILL_TARGET, modifier=inputs["modifier"],
                        on=options.modifiers_on, wounds=medic_wounds)
    steps = [step]
    if task == "close":
        count = len(state.wounds)
        wound = state.wounds[0]
        if result.success and result.success_die >= count:
            state = close_wound(state)
            wounds = f"{count} open wound{'s' if count > 1 else ''}"
            steps.append(Step(f"Success die {result.success_die} reaches the {wounds}: the wound in the {LOCATION_LABELS[wound.location]} closes", "seed, First Aid"))
            outcome = "Wound closed"
        elif result.success:
            steps.append(Step(f"Success die {result.success_die} is less than the {count} open wounds: it stays open",
                              "seed, First Aid"))
            outcome = "Wound still open"
        else:
            state = take(state, wound.location, 1)
            steps.append(Step(f"The roll fails: 1 damage to the {LOCATION_LABELS[wound.location]} and Incap, and the "
                              "wound stays open", "seed, First Aid"))
            outcome = "Failed: 1 damage"
    else:
        damage = extraction_damage(result.success_die) if result.success else 6
        state = take(state, "torso", damage)
        if result.success:
            state = replace(state, stuck=state.stuck - 1)
            steps.append(Step(f"The bullet comes out: 6 \u2212 Success die {result.success_die} = {damage} damage to "
                              "the Torso and Incap", "seed, First Aid"))
            outcome = f"Bullet out: {damage} damage"
        else:
            steps.append(Step("The roll fails: the full 6 damage to the Torso and Incap, and the bullet stays in",
                              "seed, First Aid; D-SL-31"))
            outcome = "Failed: 6 damage"
    steps += [Step(words, "seed, Damage; Applying Damage") for words in news(sheet, states[patient], state, options)]
    return {**states, patient: state}, Report(title, tuple(steps), outcome)


def read_heal(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State]) -> dict[str, Any]:
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    patient = _who(inputs, sheets, "target", "patient")
    how = fields.choice(inputs, "how", "how", tuple(HEALING), default="ebon")
    if states[patient].stuck and how != "now":
        raise BadField(f"a bullet is stuck in {sheets[patient].name}'s Torso: extract it (First aid) before it can "
                       "heal", field="how")
    if len(states[patient].pending) >= MAX_PENDING:
        raise BadField(f"{sheets[patient].name} already has {MAX_PENDING} healings on their way", field="how")
    return {"target": patient, "how": how, "hits": fields.integer(inputs, "hits", "hits", 1, MAX_HEAL, default=4)}


def heal(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
         dice: DiceSource) -> tuple[dict[str, State], Report]:
    """An Ebon's healing takes two phases, a drug three (seed, Recovery of Hits); either arrives when the phases
    pass (the Time action).  The Hits go one at a time to the most damaged location and to Incap; an Ebon's healing
    heals twice as much bruising (seed, Bruising Damage)."""
    patient, how, hits = inputs["target"], inputs["how"], inputs["hits"]
    sheet, state = sheets[patient], states[patient]
    label, phases = HEALING[how]
    title = f"{label} for {sheet.name}: {hits} Hit{'s' if hits > 1 else ''}"
    if phases:
        state = replace(state, pending=state.pending + (Pending(phases, hits, how),))
        step = Step(f"{label} restores {hits} Hit{'s' if hits > 1 else ''} in {phases} phases"
                    + (f" and {2 * hits} bruising" if how == "ebon" else ""), "seed, Recovery of Hits")
        return {**states, patient: state}, Report(title, (step,), f"Healing in {phases} phases")
    state, words = arrive(state, Pending(0, hits, how))
    return {**states, patient: state}, Report(title, tuple(Step(text, "seed, Recovery of Hits") for text in words),
                                              "Healed")


def read_harm(inputs: Any, sheets: Mapping[str, Sheet]) -> dict[str, Any]:
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    out = {"target": _who(inputs, sheets, "target", "target"),
           "location": fields.choice(inputs, "location", "location", LOCATIONS + ("incap",), default="torso"),
           "amount": fields.integer(inputs, "amount", "amount", 1, MAX_HARM, default=1),
           "bruising": fields.flag(inputs, "bruising", "bruising")}
    out["wound"] = fields.flag(inputs, "wound", "wound") and not out["bruising"] and out["location"] != "incap"
    return out


def harm(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
         dice: DiceSource) -> tuple[dict[str, State], Report]:
    """Damage the GM marks by hand: standard to Incap and a location (or Incap alone), or bruising."""
    target, amount = inputs["target"], inputs["amount"]
    sheet, state = sheets[target], states[target]
    location = None if inputs["location"] == "incap" else inputs["location"]
    where = "Incap" if location is None else f"Incap and the {LOCATION_LABELS[location]}"
    state = take(state, location, amount, bruising=inputs["bruising"])
    steps = [Step(f"{amount} {'bruising' if inputs['bruising'] else 'damage'} marked "
                  + ("on the Incap track's other end" if inputs["bruising"] else f"off {where}"),
                  "seed, Applying Damage; Bruising Damage")]
    if inputs["wound"] and location:
        state = open_wound(state, location)
        steps.append(Step(f"A wound opens in the {LOCATION_LABELS[location]}", "seed, Wounds"))
    steps += [Step(words, "seed, Damage; Applying Damage; D-SL-11") for words in news(sheet, states[target], state,
                                                                                       options)]
    return {**states, target: state}, Report(f"The GM marks damage on {sheet.name}", tuple(steps),
                                             f"{amount} {'bruising' if inputs['bruising'] else 'damage'}")


def read_move(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State]) -> dict[str, Any]:
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    who = _who(inputs, sheets, "target", "character")
    move = fields.choice(inputs, "move", "move", tuple(MOVES), default="standing")
    if move == "act" and not states[who].holding:
        raise BadField(f"{sheets[who].name} holds no opportunity action", field="move")
    return {"target": who, "move": move}


def move(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
         dice: DiceSource) -> tuple[dict[str, State], Report]:
    """A change of position (seed, Position: kneeling \u22121 and prone \u22123 to hit him, getting up from down), or an
    opportunity action held to act any time later in the phase (seed, Structure of Combat)."""
    who, chosen = inputs["target"], inputs["move"]
    sheet, state = sheets[who], states[who]
    if chosen == "hold":
        state = replace(state, holding=True)
        text = (f"{sheet.name} gives up acting at his Initiative Total to act any time later in this phase; an unused "
                "opportunity action does not carry over")
    elif chosen == "act":
        state = replace(state, holding=False)
        text = f"{sheet.name} takes the held opportunity action now"
    else:
        text = f"{sheet.name}: {POSITION_LABELS[state.position].lower()} \u2192 {POSITION_LABELS[chosen].lower()}"
        state = replace(state, position=chosen)
    return {**states, who: state}, Report(f"{sheet.name}: {MOVES[chosen].lower()}",
                                          (Step(text, "seed, Position; Structure of Combat"),), MOVES[chosen])

