"""Turns in the order the referee sets. Someone stunned takes his next turn to recover: "On their next turn ...
they must choose one of the following tasks" (seed, Suffering Non-Lethal Damage); the unconscious and the dead
take no turns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...dice import DiceSource
from ...initiative import Rolled, rolled_d6
from ...turns import Turns
from .options import Options
from .sheet import MACHINES, Sheet, State, conscious, current, dead

# The seed has no initiative roll: the referee's is 2D each, a Traveller's dice (docs/rules-decisions.md).
INITIATIVE = ("The text has no initiative roll, so each rolls 2D, as a referee would: highest first, a tie to the "
              "higher Dexterity, then the order they stood in.")


class RefereesOrder(Turns):
    def initiative(self, options: Options) -> str:
        return INITIATIVE

    def roll_initiative(self, who: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
                        dice: DiceSource) -> Rolled:
        sheet = sheets[who]
        dexterity = current(sheet, states[who], "Dex") if sheet.upp else 0
        return rolled_d6(who, sheet.name, 2, dexterity, f"Dexterity {dexterity}" if sheet.upp else "",
                         "Initiative for all (referee's 2D)", dice)

    def unable(self, sheet: Sheet, state: State, options: Options) -> str:
        if dead(sheet, state, options.npc_death == "more_than"):
            return "destroyed" if sheet.kind in MACHINES else "dead"
        if sheet.kind not in MACHINES and not conscious(sheet, state):
            return "unconscious"
        return ""

    def hint(self, who: str, sheets: Mapping[str, Sheet], states: Mapping[str, State],
             options: Options) -> dict[str, Any] | None:
        if sheets[who].kind in MACHINES or not states[who].stunned:
            return None
        return {"text": f"{sheets[who].name} is stunned: this turn he must try to recover, slowly (Routine, a Long "
                        "Action) or quickly (Difficult, a Short Action).",
                "action": "recover", "inputs": {"target": who, "how": "stun_slow"}}


TURNS = RefereesOrder()
