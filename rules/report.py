"""The explanation every action returns: ordered steps a game master could read aloud."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .dice import Face


@dataclass(frozen=True)
class Step:
    """One sentence of a resolution, the rule it applies, and the dice it used.

    ``names``, for dice that each have a role, names every die of ``dice`` in order, so the log can say
    "Success die 5 · Damage die 2" rather than bare faces.

    >>> Step("Rolled.", "SL-1", (5, 2), "shot", names=("Success die", "Damage die")).to_dict()["names"]
    ['Success die', 'Damage die']
    """

    text: str
    rule: str = ""
    dice: tuple[Face, ...] = ()
    roll: str = ""
    rolled_by_app: int = 0          # how many of the last faces the app rolled (a person may type some, the app the rest)
    names: tuple[str, ...] = ()     # one per die of `dice`, in order, or none

    def __post_init__(self) -> None:
        if self.names and (len(self.names) != len(self.dice) or not self.roll):
            raise ValueError(f"a step names {len(self.names)} dice but shows {len(self.dice)} of the "
                             f"{self.roll or 'no'} roll: name each die it shows, or none")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "rule": self.rule}
        if self.roll:
            out["roll"] = self.roll
            out["dice"] = list(self.dice)
            if self.names:
                out["names"] = list(self.names)
            out["by"] = ("table" if not self.rolled_by_app else "app" if self.rolled_by_app >= len(self.dice)
                         else "both")
            if out["by"] == "both":
                out["by_app"] = self.rolled_by_app
        return out


@dataclass(frozen=True)
class Report:
    """What happened: a title, the steps in order, and a one-line outcome; ``changes``, what else a moment
    changed that the table should hear without opening the steps ("Cyrus: Prone ends"), as trackers say it."""

    title: str
    steps: tuple[Step, ...] = field(default_factory=tuple)
    outcome: str = ""
    changes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out = {"title": self.title, "steps": [step.to_dict() for step in self.steps], "outcome": self.outcome}
        if self.changes:
            out["changes"] = list(self.changes)
        return out

    def marking_app_rolls(self, rolls: Mapping[str, int]) -> Report:
        """The same report with each roll's step saying how many of its faces the app rolled."""
        if not rolls:
            return self
        return replace(self, steps=tuple(replace(step, rolled_by_app=rolls.get(step.roll, 0)) if step.roll else step
                                         for step in self.steps))


def show_fudge(faces: tuple[Face, ...] | list[Face]) -> str:
    """Fudge faces as a person writes them.

    >>> show_fudge(("-", "0", "+"))
    '[-][ ][+]'
    """
    return "".join("[ ]" if face == "0" else f"[{face}]" for face in faces) or "(no dice)"


def signed(number: int) -> str:
    """A number shown to people with its sign, negative ones with the typographic minus the tracks use.

    >>> signed(2), signed(0), signed(-1)
    ('+2', '+0', '−1')
    """
    return f"{number:+d}".replace("-", "\u2212")


def number(value: int) -> str:
    """A whole number shown to people: a negative one with the typographic minus, a positive one unsigned.

    >>> number(3), number(-1)
    ('3', '−1')
    """
    return str(value).replace("-", "\u2212")


def minus(left: int, right: int) -> str:
    """A subtraction as a referee writes it down, with the typographic minus.

    >>> minus(5, 6)
    '5 − 6'
    """
    return f"{left} \u2212 {right}".replace("-", "\u2212")


def with_article(words: str) -> str:
    """``words`` after "a" or "an", by how its first word sounds (the levels and states the rules name).

    >>> with_article("Incapacitated wound"), with_article("Hurt wound"), with_article("useless arm")
    ('an Incapacitated wound', 'a Hurt wound', 'a useless arm')
    """
    first = words[:3].lower()
    vowel = first[:1] in ("a", "e", "i", "o") or first[:1] == "u" and not first.startswith(("use", "usu", "uni", "uti"))
    return f"{'an' if vowel else 'a'} {words}"


def plural(count: int, one: str, many: str | None = None) -> str:
    """A count with its noun: ``1 die``, ``2 dice``, ``3 successes``.

    >>> plural(1, "die", "dice"), plural(2, "die", "dice"), plural(0, "success", "successes")
    ('1 die', '2 dice', '0 successes')
    """
    return f"{count} {one if count == 1 else many or one + 's'}"
