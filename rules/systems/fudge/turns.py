"""The pacing the game master chose (FUDGE 4.2). In simultaneous rounds (4.22) and story elements (4.21) the
fighters are taken in the order the GM sets. In alternating combat turns (4.23) the order is initiative: the GM
"may run the combat in initiative order, even if fighters from both sides are interspersed"; each fighter rolls
4dF on his initiative level as each round begins (the contest's level: Initiative, +1 Combat Reflexes, wounds),
highest first, ties in the order the fighters were added. A round's end counts stuns down and the rounds a plus
level reckons from (4.36, 4.62)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...dice import DiceSource, fudge_value
from ...initiative import Rolled
from ...ladder import describe
from ...report import Step, show_fudge, signed
from ...turns import Fight, Slot, Start, Turns
from . import levels
from .care import time
from .contests import contest_level
from .options import Options
from .sheet import Sheet
from .wounds import State, level

HOW = {
    "simultaneous": "Simultaneous rounds (4.22): the fighters in the order they were added (drag to change it); "
                    "each one's Round resolves his exchange, and both sides may be hurt.",
    "alternating": "Alternating turns (4.23): each fighter rolls 4dF on his Initiative as each round begins, and "
                   "the fighters take their turns highest first.",
    "story": "Story elements (4.21): the fighters in the order they were added (drag to change it).",
}


class Pacing(Turns):
    def by_initiative(self, options: Options) -> bool:
        return options.pacing == "alternating"

    def initiative(self, options: Options) -> str:
        """In the paces whose order is the GM's, the text's own initiative roll (4.23) may set it once."""
        if options.pacing == "alternating":
            return ""
        return ("Each fighter rolls 4dF on his Initiative (+1 Combat Reflexes, wounds), as alternating turns do "
                "(4.23); highest first, a tie to the higher Initiative, then the order they stood in.")

    def roll_initiative(self, who: str, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options,
                        dice: DiceSource) -> Rolled:
        return rolled(who, sheets[who], states[who], options, dice)

    def how(self, options: Options) -> str:
        return HOW[options.pacing]

    def order(self, phase: int, sheets: Mapping[str, Sheet], states: Mapping[str, State], fight: Fight,
              options: Options) -> list[Slot]:
        if options.pacing != "alternating":
            return super().order(phase, sheets, states, fight, options)
        ranks = dict(fight.ranks)
        place = {who: index for index, who in enumerate(fight.standing)}
        ranked = sorted(fight.standing, key=lambda who: (who not in ranks, -ranks.get(who, 0), place[who]))
        return [Slot(who, f"initiative {describe(ranks[who])}" if who in ranks else "no initiative this round")
                for who in ranked]

    def unable(self, sheet: Sheet, state: State, options: Options) -> str:
        if state.dead:
            return "dead"
        if state.knocked_out:
            return "knocked out"
        if levels.out_of_fight(level(sheet, state, options)):
            return "incapacitated"
        return ""

    def start_round(self, number: int, sheets: Mapping[str, Sheet], states: Mapping[str, State], fight: Fight,
                    options: Options, dice: DiceSource) -> Start:
        """In alternating turns, each fighter able to act rolls initiative. Every fighter's count of rounds fought
        is noted: a simultaneous Round passes the round for its fighters, so its end passes it for the others
        only."""
        start = Start(counts={who: states[who].rounds for who in fight.standing})
        for who in fight.standing:      # the log names this round as the tracker does; it passes once for each
            if (states[who].fight_round, states[who].round_passed) != (number, False):
                start.changed[who] = replace(states[who], fight_round=number, round_passed=False)
        if options.pacing != "alternating":
            return start
        for who in fight.standing:
            sheet, state = sheets[who], start.changed.get(who, states[who])
            if self.unable(sheet, state, options):
                continue
            roll = rolled(who, sheet, state, options, dice)
            start.ranks[who] = roll.total
            start.steps.append(roll.step)
        return start

    def end_phase(self, phase: int, sheets: Mapping[str, Sheet], states: Mapping[str, State], fight: Fight,
                  options: Options, dice: DiceSource) -> tuple[dict[str, Any], list[Step]]:
        """The round passes for every fighter whose own count of rounds it has not passed already (a Round of
        simultaneous combat passes it for both its sides, seed 4.22)."""
        began = dict(fight.counts)
        behind = {who: state for who, state in states.items() if state.rounds <= began.get(who, state.rounds)}
        if not behind:
            return {}, []
        changed, report = time({"target": "", "time": "round"}, {who: sheets[who] for who in behind}, behind,
                               options, dice)
        return changed, list(report.steps)

    def end_fight(self, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> dict[str, Any]:
        """Out of the tracked fight, a Round is again the next of each fighter's own."""
        return {who: replace(state, fight_round=0, round_passed=False) for who, state in states.items()
                if state.fight_round or state.round_passed}

    def hint(self, who: str, sheets: Mapping[str, Sheet], states: Mapping[str, State],
             options: Options) -> dict[str, Any] | None:
        state, name = states[who], sheets[who].name
        if state.very_stunned:
            return {"text": f"{name} is Very Stunned: no attacks, \u22122 to all actions "
                            f"({state.very_stunned} round{'s' if state.very_stunned > 1 else ''} left)."}
        if state.stunned:
            return {"text": f"{name} is stunned: no attack or all-out defence, and \u22121 to defend."}
        if state.forfeit:
            return {"text": f"{name} defended all-out: no attack this round."}
        return None


def rolled(who: str, sheet: Sheet, state: State, options: Options, dice: DiceSource) -> Rolled:
    """A fighter's initiative (4.23): 4dF on his Initiative level; a tie goes to the higher level."""
    value, said = contest_level(sheet, state, options, {"contest": "initiative", "first_modifier": 0}, "first")
    roll = f"initiative {who}"
    faces = dice.roll(roll, "dF", 4, f"Initiative for {sheet.name} at {describe(value)}: roll 4 Fudge dice")
    total = value + fudge_value(faces)
    return Rolled(total, value, Step(f"{sheet.name} ({said}) rolls {show_fudge(faces)} = "
                                     f"{signed(fudge_value(faces))}: {describe(total)}.", "FUDGE 4.23", faces, roll))


TURNS = Pacing()
