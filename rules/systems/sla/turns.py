"""The round as the seed runs it (Structure of Combat): three phases; in each, those with an action in it act in
order of their Initiative Totals, rolled at the start of every round (3d6 + INI, Martial Arts added, each open
wound -1); ties keep the order the combatants were added (D-SL-32). An Opportunity Action is a delayed turn: taken
any time later in the same phase, or lost with it. Phase 3 ends the round with its bleeding and regeneration."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...dice import DiceSource
from ...report import Step
from ...turns import Fight, Slot, Turns
from .options import Options
from .rounds import initiative, passes
from .sheet import Sheet
from .wounds import State, dead, news, unconscious

RULE = "seed, Structure of Combat; Wounds; Regeneration; D-SL-27"


class PhasedTurns(Turns):
    PHASES = ("Phase 1", "Phase 2", "Phase 3")

    def by_initiative(self, options: Any) -> bool:
        return True

    def how(self, options: Any) -> str:
        return ("Three phases a round; in each, those with an action in it act by Initiative Total (3d6 + INI, "
                "Martial Arts added), rolled as each round begins. Delay is an Opportunity Action: later in the "
                "same phase, or lost.")

    def order(self, phase: int, sheets: Mapping[str, Sheet], states: Mapping[str, State], fight: Fight,
              options: Options) -> list[Slot]:
        place = {who: index for index, who in enumerate(fight.standing)}
        acting = [who for who in fight.standing if options.in_phases(sheets[who].actions)[phase]]
        acting.sort(key=lambda who: (states[who].initiative is None, -(states[who].initiative or 0), place[who]))
        slots = []
        for who in acting:
            count = options.in_phases(sheets[who].actions)[phase]
            total = states[who].initiative
            rolled = f"Initiative {total}" if total is not None else "no Initiative Total yet"
            lost = states[who].lost_actions
            slots.append(Slot(who, f"{rolled} \u00b7 {count} action{'s' if count > 1 else ''}"
                              + (f", {lost} lost to knockback" if lost else "")))
        return slots

    def unable(self, sheet: Sheet, state: State, options: Options) -> str:
        why = dead(sheet, state)
        if why:
            return f"dead ({why})"
        why = unconscious(sheet, state, options)
        if why:
            return f"unconscious ({why})"
        if state.lost_phases:
            return "knocked down, he loses this round's actions"
        return ""

    def start_round(self, number: int, sheets: Mapping[str, Sheet], states: Mapping[str, State], fight: Fight,
                    options: Options, dice: DiceSource) -> tuple[dict[str, Any], list[Step], dict[str, int] | None]:
        after, report = initiative({"target": ""}, sheets, states, options, dice)
        return after, list(report.steps), None

    def end_phase(self, phase: int, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
                  dice: DiceSource) -> tuple[dict[str, Any], list[Step]]:
        changed = {}
        steps = []
        for who, state in states.items():
            after, said = passes(sheets[who], state, options)
            said += news(sheets[who], state, after, options)
            changed[who] = after
            if said:
                steps.append(Step(f"{sheets[who].name}: " + "; ".join(said), RULE))
        return changed, steps

    def hint(self, who: str, sheets: Mapping[str, Sheet], states: Mapping[str, State],
             options: Options) -> dict[str, Any] | None:
        state = states[who]
        if state.initiative is None:
            return {"text": f"{sheets[who].name} has no Initiative Total this round: roll it (Initiative).",
                    "action": "initiative", "inputs": {"target": who}}
        if state.lost_actions:
            return {"text": f"{sheets[who].name} loses his next action to the knockback."}
        return None


TURNS = PhasedTurns()
