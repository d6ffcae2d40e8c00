"""FUDGE (chapter 4) through the page, as a game master runs it with physical dice: the notes' worked examples
(RULES_NOTES 4.7, the same fighters and faces as tests/rules/vectors/fudge.json) typed in roll by roll as the dice
prompt asks for them, read back off the cards, the log and the dock; and the odds of a round against three. The busy
table on a tablet and a phone is test_fudge_screens.py.

The page knows no rule system: every label chosen here is the engine's own (its schema, read through the API), and
every roll is answered only when the prompt asks for it, so a prompt asked too early, too late, for the wrong dice
or not at all fails the test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .actions import add_sheet, card, input_named, settle, start_new, unfold
from .test_option_conditions import set_option, system_schema, tab

SYSTEM = "FUDGE"
VECTORS: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[1] / "rules" / "vectors" / "fudge.json").read_text())
FIGHTERS: dict[str, dict[str, Any]] = VECTORS["fighters"]
SCREENS = Path(__file__).resolve().parents[2] / "dist" / "screens"
LADDER = {-3: "Terrible", -2: "Poor", -1: "Mediocre", 0: "Fair", 1: "Good", 2: "Great", 3: "Superb"}
MINUS = "\u2212"


def case(vector: str) -> dict[str, Any]:
    found: dict[str, Any] = next(entry for entry in VECTORS["cases"] if entry["id"] == vector)
    return found


def signed(number: int) -> str:
    """A number as the engine writes it: +2, +0, \u22121."""
    return f"{number:+d}".replace("-", MINUS)


def level(number: int) -> str:
    """A level of the ladder with its number: Great (+2)."""
    return f"{LADDER[number]} ({signed(number)})"


# -- the engine's own words, from its schema ------------------------------------------------------------------

def schema_input(inputs: list[dict[str, Any]], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(one for one in inputs if one["name"] == name)
    return found


def sheet_input(name: str) -> dict[str, Any]:
    return schema_input(system_schema()["sheet"], name)


def action_input(action: str, name: str) -> dict[str, Any]:
    inputs = next(one for one in system_schema()["actions"] if one["id"] == action)["inputs"]
    return schema_input(inputs, name)


def choice_label(input_: dict[str, Any], value: Any) -> str:
    label: str = next(choice["label"] for choice in input_["choices"] if str(choice["value"]) == str(value))
    return label


def catalog_label(catalog: str, gear: dict[str, str]) -> str | None:
    """The add dialog's label for a catalog row with this name and notation; None if the catalog has none."""
    for row in system_schema()["catalog"][catalog]:
        if row["name"] == gear["name"] and row["notation"] == gear["notation"]:
            return f"{row['name']} {row['notation']}"
    return None


def sheet_fields(fighter: dict[str, Any]) -> dict[str, str]:
    """The vectors' sheet as the add dialog is filled in: a choice by its label, gear from the catalog when it is
    there, else typed in ("Other: type a notation", a name and a notation)."""
    fields: dict[str, str] = {}
    for name, value in fighter.items():
        if name == "name":
            continue
        gear = {"weapons": "weapons-0", "armour": "armour"}.get(name)
        if gear is not None:
            item = value[0] if name == "weapons" else value
            assert name != "weapons" or len(value) == 1, fighter
            row = catalog_label(name if name == "weapons" else "armour", item)
            if row is not None:
                fields[gear] = row
            else:
                fields[gear] = "Other: type a notation"
                fields[f"{gear}-name"] = item["name"]
                fields[f"{gear}-notation"] = item["notation"]
        else:
            fields[name] = choice_label(sheet_input(name), value)
    return fields


def add_fighter(page: Page, key: str) -> None:
    """Add one of the vectors' fighters through the add dialog."""
    fighter = FIGHTERS[key]
    fields: dict[str, Any] = sheet_fields(fighter)
    add_sheet(page, fighter["name"], **fields)


# -- reading the page -----------------------------------------------------------------------------------------

def by_name(page: Page, name: str) -> Locator:
    """The one card of that name."""
    found = page.get_by_test_id("combatant").filter(
        has=page.get_by_test_id("combatant-name").get_by_text(name, exact=True))
    expect(found).to_have_count(1)
    return found


def statuses(page: Page) -> list[str]:
    texts: list[str] = page.get_by_test_id("combatant-status").all_inner_texts()
    return texts


def marks(cards: Locator) -> dict[str, list[str]]:
    """What each level's marked boxes show (the wound's letter drawn in the box), level by level."""
    found: list[list[str]] = cards.locator('[data-testid="track-box"][data-marked="true"]').evaluate_all(
        "(boxes) => boxes.map((box) => [box.dataset.level, box.textContent])")
    out: dict[str, list[str]] = {}
    for where, mark in found:
        out.setdefault(where, []).append(mark)
    return out


def latest_steps(page: Page) -> list[str]:
    """The newest log entry's steps, as written (text content: a log entry off screen is not rendered, by
    `content-visibility: auto`, so it has no inner text)."""
    entry = page.get_by_test_id("log-entry").first
    steps: list[str] = entry.get_by_test_id("log-step").all_text_contents()
    return steps


def blows(page: Page) -> list[str]:
    """The newest result in the dock, blow by blow (the headline joins them with "; ")."""
    expect(page.get_by_test_id("latest-outcome")).not_to_be_empty()
    return page.get_by_test_id("latest-outcome").inner_text().split("; ")


def names_blow(blow: str, attacker: str, target: str, wound: str) -> bool:
    """A blow of the headline names who struck, then whom, and the wound (in the engine's words around them)."""
    return blow.startswith(f"{attacker} ") and f" {target}" in blow[len(attacker):] and wound in blow


def has_step(page: Page, text: str) -> None:
    """Some step of the newest log entry says this (in part)."""
    expect(page.get_by_test_id("log-entry").first.get_by_test_id("log-step").filter(has_text=text)).not_to_have_count(0)


# -- the dice prompt -------------------------------------------------------------------------------------------

def dice_words(faces: str | list[int]) -> str:
    """How the engine names the dice a roll needs: 4 Fudge dice, 1 Fudge die (a graze roll), 3 six-sided dice."""
    kind = "six-sided" if isinstance(faces, list) else "Fudge"
    return f"{len(faces)} {kind} {'die' if len(faces) == 1 else 'dice'}"


def as_text(faces: str | list[int]) -> str:
    return "".join(str(face) for face in faces) if isinstance(faces, list) else faces


def answer(page: Page, roll: str, faces: str | list[int], *, why: str | None = None, typed: bool = False) -> None:
    """The prompt is asking for this roll, with as many dice of this kind as the faces: tap (or type) the faces
    and use them."""
    prompt = page.get_by_test_id("dice-prompt")
    expect(prompt).to_be_visible()
    expect(prompt).to_have_attribute("data-roll", roll)
    expect(prompt).to_have_attribute("data-count", str(len(faces)))
    entry = page.get_by_test_id("dice-entry")
    expect(entry).to_have_attribute("aria-label", f"{dice_words(faces)} for the {roll} roll")
    expect(page.get_by_test_id("dice-face")).to_have_count(6 if isinstance(faces, list) else 3)
    if why is not None:
        expect(page.get_by_test_id("dice-why")).to_have_text(why)
    if isinstance(faces, list):                 # six-sided dice are read, as Min-Mid-Max reads them
        expect(page.get_by_test_id("dice-why")).to_contain_text(f"roll {len(faces)}d6 to read")
    expect(page.get_by_test_id("dice-count")).to_have_attribute("data-full", "false")
    if typed:
        entry.fill(as_text(faces))
    else:
        for face in faces:
            page.locator(f'[data-testid="dice-face"][data-face="{face}"]').tap()
    expect(entry).to_have_value(as_text(faces))
    expect(page.get_by_test_id("dice-count")).to_have_attribute("data-full", "true")
    page.get_by_test_id("dice-use").tap()


def fight_typed(page: Page, rolls: dict[str, str | list[int]], whys: dict[str, str] | None = None) -> None:
    """Type my dice for the action on show: exactly these rolls are asked for, in this order, and the prompt
    closes after the last. Faces are tapped on the buttons and typed into the entry by turns. A resolution just
    before is read first: Type my dice at once after its Use these dice would be a double tap (a tap acts once)."""
    settle(page)
    page.get_by_test_id("type-dice").tap()
    for turn, (roll, faces) in enumerate(rolls.items()):
        answer(page, roll, faces, why=(whys or {}).get(roll), typed=turn % 2 == 1)
    expect(page.get_by_test_id("dice-prompt")).to_be_hidden()
    expect(page.get_by_test_id("dice-error")).to_be_empty()
    expect(page.get_by_test_id("action-error")).to_be_empty()
    # The log keeps every roll as typed, rolled at the table, and no other.
    dice = page.get_by_test_id("log-entry").first.get_by_test_id("log-dice")
    expect(dice).to_have_count(len(rolls))
    for roll, faces in rolls.items():
        one = dice.and_(page.locator(f'[data-roll="{roll}"]'))
        expect(one).to_have_attribute("data-faces", as_text(faces))
        expect(one).to_have_attribute("data-by", "table")


# -- the round's form ----------------------------------------------------------------------------------------

ROUND_DEFAULTS = {"tactic": "normal", "foes_tactic": "normal", "modifier": "0", "foes_modifier": "0"}


def round_inputs(page: Page, inputs: dict[str, Any]) -> None:
    """The round's tactics and modifiers as the vector gives them, the rest back to normal (the form keeps what
    was chosen last round)."""
    form = page.get_by_test_id("action-form")
    for name, value in {**ROUND_DEFAULTS, **inputs}.items():
        control = input_named(form, name)       # a modifier is under "More options"
        if action_input("round", name)["kind"] == "integer":
            control.fill(str(value))
        else:
            control.select_option(label=choice_label(action_input("round", name), value))


def pick(page: Page, **combatants: str) -> None:
    """Choose the round's fighters by name in the form's lists."""
    form = page.get_by_test_id("action-form")
    for name, who in combatants.items():
        input_named(form, name).select_option(label=who)      # a second foe on is under "More options"


@pytest.fixture
def fudge(app: Page) -> Page:
    start_new(app, SYSTEM)
    expect(tab(app, "round")).to_have_attribute("aria-selected", "true")
    return app


def options(page: Page, chosen: dict[str, str]) -> None:
    for name, value in chosen.items():
        set_option(page, name, value)


# -- 1. a round with stances -----------------------------------------------------------------------------------

def test_fu03_a_stance_round_both_duelists_hit_each_other(fudge: Page) -> None:
    page = fudge
    entry = case("FU-03")
    options(page, entry["options"])
    for key in entry["sheets"]:
        add_fighter(page, key)
    expect(page.get_by_test_id("combatant")).to_have_count(2)
    # Two fighters of one name: the cards are tapped, fighter then foe.
    first, second = card(page, 0), card(page, 1)
    first.get_by_test_id("combatant-name").tap()
    second.get_by_test_id("combatant-name").tap()
    form = page.get_by_test_id("action-form")
    expect(form.get_by_test_id("input-fighter")).to_have_value(first.get_attribute("data-id") or "")
    expect(form.get_by_test_id("input-foe")).to_have_value(second.get_attribute("data-id") or "")
    expect(form.get_by_test_id("field-stance")).to_be_visible()
    round_inputs(page, entry["inputs"])
    expect(form.get_by_test_id("input-stance").locator("option:checked")).to_have_text(
        "Offensive +1: offense +1, defense \u22121 (d6 5)")
    fight_typed(page, entry["faces"])
    expect(page.get_by_test_id("latest-title")).to_have_text("Round 1: Duelist against Duelist")
    for text in entry["texts"]:
        has_step(page, text)
    has_step(page, "an offensive stance (offense +1, defense \u22121)")
    has_step(page, "a normal stance")
    assert statuses(page) == ["Scratch", "Scratch"]
    assert marks(first) == {"Scratch": ["S"]} and marks(second) == {"Scratch": ["S"]}
    # Both blows land, so the newest result names both: each Duelist's Scratch to the other.
    both = blows(page)
    assert len(both) == 2 and all(names_blow(blow, "Duelist", "Duelist", "Scratch") for blow in both), both


# -- 2. Min-Mid-Max: Rachel and Archie's four rounds ---------------------------------------------------------

# The boxes after each round (RULES_NOTES 4.5: a wound goes in its own level's box, which shows its letter).
MMM_MARKS = {
    "FU-26": ({}, {"Hurt": ["H"]}),
    "FU-27": ({"Scratch": ["S"]}, {"Hurt": ["H"]}),
    "FU-28": ({"Scratch": ["S"], "Hurt": ["H"]}, {"Hurt": ["H"]}),
    "FU-29": ({"Scratch": ["S"], "Hurt": ["H"]}, {"Hurt": ["H"], "Incapac.": ["I"]}),
}


def test_fu26_to_fu29_min_mid_max_rachel_and_archie(fudge: Page) -> None:
    page = fudge
    set_option(page, "wounds", "min_mid_max")
    add_fighter(page, "rachel")
    add_fighter(page, "archie")
    pick(page, fighter="Rachel", foe="Archie")
    rachel, archie = by_name(page, "Rachel"), by_name(page, "Archie")
    for number, round_ in enumerate(case("FU-26")["rounds"], start=1):
        round_inputs(page, round_.get("inputs", {}))
        # 4dF each, then 3d6 only for a blow read on Min-Mid-Max (none on a graze), as the vector lists them.
        fight_typed(page, round_["faces"])
        expect(page.get_by_test_id("latest-title")).to_have_text(f"Round {number}: Rachel against Archie")
        if "read" in round_:
            has_step(page, f"read the {round_['read']} of {', '.join(map(str, sorted(damage(round_))))}")
        if "value" in round_:
            has_step(page, f": {round_['value']}, ")
        if "graze" in round_:
            has_step(page, f"is {round_['graze']} on the graze table")
        expect(rachel.get_by_test_id("combatant-status")).to_have_text(round_["rachel"])
        expect(archie.get_by_test_id("combatant-status")).to_have_text(round_["archie"])
        assert (marks(rachel), marks(archie)) == MMM_MARKS[round_["id"]], round_["id"]
    expect(archie).to_have_attribute("data-severity", "down")
    has_step(page, "all-out: 7, Incapacitated")


def damage(round_: dict[str, Any]) -> list[int]:
    faces: list[int] = round_["faces"].get("damage") or round_["faces"]["damage_foe"]
    return faces


# -- 3. one against three, one 2dF roll for the NPCs -----------------------------------------------------------

PIRATES = ("Molly", "Annie", "Maggie")


def test_fu05_tucker_against_three_pirates_and_the_odds_of_it(fudge: Page) -> None:
    page = fudge
    entry = case("FU-05")
    options(page, entry["options"])
    expect(page.get_by_test_id("option-npc_rolls").locator("option:checked")).to_have_text(
        "One 2dF roll for all the NPCs in a round")
    for key in entry["sheets"]:
        add_fighter(page, key)
    form = page.get_by_test_id("action-form")
    pick(page, fighter="Tucker", foe="Molly", foe2="Annie", foe3="Maggie")
    expect(form.get_by_test_id("input-foe4")).to_have_value("")            # "Nobody else": three foes, no more
    expect(unfold(form, "strike")).to_be_visible()
    # The odds of the one-against-three round: a chart for each fighter, what he is left as.
    expect(page.get_by_test_id("odds-summary")).to_contain_text("Tucker")
    page.get_by_test_id("odds-summary").tap()
    charts = page.get_by_test_id("odds-group")
    for name in ("Tucker", *PIRATES):
        chart = charts.filter(has=page.get_by_role("heading", name=f"{name} after the round", exact=True))
        expect(chart).to_have_count(1)
        # (the first chart's bars are the page's "odds-condition", the others' "odds-bar")
        percents = chart.locator('[data-testid="odds-condition-percent"], [data-testid="odds-bar-percent"]') \
            .all_inner_texts()
        assert percents and all(re.fullmatch(r"\d+(\.\d)?%", one) for one in percents), (name, percents)
        total = sum(float(one[:-1]) for one in percents)
        assert abs(total - 100) <= 0.05 * len(percents) + 0.01, (name, percents)
    npc_levels = {FIGHTERS[key]["name"]: FIGHTERS[key]["offense"] + 1 for key in entry["sheets"][1:]}   # 2dF +0 = +1
    for number, expected in enumerate(entry["results"]):
        if number:
            page.get_by_test_id("undo").tap()                              # the same round again, other dice
            expect(page.get_by_test_id("latest-title")).to_have_text("Maggie joins the encounter")
            assert set(statuses(page)) == {"Undamaged"}
        fight_typed(page, {"fighter": expected["tucker"], "npcs": entry["npcs"]},
                    {"fighter": "Tucker fights at Good (+1): roll 4 Fudge dice",
                     "npcs": "One roll for all the NPCs: roll 2 Fudge dice"})
        expect(page.get_by_test_id("latest-title")).to_have_text("Round 1: Tucker against Molly, Annie, Maggie")
        tucker = 1 + sum(1 if face == "+" else -1 if face == "-" else 0 for face in expected["tucker"])
        assert LADDER[tucker] == expected["result"]
        has_step(page, f"Tucker's result: {level(tucker)}.")
        has_step(page, "= +1, applied to each")
        # Foe by foe, in the order they were chosen: one relative degree each.
        steps = latest_steps(page)
        lines = [f"Tucker {level(tucker)} against {name} {level(npc)}: relative degree {signed(tucker - npc)}."
                 for name, npc in npc_levels.items()]
        where = [next((index for index, step in enumerate(steps) if step.startswith(line)), -1) for line in lines]
        assert -1 not in where and where == sorted(where), (lines, steps)
        hurt = [name for name in ("Tucker", *PIRATES)
                if by_name(page, name).get_by_test_id("combatant-status").inner_text() != "Undamaged"]
        assert hurt == expected["hurt"], (expected["result"], hurt)
        # The dock names each blow: who struck whom.
        said = blows(page)
        struck = [(name, "Tucker") for name in expected.get("hit_by", [])] or [("Tucker", expected["hurt"][0])]
        assert len(said) == len(struck), said
        for attacker, target in struck:
            assert any(names_blow(blow, attacker, target, "") for blow in said), (attacker, target, said)
        if expected.get("unhit"):
            expect(by_name(page, "Tucker").get_by_test_id("combatant-status")).to_have_text("Undamaged")


# -- 4. Snorri and Brynhild, the 4dF damage roll with the limitations -----------------------------------------

def snorri_against_brynhild(page: Page) -> dict[str, Any]:
    """Section 4.7's fighters on the page, with FU-21's options, Snorri picked to fight Brynhild."""
    entry = case("FU-21")
    options(page, entry["options"])
    add_fighter(page, "snorri")
    add_fighter(page, "brynhild")
    pick(page, fighter="Snorri", foe="Brynhild")
    return entry


def test_fu21_snorris_first_blow_asks_for_the_damage_roll_and_says_why(fudge: Page) -> None:
    page = fudge
    entry = snorri_against_brynhild(page)
    first = entry["rounds"][0]
    fight_typed(page, first["faces"], {
        "fighter": "Snorri fights at Good (+1): roll 4 Fudge dice",
        "foe": "Brynhild fights at Good (+1): roll 4 Fudge dice",
        "damage": "Snorri hits Brynhild by +2, damage 5: roll 4 Fudge dice for damage"})
    has_step(page, first["text"])
    has_step(page, "= \u22122, with the limitations")
    has_step(page, "5 becomes 3")
    has_step(page, "Damage 3 is Hurt on the wound numbers")
    brynhild = by_name(page, "Brynhild")
    expect(brynhild.get_by_test_id("combatant-status")).to_have_text(first["brynhild"])
    expect(by_name(page, "Snorri").get_by_test_id("combatant-status")).to_have_text(first["snorri"])
    hurt_box = brynhild.locator('[data-testid="track-box"][data-level="Hurt"]')
    expect(hurt_box).to_have_count(1)
    expect(hurt_box).to_have_attribute("data-marked", "true")
    expect(hurt_box).to_have_text("H")
    assert marks(brynhild) == {"Hurt": ["H"]}
    said = blows(page)
    assert len(said) == 1 and names_blow(said[0], "Snorri", "Brynhild", "Hurt"), said


def test_fu21_to_fu25_the_five_rounds_each_roll_asked_for_as_it_is_reached(fudge: Page) -> None:
    page = fudge
    entry = snorri_against_brynhild(page)
    for number, round_ in enumerate(entry["rounds"], start=1):
        round_inputs(page, round_.get("inputs", {}))
        fight_typed(page, round_["faces"])
        expect(page.get_by_test_id("latest-title")).to_have_text(f"Round {number}: Snorri against Brynhild")
        has_step(page, round_["text"])
        if "damage_text" in round_:
            has_step(page, round_["damage_text"])
        if "outcome" in round_:
            expect(page.get_by_test_id("latest-outcome")).to_have_text(round_["outcome"])
        if "graze" in round_:
            has_step(page, f"{round_['graze']}, held within one level of the graze")
        expect(by_name(page, "Brynhild").get_by_test_id("combatant-status")).to_have_text(round_["brynhild"], )
        expect(by_name(page, "Snorri").get_by_test_id("combatant-status")).to_have_text(round_["snorri"])
    expect(page.get_by_test_id("log-entry")).to_have_count(2 + len(entry["rounds"]))


# -- 5. a wound assessed by the GM ------------------------------------------------------------------------------

def wound(page: Page, who: str, what: str, *, stun: bool = False) -> None:
    """The GM assesses a wound (the Wound tab): no dice."""
    tab(page, "wound").tap()
    form = page.get_by_test_id("action-form")
    form.get_by_test_id("input-target").select_option(label=who)
    form.get_by_test_id("input-level").select_option(label=what)
    stunning = form.get_by_test_id("input-stun")
    if stun:
        input_named(form, "stun").check()
    elif stunning.is_visible():
        stunning.uncheck()
    page.get_by_test_id("roll").tap()
    expect(page.get_by_test_id("latest-title")).to_have_text(f"A wound for {who}")
