"""RULES_NOTES 3.6, the SLA roll vectors SL-01..SL-04 and SL-36 (the rest arrive with the system, issue 25)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.systems.sla.resolution import STAT_TARGET, Dice, check


@pytest.mark.parametrize("vector, dice, skill, kwargs, total, success, crit, success_die", [
    ("SL-01", Dice(3, 4, 3), 4, {}, 14, True, 0, 3),
    ("SL-02", Dice(3, 4, 3), 4, {"modifier": -3}, 14, False, 0, 3),
    ("SL-03", Dice(2, 5, 6), 7, {"modifier": -3}, 20, True, 2, 4),          # the 2 is the Success die (D-SL-3)
    ("SL-04", Dice(2, 5, 6), 7, {"modifier": -3, "on": "roll"}, 17, True, 0, 2),
    ("SL-36", Dice(6, 6, 5), 6, {"target": STAT_TARGET}, 23, True, 2, 8),
])
def test_vectors(vector: str, dice: Dice, skill: int, kwargs: dict[str, object], total: int, success: bool,
                 crit: int, success_die: int) -> None:
    result = check(dice, skill, **kwargs)  # type: ignore[arg-type]
    assert (result.total, result.success, result.crit, result.success_die) == (total, success, crit, success_die)


faces = st.integers(1, 6)


@given(faces, faces, faces, st.integers(-5, 15), st.integers(-6, 6), st.sampled_from(["target", "roll"]))
def test_the_dice_keep_their_roles(success: int, penetration: int, damage: int, skill: int, modifier: int,
                                   on: str) -> None:
    """Only the Success die takes a crit; a crit needs a success; a target-number modifier leaves the crit alone."""
    result = check(Dice(success, penetration, damage), skill, modifier=modifier, on=on)
    assert result.dice.penetration == penetration and result.dice.damage == damage
    assert result.success_die == success + result.crit and result.crit >= 0
    assert result.success or result.crit == 0
    if on == "target" and result.success:
        assert result.crit == check(Dice(success, penetration, damage), skill).crit
