"""MegaTraveller: the RCS Harmonised Damage System (seed 000; RULES_NOTES section 1).

People, unimportant NPCs, animals, vehicles and aircraft take damage on one scale.  A person marks a
Personal Integrity chart, rolling to avoid being stunned or knocked out as rows fill; the rest are
written K/(I-K) and knocked out (or disabled) and killed (or destroyed) automatically.

This module is the system's face to the registry: options, sheets, states, actions, odds and views.
The rules live in the sibling modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...dice import DiceSource
from ...errors import BadField
from ...odds import chart, share
from ...report import Report
from ..data import load
from . import recovery
from .chances import compare_odds, hit_odds
from .damage import MAX_DAMAGE_VALUE
from .hit import hit_inputs, read_hit, resolve
from .integrity import CHARACTERISTICS
from .options import SCHEMA, Options, options_to_dict, read_options
from .sheet import KIND_LABELS, KINDS, LIMB_STATES, MAX_SKILL, MAX_WEAPONS, MACHINES, Sheet, State, fresh
from .view import card, player_widgets
from .turns import TURNS

__all__ = ["options_to_dict", "read_options"]

ID = "megatraveller"
NAME = "MegaTraveller"
SOURCE = "\u201cRCS: Harmonised Damage System\u201d, J.T. Gibson\u2019s MegaTravellerWiki"
ACTIONS = ("hit", "recover", "time", "heal", "ruling", "compare")


def option_schema() -> list[dict[str, Any]]:
    return [dict(entry) for entry in SCHEMA]


def read_sheet(data: Any, field: str = "sheet") -> Sheet:
    return Sheet.from_dict(data, field)


def fresh_state(sheet: Sheet, options: Options) -> State:
    return fresh(sheet)


def edited_state(old: Sheet, state: State, new: Sheet, options: Options) -> State:
    """Damage stays through an edit, within what the new sheet can hold; a new kind of target starts fresh."""
    if new.kind != old.kind:
        return fresh(new)
    if new.kind in MACHINES:
        olds = {part.key: damage for part, damage in zip(old.parts, state.parts)}
        return replace(state, parts=tuple(olds.get(part.key, 0) for part in new.parts))
    if new.kind == "person":
        lethal = min(state.lethal, new.integrity)
        non_lethal = min(state.non_lethal, new.integrity - lethal)
        full = lethal + non_lethal >= new.integrity     # a full chart knocks out, however it came to be full
        return replace(state, lethal=lethal, non_lethal=non_lethal, unconscious=state.unconscious or full)
    return state


def _skill_choices() -> list[dict[str, Any]]:
    return [{"value": "none", "label": "None"}] + [{"value": level, "label": str(level)}
                                                 for level in range(MAX_SKILL + 1)]


# What each kind of target means for the rules (seed: "Integrity"), shown under the kind as it is chosen.
KIND_HELP = {
    "person": "marks the Personal Integrity chart (Integrity is twice Str + Dex + End) and rolls to avoid a stun "
              "or to stay conscious as the rows fill",
    "npc": "a \u201cred shirt\u201d: Integrity is twice Str + Dex + End, knocked out automatically at a third of it "
           "and killed at all of it, with no rolls",
    "animal": "its Hits, each number multiplied by 4 (a Grazer\u2019s 9/6 is 36/24); knocked out and killed "
              "automatically, with no rolls",
    "vehicle": "a vehicle, craft or ship: Hull, Power and Locomotion ratings, each multiplied by 40; each is "
               "disabled at its first number and destroyed at the sum",
    "aircraft": "its Hull and Power hits from the aircraft durability revision, taken as given (not multiplied): "
                "far more fragile than a ground vehicle",
}
# The records a new vehicle or aircraft starts from, each the seed's own example: the ground car (Hull 2/5, Power 1/2,
# Loco 1/2) and the TL8 Bitburg Attack Aircraft's revised hits (Hull 46/115, Power 16/40 + 16/40, no Locomotion).
MACHINE_DEFAULTS = {
    "vehicle": {"hull": "2/5", "power": "1/2", "loco": "1/2"},
    "aircraft": {"hull": "46/115", "power": "16/40 + 16/40", "loco": ""},
}
MACHINE_HELP = {
    "vehicle": {"hull": "the Hull rating; each number is multiplied by 40 (a ground car\u2019s 2/5 is 80/200)",
                "power": "each Power rating, multiplied by 40; several are joined with +",
                "loco": "the Locomotion rating, multiplied by 40"},
    "aircraft": {"hull": "the revised Hull hits, taken as given (the Bitburg\u2019s 60/150 is 46/115 revised)",
                 "power": "the revised Power hits, taken as given; several are joined with +",
                 "loco": "an aircraft usually has none"},
}


# Each recovery roll as the seed's task boxes give it (data: tasks), shown under the choice as it is made.
RECOVERY_HELP = {
    "stun_slow": "Routine, a Long Action; Martial Arts, Brawling or Survival helps, unskilled OK",
    "stun_quick": "Difficult, a Short Action; Martial Arts, Brawling or Survival helps",
    "wake": "Difficult, every 5 minutes, with End's DM; waking does not end a stun",
    "rouse": "Routine, 10 seconds, with the helper's Medical and the victim's End; needs smelling salts or stimulants",
}


def _following(record: str) -> dict[str, Any]:
    """A vehicle's record input's default and help, following the kind chosen (a ground car's or an aircraft's)."""
    return {"defaults": [{"when": {"input": "kind", "in": [kind]}, "value": MACHINE_DEFAULTS[kind][record]}
                         for kind in MACHINES],
            "helps": [{"when": {"input": "kind", "in": [kind]}, "text": MACHINE_HELP[kind][record]}
                      for kind in MACHINES]}


def sheet_schema() -> list[dict[str, Any]]:
    people = {"input": "kind", "in": ["person", "npc"]}
    machines = {"input": "kind", "in": list(MACHINES)}
    skills = [
        {"name": name, "kind": "choice", "label": label, "default": "none", "choices": _skill_choices(),
         "when": people, **extra}
        for name, label, extra in (
            ("martial_arts", "Martial Arts", {}), ("brawling", "Brawling", {}), ("survival", "Survival", {}),
            ("medical", "Medical", {"advanced": True, "help": "used when this person rouses someone"}))]
    return [
        {"name": "name", "kind": "text", "label": "Name", "max_length": 60},
        {"name": "kind", "kind": "choice", "label": "Kind of target", "default": "person",
         "choices": [{"value": kind, "label": KIND_LABELS[kind]} for kind in KINDS],
         "help": KIND_HELP["person"],
         "helps": [{"when": {"input": "kind", "in": [kind]}, "text": KIND_HELP[kind]} for kind in KINDS]},
        {"name": "upp", "kind": "text", "label": "UPP", "max_length": 12, "example": "45398C", "default": "777777",
         "when": people, "help": "Life Force is Str + Dex + End; Integrity is twice that"},
        *skills,
        {"name": "hits", "kind": "text", "label": "Hits", "max_length": 20, "example": "9/6", "default": "9/6",
         "when": {"input": "kind", "in": ["animal"]}, "help": "the animal's Hits; each number is multiplied by 4"},
        {"name": "hull", "kind": "text", "label": "Hull", "max_length": 60, "example": "2/5 or 46/115",
         "default": MACHINE_DEFAULTS["vehicle"]["hull"], "when": machines,
         "help": "a vehicle's ratings are multiplied by 40; an aircraft's revised hits are taken as given",
         **_following("hull")},
        {"name": "power", "kind": "text", "label": "Power", "max_length": 60, "example": "1/2 or 16/40 + 16/40",
         "optional": True, "when": machines, **_following("power")},
        {"name": "loco", "kind": "text", "label": "Locomotion", "max_length": 60, "example": "1/2",
         "optional": True, "when": machines, **_following("loco")},
        {"name": "weapons", "kind": "list", "label": "Weapons", "max": MAX_WEAPONS,
         "default": [{key: row[key] for key in ("name", "notation")} for row in load("megatraveller")["weapons"][:1]],
         "of": {"kind": "gear", "catalog": "weapons", "label": "Weapon", "example": "3N (non-lethal) or 34"}},
    ]


def _hit_inputs(with_target: bool) -> list[dict[str, Any]]:
    attacker = {"input": "attacker", "not_in": [""]}
    typed = {"input": "attacker", "in": [""]}
    inputs: list[dict[str, Any]] = [
        {"name": "attacker", "kind": "combatant", "role": "actor", "label": "Attacker", "optional": True,
         "empty_label": "No attacker: type the Damage Value"},
    ]
    if with_target:
        inputs.append({"name": "target", "kind": "combatant", "role": "target", "label": "Target",
                       "while_standing": True})
    inputs += [
        {"name": "weapon", "kind": "weapon", "from": "attacker", "label": "Weapon", "when": attacker},
        {"name": "damage_value", "kind": "integer", "label": "Damage Value", "min": 0, "max": MAX_DAMAGE_VALUE,
         "default": 3, "when": typed},
        {"name": "harm", "kind": "choice", "label": "Damage", "default": "lethal", "when": typed, "choices": [
            {"value": "lethal", "label": "Lethal (X)"}, {"value": "non_lethal", "label": "Non-lethal (/)"}]},
    ]
    if with_target:
        inputs.append({"name": "part", "kind": "part", "from": "target", "label": "Where it lands"})
    inputs += [
        {"name": "dice", "kind": "choice", "label": "Damage Dice", "default": "value", "advanced": True, "choices": [
            {"value": "value", "label": "The Damage Value"},
            {"value": "low", "label": "Halved: Low Penetration"},
            {"value": "referee", "label": "The referee's number"}],
         "help": "fractions are dropped; 0 dice is ineffective"},
        {"name": "damage_dice", "kind": "integer", "label": "Damage Dice", "min": 0, "max": MAX_DAMAGE_VALUE,
         "default": 3, "when": {"input": "dice", "in": ["referee"]}, "advanced": True,
         "help": "after High Penetration or an Exceptional Success or Failure (those pages are lost)"},
    ]
    return inputs


def action_schema() -> list[dict[str, Any]]:
    data = load("megatraveller")
    rouse = {"input": "how", "in": ["rouse"]}
    return [
        {"id": "hit", "label": "Hit", "verb": "Roll", "odds": True, "dice": True, "inputs": _hit_inputs(True)},
        {"id": "recover", "label": "Recover", "verb": "Roll", "odds": True, "dice": True, "inputs": [
            {"name": "target", "kind": "combatant", "role": "target", "label": "Who"},
            {"name": "how", "kind": "choice", "label": "Roll", "default": "stun_slow", "choices": [
                {"value": "stun_slow", "label": "Stun: slowly (Long Action)"},
                {"value": "stun_quick", "label": "Stun: quickly (Short Action)"},
                {"value": "wake", "label": "Wake (every 5 minutes)"},
                {"value": "rouse", "label": "Roused by a helper"}],
             "help": RECOVERY_HELP["stun_slow"],
             "helps": [{"when": {"input": "how", "in": [how]}, "text": words} for how, words in RECOVERY_HELP.items()]},
            {"name": "helper", "kind": "combatant", "role": "actor", "label": "Helper", "optional": True,
             "empty_label": "Someone not on the roster", "when": rouse},
            {"name": "medical", "kind": "choice", "label": "Helper's Medical (if not on the roster)",
             "default": "none", "choices": _skill_choices(), "when": rouse},
            {"name": "salts", "kind": "flag", "label": "Smelling salts or stimulants at hand", "default": True,
             "when": rouse, "help": "without them the victim cannot be woken before they come round"},
        ]},
        {"id": "time", "label": "Time", "verb": "Pass the time", "odds": False, "dice": False, "inputs": [
            {"name": "target", "kind": "combatant", "role": "target", "label": "Who", "optional": True,
             "empty_label": "Everyone", "default": ""},
            {"name": "hours", "kind": "integer", "label": "Hours", "min": 1, "max": recovery.MAX_HOURS, "default": 1},
            {"name": "resting", "kind": "flag", "label": "Resting", "default": True,
             "help": "non-lethal damage heals at End an hour, half that when not resting"},
        ]},
        {"id": "heal", "label": "Heal", "verb": "Heal", "odds": False, "dice": False, "inputs": [
            {"name": "target", "kind": "combatant", "role": "target", "label": "Who"},
            {"name": "part", "kind": "part", "from": "target", "label": "Record repaired"},
            {"name": "harm", "kind": "choice", "label": "Damage healed", "default": "lethal", "choices": [
                {"value": "lethal", "label": "Lethal (X)"}, {"value": "non_lethal", "label": "Non-lethal (/)"}]},
            {"name": "amount", "kind": "integer", "label": "Points", "min": 1, "max": recovery.MAX_HEAL, "default": 1,
             "help": "the amount the referee gives; boxes are erased right to left, bottom to top"},
        ]},
        {"id": "ruling", "label": "Ruling", "verb": "Record", "odds": False, "dice": False, "inputs": [
            {"name": "target", "kind": "combatant", "role": "target", "label": "Who"},
            {"name": "rule", "kind": "choice", "label": "Ruling", "default": "limb", "choices": [
                {"value": "limb", "label": "Limb damage"},
                {"value": "characteristic", "label": "Characteristic damage"},
                {"value": "note", "label": "A note (a head hit\u2019s concussion)"}],
             "help": "those pages are lost: record what the referee decides"},
            {"name": "location", "kind": "choice", "label": "Location", "default": "Chest",
             "choices": [{"value": name, "label": name} for name in data["limb_locations"]],
             "when": {"input": "rule", "in": ["limb"]}},
            {"name": "condition", "kind": "choice", "label": "Condition", "default": "Injured",
             "choices": [{"value": name, "label": name} for name in LIMB_STATES],
             "when": {"input": "rule", "in": ["limb"]}},
            {"name": "coma", "kind": "flag", "label": "Knocked into a coma", "when": {"input": "rule", "in": ["limb"]}},
            {"name": "characteristic", "kind": "choice", "label": "Characteristic", "default": "End",
             "choices": [{"value": name, "label": name} for name in CHARACTERISTICS],
             "when": {"input": "rule", "in": ["characteristic"]}},
            {"name": "points", "kind": "integer", "label": "Points lost", "min": -30, "max": 30, "default": 1,
             "help": "a negative number restores points", "when": {"input": "rule", "in": ["characteristic"]}},
            {"name": "note", "kind": "text", "label": "Note", "max_length": recovery.MAX_NOTE,
             "example": "mild concussion", "when": {"input": "rule", "in": ["note"]}},
        ]},
        {"id": "compare", "label": "Compare", "verb": None, "odds": True, "dice": False,
         "inputs": _hit_inputs(False)},
    ]


def _action(action: str) -> str:
    if action not in ACTIONS:
        raise BadField("MegaTraveller has no such action; it has Hit, Recover, Time, Heal, Ruling and Compare", field="action")
    return action


def read_inputs(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: Any,
                options: Options) -> dict[str, Any]:
    """An action's inputs checked against the roster, in the canonical form the log keeps."""
    action = _action(action)
    if action in ("hit", "compare"):
        return hit_inputs(read_hit(inputs, sheets, states, options, with_target=action == "hit"))
    if action == "recover":
        return recovery.read_recover(inputs, sheets, states)
    if action == "time":
        return recovery.read_rest(inputs, sheets)
    if action == "heal":
        return recovery.read_heal(inputs, sheets)
    return recovery.read_ruling(inputs, sheets)


def apply(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: dict[str, Any],
          options: Options, dice: DiceSource) -> tuple[dict[str, State], Report]:
    action = _action(action)
    if action == "compare":
        raise BadField("Compare only shows how many hits each target takes; it changes nothing", field="action")
    if action == "hit":
        return resolve(read_hit(inputs, sheets, states, options), sheets, states, options, dice)
    run = {"recover": recovery.recover, "time": recovery.rest, "heal": recovery.heal, "ruling": recovery.ruling}[action]
    return run(inputs, sheets, states, options, dice)


def odds(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: Any,
         options: Options) -> dict[str, Any]:
    action = _action(action)
    if action == "hit":
        return hit_odds(read_hit(inputs, sheets, states, options), sheets, states, options)
    if action == "compare":
        return compare_odds(read_hit(inputs, sheets, states, options, with_target=False), sheets, states, options)
    if action == "recover":
        chosen = recovery.read_recover(inputs, sheets, states)
        rolled, why = recovery.recovery_task(chosen, sheets, states, options)
        success = rolled.chance()
        weights = [("Success", int(success * 36)), ("Failure", int((1 - success) * 36))]
        return {"title": why.split(":")[0], "summary": f"{rolled.words()}; succeeds {share(success)['percent']}",
                "pool": 2, "success": share(success),
                "charts": [chart("The roll", [item for item in weights if item[1]], 36)]}
    raise BadField("nothing is rolled for this action, so it has no odds", field="action")


def view(sheet: Sheet, state: State, options: Options) -> dict[str, Any]:
    return card(sheet, state, options)


def catalog() -> dict[str, Any]:
    """The seed's weapons, each citing where it comes from."""
    return {"weapons": load("megatraveller")["weapons"]}


def tables() -> list[dict[str, Any]]:
    """No tables to print: everything the text looks up is on the cards."""
    return []
