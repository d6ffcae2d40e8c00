"""SLA Industries (the 3d system, RULES_NOTES 3) through the page, as a game master runs it with physical dice.

Every roll is three six-sided dice read as three named dice (Success, Penetration, Damage); a shot is aimed at a
hex of the body diagram, chosen by a tap in the Shoot form's picker or on the target card's diagram, and a hit
deviates by its Hit Spread in the direction of a separate direction die. The fight here is docs/api.md's: Max.Rock
(Pistol 6, a typed MAL Anvil of DAM 8) shoots Scum (PHYS 6, Shiver PV 7 ID 20 on the torso and abdomen). The
expected numbers were worked out with the engine (rules.api) before they were written here, and every value is
read off the screen: the dock's headline and its Why, the card's diagram, meters, Incap track and stats.

How the table reads on a tablet and a phone is test_sla_screens.py; the steps these tests share with others are
sla_actions.py's.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .actions import input_named, settle, start_new, unfold
from .sla_actions import (ANVIL, SHIVER, SHOTS, SYSTEM, THREE, add_fighter, answer, by_name, diagram_cell,
                          fire_the_issues_shot, max_rock_and_scum, meter_text, picker_cell, shoot_form, stat, why_steps)
from .test_option_conditions import tab

MINUS = "\u2212"


@pytest.fixture
def sla(app: Page) -> Page:
    max_rock_and_scum(app)
    return app


# -- 1. the issue's shot: aimed, three named dice, the direction die, read off the page -------------------------

def test_max_rock_shoots_scum_with_typed_dice_and_the_page_shows_every_number(sla: Page) -> None:
    page = sla
    form = shoot_form(page, aims=3)
    # The picker starts on its default, the centre of the Torso; a tap chooses the lower right-of-centre Torso hex
    # (the figure faces the viewer: q < 0 is its right side), from which the direction die's "up" stays in the Torso.
    expect(page.get_by_test_id("hex-chosen")).to_have_text("Torso (0, 3)")
    picker_cell(page, "-1,4").tap()
    expect(picker_cell(page, "-1,4")).to_have_attribute("aria-checked", "true")
    expect(picker_cell(page, "0,3")).to_have_attribute("aria-checked", "false")
    expect(page.get_by_test_id("hex-chosen")).to_have_text(re.compile(rf"^Torso \([-{MINUS}]1, 4\)$"))
    expect(input_named(form, "aims")).to_have_value("3")
    page.get_by_test_id("type-dice").tap()
    answer(page, "attack", THREE, [1, 3, 5],
           why=f"Max.Rock fires at Scum's Torso ({MINUS}1, 4): roll the three dice, skill 6 against 13")
    answer(page, "direction", ["Direction die"], [6],
           why="The shot deviates 1 hex: roll the direction die (1 upper-right, clockwise to 6 up)")
    expect(page.get_by_test_id("dice-prompt")).to_be_hidden()
    expect(page.get_by_test_id("action-error")).to_be_empty()

    # The dock: the headline, what was resolved, and the steps behind Why.
    expect(page.get_by_test_id("latest-outcome")).to_have_text("Torso hit: 6 damage")
    expect(page.get_by_test_id("latest-title")).to_have_text("Max.Rock shoots at Scum with MAL Anvil")
    assert why_steps(page) == [
        "Success die 1, Penetration die 3, Damage die 5; Pistol 6: total 15 against 13: succeeds",
        f"Hit Spread 1: RCL 5 {MINUS} 1 for the firing stance = 4 {MINUS} 2 for the aims {MINUS} 1 on the Aiming die, "
        "never below 0",
        f"Direction die 6: up, 1 hex from Torso ({MINUS}1, 4) to Torso ({MINUS}1, 3)",
        "Penetration die 3 + PEN 4 = 7 against PV 7 (Shiver PV 7, ID 20): penetrates",
        f"Damage die 5 + DAM 8 = 13; through the armour: 13 {MINUS} 7 = 6",
        f"Shiver's ID on the Torso: 20 {MINUS} 3 (AD) = 17",
        "6 damage to Incap (30 \u2192 24) and to the Torso (16 \u2192 10)",
    ]
    # The log keeps both rolls as typed, each face after its die's name.
    dice = page.get_by_test_id("log-entry").first.get_by_test_id("log-dice")
    expect(dice).to_have_count(2)
    expect(dice.nth(0)).to_have_attribute("data-faces", "135")
    expect(dice.nth(0)).to_have_attribute("data-by", "table")
    expect(dice.nth(0)).to_contain_text("Success die\u00a01 · Penetration die\u00a03 · Damage die\u00a05")
    expect(dice.nth(1)).to_have_attribute("data-faces", "6")

    # Scum's card: the body diagram, its legend, the meters, the Incap track, the status.
    scum = by_name(page, "Scum")
    expect(scum).to_have_attribute("data-severity", "hurt")
    expect(scum.get_by_test_id("combatant-status")).to_have_text("Hurt")
    drawn = scum.get_by_test_id("widget-hexes")
    expect(drawn.get_by_test_id("hexes-diagram")).to_have_attribute(
        "aria-label", "Body diagram: Torso hurt; last shot aimed at Torso, hit: Torso")
    marks = drawn.get_by_test_id("hexes-mark")
    expect(marks).to_have_count(2)
    expect(marks.nth(0)).to_have_attribute("data-kind", "aim")
    expect(marks.nth(0)).to_have_attribute("data-q", "-1")
    expect(marks.nth(0)).to_have_attribute("data-r", "4")
    expect(marks.nth(1)).to_have_attribute("data-kind", "hit")
    expect(marks.nth(1)).to_have_attribute("data-q", "-1")
    expect(marks.nth(1)).to_have_attribute("data-r", "3")
    expect(marks.nth(1)).to_have_attribute("data-label", "Hit: Torso")
    # The hit's dot is drawn on the cell it names.
    hit, cell = marks.nth(1).bounding_box(), diagram_cell(scum, -1, 3).bounding_box()
    assert hit and cell
    centre = (hit["x"] + hit["width"] / 2, hit["y"] + hit["height"] / 2)
    assert cell["x"] <= centre[0] <= cell["x"] + cell["width"] and cell["y"] <= centre[1] <= cell["y"] + cell["height"]
    expect(drawn.locator('[data-testid="hexes-cell"][data-region="torso"][data-state="hurt"]')).to_have_count(7)
    expect(drawn.locator('[data-testid="hexes-cell"][data-state="ok"]')).to_have_count(31 - 7)
    torso = drawn.locator('[data-testid="hexes-region"][data-value="torso"]')
    expect(torso).to_have_attribute("data-state", "hurt")
    expect(torso).to_have_text("Torso: hurt, 10 of 16 Hits; Shiver PV 7 ID 17")
    expect(drawn.locator('[data-testid="hexes-region"][data-value="abdomen"]')).to_have_text(
        "Abdomen: unhurt; Shiver PV 7 ID 20")
    assert meter_text(scum, "Torso") == "10 of 16"
    torso_meter = scum.locator('[data-testid="meter"][data-name="Torso"]')
    expect(torso_meter).to_have_attribute("data-value", "10")
    expect(torso_meter).to_have_attribute("data-max", "16")
    assert meter_text(scum, "Abdomen") == "13 of 13"
    expect(scum.get_by_test_id("track-box")).to_have_count(30)
    expect(scum.locator('[data-testid="track-box"][data-marked="true"]')).to_have_count(6)
    expect(scum.get_by_test_id("track-penalty")).to_have_text("24 left")
    # The shooter is untouched.
    rock = by_name(page, "Max.Rock")
    expect(rock.locator('[data-testid="track-box"][data-marked="true"]')).to_have_count(0)
    expect(rock.get_by_test_id("hexes-mark")).to_have_count(0)


# -- 2. a tap on the target card's diagram aims the shot on show, and only picks the card on any other tab ------

def odds_about(page: Page) -> Locator:
    return page.get_by_test_id("odds-summary").locator(".odds-about")


def test_a_tap_on_the_target_cards_diagram_aims_the_shot_and_elsewhere_only_picks_the_card(sla: Page) -> None:
    page = sla
    form = shoot_form(page)
    scum, rock = by_name(page, "Scum"), by_name(page, "Max.Rock")
    diagram_cell(scum, 2, 2).tap()
    expect(page.get_by_test_id("hex-chosen")).to_have_text("Left arm (2, 2)")
    expect(picker_cell(page, "2,2")).to_have_attribute("aria-checked", "true")
    expect(page.get_by_test_id("input-aim").locator('[aria-checked="true"]')).to_have_count(1)
    expect(form.get_by_test_id("input-target")).to_have_value(scum.get_attribute("data-id") or "")
    expect(form.get_by_test_id("input-attacker")).to_have_value(rock.get_attribute("data-id") or "")
    expect(odds_about(page)).to_have_text("(MAL Anvil at Scum's Left arm (2, 2))")
    # No text field took the focus (no on-screen keyboard over the card).
    assert page.evaluate("document.activeElement.tagName") not in ("INPUT", "TEXTAREA", "SELECT")

    # On the Damage tab a tap on a diagram only picks the card: Who follows it, Where and the Shoot aim do not.
    tab(page, "harm").tap()
    harm = page.get_by_test_id("action-form")
    where = harm.get_by_test_id("input-location").input_value()
    diagram_cell(rock, -2, 5).tap()
    expect(harm.get_by_test_id("input-target")).to_have_value(rock.get_attribute("data-id") or "")
    expect(harm.get_by_test_id("input-location")).to_have_value(where)
    diagram_cell(scum, 0, 0).tap()
    expect(harm.get_by_test_id("input-target")).to_have_value(scum.get_attribute("data-id") or "")
    expect(harm.get_by_test_id("input-location")).to_have_value(where)
    tab(page, "shoot").tap()
    expect(page.get_by_test_id("hex-chosen")).to_have_text("Left arm (2, 2)")
    expect(page.get_by_test_id("action-form").get_by_test_id("input-target")).to_have_value(
        scum.get_attribute("data-id") or "")


def test_a_tap_on_the_shooters_own_diagram_does_not_make_him_his_own_target(sla: Page) -> None:
    """The diagram's tap names the target; a GM's stray tap on the shooter's card must not leave a shot at
    himself in the form (the shooter and the target the same)."""
    page = sla
    form = shoot_form(page)
    rock = by_name(page, "Max.Rock")
    diagram_cell(rock, 0, 0).tap()
    attacker = form.get_by_test_id("input-attacker").input_value()
    target = form.get_by_test_id("input-target").input_value()
    assert attacker != target, (attacker, target, page.get_by_test_id("odds-summary").inner_text())


# -- 3. the keyboard: the picker is one tab stop, the arrows move the aim and the odds follow ----------------

def test_the_arrow_keys_move_the_aim_and_the_odds_line_names_it(sla: Page) -> None:
    page = sla
    shoot_form(page)
    expect(odds_about(page)).to_have_text("(MAL Anvil at Scum's Torso (0, 3))")
    expect(page.get_by_test_id("odds-summary")).to_contain_text("hits 90.7%, most likely the Torso (90.7%)")
    unfold(page.get_by_test_id("action-form"), "aim")
    stop = page.get_by_test_id("input-aim").locator('[tabindex="0"]')
    expect(stop).to_have_count(1)
    stop.focus()
    assert page.evaluate("document.activeElement.dataset.value") == "0,3"
    for key, value, words, summary in [
        ("ArrowUp", "0,2", "Torso (0, 2)", "hits 86.9%, most likely the Torso (85.0%)"),
        ("Home", "0,0", "Head (0, 0)", "hits 81.1%, most likely the Head (81.1%)"),
        ("ArrowDown", "0,1", "Head (0, 1)", "hits 83.0%, most likely the Head (81.1%)"),
        ("ArrowRight", "1,2", "Torso (1, 2)", "hits 88.8%, most likely the Torso (85.0%)"),
        ("End", "1,9", "Left leg (1, 9)", "hits 81.1%, most likely the Left leg (81.1%)"),
    ]:
        page.keyboard.press(key)
        assert page.evaluate("document.activeElement.dataset.value") == value, key
        expect(picker_cell(page, value)).to_have_attribute("aria-checked", "true")
        expect(page.get_by_test_id("hex-chosen")).to_have_text(words)
        expect(odds_about(page)).to_have_text(f"(MAL Anvil at Scum's {words})")
        expect(page.get_by_test_id("odds-summary")).to_contain_text(summary)
    expect(page.get_by_test_id("input-aim").locator('[tabindex="0"]')).to_have_count(1)


# -- 4. a miss: 1, 1, 1 from a poor shot --------------------------------------------------------------------

def test_a_missed_shot_asks_for_the_direction_die_and_draws_the_miss(app: Page) -> None:
    page = app
    max_rock_and_scum(page, skills="Pistol 1")
    shoot_form(page, aims=1)
    page.get_by_test_id("type-dice").tap()
    answer(page, "attack", THREE, [1, 1, 1],
           why="Max.Rock fires at Scum's Torso (0, 3): roll the three dice, skill 1 against 13")
    # The default option lands a missed shot by the missed-shot spread: recoil + the miss, in the die's direction.
    answer(page, "direction", ["Direction die"], [3],
           why="The shot deviates 13 hexes: roll the direction die (1 upper-right, clockwise to 6 up)")
    expect(page.get_by_test_id("dice-prompt")).to_be_hidden()
    expect(page.get_by_test_id("latest-outcome")).to_have_text("Miss")
    steps = why_steps(page)
    assert steps[1:] == [
        f"Missed by 9: the shot lands 13 hexes from the hex aimed at (RCL 5 {MINUS} 1 for the firing stance = 4, "
        "+ 9 for the miss)",
        "Direction die 3: down, 13 hexes from Torso (0, 3) to off the body (0, 16)"], steps
    scum = by_name(page, "Scum")
    expect(scum).to_have_attribute("data-severity", "ok")
    drawn = scum.get_by_test_id("widget-hexes")
    diagram = drawn.get_by_test_id("hexes-diagram")
    expect(diagram).to_have_attribute("aria-label",
                                      "Body diagram: unhurt; last shot aimed at Torso, missed: off the body")
    marks = drawn.get_by_test_id("hexes-mark")
    expect(marks).to_have_count(2)
    miss = drawn.locator('[data-testid="hexes-mark"][data-kind="miss"]')
    expect(miss).to_have_attribute("data-q", "0")
    expect(miss).to_have_attribute("data-r", "16")
    expect(miss).to_have_attribute("data-label", "Missed: off the body")
    # Drawn inside the diagram's box, below the feet.
    box, cross = diagram.bounding_box(), miss.locator("path").last.bounding_box()   # the cross, drawn last
    feet = diagram_cell(scum, -1, 10).bounding_box()
    assert box and cross and feet
    assert box["y"] <= cross["y"] and cross["y"] + cross["height"] <= box["y"] + box["height"] + 0.5, (box, cross)
    assert cross["y"] > feet["y"] + feet["height"] - 1, (feet, cross)
    expect(drawn.locator('[data-testid="hexes-cell"][data-state="ok"]')).to_have_count(31)
    expect(scum.locator('[data-testid="track-box"][data-marked="true"]')).to_have_count(0)
    SHOTS.mkdir(parents=True, exist_ok=True)
    scum.screenshot(path=str(SHOTS / "miss-card-down.png"))


def test_a_clean_miss_asks_for_no_direction_die(app: Page) -> None:
    page = app
    start_new(page, SYSTEM)
    details = page.locator(".options-panel details")
    if details.get_attribute("open") is None:
        page.locator("#options-title").click()
    page.get_by_test_id("option-missed_shot").select_option(label="Is a clean miss: no landing point is worked out")
    add_fighter(page, "Max.Rock", weapon=("MAL Anvil", ANVIL), skills="Pistol 1")
    add_fighter(page, "Scum", armour=("Shiver", SHIVER), phys="6")
    shoot_form(page, aims=1)
    page.get_by_test_id("type-dice").tap()
    answer(page, "attack", THREE, [1, 1, 1])
    expect(page.get_by_test_id("dice-prompt")).to_be_hidden()
    expect(page.get_by_test_id("latest-outcome")).to_have_text("Miss")
    expect(page.get_by_test_id("log-entry").first.get_by_test_id("log-dice")).to_have_count(1)
    marks = by_name(page, "Scum").get_by_test_id("hexes-mark")
    assert [mark.get_attribute("data-kind") for mark in marks.all()] in (["aim"], []), marks.count()


# -- 5. time: a wound opened by the GM bleeds a Hit at the end of the fifth round (D-SL-27) ------------------

def test_an_open_wound_counts_down_round_by_round_and_bleeds_on_the_fifth(sla: Page) -> None:
    page = sla
    tab(page, "harm").tap()
    form = page.get_by_test_id("action-form")
    form.get_by_test_id("input-target").select_option(label="Scum")
    form.get_by_test_id("input-location").select_option(label="Torso")
    form.get_by_test_id("input-amount").fill("1")
    form.get_by_test_id("input-wound").check()
    page.get_by_test_id("roll").tap()
    expect(page.get_by_test_id("latest-outcome")).to_have_text("1 damage")
    assert why_steps(page) == ["1 damage marked off Incap and the Torso", "A wound opens in the Torso"]
    scum = by_name(page, "Scum")
    expect(scum.get_by_test_id("combatant-status")).to_have_text("Wounded")
    assert stat(scum, "Wounds") == f"1 open: next Hit lost in 5 rounds; {MINUS}1 to every roll"
    assert meter_text(scum, "Torso") == "15 of 16"
    expect(scum.get_by_test_id("track-penalty")).to_have_text("29 left")

    tab(page, "time").tap()
    page.get_by_test_id("action-form").get_by_test_id("input-span-round").check()
    for round_ in range(1, 6):
        settle(page)    # a tap acts once: Roll tapped again at once would be a double tap, dropped
        # and a second longer: on this 2-core machine under load, a Roll 450 ms after the last one's result was
        # still read by the page within TAP_SETTLE_MS of it (its console showed the wait itself cut short), and
        # dropped; a person reading the result between taps takes longer than this anyway.
        page.wait_for_timeout(1000)
        page.get_by_test_id("roll").tap()
        expect(page.get_by_test_id("latest-title")).to_have_text("The round ends")
        expect(page.get_by_test_id("log-entry")).to_have_count(3 + round_)
        assert stat(scum, "Round") == f"{round_ + 1}, phase 1"
        if round_ < 5:
            left = 5 - round_
            rounds = "round" if left == 1 else "rounds"
            assert why_steps(page)[1] == (f"Scum (round {round_ + 1}, phase 1): 1 open wound: "
                                          f"the next Hit bleeds away in {left} {rounds}")
            assert stat(scum, "Wounds") == f"1 open: next Hit lost in {left} {rounds}; {MINUS}1 to every roll"
            assert meter_text(scum, "Torso") == "15 of 16"
            expect(scum.get_by_test_id("track-penalty")).to_have_text("29 left")
    # The fifth round's end: a Hit bleeds from the Torso and from Incap, and the count starts again.
    assert why_steps(page)[1].startswith("Scum (round 6, phase 1): 1 open wound ")
    assert stat(scum, "Wounds") == f"1 open: next Hit lost in 5 rounds; {MINUS}1 to every roll"
    assert meter_text(scum, "Torso") == "14 of 16"
    expect(scum.get_by_test_id("track-penalty")).to_have_text("28 left")
    expect(scum.locator('[data-testid="track-box"][data-marked="true"]')).to_have_count(2)
    expect(by_name(page, "Scum").locator('[data-testid="hexes-region"][data-value="torso"]')).to_have_text(
        "Torso: hurt, 14 of 16 Hits; Shiver PV 7 ID 20")


def test_the_bleeding_step_says_one_wound_bleeds(sla: Page) -> None:
    """The step of the round a single wound bleeds in: "1 open wound bleeds 1 Hit" (the engine says "bleed")."""
    page = sla
    tab(page, "harm").tap()
    form = page.get_by_test_id("action-form")
    form.get_by_test_id("input-target").select_option(label="Scum")
    form.get_by_test_id("input-wound").check()
    page.get_by_test_id("roll").tap()
    expect(page.get_by_test_id("latest-outcome")).to_have_text("1 damage")
    tab(page, "time").tap()
    page.get_by_test_id("action-form").get_by_test_id("input-span-round").check()
    for round_ in range(1, 6):
        settle(page)    # a tap acts once: Roll tapped again at once would be a double tap, dropped
        # and a second longer: on this 2-core machine under load, a Roll 450 ms after the last one's result was
        # still read by the page within TAP_SETTLE_MS of it (its console showed the wait itself cut short), and
        # dropped; a person reading the result between taps takes longer than this anyway.
        page.wait_for_timeout(1000)
        page.get_by_test_id("roll").tap()
        expect(page.get_by_test_id("log-entry")).to_have_count(3 + round_)
    assert why_steps(page)[1] == "Scum (round 6, phase 1): 1 open wound bleeds 1 Hit from the Torso and from Incap"


# -- 6. the odds before rolling, and the charts behind them -----------------------------------------------------

def test_the_odds_line_and_its_charts(sla: Page) -> None:
    page = sla
    shoot_form(page)
    summary = page.get_by_test_id("odds-summary")
    expect(summary).to_have_text(re.compile(r"^Odds: hits \d+\.\d%"))
    expect(summary).to_have_text("Odds: hits 90.7%, most likely the Torso (90.7%); a wound 11.1%, knocked down 6.9% "
                                 "(MAL Anvil at Scum's Torso (0, 3))")
    summary.tap()
    odds = page.get_by_test_id("odds")
    expect(odds).to_be_in_viewport()
    expect(page.get_by_test_id("odds-heading")).to_have_text("Odds, MAL Anvil at Scum's Torso (0, 3)")
    expect(page.get_by_test_id("odds-chart")).not_to_have_attribute("aria-busy", "true")
    groups = page.get_by_test_id("odds-group")
    expect(groups.locator("h3")).to_have_text(["Where it lands", "Damage to Incap", "The worst that follows"])
    expect(groups.nth(0).get_by_test_id("odds-condition")).to_have_text(["Miss", "Torso"])
    expect(groups.nth(0).get_by_test_id("odds-condition-percent")).to_have_text(["9.3%", "90.7%"])
    expect(groups.nth(1).get_by_test_id("odds-bar")).to_have_text(
        ["0 damage", "2 damage", "3 damage", "4 damage", "5 damage", "6 damage", "7 damage"])
    expect(groups.nth(2).get_by_test_id("odds-bar")).to_have_text(
        ["Miss", "No damage to the body", "Damage, no wound", "A wound", "Knocked down"])
    expect(groups.nth(2).get_by_test_id("odds-bar-percent")).to_have_text(["9.3%", "25.9%", "53.7%", "4.2%", "6.9%"])
    for group in groups.all():
        percents = group.locator('[data-testid$="-percent"]').all_inner_texts()
        assert abs(sum(float(one[:-1]) for one in percents) - 100) <= 0.05 * len(percents) + 0.01, percents


def test_a_cell_left_of_centre_is_written_with_one_minus_everywhere(sla: Page) -> None:
    """The aim at (−1, 4) is written with the typographic minus in the prompt and the steps (the engine's style for
    Incap and Hits too); the picker's words and the odds line should write it the same way, not as "-1"."""
    page = sla
    shoot_form(page)
    picker_cell(page, "-1,4").tap()
    page.get_by_test_id("type-dice").tap()
    expect(page.get_by_test_id("dice-why")).to_contain_text(f"Scum's Torso ({MINUS}1, 4)")
    page.get_by_test_id("dice-cancel").tap()
    said = {"picker (hex-chosen)": page.get_by_test_id("hex-chosen").inner_text(),
            "odds line (odds-summary)": odds_about(page).inner_text()}
    wrong = {where: text for where, text in said.items() if f"({MINUS}1, 4)" not in text}
    assert wrong == {}, wrong


def test_undo_takes_the_shot_back_off_the_card(sla: Page) -> None:
    page = sla
    fire_the_issues_shot(page)
    page.get_by_test_id("undo").tap()
    scum = by_name(page, "Scum")
    expect(scum.get_by_test_id("combatant-status")).to_have_text("Unhurt")
    expect(scum.get_by_test_id("hexes-mark")).to_have_count(0)
    expect(scum.locator('[data-testid="hexes-cell"][data-state="ok"]')).to_have_count(31)
    expect(scum.locator('[data-testid="track-box"][data-marked="true"]')).to_have_count(0)
    assert meter_text(scum, "Torso") == "16 of 16"
    expect(scum.get_by_test_id("hexes-diagram")).to_have_attribute("aria-label", "Body diagram: unhurt")
    # The form keeps the aim for the same shot again.
    expect(page.get_by_test_id("hex-chosen")).to_have_text(re.compile(rf"^Torso \([-{MINUS}]1, 4\)$"))
    page.get_by_test_id("redo").tap()
    expect(scum.locator('[data-testid="track-box"][data-marked="true"]')).to_have_count(6)
    expect(scum.get_by_test_id("hexes-mark")).to_have_count(2)
