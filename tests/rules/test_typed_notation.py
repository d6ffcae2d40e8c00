"""Weapon and armour notation as the text writes it (D-TD-8), and the errors for what it does not."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
    ("---*++", {"-": 3, "*": 1, "+": 2}, None, False, (), False),
    ("+-*", {"-": 1, "*": 1, "+": 1}, None, False, (), False),
    ("BBBB*", {"B": 4, "*": 1}, None, False, (), False),
    ("EEE-+(Fire)", {"E": 3, "-": 1, "+": 1}, "Fire", False, (), False),
    ("EEEEEEEEEE(Fire, Ab)", {"E": 10}, "Fire", False, (), True),
    ("XXXXXX", {"X": 6}, None, False, (), False),
    ("--**++(H vs. Arrows)", {"-": 2, "*": 2, "+": 2}, None, True, ("Arrows",), False),
    ("--**++(H vs. Arrows, H vs. Bolts)", {"-": 2, "*": 2, "+": 2}, None, True, ("Arrows", "Bolts"), False),
    ("BBBB(H)", {"B": 4}, None, True, (), False),
    ("EEE(Fire, H, Ab)", {"E": 3}, "Fire", True, (), True),
    ("", {}, None, False, (), False),
    ("none", {}, None, False, (), False),
])
def test_armour(notation: str, counts: dict[str, int], kind: str | None, hardened: bool, vs: tuple[str, ...],
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


# -- several hardened categories, contradictions, and the notation reading back the same -----------------


@pytest.mark.parametrize("notation, says", [
    ("--**++(H, H vs. Arrows)", "both H"),
    ("--**++(H vs. Arrows, H)", "both H"),
    ("--**++(H, H)", "'H' twice"),
    ("--**++(H, Hardened)", "twice"),
    ("--**++(H vs. Arrows, H vs. Arrows)", "'H vs. Arrows' twice"),
    ("--**++(H vs. Arrows, H vs. arrow)", "twice"),              # the same category, as the rules compare them
    ("BB(H vs. bullets, H vs. ballistic)", "twice"),             # both name the B type
    ("XX(Ab, Ab)", "Ab twice"),
    ("XX(Ab, ablative)", "Ab twice"),
    ("EE(Fire, Fire)", "the energy kind 'Fire' twice"),
    ("EE(Fire, Cold)", "two energy kinds"),
])
def test_contradictory_or_repeated_tags_are_refused_quoting_the_input(notation: str, says: str) -> None:
    with pytest.raises(BadNotation) as caught:
        parse_armour(notation, field="sheet.armour.notation")
    assert repr(notation) in caught.value.message, caught.value.message
    assert says in caught.value.message, caught.value.message
    assert caught.value.field == "sheet.armour.notation"


@pytest.mark.parametrize("notation", [
    "--**++(H vs. Arrows, H vs. Bolts)", "--**++(H vs. Arrows, Ab, H vs. Bolts)", "EEE-+(Fire, H vs. Fire, Ab)",
    "XX(H)", "BBBB*", "EEEEEEEEEE(Fire, Ab)", "---*++",
])
def test_notation_reads_back_as_the_same_armour(notation: str) -> None:
    armour = parse_armour(notation)
    assert parse_armour(armour.notation) == armour


def test_tags_come_back_in_one_order() -> None:
    assert parse_armour("++--**(Ab, H vs. Bolts, H vs. Arrows)").notation == "++--**(H vs. Bolts, H vs. Arrows, Ab)"


def test_symbols_come_back_as_typed() -> None:
    """Issue 23: the seed writes its armour in no one order (the vest BBBB*, the suit EEE-+(Fire), the bandit's
    +-*), so the notation keeps the order it was typed in, each symbol's count where that symbol first appears."""
    for notation in ("BBBB*", "EEE-+(Fire)", "+-*", "---*++", "--***++", "XXXXXX"):
        assert parse_armour(notation).notation == notation
    assert parse_armour("B*BBB").notation == "BBBB*"


tags = st.lists(st.sampled_from(["Ab", "H", "H vs. Arrows", "H vs. Bolts", "H vs. piercing", "Fire", "Cold"]),
                max_size=4)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="-*+BEX", min_size=1, max_size=12), tags,
       st.dictionaries(st.sampled_from(["-", "*", "+", "B", "E", "X"]), st.integers(0, 12)))
def test_any_armour_that_parses_reads_back_the_same_even_when_worn(symbols: str, chosen: list[str],
                                                                  removed: dict[str, int]) -> None:
    notation = symbols + (f"({', '.join(chosen)})" if chosen else "")
    try:
        armour = parse_armour(notation)
    except BadNotation:
        return
    assert parse_armour(armour.notation) == armour
    worn = armour.worn(removed)
    if worn.total:
        assert parse_armour(worn.notation) == worn


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.sampled_from(["-", "*", "+", "B", "E+", "E*+", "E-*+", "E+-"]),
                          st.lists(st.sampled_from(["AP", "Fire", "Arrows"]), unique=True, max_size=2)),
                min_size=1, max_size=4))
def test_any_weapon_reads_back_the_same(modes: list[tuple[int, str, list[str]]]) -> None:
    notation = "/".join(f"{dice}{kind}" + (f"({', '.join(tags_)})" if tags_ else "") for dice, kind, tags_ in modes)
    weapon = parse_weapon(notation)
    assert parse_weapon(weapon.notation) == weapon


# -- text that is not notation ------------------------------------------------------------------------------


@pytest.mark.parametrize("notation", ["²-", "٣-", "３-", "3-(\ud800)", "\ud800", "--(\udfff)", "3" * 200 + "-",
                                      "-" * 500])
def test_odd_characters_and_runaway_text_are_refused(notation: str) -> None:
    for parse in (parse_weapon, parse_armour):
        try:
            parse(notation)
        except BadNotation as error:
            assert len(error.message) < 300, error.message
            error.message.encode("utf-8")
            assert len(notation) < 45 or notation[:45] not in error.message


@pytest.mark.parametrize("parse", [parse_weapon, parse_armour])
def test_a_lone_surrogate_is_named_in_plain_words(parse) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BadNotation, match="contains a character that is not valid text"):
        parse("3-(Fire\ud800)", field="sheet.weapons[0].notation")


def test_not_text_at_all_is_refused_without_echoing_it() -> None:
    with pytest.raises(BadNotation) as caught:
        parse_armour(10**5000)  # type: ignore[arg-type]
    assert "5001-digit" in caught.value.message
