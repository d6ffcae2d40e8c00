"""MegaTraveller invariants over many inputs (hypothesis), driven through the public API.

The rolls a blow asks for are checked against a re-derivation written here from the seed's text (the
Suffering Damage sections and RULES_NOTES 1.3-1.4), not against ``marking.py``: the engine and this file
must agree on every roll's name and target number, and on the chart afterwards.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules.api import call
from rules.encounter import Encounter

from .helpers import act, card, ok, roll_by_roll
from .test_megatraveller_vectors import condition, encounter_of, full_grid, hit_inputs, marks, meter, stat

HEX = "0123456789ABCDEFGHJ"
ROW_DMS = (None, 0, -3, -6, -9, -12)          # the DM column of the Personal Integrity Record
ROUTINE, DIFFICULT = 7, 11                      # Universal Task Profile targets (RULES_NOTES 1.1)
COMBAT_SKILLS = ("martial_arts", "brawling", "survival")


# -- the rules, re-derived from the text ------------------------------------------------------------------

def row_ends(integrity: int) -> list[int]:
    """Boxes up to the end of each row: ceil(I/6) columns, the final column's unusable boxes crossed off from
    the bottom row up, and damage marked row by row."""
    columns = min(18, max(1, math.ceil(integrity / 6)))
    short = 6 * columns - integrity
    ends, total = [], 0
    for row in range(6):
        total += columns - (1 if row >= 6 - short else 0)
        ends.append(total)
    return ends


def damage_points(damage_dice: int, faces: list[int]) -> int:
    """3D at most; every two Damage Dice past the third add 7, a leftover one 3."""
    beyond = max(0, damage_dice - 3)
    return sum(faces) + 7 * (beyond // 2) + 3 * (beyond % 2)


@dataclass
class Person:
    integrity: int
    endurance: int
    skill: int | None               # the best of Martial Arts, Brawling, Survival; None when unskilled
    natural_two_fails: bool
    lethal: int = 0
    non_lethal: int = 0
    stunned: bool = False
    unconscious: bool = False

    @property
    def dead(self) -> bool:
        return self.lethal >= self.integrity

    def blow(self, lethal: bool, damage_dice: int, points: int,
             total_of: Callable[[str], int]) -> list[tuple[str, int]]:
        """Mark a blow point by point; the rolls the table is asked for, as (name, target number)."""
        ends = row_ends(self.integrity)

        def row(box: int) -> int:
            return next(number for number, end in enumerate(ends) if box < end)

        asked: list[tuple[str, int]] = []
        counts = {"stun": 0, "consciousness": 0}
        for point in range(1, points + 1):
            if self.dead:
                break
            if lethal or self.lethal + self.non_lethal >= self.integrity:
                # A lethal point crosses the first slash, or the first open box; so does a non-lethal point
                # that finds no open box.
                kind = "consciousness"
                self.non_lethal -= 1 if self.non_lethal else 0
                self.lethal += 1
                box = self.lethal - 1
            else:
                kind = "stun"
                self.non_lethal += 1
                box = self.lethal + self.non_lethal - 1
            if self.lethal + self.non_lethal >= self.integrity:
                self.unconscious = True        # every box marked: knocked out, no roll (and dead when all are X)
            if self.dead:
                break
            filled = box + 1 in ends
            last_beyond_row_one = point == points and row(box) >= 1
            if not (filled or last_beyond_row_one) or self.unconscious or (kind == "stun" and self.stunned):
                continue
            if kind == "stun":      # Routine, unskilled OK; the first row with an open box; less the Damage Dice
                target, dm = ROUTINE, (ROW_DMS[row(self.lethal + self.non_lethal)] or 0) - damage_dice
            else:                   # Routine, not unskilled OK; the first row with a box without an X
                target, dm = ROUTINE if self.skill is not None else DIFFICULT, ROW_DMS[row(self.lethal)] or 0
            needed = target - dm - (self.skill or 0) - self.endurance // 5
            counts[kind] += 1
            name = f"{kind} {counts[kind]}"
            if needed > 12:
                passed = False
            elif needed <= 2 and not self.natural_two_fails:
                passed = True
            else:
                asked.append((name, needed))
                rolled = total_of(name)
                passed = rolled >= needed and not (rolled == 2 and self.natural_two_fails)
            if not passed and kind == "stun":
                self.stunned = True
            elif not passed:
                self.unconscious = True
        return asked

    def word(self) -> str:
        return "Dead" if self.dead else "Unconscious" if self.unconscious else "Stunned" if self.stunned else "Up"


# -- strategies --------------------------------------------------------------------------------------------

upps = st.text(alphabet=HEX, min_size=3, max_size=3).map(lambda physical: physical + "777")
skills = st.dictionaries(st.sampled_from(COMBAT_SKILLS), st.integers(0, 4), max_size=2)
blows = st.lists(st.tuples(st.booleans(), st.sampled_from([1, 2, 3, 3, 4, 5, 6, 8, 12, 20]),
                           st.sampled_from(["value", "value", "low"])), min_size=1, max_size=4)


def needed_in(why: str) -> int:
    return int(why.split("+ needed")[0].split()[-1])


@settings(max_examples=400, deadline=None)
@given(upps, skills, st.booleans(), blows, st.data())
def test_rolls_are_asked_exactly_when_the_text_calls_for_them(upp: str, held: dict[str, int], natural_two: bool,
                                                               plan: list[tuple[bool, int, str]],
                                                               data: st.DataObject) -> None:
    sheet = {"name": "P", "kind": "person", "upp": upp, **held}
    encounter = encounter_of(sheet, options={"natural_two": "fails" if natural_two else "rolls"})
    physical = [HEX.index(digit) for digit in upp[:3]]
    integrity = min(108, max(6, 2 * sum(physical)))
    person = Person(integrity, physical[2], max(held.values()) if held else None, natural_two)
    for lethal, value, rule in plan:
        damage_dice = value // 2 if rule == "low" else value
        faces: dict[str, list[int]] = {}

        def faces_for(need: dict[str, Any]) -> list[int]:
            faces[need["roll"]] = data.draw(st.lists(st.integers(1, 6), min_size=need["count"], max_size=need["count"]))
            return faces[need["roll"]]

        before = person.word()
        asked, answer = roll_by_roll(encounter, "hit", hit_inputs("c1", value, "lethal" if lethal else "non_lethal",
                                                                   dice=rule), faces_for)
        encounter = answer["encounter"]
        rolled = min(3, damage_dice)
        assert [(need["roll"], need["count"]) for need in asked[:1]] == ([("damage", rolled)] if rolled else [])
        points = damage_points(damage_dice, faces.get("damage", []))
        expected = person.blow(lethal, damage_dice, points, lambda name: sum(faces.get(name, [7])))
        assert [(need["roll"], needed_in(need["why"])) for need in asked[1 if rolled else 0:]] == expected
        # The same facts said plainly: nothing is asked of someone unconscious or dead, no stun roll of the stunned,
        # before the blow or after a roll in it failed.
        stunned, out = before == "Stunned", before in ("Unconscious", "Dead")
        for need in asked[1 if rolled else 0:]:
            assert not out and not (stunned and need["roll"].startswith("stun")), (before, asked)
            total = sum(faces[need["roll"]])
            if total < needed_in(need["why"]) or (total == 2 and natural_two):
                stunned, out = stunned or need["roll"].startswith("stun"), out or need["roll"].startswith("conscious")
        target = card(answer)
        assert marks(target) == (min(person.lethal, integrity), person.non_lethal)
        assert condition(target).split(",")[0] == person.word()


def check_chart(target: dict[str, Any], integrity: int) -> None:
    """The grid holds exactly ``integrity`` usable boxes; X's then slashes then open boxes, row by row."""
    lethal, non_lethal = marks(target)
    assert lethal + non_lethal <= integrity
    boxes = "".join(full_grid(target))
    assert boxes.count("#") == 6 * 18 - integrity
    assert boxes.replace("#", "") == "X" * lethal + "/" * non_lethal + "." * (integrity - lethal - non_lethal)
    chart = next(item for item in target["widgets"] if item["kind"] == "grid")
    for row in chart["rows"]:
        cells = row["cells"]
        assert row["summary"].endswith(f"{cells.count('cross')} X, {cells.count('slash')} slashes, "
                                       f"{cells.count('empty')} open")
    assert chart["summary"] == (f"Integrity {integrity}: {lethal} X (lethal), {non_lethal} slashes (non-lethal), "
                                f"{integrity - lethal - non_lethal} open")


@settings(max_examples=200, deadline=None)
@given(upps, blows, st.integers(0, 10_000), st.lists(st.tuples(st.booleans(), st.integers(1, 30)), max_size=4))
def test_marks_fit_the_chart_and_healing_undoes_them(upp: str, plan: list[tuple[bool, int, str]], seed: int,
                                                     heals: list[tuple[bool, int]]) -> None:
    encounter = encounter_of({"name": "P", "upp": upp})
    integrity = int(str(stat(card(ok("view", encounter=encounter)), "Life Force")).split()[-1])
    for number, (lethal, value, rule) in enumerate(plan):
        answer = act(encounter, "hit", hit_inputs("c1", value, "lethal" if lethal else "non_lethal", dice=rule),
                     dice="app", seed=seed + number)
        encounter = answer["encounter"]
        check_chart(card(answer), integrity)
    # Some healing as the referee gives it, then all of it: the chart is as fresh as it started.
    for lethal, amount in heals:
        before = marks(card(ok("view", encounter=encounter)))
        harm = "lethal" if lethal else "non_lethal"
        answer = act(encounter, "heal", {"target": "c1", "harm": harm, "amount": amount})
        encounter, after = answer["encounter"], marks(card(answer))
        assert after == ((max(0, before[0] - amount), before[1]) if lethal else (before[0], max(0, before[1] - amount)))
        check_chart(card(answer), integrity)
    lethal_left, non_lethal_left = marks(card(ok("view", encounter=encounter)))
    for harm, amount in (("lethal", lethal_left), ("non_lethal", non_lethal_left)):
        if amount:
            encounter = act(encounter, "heal", {"target": "c1", "harm": harm, "amount": amount})["encounter"]
    healed = card(ok("view", encounter=encounter))
    assert marks(healed) == (0, 0)
    assert stat(healed, "Wound level") == "none"
    assert full_grid(healed) == full_grid(card(ok("view", encounter=encounter_of({"name": "P", "upp": upp}))))


# -- NPCs, animals and vehicles: written K/(I-K), no rolls ---------------------------------------------------

others = st.one_of(
    st.builds(lambda upp: {"kind": "npc", "upp": upp}, upps),
    st.builds(lambda first, second: {"kind": "animal", "hits": f"{first}/{second}"}, st.integers(1, 12),
              st.integers(0, 12)),
    st.builds(lambda kind, first, second: {"kind": kind, "hull": f"{first}/{second}", "power": "1/2"},
              st.sampled_from(["vehicle", "aircraft"]), st.integers(1, 3), st.integers(0, 5)),
)


def thresholds(sheet: dict[str, Any]) -> tuple[int, int]:
    """(knocked out or disabled at, killed or destroyed at), from the seed's Integrity sections."""
    if sheet["kind"] == "npc":
        integrity = min(108, max(6, 2 * sum(HEX.index(digit) for digit in sheet["upp"][:3])))
        return math.ceil(integrity / 3), integrity
    first, second = (int(number) for number in sheet["hull" if "hull" in sheet else "hits"].split("/"))
    times = {"animal": 4, "vehicle": 40, "aircraft": 1}[sheet["kind"]]
    return first * times, (first + second) * times


@settings(max_examples=300, deadline=None)
@example({"kind": "npc", "upp": "778777"}, [(True, 3, [4, 4, 6]), (False, 1, [1, 1, 1])], "at_least", "ignore")
@example({"kind": "animal", "hits": "1/0"}, [(False, 2, [1, 2, 6]), (True, 1, [1, 1, 1])], "more_than", "ignore")
@given(others, st.lists(st.tuples(st.booleans(), st.integers(1, 40), st.lists(st.integers(1, 6), min_size=3,
                                                                                  max_size=3)), min_size=1, max_size=5),
       st.sampled_from(["at_least", "more_than"]), st.sampled_from(["ignore", "counts"]))
def test_npcs_animals_and_vehicles_go_down_at_their_thresholds(sheet: dict[str, Any],
                                                               plan: list[tuple[bool, int, list[int]]], death: str,
                                                               machines: str) -> None:
    encounter = encounter_of({"name": "T", **sheet}, options={"npc_death": death, "machines_non_lethal": machines})
    knockout, integrity = thresholds(sheet)
    machine = sheet["kind"] in ("vehicle", "aircraft")
    total = 0
    for lethal, value, faces in plan:
        extra = {"part": "hull"} if machine else {}
        affects = lethal or not machine or machines == "counts"
        answer = act(encounter, "hit", hit_inputs("c1", value, "lethal" if lethal else "non_lethal", **extra),
                     {"damage": faces[:min(3, value)]} if affects else {})
        assert "needs" not in answer, answer["needs"]
        encounter = answer["encounter"]
        total += damage_points(value, faces[:min(3, value)]) if affects else 0
        target = card(answer)
        assert meter(target, "Hull" if machine else "Damage")["value"] == total
        if machine:
            word = "destroyed" if total >= integrity else "disabled" if total >= knockout else \
                "damaged" if total else "intact"
            assert condition(target) == f"Hull {word}"
            assert (target["status"]["text"] == "Destroyed") is (total >= integrity)
        else:
            gone = total > integrity if death == "more_than" else total >= integrity
            assert condition(target) == ("Dead" if gone else "Unconscious" if total >= knockout else "Up")
            assert target["can_act"] is (total < knockout)


# -- replaying the log --------------------------------------------------------------------------------------

targets = st.sampled_from(["c1", "c3"])
actions = st.lists(st.one_of(
    st.builds(lambda target, lethal, value: ("hit", {"attacker": None, "target": target, "damage_value": value,
                                                     "harm": "lethal" if lethal else "non_lethal"}),
              targets, st.booleans(), st.integers(1, 8)),
    st.builds(lambda target: ("hit", {"attacker": "c2", "target": target, "weapon": 0}), targets),
    st.builds(lambda hours, resting: ("time", {"hours": hours, "resting": resting}), st.integers(1, 3), st.booleans()),
    st.builds(lambda target, amount: ("heal", {"target": target, "harm": "non_lethal", "amount": amount}), targets,
              st.integers(1, 9)),
    st.builds(lambda target, how: ("recover", {"target": target, "how": how}), targets,
              st.sampled_from(["stun_slow", "stun_quick", "wake"])),
    st.just(("recover", {"target": "c1", "how": "rouse", "helper": "c3"})),
    st.builds(lambda target, points: ("ruling", {"target": target, "rule": "characteristic", "characteristic": "End",
                                                 "points": points}), targets, st.integers(1, 3)),
), min_size=1, max_size=8)


@settings(max_examples=100, deadline=None)
@given(actions, st.integers(0, 10_000))
def test_replaying_the_encounter_rebuilds_the_same_state(plan: list[tuple[str, dict[str, Any]]], seed: int) -> None:
    encounter = encounter_of({"name": "Herr Bartolo", "upp": "45398C"},
                             {"name": "Thug", "kind": "npc", "upp": "777777",
                              "weapons": [{"name": "Club", "notation": "3N"}]},
                             {"name": "Guard", "upp": "77A777", "brawling": 2, "medical": 1})
    for number, (action, inputs) in enumerate(plan):
        response = json.loads(call("act", json.dumps({"encounter": encounter, "action": action, "inputs": inputs,
                                                      "dice": "app", "seed": seed + number})))
        if response["ok"]:
            encounter = response["result"]["encounter"]
        else:   # an action this state refuses (recovering someone not stunned): a plain refusal, nothing changes
            assert response["error"]["kind"] == "bad_field", response["error"]
    document = json.loads(json.dumps(encounter))
    shown = ok("view", encounter=document)["view"]
    assert Encounter.from_dict(document).view() == shown
    assert ok("open_link", link=ok("share", encounter=document)["fragment"])["view"] == shown

