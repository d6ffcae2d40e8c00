"""Fuzzing the JSON API: whatever text arrives, every method answers with data, never a crash.

Every method in ``rules.api.METHODS`` (so a method added later is covered
without touching this file) gets two kinds of request:

(a) arbitrary JSON: objects whose keys are partly the real request keys, full
    of nasty values (lone surrogates, "²", "+-2", 10**400, NaN, deep nesting,
    markup), plus raw texts that are not JSON at all;
(b) a valid request for the method, built through the API from a real
    encounter (two Typed Damage combatants, attacks made through the API),
    with one or two fields anywhere inside it (the encounter document, a
    sheet, the inputs) replaced, removed or joined by an arbitrary value, so
    the fuzzer reaches the code behind the first checks.

Every answer must be UTF-8-encodable JSON text (no NaN), shaped
``{"ok": true, "result": ...}`` or ``{"ok": false, "error": {"kind": k, ...}}``
with ``k`` one of our error kinds and never ``internal``, and an error must
not echo a long stretch of what was sent.

To cover a new method deeply, add a line to ``VALID`` (fuzz_requests.py); a method
missing from it is fuzzed with (a) only, and its (b) test is skipped with a reminder.
"""

from __future__ import annotations

import copy
import json
import math
import os
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from rules import errors
from rules.api import METHODS, call

from .fuzz_requests import (CAR, CLUB, COLD, CYRUS, KNIGHT, ON_THE_CAR, SHOT, SLASH, THRUST, THUG, VALID, as_link, base,
                            kyod_base, valid)

EXAMPLES = int(os.environ.get("WOUNDBOOK_FUZZ_EXAMPLES", 1000))   # per method and strategy: 2000 a method
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much, HealthCheck.large_base_example])


def _kinds(cls: type[errors.RulesError]) -> set[str]:
    return {cls.kind}.union(*(_kinds(sub) for sub in cls.__subclasses__()))


# Every kind our errors carry, plus the envelope's own "bad_request" (text that is not a JSON object).
KINDS = _kinds(errors.RulesError) | {"bad_request"}
# Messages quote at most about 40 characters of an input, but may name a combatant (names run to 60), so the
# check below flags an error that repeats 61 characters of anything sent.
ECHO = 61

# -- values worth trying ------------------------------------------------------------------------------

REQUEST_KEYS = ["system", "encounter", "sheet", "id", "action", "inputs", "dice", "faces", "seed", "options",
                "link", "fragment", "file", "text", "level", "reason", "encounter_key", "log_held"]
NASTY_STRINGS = [
    "", " ", "\t\n", "\ud800", "\udfff", "a\ud800b", "\ud83d\ude00", "\U0001f600", "²", "+-2", "--2", "-+2", "٣",
    "0x10", "1e3", "1_000", " 2 ", "+2", "-0", "2.5", "NaN", "Infinity", "null", "true", "\u0000", "\u202e",
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "Z" * 300, "é" * 70, "9" * 400,
    "c1", "c2", "c3", "c²", "c٣", " c1", "c1 ", "c0", "c-1", "c99999999999", "C1",
    "typed", "attack", "app", "given", "A", "B", "*+", "-*", "typed", "rolled", "automatic",
    "e1.", "e1.AAAA", "#e1.x", "e9.abc", "Z" * 300 + ".AAAA", "3-/2+", "4B(AP)", "6E*+(Fire)", "0*", "30E-*+",
    "31-", "²-",
    "--**++(H vs. Arrows, H vs. Bolts)", "XXX(H, Ab)", "EEE(Fire, Fire)", "--(H, H vs. Arrows)", "none",
    "EEEEEEEEEE(Fire, Ab)", "[-][ ][+]", "++++", "-0+0", "[x]", "d6", "dF", "mark", "clear", "Hurt",
    "Incapacitated", "Scratched", "edit", "add", "remove", "action",
    "megatraveller", "hit", "recover", "compare", "stun 1", "consciousness 1", "recovery", "45398C", "FFFFFF", "ZZZZZZ",
    "fudge", "round", "foe2", "npcs", "damage_foe", "size 2, sharp", "power 3, auto 20", "+4, magic 1", "size -31",
    "near_death", "all_out_offense", "unaware", "min_mid_max", "Superb+2",
    "sla", "shoot", "0,3", "2,1", "-9,9", "0, 3", "skill Pistol, RNG 20, RCL 2, PEN 4, DAM 6", "PV 7, ID 30, head",
    "PV 99, ID -1", "stormer_711", "vevaphon", "Pistol 6, Marksman 99", "heap", "wild", "extract", "Success die",
    "0/0", "9/6", "99999/99999", "2/5 + 1/2", "3N", "200", "stun_slow", "rouse", "loco2", "hull", "vehicle", "person",
]
HUGE = 10**4299          # the largest int JSON text can carry (4300 digits) in Python 3.11
NASTY_NUMBERS: list[Any] = [0, 1, -1, 2, 3, 20, 21, 40, 2000, 2001, 10**15, 10**400, -10**400, HUGE, -HUGE,
                            2**63, -2**63, 0.5, -0.0, 1.0, 2.0000001, 1e15, 1e308, -1e308,
                            math.nan, math.inf, -math.inf, True, False, None]
DEEP = "@@deep@@"        # replaced in the request text by brackets nested this deep:
DEPTHS = [30, 200, 900, 960, 975, 985, 990, 995, 5000, 60000]     # near 1000: Python's own recursion limit
RAW_TEXTS = ["", "   ", "[1, 2", "{", "nul", "[]", "1", '"text"', "null", "{}}", '{"a": 1,}', "\ufeff{}",
             '{"a": "\ud800"}', '{"a": "\\ud800"}', '{"a": "\\udc00\\ud800"}', '{"a": 1' + "0" * 5000 + "}",
             '{"a": NaN, "b": -Infinity}', '{"system": "typed", "system": "x"}', "[" * 100_000 + "]" * 100_000,
             " " * 1_000_001]


NASTY_CONTAINERS: list[Any] = [
    [], {}, [[]], [{}], {"": None}, [None], [1, 2, 3], ["+", "-", "0", "+"], list(range(300)), ["Z" * 300] * 3,
    {f"k{n}": n for n in range(60)}, {"\ud800": 1}, {"name": "\ud800"}, {"notation": "²"}, [DEEP], {"a": DEEP},
    {"damage": "++"}, {"damage": ["+"] * 201}, {"attack": "+0-0", "defence": "0000"}, [[[[[[[[[[[[[1]]]]]]]]]]]]],
]


# Text drawn code point by code point from these ranges: ASCII, Latin-1, digits of other scripts, lone
# surrogates, astral characters, controls and bidi marks.
CODE_POINTS = [(0x20, 0x7E), (0xA0, 0xFF), (0x660, 0x669), (0xD800, 0xDFFF), (0x1F600, 0x1F64F), (0x0, 0x1F),
               (0x200B, 0x202E)]
CODE_POINT_WEIGHTS = [60, 10, 5, 2, 5, 5, 3]      # lone surrogates are refused at the door: keep them rare


def random_json(seed: int, keys: list[str]) -> Any:
    """A random JSON value from a seed: quick to make, where hypothesis would spend a draw on every part."""
    rng = random.Random(seed)
    pool = NASTY_STRINGS + NASTY_NUMBERS + NASTY_CONTAINERS

    def text() -> str:
        ranges = rng.choices(CODE_POINTS, CODE_POINT_WEIGHTS, k=rng.randrange(9))
        return "".join(chr(rng.randint(low, high)) for low, high in ranges)

    def make(depth: int) -> Any:
        roll = rng.random()
        if depth < 3 and roll < 0.2:
            return [make(depth + 1) for _ in range(rng.randrange(5))]
        if depth < 3 and roll < 0.4:
            return {rng.choice(keys) if rng.random() < 0.8 else text(): make(depth + 1)
                    for _ in range(rng.randrange(5))}
        if roll < 0.65:
            return copy.deepcopy(rng.choice(pool))
        if roll < 0.75:
            return rng.randint(-(10 ** rng.randrange(1, 30)), 10 ** rng.randrange(1, 30))
        if roll < 0.8:
            return rng.uniform(-1e6, 1e6)
        return text()

    return make(0)


# Each hypothesis draw costs time (about a millisecond per request here, before the API runs), so a value
# is mostly one draw: a nasty value whole, a seed for random_json, or now and then a small value that
# hypothesis builds (and can shrink) itself.  That keeps 2000 requests per method near a minute in all.
strings = st.one_of(st.sampled_from(NASTY_STRINGS), st.text(max_size=6))
nasty = st.sampled_from(NASTY_STRINGS + NASTY_NUMBERS + NASTY_CONTAINERS)
leaves = st.one_of(nasty, st.integers(), st.floats(), strings)


def json_values(keys: list[str]) -> st.SearchStrategy[Any]:
    key = st.sampled_from(keys)
    built = st.recursive(leaves, lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(key, inner, max_size=3)), max_leaves=4)
    seeded = st.integers(0, 2**32).map(lambda seed: random_json(seed, keys))
    return st.one_of(*[nasty] * 5, *[seeded] * 5, leaves, built)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place inside a JSON value: dict keys and list indexes, outermost first."""
    if prefix:
        yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from paths(inner, prefix + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from paths(inner, prefix + (index,))


def _keys_in(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(_keys_in(inner) for inner in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys_in(inner) for inner in value))
    return set()


@cache
def known_keys() -> list[str]:
    """The request keys, and every key a real request holds at any depth."""
    cases = [case.request for method in VALID for case in valid(method)]
    return sorted(set(REQUEST_KEYS).union(*(_keys_in(request) for request in cases)))


@cache
def key_pool() -> list[str]:
    return known_keys() + NASTY_STRINGS[:40]


@cache
def keys() -> st.SearchStrategy[str]:
    return st.sampled_from(key_pool())


@cache
def values() -> st.SearchStrategy[Any]:
    """Arbitrary JSON, built once: hypothesis re-checks a strategy each time one is made."""
    return json_values(key_pool())


# (how, path, key, value): "replace" the value at path, "remove" it, or add key: value to the object at path.
Mutation = tuple[str, tuple[Any, ...], str, Any]


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    """The value at ``path``, or None when an earlier change moved it."""
    for step in path:
        if isinstance(value, dict) and step in value or isinstance(value, list) and isinstance(step, int) \
                and step < len(value):
            value = value[step]
        else:
            return None
    return value


def mutated(request: dict[str, Any], mutations: list[Mutation]) -> dict[str, Any]:
    changed = json.loads(json.dumps(request))          # a deep copy, quicker than copy.deepcopy for JSON
    for how, path, key, shared in mutations:
        value = copy.deepcopy(shared)      # drawn values may be the nasty lists' own objects: never change those
        if how == "extra":
            target = _at(changed, path)
            if isinstance(target, dict):
                target[key] = value
            continue
        if not path:
            continue
        parent, last = _at(changed, path[:-1]), path[-1]
        if isinstance(parent, dict) and last in parent or \
                isinstance(parent, list) and isinstance(last, int) and last < len(parent):
            if how == "replace":
                parent[last] = value
            else:
                del parent[last]
    return changed


# -- what every answer must look like -----------------------------------------------------------------


def _no_constants(name: str) -> Any:
    raise AssertionError(f"the answer holds {name}, which is not JSON")


def _long_inputs(value: Any) -> Iterator[str]:
    """Stretches of the request an error must not echo: long plain text and the digits of long numbers."""
    if isinstance(value, str):
        if len(value) >= ECHO and value.isascii() and value.isprintable() and "'" not in value and "\\" not in value:
            yield value[:ECHO]
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**ECHO:
        yield str(abs(value))[:ECHO]
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield from _long_inputs(key)
            yield from _long_inputs(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _long_inputs(inner)


def check(method: str, text: str, sent: Any = None) -> dict[str, Any]:
    """Call the API and hold its answer to the contract; return the parsed answer."""
    answer = call(method, text)
    assert isinstance(answer, str)
    answer.encode("utf-8")                    # UnicodeEncodeError: a lone surrogate got into the answer
    parsed = json.loads(answer, parse_constant=_no_constants)
    assert isinstance(parsed, dict) and parsed.get("ok") in (True, False), parsed
    if parsed["ok"]:
        assert set(parsed) == {"ok", "result"}, set(parsed)
        return parsed
    error = parsed["error"]
    assert isinstance(error, dict), parsed
    assert error.get("kind") in KINDS - {"internal"}, error
    assert isinstance(error.get("message"), str) and error["message"], error
    for stretch in _long_inputs(sent):
        assert stretch not in error["message"] and stretch not in str(error.get("field")), \
            f"the error echoes {len(stretch)}+ characters of the request: {error}"
    return parsed


def request_text(request: Any, ascii_only: bool, depth: int) -> str:
    text = json.dumps(request, ensure_ascii=ascii_only)
    return text.replace(json.dumps(DEEP), "[" * depth + "]" * depth)


# -- (a) arbitrary JSON -------------------------------------------------------------------------------


def random_request(seed: int, keys: list[str], real: list[Any]) -> dict[str, Any]:
    """A random request object from a seed: real keys mostly, values random or taken from a real request."""
    rng = random.Random(seed)
    return {rng.choice(keys): copy.deepcopy(rng.choice(real)) if rng.random() < 0.2
            else random_json(rng.randrange(2**32), keys) for _ in range(rng.randrange(6))}


@cache
def arbitrary_requests() -> st.SearchStrategy[Any]:
    made = base()
    real = [made.fought, made.roster, as_link({"link": made.fought})["link"], CYRUS, SLASH, COLD, "typed",
            "attack", "c1", "c2", made.traveller, THUG, CAR, CLUB, ON_THE_CAR, "megatraveller", "hit",
            kyod_base(), KNIGHT, SHOT, THRUST, "kyod", "penetration", "cascade 1"]
    seeded = st.integers(0, 2**32).map(lambda seed: random_request(seed, key_pool(), real))
    built = st.dictionaries(keys(), st.one_of(values(), st.sampled_from(real)), max_size=3)
    return st.one_of(*[seeded] * 10, built, values())


def _sent(drawn: tuple[Any, bool, int]) -> tuple[str, Any]:
    request, ascii_only, depth = drawn
    return request_text(request, ascii_only, depth), request


def texts_of(requests: st.SearchStrategy[Any]) -> st.SearchStrategy[tuple[str, Any]]:
    """(request text, request): JSON text with or without escapes, deep nesting where DEEP was drawn."""
    return st.tuples(requests, st.booleans(), st.sampled_from(DEPTHS)).map(_sent)


# Strategies that need the real encounter are deferred to the first test that runs, not made at import.
arbitrary_texts = st.one_of(st.sampled_from(RAW_TEXTS).map(lambda text: (text, None)),
                            *[texts_of(st.deferred(lambda: arbitrary_requests()))] * 12)


@pytest.mark.parametrize("method", sorted(METHODS))
@FUZZ
@given(sent=arbitrary_texts)
def test_arbitrary_json_gets_an_answer_never_a_crash(method: str, sent: tuple[str, Any]) -> None:
    check(method, *sent)


# -- (b) a valid request with one or two fields changed -----------------------------------------------

# (how, where, key, value): "where" picks one of the request's places (its index wraps round the list).
change = st.tuples(st.sampled_from(["replace", "replace", "replace", "remove", "extra"]), st.integers(0, 2**16),
                   st.deferred(lambda: keys()), st.deferred(lambda: values()))
changes_of = st.one_of(change.map(lambda one: [one]), change.map(lambda one: [one]),
                       st.lists(change, min_size=2, max_size=2))


@cache
def places(method: str, which: int) -> list[tuple[Any, ...]]:
    """Every place in one of the method's valid requests; () is the request itself (for "extra")."""
    return [()] + sorted(paths(valid(method)[which].request), key=repr)


@pytest.mark.parametrize("method", sorted(METHODS))
@FUZZ
@given(which=st.integers(0, 15), changes=changes_of, ascii_only=st.booleans(), depth=st.sampled_from(DEPTHS))
def test_valid_requests_with_a_field_changed_get_an_answer(method: str, which: int,
                                                           changes: list[tuple[str, int, str, Any]],
                                                           ascii_only: bool, depth: int) -> None:
    if method not in VALID:
        pytest.skip(f"no valid request for {method!r} in VALID: fuzzed with arbitrary JSON only; add one")
    cases = valid(method)
    which %= len(cases)
    where = places(method, which)
    resolved = [(how, where[index % len(where)], key, value) for how, index, key, value in changes]
    note(f"changes to valid {method!r} request {which}: {resolved!r}"[:2000])
    request = cases[which].finish(mutated(cases[which].request, resolved))
    check(method, request_text(request, ascii_only, depth), request)


def test_every_valid_request_is_valid() -> None:
    """The table itself: each request works unchanged, so (b) starts from a real request."""
    made = base()
    for method, make in VALID.items():
        if method in METHODS:
            for case in make(made):
                answer = check(method, json.dumps(case.finish(case.request)))
                assert answer["ok"] and "needs" not in answer["result"], (method, answer)
