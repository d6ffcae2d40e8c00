"""The JSON API: every method answers JSON, errors come back as data, the terminal runs the same calls."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.api import METHODS, call


def ok(method: str, **request: Any) -> dict[str, Any]:
    response = json.loads(call(method, json.dumps(request)))
    assert response["ok"], response
    result: dict[str, Any] = response["result"]
    return result


def error(method: str, request: Any) -> dict[str, Any]:
    response = json.loads(call(method, request if isinstance(request, str) else json.dumps(request)))
    assert response["ok"] is False, response
    failure: dict[str, Any] = response["error"]
    return failure


def two_fighters() -> dict[str, Any]:
    encounter = ok("new", system="typed")["encounter"]
    encounter = ok("add", encounter=encounter, sheet={"name": "Cyrus", "skill": 1,
                                                      "weapons": [{"name": "Shortsword", "notation": "3-/2+"}]})["encounter"]
    return ok("add", encounter=encounter, sheet={"name": "Bandit", "armour": {"name": "Leather", "notation": "+-*"}})


def test_a_session_through_the_api() -> None:
    state = two_fighters()
    inputs = {"attacker": "c1", "target": "c2", "margin": "typed", "margin_of_success": 2}
    odds = ok("odds", encounter=state["encounter"], action="attack", inputs=inputs)
    assert odds["pool"] == 4
    hit = ok("act", encounter=state["encounter"], action="attack", inputs=inputs, dice={"damage": "[-][ ][ ][+]"})
    assert hit["report"]["outcome"].startswith("1 damage")
    assert hit["view"]["roster"][1]["status"]["text"] == "Scratched (no penalty)"
    assert ok("undo", encounter=hit["encounter"])["view"]["roster"][1]["status"]["text"] == "Unhurt"
    link = ok("share", encounter=hit["encounter"])["fragment"]
    assert link == hit["fragment"]
    assert ok("open_link", link=link)["encounter"] == hit["encounter"]
    assert ok("view", encounter=hit["encounter"])["view"] == hit["view"]
    assert ok("redo", encounter=ok("undo", encounter=hit["encounter"])["encounter"])["view"] == hit["view"]
    removed = ok("remove", encounter=hit["encounter"], id="c1")
    assert [c["name"] for c in removed["view"]["roster"]] == ["Bandit"]
    assert ok("set_options", encounter=state["encounter"], options={"track": "B"})["view"]["options"]["track"] == "B"


def test_app_rolled_dice_are_recorded_for_replay() -> None:
    state = two_fighters()
    hit = ok("act", encounter=state["encounter"], action="attack", seed=11,
             inputs={"attacker": "c1", "target": "c2", "margin": "rolled"})
    event = hit["encounter"]["events"][-1]
    assert len(event["dice"]["attack"]) == 4 and len(event["dice"]["defence"]) == 4
    assert ok("view", encounter=hit["encounter"])["view"] == hit["view"]


def test_systems_and_catalog_describe_what_the_page_needs() -> None:
    systems = {system["id"]: system for system in ok("systems")["systems"]}
    assert list(systems) == ["typed", "megatraveller", "kyod", "fudge", "sla"]
    assert systems["typed"]["tables"] == [] and systems["megatraveller"]["tables"] == []
    assert [table["caption"].split(":")[0] for table in systems["kyod"]["tables"]][:3] == [
        "LogD table", "Addition table", "Subtraction table"]
    typed = systems["typed"]
    assert {option["name"] for option in typed["options"]} == {"track", "ballistic_regular", "universal_floor"}
    assert [action["id"] for action in typed["actions"]] == ["attack", "mark"]
    assert [entry["name"] for entry in typed["sheet"]] == ["name", "skill", "defence", "strength", "weapons", "armour"]
    assert len(ok("catalog", system="typed")["weapons"]) >= 17


@pytest.mark.parametrize("method, request_, kind, field", [
    ("nope", {}, "unknown_method", None),
    ("new", "[1, 2", "bad_request", None),
    ("new", "[1, 2]", "bad_field", "request"),
    ("new", {"system": "chess"}, "unknown_system", "system"),
    ("view", {"encounter": "garbage"}, "bad_encounter", "encounter"),
    ("open_link", {"link": "#e1.broken"}, "bad_link", None),
    ("undo", {"encounter": {"format": 1, "system": "typed", "events": []}}, "nothing_to_undo", None),
])
def test_errors_come_back_as_data(method: str, request_: Any, kind: str, field: str | None) -> None:
    failure = error(method, request_)
    assert failure["kind"] == kind and failure["field"] == field and failure["message"]


@pytest.mark.parametrize("sheet, field", [
    ({"name": ""}, "sheet.name"),
    ({"name": "x" * 61}, "sheet.name"),
    ({"name": "Ogre", "skill": 10**12}, "sheet.skill"),
    ({"name": "Ogre", "skill": "Superb"}, "sheet.skill"),
    ({"name": "Ogre", "strength": 1.5}, "sheet.strength"),
    ({"name": "Ogre", "weapons": [{"name": "Club", "notation": "3Q"}]}, "sheet.weapons[0].notation"),
    ({"name": "Ogre", "armour": {"notation": "ZZ"}}, "sheet.armour.notation"),
    ({"name": "Ogre", "weapons": "club"}, "sheet.weapons"),
])
def test_impossible_sheets_name_their_field(sheet: dict[str, Any], field: str) -> None:
    encounter = ok("new", system="typed")["encounter"]
    failure = error("add", {"encounter": encounter, "sheet": sheet})
    assert failure["field"] == field, failure


def test_markup_in_a_name_is_kept_as_plain_text() -> None:
    encounter = ok("new", system="typed")["encounter"]
    name = "<img src=x onerror=alert(1)>"
    assert ok("add", encounter=encounter, sheet={"name": name})["view"]["roster"][0]["name"] == name


def test_the_terminal_runs_the_same_api() -> None:
    done = subprocess.run([sys.executable, "-m", "rules", "call", "new", '{"system": "typed"}'],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and json.loads(done.stdout)["result"]["encounter"]["system"] == "typed"
    failed = subprocess.run([sys.executable, "-m", "rules", "call", "new", '{"system": "x"}'],
                            capture_output=True, text=True, check=False)
    assert failed.returncode == 1 and json.loads(failed.stdout)["error"]["kind"] == "unknown_system"


def test_every_method_is_documented() -> None:
    text = (Path(__file__).parents[2] / "docs" / "api.md").read_text()
    for method in METHODS:
        assert f"## `{method}`" in text, method


def test_the_docs_examples_are_what_the_engine_answers_today() -> None:
    """docs/api.md is written by docs/generate_api.py from real calls; rerun it when an answer changes."""
    done = subprocess.run([sys.executable, str(Path(__file__).parents[2] / "docs" / "generate_api.py"), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, "docs/api.md is out of date: run python3 docs/generate_api.py"


# A page that holds the log sends `log_held`; the answer's view leaves out the `log_kept` entries it holds, and
# the held entries followed by the ones sent must be the whole log, whatever the steps were.
STEPS = st.sampled_from(["act", "act", "act", "undo", "undo", "redo", "add", "remove", "duplicate", "edit"])


def step_request(step: str, encounter: dict[str, Any], view: dict[str, Any], seed: int) -> tuple[str, dict[str, Any]]:
    ids = [card["id"] for card in view["roster"]]
    method, request = step, {"encounter": encounter}
    if step == "act":
        request |= {"action": "attack", "seed": seed, "inputs": {"attacker": ids[0] if ids else "c1",
                                                                  "target": ids[-1] if ids else "c2", "margin": "rolled"}}
    elif step == "add":
        request["sheet"] = {"name": f"Extra {seed}", "weapons": [{"name": "Club", "notation": "2-/1+"}]}
    elif step in ("remove", "duplicate", "edit"):
        request["id"] = ids[seed % len(ids)] if ids else "c1"
        if step == "edit":
            request["sheet"] = {"name": f"Renamed {seed}"}
    return method, request


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(STEPS, st.integers(0, 10**6)), min_size=1, max_size=14))
def test_a_page_holding_the_log_is_sent_only_the_entries_it_lacks(steps: list[tuple[str, int]]) -> None:
    state = two_fighters()
    encounter, log = state["encounter"], state["view"]["log"]
    for step, seed in steps:
        method, request = step_request(step, encounter, state["view"], seed)
        whole = json.loads(call(method, json.dumps(request)))
        sparing = json.loads(call(method, json.dumps({**request, "log_held": len(log)})))
        assert whole["ok"] == sparing["ok"], (whole, sparing)
        if not whole["ok"]:
            assert sparing["error"] == whole["error"] and whole["error"]["kind"] != "internal"
            continue
        full, sent = whole["result"]["view"], sparing["result"]["view"]
        assert full["log_kept"] == 0 and sent["log_kept"] <= len(log)
        assert log[: sent["log_kept"]] + sent["log"] == full["log"]
        assert {**sent, "log": full["log"], "log_kept": 0} == full
        state, encounter, log = whole["result"], whole["result"]["encounter"], full["log"]


@pytest.mark.parametrize("held", [-1, "many", 10**9, True])
def test_a_bad_log_held_is_named(held: Any) -> None:
    state = two_fighters()
    failure = error("undo", {"encounter": state["encounter"], "log_held": held})
    assert failure["kind"] == "bad_field" and failure["field"] == "log_held", failure


def test_a_tap_is_sent_one_new_log_entry() -> None:
    state = two_fighters()
    hit = ok("act", encounter=state["encounter"], log_held=len(state["view"]["log"]), action="attack", seed=3,
             inputs={"attacker": "c1", "target": "c2", "margin": "rolled"})
    assert hit["view"]["log_kept"] == 2 and [entry["index"] for entry in hit["view"]["log"]] == [3]
    back = ok("undo", encounter=hit["encounter"], log_held=3)
    assert back["view"]["log_kept"] == 2 and back["view"]["log"] == []


HIT = {"action": "attack", "seed": 9, "inputs": {"attacker": "c1", "target": "c2", "margin": "rolled"}}


def test_a_key_stands_for_the_document_it_was_answered_with() -> None:
    state = two_fighters()
    by_document = ok("act", encounter=state["encounter"], **HIT)
    by_key = ok("act", encounter_key=state["key"], **HIT)
    assert by_key == by_document and by_key["key"] != state["key"]
    assert ok("undo", encounter_key=by_key["key"])["view"]["roster"] == state["view"]["roster"]
    assert ok("odds", encounter_key=state["key"], **HIT) == ok("odds", encounter=state["encounter"], **HIT)
    assert ok("share", encounter_key=by_key["key"])["fragment"] == by_key["fragment"]
    # The same document, however it arrives, has the same key.
    assert ok("view", encounter=json.loads(json.dumps(by_key["encounter"])))["key"] == by_key["key"]


def test_a_document_sent_with_a_key_is_read_from_the_document() -> None:
    state = two_fighters()
    hit = ok("act", encounter=state["encounter"], **HIT)
    assert ok("view", encounter=state["encounter"], encounter_key=hit["key"])["encounter"] == state["encounter"]


def test_a_key_the_engine_no_longer_holds_asks_for_the_document() -> None:
    first = two_fighters()
    later = first
    for seed in range(10):              # more answers than the engine keeps
        later = ok("act", encounter=later["encounter"], **{**HIT, "seed": seed})
    refused = error("act", {"encounter_key": first["key"], **HIT})
    assert refused == {"kind": "unknown_encounter_key", "field": "encounter_key",
                       "message": "the engine no longer holds the encounter of that key; send the encounter itself"}
    assert error("view", {"encounter_key": "1a-00000000-00000000"})["kind"] == "unknown_encounter_key"
    assert ok("act", encounter=first["encounter"], **HIT)["encounter"]["cursor"] == 3
    assert ok("view", encounter_key=later["key"])["encounter"] == later["encounter"]


@pytest.mark.parametrize("key", [5, None, ["k"], {"k": 1}, "k" * 41])
def test_a_key_that_is_no_key_is_refused_at_its_field(key: object) -> None:
    refused = error("undo", {"encounter_key": key})
    assert (refused["kind"], refused["field"]) == ("bad_field", "encounter_key")


@pytest.mark.parametrize("method, request_", [
    ("new", {"system": "kyod"}), ("act", {**HIT, "log_held": 2}), ("view", {}), ("share", {}), ("odds", HIT),
    ("undo", {"log_held": 2}), ("act", {**HIT, "inputs": {"attacker": "c9", "target": "c2", "margin": "rolled"}})])
def test_the_answer_text_is_the_answer(method: str, request_: dict[str, Any]) -> None:
    """call writes an answer's encounter as its kept canonical text, not by encoding it again: the text it gives
    must read back as exactly the answer handle makes, refusals included."""
    from rules.api import handle
    if method != "new":
        request_ = {"encounter": two_fighters()["encounter"], **request_}
    assert json.loads(call(method, json.dumps(request_))) == json.loads(json.dumps(handle(method, request_)))
