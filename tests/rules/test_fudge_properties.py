"""FUDGE invariants over many inputs (hypothesis), driven through the public API.

Options are drawn from the registry's own schema (``systems``), so a choice added there is drawn here too; sheets
and actions from the sheet and action inputs.  The wound record is checked against a placement written here from
the seed's text (4.57: each wound in the first open box at its level or above, its own severity kept; D-FU-4, D-FU-16:
healing lowers each wound and records the rest again in the order received), not against ``wounds.place``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rules.api import call
from rules.encounter import Encounter
from rules.ladder import level_name

from .helpers import ok, widget
from .test_fudge_vectors import encounter_of, marks, texts

SCALE = int(os.environ.get("WOUNDBOOK_FUDGE_SCALE", 1))       # a longer hunt: WOUNDBOOK_FUDGE_SCALE=20
QUICK = settings(max_examples=60 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=50 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
REFUSALS = ("bad_field", "unknown_combatant")

FUDGE: dict[str, Any] = next(entry for entry in ok("systems")["systems"] if entry["id"] == "fudge")
CHOICES: dict[str, tuple[str, ...]] = {entry["name"]: tuple(choice["value"] for choice in entry["choices"])
                                       for entry in FUDGE["options"] if entry["kind"] == "choice"}
TABLES: dict[str, dict[str, Any]] = {entry["name"]: entry for entry in FUDGE["options"] if entry["kind"] == "table"}
BOX_SETS = {"realistic": (3, 1, 1, 1, 1), "cinematic": (4, 2, 1, 1, 1), "epic": (3, 2, 1, 2, 1)}   # seed 4.57, 4.63

UNDAMAGED, SCRATCH, HURT, VERY_HURT, INCAPACITATED, NEAR_DEATH, DEAD = range(7)
LETTERS = {SCRATCH: "S", HURT: "H", VERY_HURT: "VH", INCAPACITATED: "I", NEAR_DEATH: "ND"}
WOUND_LEVELS = {"scratch": SCRATCH, "hurt": HURT, "very_hurt": VERY_HURT, "incapacitated": INCAPACITATED,
                "near_death": NEAR_DEATH}
STATUS_WORDS = (("Dead", DEAD), ("Near Death", NEAR_DEATH), ("Incapacitated", INCAPACITATED),
                ("Out of the battle", INCAPACITATED), ("Very Hurt", VERY_HURT), ("Hurt", HURT), ("Scratch", SCRATCH),
                ("Wounded", SCRATCH), ("Undamaged", UNDAMAGED))


def level_of(card: dict[str, Any]) -> int:
    """The wound level a card's status states (seed 4.51), whatever the record."""
    text = str(card["status"]["text"])
    return next(value for word, value in STATUS_WORDS if text.startswith(word))


def cards(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["id"]: entry for entry in view["roster"]}


# -- options, sheets and actions ---------------------------------------------------------------------------

@st.composite
def option_sets(draw: st.DrawFn, /, **fixed: str) -> dict[str, Any]:
    """Every choice option from the schema's own choices; sometimes the custom box table and new wound numbers."""
    options: dict[str, Any] = {name: draw(st.sampled_from(values)) for name, values in CHOICES.items()}
    options.update(fixed)
    boxes = TABLES["custom_boxes"]
    if options["boxes"] == "custom" or draw(st.booleans()):
        column = boxes["columns"][0]
        options["custom_boxes"] = [{column["name"]: draw(st.integers(column["min"], column["max"]))}
                                   for _ in boxes["rows"]]
    if draw(st.integers(0, 3)) == 0:
        numbers = TABLES["numbers"]
        starts = {column["name"]: sorted(draw(st.sets(st.integers(column["min"], min(column["max"], 20)),
                                                      min_size=len(numbers["rows"]), max_size=len(numbers["rows"]))))
                  for column in numbers["columns"]}
        options["numbers"] = [{name: values[row] for name, values in starts.items()}
                              for row in range(len(numbers["rows"]))]
    return options


WEAPONS = ("size 2, sharp", "size 3, sharp, magic 1", "size 0", "size 2, blunt", "size 1, sharp", "power 3",
           "power 6, auto 10", "power 2, thrown", "size 2, piercing", "power 4, scaled", "size 5, sharp, magic 2")
ARMOURS = ("", "+1", "+2", "+4", "+3, magic 1")
skills = st.integers(-3, 5)
traits = st.integers(-3, 3)


@st.composite
def sheets(draw: st.DrawFn, name: str, roles: tuple[str, ...] = ("pc", "major", "pawn")) -> dict[str, Any]:
    sheet: dict[str, Any] = {
        "name": name, "role": draw(st.sampled_from(roles)), "offense": draw(skills), "defense": draw(skills),
        "shooting": draw(skills), "dodge": draw(skills), "initiative": draw(skills), "strength": draw(traits),
        "damage_capacity": draw(traits), "constitution": draw(traits), "scale": draw(st.integers(-2, 3)),
        "shield": draw(st.sampled_from(("none", "small", "medium", "large"))),
        "pain": draw(st.sampled_from(("normal", "high", "low"))), "offense_plus": draw(st.booleans()),
        "weapons": [{"name": f"Weapon {index + 1}", "notation": notation} for index, notation in
                    enumerate(draw(st.lists(st.sampled_from(WEAPONS), min_size=2, max_size=2)))]}
    armour = draw(st.sampled_from(ARMOURS))
    if armour:
        sheet["armour"] = {"name": "Armour", "notation": armour}
    return sheet


def rosters(roles: tuple[str, ...] = ("pc", "major", "pawn")) -> st.SearchStrategy[list[dict[str, Any]]]:
    return st.tuples(*(sheets(name, roles) for name in ("Ann", "Bo", "Cy", "Di"))).map(list)


IDS = ("c1", "c2", "c3", "c4")
FOE_KEYS = ("foe", "foe2", "foe3", "foe4", "foe5", "foe6")
ACTIONS: dict[str, dict[str, Any]] = {action["id"]: action for action in FUDGE["actions"]}
DEFAULTS: dict[str, Any] = {entry["name"]: entry["default"] for entry in FUDGE["options"] if "default" in entry}


def holds(when: dict[str, Any] | None, options: dict[str, Any], inputs: dict[str, Any]) -> bool:
    """Whether a schema entry's ``when`` holds under these options and the inputs drawn so far."""
    if not when:
        return True
    value = options.get(when["option"], DEFAULTS.get(when["option"])) if "option" in when \
        else inputs.get(when["input"], "")
    return value in when["in"] if "in" in when else value not in when["not_in"]


def offered(action: str, options: dict[str, Any]) -> bool:
    return holds(ACTIONS[action].get("when"), options, {})


@st.composite
def action_inputs(draw: st.DrawFn, action: str, options: dict[str, Any], most_foes: int = 3) -> dict[str, Any]:
    """An action's inputs as the page's form would collect them: each input the schema shows under these options
    (its ``when``), each choice it offers; different fighters in each role, the fighter's strike among his foes."""
    inputs: dict[str, Any] = {}
    used: list[str] = []
    for entry in ACTIONS[action]["inputs"]:
        if not holds(entry.get("when"), options, inputs):
            continue
        name, kind = entry["name"], entry["kind"]
        if kind == "combatant":
            free = [who for who in IDS if who not in used]
            if name == "strike":
                free = [inputs[key] for key in FOE_KEYS if inputs.get(key)]
            if entry.get("optional"):
                too_many = name in FOE_KEYS and sum(1 for key in FOE_KEYS if inputs.get(key)) >= most_foes
                inputs[name] = "" if too_many or not free else draw(st.sampled_from(["", *free]))
            else:
                inputs[name] = draw(st.sampled_from(free))
            if inputs[name] and name != "strike":
                used.append(inputs[name])
        elif kind == "weapon":
            inputs[name] = draw(st.integers(0, 1))
        elif kind == "choice":
            inputs[name] = draw(st.sampled_from([choice["value"] for choice in entry["choices"]
                                                 if holds(choice.get("when"), options, inputs)]))
        elif kind == "integer":
            inputs[name] = draw(st.integers(entry["min"], entry["max"]))
        elif kind == "flag":
            inputs[name] = draw(st.booleans())
        else:
            raise AssertionError(f"an input kind this test does not know: {kind}")
    if inputs.get("level") == "dead":       # automatic death is neither a stun nor a wound to a part
        inputs.update(stun=False, part="none")
    return inputs


Plan = list[tuple[str, dict[str, Any]]]


@st.composite
def setups(draw: st.DrawFn, /, actions: tuple[str, ...] = tuple(ACTIONS), most_foes: int = 3, max_steps: int = 6,
           no_automatic_death: bool = False, **fixed: str) -> tuple[dict[str, Any], Plan]:
    """Options, then a plan of actions these options offer, each with inputs drawn from the schema."""
    options = draw(option_sets(**fixed))
    kinds = [action for action in actions if offered(action, options)]
    plan: Plan = []
    for _ in range(draw(st.integers(1, max_steps))):
        action = draw(st.sampled_from(kinds))
        inputs = draw(action_inputs(action, options, most_foes))
        if no_automatic_death and inputs.get("level") == "dead":
            inputs["level"] = "near_death"
        plan.append((action, inputs))
    return options, plan


def attempt(encounter: dict[str, Any], action: str, inputs: dict[str, Any], seed: int) -> dict[str, Any] | None:
    """An action rolled by the app from a seed: its answer, or None for a plain refusal (a fighter out of the
    fight or dead); never an internal error."""
    response = json.loads(call("act", json.dumps({"encounter": encounter, "action": action, "inputs": inputs,
                                                  "dice": "app", "seed": seed})))
    if response["ok"]:
        result: dict[str, Any] = response["result"]
        assert "needs" not in result
        return result
    assert response["error"]["kind"] in REFUSALS, response["error"]
    return None


def play(encounter: dict[str, Any], plan: Plan, seed: int) -> dict[str, Any]:
    for number, (action, inputs) in enumerate(plan):
        answer = attempt(encounter, action, inputs, seed + number)
        if answer is not None:
            encounter = answer["encounter"]
    return encounter


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
