"""What a KYoD sheet's and hit's typed texts were read as (rules/reading.py): a weight as the Toughness it gives,
armour and barriers as their layers' DR in order, and each weapon or typed damage as the text's own 3d+X[Y] (at
the wielder's ST for thrust and swing, a flat add log-added: the option's default).

>>> reads = sheet_reads(Sheet.from_dict({"name": "Guard", "st": 12, "armour": "4 + 2",
...                                      "weapons": [{"name": "Sword", "notation": "sw+1 cut"}]}))
>>> reads["armour"].text, reads["weapons[0]"].text
('two layers: DR 4, then DR 2', 'sw+1 cut: penetration roll 3d+13[+1], cutting')
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ... import fields
from ...reading import Reading, Reads, attempt
from .attack import TYPES, Weapon, attack_stats, parse_weapon
from .hit import typed_attack
from .scale import plain
from .sheet import MAX_ST, Sheet, read_barriers

_COUNTS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_ST_BASED = {"thr": "thrust", "sw": "swing"}


def sheet_reads(sheet: Sheet) -> Reads:
    reads: Reads = {}
    if sheet.kind == "object" and sheet.toughness_from == "weight":
        reads["weight"] = Reading(f"{plain(sheet.weight)} lb: {sheet.toughness_words}")
    reads["armour"] = Reading(layers_words(sheet.armour.worn, "no armour", "layers"))
    strength = sheet.st if sheet.kind == "character" else None
    for index, entry in enumerate(sheet.weapons):
        based = entry.weapon.base in ("thr", "sw") and strength is None
        reads[f"weapons[{index}]"] = Reading(weapon_words(entry.weapon, strength), (
            f"{entry.name} is {_ST_BASED[entry.weapon.base]}-based: an object has no ST, so it cannot attack with it",)
            if based else ())
    return reads


def action_reads(action: str, sheets: Mapping[str, Any], inputs: Mapping[str, Any]) -> Reads:
    """A hit's damage typed in (with no attacker) and the barriers it meets first."""
    if action != "hit":
        return {}
    reads: Reads = {}
    if inputs.get("attacker") in ("", None) and "damage" in inputs:
        notation = attempt(lambda: typed_attack(inputs))
        weapon = attempt(lambda: parse_weapon(notation, "damage")) if notation else None
        strength = attempt(lambda: fields.integer(inputs, "st", "st", 1, MAX_ST, default=10))
        if weapon is not None:
            reads["damage"] = Reading(weapon_words(weapon, strength))
    barriers = attempt(lambda: read_barriers(inputs.get("barriers"), "barriers"))
    if barriers:
        reads["barriers"] = Reading(layers_words(barriers, "none", "barriers"))
    return reads


def weapon_words(weapon: Weapon, strength: int | None) -> str:
    attack = attempt(lambda: attack_stats(weapon, strength))
    kind = f", {TYPES[weapon.type]['label']}" if weapon.type else ""
    if attack is None:
        return f"{weapon.notation}: {_ST_BASED.get(weapon.base, weapon.base)} at the wielder's ST"
    return f"{weapon.notation}: penetration roll {attack.notation}{kind}"


def layers_words(layers: tuple[Fraction, ...], none: str, several: str) -> str:
    if not layers:
        return none
    each = ", then ".join(f"DR {plain(layer)}" for layer in layers)
    return each if len(layers) == 1 else f"{_COUNTS.get(len(layers), len(layers))} {several}: {each}"
