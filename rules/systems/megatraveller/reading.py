"""What a MegaTraveller sheet's typed texts were read as (rules/reading.py): the UPP as its six characteristics and
the Life Force and Integrity they give, an animal's Hits and a vehicle's ratings as the damage that knocks out,
disables or destroys, and each weapon's Damage Value.

>>> reads = sheet_reads(Sheet.from_dict({"name": "Ana", "upp": "45398C"}))
>>> reads["upp"].text
'Str 4, Dex 5, End 3, Int 9, Edu 8, Soc 12: Life Force 12, Integrity 24'
>>> sheet_reads(Sheet.from_dict({"name": "Car", "kind": "vehicle", "hull": "2/5"}))["hull"].text
'Hull 2/5 × 40: disabled at 80 hits, destroyed at 280'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...reading import Reading, Reads
from .integrity import CHARACTERISTICS, rating_text
from .sheet import ANIMAL_MULTIPLIER, MACHINES, VEHICLE_MULTIPLIER, Sheet


def sheet_reads(sheet: Sheet) -> Reads:
    reads: Reads = {}
    if sheet.kind in ("person", "npc"):
        stats = ", ".join(f"{name} {value}" for name, value in zip(CHARACTERISTICS, sheet.upp))
        text = f"{stats}: Life Force {sheet.life_force}, Integrity {sheet.integrity}"
        if sheet.kind == "npc":
            text += f", knocked out at {sheet.knockout}"
        reads["upp"] = Reading(text)
    if sheet.kind == "animal" and sheet.hits is not None:
        reads["hits"] = Reading(f"{rating_text(sheet.hits)} × {ANIMAL_MULTIPLIER}: knocked out at {sheet.knockout} "
                                f"hits, killed at {sheet.integrity}")
    if sheet.kind in MACHINES:
        times = f" × {VEHICLE_MULTIPLIER}" if sheet.kind == "vehicle" else " as given"
        for key in ("hull", "power", "loco"):
            parts = [part for part in sheet.parts if part.key.rstrip("0123456789") == key]
            if parts:
                reads[key] = Reading("; ".join(
                    f"{part.label} {rating_text(part.rating)}{times}: disabled at {part.knockout} hits, destroyed at "
                    f"{part.integrity}" for part in parts))
    for index, entry in enumerate(sheet.weapons):
        reads[f"weapons[{index}]"] = Reading(entry.weapon.words)
    return reads


def action_reads(action: str, sheets: Mapping[str, Any], inputs: Mapping[str, Any]) -> Reads:
    """No action of MegaTraveller parses a typed text (a ruling's note is kept as written)."""
    return {}
