"""Running the fight: rounds, phases and whose turn it is, for any system.

The encounter keeps a :class:`Fight` beside the combatants' states, changed by ``turn`` events as any state is by
actions, so a turn moved on is logged, undone, redone and shared like a hit. What differs between systems (where the
order comes from, how many phases a round has, who cannot act, what happens when a turn, a phase or a round ends)
is a :class:`Turns` object each system offers as ``TURNS``; this module holds what they share.

Whose turn it is is a combatant, not a place in a list: the order of a phase is worked out afresh from the states
at every move (an initiative rolled or lost mid-phase, a combatant added or knocked out, takes effect at once), and
the fight remembers who has already had his turn in this phase.

>>> fight = Fight(standing=("c1", "c2"))
>>> fight.started, fight.round
(False, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from . import fields
from .dice import DiceSource
from .errors import BadField
from .report import Report, Step

MOVES = ("start", "next", "delay", "act", "order", "end")
MAX_CONDITIONS = 12
MAX_CONDITION_ROUNDS = 999
MAX_NOTE = 500
RULE = "Turn order"


@dataclass(frozen=True)
class Slot:
    """A place in a phase's order: who, and what placed him there ("Initiative 14 · 2 actions")."""

    combatant: str
    label: str = ""


@dataclass(frozen=True)
class Condition:
    """A condition the game master gives a combatant: a name, and the rounds it has left (None: until removed)."""

    name: str
    rounds: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "rounds": self.rounds}


@dataclass(frozen=True)
class Fight:
    """Where the fight stands: its round (0 before it starts), the phase of the round, whose turn it is, who has had
    his turn in this phase, who holds a delayed turn, and the order the game master set (the order combatants were
    added, as rearranged)."""

    round: int = 0
    phase: int = 0
    current: str | None = None
    acted: tuple[str, ...] = ()
    delayed: tuple[str, ...] = ()
    standing: tuple[str, ...] = ()
    ranks: tuple[tuple[str, int], ...] = ()      # initiative results a system keeps in the fight, not on the states
    counts: tuple[tuple[str, int], ...] = ()     # what a system noted of each combatant as the round began
    conditions: tuple[tuple[str, tuple[Condition, ...]], ...] = ()   # the game master's, by combatant
    notes: tuple[tuple[str, str], ...] = ()

    @property
    def started(self) -> bool:
        return self.round > 0

    def joined(self, combatant: str) -> Fight:
        return replace(self, standing=self.standing + (combatant,))

    def conditions_of(self, combatant: str) -> tuple[Condition, ...]:
        return dict(self.conditions).get(combatant, ())

    def note_of(self, combatant: str) -> str:
        return dict(self.notes).get(combatant, "")

    def with_conditions(self, combatant: str, held: Sequence[Condition]) -> Fight:
        kept = {**dict(self.conditions), combatant: tuple(held)}
        return replace(self, conditions=tuple((who, many) for who, many in kept.items() if many))

    def with_note(self, combatant: str, text: str) -> Fight:
        kept = {**dict(self.notes), combatant: text}
        return replace(self, notes=tuple((who, words) for who, words in kept.items() if words))

    def left(self, combatant: str) -> Fight:
        """The fight without a combatant who left the encounter; if it was his turn, nobody's is until Next."""
        return replace(self, standing=tuple(who for who in self.standing if who != combatant),
                       acted=tuple(who for who in self.acted if who != combatant),
                       delayed=tuple(who for who in self.delayed if who != combatant),
                       ranks=tuple(pair for pair in self.ranks if pair[0] != combatant),
                       counts=tuple(pair for pair in self.counts if pair[0] != combatant),
                       conditions=tuple(pair for pair in self.conditions if pair[0] != combatant),
                       notes=tuple(pair for pair in self.notes if pair[0] != combatant),
                       current=None if self.current == combatant else self.current)


@dataclass
class Start:
    """What a round's start did: the states it changed, its steps, the initiative results the fight keeps (a system
    that keeps them on the states keeps none here), and what it noted of each combatant for the round's end."""

    changed: dict[str, Any] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    ranks: dict[str, int] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)


class Turns:
    """The order most systems use: one phase a round, the combatants in the order they were added (the game master
    may rearrange it), nobody rolls for it, and nothing happens at a turn's end. Systems override what differs."""

    PHASES: tuple[str, ...] = ("",)

    def by_initiative(self, options: Any) -> bool:
        """Whether the order comes from initiative rolls (then the page offers no rearranging by hand)."""
        return False

    def how(self, options: Any) -> str:
        """How the order is set, in a sentence for the page."""
        return "In the order the combatants were added; drag a name, or use its arrows, to change it."

    def order(self, phase: int, sheets: Mapping[str, Any], states: Mapping[str, Any], fight: Fight,
              options: Any) -> list[Slot]:
        """Who acts in ``phase``, in order."""
        return [Slot(who) for who in fight.standing]

    def unable(self, sheet: Any, state: Any, options: Any) -> str:
        """Why this combatant cannot take his turn (his turn is skipped), or "" when he can."""
        return ""

    def start_round(self, number: int, sheets: Mapping[str, Any], states: Mapping[str, Any], fight: Fight,
                    options: Any, dice: DiceSource) -> Start:
        """What a round's start does: changed states, the steps, and what the fight keeps for the round."""
        return Start()

    def end_turn(self, who: str, sheets: Mapping[str, Any], states: Mapping[str, Any], options: Any,
                 dice: DiceSource) -> tuple[dict[str, Any], list[Step]]:
        """What the end of one combatant's turn does (his turn taken or skipped)."""
        return {}, []

    def end_phase(self, phase: int, sheets: Mapping[str, Any], states: Mapping[str, Any], fight: Fight, options: Any,
                  dice: DiceSource) -> tuple[dict[str, Any], list[Step]]:
        """What the end of a phase does; the end of the last phase is the end of the round."""
        return {}, []

    def end_fight(self, sheets: Mapping[str, Any], states: Mapping[str, Any], options: Any) -> dict[str, Any]:
        return {}       # the states the fight's end changes: what a system noted on them for the fight, taken away

    def hint(self, who: str, sheets: Mapping[str, Any], states: Mapping[str, Any],
             options: Any) -> dict[str, Any] | None:
        """What the rules ask of this combatant on his turn, for the page: ``{"text"}``, with ``action`` and
        ``inputs`` when they name the action to take ("stunned: must try to recover")."""
        return None


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
                if why:
                    self.say(f"{self.name(who)} is skipped: {why}.")
                    changed, steps = self.turns.end_turn(who, self.sheets, self.states, self.options, self.dice)
                    self.apply(changed, steps)
                    self.fight = replace(self.fight, acted=self.fight.acted + (who,))
                    continue
                self.fight = replace(self.fight, current=who)
                self.say(f"{self.name(who)}'s turn ({self.phase_words()}" + (f"; {slot.label}" if slot.label else "")
                         + ").")
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
        last = self.fight.phase == len(self.turns.PHASES) - 1
        changed, steps = self.turns.end_phase(self.fight.phase, self.sheets, self.states, self.fight, self.options,
                                              self.dice)
        name = self.turns.PHASES[self.fight.phase]
        if not last:
            self.say(f"{name} of round {self.fight.round} ends.")
            self.apply(changed, steps)
            self.fight = replace(self.fight, phase=self.fight.phase + 1, acted=(), delayed=())
            return
        self.say(f"Round {self.fight.round} ends.")
        self.apply(changed, steps)
        held, ended = count_down(dict(self.fight.conditions), {who: self.name(who) for who in self.sheets})
        self.fight = replace(self.fight, conditions=tuple((who, many) for who, many in held.items() if many))
        self.steps.extend(ended)
        self.begin_round(self.fight.round + 1)

    def begin_round(self, number: int) -> None:
        self.fight = replace(self.fight, round=number, phase=0, current=None, acted=(), delayed=())
        self.say(f"Round {number} begins.")
        start = self.turns.start_round(number, self.sheets, self.states, self.fight, self.options, self.dice)
        self.apply(start.changed, start.steps)
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
               f"Round {mover.fight.round}: nobody's turn" if mover.fight.started else "Out of the fight")
    if kind == "next" and now:
        title = (f"Round {mover.fight.round} begins: {mover.name(now)}'s turn" if mover.fight.round != fight.round
                 else f"{mover.name(now)}'s turn")
    return changed, mover.fight, Report(title, tuple(mover.steps), outcome)


# -- conditions and notes --------------------------------------------------------------------------------

def read_condition(data: Mapping[str, Any], held: Sequence[Condition]) -> dict[str, Any]:
    change = fields.choice(data, "change", "change", ("add", "remove"), default="add")
    if change == "remove":
        index = fields.integer(data, "index", "index", 0, max(len(held) - 1, 0))
        if not held:
            raise BadField("this combatant has no condition to remove", field="index")
        return {"change": change, "index": index}
    if len(held) >= MAX_CONDITIONS:
        raise BadField(f"a combatant holds at most {MAX_CONDITIONS} conditions; remove one first", field="name")
    name = fields.text(data, "name", "name", max_length=40)
    if not name.strip():
        raise BadField("name the condition (for example Blinded or On fire)", field="name")
    rounds = data.get("rounds")
    if rounds in (None, ""):
        return {"change": change, "name": name.strip(), "rounds": None}
    return {"change": change, "name": name.strip(),
            "rounds": fields.integer(data, "rounds", "rounds", 1, MAX_CONDITION_ROUNDS)}


def count_down(conditions: Mapping[str, tuple[Condition, ...]], names: Mapping[str, str]
               ) -> tuple[dict[str, tuple[Condition, ...]], list[Step]]:
    """A round has ended: every condition with a duration has one round less; those at none end."""
    after: dict[str, tuple[Condition, ...]] = {}
    steps = []
    for who, held in conditions.items():
        kept = []
        for condition in held:
            if condition.rounds is None:
                kept.append(condition)
            elif condition.rounds <= 1:
                steps.append(Step(f"{names[who]}: {condition.name} ends.", "Conditions"))
            else:
                kept.append(replace(condition, rounds=condition.rounds - 1))
        after[who] = tuple(kept)
    return after, steps


def rounds_words(rounds: int | None) -> str:
    """How long a condition lasts, in words.

    >>> rounds_words(1), rounds_words(3), rounds_words(None)
    ('1 round', '3 rounds', 'until removed')
    """
    if rounds is None:
        return "until removed"
    return f"{rounds} round{'s' if rounds != 1 else ''}"


# -- what the page draws ---------------------------------------------------------------------------------

def view(turns: Turns, sheets: Mapping[str, Any], states: Mapping[str, Any], fight: Fight,
         options: Any) -> dict[str, Any]:
    """The turn order as the page shows it: the round, the phase, whose turn, and this phase's order with where
    each combatant stands in it (``current``, ``done``, ``delayed``, ``unable``, ``waiting``; ``idle`` for one who
    has no turn in this phase)."""
    slots = turns.order(fight.phase, sheets, states, fight, options)
    placed = {slot.combatant for slot in slots}
    entries = []
    for slot in slots + [Slot(who, "no turn in this phase") for who in fight.standing if who not in placed]:
        who = slot.combatant
        why = turns.unable(sheets[who], states[who], options)
        stands = ("idle" if who not in placed else "current" if who == fight.current else "delayed"
                  if who in fight.delayed else "unable" if why else "done" if who in fight.acted else "waiting")
        entry = {"id": who, "name": sheets[who].name, "label": slot.label, "stands": stands}
        if why:
            entry["why"] = why
        entries.append(entry)
    current = fight.current
    held = [entry["name"] for entry in entries if entry["stands"] == "delayed"]
    unable = turns.unable(sheets[current], states[current], options) if current else ""   # out on his own turn
    # Nobody's turn with turns held: the page offers them (Act now), for Next would let them go.
    hint = ({"text": f"{sheets[current].name} cannot act: {unable}. Next turn moves on."} if current and unable else
            turns.hint(current, sheets, states, options) if current else
            {"text": f"Only held turns are left: {', '.join(held)} can act now; Next turn lets "
                     f"{'them' if len(held) > 1 else 'it'} go."} if fight.started and held else None)
    return {"started": fight.started, "round": fight.round,
            "phase": turns.PHASES[fight.phase], "phases": [name for name in turns.PHASES if name],
            "current": current, "order": entries, "by_initiative": turns.by_initiative(options),
            "how": turns.how(options), "hint": hint}
