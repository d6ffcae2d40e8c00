"""RULES_NOTES 1.7: the MegaTraveller test vectors MT-01..MT-21, run as data (vectors/megatraveller.json).

Behaviour goes through the public API (``rules.api.call``), the way the page drives it; formulas go
through the module that owns them (the chart's layout, the shorthand, the wound level, Task).  The
builders at the top read the page's answers (a card's grid, status and stats) and are shared by the
other MegaTraveller test files.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from rules.odds import dice
from rules.systems.megatraveller.damage import damage_dice, points, points_dist, shorthand
from rules.systems.megatraveller.integrity import chart, person_integrity, wound_level

from .helpers import act, after, card, load_vectors, ok, roll_by_roll, settled, widget

CASES = load_vectors("megatraveller")
CELLS = {"cross": "X", "slash": "/", "empty": ".", "unusable": "#"}
MACHINES = ("vehicle", "aircraft")
# "10+ needed (Routine 7+, row 2 +0, 3 Damage Dice −3); rolls 11, success" or "..., automatic failure"
TASK = re.compile(r"(-?\d+)\+ needed \(([^)]*)\)(?:; rolls \d+, (success|failure)|, (automatic success|"
                  r"automatic failure))")


# -- builders shared by the MegaTraveller tests ------------------------------------------------------

def encounter_of(*sheets: dict[str, Any], options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A MegaTraveller encounter document holding ``sheets`` as c1, c2, ..."""
    encounter: dict[str, Any] = ok("new", system="megatraveller", options=options or {})["encounter"]
    for sheet in sheets:
        encounter = ok("add", encounter=encounter, sheet=sheet)["encounter"]
    return encounter


def hit_inputs(target: str, damage_value: int, harm: str = "lethal", **extra: Any) -> dict[str, Any]:
    """A blow typed in (no attacker on the roster)."""
    return {"attacker": None, "target": target, "damage_value": damage_value, "harm": harm, **extra}


def full_grid(target: dict[str, Any]) -> list[str]:
    """Every box of the Personal Integrity chart as drawn, one character a box (X, /, ., #)."""
    return ["".join(CELLS[cell] for cell in row["cells"]) for row in widget(target, "grid")["rows"]]


def grid(target: dict[str, Any]) -> list[str]:
    """The chart's rows for the columns it uses; every column past them must be crossed off whole."""
    rows = full_grid(target)
    used = max(len(row.rstrip("#")) for row in rows)
    assert all(set(row[used:]) <= {"#"} for row in rows), rows
    return [row[:used] for row in rows]


def marks(target: dict[str, Any]) -> tuple[int, int]:
    """(X's, slashes) counted on the chart as drawn."""
    boxes = "".join(full_grid(target))
    return boxes.count("X"), boxes.count("/")


def stat(target: dict[str, Any], label: str) -> str | None:
    return next((str(item["value"]) for item in widget(target, "stats")["items"] if item["label"] == label), None)


def meter(target: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(item for item in widget(target, "meters")["items"] if item["name"] == name)
    return found


def condition(target: dict[str, Any], part: str = "Hull") -> str:
    """The condition read off a card, in the words of the odds' condition bars: ``Stunned, Minor wound``,
    ``Unconscious`` (an NPC or animal), ``Dead``, ``Hull disabled``."""
    status = str(target["status"]["text"])
    if target["sheet"]["kind"] in MACHINES:
        record = meter(target, part)
        knockout, destroyed = (mark["at"] for mark in record["marks"])
        value = record["value"]
        state = "destroyed" if value >= destroyed else "disabled" if value >= knockout else \
            "damaged" if value else "intact"
        return f"{part} {state}"
    if status == "Dead":
        return "Dead"
    word = "Unconscious" if status.startswith("Unconscious") else "Stunned" if status.startswith("Stunned") else "Up"
    if target["sheet"]["kind"] != "person":
        return word
    level = stat(target, "Wound level")
    assert ("wound" in status) is (level != "none") and (level == "none" or f"{level} wound" in status), \
        (status, level)
    return f"{word}, {'no wound' if level == 'none' else f'{level} wound'}"


def tasks_in(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Every task a report rolled or settled without dice: its roll, difficulty, target number, DMs and result."""
    found = []
    for step in report["steps"]:
        match = TASK.search(step["text"])
        if match is None:
            continue
        difficulty, *dms = match.group(2).split(", ")
        found.append({"roll": step.get("roll"), "difficulty": difficulty, "needed": int(match.group(1)),
                      "dms": {name: int(value.replace("\u2212", "-")) for name, value in (dm.rsplit(" ", 1) for dm in dms)},
                      "result": match.group(3) or match.group(4)})
    return found


def skipped_in(report: dict[str, Any]) -> list[str]:
    """The rolls a report says are not needed (already stunned or unconscious), by their occasion."""
    return [step["text"].split(":")[0] for step in report["steps"] if "so there is no need" in step["text"]]


def points_of(report: dict[str, Any]) -> int:
    """The Damage Points a hit's report gives; 0 when it was ineffective or spared a vehicle."""
    first = str(report["outcome"]).split()[0]
    return int(first) if first.isdigit() else 0


# -- the vectors ------------------------------------------------------------------------------------------

def check_chart(case: dict[str, Any]) -> None:
    for person in case["people"]:
        integrity, why = person_integrity(person["life_force"])
        assert integrity == person["integrity"], why
        layout = chart(integrity)
        assert (layout.columns, layout.crossed, list(layout.row_sizes)) == \
            (person["columns"], person["crossed"], person["row_sizes"])
        target = card(ok("add", encounter=encounter_of(), sheet={"name": "P", "upp": person["upp"]}))
        assert stat(target, "Life Force") == f"{person['life_force']}, Integrity {person['integrity']}"
        rows = grid(target)
        assert len(rows[0]) == person["columns"]
        crossed = [[column + 1, row + 1] for row, cells in enumerate(rows) for column, cell in enumerate(cells)
                   if cell == "#"]
        assert sorted(crossed) == sorted(person["crossed_boxes"])
        assert [cells.count(".") for cells in rows] == person["row_sizes"]
        if "grid" in person:
            assert rows == person["grid"]


def check_record(case: dict[str, Any]) -> None:
    for option in ("at_least", "more_than"):
        encounter = encounter_of(case["sheet"], options={"npc_death": option})
        target = card(ok("view", encounter=encounter))
        for record in case["records"]:
            shown = meter(target, record["name"])
            assert (shown["text"], shown["max"], [mark["at"] for mark in shown["marks"]]) == \
                (record["text"], record["max"], record["marks"])
        part = {"part": "hull"} if case["sheet"]["kind"] in MACHINES else {}
        record_name = case["records"][0]["name"]
        for blow in case["hits"]:
            # Only the Damage Dice are given: an NPC, an animal or a vehicle never rolls to stay conscious.
            answer = settled(encounter, "hit", hit_inputs("c1", blow["damage_value"], **part),
                             {"damage": blow["faces"]})
            encounter, target = answer["encounter"], card(answer)
            assert meter(target, record_name)["value"] == blow["total"]
            assert condition(target) == blow[option], (option, blow)


def check_damage(case: dict[str, Any]) -> None:
    exact = Fraction(case.get("exact_dice", case["damage_value"]))
    assert damage_dice(exact) == case["damage_dice"]
    assert shorthand(case["damage_dice"]) == (case["rolled"], case["added"])
    assert points(case["damage_dice"], tuple(case["faces"])) == case["points"]
    if "seed_says" in case:
        assert case["seed_says"] != case["points"]
    # The same blow on a ground car's Hull, which rolls nothing but the Damage Dice.
    encounter = encounter_of({"name": "Car", "kind": "vehicle", "hull": "2/5"})
    inputs = hit_inputs("c1", case["damage_value"], part="hull", dice=case.get("dice", "value"))
    asked, answer = roll_by_roll(encounter, "hit", inputs, lambda need: list(case["faces"]))
    assert [(need["roll"], need["count"], need["kind"]) for need in asked] == \
        ([("damage", case["rolled"], "d6")] if case["rolled"] else [])
    assert points_of(answer["report"]) == case["points"]
    assert answer["report"]["outcome"].startswith("Ineffective") is (case["damage_dice"] == 0)
    assert meter(card(answer), "Hull")["value"] == case["points"]


def check_mean(case: dict[str, Any]) -> None:
    count = case["damage_dice"]
    assert points_dist(count).mean() == Fraction(case["shorthand_mean"])
    assert dice(count).mean() == Fraction(case["direct_mean"])
    assert Fraction(sum(case["seed_rolls"]), len(case["seed_rolls"])) == Fraction(case["seed_rolls_mean"])
    assert Fraction(case["seed_says"]) not in (Fraction(case["shorthand_mean"]), Fraction(case["direct_mean"]))
    encounter = encounter_of({"name": "Car", "kind": "vehicle", "hull": "2/5"})
    odds = ok("odds", encounter=encounter, action="hit", inputs=hit_inputs("c1", count, part="hull"))
    assert odds["expected_points"] == float(Fraction(case["shorthand_mean"]))


def prepared(case: dict[str, Any]) -> dict[str, Any]:
    """The case's encounter after its ``before`` blows, each given all its faces."""
    encounter = encounter_of(case["sheet"], options=case.get("options"))
    for before in case.get("before", []):
        encounter = after(encounter, "hit", hit_inputs("c1", **before["inputs"]), before["faces"])
    return encounter


def check_state(target: dict[str, Any], expect: dict[str, Any]) -> None:
    assert marks(target) == (expect["lethal"], expect["non_lethal"])
    word = condition(target).split(",")[0]
    if "conscious" in expect:
        assert (word not in ("Unconscious", "Dead")) is expect["conscious"], target["status"]
    if expect.get("conscious", True) and "stunned" in expect:
        assert (word == "Stunned") is expect["stunned"], target["status"]
    if "wound_level" in expect:
        assert stat(target, "Wound level") == expect["wound_level"]
    if "grid" in expect:
        assert grid(target) == expect["grid"]


def check_hit(case: dict[str, Any]) -> None:
    encounter = prepared(case)
    if "before_expect" in case:
        check_state(card(ok("view", encounter=encounter)), case["before_expect"])
    faces = {roll["roll"]: roll["faces"] for roll in case["rolls"]}
    asked, answer = roll_by_roll(encounter, "hit", hit_inputs("c1", **case["hit"]), lambda need: faces[need["roll"]])
    assert [(need["roll"], need["kind"], need["count"]) for need in asked] == \
        [(roll["roll"], "d6", roll["count"]) for roll in case["rolls"]]
    needed = {task["roll"]: task["needed"] for task in case["tasks"] if task["roll"]}
    for need, roll in zip(asked, case["rolls"]):
        if need["roll"] in needed:
            assert f"{needed[need['roll']]}+ needed" in need["why"], need["why"]
        assert need["why"] == roll.get("why", need["why"])
    report = answer["report"]
    assert tasks_in(report) == case["tasks"]
    assert skipped_in(report) == case["skipped"]
    rolled = [step["roll"] for step in report["steps"] if "roll" in step]
    assert rolled == [roll["roll"] for roll in case["rolls"]]
    assert points_of(report) == case["expect"]["points"]
    check_state(card(answer), case["expect"])


def check_wound_level(case: dict[str, Any]) -> None:
    layout = chart(case["integrity"])
    assert [wound_level(layout, lethal) for lethal, _ in case["levels"]] == [level for _, level in case["levels"]]
    # The same through the page: a blow that fills every box with an X, then the referee heals some back.
    encounter = encounter_of({"name": "Giovanni", "upp": case["upp"]})
    dead = act(encounter, "hit", hit_inputs("c1", 34), dice="app", seed=1)
    assert marks(card(dead)) == (case["integrity"], 0)
    for lethal, level in case["levels"]:
        healed = dead if lethal == case["integrity"] else \
            act(dead["encounter"], "heal", {"target": "c1", "harm": "lethal", "amount": case["integrity"] - lethal})
        assert marks(card(healed)) == (lethal, 0)
        assert stat(card(healed), "Wound level") == level


def check_recover(case: dict[str, Any]) -> None:
    for variant in case.get("variants", [case]):
        encounter = prepared({**case, "options": variant["options"]})
        assert condition(card(ok("view", encounter=encounter))).startswith("Stunned")
        inputs = {"target": "c1", "how": case["how"]}
        odds = ok("odds", encounter=encounter, action="recover", inputs=inputs)
        assert odds["success"]["fraction"] == variant["success"]
        assert variant["words"] in odds["summary"]
        answer = act(encounter, "recover", inputs)
        if variant["asks_dice"]:
            assert answer["needs"]["roll"] == "recovery" and answer["needs"]["count"] == 2
            assert variant["words"] in answer["needs"]["why"]
        else:
            assert "automatic success" in answer["report"]["steps"][0]["text"]
            assert condition(card(answer)).startswith("Up")
    if "seed_says" in case:
        difficulty, *dms = case["words"].split("(")[1].rstrip(")").split(", ")
        assert sum(int(dm.rsplit(" ", 1)[1]) for dm in dms) == case["dm"] != case["seed_says"]["dm"]
        assert case["words"].startswith(f"{case['needed']}+") and case["needed"] != case["seed_says"]["needed"]
        assert Fraction(case["success"]) != Fraction(case["seed_says"]["success"])


def check_time(case: dict[str, Any]) -> None:
    encounter = prepared(case)
    assert marks(card(ok("view", encounter=encounter))) == (0, case["slashes"])
    for hour in case["hours"]:
        answer = act(encounter, "time", {"target": "c1", "hours": 1, "resting": hour["resting"]})
        assert marks(card(answer)) == (0, case["slashes"] - hour["erased"])


CHECKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "chart": check_chart, "record": check_record, "damage": check_damage, "mean": check_mean, "hit": check_hit,
    "wound_level": check_wound_level, "recover": check_recover, "time": check_time,
}


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_vector(case: dict[str, Any]) -> None:
    CHECKS[case["check"]](case)


def test_every_vector_of_the_notes_is_covered_once() -> None:
    assert [case["id"] for case in CASES] == [f"MT-{n:02d}" for n in range(1, 22)]


def test_the_seeds_slips_are_kept_beside_the_notes_figures() -> None:
    """MT-07, MT-08 and MT-18: the seed's arithmetic is wrong; each entry asserts the notes' figure and keeps the
    seed's beside it."""
    slips = {case["id"]: case["seed_says"] for case in CASES if "seed_says" in case}
    assert slips == {"MT-07": 116, "MT-08": 113.5, "MT-18": {"dm": 6, "needed": 5, "success": "5/6"}}
