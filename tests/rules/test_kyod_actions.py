"""Know Your Own Damage's actions through the API: hit, check, turn and heal; the dice each asks for on demand;
the effects option; sheets and weapon notations; and the plain-word refusals of each (never ``internal``)."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import act, after, card, ok, refused, roll_by_roll, settled, widget
from .test_kyod_vectors import death_checks_due, encounter_of, held, level_of, stat, threshold_row, typed

KNIGHT = {"name": "Knight", "st": 12, "ht": 11, "armour": "4",
          "weapons": [{"name": "Broadsword", "notation": "thr+2 imp"}, {"name": "Swing", "notation": "sw cut"}]}
ROCK = {"name": "Rock", "kind": "object", "toughness_from": "weight", "weight": "2", "mechanical": True,
        "weapons": [{"name": "Shove", "notation": "thr cr"}]}
ST10 = {"name": "Plain", "st": 10}
EFFECT_KEYS = ("words", "shock", "major", "consciousness", "death_checks", "dead")


def default_effects() -> list[dict[str, Any]]:
    kyod = next(system for system in ok("systems")["systems"] if system["id"] == "kyod")
    table = next(option for option in kyod["options"] if option["name"] == "effects")
    rows: list[dict[str, Any]] = [dict(row) for row in table["default"]]
    return rows


def status(answer: dict[str, Any], who: str = "c1") -> str:
    return str(card(answer, who)["status"]["text"])


# -- hit ---------------------------------------------------------------------------------------------------

def test_a_hit_with_the_attackers_weapon_reads_its_st() -> None:
    """KY-07 again, from the roster: the Knight (ST 12) thrusts a broadsword, thr+2 imp: LogD 12 and 9 make 20,
    so 3d+10[+2]; rolling 10 is penetration 20 on a plain ST 10 target, level 4, +2 imp: level 6."""
    encounter = encounter_of(KNIGHT, ST10)
    answer = settled(encounter, "hit", {"attacker": "c1", "target": "c2", "weapon": 0}, {"penetration": [3, 3, 4]})
    report = answer["report"]
    assert report["title"] == "Plain is hit by Knight's Broadsword"
    assert "Thrust at ST 12 averages LogD 12 (ST)." in report["steps"][0]["text"]
    assert "The +2 is LogD 9; the Addition table makes 12 and 9 into 20." in [step["text"] for step in report["steps"]]
    assert level_of(report) == 6 and held(card(answer, "c2")) == [6]
    assert widget(card(answer), "gear")["items"][0]["note"] == "3d+10[+2]"


def test_st_adds_per_die_triples_the_add() -> None:
    """The seed's aside: count thrust+2 as +2 a die, 6 in all: LogD 23 with 10 is 27, so 3d+17[+2]."""
    encounter = encounter_of({"name": "ST 10", "st": 10, "weapons": [{"name": "Sword", "notation": "thr+2 imp"}]},
                             options={"st_adds": "per_die"})
    assert widget(card(ok("view", encounter=encounter)), "gear")["items"][0]["note"] == "3d+17[+2]"


def test_shock_is_from_the_level_it_came_in_at_and_a_turn_clears_it() -> None:
    encounter = after(encounter_of(ST10), "hit", typed("c1", "3d+20[+0]"), {"penetration": [1, 1, 2]})   # 24: 4
    assert status(ok("view", encounter=encounter)) == "Wound level 4; shock \u22124"
    answer = act(encounter, "turn", {"target": ""})
    assert status(answer) == "Wound level 4" and held(card(answer)) == [4]
    assert answer["report"]["outcome"] == "Shock cleared for 1 combatant"
    again = act(answer["encounter"], "turn", {"target": "c1"})
    assert again["report"]["outcome"] == "Nothing changes"


def test_a_cascade_keeps_shock_and_major_wounds_from_the_original_level() -> None:
    """Holding level 4, another level-4 wound rolls 5: it is held at 5 (not yet held) but is no major wound, and the
    shock is level 4's (seed: cascading does not affect shock penalties, disabling limbs, or major wounds)."""
    encounter = after(encounter_of(ST10), "hit", typed("c1", "3d+20[+0]"), {"penetration": [1, 1, 2]})
    encounter = act(encounter, "turn", {})["encounter"]
    answer = settled(encounter, "hit", typed("c1", "3d+20[+0]"),
                     {"penetration": [1, 1, 1], "cascade 1": [5]})
    assert held(card(answer)) == [4, 5] and answer["report"]["outcome"].startswith("A level 5 wound (from 4)")
    texts = [step["text"] for step in answer["report"]["steps"]]
    assert "Shock \u22124 for one turn (from level 4: cascading does not change shock)." in texts
    assert not any(text.startswith("A major wound") for text in texts)
    assert "does not make it a major wound" in " ".join(texts)


GUARD = {"name": "Guard", "st": 10, "ht": 10, "armour": "4"}


def test_a_cascade_to_a_major_level_is_no_major_wound_in_the_headline_or_on_the_card() -> None:
    """Issue 23: the guard (ST 10, DR 4) takes 3d+20[+0] cr twice, penetration 3, 3, 4 (30: level 4 on the
    Armoured table, KY-10); the second cascades on a 5 to level 5. The steps say cascading "does not make it a
    major wound", so the headline and the card say no major wound either: only the shock the steps applied."""
    encounter = after(encounter_of(GUARD), "hit", typed("c1", "3d+20[+0] cr"), {"penetration": [3, 3, 4]})
    first = ok("view", encounter=encounter)
    assert first["view"]["log"][-1]["outcome"] == "A level 4 wound: Shock \u22124 for one turn"
    answer = settled(encounter, "hit", typed("c1", "3d+20[+0] cr"), {"penetration": [3, 3, 4], "cascade 1": [5]})
    texts = [step["text"] for step in answer["report"]["steps"]]
    assert "Cascading to level 5 does not make it a major wound (it came in at level 4)." in texts
    assert answer["report"]["outcome"] == "A level 5 wound (from 4): Shock \u22124 for one turn"
    assert answer["view"]["log"][-1]["outcome"] == answer["report"]["outcome"]
    assert status(answer) == "Wound level 5; shock \u22124"
    assert "major" not in status(answer).lower() and "crippled" not in answer["report"]["outcome"]


def test_a_major_wound_that_comes_in_at_its_level_is_named_and_healing_keeps_the_record_straight() -> None:
    """A level-5 wound that comes in at 5 is a major wound (headline and card); healing the cascaded level-5 wound
    first leaves the major one, and healing that too leaves a card with no major wound."""
    encounter = after(encounter_of(GUARD), "hit", typed("c1", "3d+20[+0] cr"), {"penetration": [3, 3, 4]})
    encounter = after(encounter, "hit", typed("c1", "3d+20[+0] cr"), {"penetration": [3, 3, 4], "cascade 1": [5]})
    answer = settled(encounter, "hit", typed("c1", "3d+20[+0] cr", location="limb"),
                     {"penetration": [4, 4, 4], "cascade 1": [2]})
    assert answer["report"]["outcome"].startswith("A level 5 wound: Shock \u22124 for one turn; a major wound")
    assert "the limb crippled" in answer["report"]["outcome"]
    assert status(answer).startswith("Wound level 5 (major wound)")
    healed = act(answer["encounter"], "heal", {"target": "c1", "which": "worst"})
    assert status(healed).startswith("Wound level 5 (major wound)")
    healed = act(healed["encounter"], "heal", {"target": "c1", "which": "worst"})
    assert status(healed).startswith("Wound level 4") and "major" not in status(healed)


def test_death_checks_add_up() -> None:
    """Level 8 carries one death check; a second level-8 wound that cascades to 9 adds two more."""
    encounter = after(encounter_of(ST10), "hit", typed("c1", "3d+30[+0]"), {"penetration": [3, 3, 4]})    # 40: 8
    assert death_checks_due(card(ok("view", encounter=encounter))) == 1
    answer = settled(encounter, "hit", typed("c1", "3d+30[+0]"), {"penetration": [3, 3, 4], "cascade 1": [6]})
    assert held(card(answer)) == [8, 9] and death_checks_due(card(answer)) == 3
    assert "3 in all: death checks are cumulative" in " ".join(step["text"] for step in answer["report"]["steps"])
    stayed = settled(encounter, "hit", typed("c1", "3d+30[+0]"), {"penetration": [3, 3, 4], "cascade 1": [3]})
    assert held(card(stayed)) == [8, 8] and death_checks_due(card(stayed)) == 2


def test_a_major_wound_to_a_limb_cripples_it_and_only_there() -> None:
    """D-KY-14: a major wound calls for a knockdown check and cripples a hit limb; a torso hit cripples nothing,
    and healing every wound mends the limb."""
    hit = {**typed("c1", "3d+20[+0]"), "location": "limb"}
    limb = settled(encounter_of(ST10), "hit", hit, {"penetration": [6, 6, 6]})                 # 38: level 7
    texts = [step["text"] for step in limb["report"]["steps"]]
    assert "A major wound: roll a knockdown and stun check, and the limb is crippled." in texts
    assert "1 crippled limb" in status(limb)
    torso = settled(encounter_of(ST10), "hit", typed("c1", "3d+20[+0]"), {"penetration": [6, 6, 6]})
    assert "A major wound: roll a knockdown and stun check." in [step["text"] for step in torso["report"]["steps"]]
    assert "crippled" not in status(torso)
    healed = act(limb["encounter"], "heal", {"target": "c1", "which": "all"})
    assert status(healed) == "Unhurt"


def test_level_11_kills_and_an_object_is_destroyed() -> None:
    dead = settled(encounter_of(ST10), "hit", typed("c1", "3d+45[+0]"), {"penetration": [3, 3, 4]})       # 55: 11
    assert status(dead) == "Dead" and card(dead)["can_act"] is False
    rock = settled(encounter_of(ROCK), "hit", typed("c1", "3d+36[+0]"), {"penetration": [3, 3, 4]})       # T -9
    assert status(rock) == "Destroyed"


def test_wounds_stay_through_an_edit_and_undo_takes_a_hit_back() -> None:
    encounter = after(encounter_of(KNIGHT), "hit", typed("c1", "3d+20[+0]"), {"penetration": [3, 3, 4]})
    edited = ok("edit", encounter=encounter, id="c1", sheet={**KNIGHT, "st": 15, "armour": "4 + 2"})
    assert held(card(edited)) == [4]
    assert stat(card(edited), "Armour") == "DR 4 + 2, LogD 23"
    undone = ok("undo", encounter=edited["encounter"])
    assert held(card(undone)) == [4] and ok("undo", encounter=undone["encounter"])["view"]["roster"][0]["status"] \
        == {"text": "Unhurt", "severity": "ok"}


# -- dice on demand --------------------------------------------------------------------------------------------

def test_a_hit_asks_for_penetration_then_each_cascade_die() -> None:
    encounter = after(encounter_of({"name": "ST 10 in DR 4", "st": 10, "armour": "4"}), "hit",
                      typed("c1", "3d+20[+0]"), {"penetration": [3, 3, 4]})
    faces = {"penetration": [3, 3, 4], "cascade 1": [4], "cascade 2": [1]}
    asked, answer = roll_by_roll(encounter, "hit", typed("c1", "3d+20[+0]"), lambda need: faces[need["roll"]])
    assert [(need["roll"], need["kind"], need["count"], need["dice"]) for need in asked] == [
        ("penetration", "d6", 3, "3 six-sided dice"), ("cascade 1", "d6", 1, "1 six-sided die")]
    assert asked[0]["why"] == "Roll 3d6 for penetration: 3d+20[+0], so 3d6 + 20"
    assert asked[1]["why"] == "Level 4 is already held: roll 1d; on 4\u20136 the wound moves up to level 5"
    assert [face["value"] for face in asked[0]["faces"]] == [1, 2, 3, 4, 5, 6]
    assert held(card(answer)) == [4, 5]
    assert answer["encounter"]["events"][-1]["dice"] == {"penetration": [3, 3, 4], "cascade 1": [4]}


def test_rolling_low_asks_against_the_skill() -> None:
    encounter = encounter_of(ST10, options={"roll": "low"})
    need = act(encounter, "hit", typed("c1", "3d+20[+0]"))["needs"]
    assert need["roll"] == "penetration" and need["count"] == 3
    assert need["why"] == "Roll 3d6 against skill 41: the margin of success is the penetration"
    answer = settled(encounter, "hit", typed("c1", "3d+20[+0]"), {"penetration": [3, 3, 4]})
    assert "Penetration roll 10 against skill 41: a margin of 31." in [step["text"] for step in
                                                                      answer["report"]["steps"]]


def test_a_check_asks_for_3d6_and_says_the_target_number() -> None:
    encounter = encounter_of(KNIGHT)
    need = act(encounter, "check", {"target": "c1", "check": "knockdown", "modifier": -2})["needs"]
    assert (need["roll"], need["count"]) == ("check", 3)
    assert need["why"] == "Knockdown and stun check for Knight: roll 3d6, 9 or less"


def test_faces_for_a_roll_the_hit_does_not_make_are_refused() -> None:
    failure = refused("act", encounter=encounter_of(ST10), action="hit", inputs=typed("c1", "3d+20[+0]"),
                      dice="given", faces={"penetration": [3, 3, 4], "cascade 1": [6]})
    assert failure["kind"] == "bad_dice" and "cascade 1" in failure["message"]
    failure = refused("act", encounter=encounter_of(ST10), action="hit", inputs=typed("c1", "3d+20[+0]"),
                      dice="given", faces={"penetration": [3, 7, 4]})
    assert failure["kind"] == "bad_dice" and failure["field"] == "penetration"


# -- check, turn and heal --------------------------------------------------------------------------------------

def test_checks_change_the_state_the_text_says() -> None:
    encounter = encounter_of(KNIGHT)
    knocked = settled(encounter, "check", {"target": "c1", "check": "knockdown"}, {"check": [6, 6, 1]})
    assert status(knocked).startswith("Knocked down and stunned") and card(knocked)["can_act"] is False
    assert knocked["report"]["outcome"] == "Knockdown and stun check: failed"
    recovered = settled(knocked["encounter"], "check", {"target": "c1", "check": "recover"}, {"check": [1, 1, 2]})
    assert status(recovered) == "Unhurt" and card(recovered)["can_act"] is True
    out = settled(encounter, "check", {"target": "c1", "check": "consciousness", "modifier": 10},
                  {"check": [6, 6, 5]})
    assert status(out).startswith("Unconscious")
    assert "(17 or 18 always fails)" in out["report"]["steps"][0]["text"]
    lucky = settled(encounter, "check", {"target": "c1", "check": "consciousness", "modifier": -10},
                    {"check": [1, 1, 2]})
    assert lucky["report"]["outcome"].endswith("made") and "(3 or 4 always succeeds)" in \
        lucky["report"]["steps"][0]["text"]


def test_turn_reminds_of_the_checks_due() -> None:
    encounter = after(encounter_of(ST10), "hit", typed("c1", "3d+30[+0]"), {"penetration": [3, 3, 4]})    # level 8
    answer = act(encounter, "turn", {})
    texts = " ".join(step["text"] for step in answer["report"]["steps"])
    assert "1 death check due" in texts and "a consciousness check (worst wound level 8)" in texts


@pytest.mark.parametrize("which, extra, left", [("worst", {}, [4, 6]), ("level", {"level": 6}, [4, 7]),
                                                ("all", {}, [])])
def test_healing(which: str, extra: dict[str, Any], left: list[int]) -> None:
    encounter = encounter_of(ST10)
    for faces in ([1, 1, 2], [3, 3, 4], [4, 5, 6]):                  # 24, 30, 35: levels 4, 6, 7
        encounter = after(encounter, "hit", typed("c1", "3d+20[+0]"), {"penetration": faces})
    answer = act(encounter, "heal", {"target": "c1", "which": which, **extra})
    assert held(card(answer)) == left
    if which == "all":
        assert card(answer) == card(ok("view", encounter=encounter_of(ST10)))


# -- the effects option -------------------------------------------------------------------------------------

def test_a_custom_effects_table_changes_a_hits_outcome() -> None:
    effects = default_effects()
    effects[3] = {"words": "Out of the fight", "shock": 4, "major": True, "consciousness": False, "death_checks": 0,
                  "dead": True}
    custom = encounter_of(ST10, options={"effects": effects})
    assert ok("view", encounter=custom)["encounter"]["options"]["effects"][3]["dead"] is True
    answer = settled(custom, "hit", typed("c1", "3d+20[+0]"), {"penetration": [1, 1, 2]})          # level 4
    assert answer["report"]["outcome"] == "A level 4 wound: Out of the fight" and status(answer) == "Dead"
    plain = settled(encounter_of(ST10), "hit", typed("c1", "3d+20[+0]"), {"penetration": [1, 1, 2]})
    assert plain["report"]["outcome"] == "A level 4 wound: Shock \u22124 for one turn"
    assert "effects" not in ok("view", encounter=encounter_of(ST10))["encounter"]["options"]   # default: left out
    row = next(row for row in widget(card(ok("view", encounter=custom)), "table")["rows"] if row[0] == "Effect")
    assert row[4] == "Dead"


def with_cell(index: int, **cell: Any) -> list[dict[str, Any]]:
    effects = default_effects()
    effects[index] = {**effects[index], **cell}
    return effects


@pytest.mark.parametrize("effects, words", [
    (with_cell(0, shock=-1), "level 1 shock"),
    (with_cell(2, death_checks=11), "level 3 death checks"),
    (with_cell(4, dead="yes"), "level 5 dead"),
    (with_cell(5, words="x" * 81), "level 6 effect"),
    (with_cell(1, colour="red"), "column"),
    ([*default_effects()[:10], "Dead"], "must be"),
    (default_effects()[:10], "11 rows"),
    ("none", "11 rows"),
])
def test_a_bad_effects_cell_is_refused_at_the_table(effects: Any, words: str) -> None:
    failure = refused("new", system="kyod", options={"effects": effects})
    assert failure["kind"] == "bad_field" and failure["field"] == "options.effects", failure
    assert words in failure["message"]


def test_options_are_fixed_after_the_first_action() -> None:
    encounter = encounter_of(ST10)
    changed = ok("set_options", encounter=encounter, options={"labels": "quick", "effects": with_cell(0, shock=2)})
    assert (threshold_row(card(changed), "RWT") or [])[:2] == [0, 5]
    hit = after(encounter, "hit", typed("c1", "3d+20[+0]"), {"penetration": [3, 3, 4]})
    failure = refused("set_options", encounter=hit, options={"labels": "quick"})
    assert (failure["kind"], failure["field"]) == ("bad_field", "options") and "fixed" in failure["message"]
    failure = refused("new", system="kyod", options={"colour": "red"})
    assert failure["field"] == "options" and "no such option" in failure["message"]


# -- sheets ------------------------------------------------------------------------------------------------------

SHEET_REFUSALS = [
    ({"st": 0}, "sheet.st", "from 1 to 1000"),
    ({"st": 1001}, "sheet.st", "from 1 to 1000"),
    ({"st": "ten"}, "sheet.st", "'ten'"),
    ({"st": 2.5}, "sheet.st", "whole number"),
    ({"ht": 31}, "sheet.ht", "from 1 to 30"),
    ({"armour": "4 + x"}, "sheet.armour", "'4 + x' is not armour"),
    ({"armour": "1+1+1+1+1+1+1"}, "sheet.armour", "up to 6 layers"),
    ({"armour": "100001"}, "sheet.armour", "more than DR 100000"),
    ({"armour": -3}, "sheet.armour", "not armour"),
    ({"kind": "object", "toughness_from": "weight", "weight": "0"}, "sheet.weight", "more than 0"),
    ({"kind": "object", "toughness_from": "weight", "weight": "-1"}, "sheet.weight", "weight in pounds"),
    ({"kind": "object", "toughness_from": "weight", "weight": "heavy"}, "sheet.weight", "weight in pounds"),
    ({"kind": "object", "hp": 0}, "sheet.hp", "out of range"),
    ({"kind": "robot"}, "sheet.kind", "not one of"),
    ({"structure": "gas"}, "sheet.structure", "not one of"),
    ({"reduction": 11}, "sheet.reduction", "from 0 to 10"),
    ({"name": ""}, "sheet.name", "empty"),
    ({"name": "N" * 61}, "sheet.name", "at most"),
    ({"weapons": [{"name": "Zapper", "notation": "3d zap"}]}, "sheet.weapons[0].notation", "not a damage type"),
    ({"weapons": [{"name": "Sap", "notation": "1d fat"}]}, "sheet.weapons[0].notation", "not an injury"),
    ({"weapons": [{"name": "AP", "notation": "3d(4) pi"}]}, "sheet.weapons[0].notation", "divisor of (4)"),
]


@pytest.mark.parametrize("sheet, field, words", SHEET_REFUSALS, ids=[f"{f}-{w}" for _, f, w in SHEET_REFUSALS])
def test_bad_sheets_are_refused_at_their_field(sheet: dict[str, Any], field: str, words: str) -> None:
    failure = refused("add", encounter=encounter_of(), sheet={"name": "T", **sheet})
    assert (failure["kind"], failure["field"]) == ("bad_field", field), failure
    assert words in failure["message"], failure["message"]
    assert not any(code in failure["message"] for code in ("Error", "Traceback", "None", "__"))


def test_markup_in_a_name_is_kept_as_text() -> None:
    name = "<b>Bob</b> & <script>x()</script>"
    answer = ok("add", encounter=encounter_of(), sheet={"name": name, "st": 10,
                                                        "weapons": [{"name": "<i>Axe</i>", "notation": "sw cut"}]})
    assert card(answer)["name"] == name and card(answer)["sheet"]["name"] == name
    assert answer["view"]["log"][-1]["title"] == f"{name} joins the encounter"
    assert widget(card(answer), "gear")["items"][0]["name"] == "<i>Axe</i>"


def test_sheets_read_their_numbers_and_layers() -> None:
    answer = ok("add", encounter=encounter_of(), sheet={"name": "T", "st": "12", "armour": 7})
    assert stat(card(answer), "Armour") == "DR 7, LogD 25" and stat(card(answer), "ST, HT") == "12, 10"
    light = ok("add", encounter=encounter_of(), sheet={"name": "Can", "kind": "object", "toughness_from": "weight",
                                                       "weight": "0.5", "mechanical": False})
    assert stat(card(light), "Toughness") == "-6 (0.5 lb on the KYoS chart)"


# -- refusals of every action --------------------------------------------------------------------------------------

def refusal_roster() -> dict[str, Any]:
    """c1 the Knight, c2 a rock (thr cr, no ST), c3 unarmed, c4 holding level 4, c5 dead."""
    encounter = encounter_of(KNIGHT, ROCK, {"name": "Unarmed", "st": 10}, {"name": "Hurt", "st": 10},
                             {"name": "Corpse", "st": 10})
    encounter = after(encounter, "hit", typed("c4", "3d+20[+0]"), {"penetration": [1, 1, 2]})
    return after(encounter, "hit", typed("c5", "3d+50[+0]"), {"penetration": [3, 3, 4]})


REFUSALS = [
    ("hit", {"attacker": "c1", "target": "c1"}, "bad_field", "target", "cannot hit itself"),
    ("hit", {"attacker": "c3", "target": "c1"}, "bad_field", "weapon", "has no weapons"),
    ("hit", {"attacker": "c2", "target": "c1"}, "bad_field", "weapon", "an object, with no ST for thr"),
    ("hit", {"attacker": "c1", "target": "c3", "weapon": 2}, "bad_field", "weapon", "from 0 to 1"),
    ("hit", {"attacker": "c9", "target": "c3"}, "unknown_combatant", "attacker", "not in this encounter"),
    ("hit", typed("c9", "3d+20[+0]"), "unknown_combatant", "target", "not in this encounter"),
    ("hit", typed("c1", "3d zap"), "bad_field", "attack", "'zap' is not a damage type"),
    ("hit", typed("c1", "3d fat"), "bad_field", "attack", "fatigue damage, not an injury"),
    ("hit", typed("c1", "3d(4) cr"), "bad_field", "attack", "armour divisor of (4) is not in the text"),
    ("hit", typed("c1", "2d+1"), "bad_field", "attack", "has no damage type"),
    ("hit", typed("c1", "3d+20[+0](2)"), "bad_field", "attack", "leave the divisor out"),
    ("hit", typed("c1", "3d+400[+0]"), "bad_field", "attack", "X from"),
    ("hit", typed("c1", "1d-4 cr"), "bad_field", "attack", "averages no damage"),
    ("hit", typed("c1", "thr-30 cr", st=10), "bad_field", "attack", "does no damage"),
    ("hit", typed("c1", "blast"), "bad_field", "attack", "is not an attack"),
    ("hit", typed("c1", "3d+20[+0]", st=0), "bad_field", "st", "from 1 to 1000"),
    ("hit", typed("c1", "3d+20[+0]", barriers="0"), "bad_field", "barriers", "not a list of barriers"),
    ("hit", typed("c1", "3d+20[+0]", barriers="4; x"), "bad_field", "barriers", "not a list of barriers"),
    ("hit", typed("c1", "3d+20[+0]", location="tail"), "bad_field", "location", "not one of"),
    ("hit", typed("c1", "3d+20[+0]", ignores_dr="yes"), "bad_field", "ignores_dr", "true or false"),
    ("check", {"target": "c2"}, "bad_field", "target", "object and makes no checks"),
    ("check", {"target": "c1"}, "bad_field", "check", "no death check due"),
    ("check", {"target": "c1", "check": "recover"}, "bad_field", "check", "neither stunned nor unconscious"),
    ("check", {"target": "c1", "check": "sanity"}, "bad_field", "check", "not one of"),
    ("check", {"target": "c1", "check": "knockdown", "modifier": 11}, "bad_field", "modifier", "from -10 to 10"),
    ("check", {"target": "c5", "check": "consciousness"}, "bad_field", "target", "is dead"),
    ("heal", {"target": "c1"}, "bad_field", "target", "holds no wounds"),
    ("heal", {"target": "c4", "which": "level", "level": 3}, "bad_field", "level", "holds no level 3 wound"),
    ("heal", {"target": "c4", "which": "some"}, "bad_field", "which", "not one of"),
    ("heal", {"target": "c5", "which": "all"}, "bad_field", "target", "healing cannot help"),
    ("turn", {"target": "c9"}, "unknown_combatant", "target", "not in this encounter"),
    ("dance", {}, "bad_field", "action", "no such action"),
]


@pytest.mark.parametrize("action, inputs, kind, field, words", REFUSALS,
                         ids=[f"{a}-{f}-{w}" for a, _, _, f, w in REFUSALS])
def test_refusals_are_plain_and_name_the_field(action: str, inputs: dict[str, Any], kind: str, field: str,
                                               words: str) -> None:
    failure = refused("act", encounter=refusal_roster(), action=action, inputs=inputs, dice="app", seed=1)
    assert (failure["kind"], failure["field"]) == (kind, field), failure
    assert words in failure["message"], failure["message"]
    assert not any(code in failure["message"] for code in ("Error", "Traceback", "None", "__"))


@pytest.mark.parametrize("action", ["turn", "heal"])
def test_actions_without_dice_have_no_odds(action: str) -> None:
    failure = refused("odds", encounter=refusal_roster(), action=action, inputs={"target": "c4"})
    assert (failure["kind"], failure["field"]) == ("bad_field", "action") and "nothing is rolled" in failure["message"]


def test_a_hit_odds_refusal_is_the_same_as_the_hits() -> None:
    failure = refused("odds", encounter=refusal_roster(), action="hit", inputs={"attacker": "c2", "target": "c1"})
    assert (failure["kind"], failure["field"]) == ("bad_field", "weapon")


def test_the_page_is_told_what_the_system_offers() -> None:
    kyod = next(system for system in ok("systems")["systems"] if system["id"] == "kyod")
    assert [action["id"] for action in kyod["actions"]] == ["hit", "check", "turn", "heal"]
    assert [option["name"] for option in kyod["options"]] == ["labels", "armoured", "armour_method", "layers",
                                                              "diffuse_cap", "roll", "st_adds", "effects"]
    assert {option["name"]: option.get("decision") for option in kyod["options"]}["labels"] == "D-KY-1"
    assert [table["caption"].split(":")[0] for table in kyod["tables"]][:3] == ["LogD table", "Addition table",
                                                                               "Subtraction table"]
    catalog = ok("catalog", system="kyod")["weapons"]
    for weapon in catalog:            # every sample weapon is accepted on a sheet
        ok("add", encounter=encounter_of(), sheet={"name": "W", "st": 10, "weapons": [weapon]})
