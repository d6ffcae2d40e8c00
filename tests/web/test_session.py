"""A game master's session on the real page: add fighters, resolve, undo, reload, share, go offline."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect

from .actions import add_combatant, cyrus_and_bandit, hit_with_typed_dice, marked_boxes, status
from .conftest import wait_ready


def test_boot_paints_the_shell_then_reaches_ready(page: Page, site_url: str) -> None:
    page.goto(site_url)
    expect(page.get_by_test_id("engine-progress")).to_be_attached()
    expect(page.get_by_test_id("add-name")).to_be_visible()
    wait_ready(page)
    expect(page.get_by_test_id("engine-message")).to_have_text("Ready")
    expect(page.get_by_test_id("roster-empty")).to_be_visible()
    expect(page.get_by_test_id("add-submit")).to_be_enabled()


def test_resolve_an_attack_with_typed_in_faces(app: Page) -> None:
    """TD-02 on the page: shortsword 3-, MoS 2, against Leather +-*: 4 dice, [-][ ][ ][+] is 1 damage."""
    cyrus_and_bandit(app)
    expect(app.get_by_test_id("combatant")).to_have_count(2)
    app.get_by_test_id("margin-of-success").fill("2")
    expect(app.get_by_test_id("odds-summary")).to_contain_text("4 dice to roll")
    expect(app.get_by_test_id("odds-condition").first).to_be_visible()
    hit_with_typed_dice(app, "2", "[-][ ][ ][+]")
    expect(app.get_by_test_id("combatant").nth(1).get_by_test_id("combatant-status")).to_have_text("Scratched (no penalty)")
    assert marked_boxes(app, 1) == 1
    assert marked_boxes(app, 0) == 0
    entry = app.get_by_test_id("log-entry").first
    expect(entry.get_by_test_id("log-title")).to_have_text("Cyrus attacks Bandit with Shortsword 3-")
    expect(entry.get_by_test_id("log-outcome")).to_have_text("1 damage: Bandit is Scratched (no penalty)")
    expect(entry.get_by_test_id("log-dice")).to_have_attribute("data-faces", "-00+")
    expect(entry).to_contain_text("5 - 1 = 4 dice")
    expect(app.get_by_test_id("dice-damage")).to_have_value("")


def test_wrong_number_of_faces_is_shown_at_the_field_and_changes_nothing(app: Page) -> None:
    cyrus_and_bandit(app)
    hit_with_typed_dice(app, "2", "+-")
    expect(app.get_by_test_id("attack-error")).to_contain_text("needs 4 dF but 2 faces were given")
    assert marked_boxes(app, 1) == 0
    expect(app.get_by_test_id("log-entry")).to_have_count(2)


def test_the_app_rolls_an_opposed_attack_and_shows_every_die(app: Page) -> None:
    cyrus_and_bandit(app)
    app.get_by_test_id("margin-rolled").check()
    expect(app.get_by_test_id("odds-summary")).to_contain_text("pool depends on the opposed roll")
    app.get_by_test_id("roll").click()
    entry = app.get_by_test_id("log-entry").first
    expect(entry.locator('[data-testid="log-dice"][data-roll="attack"]')).to_have_count(1)
    expect(entry.locator('[data-testid="log-dice"][data-roll="defence"]')).to_have_count(1)
    assert len(entry.locator('[data-roll="attack"]').get_attribute("data-faces") or "") == 4


def test_undo_and_redo_by_button_and_keyboard(app: Page) -> None:
    cyrus_and_bandit(app)
    hit_with_typed_dice(app, "2", "----")
    assert marked_boxes(app, 1) == 4
    app.get_by_test_id("undo").click()
    expect(app.get_by_test_id("combatant").nth(1).get_by_test_id("combatant-status")).to_have_text("Unhurt")
    expect(app.get_by_test_id("redo")).to_be_enabled()
    app.get_by_test_id("redo").click()
    assert marked_boxes(app, 1) == 4
    app.locator("body").click(position={"x": 5, "y": 5})
    app.keyboard.press("Control+z")
    assert marked_boxes(app, 1) == 0
    app.keyboard.press("Control+Shift+z")
    assert marked_boxes(app, 1) == 4
    app.get_by_test_id("undo").click()
    app.get_by_test_id("undo").click()
    expect(app.get_by_test_id("combatant")).to_have_count(1)


def test_the_encounter_is_autosaved_across_a_reload(app: Page) -> None:
    cyrus_and_bandit(app)
    hit_with_typed_dice(app, "2", "[-][ ][ ][+]")
    app.reload()
    expect(app.get_by_test_id("combatant-name").nth(1)).to_have_text("Bandit")  # painted before the engine
    wait_ready(app)
    expect(app.get_by_test_id("combatant")).to_have_count(2)
    assert status(app, 1) == "Scratched (no penalty)"
    expect(app.get_by_test_id("log-entry")).to_have_count(3)
    expect(app.get_by_test_id("undo")).to_be_enabled()


def test_the_share_link_opens_the_same_encounter_elsewhere(app: Page, fresh_context: BrowserContext) -> None:
    cyrus_and_bandit(app)
    hit_with_typed_dice(app, "2", "[-][ ][ ][+]")
    app.get_by_test_id("share").click()
    link = app.get_by_test_id("share-link").input_value()
    assert "#e1." in link and "/woundbook/" in link
    app.get_by_test_id("share-close").click()
    other = fresh_context.new_page()
    other.goto(link)
    wait_ready(other)
    expect(other.get_by_test_id("combatant")).to_have_count(2)
    assert [other.get_by_test_id("combatant-name").nth(i).inner_text() for i in range(2)] == ["Cyrus", "Bandit"]
    assert status(other, 1) == "Scratched (no penalty)"
    assert marked_boxes(other, 1) == 1
    expect(other.get_by_test_id("log-entry").first.get_by_test_id("log-dice")).to_have_attribute("data-faces", "-00+")
    expect(other.get_by_test_id("banner")).to_have_count(0)


def test_it_works_offline_after_the_first_visit(app: Page) -> None:
    app.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
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


def test_a_bad_sheet_is_explained_at_the_field(app: Page) -> None:
    add_combatant(app, "Ogre", weapon_notation="3Q")
    expect(app.get_by_test_id("add-error")).to_contain_text("'3Q'")
    expect(app.get_by_test_id("combatant")).to_have_count(0)
    add_combatant(app, "Ogre", weapon_notation="4*")
    expect(app.get_by_test_id("combatant")).to_have_count(1)
    expect(app.get_by_test_id("add-error")).to_have_text("")


def test_keyboard_only_adding(app: Page) -> None:
    app.get_by_test_id("add-name").focus()
    app.keyboard.type("Keyboard Kate")
    app.keyboard.press("Enter")
    expect(app.get_by_test_id("combatant-name")).to_have_text(["Keyboard Kate"])
    expect(app.get_by_test_id("add-name")).to_be_focused()
