"""The round as the seed runs it (Structure of Combat): three phases; in each, those with an action in it act in
order of their Initiative Totals, rolled at the start of every round (3d6 + INI, Martial Arts added, each open
wound -1); ties keep the order the combatants were added (D-SL-32). A knockback's Initiative Total of 0 puts him
last at once, for the phase or the round. An Opportunity Action is a delayed turn: taken any time later in the same
phase, or lost with it. Phase 3 ends the round with its bleeding and regeneration.

Each character's state keeps its own count of phases and rounds (a wound's bleeding and a Stormer's regeneration
are counted on it): the fight keeps those counts in step with its own, so that a phase's end is each one's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...dice import DiceSource
from ...report import Step
from ...turns import Fight, Slot, Start, Turns
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
        acting = [who for who in fight.standing if options.in_phases(sheets[who].phase_actions)[phase]]
        acting.sort(key=lambda who: (states[who].initiative_total() is None, -(states[who].initiative_total() or 0),
                                     place[who]))
        slots = []
        for who in acting:
            sheet, state = sheets[who], states[who]
            count = options.in_phases(sheet.phase_actions)[phase]
            total = state.initiative_total()
            rolled = ("no Initiative Total yet" if total is None else
                      f"Initiative 0 (knocked back; {state.initiative})" if state.slowed else f"Initiative {total}")
            extra = f" + {sheet.extra_actions} extra" if sheet.extra_actions else ""
            lost = state.lost_actions
            slots.append(Slot(who, f"{rolled} \u00b7 {count} action{'s' if count > 1 else ''}{extra}"
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
                    options: Options, dice: DiceSource) -> Start:
        steps = []
        aligned = dict(states)
        if number == 1:
            # The fight's phase 1 is everyone's: a count left mid-round (time passed a phase before, a fight ended
            # in phase 2) starts again with it, and nothing else happens.
            for who, state in states.items():
                if state.phase != 1:
                    aligned[who] = replace(state, phase=1)
                    steps.append(Step(f"{sheets[who].name}'s count of phases starts again with the fight's.", RULE))
        after, report = initiative({"target": ""}, sheets, aligned, options, dice)
        return Start(after, steps + list(report.steps))

    def end_phase(self, phase: int, sheets: Mapping[str, Sheet], states: Mapping[str, State], fight: Fight,
                  options: Options, dice: DiceSource) -> tuple[dict[str, Any], list[Step]]:
        """The phase ends for everyone: each state's own count passes from this phase to the next. A count out of
        step (a combatant who joined mid-round, time passed by hand) is brought into step: passed on to the next
        phase if it is behind, left as it is if it is there already."""
        coming = phase + 2 if phase < 2 else 1
        changed = {}
        steps = []
        for who, state in states.items():
            after, said = state, []
            for _ in range(3):
                if after.phase == coming:
                    break
                after, more = passes(sheets[who], after, options)
                said += more
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
