"""FUDGE invariants over many inputs (hypothesis), driven through the public API: the wound record, replaying and
undoing the log, and healing.  What is drawn and played: fudge_plans.py; the rest of the invariants:
test_fudge_option_properties.py.

The wound record is checked against a placement written here from the seed's text (4.57: each wound in the first
open box at its level or above, its own severity kept; D-FU-4, D-FU-16: healing lowers each wound and records the
rest again in the order received), not against ``wounds.place``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from rules.encounter import Encounter

from .fudge_plans import (
    BOX_SETS, FUDGE, IDS, LETTERS, NEAR_DEATH, Plan, SCRATCH, SLOW, UNDAMAGED, VERY_HURT, WOUND_LEVELS,
    action_inputs, attempt, cards, level_of, option_sets, play, rosters, setups)
from .helpers import ok, widget
from .test_fudge_vectors import encounter_of, marks


# -- the wound record -----------------------------------------------------------------------------------------

BOX_LABELS = {choice["value"]: choice["label"] for entry in FUDGE["options"] if entry["name"] == "boxes"
              for choice in entry["choices"]}


def box_counts(options: dict[str, Any]) -> tuple[int, ...]:
    """The boxes under each level: the custom table, or the counts the box set's label states ("Realistic: 3, 1,
    1, 1, 1"), which for the seed's own sets are the seed's."""
    chosen = options.get("boxes", "realistic")
    if chosen == "custom":
        return tuple(row["boxes"] for row in options["custom_boxes"])
    counts = tuple(int(count) for count in re.findall(r"\d+", BOX_LABELS[chosen].split(": ")[-1])[:5])
    assert BOX_SETS.get(chosen, counts) == counts
    return counts


def check_boxes(card: dict[str, Any], counts: tuple[int, ...]) -> None:
    """Each level of a track shows its box count, and no more wounds than boxes are marked at any level."""
    track = widget(card, "track")
    if card["sheet"]["role"] == "pawn":
        assert all(len(level["boxes"]) == 1 for level in track["levels"])
        return
    for level, count in zip(track["levels"], counts, strict=True):
        marked = sum(box["marked"] for box in level["boxes"])
        assert len(level["boxes"]) == count, (level, count)
        held, shown = (int(number) for number in level["summary"].split(": ")[1].split(" marked")[0].split(" of "))
        assert shown == count and held == marked <= count, level["summary"]


IN_A_FIGHT = ("round", "shoot", "wound", "heal", "time")


@SLOW
@given(setups(IN_A_FIGHT, pacing="simultaneous", record="boxes"), rosters(), st.integers(0, 10_000))
def test_a_wound_never_lands_in_a_full_box(setup: tuple[dict[str, Any], Plan], roster: list[dict[str, Any]],
                                           seed: int) -> None:
    """Seed 4.57: a wound with no open box at its level takes the next higher open one; a level never holds more
    wounds than it has boxes, whatever the box set, the custom table included."""
    options, plan = setup
    counts = box_counts(options)
    encounter = encounter_of(sheets=roster, options=options)
    for number, (action, inputs) in enumerate(plan):
        answer = attempt(encounter, action, inputs, seed + number)
        if answer is None:
            continue
        encounter = answer["encounter"]
        for card in answer["view"]["roster"]:
            check_boxes(card, counts)


def place(wounds: list[int], counts: tuple[int, ...], scratch_cap: bool) -> tuple[list[list[int]], list[int], bool]:
    """Seed 4.57 as written: each wound in order, in the first open box at its level or above, keeping its own
    severity; with no box open, past Near Death (D-FU-3).  The optional cap (D-FU-11) stops a Scratch at Very Hurt,
    where it is lost.  Returns the boxes, the wounds past the last box, and whether the last wound was lost."""
    boxes: list[list[int]] = [[] for _ in counts]
    beyond: list[int] = []
    lost = False
    for wound in wounds:
        top = VERY_HURT if scratch_cap and wound == SCRATCH else NEAR_DEATH
        lost = False
        for at in range(wound, top + 1):
            if len(boxes[at - 1]) < counts[at - 1]:
                boxes[at - 1].append(wound)
                break
        else:
            if top == NEAR_DEATH:
                beyond.append(wound)
            else:
                lost = True
    return boxes, beyond, lost


def expected_status(boxes: list[list[int]], beyond: list[int]) -> str:
    if beyond:
        return "Near Death, past the last box"
    now = max((index + 1 for index, held in enumerate(boxes) if held), default=UNDAMAGED)
    return ("Undamaged", "Scratch", "Hurt (\u22121)", "Very Hurt (\u22122)", "Incapacitated", "Near Death")[now]


def healed(wounds: list[int], levels: int, scratches: bool) -> list[int]:
    """Seed 4.8, D-FU-16: every wound ``levels`` better, a Scratch not counting as a level (Hurt healed one level is
    gone); a healing skill leaves Scratches, rest and the fight's end take them (seed 4.57, 4.62: after combat)."""
    kept = []
    for wound in wounds:
        if wound == SCRATCH:
            if not scratches:
                kept.append(wound)
        elif wound - levels > SCRATCH:
            kept.append(wound - levels)
    return kept


def levels_for(result: int, options: dict[str, Any]) -> int:
    """Seed 4.8, D-FU-15: Good, Great, Superb heal one, two, three levels; Superb+n heals 3 + n, or 3 at most."""
    return max(0, min(result, 3) if options.get("healing_beyond") == "three" else result)


record_steps = st.one_of(
    st.tuples(st.just("wound"), st.sampled_from(tuple(WOUND_LEVELS))),
    st.tuples(st.just("wound"), st.sampled_from(tuple(WOUND_LEVELS))),
    st.tuples(st.just("skill"), st.tuples(st.integers(-3, 5), st.text("-0+", min_size=4, max_size=4))),
    st.tuples(st.just("levels"), st.integers(1, 5)),
    st.tuples(st.just("fight"), st.none()),
    st.tuples(st.just("week"), st.none()),
)


@SLOW
@example({"boxes": "realistic", "scratch_cap": "off"}, [("wound", "scratch"), ("week", None)])
@given(option_sets(record="boxes", death_three_levels="off", death_from_incapacitated="off",
                   death_fudge_point="off", gm_roll="off", constitution_roll="off"),
       st.lists(record_steps, min_size=1, max_size=12))
def test_the_box_record_is_the_wounds_placed_in_order(options: dict[str, Any], plan: list[tuple[str, Any]]) -> None:
    """Wounds by the GM's word, healing and time: after every step the card's boxes hold exactly what placing the
    wounds kept (each at its own severity, lowered by healing) in the order received gives, and the status says
    the level they reach.  The example: a week of rest after a fight that left only a Scratch."""
    counts = box_counts(options)
    cap = options.get("scratch_cap") == "on"
    encounter = encounter_of(sheets=[{"name": "Hero"}], options=options)
    wounds: list[int] = []
    for kind, value in plan:
        if kind == "wound":
            answer = ok("act", encounter=encounter, action="wound", inputs={"target": "c1", "level": value})
            if not place(wounds + [WOUND_LEVELS[value]], counts, cap)[2]:
                wounds.append(WOUND_LEVELS[value])
        elif kind == "skill":
            skill, faces = value
            answer = ok("act", encounter=encounter, action="heal", inputs={
                "target": "c1", "how": "skill", "skill": str(skill)}, dice="given", faces={"healing": faces})
            wounds = healed(wounds, levels_for(skill + faces.count("+") - faces.count("-"), options), scratches=False)
        elif kind == "levels":
            answer = ok("act", encounter=encounter, action="heal", inputs={"target": "c1", "how": "levels",
                                                                          "levels": value})
            wounds = healed(wounds, value, scratches=False)
        else:
            answer = ok("act", encounter=encounter, action="time", inputs={"time": kind, "target": "c1"})
            wounds = healed(wounds, 1 if kind == "week" else 0, scratches=True)
        encounter = answer["encounter"]
        boxes, beyond, _ = place(wounds, counts, cap)
        assert marks(answer, "Hero") == [[LETTERS[wound] for wound in held] for held in boxes], (kind, value, wounds)
        assert cards(answer["view"])["c1"]["status"]["text"] == expected_status(boxes, beyond), (kind, value, wounds)


# -- replaying the log and undo -----------------------------------------------------------------------------------

@SLOW
@example(({"pacing": "simultaneous"}, [("heal", {"target": "c1", "how": "skill", "skill": "1"})]),
         [{"name": "Hero"}, {"name": "Foe"}], 0)
@given(setups(), rosters(), st.integers(0, 10_000))
def test_a_saved_encounter_replays_to_the_same_view(setup: tuple[dict[str, Any], Plan], roster: list[dict[str, Any]],
                                                    seed: int) -> None:
    """The log is the truth: the document an answer gives, read back (from storage, a file or a share link), is
    replayed event by event with its recorded inputs and dice, and must rebuild the very view the answer showed."""
    options, plan = setup
    encounter = encounter_of(sheets=roster, options=options)
    shown = ok("view", encounter=encounter)["view"]
    for number, (action, inputs) in enumerate(plan):
        answer = attempt(encounter, action, inputs, seed + number)
        if answer is not None:
            encounter, shown = answer["encounter"], answer["view"]
    document = json.loads(json.dumps(encounter))
    assert Encounter.from_dict(document).view() == shown
    assert ok("open_link", link=ok("share", encounter=document)["fragment"])["view"] == shown


@SLOW
@given(setups(), rosters(), st.integers(0, 10_000))
def test_undo_restores_the_view_before_any_action(setup: tuple[dict[str, Any], Plan], roster: list[dict[str, Any]],
                                                  seed: int) -> None:
    """After any action, undo gives back the view from before it exactly, and redo the view after it.  Only what
    the undone action's place in the log (kept for redo) shows differs: the redo button, and options that stay
    fixed while an action is in the log."""
    options, plan = setup
    encounter = encounter_of(sheets=roster, options=options)
    view = ok("view", encounter=encounter)["view"]
    redo = ("can_redo", "redo_label", "options_fixed")
    for number, (action, inputs) in enumerate(plan):
        answer = attempt(encounter, action, inputs, seed + number)
        if answer is None:
            continue
        undone = ok("undo", encounter=answer["encounter"])
        assert undone["view"]["can_redo"] is True and undone["view"]["options_fixed"] is True
        assert undone["view"]["redo_label"] == answer["report"]["title"]
        assert {key: value for key, value in undone["view"].items() if key not in redo} == \
            {key: value for key, value in view.items() if key not in redo}
        assert ok("redo", encounter=undone["encounter"])["view"] == answer["view"]
        encounter, view = answer["encounter"], answer["view"]


# -- healing ---------------------------------------------------------------------------------------------------

FOUR = [{"name": name} for name in ("Ann", "Bo", "Cy", "Di")]


MOST_HEALINGS = 8   # 40 levels: more than any card the plans can reach without being Dead


@SLOW
@example(({"pacing": "simultaneous", "record": "capacity"},
          [("wound", {"target": "c1", "level": "hurt", "part": "weapon_arm"})]), FOUR, 0)
@given(setups(IN_A_FIGHT, pacing="simultaneous"), rosters(), st.integers(0, 10_000))
def test_enough_healing_leaves_a_fresh_card(setup: tuple[dict[str, Any], Plan], roster: list[dict[str, Any]],
                                            seed: int) -> None:
    """Healing, five levels at a time (the most one healing gives) until it changes nothing more, and the fight's
    end leave everyone alive as they started: no wound, no Stun, no part hurt (seed 4.35, 4.8), and a Damage
    Capacity back at (never above) the sheet's own (seed 4.57: healing cannot raise it above the undamaged level).
    Once was not always enough: on the Damage Capacity record with a hit costing its severity, a fighter can lose
    six levels (Fair to Terrible-3), and five levels healed give back five.  The example: a Hurt weapon arm on the
    Damage Capacity record."""
    options, plan = setup
    fresh = cards(ok("view", encounter=encounter_of(sheets=roster, options=options))["view"])
    encounter = play(encounter_of(sheets=roster, options=options), plan, seed)
    for who in IDS:
        card = cards(ok("view", encounter=encounter)["view"])[who]
        for _ in range(MOST_HEALINGS):
            if card["status"]["text"] == "Dead":
                break
            healed = ok("act", encounter=encounter, action="heal", inputs={"target": who, "how": "levels",
                                                                            "levels": 5})
            encounter, before, card = healed["encounter"], card, cards(healed["view"])[who]
            if card == before:
                break
    now = cards(ok("act", encounter=encounter, action="time", inputs={"time": "fight"})["view"])
    for who in IDS:
        if now[who]["status"]["text"] != "Dead":
            assert now[who] == fresh[who], who


SEVERITY = {letter: level for level, letter in LETTERS.items()}


def severities(card: dict[str, Any]) -> list[int] | None:
    """The severities of the wounds a box track holds, worst first; None when the card is not a box track, or
    when some wounds are past the last box, where the card does not draw them."""
    if card["sheet"]["role"] == "pawn" or "past the last box" in card["status"]["text"]:
        return None
    track = next((item for item in card["widgets"] if item["kind"] == "track"), None)
    if track is None:
        return None
    return sorted((SEVERITY[box["mark"]] for level in track["levels"] for box in level["boxes"] if box["marked"]),
                  reverse=True)


@SLOW
@given(setups(IN_A_FIGHT, pacing="simultaneous"), rosters(), st.data(), st.integers(0, 10_000))
def test_healing_never_adds_a_wound(setup: tuple[dict[str, Any], Plan], roster: list[dict[str, Any]],
                                    data: st.DataObject, seed: int) -> None:
    """Healing and time only take wounds away or lower them: nobody's level rises, a Damage Capacity never falls,
    and a box track holds no more wounds than before, each matched to a worse or equal one it held before."""
    options, plan = setup
    encounter = play(encounter_of(sheets=roster, options=options), plan, seed)
    before = cards(ok("view", encounter=encounter)["view"])
    action = data.draw(st.sampled_from(("heal", "time")))
    answer = attempt(encounter, action, data.draw(action_inputs(action, options)), seed)
    if answer is None:
        return
    after = cards(answer["view"])
    for who in IDS:
        assert level_of(after[who]) <= level_of(before[who]), (who, before[who]["status"], after[who]["status"])
        meter = next((item for item in before[who]["widgets"] if item["kind"] == "meters"), None)
        if meter is not None:
            now = widget(after[who], "meters")["items"][0]
            assert meter["items"][0]["value"] <= now["value"] <= now["max"], (who, meter, now)
        held, kept = severities(before[who]), severities(after[who])
        if held is not None:
            assert kept is not None and len(kept) <= len(held), (who, held, kept)
            assert all(now <= then for now, then in zip(kept, held)), (who, held, kept)
