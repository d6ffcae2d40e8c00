"""A MegaTraveller target's sheet (what it is, how much it can take) and its damage state.

Five kinds of target share one scale (the seed's promise): a person with a Personal Integrity chart,
an unimportant NPC ("red shirt") and an animal written K/(I-K), and a vehicle, craft or starship, or
an aircraft, whose Hull, Power and Locomotion records each take damage on their own.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from ... import fields
from ...errors import BadField
from ..gear import GearEntry, read_weapons
from .damage import Weapon, parse_weapon
from .integrity import (CHARACTERISTICS, Chart, chart, person_integrity, rating_text, read_ratings, read_upp,
                        upp_text)

KINDS = ("person", "npc", "animal", "vehicle", "aircraft")
KIND_LABELS = {"person": "Person", "npc": "Unimportant NPC", "animal": "Animal", "vehicle": "Vehicle, craft or ship",
               "aircraft": "Aircraft"}
SKILLS = ("martial_arts", "brawling", "survival", "medical")
SKILL_LABELS = {"martial_arts": "Martial Arts", "brawling": "Brawling", "survival": "Survival", "medical": "Medical"}
COMBAT_SKILLS = ("martial_arts", "brawling", "survival")   # "Martial Arts or Brawling or Survival"
MAX_SKILL = 15
MAX_WEAPONS = 12
VEHICLE_MULTIPLIER = 40          # "Each of the numbers ... multiplied by 40"
ANIMAL_MULTIPLIER = 4            # "Each number before and after the slash is multiplied by 4"
LIVING = ("person", "npc", "animal")
MACHINES = ("vehicle", "aircraft")


@dataclass(frozen=True)
class Part:
    """One record of a vehicle: Hull, a Power or a Locomotion rating, as Integrity K/(I-K)."""

    key: str            # "hull", "power1", "loco2"
    label: str          # "Hull", "Power 1"
    rating: tuple[int, int]
    knockout: int       # damage that disables it
    integrity: int      # damage that destroys it

    @property
    def text(self) -> str:
        return f"{self.knockout}/{self.integrity - self.knockout}"


@dataclass(frozen=True)
class Sheet:
    name: str
    kind: str
    upp: tuple[int, ...] = ()
    skills: tuple[tuple[str, int], ...] = ()           # only the skills the person has
    hits: tuple[int, int] | None = None                # an animal's Hits
    hull: tuple[tuple[int, int], ...] = ()
    power: tuple[tuple[int, int], ...] = ()
    loco: tuple[tuple[int, int], ...] = ()
    weapons: tuple[GearEntry[Weapon], ...] = ()

    # -- what it can take -------------------------------------------------------------------------

    @property
    def life_force(self) -> int:
        """Str + Dex + End (RULES_NOTES 1.1: every seed example fits it)."""
        return sum(self.upp[:3])

    @property
    def integrity(self) -> int:
        """The damage that kills: I for a person or NPC, the sum of both numbers for an animal."""
        if self.kind in ("person", "npc"):
            return person_integrity(self.life_force)[0]
        if self.kind == "animal":
            assert self.hits is not None
            return ANIMAL_MULTIPLIER * (self.hits[0] + self.hits[1])
        return sum(part.integrity for part in self.parts)

    @property
    def knockout(self) -> int:
        """Damage that knocks out an NPC (ceil(I/3)) or an animal (its first number x 4)."""
        if self.kind == "npc":
            return math.ceil(self.integrity / 3)
        if self.kind == "animal":
            assert self.hits is not None
            return ANIMAL_MULTIPLIER * self.hits[0]
        return self.integrity

    @property
    def chart(self) -> Chart:
        return chart(self.integrity)

    @cached_property
    def parts(self) -> tuple[Part, ...]:
        """A vehicle's or an aircraft's records, each its own Integrity."""
        times = VEHICLE_MULTIPLIER if self.kind == "vehicle" else 1
        out = []
        for prefix, label, ratings in (("hull", "Hull", self.hull), ("power", "Power", self.power),
                                       ("loco", "Loco", self.loco)):
            for number, (first, second) in enumerate(ratings, start=1):
                key = prefix if prefix == "hull" else f"{prefix}{number}"
                name = label if len(ratings) == 1 else f"{label} {number}"
                out.append(Part(key, name, (first, second), first * times, (first + second) * times))
        return tuple(out)

    def part(self, key: str) -> Part:
        return next(part for part in self.parts if part.key == key)

    def skill(self, name: str) -> int | None:
        return dict(self.skills).get(name)

    def combat_skill(self) -> tuple[str, int] | None:
        """The best of Martial Arts, Brawling and Survival, or None when the person has none of them."""
        held = [(SKILL_LABELS[name], level) for name, level in self.skills if name in COMBAT_SKILLS]
        return max(held, key=lambda item: item[1]) if held else None

    def characteristic(self, name: str) -> int:
        return self.upp[CHARACTERISTICS.index(name)] if self.upp else 0

    # -- to and from the encounter's JSON ---------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.kind in ("person", "npc"):
            out["upp"] = upp_text(self.upp)
            out.update(self.skills)
        if self.kind == "animal":
            assert self.hits is not None
            out["hits"] = rating_text(self.hits)
        if self.kind in MACHINES:
            out["hull"] = " + ".join(map(rating_text, self.hull))
            if self.power:
                out["power"] = " + ".join(map(rating_text, self.power))
            if self.loco:
                out["loco"] = " + ".join(map(rating_text, self.loco))
        out["weapons"] = [entry.to_dict() for entry in self.weapons]
        return out

    @staticmethod
    def from_dict(data: Any, field: str = "sheet") -> Sheet:
        data = fields.mapping(data, field)
        kind = fields.choice(data, "kind", f"{field}.kind", KINDS, default="person")
        sheet = Sheet(name=fields.text(data, "name", f"{field}.name"), kind=kind,
                      weapons=read_weapons(data, field, parse_weapon, maximum=MAX_WEAPONS, max_notation=20))
        if kind in ("person", "npc"):
            upp = read_upp(fields.text(data, "upp", f"{field}.upp", max_length=12), f"{field}.upp")
            skills = tuple((name, level) for name in SKILLS
                           if (level := read_skill(data, name, f"{field}.{name}")) is not None)
            return replace(sheet, upp=upp, skills=skills)
        if kind == "animal":
            hits = read_ratings(fields.text(data, "hits", f"{field}.hits", max_length=20), f"{field}.hits",
                                allow_several=False)
            return replace(sheet, hits=hits[0])
        ratings = {key: read_ratings(fields.text(data, key, f"{field}.{key}", max_length=60), f"{field}.{key}")
                   if key == "hull" or str(data.get(key) or "").strip() else ()
                   for key in ("hull", "power", "loco")}
        if len(ratings["hull"]) > 1:
            raise BadField("a vehicle has one Hull rating", field=f"{field}.hull")
        return replace(sheet, hull=ratings["hull"], power=ratings["power"], loco=ratings["loco"])


def read_skill(data: Mapping[str, Any], key: str, field: str) -> int | None:
    """A skill level 0-15, or None for no skill (missing, null, "" or "none")."""
    value = data.get(key)
    if value is None or value in ("", "none"):
        return None
    return fields.integer(data, key, field, 0, MAX_SKILL)


LIMB_STATES = ("Unharmed", "Injured", "Incapacitated", "Wrecked", "Ruined")


@dataclass(frozen=True)
class State:
    """Damage taken.  A person's chart is two counters (RULES_NOTES 1.3): the X's fill boxes 0..L-1 and
    the slashes L..L+N-1, since a lethal point always overwrites the first slash."""

    lethal: int = 0
    non_lethal: int = 0
    stunned: bool = False
    unconscious: bool = False                       # a person: a failed roll, a full chart, or the referee
    parts: tuple[int, ...] = ()                     # a vehicle's damage, record by record
    limbs: tuple[tuple[str, str], ...] = ()         # the referee's Limb Damage rulings: (location, condition)
    lost: tuple[tuple[str, int], ...] = ()          # Characteristic Damage the referee gave: (characteristic, points)
    notes: tuple[str, ...] = ()                     # other rulings (a concussion from a head hit)

    @property
    def total(self) -> int:
        return self.lethal + self.non_lethal

    def lost_from(self, name: str) -> int:
        return dict(self.lost).get(name, 0)

    def to_dict(self) -> dict[str, Any]:
        return {"lethal": self.lethal, "non_lethal": self.non_lethal, "stunned": self.stunned,
                "unconscious": self.unconscious, "parts": list(self.parts)}


def fresh(sheet: Sheet) -> State:
    return State(parts=tuple(0 for _ in sheet.parts))


def current(sheet: Sheet, state: State, name: str) -> int:
    """A characteristic after the Characteristic Damage the referee gave (never below 0)."""
    return max(0, sheet.characteristic(name) - state.lost_from(name))


def conscious(sheet: Sheet, state: State) -> bool:
    if sheet.kind == "person":
        return not state.unconscious and state.lethal < sheet.integrity
    if sheet.kind in ("npc", "animal"):
        return state.total < sheet.knockout
    return True


def dead(sheet: Sheet, state: State, more_than: bool = False) -> bool:
    """All boxes hold an X (a person); total damage at the Integrity (an NPC or animal, D-MT-10: "at least",
    or "more than" under the option); the Hull destroyed (a vehicle)."""
    if sheet.kind == "person":
        return state.lethal >= sheet.integrity
    if sheet.kind in ("npc", "animal"):
        return state.total > sheet.integrity if more_than else state.total >= sheet.integrity
    return bool(state.parts) and state.parts[0] >= sheet.parts[0].integrity
