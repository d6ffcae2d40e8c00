"""Offensive and defensive damage factors (FUDGE 4.54) and the damage factor between two fighters.

The attacker's Strength and Scale count for muscle-powered weapons (and for powered ones scaled to him); the
defender's Damage Capacity, Mass Scale and armour count against them.  A heavy blunt weapon halves the armour
(D-FU-9), a scale-piercing one halves the Scale (D-FU-20), both rounding down.  With the Damage Capacity record,
Damage Capacity is the wound record and not a factor (seed 4.57).

>>> from .sheet import Sheet, parse_weapon, parse_armour
>>> from ..gear import GearEntry
>>> from .options import DEFAULTS
>>> snorri = Sheet("Snorri", strength=1, damage_capacity=1, armour=parse_armour("+2"))
>>> sword = parse_weapon("size 2, sharp, magic 1")
>>> offensive(snorri, sword, DEFAULTS).total, defensive(snorri, sword, DEFAULTS).total
(5, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...ladder import level_name
from ...report import signed
from .options import Options
from .sheet import Sheet, Weapon


@dataclass(frozen=True)
class Factors:
    """A sum of named factors, kept so a report can say what made it."""

    parts: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        return sum(value for _, value in self.parts)

    def words(self) -> str:
        shown = [f"{name} {signed(value)}" for name, value in self.parts if value or name.startswith("Strength")]
        return (", ".join(shown) or "nothing") + f" = {signed(self.total)}"


def offensive(sheet: Sheet, weapon: Weapon, options: Options) -> Factors:
    """The attacker's offensive damage factor with this weapon."""
    parts: list[tuple[str, int]] = []
    if weapon.muscle:
        parts.append((f"Strength {level_name(sheet.strength)}", sheet.strength))
    if weapon.muscle or weapon.scaled:
        parts.append(("Scale", sheet.scale))
    if weapon.muscle:
        parts.append(("size", weapon.size or 0))
    else:
        parts.append(("power", weapon.power or 0))
    parts += [("sharp", weapon.sharp), ("magic", weapon.magic), ("tech", weapon.tech)]
    if options.less_lethal == "on" and weapon.muscle:      # the note closes the muscle-powered list (seed 4.54)
        parts.append(("less lethal", -1))
    return Factors(tuple(parts))


def defensive(sheet: Sheet, weapon: Weapon, options: Options) -> Factors:
    """The defender's defensive damage factor against this weapon."""
    parts: list[tuple[str, int]] = []
    if options.record != "capacity" or sheet.role == "pawn":
        parts.append((f"Damage Capacity {level_name(sheet.damage_capacity)}", sheet.damage_capacity))
    scale = sheet.scale // 2 if weapon.piercing else sheet.scale
    parts.append(("Scale, halved by a scale-piercing weapon" if weapon.piercing and sheet.scale else "Scale", scale))
    armour = sheet.armour.total
    if weapon.blunt:
        parts.append((f"armour {armour}, halved by a heavy blunt weapon", armour // 2))
    else:
        parts.append(("armour", armour))
    return Factors(tuple(parts))


@lru_cache(maxsize=1024)
def damage_factor(attacker: Sheet, weapon: Weapon, defender: Sheet, options: Options) -> tuple[int, str]:
    """The total damage factor (seed 4.55: offensive minus defensive) and the sentence that explains it."""
    attack, defence = offensive(attacker, weapon, options), defensive(defender, weapon, options)
    total = attack.total - defence.total
    return total, (f"{attacker.name}'s offensive factor ({attack.words()}) against {defender.name}'s defensive "
                   f"factor ({defence.words()}): damage factor {signed(total)}.")
