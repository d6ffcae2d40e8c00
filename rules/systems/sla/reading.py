"""What an SLA sheet's typed texts were read as (rules/reading.py): the skills, each with what uses it, every weapon
and armour as its chart's columns, and a grenade picked for a throw.

A skill rank is found by its name (``Sheet.rank``), so a skill spelt differently from its weapon's counts as 0 and
the weapon rolls at 0 without a word: both are warned of here.

>>> sheet = Sheet.from_dict({"name": "Cass", "skills": "Pistl 6, Marksman 2",
...                          "weapons": [{"name": "MAL Anvil", "notation": "skill Pistol, RNG 20, RCL 5, PEN 4, DAM 6"}]})
>>> reads = sheet_reads(sheet)
>>> reads["skills"].warnings
('Pistl: no weapon of this character uses it. Did you mean Pistol?',)
>>> reads["weapons[0]"].warnings
('MAL Anvil uses Pistol: this character has no Pistol skill and rolls at 0',)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ... import fields
from ...reading import Reading, Reads, attempt, close_to
from ..data import load
from .care import AID_SKILLS
from .handling import MAINTENANCE
from .sheet import GRENADES, LOCATION_LABELS, LOCATIONS, Armour, Sheet, Weapon, parse_weapon

# The skills the rules read by name, beside a weapon's own, and what each is for (the module that reads it).
RULE_SKILLS: dict[str, str] = {
    "Marksman": "caps the aim bonus",                                    # shooting.py, aim_bonus
    "Martial Arts": "initiative and martial arts blows",                 # rounds.py, melee.py
    "Unarmed Combat": "bare hands, and parrying without a weapon",       # melee.py (bare_hands in data/sla.json)
    "Dodge": "dodging",                                                  # defence.py, melee.py
    "Acrobatics": "crossing suppressive fire",                           # volley.py
    MAINTENANCE: "clearing a jam",                                       # handling.py
    **{skill: "first aid" for skill in AID_SKILLS},                      # care.py
}
# The skills of the sample weapons (grenades among them): a name a game master may mean though no weapon of his uses it.
CATALOG_SKILLS: tuple[str, ...] = tuple(dict.fromkeys(
    parse_weapon(row["notation"]).skill for row in load("sla")["weapons"]["rows"]))
_FIRING = {"single": "single shots", "semi": "semi-auto", "auto": "full auto", "burst": "bursts",
           "suppress": "suppressive fire"}


def sheet_reads(sheet: Sheet) -> Reads:
    reads: Reads = {}
    if sheet.skills_text.strip():
        reads["skills"] = _skills(sheet)
    for index, entry in enumerate(sheet.weapons):
        rank = _listed(sheet, entry.weapon.skill)
        reads[f"weapons[{index}]"] = Reading(weapon_words(entry.weapon, rank if rank is not None else 0),
                                             () if rank is not None else (_unskilled(sheet, entry.name, entry.weapon),))
    for index, armour in enumerate(sheet.armour):
        reads[f"armour[{index}]"] = Reading(armour_words(armour.item))
    return reads


def action_reads(action: str, sheets: Mapping[str, Any], inputs: Mapping[str, Any]) -> Reads:
    """A grenade typed in (``grenade``: a name and a notation), which the action reads for one on the floor or
    smothered; a thrown grenade is a weapon of the thrower's sheet."""
    if action != "grenade" or inputs.get("how") not in ("floor", "smother") or not isinstance(inputs.get("grenade"), dict):
        return {}
    notation = attempt(lambda: fields.text(inputs["grenade"], "notation", "grenade", max_length=120))
    weapon = attempt(lambda: parse_weapon(notation, "grenade")) if notation else None
    return {"grenade": Reading(weapon_words(weapon, None))} if weapon else {}


def _listed(sheet: Sheet, skill: str) -> int | None:
    """The rank the sheet lists for a skill (its name matched without case, as ``Sheet.rank`` does), or None."""
    return next((rank for name, rank in sheet.skills if name.lower() == skill.lower()), None)


def _unskilled(sheet: Sheet, name: str, weapon: Weapon) -> str:
    warning = f"{name} uses {weapon.skill}: this character has no {weapon.skill} skill and rolls at 0"
    if weapon.skill.lower() in (skill.lower() for skill in CATALOG_SKILLS):
        return warning          # the weapon's skill is spelt as the samples spell it: any typo is in the skills
    meant = close_to(weapon.skill, [skill for skill, _ in sheet.skills])
    return warning + (f". Did you mean {meant}?" if meant else "")


def _skills(sheet: Sheet) -> Reading:
    used = {entry.weapon.skill.lower(): entry.name for entry in reversed(sheet.weapons)}
    rules = {name.lower(): what for name, what in RULE_SKILLS.items()}
    known = [entry.weapon.skill for entry in sheet.weapons] + list(RULE_SKILLS) + list(CATALOG_SKILLS)
    parts: list[str] = []
    warnings: list[str] = []
    for name, rank in sheet.skills:
        key = name.lower()
        if key in used or key in rules:
            parts.append(f"{name} {rank} ({used.get(key) or rules[key]})")
            continue
        if key in (skill.lower() for skill in CATALOG_SKILLS):
            parts.append(f"{name} {rank} (no weapon of this character uses it)")
            continue
        parts.append(f"{name} {rank} (nothing in a fight uses it)")
        meant = close_to(name, [skill for skill in known if skill.lower() != key])
        if meant is not None:
            warnings.append(f"{name}: no weapon of this character uses it. Did you mean {meant}?")
    return Reading("; ".join(parts), tuple(warnings))


def weapon_words(weapon: Weapon, rank: int | None) -> str:
    """A weapon as its chart's columns, in words: what it rolls on, its numbers, and how it fires."""
    skill = weapon.skill if rank is None else f"{weapon.skill} {rank}"
    if weapon.kind == "grenade":
        numbers = [f"RNG {weapon.range} m", f"zone {weapon.zone} hexes", f"radius {float(weapon.radius):g} m"]
        if weapon.dam:
            numbers.append(f"DAM {weapon.dam}")
        return f"{GRENADES[weapon.grenade]} grenade thrown on {skill}: " + ", ".join(numbers)
    if weapon.kind == "melee":
        numbers = [f"PEN {weapon.pen}", f"DAM {weapon.dam}", f"handling {weapon.handling}"]
        numbers += [word for word, held in (("vibro", weapon.vibro), ("blunt (bruising)", weapon.blunt)) if held]
        if weapon.whip is not None:
            numbers.append(f"flexible ({weapon.whip:+d} to hit)")
        return f"hand-to-hand on {skill}: " + ", ".join(numbers)
    numbers = [f"RNG {weapon.range} m", f"RCL {weapon.recoil}", f"PEN {weapon.pen}", f"DAM {weapon.dam}",
               f"AD {weapon.armour_damage}" if weapon.armour_damage is not None else "AD as its damage"]
    numbers += [f"{label} {value}" for label, value in (("ACC", weapon.accuracy), ("baffling", weapon.baffling),
                                                         ("handling", weapon.handling)) if value]
    numbers += [word for word, held in (("silenced", weapon.silenced), ("shotgun", weapon.shotgun),
                                        ("single action", weapon.cocked)) if held]
    if weapon.jam is not None:
        numbers.append(f"JF {weapon.jam}")
    if weapon.scope:
        numbers.append(f"scope for {weapon.scope} range")
    modes = ", ".join(_FIRING[mode] + (f" of {weapon.burst}" if mode == "burst" else "") for mode in weapon.modes)
    return f"firearm on {skill}: " + ", ".join(numbers) + f"; fires {modes}"


def armour_words(armour: Armour) -> str:
    covers = "every location" if armour.covers == frozenset(LOCATIONS) else ", ".join(
        LOCATION_LABELS[location].lower() for location in LOCATIONS if location in armour.covers)
    return f"PV {armour.pv}, ID {armour.impact}" + (f", DM {armour.dodge}" if armour.dodge else "") + f"; covers {covers}"

