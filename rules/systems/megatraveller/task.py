"""MegaTraveller's Universal Task Profile, as the seed's tasks use it: 2D against a difficulty, plus DMs.

A task names a difficulty (Routine 7+, Difficult 11+, ...); every DM is kept with its reason, so a
report can say "10+ needed (Routine 7+, row 2 +0, 3 Damage Dice -3)".  A task not marked "unskilled
OK" is one difficulty harder for someone without the skill (RULES_NOTES 1.1).  A natural 2 always
fails when the option says so (D-MT-14).  A result no roll can change is not rolled: a person
asked to roll 13+ on 2D "automatically fails" (the Herr Bartolo example).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ...report import signed
from ...dice import DiceSource
from ...odds import dice
from ..data import load

TWO_DICE = dice(2)


def difficulty_target(name: str) -> int:
    return int(load("megatraveller")["difficulties"]["targets"][name])


def harder(name: str) -> str:
    """The next difficulty up (Routine -> Difficult), for an unskilled attempt at a task that is not unskilled OK."""
    order = load("megatraveller")["difficulties"]["order"]
    return str(order[min(order.index(name) + 1, len(order) - 1)])


@dataclass(frozen=True)
class Task:
    """A task as rolled: its difficulty (after any unskilled shift) and its DMs, each with its reason."""

    label: str
    difficulty: str
    dms: tuple[tuple[str, int], ...]
    unskilled_shift: bool = False       # the difficulty is one harder because the person is unskilled
    natural_two_fails: bool = True      # D-MT-14

    @property
    def dm(self) -> int:
        return sum(value for _, value in self.dms)

    @property
    def needed(self) -> int:
        """What 2D must reach: the difficulty's target less the DMs."""
        return difficulty_target(self.difficulty) - self.dm

    @property
    def certain(self) -> bool | None:
        """True or False when no roll can change the result, None when the dice decide."""
        return _certain(self.needed, self.natural_two_fails)

    def passes(self, total: int) -> bool:
        return _passes(self.needed, self.natural_two_fails, total)

    def chance(self) -> Fraction:
        """The exact chance of success."""
        return _chance(self.needed, self.natural_two_fails)

    def words(self) -> str:
        """``10+ needed (Routine 7+, row 2 +0, 3 Damage Dice −3)``."""
        shift = " for the unskilled" if self.unskilled_shift else ""
        parts = [f"{self.difficulty} {difficulty_target(self.difficulty)}+{shift}"]
        parts += [f"{reason} {signed(value)}" for reason, value in self.dms]
        # A success no roll can miss reads "2+", not "-11+"; an uncertain roll shows what it needs.
        shown = max(2, self.needed) if self.certain is True else self.needed
        return f"{shown}+ needed ({', '.join(parts)})"

    def roll(self, source: DiceSource, name: str, why: str) -> tuple[bool, tuple[int, ...], str]:
        """Roll the task (unless its result is certain): passed, the faces, and the sentence for the report."""
        certain = self.certain
        if certain is not None:
            verdict = "automatic success" if certain else "automatic failure: no roll can reach it"
            return certain, (), f"{self.label}: {self.words()}, {verdict}."
        faces = tuple(int(face) for face in source.roll(name, "d6", 2, why))
        total = sum(faces)
        passed = self.passes(total)
        natural = " (a natural 2 always fails)" if total == 2 and self.natural_two_fails and total >= self.needed else ""
        return passed, faces, (f"{self.label}: {self.words()}; rolls {total}, "
                               f"{'success' if passed else 'failure'}{natural}.")


def _certain(needed: int, natural_two_fails: bool) -> bool | None:
    if needed > 12:
        return False
    if needed <= 2 and not natural_two_fails:
        return True
    return None


def _passes(needed: int, natural_two_fails: bool, total: int) -> bool:
    if total == 2 and natural_two_fails:
        return False
    return total >= needed


@cache
def _chance(needed: int, natural_two_fails: bool) -> Fraction:
    """A task's chance depends only on what it needs and on D-MT-14, so it is worked out once for each: the odds of
    a hit ask it at every roll of every branch (60% of the Compare view's time in CPython before)."""
    certain = _certain(needed, natural_two_fails)
    if certain is not None:
        return Fraction(int(certain))
    return TWO_DICE.probability_where(lambda total: _passes(needed, natural_two_fails, total))


def characteristic_dm(value: int) -> int:
    """A characteristic's DM: the characteristic divided by 5, fractions dropped (D-MT-11)."""
    return max(0, value) // 5


def task(kind: str, *, dms: tuple[tuple[str, int], ...], skill: int | None, natural_two_fails: bool,
         difficulty: str | None = None) -> Task:
    """A task of the data file's ``tasks`` table, for a person with ``skill`` (None: unskilled)."""
    entry = load("megatraveller")["tasks"][kind]
    level = difficulty or entry["difficulty"]
    shift = entry["skills"] and skill is None and not entry["unskilled_ok"]
    return Task(entry["label"], harder(level) if shift else level, dms, shift, natural_two_fails)
