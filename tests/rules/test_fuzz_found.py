"""What the API's fuzzer (test_fuzz_api.py) found, kept as small requests that must keep their answers to its
contract (data, never a crash; no ``internal`` error; no long stretch of the request echoed), and what one find
asked of every system: a long bad text in any sheet field is refused without being echoed."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from rules.api import call
from rules.systems import SYSTEMS

from .fuzz_requests import base
from .test_fuzz_api import ECHO, check

# Each entry is a small request that broke the contract when it was found; it stays here, failing, until the
# owner fixes it, and then guards against its return. test_fuzz_api.py's hypothesis tests find these too (at random).


def _recorded_face(value: Any) -> str:
    document = copy.deepcopy(base().fought)
    document["events"][2]["dice"]["attack"][1] = value       # the arrow's rolled attack dice
    return json.dumps({"encounter": document})


def _deep_with_escape(depth: int) -> str:
    return '{"seed": "\\ud83d\\ude00", "b": ' + "[" * depth + "]" * depth + "}"


FOUND: list[tuple[str, str, Callable[[], list[str]]]] = [
    # rules/dice.py _face: a recorded Fudge face given as the number 0.0 (or -0.0) is kept as the text "0.0",
    # which fudge_value cannot look up: KeyError, an internal error.
    ("dice.py-float-zero-face", "view", lambda: [_recorded_face(0.0), _recorded_face(-0.0)]),
    # rules/api.py _broken_text: json.dumps of a request nested just under Python's recursion limit, holding a
    # \ud8xx escape (here a valid pair), raises RecursionError out of call() itself.
    ("api.py-recursion-in-broken-text", "new", lambda: [_deep_with_escape(depth) for depth in range(900, 1001)]),
    # rules/share.py decode: the part of a link before its first "." is echoed whole (up to 100,000 characters)
    # in "share link version ... is not supported".
    ("share.py-echoes-link-version", "open_link", lambda: [json.dumps({"link": "Z" * 5000 + ".AAAA"})]),
    # rules/systems/sla/sheet.py parse_skills (and the armour and weapon notations beside it): a term that is not a
    # skill was echoed whole, 300 characters, in "... is not a skill and its rank".
    ("sla-sheet-echoes-a-term", "add", lambda: [json.dumps({
        "encounter": json.loads(call("new", '{"system": "sla"}'))["result"]["encounter"],
        "sheet": {"name": "Z", "skills": "Z" * 300}})]),
]


@pytest.mark.parametrize("method, texts", [(method, texts) for _, method, texts in FOUND],
                         ids=[name for name, _, _ in FOUND])
def test_requests_the_fuzzer_found(method: str, texts: Callable[[], list[str]]) -> None:
    for text in texts():
        check(method, text, json.loads(text) if len(text) < 100_000 and "[[[[" not in text else None)


BAD_GEAR = {"name": "Zq", "notation": "Zq" * 100}


def _long_bad_sheets() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """For each system, its default sheet with one text field, or one weapon's or the armour's notation, replaced by
    a long text that is no such thing (as long as the field takes)."""
    for system in sorted(SYSTEMS):
        sheet_fields = check("systems", "{}")["result"]["systems"]
        schema = next(one for one in sheet_fields if one["id"] == system)["sheet"]
        default = {field["name"]: field["default"] for field in schema if "default" in field}
        for field in schema:
            if field["kind"] == "text" and field["name"] != "name" and field.get("max_length", 0) > ECHO:
                yield system, field["name"], {**default, "name": "Z", field["name"]: "Zq" * (field["max_length"] // 2)}
            elif field["kind"] == "gear":
                yield system, field["name"], {**default, "name": "Z", field["name"]: BAD_GEAR}
            elif field["kind"] == "list" and field["of"]["kind"] == "gear":
                yield system, field["name"], {**default, "name": "Z", field["name"]: [BAD_GEAR]}


@pytest.mark.parametrize("system, field, sheet", list(_long_bad_sheets()), ids=lambda value: str(value)[:20])
def test_a_long_bad_text_in_a_sheet_is_refused_without_echoing_it(system: str, field: str,
                                                                  sheet: dict[str, Any]) -> None:
    """What the fuzzer found in SLA's skills, for every system's text fields and gear notations: a message quotes
    at most a short stretch of what was typed."""
    encounter = check("new", json.dumps({"system": system}))["result"]["encounter"]
    answer = check("add", json.dumps({"encounter": encounter, "sheet": sheet}), {"sheet": sheet})
    assert not answer["ok"], (system, field, answer)
