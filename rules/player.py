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

from . import conditions, share, turns
from .errors import BadField
from .roster import numbered_base, with_number
# The link's bounds and its reader (rules/player_read.py); ``read`` and the widgets' kinds are named here too, as a
# player view and its link are one thing to the API and the tests.
from .player_read import FORMAT, LOG_ENTRIES as LOG_ENTRIES, MAX_LASTS, MAX_OUTCOME, MAX_PHASE, MAX_STATUS, MAX_TITLE, \
    VERSION, WOUND_WIDGETS as WOUND_WIDGETS, read as read

NPC_DETAIL = ("tracks", "status")
TOLD = ("action", "turn", "condition")      # the roster shows who is here; a note is the game master's
PLAIN_STATUS = {"ok": "Unhurt", "hurt": "Wounded", "down": "Down", "out": "Out of the fight"}
# Severity ok, but the card says something else than it said of him fresh (Typed Damage's Scratched, FUDGE's
# Scratch): a light wound, never "Unhurt" (issue 36). The level's own name and penalty stay hidden.
TOUCHED = "Scratched"
# Why a turn is skipped, for one shown only by those words: the same words, never the system's reason.
PLAIN_UNABLE = {"down": "down", "out": "out of the fight"}
UNABLE_OTHERWISE = "cannot act"
GONE = "someone who has left"
WIDGET_PARTS = ("levels", "rows", "items", "regions")    # the parts of a wound widget that say what they hold
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
                       "conditions": [seen.condition(condition) for condition in played.fight.conditions_of(who)],
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

    def condition(self, condition: Any) -> dict[str, Any]:
        """A condition as the game master's card says it, less what players may not see: one a turn ends says whose
        turn (``lasts``), unless that one is hidden; then, as one counted by rounds, only how many are left."""
        return {**condition.to_dict(), **({"lasts": _cut(self.lasts(condition), MAX_LASTS)}
                                          if self.lasts(condition) else {})}

    def lasts(self, condition: Any) -> str:
        """"until the start of Thug's next turn" for a condition a turn seen ends, else ""."""
        if condition.ends == "round" or condition.by not in self.names:
            return ""
        return conditions.lasts_words(condition, self.names[condition.by])

    def marks(self, sheet: Any, state: Any) -> list[str]:
        """What each part of his wound widgets says of itself ("Scratched (no penalty): 2 of 4 marked"), in order."""
        return [str(part.get("summary", "")) for widget in self.system.player_widgets(sheet, state, self.options)
                for key in WIDGET_PARTS for part in widget.get(key, ()) if isinstance(part, dict)]

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
        given = after.fight.conditions_of(event.data["id"])[-1]
        lasts = seen.lasts(given)
        rounds = given.rounds
        parts.append(f"{given.name} {lasts}" if lasts else
                     f"{given.name} {'for ' if rounds else ''}{conditions.rounds_words(rounds)}")
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
            elif seen.wounds_shown(who):
                # The same words, another box marked (Scratched, 2 then 3 boxes): what the widgets say changed.
                changed = [_change(old, new) for old, new in zip(seen.marks(before.sheets[who], before.states[who]),
                                                                  seen.marks(after.sheets[who], after.states[who]))
                           if old != new]
                if changed:
                    parts.append(f"{name(who)}: {', '.join(changed)}")
    return "; ".join(parts) or "No change the players can see"


def _change(old: str, new: str) -> str:
    """A widget part's summary before and after, said once where they begin alike: "Scratched (no penalty): 2 of 4
    marked \u2192 3 of 4 marked"."""
    head, _, was = old.rpartition(": ")
    if head and new.startswith(head + ": "):
        return f"{head}: {was} \u2192 {new[len(head) + 2:]}"
    return f"{old} \u2192 {new}"


def _cut(text: str, most: int) -> str:
    """A text the view writes, within its bound: cut with an ellipsis where longer."""
    return text if len(text) <= most else text[: most - 1] + "\u2026"


def link(encounter: Any, players: Any, npcs: str) -> str:
    return share.encode(view(encounter, players, npcs), version=VERSION)
