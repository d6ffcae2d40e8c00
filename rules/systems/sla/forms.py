"""SLA Industries: each action's form, in the order a GM asks (the page draws them; docs/api.md, Inputs).

Up front stands what a GM sets on most resolutions (who, the weapon, its mode, the aim, the distance, the mode's
count); the rest is ``advanced``, under "More options".  ``each_round`` marks what the seed has chosen for one
action (the kind of shot and the actions spent aiming, a split action, a dive for cover, the GM's situational
modifier, how the target defends), which the page returns to its default at each new round (issue 36).
"""

from __future__ import annotations

from typing import Any

from ..data import load
from . import care, defence, grenade_throw, grenades, melee_inputs, rounds
from .diagram import REGION_OF, REGIONS
from .shoot_inputs import (AMMO_CHOICES, DEFAULT_AIM, MAX_AIMS, MAX_BULLETS, MAX_BURST_DICE, MAX_DISTANCE,
                           MAX_MODIFIER, MAX_SHOOTERS, MAX_SHOTS)
from .sheet import BANDS, LOCATION_LABELS, LOCATIONS

_DATA = load("sla")


def _aim_input() -> dict[str, Any]:
    return {"name": "aim", "kind": "hex", "label": "Aim at", "default": DEFAULT_AIM,
            "cells": [{"q": q, "r": r, "region": region["value"]} for region in REGIONS for q, r in region["hexes"]],
            "regions": [{"value": region["value"], "label": region["label"]} for region in REGIONS],
            # Folded under More options (issue 36): the diagram at a size a finger aims at is taller than a tablet's
            # screen can spare beside six combatants; the torso is the usual aim, the dock's odds line names the one
            # chosen, and the target's full card (its details) is a picker too.
            "advanced": True,
            "help": "tap the hex of the body the shot is aimed at (or tap it on the target's card)"}


def _shoot_inputs() -> list[dict[str, Any]]:
    aimed = {"input": "shot", "in": ["aimed"]}
    return [
        {"name": "attacker", "kind": "combatant", "role": "actor", "label": "Shooter"},
        {"name": "target", "kind": "combatant", "role": "target", "label": "Target", "while_standing": True},
        {"name": "weapon", "kind": "weapon", "from": "attacker", "label": "Weapon"},
        {"name": "mode", "kind": "mode", "from": "attacker", "weapon": "weapon", "label": "Fire"},
        _aim_input(),
        {"name": "shot", "kind": "choice", "label": "Shot", "default": "aimed", "advanced": True, "each_round": True,
         "choices": [
            {"value": "aimed", "label": "Aimed (one action or more of aiming)"},
            {"value": "snap", "label": "Snap shot"},
            {"value": "wild", "label": "Wild shot (no aim: \u22123 to hit, +3 Hit Spread)"}]},
        {"name": "aims", "kind": "integer", "label": "Actions spent aiming", "min": 1, "max": MAX_AIMS, "default": 1,
         "when": aimed, "advanced": True, "each_round": True,
         "help": "each past the first adds 1 to the Aiming die, up to the Marksman rank; more than 4 "
                 "need a firing stance, 6 a rest too"},
        {"name": "distance", "kind": "integer", "label": "Distance (m)", "min": 0, "max": MAX_DISTANCE, "default": 10,
         "help": "Optimum up to the weapon's RNG, Medium \u00d72, Long \u00d74, Extreme \u00d78"},
        {"name": "stance", "kind": "flag", "label": "In a firing stance", "default": False,
         "when": {"input": "shot", "not_in": ["aimed"]}, "advanced": True,
         "help": "\u22121 recoil; aiming takes one anyway"},
        {"name": "rest", "kind": "flag", "label": "Weapon rested", "default": False, "advanced": True,
         "help": "\u22121 recoil"},
        {"name": "ammo", "kind": "choice", "label": "Ammunition", "default": "standard", "advanced": True,
         "choices": [{"value": value, "label": label} for value, label in zip(AMMO_CHOICES, (
             "Standard", *(row["label"] for row in _DATA["ammo"]["rows"] if row["value"] != "standard")))]},
        {"name": "dive", "kind": "flag", "label": "Target dives for cover (\u22124)", "default": False,
         "advanced": True, "each_round": True,
         "help": "only when the target's Initiative Total is higher than the shooter's"},
        {"name": "quick_draw", "kind": "flag", "label": "Drawn and fired in one action (\u22123)", "default": False,
         "advanced": True, "each_round": True, "when": {"input": "shot", "in": ["wild"]}},
        {"name": "shooters", "kind": "integer", "label": "Enemies shooting at the shooter", "min": 0,
         "max": MAX_SHOOTERS, "default": 0, "when": {"option": "under_fire", "in": ["on"]}, "advanced": True,
         "help": "Under Fire: a COOL test, \u22125 to aim for each"},
        {"name": "modifier", "kind": "integer", "label": "The GM's modifier", "min": -MAX_MODIFIER,
         "max": MAX_MODIFIER, "default": 0, "advanced": True, "each_round": True,
         "help": "situational; + helps the shooter"},
        *_mode_inputs(),
        {"name": "split", "kind": "integer", "label": "Ranks split off to a second action", "min": 0, "max": 20,
         "default": 0, "advanced": True, "each_round": True,
         "help": "a split action: the shot keeps the rest of the rank"},
        {"name": "second_rank", "kind": "integer", "label": "The second action's skill rank", "min": 0, "max": 20,
         "default": 0, "advanced": True, "each_round": True, "when": {"input": "split", "not_in": [0]},
         "help": "no more ranks may go to it than this"},
    ]


def _mode_inputs() -> list[dict[str, Any]]:
    """How the weapon is fired and held (seed: Rate of Fire, Semi Auto, Full-Auto, Burst Fire, Walking the Fire,
    Suppressive Fire, Shotguns, Recoil, Scopes, Two-Handed Combat)."""
    auto = {"input": "mode", "in": ["auto"]}
    bursts = {"input": "mode", "in": ["auto", "burst"]}
    walking = {"input": "walk_to", "not_in": [""]}
    return [
        {"name": "shots", "kind": "integer", "label": "Shots this action", "min": 1, "max": MAX_SHOTS, "default": 2,
         "when": {"input": "mode", "in": ["semi"]},
         "help": "up to STR \u2212 RCL (at least 1), and DEX/2 a round; each later shot deviates from the last"},
        {"name": "burst_dice", "kind": "integer", "label": "Dice for the burst's length", "min": 1,
         "max": MAX_BURST_DICE, "default": 2, "when": auto, "help": "the bullets are the dice's total"},
        {"name": "wanted", "kind": "integer", "label": "Bullets wanted", "min": 0, "max": MAX_BULLETS, "default": 0,
         "when": auto, "advanced": True,
         "help": "the rolled length moves toward it by up to the Auto/Support rank; 0 keeps the roll"},
        {"name": "steer", "kind": "choice", "label": "Deviation influence", "default": "toward", "when": bursts,
         "advanced": True,
         "choices": [{"value": "toward", "label": "Turn the first deviations toward the aim (one per Auto/Support "
                                                  "rank)"},
                     {"value": "none", "label": "Let every bullet go where its die says"}]},
        {"name": "walk_to", "kind": "combatant", "role": "target", "label": "Walk the fire on to", "optional": True,
         "empty_label": "No one", "default": "", "when": bursts, "advanced": True},
        {"name": "walk_after", "kind": "integer", "label": "Bullets before walking on", "min": 1,
         "max": MAX_BULLETS, "default": 3, "when": walking, "advanced": True},
        {"name": "walk_pay", "kind": "choice", "label": "Switching targets costs", "default": "stray",
         "when": walking, "advanced": True,
         "choices": [{"value": "stray", "label": "A stray bullet, into the space between them"},
                     {"value": "influence", "label": "A deviation influence chance"}]},
        {"name": "crossing", "kind": "choice", "label": "The target crosses the fire with", "default": "dodge",
         "when": {"input": "mode", "in": ["suppress"]},
         "choices": [{"value": "dodge", "label": "Dodge"}, {"value": "acrobatics", "label": "Acrobatics"}],
         "help": "at \u2212FA; his Success die must beat the shooter's"},
        {"name": "shell", "kind": "choice", "label": "Shotgun shell", "default": "shot", "advanced": True,
         "choices": [{"value": "shot", "label": "Shot: weaker and wider each band past Optimum"},
                     {"value": "slug", "label": "Slug: PEN doubled, the same at every range"}],
         "help": "shotguns only"},
        {"name": "hands", "kind": "choice", "label": "Held in", "default": "two", "advanced": True,
         "choices": [{"value": "two", "label": "Both hands"}, {"value": "one", "label": "One hand"}],
         "help": "a weapon whose recoil is over STR needs both; in one, \u22121 a point over STR"},
        {"name": "hand", "kind": "choice", "label": "Hand", "default": "main", "advanced": True,
         "choices": [{"value": "main", "label": "Main hand"}, {"value": "off", "label": "Off hand (\u22123)"}]},
        {"name": "two_weapons", "kind": "flag", "label": "Firing two weapons at once", "default": False,
         "advanced": True, "help": "half skill; the recoils added against STR"},
        {"name": "paired", "kind": "weapon", "from": "attacker", "label": "The other weapon",
         "when": {"input": "two_weapons", "in": [True]}, "advanced": True},
        {"name": "focus", "kind": "choice", "label": "Scope focused on", "default": "made", "advanced": True,
         "choices": [{"value": "made", "label": "The range it is made for"}]
         + [{"value": band, "label": f"{band.capitalize()} range"} for band in BANDS],
         "help": "weapons with a scope; refocusing nearer takes an action a band"},
    ]


def _melee_inputs() -> list[dict[str, Any]]:
    """The Melee form, in the order a GM asks: who, with what, where, how hard; then how the target defends."""
    attack = {"input": "spend", "in": ["attack"]}
    parrying = {"input": "defence", "in": list(melee_inputs.PARRIES)}
    aim = _aim_input()
    aim["help"] = "tap the hex of the body the blow is aimed at (or tap it on the target's card)"
    return [
        {"name": "attacker", "kind": "combatant", "role": "actor", "label": "Attacker"},
        {"name": "target", "kind": "combatant", "role": "target", "label": "Target", "while_standing": True},
        {"name": "spend", "kind": "choice", "label": "This action", "default": "attack", "advanced": True,
         "each_round": True, "choices": [
            {"value": "attack", "label": "Attack"},
            {"value": "aim", "label": "Aim: +1 to the next blow's Aiming die"}],
         "help": "aiming cancels only the weapon's handling; a character attacked while aiming can only half-dodge"},
        {"name": "how", "kind": "choice", "label": "With", "default": "weapon", "when": attack, "choices": [
            {"value": "weapon", "label": "A weapon"},
            {"value": "unarmed", "label": "Bare hands (bruising)"},
            {"value": "martial_lethal", "label": "Martial Arts, lethal"},
            {"value": "martial_bruising", "label": "Martial Arts, bruising"}],
         "help": "bare hands bruise the Incap track only; Martial Arts adds its rank \u00f7 3 to the Strength bonus "
                 "and marks the location too"},
        {"name": "weapon", "kind": "weapon", "from": "attacker", "label": "Weapon", "when": {"input": "how",
                                                                                           "in": ["weapon"]},
         "help": "a hand-to-hand weapon: a blade, a club, a whip (a firearm is fired with Shoot)"},
        {**aim, "when": attack},
        {"name": "harder", "kind": "integer", "label": "A harder attack", "min": 0, "max": melee_inputs.MAX_HARDER,
         "default": 0, "when": attack, "advanced": True, "each_round": True,
         "help": "\u2212 this much to hit, and as much more for the target to parry or dodge"},
        {"name": "modifier", "kind": "integer", "label": "The GM's modifier", "min": -MAX_MODIFIER,
         "max": MAX_MODIFIER, "default": 0, "when": attack, "advanced": True, "each_round": True,
         "help": "situational; + helps the attacker"},
        {"name": "defence", "kind": "choice", "label": "The target defends with", "default": "none", "when": attack,
         "each_round": True,
         "choices": [{"value": value, "label": label} for value, label in (
             ("none", "Nothing"), ("parry", "A free parry"), ("parry_action", "A parry (an action)"),
             ("dodge", "A dodge (an action, all round)"), ("quick_dodge", "A quick dodge (an action, this phase)"),
             ("half_dodge", "A half-dodge (while aiming)"))],
         "help": "rolled only if the blow hits; free parries: half his actions a round"},
        {"name": "parry_with", "kind": "choice", "label": "Parrying with", "default": "weapon", "when": parrying,
         "advanced": True,
         "choices": [{"value": "weapon", "label": "A weapon"}, {"value": "bare", "label": "Bare hands"}],
         "help": "bare hands halve the parry and cannot stop a vibro weapon"},
        {"name": "parry_weapon", "kind": "weapon", "from": "target", "label": "Parrying weapon",
         "when": {"input": "parry_with", "in": ["weapon"]},
         "help": "one of the target's hand-to-hand weapons; a whip lashes back at the weapon arm"},
        {"name": "push", "kind": "choice", "label": "The parry turns the blow", "default": "away", "when": parrying,
         "advanced": True,
         "choices": [{"value": "away", "label": "Away from harm"}, {"value": "none", "label": "Not at all"},
                     {"value": "clockwise", "label": "One step clockwise"},
                     {"value": "anticlockwise", "label": "One step anticlockwise"}],
         "help": "away: off the body if one step can, else away from the Head and Torso"},
        {"name": "defence_modifier", "kind": "integer", "label": "The GM's modifier to the defence",
         "min": -MAX_MODIFIER, "max": MAX_MODIFIER, "default": 0, "advanced": True, "each_round": True,
         "when": {"input": "defence", "not_in": ["none"]},
         "help": "such as a one-handed blade parrying a polearm; + helps the defender"},
        {"name": "off_hand", "kind": "flag", "label": "With the off hand (\u22123)", "default": False,
         "advanced": True, "when": attack, "help": "no penalty for an Ambidextrous attacker"},
        {"name": "two_weapons", "kind": "flag", "label": "Two weapons at once (half skill)", "default": False,
         "advanced": True, "when": {"input": "how", "in": ["weapon"]},
         "help": "each weapon's blow is its own Melee action; their DAM together must not exceed STR"},
        {"name": "other_weapon", "kind": "weapon", "from": "attacker", "label": "The other weapon",
         "advanced": True, "when": {"input": "two_weapons", "in": [True]}},
        {"name": "split", "kind": "integer", "label": "Ranks split off to a second action", "min": 0, "max": 20,
         "default": 0, "advanced": True, "each_round": True, "when": attack,
         "help": "a split action: the blow keeps the rest of the rank"},
        {"name": "second_rank", "kind": "integer", "label": "The second action's skill rank", "min": 0, "max": 20,
         "default": 0, "advanced": True, "each_round": True, "when": {"input": "split", "not_in": [0]},
         "help": "no more ranks may go to it than this"},
    ]


def _dodge_inputs() -> list[dict[str, Any]]:
    return [
        {"name": "dodger", "kind": "combatant", "role": "actor", "label": "Who dodges"},
        {"name": "kind", "kind": "choice", "label": "Dodge", "default": "quick",
         "choices": [{"value": value, "label": label} for value, label in defence.DODGE_LABELS.items()],
         "help": "SD is the dodge's Success die value; bullets can be dodged only with Dance or Ballet of Death"},
        {"name": "modifier", "kind": "integer", "label": "The GM's modifier", "min": -defence.MAX_DODGE_MODIFIER,
         "max": defence.MAX_DODGE_MODIFIER, "default": 0, "advanced": True},
    ]


def _grenade_inputs() -> list[dict[str, Any]]:
    """A grenade (seed, Grenades): thrown, on the floor or smothered, on up to four characters at their distances."""
    thrown = {"input": "how", "in": ["thrown"]}
    lying = {"input": "how", "in": ["floor", "smother"]}
    blasts = {"input": "how", "in": ["thrown", "floor", "smother"]}
    third = [{"q": q, "r": r, "region": REGION_OF.get((q, r), grenades.BESIDE["value"])}
             for q, r in grenades.LOWER_THIRD]
    used = {cell["region"] for cell in third}
    regions = [{"value": location, "label": LOCATION_LABELS[location]} for location in LOCATIONS if location in used]
    inputs: list[dict[str, Any]] = [
        {"name": "how", "kind": "choice", "label": "The grenade", "default": "thrown",
         "choices": [{"value": value, "label": label} for value, label in grenades.HOWS.items()]},
        {"name": "thrower", "kind": "combatant", "role": "actor", "label": "Thrower", "when": thrown},
        {"name": "weapon", "kind": "weapon", "from": "thrower", "label": "Grenade", "when": thrown},
        {"name": "grenade", "kind": "gear", "catalog": "grenades", "label": "Grenade", "when": lying,
         "example": "skill Throwing, RNG 10, grenade frag, zone 8, radius 0.5, DAM 10"},
        {"name": "jumper", "kind": "combatant", "role": "target", "label": "Who jumps on it", "optional": True,
         "empty_label": "No one (a helmet only)", "default": "", "when": {"input": "how", "in": ["smother"]},
         "help": "he takes five times the Damage in the Torso and the Abdomen; the others get what his Hits and "
                 "armour leave, divided by five"},
        {"name": "helmet", "kind": "integer", "label": "ID of a helmet over it", "min": 0,
         "max": grenades.MAX_HELMET, "default": 0, "when": {"input": "how", "in": ["smother"]},
         "help": "an ID of five times the Damage stops it all"},
        {"name": "range", "kind": "integer", "label": "Range to the target (m)", "min": 0, "max": grenades.MAX_RANGE,
         "default": 10, "when": thrown,
         "help": "each range band past Optimum (the grenade's RNG) moves it 3 hexes straight down"},
        {"name": "impact", "kind": "hex", "label": "Impact Point", "default": grenades.DEFAULT_IMPACT,
         "cells": third, "regions": regions + [{"value": grenades.BESIDE["value"], "label": grenades.BESIDE["label"]}],
         "when": blasts,
         "help": "in the lower third of the diagram: the thrower's pick (it deviates 6 hexes, less the Aiming "
                 "die), or the GM's for one on the floor (it deviates a die of hexes for each character)"},
        {"name": "modifier", "kind": "integer", "label": "The GM's modifier", "min": -grenades.MAX_MODIFIER,
         "max": grenades.MAX_MODIFIER, "default": 0, "when": thrown, "advanced": True,
         "help": "range, visibility and the like; + helps the thrower"},
        {"name": "target", "kind": "combatant", "role": "target", "label": "Target"},
        {"name": "distance", "kind": "integer", "label": "Target's distance from the Impact Point (m)", "min": 0,
         "max": grenades.MAX_METRES, "default": 0, "when": blasts,
         "help": "the Blast Zone loses a hex for each whole Blast Radius of distance"},
    ]
    for n in range(1, grenade_throw.MAX_CAUGHT):
        before = {"input": "also_1" if n == 1 else f"also_{n - 1}", "not_in": [""]}
        inputs.append({"name": f"also_{n}", "kind": "combatant", "role": "target", "label": f"Also caught ({n})",
                       "optional": True, "empty_label": "No one else", "default": "", "advanced": True,
                       **({"when": before} if n > 1 else {})})
        inputs.append({"name": f"distance_{n}", "kind": "integer", "label": f"Their distance ({n}) (m)", "min": 0,
                       "max": grenades.MAX_METRES, "default": 0, "advanced": True,
                       "when": {"input": f"also_{n}", "not_in": [""]}})
    return inputs


def action_schema() -> list[dict[str, Any]]:
    return [
        {"id": "shoot", "label": "Shoot", "verb": "Fire", "odds": True, "dice": True, "inputs": _shoot_inputs()},
        {"id": "melee", "label": "Melee", "verb": "Attack", "odds": True, "dice": True, "inputs": _melee_inputs()},
        {"id": "dodge", "label": "Dodge", "verb": "Roll", "odds": False, "dice": True, "inputs": _dodge_inputs()},
        {"id": "grenade", "label": "Grenade", "verb": "Throw", "odds": True, "dice": True,
         "inputs": _grenade_inputs()},
        {"id": "time", "label": "Time", "verb": "Pass", "odds": False, "dice": False, "inputs": [
            {"name": "span", "kind": "choice", "label": "Time passing", "default": "phase",
             "choices": [{"value": value, "label": label} for value, label in rounds.SPANS.items()],
             "help": "phase 3 ends the round: bleeding, regeneration; healing arrives when its phases pass"}]},
        {"id": "initiative", "label": "Initiative", "verb": "Roll", "odds": False, "dice": True, "inputs": [
            {"name": "target", "kind": "combatant", "role": "target", "label": "Who", "optional": True,
             "empty_label": "Everyone", "default": ""}]},
        {"id": "aid", "label": "First aid", "verb": "Roll", "odds": False, "dice": True, "inputs": [
            {"name": "medic", "kind": "combatant", "role": "actor", "label": "Medic", "optional": True,
             "empty_label": "Someone not in the fight"},
            {"name": "target", "kind": "combatant", "role": "target", "label": "Patient"},
            {"name": "task", "kind": "choice", "label": "Task", "default": "close",
             "choices": [{"value": value, "label": label} for value, label in care.AID_TASKS.items()]},
            {"name": "rank", "kind": "integer", "label": "Paramedic rank", "min": 0, "max": 20, "default": 3,
             "when": {"input": "medic", "in": [""]}},
            {"name": "modifier", "kind": "integer", "label": "The GM's modifier", "min": -20, "max": 20,
             "default": 0}]},
        {"id": "heal", "label": "Heal", "verb": "Heal", "odds": False, "dice": False, "inputs": [
            {"name": "target", "kind": "combatant", "role": "target", "label": "Who"},
            {"name": "how", "kind": "choice", "label": "How", "default": "ebon",
             "choices": [{"value": value, "label": f"{label}" + (f" (in {phases} phases)" if phases else "")}
                         for value, (label, phases) in care.HEALING.items()]},
            {"name": "hits", "kind": "integer", "label": "Hits restored", "min": 1, "max": care.MAX_HEAL,
             "default": 4, "help": "the Ebon's healing ability, or the drug's"}]},
        {"id": "harm", "label": "Damage", "verb": "Mark", "odds": False, "dice": False, "inputs": [
            {"name": "target", "kind": "combatant", "role": "target", "label": "Who"},
            {"name": "location", "kind": "choice", "label": "Where", "default": "torso",
             "choices": [{"value": location, "label": LOCATION_LABELS[location]} for location in LOCATIONS]
             + [{"value": "incap", "label": "Incap only"}]},
            {"name": "amount", "kind": "integer", "label": "Damage", "min": 1, "max": care.MAX_HARM, "default": 1},
            {"name": "bruising", "kind": "flag", "label": "Bruising", "default": False},
            {"name": "wound", "kind": "flag", "label": "Opens a wound", "default": False,
             "when": {"input": "bruising", "in": [False]}}]},
        {"id": "ready", "label": "Ready weapon", "verb": "Ready", "odds": False, "dice": True, "inputs": [
            {"name": "attacker", "kind": "combatant", "role": "actor", "label": "Who"},
            {"name": "weapon", "kind": "weapon", "from": "attacker", "label": "Weapon",
             "help": "an action: a single-action gun recocked, or a jam cleared with a Weapons Maintenance roll"}]},
        {"id": "move", "label": "Position", "verb": "Set", "odds": False, "dice": False, "inputs": [
            {"name": "target", "kind": "combatant", "role": "target", "label": "Who"},
            {"name": "move", "kind": "choice", "label": "Now", "default": "standing",
             "choices": [{"value": value, "label": label} for value, label in care.MOVES.items()]}]},
    ]
