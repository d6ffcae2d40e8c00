"""The wound levels of FUDGE 4.51 and what each costs, read from the data file."""

from __future__ import annotations

from ..data import load

UNDAMAGED, SCRATCH, HURT, VERY_HURT, INCAPACITATED, NEAR_DEATH, DEAD = range(7)
_ROWS = load("fudge")["levels"]["rows"]
NAMES: tuple[str, ...] = tuple(row["name"] for row in _ROWS)
SHORT: tuple[str, ...] = tuple(row["short"] for row in _ROWS)
LETTERS: tuple[str, ...] = tuple(row["letter"] for row in _ROWS)
EFFECTS: tuple[str, ...] = tuple(row["effect"] for row in _ROWS)
PAIN: dict[str, dict[str, object]] = {key: value for key, value in load("fudge")["levels"]["pain"].items()
                                      if not key.startswith("_")}
TRACK_LEVELS = (SCRATCH, HURT, VERY_HURT, INCAPACITATED, NEAR_DEATH)
PART_LEVELS = (SCRATCH, HURT, INCAPACITATED)        # a body part's three states (seed 4.35)


def name(level: int) -> str:
    """A wound level's name; levels past Dead are Dead.

    >>> name(2), name(5)
    ('Hurt', 'Near Death')
    """
    return NAMES[max(UNDAMAGED, min(level, DEAD))]


def penalty(level: int, pain: str = "normal") -> int:
    """The penalty to all actions at a wound level (Hurt \u22121, Very Hurt \u22122), moved by a pain threshold
    (D-FU-21); a level that takes the fighter out has no penalty, since he cannot act at all.

    >>> penalty(2), penalty(3, "high"), penalty(2, "low"), penalty(1)
    (-1, -1, -2, 0)
    """
    row = PAIN[pain]
    if level in (HURT, VERY_HURT):
        value = row["hurt" if level == HURT else "very_hurt"]
        assert isinstance(value, int)
        return value
    return 0


def out_of_fight(level: int) -> bool:
    """Incapacitated or worse: no more fighting."""
    return level >= INCAPACITATED
