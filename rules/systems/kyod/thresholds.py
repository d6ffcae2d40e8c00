"""Target stats and wound thresholds (seed 001: "Target Stats", "Wound Thresholds", "Computing Raw and
Armored Wound Thresholds"; RULES_NOTES 2.2, D-KY-1, D-KY-2, D-KY-6, D-KY-9).

Toughness T is ST - 10 for a character; for an object, LogD(HP) - 30, or its weight on the KYoS
chart (2 lb is 0), less 9 if unliving or mechanical.  The Raw Wound Threshold of level k is T + 5k
(the detailed sections' labels, D-KY-1; the quick section's labels put level 1 at T).  Armour adds the
armour's DR to each threshold on the linear scale: AWT = round(30 log10(DR + 10^(RWT/30))) (D-KY-2),
or the Addition table, as a player at the table would.

>>> [armoured_threshold(raw_threshold(0, level), Armour((Fraction(4),)), "formula", "sum") for level in range(1, 7)]
[22, 24, 26, 28, 31, 34]
>>> level_from_table(30, 0, Armour((Fraction(4),)), "formula", "sum", "detailed")
4
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from .scale import PER_DECADE, add, subtract, damage_of, exact_logd, logd, plain, round_half_up

STEP = 5                        # "subsequent thresholds are every 5 points"
KYOS_PER_DECADE = 10            # KYoS: ST = 10 log10(weight / 2 lb) (RULES_NOTES 2.2, greysonwhy)
UNLIVING_OFFSET = 9             # "subtract 9 if the object is unliving or mechanical"
MAX_SEARCH = 400                # no penetration Woundbook accepts climbs this many levels


@dataclass(frozen=True)
class Armour:
    """Worn armour as its layers' DR, in order; no layers (or only DR 0) is no armour."""

    layers: tuple[Fraction, ...] = ()

    @property
    def worn(self) -> tuple[Fraction, ...]:
        return tuple(layer for layer in self.layers if layer > 0)

    def logd(self, layers: str) -> int | None:
        """The armour on the LogD scale: the layers' DR summed then looked up (D-KY-9), or each looked up and
        added with the Addition table (``layers == "log_add"``)."""
        worn = self.worn
        if not worn:
            return None
        if layers == "log_add":
            total = logd(worn[0])
            for layer in worn[1:]:
                total = add(total, logd(layer))
            return total
        return logd(sum(worn))

    def dr(self, layers: str) -> float:
        """The linear DR the threshold formula adds: the sum, or the log-added layers turned back into damage."""
        worn = self.worn
        if not worn:
            return 0.0
        if layers == "log_add" and len(worn) > 1:
            total = self.logd(layers)
            assert total is not None
            # The Addition table never makes armour weaker than its strongest layer; rounding the sum to a whole
            # LogD must not either (40 + 1 is LogD 48, which alone would be 39.8).
            return max(damage_of(total), float(max(worn)))
        return float(sum(worn))

    @property
    def text(self) -> str:
        return " + ".join(plain(layer) for layer in self.worn) or "0"


def character_toughness(strength: int) -> int:
    """Toughness for characters using KYoS: ST - 10."""
    return strength - 10


def object_toughness_from_hp(hp: Fraction) -> int:
    """An object's Toughness from its HP: LogD(HP) - 30."""
    return logd(hp) - PER_DECADE


def object_toughness_from_weight(pounds: Fraction, unliving: bool) -> int:
    """An object's Toughness from its weight on the KYoS chart (2 lb is 0), less 9 if unliving or mechanical
    (KY-19: a 2 lb unliving object is -9 by either method)."""
    kyos = round_half_up(KYOS_PER_DECADE * (exact_logd(pounds / 2) / PER_DECADE))
    return kyos - (UNLIVING_OFFSET if unliving else 0)


def raw_threshold(toughness: int, level: int, labels: str = "detailed") -> int:
    """The Raw Wound Threshold of ``level``: T + 5k, or T + 5(k - 1) with the quick section's labels (D-KY-1)."""
    return toughness + STEP * (level - (1 if labels == "quick" else 0))


def armoured_threshold(raw: int, armour: Armour, method: str, layers: str) -> int:
    """A raw threshold with the armour added: the spreadsheet formula (D-KY-2) or the Addition table.

    KY-20: DR 3 on a raw threshold of 5 is 20 by the formula and 19 by the table.
    """
    armour_logd = armour.logd(layers)
    if armour_logd is None:
        return raw
    if method == "table":
        return add(raw, armour_logd)
    return round_half_up(PER_DECADE * math.log10(armour.dr(layers) + damage_of(raw)))


def raw_level(penetration: int, toughness: int, labels: str = "detailed") -> int:
    """The basic wound level on the Raw table: floor((pen - T) / 5) (D-KY-1, D-KY-4), +1 with the quick labels;
    anything below level 1 is 0, a scratch."""
    return max(0, (penetration - toughness) // STEP + (1 if labels == "quick" else 0))


def subtraction_threshold(raw: int, armour_logd: int) -> int:
    """The least penetration that still reaches ``raw`` once the armour is subtracted (the Subtraction table):
    what the card shows as a level's threshold when armour is subtracted like a barrier."""
    penetration = max(armour_logd + 1, raw)
    while (subtract(penetration, armour_logd) or 0) < raw:
        penetration += 1
    return penetration


def level_from_table(penetration: int, toughness: int, armour: Armour, method: str, layers: str, labels: str) -> int:
    """The highest level whose Armoured threshold the penetration reaches; 0 (a scratch) below level 1."""
    if armour.logd(layers) is None:
        return raw_level(penetration, toughness, labels)
    level = 0
    while level < MAX_SEARCH and armoured_threshold(raw_threshold(toughness, level + 1, labels), armour, method,
                                                    layers) <= penetration:
        level += 1
    return level
