"""SLA Industries on the page, as small steps the tests share: the issue's fight (Max.Rock, a typed MAL Anvil, against
Scum in Shiver) added through the add dialog, the Shoot form and its aim picker, the dice prompt's three named dice
answered slot by slot, and what the page shows of it: the steps behind Why, a card's stats and meters."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from .actions import input_named, start_new, unfold
from .test_option_conditions import tab

SYSTEM = "SLA Industries (3d system)"
ANVIL = "skill Pistol, RNG 20, RCL 5, PEN 4, DAM 8, AD 3"
SHIVER = "PV 7, ID 20, torso, abdomen"
THREE = ["Success die", "Penetration die", "Damage die"]
SHOTS = Path("/tmp/sla-shots")


# -- doing what a GM does ------------------------------------------------------------------------------------

def add_fighter(page: Page, name: str, *, weapon: tuple[str, str] | None = None,
                armour: tuple[str, str] | None = None, **fields: str) -> None:
    """The add dialog: the name, the fields typed in, a weapon typed as "Other" (or none), an armour row added
    and typed as "Other"."""
    page.get_by_test_id("add-combatant").tap()
    dialog = page.get_by_test_id("sheet-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_test_id("input-name").fill(name)
    for field, value in fields.items():
        dialog.get_by_test_id(f"input-{field}").fill(value)
    if weapon is None:
        while dialog.get_by_test_id("remove-weapons-0").count():
            dialog.get_by_test_id("remove-weapons-0").tap()
    else:
        dialog.get_by_test_id("input-weapons-0").select_option(label="Other: type a notation")
        dialog.get_by_test_id("input-weapons-0-name").fill(weapon[0])
        dialog.get_by_test_id("input-weapons-0-notation").fill(weapon[1])
    if armour is not None:
        dialog.get_by_test_id("add-armour").tap()
        dialog.get_by_test_id("input-armour-0").select_option(label="Other: type a notation")
        dialog.get_by_test_id("input-armour-0-name").fill(armour[0])
        dialog.get_by_test_id("input-armour-0-notation").fill(armour[1])
    dialog.get_by_test_id("sheet-submit").tap()
    expect(dialog).to_be_hidden()


def max_rock_and_scum(page: Page, *, skills: str = "Pistol 6, Marksman 2") -> None:
    start_new(page, SYSTEM)
    add_fighter(page, "Max.Rock", weapon=("MAL Anvil", ANVIL), skills=skills)
    add_fighter(page, "Scum", armour=("Shiver", SHIVER), phys="6")
    expect(page.get_by_test_id("combatant")).to_have_count(2)


def by_name(page: Page, name: str) -> Locator:
    found = page.get_by_test_id("combatant").filter(
        has=page.get_by_test_id("combatant-name").get_by_text(name, exact=True))
    expect(found).to_have_count(1)
    return found


def shoot_form(page: Page, *, aims: int = 3) -> Locator:
    """The Shoot tab with Max.Rock shooting at Scum, aiming for this many actions."""
    tab(page, "shoot").tap()
    expect(tab(page, "shoot")).to_have_attribute("aria-selected", "true")
    form = page.get_by_test_id("action-form")
    form.get_by_test_id("input-attacker").select_option(label="Max.Rock")
    form.get_by_test_id("input-target").select_option(label="Scum")
    input_named(form, "aims").fill(str(aims))       # aiming is under "More options"
    return form


def picker_cell(page: Page, value: str) -> Locator:
    """A cell of the form's aim picker, folded under "More options" (the full card's diagram is the other picker)."""
    unfold(page.get_by_test_id("action-form"), "aim")
    return page.get_by_test_id("input-aim").locator(f'[data-testid="hex-cell"][data-value="{value}"]')


def diagram_cell(card: Locator, q: int, r: int) -> Locator:
    return card.locator(f'[data-testid="hexes-cell"][data-q="{q}"][data-r="{r}"]')


def slots(page: Page) -> list[dict[str, str]]:
    found: list[dict[str, str]] = page.get_by_test_id("dice-slot").evaluate_all("""(nodes) => nodes.map((node) => ({
        name: node.querySelector('[data-testid="dice-slot-name"]').textContent,
        face: node.querySelector('[data-testid="dice-slot-face"]').textContent}))""")
    return found


def answer(page: Page, roll: str, names: list[str], faces: list[int], *, why: str | None = None) -> None:
    """The prompt asks for this roll, one slot a named die: tap the faces, see each in its slot, use them."""
    prompt = page.get_by_test_id("dice-prompt")
    expect(prompt).to_be_visible()
    expect(prompt).to_have_attribute("data-roll", roll)
    expect(prompt).to_have_attribute("data-count", str(len(names)))
    expect(prompt).to_have_attribute("data-named", "true")
    expect(page.get_by_test_id("dice-slots")).to_be_visible()
    expect(page.get_by_test_id("dice-slot")).to_have_count(len(names))
    expect(page.get_by_test_id("dice-slot-name")).to_have_text(names)
    assert [slot["face"] for slot in slots(page)] == [""] * len(names)
    if why is not None:
        expect(page.get_by_test_id("dice-why")).to_have_text(why)
    for face in faces:
        page.locator(f'[data-testid="dice-face"][data-face="{face}"]').tap()
    assert slots(page) == [{"name": name, "face": str(face)} for name, face in zip(names, faces)]
    expect(page.get_by_test_id("dice-count")).to_have_attribute("data-full", "true")
    page.get_by_test_id("dice-use").tap()


def why_steps(page: Page) -> list[str]:
    """The newest result's steps behind Why, opened by a tap, each as its sentence (before its dice and rule)."""
    steps = page.get_by_test_id("latest-steps")
    if steps.get_attribute("open") is None:
        steps.locator("summary").tap()
    found: list[str] = steps.get_by_test_id("log-step").evaluate_all(
        "(items) => items.map((item) => item.firstChild.textContent)")
    return found


def stat(card: Locator, label: str) -> str:
    """A stats widget's value by its label, as drawn."""
    found: list[list[str]] = card.get_by_test_id("widget-stats").evaluate_all("""(widgets) => widgets.flatMap(
        (widget) => [...widget.querySelectorAll('dt')].map(
          (dt) => [dt.textContent, dt.nextElementSibling?.textContent]))""")
    values = [value for name, value in found if name == label]
    assert len(values) == 1, (label, found)
    return values[0]


def meter_text(card: Locator, name: str) -> str:
    text: str = card.locator(f'[data-testid="meter"][data-name="{name}"]').get_by_test_id("meter-text").inner_text()
    return text


def fire_the_issues_shot(page: Page) -> None:
    """The issue's shot, as a person makes it: three aims, the hex (-1, 4) tapped in the picker, the three dice typed
    (Success 1, Penetration 3, Damage 5), then the direction die (6, up): a Torso hit for 6."""
    shoot_form(page, aims=3)
    picker_cell(page, "-1,4").tap()
    page.get_by_test_id("type-dice").tap()
    answer(page, "attack", THREE, [1, 3, 5])
    answer(page, "direction", ["Direction die"], [6])
    expect(page.get_by_test_id("latest-outcome")).to_have_text("Torso hit: 6 damage")
