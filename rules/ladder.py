"""The FUDGE trait ladder (RULES_NOTES 4.1): Terrible -3 ... Superb +3, and beyond."""

from __future__ import annotations

LADDER: dict[int, str] = {
    3: "Superb", 2: "Great", 1: "Good", 0: "Fair", -1: "Mediocre", -2: "Poor", -3: "Terrible",
}


def level_name(value: int) -> str:
    """The ladder's word for a value; past the ends, "Superb+n" or "Terrible-n".

    >>> level_name(1), level_name(5), level_name(-4)
    ('Good', 'Superb+2', 'Terrible-1')
    """
    if value > 3:
        return f"Superb+{value - 3}"
    if value < -3:
        return f"Terrible-{-3 - value}"
    return LADDER[value]


def describe(value: int) -> str:
    """A ladder value with its sign: ``Good (+1)``.

    >>> describe(0), describe(-2)
    ('Fair (+0)', 'Poor (−2)')
    """
    return f"{level_name(value)} ({value:+d})".replace("(-", "(\u2212")


def skill_name(value: int, plus: bool = False) -> str:
    """A combat skill's level, with its "plus" half level (FUDGE 4.36): ``Good+``.

    >>> skill_name(1, True), skill_name(2)
    ('Good+', 'Great')
    """
    return level_name(value) + ("+" if plus else "")


def plus_bonus(plus: bool, round_number: int) -> int:
    """What a "plus" level adds in a round: +1 every other round, starting with the second (FUDGE 4.36).

    >>> [plus_bonus(True, n) for n in (1, 2, 3, 4)], plus_bonus(False, 2)
    ([0, 1, 0, 1], 0)
    """
    return 1 if plus and round_number % 2 == 0 else 0


def median(values: tuple[int, ...] | list[int]) -> int:
    """The middle value of three rolled degrees (FUDGE 4.21): it may equal the high or the low one.

    >>> median([1, -1, 3]), median([-2, 2, 2])
    (1, 2)
    """
    return sorted(values)[len(values) // 2]
