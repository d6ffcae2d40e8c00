"""An SLA grenade through the page, as a game master throws one with physical dice: the Grenade tab, the thrower's
grenade, the Impact Point tapped in the lower third of the picker, the three named dice typed in, and the blast's
zone drawn on the target's card over the diagram's state colours.

The numbers were worked out with the engine (rules.api) first: Throwing 5 and the dice 6 3 3 make 17, a success
whose Success die of 6 pulls the 6-hex deviation all the way back (no direction die is asked for); a Blast Zone of 2
from (0, 9) reaches six hexes of the legs, so both legs take 5 and Incap 10.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .actions import start_new, unfold
from .sla_actions import SYSTEM, THREE, add_fighter, answer, by_name, why_steps
from .test_option_conditions import tab

GRENADE = "skill Throwing, RNG 10, grenade frag, zone 2, radius 1, DAM 5"
ZONE = [(-1, 8), (-1, 9), (-1, 10), (1, 7), (1, 8), (1, 9)]


def test_a_grenade_thrown_with_typed_dice_draws_its_zone_on_the_card(app: Page) -> None:
    page = app
    start_new(page, SYSTEM)
    add_fighter(page, "Stoo", weapon=("Frag", GRENADE), skills="Throwing 5")
    add_fighter(page, "Scum", phys="6")
    expect(page.get_by_test_id("combatant")).to_have_count(2)

    tab(page, "grenade").tap()
    expect(tab(page, "grenade")).to_have_attribute("aria-selected", "true")
    form = page.get_by_test_id("action-form")
    form.get_by_test_id("input-how-thrown").check()
    form.get_by_test_id("input-thrower").select_option(label="Stoo")
    form.get_by_test_id("input-target").select_option(label="Scum")
    form.get_by_test_id("input-range").fill("5")
    # The picker holds only the lower third of the diagram: rows 7 to 10, the legs and the floor beside them.
    picker = page.get_by_test_id("input-impact")
    expect(picker.get_by_test_id("hex-cell")).to_have_count(20)
    picker.locator('[data-testid="hex-cell"][data-value="0,9"]').tap()
    expect(page.get_by_test_id("hex-chosen")).to_have_text("Floor beside the body (0, 9)")
    # Nobody else is caught until named: the further distances stay hidden.
    expect(unfold(form, "distance_1")).to_be_hidden()       # under "More options", opened: hidden by its when

    page.get_by_test_id("type-dice").tap()
    answer(page, "throw", THREE, [6, 3, 3],
           why="Stoo throws Frag at Scum: roll the three dice, Throwing 5 against 13")
    expect(page.get_by_test_id("dice-prompt")).to_be_hidden()
    expect(page.get_by_test_id("action-error")).to_be_empty()
    expect(page.get_by_test_id("latest-outcome")).to_have_text("Scum: 2 locations, 10 damage")
    said = why_steps(page)
    assert said[0] == "Success die 6, Penetration die 3, Damage die 3; Throwing 5: total 17 against 13: succeeds"
    assert said[1].startswith("Stoo picks off the body (0, 9); it deviates 6 hexes, less the Aiming die 6: 0 hexes")
    assert "it reaches the Right leg, Left leg" in said[2]

    scum = by_name(page, "Scum")
    drawn = scum.get_by_test_id("widget-hexes")
    zone = drawn.locator('[data-testid="hexes-mark"][data-kind="zone"]')
    expect(zone).to_have_count(len(ZONE))
    assert sorted((int(one.get_attribute("data-q") or 0), int(one.get_attribute("data-r") or 0))
                  for one in zone.all()) == sorted(ZONE)
    went = drawn.locator('[data-testid="hexes-mark"][data-kind="miss"]')
    expect(went).to_have_attribute("data-label", "Went off: off the body (0, 9)")
    # The zone is a wash over the cell: the legs' state colour (hurt) still shows through it.
    fill = zone.first.locator(".hex-zone-fill")
    assert 0 < float(fill.evaluate("(node) => getComputedStyle(node).fillOpacity")) < 0.5
    expect(drawn.locator('[data-testid="hexes-cell"][data-q="-1"][data-r="9"]')).to_have_attribute(
        "data-state", "hurt")
    # Beneath the other marks: the zone's group comes before the marks' group in the drawing.
    order = drawn.get_by_test_id("hexes-diagram").evaluate(
        "(svg) => [...svg.children].map((child) => child.getAttribute('class'))")
    assert order.index("hex-zones") < order.index("hex-marks")
    expect(drawn.get_by_test_id("hexes-diagram")).to_have_attribute(
        "aria-label", "Body diagram: Right leg, Left leg hurt; last attack: Fragmentation zone: Right leg, "
                      "Fragmentation zone: Left leg, Went off: off the body (0, 9)")


def test_the_one_who_acts_jumps_on_a_grenade_someone_else_carries(app: Page) -> None:
    """Issue 35 item 5: Hero is picked first (the tap that picks who acts fills the Thrower, as on his turn), then
    "Someone jumps on it" with Hero as the one who jumps: Stoo carries the grenade, Hero none.  The Thrower, hidden
    for a grenade not thrown, must not push the jumper off Hero (it snapped back to Stoo: "Stoo jumps on it").  Hero
    takes the Damage 5 \u00d7 5 in his Torso and Abdomen; Scum gets what is left."""
    page = app
    start_new(page, SYSTEM)
    add_fighter(page, "Stoo", weapon=("Frag", GRENADE), skills="Throwing 5")
    add_fighter(page, "Hero", weapon=None)
    add_fighter(page, "Scum", phys="6")
    expect(page.get_by_test_id("combatant")).to_have_count(3)

    tab(page, "grenade").tap()
    form = page.get_by_test_id("action-form")
    by_name(page, "Hero").tap()
    expect(form.get_by_test_id("input-thrower")).to_have_value("c2")
    form.get_by_test_id("input-how-smother").check()
    expect(form.get_by_test_id("field-thrower")).to_be_hidden()
    form.get_by_test_id("input-grenade").select_option(label="Other: type a notation")
    form.get_by_test_id("input-grenade-name").fill("Frag")
    form.get_by_test_id("input-grenade-notation").fill(GRENADE)
    form.get_by_test_id("input-jumper").select_option(label="Hero")
    expect(form.get_by_test_id("input-jumper")).to_have_value("c2")
    form.get_by_test_id("input-target").select_option(label="Scum")
    expect(form.get_by_test_id("input-jumper")).to_have_value("c2")
    page.get_by_test_id("roll").tap()
    expect(page.get_by_test_id("latest-title")).to_have_text("Frag: Hero jumps on it")
    assert why_steps(page)[0].startswith("Hero jumps on it: Damage 5 \u00d7 5 = 25 to his Torso and to his Abdomen")
    expect(form.get_by_test_id("input-jumper")).to_have_value("c2")
