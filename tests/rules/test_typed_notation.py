"""Weapon and armour notation as the text writes it (D-TD-8), and the errors for what it does not."""

from __future__ import annotations

import pytest

from rules.errors import BadNotation
from rules.systems.data import load
from rules.systems.typed.notation import parse_armour, parse_weapon


@pytest.mark.parametrize("notation, dice, symbol, faces, ap, tags", [
    ("3-", 3, "-", {"-"}, False, ()),
    ("0*", 0, "*", {"0"}, False, ()),
    ("4+", 4, "+", {"+"}, False, ()),
    ("3B", 3, "B", {"0", "+"}, False, ()),
    ("4B(AP)", 4, "B", {"0", "+"}, True, ()),
    ("4E+", 4, "E", {"+"}, False, ()),
    ("6E*+(Fire)", 6, "E", {"0", "+"}, False, ("Fire",)),
    ("4E+*", 4, "E", {"0", "+"}, False, ()),
    ("2E-*+(Magma, AP)", 2, "E", {"-", "0", "+"}, True, ("Magma",)),
    ("4+(Arrows)", 4, "+", {"+"}, False, ("Arrows",)),
    (" 3 \u2212 ", 3, "-", {"-"}, False, ()),
])
def test_weapon_modes(notation: str, dice: int, symbol: str, faces: set[str], ap: bool, tags: tuple[str, ...]) -> None:
    (mode,) = parse_weapon(notation).modes
    assert (mode.dice, mode.symbol, set(mode.success_faces), mode.armour_piercing, mode.tags) == (dice, symbol, faces, ap, tags)


def test_multi_mode_weapon_keeps_its_modes_in_order() -> None:
    weapon = parse_weapon("4-/2+")
    assert [mode.notation for mode in weapon.modes] == ["4-", "2+"]
    assert weapon.notation == "4-/2+"


@pytest.mark.parametrize("notation", ["", "3", "-3", "3Q", "3-+", "3BB", "4E", "4E++", "3-/", "1-/1-/1-/1-/1-",
                                      "99-", "3-(", "3-(a)(b)", "abc"])
def test_malformed_weapons_are_refused_with_the_input_quoted(notation: str) -> None:
    with pytest.raises(BadNotation) as caught:
        parse_weapon(notation, field="sheet.weapons[0].notation")
    assert caught.value.field == "sheet.weapons[0].notation"
    assert repr(notation.strip()) in caught.value.message or repr(notation) in caught.value.message or notation.split("/")[0] in caught.value.message


@pytest.mark.parametrize("notation, counts, kind, hardened, vs, ablative", [
    ("---*++", {"-": 3, "*": 1, "+": 2}, None, False, None, False),
    ("+-*", {"-": 1, "*": 1, "+": 1}, None, False, None, False),
    ("BBBB*", {"B": 4, "*": 1}, None, False, None, False),
    ("EEE-+(Fire)", {"E": 3, "-": 1, "+": 1}, "Fire", False, None, False),
    ("EEEEEEEEEE(Fire, Ab)", {"E": 10}, "Fire", False, None, True),
    ("XXXXXX", {"X": 6}, None, False, None, False),
    ("--**++(H vs. Arrows)", {"-": 2, "*": 2, "+": 2}, None, True, "Arrows", False),
    ("BBBB(H)", {"B": 4}, None, True, None, False),
    ("EEE(Fire, H, Ab)", {"E": 3}, "Fire", True, None, True),
    ("", {}, None, False, None, False),
    ("none", {}, None, False, None, False),
])
def test_armour(notation: str, counts: dict[str, int], kind: str | None, hardened: bool, vs: str | None,
                ablative: bool) -> None:
    armour = parse_armour(notation)
    assert {symbol: armour.count(symbol) for symbol in "-*+BEX" if armour.count(symbol)} == counts
    assert (armour.energy_kind, armour.hardened, armour.hardened_vs, armour.ablative) == (kind, hardened, vs, ablative)


@pytest.mark.parametrize("notation", ["ZZZ", "---(Fire)", "EE(Fire, Cold)", "(Ab)", "-*+(Bogus)", "X" * 41, "--)"])
def test_malformed_armour_is_refused(notation: str) -> None:
    with pytest.raises(BadNotation):
        parse_armour(notation)


def test_every_sample_weapon_and_armour_parses() -> None:
    tables = load("typed")
    for row in tables["weapons"]:
        assert parse_weapon(row["notation"]).modes, row
        assert row["source"]
    for row in tables["armour"]:
        assert parse_armour(row["notation"]).total > 0, row
        assert row["source"]


def test_the_text_sample_weapons_are_all_there() -> None:
    names = {row["name"]: row["notation"] for row in load("typed")["weapons"]}
    for name, notation in [("Fist", "0*"), ("Dagger", "2-/1+"), ("Longsword", "4-/2+"), ("Crossbow", "4+")]:
        assert names[name].startswith(notation)
