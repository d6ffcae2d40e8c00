"""A system-agnostic encounter: roster, options, and an event log replayed to get the state.

The log is the truth.  Adding (one or several), editing, removing, hiding or revealing a combatant
(rules/roster.py) and every
action (hand marks and time passing included) are events; an action's event
keeps the faces it rolled and which of them the app rolled.  The state at any point
is the replay of the log up to the cursor, so undo moves the cursor back, redo
moves it forward, and applying a new event drops whatever had been undone.
Replaying the same log gives the same state on any machine.

Replaying is not redone from the start on every move: an encounter keeps the replay at its cursor and a
checkpoint every CHECKPOINT_EVERY events, shared by every encounter made from it that keeps those events, so an
undo on a long log replays at most CHECKPOINT_EVERY - 1 events.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from . import cards, conditions, fields, moves, roster, share, turns
from .dice import DiceNeeded, DiceSource, RecordedDice
from .initiative import Shared
from .played import Played
from .errors import BadDice, BadEncounter, BadField, NothingToUndo, RulesError, UnknownCombatant
from .roster import MAX_COMBATANTS, combatant_id
from .report import Report, Step
from .systems import System, find_system

FORMAT = 3
# Every format this version reads. Format 1 (before the fight was run round by round) has no turn, condition or
# note events, and format 2 no hide events and no adds of several or of hidden combatants; their documents read as
# they are.
READS_FORMATS = (1, 2, 3)
MAX_EVENTS = 2000
MAX_ID = 999_999            # c999999, the longest id rules/roster.py reads
# A replay is kept every this many events. An undo replays at most this many less one, from the checkpoint before
# its cursor: a MegaTraveller hit's event replays in about 0.1 ms in CPython and 0.3 ms in Pyodide, and a
# checkpoint of n events costs a list of n report references.
CHECKPOINT_EVERY = 16
EVENT_TYPES = ("add", "edit", "remove", "hide", "action", "turn", "condition", "note")
ROLLING_EVENTS = ("action", "turn")     # events that may roll dice, under the options in effect


@dataclass(frozen=True)
class Event:
    """One entry of the log, as JSON-shaped data."""

    type: str
    data: Mapping[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}

    @cached_property
    def text(self) -> str:
        """The event's canonical JSON text, made once: an event never changes, and every encounter after it holds it."""
        return share.canonical(self.to_dict())


@dataclass(frozen=True)
class Encounter:
    system: System
    options: Any
    events: tuple[Event, ...] = ()
    cursor: int = 0
    # The highest combatant id number this encounter has given, in its log or not: an add undone, and dropped from
    # the log by the event recorded after it, keeps its ids, so a player choice that named one never names another
    # combatant (issue 48). Never less than the highest in the log; the document says it only where it is more.
    last_id: int = 0
    # The replay at the cursor, kept so one tap costs one step, not a replay of the whole log.
    played_at_cursor: Played | None = field(default=None, compare=False, repr=False)
    # The link's stream up to the end of these events (see link), kept with the events it holds, so one tap
    # compresses the one event it adds.
    events_stream: tuple[tuple[Event, ...], share.Stream] | None = field(default=None, compare=False, repr=False)
    # checkpoints[k] is the replay of the first (k + 1) * CHECKPOINT_EVERY events, never changed once made: every
    # encounter made from this one by undo, redo or a new event at the cursor keeps those before its cursor.
    checkpoints: tuple[Played, ...] = field(default=(), compare=False, repr=False)

    @staticmethod
    def new(system_id: Any, options: Any = None) -> Encounter:
        system = find_system(system_id)
        return Encounter(system, system.read_options(options))

    # -- the log -----------------------------------------------------------------

    def play(self, upto: int | None = None) -> Played:
        """Replay the log up to ``upto`` events (the cursor by default); the result is the caller's to change.
        It starts from the nearest replay kept before ``upto``: the cursor's, or a checkpoint's."""
        upto = self.cursor if upto is None else upto
        kept = min(upto // CHECKPOINT_EVERY, len(self.checkpoints))
        played, start = (self.checkpoints[kept - 1], kept * CHECKPOINT_EVERY) if kept else (None, 0)
        if self.played_at_cursor is not None and start <= self.cursor <= upto:
            played, start = self.played_at_cursor, self.cursor
        played = Played() if played is None else played.copy()
        for event in self.events[start:upto]:
            self._step(played, event)
        return played

    def replayed(self, start: int) -> Iterator[tuple[Event, Played, Played]]:
        """Each event from ``start`` to the cursor with the replay before it and after it: the players' log is
        written from what each event changed. Each replay is the caller's to keep."""
        played = self.play(start)
        for event in self.events[start: self.cursor]:
            before = played.copy()
            self._step(played, event)
            yield event, before, played.copy()

    def _moved(self, cursor: int) -> Encounter:
        """The same log with the cursor moved: its replay starts from the nearest one kept."""
        return replace(self, cursor=cursor, played_at_cursor=self.play(cursor))

    def _step(self, played: Played, event: Event, dice: DiceSource | None = None) -> dict[str, Any]:
        """Apply one event to ``played`` in place; return the event as it should be recorded."""
        data = event.data
        if event.type in roster.EVENTS:
            return roster.step(self.system, self.options, played, event.type, data)
        if event.type in ("condition", "note"):
            return self._table_note(played, event.type, data)
        if event.type == "turn":
            chosen = moves.read_move(data, played.fight, played.order, self.system.TURNS.by_initiative(self.options))

            def run(source: DiceSource) -> tuple[dict[str, Any], Report]:
                changed, played.fight, report = moves.move(self.system.TURNS, chosen, played.sheets, played.states,
                                                           played.fight, self.options, source)
                return changed, report
            return {**chosen, **self._rolled(played, data, dice, run)}
        action = fields.text(data, "action", "action", max_length=30)
        inputs = self.system.read_inputs(action, played.sheets, played.states, data.get("inputs"), self.options)

        def act(source: DiceSource) -> tuple[dict[str, Any], Report]:
            # An action that rolls initiative (SLA's Initiative) rolls once for a group, as the turns' moves do.
            shared = Shared(source, played.fight.groups, {who: sheet.name for who, sheet in played.sheets.items()})
            changed, report = self.system.apply(action, played.sheets, played.states, inputs, self.options, shared)
            return changed, shared.report(report)
        return {"action": action, "inputs": inputs, **self._rolled(played, data, dice, act)}

    def _rolled(self, played: Played, data: Mapping[str, Any], dice: DiceSource | None,
                run: Any) -> dict[str, Any]:
        """Run an event that may roll dice: with ``dice`` (a new event), or replaying the faces it recorded. Apply
        the states it changed and its report; return its dice as they should be recorded."""
        source = dice if dice is not None else RecordedDice(fields.mapping(data.get("dice", {}), "dice"))
        try:
            changed, report = run(source)
        except DiceNeeded as need:
            if dice is None:  # a recorded event lacks a roll: the document is wrong, there is nobody to ask
                raise BadDice(need.message, field=need.field) from need
            raise
        record = source.finish()
        app_rolled = source.rolled_by_app if dice is not None else _app_rolled(data.get("app", {}), record)
        played.states.update(changed)
        played.reports.append(report.marking_app_rolls(app_rolled))
        recorded: dict[str, Any] = {"dice": record}
        if app_rolled:
            recorded["app"] = app_rolled
        return recorded

    def _table_note(self, played: Played, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """A condition given or taken away, or a note written: the game master's own, beside the rules' states."""
        combatant = combatant_id(data.get("id"))
        if combatant not in played.sheets:
            raise UnknownCombatant(f"combatant {combatant!r} is not in this encounter", field="id")
        name = played.sheets[combatant].name
        if kind == "note":
            text = data.get("text")
            text = "" if text in ("", None) else fields.text(data, "text", "text", max_length=turns.MAX_NOTE).strip()
            played.fight = played.fight.with_note(combatant, text)
            played.reports.append(Report(f"Note on {name}", (Step(text, "Notes"),) if text else (),
                                         "Note written" if text else "Note cleared"))
            return {"id": combatant, "text": text}
        held = played.fight.conditions_of(combatant)
        chosen = conditions.read_condition(data, held, combatant, played.order)
        if chosen["change"] == "remove":
            gone = held[chosen["index"]]
            played.fight = played.fight.with_conditions(combatant, held[: chosen["index"]] + held[chosen["index"] + 1:])
            played.reports.append(Report(f"{name}: {gone.name} removed", (), f"{gone.name} removed"))
        else:
            condition = conditions.given(chosen, played.fight.under_way(chosen.get("by", "")))
            played.fight = played.fight.with_conditions(combatant, held + (condition,))
            played.reports.append(Report(f"{name}: {condition.name}", (), conditions.given_words(
                condition, {who: played.sheets[who].name for who in played.order})))
        return {"id": combatant, **chosen}

    def record(self, event_type: str, data: Mapping[str, Any], dice: DiceSource | None = None) -> tuple[Encounter, Report]:
        """Apply a new event at the cursor; anything undone past the cursor is dropped."""
        if self.cursor >= MAX_EVENTS:
            raise BadField(f"the log is full ({MAX_EVENTS} events); start a new encounter", field="encounter")
        played = self.play()
        if event_type == "add":
            data = {**data, "id": f"c{self.last_id + 1}"}
        recorded = self._step(played, Event(event_type, data), dice)
        event = Event(event_type, recorded)
        kept = self.events if self.cursor == len(self.events) else self.events[: self.cursor]
        stream = _stream(kept, self.events_stream)      # made afresh when the undone events are dropped
        events = kept + (event,)
        checkpoints = self.checkpoints[: self.cursor // CHECKPOINT_EVERY]
        if len(events) % CHECKPOINT_EVERY == 0 and len(checkpoints) == len(events) // CHECKPOINT_EVERY - 1:
            checkpoints += (played,)
        return (replace(self, events=events, cursor=self.cursor + 1, played_at_cursor=played,
                        last_id=max(self.last_id, _highest_id((event,))),
                        events_stream=(events, stream.grown(("," if kept else "") + event.text)),
                        checkpoints=checkpoints), played.reports[-1])

    def check(self, event_type: str, data: Mapping[str, Any], dice: DiceSource | None = None) -> None:
        """Refuse, as :meth:`record` would, an event that this encounter would refuse; change nothing and keep nothing
        (the replay it is tried on is a copy). An action whose dice run out raises :class:`DiceNeeded` as there."""
        if self.cursor >= MAX_EVENTS:
            raise BadField(f"the log is full ({MAX_EVENTS} events); start a new encounter", field="encounter")
        played = self.play()
        if event_type == "add":
            data = {**data, "id": f"c{self.last_id + 1}"}
        self._step(played, Event(event_type, data), dice)

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
        if any(event.type in ROLLING_EVENTS for event in self.events):
            raise BadField("options are fixed once the first action is resolved; start a new encounter to change them",
                           field="options")
        self.system.read_options(options)           # a bad option is named at its own field, before any replay
        return Encounter.from_dict({**self.to_dict(), "options": options})

    # -- documents ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "system": self.system.ID, "options": self.system.options_to_dict(self.options),
                "events": [event.to_dict() for event in self.events], "cursor": self.cursor, **self._ids_given()}

    def _ids_given(self) -> dict[str, int]:
        """``last_id``, where the log no longer shows the highest id given (its add undone and dropped)."""
        return {"last_id": self.last_id} if self.last_id > _highest_id(self.events) else {}

    def link(self, *, check: bool = False) -> str:
        """The share link's fragment (:func:`share.encode`, ``check`` as there). Its JSON holds the document with the
        events first: a tap then compresses the one event it adds, and the cursor, options and system after them.
        """
        return _stream(self.events, self.events_stream).fragment(f'],"cursor":{self.cursor},{self._rest()}', check=check)

    def text(self) -> str:
        """``share.canonical(self.to_dict())``, joined from the events' kept texts, so a tap on a long encounter writes
        out its one new event, not the whole log again.  Sorted, the document's keys put ``events`` after ``cursor``
        and before the rest."""
        return f'{{"cursor":{self.cursor},"events":[{",".join(event.text for event in self.events)}],{self._rest()}'

    def _rest(self) -> str:
        """The canonical text of the document's last keys, after ``cursor`` and ``events``, without its opening brace."""
        return share.canonical({"format": FORMAT, "options": self.system.options_to_dict(self.options),
                                "system": self.system.ID, **self._ids_given()})[1:]

    @staticmethod
    def from_dict(data: Any) -> Encounter:
        """Read and fully check an encounter: every event is replayed, its dice included."""
        try:
            data = fields.mapping(data, "encounter")
            if data.get("format") not in READS_FORMATS:
                raise BadEncounter("this is not an encounter this version of Woundbook can read (formats "
                                   f"{', '.join(map(str, READS_FORMATS))})")
            raw_events = data.get("events", [])
            if not isinstance(raw_events, list) or len(raw_events) > MAX_EVENTS:
                raise BadEncounter(f"events must be a list of at most {MAX_EVENTS} entries")
            events = [_read_event(raw, index) for index, raw in enumerate(raw_events)]
            cursor = fields.integer(data, "cursor", "cursor", 0, len(events), default=len(events))
            encounter = Encounter.new(data.get("system"), data.get("options"))
            played = Played()
            at_cursor = played.copy()
            checkpoints: list[Played] = []
            for index, event in enumerate(events):
                try:
                    events[index] = Event(event.type, encounter._step(played, event))
                except RulesError as error:
                    raise BadEncounter(f"entry {index + 1} of the log ({_EVENT_WORDS[event.type]}) cannot be "
                                       f"replayed: {error.message}") from error
                if index + 1 == cursor:
                    at_cursor = played.copy()
                if (index + 1) % CHECKPOINT_EVERY == 0:
                    checkpoints.append(played.copy())
            kept = tuple(events)
            last_id = max(fields.integer(data, "last_id", "last_id", 0, MAX_ID, default=0), _highest_id(kept))
            return replace(encounter, events=kept, cursor=cursor, last_id=last_id, played_at_cursor=at_cursor,
                           events_stream=(kept, _stream(kept, None)), checkpoints=tuple(checkpoints))
        except BadEncounter:
            raise
        except RulesError as error:
            raise BadEncounter(f"this encounter is not valid: {error.message}", field=error.field) from error

    # -- what the page draws -----------------------------------------------------

    def view(self, log_kept: int = 0) -> dict[str, Any]:
        """What the page draws.  ``log`` holds the log entries after the first ``log_kept`` (0: all of them), for
        a caller that already holds those: an entry depends only on the events up to it, so a tap that adds one
        event sends one entry, not the whole log again."""
        played = self.play()
        names = {who: played.sheets[who].name for who in played.order}
        log_kept = max(0, min(log_kept, len(played.reports)))
        return {
            "system": {"id": self.system.ID, "name": self.system.NAME, "source": self.system.SOURCE},
            "options": self.system.options_to_dict(self.options),
            "roster": [cards.entry(combatant, cards.card(self.system, played.sheets[combatant], played.states[combatant],
                                                         self.options),
                                   [condition.shown(names) for condition in played.fight.conditions_of(combatant)],
                                   played.fight.note_of(combatant), hidden=combatant in played.hidden)
                       for combatant in played.order],
            "fight": turns.view(self.system.TURNS, played.sheets, played.states, played.fight, self.options),
            "log": [{"index": index + 1, **played.reports[index].to_dict()} for index in range(log_kept, len(played.reports))],
            "log_kept": log_kept,
            "options_fixed": any(event.type in ROLLING_EVENTS for event in self.events),
            "can_undo": self.cursor > 0,
            "can_redo": self.cursor < len(self.events),
            "undo_label": played.reports[-1].title if played.reports else None,
            "redo_label": self._redo_label(),
        }

    def _redo_label(self) -> str | None:
        if self.cursor >= len(self.events):
            return None
        return self.play(self.cursor + 1).reports[-1].title


def _stream(events: tuple[Event, ...], kept: tuple[tuple[Event, ...], share.Stream] | None) -> share.Stream:
    """The link's stream up to the end of ``events``: the one kept with these very events, else made afresh."""
    if kept is not None and kept[0] is events:
        return kept[1]
    return share.Stream().grown('{"events":[' + ",".join(event.text for event in events))


_EVENT_WORDS = {"add": "adding a combatant", "edit": "editing a sheet", "remove": "removing a combatant",
                "hide": "hiding or revealing a combatant",
                "action": "an action", "turn": "a turn moved on", "condition": "a condition", "note": "a note"}


def _highest_id(events: tuple[Event, ...]) -> int:
    """The highest combatant id number the adds of ``events`` gave."""
    numbers = [int(str(event.data["id"])[1:]) + roster.added_ids(event.data) - 1 for event in events if event.type == "add"]
    return max(numbers, default=0)


def _app_rolled(value: Any, record: Mapping[str, Any]) -> dict[str, int]:
    """How many of each roll's last faces the app rolled (the others were typed in at the table)."""
    if not isinstance(value, dict) or not all(
            isinstance(name, str) and name in record and isinstance(count, int) and not isinstance(count, bool)
            and 0 < count <= len(record[name]) for name, count in value.items()):
        raise BadEncounter("the record of dice rolled by the app does not fit the dice of this action", field="events")
    return dict(value)


def _read_event(raw: Any, index: int) -> Event:
    raw = fields.mapping(raw, f"entry {index + 1} of the log")
    if raw.get("type") not in EVENT_TYPES:
        raise BadEncounter(f"entry {index + 1} of the log is of no known type", field="events")
    return Event(str(raw["type"]), {key: value for key, value in raw.items() if key != "type"})
