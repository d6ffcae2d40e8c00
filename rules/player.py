"""The players' view of an encounter: a read-only snapshot the game master hands round as a link.

It carries only what the players may see, so a player who decodes the link finds nothing more: the round and
whose turn it is, the order of the phase (an Initiative Total beside the players' characters only), each combatant's
wounds and conditions (for the players' characters their wound tracks, charts and diagrams; for the others, by the
game master's choice, the same or only plain words: "Unhurt", "Scratched", "Wounded", "Down", "Out of the fight"),
and the latest log entries.

Everything in it is built from what players may see, never filtered out of the game master's text: the wound
widgets are the systems' ``player_widgets`` (no gear, no stats, no taps), and each log entry is written afresh from
the event's facts: what was done (the action's label in the system's schema, a turn's move, a condition), by whom
and to whom (by id, named as they are named now; one removed since is "someone who has left"), and what players may
see of the result: how each combatant it changed stands, before and after, as the players' view shows them, and
the order when it changed. Never in it: the event log, the reports' titles, steps or outcomes, sheets, stats, gear,
notations, what marked a box, notes, dice, or the others' Initiative Totals.

A combatant the game master hides (rules/roster.py) is not in it at all: not on the roster or in the order, not as
whose turn it is (the players see "Round 2", the round going on, in the view and in a turn's entry, as they do when
it is nobody's turn), not in an order or a status line of the log, and no entry that would name him (his action, an
action on him, his condition, his delay) is written; the latest entries are those left. It is worked out from who is
hidden now, as names are: a combatant revealed is seen in the entries before his reveal too, the fight as it
happened, and one removed while hidden is never named. Nothing in the view counts the hidden: its combatants carry
ids of its own (``p1``, ``p2``: their places among those seen), its log entries are numbered among themselves, and a
copy numbered among hidden ones is numbered afresh among those seen (:func:`shown_names`).

The link is ``p1.`` and the view's JSON deflated and in base64url, read back with the limits a share link has.

>>> from .encounter import Encounter
>>> encounter, _ = Encounter.new("typed").record("add", {"sheet": {"name": "Cyrus"}})
>>> fragment = link(encounter, players=["c1"], npcs="status")
>>> fragment.startswith("p1."), read(fragment)["roster"][0]["name"]
(True, 'Cyrus')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import conditions, fields, share, turns
from .errors import BadField, BadLink, RulesError
from .fields import MAX_NAME
from .roster import numbered_base, with_number

VERSION = "p1"
FORMAT = 1
NPC_DETAIL = ("tracks", "status")
LOG_ENTRIES = 12
TOLD = ("action", "turn", "condition")      # the roster shows who is here; a note is the game master's
WOUND_WIDGETS = ("track", "grid", "meters", "hexes")      # what a wound looks like, not what a sheet says
PLAIN_STATUS = {"ok": "Unhurt", "hurt": "Wounded", "down": "Down", "out": "Out of the fight"}
# Severity ok, but the card says something else than it said of him fresh (Typed Damage's Scratched, FUDGE's
# Scratch): a light wound, never "Unhurt" (issue 36). The level's own name and penalty stay hidden.
TOUCHED = "Scratched"
# Why a turn is skipped, for one shown only by those words: the same words, never the system's reason.
PLAIN_UNABLE = {"down": "down", "out": "out of the fight"}
UNABLE_OTHERWISE = "cannot act"
SEVERITIES = tuple(PLAIN_STATUS)
MAX_ROUND = 100_000         # a fight's round as a link may say it: a log of MAX_EVENTS never gets near
ALL_WIDGETS = WOUND_WIDGETS
STANDS = ("current", "waiting", "done", "delayed", "unable", "idle")
GONE = "someone who has left"
# Every text in a link has a bound, which both readers check alike (here and web/js/player-link.js): a text of any
# length drawn on a phone can hold it up for as long as its length squared (one letter under 180,000 combining marks
# took 41 s to lay out, issue 48). The view writes its own texts within them, cut with an ellipsis where needed.
MAX_ID = 12                 # a combatant's id in the view ("p7")
MAX_STATUS = 80             # a status text ("Wounded", "Hurt (-1)")
MAX_PHASE = 80              # a phase's name
MAX_TITLE = 400             # a log entry's title ("Attack: Ogre \u2192 Cyrus, Kit")
MAX_OUTCOME = 2000          # a log entry's outcome: the order and each status changed
MAX_WIDGET_TEXT = 200       # any text in a wound widget (a level's name, a box's mark, a summary)
MAX_WIDGET_ITEMS = 1000     # the items of a card's wound widgets' lists, all told (boxes, rows, cells): each is drawn
MAX_WIDGETS = 8             # a card's wound widgets
MOVES = {"start": "The fight begins", "next": "Next turn", "order": "Turn order changed",
         "initiative": "Initiative for all", "end": "The fight ends"}


def view(encounter: Any, players: Any, npcs: str) -> dict[str, Any]:
    """The players' view: ``players`` are the ids of the players' characters; ``npcs`` is ``tracks`` (the others'
    wound widgets shown) or ``status`` (only wounded or down)."""
    if npcs not in NPC_DETAIL:
        raise BadField("npcs must be \"tracks\" (their wounds shown) or \"status\" (only wounded or down)",
                       field="npcs")
    played = encounter.play()
    if not isinstance(players, list) or any(not isinstance(who, str) or who not in played.sheets for who in players):
        raise BadField("players must list the ids of combatants in this encounter", field="players")
    seen = Seen(encounter, players, npcs, played.hidden)
    visible = seen.visible(played.order)
    seen.names = shown_names(played, visible)
    own = {who: f"p{place}" for place, who in enumerate(visible, start=1)}     # ids that count only the seen
    roster = []
    for who in visible:
        sheet, state = played.sheets[who], played.states[who]
        roster.append({"id": own[who], "name": seen.names[who], "player": who in players,
                       "status": seen.status(sheet, state, who),
                       "widgets": encounter.system.player_widgets(sheet, state, encounter.options)
                       if seen.wounds_shown(who) else [],
                       "conditions": [condition.to_dict() for condition in played.fight.conditions_of(who)],
                       "note": ""})
    fight = turns.view(encounter.system.TURNS, played.sheets, played.states, played.fight, encounter.options)
    return {"format": FORMAT, "system": {"name": encounter.system.NAME}, "npcs": npcs,
            "fight": {"started": fight["started"], "round": fight["round"], "phase": _cut(fight["phase"], MAX_PHASE),
                      "current": own.get(fight["current"]),
                      "order": [{**entry, "id": own[entry["id"]]} for entry in seen.order(played)]},
            "roster": roster, "log": _log(encounter, seen, seen.names)}


def shown_names(played: Any, visible: list[str]) -> dict[str, str]:
    """The names the players see: the game master's, but for copies numbered among hidden ones ("Ambusher 3"
    revealed while Ambusher 1 and 2 lie in wait), numbered afresh among those seen ("Ambusher"; "Ambusher 1" and
    "Ambusher 2" when two are seen), so no name counts the hidden."""
    names = {who: played.sheets[who].name for who in visible}
    unseen = {numbered_base(played.sheets[who].name) for who in played.order if who not in names}
    groups: dict[str, list[str]] = {}
    for who in visible:
        base = numbered_base(names[who])
        if base in unseen:
            groups.setdefault(base, []).append(who)
    for base, group in groups.items():
        for place, who in enumerate(group, start=1):
            names[who] = base if len(group) == 1 else with_number(base, place)
    return names


class Seen:
    """What the players see of a replay: each combatant's status and the order, for the roster and for the log."""

    def __init__(self, encounter: Any, players: list[str], npcs: str, hidden: frozenset[str] = frozenset()) -> None:
        self.system, self.options, self.players, self.npcs = encounter.system, encounter.options, players, npcs
        self.hidden = hidden        # hidden from the players now: never shown, never named
        self.names: dict[str, str] = {}     # the names the players see (shown_names), by the encounter's ids
        # The system's status of each (sheet, state) worked out so far, kept with the objects themselves: the state
        # after one entry is the state before the next, and an event leaves the states it does not touch alone.
        self.worded: dict[tuple[int, int], tuple[Any, Any, dict[str, str]]] = {}
        self.fresh: dict[int, tuple[Any, str]] = {}     # each sheet's status text before anything happened to it

    def visible(self, order: list[str]) -> list[str]:
        return [who for who in order if who not in self.hidden]

    def wounds_shown(self, who: str) -> bool:
        return who in self.players or self.npcs == "tracks"

    def status(self, sheet: Any, state: Any, who: str) -> dict[str, str]:
        """The status as the system words it, or for a combatant shown only by status, the plain words for its
        severity ("Scratched" for one the card calls anything but what it called him fresh, at severity ok)."""
        status = self.card_status(sheet, state)
        if self.wounds_shown(who):
            return {"text": _cut(status["text"], MAX_STATUS), "severity": status["severity"]}
        severity = status["severity"]
        touched = severity == "ok" and status["text"] != self.fresh_text(sheet)
        return {"text": TOUCHED if touched else PLAIN_STATUS[severity], "severity": severity}

    def card_status(self, sheet: Any, state: Any) -> dict[str, str]:
        kept = self.worded.get((id(sheet), id(state)))
        if kept is None or kept[0] is not sheet or kept[1] is not state:
            kept = (sheet, state, self.system.view(sheet, state, self.options)["status"])
            self.worded[(id(sheet), id(state))] = kept
        status: dict[str, str] = kept[2]
        return status

    def fresh_text(self, sheet: Any) -> str:
        kept = self.fresh.get(id(sheet))
        if kept is None or kept[0] is not sheet:
            fresh = self.system.fresh_state(sheet, self.options)
            kept = (sheet, self.system.view(sheet, fresh, self.options)["status"]["text"])
            self.fresh[id(sheet)] = kept
        text: str = kept[1]
        return text

    def why(self, played: Any, who: str, why: str) -> str:
        """Why his turn is skipped: the system's reason beside the wounds it follows from, or for one shown only by
        status, the plain word for it (issue 36: the view had no reason, and the page said "undefined")."""
        if self.wounds_shown(who):
            return why
        severity = self.card_status(played.sheets[who], played.states[who])["severity"]
        return PLAIN_UNABLE.get(severity, UNABLE_OTHERWISE)

    def order(self, played: Any) -> list[dict[str, str]]:
        """The order of the phase, each with where he stands, and a label (an Initiative Total) beside the players'
        characters only: the others' are worked out from their stats."""
        fight = turns.view(self.system.TURNS, played.sheets, played.states, played.fight, self.options)
        order = []
        for entry in fight["order"]:
            if entry["id"] in self.hidden:
                continue
            seen = {name: entry[name] for name in ("id", "name", "label", "stands") if entry.get(name)
                    and (name != "label" or entry["id"] in self.players)}
            seen["name"] = self.names.get(entry["id"], entry["name"])
            if entry["stands"] == "unable":
                seen["why"] = self.why(played, entry["id"], entry.get("why", ""))
            order.append(seen)
        return order


class _Unseen(Exception):
    """Raised while writing an entry that would name a combatant hidden from the players: the entry is left out."""


def _log(encounter: Any, seen: Seen, names_now: dict[str, str]) -> list[dict[str, Any]]:
    """The latest entries, each written from the event and from what it changed that players see. Entries that
    would name a hidden combatant are left out; the replay then starts further back, until there are as many as
    the view holds or the log has no more."""
    told = [index for index, event in enumerate(encounter.events[: encounter.cursor]) if event.type in TOLD]
    if not told:
        return []
    actions = {action["id"]: action for action in encounter.system.action_schema()}

    def name(who: Any) -> str:
        if who in seen.hidden:
            raise _Unseen
        return names_now.get(who, GONE)
    span = LOG_ENTRIES
    while True:
        first = told[-span:][0]
        entries = []
        for event, before, after in encounter.replayed(first):
            if event.type not in TOLD:
                continue
            try:
                entries.append({"title": _cut(_title(event, before, actions, name), MAX_TITLE),
                                "outcome": _cut(_outcome(event, before, after, seen, name), MAX_OUTCOME)})
            except _Unseen:
                continue
        if len(entries) >= LOG_ENTRIES or span >= len(told):
            return [{**entry, "index": place} for place, entry in enumerate(entries[-LOG_ENTRIES:], start=1)]
        span *= 2


def _title(event: Any, before: Any, actions: dict[str, Any], name: Callable[[Any], str]) -> str:
    """What was done, and by and to whom: "Attack: Ogre \u2192 Cyrus", "The fight begins", "Cyrus: Blinded"."""
    data = event.data
    if event.type == "turn":
        move = data["move"]
        if move == "delay":
            return f"{name(before.fight.current)} delays"
        return f"{name(data['id'])} acts now" if move == "act" else MOVES[move]
    if event.type == "condition":
        if data["change"] == "remove":
            return f"{name(data['id'])}: {before.fight.conditions_of(data['id'])[data['index']].name} removed"
        return f"{name(data['id'])}: {data['name']}"
    action = actions[data["action"]]
    inputs = data["inputs"]

    def named(roles: tuple[str, ...], leaving: tuple[str, ...] = ()) -> list[str]:
        chosen = [inputs.get(entry["name"]) for entry in action["inputs"]
                  if entry["kind"] == "combatant" and entry.get("role") in roles]
        return [name(who) for who in dict.fromkeys(chosen) if isinstance(who, str) and who and who not in leaving]
    actors = named(("actor",))
    targets = named(("target",), tuple(inputs.get(entry["name"]) for entry in action["inputs"]
                                      if entry["kind"] == "combatant" and entry.get("role") == "actor"))
    if actors and targets:
        return f"{action['label']}: {', '.join(actors)} \u2192 {', '.join(targets)}"
    return f"{action['label']}: {', '.join(actors + targets)}" if actors or targets else str(action["label"])


def _outcome(event: Any, before: Any, after: Any, seen: Seen, name: Callable[[Any], str]) -> str:
    """What players see of the result: whose turn it is after a turn's move, a condition's length, the order when
    the fight starts or someone moves in it (labels alone change with every action spent), and each combatant whose
    status changed, before and after."""
    parts = []
    rolled = event.type == "turn" and event.data["move"] == "initiative"     # the order may be set before the fight
    if event.type == "turn" and not (rolled and not after.fight.started):
        fight = after.fight
        if fight.started and (fight.current is None or fight.current in seen.hidden):
            # A hidden combatant's turn and nobody's read alike, as the round going on: "nobody's turn" said only
            # when no one hidden acts would tell the players when one does (issue 48).
            parts.append(f"Round {fight.round}")
        else:
            parts.append(f"Round {fight.round}: {name(fight.current)}'s turn" if fight.started else "The fight is over")
    if event.type == "condition" and event.data["change"] == "add":
        rounds = event.data["rounds"]
        parts.append(f"{event.data['name']} {'for ' if rounds else ''}{conditions.rounds_words(rounds)}")
    if after.fight.started or rolled:
        now = seen.order(after)
        if now and ([entry["id"] for entry in now] != [entry["id"] for entry in seen.order(before)]
                    or not before.fight.started):
            parts.append("Order: " + ", ".join(name(entry["id"]) + (f" ({entry['label']})" if "label" in entry else "")
                                               for entry in now))
    for who in seen.visible(after.order):
        if who in before.states and after.states[who] is not before.states[who]:
            was = seen.status(before.sheets[who], before.states[who], who)["text"]
            is_now = seen.status(after.sheets[who], after.states[who], who)["text"]
            if was != is_now:
                parts.append(f"{name(who)}: {was} \u2192 {is_now}")
    return "; ".join(parts) or "No change the players can see"


def _cut(text: str, most: int) -> str:
    """A text the view writes, within its bound: cut with an ellipsis where longer."""
    return text if len(text) <= most else text[: most - 1] + "\u2026"


def link(encounter: Any, players: Any, npcs: str) -> str:
    return share.encode(view(encounter, players, npcs), version=VERSION)


def read(fragment: Any) -> dict[str, Any]:
    """A players' view from its link, checked: its shape is the one :func:`view` writes, and every text in it is
    short, so the page draws it as it draws its own cards or says that the link is damaged.

    A player's page reads the link without Python (web/js/player-link.js), with these checks in this order and the
    same words; this is the reference it is compared with (tests/rules/test_player_link_js.py), so a check changed
    here is changed there."""
    document = share.decode(fragment, version=VERSION, strict=True)
    if document.get("format") != FORMAT:
        raise BadLink("this player view was made by another version of Woundbook and cannot be shown")
    try:
        _check_view(document)
    except (KeyError, TypeError, ValueError, AttributeError, RulesError) as error:
        raise BadLink("this player view link is damaged: its contents are not a player view") from error
    return document


def _check_view(document: dict[str, Any]) -> None:
    fields.text(document["system"], "name", "system", max_length=100)
    fight = document["fight"]
    if not _whole(fight["round"], 0, MAX_ROUND) or not isinstance(fight["order"], list) or len(fight["order"]) > 40:
        raise ValueError("fight")
    if fight["current"] is not None and not _short(fight["current"], MAX_ID) or not _short(fight["phase"], MAX_PHASE):
        raise ValueError("fight")
    for entry in fight["order"]:
        if not _short(entry["id"], MAX_ID):
            raise ValueError("order")
        fields.text(entry, "name", "name", max_length=MAX_NAME)
        label = entry.get("label", "")
        if entry["stands"] not in STANDS or not isinstance(label, str) or len(label) > 80:
            raise ValueError("order")
        if not isinstance(entry.get("why", ""), str) or len(entry.get("why", "")) > 200:   # a link made before
            raise ValueError("order")                                                       # issue 36 has none
    roster = document["roster"]
    if not isinstance(roster, list) or len(roster) > 40:
        raise ValueError("roster")
    for card in roster:
        if not _short(card["id"], MAX_ID):
            raise ValueError("id")
        fields.text(card, "name", "name", max_length=MAX_NAME)
        if card["status"]["severity"] not in SEVERITIES or not _short(card["status"]["text"], MAX_STATUS):
            raise ValueError("status")
        if not isinstance(card["widgets"], list) or len(card["widgets"]) > MAX_WIDGETS or any(
                widget.get("kind") not in ALL_WIDGETS for widget in card["widgets"]) \
                or _items(card["widgets"]) > MAX_WIDGET_ITEMS + len(card["widgets"]):
            raise ValueError("widgets")
        if not isinstance(card["conditions"], list) or len(card["conditions"]) > conditions.MAX_CONDITIONS:
            raise ValueError("conditions")
        for condition in card["conditions"]:
            fields.text(condition, "name", "condition", max_length=40)
            if condition["rounds"] is not None and not _whole(condition["rounds"], 0, conditions.MAX_CONDITION_ROUNDS):
                raise ValueError("conditions")
        if card.get("note", "") != "":
            raise ValueError("note")
    if not isinstance(document["log"], list) or len(document["log"]) > LOG_ENTRIES:
        raise ValueError("log")
    for entry in document["log"]:
        if not _short(entry["title"], MAX_TITLE) or not _short(entry["outcome"], MAX_OUTCOME) or "steps" in entry:
            raise ValueError("log")


def _short(value: Any, most: int) -> bool:
    """Text of at most ``most`` characters (code points, as the page counts them)."""
    return isinstance(value, str) and len(value) <= most


def _items(value: Any) -> int:
    """How many items the lists in ``value`` hold, however deep; a text longer than a widget's bound is refused."""
    if isinstance(value, str):
        if len(value) > MAX_WIDGET_TEXT:
            raise ValueError("widget text")
        return 0
    if isinstance(value, list):
        return len(value) + sum(_items(inner) for inner in value)
    if isinstance(value, dict):
        return sum(_items(key) + _items(inner) for key, inner in value.items())
    return 0


def _whole(value: Any, low: int, high: int) -> bool:
    """A whole number from ``low`` to ``high``, as JavaScript's Number.isInteger sees one: ``2.0`` is 2 (JSON does
    not tell them apart there), ``true`` is not a number."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high \
        and value == int(value)
