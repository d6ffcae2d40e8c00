"""A Typed Damage combatant's sheet (skills, weapons, armour) and wound state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ... import fields
from ..gear import GearEntry, read_weapons
from .notation import Armour, Weapon, parse_armour, parse_weapon
from .tracks import Marks, Track, fresh_marks

LADDER_RANGE = (-8, 8)
STRENGTH_RANGE = (-5, 5)
MAX_WEAPONS = 12


@dataclass(frozen=True)
class Sheet:
    """What a combatant brings to a fight; never changes during one."""

    name: str
    skill: int            # attack skill on the FUDGE ladder
    defence: int          # defensive skill on the FUDGE ladder
    strength: int         # Strength modifier, for the optional Strength-for-damage rule
    weapons: tuple[GearEntry[Weapon], ...]
    armour_name: str
    armour_notation: str
    armour: Armour

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "skill": self.skill, "defence": self.defence, "strength": self.strength,
            "weapons": [entry.to_dict() for entry in self.weapons],
            "armour": {"name": self.armour_name, "notation": self.armour_notation},
        }

    @staticmethod
    def from_dict(data: Any, field: str = "sheet") -> Sheet:
        data = fields.mapping(data, field)
        low, high = LADDER_RANGE
        armour_data = fields.mapping(data.get("armour", {}), f"{field}.armour")
        armour_notation = fields.text(armour_data, "notation", f"{field}.armour.notation", max_length=80,
                                      default="", allow_empty=True)
        return Sheet(
            name=fields.text(data, "name", f"{field}.name"),
            skill=fields.integer(data, "skill", f"{field}.skill", low, high, default=0),
            defence=fields.integer(data, "defence", f"{field}.defence", low, high, default=0),
            strength=fields.integer(data, "strength", f"{field}.strength", *STRENGTH_RANGE, default=0),
            weapons=read_weapons(data, field, lambda text, where: parse_weapon(text, field=where),
                                 maximum=MAX_WEAPONS, max_notation=80),
            armour_name=fields.text(armour_data, "name", f"{field}.armour.name", default="", allow_empty=True),
            armour_notation=armour_notation,
            armour=parse_armour(armour_notation, field=f"{field}.armour.notation"),
        )


@dataclass(frozen=True)
class State:
    """A combatant's wounds (with what marked each box) and the armour left after ablative wear."""

    marks: Marks
    armour: Armour
    marked_by: tuple[tuple[str, ...], ...] = ()    # per level, what marked each of its boxes, in order

    @staticmethod
    def fresh(sheet: Sheet, track: Track) -> State:
        marks = fresh_marks(track)
        return State(marks, sheet.armour, tuple(() for _ in marks))

    def marked(self, marks: Marks, by: str) -> State:
        """The state with new marks; boxes marked now record ``by``, boxes cleared drop their last record."""
        labels = tuple(old[:new] if new <= len(old) else old + (by,) * (new - len(old))
                       for old, new in zip(self.marked_by, marks))
        return State(marks, self.armour, labels)
