"""FUDGE invariants over many inputs (hypothesis), driven through the public API: the median of three, every
option combination, odds that sum to one, and a PC's death (seed 4.64, D-FU-10).  What is drawn and played:
fudge_plans.py."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from rules.api import call
from rules.ladder import level_name

from .fudge_plans import (
    ACTIONS, DEAD, HURT, INCAPACITATED, NEAR_DEATH, Plan, QUICK, REFUSALS, SCRATCH, SLOW, UNDAMAGED, VERY_HURT,
    action_inputs, attempt, cards, level_of, offered, option_sets, play, rosters, setups)
from .helpers import ok
from .test_fudge_vectors import encounter_of, texts


# -- the median of three ---------------------------------------------------------------------------------------

def mirrored(faces: str) -> str:
    return faces.translate(str.maketrans("+-", "-+"))


four_faces = st.text("-0+", min_size=4, max_size=4)


@QUICK
@given(st.lists(four_faces, min_size=3, max_size=3), st.sampled_from(("one", "three")))
def test_a_mirrored_roll_gives_the_mirrored_result(rolls: list[str], count: str) -> None:
    """At Fair, every face turned over (+ for -) turns the result over: the median of three as much as one roll."""
    encounter = encounter_of(sheets=[{"name": "Hero"}], options={"pacing": "story"})
    results = []
    for faces in (rolls, [mirrored(roll) for roll in rolls]):
        given = {"story": faces[0]} if count == "one" else \
            {f"story{index + 1}": roll for index, roll in enumerate(faces)}
        answer = ok("act", encounter=encounter, action="story", inputs={"who": "c1", "trait": "0", "rolls": count},
                    dice="given", faces=given)
        results.append(answer["report"]["outcome"].split(": ")[1])
    values = {level_name(value): value for value in range(-7, 8)}
    totals = [faces.count("+") - faces.count("-") for faces in rolls]
    expected = sorted(totals)[1] if count == "three" else totals[0]
    assert values[results[0]] == expected and values[results[1]] == -expected, (rolls, results)


@QUICK
@example("0", 0, [])
@given(st.integers(-3, 5).map(str), st.integers(-3, 3),
       st.lists(st.sampled_from(("scratch", "hurt", "very_hurt")), max_size=2))
def test_the_median_of_three_is_symmetric(trait: str, modifier: int, wounds: list[str]) -> None:
    """P(median = base + k) = P(median = base - k) around the level rolled at (for Fair, P(k) = P(-k)): the chart's
    bars mirror, its grouped top bar mirroring the lowest ones."""
    encounter = encounter_of(sheets=[{"name": "Hero"}], options={"pacing": "story"})
    for wound in wounds:
        encounter = ok("act", encounter=encounter, action="wound", inputs={"target": "c1", "level": wound})["encounter"]
    odds = ok("odds", encounter=encounter, action="story", inputs={"who": "c1", "trait": trait, "modifier": modifier,
                                                                   "rolls": "three"})
    values = {level_name(value): value for value in range(-12, 13)}
    chance: dict[int, Fraction] = {}
    grouped: tuple[int, Fraction] | None = None       # a grouped last bar: "Superb or better", from its value up
    for bar in odds["charts"][0]["bars"]:
        share = Fraction(bar["weight"], bar["total"])
        if bar["label"].endswith(" or better"):
            grouped = (values[bar["label"].removesuffix(" or better")], share)
        else:
            chance[values[bar["label"]]] = share
    base = min(chance) + 4
    if grouped is not None:
        low, share = grouped
        assert max(chance) < low
        assert share == sum((chance[2 * base - value] for value in range(low, base + 5)), Fraction(0))
        for value in range(low, base + 5):
            chance[value] = chance[2 * base - value]
    assert sorted(chance) == list(range(base - 4, base + 5))
    assert sum(chance.values()) == 1
    for step in range(5):
        assert chance[base + step] == chance[base - step], (step, chance)
    assert chance[base] > chance[base + 1] > chance[base + 2] > chance[base + 3] > chance[base + 4] > 0


# -- every option combination -------------------------------------------------------------------------------

BRUTE = {"name": "Brute", "role": "major", "offense": 5, "strength": 3,
         "weapons": [{"name": "Maul", "notation": "size 5, sharp, magic 2"}]}
WEAKLING = {"name": "Hero", "role": "pc", "offense": -3, "damage_capacity": -3,
            "weapons": [{"name": "Knife", "notation": "size 0, sharp"}]}
KILLING = {"pacing": "simultaneous", "wounds": "min_mid_max", "mmm_track": "epic", "mmm_beyond": "dead",
           "death_for": "pcs"}      # seed 0: the Brute wins by 6 or more and reads all three dice, past 7: killed
PACED = {"round": "simultaneous", "attack": "alternating"}


@st.composite
def every_action(draw: st.DrawFn) -> tuple[dict[str, Any], Plan]:
    """Options, and a round, an attack, a shot and a wound, each drawn under them (the round's and the attack's
    with the pacing that offers them)."""
    options = draw(option_sets())
    plan: Plan = []
    for action in ("round", "attack", "shoot", "wound"):
        paced = {**options, "pacing": PACED.get(action, options["pacing"])}
        plan.append((action, draw(action_inputs(action, paced))))
    return options, plan


@SLOW
@example((KILLING, [("round", {"fighter": "c1", "foe": "c2"}), ("attack", {"attacker": "c1", "defender": "c2"}),
                    ("shoot", {"shooter": "c1", "target": "c2"}), ("wound", {"target": "c2"})]),
         [BRUTE, WEAKLING], 0)
@given(every_action(), rosters(), st.integers(0, 10_000))
def test_every_option_combination_resolves_each_action(setup: tuple[dict[str, Any], Plan],
                                                       roster: list[dict[str, Any]], seed: int) -> None:
    """Under any options, on fresh fighters: a round (simultaneous pacing), an attack (alternating), a shot and a
    wound all resolve, with the app's dice; the odds of the first three answer, never an internal error."""
    options, plan = setup
    for action, inputs in plan:
        paced = {**options, "pacing": PACED.get(action, options["pacing"])}
        encounter = encounter_of(sheets=roster, options=paced)
        answer = attempt(encounter, action, inputs, seed)
        assert answer is not None, (action, inputs)
        if action != "wound":
            ok("odds", encounter=encounter, action=action, inputs=inputs)


# -- odds sum to one ---------------------------------------------------------------------------------------------

WITH_ODDS = tuple(action for action, entry in ACTIONS.items() if entry.get("odds"))


@SLOW
@given(setups(("wound", "heal", "time"), max_steps=3), rosters(), st.data(), st.integers(0, 10_000))
def test_odds_sum_to_one(setup: tuple[dict[str, Any], Plan], roster: list[dict[str, Any]], data: st.DataObject,
                         seed: int) -> None:
    """Every chart of every odds answer, for any sheets, options and wounds before: positive weights summing to its
    total, exact chances summing to one, each label once."""
    options, before = setup
    encounter = play(encounter_of(sheets=roster, options=options), before, seed)
    action = data.draw(st.sampled_from([action for action in WITH_ODDS if offered(action, options)]))
    inputs = data.draw(action_inputs(action, options, most_foes=2))
    response = json.loads(call("odds", json.dumps({"encounter": encounter, "action": action, "inputs": inputs})))
    if not response["ok"]:      # someone out of the fight, healing by the GM's word: a plain refusal
        assert response["error"]["kind"] in REFUSALS, response["error"]
        return
    charts = response["result"]["charts"]
    assert charts
    for chart in charts:
        total = chart["bars"][0]["total"]
        assert all(bar["weight"] > 0 and bar["total"] == total for bar in chart["bars"]), chart
        assert sum(bar["weight"] for bar in chart["bars"]) == total, chart
        assert sum(Fraction(bar["fraction"]) for bar in chart["bars"]) == 1, chart
        assert len({bar["label"] for bar in chart["bars"]}) == len(chart["bars"]), chart


# -- PC death (seed 4.64, D-FU-10) ---------------------------------------------------------------------------------

def covered(card: dict[str, Any], options: dict[str, Any]) -> bool:
    role = card["sheet"]["role"]
    return bool(role == "pc" or (role == "major" and options["death_for"] == "pcs_and_major"))


# Each action lands at most one blow on anyone: a duel (one foe), a shot, an attack, a wound by the GM's word.
ONE_BLOW = ("round", "attack", "shoot", "wound", "time")


def check_each_action(options: dict[str, Any], roster: list[dict[str, Any]], plan: Plan, seed: int,
                      holds_for: Callable[[int, int], bool]) -> None:
    """Play the plan; after each action, ``holds_for(level before, level after)`` for every covered fighter."""
    encounter = encounter_of(sheets=roster, options=options)
    before = cards(ok("view", encounter=encounter)["view"])
    for number, (action, inputs) in enumerate(plan):
        answer = attempt(encounter, action, inputs, seed + number)
        if answer is None:
            continue
        after = cards(answer["view"])
        for who, card in after.items():
            if covered(card, options):
                assert holds_for(level_of(before[who]), level_of(card)), (
                    action, inputs, before[who]["status"], card["status"], texts(answer))
        encounter, before = answer["encounter"], after


@SLOW
@example(({**KILLING, "death_three_levels": "on", "record": "capacity"}, [("round", {"fighter": "c1", "foe": "c2"})]),
         [BRUTE, WEAKLING], 0)
@given(setups(ONE_BLOW, most_foes=1, no_automatic_death=True, death_three_levels="on"), rosters(("pc", "major")),
       st.integers(0, 10_000))
def test_at_most_three_levels_a_blow(setup: tuple[dict[str, Any], Plan], roster: list[dict[str, Any]],
                                     seed: int) -> None:
    """Seed 4.64 (D-FU-10): a blow inflicts at most three wound levels, so a covered fighter's level never rises
    more than three in an action that lands one blow on him.  Automatic death by the GM's word (seed 4.51) takes
    precedence and is not drawn; a killing roll past Min-Mid-Max's last number is a roll, so it is."""
    options, plan = setup
    check_each_action(options, roster, plan, seed, lambda was, now: now - was <= 3)


@SLOW
@example(({**KILLING, "death_from_incapacitated": "on", "record": "capacity"},
          [("round", {"fighter": "c1", "foe": "c2"})]), [BRUTE, WEAKLING], 0)
@given(setups(ONE_BLOW, most_foes=1, no_automatic_death=True, death_from_incapacitated="on"),
       rosters(("pc", "major")), st.integers(0, 10_000))
def test_near_death_only_from_incapacitated(setup: tuple[dict[str, Any], Plan], roster: list[dict[str, Any]],
                                            seed: int) -> None:
    """Seed 4.64 (D-FU-10): a covered fighter cannot be made Near Death unless he began the round Incapacitated;
    one who began an action below Incapacitated is neither Near Death nor dead after it (automatic death aside)."""
    options, plan = setup
    check_each_action(options, roster, plan, seed, lambda was, now: was >= INCAPACITATED or now < NEAR_DEATH)


def test_status_words_cover_every_level() -> None:
    """The level reader above knows every status a card can show for a wound level."""
    encounter = encounter_of(sheets=[{"name": "Hero"}], options={"boxes": "custom", "custom_boxes": [
        {"boxes": 1}] * 5})
    seen = [level_of(cards(ok("view", encounter=encounter)["view"])["c1"])]
    for level in ("scratch", "hurt", "very_hurt", "incapacitated", "near_death", "near_death", "dead"):
        answer = ok("act", encounter=encounter, action="wound", inputs={"target": "c1", "level": level})
        encounter = answer["encounter"]
        seen.append(level_of(cards(answer["view"])["c1"]))
    assert seen == [UNDAMAGED, SCRATCH, HURT, VERY_HURT, INCAPACITATED, NEAR_DEATH, NEAR_DEATH, DEAD]
