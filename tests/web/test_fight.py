"""Running the fight through the page: Start fight, Next turn, Delay, the turn order above the cards, conditions and
notes, as a game master runs a fight round by round with physical dice.

Encounters that need a history (an SLA wound old enough to bleed, a traveller knocked out) are made with the engine
(rules.api, as tests/rules/test_turns.py does) and opened from their share link; everything after that is done
on the page and read off it: the dock's turn-status, the order's entries, the log's steps, the cards.
The steps these tests share with others are fight_actions.py's; screenshots of a running fight are
test_fight_screens.py's.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page, expect

from .actions import add_sheet, settle, start_new
from .conftest import wait_ready
from .fight_actions import (by_name, dice, encounter, entry, knocked_out_traveller, names_in_order, newest, next_turn,
                            open_conditions, open_link, sla_bleeder, stands, status, step, typed_trio)
from .test_option_conditions import set_option, tab
from .test_tablet import no_text_field_focused, touch  # noqa: F401  (touch is a fixture)


def _has(name: str) -> re.Pattern[str]:
    """A class attribute that holds this class."""
    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")


# -- 1. SLA: three rounds, initiative typed each round, bleeding at the end of phase 3 ----------------------

KIT_DICE = [6, 5, 4]        # 15 + INI 16 = 31
SCUM_DICE = [1, 2, 3]       # 6 + INI 16, one open wound -1 = 21


def sla_initiative(page: Page) -> None:
    """Each combatant's 3d6 as the round begins, asked for one after the other, Kit first."""
    dice(page, "initiative c1", KIT_DICE, why="Initiative for Kit: roll 3d6 + INI 16")
    dice(page, "initiative c2", SCUM_DICE, why="Initiative for Scum: roll 3d6 + INI 16, open wounds \u22121")
    expect(page.get_by_test_id("dice-prompt")).to_be_hidden()


def test_sla_three_rounds_ask_for_initiative_each_round_and_bleed_at_the_end_of_phase_three(
        page: Page, site_url: str) -> None:
    result = sla_bleeder()
    open_link(page, site_url, result)
    scum = by_name(page, "Scum")
    torso = scum.locator('[data-testid="meter"][data-name="Torso"]')
    incap = scum.locator('[data-testid="track-level"][data-level="Incap"]').get_by_test_id("track-penalty")
    expect(torso).to_have_attribute("data-value", "14")
    expect(incap).to_have_text("28 left")
    expect(status(page)).to_have_text("Not in a fight")
    expect(page.get_by_test_id("turn-start")).to_be_visible()

    page.get_by_test_id("turn-start").tap()
    sla_initiative(page)
    expect(newest(page).get_by_test_id("log-title")).to_have_text("The fight begins")
    expect(step(page, "Kit: dice 15 + INI 16 = 31")).to_have_count(1)
    expect(step(page, "Scum: dice 6 + INI 16, open wounds \u22121 = 21")).to_have_count(1)
    seen = [status(page).inner_text()]
    for round_ in (1, 2, 3):
        expect(status(page)).to_have_text(f"Round {round_} \u00b7 Phase 1 \u00b7 Kit's turn")
        expect(names_in_order(page)).to_have_text(["Kit", "Scum"])
        expect(entry(page, "Kit").get_by_test_id("turn-label")).to_have_text("Initiative 31 \u00b7 1 action")
        expect(entry(page, "Scum").get_by_test_id("turn-label")).to_have_text("Initiative 21 \u00b7 1 action")
        for phase, who in ((1, "Scum"), (2, "Kit"), (2, "Scum"), (3, "Kit")):
            next_turn(page)
            expect(status(page)).to_have_text(f"Round {round_} \u00b7 Phase {phase} \u00b7 {who}'s turn")
            seen.append(status(page).inner_text())
        # Phase 3: only Kit has an action in it; Scum waits for the next round.
        assert stands(page) == {"Kit": "current", "Scum": "idle"}
        expect(by_name(page, "Kit")).to_have_class(_has("their-turn"))
        expect(torso).to_have_attribute("data-value", "14")          # nothing bleeds before phase 3 ends
        next_turn(page)
        sla_initiative(page)                                          # asked for again as the next round begins
        expect(status(page)).to_have_text(f"Round {round_ + 1} \u00b7 Phase 1 \u00b7 Kit's turn")
        expect(newest(page).get_by_test_id("log-title")).to_have_text(f"Round {round_ + 1} begins: Kit's turn")
        expect(step(page, f"Round {round_} ends.")).to_have_count(1)
        expect(step(page, f"Round {round_ + 1} begins.")).to_have_count(1)
        expect(step(page, "Kit: dice 15 + INI 16 = 31; 3 actions (phases 1/1/1)")).to_have_count(1)
        expect(step(page, "Scum: dice 6 + INI 16, open wounds \u22121 = 21")).to_have_count(1)
        if round_ < 3:
            left = "2 rounds" if round_ == 1 else "1 round"
            expect(step(page, f"Scum: 1 open wound: the next Hit bleeds away in {left}")).to_have_count(1)
            expect(torso).to_have_attribute("data-value", "14")
        seen.append(status(page).inner_text())
    # The third round's phase 3 ended: the wound bled one Hit from the torso and from Incap, on the card too.
    expect(step(page, "Scum: 1 open wound bleeds 1 Hit from the Torso and from Incap")).to_have_count(1)
    steps: list[str] = newest(page).get_by_test_id("log-step").evaluate_all(
        "(items) => items.map((item) => item.firstChild.textContent)")
    assert steps.index("Round 3 ends.") < steps.index("Scum: 1 open wound bleeds 1 Hit from the Torso and from Incap") \
        < steps.index("Round 4 begins."), steps
    expect(torso).to_have_attribute("data-value", "13")
    expect(torso.get_by_test_id("meter-text")).to_have_text("13 of 16")
    expect(incap).to_have_text("27 left")
    initiative_titles = page.get_by_test_id("log").get_by_test_id("log-step").filter(has_text="Kit: dice 15 + INI 16")
    expect(initiative_titles).to_have_count(4)                       # rounds 1, 2, 3 and 4
    assert len(seen) == 16, seen


def test_a_round_asks_for_initiative_as_the_last_roll_was_made_not_as_a_hand_marked_wound(page: Page,
                                                                                            site_url: str) -> None:
    """Typed initiative, then a wound marked by hand (it rolls nothing): the next round still asks for its dice, and
    after a reload too. Once the app rolled a round's dice, the next round's are the app's, after a reload too."""
    slow = {"dia": 2, "phys": 3, "cool": 3}                        # one action a round, in phase 1
    open_link(page, site_url, encounter("sla", {"name": "Kit", **slow}, {"name": "Scum", **slow}))
    page.get_by_test_id("turn-start").tap()
    dice(page, "initiative c1", [6, 6, 6])
    dice(page, "initiative c2", [1, 1, 1])
    next_turn(page)
    expect(status(page)).to_have_text("Round 1 \u00b7 Phase 1 \u00b7 Scum's turn")
    tab(page, "harm").tap()
    page.get_by_test_id("action-form").get_by_test_id("input-target").select_option(label="Kit")
    page.get_by_test_id("roll").tap()                                   # Mark: no dice
    expect(newest(page).get_by_test_id("log-outcome")).to_have_text("1 damage")
    next_turn(page)
    expect(page.get_by_test_id("dice-prompt")).to_have_attribute("data-roll", "initiative c1")
    page.get_by_test_id("dice-cancel").tap()
    page.reload()
    wait_ready(page)
    next_turn(page)
    expect(page.get_by_test_id("dice-prompt")).to_have_attribute("data-roll", "initiative c1")
    page.get_by_test_id("dice-app-rest").tap()                          # every die of the round rolled by the app
    expect(page.get_by_test_id("dice-prompt")).to_be_hidden()
    expect(status(page)).to_contain_text("Round 2 \u00b7 Phase 1")
    for round_ in (3, 4):
        next_turn(page)
        next_turn(page)
        expect(status(page)).to_contain_text(f"Round {round_} \u00b7 Phase 1")
        expect(page.get_by_test_id("dice-prompt")).to_be_hidden()
        page.reload()
        wait_ready(page)


# -- 2. FUDGE: alternating turns, the order following the 4dF rolled ---------------------------------------

def add_fudge_fighter(page: Page, name: str, initiative: str) -> None:
    page.get_by_test_id("add-combatant").tap()
    dialog = page.get_by_test_id("sheet-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_test_id("input-name").fill(name)
    dialog.get_by_test_id("more-inputs").locator("summary").tap()
    dialog.get_by_test_id("input-initiative").select_option(label=initiative)
    dialog.get_by_test_id("sheet-submit").tap()
    expect(dialog).to_be_hidden()


def test_fudge_alternating_turns_order_follows_the_initiative_typed(app: Page) -> None:
    page = app
    start_new(page, "FUDGE")
    set_option(page, "pacing", "alternating")
    add_fudge_fighter(page, "Snorri", "Good (+1)")
    add_fudge_fighter(page, "Brynhild", "Fair (+0)")
    expect(page.get_by_test_id("turn-how")).to_contain_text("Alternating turns (4.23)")
    expect(page.get_by_test_id("turn-move")).to_have_count(0)          # an order rolled is not the GM's to drag
    page.get_by_test_id("turn-start").tap()
    dice(page, "initiative c1", "----", why="Initiative for Snorri at Good (+1): roll 4 Fudge dice")
    dice(page, "initiative c2", "++++", why="Initiative for Brynhild at Fair (+0): roll 4 Fudge dice")
    # Snorri Good -4 = Terrible, Brynhild Fair +4: Brynhild first, though added second and slower.
    expect(names_in_order(page)).to_have_text(["Brynhild", "Snorri"])
    expect(page.get_by_test_id("turn-label")).to_have_text(["initiative Superb+1 (+4)",
                                                            "initiative Terrible (\u22123)"])
    expect(status(page)).to_have_text("Round 1 \u00b7 Brynhild's turn")
    assert stands(page) == {"Brynhild": "current", "Snorri": "waiting"}
    next_turn(page)
    expect(status(page)).to_have_text("Round 1 \u00b7 Snorri's turn")
    assert stands(page) == {"Brynhild": "done", "Snorri": "current"}
    next_turn(page)
    dice(page, "initiative c1", "++00")
    dice(page, "initiative c2", "0000")
    expect(status(page)).to_have_text("Round 2 \u00b7 Snorri's turn")
    expect(names_in_order(page)).to_have_text(["Snorri", "Brynhild"])
    expect(step(page, "Round 1 ends.")).to_have_count(1)
    expect(step(page, "Round 2 begins.")).to_have_count(1)


# -- 3. MegaTraveller: the unconscious are skipped --------------------------------------------------------

def test_megatraveller_next_skips_the_unconscious(page: Page, site_url: str) -> None:
    open_link(page, site_url, knocked_out_traveller())
    expect(names_in_order(page)).to_have_text(["Ann", "Bob", "Cy"])
    page.get_by_test_id("turn-start").tap()
    expect(status(page)).to_have_text("Round 1 \u00b7 Ann's turn")
    expect(entry(page, "Bob")).to_have_attribute("data-stands", "unable")
    expect(entry(page, "Bob").get_by_test_id("turn-stands")).to_have_text("skipped: unconscious")
    next_turn(page)
    expect(status(page)).to_have_text("Round 1 \u00b7 Cy's turn")
    expect(step(page, "Bob is skipped: unconscious.")).to_have_count(1)
    assert stands(page) == {"Ann": "done", "Bob": "unable", "Cy": "current"}
    next_turn(page)
    expect(status(page)).to_have_text("Round 2 \u00b7 Ann's turn")
    assert stands(page) == {"Ann": "current", "Bob": "unable", "Cy": "waiting"}


# -- 4. a condition counts down and expires; a note shows as text ----------------------------------------

NOTE = "<b>Covers</b> the door & <img src=x onerror=alert(1)>"


def test_a_condition_counts_down_and_expires_and_a_note_shows_as_text(app: Page) -> None:
    page = app
    start_new(page, "Typed Damage")
    add_sheet(page, "Ann")
    add_sheet(page, "Bob")
    open_conditions(page, "Bob")
    expect(page.get_by_test_id("conditions-empty")).to_be_visible()
    page.get_by_test_id("condition-name").fill("Blinded")
    page.get_by_test_id("condition-rounds").fill("2")
    page.get_by_test_id("condition-add").tap()
    expect(page.get_by_test_id("condition-entry")).to_have_count(1)
    expect(page.get_by_test_id("condition-entry")).to_contain_text("Blinded \u00b7 2 rounds left")
    page.get_by_test_id("note-text").fill(NOTE)
    page.get_by_test_id("note-save").tap()
    page.get_by_test_id("conditions-close").tap()
    expect(page.get_by_test_id("conditions-dialog")).to_be_hidden()
    bob = by_name(page, "Bob")
    chip = bob.get_by_test_id("card-condition")
    expect(chip).to_have_text(["Blinded \u00b7 2 rounds left"])
    expect(bob.get_by_test_id("card-note")).to_have_text(NOTE)
    expect(bob.get_by_test_id("card-note").locator("b, img")).to_have_count(0)
    assert page.dialogs == []                                  # type: ignore[attr-defined]
    page.get_by_test_id("turn-start").tap()
    expect(status(page)).to_have_text("Round 1 \u00b7 Ann's turn")
    next_turn(page)
    next_turn(page)
    expect(status(page)).to_have_text("Round 2 \u00b7 Ann's turn")
    expect(chip).to_have_text(["Blinded \u00b7 1 round left"])
    next_turn(page)
    expect(status(page)).to_have_text("Round 2 \u00b7 Bob's turn")
    next_turn(page)
    expect(status(page)).to_have_text("Round 3 \u00b7 Ann's turn")
    expect(step(page, "Bob: Blinded ends.")).to_have_count(1)
    expect(chip).to_have_count(0)
    expect(bob.get_by_test_id("card-note")).to_have_text(NOTE)


# -- 5. the GM's order: the keyboard and a drag; the action form's actor follows the turn ----------------


def drag(page: Page, handle_: Locator, onto: Locator, *, above: bool) -> None:
    """Press on a handle, move (in steps) to just above or below the middle of another row, let go."""
    start = handle_.bounding_box()
    target = onto.bounding_box()
    assert start is not None and target is not None
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    x = target["x"] + (target["width"] * (0.2 if above else 0.8))
    page.mouse.move(x, target["y"] + target["height"] * (0.3 if above else 0.7), steps=8)
    page.mouse.up()


def folded_order(page: Page) -> None:
    """Before the fight the rows are the order to be, each with its handle, and the page says how it is set."""
    expect(page.get_by_test_id("turn-how")).to_be_visible()
    expect(page.get_by_test_id("turn-move").first).to_be_visible()


def test_the_gms_order_moves_by_keyboard(app: Page) -> None:
    page = app
    typed_trio(page)
    folded_order(page)
    expect(names_in_order(page)).to_have_text(["Ann", "Bob", "Cy"])
    expect(page.get_by_test_id("turn-move")).to_have_count(3)
    entry(page, "Cy").get_by_test_id("turn-move").focus()
    page.keyboard.press("ArrowUp")
    expect(names_in_order(page)).to_have_text(["Ann", "Cy", "Bob"])
    expect(newest(page).get_by_test_id("log-title")).to_have_text("Turn order changed")
    expect(step(page, "New order: Ann, Cy, Bob.")).to_have_count(1)
    expect(entry(page, "Cy").get_by_test_id("turn-move")).to_be_focused()     # the handle keeps the focus
    page.keyboard.press("ArrowUp")
    expect(names_in_order(page)).to_have_text(["Cy", "Ann", "Bob"])
    page.keyboard.press("ArrowLeft")                                          # already first: nothing moves
    page.keyboard.press("ArrowRight")
    expect(names_in_order(page)).to_have_text(["Ann", "Cy", "Bob"])
    expect(step(page, "New order: Ann, Cy, Bob.")).to_have_count(1)
    page.get_by_test_id("turn-start").tap()
    expect(status(page)).to_have_text("Round 1 \u00b7 Ann's turn")
    next_turn(page)
    expect(status(page)).to_have_text("Round 1 \u00b7 Cy's turn")


def test_the_gms_order_moves_by_drag_one_place_and_past_several(app: Page) -> None:
    page = app
    typed_trio(page)
    folded_order(page)
    # One place: Bob's handle to just above Ann's middle.
    drag(page, entry(page, "Bob").get_by_test_id("turn-move"), entry(page, "Ann"), above=True)
    expect(names_in_order(page)).to_have_text(["Bob", "Ann", "Cy"])
    expect(step(page, "New order: Bob, Ann, Cy.")).to_have_count(1)
    # Past two names: Cy's handle from the bottom to above Bob's middle, at the top.
    drag(page, entry(page, "Cy").get_by_test_id("turn-move"), entry(page, "Bob"), above=True)
    expect(names_in_order(page)).to_have_text(["Cy", "Bob", "Ann"])
    expect(step(page, "New order: Cy, Bob, Ann.")).to_have_count(1)
    expect(page.locator('[data-testid="combatant"].dragging')).to_have_count(0)
    page.get_by_test_id("turn-start").tap()
    expect(status(page)).to_have_text("Round 1 \u00b7 Cy's turn")
    expect(names_in_order(page)).to_have_text(["Cy", "Bob", "Ann"])


def test_the_actor_of_the_action_form_follows_the_turn_and_delay_waits_for_act_now(app: Page) -> None:
    page = app
    typed_trio(page)
    ids = {name: by_name(page, name).get_attribute("data-id") or "" for name in ("Ann", "Bob", "Cy")}
    attacker = page.get_by_test_id("action-form").get_by_test_id("input-attacker")
    page.get_by_test_id("turn-start").tap()
    expect(status(page)).to_have_text("Round 1 \u00b7 Ann's turn")
    expect(attacker).to_have_value(ids["Ann"])
    expect(by_name(page, "Ann")).to_have_class(_has("their-turn"))
    next_turn(page)
    expect(status(page)).to_have_text("Round 1 \u00b7 Bob's turn")
    expect(attacker).to_have_value(ids["Bob"])
    expect(by_name(page, "Bob")).to_have_class(_has("their-turn"))
    expect(by_name(page, "Ann")).not_to_have_class(_has("their-turn"))
    # Delay holds Bob's turn: Cy's comes, with Act now on Bob's entry; Act now gives Bob the turn (and the form).
    settle(page)
    page.get_by_test_id("turn-delay").tap()
    expect(status(page)).to_have_text("Round 1 \u00b7 Cy's turn")
    expect(attacker).to_have_value(ids["Cy"])
    expect(entry(page, "Bob")).to_have_attribute("data-stands", "delayed")
    settle(page)
    entry(page, "Bob").get_by_test_id("turn-act").tap()
    expect(status(page)).to_have_text("Round 1 \u00b7 Bob's turn")
    expect(attacker).to_have_value(ids["Bob"])
    next_turn(page)
    expect(status(page)).to_have_text("Round 1 \u00b7 Cy's turn")                # Cy's interrupted turn comes back
    expect(attacker).to_have_value(ids["Cy"])
    next_turn(page)
    expect(status(page)).to_have_text("Round 2 \u00b7 Ann's turn")
    expect(attacker).to_have_value(ids["Ann"])
    # Cy holds the last turn of the round: nobody's turn, and the dock itself offers the held turn (the order above
    # the cards may be scrolled away), saying that Next would let it go.
    next_turn(page)
    next_turn(page)
    settle(page)
    page.get_by_test_id("turn-delay").tap()
    expect(status(page)).to_have_text("Round 2 \u00b7 nobody's turn")
    expect(page.get_by_test_id("turn-hint-text")).to_have_text(
        "Only held turns are left: Cy can act now; Next turn lets it go.")
    expect(page.get_by_test_id("turn-hint-go")).to_be_hidden()
    held = page.get_by_test_id("dock").get_by_test_id("turn-held-act")
    expect(held).to_have_text(["Cy acts now"])
    settle(page)
    held.tap()
    expect(status(page)).to_have_text("Round 2 \u00b7 Cy's turn")
    expect(page.get_by_test_id("turn-held-act")).to_have_count(0)
    settle(page)
    page.get_by_test_id("turn-end").tap()
    expect(status(page)).to_have_text("Not in a fight")


# -- 6. touch first: the conditions dialog opens without a keyboard -----------------------------------------

def test_the_conditions_dialog_on_a_tablet_focuses_no_text_field(touch: Any) -> None:
    result = encounter("typed", {"name": "Ann"}, {"name": "Bob"})
    page = touch("portrait", fragment=result["fragment"])
    open_conditions(page, "Bob")
    no_text_field_focused(page)
    expect(page.get_by_test_id("condition-name")).not_to_be_focused()
    expect(page.get_by_test_id("note-text")).not_to_be_focused()


# -- 7. undo puts the turn back ----------------------------------------------------------------------------

def test_undo_after_next_puts_the_turn_back(app: Page) -> None:
    page = app
    typed_trio(page)
    page.get_by_test_id("turn-start").tap()
    expect(status(page)).to_have_text("Round 1 \u00b7 Ann's turn")
    next_turn(page)
    expect(status(page)).to_have_text("Round 1 \u00b7 Bob's turn")
    page.get_by_test_id("undo").tap()
    expect(status(page)).to_have_text("Round 1 \u00b7 Ann's turn")
    assert stands(page) == {"Ann": "current", "Bob": "waiting", "Cy": "waiting"}
    page.get_by_test_id("redo").tap()
    expect(status(page)).to_have_text("Round 1 \u00b7 Bob's turn")
    settle(page)   # each Undo after reading the last, not the second half of a double tap (which acts once)
    page.get_by_test_id("undo").tap()
    expect(status(page)).to_have_text("Round 1 \u00b7 Ann's turn")
    settle(page)
    page.get_by_test_id("undo").tap()
    expect(status(page)).to_have_text("Not in a fight")
    expect(page.get_by_test_id("turn-start")).to_be_visible()
