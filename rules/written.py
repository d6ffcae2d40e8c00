"""An answer as the JSON text :func:`rules.api.call` gives the page, written from what the engine keeps instead of
encoded afresh: the encounter document as its canonical text (:class:`Document`), and the view's roster from each
card's kept text (rules/cards.py). It reads back as exactly what :func:`rules.api.handle` answers."""

from __future__ import annotations

import json
from typing import Any

from . import cards
from .encounter import Encounter


class Document:
    """An answer's encounter document, as its canonical text, which :func:`call` writes out as it is: encoding a
    long log again would be most of a tap's work, and so would building its dictionary (4 ms of a 2,000-event
    undo in CPython), which only :func:`handle` makes, for a caller in Python."""

    def __init__(self, encounter: Encounter, text: str) -> None:
        self.encounter = encounter
        self.text = text


def written(answer: dict[str, Any]) -> str:
    """The answer as JSON text, an encounter document in it written as its kept canonical text."""
    result = answer.get("result")
    if not isinstance(result, dict) or not isinstance(result.get("encounter"), Document):
        return _text(answer)
    document: Document = result["encounter"]
    parts = (_text(name) + ": " + (document.text if name == "encounter" else _view_text(value) if name == "view"
                                   else _text(value)) for name, value in result.items())
    return '{"ok": true, "result": {' + ", ".join(parts) + "}}"


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _view_text(view: Any) -> str:
    """A view as JSON, its roster written from each card's kept text."""
    if not isinstance(view, dict):
        return _text(view)
    return "{" + ", ".join(_text(name) + ": " + (cards.roster_text(value) if name == "roster" and isinstance(value, list)
                                                 else _text(value)) for name, value in view.items()) + "}"
