"""The players' view of an encounter: a read-only snapshot the game master hands round as a link.

It carries only what the players may see, so a player who decodes the link finds nothing more: the round and
whose turn it is, the order of the phase, each combatant's wounds and conditions (for the players' characters
their wound tracks, charts and diagrams; for the others, by the game master's choice, the same or only "wounded" or
"down"), and the titles and outcomes of the latest log entries; where an entry names a character shown only as
"wounded" or "down", its outcome is left out and its title loses what it says in brackets (a weapon's numbers).
Never in it: the event log, sheets, stats, gear, what marked a box, notes, dice or steps.

The link is ``p1.`` and the view's JSON deflated and in base64url, read back with the limits a share link has.

>>> from .encounter import Encounter
>>> encounter, _ = Encounter.new("typed").record("add", {"sheet": {"name": "Cyrus"}})
>>> fragment = link(encounter, players=["c1"], npcs="status")
>>> fragment.startswith("p1."), read(fragment)["roster"][0]["name"]
(True, 'Cyrus')
"""

from __future__ import annotations

import re
from typing import Any

from . import fields, share, turns
from .errors import BadField, BadLink, RulesError
from .fields import MAX_NAME

VERSION = "p1"
FORMAT = 1
NPC_DETAIL = ("tracks", "status")
LOG_ENTRIES = 12
WOUND_WIDGETS = ("track", "grid", "meters", "hexes")      # what a wound looks like, not what a sheet says
PLAIN_STATUS = {"ok": "Unhurt", "hurt": "Wounded", "down": "Down", "out": "Out of the fight"}
SEVERITIES = tuple(PLAIN_STATUS)
ALL_WIDGETS = WOUND_WIDGETS
STANDS = ("current", "waiting", "done", "delayed", "unable", "idle")


def view(encounter: Any, players: Any, npcs: str) -> dict[str, Any]:
    """The players' view: ``players`` are the ids of the players' characters; ``npcs`` is ``tracks`` (the others'
    wound widgets shown) or ``status`` (only wounded or down)."""
    if npcs not in NPC_DETAIL:
        raise BadField("npcs must be \"tracks\" (their wounds shown) or \"status\" (only wounded or down)",
                       field="npcs")
    played = encounter.play()
    if not isinstance(players, list) or any(not isinstance(who, str) or who not in played.sheets for who in players):
        raise BadField("players must list the ids of combatants in this encounter", field="players")
    full = encounter.view(log_kept=1 << 30)           # the log is written below, from the reports
    hidden_names = [card["name"] for card in full["roster"] if card["id"] not in players and npcs == "status"]
    roster = []
    for card in full["roster"]:
        player = card["id"] in players
        widgets = [_untapped(widget) for widget in card["widgets"]
                   if widget["kind"] in WOUND_WIDGETS and (player or npcs == "tracks")]
        status = card["status"] if player or npcs == "tracks" else {
            "text": PLAIN_STATUS[card["status"]["severity"]], "severity": card["status"]["severity"]}
        roster.append({"id": card["id"], "name": card["name"], "player": player, "status": status,
                       "widgets": widgets, "conditions": card["conditions"], "note": ""})
    fight = full["fight"]
    return {"format": FORMAT, "system": {"name": full["system"]["name"]}, "npcs": npcs,
            "fight": {"started": fight["started"], "round": fight["round"], "phase": fight["phase"],
                      "current": fight["current"],
                      # The order, and an Initiative Total beside the players' characters only: the others' are
                      # worked out from their stats.
                      "order": [{name: entry[name] for name in ("id", "name", "label", "stands") if entry.get(name)
                                 and (name != "label" or entry["id"] in players)} for entry in fight["order"]]},
            "roster": roster, "log": _log(encounter, played.reports, hidden_names)}


def _log(encounter: Any, reports: list[Any], hidden_names: list[str]) -> list[dict[str, Any]]:
    """The latest entries' titles and outcomes, without notes, steps or dice; an outcome naming a character shown
    only as wounded or down is left out."""
    kinds = [event.type for event in encounter.events[: encounter.cursor]]
    entries = []
    for index, (kind, report) in enumerate(zip(kinds, reports)):
        if kind in ("add", "edit", "remove", "note"):     # the roster shows who is here; a note is the GM's
            continue
        title, outcome = report.title, report.outcome
        if any(name and (name in outcome or name in title) for name in hidden_names):
            outcome = ""                                        # "Torso hit: 3 damage" on someone shown as wounded
            title = re.sub(r" \([^()]*\)", "", title)          # "with a Laser Rifle (8D, Pen 3)": the gear's numbers
        entries.append({"index": index + 1, "title": title, "outcome": outcome})
    return entries[-LOG_ENTRIES:]


def _untapped(value: Any) -> Any:
    """A widget without the taps that would preset an action (the players' view has none) and without what marked
    each box (the name of the weapon and its numbers)."""
    if isinstance(value, dict):
        return {key: _untapped(item) for key, item in value.items() if key not in ("tap", "by")}
    if isinstance(value, list):
        return [_untapped(item) for item in value]
    return value


def link(encounter: Any, players: Any, npcs: str) -> str:
    return share.encode(view(encounter, players, npcs), version=VERSION)


def read(fragment: Any) -> dict[str, Any]:
    """A players' view from its link, checked: its shape is the one :func:`view` writes, and every text in it is
    short, so the page draws it as it draws its own cards or says that the link is damaged."""
    document = share.decode(fragment, version=VERSION)
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
    if type(fight["round"]) is not int or not isinstance(fight["order"], list) or len(fight["order"]) > 40:
        raise ValueError("fight")
    if fight["current"] is not None and not isinstance(fight["current"], str) or not isinstance(fight["phase"], str):
        raise ValueError("fight")
    for entry in fight["order"]:
        fields.text(entry, "name", "name", max_length=MAX_NAME)
        label = entry.get("label", "")
        if entry["stands"] not in STANDS or not isinstance(label, str) or len(label) > 80:
            raise ValueError("order")
    roster = document["roster"]
    if not isinstance(roster, list) or len(roster) > 40:
        raise ValueError("roster")
    for card in roster:
        fields.text(card, "name", "name", max_length=MAX_NAME)
        if card["status"]["severity"] not in SEVERITIES or not isinstance(card["status"]["text"], str):
            raise ValueError("status")
        if not isinstance(card["widgets"], list) or any(widget.get("kind") not in ALL_WIDGETS
                                                        for widget in card["widgets"]):
            raise ValueError("widgets")
        if not isinstance(card["conditions"], list) or len(card["conditions"]) > turns.MAX_CONDITIONS:
            raise ValueError("conditions")
        for condition in card["conditions"]:
            fields.text(condition, "name", "condition", max_length=40)
            if condition["rounds"] is not None and type(condition["rounds"]) is not int:
                raise ValueError("conditions")
        if card.get("note", "") != "":
            raise ValueError("note")
    if not isinstance(document["log"], list) or len(document["log"]) > LOG_ENTRIES:
        raise ValueError("log")
    for entry in document["log"]:
        if not isinstance(entry["title"], str) or not isinstance(entry["outcome"], str) or "steps" in entry:
            raise ValueError("log")
