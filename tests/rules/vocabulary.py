"""The page's vocabulary (docs/api.md, "The page draws what the engine describes") as checks.

Every registered system's schemas and views must use only these input kinds and widgets, with the
keys the page reads, so the generic page can draw any system.
"""

from __future__ import annotations

import re
from typing import Any

INPUT_KINDS: dict[str, set[str]] = {            # kind -> keys it must have beyond name, kind and label
    "text": {"max_length"},
    "notation": {"example"},
    "integer": {"min", "max"},
    "flag": set(),
    "choice": {"choices"},
    "combatant": {"role"},
    "weapon": {"from"},
    "mode": {"from", "weapon"},
    "gear": {"catalog"},
    "list": {"of", "max"},
}
INPUT_KEYS = {"name", "kind", "label", "help", "example", "default", "optional", "advanced", "when", "empty_label",
              "role"} | set().union(*INPUT_KINDS.values())
ROLES = {"actor", "target"}
SEVERITIES = {"ok", "hurt", "down", "out"}
WIDGETS: dict[str, set[str]] = {"stats": {"items"}, "track": {"label", "levels"}, "gear": {"items"}}
MAX_BARS = 8


def check_input(entry: dict[str, Any], names: set[str], *, nested: bool = False) -> None:
    kind = entry.get("kind")
    assert kind in INPUT_KINDS, f"unknown input kind {kind!r} in {entry}"
    assert isinstance(entry.get("label"), str) and entry["label"], entry
    assert nested or isinstance(entry.get("name"), str), entry
    missing = INPUT_KINDS[kind] - set(entry)
    assert not missing, f"{entry.get('name')}: {kind} needs {missing}"
    assert set(entry) <= INPUT_KEYS, f"{entry.get('name')}: unknown keys {set(entry) - INPUT_KEYS}"
    if kind == "combatant":
        assert entry["role"] in ROLES, entry
    if kind == "integer":
        assert entry["min"] <= entry["max"], entry
        if "default" in entry:
            assert entry["min"] <= entry["default"] <= entry["max"], entry
    if kind == "choice":
        assert entry["choices"], entry
        for choice in entry["choices"]:
            assert set(choice) <= {"value", "label", "when"} and isinstance(choice["label"], str), choice
            check_when(choice.get("when"), names)
        if "default" in entry:
            assert entry["default"] in [choice["value"] for choice in entry["choices"]], entry
    if kind in ("weapon", "mode"):
        assert entry["from"] in names, entry
    if kind == "list":
        check_input(entry["of"], names, nested=True)
    check_when(entry.get("when"), names)
    for words in (entry["label"], entry.get("help", "")):
        assert not re.search(r"D-[A-Z]{2}-\d|\b[a-z_]+\.[a-z_]+\b", words), f"label or help with an ID or a path: {words!r}"


def check_when(when: Any, names: set[str]) -> None:
    if when is None:
        return
    assert set(when) in ({"input", "in"}, {"input", "not_in"}), when
    assert when["input"] in names, when


def check_inputs(inputs: list[dict[str, Any]]) -> None:
    names = [entry["name"] for entry in inputs]
    assert len(names) == len(set(names)), names
    for entry in inputs:
        check_input(entry, set(names))


def check_system(system: dict[str, Any]) -> None:
    assert {"id", "name", "source", "options", "sheet", "actions", "catalog"} <= set(system)
    for option in system["options"]:
        assert option["kind"] == "choice" and option["choices"] and "decision" in option, option
        check_input({key: value for key, value in option.items() if key != "decision"}, {option["name"]})
    check_inputs(system["sheet"])
    assert [entry["name"] for entry in system["sheet"]][0] == "name"
    for action in system["actions"]:
        assert {"id", "label", "verb", "odds", "dice", "inputs"} <= set(action), action
        check_inputs(action["inputs"])


def check_card(card: dict[str, Any]) -> None:
    assert {"id", "name", "status", "can_act", "widgets", "weapons", "sheet"} <= set(card), set(card)
    assert card["status"]["severity"] in SEVERITIES and card["status"]["text"], card["status"]
    assert isinstance(card["can_act"], bool)
    for widget in card["widgets"]:
        kind = widget["kind"]
        assert kind in WIDGETS and WIDGETS[kind] <= set(widget), widget
        if kind == "stats":
            assert all(set(item) == {"label", "value"} for item in widget["items"]), widget
        if kind == "track":
            for level in widget["levels"]:
                assert {"name", "penalty", "threshold", "summary", "boxes"} <= set(level), level
                if "tap" in level:
                    assert {"action", "combatant", "inputs"} == set(level["tap"]), level
                assert level["penalty"], level
                assert all(set(box) == {"marked", "by"} for box in level["boxes"]), level
        if kind == "gear":
            assert all({"kind", "name", "notation", "note"} <= set(item) for item in widget["items"]), widget
    for weapon in card["weapons"]:
        assert {"name", "notation", "modes"} <= set(weapon) and weapon["modes"], weapon


def check_odds(odds: dict[str, Any]) -> None:
    assert {"title", "summary", "charts"} <= set(odds), set(odds)
    for chart in odds["charts"]:
        labels = [bar["label"] for bar in chart["bars"]]
        assert len(labels) <= MAX_BARS and len(labels) == len(set(labels)), labels
        assert sum(bar["weight"] for bar in chart["bars"]) == chart["bars"][0]["total"], chart


def check_needs(needs: dict[str, Any]) -> None:
    assert set(needs) == {"roll", "kind", "count", "why", "dice", "faces"}, needs
    assert needs["count"] > 0 and needs["why"] and needs["faces"], needs
    assert not needs["why"].endswith(" 1 dice"), needs
