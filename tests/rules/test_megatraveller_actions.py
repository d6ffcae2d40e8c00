"""MegaTraveller's other actions through the API: recovering (from a stun, regaining consciousness, being
roused), time passing, healing and the referee's rulings, and the plain-word refusals of each."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rules.systems.megatraveller.options import Options
from rules.systems.megatraveller.recovery import hourly_recovery

from .helpers import act, after, card, ok, refused, settled, widget
from .test_megatraveller_vectors import condition, encounter_of, hit_inputs, marks, meter, stat, tasks_in

BARTOLO = {"name": "Herr Bartolo", "kind": "person", "upp": "45398C"}


def stunned_bartolo(*others: dict[str, Any], options: dict[str, Any] | None = None) -> dict[str, Any]:
    """MT-12: 11 slashes and stunned."""
    encounter = encounter_of(BARTOLO, *others, options=options)
    return after(encounter, "hit", hit_inputs("c1", 3, "non_lethal"), {"damage": [4, 4, 3], "stun 1": [5, 6]})


def knocked_out_bartolo(*others: dict[str, Any]) -> dict[str, Any]:
    """5 lethal points: row 1 fills, the consciousness roll (Difficult 11+ for the unskilled) fails."""
    encounter = encounter_of(BARTOLO, *others)
    return after(encounter, "hit", hit_inputs("c1", 3), {"damage": [2, 2, 1], "consciousness 1": [1, 1]})


def ruled(target: dict[str, Any], location: str) -> str | None:
    """The condition the referee ruled for a location, as the card's stats show it (labelled "Head (...)")."""
    return next((str(item["value"]) for item in widget(target, "stats")["items"]
                 if item["label"].startswith(f"{location} (")), None)


def recovery_odds(encounter: dict[str, Any], inputs: dict[str, Any]) -> Fraction:
    return Fraction(ok("odds", encounter=encounter, action="recover", inputs=inputs)["success"]["fraction"])


# -- recovering ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("faces, recovered", [([3, 4], True), ([3, 3], False)])
def test_slow_recovery_from_a_stun(faces: list[int], recovered: bool) -> None:
    """Routine 7+, unskilled OK; End 3 gives no DM.  Failure changes nothing: try again next turn."""
    encounter = stunned_bartolo()
    inputs = {"target": "c1", "how": "stun_slow"}
    assert recovery_odds(encounter, inputs) == Fraction(21, 36)
    answer = act(encounter, "recover", inputs)
    assert answer["needs"]["roll"] == "recovery" and "7+ needed (Routine 7+)" in answer["needs"]["why"]
    answer = settled(encounter, "recover", inputs, {"recovery": faces})
    assert tasks_in(answer["report"]) == [{"roll": "recovery", "difficulty": "Routine 7+", "needed": 7, "dms": {},
                                          "result": "success" if recovered else "failure"}]
    assert condition(card(answer)) == ("Up, no wound" if recovered else "Stunned, no wound")
    assert marks(card(answer)) == (0, 11)


def test_quick_recovery_is_formidable_for_the_unskilled() -> None:
    """Not unskilled OK: Difficult becomes Formidable 15+; Bartolo's End 3 cannot reach it, so no dice are asked."""
    encounter = stunned_bartolo()
    inputs = {"target": "c1", "how": "stun_quick"}
    assert recovery_odds(encounter, inputs) == 0
    answer = settled(encounter, "recover", inputs, {})
    assert tasks_in(answer["report"]) == [{"roll": None, "difficulty": "Formidable 15+ for the unskilled",
                                          "needed": 15, "dms": {}, "result": "automatic failure"}]
    assert condition(card(answer)).startswith("Stunned")


@pytest.mark.parametrize("sheet, how, words, chance", [
    ({"upp": "77F777"}, "stun_quick", "12+ needed (Formidable 15+ for the unskilled, End 15 +3)", Fraction(1, 36)),
    ({"upp": "77F777"}, "stun_slow", "4+ needed (Routine 7+, End 15 +3)", Fraction(33, 36)),
    ({"upp": "777777", "survival": 0}, "stun_quick", "10+ needed (Difficult 11+, Survival-0 +0, End 7 +1)",
     Fraction(6, 36)),
    ({"upp": "777777", "martial_arts": 1, "brawling": 4}, "stun_quick",
     "6+ needed (Difficult 11+, Brawling-4 +4, End 7 +1)", Fraction(26, 36)),
])
def test_recovery_tasks_take_the_best_skill_and_end(sheet: dict[str, Any], how: str, words: str,
                                                    chance: Fraction) -> None:
    encounter = encounter_of({"name": "P", **sheet})
    encounter = settled(encounter, "hit", hit_inputs("c1", 3, "non_lethal"),
                        {"damage": [6, 6, 6], "stun 1": [1, 1]})["encounter"]
    assert condition(card(ok("view", encounter=encounter))).startswith("Stunned")
    inputs = {"target": "c1", "how": how}
    odds = ok("odds", encounter=encounter, action="recover", inputs=inputs)
    assert words in odds["summary"] and Fraction(odds["success"]["fraction"]) == chance
    assert words in act(encounter, "recover", inputs)["needs"]["why"]


def test_waking_up_is_difficult_and_only_for_the_unconscious() -> None:
    encounter = knocked_out_bartolo()
    assert condition(card(ok("view", encounter=encounter))) == "Unconscious, Superficial wound"
    inputs = {"target": "c1", "how": "wake"}
    assert recovery_odds(encounter, inputs) == Fraction(3, 36)
    assert "11+ needed (Difficult 11+)" in act(encounter, "recover", inputs)["needs"]["why"]
    failed = settled(encounter, "recover", inputs, {"recovery": [5, 5]})
    assert condition(card(failed)).startswith("Unconscious") and "try again in 5 minutes" in failed["report"]["outcome"]
    woken = settled(encounter, "recover", inputs, {"recovery": [5, 6]})
    assert condition(card(woken)) == "Up, Superficial wound"
    assert marks(card(woken)) == (5, 0)


@pytest.mark.parametrize("helper, inputs, words, chance", [
    ({"name": "Doctor", "upp": "777777", "medical": 2}, {"helper": "c2"},
     "5+ needed (Routine 7+, Doctor's Medical-2 +2)", Fraction(30, 36)),
    (None, {"helper": None, "medical": "none"}, "7+ needed (Routine 7+)", Fraction(21, 36)),
    (None, {"helper": None, "medical": 3}, "4+ needed (Routine 7+, the helper's Medical-3 +3)", Fraction(33, 36)),
])
def test_rousing_uses_the_helpers_medical_and_the_victims_end(helper: dict[str, Any] | None, inputs: dict[str, Any],
                                                              words: str, chance: Fraction) -> None:
    encounter = knocked_out_bartolo(*([helper] if helper else []))
    request = {"target": "c1", "how": "rouse", **inputs}
    odds = ok("odds", encounter=encounter, action="recover", inputs=request)
    assert words in odds["summary"] and Fraction(odds["success"]["fraction"]) == chance
    assert words in act(encounter, "recover", request)["needs"]["why"]
    assert condition(card(settled(encounter, "recover", request, {"recovery": [6, 6]}))).startswith("Up")


def test_rousing_names_the_victims_end() -> None:
    encounter = encounter_of({"name": "Tough", "upp": "77A777"})
    encounter = after(encounter, "hit", hit_inputs("c1", 3), {"damage": [3, 3, 3], "consciousness 1": [1, 1]})
    request = {"target": "c1", "how": "rouse", "helper": None, "medical": "none"}
    assert "5+ needed (Routine 7+, the victim's End 10 +2)" in act(encounter, "recover", request)["needs"]["why"]


# -- time passes: natural recovery of non-lethal damage (MT-21, D-MT-12) ---------------------------------------

@pytest.mark.parametrize("endurance, floor_min1, floor, up", [(0, 0, 0, 0), (1, 1, 0, 1), (3, 1, 1, 2), (4, 2, 2, 2),
                                                              (5, 2, 2, 3), (10, 5, 5, 5)])
def test_halved_recovery_rounding(endurance: int, floor_min1: int, floor: int, up: int) -> None:
    """D-MT-12: fractions dropped but at least 1 an hour (the default), or dropped, or rounded up; resting is End."""
    for option, expected in (("floor_min1", floor_min1), ("floor", floor), ("up", up)):
        assert hourly_recovery(endurance, False, Options(halved_recovery=option)) == expected
        assert hourly_recovery(endurance, True, Options(halved_recovery=option)) == endurance


@pytest.mark.parametrize("option, erased", [("floor_min1", 1), ("floor", 0), ("up", 1)])
def test_the_rounding_option_reaches_the_table(option: str, erased: int) -> None:
    """End 1, not resting, for an hour (UPP 771777 has Life Force 15, Integrity 30)."""
    encounter = encounter_of({"name": "Frail", "upp": "771777"}, options={"halved_recovery": option})
    encounter = after(encounter, "hit", hit_inputs("c1", 3, "non_lethal"), {"damage": [1, 1, 1]})
    answer = act(encounter, "time", {"target": "c1", "hours": 1, "resting": False})
    assert marks(card(answer)) == (0, 3 - erased)


def test_time_erases_slashes_only_for_everyone_with_endurance() -> None:
    """Three hours for everyone: Bartolo (End 3) erases 9 of 11 slashes, an NPC (End 7) all 10 of its non-lethal
    points; X's stay; animals and vehicles have no Endurance and are left alone."""
    encounter = stunned_bartolo({"name": "Thug", "kind": "npc", "upp": "777777"},
                                {"name": "Grazer", "kind": "animal", "hits": "9/6"})
    encounter = after(encounter, "hit", hit_inputs("c1", 1), {"damage": [2]})
    encounter = after(encounter, "hit", hit_inputs("c2", 3, "non_lethal"), {"damage": [3, 3, 4]})
    encounter = after(encounter, "hit", hit_inputs("c3", 3, "non_lethal"), {"damage": [3, 3, 4]})
    answer = act(encounter, "time", {"target": None, "hours": 3, "resting": True})
    assert marks(card(answer)) == (2, 0)
    assert meter(card(answer, "c2"), "Damage")["value"] == 0
    assert meter(card(answer, "c3"), "Damage")["value"] == 10
    assert condition(card(answer)).startswith("Stunned")   # time heals slashes, it does not end a stun
    quiet = act(answer["encounter"], "time", {"target": "c1", "hours": 1, "resting": True})
    assert quiet["report"]["outcome"] == "Nothing to recover"


def test_characteristic_damage_slows_recovery() -> None:
    """End 3 less 2 points the referee rules lost is End 1: one slash an hour."""
    encounter = stunned_bartolo()
    encounter = act(encounter, "ruling", {"target": "c1", "rule": "characteristic", "characteristic": "End",
                                          "points": 2})["encounter"]
    assert stat(card(ok("view", encounter=encounter)), "UPP") == "45198C (from 45398C)"
    assert marks(card(act(encounter, "time", {"target": "c1", "hours": 2, "resting": True}))) == (0, 9)


# -- healing -------------------------------------------------------------------------------------------------------

def test_healing_erases_the_last_marks_first_and_never_below_zero() -> None:
    encounter = after(stunned_bartolo(), "hit", hit_inputs("c1", 1), {"damage": [2]})   # XX//...
    answer = act(encounter, "heal", {"target": "c1", "harm": "lethal", "amount": 1})
    assert marks(card(answer)) == (1, 9)
    answer = act(answer["encounter"], "heal", {"target": "c1", "harm": "non_lethal", "amount": 100})
    assert marks(card(answer)) == (1, 0)
    assert "heals 9 slashes" in answer["report"]["steps"][0]["text"]


def test_a_person_killed_outright_stays_unconscious_when_healed() -> None:
    """Every box marked knocks out; a person whose every box holds an X is also out cold, so healing one X back
    leaves them unconscious until they wake (here: skilled, a natural 2 counting, every consciousness roll certain)."""
    encounter = encounter_of({"name": "Hero", "upp": "FFFFFF", "brawling": 15}, options={"natural_two": "rolls"})
    dead = settled(encounter, "hit", hit_inputs("c1", 34), {"damage": [6, 6, 6]})
    assert [task["result"] for task in tasks_in(dead["report"])] == ["automatic success"] * 5
    assert condition(card(dead)) == "Dead"
    healed = act(dead["encounter"], "heal", {"target": "c1", "harm": "lethal", "amount": 1})
    assert condition(card(healed)) == "Unconscious, Major wound"
    assert card(healed)["can_act"] is False
    assert act(healed["encounter"], "recover", {"target": "c1", "how": "wake"})["needs"]["roll"] == "recovery"


def test_repairing_a_vehicle_record() -> None:
    encounter = encounter_of({"name": "Car", "kind": "vehicle", "hull": "2/5", "power": "1/2", "loco": "1/2"})
    encounter = after(encounter, "hit", hit_inputs("c1", 23, part="power1"), {"damage": [3, 3, 4]})
    assert meter(card(ok("view", encounter=encounter)), "Power")["value"] == 80
    assert card(ok("view", encounter=encounter))["status"]["text"] == "Power disabled"     # 40/80: destroyed at 120
    answer = act(encounter, "heal", {"target": "c1", "part": "power1", "amount": 50})
    assert meter(card(answer), "Power")["value"] == 30 and card(answer)["status"]["text"] == "Damaged"


def test_non_lethal_damage_spares_vehicles_unless_the_referee_says_otherwise() -> None:
    """D-MT-15: by default a club on a car rolls nothing and changes nothing; the option counts it."""
    inputs = hit_inputs("c1", 3, "non_lethal", part="hull")
    spared = settled(encounter_of({"name": "Car", "kind": "vehicle", "hull": "2/5"}), "hit", inputs, {})
    assert spared["report"]["outcome"] == "No effect on a vehicle" and spared["encounter"]["events"][-1]["dice"] == {}
    counted = settled(encounter_of({"name": "Car", "kind": "vehicle", "hull": "2/5"},
                                   options={"machines_non_lethal": "counts"}), "hit", inputs, {"damage": [1, 2, 3]})
    assert meter(card(counted), "Hull")["value"] == 6


# -- the referee's rulings for the lost pages --------------------------------------------------------------------

def test_limb_rulings_are_recorded_and_a_coma_knocks_out() -> None:
    encounter = encounter_of(BARTOLO)
    answer = act(encounter, "ruling", {"target": "c1", "rule": "limb", "location": "Head", "condition": "Injured",
                                       "coma": True})
    assert ruled(card(answer), "Head") == "Injured"
    assert condition(card(answer)) == "Unconscious, no wound"
    cleared = act(answer["encounter"], "ruling", {"target": "c1", "rule": "limb", "location": "Head",
                                                  "condition": "Unharmed"})
    assert ruled(card(cleared), "Head") is None


def test_characteristic_rulings_change_the_dms_and_stay_within_the_characteristic() -> None:
    """End 10 (+2) ruled down 3 to End 7 (+1): the stun roll's DM follows; a restore cannot pass the UPP's value."""
    encounter = encounter_of({"name": "Tough", "upp": "77A777"})
    lowered = act(encounter, "ruling", {"target": "c1", "rule": "characteristic", "characteristic": "End", "points": 3})
    why = act(lowered["encounter"], "hit", hit_inputs("c1", 3, "non_lethal"), {"damage": [3, 3, 3]})["needs"]["why"]
    assert "9+ needed (Routine 7+, row 2 +0, 3 Damage Dice \u22123, End 7 +1)" in why
    restored = act(lowered["encounter"], "ruling", {"target": "c1", "rule": "characteristic", "characteristic": "End",
                                                    "points": -30})
    assert stat(card(restored), "UPP") == "77A777"


def test_notes_are_kept_up_to_twelve() -> None:
    encounter = encounter_of({"name": "Car", "kind": "vehicle", "hull": "2/5"})
    for number in range(12):
        encounter = act(encounter, "ruling", {"target": "c1", "rule": "note", "note": f"dent {number}"})["encounter"]
    notes = [item["value"] for item in widget(card(ok("view", encounter=encounter)), "stats")["items"]
             if item["label"] == "Referee's note"]
    assert notes == [f"dent {number}" for number in range(12)]
    failure = refused("act", encounter=encounter, action="ruling", dice="given",
                      inputs={"target": "c1", "rule": "note", "note": "one more"})
    assert (failure["kind"], failure["field"]) == ("bad_field", "note") and "12 notes" in failure["message"]


# -- refusals: plain words, the field named, never an internal error -----------------------------------------------

def roster_for_refusals() -> dict[str, Any]:
    """c1 Bartolo (stunned), c2 an NPC, c3 a car, c4 a grazer, c5 Giovanni (unconscious), c6 someone dead, c7 a
    chart full of slashes (MT-15)."""
    encounter = stunned_bartolo({"name": "Thug", "kind": "npc", "upp": "777777"},
                                {"name": "Car", "kind": "vehicle", "hull": "2/5", "power": "1/2"},
                                {"name": "Grazer", "kind": "animal", "hits": "9/6"},
                                {"name": "Giovanni", "upp": "94A849"}, {"name": "Ghost", "upp": "111777"}, BARTOLO)
    encounter = after(encounter, "hit", hit_inputs("c5", 3), {"damage": [3, 3, 3], "consciousness 1": [1, 1]})
    encounter = after(encounter, "hit", hit_inputs("c6", 3), {"damage": [3, 3, 3], "consciousness 1": [6, 6]})
    return after(encounter, "hit", hit_inputs("c7", 5, "non_lethal"), {"damage": [6, 6, 5], "stun 1": [1, 2]})


REFUSALS = [
    ("recover", {"target": "c5", "how": "stun_slow"}, "how", "regain consciousness first"),
    ("recover", {"target": "c1", "how": "wake"}, "how", "is conscious"),
    ("recover", {"target": "c2", "how": "wake"}, "target", "only a person rolls to recover"),
    ("recover", {"target": "c3", "how": "stun_slow"}, "target", "only a person rolls to recover"),
    ("recover", {"target": "c6", "how": "wake"}, "target", "is dead"),
    ("recover", {"target": "c7", "how": "wake"}, "how", "chart is full"),
    ("recover", {"target": "c7", "how": "rouse"}, "how", "chart is full"),
    ("recover", {"target": "c1", "how": "nap"}, "how", "not one of"),
    ("recover", {"target": "c5", "how": "rouse", "salts": False}, "salts", "cannot be woken"),
    ("recover", {"target": "c5", "how": "rouse", "helper": "c5"}, "helper", "cannot rouse themselves"),
    ("recover", {"target": "c5", "how": "rouse", "helper": "c4"}, "helper", "only a conscious person"),
    ("recover", {"target": "c5", "how": "rouse", "helper": "c6"}, "helper", "only a conscious person"),
    ("recover", {"target": "c5", "how": "rouse", "helper": "c1"}, "helper", "not stunned"),
    ("time", {"target": "c3", "hours": 1}, "target", "no Endurance"),
    ("time", {"target": "c4", "hours": 1}, "target", "no Endurance"),
    ("time", {"hours": 0}, "hours", "from 1 to 72"),
    ("time", {"hours": 73}, "hours", "from 1 to 72"),
    ("time", {"hours": 1, "resting": "sometimes"}, "resting", "resting"),
    ("heal", {"target": "c1", "amount": 0}, "amount", "from 1 to"),
    ("heal", {"target": "c1", "amount": 1, "harm": "both"}, "harm", "not one of"),
    ("heal", {"target": "c3", "amount": 1, "part": "wings"}, "part", "not one of"),
    ("ruling", {"target": "c3", "rule": "limb"}, "rule", "write a note instead"),
    ("ruling", {"target": "c4", "rule": "characteristic", "points": 1}, "rule", "write a note instead"),
    ("ruling", {"target": "c1", "rule": "characteristic", "points": 0}, "points", "not 0"),
    ("ruling", {"target": "c1", "rule": "characteristic", "points": 31}, "points", "from -30 to 30"),
    ("ruling", {"target": "c1", "rule": "characteristic", "characteristic": "Psi", "points": 1}, "characteristic",
     "not one of"),
    ("ruling", {"target": "c1", "rule": "limb", "location": "Tail"}, "location", "not one of"),
    ("ruling", {"target": "c1", "rule": "limb", "condition": "Broken"}, "condition", "not one of"),
    ("ruling", {"target": "c1", "rule": "note", "note": ""}, "note", "empty"),
    ("ruling", {"target": "c1", "rule": "note", "note": "x" * 81}, "note", "at most 80"),
    ("ruling", {"target": "c1", "rule": "verdict"}, "rule", "not one of"),
    ("hit", hit_inputs("c1", 201), "damage_value", "from 0 to 200"),
    ("hit", hit_inputs("c1", 3, dice="referee"), "damage_dice", "missing"),
    ("hit", hit_inputs("c1", 3, harm="stun"), "harm", "not one of"),
    ("hit", {"attacker": "c1", "target": "c2"}, "attacker", "cannot attack"),
    ("hit", {"attacker": "c2", "target": "c2"}, "target", "must be different"),
    ("hit", {"attacker": "c3", "target": "c2"}, "weapon", "has no weapon"),
    ("compare", hit_inputs("c1", 3), "action", "changes nothing"),
    ("dance", {}, "action", "no such action"),
]


@pytest.mark.parametrize("action, inputs, field, words", REFUSALS, ids=[f"{a}-{f}-{w}" for a, _, f, w in REFUSALS])
def test_refusals_are_plain_bad_fields(action: str, inputs: dict[str, Any], field: str, words: str) -> None:
    encounter = roster_for_refusals()
    failure = refused("act", encounter=encounter, action=action, inputs=inputs, dice="app", seed=1)
    assert (failure["kind"], failure["field"]) == ("bad_field", field), failure
    assert words in failure["message"], failure["message"]
    assert not any(code in failure["message"] for code in ("Error", "Traceback", "None", "__"))


@pytest.mark.parametrize("action", ["time", "heal", "ruling"])
def test_actions_without_dice_have_no_odds(action: str) -> None:
    failure = refused("odds", encounter=roster_for_refusals(), action=action, inputs={"target": "c1"})
    assert (failure["kind"], failure["field"]) == ("bad_field", "action")


@pytest.mark.parametrize("sheet, field", [({"name": "Wreck", "kind": "vehicle", "hull": "0/5"}, "sheet.hull"),
                                          ({"name": "Ghost", "kind": "animal", "hits": "0/6"}, "sheet.hits")])
def test_a_target_that_would_be_down_before_any_damage_is_refused(sheet: dict[str, Any], field: str) -> None:
    failure = refused("add", encounter=roster_for_refusals(), sheet=sheet)
    assert (failure["kind"], failure["field"]) == ("bad_field", field) and "at least 1" in failure["message"]


def test_an_edit_that_leaves_the_chart_full_knocks_out() -> None:
    """Herr Bartolo carries 11 slashes; given a UPP of Life Force 5 (Integrity 10), his chart is full."""
    encounter = roster_for_refusals()
    edited = ok("edit", encounter=encounter, id="c1", sheet={**BARTOLO, "upp": "11398C"})
    card = next(one for one in edited["view"]["roster"] if one["id"] == "c1")
    assert card["status"]["text"].startswith("Unconscious") and not card["can_act"]


def test_time_does_not_bring_a_dead_npc_back() -> None:
    """An unimportant NPC knocked out by non-lethal damage, then killed by lethal: an hour's recovery of the
    non-lethal part would bring its total under the Integrity again (found by the headline property test)."""
    encounter = encounter_of({"name": "Red shirt", "kind": "npc", "upp": "777777"})
    encounter = after(encounter, "hit", hit_inputs("c1", 6, "non_lethal"), {"damage": [6, 6, 6]})   # 28 of 42
    encounter = after(encounter, "hit", hit_inputs("c1", 3, "lethal"), {"damage": [6, 6, 6]})      # 46 of 42: killed
    assert card(act(encounter, "time", {"target": "", "hours": 1, "resting": False})) == card(
        ok("view", encounter=encounter))
    answer = act(encounter, "time", {"target": "", "hours": 5, "resting": True})
    assert answer["view"]["roster"][0]["status"]["text"] == "Dead"
    assert "Red shirt is dead: nothing is recovered." in [step["text"] for step in answer["view"]["log"][-1]["steps"]]
