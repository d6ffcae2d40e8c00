"""Integrity: how much damage each kind of target takes, and the Personal Integrity chart's layout.

A person's Integrity is twice their Life Force (Str + Dex + End, RULES_NOTES 1.1), drawn as a chart
of 6-box columns; the boxes the person cannot use are crossed off the final column from the bottom up
(D-MT-2).  Damage fills the usable boxes row by row (D-MT-1).  Everyone else is written "K/(I-K)":
the points that knock out (or disable), then the further points that kill (or destroy).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache, cached_property

from ...errors import BadField
from ...fields import shown
from ..data import load

# Traveller's extended hexadecimal: 0-9, then A-Z without I and O (which read as 1 and 0).
HEX_DIGITS = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CHARACTERISTICS = ("Str", "Dex", "End", "Int", "Edu", "Soc")
MAX_RATING = 10_000        # the largest number a hits rating may hold, before multiplying


def chart_table() -> dict[str, object]:
    return dict(load("megatraveller")["chart"])


def read_upp(text: str, field: str) -> tuple[int, ...]:
    """The six characteristics of a UPP such as ``94A849``.

    >>> read_upp("45398C", "upp")
    (4, 5, 3, 9, 8, 12)
    """
    cleaned = text.strip().upper().replace("-", "")
    if len(cleaned) != 6:
        raise BadField(f"a UPP has six characteristics, like 94A849; {shown(text)} has {len(cleaned)}", field=field)
    values = []
    for position, digit in enumerate(cleaned):
        if digit not in HEX_DIGITS:
            raise BadField(f"{shown(digit)} in the UPP is not a characteristic; use 0-9 and A-Z without I or O "
                           f"(A is 10, F is 15) for {CHARACTERISTICS[position]}", field=field)
        values.append(HEX_DIGITS.index(digit))
    return tuple(values)


def upp_text(values: tuple[int, ...]) -> str:
    return "".join(HEX_DIGITS[min(max(value, 0), len(HEX_DIGITS) - 1)] for value in values)


def person_integrity(life_force: int) -> tuple[int, str]:
    """Integrity = 2 x Life Force, held between one full column and eighteen (D-MT-13), and why if held.

    >>> person_integrity(23), person_integrity(60)[0], person_integrity(1)[0]
    ((46, ''), 108, 6)
    """
    table = chart_table()
    low, high = int(table["min_integrity"]), int(table["max_integrity"])   # type: ignore[call-overload]
    raw = 2 * life_force
    if raw > high:
        return high, f"2 x {life_force} = {raw}, held at {high}: a chart never has more than eighteen columns"
    if raw < low:
        return low, f"2 x {life_force} = {raw}, raised to {low}: a chart never has less than one full column"
    return raw, ""


@dataclass(frozen=True)
class Chart:
    """The layout of a Personal Integrity chart for one Integrity (RULES_NOTES 1.3)."""

    integrity: int

    @cached_property
    def columns(self) -> int:
        return max(1, math.ceil(self.integrity / 6))

    @cached_property
    def crossed(self) -> int:
        """Boxes crossed off the final column, from the bottom row up."""
        return 6 * self.columns - self.integrity

    @cached_property
    def row_sizes(self) -> tuple[int, ...]:
        """Usable boxes in each of the six rows: the bottom ``crossed`` rows are one box short."""
        return tuple(self.columns - (1 if row >= 6 - self.crossed else 0) for row in range(6))

    @cached_property
    def row_ends(self) -> tuple[int, ...]:
        """The box count up to the end of each row: box indices below ``row_ends[r]`` lie in rows 0..r."""
        ends, total = [], 0
        for size in self.row_sizes:
            total += size
            ends.append(total)
        return tuple(ends)

    def row_of(self, index: int) -> int:
        """The row (0-based) holding box ``index`` (0-based, in fill order)."""
        for row, end in enumerate(self.row_ends):
            if index < end:
                return row
        raise ValueError(f"box {index} is past the chart of Integrity {self.integrity}")

    def fills_row(self, index: int) -> bool:
        """Marking box ``index`` completes its row."""
        return index + 1 in self.row_ends

    def boxes_in_rows(self, rows: int) -> int:
        """How many usable boxes the first ``rows`` rows hold."""
        return self.row_ends[rows - 1] if rows else 0

    def dm(self, row: int) -> int | None:
        """The DM column's entry for a row (None for row 1's "n/a")."""
        value = chart_table()["row_dms"][row]     # type: ignore[index]
        return None if value is None else int(value)

    def index_at(self, row: int, column: int) -> int | None:
        """The fill-order index of the box at (row, column), or None when that box is crossed off."""
        if column >= self.row_sizes[row]:
            return None
        return (self.row_ends[row - 1] if row else 0) + column


@cache
def chart(integrity: int) -> Chart:
    return Chart(integrity)


WOUND_LEVELS = ("none", "Superficial", "Minor", "Major", "Destroyed")


def wound_level(layout: Chart, lethal: int) -> str:
    """The wound level, from lethal damage only (RULES_NOTES 1.3; none when unhurt, D-MT-9).

    >>> [wound_level(chart(46), lethal) for lethal in (0, 1, 15, 16, 31, 32, 45, 46)]
    ['none', 'Superficial', 'Superficial', 'Minor', 'Minor', 'Major', 'Major', 'Destroyed']
    """
    if lethal <= 0:
        return "none"
    if lethal >= layout.integrity:
        return "Destroyed"
    if lethal < layout.boxes_in_rows(2):
        return "Superficial"
    if lethal < layout.boxes_in_rows(4):
        return "Minor"
    return "Major"


_RATING = re.compile(r"\s*([0-9]{1,6})\s*/\s*([0-9]{1,6})\s*")


def read_ratings(text: str, field: str, *, allow_several: bool = True) -> tuple[tuple[int, int], ...]:
    """Hits ratings written ``2/5``, or several joined by ``+`` (``4/10 + 4/10``).

    >>> read_ratings("4/10 + 4/10", "power")
    ((4, 10), (4, 10))
    """
    parts = text.split("+")
    if len(parts) > 1 and not allow_several:
        raise BadField(f"give one rating like 9/6, not {shown(text)}", field=field)
    if len(parts) > 4:
        raise BadField(f"at most 4 ratings may be joined with +, not {len(parts)}", field=field)
    ratings = []
    for part in parts:
        found = _RATING.fullmatch(part)
        if not found:
            raise BadField(f"{shown(part.strip())} is not a rating; write two whole numbers with a slash, like 2/5",
                           field=field)
        first, second = int(found.group(1)), int(found.group(2))
        if first > MAX_RATING or second > MAX_RATING:
            raise BadField(f"{shown(part.strip())} is too large; each number may be at most {MAX_RATING}", field=field)
        if first == 0:
            raise BadField(f"{shown(part.strip())} would be knocked out or disabled before any damage; the first "
                           f"number must be at least 1", field=field)
        ratings.append((first, second))
    return tuple(ratings)


def rating_text(rating: tuple[int, int]) -> str:
    return f"{rating[0]}/{rating[1]}"
