"""The round (seed 002: Structure of Combat, Wounds, Regeneration, Recovery of Hits, Bruising Damage; D-SL-22, 27):
initiative totals, and time passing a phase, a round or an hour at a time, with phase 3's bleeding and a Stormer's
regeneration, healing on its way arriving, and knockback's lost phases running out.

Each character keeps his own count of rounds (a Stormer regenerates on his 4th, 8th, ... round in the fight).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ... import fields
from ...dice import DiceSource
from ...errors import BadField
from ...report import Report, Step, signed
from .options import Options
from .rolls import ROLES, three
from .sheet import LOCATION_LABELS, Sheet
from .wounds import State, arrive, bleed, close_wound, dead, news, next_loss_in, restore, unconscious

SPANS = {"phase": "A phase ends", "round": "The round ends", "hour": "An hour of rest"}
REGENERATION_EVERY = 4


def read_time(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State]) -> dict[str, Any]:
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    span = fields.choice(inputs, "span", "span", tuple(SPANS), default="phase")
    if span == "hour":
        bleeding = [sheets[who].name for who, state in states.items() if state.wounds and not dead(sheets[who], state)]
        if bleeding:
            raise BadField(f"{', '.join(bleeding)} still bleed{'s' if len(bleeding) == 1 else ''}: close the wounds "
                           "(First aid) or let the rounds pass one by one", field="span")
    return {"span": span}


def end_phase(sheet: Sheet, state: State, options: Options) -> tuple[State, list[str]]:
    """One phase of one character passes; phase 3 ends the round with its bleeding and regeneration (D-SL-27).  A
    knockback's lost action is spent in the first phase the character has one (D-SL-22's table)."""
    words: list[str] = []
    if state.lost_phases:
        state = replace(state, lost_phases=state.lost_phases - 1)
    elif state.lost_actions and options.in_phases(sheet.phase_actions)[state.phase - 1] and not state.acted_phase:
        state = replace(state, lost_actions=state.lost_actions - 1)
        words.append("the lost action is spent")
    arrived = [healing for healing in state.pending if healing.phases <= 1]
    state = replace(state, pending=tuple(replace(healing, phases=healing.phases - 1) for healing in state.pending
                                         if healing.phases > 1), holding=False, acted_phase=False,
                    slowed="" if state.slowed == "phase" else state.slowed)
    if state.dodge_lasts == "phase":
        state = replace(state, dodge=0, dodge_lasts="", dodge_bullets=False, dodge_blows=False)
    if state.dazzled:                                   # a flash-bang's dazzle lasts the phase (D-SL-GR7)
        state = replace(state, dazzled=0)
    for healing in arrived:
        state, said = arrive(state, healing)
        words += said
    if state.phase < 3:
        return replace(state, phase=state.phase + 1), words
    if not dead(sheet, state):
        state, said = bleed(sheet, state)
        words += said
        if sheet.regenerates and state.round % REGENERATION_EVERY == 0:
            if state.wounds:
                closed = LOCATION_LABELS[state.wounds[0].location]
                state = close_wound(state)
                # The countdown bleeding stated above was worked out before the wound closed: say it again.
                left = next_loss_in(state)
                words.append(f"Round {state.round}: regenerates the wound in the {closed}" + (
                    f"; {len(state.wounds)} open, the next Hit bleeds away in {left} round{'s' if left > 1 else ''}"
                    if state.wounds and len(state.wounds) < 5 else "" if state.wounds else "; no wound is open"))
            else:
                state, places = restore(state, 1)
                if places:
                    words.append(f"Round {state.round}: regenerates a Hit ({places[0]} and Incap)")
    state = replace(state, round=state.round + 1, phase=1, initiative=None, slowed="", parries=0, fired=0,
                    **_ROUND_OVER)
    return state, words


def passes(sheet: Sheet, state: State, options: Options, *, whole_round: bool = False) -> tuple[State, list[str]]:
    """A phase passes for one character, or the rest of his round; what it did, in words."""
    start_round = state.round
    state, said = end_phase(sheet, state, options)
    while whole_round and state.round == start_round:
        state, more = end_phase(sheet, state, options)
        said += more
    return state, said


# What lasts a round at most: a regular dodge, and its price on his actions.
_ROUND_OVER: dict[str, Any] = {"dodge": 0, "dodge_lasts": "", "dodge_bullets": False, "dodge_blows": False,
                               "penalty": 0, "penalty_lasts": ""}
_ROUND_OVER["dazzled"] = 0                              # a flash-bang's dazzle, past an hour too (D-SL-GR7)
_ROUND_OVER["acted_phase"] = False


def time(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
         dice: DiceSource) -> tuple[dict[str, State], Report]:
    span = inputs["span"]
    after = dict(states)
    steps = []
    for who, state in states.items():
        sheet = sheets[who]
        said: list[str] = []
        if span == "hour":
            healed = min(1, state.bruising)
            state = replace(state, bruising=state.bruising - healed, round=state.round + 1, phase=1,
                            initiative=None, slowed="", lost_phases=0, holding=False, parries=0, fired=0,
                            melee_aim=0, **_ROUND_OVER)
            if healed:
                said.append("1 bruising heals")
        else:
            state, said = passes(sheet, state, options, whole_round=span == "round")
        said += news(sheet, states[who], state, options)
        after[who] = state
        where = f"round {state.round}, phase {state.phase}"
        steps.append(Step(f"{sheet.name} ({where}): " + ("; ".join(said) if said else "nothing changes"),
                          "seed, Structure of Combat; Wounds; Regeneration; D-SL-27"))
    return after, Report(SPANS[span], tuple(steps), SPANS[span])


def read_initiative(inputs: Any, sheets: Mapping[str, Sheet], states: Mapping[str, State]) -> dict[str, Any]:
    inputs = fields.mapping(inputs if inputs is not None else {}, "inputs")
    who = inputs.get("target") or ""
    if who:
        who = fields.combatant(inputs, "target", sheets, "character")
    able = [key for key in ([who] if who else sheets) if not dead(sheets[key], states[key])]
    if not able:
        raise BadField("no one able to act is left to roll initiative", field="target")
    return {"target": who}


def initiative(inputs: dict[str, Any], sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
               dice: DiceSource) -> tuple[dict[str, State], Report]:
    """Initiative Totals, 3d6 + INI, Martial Arts rank added (seed, Structure of Combat; Martial Arts), each open
    wound \u22121 (seed, Wounds); the unconscious and the dead do not act."""
    who = inputs["target"]
    after = dict(states)
    steps = []
    totals = []
    for key in [who] if who else list(sheets):
        sheet, state = sheets[key], states[key]
        if dead(sheet, state) or unconscious(sheet, state, options):
            continue
        arts = sheet.rank("Martial Arts")
        wounds = len(state.wounds)
        rolled = three(dice, f"initiative {key}", f"Initiative for {sheet.name}: roll 3d6 + INI {sheet.initiative}"
                       + (f" + Martial Arts {arts}" if arts else "")
                       + (f", open wounds {signed(-wounds)}" if wounds else ""))
        total = rolled.total + sheet.initiative + arts - wounds
        after[key] = replace(state, initiative=total)
        totals.append((total, sheet.name))
        parts = f"dice {rolled.total} + INI {sheet.initiative}" + (f" + Martial Arts {arts}" if arts else "") + (
            f", open wounds {signed(-wounds)}" if wounds else "")
        phases = options.in_phases(sheet.phase_actions)
        steps.append(Step(f"{sheet.name}: {parts} = {total}; {sheet.actions} action{'s' if sheet.actions > 1 else ''}"
                          f" (phases {phases[0]}/{phases[1]}/{phases[2]})",
                          "seed, Structure of Combat; Martial Arts; D-SL-22",
                          (rolled.success, rolled.penetration, rolled.damage), f"initiative {key}", names=ROLES))
    if len(totals) > 1:
        # Ties keep the order the combatants were added (D-SL-32); sorted() is stable.
        order = sorted(totals, key=lambda pair: -pair[0])
        steps.append(Step("Order in each phase: " + ", ".join(f"{name} {total}" for total, name in order),
                          "seed, Structure of Combat; D-SL-32"))
    return after, Report("Initiative", tuple(steps), ", ".join(f"{name} {total}" for total, name in
                                                                sorted(totals, key=lambda pair: -pair[0])))
