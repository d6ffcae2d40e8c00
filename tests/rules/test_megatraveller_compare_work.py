"""Compare answers as before its work was kept and spread over calls, and in pieces when a call has a budget.

``megatraveller_compare_answers.json`` holds the Compare answers of the implementation before this work (main at
4474f5b: every target worked out afresh on every call) for the rosters and hits below, made by running
``answers()`` there; they must come back the same, float for float, whether worked out in one call, kept from an
earlier call, or gathered over many calls with a budget of no time at all.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.api import call

ANSWERS = Path(__file__).with_name("megatraveller_compare_answers.json")
HEX = "0123456789ABCDEF"


def _ok(method: str, **request: Any) -> dict[str, Any]:
    response = json.loads(call(method, json.dumps(request)))
    assert response["ok"], response
    result: dict[str, Any] = response["result"]
    return result


def _roster(sheets: list[dict[str, Any]], options: dict[str, Any] | None = None,
            blows: list[tuple[str, int, str, list[int]]] | None = None) -> dict[str, Any]:
    """An encounter of ``sheets``, then blows typed in (target, Damage Value, harm, damage dice faces)."""
    encounter = _ok("new", system="megatraveller", options=options or {})["encounter"]
    for sheet in sheets:
        encounter = _ok("add", encounter=encounter, sheet=sheet)["encounter"]
    for target, value, harm, faces in blows or []:
        encounter = _ok("act", encounter=encounter, action="hit", dice={"damage": faces}, seed="blow",
                        inputs={"attacker": None, "target": target, "damage_value": value, "harm": harm})["encounter"]
    document: dict[str, Any] = encounter
    return document


def rosters() -> dict[str, dict[str, Any]]:
    """The issue's forty look-alikes, forty people of different characteristics and skills, and every kind of
    target with hurt ones among them under the options' alternatives."""
    varied = []
    for index in range(40):
        sheet: dict[str, Any] = {"name": f"Person {index + 1}", "kind": "person",
                                 "upp": HEX[4 + index % 12] + HEX[3 + (index * 5) % 13] + HEX[2 + (index * 7) % 14] + "777"}
        if index % 3:
            sheet["brawling"] = index % 4
        varied.append(sheet)
    kinds: list[dict[str, Any]] = [{"name": "Avg", "upp": "777777"}, {"name": "Tough", "upp": "FFFFFF", "martial_arts": 2},
             {"name": "Red shirt", "kind": "npc", "upp": "777777"}, {"name": "Grazer", "kind": "animal", "hits": "9/6"},
             {"name": "Car", "kind": "vehicle", "hull": "2/5", "power": "1/2", "loco": "1/2"},
             {"name": "Bitburg", "kind": "aircraft", "hull": "46/115", "power": "16/40 + 16/40"}]
    blows: list[tuple[str, int, str, list[int]]] = [("c1", 3, "lethal", [6, 5, 4]), ("c2", 3, "non_lethal", [6, 6, 6]), ("c3", 2, "lethal", [5, 5]),
             ("c5", 3, "lethal", [6, 6, 6])]
    return {
        "forty alike": _roster([{"name": f"Guard {index + 1}", "upp": "777777"} for index in range(40)]),
        "forty different": _roster(varied),
        "every kind, hurt": _roster(kinds, blows=blows),
        "every kind, other options": _roster(kinds, {"natural_two": "rolls", "npc_death": "more_than",
                                                     "machines_non_lethal": "counts"}, blows),
    }


HITS: dict[str, list[dict[str, Any]]] = {
    "forty alike": [{"damage_value": 3, "harm": "lethal"}, {"damage_value": 8, "harm": "non_lethal"}],
    "forty different": [{"damage_value": 3, "harm": "lethal"}, {"damage_value": 1, "harm": "lethal"},
                        {"damage_value": 34, "harm": "lethal"}, {"damage_value": 5, "harm": "non_lethal"},
                        {"damage_value": 7, "harm": "lethal", "dice": "low"}],
    "every kind, hurt": [{"damage_value": 2, "harm": "lethal"}, {"damage_value": 6, "harm": "non_lethal"},
                         {"damage_value": 9, "harm": "lethal", "dice": "referee", "damage_dice": 4},
                         {"damage_value": 0, "harm": "lethal"}],
    "every kind, other options": [{"damage_value": 3, "harm": "lethal"}, {"damage_value": 4, "harm": "non_lethal"}],
}


def answers(names: tuple[str, ...] = tuple(HITS), **budget: Any) -> dict[str, list[dict[str, Any]]]:
    """The Compare answers of the rosters ``names``, one per hit, gathered over as many calls as ``budget`` makes
    them take."""
    made = rosters()
    out: dict[str, list[dict[str, Any]]] = {}
    for name in names:
        hits = HITS[name]
        out[name] = []
        key = _ok("view", encounter=made[name])["key"]     # sent in place of the document, as the page does
        for hit in hits:
            request = {"encounter_key": key, "action": "compare", "inputs": {"attacker": None, **hit}, **budget}
            answer = _ok("odds", **request)
            calls = 1
            while "more" in answer:
                answer = _ok("odds", **request)
                calls += 1
                assert calls <= 10_000, "Compare made no progress"
            out[name].append(answer)
    return out


def _forget() -> None:
    """Drop the work kept from earlier calls, so a test starts from nothing."""
    from rules.systems.megatraveller import chances
    chances.forget()


def test_compare_answers_are_those_of_before() -> None:
    _forget()
    assert answers() == json.loads(ANSWERS.read_text())
    assert answers() == json.loads(ANSWERS.read_text())     # now from the work kept


def test_compare_in_pieces_gathers_the_same_answers() -> None:
    """A budget of no time makes every call do the least it may (one step of one target) and say there is more;
    the pieces add up to the same answers (forty different people in pieces: the next test)."""
    _forget()
    names = ("forty alike", "every kind, hurt", "every kind, other options")
    before = json.loads(ANSWERS.read_text())
    assert answers(names, budget_ms=0) == {name: before[name] for name in names}


def test_a_partial_answer_says_what_is_left_and_shows_what_is_done() -> None:
    _forget()
    key = _ok("view", encounter=rosters()["forty different"])["key"]
    request = {"encounter_key": key, "action": "compare", "inputs": {"attacker": None, "damage_value": 3,
                                                                       "harm": "lethal"}, "budget_ms": 0}
    seen = []
    while True:
        answer = _ok("odds", **request)
        rows, targets = answer["tables"][0]["rows"], answer["targets"]
        assert len(rows) == len(targets) == 45
        pending = [target for target in targets if target.get("pending")]
        for row, target in zip(rows, targets):
            assert (row[2:] == ["\u2026", "\u2026"]) == bool(target.get("pending"))
        if "more" not in answer:
            assert not pending
            break
        assert answer["more"]["left"] == len(pending) > 0 and answer["more"]["of"] == 45
        assert answer["more"]["words"] == f"{45 - len(pending)} of 45 targets worked out; the rest are coming"
        seen.append(len(pending))
    # A step at a time: never going back, and never more than one target finished by one call.
    assert len(seen) > 45 and all(0 <= earlier - later <= 1 for earlier, later in zip(seen, seen[1:]))
    assert answer == json.loads(ANSWERS.read_text())["forty different"][0]


@pytest.mark.parametrize("budget", [-1, "soon", True, 10**9])
def test_a_bad_budget_is_refused_at_its_field(budget: Any) -> None:
    encounter = rosters()["every kind, hurt"]
    response = json.loads(call("odds", json.dumps({"encounter": encounter, "action": "compare", "budget_ms": budget,
                                                   "inputs": {"attacker": None, "damage_value": 3}})))
    assert response["ok"] is False and response["error"]["field"] == "budget_ms"


if __name__ == "__main__":      # run on the implementation before, to write the answers it gave
    ANSWERS.write_text(json.dumps(answers(), indent=1, sort_keys=True) + "\n")
