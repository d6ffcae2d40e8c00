"""What a FUDGE sheet's typed notations were read as (rules/reading.py): each weapon's damage factors and its own
part of the offensive factor (seed 4.54), and the armour's value and its part of the defensive factor.

>>> reads = sheet_reads(Sheet.from_dict({"name": "Macer", "weapons": [{"name": "Broadsword", "notation": "size 2, sharp"}],
...                                      "armour": {"name": "Chain", "notation": "+3, magic 1"}}))
>>> reads["weapons[0]"].text
'muscle-powered, size 2 (with Strength and Scale), sharp +1: the weapon adds +3'
>>> reads["armour"].text
'armour +3, magic +1: the defensive factor +4'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...reading import Reading, Reads
from .sheet import Armour, Sheet, Weapon


def sheet_reads(sheet: Sheet) -> Reads:
    reads: Reads = {f"weapons[{index}]": Reading(weapon_words(entry.weapon)) for index, entry in enumerate(sheet.weapons)}
    if sheet.armour_notation.strip():
        reads["armour"] = Reading(armour_words(sheet.armour))
    return reads


def action_reads(action: str, sheets: Mapping[str, Any], inputs: Mapping[str, Any]) -> Reads:
    """No action of FUDGE parses a typed text: its inputs are chosen from lists."""
    return {}


def weapon_words(weapon: Weapon) -> str:
    if weapon.size is not None:
        parts = [f"muscle-powered, size {weapon.size} (with Strength and Scale)"]
    else:
        parts = [f"powered, power {weapon.power}" + (" (its Scale counts)" if weapon.scaled else "")]
    parts += [f"{word} {value:+d}" for word, value in (("sharp", weapon.sharp), ("magic", weapon.magic),
                                                       ("tech", weapon.tech)) if value]
    parts += [word for word, held in (("blunt", weapon.blunt), ("piercing", weapon.piercing),
                                      ("thrown", weapon.thrown)) if held]
    if weapon.auto:
        parts.append(f"auto, {weapon.auto} bullets a round")
    return ", ".join(parts) + f": the weapon adds {weapon.factor():+d}"


def armour_words(armour: Armour) -> str:
    parts = [f"armour {armour.value:+d}"] + [f"{word} {value:+d}" for word, value in (("magic", armour.magic),
                                                                                   ("tech", armour.tech)) if value]
    return ", ".join(parts) + f": the defensive factor {armour.total:+d}"
