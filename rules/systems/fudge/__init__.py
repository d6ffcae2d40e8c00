"""FUDGE (1995), chapter 4: combat, wounds and healing (seed 003; RULES_NOTES section 4).

Chapter 4 is a menu more than a rule: each table picks its pacing (story elements, simultaneous rounds,
alternating turns), its wound method (the damage number, doubled degree, Min-Mid-Max, the GM's word), its damage
roll and its wound record.  Every choice is an option of the encounter; every exchange is an action, so a fight
runs round by round.

This module is the system's face to the registry: options, sheets, states, actions, odds and views.  The rules
live in the sibling modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...dice import DiceSource
from ...errors import BadField
from ...ladder import describe, level_name
from ...report import Report
from ..data import load
from . import alternating, care, contests, fighters, melee, ranged
from .chances import odds as chance_odds
from .combat import PARTS, PULLS, SHIELDS
from .options import Options, options_to_dict, read_options, schema
from .reference import tables
from .sheet import MAX_WEAPONS, ROLE_LABELS, ROLES, SCALE_RANGE, Sheet
from .view import card, player_widgets
from .wounds import State
from .turns import TURNS

__all__ = ["options_to_dict", "read_options", "tables"]

ID = "fudge"
NAME = "FUDGE"
SOURCE = "FUDGE (1995), chapter 4: Combat, Wounds and Healing"
ACTIONS = ("round", "attack", "story", "shoot", "contest", "wound", "heal", "time")
_LABELS = {"round": "Round", "attack": "Attack", "story": "Story", "shoot": "Shoot", "contest": "Initiative",
           "wound": "Wound", "heal": "Heal", "time": "Time"}
STANCE_CHOICES = [{"value": str(row["offense"]), "label": row["label"]} for row in load("fudge")["stances"]["rows"]]


def option_schema() -> list[dict[str, Any]]:
    return schema()


def _ladder(low: int = -3, high: int = 3, text: bool = False) -> list[dict[str, Any]]:
    return [{"value": str(value) if text else value, "label": describe(value)} for value in range(low, high + 1)]


def read_sheet(data: Any, field: str = "sheet") -> Sheet:
    return Sheet.from_dict(data, field)


def fresh_state(sheet: Sheet, options: Options) -> State:
    return State()


def edited_state(old: Sheet, state: State, new: Sheet, options: Options) -> State:
    """Wounds are levels, so they mean the same on any sheet: an edit keeps them."""
    return state


def sheet_schema() -> list[dict[str, Any]]:
    weapons = load("fudge")["weapons"]
    return [
        {"name": "name", "kind": "text", "label": "Name", "max_length": 60},
        {"name": "role", "kind": "choice", "label": "Who", "default": "pc",
         "choices": [{"value": role, "label": ROLE_LABELS[role]} for role in ROLES],
         "helps": [{"when": {"input": "role", "in": ["pawn"]},
                    "text": "a pawn is Undamaged, Hurt or Out of the battle; a second Hurt puts it out"},
                   {"when": {"input": "role", "in": ["major"]},
                    "text": "a major NPC keeps the full wound record; the PC-death options may cover it"}],
         "help": "the PC-death options protect player characters"},
        {"name": "offense", "kind": "choice", "label": "Combat skill", "default": 0, "choices": _ladder(-3, 5),
         "help": "the weapon skill: the roll of a simultaneous round, the attack of alternating turns"},
        {"name": "defense", "kind": "choice", "label": "Defense", "default": 0, "choices": _ladder(-3, 5),
         "help": "parry, shield or dodge against an attack in alternating turns"},
        {"name": "shooting", "kind": "choice", "label": "Shooting", "default": 0, "choices": _ladder(-3, 5),
         "help": "the ranged weapon skill"},
        {"name": "dodge", "kind": "choice", "label": "Dodge", "default": 0, "choices": _ladder(-3, 5),
         "help": "against shots (or Agility)"},
        {"name": "strength", "kind": "choice", "label": "Strength", "default": 0, "choices": _ladder(),
         "help": "counts for muscle-powered weapons"},
        {"name": "damage_capacity", "kind": "choice", "label": "Damage Capacity", "default": 0,
         "choices": _ladder()},
        {"name": "shield", "kind": "choice", "label": "Shield", "default": "none",
         "choices": [{"value": row["value"], "label": row["label"]} for row in SHIELDS.values()]},
        {"name": "weapons", "kind": "list", "label": "Weapons", "max": MAX_WEAPONS,
         "default": [{"name": row["name"], "notation": row["notation"]}
                     for row in weapons if row["name"] == "Broadsword"],
         "of": {"kind": "gear", "catalog": "weapons", "label": "Weapon",
                "example": "size 2, sharp, magic 1 or power 3, auto 20"}},
        {"name": "armour", "kind": "gear", "catalog": "armour", "label": "Armour", "optional": True,
         "empty_label": "None", "example": "+2, or +4, magic 1"},
        {"name": "offense_plus", "kind": "flag", "label": "Combat skill is a plus level (Good+)", "default": False,
         "advanced": True, "help": "+1 every other round, from the second"},
        {"name": "defense_plus", "kind": "flag", "label": "Defense is a plus level", "default": False,
         "advanced": True},
        {"name": "initiative", "kind": "choice", "label": "Initiative (Reflexes or Speed)", "default": 0,
         "choices": _ladder(-3, 5), "advanced": True},
        {"name": "combat_reflexes", "kind": "flag", "label": "Combat Reflexes (+1 to initiative)", "default": False,
         "advanced": True},
        {"name": "constitution", "kind": "choice", "label": "Constitution", "default": 0, "choices": _ladder(),
         "advanced": True, "help": "rolled for natural healing, if the option asks"},
        {"name": "scale", "kind": "integer", "label": "Scale", "min": SCALE_RANGE[0], "max": SCALE_RANGE[1],
         "default": 0, "advanced": True, "help": "Strength and Mass Scale; humans are 0"},
        {"name": "pain", "kind": "choice", "label": "Pain threshold", "default": "normal", "advanced": True,
         "choices": [{"value": "normal", "label": "Normal"}, {"value": "high", "label": "High (a level less)"},
                     {"value": "low", "label": "Low (a level more)"}]},
    ]


def _tactics(prefix: str, who: str, *, defender_only: bool = False,
             attacker_only: bool = False) -> list[dict[str, Any]]:
    plain = {"option": "stances", "in": ["off"]}
    choices: list[dict[str, Any]] = [
        {"value": "normal", "label": "Normal"},
        {"value": "all_out_offense", "label": "All-out offense (+1)", "when": plain},
        {"value": "all_out_defense", "label": "All-out defense (+2)", "when": plain},
        {"value": "defend_only", "label": "Only defends (cannot hurt)"},
        {"value": "unaware", "label": "Cannot fight (unaware)"}]
    if attacker_only:
        choices = [{"value": "normal", "label": "Normal"},
                   {"value": "all_out_offense", "label": "All-out offense (+1)"}]
    if defender_only:
        choices = [{"value": "normal", "label": "Normal"},
                   {"value": "all_out_defense", "label": "All-out defense (+2)"},
                   {"value": "unaware", "label": "Unaware of the attack"}]
    out: list[dict[str, Any]] = [
        {"name": f"{prefix}tactic", "kind": "choice", "label": f"{who}: tactic", "default": "normal",
         "choices": choices, "each_round": True}]
    if not (defender_only or attacker_only):
        out.append({"name": f"{prefix}stance", "kind": "choice", "label": f"{who}: stance (chosen in secret)",
                    "default": "0", "choices": STANCE_CHOICES, "when": {"option": "stances", "in": ["on"]},
                    "each_round": True,
                    "help": "set two Fudge dice from +2 to \u22122, or place a d6"})
    if not attacker_only:
        out.append({"name": f"{prefix}spotted", "kind": "flag", "label": f"{who}: made a Perception or Tactics roll",
                    "default": False, "when": {"input": f"{prefix}tactic", "in": ["all_out_defense"]},
                    "advanced": True, "each_round": True,
                    "help": "a successful all-out defense then leaves the foe \u22121 next round"})
    out.append({"name": f"{prefix}modifier", "kind": "integer", "label": f"{who}: modifier", "min": -3, "max": 3,
                "default": 0, "advanced": True, "each_round": True, "help": "the GM's: footing, position, surprise"})
    return out


def _blow_inputs(prefix: str, who: str) -> list[dict[str, Any]]:
    return [
        {"name": f"{prefix}stun", "kind": "flag", "label": f"{who}: going for a knockout", "default": False,
         "advanced": True, "each_round": True, "help": "the flat of the blade: Hurt stuns, Incapacitated knocks out"},
        {"name": f"{prefix}pull", "kind": "choice", "label": f"{who}: pull the punch, at most", "default": "none",
         "advanced": True, "each_round": True, "choices": [{"value": value, "label": label} for value, label in zip(
             PULLS, ("Not pulled", "Scratch (first blood)", "Hurt", "Very Hurt", "Incapacitated"))]},
    ]


def _landing() -> list[dict[str, Any]]:
    return [
        {"name": "aim", "kind": "choice", "label": "Called shot", "default": "none", "advanced": True,
         "each_round": True,
         "choices": [{"value": "none", "label": "None"}] + [{"value": key, "label": row["label"]}
                                                             for key, row in PARTS.items()],
         "help": "announced before the roll; a lesser hit lands where the defender chooses"},
        {"name": "need", "kind": "integer", "label": "Relative degree needed", "min": 1, "max": fighters.MAX_NEED,
         "default": 2, "advanced": True, "when": {"input": "aim", "not_in": ["none"]},
         "defaults": [{"when": {"input": "aim", "in": [key]}, "value": row["need"]} for key, row in PARTS.items()]},
        {"name": "minimum", "kind": "choice", "label": "Minimum result to hit", "default": "scale", "advanced": True,
         "choices": [{"value": "scale", "label": "By Scale (Poor against an equal)"}]
         + [{"value": str(value), "label": level_name(value)} for value in range(-3, 4)]},
        {"name": "fudge_point", "kind": "flag", "label": "A player spends a Fudge Point against a deadly wound",
         "default": False, "advanced": True, "when": {"option": "death_fudge_point", "not_in": ["off"]}},
    ]


def action_schema() -> list[dict[str, Any]]:
    # The foes are kept apart (``distinct``: the engine refuses one named twice) and each is let go of once he falls
    # (``while_standing``): the form moves to one standing and not named, or empties a further foe's field.
    foes: list[dict[str, Any]] = [{"name": "foe", "kind": "combatant", "role": "target", "label": "Foe",
                                   "while_standing": True, "distinct": True},
            {"name": "foe_weapon", "kind": "weapon", "from": "foe", "label": "Foe's weapon"}]
    for index, key in enumerate(melee.FOE_INPUTS[1:], start=2):
        foes.append({"name": key, "kind": "combatant", "role": "target", "label": f"Foe {index}", "optional": True,
                     "empty_label": "Nobody else", "default": "", "advanced": True, "while_standing": True,
                     "distinct": True, "when": {"input": melee.FOE_INPUTS[index - 2], "not_in": [""]},
                     "help": "more foes fight with their first weapon; the fighter is \u22121 a foe past the first"})
    ladder_text = _ladder(-3, 5, text=True)
    return [
        {"id": "round", "label": "Round", "verb": "Fight", "odds": True, "dice": True,
         "when": {"option": "pacing", "in": ["simultaneous"]}, "inputs": [
             {"name": "fighter", "kind": "combatant", "role": "actor", "label": "Fighter"},
             {"name": "weapon", "kind": "weapon", "from": "fighter", "label": "Weapon"},
             *foes,
             *_tactics("", "Fighter"), *_tactics("foes_", "Foes"),
             {"name": "strike", "kind": "combatant", "role": "target", "label": "The fighter strikes",
              "optional": True, "empty_label": "The first foe he may wound", "default": "", "advanced": True,
              "when": {"input": "foe2", "not_in": [""]}},
             *_landing(), *_blow_inputs("", "Fighter"), *_blow_inputs("foes_", "Foes"),
         ]},
        {"id": "attack", "label": "Attack", "verb": "Attack", "odds": True, "dice": True,
         "when": {"option": "pacing", "in": ["alternating"]}, "inputs": [
             {"name": "attacker", "kind": "combatant", "role": "actor", "label": "Attacker"},
             {"name": "weapon", "kind": "weapon", "from": "attacker", "label": "Weapon"},
             {"name": "defender", "kind": "combatant", "role": "target", "label": "Defender",
              "while_standing": True},
             *_tactics("", "Attacker", attacker_only=True), *_tactics("defender_", "Defender", defender_only=True),
             *_landing(), *_blow_inputs("", "Attacker"),
         ]},
        {"id": "story", "label": "Story", "verb": "Roll", "odds": True, "dice": True,
         "when": {"option": "pacing", "in": ["story"]}, "inputs": [
             {"name": "who", "kind": "combatant", "role": "actor", "label": "Who", "optional": True,
              "empty_label": "No one: a Situational roll"},
             {"name": "trait", "kind": "choice", "label": "Trait the GM picks", "default": "0",
              "choices": ladder_text, "when": {"input": "who", "not_in": [""]}},
             {"name": "modifier", "kind": "integer", "label": "The GM's modifier", "min": -3, "max": 3, "default": 0,
              "when": {"input": "who", "not_in": [""]}, "help": "how well the plan would work; most often 0"},
             {"name": "rolls", "kind": "choice", "label": "Rolls", "default": "one",
              "choices": [{"value": "one", "label": "One roll"}, {"value": "three", "label": "The median of three"}]},
         ]},
        {"id": "shoot", "label": "Shoot", "verb": "Shoot", "odds": True, "dice": True, "inputs": [
            {"name": "shooter", "kind": "combatant", "role": "actor", "label": "Shooter"},
            {"name": "weapon", "kind": "weapon", "from": "shooter", "label": "Weapon"},
            {"name": "target", "kind": "combatant", "role": "target", "label": "Target", "while_standing": True},
            {"name": "difficulty", "kind": "choice", "label": "Difficulty (the least result that hits)",
             "default": "-1", "choices": ladder_text, "help": "the GM's, for range, light and cover"},
            {"name": "awareness", "kind": "choice", "label": "The target", "default": "dodges", "choices": [
                {"value": "unaware", "label": "Is unaware"}, {"value": "dodges", "label": "Dodges"},
                {"value": "shoots_back", "label": "Shoots back"}]},
            {"name": "propelled", "kind": "choice", "label": "Dodging a bow, gun or beam", "default": "2",
             "when": {"input": "awareness", "in": ["dodges"]}, "advanced": True,
             "choices": [{"value": "2", "label": "\u22122"}, {"value": "3", "label": "\u22123"}]},
            {"name": "modifier", "kind": "integer", "label": "Equipment (a sight)", "min": -3, "max": 3,
             "default": 0, "advanced": True},
            {"name": "return_weapon", "kind": "weapon", "from": "target", "label": "Target's weapon",
             "when": {"input": "awareness", "in": ["shoots_back"]}},
            {"name": "return_difficulty", "kind": "choice", "label": "Difficulty of the shot back", "default": "-1",
             "choices": ladder_text, "when": {"input": "awareness", "in": ["shoots_back"]}},
        ]},
        {"id": "contest", "label": "Initiative", "verb": "Roll", "odds": True, "dice": True, "inputs": [
            {"name": "contest", "kind": "choice", "label": "Contest", "default": "initiative", "choices": [
                {"value": "initiative", "label": "Initiative"},
                {"value": "speed", "label": "Speed: the winner adds the difference to his skill"}]},
            {"name": "first", "kind": "combatant", "role": "actor", "label": "One"},
            {"name": "second", "kind": "combatant", "role": "target", "label": "The other"},
            {"name": "first_modifier", "kind": "integer", "label": "One: surprise or modifier", "min": -3, "max": 3,
             "default": 0, "advanced": True, "each_round": True},
            {"name": "second_modifier", "kind": "integer", "label": "The other: surprise or modifier", "min": -3,
             "max": 3, "default": 0, "advanced": True, "each_round": True},
            {"name": "first_hasty", "kind": "flag", "label": "One attacks hastily (+1, \u22121 to fight)",
             "default": False, "when": {"input": "contest", "in": ["initiative"]}, "advanced": True,
             "each_round": True, "help": "+1 to initiative that round"},
            {"name": "second_hasty", "kind": "flag", "label": "The other attacks hastily", "default": False,
             "when": {"input": "contest", "in": ["initiative"]}, "advanced": True, "each_round": True},
        ]},
        {"id": "wound", "label": "Wound", "verb": "Wound", "odds": False, "dice": True, "inputs": [
            {"name": "target", "kind": "combatant", "role": "target", "label": "Who"},
            {"name": "level", "kind": "choice", "label": "Wound", "default": "hurt", "choices": [
                {"value": value, "label": label} for value, label in zip(care.WOUND_LEVELS, (
                    "Scratch", "Hurt", "Very Hurt", "Incapacitated", "Near Death", "Dead (automatic death)"))],
             "help": "the GM's assessment, or a wound marked by hand"},
            {"name": "stun", "kind": "flag", "label": "A stunning blow", "default": False, "advanced": True},
            {"name": "part", "kind": "choice", "label": "To a body part", "default": "none", "advanced": True,
             "choices": [{"value": "none", "label": "None: the body"}] + [
                 {"value": key, "label": row["label"]} for key, row in PARTS.items()]},
            {"name": "fudge_point", "kind": "flag", "label": "A player spends a Fudge Point against a deadly wound",
             "default": False, "advanced": True, "when": {"option": "death_fudge_point", "not_in": ["off"]}},
        ]},
        {"id": "heal", "label": "Heal", "verb": "Heal", "odds": True, "dice": True, "inputs": [
            {"name": "target", "kind": "combatant", "role": "target", "label": "Who"},
            {"name": "how", "kind": "choice", "label": "How", "default": "skill", "choices": [
                {"value": "skill", "label": "A healing skill's roll"},
                {"value": "levels", "label": "Levels, by the GM's word"}]},
            {"name": "skill", "kind": "choice", "label": "Healing skill", "default": "1", "choices": ladder_text,
             "when": {"input": "how", "in": ["skill"]}, "help": "Good heals one level, Great two, Superb three"},
            {"name": "levels", "kind": "integer", "label": "Levels", "min": 1, "max": 5, "default": 1,
             "when": {"input": "how", "in": ["levels"]}},
        ]},
        {"id": "time", "label": "Time", "verb": "Pass", "odds": False, "dice": True, "inputs": [
            {"name": "time", "kind": "choice", "label": "Time", "default": "round", "choices": [
                {"value": "round", "label": "A round ends"}, {"value": "fight", "label": "The fight ends"},
                {"value": "week", "label": "A week of rest"}],
             "helps": [{"when": {"input": "time", "in": ["round"]}, "text": "Stuns wear off; a plus level counts "
                                                                           "the rounds"},
                       {"when": {"input": "time", "in": ["fight"]}, "text": "Scratches and Stuns heal; the knocked "
                                                                           "out come round"},
                       {"when": {"input": "time", "in": ["week"]}, "text": "each wound heals a level"}]},
            {"name": "target", "kind": "combatant", "role": "target", "label": "Who", "optional": True,
             "empty_label": "Everyone", "default": ""},
            {"name": "near_death", "kind": "choice", "label": "Constitution needed from Near Death", "default": "3",
             "choices": ladder_text, "when": {"input": "time", "in": ["week"]}, "advanced": True},
        ]},
    ]


def _action(action: str) -> str:
    if action not in ACTIONS:
        raise BadField("FUDGE has no such action; it has " + ", ".join(_LABELS.values()), field="action")
    return action


def _paced(action: str, options: Options) -> None:
    wanted = {"round": "simultaneous", "attack": "alternating", "story": "story"}.get(action)
    if wanted and options.pacing != wanted:
        raise BadField(f"{_LABELS[action]} belongs to {wanted} pacing; this encounter uses {options.pacing} pacing",
                       field="action")


def read_inputs(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: Any,
                options: Options) -> dict[str, Any]:
    """An action's inputs checked against the roster, in the canonical form the log keeps."""
    action = _action(action)
    _paced(action, options)
    if action == "round":
        return melee.round_inputs(melee.read_round(inputs, sheets, states, options), options)
    if action == "attack":
        return alternating.attack_inputs(alternating.read_attack(inputs, sheets, states, options), options)
    if action == "shoot":
        return ranged.shot_inputs(ranged.read_shot(inputs, sheets, states, options))
    if action == "story":
        return contests.read_story(inputs, sheets)
    if action == "contest":
        return contests.read_contest(inputs, sheets)
    if action == "wound":
        return care.read_wound(inputs, sheets, states, options)
    if action == "heal":
        return care.read_heal(inputs, sheets, states)
    return care.read_time(inputs, sheets, states)


def apply(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: dict[str, Any],
          options: Options, dice: DiceSource) -> tuple[dict[str, State], Report]:
    action = _action(action)
    if action == "round":
        return melee.resolve_round(melee.read_round(inputs, sheets, states, options), sheets, states, options, dice)
    if action == "attack":
        return alternating.resolve_attack(alternating.read_attack(inputs, sheets, states, options), sheets, states,
                                          options, dice)
    if action == "shoot":
        return ranged.resolve_shot(ranged.read_shot(inputs, sheets, states, options), sheets, states, options, dice)
    run = {"story": contests.story, "contest": contests.contest, "wound": care.wound, "heal": care.heal,
           "time": care.time}[action]
    return run(inputs, sheets, states, options, dice)


def odds(action: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], inputs: Any,
         options: Options) -> dict[str, Any]:
    action = _action(action)
    chosen = read_inputs(action, sheets, states, inputs, options)
    return chance_odds(action, chosen, sheets, states, options)


def view(sheet: Sheet, state: State, options: Options) -> dict[str, Any]:
    return card(sheet, state, options)


def catalog() -> dict[str, Any]:
    """The chapter's sample weapons and armour (seed 4.54 and its examples; D-FU-1 marks the reconstructed rows)."""
    data = load("fudge")
    return {"weapons": data["weapons"], "armour": data["armour"]}
