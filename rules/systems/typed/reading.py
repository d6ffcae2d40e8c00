"""What a Typed Damage sheet's typed notations were read as (rules/reading.py): each weapon's modes, the armour's
symbols and tags, and a hazard's dice, in words (D-TD-8's notation).

>>> words_of_weapon(parse_weapon("3-/2+"))
'3 dice of slashing, or 2 dice of piercing'
>>> words_of_armour(parse_armour("---*++(Ab)"))
'3 slashing, 1 impact, 2 piercing; ablative'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ... import fields
from ...reading import Reading, Reads, attempt
from .notation import TYPE_NAMES, Armour, Weapon, WeaponMode, parse_armour, parse_weapon
from .sheet import Sheet

_FACE_WORDS = {"-": "\u2212", "0": "blank", "+": "+"}   # the Fudge faces, as the dice record them
_SYMBOL_WORDS = {**TYPE_NAMES, "X": "universal"}


def sheet_reads(sheet: Sheet) -> Reads:
    reads: Reads = {f"weapons[{index}]": Reading(words_of_weapon(entry.weapon))
                    for index, entry in enumerate(sheet.weapons)}
    if sheet.armour_notation.strip():
        reads["armour"] = Reading(words_of_armour(sheet.armour))
    return reads


def action_reads(action: str, sheets: Mapping[str, Any], inputs: Mapping[str, Any]) -> Reads:
    """A hazard typed in for an attack with no attacker."""
    if action != "attack" or inputs.get("attacker") not in ("", None) or "hazard" not in inputs:
        return {}
    weapon = attempt(lambda: parse_weapon(fields.text(inputs, "hazard", "hazard", max_length=80), field="hazard"))
    return {"hazard": Reading(words_of_weapon(weapon))} if weapon else {}


def words_of_mode(mode: WeaponMode) -> str:
    kind = TYPE_NAMES[mode.symbol]
    if mode.symbol == "E":
        faces = [_FACE_WORDS[face] for face in ("-", "0", "+") if face in mode.success_faces]
        kind += f" (succeeding on {' and '.join(faces)})"
    tags = list(mode.tags) + (["armour-piercing"] if mode.armour_piercing else [])
    return f"{mode.dice} dice of {kind}" + (f", {', '.join(tags)}" if tags else "")


def words_of_weapon(weapon: Weapon) -> str:
    return ", or ".join(words_of_mode(mode) for mode in weapon.modes)


def words_of_armour(armour: Armour) -> str:
    if not armour.counts:
        return "no armour"
    symbols = ", ".join(f"{count} {_SYMBOL_WORDS[symbol]}" for symbol, count in armour.counts)
    tags = [f"energy of {armour.energy_kind}"] if armour.energy_kind else []
    if armour.hardened:
        tags.append(f"hardened against {', '.join(armour.hardened_vs)}" if armour.hardened_vs else "hardened")
    if armour.ablative:
        tags.append("ablative")
    return symbols + (f"; {', '.join(tags)}" if tags else "")

