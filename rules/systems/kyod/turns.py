"""Turns as GURPS takes them: one after another in the order the game master sets. A turn's end is when shock
wears off, and when the checks a wound calls for each turn are due (seed, Damage Resolution; D-KY-14)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...dice import DiceSource
from ...initiative import Rolled, rolled_d6
from ...report import Step
from ...turns import Turns
from .care import turn_ends
from .options import Options
from .sheet import Sheet
from .wounds import State


# GURPS goes by Basic Speed, which the sheet does not hold, and has no initiative roll: the GM's is 3d6 each, the
# system's dice, a tie to the higher HT, half of Basic Speed (docs/rules-decisions.md).
INITIATIVE = ("The text has no initiative roll, and GURPS's Basic Speed is not on the sheet, so each rolls 3d6, as a "
              "GM would: highest first, a tie to the higher HT, then the order they stood in.")


class OneByOne(Turns):
    def initiative(self, options: Options) -> str:
        return INITIATIVE

    def roll_initiative(self, who: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
                        dice: DiceSource) -> Rolled:
        sheet = sheets[who]
        return rolled_d6(who, sheet.name, 3, sheet.ht, f"HT {sheet.ht}", "Initiative for all (GM's 3d6)", dice)

    def unable(self, sheet: Sheet, state: State, options: Options) -> str:
        if sheet.kind != "character":
            return "an object takes no turns"
        return "dead" if state.dead else "unconscious" if state.unconscious else ""

    def end_turn(self, who: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
                 dice: DiceSource) -> tuple[dict[str, Any], list[Step]]:
        after, steps = turn_ends(sheets[who], states[who], options)
        return ({who: after} if after is not states[who] else {}), steps

    def hint(self, who: str, sheets: Mapping[str, Sheet], states: Mapping[str, State],
             options: Options) -> dict[str, Any] | None:
        state = states[who]
        if state.stunned:
            return {"text": f"{sheets[who].name} is stunned: a roll to recover from stun is due this turn."}
        if state.death_checks:
            return {"text": f"{sheets[who].name} has death checks due (Check)."}
        return None


TURNS = OneByOne()
