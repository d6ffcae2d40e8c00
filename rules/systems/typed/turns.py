"""Turns in the order the game master sets; the taken out take none. Ablative armour is "used up": what a hit wore
away stays worn from round to round, and the round's end says so."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...dice import DiceSource
from ...report import Step
from ...turns import Fight, Turns
from .armour import Options
from .sheet import Sheet, State
from .tracks import load_track, taken_out


class GMsOrder(Turns):
    def unable(self, sheet: Sheet, state: State, options: Options) -> str:
        return "taken out" if taken_out(load_track(options.track), state.marks) else ""

    def end_phase(self, phase: int, sheets: Mapping[str, Sheet], states: Mapping[str, State], fight: Fight,
                  options: Options, dice: DiceSource) -> tuple[dict[str, Any], list[Step]]:
        return {}, [Step(f"{sheets[who].name}'s ablative armour stays worn: {state.armour.notation} left of "
                         f"{sheets[who].armour.notation}.", "Ablative Armor")
                    for who, state in states.items() if state.armour != sheets[who].armour]


TURNS = GMsOrder()
