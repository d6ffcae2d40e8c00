"""A FUDGE fighter's sheet: ladder traits, damage factors, weapons and armour (FUDGE 4.54, D-FU-1).

Weapons and armour are written in a short notation so a sheet's line reads as the text's lists do:
``size 2, sharp, magic 1`` (Snorri's magic sword: +2 for size, +1 for sharp, +1 for magic), ``power 3`` (a gun's
own Strength), ``+2`` (heavy leather).  The terms:

- ``size N``: a muscle-powered weapon of this size (the wielder's Strength and Scale count);
- ``power N``: a weapon's own Strength (guns, crossbows, beams): the wielder's Strength does not count;
- ``sharp`` (+1), ``magic N``, ``tech N`` (a tech level above the armour's, as Scale, seed 4.65);
- ``blunt``: a heavy blunt metal weapon, halving the defender's armour (D-FU-9);
- ``scaled``: a powered weapon scaled to its wielder, so his Scale counts (seed 4.54 note);
- ``piercing``: scale-piercing (harpoons, elephant guns): the target's Scale is halved (D-FU-20);
- ``thrown``: thrown, so a defender dodges it at no penalty (seed 4.4); ``auto N``: N bullets a round.

>>> parse_weapon("size 2, sharp, magic 1").factor()
4
>>> parse_weapon("power 3, auto 20").propelled
True
>>> parse_armour("+4, magic 1").total
5
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...keys import cached_hash
from ... import fields
from ...errors import BadField, BadNotation
from ...fields import shown
from ..gear import GearEntry, read_weapons
from . import levels

ROLES = ("pc", "major", "pawn")
ROLE_LABELS = {"pc": "Player character", "major": "Major NPC", "pawn": "NPC pawn (Undamaged, Hurt, Out)"}
TRAIT_RANGE = (-3, 3)           # the seven levels of the ladder
SKILL_RANGE = (-3, 5)           # a skill may be bought past Superb in some games ("Superb+n")
SCALE_RANGE = (-20, 30)
MAX_WEAPONS = 8
MAX_TERM = 30
_TERM = re.compile(r"^(size|power|magic|tech|auto|sharp)\s*([+\-\u2212]?\d+)?$|^(blunt|scaled|piercing|thrown)$")


@dataclass(frozen=True)
class Weapon:
    """A weapon's damage factors (seed 4.54): its size or its own power, and the rest."""

    __hash__ = cached_hash

    size: int | None = None         # muscle-powered: the wielder's Strength and Scale count
    power: int | None = None        # a weapon's own Strength
    sharp: int = 0
    magic: int = 0
    tech: int = 0
    blunt: bool = False
    scaled: bool = False
    piercing: bool = False
    thrown: bool = False
    auto: int = 0

    @property
    def muscle(self) -> bool:
        return self.size is not None

    @property
    def propelled(self) -> bool:
        """Shot by a bow, gun or beam: harder to dodge than a thrown weapon (seed 4.4)."""
        return self.power is not None and not self.thrown

    def factor(self) -> int:
        """The weapon's own part of the offensive factor, as the sample list rates it (seed 4.54)."""
        base = self.size if self.size is not None else self.power or 0
        return base + self.sharp + self.magic + self.tech


PLAIN = Weapon(size=0)      # neither halves armour nor pierces Scale: the defensive factor as the list rates it


@dataclass(frozen=True)
class Armour:
    value: int = 0
    magic: int = 0
    tech: int = 0

    @property
    def total(self) -> int:
        return self.value + self.magic + self.tech


def _number(text: str) -> int:
    return int(text.replace("\u2212", "-"))


def parse_weapon(text: str, field: str = "weapon") -> Weapon:
    """Read a weapon's notation; every term is checked, and an error quotes the one at fault."""
    terms = [term.strip().lower() for term in re.split(r"[,;]", text) if term.strip()]
    if not terms:
        raise BadNotation("write a weapon as its factors, e.g. size 2, sharp (a broadsword) or power 3 (a pistol)",
                          field=field)
    found: dict[str, Any] = {}
    for term in terms:
        match = _TERM.match(term)
        if not match:
            raise BadNotation(f"{shown(term)} is not a weapon term; use size N, power N, sharp, magic N, tech N, "
                              f"blunt, scaled, piercing, thrown or auto N", field=field)
        word = match.group(1) or match.group(3)
        if word in found:
            raise BadNotation(f"{shown(word)} is written twice in {shown(text)}", field=field)
        amount = match.group(2)
        if word in ("size", "power", "magic", "tech", "auto") and amount is None:
            raise BadNotation(f"{shown(word)} needs a number, e.g. {word} 2", field=field)
        value: Any = True if word in ("blunt", "scaled", "piercing", "thrown") else \
            (_number(amount) if amount is not None else 1)
        if isinstance(value, int) and not isinstance(value, bool) and not -MAX_TERM <= value <= MAX_TERM:
            raise BadNotation(f"{word} {value} is out of range; from {-MAX_TERM} to {MAX_TERM}", field=field)
        found[word] = value
    if ("size" in found) == ("power" in found):
        raise BadNotation("a weapon has either a size (muscle-powered) or a power (its own Strength), one of them",
                          field=field)
    if found.get("auto", 0) < 0 or (found.get("auto") is not None and "power" not in found):
        raise BadNotation("auto N is for a powered weapon (a gun), with N bullets a round", field=field)
    if found.get("scaled") and "power" not in found:
        raise BadNotation("scaled is for a powered weapon: a muscle-powered one always counts its wielder's Scale",
                          field=field)
    return Weapon(size=found.get("size"), power=found.get("power"), sharp=found.get("sharp", 0),
                  magic=found.get("magic", 0), tech=found.get("tech", 0), blunt=bool(found.get("blunt")),
                  scaled=bool(found.get("scaled")), piercing=bool(found.get("piercing")),
                  thrown=bool(found.get("thrown")), auto=found.get("auto", 0))


def parse_armour(text: str, field: str = "armour") -> Armour:
    """Read armour: its value (``+2``), then optionally ``magic N`` and ``tech N``."""
    terms = [term.strip().lower() for term in re.split(r"[,;]", text) if term.strip()]
    if not terms:
        return Armour()
    head = re.fullmatch(r"[+\-\u2212]?\d+", terms[0])
    if not head:
        raise BadNotation(f"write armour as its value first, e.g. +2 (heavy leather) or +4, magic 1; "
                          f"{shown(terms[0])} is not a value", field=field)
    found = {"value": _number(terms[0])}
    for term in terms[1:]:
        match = re.fullmatch(r"(magic|tech)\s*([+\-\u2212]?\d+)", term)
        if not match or match.group(1) in found:
            raise BadNotation(f"{shown(term)} is not an armour term; after the value use magic N or tech N",
                              field=field)
        found[match.group(1)] = _number(match.group(2))
    if not all(0 <= value <= MAX_TERM for value in found.values()):
        raise BadNotation(f"armour values run from 0 to {MAX_TERM}", field=field)
    return Armour(found["value"], found.get("magic", 0), found.get("tech", 0))


@dataclass(frozen=True)
class Sheet:
    """What a fighter brings to a fight; never changes during one."""

    __hash__ = cached_hash

    name: str
    role: str = "pc"
    offense: int = 0
    offense_plus: bool = False
    defense: int = 0
    defense_plus: bool = False
    dodge: int = 0
    shooting: int = 0
    initiative: int = 0
    combat_reflexes: bool = False
    strength: int = 0
    damage_capacity: int = 0
    constitution: int = 0
    scale: int = 0
    pain: str = "normal"
    shield: str = "none"
    weapons: tuple[GearEntry[Weapon], ...] = ()
    armour_name: str = ""
    armour_notation: str = ""
    armour: Armour = Armour()

    @property
    def npc(self) -> bool:
        return self.role != "pc"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name, "role": self.role, "offense": self.offense, "defense": self.defense,
            "dodge": self.dodge, "shooting": self.shooting, "initiative": self.initiative, "strength": self.strength,
            "damage_capacity": self.damage_capacity, "constitution": self.constitution, "scale": self.scale,
            "pain": self.pain, "shield": self.shield, "offense_plus": self.offense_plus,
            "defense_plus": self.defense_plus, "combat_reflexes": self.combat_reflexes,
            "weapons": [entry.to_dict() for entry in self.weapons],
        }
        if self.armour_notation:
            out["armour"] = {"name": self.armour_name, "notation": self.armour_notation}
        return out

    @staticmethod
    def from_dict(data: Any, field: str = "sheet") -> Sheet:
        data = fields.mapping(data, field)
        known = {"name", "role", "offense", "offense_plus", "defense", "defense_plus", "dodge", "shooting",
                 "initiative",
                 "combat_reflexes", "strength", "damage_capacity", "constitution", "scale", "pain", "shield",
                 "weapons", "armour"}
        if set(data) - known:
            extra = sorted(set(data) - known)[0]
            raise BadField(f"a FUDGE sheet has no {shown(extra)}", field=f"{field}.{extra}")

        def trait(key: str, span: tuple[int, int] = TRAIT_RANGE) -> int:
            return fields.integer(data, key, f"{field}.{key}", *span, default=0)

        armour = data.get("armour")
        armour_name = armour_notation = ""
        if armour not in (None, ""):
            armour = fields.mapping(armour, f"{field}.armour")
            armour_notation = fields.text(armour, "notation", f"{field}.armour.notation", max_length=60,
                                          default="", allow_empty=True)
            armour_name = fields.text(armour, "name", f"{field}.armour.name", default="Armour", allow_empty=True)
        return Sheet(
            name=fields.text(data, "name", f"{field}.name"),
            role=fields.choice(data, "role", f"{field}.role", ROLES, default="pc"),
            offense=trait("offense", SKILL_RANGE),
            offense_plus=fields.flag(data, "offense_plus", f"{field}.offense_plus"),
            defense=trait("defense", SKILL_RANGE),
            defense_plus=fields.flag(data, "defense_plus", f"{field}.defense_plus"),
            dodge=trait("dodge", SKILL_RANGE), shooting=trait("shooting", SKILL_RANGE),
            initiative=trait("initiative", SKILL_RANGE),
            combat_reflexes=fields.flag(data, "combat_reflexes", f"{field}.combat_reflexes"),
            strength=trait("strength"), damage_capacity=trait("damage_capacity"), constitution=trait("constitution"),
            scale=trait("scale", SCALE_RANGE),
            pain=fields.choice(data, "pain", f"{field}.pain", tuple(levels.PAIN), default="normal"),
            shield=fields.choice(data, "shield", f"{field}.shield", ("none", "small", "medium", "large"),
                                 default="none"),
            weapons=read_weapons(data, field, lambda text, where: parse_weapon(text, where), maximum=MAX_WEAPONS,
                                 max_notation=60),
            armour_name=armour_name, armour_notation=armour_notation,
            armour=parse_armour(armour_notation, f"{field}.armour.notation"),
        )
