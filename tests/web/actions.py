"""What a game master does on the page, as small steps the tests share (through docs/page-contract.md)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Locator, Page, expect

# A tap acts once (web/js/dom.js, TAP_SETTLE_MS): a second tap on a control that resolves, moves the fight on or
# confirms a dialog, within 400 ms of the first one's end, is taken for a double tap and dropped. A person taps again
# after reading what the first did; a test that taps such a control again at once waits as long first.
TAP_SETTLE_MS = 400


# The screens a table is read on, a tablet held either way and a phone, each in light and dark: (width, height,
# scheme), as seen_as takes them.
SCREEN_SIZES = [(1024, 768), (768, 1024), (390, 844)]
SCHEMES = ("light", "dark")
EVERY_SCREEN = [(width, height, scheme) for width, height in SCREEN_SIZES for scheme in SCHEMES]


@contextmanager
def at(where: str) -> Iterator[None]:
    """Checks made at one of the sizes or schemes a test walks on one page (the page resized or its scheme switched,
    as a person turns a tablet round or switches to dark mode; the layout is CSS media queries): a failure says
    which it was."""
    try:
        yield
    except AssertionError as error:
        raise AssertionError(f"at {where}: {error}") from error


def turn_to(page: Page, width: int, height: int, scheme: str = "light") -> None:
    """The page on a screen ``width`` x ``height`` in ``scheme``, as a tablet turned round or switched to dark mode
    has it. Once the page is loaded, a frame is let pass, so that its own resize handlers have run."""
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    if page.url.startswith("http"):
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(null)))")


@contextmanager
def seen_as(page: Page, width: int, height: int, scheme: str) -> Iterator[None]:
    """The page turned to ``width`` x ``height`` in ``scheme`` (turn_to) for the checks inside: one table built
    through the page, then looked at on every screen, instead of built again for each."""
    turn_to(page, width, height, scheme)
    with at(f"{width}x{height}, {scheme}"):
        yield


def settle(page: Page) -> None:
    """Wait as a person reads the result before tapping again (see TAP_SETTLE_MS)."""
    page.wait_for_timeout(TAP_SETTLE_MS + 50)


def first_paint(page: Page) -> float:
    """When the page first painted (its "first-paint" entry). The browser adds that entry a little after the paint,
    so a page already on screen may not have it yet: wait for it (a function, not an expression: conftest.py)."""
    page.wait_for_function('() => performance.getEntriesByName("first-paint").length > 0')
    start: float = page.evaluate('() => performance.getEntriesByName("first-paint")[0].startTime')
    return start


def add_combatant(page: Page, name: str, *, skill: str | None = None, weapon: str | None = "Shortsword 3-/2+",
                  armour: str | None = None, weapon_notation: str = "", armour_notation: str = "") -> None:
    """Open the add dialog, fill the sheet, add; the dialog closes when done."""
    page.get_by_test_id("add-combatant").click()
    dialog = page.get_by_test_id("sheet-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_test_id("input-name").fill(name)
    if skill is not None:
        dialog.get_by_test_id("input-skill").select_option(label=skill)
    if weapon is None:
        dialog.get_by_test_id("remove-weapons-0").click()
    elif weapon_notation:
        dialog.get_by_test_id("input-weapons-0").select_option(label="Other: type a notation")
        dialog.get_by_test_id("input-weapons-0-notation").fill(weapon_notation)
    else:
        dialog.get_by_test_id("input-weapons-0").select_option(label=weapon)
    if armour_notation:
        dialog.get_by_test_id("input-armour").select_option(label="Other: type a notation")
        dialog.get_by_test_id("input-armour-notation").fill(armour_notation)
    elif armour is not None:
        dialog.get_by_test_id("input-armour").select_option(label=armour)
    dialog.get_by_test_id("sheet-submit").click()


def cyrus_and_bandit(page: Page) -> None:
    """The text's first worked example: Cyrus (Good, shortsword 3-/2+) and the bandit in Leather +-*."""
    add_combatant(page, "Cyrus", skill="Good (+1)")
    add_combatant(page, "Bandit", weapon=None, armour="Bandit's Leather +-*")
    expect(page.get_by_test_id("combatant")).to_have_count(2)


def unfold(scope: Page | Locator, name: str) -> Locator:
    """The field of the input named, as a person reaches it: where it sits under a closed "More options" (a form's
    optional inputs are folded there), that summary is tapped open first. Reading a folded field after this says
    what its form shows, not what the fold hides: `to_be_hidden` then means its `when` holds it back."""
    for index in range(scope.get_by_test_id("more-inputs").count()):
        more = scope.get_by_test_id("more-inputs").nth(index)
        if more.get_by_test_id(f"field-{name}").count() and more.get_attribute("open") is None:
            more.locator(":scope > summary").click()
            expect(more).to_have_attribute("open", "")
    return scope.get_by_test_id(f"field-{name}")


def input_named(scope: Page | Locator, name: str) -> Locator:
    """The input named, to fill, pick or read: unfolded first if it is under "More options"."""
    unfold(scope, name)
    return scope.get_by_test_id(f"input-{name}")


def card(page: Page, index: int) -> Locator:
    return page.get_by_test_id("combatant").nth(index)


def marked_boxes(page: Page, index: int) -> int:
    return card(page, index).locator('[data-testid="track-box"][data-marked="true"]').count()


def status(page: Page, index: int) -> str:
    return card(page, index).get_by_test_id("combatant-status").inner_text()


def typed_margin(page: Page, margin: str) -> None:
    page.get_by_test_id("input-margin-typed").check()
    page.get_by_test_id("input-margin_of_success").fill(margin)


def give_dice(page: Page, faces: str | list[int], *, expect_why: str | None = None, contains: bool = False) -> None:
    """Answer the dice prompt by tapping face buttons (- 0 + as a string, or 1-6 as a list) and using them;
    ``expect_why`` is the prompt's reason, whole or (``contains``) in part."""
    prompt = page.get_by_test_id("dice-prompt")
    expect(prompt).to_be_visible()
    if expect_why is not None and contains:
        expect(page.get_by_test_id("dice-why")).to_contain_text(expect_why)
    elif expect_why is not None:
        expect(page.get_by_test_id("dice-why")).to_have_text(expect_why)
    for face in faces:
        page.locator(f'[data-testid="dice-face"][data-face="{face}"]').click()
    page.get_by_test_id("dice-use").click()


def hit_with_typed_dice(page: Page, margin: str, faces: str, *, expect_why: str | None = None) -> None:
    typed_margin(page, margin)
    page.get_by_test_id("type-dice").click()
    give_dice(page, faces, expect_why=expect_why)


def start_new(page: Page, system: str) -> None:
    """Start a new encounter of the system named (as the picker lists it)."""
    page.get_by_test_id("new-encounter").click()
    page.get_by_test_id("system-picker").get_by_text(system, exact=True).click()
    page.get_by_test_id("new-confirm").click()
    expect(page.get_by_test_id("system-name")).to_have_text(system)


def add_sheet(page: Page, name: str, *, weapons: int | None = None, **fields: str) -> None:
    """Add a combatant by filling the sheet's fields by name: a select is chosen by its label, text is typed.

    ``weapons=0`` removes the default weapon row.
    """
    page.get_by_test_id("add-combatant").click()
    dialog = page.get_by_test_id("sheet-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_test_id("input-name").fill(name)
    for field, value in fields.items():
        control = input_named(dialog, field)      # a field under "More options" is unfolded first
        if not control.count():                       # a choice of up to four is a row of buttons
            unfold(dialog, field).get_by_text(value, exact=True).click()
            continue
        if control.evaluate("(node) => node.tagName") == "SELECT":
            control.select_option(label=value)
        else:
            control.fill(value)
    if weapons == 0:
        while dialog.get_by_test_id("remove-weapons-0").count():
            dialog.get_by_test_id("remove-weapons-0").click()
    dialog.get_by_test_id("sheet-submit").click()
    expect(dialog).to_be_hidden()


def grid_cells(page: Page, index: int, state: str) -> int:
    return card(page, index).locator(f'[data-testid="grid-cell"][data-state="{state}"]').count()


def show_player_code(page: Page, players: list[str] | None = None) -> str:
    """In the open share dialog, the players' code: who the players' characters are first (ticked by id, where
    ``players`` are given; a choice remembered for the encounter is asked again then), then the code for them
    (issue 48). Returns the player link."""
    if players is not None and page.get_by_test_id("player-change").is_visible():
        page.get_by_test_id("player-change").click()
    if page.get_by_test_id("player-show").is_visible():
        for box in page.get_by_test_id("player-pc").all() if players is not None else []:
            box.set_checked(box.get_attribute("data-id") in players)
        page.get_by_test_id("player-show").click()
    page.wait_for_function("() => document.querySelector('[data-testid=\"player-link\"]').value.includes('#p1.')")
    return page.get_by_test_id("player-link").input_value()
