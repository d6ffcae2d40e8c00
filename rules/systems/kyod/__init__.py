"""Know Your Own Damage: logarithmic damage for GURPS (seed 001; RULES_NOTES section 2).

Damage goes on the LogD scale (x10 damage = +30), so a pistol, a cannon and a dragon's bite all resolve
with one 3d6 penetration roll against one table of wound thresholds.  A target holds wounds by level;
a repeated level may cascade upwards on 1d, and the effects of each level come from an effects table.

This module is the system's face to the registry: options, sheets, states, actions, odds and views.
The rules live in the sibling modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...dice import DiceSource
from ...errors import BadField
from ...odds import Dist, chart, share
from ...report import Report
from ..data import load
from . import care
from .attack import DIVISORS, TYPES
from .scale import signed
from .chances import hit_odds
from .hit import LOCATIONS, STRUCTURES, hit_inputs, read_hit, resolve
from .options import SCHEMA, Options, options_to_dict, read_options
from .reference import tables
from .sheet import KINDS, MAX_HP, MAX_HT, MAX_REDUCTION, MAX_ST, MAX_WEAPONS, Sheet
from .view import card, player_widgets
from .wounds import MAX_WOUNDS, State
from .turns import TURNS

__all__ = ["options_to_dict", "read_options", "tables"]

ID = "kyod"
NAME = "Know Your Own Damage"
SOURCE = "\u201cKnow Your Own Damage\u201d, Anthony\u2019s logarithmic damage for GURPS"
ACTIONS = ("hit", "check", "turn", "heal")
KIND_LABELS = {"character": "Character (Toughness = ST \u2212 10)", "object": "Object"}
KIND_HELP = {"character": "feels shock and makes the knockdown, consciousness and death checks its wounds call for",
             "object": "feels no shock and makes no checks: its wound level is its damage, and the last level "
                       "destroys it"}
CHECK_HELP = {"death": "a failure is death; a success clears one death check due",
              "consciousness": "a failure knocks them out",
              "knockdown": "a failure knocks them down and stuns them",
              "recover": "a success ends the stun or unconsciousness"}


def option_schema() -> list[dict[str, Any]]:
    return [dict(entry) for entry in SCHEMA]


def read_sheet(data: Any, field: str = "sheet") -> Sheet:
    return Sheet.from_dict(data, field)


def fresh_state(sheet: Sheet, options: Options) -> State:
    return State()


def edited_state(old: Sheet, state: State, new: Sheet, options: Options) -> State:
    """Wounds stay through an edit: they are levels, and a level means the same on any sheet."""
    if new.kind != "character":
        return replace(state, unconscious=False, stunned=False, shock=0, death_checks=0)
    return state


def sheet_schema() -> list[dict[str, Any]]:
    character = {"input": "kind", "in": ["character"]}
    thing = {"input": "kind", "in": ["object"]}
    return [
        {"name": "name", "kind": "text", "label": "Name", "max_length": 60},
        {"name": "kind", "kind": "choice", "label": "Target", "default": "character",
         "choices": [{"value": kind, "label": KIND_LABELS[kind]} for kind in KINDS],
         "help": KIND_HELP["character"],
         "helps": [{"when": {"input": "kind", "in": [kind]}, "text": KIND_HELP[kind]} for kind in KINDS]},
        {"name": "st", "kind": "integer", "label": "ST", "min": 1, "max": MAX_ST, "default": 10, "when": character,
         "help": "Toughness is ST \u2212 10; thrust averages LogD ST, swing ST + 8"},
        {"name": "ht", "kind": "integer", "label": "HT", "min": 1, "max": MAX_HT, "default": 10, "when": character,
         "help": "for knockdown, consciousness and death checks"},
        {"name": "toughness_from", "kind": "choice", "label": "Toughness from", "default": "hp", "when": thing,
         "choices": [{"value": "hp", "label": "HP: LogD(HP) \u2212 30"},
                     {"value": "weight", "label": "Weight on the KYoS chart"}]},
        {"name": "hp", "kind": "integer", "label": "HP", "min": 1, "max": MAX_HP, "default": 10,
         "when": {"input": "toughness_from", "in": ["hp"]}},
        {"name": "weight", "kind": "text", "label": "Weight (lb)", "max_length": 16, "example": "2 or 0.5",
         "default": "2", "when": {"input": "toughness_from", "in": ["weight"]}, "help": "2 lb is Toughness 0"},
        {"name": "mechanical", "kind": "flag", "label": "Unliving or mechanical (\u22129)", "default": True,
         "when": {"input": "toughness_from", "in": ["weight"]}},
        {"name": "armour", "kind": "text", "label": "Armour DR", "max_length": 60, "example": "4, or 4 + 2 for layers",
         "default": "0", "help": "each layer's DR; several layers are added as the rule options say"},
        {"name": "structure", "kind": "choice", "label": "Injury Tolerance", "default": "living",
         "choices": [{"value": value, "label": row["label"]} for value, row in STRUCTURES.items()]},
        {"name": "reduction", "kind": "integer", "label": "Injury Tolerance (Damage Reduction) level", "min": 0,
         "max": MAX_REDUCTION, "default": 0, "advanced": True, "help": "subtracted from the wound level"},
        {"name": "weapons", "kind": "list", "label": "Weapons", "max": MAX_WEAPONS,
         "default": [{key: row[key] for key in ("name", "notation")} for row in load("kyod")["weapons"][:1]],
         "of": {"kind": "gear", "catalog": "weapons", "label": "Weapon",
                "example": "2d+1 cut, thr+2 imp, 6d(2) pi gun"}},
    ]


def _hit_inputs() -> list[dict[str, Any]]:
    typed = {"input": "attacker", "in": [""]}
    return [
        {"name": "attacker", "kind": "combatant", "role": "actor", "label": "Attacker", "optional": True,
         "empty_label": "No attacker: type the attack"},
        {"name": "target", "kind": "combatant", "role": "target", "label": "Target", "while_standing": True},
        {"name": "weapon", "kind": "weapon", "from": "attacker", "label": "Weapon",
         "when": {"input": "attacker", "not_in": [""]}},
        {"name": "damage", "kind": "notation", "label": "Damage", "example": "2d+1, thr+2, sw or 3d+20[+0]",
         "default": "3d+20[+0]", "when": typed},
        {"name": "type", "kind": "choice", "label": "Damage type", "default": "cr", "when": typed,
         "choices": [{"value": kind, "label": f"{kind} (WM {signed(row['wm'])})"}
                     for kind, row in TYPES.items()]},
        {"name": "divisor", "kind": "choice", "label": "Armour divisor", "default": "", "when": typed, "advanced": True,
         "choices": [{"value": "", "label": "None"}] + [
             {"value": key, "label": f"({key}): Pen {signed(row['pen'])}, WM {signed(row['wm'])}"}
             for key, row in DIVISORS.items()]},
        {"name": "gun", "kind": "flag", "label": "Small arms (the firearm wound modifier)", "default": False,
         "when": typed, "advanced": True, "help": "not for cannon-class munitions"},
        {"name": "st", "kind": "integer", "label": "Attacker's ST (for thrust and swing)", "min": 1, "max": MAX_ST,
         "default": 10, "when": typed, "advanced": True},
        {"name": "location", "kind": "choice", "label": "Where it lands", "default": "torso",
         "choices": [{"value": value, "label": row["label"]} for value, row in LOCATIONS.items()]},
        {"name": "barriers", "kind": "text", "label": "Barriers first (DR, in order)", "max_length": 60,
         "example": "4, 12", "optional": True, "advanced": True,
         "help": "each is subtracted from the penetration in turn"},
        {"name": "ignores_dr", "kind": "flag", "label": "Ignores DR (the Raw table)", "default": False,
         "advanced": True},
    ]


def action_schema() -> list[dict[str, Any]]:
    return [
        {"id": "hit", "label": "Hit", "verb": "Roll", "odds": True, "dice": True, "inputs": _hit_inputs()},
        {"id": "check", "label": "Check", "verb": "Roll", "odds": True, "dice": True, "inputs": [
            {"name": "target", "kind": "combatant", "role": "target", "label": "Who"},
            {"name": "check", "kind": "choice", "label": "Check", "default": "death",
             "choices": [{"value": value, "label": label} for value, label in care.CHECKS.items()],
             "help": "a GURPS success roll: 3d6 at or under HT",
             "helps": [{"when": {"input": "check", "in": [check]}, "text": f"3d6 at or under HT: {words}"}
                       for check, words in CHECK_HELP.items()]},
            {"name": "modifier", "kind": "integer", "label": "Modifier to HT", "min": -care.MAX_MODIFIER,
             "max": care.MAX_MODIFIER, "default": 0},
        ]},
        {"id": "turn", "label": "Turn", "verb": "End the turn", "odds": False, "dice": False, "inputs": [
            {"name": "target", "kind": "combatant", "role": "target", "label": "Whose turn ends", "optional": True,
             "empty_label": "Everyone", "default": ""},
        ]},
        {"id": "heal", "label": "Heal", "verb": "Heal", "odds": False, "dice": False, "inputs": [
            {"name": "target", "kind": "combatant", "role": "target", "label": "Who"},
            {"name": "which", "kind": "choice", "label": "Heal", "default": "worst", "choices": [
                {"value": "worst", "label": "The worst wound"}, {"value": "level", "label": "A wound of one level"},
                {"value": "all", "label": "Every wound"}]},
            {"name": "level", "kind": "integer", "label": "Level", "min": 1, "max": MAX_WOUNDS, "default": 1,
             "when": {"input": "which", "in": ["level"]}},
        ]},
    ]


def _action(action: str) -> str:
    if action not in ACTIONS:
        raise BadField("Know Your Own Damage has no such action; it has Hit, Check, Turn and Heal", field="action")
    return action


def read_inputs(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: Any,
                options: Options) -> dict[str, Any]:
    """An action's inputs checked against the roster, in the canonical form the log keeps."""
    action = _action(action)
    if action == "hit":
        chosen = hit_inputs(read_hit(inputs, sheets, options))
        if len(states[chosen["target"]].wounds) >= MAX_WOUNDS:
            raise BadField(f"{sheets[chosen['target']].name} holds {MAX_WOUNDS} wounds, as many as Woundbook keeps",
                           field="target")
        return chosen
    if action == "check":
        return care.read_check(inputs, sheets, states)
    if action == "turn":
        return care.read_turn(inputs, sheets)
    return care.read_heal(inputs, sheets, states, MAX_WOUNDS)


def apply(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: dict[str, Any],
          options: Options, dice: DiceSource) -> tuple[dict[str, State], Report]:
    action = _action(action)
    if action == "hit":
        return resolve(read_hit(inputs, sheets, options), sheets, states, options, dice)
    run = {"check": care.check, "turn": care.turn, "heal": care.heal}[action]
    return run(inputs, sheets, states, options, dice)


def odds(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: Any,
         options: Options) -> dict[str, Any]:
    action = _action(action)
    if action == "hit":
        return hit_odds(read_hit(inputs, sheets, options), sheets, states, options)
    if action == "check":
        chosen = care.read_check(inputs, sheets, states)
        success, words = care.check_odds(chosen, sheets, states)
        weights = Dist.exact({"Success": success, "Failure": 1 - success})
        return {"title": care.CHECKS[chosen["check"]], "summary": f"{words}: succeeds {share(success)['percent']}",
                "pool": 3, "charts": [chart("The roll", [(name, weights.weights[name]) for name in ("Success", "Failure")
                                                          if name in weights.weights], weights.total)]}
    raise BadField("nothing is rolled for this action, so it has no odds", field="action")


def view(sheet: Sheet, state: State, options: Options) -> dict[str, Any]:
    return card(sheet, state, options)


def catalog() -> dict[str, Any]:
    """Sample attacks from the text, each citing where it comes from."""
    return {"weapons": load("kyod")["weapons"]}
