"""The roster's cards as the engine answers them: each drawn once for its sheet, state and options, and written out
as JSON once.

A card depends only on its sheet, its state and the options, all immutable, and an event leaves the states it does
not touch as the same objects: so a hit draws the card it hit, and the other cards are the ones drawn before. A
roster entry is its card with the combatant's id, conditions and note around it (:func:`entry`); :func:`roster_text`
writes a roster as JSON from each card's kept text, so a tap that changed one card of six encodes one card, not six
(writing the roster out was as much of an SLA shot's time as resolving it)."""

from __future__ import annotations

import json
from typing import Any

from . import readers

# The cards drawn lately, kept with the objects themselves, so an id is never mistaken for a later object's; and
# the JSON text of those written out lately, kept with the card.
_CARDS: dict[tuple[int, int], tuple[Any, Any, Any, dict[str, Any]]] = {}
_TEXTS: dict[int, tuple[dict[str, Any], str]] = {}
_LAST: dict[int, tuple[Any, dict[str, Any]]] = {}      # the card drawn last for each sheet
_KEPT = 64
_AROUND = ("id", "conditions", "note", "hidden")      # what an entry puts around its card


def card(system: Any, sheet: Any, state: Any, options: Any) -> dict[str, Any]:
    """The card of a combatant, drawn by its system, with the warnings of what its sheet's texts matched nothing."""
    key = (id(sheet), id(state))
    kept = _CARDS.get(key)
    if kept is not None and kept[0] is sheet and kept[1] is state and kept[2] == options:
        return kept[3]
    drawn: dict[str, Any] = system.view(sheet, state, options)
    warnings = readers.card_warnings(system.ID, sheet)   # a typed text that matches nothing used (rules/reading.py)
    if warnings:
        drawn = {**drawn, "warnings": warnings}
    # A new state often draws the same card (a shot fired, a phase passed): the card drawn before for this sheet
    # is kept instead, with its text, when it is the same.
    before = _LAST.get(id(sheet))
    if before is not None and before[0] is sheet and before[1] == drawn:
        drawn = before[1]
    _keep(_LAST, id(sheet), (sheet, drawn))
    _keep(_CARDS, key, (sheet, state, options, drawn))
    return drawn


def _keep(kept: dict[Any, Any], key: Any, value: Any) -> None:
    """Keep ``value`` under ``key``, the oldest going once more than _KEPT are kept."""
    kept[key] = value
    while len(kept) > _KEPT:
        del kept[next(iter(kept))]


class Entry(dict):  # type: ignore[type-arg]
    """A roster entry: ``{"id", **card, "conditions", "note"}``, and ``"hidden": true`` for one hidden from the
    players (left out for the others, so a roster without any reads as before), holding the card it was made from."""

    card: dict[str, Any]


def entry(combatant: str, drawn: dict[str, Any], conditions: list[dict[str, Any]], note: str, *,
          hidden: bool = False) -> Entry:
    made = Entry({"id": combatant, **drawn, "conditions": conditions, "note": note})
    if hidden:
        made["hidden"] = True
    made.card = drawn
    return made


def _card_text(drawn: dict[str, Any]) -> str:
    """A card's JSON text, written the first time it is asked for."""
    kept = _TEXTS.get(id(drawn))
    if kept is not None and kept[0] is drawn:
        return kept[1]
    text = json.dumps(drawn, ensure_ascii=False)
    _keep(_TEXTS, id(drawn), (drawn, text))
    return text


def roster_text(roster: list[Any]) -> str:
    """A roster as ``json.dumps(roster, ensure_ascii=False)`` writes it, each kept card's text written once."""
    return "[" + ", ".join(_entry_text(one) for one in roster) + "]"


def _entry_text(one: Any) -> str:
    """An entry as JSON, its card's kept text between the id and the conditions and note; an entry whose card holds
    one of those keys itself (or that is no Entry, or whose card is empty) written whole."""
    if not isinstance(one, Entry) or not one.card or any(name in one.card for name in _AROUND):
        return json.dumps(one, ensure_ascii=False)
    return ('{"id": ' + json.dumps(one["id"], ensure_ascii=False) + ", " + _card_text(one.card)[1:-1]
            + ', "conditions": ' + json.dumps(one["conditions"], ensure_ascii=False)
            + ', "note": ' + json.dumps(one["note"], ensure_ascii=False)
            + (', "hidden": true' if one.get("hidden") else "") + "}")
