"""The explanation every action returns: ordered steps a game master could read aloud."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .dice import Face


@dataclass(frozen=True)
class Step:
    """One sentence of a resolution, the rule it applies, and the dice it used."""

    text: str
    rule: str = ""
    dice: tuple[Face, ...] = ()
    roll: str = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "rule": self.rule}
        if self.roll:
            out["roll"] = self.roll
            out["dice"] = list(self.dice)
        return out


@dataclass(frozen=True)
class Report:
    """What happened: a title, the steps in order, and a one-line outcome."""

    title: str
    steps: tuple[Step, ...] = field(default_factory=tuple)
    outcome: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "steps": [step.to_dict() for step in self.steps], "outcome": self.outcome}


def show_fudge(faces: tuple[Face, ...] | list[Face]) -> str:
    """Fudge faces as a person writes them.

    >>> show_fudge(("-", "0", "+"))
    '[-][ ][+]'
    """
    return "".join("[ ]" if face == "0" else f"[{face}]" for face in faces) or "(no dice)"
