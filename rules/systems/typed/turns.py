"""Turns in the order the game master sets; the taken out take none. Ablative armour is "used up": what a hit wore
away stays worn from round to round, and the round's end says so."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...dice import DiceSource, fudge_value
from ...initiative import Rolled
from ...ladder import level_name, skill_name
from ...report import Step, show_fudge, signed
from ...turns import Fight, Turns
from .armour import Options
from .sheet import Sheet, State
from .tracks import load_track, taken_out


# The text has no initiative: for Fudge dice, FUDGE's own answer for fighters without an Initiative trait is an
# Opposed Situational roll (FUDGE 4.23), 4dF read from Fair (docs/rules-decisions.md).
INITIATIVE = ("The text has no initiative roll, so each makes a Situational roll, 4dF from Fair, as FUDGE does for "
              "fighters with no Initiative trait (4.23): highest first, a tie to the higher skill, then the order "
              "they stood in.")


class GMsOrder(Turns):
    def initiative(self, options: Options) -> str:
        return INITIATIVE

    def roll_initiative(self, who: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
                        dice: DiceSource) -> Rolled:
        sheet = sheets[who]
        roll = f"initiative {who}"
        faces = dice.roll(roll, "dF", 4, f"Initiative for {sheet.name}: a Situational roll, 4 Fudge dice")
        value = fudge_value(faces)
        return Rolled(value, sheet.skill, Step(
            f"{sheet.name} rolls {show_fudge(faces)} = {signed(value)}: {level_name(value)} (skill "
            f"{skill_name(sheet.skill)} breaks a tie).", "Initiative for all (FUDGE 4.23, Situational roll)", faces,
            roll))

    def unable(self, sheet: Sheet, state: State, options: Options) -> str:
        return "taken out" if taken_out(load_track(options.track), state.marks) else ""

    def end_phase(self, phase: int, sheets: Mapping[str, Sheet], states: Mapping[str, State], fight: Fight,
                  options: Options, dice: DiceSource) -> tuple[dict[str, Any], list[Step]]:
        return {}, [Step(f"{sheets[who].name}'s ablative armour stays worn: {state.armour.notation} left of "
                         f"{sheets[who].armour.notation}.", "Ablative Armor")
                    for who, state in states.items() if state.armour != sheets[who].armour]


TURNS = GMsOrder()
