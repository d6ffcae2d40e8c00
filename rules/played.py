"""What replaying an encounter's log gives: who is here, their states, the reports, the fight and who is hidden.

Below both its users: rules/encounter.py replays the log into one, and rules/roster.py's events change it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import turns
from .report import Report


@dataclass
class Played:
    """The result of replaying a log: who is here, their states, and what happened."""

    order: list[str] = field(default_factory=list)
    sheets: dict[str, Any] = field(default_factory=dict)
    states: dict[str, Any] = field(default_factory=dict)
    reports: list[Report] = field(default_factory=list)
    fight: turns.Fight = field(default_factory=turns.Fight)
    # Who is hidden from the players (rules/roster.py): one removed while hidden stays here, never seen.
    hidden: frozenset[str] = frozenset()

    def copy(self) -> Played:
        """A copy to apply more events to; sheets, states, reports, the fight and the hidden are immutable, so
        shallow is enough."""
        return Played(list(self.order), dict(self.sheets), dict(self.states), list(self.reports), self.fight,
                      self.hidden)
