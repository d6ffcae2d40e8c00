"""Dice sources: seeded rolls record their faces, given faces replay exactly, mistakes are caught."""

from __future__ import annotations

import pytest

from rules.dice import DiceNeeded, GivenDice, SeededDice, parse_faces
from rules.errors import BadDice
from rules.report import Step


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
    with pytest.raises(BadDice, match="^faces were given for the roll 'defence', which this action does not make$"):
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


# -- dice with names: each die of a roll has a role ("Success die", "Damage die"), and the prompt says which is which

ROLES = ("Success die", "Penetration die", "Damage die")


def test_named_dice_are_asked_for_by_name_in_order() -> None:
    with pytest.raises(DiceNeeded) as asked:
        GivenDice({}).roll("shot", "d6", 3, "roll 3D: the Success die, the Penetration die and the Damage die", ROLES)
    needs = asked.value.needs()
    assert needs["names"] == list(ROLES)
    assert {key: needs[key] for key in ("roll", "kind", "count", "dice")} == \
        {"roll": "shot", "kind": "d6", "count": 3, "dice": "3 six-sided dice"}


def test_dice_without_names_ask_as_before() -> None:
    with pytest.raises(DiceNeeded) as asked:
        GivenDice({}).roll("damage", "d6", 2, "roll 2D for damage")
    assert set(asked.value.needs()) == {"roll", "kind", "count", "why", "dice", "faces"}


def test_named_dice_record_plain_faces_in_the_names_order() -> None:
    given = GivenDice({"shot": "5 3 2"})
    assert given.roll("shot", "d6", 3, names=ROLES) == (5, 3, 2)
    assert given.finish() == {"shot": [5, 3, 2]}
    seeded, plain = SeededDice(9), SeededDice(9)
    assert seeded.roll("shot", "d6", 3, names=ROLES) == plain.roll("shot", "d6", 3)
    assert seeded.record == plain.record
    app = GivenDice({}, fallback=SeededDice(9))
    assert app.roll("shot", "d6", 3, names=ROLES) == SeededDice(9).roll("shot", "d6", 3)
    assert app.rolled_by_app == {"shot": 3}


@pytest.mark.parametrize("names", [
    ("Success die", "Damage die"),                       # one too few
    ("Success die", "Penetration die", "Damage die", "Extra die"),
    ("Success die", "", "Damage die"),                   # an empty name
    ("Success die", "   ", "Damage die"),
    ("Success die", 2, "Damage die"),                    # not text
    ("Success die", "Penetration die", "x" * 41),        # a sentence, not a label
    "SPD",                                               # a text is not a list of names
])
def test_names_that_do_not_name_every_die_are_refused(names: object) -> None:
    for source in (GivenDice({"shot": "532"}), SeededDice(1), GivenDice({})):
        with pytest.raises(BadDice) as refused:
            source.roll("shot", "d6", 3, names=names)  # type: ignore[arg-type]
        assert not isinstance(refused.value, DiceNeeded) and refused.value.field == "shot"
        assert source.record == {}


def test_a_step_names_its_dice_only_when_it_has_names() -> None:
    named = Step("The shot: 5, 3 and 2.", "SL-1", (5, 3, 2), "shot", names=ROLES).to_dict()
    assert named["names"] == list(ROLES) and named["dice"] == [5, 3, 2]
    assert "names" not in Step("Damage.", "SL-2", (4, 1), "damage").to_dict()
    with pytest.raises(ValueError, match="names 2 dice but shows 3"):
        Step("The shot.", "SL-1", (5, 3, 2), "shot", names=ROLES[:2])
