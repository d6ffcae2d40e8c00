"""Damage Value, Damage Dice and Damage Points (the seed's section of that name).

The Damage Value in a weapon table becomes Damage Dice after Penetration and Exceptional
Success/Failure; fractions are dropped, and 0 dice is ineffective.  At most three dice are rolled:
every two Damage Dice beyond the third count 7, a leftover die counts 3 (the shorthand; D-MT-7 for
fewer than three dice, D-MT-8 for the text's slip in the bomb example).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ...errors import BadField
from ...fields import shown
from ...odds import Dist, dice

MAX_DAMAGE_VALUE = 200
ROLLED_AT_MOST = 3


@dataclass(frozen=True)
class Weapon:
    """A weapon's Damage Value and whether it does lethal or non-lethal damage."""

    value: int
    lethal: bool

    @property
    def notation(self) -> str:
        return f"{self.value}{'' if self.lethal else 'N'}"

    @property
    def words(self) -> str:
        return f"Damage Value {self.value}, {'lethal' if self.lethal else 'non-lethal'}"


_WEAPON = re.compile(r"\s*([0-9]{1,4})\s*(N|NL|NON-?LETHAL|STUN)?\s*", re.IGNORECASE)


def parse_weapon(text: str, field: str = "notation") -> Weapon:
    """A weapon written as its Damage Value, with ``N`` after it for non-lethal damage.

    >>> parse_weapon("3N"), parse_weapon(" 34 ")
    (Weapon(value=3, lethal=False), Weapon(value=34, lethal=True))
    """
    found = _WEAPON.fullmatch(text)
    if not found:
        raise BadField(f"{shown(text)} is not a weapon; write its Damage Value, with N after it for non-lethal "
                       f"damage (3N, 34)", field=field)
    value = int(found.group(1))
    if value > MAX_DAMAGE_VALUE:
        raise BadField(f"a Damage Value of {value} is more than the {MAX_DAMAGE_VALUE} Woundbook takes", field=field)
    return Weapon(value, found.group(2) is None)


def damage_dice(value: Fraction | int) -> int:
    """Damage Dice as applied: fractions truncated, so 0.5 dice is 0, an ineffective attack (MT-09).

    >>> damage_dice(Fraction(1, 2)), damage_dice(Fraction(7, 2))
    (0, 3)
    """
    return max(0, int(value))


def shorthand(count: int) -> tuple[int, int]:
    """(dice rolled, points added) for ``count`` Damage Dice.

    >>> shorthand(34), shorthand(4), shorthand(5), shorthand(2)
    ((3, 108), (3, 3), (3, 7), (2, 0))
    """
    if count <= ROLLED_AT_MOST:
        return count, 0
    beyond = count - ROLLED_AT_MOST
    return ROLLED_AT_MOST, 7 * (beyond // 2) + 3 * (beyond % 2)


def points(count: int, faces: tuple[int, ...]) -> int:
    """Damage Points: the dice rolled plus the shorthand's constant (MT-07: 34 dice, a roll of 13, is 121)."""
    return sum(faces) + shorthand(count)[1]


@cache
def points_dist(count: int) -> Dist[int]:
    """The exact distribution of Damage Points for ``count`` Damage Dice (made once for each count: the odds ask
    for it at every state of a target; a distribution is never changed)."""
    rolled, added = shorthand(count)
    return dice(rolled).map(lambda total: total + added)


def shorthand_words(count: int) -> str:
    """How the points are made up, as a referee would say it."""
    rolled, added = shorthand(count)
    if count <= ROLLED_AT_MOST:
        return f"roll {rolled}D"
    beyond = count - ROLLED_AT_MOST
    pairs, odd = divmod(beyond, 2)
    left = " + 3 for the odd die" if odd else ""
    return f"roll 3D; the other {beyond} dice add {pairs} x 7{left} = {added}"
