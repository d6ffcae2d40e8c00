"""What armour stops: the GM's allowance against energy, and armour hardened against several kinds of attack."""

from __future__ import annotations

import pytest

from rules.systems.typed.armour import Options, hardened_against, pool_after_armour, protection, wear
from rules.systems.typed.notation import parse_armour, parse_weapon

from .helpers import duel, hazard


def mode(notation: str):  # type: ignore[no-untyped-def]
    return parse_weapon(notation).modes[0]


def worn_notation(encounter) -> str:  # type: ignore[no-untyped-def]
    """The target's armour after the last hit, read from the replayed state (not from the page's view)."""
    notation: str = encounter.play().states["c2"].armour.notation
    return notation


def damage_dice(encounter) -> int:  # type: ignore[no-untyped-def]
    return len(encounter.events[-1].data["dice"]["damage"])


# -- the GM's point or two of regular armour against energy (seed: Energy Damage, Thick Furs) -----------


@pytest.mark.parametrize("armour, allowance, count, words", [
    ("-*+", 2, 2, "The GM allows 2 points of regular armour against this energy."),        # Thick Furs
    ("-*+", 1, 1, "The GM allows 1 point of regular armour against this energy."),
    ("+", 2, 1, "only 1 regular symbol (-, * or +), so it gives 1"),
    ("", 2, 0, "there is no regular armour (-, * or +) to give it, so it adds nothing"),
    ("XX", 2, 2, "there is no regular armour"),                      # the X count, not the allowance
    ("BBBB", 1, 0, "there is no regular armour"),
    ("EEEEE(Fire)", 2, 0, "there is no regular armour"),             # fire armour against cold: nothing
    ("-*+", 0, 0, None),
])
def test_the_allowance_is_capped_by_the_regular_armour_worn(armour: str, allowance: int, count: int,
                                                            words: str | None) -> None:
    shield = protection(parse_armour(armour), mode("3E+(Cold)"), Options(), energy_allowance=allowance)
    assert shield.count == count
    sentences = " ".join(sentence for sentence, _ in shield.reasons)
    if words is None:
        assert "GM allows" not in sentences
    else:
        assert words in sentences
        assert any(rule == "Energy Damage (GM option)" for _, rule in shield.reasons)


def test_the_allowance_adds_to_energy_armour_of_the_right_kind() -> None:
    shield = protection(parse_armour("EEE-+(Fire)"), mode("6E*+(Fire)"), Options(), energy_allowance=2)
    assert (shield.count, shield.floor) == (5, 0)


def test_with_no_armour_at_all_the_allowance_stops_no_dice() -> None:
    """The issue: an unarmoured target used to get the GM's allowance anyway."""
    encounter = duel(None, "")
    encounter, _ = hazard(encounter, "3E+(Cold)", "+++", energy_allowance=2)
    assert damage_dice(encounter) == 3


def test_the_allowance_keeps_the_one_die_minimum_of_regular_armour() -> None:
    encounter = duel(None, "-*+")
    encounter, _ = hazard(encounter, "2E+(Cold)", "+", energy_allowance=2)
    assert damage_dice(encounter) == 1


@pytest.mark.parametrize("armour, hit, allowance, faces, after", [
    # The allowance's symbols wear like regular armour, - first, then *, then +.
    ("-*+(Ab)", "5E+(Cold)", 2, "+++", "+(Ab)"),
    ("*++(Ab)", "5E+(Cold)", 2, "+++", "+(Ab)"),
    ("--*(Ab)", "5E+(Cold)", 1, "++++", "-*(Ab)"),
    # E armour of the right kind wears first; then the allowance; its kind goes with its last E.
    ("EE-*+(Cold, Ab)", "3E+(Cold)", 2, "", "*+(Ab)"),
    ("EE-*+(Cold, Ab)", "2E+(Cold)", 2, "", "-*+(Ab)"),
    # No regular symbols: the allowance gives nothing and wears nothing; the X stop 2 dice and wear.
    ("XX(Ab)", "5E+(Cold)", 2, "+++", "none"),
])
def test_ablative_armour_wears_the_symbols_the_allowance_used(armour: str, hit: str, allowance: int, faces: str,
                                                             after: str) -> None:
    encounter = duel(None, armour)
    encounter, _ = hazard(encounter, hit, faces, energy_allowance=allowance)
    assert worn_notation(encounter) == after


def test_wear_never_takes_more_than_the_protection_gave() -> None:
    armour = parse_armour("-*+(Ab)")
    shield = protection(armour, mode("5E+(Cold)"), Options(), energy_allowance=2)
    assert wear(armour, shield, 99).notation == "+(Ab)"


# -- hardened against several categories (seed: Hardened Armor, Armor of Muldoon) -------------------------


@pytest.mark.parametrize("weapon, covered", [
    ("4+(Arrows)", True), ("4+(Bolts)", True), ("3+(Arrow)", True), ("4+", False), ("3-", False),
    ("4B", False), ("4E+(Fire)", False),
])
def test_hardened_against_any_of_its_categories(weapon: str, covered: bool) -> None:
    armour = parse_armour("--**++(H vs. Arrows, H vs. Bolts)")
    assert hardened_against(armour, mode(weapon)) is covered


def test_hardened_against_a_type_and_a_tag() -> None:
    armour = parse_armour("BB++(H vs. bullets, H vs. Arrows)")
    covered = [hardened_against(armour, mode(weapon)) for weapon in ("3B", "4+(Arrows)", "4+", "4B(AP)")]
    assert covered == [True, True, False, True]


def test_plain_h_covers_everything() -> None:
    armour = parse_armour("XX(H)")
    assert all(hardened_against(armour, mode(w)) for w in ("3-", "4+(Arrows)", "3B", "4E*+(Fire)"))


def test_the_reason_names_every_category() -> None:
    shield = protection(parse_armour("--**++(H vs. Arrows, H vs. Bolts)"), mode("4+(Bolts)"), Options())
    assert shield.hardened
    assert any("hardened against Arrows or Bolts" in sentence for sentence, _ in shield.reasons)


@pytest.mark.parametrize("weapon, faces, damage", [
    ("4+(Arrows)", "-++0", 0),     # TD-08: four dice rolled, [-][+][+][ ] is 2 successes, less 2 = 0
    ("4+(Bolts)", "-++0", 0),      # a crossbow bolt is stopped the same way
    ("4+", "+-", 1),               # a spear is no arrow: 4 - 2 = 2 dice, and one + is 1 damage
])
def test_muldoon_hardened_against_arrows_and_bolts(weapon: str, faces: str, damage: int) -> None:
    """Each shot is a hazard, so the pool is the weapon's dice alone (no margin of success)."""
    encounter, report = hazard(duel(None, "--**++(H vs. Arrows, H vs. Bolts)"), weapon, faces)
    assert damage_dice(encounter) == len(faces)
    assert report.outcome.startswith(f"{damage} damage"), report.outcome


def test_pool_after_hardened_armour_is_not_reduced() -> None:
    shield = protection(parse_armour("--**++(H vs. Arrows, H vs. Bolts)"), mode("4+(Arrows)"), Options())
    assert pool_after_armour(4, shield) == 4
