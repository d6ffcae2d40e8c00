"""The game master's conditions: a name, how many times its moment has still to pass, and which moment ends it.

A condition is counted down by one kind of moment, as trackers do:

- ``round``: the end of a round (the default, and the only kind before conditions had a choice, so an old log
  replays as it did). "Blinded, 2 rounds" given on the last turn of round 1 lasts until round 2 ends.
- ``start``: the start of a chosen combatant's turn ("until the start of the Ogre's next turn").
- ``end``: the end of a chosen combatant's turn (by default the holder's own: "until the end of your next turn").

``rounds`` counts the moments still to pass: the condition ends at the Nth such moment after it was given.
A turn that was under way when the condition was given does not count its end: given during the Ogre's turn,
"1, end of the Ogre's turn" lasts until the end of his next turn, not of this one (``this_turn``). A turn whose
combatant cannot act is skipped, and its start and its end both pass; a delayed turn ends when it is taken and
Next is tapped, or when it is lost at the phase's end. A combatant with no turn in a phase (SLA) passes no moment
in it. When the combatant a condition is measured by leaves the encounter, the condition falls back to the
round's end, its count kept, and the log says so.

>>> held = {"c1": (Condition("Blinded", 1, "start", "c2"), Condition("Prone"))}
>>> after, said = passing(held, "start", "c2", {"c1": "Cyrus", "c2": "Ogre"})
>>> [one.name for one in after["c1"]], [step.text for step in said]
(['Prone'], ["Blinded ends (Cyrus: start of Ogre's turn)."])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from . import fields
from .errors import BadField
from .report import Step

MAX_CONDITIONS = 12
MAX_CONDITION_ROUNDS = 999
ENDS = ("round", "start", "end")
RULE = "Conditions"
# After each system's own names (rules/systems/data/<system>.json, "conditions"): what trackers offer everywhere.
# "Concealed", not "Hidden": the players see conditions, and "Hidden" read as the card hidden from them (issue 48);
# a name is free text, so an encounter whose log gave "Hidden" opens and keeps it as it was.
GENERIC = ("Prone", "Blinded", "Grappled", "Concealed", "Concentrating")


@dataclass(frozen=True)
class Condition:
    """A condition: its name, the moments it has left (None: until removed), the kind of moment that counts it
    down, whose turn that moment is (for ``start`` and ``end``), and whether that turn was under way when it was
    given (its end then does not count)."""

    name: str
    rounds: int | None = None
    ends: str = "round"
    by: str | None = None
    this_turn: bool = False

    def to_dict(self) -> dict[str, Any]:
        """What players see of it: the name and the count left (rules/player.py)."""
        return {"name": self.name, "rounds": self.rounds}

    def shown(self, names: Mapping[str, str]) -> dict[str, Any]:
        """What the game master's card shows: as :meth:`to_dict`, and ``lasts`` for one a turn ends."""
        if self.ends == "round" or self.by is None:
            return self.to_dict()
        return {**self.to_dict(), "lasts": lasts_words(self, names[self.by])}


def read_condition(data: Mapping[str, Any], held: Sequence[Condition], holder: str,
                   combatants: Sequence[str]) -> dict[str, Any]:
    """A condition event's change, checked: ``remove`` an ``index``, or ``add`` a ``name`` with ``rounds`` (none:
    until removed) and, optionally, ``ends`` (``round``, ``start`` or ``end``) and ``by`` (a combatant, by
    default the holder). A turn's start or end with no count means the next one: 1. The data recorded keeps
    ``ends`` and ``by`` only when they are not the round's end, so older events are recorded as they were."""
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
    ends = fields.choice(data, "ends", "ends", ENDS, default="round")
    rounds = data.get("rounds")
    count = (None if rounds in (None, "") and ends == "round" else 1 if rounds in (None, "")
             else fields.integer(data, "rounds", "rounds", 1, MAX_CONDITION_ROUNDS))
    chosen = {"change": change, "name": name.strip(), "rounds": count}
    if ends == "round":
        return chosen
    by = data.get("by") if data.get("by") not in (None, "") else holder
    if by not in combatants:
        raise BadField("the condition ends on the turn of a combatant of this encounter: choose one", field="by")
    return {**chosen, "ends": ends, "by": by}


def given(chosen: Mapping[str, Any], under_way: bool) -> Condition:
    """The condition an ``add`` gives; ``under_way``: the turn it is measured by has begun and not ended."""
    ends = chosen.get("ends", "round")
    return Condition(chosen["name"], chosen["rounds"], ends, chosen.get("by"), ends == "end" and under_way)


def passing(conditions: Mapping[str, tuple[Condition, ...]], moment: str, who: str | None,
            names: Mapping[str, str]) -> tuple[dict[str, tuple[Condition, ...]], list[Step]]:
    """A moment has passed (a round's end, or the start or the end of ``who``'s turn): every condition it counts
    down has one less; those at none end, each with a line.

    >>> held = {"c1": (Condition("Stunned", 2, "end", "c1", this_turn=True),)}
    >>> after, said = passing(held, "end", "c1", {"c1": "Cyrus"})
    >>> after["c1"][0].rounds, after["c1"][0].this_turn, said
    (2, False, [])
    >>> after, said = passing(passing(after, "end", "c1", {})[0], "end", "c1", {"c1": "Cyrus"})
    >>> after, [step.text for step in said]
    ({'c1': ()}, ["Stunned ends (Cyrus: end of Cyrus's turn)."])
    """
    after: dict[str, tuple[Condition, ...]] = {}
    steps = []
    for holder, held in conditions.items():
        kept = []
        for condition in held:
            if condition.rounds is None or condition.ends != moment or (moment != "round" and condition.by != who):
                kept.append(condition)
            elif moment == "end" and condition.this_turn:
                kept.append(replace(condition, this_turn=False))
            elif condition.rounds > 1:
                kept.append(replace(condition, rounds=condition.rounds - 1))
            elif moment == "round":
                steps.append(Step(f"{names[holder]}: {condition.name} ends.", RULE))
            else:
                steps.append(Step(f"{condition.name} ends ({names[holder]}: {moment} of {names[str(who)]}'s turn).",
                                  RULE))
        after[holder] = tuple(kept)
    return after, steps


def gone(before: Mapping[str, Sequence[Condition]], after: Mapping[str, Sequence[Condition]]) -> list[tuple[str, str]]:
    """The conditions held before a moment and not after it, as (holder, name), in the order they were held.

    >>> gone({"c1": (Condition("Prone"), Condition("Blinded", 1))}, {"c1": (Condition("Prone"),)})
    [('c1', 'Blinded')]
    """
    out = []
    for holder, held in before.items():
        left = [condition.name for condition in after.get(holder, ())]
        for condition in held:
            if condition.name in left:
                left.remove(condition.name)
            else:
                out.append((holder, condition.name))
    return out


def measured_by(conditions: Mapping[str, tuple[Condition, ...]], gone: str) -> list[tuple[str, Condition]]:
    """The conditions others hold that a turn of ``gone`` ends, with their holders."""
    return [(holder, condition) for holder, held in conditions.items() if holder != gone
            for condition in held if condition.by == gone]


def fall_back(conditions: Mapping[str, tuple[Condition, ...]], gone: str) -> dict[str, tuple[Condition, ...]]:
    """The conditions once ``gone`` has left: his own go with him, and those his turn ended now end with a round,
    their count kept."""
    return {holder: tuple(Condition(one.name, one.rounds) if one.by == gone else one for one in held)
            for holder, held in conditions.items() if holder != gone}


def rounds_words(rounds: int | None) -> str:
    """How long a condition counted by rounds lasts, in words.

    >>> rounds_words(1), rounds_words(3), rounds_words(None)
    ('1 round', '3 rounds', 'until removed')
    """
    if rounds is None:
        return "until removed"
    return f"{rounds} round{'s' if rounds != 1 else ''}"


def given_words(condition: Condition, names: Mapping[str, str]) -> str:
    """The outcome of giving a condition: "Blinded for 2 rounds", "Blinded until the end of Ogre's next turn"."""
    if condition.ends == "round" or condition.by is None:
        return f"{condition.name} {'for ' if condition.rounds else ''}{rounds_words(condition.rounds)}"
    return f"{condition.name} {lasts_words(condition, names[condition.by])}"


def lasts_words(condition: Condition, by: str) -> str:
    """When a condition a turn ends does end, in short words.

    >>> lasts_words(Condition("Blinded", 1, "start", "c2"), "Ogre")
    "until the start of Ogre's next turn"
    >>> lasts_words(Condition("Dodging", 3, "end", "c2"), "Ogre")
    "until the end of Ogre's 3rd turn from now"
    """
    rounds = condition.rounds or 1
    which = "next turn" if rounds == 1 else f"{ordinal(rounds)} turn from now"
    return f"until the {condition.ends} of {by}'s {which}"


def ordinal(number: int) -> str:
    """A count as people say it in order.

    >>> [ordinal(n) for n in (2, 3, 4, 11, 12, 13, 21, 22, 103)]
    ['2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '103rd']
    """
    tail = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{tail}"


def presets(own: Sequence[Mapping[str, str]]) -> list[dict[str, str]]:
    """The names a conditions dialog offers at a tap: the system's own (``own``, each with its source), then the
    generic ones it does not name already.

    >>> [one["name"] for one in presets([{"name": "Prone", "source": "seed"}, {"name": "Kneeling", "source": "s"}])]
    ['Prone', 'Kneeling', 'Blinded', 'Grappled', 'Concealed', 'Concentrating']
    """
    named = {one["name"].lower() for one in own}
    return ([{"name": one["name"], "source": one["source"]} for one in own]
            + [{"name": name, "source": "common to trackers"} for name in GENERIC if name.lower() not in named])
