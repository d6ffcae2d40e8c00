"""The field readers every input passes through: whole numbers, text, and what a message may repeat."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import fields
from rules.api import call
from rules.errors import BadField

MESSAGE_ECHO = 45            # shown() quotes at most 40 characters, plus quotes and an ellipsis


def read_integer(value: Any, low: int = -8, high: int = 8) -> int:
    return fields.integer({"skill": value}, "skill", "sheet.skill", low, high)


# -- bug 1: whole numbers --------------------------------------------------------------------------


@pytest.mark.parametrize("value, number", [
    (2, 2), (-3, -3), ("2", 2), (" +2 ", 2), ("-8", -8), ("007", 7), ("+0", 0), ("-0", 0), (4.0, 4), ("\t5\n", 5),
])
def test_whole_numbers_as_numbers_or_plain_text(value: Any, number: int) -> None:
    assert read_integer(value) == number


@pytest.mark.parametrize("value", [
    "+-2", "--2", "-+2", "++2", "²", "2²", "٣", "３", "2.5", "1e3", "1_0", "0x1", "", "   ", "+", "-", "two",
    "1" * 16, True, False, None, 2.5, float("nan"), float("inf"), -float("inf"), 1e300, [2], {"value": 2},
])
def test_anything_else_is_refused_with_our_message(value: Any) -> None:
    with pytest.raises(BadField) as caught:
        read_integer(value)
    assert caught.value.field == "sheet.skill"
    assert "whole number from -8 to 8" in caught.value.message


@pytest.mark.parametrize("text", ["+-2", "--2", "²"])
def test_odd_numbers_typed_into_a_sheet_come_back_as_a_field_error(text: str) -> None:
    """The issue's three reproducers, through the API: an error at sheet.skill, not an internal one."""
    encounter = json.loads(call("new", '{"system": "typed"}'))["result"]["encounter"]
    answer = json.loads(call("add", json.dumps({"encounter": encounter, "sheet": {"name": "Ogre", "skill": text}})))
    assert answer["ok"] is False
    assert answer["error"]["kind"] == "bad_field" and answer["error"]["field"] == "sheet.skill", answer


# -- bug 2: a message never repeats much of the input, and quoting never fails -----------------------


@pytest.mark.parametrize("number, words", [
    (10**400, "a 401-digit number"), (-(10**400), "a 401-digit negative number"), (10**15, "a 16-digit number"),
    (10**15 - 1, "999999999999999"), (10**5000, "a 5001-digit number"), (10**100_000 - 1, "a 100000-digit number"),
], ids=lambda value: value if isinstance(value, str) else "number")
def test_huge_numbers_are_described_by_their_length(number: int, words: str) -> None:
    with pytest.raises(BadField) as caught:
        read_integer(number)
    assert words in caught.value.message
    assert len(caught.value.message) < 120


def test_numbers_too_long_for_python_to_write_out_do_not_break_a_message() -> None:
    """Python 3.11 refuses str() of an int over 4300 digits; shown() never calls it on one."""
    limit = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 4300
    huge = 10 ** (limit + 10)
    assert fields.shown(huge) == f"a {limit + 11}-digit number"
    assert fields.shown([huge]) == "a list of 1 item"
    with pytest.raises(BadField):
        fields.choice({"track": huge}, "track", "options.track", ("A", "B"))
    with pytest.raises(BadField):
        fields.flag({"slow": huge}, "slow", "slow_strike")


@pytest.mark.parametrize("value", ["x" * 1000, "<b>" * 300, "\ud800" * 100, "'" * 80 + '"' * 80, "é" * 500])
def test_long_text_is_cut_in_every_message(value: str) -> None:
    for read in (lambda: fields.choice({"k": value}, "k", "options.track", ("A", "B")),
                 lambda: read_integer(value),
                 lambda: fields.flag({"k": value}, "k", "slow_strike")):
        with pytest.raises(BadField) as caught:
            read()
        assert len(caught.value.message) < 160, caught.value.message
        assert value[:MESSAGE_ECHO] not in caught.value.message
        caught.value.message.encode("utf-8")


# Hypothesis writes out sampled values in its own messages, so the numbers too long to write out are made by map.
beyond_str = st.integers(4301, 6000).map(lambda digits: -(10**digits) if digits % 2 else 10**digits)


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text() | beyond_str |
                    st.sampled_from([-(10**401), "\ud800", "\udfff" * 50, "x" * 5000]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=10))
def test_shown_is_short_never_raises_and_is_plain_text(value: Any) -> None:
    quoted = fields.shown(value)
    assert len(quoted) <= MESSAGE_ECHO
    quoted.encode("utf-8")


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.integers(), st.floats(), st.text(), beyond_str, st.sampled_from(["+-2", "--2", "²", "\ud800"]),
                 st.lists(st.integers(), max_size=3), st.none(), st.booleans()))
def test_every_reader_returns_or_raises_bad_field_with_a_short_message(value: Any) -> None:
    readers = [
        lambda: fields.integer({"k": value}, "k", "sheet.skill", -8, 8),
        lambda: fields.text({"k": value}, "k", "sheet.name"),
        lambda: fields.flag({"k": value}, "k", "slow_strike"),
        lambda: fields.choice({"k": value}, "k", "options.track", ("A", "B")),
        lambda: fields.mapping(value, "sheet"),
    ]
    for read in readers:
        try:
            read()
        except BadField as error:
            assert len(error.message) < 200, error.message
            error.message.encode("utf-8")


# -- bug 3: text that is not valid Unicode ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["\ud800", "Og\udfffre", "\udc00\ud800", "a" * 10 + "\udbff"])
def test_a_lone_surrogate_in_text_is_refused_in_plain_words(name: str) -> None:
    with pytest.raises(BadField) as caught:
        fields.text({"name": name}, "name", "sheet.name")
    assert caught.value.field == "sheet.name"
    assert caught.value.message == ("the name contains a character that is not valid text; "
                                    "retype it or paste it again")


def test_a_surrogate_pair_written_as_escapes_is_one_good_character() -> None:
    name = json.loads('"Ogre \\ud83d\\ude00"')
    assert fields.text({"name": name}, "name", "sheet.name") == "Ogre \U0001f600"


def test_text_keeps_markup_and_collapses_spaces() -> None:
    assert fields.text({"name": "  <b>Ogre</b>\n the  Big "}, "name", "sheet.name") == "<b>Ogre</b> the Big"


def test_a_lone_surrogate_sent_to_the_api_is_a_field_error_not_an_internal_one() -> None:
    encounter = json.loads(call("new", '{"system": "typed"}'))["result"]["encounter"]
    text = json.dumps({"encounter": encounter, "sheet": {"name": "\ud800"}})     # the escape \ud800
    answer = json.loads(call("add", text))
    assert answer["ok"] is False and answer["error"]["kind"] != "internal", answer


@pytest.mark.parametrize("field, words", [
    ("sheet.name", "the name"), ("sheet.weapons[2].notation", "the notation of weapon 3"),
    ("sheet.armour.notation", "the notation of the armour"), ("margin_of_success", "the margin of success"),
])
def test_messages_name_fields_in_plain_words(field: str, words: str) -> None:
    """No field paths such as sheet.name reach a person: messages use the words for the field."""
    with pytest.raises(BadField) as caught:
        fields.text({}, "x", field)
    assert caught.value.message.startswith(words) and caught.value.field == field
    assert "." not in caught.value.message.split(";")[0] and "_" not in caught.value.message
