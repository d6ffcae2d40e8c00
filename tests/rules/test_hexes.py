"""The flat-topped hex grid (rules/hexes.py) and the SLA body diagram drawn on it (rules/systems/data/sla.json)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.hexes import DIRECTIONS, distance, line, ring, step, turn, within
from rules.systems.data import load

hexes = st.tuples(st.integers(-20, 20), st.integers(-20, 20))
directions = st.integers(1, 6)


def test_the_deviation_diagram_examples() -> None:
    """RULES_NOTES 3.3 and SL-13: 4 is lower-left, one step from 4 is 3 (straight down) or 5, 6 is straight up."""
    assert DIRECTIONS[4] == (-1, 1) and DIRECTIONS[3] == (0, 1) and DIRECTIONS[6] == (0, -1)
    assert turn(4, -1) == 3 and turn(4, +1) == 5 and turn(6, +1) == 1 and turn(1, -1) == 6


@given(hexes, directions, st.integers(0, 10))
def test_a_straight_line_is_as_long_as_its_steps(start: tuple[int, int], direction: int, count: int) -> None:
    assert distance(start, step(start, direction, count)) == count
    assert [distance(start, hex_) for hex_ in line(start, direction, count)] == list(range(1, count + 1))


@given(directions)
def test_opposite_directions_cancel(direction: int) -> None:
    assert step(step((0, 0), direction), turn(direction, 3)) == (0, 0)


@given(hexes, st.integers(0, 6))
def test_a_ring_holds_six_times_its_radius(center: tuple[int, int], radius: int) -> None:
    found = ring(center, radius)
    assert len(found) == max(1, 6 * radius) == len(set(found))
    assert all(distance(center, hex_) == radius for hex_ in found)
    assert len(within(center, radius)) == 1 + 3 * radius * (radius + 1)


def test_the_body_diagram_holds_seven_joined_regions() -> None:
    regions = load("sla")["body"]["regions"]
    assert [region["value"] for region in regions] == ["head", "torso", "abdomen", "right_arm", "left_arm",
                                                       "right_leg", "left_leg"]
    every = [tuple(hex_) for region in regions for hex_ in region["hexes"]]
    assert len(every) == len(set(every)), "a hex in two regions"
    for region in regions:                     # each region is one piece: every hex reaches the first by neighbours
        cells = {tuple(hex_) for hex_ in region["hexes"]}
        seen, todo = set(), [next(iter(cells))]
        while todo:
            here = todo.pop()
            seen.add(here)
            todo += [step(here, d) for d in DIRECTIONS if step(here, d) in cells and step(here, d) not in seen]
        assert seen == cells, region["value"]
    by_hex = {tuple(hex_): region["value"] for region in regions for hex_ in region["hexes"]}
    assert by_hex[step((0, 1), 3)] == "torso"            # the head sits straight above the torso
    assert by_hex[step((0, 4), 3)] == "abdomen"          # and the torso straight above the abdomen
