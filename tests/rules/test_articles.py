"""Box titles and marks read grammatically (issue 48, item 21): a FUDGE box marked by an Incapacitated wound was
titled "Marked: a Incapacitated wound" (the page writes "Marked: " and the engine's `by`), and Typed Damage's marks
by hand read "a Injured box"."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules.report import with_article
from tests.rules.helpers import ok

WRONG = re.compile(r"\b[Aa] (?=[AEIOaeio])|\b[Aa]n (?=[^AEIOUaeiou\W])")


def texts(value: Any) -> list[str]:
    """Every text in an answer."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in texts(item)]
    if isinstance(value, list):
        return [text for item in value for text in texts(item)]
    return []


def fighter(system: str, sheet: dict[str, Any]) -> dict[str, Any]:
    document: dict[str, Any] = ok("new", system=system)["encounter"]
    added: dict[str, Any] = ok("add", encounter=document, sheet=sheet)["encounter"]
    return added


def boxes_by(answer: dict[str, Any]) -> list[str]:
    return [box["by"] for card in answer["view"]["roster"] for widget in card["widgets"] if widget.get("kind") == "track"
            for row in widget["levels"] for box in row["boxes"] if box.get("by")]


@pytest.mark.parametrize("level", ["scratch", "hurt", "very_hurt", "incapacitated", "near_death"])
def test_fudge_boxes_and_headlines_take_the_right_article(level: str) -> None:
    document = fighter("fudge", {"name": "Molly"})
    answer = ok("act", encounter=document, action="wound", inputs={"target": "c1", "level": level}, seed=1)
    assert boxes_by(answer), "a box is marked"
    said = boxes_by(answer) + texts(answer["view"]["log"])
    assert [text for text in said if WRONG.search(text)] == []


@pytest.mark.parametrize("level", ["Scratched", "Hurt", "Injured", "Critically Injured", "Incapacitated"])
def test_typed_marks_by_hand_take_the_right_article(level: str) -> None:
    document = fighter("typed", {"name": "Karl", "skill": 1, "weapons": []})
    answer = ok("act", encounter=document, action="mark",
                inputs={"target": "c1", "level": level, "change": "mark", "reason": "fell"})
    said = texts(answer["view"]["log"]) + texts(answer["view"]["roster"])
    assert [text for text in said if WRONG.search(text)] == []
    assert any(with_article(level) in text for text in said)


def test_the_article_follows_the_sound() -> None:
    assert [with_article(word) for word in ("Incapacitated", "Hurt", "Injured", "Undamaged", "useless", "Scratch",
                                            "Very Hurt", "Near Death")] == [
        "an Incapacitated", "a Hurt", "an Injured", "an Undamaged", "a useless", "a Scratch", "a Very Hurt",
        "a Near Death"]
