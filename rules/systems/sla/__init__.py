"""SLA Industries, the 3d system conversion (seed 002; RULES_NOTES section 3).

Every roll is 3d6 read as three dice with roles: the Success die (the Aiming die of a shot), the Penetration die
and the Damage die (D-SL-3).  A shot is aimed at a hex of the Body Hex Diagram (lost, designed here as data on the
Hit Deviation Diagram's grid) and deviates from it by its Hit Spread; its PEN meets the location's armour; its damage
comes off Incap and the location's Hits, may open a wound that bleeds in phase 3, and may knock the target down.

This module is the system's face to the registry: options, sheets, states, actions, odds and views.  The rules
live in the sibling modules; firing modes, melee and grenades come with part 2 (issue 26).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...dice import DiceSource
from ...errors import BadField
from ...report import Report
from ..data import load
from . import care, defence, grenades, handling, hit, melee, melee_inputs, rounds, volley
from .chances import shot_odds
from .melee_odds import melee_odds
from .volley_odds import volley_odds
from .options import Options, options_to_dict, read_options, schema as _option_schema
from .shoot_inputs import read_shot
from .sheet import (DEFAULT_HITS, DEFAULT_INCAP, HITS_RANGE, INCAP_RANGE, LOCATION_LABELS, LOCATIONS, MAX_ARMOUR,
                    MAX_PV, MAX_WEAPONS, SPECIES, STAT_RANGE, STATS, Sheet)
from .forms import action_schema
from .reference import tables
from .view import card, player_widgets
from .wounds import State
from .turns import TURNS

__all__ = ["action_schema", "options_to_dict", "read_options", "tables"]

ID = "sla"
NAME = "SLA Industries (3d system)"
SOURCE = "\u201cA 3d System conversion for SLA Industries\u201d v3.5, by Eldritch (dnotice.de)"
ACTIONS = ("shoot", "melee", "dodge", "grenade", "time", "initiative", "aid", "heal", "harm", "move", "ready")
_DATA = load("sla")


def option_schema() -> list[dict[str, Any]]:
    return _option_schema()


def read_sheet(data: Any, field: str = "sheet") -> Sheet:
    return Sheet.from_dict(data, field)


def fresh_state(sheet: Sheet, options: Options) -> State:
    return State()


def edited_state(old: Sheet, state: State, new: Sheet, options: Options) -> State:
    """Damage stays through an edit, counted in points; armour wear stays by layer where the layer is still there."""
    return replace(state, worn=tuple(entry for entry in state.worn if entry[0] < len(new.armour)))


def sheet_schema() -> list[dict[str, Any]]:
    vev = {"input": "species", "in": ["vevaphon"]}
    return [
        {"name": "name", "kind": "text", "label": "Name", "max_length": 60},
        {"name": "species", "kind": "choice", "label": "Species", "default": "human",
         "choices": [{"value": value, "label": row["label"]} for value, row in SPECIES.items()],
         "help": "a Stormer 711 has Xeno skin armour (PV 7, ID 3 \u00d7 Hits); a Vevaphon may harden its cells; "
                 "Stormers regenerate"},
        *[{"name": key, "kind": "integer", "label": label, "min": STAT_RANGE[0], "max": STAT_RANGE[1], "default": 8}
          for key, label in STATS],
        {"name": "skills", "kind": "text", "label": "Skills", "max_length": 300, "optional": True,
         "example": "Pistol 6, Rifle 4, Marksman 3, Paramedic 2, Martial Arts 1",
         "help": "each skill and its rank; a weapon names its skill, Marksman caps the aim bonus, Martial Arts adds "
                 "to initiative, Paramedic gives first aid"},
        *[{"name": f"hits_{location}", "kind": "integer", "label": f"{LOCATION_LABELS[location]} Hits",
           "min": HITS_RANGE[0], "max": HITS_RANGE[1], "default": DEFAULT_HITS[location],
           "help": "from the character sheet (the formula is lost)"} for location in LOCATIONS],
        {"name": "incap", "kind": "integer", "label": "Incap", "min": INCAP_RANGE[0], "max": INCAP_RANGE[1],
         "default": DEFAULT_INCAP, "help": "from the character sheet (the formula is lost)"},
        {"name": "vevaphon_pv", "kind": "integer", "label": "Hardened PV (Vevaphon)", "min": 0, "max": MAX_PV,
         "default": 0, "when": vev, "help": "the PV the cells are shifted to (Karma p. 125); ID = PV/2 \u00d7 Hits"},
        {"name": "extra_actions", "kind": "integer", "label": "Extra actions (advantages)", "min": 0, "max": 3,
         "default": 0, "advanced": True, "help": "actions from advantages such as Ambidextrous"},
        {"name": "rapid_fire", "kind": "flag", "label": "Rapid Fire advantage", "default": False, "advanced": True,
         "help": "a Wild shot has no \u22123 to hit and +2 Hit Spread at Optimum"},
        {"name": "quick_draw", "kind": "flag", "label": "Quick Draw advantage", "default": False, "advanced": True,
         "help": "no DEX test to draw and fire in one action"},
        {"name": "ambidextrous", "kind": "flag", "label": "Ambidextrous", "default": False, "advanced": True,
         "help": "no \u22123 for the off hand with two weapons"},
        {"name": "dance", "kind": "choice", "label": "Dodging bullets", "default": "none", "advanced": True,
         "choices": [{"value": "none", "label": "No (bullets cannot be dodged)"},
                     {"value": "dance", "label": "Dance of Death: a dodge counts against shots, then \u2212(7 \u2212 "
                                                  "the Success die) on the next action"},
                     {"value": "ballet", "label": "Ballet of Death: as Dance, with no penalty"}]},
        {"name": "weapons", "kind": "list", "label": "Weapons", "max": MAX_WEAPONS,
         "default": [{key: row[key] for key in ("name", "notation")} for row in _DATA["weapons"]["rows"][:1]],
         "of": {"kind": "gear", "catalog": "weapons", "label": "Weapon",
                "example": "skill Pistol, RNG 20, RCL 2, PEN 2, DAM 4, AD 2"}},
        {"name": "armour", "kind": "list", "label": "Armour", "max": MAX_ARMOUR, "default": [],
         "of": {"kind": "gear", "catalog": "armour", "label": "Armour",
                "example": "PV 6, ID 25, DM 1, torso, abdomen, arms"}},
    ]


def _action(action: str) -> str:
    if action not in ACTIONS:
        raise BadField("SLA Industries has no such action; it has Shoot, Melee, Dodge, Grenade, Time, Initiative, "
                       "First aid, Heal, Damage, Position and Ready weapon", field="action")
    return action


def read_inputs(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: Any,
                options: Options) -> dict[str, Any]:
    """An action's inputs checked against the roster, in the canonical form the log keeps."""
    action = _action(action)
    if action == "shoot":
        return read_shot(inputs, sheets, states, options).to_inputs()
    if action == "time":
        return rounds.read_time(inputs, sheets, states)
    if action == "initiative":
        return rounds.read_initiative(inputs, sheets, states)
    if action == "aid":
        return care.read_aid(inputs, sheets, states)
    if action == "heal":
        return care.read_heal(inputs, sheets, states)
    if action == "harm":
        return care.read_harm(inputs, sheets)
    if action == "ready":
        return handling.read_ready(inputs, sheets, states)
    if action == "melee":
        return melee_inputs.read_melee(inputs, sheets, states, options).to_inputs()
    if action == "grenade":
        return grenades.read_throw(inputs, sheets, states, options).to_inputs()
    if action == "dodge":
        return defence.read_dodge(inputs, sheets, states, options)
    return care.read_move(inputs, sheets, states)


def apply(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: dict[str, Any],
          options: Options, dice: DiceSource) -> tuple[dict[str, State], Report]:
    action = _action(action)
    if action == "shoot":
        shot = read_shot(inputs, sheets, states, options)
        return (hit.resolve if shot.mode == "single" else volley.resolve)(shot, sheets, states, options, dice)
    if action == "grenade":
        return grenades.resolve(grenades.read_throw(inputs, sheets, states, options), sheets, states, options, dice)
    if action == "melee":
        return melee.resolve(melee_inputs.read_melee(inputs, sheets, states, options), sheets, states, options, dice)
    run = {"time": rounds.time, "initiative": rounds.initiative, "aid": care.aid, "heal": care.heal,
           "harm": care.harm, "move": care.move, "ready": handling.ready, "dodge": melee.dodge}[action]
    return run(inputs, sheets, states, options, dice)


def odds(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: Any,
         options: Options) -> dict[str, Any]:
    action = _action(action)
    if action == "shoot":
        shot = read_shot(inputs, sheets, states, options)
        gun = sheets[shot.attacker].weapons[shot.weapon].weapon
        one = shot.mode == "single" and gun.barrels == 1 and not (gun.shotgun and shot.shell == "shot")
        return (shot_odds if one else volley_odds)(shot, sheets, states, options)
    if action == "melee":
        return melee_odds(melee_inputs.read_melee(inputs, sheets, states, options), sheets, states, options)
    if action == "grenade":
        return grenades.odds(grenades.read_throw(inputs, sheets, states, options), sheets, states, options)
    raise BadField("only a shot, a blow and a grenade have odds here", field="action")


def view(sheet: Sheet, state: State, options: Options) -> dict[str, Any]:
    return card(sheet, state, options)


def catalog() -> dict[str, Any]:
    """Sample weapons and armour, each saying where its numbers come from (the text's tables are lost)."""
    return {"weapons": _DATA["weapons"]["rows"], "armour": _DATA["armour"]["rows"],
            "grenades": [row for row in _DATA["weapons"]["rows"] if "grenade " in row["notation"]]}


