"""FUDGE's Round form after a fall (issue 48, item 12), the text's example (4.34): Tucker against the pirates Molly
and Annie. Molly falls: the form moved Foe to Annie and left Foe 2 at Annie too, and nothing resolved ("each foe can
be named once") until Foe 2 was changed by hand. Now a named fighter who falls is replaced by one standing and not
named elsewhere in the form, or the field empties: the schema says which combatant inputs are kept apart
(`distinct`), and the page knows no rule system."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from .actions import input_named
from .test_fudge import add_fighter, fudge, pick, wound   # noqa: F401 (fudge is a fixture)
from .test_option_conditions import tab


def chosen(control: Locator) -> str:
    label: str = control.evaluate("(node) => node.selectedOptions[0]?.textContent ?? ''")
    return label


def back_to_the_round(page: Page) -> Locator:
    tab(page, "round").tap()
    return page.get_by_test_id("action-form")


def test_molly_falls_and_the_round_is_tucker_against_annie_alone(fudge: Page) -> None:   # noqa: F811
    page = fudge
    for key in ("tucker", "molly", "annie"):
        add_fighter(page, key)
    pick(page, fighter="Tucker", foe="Molly", foe2="Annie")
    wound(page, "Molly", "Incapacitated")
    form = back_to_the_round(page)
    assert chosen(input_named(form, "foe")) == "Annie"
    assert chosen(input_named(form, "foe2")) == "Nobody else"
    page.get_by_test_id("roll").tap()
    expect(page.get_by_test_id("action-error")).to_be_empty()
    expect(page.get_by_test_id("latest-title")).to_have_text("Round 1: Tucker against Annie")


def test_with_three_pirates_the_others_move_up_and_the_last_empties(fudge: Page) -> None:   # noqa: F811
    page = fudge
    for key in ("tucker", "molly", "annie", "maggie"):
        add_fighter(page, key)
    pick(page, fighter="Tucker", foe="Molly", foe2="Annie", foe3="Maggie")
    wound(page, "Molly", "Incapacitated")
    form = back_to_the_round(page)
    assert [chosen(input_named(form, name)) for name in ("foe", "foe2", "foe3")] == ["Annie", "Maggie", "Nobody else"]
    wound(page, "Maggie", "Incapacitated")                     # a further foe who falls empties his field
    form = back_to_the_round(page)
    assert [chosen(input_named(form, name)) for name in ("foe", "foe2")] == ["Annie", "Nobody else"]
    page.get_by_test_id("roll").tap()
    expect(page.get_by_test_id("action-error")).to_be_empty()
    expect(page.get_by_test_id("latest-title")).to_have_text("Round 1: Tucker against Annie")


def test_a_foe_picked_where_another_names_him_moves_the_other(fudge: Page) -> None:   # noqa: F811
    """Kept apart by the schema: naming Annie as Foe, where Foe 2 named her, moves Foe 2 to the one left standing."""
    page = fudge
    for key in ("tucker", "molly", "annie"):
        add_fighter(page, key)
    pick(page, fighter="Tucker", foe="Molly", foe2="Annie")
    form = page.get_by_test_id("action-form")
    input_named(form, "foe").select_option(label="Annie")
    assert [chosen(input_named(form, name)) for name in ("foe", "foe2")] == ["Annie", "Molly"]
    page.get_by_test_id("roll").tap()
    expect(page.get_by_test_id("action-error")).to_be_empty()
    expect(page.get_by_test_id("latest-title")).to_have_text("Round 1: Tucker against Annie, Molly")
