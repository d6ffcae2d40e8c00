"""A player view link read back (rules/player.py writes it): checked against the shape the view has and the bounds
every text in it keeps, so the page draws it as it draws its own cards or says that the link is damaged. The page's
twin, web/js/player-link.js, checks the same in the same order with the same words.
"""

from __future__ import annotations

from typing import Any

from . import conditions, fields, share
from .errors import BadLink, RulesError
from .fields import MAX_NAME

VERSION = "p1"
FORMAT = 1
LOG_ENTRIES = 12
WOUND_WIDGETS = ("track", "grid", "meters", "hexes")      # what a wound looks like, not what a sheet says
ALL_WIDGETS = WOUND_WIDGETS
SEVERITIES = ("ok", "hurt", "down", "out")
MAX_ROUND = 100_000         # a fight's round as a link may say it: a log of MAX_EVENTS never gets near
STANDS = ("current", "waiting", "done", "delayed", "unable", "idle")
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
MAX_LASTS = 200             # when a condition a turn ends ends ("until the start of Thug's next turn")


def read(fragment: Any) -> dict[str, Any]:
    """A players' view from its link, checked: its shape is the one :func:`view` writes, and every text in it is
    short, so the page draws it as it draws its own cards or says that the link is damaged.

    A player's page reads the link without Python (web/js/player-link.js), with these checks in this order and the
    same words; this is the reference it is compared with (tests/js/test_player_link.py), so a check changed
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
            if not _short(condition.get("lasts", ""), MAX_LASTS):
                raise ValueError("conditions")
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
