"""A game master's session on the real page: add fighters, resolve with typed or app dice, undo, reload, share."""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, Page, expect

from .actions import (add_combatant, card, cyrus_and_bandit, give_dice, hit_with_typed_dice, marked_boxes, settle,
                      status, typed_margin)
from .conftest import wait_ready


def test_the_worked_example_with_physical_dice_tapped_in(app: Page) -> None:
    """TD-02 on the page: shortsword 3-, MoS 2, against Leather +-*: 4 dice; [-][ ][ ][+] is 1 damage."""
    cyrus_and_bandit(app)
    typed_margin(app, "2")
    expect(app.get_by_test_id("odds-summary")).to_contain_text("4 dice to roll")
    expect(app.get_by_test_id("odds-condition").first).to_be_visible()
    app.get_by_test_id("type-dice").click()
    give_dice(app, "-00+", expect_why="Margin of success 2: roll 4 Fudge dice for damage (5, less 1 for the armour)")
    expect(app.get_by_test_id("dice-prompt")).to_be_hidden()
    expect(card(app, 1).get_by_test_id("combatant-status")).to_have_text("Scratched (no penalty)")
    assert marked_boxes(app, 1) == 1 and marked_boxes(app, 0) == 0
    entry = app.get_by_test_id("log-entry").first
    expect(entry.get_by_test_id("log-title")).to_have_text("Cyrus attacks Bandit with Shortsword 3-")
    expect(entry.get_by_test_id("log-outcome")).to_have_text("1 damage: Bandit is Scratched (no penalty)")
    expect(entry.get_by_test_id("log-dice")).to_have_attribute("data-faces", "-00+")
    expect(entry.get_by_test_id("log-dice")).to_have_attribute("data-by", "table")
    expect(entry).to_contain_text("5 \u2212 1 = 4 dice")
    expect(app.get_by_test_id("latest-outcome")).to_have_text("1 damage: Bandit is Scratched (no penalty)")
    # The full card's box says what marked it (the row's small record above it marks the same box, without words).
    expect(card(app, 1).locator('[data-testid="track-box"][data-marked="true"]')).to_have_attribute(
        "title", "Marked: Cyrus's Shortsword 3-")


def test_faces_can_be_typed_as_well_as_tapped(app: Page) -> None:
    cyrus_and_bandit(app)
    typed_margin(app, "2")
    app.get_by_test_id("type-dice").click()
    app.get_by_test_id("dice-entry").fill("[-][ ][ ][-]")
    expect(app.get_by_test_id("dice-count")).to_have_text("4 of 4 dice")
    app.get_by_test_id("dice-backspace").click()
    expect(app.get_by_test_id("dice-entry")).to_have_value("[-][ ][ ]")
    expect(app.get_by_test_id("dice-count")).to_have_text("3 of 4 dice")
    app.get_by_test_id("dice-entry").press("End")
    app.get_by_test_id("dice-entry").type("[+]")
    app.get_by_test_id("dice-entry").press("Enter")
    expect(app.get_by_test_id("latest-outcome")).to_have_text("1 damage: Bandit is Scratched (no penalty)")


def test_a_wrong_number_of_faces_is_explained_at_the_prompt_and_changes_nothing(app: Page) -> None:
    cyrus_and_bandit(app)
    hit_with_typed_dice(app, "2", "+-")
    expect(app.get_by_test_id("dice-error")).to_have_text("the damage roll needs 4 Fudge dice but 2 faces were given")
    expect(app.get_by_test_id("dice-prompt")).to_be_visible()
    assert marked_boxes(app, 1) == 0
    expect(app.get_by_test_id("log-entry")).to_have_count(2)
    app.get_by_test_id("dice-cancel").click()
    expect(app.get_by_test_id("dice-prompt")).to_be_hidden()


def test_an_opposed_attack_asks_for_each_roll_as_it_is_reached(app: Page) -> None:
    """Typed dice for an opposed roll: attack, then defence, then exactly the damage dice the margin calls for."""
    cyrus_and_bandit(app)
    app.get_by_test_id("input-margin-rolled").check()
    expect(app.get_by_test_id("odds-summary")).to_contain_text("the pool depends on the opposed roll")
    app.get_by_test_id("type-dice").click()
    give_dice(app, "+0+0", expect_why="Cyrus attacks at Good (+1): roll 4 Fudge dice for the attack")
    give_dice(app, "0-00", expect_why="Bandit defends at Fair (+0): roll 4 Fudge dice for the defence")
    # Good +2 = Superb (+3) against Fair -1 = Mediocre (-1): margin 4, 3 + 4 = 7 dice, less 1 for the leather.
    expect(app.get_by_test_id("dice-why")).to_have_text(
        "Margin of success 4: roll 6 Fudge dice for damage (7, less 1 for the armour)")
    assert app.get_by_test_id("dice-prompt").get_attribute("data-count") == "6"
    expect(app.get_by_test_id("log-entry")).to_have_count(2)  # nothing is resolved while dice are still asked for
    give_dice(app, "--0+0-")
    entry = app.get_by_test_id("log-entry").first
    expect(entry.get_by_test_id("log-outcome")).to_have_text("3 damage: Bandit is Scratched (no penalty)")
    assert [entry.get_by_test_id("log-dice").nth(i).get_attribute("data-faces") for i in range(3)] == \
        ["+0+0", "0-00", "--0+0-"]
    assert {entry.get_by_test_id("log-dice").nth(i).get_attribute("data-by") for i in range(3)} == {"table"}


def test_the_app_can_roll_the_rest_at_any_prompt(app: Page) -> None:
    cyrus_and_bandit(app)
    app.get_by_test_id("input-margin-rolled").check()
    app.get_by_test_id("type-dice").click()
    give_dice(app, "++++")
    app.locator('[data-testid="dice-face"][data-face="-"]').click()  # one defence die typed, the rest by the app
    app.get_by_test_id("dice-app-rest").click()
    entry = app.get_by_test_id("log-entry").first
    expect(entry.locator('[data-roll="attack"]')).to_have_attribute("data-by", "table")
    expect(entry.locator('[data-roll="defence"]')).to_have_attribute("data-by", "both")
    assert (entry.locator('[data-roll="defence"]').get_attribute("data-faces") or "").startswith("-")
    expect(entry.locator('[data-roll="damage"]')).to_have_attribute("data-by", "app")
    expect(app.get_by_test_id("dice-prompt")).to_be_hidden()


def test_the_first_tap_after_typing_in_a_field_is_not_lost(app: Page) -> None:
    cyrus_and_bandit(app)
    app.get_by_test_id("input-margin_of_success").fill("3")
    card(app, 1).get_by_test_id("card-menu").locator("summary").click()
    expect(card(app, 1).get_by_test_id("edit-combatant")).to_be_visible()
    app.locator("header.bar").click(position={"x": 400, "y": 10})
    expect(card(app, 1).get_by_test_id("edit-combatant")).to_be_hidden()  # an outside tap closes the menu


def test_the_app_rolls_an_opposed_attack_and_shows_every_die(app: Page) -> None:
    cyrus_and_bandit(app)
    app.get_by_test_id("input-margin-rolled").check()
    app.get_by_test_id("roll").click()
    entry = app.get_by_test_id("log-entry").first
    expect(entry.locator('[data-testid="log-dice"][data-roll="attack"]')).to_have_count(1)
    expect(entry.locator('[data-testid="log-dice"][data-roll="defence"]')).to_have_attribute("data-by", "app")
    assert len(entry.locator('[data-roll="attack"]').get_attribute("data-faces") or "") == 4


def test_a_hit_redraws_only_the_card_it_changed(app: Page) -> None:
    """Issue 8: a tap redraws what changed. A card no roll touched keeps its very element on the page, so a
    mark put on it by the test survives; the card that was hit is drawn anew."""
    cyrus_and_bandit(app)
    add_combatant(app, "Onlooker", weapon=None)
    app.evaluate("""() => document.querySelectorAll('[data-testid="combatant"]').forEach((node) => {
        node.dataset.seen = "before"; })""")
    hit_with_typed_dice(app, "2", "-00+")
    expect(card(app, 1).get_by_test_id("combatant-status")).not_to_have_text("Unhurt")
    assert card(app, 0).get_attribute("data-seen") == "before"       # Cyrus: nothing changed
    assert card(app, 2).get_attribute("data-seen") == "before"       # the onlooker: nothing changed
    assert card(app, 1).get_attribute("data-seen") is None           # the bandit: hit, drawn again


def test_a_hit_draws_one_new_log_entry_and_keeps_the_ones_drawn(app: Page) -> None:
    """Issue 8: the engine sends a tap only the log entry it adds, and the page keeps the entries it drew (the
    very elements, marked by the test); undo takes the newest away, redo brings it back, a reload draws them all."""
    cyrus_and_bandit(app)
    mark = """() => document.querySelectorAll('[data-testid="log-entry"]').forEach((node) => {
        node.dataset.seen = "before"; })"""
    seen = """() => [...document.querySelectorAll('[data-testid="log-entry"]')].map((node) => [node.value,
        node.dataset.seen ?? null, node.querySelector('[data-testid="log-title"]').textContent])"""
    app.evaluate(mark)
    hit_with_typed_dice(app, "2", "-00+")
    expect(app.get_by_test_id("log-entry")).to_have_count(3)
    after_hit = app.evaluate(seen)
    assert [(value, marked) for value, marked, _ in after_hit] == [(3, None), (2, "before"), (1, "before")]
    assert after_hit[0][2].startswith("Cyrus attacks Bandit")
    app.get_by_test_id("undo").click()
    expect(app.get_by_test_id("log-entry")).to_have_count(2)
    assert [marked for _, marked, _ in app.evaluate(seen)] == ["before", "before"]
    app.get_by_test_id("redo").click()
    expect(app.get_by_test_id("log-entry")).to_have_count(3)
    assert [(value, title) for value, _, title in app.evaluate(seen)] == [(value, title) for value, _, title in after_hit]
    app.reload()
    expect(app.get_by_test_id("log-entry")).to_have_count(3)
    wait_ready(app)
    assert [(value, title) for value, _, title in app.evaluate(seen)] == [(value, title) for value, _, title in after_hit]


def test_tapping_cards_chooses_the_attacker_then_the_target(app: Page) -> None:
    cyrus_and_bandit(app)
    add_combatant(app, "Goblin", weapon="Dagger 2-/1+")
    card(app, 2).get_by_test_id("combatant-name").click()
    expect(app.get_by_test_id("input-attacker")).to_have_value("c3")
    expect(app.get_by_test_id("pick-hint")).to_have_text("Tap a card: target")
    card(app, 0).get_by_test_id("combatant-status").click()  # anywhere on the card but its buttons and track
    expect(app.get_by_test_id("input-target")).to_have_value("c1")
    expect(card(app, 2)).to_have_attribute("data-role", "actor")
    expect(card(app, 0)).to_have_attribute("data-role", "target")
    expect(app.get_by_test_id("odds-summary")).to_contain_text("Dagger 2- against Cyrus")


def test_a_wound_penalty_used_in_a_roll_is_a_step_in_the_log(app: Page) -> None:
    cyrus_and_bandit(app)
    app.get_by_test_id("action-tab").filter(has_text="Mark by hand").click()
    app.get_by_test_id("input-target").select_option(label="Cyrus")
    app.get_by_test_id("input-level").select_option(label="Hurt")
    app.get_by_test_id("input-reason").fill("fell from the wall")
    app.get_by_test_id("roll").click()
    expect(card(app, 0).get_by_test_id("combatant-status")).to_have_text("Hurt (\u22121 to all actions)")
    expect(app.get_by_test_id("log-entry").first).to_contain_text("fell from the wall")
    app.get_by_test_id("action-tab").filter(has_text="Attack").click()
    app.get_by_test_id("input-margin-rolled").check()
    app.get_by_test_id("roll").click()
    expect(app.get_by_test_id("log-entry").first).to_contain_text("Cyrus is Hurt (\u22121 to all actions): \u22121 to the attack roll.")


def test_marking_by_hand_from_the_card_menu_with_a_tapped_level_preset(app: Page) -> None:
    cyrus_and_bandit(app)
    card(app, 1).locator('[data-testid="track-level"][data-level="Injured"] [role="img"]').click()
    expect(app.locator('[data-testid="action-tab"][aria-selected="true"]')).to_have_text("Attack")   # a tap picks
    card(app, 1).get_by_test_id("card-menu").locator("summary").click()
    card(app, 1).get_by_test_id("mark-combatant").click()
    expect(app.locator('[data-testid="action-tab"][aria-selected="true"]')).to_have_text("Mark by hand")
    expect(app.get_by_test_id("input-target")).to_have_value("c2")
    card(app, 1).locator('[data-testid="track-level"][data-level="Injured"] [role="img"]').click()
    expect(app.get_by_test_id("input-level")).to_have_value("2")      # the list's third level, Injured
    app.get_by_test_id("input-reason").fill("a boulder")
    app.get_by_test_id("roll").click()
    expect(card(app, 1).locator('[data-testid="track-box"][data-marked="true"]')).to_have_attribute("data-level", "Injured")
    expect(card(app, 1).get_by_test_id("combatant-status")).to_have_text("Injured (\u22122 to all actions)")


def test_a_taken_out_combatant_is_shown_out_and_cannot_attack(app: Page) -> None:
    cyrus_and_bandit(app)
    app.get_by_test_id("input-attacker").select_option(label="A hazard (fire, fall…)")
    app.get_by_test_id("input-target").select_option(label="Cyrus")
    app.get_by_test_id("input-hazard").fill("11E-*+")
    app.get_by_test_id("input-margin-automatic").check()
    app.get_by_test_id("roll").click()
    expect(card(app, 0)).to_have_attribute("data-severity", "out")
    expect(card(app, 0).get_by_test_id("combatant-status")).to_have_text("Incapacitated: taken out")
    options = app.get_by_test_id("input-attacker").locator("option").all_inner_texts()
    assert "Cyrus" not in options and "Bandit" in options


def test_track_b_shows_its_thresholds_and_options_lock_after_the_first_action(app: Page) -> None:
    app.locator("#options-title").click()
    app.get_by_test_id("option-track").select_option(index=1)
    cyrus_and_bandit(app)
    expect(card(app, 1).get_by_test_id("track-threshold")).to_have_text(["1\u20132", "3", "4", "5\u20136", "7+"])
    hit_with_typed_dice(app, "2", "---0")
    expect(card(app, 1).get_by_test_id("combatant-status")).to_have_text("Hurt (\u22121 to all actions)")
    expect(app.get_by_test_id("option-track")).to_be_disabled()


def test_undo_and_redo_by_button_and_keyboard(app: Page) -> None:
    cyrus_and_bandit(app)
    hit_with_typed_dice(app, "2", "----")
    expect(card(app, 1).get_by_test_id("combatant-status")).to_have_text("Scratched (no penalty)")
    assert marked_boxes(app, 1) == 4
    app.get_by_test_id("undo").click()
    expect(card(app, 1).get_by_test_id("combatant-status")).to_have_text("Unhurt")
    app.get_by_test_id("redo").click()
    expect(card(app, 1).get_by_test_id("combatant-status")).to_have_text("Scratched (no penalty)")
    app.locator("body").click(position={"x": 5, "y": 700})
    app.keyboard.press("Control+z")
    expect(card(app, 1).get_by_test_id("combatant-status")).to_have_text("Unhurt")
    app.keyboard.press("Control+Shift+z")
    assert marked_boxes(app, 1) == 4
    settle(app)   # Undo tapped again after reading, not the second half of the first tap's double tap
    app.get_by_test_id("undo").click()
    expect(card(app, 1).get_by_test_id("combatant-status")).to_have_text("Unhurt")
    settle(app)   # a second Undo, not the second half of a double tap (which acts once)
    app.get_by_test_id("undo").click()
    expect(app.get_by_test_id("combatant")).to_have_count(1)


def test_the_add_dialog_closes_when_done_and_starts_clean(app: Page) -> None:
    add_combatant(app, "Ogre", armour_notation="**++")
    expect(app.get_by_test_id("sheet-dialog")).to_be_hidden()
    app.get_by_test_id("add-combatant").click()
    expect(app.get_by_test_id("input-name")).to_have_value("")
    expect(app.get_by_test_id("input-armour")).to_have_value("")
    app.get_by_test_id("sheet-cancel").click()
    expect(app.get_by_test_id("combatant")).to_have_count(1)


def test_copy_edit_and_remove_are_logged_and_undoable(app: Page) -> None:
    add_combatant(app, "Goblin", weapon="Dagger 2-/1+")
    card(app, 0).get_by_test_id("card-menu").locator("summary").click()
    card(app, 0).get_by_test_id("duplicate-combatant").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Goblin", "Goblin 2"])
    card(app, 1).get_by_test_id("card-menu").locator("summary").click()
    card(app, 1).get_by_test_id("edit-combatant").click()
    expect(app.get_by_test_id("input-name")).to_have_value("Goblin 2")
    app.get_by_test_id("input-name").fill("Goblin Chief")
    app.get_by_test_id("input-armour").select_option(label="Padded *")
    app.get_by_test_id("sheet-submit").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Goblin", "Goblin Chief"])
    entry = app.get_by_test_id("log-entry").first
    expect(entry.get_by_test_id("log-title")).to_have_text("Goblin 2's sheet is edited: now Goblin Chief")
    expect(card(app, 1).get_by_test_id("gear-armour")).to_contain_text("Padded *")
    app.get_by_test_id("undo").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Goblin", "Goblin 2"])
    card(app, 1).get_by_test_id("card-menu").locator("summary").click()
    card(app, 1).get_by_test_id("remove-combatant").click()
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Goblin"])


def test_a_card_menu_opens_over_the_cards_below_it(app: Page) -> None:
    """A crowded roster: the first card's menu reaches over the next card, and its last item takes the tap."""
    app.set_viewport_size({"width": 1024, "height": 768})
    for name in ("Ann", "Bob", "Cid", "Dee", "Eve"):
        add_combatant(app, name)
    card(app, 0).get_by_test_id("card-menu").locator("summary").click()
    card(app, 0).get_by_test_id("remove-combatant").click()   # fails if the next card lies over it
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Bob", "Cid", "Dee", "Eve"])


def test_the_encounter_is_autosaved_across_a_reload(app: Page) -> None:
    cyrus_and_bandit(app)
    hit_with_typed_dice(app, "2", "-00+")
    app.reload()
    expect(app.get_by_test_id("combatant-name").nth(1)).to_have_text("Bandit")  # painted before the engine
    wait_ready(app)
    expect(app.get_by_test_id("combatant")).to_have_count(2)
    assert status(app, 1) == "Scratched (no penalty)"
    expect(app.get_by_test_id("log-entry")).to_have_count(3)
    expect(app.get_by_test_id("banner")).to_have_count(0)


def test_new_asks_first_and_a_reload_afterwards_keeps_the_old_encounter(app: Page) -> None:
    cyrus_and_bandit(app)
    app.get_by_test_id("new-encounter").click()
    expect(app.get_by_test_id("new-dialog")).to_be_visible()
    expect(app.get_by_test_id("system-picker")).to_contain_text("Typed Damage")
    expect(app.get_by_test_id("system-picker")).to_contain_text("Fudge Factor")
    app.get_by_test_id("new-cancel").click()
    expect(app.get_by_test_id("combatant")).to_have_count(2)
    before = app.evaluate("location.hash")
    app.get_by_test_id("new-encounter").click()
    app.get_by_test_id("new-confirm").click()
    expect(app.get_by_test_id("combatant")).to_have_count(0)
    # The address bar takes the new encounter's link in an idle moment (js/keep.js); a reload before that opens
    # the old link again, which is kept, and says so in a banner. Here the reload comes afterwards.
    app.wait_for_function("(before) => location.hash !== before", arg=before)
    app.reload()
    wait_ready(app)
    expect(app.get_by_test_id("banner")).to_have_count(0)
    expect(app.get_by_test_id("combatant")).to_have_count(0)
    kept = app.evaluate("""Object.keys(localStorage).filter((key) => key.startsWith('woundbook.meta.'))
      .map((key) => JSON.parse(localStorage.getItem(key)).names).sort()""")
    assert kept == [[], ["Cyrus", "Bandit"]]
    add_combatant(app, "Newcomer")
    app.reload()
    wait_ready(app)
    expect(app.get_by_test_id("banner")).to_have_count(0)
    app.get_by_test_id("new-encounter").click()
    app.get_by_test_id("new-confirm").click()
    app.get_by_test_id("banner-action").click()  # Back to the one before
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Newcomer"])


def test_the_share_link_opens_the_same_encounter_elsewhere(app: Page, fresh_context: BrowserContext) -> None:
    cyrus_and_bandit(app)
    hit_with_typed_dice(app, "2", "-00+")
    app.get_by_test_id("share").click()
    link = app.get_by_test_id("share-link").input_value()
    assert "#e1." in link and "/woundbook/" in link
    app.get_by_test_id("share-close").click()
    other = fresh_context.new_page()
    other.goto(link)
    wait_ready(other)
    expect(other.get_by_test_id("combatant-name")).to_have_text(["Cyrus", "Bandit"])
    assert status(other, 1) == "Scratched (no penalty)"
    assert marked_boxes(other, 1) == 1
    expect(other.get_by_test_id("log-entry").first.get_by_test_id("log-dice")).to_have_attribute("data-faces", "-00+")
    expect(other.get_by_test_id("banner")).to_have_count(0)


def test_it_works_offline_after_the_first_visit(app: Page) -> None:
    app.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    app.evaluate("navigator.serviceWorker.ready")
    add_combatant(app, "Offline Olga", weapon="Mace 4*")
    app.context.set_offline(True)
    try:
        app.reload()
        wait_ready(app)
        expect(app.get_by_test_id("combatant-name")).to_have_text(["Offline Olga"])
        add_combatant(app, "Still Here", weapon="Dart 1+")
        expect(app.get_by_test_id("combatant")).to_have_count(2)
    finally:
        app.context.set_offline(False)


def test_a_name_with_markup_shows_as_text_and_runs_nothing(app: Page) -> None:
    name = "<img src=x onerror=alert(1)>"
    add_combatant(app, name, weapon="Dagger 2-/1+")
    expect(app.get_by_test_id("combatant-name")).to_have_text([name])
    assert app.locator("main img").count() == 0
    app.wait_for_timeout(300)
    assert app.dialogs == []  # type: ignore[attr-defined]


def test_a_bad_sheet_is_explained_at_the_field_in_plain_words(app: Page) -> None:
    add_combatant(app, "Ogre", weapon_notation="3Q")
    expect(app.get_by_test_id("sheet-dialog")).to_be_visible()
    expect(app.get_by_test_id("error-weapons")).to_contain_text("'3Q'")
    assert "sheet." not in app.get_by_test_id("error-weapons").inner_text()
    expect(app.get_by_test_id("combatant")).to_have_count(0)
    app.get_by_test_id("input-weapons-0-notation").fill("4*")
    app.get_by_test_id("sheet-submit").click()
    expect(app.get_by_test_id("combatant")).to_have_count(1)
    app.get_by_test_id("add-combatant").click()
    app.get_by_test_id("sheet-submit").click()
    expect(app.get_by_test_id("error-name")).not_to_be_empty()
    assert not re.search(r"sheet\.|D-TD-", app.get_by_test_id("error-name").inner_text())


def test_keyboard_only_adding(app: Page) -> None:
    app.get_by_test_id("add-combatant").focus()
    app.keyboard.press("Enter")
    expect(app.get_by_test_id("input-name")).to_be_focused()
    app.keyboard.type("Keyboard Kate")
    app.keyboard.press("Enter")
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Keyboard Kate"])
    expect(app.get_by_test_id("sheet-dialog")).to_be_hidden()
