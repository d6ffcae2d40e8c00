"""Moving the fight on: a turn event's move read and checked, and carried out (:func:`move`) by a :class:`Mover`
that ends turns, phases and rounds, skips those who cannot act, lets conditions end at their moments, and rolls
initiative for all. What differs between systems is their :class:`rules.turns.Turns`; what a fight is, and how
the page draws it, is in rules/turns.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from . import fields
from .conditions import gone, passing
from .dice import DiceSource
from .errors import BadField
from .initiative import Rolled, Shared, sorted_order
from .report import Report, Step
from .turns import RULE, Fight, Slot, Turns

MOVES = ("start", "next", "delay", "act", "order", "initiative", "end")

# -- reading a move --------------------------------------------------------------------------------------

def read_move(data: Mapping[str, Any], fight: Fight, played_order: Sequence[str], rolled: bool) -> dict[str, Any]:
    """A turn event's move, checked against where the fight stands; ``rolled``: the order comes from initiative,
    so it is not set by hand."""
    move = fields.choice(data, "move", "move", MOVES)
    if move in ("next", "delay", "act", "end") and not fight.started:
        raise BadField("the fight has not started: tap Start fight first", field="move")
    if move == "start" and fight.started:
        raise BadField(f"the fight is already in round {fight.round}", field="move")
    if move == "start" and not played_order:
        raise BadField("add combatants before starting the fight", field="move")
    if move == "delay" and fight.current is None:
        raise BadField("it is nobody's turn to delay: tap Next", field="move")
    if move == "act":
        who = data.get("id")
        if who not in fight.delayed:
            raise BadField("only a combatant holding a delayed turn can act now", field="id")
        return {"move": move, "id": who}
    if move == "initiative" and (rolled or not played_order):
        raise BadField("in this system initiative is rolled as each round begins" if rolled else
                       "add combatants before rolling their initiative", field="move")
    if move == "order":
        if rolled:
            raise BadField("in this system the order is rolled (initiative); it is not set by hand", field="move")
        order = data.get("order")
        if (not isinstance(order, list) or not all(isinstance(who, str) for who in order)
                or sorted(order) != sorted(played_order) or len(set(order)) != len(order)):
            raise BadField("the new order must name every combatant of the encounter once", field="order")
        return {"move": move, "order": list(order)}
    return {"move": move}


# -- moving the fight on ---------------------------------------------------------------------------------

@dataclass
class Mover:
    """One turn event at work: the states and the fight as they change, and the steps said."""

    turns: Turns
    sheets: Mapping[str, Any]
    states: dict[str, Any]
    fight: Fight
    options: Any
    dice: DiceSource
    steps: list[Step] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)   # the conditions that ended, for the result's line
    let_delayed_go: bool = False        # a Next with nobody's turn, after only delayed turns were left

    def say(self, text: str, rule: str = RULE) -> None:
        self.steps.append(Step(text, rule))

    def apply(self, changed: Mapping[str, Any], steps: Sequence[Step]) -> None:
        self.states.update(changed)
        self.steps.extend(steps)

    def name(self, who: str) -> str:
        return str(self.sheets[who].name)

    def phase_words(self) -> str:
        name = self.turns.PHASES[self.fight.phase]
        return f"round {self.fight.round}" + (f", {name.lower()}" if name else "")

    # -- the moves --

    def start(self) -> None:
        self.begin_round(1)
        if not self.anyone_able():          # nobody's turn in round 1, and round 1 does not end by itself
            self.say("Nobody is able to act: each Next lets a round pass.")
            return
        self.take_next()

    def next(self) -> None:
        self.let_delayed_go = self.fight.current is None
        self.end_current()
        self.take_next()

    def delay(self) -> None:
        who = self.fight.current
        assert who is not None
        self.say(f"{self.name(who)} delays: he may act later in this "
                 f"{'phase' if len(self.turns.PHASES) > 1 else 'round'} (Act now).")
        self.fight = replace(self.fight, current=None, delayed=self.fight.delayed + (who,))
        self.take_next()

    def act(self, who: str) -> None:
        """A delayed turn taken now: it comes before the current combatant's, whose turn comes back after it."""
        interrupted = self.fight.current
        self.fight = replace(self.fight, current=who, delayed=tuple(one for one in self.fight.delayed if one != who))
        self.say(f"{self.name(who)} takes his delayed turn now ({self.phase_words()})"
                 + (f", before {self.name(interrupted)}, whose turn comes next." if interrupted else "."))

    def end(self) -> None:
        self.say(f"The fight ends in {self.phase_words()}.")
        self.apply(self.turns.end_fight(self.sheets, self.states, self.options), [])
        self.fight = Fight(standing=self.fight.standing, conditions=self.fight.conditions, notes=self.fight.notes)

    # -- the machinery --

    def end_current(self) -> None:
        who = self.fight.current
        if who is None:
            return
        changed, steps = self.turns.end_turn(who, self.sheets, self.states, self.options, self.dice)
        if steps:
            self.say(f"{self.name(who)}'s turn ends.")
        self.apply(changed, steps)
        self.fight = replace(self.fight, current=None, acted=self.fight.acted + (who,))
        self.moment("end", who)

    def moment(self, kind: str, who: str | None) -> None:
        """A moment a condition may end at has passed: the round's end, or the start or the end of ``who``'s turn
        (rules/conditions.py)."""
        if not self.fight.conditions:
            return
        before = dict(self.fight.conditions)
        held, ended = passing(before, kind, who, {one: self.name(one) for one in self.sheets})
        self.fight = replace(self.fight, conditions=tuple((one, many) for one, many in held.items() if many))
        self.steps.extend(ended)
        self.changes.extend(f"{self.name(holder)}: {name} ends" for holder, name in gone(before, held))

    def roll_for_all(self) -> None:
        """Initiative for all (rules/initiative.py): each combatant able to act rolls, and the order follows."""
        about = self.turns.initiative(self.options)
        if not about:
            raise BadField("this system offers no initiative roll for everyone", field="move")
        self.say(about, "Initiative for all")
        rolled: dict[str, Rolled] = {}
        dice = self.shared()
        for who in self.fight.standing:
            why = self.turns.unable(self.sheets[who], self.states[who], self.options)
            if why:
                self.say(f"{self.name(who)} rolls nothing: {why}.")
                continue
            taken = len(dice.took)
            rolled[who] = self.turns.roll_initiative(who, self.sheets, self.states, self.options, dice)
            self.steps.extend(dice.said()[taken:])
            self.steps.extend(dice.owned([rolled[who].step]))
        order = sorted_order(self.fight.standing, rolled)
        self.fight = replace(self.fight, standing=tuple(order))
        self.say(f"New order: {', '.join(self.name(who) for who in order)}.")

    def shared(self) -> Shared:
        """The dice for initiative, a group's roll shared (rules/initiative.py)."""
        return Shared(self.dice, self.fight.groups, {who: self.name(who) for who in self.sheets})

    def slots(self) -> list[Slot]:
        return self.turns.order(self.fight.phase, self.sheets, self.states, self.fight, self.options)

    def anyone_able(self) -> bool:
        return any(not self.turns.unable(self.sheets[who], self.states[who], self.options)
                   for who in self.fight.standing)

    def take_next(self) -> None:
        """Give the turn to the next combatant who can take it, skipping (and saying so) those who cannot; past
        the end of a phase, end it, and past the last phase, the round. A whole round in which nobody can act
        stops with nobody's turn."""
        phases_ended = 0
        while True:
            for slot in self.slots():
                who = slot.combatant
                if who in self.fight.acted or who in self.fight.delayed or who == self.fight.current:
                    continue
                why = self.turns.unable(self.sheets[who], self.states[who], self.options)
                if why:     # a skipped turn: its start and its end both pass
                    self.say(f"{self.name(who)} is skipped: {why}.")
                    self.fight = replace(self.fight, begun=self.fight.begun + (who,))
                    self.moment("start", who)
                    changed, steps = self.turns.end_turn(who, self.sheets, self.states, self.options, self.dice)
                    self.apply(changed, steps)
                    self.fight = replace(self.fight, acted=self.fight.acted + (who,))
                    self.moment("end", who)
                    continue
                begins = who not in self.fight.begun        # else a turn a delayed one interrupted comes back
                self.fight = replace(self.fight, current=who, begun=self.fight.begun + ((who,) if begins else ()))
                self.say(f"{self.name(who)}'s turn ({self.phase_words()}" + (f"; {slot.label}" if slot.label else "")
                         + ").")
                if begins:
                    self.moment("start", who)
                return
            if self.fight.delayed and not self.let_delayed_go:
                self.say("Only delayed turns are left in this " + ("phase" if len(self.turns.PHASES) > 1 else "round")
                         + ": Act now, or Next to let them go.")
                return
            if phases_ended == len(self.turns.PHASES):
                self.say("Nobody is able to act: each Next lets a round pass.")
                return
            self.end_phase()
            phases_ended += 1

    def end_phase(self) -> None:
        """End the phase, and after the last phase the round, which begins the next."""
        lost = [self.name(who) for who in self.fight.delayed]
        if lost:
            self.say(f"{', '.join(lost)} did not take {'their' if len(lost) > 1 else 'his'} delayed turn; it is lost.")
        for who in self.fight.delayed:      # a lost turn ends with the phase
            self.moment("end", who)
        last = self.fight.phase == len(self.turns.PHASES) - 1
        changed, steps = self.turns.end_phase(self.fight.phase, self.sheets, self.states, self.fight, self.options,
                                              self.dice)
        name = self.turns.PHASES[self.fight.phase]
        if not last:
            self.say(f"{name} of round {self.fight.round} ends.")
            self.apply(changed, steps)
            self.fight = replace(self.fight, phase=self.fight.phase + 1, acted=(), delayed=(), begun=())
            return
        self.say(f"Round {self.fight.round} ends.")
        self.apply(changed, steps)
        self.moment("round", None)
        self.begin_round(self.fight.round + 1)

    def begin_round(self, number: int) -> None:
        self.fight = replace(self.fight, round=number, phase=0, current=None, acted=(), delayed=(), begun=())
        self.say(f"Round {number} begins.")
        dice = self.shared()
        start = self.turns.start_round(number, self.sheets, self.states, self.fight, self.options, dice)
        self.apply(start.changed, dice.owned(start.steps) + dice.said())
        self.fight = replace(self.fight, ranks=tuple(start.ranks.items()), counts=tuple(start.counts.items()))


def move(turns: Turns, chosen: Mapping[str, Any], sheets: Mapping[str, Any], states: Mapping[str, Any],
         fight: Fight, options: Any, dice: DiceSource) -> tuple[dict[str, Any], Fight, Report]:
    """Carry out a move; return every state it changed, the fight after it, and the report."""
    mover = Mover(turns, sheets, dict(states), fight, options, dice)
    kind = chosen["move"]
    if kind == "order":
        names = ", ".join(mover.name(who) for who in chosen["order"])
        mover.fight = replace(fight, standing=tuple(chosen["order"]))
        mover.say(f"New order: {names}.")
        title = "Turn order changed"
    elif kind == "initiative":
        mover.roll_for_all()
        title = "Initiative for all"
    elif kind == "act":
        mover.act(chosen["id"])
        title = f"{mover.name(chosen['id'])} acts now"
    else:
        getattr(mover, kind)()
        title = {"start": "The fight begins", "next": "Next turn", "delay": f"{mover.name(fight.current)} delays"
                 if fight.current else "Turn delayed", "end": "The fight ends"}[kind]
    changed = {who: state for who, state in mover.states.items() if state is not states[who]}
    now = mover.fight.current
    outcome = (f"Round {mover.fight.round}: {mover.name(now)}'s turn" if now else
               f"Round {mover.fight.round}: nobody's turn" if mover.fight.started else
               f"Order: {', '.join(mover.name(who) for who in mover.fight.standing)}" if kind == "initiative" else
               # End fight asks nothing (a tap at the table acts at once): its result says how to take it back
               f"The fight is over: Undo brings back round {fight.round}" if kind == "end" else
               "Out of the fight")
    if kind == "next" and now:
        title = (f"Round {mover.fight.round} begins: {mover.name(now)}'s turn" if mover.fight.round != fight.round
                 else f"{mover.name(now)}'s turn")
    return changed, mover.fight, Report(title, tuple(mover.steps), outcome, tuple(mover.changes))
