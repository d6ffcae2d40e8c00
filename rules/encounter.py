"""A system-agnostic encounter: roster, options, and an event log replayed to get the state.

The log is the truth.  Adding or removing a combatant and every action are
events; an action's event keeps the faces it rolled.  The state at any point
is the replay of the log up to the cursor, so undo moves the cursor back, redo
moves it forward, and applying a new event drops whatever had been undone.
Replaying the same log gives the same state on any machine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from . import fields
from .dice import DiceSource, GivenDice
from .errors import BadEncounter, BadField, NothingToUndo, RulesError, UnknownCombatant
from .report import Report
from .systems import System, find_system

FORMAT = 1
MAX_EVENTS = 2000
MAX_COMBATANTS = 40
EVENT_TYPES = ("add", "remove", "action")


@dataclass(frozen=True)
class Event:
    """One entry of the log, as JSON-shaped data."""

    type: str
    data: Mapping[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}


@dataclass
class Played:
    """The result of replaying a log: who is here, their states, and what happened."""

    order: list[str] = field(default_factory=list)
    sheets: dict[str, Any] = field(default_factory=dict)
    states: dict[str, Any] = field(default_factory=dict)
    reports: list[Report] = field(default_factory=list)

    def copy(self) -> Played:
        """A copy to apply more events to; sheets, states and reports are immutable, so shallow is enough."""
        return Played(list(self.order), dict(self.sheets), dict(self.states), list(self.reports))


@dataclass(frozen=True)
class Encounter:
    system: System
    options: Any
    events: tuple[Event, ...] = ()
    cursor: int = 0
    # The replay at the cursor, kept so one tap costs one step, not a replay of the whole log.
    played_at_cursor: Played | None = field(default=None, compare=False, repr=False)

    @staticmethod
    def new(system_id: Any, options: Any = None) -> Encounter:
        system = find_system(system_id)
        return Encounter(system, system.read_options(options))

    # -- the log -----------------------------------------------------------------

    def play(self, upto: int | None = None) -> Played:
        """Replay the log up to ``upto`` events (the cursor by default); the result is the caller's to change."""
        upto = self.cursor if upto is None else upto
        if self.played_at_cursor is not None and upto >= self.cursor:
            played, start = self.played_at_cursor.copy(), self.cursor
        else:
            played, start = Played(), 0
        for event in self.events[start:upto]:
            self._step(played, event)
        return played

    def _moved(self, cursor: int) -> Encounter:
        played = self.play(cursor) if cursor >= self.cursor else None
        return replace(self, cursor=cursor, played_at_cursor=played)

    def _step(self, played: Played, event: Event, dice: DiceSource | None = None) -> dict[str, Any]:
        """Apply one event to ``played`` in place; return the event as it should be recorded."""
        data = event.data
        if event.type == "add":
            if len(played.order) >= MAX_COMBATANTS:
                raise BadField(f"an encounter holds at most {MAX_COMBATANTS} combatants", field="sheet")
            combatant = str(data["id"])
            if combatant in played.sheets:
                raise BadEncounter(f"combatant id {combatant!r} is added twice", field="id")
            sheet = self.system.read_sheet(data.get("sheet"))
            played.order.append(combatant)
            played.sheets[combatant] = sheet
            played.states[combatant] = self.system.fresh_state(sheet, self.options)
            played.reports.append(Report(f"{sheet.name} joins the encounter", (), "Added"))
            return {"id": combatant, "sheet": sheet.to_dict()}
        if event.type == "remove":
            combatant = str(data.get("id"))
            if combatant not in played.sheets:
                raise UnknownCombatant(f"combatant {combatant!r} is not in this encounter", field="id")
            name = played.sheets[combatant].name
            played.order.remove(combatant)
            del played.sheets[combatant], played.states[combatant]
            played.reports.append(Report(f"{name} leaves the encounter", (), "Removed"))
            return {"id": combatant}
        action = data.get("action")
        source = dice if dice is not None else GivenDice(fields.mapping(data.get("dice", {}), "dice"))
        changed, report = self.system.apply(str(action), played.sheets, played.states, data.get("inputs"),
                                            self.options, source)
        record = source.finish()
        played.states.update(changed)
        played.reports.append(report)
        return {"action": action, "inputs": data.get("inputs"), "dice": record}

    def record(self, event_type: str, data: Mapping[str, Any], dice: DiceSource | None = None) -> tuple[Encounter, Report]:
        """Apply a new event at the cursor; anything undone past the cursor is dropped."""
        if self.cursor >= MAX_EVENTS:
            raise BadField(f"the log is full ({MAX_EVENTS} events); start a new encounter", field="encounter")
        played = self.play()
        if event_type == "add":
            data = {"id": f"c{_next_id(self.events[: self.cursor])}", **data}
        recorded = self._step(played, Event(event_type, data), dice)
        event = Event(event_type, recorded)
        return (replace(self, events=self.events[: self.cursor] + (event,), cursor=self.cursor + 1,
                        played_at_cursor=played), played.reports[-1])

    def undo(self) -> Encounter:
        if self.cursor == 0:
            raise NothingToUndo("there is nothing to undo")
        return self._moved(self.cursor - 1)

    def redo(self) -> Encounter:
        if self.cursor >= len(self.events):
            raise NothingToUndo("there is nothing to redo")
        return self._moved(self.cursor + 1)

    def with_options(self, options: Any) -> Encounter:
        """New options replay the whole log; refused once an action has rolled dice under the old ones."""
        if any(event.type == "action" for event in self.events):
            raise BadField("options are fixed once the first action is resolved; start a new encounter to change them",
                           field="options")
        return Encounter.from_dict({**self.to_dict(), "options": options})

    # -- documents ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "system": self.system.ID, "options": self.system.options_to_dict(self.options),
                "events": [event.to_dict() for event in self.events], "cursor": self.cursor}

    @staticmethod
    def from_dict(data: Any) -> Encounter:
        """Read and fully check an encounter: every event is replayed, its dice included."""
        try:
            data = fields.mapping(data, "encounter")
            if data.get("format") != FORMAT:
                raise BadEncounter(f"encounter format {data.get('format')!r} is not supported; expected {FORMAT}")
            raw_events = data.get("events", [])
            if not isinstance(raw_events, list) or len(raw_events) > MAX_EVENTS:
                raise BadEncounter(f"events must be a list of at most {MAX_EVENTS} entries")
            events = tuple(_read_event(raw, index) for index, raw in enumerate(raw_events))
            cursor = fields.integer(data, "cursor", "cursor", 0, len(events), default=len(events))
            encounter = Encounter.new(data.get("system"), data.get("options"))
            encounter = replace(encounter, events=events, cursor=cursor)
            played = Played()
            at_cursor = played.copy()
            for index, event in enumerate(events):
                try:
                    encounter._step(played, event)
                except RulesError as error:
                    raise BadEncounter(f"event {index + 1} ({event.type}) cannot be replayed: {error.message}") from error
                if index + 1 == cursor:
                    at_cursor = played.copy()
            return replace(encounter, played_at_cursor=at_cursor)
        except BadEncounter:
            raise
        except RulesError as error:
            raise BadEncounter(f"this encounter is not valid: {error.message}", field=error.field) from error

    # -- what the page draws -----------------------------------------------------

    def view(self) -> dict[str, Any]:
        played = self.play()
        return {
            "system": {"id": self.system.ID, "name": self.system.NAME},
            "options": self.system.options_to_dict(self.options),
            "roster": [{"id": combatant, **self.system.view(played.sheets[combatant], played.states[combatant], self.options)}
                       for combatant in played.order],
            "log": [{"index": index + 1, **report.to_dict()} for index, report in enumerate(played.reports)],
            "can_undo": self.cursor > 0,
            "can_redo": self.cursor < len(self.events),
            "undo_label": played.reports[-1].title if played.reports else None,
            "redo_label": self._redo_label(),
        }

    def _redo_label(self) -> str | None:
        if self.cursor >= len(self.events):
            return None
        return self.play(self.cursor + 1).reports[-1].title


def _next_id(events: tuple[Event, ...]) -> int:
    numbers = [int(str(event.data.get("id", "c0"))[1:] or 0) for event in events if event.type == "add"]
    return max(numbers, default=0) + 1


def _read_event(raw: Any, index: int) -> Event:
    where = f"events[{index}]"
    raw = fields.mapping(raw, where)
    event_type = fields.choice(raw, "type", f"{where}.type", EVENT_TYPES)
    data = {key: value for key, value in raw.items() if key != "type"}
    if event_type in ("add", "remove"):
        combatant = fields.text(raw, "id", f"{where}.id", max_length=12)
        if not (combatant.startswith("c") and combatant[1:].isdigit()):
            raise BadEncounter(f"{where}.id {combatant!r} is not a combatant id such as 'c1'", field=f"{where}.id")
    return Event(event_type, data)
