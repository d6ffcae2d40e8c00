"""The fuzz test's valid requests (tests/rules/test_fuzz_api.py's (b)): real encounters in each system, built
through the API, and for each method of the API one or more valid requests made from them. The fuzzer changes a
field or two of a copy of each; these are never changed.

To cover a new method deeply, add a line to ``VALID``."""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rules.api import call

# -- a real encounter, built through the API ----------------------------------------------------------

CYRUS = {"name": "Cyrus", "skill": 1, "defence": 0, "strength": 2,
         "weapons": [{"name": "Shortsword", "notation": "3-/2+"}, {"name": "Longbow", "notation": "4+(Arrows)"},
                     {"name": "Firebolt", "notation": "4E+(Fire)"}],
         "armour": {"name": "Chainmail", "notation": "---*++"}}
BANDIT = {"name": "Bandit", "skill": 0, "defence": -1,
          "weapons": [{"name": "Pistol", "notation": "4B(AP)"}],
          "armour": {"name": "Odd coat", "notation": "--**++EE(Cold, H vs. Arrows, H vs. Bolts, Ab)"}}
SLASH = {"attacker": "c1", "target": "c2", "weapon": 0, "mode": 0, "margin": "typed", "margin_of_success": 1}
ARROW = {"attacker": "c1", "target": "c2", "weapon": 1, "margin": "rolled"}
COLD = {"attacker": None, "target": "c2", "hazard": "3E+(Cold)", "margin": "automatic", "energy_allowance": 2}
BY_HAND = {"target": "c1", "level": "Hurt", "change": "mark", "reason": "a fall from the wall"}
THUG = {"name": "Thug", "kind": "person", "upp": "777777", "brawling": 1,
        "weapons": [{"name": "Club", "notation": "3N"}, {"name": "Bomb", "notation": "34"}]}
BARTOLO = {"name": "Herr Bartolo", "kind": "person", "upp": "45398C", "medical": 2}
CAR = {"name": "Ground car", "kind": "vehicle", "hull": "2/5", "power": "1/2", "loco": "1/2 + 1/2"}
CLUB = {"attacker": "c1", "target": "c2", "weapon": 0, "dice": "value"}
ON_THE_CAR = {"attacker": None, "target": "c3", "damage_value": 9, "harm": "lethal", "dice": "low", "part": "loco2"}


def _ok(method: str, request: dict[str, Any]) -> dict[str, Any]:
    answer = json.loads(call(method, json.dumps(request)))
    assert answer["ok"], (method, request, answer)
    result: dict[str, Any] = answer["result"]
    return result


@dataclass(frozen=True)
class Base:
    """Encounter documents at a few points of one session."""

    roster: dict[str, Any]       # two combatants, no action yet
    fought: dict[str, Any]       # after an arrow (rolled margin, hardened armour), a cold hazard (the GM's
    #                              allowance, ablative wear) and a box marked by hand
    undone: dict[str, Any]       # fought, with the last action undone
    traveller: dict[str, Any]    # MegaTraveller: a club hit with its stun rolls, a hit on a car, a ruling


@cache
def base() -> Base:
    encounter = _ok("new", {"system": "typed"})["encounter"]
    encounter = _ok("add", {"encounter": encounter, "sheet": CYRUS})["encounter"]
    roster = _ok("add", {"encounter": encounter, "sheet": BANDIT})["encounter"]
    fought = _ok("act", {"encounter": roster, "action": "attack", "inputs": ARROW, "seed": 4})["encounter"]
    fought = _ok("act", {"encounter": fought, "action": "attack", "inputs": COLD, "seed": 5})["encounter"]
    fought = _ok("act", {"encounter": fought, "action": "mark", "inputs": BY_HAND})["encounter"]
    traveller = _ok("new", {"system": "megatraveller", "options": {"natural_two": "rolls"}})["encounter"]
    for sheet in (THUG, BARTOLO, CAR):
        traveller = _ok("add", {"encounter": traveller, "sheet": sheet})["encounter"]
    traveller = _ok("act", {"encounter": traveller, "action": "hit", "inputs": CLUB, "dice": "given",
                            "faces": {"damage": "5 3 3", "stun 1": "5 6"}})["encounter"]
    traveller = _ok("act", {"encounter": traveller, "action": "hit", "inputs": ON_THE_CAR, "seed": 3})["encounter"]
    traveller = _ok("act", {"encounter": traveller, "action": "ruling", "inputs": {
        "target": "c2", "rule": "limb", "location": "Chest", "condition": "Injured"}})["encounter"]
    return Base(roster, fought, _ok("undo", {"encounter": fought})["encounter"], traveller)


KNIGHT = {"name": "Knight", "kind": "character", "st": 12, "ht": 11, "armour": "4 + 2", "structure": "living",
          "weapons": [{"name": "Broadsword", "notation": "thr+2 imp"}, {"name": "Rifle", "notation": "6d(2) pi gun"}]}
DOOR = {"name": "Door", "kind": "object", "toughness_from": "weight", "weight": "80", "mechanical": True,
        "armour": "10", "structure": "homogeneous"}
THRUST = {"attacker": "c1", "target": "c2", "weapon": 0, "location": "torso"}
SHOT = {"attacker": None, "target": "c1", "attack": "3d+20[+2] imp", "st": 10, "location": "vitals",
        "barriers": "4, 2"}
KYOD_OPTIONS = {"labels": "quick", "armoured": "table", "layers": "log_add", "roll": "low", "effects": [
    {"words": f"Level {n}", "shock": min(n, 4), "major": n >= 5, "consciousness": n >= 6,
     "death_checks": 1 if 8 <= n <= 10 else 0, "dead": n == 11} for n in range(1, 12)]}


@cache
def kyod_base() -> dict[str, Any]:
    """Know Your Own Damage: a knight and a door, a thrust at the door, a shot that cascades, a check and a turn."""
    encounter = _ok("new", {"system": "kyod", "options": KYOD_OPTIONS})["encounter"]
    for sheet in (KNIGHT, DOOR):
        encounter = _ok("add", {"encounter": encounter, "sheet": sheet})["encounter"]
    encounter = _ok("act", {"encounter": encounter, "action": "hit", "inputs": THRUST, "seed": 2})["encounter"]
    for faces in ({"penetration": "1 1 1"}, {"penetration": "1 1 1", "cascade 1": "5"}):
        encounter = _ok("act", {"encounter": encounter, "action": "hit", "inputs": SHOT, "dice": "given",
                                "faces": faces})["encounter"]
    encounter = _ok("act", {"encounter": encounter, "action": "check", "inputs": {
        "target": "c1", "check": "knockdown", "modifier": -1}, "dice": "given", "faces": {"check": "6 6 6"}})["encounter"]
    document: dict[str, Any] = _ok("act", {"encounter": encounter, "action": "turn", "inputs": {"target": ""}})["encounter"]
    return document


@cache
def kyod_roster() -> dict[str, Any]:
    """The knight and the door, before any action (options can still change)."""
    encounter: dict[str, Any] = _ok("new", {"system": "kyod"})["encounter"]
    for sheet in (KNIGHT, DOOR):
        encounter = _ok("add", {"encounter": encounter, "sheet": sheet})["encounter"]
    return encounter


SNORRI = {"name": "Snorri", "offense": 2, "defense": 2, "strength": 1, "damage_capacity": 1,
          "weapons": [{"name": "Magic sword", "notation": "size 2, sharp, magic 1"}, {"name": "Pistol", "notation": "power 3, auto 20"}],
          "armour": {"name": "Heavy leather", "notation": "+2, magic 1"}}
BRYNHILD = {"name": "Brynhild", "role": "major", "offense": 1, "strength": 2, "shield": "medium", "scale": 1,
            "weapons": [{"name": "Axe", "notation": "size 2, sharp"}], "armour": {"name": "Plate", "notation": "+4"}}
PIRATE = {"name": "Pirate", "role": "pawn", "offense": -1, "weapons": [{"name": "Cutlass", "notation": "size 1, sharp"}]}
FUDGE_OPTIONS = {"damage_roll": "situational_limited", "graze_roll": "on", "npc_rolls": "one_roll",
                 "death_fudge_point": "incapacitated", "death_three_levels": "on", "boxes": "custom",
                 "custom_boxes": [{"boxes": n} for n in (2, 2, 1, 1, 1)]}
MELEE = {"fighter": "c1", "foe": "c2", "foe2": "c3", "tactic": "all_out_offense", "aim": "weapon_arm", "need": 3,
         "fudge_point": True}


@cache
def fudge_base() -> dict[str, Any]:
    """FUDGE: Snorri against Brynhild and a pirate pawn, a round typed in, a shot, a stunning wound, a heal and a
    round's end."""
    encounter = _ok("new", {"system": "fudge", "options": FUDGE_OPTIONS})["encounter"]
    for sheet in (SNORRI, BRYNHILD, PIRATE):
        encounter = _ok("add", {"encounter": encounter, "sheet": sheet})["encounter"]
    encounter = _ok("act", {"encounter": encounter, "action": "round", "inputs": MELEE, "seed": 6})["encounter"]
    encounter = _ok("act", {"encounter": encounter, "action": "shoot", "inputs": {
        "shooter": "c1", "target": "c3", "weapon": 1, "awareness": "unaware", "difficulty": "-2"},
        "dice": "given", "faces": {"shot": "++00", "damage": "0000"}})["encounter"]
    encounter = _ok("act", {"encounter": encounter, "action": "wound", "inputs": {
        "target": "c2", "level": "hurt", "stun": True}})["encounter"]
    encounter = _ok("act", {"encounter": encounter, "action": "heal", "inputs": {
        "target": "c2", "how": "skill", "skill": "2"}, "seed": 1})["encounter"]
    document: dict[str, Any] = _ok("act", {"encounter": encounter, "action": "time", "inputs": {"time": "round"}})[
        "encounter"]                                    # the Stun wears off: Brynhild may shoot, and shoot back
    return document


FIX = {"name": "Fix", "species": "human", "str": 8, "dex": 8, "cool": 8, "phys": 7,
       "skills": "Pistol 6, Paramedic 3, Marksman 2, Martial Arts 2",
       "weapons": [{"name": "MAL Anvil", "notation": "skill Pistol, RNG 20, RCL 5, PEN 4, DAM 6, AD 3"},
                   {"name": "Rifle", "notation": "skill Pistol, RNG 100, RCL 3, PEN 6, DAM 10, ACC 1, silencer"}],
       "armour": [{"name": "Duster", "notation": "PV 4, ID 20, DM 1, torso, abdomen, arms, legs"}]}
XENO = {"name": "Stoo", "species": "stormer_711", "phys": 6, "hits_torso": 21, "hits_abdomen": 19,
        "armour": [{"name": "Helmet", "notation": "PV 6, ID 50, head"}]}
VEV = {"name": "Vev", "species": "vevaphon", "vevaphon_pv": 9, "conc": 9}
SLA_OPTIONS = {"under_fire": "on", "layering": "on", "modifiers_on": "roll"}
SLA_SHOT = {"attacker": "c1", "target": "c2", "weapon": 1, "aim": "0,3", "shot": "aimed", "aims": 3,
            "distance": 150, "ammo": "heap", "shooters": 1}


@cache
def sla_base() -> dict[str, Any]:
    """SLA Industries: Fix shoots a Xeno Stormer under fire, a wild shot at a Vevaphon, the GM's wound, first aid,
    initiative and a round's end with its bleeding."""
    encounter = _ok("new", {"system": "sla", "options": SLA_OPTIONS})["encounter"]
    for sheet in (FIX, XENO, VEV):
        encounter = _ok("add", {"encounter": encounter, "sheet": sheet})["encounter"]
    encounter = _ok("act", {"encounter": encounter, "action": "shoot", "inputs": SLA_SHOT,
                            "dice": {"cool": "6 6 6", "attack": "6 5 6"}, "seed": 4})["encounter"]
    encounter = _ok("act", {"encounter": encounter, "action": "shoot", "inputs": {
        "attacker": "c1", "target": "c3", "aim": "2,2", "shot": "wild", "quick_draw": True},
        "dice": {"draw": "6 6 6", "attack": "6 5 6"}, "seed": 8})["encounter"]
    encounter = _ok("act", {"encounter": encounter, "action": "harm", "inputs": {
        "target": "c2", "location": "left_leg", "amount": 3, "wound": True}})["encounter"]
    encounter = _ok("act", {"encounter": encounter, "action": "aid", "inputs": {
        "medic": "c1", "target": "c2", "task": "close"}, "seed": 2})["encounter"]
    encounter = _ok("act", {"encounter": encounter, "action": "initiative", "inputs": {"target": ""}, "seed": 3})[
        "encounter"]
    document: dict[str, Any] = _ok("act", {"encounter": encounter, "action": "time", "inputs": {"span": "round"}})[
        "encounter"]
    return document


@cache
def sla_fighting() -> dict[str, Any]:
    """SLA's base encounter with the fight started (initiative rolled) and one turn gone."""
    started = _ok("turn", {"encounter": sla_base(), "move": "start", "seed": 6})["encounter"]
    document: dict[str, Any] = _ok("turn", {"encounter": started, "move": "next", "seed": 6})["encounter"]
    return document


def ids(document: dict[str, Any]) -> list[str]:
    return [card["id"] for card in _ok("view", {"encounter": document})["view"]["roster"]]


@cache
def kyod_undone() -> dict[str, Any]:
    document: dict[str, Any] = _ok("undo", {"encounter": kyod_base()})["encounter"]
    return document


def as_link(request: dict[str, Any]) -> dict[str, Any]:
    """Pack the document under ``link`` into a share fragment, as the app would (any JSON, even mangled)."""
    document = request.get("link")
    if not isinstance(document, dict):
        return request
    raw = json.dumps(document, separators=(",", ":")).encode("utf-8")
    return {**request, "link": "e1." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")}


def as_file(request: dict[str, Any]) -> dict[str, Any]:
    """Write the document under ``text`` as a saved file's text."""
    document = request.get("text")
    return {**request, "text": json.dumps(document, indent=1)} if isinstance(document, dict) else request


def as_key(request: dict[str, Any]) -> dict[str, Any]:
    """Name the document under ``encounter_key`` by the key the engine answers it with, as the page does (a document
    the engine refuses, or a value that is no document, stays as it is)."""
    document = request.get("encounter_key")
    if not isinstance(document, dict):
        return request
    answer = json.loads(call("view", json.dumps({"encounter": document})))
    return {**request, "encounter_key": answer["result"]["key"]} if answer["ok"] else request


@dataclass(frozen=True)
class Case:
    request: dict[str, Any]
    finish: Callable[[dict[str, Any]], dict[str, Any]] = field(default=lambda request: request)


# Valid requests per method (one or more each).  Add a line for a new method so (b) reaches past its checks.
VALID: dict[str, Callable[[Base], list[Case]]] = {
    "systems": lambda b: [Case({})],
    "catalog": lambda b: [Case({"system": "typed"}), Case({"system": "megatraveller"}), Case({"system": "kyod"}),
                          Case({"system": "fudge"}), Case({"system": "sla"})],
    "new": lambda b: [Case({"system": "typed", "options": {"track": "B", "ballistic_regular": "-*",
                                                           "universal_floor": 0}}),
                      Case({"system": "megatraveller", "options": {"npc_death": "more_than", "halved_recovery": "up"}}),
                      Case({"system": "kyod", "options": KYOD_OPTIONS}),
                      Case({"system": "fudge", "options": FUDGE_OPTIONS}),
                      Case({"system": "sla", "options": SLA_OPTIONS})],
    "add": lambda b: [Case({"encounter": b.fought, "sheet": BANDIT}), Case({"encounter": b.traveller, "sheet": CAR}),
                      Case({"encounter": b.fought, "sheet": BANDIT, "count": 3, "hidden": True}),
                      Case({"encounter": b.traveller, "sheet": {"name": "Grazer", "kind": "animal", "hits": "9/6"}}),
                      Case({"encounter": kyod_base(), "sheet": KNIGHT}), Case({"encounter": kyod_base(), "sheet": DOOR}),
                      Case({"encounter": fudge_base(), "sheet": PIRATE}),
                      Case({"encounter": sla_base(), "sheet": VEV})],
    "edit": lambda b: [Case({"encounter": b.fought, "id": "c2", "sheet": CYRUS}),
                       Case({"encounter": b.traveller, "id": "c2", "sheet": {**BARTOLO, "upp": "45198C"}}),
                       Case({"encounter": kyod_base(), "id": "c2", "sheet": {**DOOR, "toughness_from": "hp", "hp": 40}}),
                       Case({"encounter": fudge_base(), "id": "c2", "sheet": {**BRYNHILD, "pain": "high"}}),
                       Case({"encounter": sla_base(), "id": "c3", "sheet": {**VEV, "vevaphon_pv": 4}})],
    "duplicate": lambda b: [Case({"encounter": b.fought, "id": "c2"}), Case({"encounter": kyod_base(), "id": "c1"})],
    "remove": lambda b: [Case({"encounter": b.fought, "id": "c1"}), Case({"encounter": kyod_base(), "id": "c2"})],
    "hide": lambda b: [Case({"encounter": b.fought, "id": "c2"}),
                       Case({"encounter": kyod_base(), "id": "c1", "hidden": True})],
    "act": lambda b: [Case({"encounter": b.fought, "action": "attack", "inputs": SLASH, "dice": {"damage": "-+0"},
                            "seed": 7}),
                      Case({"encounter": b.fought, "action": "attack", "inputs": COLD, "dice": "given",
                            "faces": {"damage": "+"}}),
                      Case({"encounter": b.fought, "action": "mark", "inputs": BY_HAND}),
                      Case({"encounter_key": b.fought, "action": "attack", "inputs": SLASH, "dice": {"damage": "-+0"},
                            "log_held": 3}, as_key),
                      Case({"encounter": b.traveller, "action": "hit", "inputs": {**CLUB, "weapon": 1, "target": "c3",
                                                                                  "part": "power1"}, "dice": "given",
                            "faces": {"damage": "1 2 3"}}),
                      Case({"encounter": b.traveller, "action": "recover", "inputs": {
                          "target": "c2", "how": "stun_slow"}, "dice": "given", "faces": {"recovery": "6 6"}}),
                      Case({"encounter": b.traveller, "action": "time", "inputs": {"hours": 2, "resting": False}}),
                      Case({"encounter": b.traveller, "action": "heal", "inputs": {
                          "target": "c3", "part": "loco2", "amount": 5}}),
                      Case({"encounter": kyod_base(), "action": "hit", "inputs": SHOT, "dice": "given",
                            "faces": {"penetration": "1 1 2", "cascade 1": "2"}}),
                      Case({"encounter": kyod_base(), "action": "hit", "inputs": {**THRUST, "weapon": 1},
                            "dice": {"penetration": "1 2"}, "seed": 3}),
                      Case({"encounter": kyod_base(), "action": "check", "inputs": {
                          "target": "c1", "check": "recover", "modifier": 2}, "dice": "given",
                            "faces": {"check": "1 2 3"}}),
                      Case({"encounter": kyod_base(), "action": "turn", "inputs": {"target": "c2"}}),
                      Case({"encounter": kyod_base(), "action": "heal", "inputs": {
                          "target": "c1", "which": "level", "level": 9}}),
                      Case({"encounter": fudge_base(), "action": "round", "inputs": MELEE,
                            "dice": {"fighter": "++00", "npcs": "+-"}, "seed": 5}),
                      Case({"encounter": fudge_base(), "action": "shoot", "inputs": {
                          "shooter": "c1", "target": "c2", "weapon": 1, "awareness": "dodges", "propelled": "3"},
                          "seed": 4}),
                      Case({"encounter": fudge_base(), "action": "shoot", "inputs": {
                          "shooter": "c2", "target": "c1", "awareness": "shoots_back", "return_weapon": 1,
                          "return_difficulty": "0"}, "seed": 4}),
                      Case({"encounter": fudge_base(), "action": "contest", "inputs": {
                          "first": "c1", "second": "c2", "contest": "speed"}, "seed": 2}),
                      Case({"encounter": fudge_base(), "action": "wound", "inputs": {
                          "target": "c1", "level": "near_death", "fudge_point": True}}),
                      Case({"encounter": fudge_base(), "action": "time", "inputs": {"time": "week"}}),
                      Case({"encounter": sla_base(), "action": "shoot", "inputs": SLA_SHOT, "seed": 5}),
                      Case({"encounter": sla_base(), "action": "shoot", "inputs": {**SLA_SHOT, "aims": 1},
                            "dice": "given", "faces": {"cool": "6 6 6", "attack": "1 1 2", "direction": "4"}}),
                      Case({"encounter": sla_base(), "action": "aid", "inputs": {
                          "medic": "", "target": "c2", "task": "close", "rank": 4, "modifier": -2}, "seed": 1}),
                      Case({"encounter": sla_base(), "action": "heal", "inputs": {
                          "target": "c2", "how": "ebon", "hits": 4}}),
                      Case({"encounter": sla_base(), "action": "harm", "inputs": {
                          "target": "c3", "location": "incap", "amount": 2, "bruising": True}}),
                      Case({"encounter": sla_base(), "action": "move", "inputs": {"target": "c2", "move": "prone"}}),
                      Case({"encounter": sla_base(), "action": "time", "inputs": {"span": "phase"}})],
    "turn": lambda b: [Case({"encounter": sla_base(), "move": "start", "seed": 2}),
                       Case({"encounter": sla_base(), "move": "start", "dice": {"initiative c1": "1 2 3"}, "seed": 1}),
                       Case({"encounter": sla_fighting(), "move": "next", "seed": 4}),
                       Case({"encounter": sla_fighting(), "move": "delay"}),
                       Case({"encounter": b.traveller, "move": "start"}),
                       Case({"encounter": fudge_base(), "move": "start", "seed": 3}),
                       Case({"encounter": kyod_base(), "move": "order", "order": ids(kyod_base())[::-1]}),
                       Case({"encounter": sla_fighting(), "move": "end"})],
    "condition": lambda b: [Case({"encounter": b.fought, "id": "c1", "name": "Blinded", "rounds": 3}),
                            Case({"encounter": sla_fighting(), "id": "c2", "name": "On fire"})],
    "note": lambda b: [Case({"encounter": b.fought, "id": "c2", "text": "Behind the crates"}),
                       Case({"encounter": kyod_base(), "id": "c1", "text": ""})],
    "player_link": lambda b: [Case({"encounter": sla_fighting(), "players": ["c1"], "npcs": "tracks"}),
                              Case({"encounter": b.traveller, "players": [], "npcs": "status"})],
    "open_player": lambda b: [Case({"link": _ok("player_link", {"encounter": sla_fighting(), "players": ["c2"]})[
        "fragment"]})],
    "check": lambda b: [Case({"encounter": b.fought, "sheet": BANDIT}),
                        Case({"encounter": b.fought, "sheet": CYRUS, "combatant": "c2"}),
                        Case({"encounter": b.traveller, "sheet": CAR}),
                        Case({"encounter": kyod_base(), "sheet": DOOR, "combatant": "c2"}),
                        Case({"encounter": b.fought, "action": "attack", "inputs": SLASH}),
                        Case({"encounter": b.fought, "action": "mark", "inputs": BY_HAND}),
                        Case({"encounter_key": b.fought, "action": "attack", "inputs": COLD}, as_key),
                        Case({"encounter": b.traveller, "action": "hit", "inputs": {**CLUB, "weapon": 1, "target": "c3",
                                                                                    "part": "power1"}}),
                        Case({"encounter": b.traveller, "action": "time", "inputs": {"hours": 2, "resting": False}}),
                        Case({"encounter": kyod_base(), "action": "hit", "inputs": SHOT}),
                        Case({"encounter": kyod_base(), "action": "turn", "inputs": {"target": "c2"}}),
                        Case({"encounter": fudge_base(), "action": "round", "inputs": MELEE}),
                        Case({"encounter": sla_base(), "action": "shoot", "inputs": SLA_SHOT}),
                        Case({"encounter": sla_base(), "sheet": XENO, "combatant": "c2"})],
    "odds": lambda b: [Case({"encounter": b.fought, "action": "attack", "inputs": ARROW}),
                       Case({"encounter": b.fought, "action": "attack", "inputs": COLD}),
                       Case({"encounter": b.traveller, "action": "hit", "inputs": {**CLUB, "weapon": 1}}),
                       Case({"encounter": b.traveller, "action": "compare", "inputs": {
                           "attacker": None, "damage_value": 3, "harm": "lethal"}}),
                       Case({"encounter": b.traveller, "action": "recover", "inputs": {"target": "c2"}}),
                       Case({"encounter": kyod_base(), "action": "hit", "inputs": SHOT}),
                       Case({"encounter": kyod_base(), "action": "hit", "inputs": THRUST}),
                       Case({"encounter_key": b.traveller, "action": "hit", "inputs": {**CLUB, "weapon": 1}}, as_key),
                       Case({"encounter": kyod_base(), "action": "check", "inputs": {
                           "target": "c1", "check": "consciousness", "modifier": -3}}),
                       Case({"encounter": fudge_base(), "action": "round", "inputs": MELEE}),
                       Case({"encounter": fudge_base(), "action": "shoot", "inputs": {
                           "shooter": "c1", "target": "c2", "weapon": 1}}),
                       Case({"encounter": sla_base(), "action": "shoot", "inputs": SLA_SHOT}),
                       Case({"encounter": sla_base(), "action": "shoot", "inputs": {
                           "attacker": "c1", "target": "c3", "shot": "wild", "quick_draw": True, "aim": "-2,5"}})],
    "undo": lambda b: [Case({"encounter": b.fought}), Case({"encounter": kyod_base()}), Case({"encounter": fudge_base()}),
                       Case({"encounter": sla_base()}),
                       Case({"encounter_key": kyod_base(), "log_held": 2}, as_key)],
    "redo": lambda b: [Case({"encounter": b.undone}), Case({"encounter": kyod_undone()})],
    "view": lambda b: [Case({"encounter": b.fought}), Case({"encounter": b.traveller}),
                       Case({"encounter": kyod_base()}), Case({"encounter": fudge_base()}),
                       Case({"encounter": sla_base()})],
    "set_options": lambda b: [Case({"encounter": b.roster, "options": {"track": "B", "universal_floor": 0}}),
                              Case({"encounter": kyod_roster(), "options": KYOD_OPTIONS})],
    "share": lambda b: [Case({"encounter": b.fought}), Case({"encounter": kyod_base()}),
                        Case({"encounter": fudge_base()}), Case({"encounter": sla_base()})],
    "open_link": lambda b: [Case({"link": b.fought}, as_link), Case({"link": b.traveller}, as_link),
                            Case({"link": kyod_base()}, as_link), Case({"link": fudge_base()}, as_link),
                            Case({"link": sla_base()}, as_link)],
    "open_file": lambda b: [Case({"text": b.fought}, as_file), Case({"text": kyod_base()}, as_file),
                            Case({"text": sla_base()}, as_file)],
}


@cache
def valid(method: str) -> list[Case]:
    """VALID's requests for a method, made once: some are made with engine calls of their own (open_player's link),
    which would otherwise run again for every example. mutated() changes a copy, never these."""
    return VALID[method](base())
