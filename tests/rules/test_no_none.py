"""Where the vocabulary wants words, the engine gives words (issue 36: a player saw "Thug skipped: undefined").

Busy encounters in every system (six combatants, resolutions, the fight started and run a few turns, a condition)
are walked whole: the game master's view (cards, widgets, the fight, the log) and both players' views. Every key
the page prints as text holds a string (never None, which the page would print as "null" or "undefined"), and no
text says "None", "nan" or "undefined" (a Python None or a missing value worded into a sentence).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules.systems import SYSTEMS
from tests.rules.helpers import ok
from tests.web.tables import busy_table

# Keys the page writes out as text wherever they stand (docs/api.md: cards, widgets, the fight, the log, odds).
TEXT_KEYS = {"name", "text", "title", "outcome", "summary", "why", "caption", "severity", "stands", "kind", "phase",
             "how", "value", "mark"}
# Keys that may be null by the vocabulary: a track level's threshold label, whose turn it is, what to undo or redo,
# a hint, a condition's rounds (until removed), what marked a box (none while it is open); and a gear item's note,
# which the page leaves out when there is none.
MAY_BE_NULL = {"threshold", "current", "undo_label", "redo_label", "hint", "rounds", "by"}
GEAR_NOTE = re.compile(r"widgets\[\d+\]\.items\[\d+\]\.note$")
WORDED_NONE = re.compile(r"\bNone\b|\bnan\b|\bundefined\b|\bnull\b|\[object")


def walk(value: Any, path: str, found: list[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}"
            if item is None and key not in MAY_BE_NULL and not GEAR_NOTE.search(where):
                found.append(f"{where} is null")
            elif key in TEXT_KEYS and not isinstance(item, (str, dict, list, int)):
                found.append(f"{where} is {item!r}, not text")
            walk(item, where, found)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            walk(item, f"{path}[{index}]", found)
    elif isinstance(value, str) and WORDED_NONE.search(value):
        found.append(f"{path} says {value!r}")


def busy_fight(system: str) -> dict[str, Any]:
    """The busy table after more resolutions, its fight started and three turns on, a condition on the second."""
    busy = busy_table(system, resolutions=6)
    result = ok("turn", encounter=busy["encounter"], move="start", seed=3)
    for _ in range(3):
        result = ok("turn", encounter=result["encounter"], move="next", seed=4)
    second = result["view"]["roster"][1]["id"]
    return ok("condition", encounter=result["encounter"], id=second, name="Blinded", rounds=2)


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_every_view_words_every_text(system: str) -> None:
    result = busy_fight(system)
    found: list[str] = []
    walk(result["view"], "view", found)
    walk(result["report"], "report", found)
    first = result["view"]["roster"][0]["id"]
    for npcs, players in (("status", [first]), ("tracks", [])):
        link = ok("player_link", encounter=result["encounter"], players=players, npcs=npcs)["fragment"]
        walk(ok("open_player", link=link)["player"], f"player({npcs})", found)
    assert not found, "\n".join(found)
