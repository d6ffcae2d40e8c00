"""A KYoD target's sheet: what it is (a character or an object), its Toughness, armour, Injury Tolerance,
HT for its checks, and its weapons (seed 001, "Target Stats: Armor and Toughness")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ... import fields
from ...errors import BadField
from ..data import load
from ..gear import GearEntry, read_weapons
from .attack import MAX_NOTATION, Weapon, parse_weapon
from .scale import plain
from .thresholds import Armour, character_toughness, object_toughness_from_hp, object_toughness_from_weight

KINDS = ("character", "object")
STRUCTURES = tuple(row["value"] for row in load("kyod")["structures"]["rows"])
MAX_ST = 1000
MAX_HT = 30
MAX_HP = 10 ** 9
MAX_REDUCTION = 10
MAX_LAYERS = 6
MAX_DR = 100_000
MAX_WEAPONS = 12
_NUMBER = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,4})?")


@dataclass(frozen=True)
class Sheet:
    name: str
    kind: str = "character"
    st: int = 10
    ht: int = 10
    toughness_from: str = "hp"           # an object's Toughness: "hp" or "weight"
    hp: int = 10
    weight: Fraction = Fraction(2)
    mechanical: bool = True              # an object by weight: unliving or mechanical (-9)
    armour: Armour = Armour()
    structure: str = "living"
    reduction: int = 0                   # Injury Tolerance (Damage Reduction): its level
    weapons: tuple[GearEntry[Weapon], ...] = ()

    @property
    def toughness(self) -> int:
        if self.kind == "character":
            return character_toughness(self.st)
        if self.toughness_from == "weight":
            return object_toughness_from_weight(self.weight, self.mechanical)
        return object_toughness_from_hp(Fraction(self.hp))

    @property
    def toughness_words(self) -> str:
        if self.kind == "character":
            return f"Toughness {self.toughness} (ST {self.st} \u2212 10)"
        if self.toughness_from == "weight":
            minus = ", \u22129 as unliving or mechanical" if self.mechanical else ""
            return f"Toughness {self.toughness} ({plain(self.weight)} lb on the KYoS chart{minus})"
        return f"Toughness {self.toughness} (LogD of {self.hp} HP \u2212 30)"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.kind == "character":
            out.update(st=self.st, ht=self.ht)
        else:
            out["toughness_from"] = self.toughness_from
            if self.toughness_from == "hp":
                out["hp"] = self.hp
            else:
                out.update(weight=plain(self.weight), mechanical=self.mechanical)
        out.update(armour=self.armour.text, structure=self.structure, reduction=self.reduction,
                   weapons=[weapon.to_dict() for weapon in self.weapons])
        return out

    @staticmethod
    def from_dict(data: Any, field: str = "sheet") -> Sheet:
        data = fields.mapping(data, field)
        kind = fields.choice(data, "kind", f"{field}.kind", KINDS, default="character")
        values: dict[str, Any] = {"name": fields.text(data, "name", f"{field}.name"), "kind": kind}
        if kind == "character":
            values["st"] = fields.integer(data, "st", f"{field}.st", 1, MAX_ST, default=10)
            values["ht"] = fields.integer(data, "ht", f"{field}.ht", 1, MAX_HT, default=10)
        else:
            values["toughness_from"] = fields.choice(data, "toughness_from", f"{field}.toughness_from", ("hp", "weight"),
                                                     default="hp")
            if values["toughness_from"] == "hp":
                values["hp"] = fields.integer(data, "hp", f"{field}.hp", 1, MAX_HP, default=10)
            else:
                values["weight"] = read_weight(data.get("weight", "2"), f"{field}.weight")
                values["mechanical"] = fields.flag(data, "mechanical", f"{field}.mechanical", default=True)
        values["armour"] = read_armour(data.get("armour", "0"), f"{field}.armour")
        values["structure"] = fields.choice(data, "structure", f"{field}.structure", STRUCTURES, default="living")
        values["reduction"] = fields.integer(data, "reduction", f"{field}.reduction", 0, MAX_REDUCTION, default=0)
        values["weapons"] = read_weapons(data, field, parse_weapon, maximum=MAX_WEAPONS, max_notation=MAX_NOTATION)
        return Sheet(**values)


def read_armour(value: Any, field: str) -> Armour:
    """Armour as its layers' DR: ``4``, or ``4 + 2`` for two layers (``0`` or empty: none)."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or len(value) > 60:
        raise BadField(f"{fields.label(field)} must be DR, such as 4, or layers such as 4 + 2", field=field)
    fields.check_text(value, field)
    text = value.strip() or "0"
    parts = [part.strip() for part in re.split(r"[+,]", text)]
    if len(parts) > MAX_LAYERS or not all(re.fullmatch(r"[0-9]{1,6}", part) for part in parts):
        raise BadField(f"{fields.shown(value)} is not armour; write its DR, such as 4, or up to {MAX_LAYERS} layers "
                       f"such as 4 + 2", field=field)
    layers = tuple(Fraction(int(part)) for part in parts)
    if any(layer > MAX_DR for layer in layers):
        raise BadField(f"a layer of more than DR {MAX_DR} is more than Woundbook takes", field=field)
    return Armour(layers)


def read_barriers(value: Any, field: str) -> tuple[Fraction, ...]:
    """Barriers between the attacker and the target, as each one's DR in the order the attack meets them."""
    if value is None or value == "":
        return ()
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or len(value) > 60:
        raise BadField(f"{fields.label(field)} must be DR values, such as 4 or 4, 12", field=field)
    fields.check_text(value, field)
    parts = [part.strip() for part in re.split(r"[,;]", value.strip()) if part.strip()]
    if len(parts) > MAX_LAYERS or not all(re.fullmatch(r"[0-9]{1,6}", part) and int(part) > 0 for part in parts):
        raise BadField(f"{fields.shown(value)} is not a list of barriers; write each one's DR (1 or more), "
                       f"such as 4, 12 (at most {MAX_LAYERS})", field=field)
    if any(int(part) > MAX_DR for part in parts):
        raise BadField(f"a barrier of more than DR {MAX_DR} is more than Woundbook takes", field=field)
    return tuple(Fraction(int(part)) for part in parts)


def read_weight(value: Any, field: str) -> Fraction:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not _NUMBER.fullmatch(value.strip()):
        raise BadField(f"{fields.label(field)} must be a weight in pounds, such as 2 or 0.5, not "
                       f"{fields.shown(value)}", field=field)
    weight = Fraction(value.strip())
    if not 0 < weight <= MAX_HP:
        raise BadField(f"{fields.label(field)} must be more than 0 and at most {MAX_HP} lb", field=field)
    return weight
