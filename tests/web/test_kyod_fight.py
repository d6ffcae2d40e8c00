"""A Know Your Own Damage fight run in the page for two rounds, as a game master runs it with physical dice: the
text's ST 10 broadsword fighter against its ST 10 character in DR 4 armour (added from the rules' stat blocks),
Start fight, the broadsword's penetration typed in, a cascade roll asked for when a level is held again, Next turn.

Shock lasts one turn (seed 001, Damage Resolution: "Shock penalties last for one turn"; RULES_NOTES D-KY-14): it
wears off at the end of the wounded one's own turn (docs/running-the-fight.md), not at the end of the turn of the
one who struck, and a second wound brings it back. Everything is read off the screen: whose turn the dock says it
is, the cards' statuses and the log's steps."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from .actions import give_dice, settle, start_new

KNIGHT = "ST 10 broadsword fighter"
GUARD = "ST 10 character in DR 4 armour"


def add_from_the_rules(page: Page, name: str) -> None:
    page.get_by_test_id("blocks").click()
    dialog = page.get_by_test_id("blocks-dialog")
    entry = dialog.locator('[data-testid="blocks-entry"][data-source="true"]').filter(
        has=page.get_by_test_id("blocks-name").get_by_text(name, exact=True))
    entry.get_by_test_id("blocks-source-add").click()
    expect(page.get_by_test_id("combatant-name").get_by_text(name, exact=True)).to_have_count(1)
    dialog.get_by_test_id("blocks-close").click()


def card_status(page: Page, name: str) -> Locator:
    return page.get_by_test_id("combatant").filter(
        has=page.get_by_test_id("combatant-name").get_by_text(name, exact=True)).get_by_test_id("combatant-status")


def stands(page: Page) -> list[str]:
    """Where each card stands in the turn (current, waiting, done ...), in the roster's order."""
    found: list[str] = page.get_by_test_id("combatant").evaluate_all("(nodes) => nodes.map((node) => node.dataset.stands)")
    return found


def newest(page: Page) -> Locator:
    return page.get_by_test_id("log").get_by_test_id("log-entry").first


def said(page: Page, text: str) -> Locator:
    """The newest log entry's steps that read exactly this."""
    return newest(page).get_by_test_id("log-step").filter(has_text=text)


def next_turn(page: Page) -> None:
    settle(page)   # a tap acts once: Next turn again at once would be a double tap, dropped
    page.get_by_test_id("turn-next").click()


def broadsword_on_the_guard(page: Page, faces: list[int]) -> None:
    """The knight, whose turn it is, hits the guard with his broadsword: the penetration dice typed in."""
    expect(page.get_by_test_id("input-attacker").locator("option:checked")).to_have_text(KNIGHT)
    page.get_by_test_id("input-target").select_option(label=GUARD)
    settle(page)
    page.get_by_test_id("type-dice").click()
    give_dice(page, faces, expect_why="Roll 3d6 for penetration: 3d+9[+2], so 3d6 + 9")


def test_two_rounds_shock_lasts_until_the_end_of_the_wounded_ones_own_turn(app: Page) -> None:
    page = app
    start_new(page, "Know Your Own Damage")
    add_from_the_rules(page, KNIGHT)
    add_from_the_rules(page, GUARD)
    expect(page.get_by_test_id("turn-status")).to_have_text("Not in a fight")
    page.get_by_test_id("turn-start").click()
    expect(page.get_by_test_id("turn-status")).to_have_text(f"Round 1 \u00b7 {KNIGHT}'s turn")
    assert stands(page) == ["current", "waiting"]

    # Round 1, the knight's turn: 5 + 5 + 5 + 9 = 24 reaches level 2 on the armoured table; imp +2 makes it 4.
    broadsword_on_the_guard(page, [5, 5, 5])
    expect(said(page, "Penetration roll 15 + 9 = 24.")).to_have_count(1)
    expect(said(page, "Level 2 +2 (wound modifier) = level 4.")).to_have_count(1)
    expect(said(page, "Shock \u22124 for one turn.")).to_have_count(1)
    expect(card_status(page, GUARD)).to_have_text("Wound level 4; shock \u22124")
    expect(card_status(page, KNIGHT)).to_have_text("Unhurt")

    # The knight's turn ends: it is the guard's turn, and his shock stands through it.
    next_turn(page)
    expect(page.get_by_test_id("turn-status")).to_have_text(f"Round 1 \u00b7 {GUARD}'s turn")
    assert stands(page)[1] == "current" and stands(page)[0] != "current"
    expect(newest(page).get_by_test_id("log-step").filter(has_text="wears off")).to_have_count(0)
    expect(card_status(page, GUARD)).to_have_text("Wound level 4; shock \u22124")

    # The guard's own turn ends: his shock wears off, round 2 begins with the knight.
    next_turn(page)
    expect(page.get_by_test_id("turn-status")).to_have_text(f"Round 2 \u00b7 {KNIGHT}'s turn")
    expect(said(page, f"{GUARD}'s shock \u22124 wears off.")).to_have_count(1)
    expect(said(page, "Round 1 ends.")).to_have_count(1)
    expect(said(page, "Round 2 begins.")).to_have_count(1)
    expect(card_status(page, GUARD)).to_have_text("Wound level 4")

    # Round 2: 6 + 5 + 5 + 9 = 25 is level 4 again, which he holds: the cascade roll is asked for, and a 2 keeps it
    # at level 4. The new wound's shock is back (a cascade never changes shock).
    broadsword_on_the_guard(page, [6, 5, 5])
    give_dice(page, [2], expect_why="Level 4 is already held: roll 1d; on 4\u20136 the wound moves up to level 5")
    expect(said(page, "Penetration roll 16 + 9 = 25.")).to_have_count(1)
    expect(said(page, "Level 4 is already held: the cascade roll is low (1\u20133), so it stays at level 4.")).to_have_count(1)
    expect(card_status(page, GUARD)).to_have_text("Wound level 4; shock \u22124")

    next_turn(page)
    expect(page.get_by_test_id("turn-status")).to_have_text(f"Round 2 \u00b7 {GUARD}'s turn")
    expect(card_status(page, GUARD)).to_have_text("Wound level 4; shock \u22124")
    next_turn(page)
    expect(page.get_by_test_id("turn-status")).to_have_text(f"Round 3 \u00b7 {KNIGHT}'s turn")
    expect(said(page, f"{GUARD}'s shock \u22124 wears off.")).to_have_count(1)
    expect(said(page, "Round 2 ends.")).to_have_count(1)
    expect(card_status(page, GUARD)).to_have_text("Wound level 4")
    expect(card_status(page, KNIGHT)).to_have_text("Unhurt")
