"""The logarithmic damage scale: LogD, and adding and subtracting on it (seed 001; RULES_NOTES 2.1, 2.2).

``LogD = 30 log10(damage)``: ten times the damage is +30.  Logarithms make ratios easy and sums hard,
so the text adds with an Addition table and subtracts with a Subtraction table, each keyed by the
difference of the two LogD values.  Both tables are generated here from their formulas (the notes'
derivation); the page prints them from the same functions.

>>> logd(27), logd(4), add(20, 20), subtract(40, 39), subtract(30, 18)
(43, 18, 29, 6, 23)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from ...errors import BadField
from ...fields import shown

PER_DECADE = 30                 # "x10 damage = +30"
TABLE_ROWS = range(0, 80, 10)   # the printed LogD table runs from 0 to 79 (rows of ten)
Number = int | Fraction | float


def round_half_up(value: float) -> int:
    """D-KY-3: look-ups round half up to a whole number before any table use.

    >>> round_half_up(30.5), round_half_up(-33.9), round_half_up(18.06)
    (31, -34, 18)
    """
    return math.floor(value + 0.5)


def exact_logd(damage: Number) -> float:
    """30 log10(damage), unrounded; damage of zero or less is no attack at all (D-KY-13)."""
    if damage <= 0:
        raise BadField(f"damage {shown(damage)} cannot go on the LogD scale: only damage above 0 can (D-KY-13)",
                       field="damage")
    if isinstance(damage, Fraction):
        return PER_DECADE * (math.log10(damage.numerator) - math.log10(damage.denominator))
    return PER_DECADE * math.log10(damage)


def logd(damage: Number) -> int:
    """A damage value on the LogD table, rounded half up (KY-01: 27 is 43; KY-03: DR 4 is 18)."""
    return round_half_up(exact_logd(damage))


def damage_of(value: float) -> float:
    """The linear damage a LogD value stands for: 10^(LogD/30).  The seed's out-of-range rule (add or take away 30
    and divide or multiply by 10 as often as needed) is exactly this formula."""
    return 10 ** (value / PER_DECADE)


def addition_entry(difference: int) -> int:
    """What the Addition table adds to the larger of two values that differ by ``difference``.

    >>> [addition_entry(d) for d in (0, 1, 2, 4, 6, 9, 12, 16, 21, 28, 43)]
    [9, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    """
    return round_half_up(PER_DECADE * math.log10(1 + 10 ** (-abs(difference) / PER_DECADE)))


def subtraction_entry(difference: int) -> int:
    """What the Subtraction table takes away when the subtracted value is ``difference`` below the other (d > 0).

    >>> [subtraction_entry(d) for d in (1, 2, 7, 12, 30, 43)]
    [-34, -25, -11, -7, -1, 0]
    """
    if difference <= 0:
        raise ValueError("the Subtraction table starts at a difference of 1")
    return round_half_up(PER_DECADE * math.log10(1 - 10 ** (-difference / PER_DECADE)))


def add(first: int, second: int) -> int:
    """Two LogD values added with the Addition table: the larger plus the entry for their difference."""
    return max(first, second) + addition_entry(first - second)


def subtract(value: int, taken: int) -> int | None:
    """``value`` less ``taken`` with the Subtraction table; None when ``taken`` is as large or larger: the text's
    "completely negated if the subtracted value is equal or greater" (D-KY-10, KY-12)."""
    if taken >= value:
        return None
    return value + subtraction_entry(value - taken)


def runs(entry: Callable[[int], int], start: int, stop: int) -> list[tuple[int, int, int]]:
    """The differences from ``start`` grouped into runs that share an entry: (first, last, entry); the last run
    is where the entry stays for good (0 from 43 on for both tables)."""
    out: list[tuple[int, int, int]] = []
    for difference in range(start, stop):
        value = entry(difference)
        if out and out[-1][2] == value:
            out[-1] = (out[-1][0], difference, value)
        else:
            out.append((difference, difference, value))
    return out


def damage_text(value: float) -> str:
    """A LogD table cell as the notes print it: two decimals below 10, whole numbers below 100, two significant
    figures from 100 up.

    >>> damage_text(damage_of(1)), damage_text(damage_of(43)), damage_text(damage_of(75))
    ('1.08', '27', '320')
    """
    if value < 10:
        return f"{value:.2f}"
    if value < 100:
        return str(round_half_up(value))
    digits = math.floor(math.log10(value)) - 1
    return str(round_half_up(value / 10 ** digits) * 10 ** digits)


def signed(number: int) -> str:
    """A modifier as printed: +2, \u22122, +0.

    >>> signed(-2), signed(0)
    ('\u22122', '+0')
    """
    return f"{number:+d}".replace("-", "\u2212")


def plain(value: Fraction) -> str:
    """A number as a person writes it: 10, 10.5, 0.25.

    >>> plain(Fraction(21, 2)), plain(Fraction(4))
    ('10.5', '4')
    """
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def plus(number: int) -> str:
    """A modifier added in a sum: "+ 20", "− 5".

    >>> plus(20), plus(-5)
    ('+ 20', '− 5')
    """
    return f"+ {number}" if number >= 0 else f"− {-number}"
