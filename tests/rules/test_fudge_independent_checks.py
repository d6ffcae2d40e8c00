"""Issue 35, items 6-8, and the notes' decisions D-FU-25..D-FU-30: the cases an implementation written from the
FUDGE text and RULES_NOTES section 4 alone disagreed with us on, run as data through the public API.

Each case cites its item or decision, builds an encounter (fighters from the vectors file or sheets of its own,
options, wounds marked by hand, actions taken before), then plays one action with ``"dice": "given"``: every
prompt the engine answers with (``needs``) is noted as "<roll> <count><kind>" and answered from the case's faces,
so the prompts asked for are part of what is checked.  Then the answer is read as the page shows it: the damage
number and the all-out bonus in it (damage less the relative degree less the damage factor the report states),
the cards' status and severity, the Damage Capacity meter, the report's outcome and sentences, and whether a
fighter can still act (and at what level), which is asked of the API too.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.api import call

from .helpers import ok, widget
from .test_fudge_vectors import encounter_of

ALTERNATING = {"pacing": "alternating"}
SWORD = [{"name": "Sword", "notation": "size 2, sharp"}]
RAGNAR = {"name": "Ragnar", "offense": 1, "damage_capacity": 3, "weapons": SWORD}       # Superb Damage Capacity
OGRE = {"name": "Ogre", "role": "major", "offense": 0, "strength": 2, "scale": 2, "weapons": SWORD}
TROLL = {"name": "Troll", "role": "major", "offense": 0, "strength": 2, "scale": 1, "weapons": SWORD}
DUEL = {"fighter": "c1", "foe": "c2"}
BOTH_ALL_OUT = {**DUEL, "tactic": "all_out_offense", "foes_tactic": "all_out_offense"}
SNORRI_ATTACKS = {"attacker": "c1", "defender": "c2"}
CAPACITY = {"record": "capacity"}
FUDGE_POINT = {"death_fudge_point": "very_hurt"}
OUT_OF_THE_FIGHT = "Brynhild is out of the fight and cannot defend: an unopposed attack against Poor"

CASES: list[dict[str, Any]] = [
    # -- item 6, D-FU-26: both fighters all-out offense ------------------------------------------------------
    {"id": "item 6, D-FU-26: Snorri wins a both-all-out round by +3: +1 and +2, +3 to damage",
     "fighters": ["snorri", "brynhild"], "action": "round", "inputs": BOTH_ALL_OUT,
     "dice": {"fighter": "++00", "foe": "-000"}, "prompts": ["fighter 4dF", "foe 4dF"],
     "damage": 9, "bonus": 3, "status": {"Brynhild": ("Near Death", "out")}},
    {"id": "item 6, D-FU-26: Brynhild wins a both-all-out round by +2: +3 to her damage",
     "fighters": ["snorri", "brynhild"], "action": "round", "inputs": BOTH_ALL_OUT,
     "dice": {"fighter": "-000", "foe": "+000"}, "prompts": ["fighter 4dF", "foe 4dF"],
     "damage": 7, "bonus": 3, "status": {"Snorri": ("Incapacitated", "down")}, "acts": {"Snorri": None}},
    {"id": "item 6, D-FU-26: both all-out with a 1dF damage roll: the roll is asked for once, after the +3",
     "fighters": ["snorri", "brynhild"], "options": {"damage_roll": "one_df_factor"}, "action": "round",
     "inputs": BOTH_ALL_OUT, "dice": {"fighter": "+000", "foe": "-000", "damage": "-"},
     "prompts": ["fighter 4dF", "foe 4dF", "damage 1dF"], "damage": 8, "bonus": 3,
     "texts": ["added to the damage: 7."], "status": {"Brynhild": ("Incapacitated", "down")}},
    {"id": "D-FU-26 (D-FU-12): both all-out and tied is a stand-off, no damage roll",
     "fighters": ["snorri", "brynhild"], "options": {"damage_roll": "one_df_factor"}, "action": "round",
     "inputs": BOTH_ALL_OUT, "dice": {"fighter": "0000", "foe": "0000"}, "prompts": ["fighter 4dF", "foe 4dF"],
     "outcome": "A stand-off: nobody is hurt",
     "status": {"Snorri": ("Undamaged", "ok"), "Brynhild": ("Undamaged", "ok")}},
    # -- item 7, D-FU-23: the Damage Capacity record ----------------------------------------------------------
    {"id": "item 7, D-FU-23: a Near Death wound by hand takes Superb to Mediocre: Hurt, \u22121, still fighting",
     "sheets": [RAGNAR, {"name": "Foe", "offense": 0, "weapons": SWORD}], "options": CAPACITY,
     "action": "wound", "inputs": {"target": "c1", "level": "near_death"}, "dice": {}, "prompts": [],
     "status": {"Ragnar": ("Hurt (\u22121)", "hurt")}, "meter": {"Ragnar": "Mediocre (from Superb)"},
     "acts": {"Ragnar": "Fair"}},
    {"id": "item 7, D-FU-23: a blow for 9 (Near Death) on the Damage Capacity record: Mediocre, Hurt",
     "fighters": ["snorri"], "sheets": [RAGNAR], "options": CAPACITY, "action": "round", "inputs": DUEL,
     "dice": {"fighter": "+++0", "foe": "0000"}, "prompts": ["fighter 4dF", "foe 4dF"], "damage": 9, "bonus": 0,
     "status": {"Ragnar": ("Hurt (\u22121)", "hurt")}, "meter": {"Ragnar": "Mediocre (from Superb)"},
     "texts": ["Ragnar's Damage Capacity is now Mediocre: Hurt."], "acts": {"Ragnar": "Fair"}},
    {"id": "item 7, D-FU-23: a level a hit: a Near Death wound takes Superb to Great, Wounded, no penalty",
     "sheets": [RAGNAR, {"name": "Foe", "offense": 0, "weapons": SWORD}],
     "options": {**CAPACITY, "capacity_loss": "one"}, "action": "wound",
     "inputs": {"target": "c1", "level": "near_death"}, "dice": {}, "prompts": [],
     "status": {"Ragnar": ("Wounded (no penalty)", "ok")}, "meter": {"Ragnar": "Great (from Superb)"},
     "acts": {"Ragnar": "Good"}},
    {"id": "D-FU-23: Fair Damage Capacity down to Terrible is \u22123 and still fighting",
     "sheets": [{**RAGNAR, "damage_capacity": 0}, {"name": "Foe", "offense": 0, "weapons": SWORD}],
     "options": CAPACITY, "wounds": [("c1", "very_hurt")], "action": "wound",
     "inputs": {"target": "c1", "level": "hurt"}, "dice": {}, "prompts": [],
     "status": {"Ragnar": ("Very Hurt (\u22123)", "hurt")}, "meter": {"Ragnar": "Terrible (from Fair)"},
     "acts": {"Ragnar": "Poor"}},
    {"id": "D-FU-23: Terrible as Incapacitated (the option)",
     "sheets": [{**RAGNAR, "damage_capacity": 0}, {"name": "Foe", "offense": 0, "weapons": SWORD}],
     "options": {**CAPACITY, "capacity_terrible": "incapacitated"}, "wounds": [("c1", "very_hurt")],
     "action": "wound", "inputs": {"target": "c1", "level": "hurt"}, "dice": {}, "prompts": [],
     "status": {"Ragnar": ("Incapacitated", "down")}, "acts": {"Ragnar": None}},
    {"id": "D-FU-23: three Scratches make one hit on the Damage Capacity record",
     "sheets": [{**RAGNAR, "damage_capacity": 0}, {"name": "Foe", "offense": 0, "weapons": SWORD}],
     "options": CAPACITY, "wounds": [("c1", "scratch"), ("c1", "scratch")], "action": "wound",
     "inputs": {"target": "c1", "level": "scratch"}, "dice": {}, "prompts": [],
     "status": {"Ragnar": ("Hurt (\u22121)", "hurt")}, "meter": {"Ragnar": "Mediocre (from Fair)"}},
    # -- item 8, D-FU-27: a defender who cannot act makes no defence roll -------------------------------------
    {"id": "item 8, D-FU-27: an Incapacitated defender is attacked as if unaware: no defence prompt",
     "fighters": ["snorri", "brynhild"], "options": ALTERNATING, "wounds": [("c2", "incapacitated")],
     "action": "attack", "inputs": SNORRI_ATTACKS, "dice": {"attack": "0000"}, "prompts": ["attack 4dF"],
     "damage": 7, "bonus": 0, "texts": [OUT_OF_THE_FIGHT],
     "status": {"Brynhild": ("Near Death", "out")}},
    {"id": "item 8, D-FU-27: a Near Death defender makes no defence roll, all-out defense or not",
     "fighters": ["snorri", "brynhild"], "options": ALTERNATING, "wounds": [("c2", "near_death")],
     "action": "attack", "inputs": {**SNORRI_ATTACKS, "defender_tactic": "all_out_defense"},
     "dice": {"attack": "-000"}, "prompts": ["attack 4dF"], "damage": 6, "bonus": 0,
     "texts": [OUT_OF_THE_FIGHT],
     "status": {"Brynhild": ("Near Death", "out")}},
    {"id": "D-FU-27: in a simultaneous round an Incapacitated foe rolls nothing either",
     "fighters": ["snorri", "brynhild"], "wounds": [("c2", "incapacitated")], "action": "round", "inputs": DUEL,
     "dice": {"fighter": "-000"}, "prompts": ["fighter 4dF"], "damage": 6, "bonus": 0,
     "status": {"Brynhild": ("Incapacitated", "down")}},
    {"id": "D-FU-27: a shot at an Incapacitated target set to dodge: no dodge prompt, unopposed",
     "fighters": ["will", "dicken"], "wounds": [("c2", "incapacitated")], "action": "shoot",
     "inputs": {"shooter": "c1", "target": "c2", "awareness": "dodges"}, "dice": {"shot": "0000"},
     "prompts": ["shot 4dF"], "damage": 4, "bonus": 0,
     "texts": ["Dicken is out of the fight and cannot dodge", "a hit, relative degree +2"],
     "status": {"Dicken": ("Incapacitated", "down")}},
    # -- D-FU-25: all-out offense in alternating turns -------------------------------------------------------
    {"id": "D-FU-25: an all-out attack in alternating turns is +1 to attack and +1 to damage when it wins",
     "fighters": ["snorri", "brynhild"], "options": ALTERNATING, "action": "attack",
     "inputs": {**SNORRI_ATTACKS, "tactic": "all_out_offense"}, "dice": {"attack": "++00", "defense": "0000"},
     "prompts": ["attack 4dF", "defense 4dF"], "damage": 7, "bonus": 1,
     "texts": ["Snorri attacks all-out (+1), at Great (+2)", "relative degree +3"],
     "status": {"Brynhild": ("Incapacitated", "down")}},
    {"id": "D-FU-25: the cost as \u00a74.23 gives it: \u22122 to defend on the opponent's next turn",
     "fighters": ["snorri", "brynhild"], "options": ALTERNATING,
     "before": [("attack", {**SNORRI_ATTACKS, "tactic": "all_out_offense"}, {"attack": "----", "defense": "0000"})],
     "action": "attack", "inputs": {"attacker": "c2", "defender": "c1"}, "dice": {"attack": "0000", "defense": "0000"},
     "prompts": ["attack 4dF", "defense 4dF"], "why": {"defense": "Snorri defends at Mediocre"}},
    # -- D-FU-29: grazes ----------------------------------------------------------------------------------------
    {"id": "D-FU-29: a graze held to the GM's level is exactly that level: no damage roll is asked for",
     "fighters": ["snorri", "brynhild"],
     "options": {"graze": "hurt", "graze_roll": "on", "damage_roll": "one_df_factor"}, "action": "round",
     "inputs": DUEL, "dice": {"fighter": "+000", "foe": "0000"}, "prompts": ["fighter 4dF", "foe 4dF"],
     "status": {"Brynhild": ("Hurt (\u22121)", "hurt")}},
    {"id": "D-FU-29: the graze roll is 1dF under the situational damage roll",
     "fighters": ["snorri", "brynhild"], "options": {"graze_roll": "on", "damage_roll": "situational_limited"},
     "action": "round", "inputs": DUEL, "dice": {"fighter": "+000", "foe": "0000", "damage": "+"},
     "prompts": ["fighter 4dF", "foe 4dF", "damage 1dF"], "status": {"Brynhild": ("Scratch", "ok")}},
    {"id": "D-FU-29: the graze roll is 1dF under the even-or-odd method, which a graze does not read",
     "fighters": ["snorri", "brynhild"], "options": {"graze_roll": "on", "damage_roll": "even_odd_level"},
     "action": "round", "inputs": DUEL, "dice": {"fighter": "+000", "foe": "+-00", "damage": "+"},
     "prompts": ["fighter 4dF", "foe 4dF", "damage 1dF"], "status": {"Brynhild": ("Scratch", "ok")},
     "absent": ["even", "odd"]},
    {"id": "D-FU-29: the graze roll is 1dF with no other damage roll",
     "fighters": ["snorri", "brynhild"], "options": {"graze_roll": "on"}, "action": "round", "inputs": DUEL,
     "dice": {"fighter": "+000", "foe": "0000", "damage": "+"}, "prompts": ["fighter 4dF", "foe 4dF", "damage 1dF"],
     "status": {"Brynhild": ("Scratch", "ok")}},
    {"id": "D-FU-29: an all-out tie read on the graze table makes no damage roll",
     "fighters": ["snorri", "brynhild"],
     "options": {"all_out_tie": "graze_table", "graze_roll": "on", "damage_roll": "one_df_factor"},
     "action": "round", "inputs": {**DUEL, "foes_tactic": "all_out_offense"},
     "dice": {"fighter": "+000", "foe": "0000"}, "prompts": ["fighter 4dF", "foe 4dF"],
     "texts": ["on the graze table: Hurt."], "status": {"Brynhild": ("Hurt (\u22121)", "hurt")}},
    # -- D-FU-30: the least result to hit by Scale ---------------------------------------------------------
    {"id": "D-FU-30: an attacker 2 Scale larger needs Fair: a Mediocre win does not hit",
     "fighters": ["snorri"], "sheets": [OGRE], "action": "round", "inputs": {"fighter": "c2", "foe": "c1"},
     "dice": {"fighter": "-000", "foe": "----"}, "prompts": ["fighter 4dF", "foe 4dF"],
     "texts": ["Ogre beats Snorri, but below Fair to hit a target 2 Scale smaller: no hit."],
     "outcome": "Nobody is hurt", "status": {"Snorri": ("Undamaged", "ok")}},
    {"id": "D-FU-30: an attacker 6 Scale larger needs only Fair: the dragon's Fair win hits",
     "fighters": ["dragon", "snorri"], "action": "round", "inputs": DUEL,
     "dice": {"fighter": "-000", "foe": "----"}, "prompts": ["fighter 4dF", "foe 4dF"],
     "texts": ["relative degree +2"], "outcome_starts": "Dragon hits Snorri"},
    {"id": "D-FU-30: the smaller step stays: 1 Scale larger needs Mediocre",
     "fighters": ["snorri"], "sheets": [TROLL], "action": "round", "inputs": {"fighter": "c2", "foe": "c1"},
     "dice": {"fighter": "-000", "foe": "----"}, "prompts": ["fighter 4dF", "foe 4dF"],
     "outcome_starts": "Troll hits Snorri"},
    # -- D-FU-28: a wound held back to a level with no open box ----------------------------------------------
    {"id": "D-FU-28: a Fudge Point holds a deadly wound to Very Hurt; its box is full, so the highest open box below",
     "fighters": ["snorri", "brynhild"], "options": FUDGE_POINT, "wounds": [("c1", "very_hurt")],
     "action": "wound", "inputs": {"target": "c1", "level": "near_death", "fudge_point": True}, "dice": {},
     "prompts": [], "status": {"Snorri": ("Very Hurt (\u22122)", "hurt")},
     "marks": {"Snorri": [[], ["H"], ["VH"], [], []]}, "acts": {"Snorri": "Mediocre"}},
    {"id": "D-FU-28: never moved up past the option's level: every box to it full, the fighter stays Very Hurt",
     "fighters": ["snorri", "brynhild"], "options": FUDGE_POINT,
     "wounds": [("c1", "scratch"), ("c1", "scratch"), ("c1", "scratch"), ("c1", "hurt"), ("c1", "very_hurt")],
     "action": "wound", "inputs": {"target": "c1", "level": "near_death", "fudge_point": True}, "dice": {},
     "prompts": [], "status": {"Snorri": ("Very Hurt (\u22122)", "hurt")},
     "marks": {"Snorri": [["S", "S", "S"], ["H"], ["VH"], [], []]}, "acts": {"Snorri": "Mediocre"}},
]

HIT = re.compile(r"relative degree ([+\u2212]?\d+)(?: doubled)?, damage factor ([+\u2212]?\d+)[^:\n]*: damage (\d+)\.")
UNOPPOSED = re.compile(r"a hit by ([+\u2212]\d+)\.")
FACTOR = re.compile(r"damage factor ([+\u2212]?\d+)\.")


def number(text: str) -> int:
    return int(text.replace("\u2212", "-"))


def build(case: dict[str, Any]) -> dict[str, Any]:
    encounter = encounter_of(*case.get("fighters", []), options=case.get("options"), sheets=case.get("sheets"))
    for who, level in case.get("wounds", []):
        encounter = ok("act", encounter=encounter, action="wound", inputs={"target": who, "level": level},
                       dice="given", faces={})["encounter"]
    for action, inputs, faces in case.get("before", []):
        encounter = ok("act", encounter=encounter, action=action, inputs=inputs, dice="given", faces=faces)["encounter"]
    return encounter


def play(encounter: dict[str, Any], action: str, inputs: dict[str, Any], dice: dict[str, Any]
         ) -> tuple[dict[str, Any], list[str], dict[str, str]]:
    """The action with typed dice, answering each prompt from ``dice``: the answer, the prompts, and their whys."""
    faces: dict[str, Any] = {}
    prompts: list[str] = []
    whys: dict[str, str] = {}
    while True:
        answer = ok("act", encounter=encounter, action=action, inputs=inputs, dice="given", faces=faces)
        if "needs" not in answer:
            return answer, prompts, whys
        need = answer["needs"]
        prompts.append(f"{need['roll']} {need['count']}{need['kind']}")
        whys[need["roll"]] = need["why"]
        assert need["roll"] in dice and need["roll"] not in faces, (need, prompts)
        faces[need["roll"]] = dice[need["roll"]]


def cards(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["name"]: entry for entry in answer["view"]["roster"]}


def acting_level(encounter: dict[str, Any], who: str) -> str | None:
    """The level a fighter fights at in his next exchange, from the API's first prompt; None if it refuses him
    as out of the fight."""
    view = ok("view", encounter=encounter)["view"]
    ids = {entry["name"]: entry["id"] for entry in view["roster"]}
    other = next(key for name, key in ids.items() if name != who)
    alternating = encounter["options"].get("pacing") == "alternating"
    action, inputs = ("attack", {"attacker": ids[who], "defender": other}) if alternating else \
        ("round", {"fighter": ids[who], "foe": other})
    response = json.loads(call("act", json.dumps({"encounter": encounter, "action": action, "inputs": inputs,
                                                  "dice": "given", "faces": {}})))
    if not response["ok"]:
        assert response["error"]["kind"] != "internal", response
        assert "out of the fight" in response["error"]["message"], response
        return None
    found = re.search(r" at (.+?) \(", response["result"]["needs"]["why"])
    assert found, response["result"]["needs"]
    return found.group(1)


def damage_and_bonus(said: str) -> tuple[int, int]:
    """The damage number the report states and the all-out bonus in it: damage less degree less factor."""
    hit = HIT.search(said)
    if hit:
        degree, factor, damage = (number(group) for group in hit.groups())
        return damage, damage - degree - factor
    unopposed, factor_said = UNOPPOSED.search(said), FACTOR.search(said)
    assert unopposed and factor_said, said
    found = re.search(r": damage (\d+)\.", said)
    assert found, said
    damage = int(found.group(1))
    return damage, damage - number(unopposed.group(1)) - number(factor_said.group(1))


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_independent_check(case: dict[str, Any]) -> None:
    answer, prompts, whys = play(build(case), case["action"], case["inputs"], case["dice"])
    assert prompts == case["prompts"]
    for roll, words in case.get("why", {}).items():
        assert words in whys[roll], whys
    report = answer["report"]
    said = "\n".join(step["text"] for step in report["steps"])
    if "damage" in case:
        assert damage_and_bonus(said) == (case["damage"], case["bonus"]), said
    for text in case.get("texts", []):
        assert text in said, said
    for word in case.get("absent", []):
        assert f" {word}" not in said, said
    if "outcome" in case:
        assert report["outcome"] == case["outcome"]
    if "outcome_starts" in case:
        assert report["outcome"].startswith(case["outcome_starts"]), report["outcome"]
    seen = cards(answer)
    for name, (text, severity) in case.get("status", {}).items():
        assert (seen[name]["status"]["text"], seen[name]["status"]["severity"]) == (text, severity)
    for name, text in case.get("meter", {}).items():
        assert widget(seen[name], "meters")["items"][0]["text"] == text
    for name, marks in case.get("marks", {}).items():
        assert [[box["mark"] for box in level["boxes"] if box["marked"]]
                for level in widget(seen[name], "track")["levels"]] == marks
    for name, level in case.get("acts", {}).items():
        assert acting_level(answer["encounter"], name) == level


# -- the same rules as properties over many inputs ---------------------------------------------------------

PAIN = {"scratch": 1, "hurt": 2, "very_hurt": 3, "incapacitated": 4, "near_death": 5}     # wound levels, seed 4.51


def capacity_status(capacity: int, wounds: list[str], options: dict[str, str]) -> str:
    """The Damage Capacity record's condition written from seed 4.57 and D-FU-23 alone: each hit past a Scratch
    costs a level (or its severity less one), three Scratches one hit unless never; Mediocre Hurt, Poor Very Hurt,
    Terrible \u22123 or Incapacitated, below Terrible Incapacitated; above Mediocre after a hit, Wounded."""
    hits = [PAIN[wound] for wound in wounds if wound != "scratch"]
    lost = sum(level - 1 if options["capacity_loss"] == "severity" else 1 for level in hits)
    if options["capacity_scratches"] == "three":
        lost += wounds.count("scratch") // 3
    now = capacity - lost
    if not wounds:
        return "Undamaged"
    if not lost:
        return "Scratch"
    if now < -3 or (now == -3 and options["capacity_terrible"] == "incapacitated"):
        return "Incapacitated"
    return {-1: "Hurt (\u22121)", -2: "Very Hurt (\u22122)", -3: "Very Hurt (\u22123)"}.get(now, "Wounded (no penalty)")


@settings(max_examples=40, deadline=None)
@given(st.integers(-3, 3), st.lists(st.sampled_from(sorted(PAIN)), max_size=6),
       st.sampled_from(("severity", "one")), st.sampled_from(("three", "never")),
       st.sampled_from(("penalty", "incapacitated")))
def test_the_damage_capacity_record_reads_the_condition_from_damage_capacity(
        capacity: int, wounds: list[str], loss: str, scratches: str, terrible: str) -> None:
    """Item 7, D-FU-23: whatever the wounds (Near Death ones too), the card's status is what Damage Capacity
    says, and a fighter is refused as out of the fight exactly when that is Incapacitated."""
    options = {**CAPACITY, "capacity_loss": loss, "capacity_scratches": scratches, "capacity_terrible": terrible}
    case = {"sheets": [{**RAGNAR, "damage_capacity": capacity}, {"name": "Foe", "weapons": SWORD}],
            "options": options, "wounds": [("c1", wound) for wound in wounds]}
    encounter = build(case)
    expected = capacity_status(capacity, wounds, options)
    assert cards(ok("view", encounter=encounter))["Ragnar"]["status"]["text"] == expected
    assert (acting_level(encounter, "Ragnar") is None) == (expected == "Incapacitated")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(sorted(PAIN)), max_size=5), st.sampled_from(("normal", "all_out_defense", "unaware")),
       st.sampled_from(("-", "0", "+")))
def test_a_defender_out_of_the_fight_is_never_asked_for_a_defence(wounds: list[str], tactic: str, face: str) -> None:
    """Item 8, D-FU-27: in alternating turns the defence roll is asked for exactly when the defender can act
    and is aware of the attack."""
    case = {"fighters": ["snorri", "brynhild"], "options": ALTERNATING, "wounds": [("c2", wound) for wound in wounds]}
    encounter = build(case)
    down = acting_level(encounter, "Brynhild") is None
    inputs = {**SNORRI_ATTACKS, "defender_tactic": tactic}
    _, prompts, _ = play(encounter, "attack", inputs, {"attack": face * 4, "defense": "0000"})
    assert ("defense 4dF" in prompts) == (not down and tactic != "unaware"), prompts
