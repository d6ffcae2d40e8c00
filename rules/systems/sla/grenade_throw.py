"""One grenade as asked for (a Throw): what the grenade action reads from its inputs, and writes back as them.

Below both readers of it: grenades.py makes one from the form, grenade_zone.py finds who its blast catches.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...hexes import Hex
from .sheet import Sheet, Weapon, parse_weapon
from .shoot_inputs import hex_text

MAX_CAUGHT = 4                  # the target and three more
CAUGHT_NAMES = ("target",) + tuple(f"also_{n}" for n in range(1, MAX_CAUGHT))
DISTANCE_NAMES = ("distance",) + tuple(f"distance_{n}" for n in range(1, MAX_CAUGHT))


@dataclass(frozen=True)
class Throw:
    """One grenade as asked for."""

    how: str
    thrower: str                        # "" but for a thrown grenade
    weapon: int
    grenade: tuple[str, str]            # (name, notation) for one not thrown; ("", "") when thrown
    jumper: str
    helmet: int
    range: int
    impact: Hex
    modifier: int
    caught: tuple[tuple[str, int], ...]  # (combatant, metres from the Impact Point)

    def to_inputs(self) -> dict[str, Any]:
        out: dict[str, Any] = {"how": self.how}
        if self.how == "thrown":
            out.update(thrower=self.thrower, weapon=self.weapon, range=self.range)
            if self.modifier:
                out["modifier"] = self.modifier
        elif self.how in ("floor", "smother"):
            out["grenade"] = {"name": self.grenade[0], "notation": self.grenade[1]}
        if self.how == "smother":
            if self.jumper:
                out["jumper"] = self.jumper
            if self.helmet:
                out["helmet"] = self.helmet
        if self.how != "clear":
            out["impact"] = hex_text(self.impact)
        for (who, metres), name, far in zip(self.caught, CAUGHT_NAMES, DISTANCE_NAMES):
            out[name] = who
            if self.how != "clear" and metres:
                out[far] = metres
        return out

    def weapon_of(self, sheets: Mapping[str, Sheet]) -> tuple[str, Weapon]:
        if self.how == "thrown":
            entry = sheets[self.thrower].weapons[self.weapon]
            return entry.name, entry.weapon
        return self.grenade[0], parse_weapon(self.grenade[1], "grenade")
