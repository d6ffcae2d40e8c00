"""A flat-topped hex grid in axial coordinates (q, r), for diagrams a hit lands on and deviates across.

Flat-topped hexes stand in vertical columns, so a hex has neighbours directly above and below: the SLA Hit Deviation
Diagram needs that ("deviates directly to the hex above").  Its six directions, numbered by the d6 that picks them,
run clockwise from upper-right (RULES_NOTES 3.3):

    1 upper-right (+1, -1)   2 lower-right (+1, 0)   3 down (0, +1)
    4 lower-left (-1, +1)    5 upper-left (-1, 0)    6 up (0, -1)

>>> step((0, 0), 6, 2), step((0, 0), 4, 1)
((0, -2), (-1, 1))
>>> turn(6, +1), turn(1, -1), turn(4, -1)
(1, 6, 3)
>>> distance((0, 0), (2, -1))
2
"""

from __future__ import annotations

Hex = tuple[int, int]

DIRECTIONS: dict[int, Hex] = {1: (1, -1), 2: (1, 0), 3: (0, 1), 4: (-1, 1), 5: (-1, 0), 6: (0, -1)}
DIRECTION_NAMES: dict[int, str] = {1: "upper-right", 2: "lower-right", 3: "down", 4: "lower-left",
                                   5: "upper-left", 6: "up"}


def step(start: Hex, direction: int, count: int = 1) -> Hex:
    """The hex ``count`` steps from ``start`` in one of the six directions (a straight line, D-SL-23)."""
    dq, dr = DIRECTIONS[direction]
    return start[0] + dq * count, start[1] + dr * count


def line(start: Hex, direction: int, count: int) -> list[Hex]:
    """Every hex from ``start`` (left out) to ``count`` steps away, in order: the path of a deviation."""
    return [step(start, direction, n) for n in range(1, count + 1)]


def turn(direction: int, by: int) -> int:
    """A direction turned ``by`` steps clockwise (negative: anticlockwise); 6 and 1 are neighbours (D-SL-18)."""
    return (direction - 1 + by) % 6 + 1


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps from ``center``, clockwise from the one straight above (radius 0: the
    center itself).

    >>> ring((0, 0), 1)
    [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
    """
    if radius == 0:
        return [center]
    out = []
    here = step(center, 6, radius)
    for direction in (2, 3, 4, 5, 6, 1):
        for _ in range(radius):
            out.append(here)
            here = step(here, direction)
    return out


def within(center: Hex, radius: int) -> list[Hex]:
    """Every hex at most ``radius`` steps from ``center``: a template (a shotgun's growing spread, a blast)."""
    return [hex_ for r in range(radius + 1) for hex_ in ring(center, r)]
