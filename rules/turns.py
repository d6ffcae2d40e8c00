"""Running the fight: rounds, phases and whose turn it is, for any system.

The encounter keeps a :class:`Fight` beside the combatants' states, changed by ``turn`` events as any state is by
actions, so a turn moved on is logged, undone, redone and shared like a hit. What differs between systems (where the
order comes from, how many phases a round has, who cannot act, what happens when a turn, a phase or a round ends)
is a :class:`Turns` object each system offers as ``TURNS``; this module holds what they share, and how the page
draws the order (:func:`view`). Moving the fight on is rules/moves.py; the game master's conditions,
rules/conditions.py.

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

from .conditions import Condition, fall_back
from .dice import DiceSource
from .errors import BadField
from .initiative import Rolled
from .report import Step

MAX_NOTE = 500
RULE = "Turn order"


@dataclass(frozen=True)
class Slot:
    """A place in a phase's order: who, and what placed him there ("Initiative 14 · 2 actions")."""

    combatant: str
    label: str = ""


@dataclass(frozen=True)
class Fight:
    """Where the fight stands: its round (0 before it starts), the phase of the round, whose turn it is, who has had
    his turn in this phase, who holds a delayed turn, whose turn has begun in this phase (a turn interrupted by a
    delayed one comes back, it does not begin again), and the order the game master set (the order combatants
    were added, as rearranged)."""

    round: int = 0
    phase: int = 0
    current: str | None = None
    acted: tuple[str, ...] = ()
    delayed: tuple[str, ...] = ()
    begun: tuple[str, ...] = ()
    standing: tuple[str, ...] = ()
    ranks: tuple[tuple[str, int], ...] = ()      # initiative results a system keeps in the fight, not on the states
    counts: tuple[tuple[str, int], ...] = ()     # what a system noted of each combatant as the round began
    conditions: tuple[tuple[str, tuple[Condition, ...]], ...] = ()   # the game master's, by combatant
    notes: tuple[tuple[str, str], ...] = ()
    groups: tuple[tuple[str, ...], ...] = ()     # added at once to share one initiative roll (rules/initiative.py)

    @property
    def started(self) -> bool:
        return self.round > 0

    def joined(self, combatant: str) -> Fight:
        return replace(self, standing=self.standing + (combatant,))

    def grouped(self, members: Sequence[str]) -> Fight:
        return replace(self, groups=self.groups + (tuple(members),))

    def conditions_of(self, combatant: str) -> tuple[Condition, ...]:
        return dict(self.conditions).get(combatant, ())

    def under_way(self, combatant: str) -> bool:
        """Whether this combatant's turn has begun and not ended."""
        return combatant in self.begun and combatant not in self.acted

    def note_of(self, combatant: str) -> str:
        return dict(self.notes).get(combatant, "")

    def with_conditions(self, combatant: str, held: Sequence[Condition]) -> Fight:
        kept = {**dict(self.conditions), combatant: tuple(held)}
        return replace(self, conditions=tuple((who, many) for who, many in kept.items() if many))

    def with_note(self, combatant: str, text: str) -> Fight:
        kept = {**dict(self.notes), combatant: text}
        return replace(self, notes=tuple((who, words) for who, words in kept.items() if words))

    def left(self, combatant: str) -> Fight:
        """The fight without a combatant who left the encounter; if it was his turn, nobody's is until Next. His
        conditions go with him, and those his turn ended end with a round (rules/conditions.py)."""
        return replace(self, standing=tuple(who for who in self.standing if who != combatant),
                       acted=tuple(who for who in self.acted if who != combatant),
                       delayed=tuple(who for who in self.delayed if who != combatant),
                       begun=tuple(who for who in self.begun if who != combatant),
                       ranks=tuple(pair for pair in self.ranks if pair[0] != combatant),
                       counts=tuple(pair for pair in self.counts if pair[0] != combatant),
                       conditions=tuple(fall_back(dict(self.conditions), combatant).items()),
                       notes=tuple(pair for pair in self.notes if pair[0] != combatant),
                       groups=tuple(kept for kept in (tuple(who for who in members if who != combatant)
                                                      for members in self.groups) if len(kept) > 1),
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

    def initiative(self, options: Any) -> str:
        """Where the order is set by hand, what "Initiative for all" rolls, in a sentence for the page ("" where
        it is not offered: the order comes from the system's own rolls, or nothing is rolled for it)."""
        return ""

    def roll_initiative(self, who: str, sheets: Mapping[str, Any], states: Mapping[str, Any], options: Any,
                        dice: DiceSource) -> Rolled:
        """One combatant's roll for "Initiative for all" (rules/initiative.py); asked only where
        :meth:`initiative` offers it."""
        raise BadField("this system offers no initiative roll for everyone", field="move")

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


# -- what the page draws ---------------------------------------------------------------------------------

def view(turns: Turns, sheets: Mapping[str, Any], states: Mapping[str, Any], fight: Fight,
         options: Any) -> dict[str, Any]:
    """The turn order as the page shows it: the round, the phase, whose turn, and this phase's order with where
    each combatant stands in it (``current``, ``done``, ``delayed``, ``unable``, ``waiting``; ``idle`` for one who
    has no turn in this phase), and ``initiative``: what Initiative for all rolls, "" where it is not offered."""
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
            "how": turns.how(options), "initiative": turns.initiative(options), "hint": hint}
