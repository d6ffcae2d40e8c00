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
