"""Bidirectional text in names (issue 22): a name holding U+202E (right-to-left override) reversed the rest of every
sentence that quoted it ("Xavier attacks Yolanda"). The engine's text reader makes such a name self-contained; any
other name is kept byte for byte, so saved encounters and links do not change."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from rules import fields
from rules.api import call
from rules.errors import BadField

LRE, RLE, PDF, LRO, RLO = "\u202a", "\u202b", "\u202c", "\u202d", "\u202e"
LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
OPENERS = {LRE: PDF, RLE: PDF, LRO: PDF, RLO: PDF, LRI: PDI, RLI: PDI, FSI: PDI}
CONTROLS = "".join(fields.DIRECTIONAL)

# Names as a person or a link may send them: Latin, Hebrew, Arabic and digits, spaces and paragraph separators,
# the marks (LRM, RLM, ALM), and every directional formatting character, often.
names = st.text(st.sampled_from(list("Ab z09 \u05d0\u05d1\u0627\u0644\n\u2029\u200e\u200f\u061c") + list(CONTROLS) * 3),
                max_size=40)


def visible(text: str) -> str:
    return "".join(character for character in text if character not in fields.DIRECTIONAL)


def balanced(text: str) -> bool:
    """Every opener is closed by its own closer, innermost first, and nothing is closed that was not opened."""
    open_: list[str] = []
    for character in text:
        if character in OPENERS:
            open_.append(OPENERS[character])
        elif character in (PDF, PDI):
            if not open_ or open_.pop() != character:
                return False
    return not open_


def one_isolate(text: str) -> bool:
    """The whole text is one isolate: it opens with an isolate initiator closed by its last character."""
    depth = 0
    for index, character in enumerate(text):
        depth += (character in OPENERS) - (character in (PDF, PDI))
        if depth == 0:
            return index == len(text) - 1 and text[0] in (LRI, RLI, FSI)
    return False


def read(name: str) -> str:
    return fields.text({"name": name}, "name", "sheet.name")


@given(names)
def test_any_name_read_is_balanced_self_contained_and_shows_the_same(name: str) -> None:
    try:
        stored = read(name)
    except BadField:
        shows = visible(" ".join(name.split()))
        assert not shows.strip() or len(shows) > fields.MAX_NAME
        return
    assert visible(stored) == " ".join(visible(name).split())
    assert visible(stored).strip()
    assert balanced(stored)
    if set(stored) & fields.DIRECTIONAL:
        assert one_isolate(stored), repr(stored)
    else:
        assert stored == " ".join(name.split())     # byte for byte
    assert read(stored) == stored                    # a saved name read back is the same name


@given(st.text(max_size=60))
def test_a_name_without_direction_controls_is_kept_byte_for_byte(name: str) -> None:
    name = "".join(character for character in name if character not in fields.DIRECTIONAL)
    try:
        stored = read(name)
    except BadField:
        return
    assert stored == " ".join(name.split())


def test_an_override_is_closed_and_the_name_isolated() -> None:
    assert read("Ali\u202ece") == f"{FSI}Ali{RLO}ce{PDF}{PDI}"
    assert read(f"{FSI}Ali{PDI}") == f"{FSI}Ali{PDI}"                     # self-contained already
    assert read(f"{RLI}x{LRO}y{PDI}z") == f"{FSI}{RLI}x{LRO}y{PDF}{PDI}z{PDI}"   # a PDI closes what it holds
    assert read(f"x{PDI}{PDF}y") == f"{FSI}xy{PDI}"                       # closers of nothing are dropped
    assert read(f" {RLO} a {PDI} {PDF} b {LRE} ") == f"{FSI}{RLO}a {PDF}b{LRE}{PDF}{PDI}"   # spaced as ever


def test_the_length_limit_counts_what_shows() -> None:
    name = "A" * fields.MAX_NAME + RLO
    assert read(name) == f"{FSI}{name}{PDF}{PDI}"
    try:
        read("A" * (fields.MAX_NAME + 1))
    except BadField as error:
        assert error.message == f"the name is {fields.MAX_NAME + 1} characters long; at most {fields.MAX_NAME} are allowed"
    else:
        raise AssertionError("a name too long was read")
    try:
        read("A" + RLO * fields.MAX_NAME)
    except BadField as error:
        assert "direction controls" in error.message
    else:
        raise AssertionError("a name of sixty overrides was read")
    try:
        read(RLO + " " + PDF)
    except BadField as error:
        assert error.message == "the name is empty; expected some text"
    else:
        raise AssertionError("a name of controls only was read")


def test_the_engines_sentences_quote_the_name_isolated() -> None:
    encounter = json.loads(call("new", '{"system": "typed"}'))["result"]["encounter"]
    for name in ("Ali\u202ece", "Yolanda"):
        sheet = {"name": name, "weapons": [{"name": "Longsword", "notation": "4-/2+"}]}
        answer = json.loads(call("add", json.dumps({"encounter": encounter, "sheet": sheet})))
        assert answer["ok"], answer
        encounter = answer["result"]["encounter"]
    answer = json.loads(call("act", json.dumps({"encounter": encounter, "action": "attack", "seed": 1, "inputs": {
        "attacker": "c1", "target": "c2", "margin": "rolled"}})))
    assert answer["ok"], answer
    title = answer["result"]["report"]["title"]
    assert title.startswith(f"{FSI}Ali{RLO}ce{PDF}{PDI} attacks Yolanda"), repr(title)
    link = json.loads(call("share", json.dumps({"encounter": answer["result"]["encounter"]})))["result"]["fragment"]
    opened = json.loads(call("open_link", json.dumps({"link": link})))
    assert opened["ok"], opened
    again = json.loads(call("share", json.dumps({"encounter": opened["result"]["encounter"]})))["result"]["fragment"]
    assert again == link                                                   # the link reads back unchanged
