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
from typing import Any

from ... import fields
from ...dice import DiceSource
from ...errors import BadField
from ...ladder import describe, level_name
from ...report import Report
from ..data import load
from .armour import Options
from .attack import MARGINS, read_attack, resolve
from .chances import attack_odds
from .sheet import LADDER_RANGE, STRENGTH_RANGE, Sheet, State
from .tracks import TRACK_IDS, load_track, penalty, status, taken_out

ID = "typed"
NAME = "Typed Damage"
SOURCE = "\u201cTyped Damage\u201d, Fudge Factor (1 April 2004)"
ACTIONS = ("attack",)


def option_schema() -> list[dict[str, Any]]:
    """The options the notes list, each with the default they decide."""
    return [
        {"name": "track", "label": "Wound track", "decision": "D-TD-7", "default": "A", "choices": [
            {"value": track_id, "label": load_track(track_id).label} for track_id in TRACK_IDS]},
        {"name": "ballistic_regular", "label": "Regular armour against bullets", "decision": "D-TD-1",
         "default": "*+", "choices": [
             {"value": "*+", "label": "the lesser of * and + (the worked example)"},
             {"value": "-*", "label": "the lesser of - and * (the rule text as written)"}]},
        {"name": "universal_floor", "label": "Universal armour (X) may reduce the pool to", "decision": "D-TD-4",
         "default": 1, "choices": [
             {"value": 1, "label": "1 die, like regular armour"},
             {"value": 0, "label": "0 dice, like ballistic and energy armour"}]},
    ]


def read_options(data: Any) -> Options:
    data = fields.mapping(data if data is not None else {}, "options")
    unknown = sorted(set(data) - {"track", "ballistic_regular", "universal_floor"})
    if unknown:
        raise BadField(f"unknown option {unknown[0]!r} for Typed Damage", field=f"options.{unknown[0]}")
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


def action_schema() -> dict[str, Any]:
    """What each action asks for, so the page can build its form without knowing the rules."""
    low, high = LADDER_RANGE
    ladder = [{"value": value, "label": describe(value)} for value in range(high, low - 1, -1)]
    return {
        "attack": {
            "label": "Attack",
            "inputs": [
                {"name": "attacker", "kind": "combatant", "label": "Attacker", "optional": True,
                 "note": "leave empty for a hazard such as a fire"},
                {"name": "target", "kind": "combatant", "label": "Target"},
                {"name": "weapon", "kind": "weapon", "label": "Weapon"},
                {"name": "mode", "kind": "mode", "label": "Mode", "note": "declared before rolling (D-TD-5)"},
                {"name": "hazard", "kind": "notation", "label": "Hazard", "note": "e.g. 4E*+(Fire)"},
                {"name": "margin", "kind": "choice", "label": "Margin of success",
                 "choices": list(MARGINS), "default": "typed"},
                {"name": "margin_of_success", "kind": "integer", "label": "Margin of success", "min": 1, "max": 20},
                {"name": "use_strength", "kind": "flag", "label": "Strength for damage (declared before the attack)"},
                {"name": "slow_strike", "kind": "flag", "label": "Slow strike through universal armour (+2 difficulty)"},
                {"name": "energy_allowance", "kind": "integer", "label": "Regular armour allowed against energy",
                 "min": 0, "max": 2},
            ],
            "dice": [{"roll": "attack", "kind": "dF", "count": 4, "when": "margin is rolled"},
                     {"roll": "defence", "kind": "dF", "count": 4, "when": "margin is rolled"},
                     {"roll": "damage", "kind": "dF", "count": "pool"}],
        },
        "sheet": [
            {"name": "name", "kind": "text", "label": "Name"},
            {"name": "skill", "kind": "ladder", "label": "Attack skill", "min": low, "max": high,
             "default": 0, "choices": ladder},
            {"name": "defence", "kind": "ladder", "label": "Defence", "min": low, "max": high,
             "default": 0, "choices": ladder},
            {"name": "strength", "kind": "integer", "label": "Strength modifier",
             "min": STRENGTH_RANGE[0], "max": STRENGTH_RANGE[1]},
            {"name": "weapons", "kind": "weapons", "label": "Weapons"},
            {"name": "armour", "kind": "armour", "label": "Armour"},
        ],
    }


def apply(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: Any,
          options: Options, dice: DiceSource) -> tuple[dict[str, State], Report]:
    if action != "attack":
        raise BadField(f"Typed Damage has no action {action!r}; it has {', '.join(ACTIONS)}", field="action")
    return resolve(read_attack(inputs, sheets), sheets, states, options, dice)


def odds(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: Any,
         options: Options) -> dict[str, Any]:
    if action != "attack":
        raise BadField(f"Typed Damage has no action {action!r}; it has {', '.join(ACTIONS)}", field="action")
    return attack_odds(read_attack(inputs, sheets), sheets, states, options)


def view(sheet: Sheet, state: State, options: Options) -> dict[str, Any]:
    """A combatant as the page draws it: boxes, penalty, status, gear."""
    track = load_track(options.track)
    return {
        "name": sheet.name,
        "stats": [
            {"label": "Attack", "value": describe(sheet.skill)},
            {"label": "Defence", "value": describe(sheet.defence)},
            {"label": "Strength", "value": f"{sheet.strength:+d}"},
        ],
        "skill": sheet.skill, "skill_name": level_name(sheet.skill),
        "weapons": [{"name": entry.name, "notation": entry.notation,
                     "modes": [mode.notation for mode in entry.weapon.modes]} for entry in sheet.weapons],
        "armour": {"name": sheet.armour_name, "notation": state.armour.notation,
                   "original": sheet.armour.notation, "worn": state.armour != sheet.armour},
        "track": [{"name": level.name, "penalty": level.penalty, "boxes": [i < count for i in range(level.boxes)]}
                  for level, count in zip(track.levels, state.marks)],
        "penalty": penalty(track, state.marks),
        "status": status(track, state.marks),
        "taken_out": taken_out(track, state.marks),
    }


def catalog() -> dict[str, Any]:
    """The text's sample weapons and armour, with their sources."""
    tables = load("typed")
    return {"weapons": tables["weapons"], "armour": tables["armour"]}
