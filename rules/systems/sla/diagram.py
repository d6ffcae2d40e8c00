"""The Body Hex Diagram (designed as data, RULES_NOTES 3.2) and where a shot lands on it (D-SL-23): a straight
line of the Hit Spread's length from the hex aimed at, in the direction a separate die picks; a landing off the body
is a miss.

>>> land((0, 0), 0, 6)
((0, 0), 'head')
>>> land((0, 3), 2, 3)
((0, 5), 'abdomen')
>>> land((0, 0), 1, 6)
((0, -1), None)
"""

from __future__ import annotations

from typing import Any

from ...hexes import Hex, step
from ..data import load

REGIONS: list[dict[str, Any]] = load("sla")["body"]["regions"]
REGION_OF: dict[Hex, str] = {(hex_[0], hex_[1]): region["value"] for region in REGIONS for hex_ in region["hexes"]}


def land(aimed: Hex, spread: int, direction: int) -> tuple[Hex, str | None]:
    """The hex a hit lands on and the location it belongs to (None: off the body, a miss)."""
    hex_ = step(aimed, direction, spread)
    return hex_, REGION_OF.get(hex_)
