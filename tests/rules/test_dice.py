"""Dice sources: seeded rolls record their faces, given faces replay exactly, mistakes are caught."""

from __future__ import annotations

import pytest

from rules.dice import GivenDice, SeededDice, parse_faces
from rules.errors import BadDice


def test_seeded_dice_are_repeatable_and_recorded() -> None:
    first, second = SeededDice(42), SeededDice(42)
    assert first.roll("damage", "dF", 10) == second.roll("damage", "dF", 10)
    assert first.record == second.record
    assert set(first.record["damage"]) <= {"-", "0", "+"}


def test_seeded_d6_faces_are_in_range() -> None:
    assert all(1 <= face <= 6 for face in SeededDice(1).roll("hit", "d6", 100))


def test_given_dice_replay_what_a_seeded_roll_recorded() -> None:
    seeded = SeededDice(7)
    faces = seeded.roll("damage", "dF", 5)
    assert GivenDice(seeded.record).roll("damage", "dF", 5) == faces


@pytest.mark.parametrize("text, faces", [
    ("[-][ ][ ][+]", ("-", "0", "0", "+")),
    ("-0+", ("-", "0", "+")),
    ("- * +", ("-", "0", "+")),
    ("[+], [-]", ("+", "-")),
    ("", ()),
])
def test_fudge_faces_as_people_type_them(text: str, faces: tuple[str, ...]) -> None:
    assert parse_faces("dF", text) == faces


@pytest.mark.parametrize("text", ["[x]", "-+7", "[-]junk", "++ q"])
def test_unreadable_fudge_faces_are_refused(text: str) -> None:
    with pytest.raises(BadDice):
        parse_faces("dF", text)


@pytest.mark.parametrize("text", ["0", "7", "1.5", "six"])
def test_bad_d6_faces_are_refused(text: str) -> None:
    with pytest.raises(BadDice):
        parse_faces("d6", text)


def test_too_few_faces_is_a_clear_error() -> None:
    with pytest.raises(BadDice, match="needs 4 Fudge dice but 3 faces were given"):
        GivenDice({"damage": "+-0"}).roll("damage", "dF", 4)


def test_a_roll_that_was_not_given_is_an_error_without_a_fallback() -> None:
    with pytest.raises(BadDice, match="no faces were given"):
        GivenDice({}).roll("damage", "dF", 2)


def test_faces_given_for_a_roll_never_made_are_an_error() -> None:
    dice = GivenDice({"damage": "+", "defence": "0000"})
    dice.roll("damage", "dF", 1)
    with pytest.raises(BadDice, match="'defence'"):
        dice.finish()


def test_fallback_rolls_what_was_not_given_and_records_everything() -> None:
    dice = GivenDice({"damage": "++"}, fallback=SeededDice(3))
    dice.roll("attack", "dF", 4)
    dice.roll("damage", "dF", 2)
    assert list(dice.finish()) == ["attack", "damage"]
    assert dice.record["damage"] == ["+", "+"]


def test_the_same_roll_twice_is_refused() -> None:
    dice = SeededDice(0)
    dice.roll("damage", "dF", 1)
    with pytest.raises(BadDice):
        dice.roll("damage", "dF", 1)


def test_the_app_completes_a_roll_typed_in_part_and_counts_its_faces() -> None:
    dice = GivenDice({"damage": "-+"}, fallback=SeededDice(5))
    faces = dice.roll("damage", "dF", 5)
    assert faces[:2] == ("-", "+") and len(faces) == 5
    assert dice.rolled_by_app == {"damage": 3}
    with pytest.raises(BadDice, match="needs 5 Fudge dice but 2 faces"):
        GivenDice({"damage": "-+"}).roll("damage", "dF", 5)
