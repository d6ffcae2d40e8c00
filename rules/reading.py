"""What a typed text was read as: each free text the engine parses (skills, weapon and armour notations, stat lines,
damage) said back in the engine's own words, with a warning where it matches nothing the engine uses.

A warning is not an error: the sheet still saves and the action still resolves, but a typo that would silently
count as nothing (an SLA skill "Pistl" that no weapon uses, so the pistol rolls at 0) is said at its field, as it is
typed, and on the combatant's card (``warnings``).  Each system says what it read in its own ``reading`` module,
as ``sheet_reads(sheet)`` and ``action_reads(action, sheets, inputs)``, each a mapping from a field's path (as an
error names it, without ``sheet.`` or ``inputs.``: ``skills``, ``weapons[0]``, ``damage``) to a :class:`Reading`;
``rules/readers.py`` finds a system's module and answers for the API and the cards.

>>> Reading("Pistol 6", ("Pistl: no weapon uses it",)).to_dict()
{'text': 'Pistol 6', 'warnings': ['Pistl: no weapon uses it']}
>>> close_to("Pistl", ["Rifle", "Pistol"]), close_to("Zzz", ["Rifle", "Pistol"])
('Pistol', None)
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from .errors import RulesError

T = TypeVar("T")


@dataclass(frozen=True)
class Reading:
    """What one typed text was read as, in words, and what in it the engine does not use."""

    text: str
    warnings: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "warnings": list(self.warnings)}


Reads = dict[str, Reading]


class Reader(Protocol):
    """What a system's ``reading`` module offers."""

    def sheet_reads(self, sheet: Any) -> Reads: ...
    def action_reads(self, action: str, sheets: Mapping[str, Any], inputs: Mapping[str, Any]) -> Reads: ...


def close_to(word: str, known: Iterable[str]) -> str | None:
    """The known word a typed one most likely meant, case aside (difflib's closest, at a ratio of 0.6 or more)."""
    names = {name.lower(): name for name in known}
    found = difflib.get_close_matches(word.lower(), list(names), n=1)
    return names[found[0]] if found else None


def attempt(read: Callable[[], T]) -> T | None:
    """A reading of a text the engine may not take (an action's input its `when` leaves unread): None if refused."""
    try:
        return read()
    except RulesError:
        return None
