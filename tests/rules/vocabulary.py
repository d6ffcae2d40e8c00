"""The page's vocabulary (docs/api.md, "The page draws what the engine describes") as checks.

Every registered system's schemas and views must use only these input kinds and widgets, with the
keys the page reads, so the generic page can draw any system.
"""

from __future__ import annotations

import itertools
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
    "part": {"from"},
    "gear": {"catalog"},
    "list": {"of", "max"},
    "hex": {"cells", "regions"},
}
INPUT_KEYS = {"name", "kind", "label", "help", "example", "default", "optional", "advanced", "each_round", "when",
              "empty_label", "role", "while_standing", "distinct", "defaults",
              "helps"} | set().union(*INPUT_KINDS.values())
ROLES = {"actor", "target"}
SEVERITIES = {"ok", "hurt", "down", "out"}
WIDGETS: dict[str, set[str]] = {
    "stats": {"items"},
    "track": {"label", "levels"},
    "grid": {"label", "columns", "row_title", "rows", "summary"},
    "meters": {"label", "items"},
    "table": {"caption", "header", "rows"},
    "hexes": {"label", "cells", "regions", "marks", "summary"},
    "gear": {"items"},
}
CELL_STATES = {"empty", "slash", "cross", "unusable"}
MARK_KINDS = {"aim", "hit", "miss", "zone"}     # a hexes widget's marks: a ring, a dot, a cross, a cell's fill
MAX_BARS = 8
Options = dict[str, dict[str, Any]]             # a system's rule options by name, as its schema lists them


def check_input(entry: dict[str, Any], names: set[str], *, nested: bool = False,
                options: Options | None = None) -> None:
    """One input of a form; ``options`` are the system's rule options its conditions may follow (none for an
    option's own schema: the options form follows no condition)."""
    kind = entry.get("kind")
    assert kind in INPUT_KINDS, f"unknown input kind {kind!r} in {entry}"
    assert isinstance(entry.get("label"), str) and entry["label"], entry
    assert nested or isinstance(entry.get("name"), str), entry
    missing = INPUT_KINDS[kind] - set(entry)
    assert not missing, f"{entry.get('name')}: {kind} needs {missing}"
    assert set(entry) <= INPUT_KEYS, f"{entry.get('name')}: unknown keys {set(entry) - INPUT_KEYS}"
    if "each_round" in entry:   # a per-round choice returns to its default, so it has one
        assert entry["each_round"] is True and "default" in entry, entry
    if kind == "combatant":
        assert entry["role"] in ROLES, entry
    if "while_standing" in entry:   # a target kept only while it stands: the one acting follows the turn instead
        assert entry["while_standing"] is True and kind == "combatant" and entry["role"] == "target", entry
    if "distinct" in entry:   # kept apart from the form's other distinct inputs: a target, never the one acting
        assert entry["distinct"] is True and kind == "combatant" and entry["role"] == "target", entry
    if kind == "integer":
        assert entry["min"] <= entry["max"], entry
        if "default" in entry:
            assert entry["min"] <= entry["default"] <= entry["max"], entry
    if kind == "choice":
        assert entry["choices"], entry
        for choice in entry["choices"]:
            assert set(choice) <= {"value", "label", "when"} and isinstance(choice["label"], str), choice
            check_when(choice.get("when"), names, options)
        if "default" in entry:
            assert entry["default"] in [choice["value"] for choice in entry["choices"]], entry
    if kind in ("weapon", "mode"):
        assert entry["from"] in names, entry
    if kind == "part":
        assert entry["from"] in names and entry["from"] != entry.get("name"), entry
    if kind == "list":
        check_input(entry["of"], names, nested=True, options=options)
    if kind == "hex":
        check_hex_input(entry)
    check_when(entry.get("when"), names, options)
    check_following(entry, names, options)
    for words in (entry["label"], entry.get("help", ""), *(help["text"] for help in entry.get("helps", []))):
        assert not re.search(r"D-[A-Z]{2}-\d|\b[a-z_]+\.[a-z_]+\b", words), f"label or help with an ID or a path: {words!r}"


def check_following(entry: dict[str, Any], names: set[str], options: Options | None = None) -> None:
    """``defaults`` and ``helps``: a value or a help that follows another input (a help may follow its own), each
    under a ``when`` of the usual shape, in order (the first that matches wins); each value one the input accepts."""
    for key, extra in (("defaults", "value"), ("helps", "text")):
        if key not in entry:
            continue
        following = entry[key]
        assert isinstance(following, list) and following, f"{entry.get('name')}: {key} must be a list of entries"
        for item in following:
            assert isinstance(item, dict) and set(item) == {"when", extra}, f"{entry.get('name')}: {key} {item}"
            check_when(item["when"], names, options)
            if key == "helps":          # a help may follow its own input: a choice's help says what the choice means
                assert is_text(item["text"]), item
            else:
                assert item["when"].get("input") != entry.get("name"), f"{entry.get('name')}: a default follows itself"
                assert valid_value(entry, item["value"]), f"{entry.get('name')}: {item['value']!r} is not a value it takes"


def valid_value(entry: dict[str, Any], value: Any) -> bool:
    """Whether ``value`` is one the page could hold in this input (a default or a ``defaults`` value)."""
    kind = entry["kind"]
    if kind == "choice":
        return value in [choice["value"] for choice in entry["choices"]]
    if kind == "integer":
        return is_int(value) and entry["min"] <= value <= entry["max"]
    if kind == "flag":
        return isinstance(value, bool)
    if kind in ("text", "notation"):
        return isinstance(value, str) and len(value) <= entry.get("max_length", 1000) and \
            (bool(value) or bool(entry.get("optional")))
    if kind == "hex":
        return isinstance(value, str) and value in {f"{cell['q']},{cell['r']}" for cell in entry["cells"]}
    return value is not None


def check_when(when: Any, names: set[str], options: Options | None = None) -> None:
    """A condition on another input of the same form, or (``{"option": name, ...}``) on a rule option."""
    if when is None:
        return
    if isinstance(when, dict) and "option" in when:
        check_option_when(when, options)
        return
    assert set(when) in ({"input", "in"}, {"input", "not_in"}), when
    assert when["input"] in names, when


def check_option_when(when: Any, options: Options | None) -> None:
    """A condition on a rule option: an option the system has, and only values it can take. The page compares
    values as text, so only a ``choice`` option can be followed (a table's rows have no value to compare)."""
    assert isinstance(when, dict) and set(when) in ({"option", "in"}, {"option", "not_in"}), when
    assert options is not None, f"{when}: a condition on an option where there are no options to follow"
    option = options.get(when["option"])
    assert option is not None, f"{when}: no option {when['option']!r}; the system has {sorted(options)}"
    assert option["kind"] == "choice", f"{when}: only a choice option can be followed, not a {option['kind']!r}"
    values = when["in"] if "in" in when else when["not_in"]
    offered = [choice["value"] for choice in option["choices"]]
    assert isinstance(values, list) and values, when
    assert all(value in offered for value in values), f"{when}: {when['option']!r} takes only {offered}"


def check_inputs(inputs: list[dict[str, Any]], options: Options | None = None) -> None:
    names = [entry["name"] for entry in inputs]
    assert len(names) == len(set(names)), names
    for entry in inputs:
        check_input(entry, set(names), options=options)


OPTION_COLUMN_KINDS: dict[str, set[str]] = {"text": {"max_length"}, "integer": {"min", "max"}, "flag": set()}


def check_table_option(option: dict[str, Any]) -> None:
    """An option that is an editable table: fixed rows, typed columns, and a default row for each row."""
    assert set(option) <= {"name", "kind", "label", "decision", "help", "columns", "rows", "default"}, option
    assert option["rows"] and all(set(row) == {"label"} and row["label"] for row in option["rows"]), option
    names = [column["name"] for column in option["columns"]]
    assert len(names) == len(set(names)) and names, names
    for column in option["columns"]:
        assert column["kind"] in OPTION_COLUMN_KINDS and column["label"], column
        assert OPTION_COLUMN_KINDS[column["kind"]] <= set(column), column
    assert len(option["default"]) == len(option["rows"]), option
    for row in option["default"]:
        assert set(row) == set(names), row
        for column in option["columns"]:
            value = row[column["name"]]
            if column["kind"] == "integer":
                assert isinstance(value, int) and column["min"] <= value <= column["max"], (column, value)
            elif column["kind"] == "flag":
                assert isinstance(value, bool), (column, value)
            else:
                assert isinstance(value, str) and len(value) <= column["max_length"], (column, value)


def check_system(system: dict[str, Any]) -> None:
    assert {"id", "name", "source", "options", "sheet", "actions", "catalog", "tables"} <= set(system)
    options = {option["name"]: option for option in system["options"]}
    assert len(options) == len(system["options"]), [option["name"] for option in system["options"]]
    for option in system["options"]:
        assert option["kind"] in ("choice", "table") and "decision" in option, option
        if option["kind"] == "table":
            check_table_option(option)
            continue
        assert option["choices"], option
        check_input({key: value for key, value in option.items() if key != "decision"}, {option["name"]})
    for table in system["tables"]:
        check_table(table)
    check_inputs(system["sheet"], options)
    assert [entry["name"] for entry in system["sheet"]][0] == "name"
    for action in system["actions"]:
        assert {"id", "label", "verb", "odds", "dice", "inputs"} <= set(action), action
        # An action is offered while the options choose it (one kind of turn or another): a tab has no input to
        # follow, so its condition can only be on an option.
        if "when" in action:
            assert isinstance(action["when"], dict) and "option" in action["when"], f"{action['id']}: {action['when']}"
            check_option_when(action["when"], options)
        # A null verb is an action that only shows odds (a comparison): it rolls nothing and resolves nothing.
        assert action["verb"] is None or (isinstance(action["verb"], str) and action["verb"]), action
        if action["verb"] is None:
            assert action["dice"] is False and action["odds"] is True, action
        check_inputs(action["inputs"], options)
    check_some_action_offered(system["actions"], options)


def check_some_action_offered(actions: list[dict[str, Any]], options: Options) -> None:
    """Whatever the options are set to, some action is offered: the page would otherwise show no tab at all."""
    followed = sorted({action["when"]["option"] for action in actions if "when" in action})
    for values in itertools.product(*([choice["value"] for choice in options[name]["choices"]] for name in followed)):
        chosen = dict(zip(followed, values))
        assert any(option_holds(action.get("when"), chosen) for action in actions), f"no action offered under {chosen}"


def option_holds(when: dict[str, Any] | None, chosen: dict[str, Any]) -> bool:
    """Whether a condition on an option holds with the options at these values (none always holds)."""
    if when is None:
        return True
    return chosen[when["option"]] in when["in"] if "in" in when else chosen[when["option"]] not in when["not_in"]


def check_card(card: dict[str, Any]) -> None:
    assert {"id", "name", "status", "can_act", "fallen", "widgets", "weapons", "sheet"} <= set(card), set(card)
    assert card["status"]["severity"] in SEVERITIES and card["status"]["text"], card["status"]
    assert isinstance(card["can_act"], bool) and isinstance(card["fallen"], bool)
    assert not (card["fallen"] and card["can_act"]), card          # one who has fallen does not act
    for widget in card["widgets"]:
        kind = widget["kind"]
        assert kind in WIDGETS and WIDGETS[kind] <= set(widget), widget
        if kind == "stats":
            assert all(set(item) == {"label", "value"} for item in widget["items"]), widget
        if kind == "track":
            for level in widget["levels"]:
                assert {"name", "penalty", "threshold", "summary", "boxes"} <= set(level), level
                check_tap(level)
                assert level["penalty"], level
                for box in level["boxes"]:
                    assert {"marked", "by"} <= set(box) <= {"marked", "by", "mark"}, level
                    # a mark is a letter or two drawn inside a marked box (the kind of wound it holds)
                    assert "mark" not in box or (box["marked"] and is_text(box["mark"]) and len(box["mark"]) <= 3), box
        if kind == "grid":
            check_grid(widget)
        if kind == "meters":
            check_meters(widget)
        if kind == "table":
            check_table(widget)
        if kind == "hexes":
            check_hexes(widget)
        if kind == "gear":
            assert all({"kind", "name", "notation", "note"} <= set(item) for item in widget["items"]), widget
    for weapon in card["weapons"]:
        assert {"name", "notation", "modes"} <= set(weapon) and weapon["modes"], weapon
    if "parts" in card:
        parts = card["parts"]
        assert isinstance(parts, list), card
        for part in parts:
            assert set(part) == {"value", "label"} and isinstance(part["value"], str) and part["value"], part
            assert isinstance(part["label"], str) and part["label"], part
        values = [part["value"] for part in parts]
        assert len(values) == len(set(values)), f"part values repeat: {values}"


def check_tap(part: dict[str, Any]) -> None:
    """A widget part a person may tap: the action it opens, the combatant input the card fills, presets."""
    if "tap" in part:
        tap = part["tap"]
        assert {"action", "combatant", "inputs"} == set(tap), part
        assert isinstance(tap["action"], str) and isinstance(tap["combatant"], str), tap
        assert isinstance(tap["inputs"], dict), tap


def is_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_grid(widget: dict[str, Any]) -> None:
    assert is_text(widget["label"]) and is_text(widget["summary"]) and isinstance(widget["row_title"], str), widget
    columns = widget["columns"]
    assert columns and all(isinstance(column, str) for column in columns), columns
    assert widget["rows"], widget
    for row in widget["rows"]:
        assert set(row) == {"label", "summary", "cells"}, row
        assert isinstance(row["label"], str) and is_text(row["summary"]), row
        assert len(row["cells"]) == len(columns), f"{row['label']!r}: {len(row['cells'])} cells, {len(columns)} columns"
        assert set(row["cells"]) <= CELL_STATES, f"cell states {set(row['cells']) - CELL_STATES} in {row['label']!r}"
    check_tap(widget)


def check_meters(widget: dict[str, Any]) -> None:
    assert is_text(widget["label"]) and widget["items"], widget
    for item in widget["items"]:
        assert {"name", "value", "max", "text", "summary", "marks"} <= set(item) <= {
            "name", "value", "max", "text", "summary", "marks", "tap"}, item
        assert is_text(item["name"]) and is_text(item["text"]) and is_text(item["summary"]), item
        assert is_int(item["value"]) and is_int(item["max"]) and item["max"] > 0, item
        for mark in item["marks"]:
            assert set(mark) == {"at", "label"} and is_int(mark["at"]) and mark["at"] >= 0, mark
            assert is_text(mark["label"]), mark
        check_tap(item)


def check_hex_cells(cells: Any, regions: Any, *, stated: bool) -> None:
    """A hex diagram's cells in axial coordinates (flat-topped), each once, each in one of the regions listed;
    with ``stated`` (a widget's), each region carries a severity, which its cells take."""
    assert isinstance(regions, list) and regions, regions
    keys = {"value", "label", "state", "summary"} if stated else {"value", "label"}
    for region in regions:
        assert isinstance(region, dict) and set(region) == keys, f"a region needs exactly {keys}: {region}"
        assert is_text(region["value"]) and is_text(region["label"]), region
        if stated:
            assert region["state"] in SEVERITIES and is_text(region["summary"]), region
    states = {region["value"]: region.get("state") for region in regions}
    assert len(states) == len(regions), f"region values repeat: {[region['value'] for region in regions]}"
    assert isinstance(cells, list) and cells, cells
    cell_keys = {"q", "r", "region"}
    for cell in cells:
        assert isinstance(cell, dict) and set(cell) == cell_keys, f"a cell needs exactly {cell_keys}: {cell}"
        assert is_int(cell["q"]) and is_int(cell["r"]), cell
        assert cell["region"] in states, f"{cell}: no region {cell['region']!r}; the regions are {sorted(states)}"
    places = [(cell["q"], cell["r"]) for cell in cells]
    assert len(places) == len(set(places)), f"a cell is listed twice: {places}"


def check_hex_input(entry: dict[str, Any]) -> None:
    """A ``hex`` input: a cell of a diagram, sent as "q,r"; its default (if any) one of its cells."""
    check_hex_cells(entry["cells"], entry["regions"], stated=False)
    if "default" in entry:
        assert valid_value(entry, entry["default"]), f"{entry['name']}: default {entry['default']!r} is not a cell"


def check_hexes(widget: dict[str, Any]) -> None:
    """A hex diagram on a card: cells in regions, regions with their state and a summary, marks that may lie off
    the cells (a miss), each optionally with an arrow ``from`` another cell; a tap on a cell presets ``hex``."""
    assert set(widget) <= {"kind", "label", "cells", "regions", "marks", "summary", "tap"}, set(widget)
    assert is_text(widget["label"]) and is_text(widget["summary"]), widget
    check_hex_cells(widget["cells"], widget["regions"], stated=True)
    assert isinstance(widget["marks"], list), widget["marks"]
    for mark in widget["marks"]:
        assert {"q", "r", "kind", "label"} <= set(mark) <= {"q", "r", "kind", "label", "from", "text"}, mark
        if "text" in mark:
            assert isinstance(mark["text"], str) and 1 <= len(mark["text"]) <= 2, mark
        assert is_int(mark["q"]) and is_int(mark["r"]) and mark["kind"] in MARK_KINDS and is_text(mark["label"]), mark
        if "from" in mark:
            assert isinstance(mark["from"], list) and len(mark["from"]) == 2 and all(map(is_int, mark["from"])), mark
    if "tap" in widget:
        tap = widget["tap"]
        assert set(tap) == {"action", "combatant", "inputs", "hex"}, tap
        assert all(is_text(tap[key]) for key in ("action", "combatant", "hex")) and isinstance(tap["inputs"], dict), tap


def check_table(table: dict[str, Any]) -> None:
    """A table widget, or one of the tables an odds answer carries (the same shape without a kind)."""
    assert set(table) - {"kind"} <= {"caption", "header", "rows", "note"}, set(table)
    assert is_text(table["caption"]), table
    header = table["header"]
    assert header and all(isinstance(heading, str) for heading in header), header
    for row in table["rows"]:
        assert len(row) == len(header), f"{table['caption']!r}: row {row} has {len(row)} cells, header {len(header)}"
        assert all(isinstance(cell, str) for cell in row), row
    assert isinstance(table.get("note", ""), str), table


def check_odds(odds: dict[str, Any]) -> None:
    assert {"title", "summary", "charts"} <= set(odds), set(odds)
    for table in odds.get("tables", []):
        check_table(table)
    # Odds worked out a piece at a time may have nothing to draw yet: then they say what is left.
    assert odds["charts"] or odds.get("tables") or odds.get("more"), f"odds with nothing to draw: {odds['title']!r}"
    for chart in odds["charts"]:
        labels = [bar["label"] for bar in chart["bars"]]
        assert len(labels) <= MAX_BARS and len(labels) == len(set(labels)), labels
        assert sum(bar["weight"] for bar in chart["bars"]) == chart["bars"][0]["total"], chart


def check_needs(needs: dict[str, Any]) -> None:
    assert set(needs) - {"names"} == {"roll", "kind", "count", "why", "dice", "faces"}, needs
    if "names" in needs:    # one short label per die, in order: the prompt's slots
        assert len(needs["names"]) == needs["count"], needs
        assert all(isinstance(name, str) and name.strip() for name in needs["names"]), needs
    assert needs["count"] > 0 and needs["why"] and needs["faces"], needs
    assert not needs["why"].endswith(" 1 dice"), needs
