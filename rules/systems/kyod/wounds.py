"""Wounds held, their effects, and cumulative damage (seed 001: "Damage Resolution", "Cumulative Damage";
D-KY-11, D-KY-12, D-KY-14).

A target holds wounds by level.  The effects of each level come from an effects table, which is data:
the source's list is lost, so the default is the notes' derived one (D-KY-14) and an encounter may
change it.  A new wound at a level already held may cascade: roll 1d, and on 4-6 the level rises by one
and is tried again, until a 1-3, a level not yet held, or a level with a death check.  Shock, a
crippled limb and a major wound come from the level before any cascade; death checks add up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from ..data import load

CASCADE_UP = (4, 5, 6)          # "on a 4-6 increase the level by 1"
MAX_SHOCK = 10
MAX_DEATH_CHECKS = 10
MAX_WORDS = 80
MAX_WOUNDS = 60                 # a record longer than this is no longer a person


@dataclass(frozen=True)
class Effect:
    """What a wound of one level does: its words, shock for one turn, and the checks it calls for."""

    words: str
    shock: int = 0
    major: bool = False             # a major wound: knockdown and stun check, a hit limb crippled
    consciousness: bool = False     # a consciousness check every turn while it is the worst wound
    death_checks: int = 0
    dead: bool = False

    @property
    def stops_cascade(self) -> bool:
        """A cascade stops when it "hits a death check" (or death itself)."""
        return self.dead or self.death_checks > 0

    def to_dict(self) -> dict[str, Any]:
        return {"words": self.words, "shock": self.shock, "major": self.major, "consciousness": self.consciousness,
                "death_checks": self.death_checks, "dead": self.dead}

    @property
    def brief(self) -> str:
        """The effect in a few words, for a card's status."""
        if self.dead:
            return "dead"
        if self.death_checks:
            return f"{self.death_checks} death check{'s' if self.death_checks != 1 else ''}"
        if self.consciousness:
            return "major wound, consciousness checks"
        if self.major:
            return "major wound"
        return f"shock \u2212{self.shock}" if self.shock else "no effect"

    @property
    def short(self) -> str:
        """A few characters for a table cell on the card (the legend is in its note)."""
        if self.dead:
            return "Dead"
        if self.death_checks:
            return f"\u2020{self.death_checks}"
        if self.consciousness:
            return "KO"
        if self.major:
            return "Maj"
        return f"\u2212{self.shock}" if self.shock else "\u2014"


LEGEND = "Maj: a major wound; KO: consciousness checks every turn; \u2020n: n death checks"


DEFAULT_EFFECTS: tuple[Effect, ...] = tuple(
    Effect(**{key: value for key, value in row.items()}) for row in load("kyod")["effects"]["rows"])


def effect_at(effects: tuple[Effect, ...], level: int) -> Effect:
    """The effect of a wound of ``level`` (1 and up); the table's last row stands for every level above it."""
    return effects[min(level, len(effects)) - 1]


@dataclass(frozen=True)
class State:
    """A target's wounds and conditions; immutable."""

    wounds: tuple[int, ...] = ()            # levels held, lowest first; a level may be held more than once
    shock: int = 0                          # this turn's shock penalty, gone at the end of the turn
    death_checks: int = 0                   # death checks due and not yet rolled
    dead: bool = False
    unconscious: bool = False
    stunned: bool = False                   # knocked down and stunned
    crippled: int = 0                       # limbs crippled by major wounds
    majors: tuple[int, ...] = ()            # the levels held by wounds that came in as major wounds, lowest first:
    #                                         a wound that cascaded up to a major level is no major wound
    notes: tuple[str, ...] = field(default=())

    @property
    def worst(self) -> int:
        return max(self.wounds, default=0)

    def healed(self, level: int) -> State:
        """The state with one wound of ``level`` healed; a wound that was no major wound goes first, so the major
        wounds held stay among the wounds held."""
        wounds = list(self.wounds)
        wounds.remove(level)
        majors = list(self.majors)
        if majors.count(level) > wounds.count(level):
            majors.remove(level)
        return replace(self, wounds=tuple(wounds), majors=tuple(majors))


@dataclass(frozen=True)
class Cascade:
    """Where a new wound ends up: the level it came in at, the level it is held at, and the 1d rolls between."""

    start: int
    level: int
    rolls: tuple[int, ...]
    reason: str                             # "free", "rolled low", "death check", "dead"


def cascade(held: tuple[int, ...], start: int, effects: tuple[Effect, ...],
            roll: Callable[[int, int], int]) -> Cascade:
    """Apply a new wound of level ``start`` to the levels ``held``; ``roll(number, level)`` gives each 1d face."""
    level, rolls = start, list[int]()
    while True:
        effect = effect_at(effects, level)
        if level not in held:
            return Cascade(start, level, tuple(rolls), "free")
        if effect.dead:
            return Cascade(start, level, tuple(rolls), "dead")
        if rolls and effect.stops_cascade:
            return Cascade(start, level, tuple(rolls), "death check")
        face = roll(len(rolls) + 1, level)
        rolls.append(face)
        if face not in CASCADE_UP:
            return Cascade(start, level, tuple(rolls), "rolled low")
        level += 1
        if effect_at(effects, level).stops_cascade:
            return Cascade(start, level, tuple(rolls), "death check")


def cascades(held: tuple[int, ...], start: int, effects: tuple[Effect, ...]) -> Iterator[tuple[Fraction, Cascade]]:
    """Every way the cascade can go, with its chance: each 1d is 4-6 (up) or 1-3 (stop), one in two."""
    def walk(faces: tuple[int, ...], chance: Fraction) -> Iterator[tuple[Fraction, Cascade]]:
        queue = list(faces)
        outcome = cascade(held, start, effects, lambda number, level: queue.pop(0) if queue else -1)
        if -1 in outcome.rolls:
            yield from walk(faces + (CASCADE_UP[0],), chance / 2)
            yield from walk(faces + (1,), chance / 2)
        else:
            yield chance, outcome
    yield from walk((), Fraction(1))


def held_text(wounds: tuple[int, ...]) -> str:
    """The record of wounds in words: "levels 2, 5 (twice)"."""
    if not wounds:
        return "no wounds"
    counts: dict[int, int] = {}
    for level in wounds:
        counts[level] = counts.get(level, 0) + 1
    words = [f"{level}" + ("" if count == 1 else " (twice)" if count == 2 else f" ({count} times)")
             for level, count in sorted(counts.items())]
    return ("level " if len(words) == 1 and counts[min(counts)] == 1 else "levels ") + ", ".join(words)
