"""Who is in the encounter: the roster's events (adding, editing, removing, hiding), each applied to a replay in place.

**Several at once.** An add may carry a ``count``: "4 × Thug" is one event that brings in Thug 1 to Thug 4, each a
combatant of its own with an id of its own, so one Undo takes all four away and Redo brings them back. The event
keeps what the game master asked for (the sheet, the count, and the first id; the others follow it: c5, c6, c7, c8),
and the names are worked out as it is replayed, from the roster at that point (:func:`numbered`), as an id is worked
out from the log. An add without a count is one combatant, named as typed, so a log made before counts replays as
it did. With ``group`` (Improved Initiative's option) the several share one initiative roll (rules/initiative.py).

**Hidden.** A combatant may be hidden from the players (the ambusher behind the door): added hidden, or hidden and
revealed by a ``hide`` event, each undone like any other. The game master's view marks him; the players' view
(rules/player.py) leaves him out altogether. Removing a hidden combatant keeps him among the hidden, so the players'
log never names one they never saw.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from . import conditions, fields
from .errors import BadEncounter, BadField, UnknownCombatant
from .played import Played
from .report import Report, Step

MAX_COMBATANTS = 40
EVENTS = ("add", "edit", "remove", "hide")
RULE = "Roster"
SHARED = "One initiative roll for a group"
_ANY_COUNT = 10**9         # a count is read as any whole number, then said to be too many for the roster's room
_COMBATANT_ID = re.compile(r"c[1-9][0-9]{0,5}")
_NUMBERED = re.compile(r"(.*?\S) ([0-9]{1,4})")


def step(system: Any, options: Any, played: Played, event_type: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Apply a roster event (``add``, ``edit``, ``remove`` or ``hide``) to ``played``; return it as recorded."""
    if event_type == "add":
        return add(system, options, played, data)
    combatant = combatant_id(data.get("id"))
    if combatant not in played.sheets:
        raise UnknownCombatant(f"combatant {combatant!r} is not in this encounter", field="id")
    old = played.sheets[combatant]
    if event_type == "hide":
        return hide(played, combatant, fields.flag(data, "hidden", "hidden", default=True))
    if event_type == "remove":
        played.order.remove(combatant)
        fallen = [Step(f"{played.sheets[holder].name}: {held.name} now ends at the round's end, counted as "
                       f"before ({old.name}, whose turn ended it, has left).", "Conditions")
                  for holder, held in conditions.measured_by(dict(played.fight.conditions), combatant)]
        played.fight = played.fight.left(combatant)
        del played.sheets[combatant], played.states[combatant]
        played.reports.append(Report(f"{old.name} leaves the encounter", tuple(fallen), "Removed"))
        return {"id": combatant}
    sheet = system.read_sheet(data.get("sheet"))
    played.sheets[combatant] = sheet
    played.states[combatant] = system.edited_state(old, played.states[combatant], sheet, options)
    differences = _changes(system, old, sheet)
    title = f"{old.name}'s sheet is edited" + (f": now {sheet.name}" if sheet.name != old.name else "")
    played.reports.append(Report(title, tuple(Step(line, "Sheet") for line in differences),
                                 "Edited" if differences else "Nothing changed"))
    return {"id": combatant, "sheet": sheet.to_dict()}


def add(system: Any, options: Any, played: Played, data: Mapping[str, Any]) -> dict[str, Any]:
    """One combatant, or ``count`` of them numbered (:func:`numbered`), each with a fresh state; ``hidden`` adds
    them hidden from the players."""
    first = combatant_id(data.get("id"))
    count = fields.integer(data, "count", "count", -_ANY_COUNT, _ANY_COUNT, default=1)
    hidden = fields.flag(data, "hidden", "hidden")
    group = fields.flag(data, "group", "group") and count > 1
    room = MAX_COMBATANTS - len(played.order)
    if count < 1:
        raise BadField(f"the count is {count}: add at least 1", field="count")
    if count > room:
        more = f": there is room for {room} more" if room else ""
        raise BadField(f"an encounter holds at most {MAX_COMBATANTS} combatants{more}",
                       field="count" if count > 1 else "sheet")
    ids = [combatant_id(f"c{int(first[1:]) + offset}") for offset in range(count)]
    for combatant in ids:
        if combatant in played.sheets:
            raise BadEncounter(f"combatant id {combatant!r} is added twice", field="id")
    sheet = system.read_sheet(data.get("sheet"))
    sheets = [sheet] if count == 1 else [
        system.read_sheet({**sheet.to_dict(), "name": name})
        for name in numbered(sheet.name, count, [played.sheets[other].name for other in played.order])]
    for combatant, one in zip(ids, sheets):
        played.order.append(combatant)
        played.fight = played.fight.joined(combatant)
        played.sheets[combatant] = one
        played.states[combatant] = system.fresh_state(one, options)
    if hidden:
        played.hidden = played.hidden | set(ids)
    if group:
        played.fight = played.fight.grouped(ids)
    unseen = ", hidden from the players" if hidden else ""
    if count == 1:
        played.reports.append(Report(f"{sheet.name} joins the encounter{unseen}", (), "Added"))
    else:
        names = [one.name for one in sheets]
        shared = (Step("They share one initiative roll: Initiative for all, or a round's start that rolls it, rolls "
                       "once for them.", SHARED),) if group else ()
        played.reports.append(Report(f"{count} \u00d7 {sheet.name} join the encounter{unseen}",
                                     (Step(f"{', '.join(names[:-1])} and {names[-1]} join the encounter.", RULE),
                                      *shared), f"{count} added"))
    recorded: dict[str, Any] = {"id": first, "sheet": sheet.to_dict()}
    if count > 1:
        recorded["count"] = count
    if hidden:
        recorded["hidden"] = True
    if group:
        recorded["group"] = True
    return recorded


def hide(played: Played, combatant: str, hidden: bool) -> dict[str, Any]:
    """Hide a combatant from the players, or reveal him; hiding one already hidden (or revealing one in sight) is
    refused, so a tap made twice changes nothing the second time."""
    name = played.sheets[combatant].name
    if (combatant in played.hidden) == hidden:
        raise BadField(f"{name} is already {'hidden from' if hidden else 'seen by'} the players", field="hidden")
    played.hidden = played.hidden | {combatant} if hidden else played.hidden - {combatant}
    title = f"{name} is hidden from the players" if hidden else f"{name} is revealed to the players"
    played.reports.append(Report(title, (), "Hidden" if hidden else "Revealed"))
    return {"id": combatant, "hidden": hidden}


def added_ids(data: Mapping[str, Any]) -> int:
    """How many ids a recorded add event took, from its first: its count."""
    return int(data.get("count", 1))


def numbered(name: str, count: int, taken: list[str]) -> list[str]:
    """The names of ``count`` combatants added at once as ``name``: the name with a number each, counting on from
    the number the name ends with (or 1), and past every number the roster's names already give it, so a second
    "4 × Thug" brings in Thug 5 to Thug 8. A name alone on the roster counts as its number 1, as a copy of it is its
    number 2 (:func:`copy_name`). A name too long for a number is cut short before it.

    >>> numbered("Thug", 3, [])
    ['Thug 1', 'Thug 2', 'Thug 3']
    >>> numbered("Thug", 2, ["Thug 1", "Thug 2", "Kit"]), numbered("Thug", 2, ["Thug"])
    (['Thug 3', 'Thug 4'], ['Thug 2', 'Thug 3'])
    >>> numbered("Room 101", 2, [])
    ['Room 101', 'Room 102']
    """
    base, start = _base(name)
    start = max([start] + [number + 1 for number in _numbers(base, taken)])
    return [with_number(base, start + offset) for offset in range(count)]


def copy_name(name: str, taken: list[str]) -> str:
    """The next free numbered name for a copy of one combatant.

    >>> copy_name("Goblin", ["Goblin"]), copy_name("Goblin 2", ["Goblin", "Goblin 2"])
    ('Goblin 2', 'Goblin 3')
    """
    base, _ = _base(name)
    return with_number(base, max(_numbers(base, taken), default=1) + 1)


def numbered_base(name: str) -> str:
    """A name without the number it ends with: the name its copies share ("Thug 3": "Thug")."""
    return _base(name)[0]


def _base(name: str) -> tuple[str, int]:
    """A name without the number it ends with, and that number (1 when it has none)."""
    match = _NUMBERED.fullmatch(name)
    return (match.group(1), int(match.group(2))) if match else (name, 1)


def _numbers(base: str, taken: list[str]) -> list[int]:
    """The numbers the names in ``taken`` give ``base``; the base alone is its number 1."""
    pattern = re.compile(re.escape(base) + r"(?: ([0-9]{1,4}))?")
    return [int(found.group(1) or 1) for other in taken if (found := pattern.fullmatch(other))]


def with_number(base: str, number: int) -> str:
    """``base`` with ``number`` after it, cut short before the number where the two are too long for a name."""
    suffix = f" {number}"
    return base[: fields.MAX_NAME - len(suffix)].rstrip() + suffix


def combatant_id(value: Any) -> str:
    """A combatant id as the encounter makes them: ``c`` and a number (ASCII digits only)."""
    if not isinstance(value, str) or not _COMBATANT_ID.fullmatch(value):
        shown = repr(value) if isinstance(value, str) and len(value) <= 12 else "this value"
        raise BadEncounter(f"{shown} is not a combatant id such as 'c1'", field="id")
    return value


def _changes(system: Any, old: Any, new: Any) -> list[str]:
    """What an edit changed, field by field, in the sheet form's own labels."""
    labels = {entry["name"]: entry["label"] for entry in system.sheet_schema()}
    before, after = old.to_dict(), new.to_dict()
    return [f"{labels.get(key, key)}: {_brief(before.get(key))} \u2192 {_brief(after.get(key))}."
            for key in after if before.get(key) != after.get(key)]


def _brief(value: Any) -> str:
    """A sheet value in a few words, for the log of an edit."""
    if isinstance(value, list):
        return ", ".join(_brief(item) for item in value) or "none"
    if isinstance(value, dict):
        return " ".join(str(part) for part in value.values() if part not in ("", None)) or "none"
    return str(value) if value not in ("", None) else "none"
