"""Attack stats: Penetration and Wound Modifier (seed 001, "Attack Stats"; RULES_NOTES 2.2).

An attack's average damage goes on the LogD scale; the penetration roll is that average + 3d6 - 10
(or, rolling low, a skill of average + 11 whose margin of success is the penetration).  Its Wound
Modifier (WM) comes from the damage type, the armour divisor and, for small arms, the firearm rule.
The text writes the result ``3d+X[Y]``.

A weapon is written the GURPS way, with the seed's additions:

* ``2d+1 cut``, ``6dx3 cr``: GURPS dice (3.5 a die on average) and a damage type;
* ``thr+2 imp``, ``sw cut``: ST-based, Thrust averaging LogD ST and Swing ST + 8, a flat add log-added;
* ``(2)`` after the damage: an armour divisor, one of the text's (0.5), (2), (3), (5), (10);
* ``gun`` at the end: small arms, which take the firearm wound modifier (cannon-class weapons do not);
* ``3d+9[+2] imp``: the text's own notation, penetration and WM given, the type optional.

>>> parse_weapon("thr+2 imp").notation, parse_weapon("6d (2) pi gun").notation, parse_weapon("3d+9[+2]").notation
('thr+2 imp', '6d(2) pi gun', '3d+9[+2]')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ...errors import BadField
from ...fields import shown
from ..data import load
from .scale import add, logd, plain, plus, signed, subtract

MAX_DICE = 200
MAX_ADD = 1000
MAX_TIMES = 100
MAX_PEN = 300
MAX_WM = 20
MAX_NOTATION = 40
PIERCING_TYPES = tuple(row["type"] for row in load("kyod")["damage_types"]["rows"] if row["piercing"])
TYPES = {row["type"]: row for row in load("kyod")["damage_types"]["rows"]}
DIVISORS = {row["divisor"]: row for row in load("kyod")["divisors"]["rows"]}

_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-", "\u00d7": "x", "*": "x"})
_DAMAGE = (
    r"(?:(?P<pen>3d6?\s*(?P<x>[+-]\s*[0-9]{1,3})\s*\[\s*(?P<y>[+-]?\s*[0-9]{1,2})\s*\])"
    r"|(?P<dice>(?P<n>[0-9]{1,3})\s*d6?\s*(?P<k>[+-]\s*[0-9]{1,4})?\s*(?:x\s*(?P<m>[0-9]{1,3}))?)"
    r"|(?P<st>thr|sw|thrust|swing)\s*(?P<stk>[+-]\s*[0-9]{1,4})?)")
_WEAPON = re.compile(
    _DAMAGE +
    r"\s*(?:\(\s*(?P<div>[0-9.]{1,4})\s*\))?"
    r"\s*(?P<type>[a-z]{2,4}(?:\+\+|\+|-)?)?"
    r"\s*(?:\(\s*(?P<div2>[0-9.]{1,4})\s*\))?"
    r"\s*(?P<gun>gun)?", re.IGNORECASE)


@dataclass(frozen=True)
class Weapon:
    """A weapon as written: its damage (GURPS dice, ST-based, or penetration), type, divisor and class."""

    base: str                      # "dice", "thr", "sw" or "pen"
    dice: int = 0                  # GURPS dice: the number of d6
    add: int = 0                   # the add: per roll for dice, flat for thr/sw, X for 3d+X[Y]
    times: int = 1                 # a multiplier (6dx3)
    wm: int = 0                    # Y, for 3d+X[Y] only
    type: str | None = None
    divisor: str | None = None
    gun: bool = False

    @property
    def notation(self) -> str:
        signed = f"{self.add:+d}" if self.add else ""
        if self.base == "pen":
            damage = f"3d{self.add:+d}[{self.wm:+d}]"
        elif self.base == "dice":
            damage = f"{self.dice}d{signed}" + (f"x{self.times}" if self.times != 1 else "")
        else:
            damage = f"{self.base}{signed}"
        divisor = f"({self.divisor})" if self.divisor else ""
        return " ".join(part for part in (damage + divisor, self.type or "", "gun" if self.gun else "") if part)


@dataclass(frozen=True)
class Attack:
    """An attack's stats against any target: average LogD, Pen bonus, WM, and how they were found."""

    average: int                   # the attack's average damage as LogD (before an armour divisor)
    pen_bonus: int                 # from the armour divisor
    wm: int                        # damage type + armour divisor + firearm (the Y of 3d+X[Y])
    type: str | None
    steps: tuple[str, ...]

    @property
    def piercing(self) -> bool:
        return self.type in PIERCING_TYPES

    @property
    def x(self) -> int:
        """The X of 3d+X[Y]: the penetration roll is 3d6 + X."""
        return self.average + self.pen_bonus - 10

    @property
    def skill(self) -> int:
        """The roll-low form: penetration is the margin of success against this skill (KY-04: 3d6 is skill 41)."""
        return self.average + self.pen_bonus + 11

    @property
    def notation(self) -> str:
        return f"3d{signed(self.x)}[{signed(self.wm)}]"


def _number(text: str | None) -> int:
    return int(re.sub(r"\s+", "", text)) if text else 0


def check_damage(text: str, field: str = "damage") -> str:
    """The damage part alone (the page's Damage field: type, divisor and class are chosen beside it)."""
    if not re.fullmatch(_DAMAGE, text.translate(_MINUS).strip(), re.IGNORECASE):
        raise BadField(f"{shown(text)} is not damage; write GURPS dice (2d+1), thr or sw with an add (thr+2), or the "
                       f"text's 3d+20[+0]; the type, divisor and small arms are chosen below", field=field)
    return text.strip()


def parse_weapon(text: str, field: str = "notation") -> Weapon:
    """A weapon in the notation above; anything else is refused with the forms that are accepted."""
    found = _WEAPON.fullmatch(text.translate(_MINUS).strip())
    if not found:
        raise BadField(f"{shown(text)} is not an attack; write GURPS damage and its type, such as 2d+1 cut, "
                       f"thr+2 imp, sw cut, 6d(2) pi gun, or the text's 3d+9[+2]", field=field)
    divisor = found["div"] or found["div2"]
    if found["div"] and found["div2"]:
        raise BadField("write one armour divisor, such as (2)", field=field)
    if divisor is not None:
        divisor = str(float(divisor)).removesuffix(".0") if re.fullmatch(r"[0-9]+(\.[0-9]+)?", divisor) else divisor
        if divisor not in DIVISORS:
            raise BadField(f"an armour divisor of ({divisor}) is not in the text; it gives "
                           f"{', '.join(f'({key})' for key in DIVISORS)}", field=field)
    kind = found["type"].lower() if found["type"] else None
    not_injury = load("kyod")["damage_types"]["not_injury"]
    if kind in not_injury:
        raise BadField(f"{kind} is {not_injury[kind]}, not an injury: Know Your Own Damage resolves wounds only",
                       field=field)
    if kind is not None and kind not in TYPES:
        raise BadField(f"{shown(found['type'])} is not a damage type; the text gives {', '.join(TYPES)}", field=field)
    gun = bool(found["gun"])
    if found["pen"]:
        if divisor:
            raise BadField("3d+X[Y] already counts the armour divisor in X and Y; leave the divisor out", field=field)
        x, y = _number(found["x"]), _number(found["y"])
        if not -MAX_PEN <= x <= MAX_PEN or abs(y) > MAX_WM:
            raise BadField(f"3d+X[Y] takes X from \u2212{MAX_PEN} to {MAX_PEN} and Y from \u2212{MAX_WM} to "
                           f"{MAX_WM}", field=field)
        return Weapon("pen", add=x, wm=y, type=kind, gun=False)
    if kind is None:
        raise BadField(f"{shown(text)} has no damage type; add one of {', '.join(TYPES)}", field=field)
    if found["dice"]:
        dice, extra, times = int(found["n"]), _number(found["k"]), int(found["m"] or 1)
        if not 1 <= dice <= MAX_DICE or abs(extra) > MAX_ADD or not 1 <= times <= MAX_TIMES:
            raise BadField(f"Woundbook takes 1 to {MAX_DICE} dice, adds up to {MAX_ADD} and multipliers up to "
                           f"{MAX_TIMES}", field=field)
        if (Fraction(7, 2) * dice + extra) <= 0:
            raise BadField(f"{dice}d{extra:+d} averages no damage at all, so it cannot go on the LogD scale "
                           f"(D-KY-13)", field=field)
        return Weapon("dice", dice=dice, add=extra, times=times, type=kind, divisor=divisor, gun=gun)
    base = "thr" if found["st"].lower().startswith("thr") else "sw"
    extra = _number(found["stk"])
    if abs(extra) > MAX_ADD:
        raise BadField(f"Woundbook takes adds up to {MAX_ADD}", field=field)
    return Weapon(base, add=extra, type=kind, divisor=divisor, gun=gun)


def attack_stats(weapon: Weapon, strength: int | None, st_adds: str = "flat", field: str = "weapon") -> Attack:
    """Penetration and WM of ``weapon`` in the hands of someone of ST ``strength`` (for thr and sw)."""
    steps: list[str] = []
    if weapon.base == "pen":
        steps.append(f"{weapon.notation}: the penetration roll is 3d6 {plus(weapon.add)}, so the average is LogD "
                     f"{weapon.add + 10}; the wound modifier is {signed(weapon.wm)}.")
        return Attack(weapon.add + 10, 0, weapon.wm, weapon.type, tuple(steps))
    if weapon.base == "dice":
        mean = (Fraction(7, 2) * weapon.dice + weapon.add) * weapon.times
        average = logd(mean)
        dice = weapon.notation.split(" ")[0].split("(")[0]
        aside = " (the text rounds a 3d6 attack to 10, LogD 30; type 3d+20[+0] for that)" if dice == "3d" else ""
        steps.append(f"{dice} averages {plain(mean)} damage: LogD {average}{aside}.")
    else:
        if strength is None:
            raise BadField(f"{weapon.base} is based on ST: pick an attacker, or give the attacker's ST", field=field)
        base = strength + load("kyod")["strength"][weapon.base]
        word = "Thrust" if weapon.base == "thr" else "Swing"
        steps.append(f"{word} at ST {strength} averages LogD {base}" +
                     (" (ST + 8)." if weapon.base == "sw" else " (ST)."))
        average = base
        if weapon.add:
            flat = abs(weapon.add) * (3 if st_adds == "per_die" else 1)
            how = f"{abs(weapon.add)} a die, {flat} in all" if st_adds == "per_die" else str(flat)
            looked = logd(flat)
            combined = add(base, looked) if weapon.add > 0 else subtract(base, looked)
            if combined is None:
                raise BadField(f"{weapon.notation} at ST {strength} does no damage: LogD {looked} for the "
                               f"\u2212{flat} is as large as the {word.lower()}'s {base}", field=field)
            table, sign = ("Addition", "+") if weapon.add > 0 else ("Subtraction", "\u2212")
            steps.append(f"The {sign}{how} is LogD {looked}; the {table} table "
                         f"makes {base} and {looked} into {combined}.")
            average = combined
    assert weapon.type is not None
    wm = int(TYPES[weapon.type]["wm"])
    parts = [f"{weapon.type} {signed(wm)}"]
    bonus = 0
    if weapon.divisor:
        row = DIVISORS[weapon.divisor]
        bonus, wm = int(row["pen"]), wm + int(row["wm"])
        parts.append(f"armour divisor ({weapon.divisor}) {signed(int(row['wm']))}, with Pen {signed(bonus)}")
    firearm = firearm_wm(average) if weapon.gun else 0
    if weapon.gun:
        parts.append(f"small arms averaging LogD {average}: {signed(firearm)}")
    wm += firearm
    steps.append(f"Wound modifier {signed(wm)}: " + "; ".join(parts) + ".")
    return Attack(average, bonus, wm, weapon.type, tuple(steps))


def firearm_wm(average: int) -> int:
    """D-KY-7: small arms average more than 30 take -1 per 15 more (KY-15: 44, 45, 59, 60 give 0, -1, -1, -2)."""
    rule = load("kyod")["firearm"]
    start, step = int(rule["from"]), int(rule["per"])
    return 0 if average <= start else -((average - start) // step)
