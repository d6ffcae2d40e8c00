"""The LogD scale and its hand tables, checked against the formulas and the notes' printed tables.

The printed tables (``rules.systems.kyod.reference``) are generated from the same functions the resolver uses,
so each is checked twice: cell by cell against an independent computation written here (``Decimal`` rounding,
no engine code), and against the tables printed in RULES_NOTES 2.2, copied below.  ``add`` and ``subtract``
are checked against direct float arithmetic on the linear scale; the armoured-threshold formula and table
against the notes' count of their disagreements (2.4 #4).
"""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

import pytest

from rules.systems.data import load
from rules.systems.kyod import reference
from rules.systems.kyod.scale import add, addition_entry, damage_of, damage_text, logd, subtract, subtraction_entry
from rules.systems.kyod.thresholds import Armour, armoured_threshold
from rules.systems.kyod.wounds import DEFAULT_EFFECTS

DAGGER = "\u2020"
MINUS = "\u2212"

# RULES_NOTES 2.2, "LogD table, full" (the two source quirks, 2.1, are the cells marked "src" there).
NOTES_LOGD = [
    ["1.00", "1.08", "1.17", "1.26", "1.36", "1.47", "1.58", "1.71", "1.85", "2.00"],
    ["2.15", "2.33", "2.51", "2.71", "2.93", "3.16", "3.41", "3.69", "3.98", "4.30"],
    ["4.64", "5.01", "5.41", "5.84", "6.31", "6.81", "7.36", "7.94", "8.58", "9.26"],
    ["10", "11", "12", "13", "14", "15", "16", "17", "18", "20"],
    ["22", "23", "25", "27", "29", "32", "34", "37", "40", "43"],
    ["46", "50", "54", "58", "63", "68", "74", "79", "86", "93"],
    ["100", "110", "120", "130", "140", "150", "160", "170", "180", "200"],
    ["220", "230", "250", "270", "290", "320", "340", "370", "400", "430"],
]
NOTES_QUIRKS = {45: 31, 57: 80}
# RULES_NOTES 2.1, the recovered cells (rows +0 to +20 placed by the formula; rows +30 to +50 verbatim).
RECOVERED = {0: 1, 9: 2, 14: 3, 18: 4, 21: 5, 23: 6, 25: 7, 27: 8, 29: 9,
             **{30 + n: value for n, value in enumerate([10, 11, 12, 13, 14, 15, 16, 17, 18, 20])},
             **{40 + n: value for n, value in enumerate([22, 23, 25, 27, 29, 31, 34, 37, 40, 43])},
             **{50 + n: value for n, value in enumerate([46, 50, 54, 58, 63, 68, 74, 80, 86, 93])},
             **{60 + n: value for n, value in enumerate([100, 110, 120, 130, 140, 150])}}
# RULES_NOTES 2.2, "Integer damage -> LogD (rounded)".
INTEGER_LOGD = {1: 0, 2: 9, 3: 14, 4: 18, 5: 21, 6: 23, 7: 25, 8: 27, 9: 29, 10: 30, 11: 31, 12: 32, 13: 33, 14: 34,
                15: 35, 16: 36, 17: 37, 18: 38, 19: 38, 20: 39, 21: 40, 22: 40, 23: 41, 24: 41, 25: 42, 26: 42, 27: 43,
                28: 43, 29: 44, 30: 44, 31: 45, 32: 45}
# RULES_NOTES 2.2, the Addition and Subtraction tables: (first difference, last difference or None for "and up", entry).
NOTES_ADDITION = [(0, 1, 9), (2, 3, 8), (4, 5, 7), (6, 8, 6), (9, 11, 5), (12, 15, 4), (16, 20, 3), (21, 27, 2),
                  (28, 42, 1), (43, None, 0)]
NOTES_SUBTRACTION = [(1, 1, -34), (2, 2, -25), (3, 3, -21), (4, 4, -17), (5, 5, -15), (6, 6, -13), (7, 7, -11),
                     (8, 8, -10), (9, 9, -9), (10, 10, -8), (11, 12, -7), (13, 13, -6), (14, 16, -5), (17, 18, -4),
                     (19, 22, -3), (23, 28, -2), (29, 42, -1), (43, None, 0)]
LAST_DIFFERENCE = 60


def half_up(value: float, places: int = 0) -> Decimal:
    """``value`` rounded half up to ``places`` decimals, as a person rounds (Python's round() rounds half even)."""
    return Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def cell_text(value: float) -> str:
    """A LogD cell by the notes' rule: two decimals below 10, whole numbers below 100, two significant figures from
    100 up."""
    if value < 10:
        return str(half_up(value, 2))
    if value < 100:
        return str(half_up(value))
    digits = len(str(int(value))) - 2
    return str(int(half_up(value / 10 ** digits)) * 10 ** digits)


def by_formula(difference: int, sign: int) -> int:
    """The table entry by the notes' derivation, round(30 log10(1 ± 10^(-d/30)))."""
    return int(half_up(30 * math.log10(1 + sign * 10 ** (-difference / 30))))


def expand(rows: list[list[str]], first: int) -> dict[int, int]:
    """A printed add/subtract table as {difference: entry} for every difference up to LAST_DIFFERENCE."""
    out: dict[int, int] = {}
    for span, entry in rows:
        value = int(entry.replace(MINUS, "-"))
        if span.endswith("+"):
            low, high = int(span[:-1]), LAST_DIFFERENCE
        else:
            parts = span.split("\u2013")
            low, high = int(parts[0]), int(parts[-1])
        for difference in range(low, high + 1):
            assert difference not in out, f"difference {difference} is in two rows"
            out[difference] = value
    assert sorted(out) == list(range(first, LAST_DIFFERENCE + 1)), "the rows must cover every difference once"
    return out


def from_notes(rows: list[tuple[int, int | None, int]]) -> dict[int, int]:
    return {difference: entry for low, high, entry in rows
            for difference in range(low, (high if high is not None else LAST_DIFFERENCE) + 1)}


# -- the LogD table ------------------------------------------------------------------------------------------

def test_the_logd_table_is_ten_to_the_logd_over_30_cell_by_cell() -> None:
    table = reference.logd_table()
    assert table["header"] == ["LogD"] + [f"+{n}" for n in range(10)]
    assert [row[0] for row in table["rows"]] == [str(start) for start in range(0, 80, 10)]
    for row in table["rows"]:
        for column, text in enumerate(row[1:]):
            value = int(row[0]) + column
            assert text.removesuffix(DAGGER) == cell_text(10 ** (value / 30)), value
            assert damage_text(damage_of(value)) == text.removesuffix(DAGGER)
            assert text.endswith(DAGGER) is (value in NOTES_QUIRKS)


def test_the_logd_table_matches_the_notes_printed_table() -> None:
    printed = [[text.removesuffix(DAGGER) for text in row[1:]] for row in reference.logd_table()["rows"]]
    assert printed == NOTES_LOGD


def test_the_source_quirks_are_marked_and_named() -> None:
    """KY-02: the stored page prints 31 at 45 and 80 at 57; the formula's 32 and 79 are printed with a dagger."""
    table = reference.logd_table()
    assert {int(key): value for key, value in load("kyod")["source_logd_cells"]["cells"].items()} == NOTES_QUIRKS
    for value, source in NOTES_QUIRKS.items():
        assert f"{source} at LogD {value} (the formula gives {NOTES_LOGD[value // 10][value % 10]})" in table["note"]


def test_the_recovered_cells_agree_with_the_formula_but_for_the_two_quirks() -> None:
    for value, damage in RECOVERED.items():
        formula = NOTES_LOGD[value // 10][value % 10]
        if value in NOTES_QUIRKS:
            assert damage == NOTES_QUIRKS[value] and str(damage) != formula
        else:
            assert float(formula) == pytest.approx(damage, abs=0.5) if value < 30 else formula == str(damage)
        assert logd(damage) == value


@pytest.mark.parametrize("damage, value", sorted(INTEGER_LOGD.items()))
def test_integer_damage_looks_up_as_the_notes_say(damage: int, value: int) -> None:
    assert logd(damage) == value == int(half_up(30 * math.log10(damage)))


def test_values_off_the_table_follow_the_seeds_rule() -> None:
    """Below 0 add 30 and divide by 10; above 79 take away 30 and multiply by 10: the same as the formula."""
    for value in range(-90, 0):
        shifts = -(value // 30)
        assert damage_of(value) == pytest.approx(damage_of(value + 30 * shifts) / 10 ** shifts, rel=1e-12)
    for value in range(80, 200):
        shifts = (value - 50) // 30
        assert damage_of(value) == pytest.approx(damage_of(value - 30 * shifts) * 10 ** shifts, rel=1e-12)


@pytest.mark.parametrize("damage", [Fraction(1, 1000), Fraction(1, 7), Fraction(1, 2), Fraction(2), Fraction(21, 2),
                                    Fraction(1000), Fraction(10**9), Fraction(123457, 100)])
def test_logd_of_fractions_and_floats_agree(damage: Fraction) -> None:
    assert logd(damage) == logd(float(damage)) == int(half_up(30 * math.log10(float(damage))))


# -- the Addition and Subtraction tables ---------------------------------------------------------------------

def test_the_addition_table_is_the_formula_for_every_difference() -> None:
    table = reference.addition_table()
    printed = expand(table["rows"], 0)
    assert printed == {difference: by_formula(difference, +1) for difference in range(LAST_DIFFERENCE + 1)}
    assert printed == {difference: addition_entry(difference) for difference in range(LAST_DIFFERENCE + 1)}
    assert printed == from_notes(NOTES_ADDITION)
    assert [row[0] for row in table["rows"]] == [f"{low}\u2013{high}" if high else f"{low}+"
                                                 for low, high, _ in NOTES_ADDITION]


def test_the_subtraction_table_is_the_formula_for_every_difference() -> None:
    table = reference.subtraction_table()
    assert table["rows"][0] == ["0 or less", "all of it is stopped"]
    printed = expand(table["rows"][1:], 1)
    assert printed == {difference: by_formula(difference, -1) for difference in range(1, LAST_DIFFERENCE + 1)}
    assert printed == {difference: subtraction_entry(difference) for difference in range(1, LAST_DIFFERENCE + 1)}
    assert printed == from_notes(NOTES_SUBTRACTION)
    assert [row[0] for row in table["rows"][1:]] == [
        (f"{low}+" if high is None else str(low) if low == high else f"{low}\u2013{high}")
        for low, high, _ in NOTES_SUBTRACTION]


def test_the_tables_stay_at_zero_past_the_printed_rows() -> None:
    """'43+' is honest: both entries stay 0 for every difference past the last printed one."""
    assert all(addition_entry(difference) == 0 for difference in range(43, 400))
    assert all(subtraction_entry(difference) == 0 for difference in range(43, 400))
    assert addition_entry(-7) == addition_entry(7)
    with pytest.raises(ValueError):
        subtraction_entry(0)


def test_the_seeds_own_checks() -> None:
    """The broadsword's d = 1 adds 9; the barrier's d = 12 takes 7 (RULES_NOTES 2.2)."""
    assert add(10, 9) == 19 and subtract(30, 18) == 23


def linear_sum(first: int, second: int) -> float:
    return 30 * math.log10(10 ** (first / 30) + 10 ** (second / 30))


def test_add_is_the_linear_sum_rounded_for_a_wide_range() -> None:
    for first in range(-120, 241, 3):
        for second in range(first - 70, first + 71):
            total = add(first, second)
            assert total == int(half_up(linear_sum(first, second))), (first, second)
            assert total == add(second, first) >= max(first, second)


def test_subtract_is_the_linear_difference_rounded_for_a_wide_range() -> None:
    for first in range(-120, 241, 3):
        for second in range(first - 70, first + 71):
            left = subtract(first, second)
            if second >= first:
                assert left is None, (first, second)
                continue
            exact = 30 * math.log10(10 ** (first / 30) - 10 ** (second / 30))
            assert left == int(half_up(exact)), (first, second)
            assert left is not None and left <= first


# -- armoured thresholds: the formula against the Addition table (RULES_NOTES 2.4 #4, D-KY-2) --------------

def test_the_formula_and_the_table_differ_in_1360_of_9100_cells_by_one_at_most() -> None:
    differing = 0
    for dr in range(1, 101):
        armour = Armour((Fraction(dr),))
        for raw in range(-10, 81):
            formula = armoured_threshold(raw, armour, "formula", "sum")
            table = armoured_threshold(raw, armour, "table", "sum")
            assert formula == int(half_up(30 * math.log10(dr + 10 ** (raw / 30))))
            assert table == add(raw, logd(dr)) == max(raw, logd(dr)) + by_formula(abs(raw - logd(dr)), +1)
            assert abs(formula - table) <= 1, (dr, raw, formula, table)
            differing += formula != table
    assert differing == 1360


def test_the_seeds_armoured_example() -> None:
    """ST 10 in DR 4 (LogD 18): 22, 24, 26, 28, 31, ... by the formula (RULES_NOTES 2.2)."""
    armour = Armour((Fraction(4),))
    assert [armoured_threshold(5 * level, armour, "formula", "sum") for level in range(1, 13)] == \
        [22, 24, 26, 28, 31, 34, 38, 42, 47, 51, 56, 61]
    assert [armoured_threshold(5 * (level - 1), armour, "formula", "sum") for level in range(1, 13)] == \
        [21, 22, 24, 26, 28, 31, 34, 38, 42, 47, 51, 56]


@pytest.mark.parametrize("layers, summed, logadded", [
    ((4, 2), 23, add(18, 9)), ((4, 4), 27, 27), ((1, 1, 1), 14, add(add(0, 0), 0)), ((100, 3), 60, add(60, 14)),
])
def test_layers_are_summed_or_log_added(layers: tuple[int, ...], summed: int, logadded: int) -> None:
    """D-KY-9: several layers' DR summed then looked up (default), or each looked up and log-added."""
    armour = Armour(tuple(Fraction(layer) for layer in layers))
    assert armour.logd("sum") == summed == logd(sum(layers))
    assert armour.logd("log_add") == logadded
    assert Armour(()).logd("sum") is None and Armour((Fraction(0),)).logd("sum") is None


# -- the other printed tables ----------------------------------------------------------------------------------

def signed(value: int) -> str:
    return f"{value:+d}".replace("-", MINUS)


def test_the_attack_stats_table_is_the_seeds_lists() -> None:
    """Seed, 'Attack Stats': the WMs by damage type and the Pen and WM of each armour divisor; the locations of
    'Basic Damage Resolution' step 4."""
    rows = {row[0]: (row[2], row[3]) for row in reference.modifiers_table()["rows"]}
    wms = {"pi-": -2, "bu": 0, "burn": 0, "cor": 0, "cr": 0, "pi": 0, "tox": 0, "cut": 1, "pi+": 1, "imp": 2,
           "pi++": 2}
    for kind, wm in wms.items():
        if kind != "bu":                      # the seed's "Bu" is written burn in GURPS
            assert rows[kind] == ("+0", signed(wm)), kind
    divisors = {"(0.5)": (-10, 2), "(2)": (10, -2), "(3)": (15, -3), "(5)": (20, -4), "(10)": (30, -6)}
    for divisor, (pen, wm) in divisors.items():
        assert rows[divisor] == (signed(pen), signed(wm))
        assert pen == -5 * wm                  # each 5 Pen is worth 1 WM: wounding-neutral unarmoured
    assert (rows["limb"], rows["vitals"], rows["skull"]) == (("+0", signed(-2)), ("+0", "+2"), ("+0", "+3"))


def effect_row(level: int) -> dict[str, Any]:
    return DEFAULT_EFFECTS[min(level, len(DEFAULT_EFFECTS)) - 1].to_dict()


def test_the_default_effects_are_the_notes_derived_table() -> None:
    """D-KY-14: 1-4 shock -1..-4; 5 major wound; 6 and 7 add consciousness checks; 8, 9, 10 one, two and three
    death checks; 11+ dead."""
    assert len(DEFAULT_EFFECTS) == 11
    for level in range(1, 5):
        assert effect_row(level) | {"words": ""} == {"words": "", "shock": level, "major": False,
                                                      "consciousness": False, "death_checks": 0, "dead": False}
    assert (effect_row(5)["major"], effect_row(5)["consciousness"]) == (True, False)
    assert all(effect_row(level)["consciousness"] and effect_row(level)["major"] for level in range(6, 12))
    assert [effect_row(level)["death_checks"] for level in range(1, 12)] == [0] * 7 + [1, 2, 3, 0]
    assert [effect_row(level)["dead"] for level in range(1, 14)] == [False] * 10 + [True] * 3
    assert all(effect_row(level)["shock"] == 4 for level in range(5, 12))
    printed = reference.effects_table()
    assert printed["rows"][0] == ["0 or less", "Scratch: no mechanical effect"]
    assert [row[0] for row in printed["rows"][1:]] == [str(level) for level in range(1, 11)] + ["11+"]


def test_the_effects_scale_is_the_notes_derivation() -> None:
    """D-KY-14's derivation at ST 10 (HP 10): the level-k threshold is 10^(5k/30) damage, 10^((k-6)/6) x HP, so
    level 6 is a blow of HP, level 5 more than HP/2 and level 8 about 2 x HP."""
    for level in range(1, 12):
        assert damage_of(5 * level) / 10 == pytest.approx(10 ** ((level - 6) / 6), rel=1e-12)
    assert damage_of(30) == pytest.approx(10) and 5 < damage_of(25) < 10 and 20 <= damage_of(40) < 30


def test_every_printed_table_cites_its_source() -> None:
    data = load("kyod")
    for name, table in data.items():
        if isinstance(table, dict) and name not in ("_source", "blocks"):
            assert "_cite" in table, name
    assert all("source" in row for row in data["weapons"])
    assert all("source" in row for row in data["blocks"]["rows"])     # the stat blocks cite each their own
    for table in reference.tables():
        assert table["caption"] and table["rows"] and all(len(row) == len(table["header"]) for row in table["rows"])
        assert not re.search(r"\bNone\b|nan", str(table["rows"]))
