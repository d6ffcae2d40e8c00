"""Typed Damage for Fudge dice (seed 004; RULES_NOTES section 5).

Damage is a pool of Fudge dice; the successes are the faces that match the
weapon's damage type (``-`` slashing, blank ``*`` impact, ``+`` piercing,
ballistic, energy).  Armour removes dice of the types it names, special
armour works differently (ballistic, energy, universal, hardened, ablative), and
successes fill a wound track.

This module is the system's face to the registry: options, sheets, states,
actions, odds and views.  The rules themselves live in the sibling modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ... import fields
from ...fields import combatant
from ...dice import DiceSource
from ...errors import BadField
from ...ladder import describe
from ...report import Report, Step, signed, with_article
from ..data import load
from .armour import Options
from .attack import MAX_MARGIN, attack_inputs, read_attack, resolve
from .chances import attack_odds
from .sheet import LADDER_RANGE, MAX_WEAPONS, STRENGTH_RANGE, Sheet, State
from .tracks import (TRACK_IDS, load_track, mark_by_hand, penalty, penalty_words, severity, status, taken_out,
                     thresholds)
from .turns import TURNS

ID = "typed"
NAME = "Typed Damage"
SOURCE = "\u201cTyped Damage\u201d, Fudge Factor (1 April 2004)"
ACTIONS = ("attack", "mark")
HAND_CHANGES = ("mark", "clear")
MAX_REASON = 80


def option_schema() -> list[dict[str, Any]]:
    """The options the notes list, each with the default they decide."""
    return [
        {"name": "track", "kind": "choice", "label": "Wound track", "decision": "D-TD-7", "default": "A", "choices": [
            {"value": track_id, "label": load_track(track_id).label} for track_id in TRACK_IDS]},
        {"name": "ballistic_regular", "kind": "choice", "label": "Regular armour against bullets", "decision": "D-TD-1",
         "default": "*+", "choices": [
             {"value": "*+", "label": "the lesser of * and + (the worked example)"},
             {"value": "-*", "label": "the lesser of - and * (the rule text as written)"}]},
        {"name": "universal_floor", "kind": "choice", "label": "Universal armour (X) may reduce the pool to",
         "decision": "D-TD-4", "default": 1, "choices": [
             {"value": 1, "label": "1 die, like regular armour"},
             {"value": 0, "label": "0 dice, like ballistic and energy armour"}]},
    ]


def read_options(data: Any) -> Options:
    data = fields.mapping(data if data is not None else {}, "options")
    unknown = sorted(set(data) - {"track", "ballistic_regular", "universal_floor"})
    if unknown:
        raise BadField("Typed Damage has no such option", field="options")
    return Options(
        track=fields.choice(data, "track", "options.track", TRACK_IDS, default="A"),
        ballistic_regular=fields.choice(data, "ballistic_regular", "options.ballistic_regular", ("*+", "-*"),
                                        default="*+"),
        universal_floor=fields.integer(data, "universal_floor", "options.universal_floor", 0, 1, default=1),
    )


def options_to_dict(options: Options) -> dict[str, Any]:
    return {"track": options.track, "ballistic_regular": options.ballistic_regular,
            "universal_floor": options.universal_floor}


def read_sheet(data: Any, field: str = "sheet") -> Sheet:
    return Sheet.from_dict(data, field)


def fresh_state(sheet: Sheet, options: Options) -> State:
    return State.fresh(sheet, load_track(options.track))


def edited_state(old: Sheet, state: State, new: Sheet, options: Options) -> State:
    """Wounds stay through an edit; armour worn down by ablation stays worn unless the armour itself changed."""
    armour = state.armour if new.armour_notation == old.armour_notation else new.armour
    return replace(state, armour=armour)


def _ladder() -> list[dict[str, Any]]:
    low, high = LADDER_RANGE
    return [{"value": value, "label": describe(value)} for value in range(high, low - 1, -1)]


def sheet_schema() -> list[dict[str, Any]]:
    """The add-combatant form: what a Typed Damage combatant is made of."""
    return [
        {"name": "name", "kind": "text", "label": "Name", "max_length": fields.MAX_NAME},
        {"name": "skill", "kind": "choice", "label": "Attack skill", "default": 0, "choices": _ladder(),
         "help": "on the FUDGE ladder, before wound penalties"},
        {"name": "defence", "kind": "choice", "label": "Defence", "default": 0, "choices": _ladder()},
        {"name": "strength", "kind": "integer", "label": "Strength modifier", "min": STRENGTH_RANGE[0],
         "max": STRENGTH_RANGE[1], "default": 0, "advanced": True,
         "help": "used only when an attack uses Strength for damage"},
        {"name": "weapons", "kind": "list", "label": "Weapons", "max": MAX_WEAPONS, "default": [
            {"name": "Shortsword", "notation": "3-/2+"}],
         "of": {"kind": "gear", "catalog": "weapons", "label": "Weapon", "example": "4-/2+ or 3B"}},
        {"name": "armour", "kind": "gear", "catalog": "armour", "label": "Armour", "optional": True,
         "empty_label": "No armour", "example": "---*++ or BBBB*"},
    ]


def action_schema() -> list[dict[str, Any]]:
    """What each action asks for, so the page can build its form without knowing the rules."""
    with_attacker = {"input": "attacker", "not_in": [""]}
    hazard = {"input": "attacker", "in": [""]}
    levels = [{"value": level.name, "label": level.name} for level in load_track("A").levels]
    return [
        {"id": "attack", "label": "Attack", "verb": "Roll", "odds": True, "dice": True, "inputs": [
            {"name": "attacker", "kind": "combatant", "role": "actor", "label": "Attacker", "optional": True,
             "empty_label": "A hazard (fire, fall\u2026)"},
            {"name": "target", "kind": "combatant", "role": "target", "label": "Target", "while_standing": True},
            {"name": "weapon", "kind": "weapon", "from": "attacker", "label": "Weapon", "when": with_attacker},
            {"name": "mode", "kind": "mode", "from": "attacker", "weapon": "weapon", "label": "Mode",
             "help": "declared before rolling", "when": with_attacker},
            {"name": "hazard", "kind": "notation", "label": "Hazard", "example": "4E*+(Fire)",
             "default": "4E*+(Fire)", "when": hazard},
            # A hazard strikes with no attack roll, so choosing it chooses "None" again, whatever margin was typed
            # for the attack before; an attacker chosen again starts from a typed margin ("None" is no choice then).
            {"name": "margin", "kind": "choice", "label": "Margin of success", "default": "typed", "choices": [
                {"value": "typed", "label": "Typed in"},
                {"value": "rolled", "label": "Opposed 4dF roll", "when": with_attacker},
                {"value": "automatic", "label": "None: the hazard strikes", "when": hazard}],
             "defaults": [{"when": hazard, "value": "automatic"}, {"when": with_attacker, "value": "typed"}],
             "help": "adds to the weapon's dice",
             "helps": [{"when": hazard, "text": "a hazard strikes without an attack roll: its dice are the damage; "
                                                 "type a margin only if it rolled against a defence"},
                       {"when": with_attacker, "text": "adds to the weapon's dice: type the margin of the opposed "
                                                        "roll, or let the engine roll 4dF for both sides"}]},
            {"name": "margin_of_success", "kind": "integer", "label": "Margin", "min": 1, "max": MAX_MARGIN,
             "default": 1, "when": {"input": "margin", "in": ["typed"]}},
            {"name": "use_strength", "kind": "flag", "label": "Strength for damage instead of the margin",
             "help": "declared before the attack is rolled", "advanced": True, "each_round": True,
             "when": with_attacker, "default": False},
            {"name": "slow_strike", "kind": "flag", "label": "Slow strike through universal armour",
             "help": "+2 difficulty to hit; the X armour is ignored", "advanced": True, "each_round": True,
             "default": False},
            {"name": "energy_allowance", "kind": "integer", "label": "Regular armour allowed against energy",
             "min": 0, "max": 2, "default": 0, "advanced": True,
             "help": "the GM may let regular armour stop a point or two of energy"},
        ]},
        {"id": "mark", "label": "Mark by hand", "verb": "Apply", "odds": False, "dice": False, "inputs": [
            {"name": "target", "kind": "combatant", "role": "target", "label": "Combatant"},
            {"name": "level", "kind": "choice", "label": "Wound level", "default": levels[0]["value"],
             "choices": levels},
            {"name": "change", "kind": "choice", "label": "Change", "default": "mark", "choices": [
                {"value": "mark", "label": "Mark a box"}, {"value": "clear", "label": "Clear a box"}]},
            {"name": "reason", "kind": "text", "label": "Reason", "max_length": MAX_REASON,
             "example": "fell from the wall"},
        ]},
    ]


def _action(action: str) -> str:
    if action not in ACTIONS:
        raise BadField("Typed Damage has no such action; it has Attack and Mark by hand", field="action")
    return action


def read_inputs(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: Any,
                options: Options) -> dict[str, Any]:
    """An action's inputs checked against the roster, in the canonical form the log keeps."""
    track = load_track(options.track)
    if _action(action) == "attack":
        return attack_inputs(read_attack(inputs, sheets, states, track))
    inputs = fields.mapping(inputs, "inputs")
    return {
        "target": combatant(inputs, "target", sheets, "combatant"),
        "level": fields.choice(inputs, "level", "level", tuple(level.name for level in track.levels)),
        "change": fields.choice(inputs, "change", "change", HAND_CHANGES, default="mark"),
        "reason": fields.text(inputs, "reason", "reason", max_length=MAX_REASON),
    }


def apply(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: dict[str, Any],
          options: Options, dice: DiceSource) -> tuple[dict[str, State], Report]:
    track = load_track(options.track)
    if _action(action) == "attack":
        return resolve(read_attack(inputs, sheets, states, track), sheets, states, options, dice)
    target, level, clear = inputs["target"], inputs["level"], inputs["change"] == "clear"
    name = sheets[target].name
    marks = mark_by_hand(track, states[target].marks, level, clear)
    new_state = states[target].marked(marks, f"by hand: {inputs['reason']}")
    verb = "clears" if clear else "marks"
    step = Step(f"The referee {verb} {with_article(level)} box on {name}'s wound track: {inputs['reason']}.", "Marked by hand")
    return ({target: new_state},
            Report(f"{name}: {with_article(level)} box is {'cleared' if clear else 'marked'} by hand", (step,),
                   f"{name} is {status(track, marks)}"))


def odds(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: Any,
         options: Options) -> dict[str, Any]:
    if _action(action) != "attack":
        raise BadField("marking a box by hand has no odds: nothing is rolled", field="action")
    return attack_odds(read_attack(inputs, sheets, states, load_track(options.track)), sheets, states, options)


def wound_track(state: State, options: Options, players: bool = False) -> dict[str, Any]:
    """The wound track, each marked box saying the attack that marked it (the attacker, the weapon and its damage
    notation). For the players (``players``) a box says only that a wound marked it, and no level has the tap that
    marks it by hand: the weapon and its notation are gear."""
    track = load_track(options.track)
    levels = []
    for level, count, by, threshold in zip(track.levels, state.marks, state.marked_by, thresholds(track)):
        short, words = penalty_words(level)
        reached = f", reached by {threshold} successes" if threshold else ""
        shown: dict[str, Any] = {
            "name": level.name, "penalty": short, "threshold": threshold,
            "summary": f"{level.name} ({words}{reached}): {count} of {level.boxes} marked"}
        if not players:
            shown["tap"] = {"action": "mark", "combatant": "target",
                            "inputs": {"level": level.name, "change": "clear" if count == level.boxes else "mark"}}
        shown["boxes"] = [{"marked": index < count, "by": None if index >= count else "a wound" if players
                           else by[index]} for index in range(level.boxes)]
        levels.append(shown)
    return {"kind": "track", "label": "Wounds", "levels": levels}


def player_widgets(sheet: Sheet, state: State, options: Options) -> list[dict[str, Any]]:
    """The wounds the players' view shows: the track, built without what marked each box or the taps."""
    return [wound_track(state, options, players=True)]


def view(sheet: Sheet, state: State, options: Options) -> dict[str, Any]:
    """A combatant as the page draws it: status, wound track, stats and gear."""
    track = load_track(options.track)
    armour = []
    if sheet.armour_notation:
        worn = state.armour != sheet.armour
        armour.append({"kind": "armour", "name": sheet.armour_name or "Armour",
                       "notation": state.armour.notation if worn else sheet.armour_notation,
                       "note": f"worn down from {sheet.armour.notation}" if worn else None})
    hurt = penalty(track, state.marks)
    return {
        "name": sheet.name,
        "status": {"text": status(track, state.marks), "severity": severity(track, state.marks)},
        "can_act": not taken_out(track, state.marks),
        "fallen": taken_out(track, state.marks),
        "widgets": [
            wound_track(state, options),
            {"kind": "stats", "items": [
                {"label": "Attack", "value": describe(sheet.skill)},
                {"label": "Defence", "value": describe(sheet.defence)},
                *([{"label": "Wounds", "value": f"{signed(hurt)} to all actions"}]
                  if hurt and not taken_out(track, state.marks) else []),
                *([{"label": "Strength", "value": signed(sheet.strength)}] if sheet.strength else []),
            ]},
            {"kind": "gear", "items": [
                *({"kind": "weapon", "name": entry.name, "notation": entry.notation, "note": None}
                  for entry in sheet.weapons),
                *armour,
            ]},
        ],
        "weapons": [{"name": entry.name, "notation": entry.notation,
                     "modes": [{"value": index, "label": mode.notation}
                               for index, mode in enumerate(entry.weapon.modes)]} for entry in sheet.weapons],
        "sheet": sheet.to_dict(),
    }


def catalog() -> dict[str, Any]:
    """The text's sample weapons and armour, with their sources."""
    tables = load("typed")
    return {"weapons": tables["weapons"], "armour": tables["armour"]}


def tables() -> list[dict[str, Any]]:
    """No tables to print: everything the text looks up is on the cards."""
    return []
