"""Turns in the order the referee sets. Someone stunned takes his next turn to recover: "On their next turn ...
they must choose one of the following tasks" (seed, Suffering Non-Lethal Damage); the unconscious and the dead
take no turns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...turns import Turns
from .options import Options
from .sheet import MACHINES, Sheet, State, conscious, dead


class RefereesOrder(Turns):
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
