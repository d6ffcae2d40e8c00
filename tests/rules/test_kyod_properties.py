"""Know Your Own Damage invariants over many inputs (hypothesis).

The level a penetration reaches is checked through ``hit.land`` (barriers, armour, wound modifiers: the
resolver's own steps) under every combination of the options the notes list; the cascade through
``wounds.cascade`` against the seed's stopping rule; everything that involves the log (replay, share links,
healing, odds, refusals) through the public API.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from itertools import product
from typing import Any

from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from rules.api import call
from rules.encounter import Encounter
from rules.errors import RulesError
from rules.systems.kyod.attack import attack_stats, parse_weapon
from rules.systems.kyod.hit import Hit, land
from rules.systems.kyod.options import Options
from rules.systems.kyod.scale import subtract, subtraction_entry
from rules.systems.kyod.sheet import Sheet
from rules.systems.kyod.thresholds import Armour, armoured_threshold, raw_threshold
from rules.systems.kyod.wounds import CASCADE_UP, DEFAULT_EFFECTS, Effect, cascade, effect_at

from .helpers import act, card, ok, settled
from .test_kyod_vectors import encounter_of, held, threshold_row, typed

SCALE = int(os.environ.get("WOUNDBOOK_KYOD_SCALE", 1))       # a longer hunt: WOUNDBOOK_KYOD_SCALE=20
QUICK = settings(max_examples=150 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=40 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KINDS = ("bad_field", "unknown_combatant")

LABELS = ("detailed", "quick")
ARMOURED = ("formula", "table")
METHODS = ("thresholds", "subtraction")
LAYERS = ("sum", "log_add")
ALL_OPTIONS = [Options(labels=labels, armoured=armoured, armour_method=method, layers=layers)
               for labels, armoured, method, layers in product(LABELS, ARMOURED, METHODS, LAYERS)]


def target(strength: int, layers: tuple[int, ...], structure: str = "living", reduction: int = 0) -> Sheet:
    return Sheet(name="T", st=strength, armour=Armour(tuple(Fraction(layer) for layer in layers)),
                 structure=structure, reduction=reduction)


def level(pen: int, sheet: Sheet, options: Options, notation: str = "3d+0[+0]", barriers: tuple[int, ...] = (),
          location: str = "torso", ignores_dr: bool = False) -> int:
    """The wound level a penetration leaves (0: a scratch or stopped; a level pushed below 1 by the modifiers is a
    scratch too, whatever negative number the landing carries)."""
    hit = Hit("", "c1", None, notation, 10, location, tuple(Fraction(b) for b in barriers), ignores_dr)
    return max(0, land(pen, hit, hit.attack(options), sheet, options).level)


strengths = st.integers(1, 60)
layer_lists = st.lists(st.integers(0, 300), max_size=3).map(tuple)
barrier_lists = st.lists(st.integers(1, 200), max_size=2).map(tuple)
pens = st.integers(-40, 160)
notations = st.sampled_from(["3d+0[+0]", "3d+0[+2] imp", "3d+0[\u22122] pi-", "3d+0[+1] cut", "3d+0[+0] pi"])
structures = st.sampled_from(["living", "unliving", "homogeneous", "diffuse"])
locations = st.sampled_from(["torso", "limb", "vitals", "skull"])


# -- the level a penetration reaches ----------------------------------------------------------------------

@QUICK
@example(1, (), (), -5, 1, "3d+0[\u22122] pi-", "living", "torso")      # basic 1 less 2 is a scratch, as is basic 0
@given(strengths, layer_lists, barrier_lists, pens, st.integers(1, 30), notations, structures, locations)
def test_more_penetration_never_lowers_the_level(strength: int, layers: tuple[int, ...], barriers: tuple[int, ...],
                                                 pen: int, more: int, notation: str, structure: str,
                                                 location: str) -> None:
    sheet = target(strength, layers, structure)
    for options in ALL_OPTIONS:
        for ignores in (False, True):
            low = level(pen, sheet, options, notation, barriers, location, ignores)
            high = level(pen + more, sheet, options, notation, barriers, location, ignores)
            assert low <= high, (options, ignores, low, high)


@QUICK
@example(10, (40,), 1, 48)      # DR 40 alone stops penetration 48 at a scratch; with a DR 1 layer over it, level 1
@given(strengths, layer_lists, st.integers(1, 300), pens)
def test_more_armour_never_raises_the_level(strength: int, layers: tuple[int, ...], extra: int, pen: int) -> None:
    """A thicker layer, or one more layer, never lets more through: on the Armoured table (both methods), by
    subtraction, the layers summed or log-added (D-KY-9)."""
    sheet = target(strength, layers)
    thicker = target(strength, tuple(layer + extra if index == 0 else layer for index, layer in enumerate(layers))
                     if layers else (extra,))
    more_layers = target(strength, layers + (extra,))
    for options in ALL_OPTIONS:
        base = level(pen, sheet, options)
        assert level(pen, thicker, options) <= base, (options, "thicker")
        assert level(pen, more_layers, options) <= base, (options, "one more layer")


def test_a_thin_layer_over_armour_does_not_let_more_through() -> None:
    """The same as the example above, through the API: ST 10, penetration 48 (3d+38 rolling 10), layers log-added.
    DR 40 alone: the first armoured threshold is 49, a scratch.  DR 40 + 1 is more armour and must not wound more."""
    levels = {}
    for armour in ("40", "40 + 1"):
        encounter = encounter_of({"name": "Knight", "st": 10, "armour": armour}, options={"layers": "log_add"})
        answer = settled(encounter, "hit", typed("c1", "3d+38[+0]"), {"penetration": [3, 3, 4]})
        levels[armour] = held(card(answer))
    assert levels["40"] == []
    assert levels["40 + 1"] == [], levels


@SLOW
@example(10, "4", Options(armour_method="subtraction"))     # penetration 34: the card's row says 6, the hit gives 5
@given(st.integers(1, 30), st.sampled_from(["0", "2", "4", "4 + 2", "20", "3"]), st.sampled_from(ALL_OPTIONS))
def test_the_cards_threshold_table_gives_the_level_a_hit_resolves_to(strength: int, armour: str,
                                                                     options: Options) -> None:
    """The card says: read a penetration along the Armoured row (the Raw row when unarmoured) and see the level.
    Whatever the options, that must be the basic level the resolver finds for every penetration it shows."""
    encounter = encounter_of({"name": "T", "st": strength, "armour": armour}, options={
        "labels": options.labels, "armoured": options.armoured, "armour_method": options.armour_method,
        "layers": options.layers})
    shown = card(ok("view", encounter=encounter))
    row = threshold_row(shown, "AWT") or threshold_row(shown, "RWT")
    assert row is not None
    sheet = Sheet.from_dict(shown["sheet"])
    hit = Hit("", "c1", None, "3d+0[+0]", 10)
    for pen in range(row[0] - 10, row[-2] + 1):          # up to level 10: the last column stands for 11 and up
        on_card = sum(1 for threshold in row if threshold <= pen)
        assert land(pen, hit, hit.attack(options), sheet, options).basic == on_card, (pen, row)


@QUICK
@given(pens, st.integers(-40, 160), st.integers(0, 60))
def test_a_barrier_never_adds_penetration(pen: int, barrier: int, stronger: int) -> None:
    left = subtract(pen, barrier)
    if barrier >= pen:
        assert left is None                                     # D-KY-10: equal or greater stops it all
        return
    assert left is not None and left <= pen
    assert (left < pen) is (pen - barrier <= 42)                # the Subtraction table takes nothing from 43 on
    assert left == pen + subtraction_entry(pen - barrier)
    harder = subtract(pen, barrier + stronger)
    assert harder is None or harder <= left


@QUICK
@given(strengths, layer_lists, st.sampled_from(LABELS), st.sampled_from(ARMOURED), st.sampled_from(LAYERS))
def test_thresholds_increase_with_level(strength: int, layers: tuple[int, ...], labels: str, method: str,
                                        how: str) -> None:
    """Raw thresholds are 5 apart; armoured ones never fall (heavy armour can give several levels one threshold,
    as rounding any threshold table to whole LogD values does) and never sit below the raw ones."""
    toughness = strength - 10
    armour = Armour(tuple(Fraction(layer) for layer in layers))
    raw = [raw_threshold(toughness, number, labels) for number in range(1, 40)]
    assert all(second - first == 5 for first, second in zip(raw, raw[1:]))
    armoured = [armoured_threshold(value, armour, method, how) for value in raw]
    assert all(first <= second for first, second in zip(armoured, armoured[1:]))
    assert all(value >= plain for value, plain in zip(armoured, raw))
    if not armour.worn:
        assert armoured == raw


@QUICK
@given(st.lists(st.integers(1, 14), max_size=10), st.integers(1, 14),
       st.lists(st.integers(1, 6), min_size=20, max_size=20), st.booleans())
def test_the_cascade_never_lowers_a_level_and_stops_where_the_seed_says(held_levels: list[int], start: int,
                                                                      faces: list[int], custom: bool) -> None:
    """"Roll 1d; on a 4-6 increase the level by 1 and try to apply that level.  Repeat until you either roll 1-3,
    fill a wound of a level you don't have, or hit a death check." (seed, Cumulative Damage)"""
    effects = DEFAULT_EFFECTS if not custom else tuple(Effect("x", death_checks=1 if number == 9 else 0)
                                                       for number in range(1, 12))
    queue = list(faces)
    outcome = cascade(tuple(sorted(held_levels)), start, effects, lambda number, at: queue.pop(0))
    assert outcome.start == start and outcome.level >= start
    rolled = outcome.rolls
    assert all(face in CASCADE_UP for face in rolled[:-1])
    assert outcome.level == start + sum(1 for face in rolled if face in CASCADE_UP)
    effect = effect_at(effects, outcome.level)
    ended_low = bool(rolled) and rolled[-1] not in CASCADE_UP
    assert outcome.level not in held_levels or effect.stops_cascade or ended_low or outcome.reason == "dead"
    if start not in held_levels:
        assert rolled == () and outcome.level == start          # a level not held is filled at once, no roll
    for passed in range(start, outcome.level):                   # every level climbed through was held
        assert passed in held_levels and not (passed > start and effect_at(effects, passed).stops_cascade)


# -- through the API ---------------------------------------------------------------------------------------

SHEETS = [
    {"name": "Knight", "st": 12, "ht": 11, "armour": "4 + 2",
     "weapons": [{"name": "Broadsword", "notation": "thr+2 imp"}, {"name": "Swing", "notation": "sw+1 cut"}]},
    {"name": "Door", "kind": "object", "toughness_from": "hp", "hp": 50, "armour": "10", "structure": "homogeneous"},
    {"name": "Swarm", "st": 8, "structure": "diffuse", "reduction": 1},
]
ATTACKS = ["3d+20[+0]", "3d+30[+2] imp", "2d+1 cut", "6d(2) pi gun", "thr+2 imp", "9d pi gun", "3d+5[\u22122] pi-",
           "sw cr", "3d+40[+0]"]
option_sets = st.fixed_dictionaries({"labels": st.sampled_from(LABELS), "armoured": st.sampled_from(ARMOURED),
                                     "armour_method": st.sampled_from(METHODS), "layers": st.sampled_from(LAYERS),
                                     "roll": st.sampled_from(["high", "low"]),
                                     "diffuse_cap": st.sampled_from(["1", "2", "by_type"])})
targets = st.sampled_from(["c1", "c2", "c3"])
hits = st.builds(lambda who, attack, where, barriers: ("hit", typed(who, attack, location=where, barriers=barriers)),
                 targets, st.sampled_from(ATTACKS), locations, st.sampled_from(["", "4", "2, 30"]))
plan_steps = st.one_of(
    hits, hits,
    st.builds(lambda who, weapon: ("hit", {"attacker": "c1", "target": who, "weapon": weapon}),
              st.sampled_from(["c2", "c3"]), st.integers(0, 1)),
    st.builds(lambda who, check, modifier: ("check", {"target": who, "check": check, "modifier": modifier}),
              targets, st.sampled_from(["death", "consciousness", "knockdown", "recover"]), st.integers(-3, 3)),
    st.builds(lambda who: ("turn", {"target": who}), st.sampled_from(["", "c1", "c3"])),
    st.builds(lambda who, which, number: ("heal", {"target": who, "which": which, "level": number}), targets,
              st.sampled_from(["worst", "level", "all"]), st.integers(1, 12)),
)


def play(encounter: dict[str, Any], plan: list[tuple[str, dict[str, Any]]], seed: int) -> dict[str, Any]:
    """Each action rolled by the app from a seed; an action this state refuses must be a plain refusal."""
    for number, (action, inputs) in enumerate(plan):
        response = json.loads(call("act", json.dumps({"encounter": encounter, "action": action, "inputs": inputs,
                                                      "dice": "app", "seed": seed + number})))
        if response["ok"]:
            encounter = response["result"]["encounter"]
        else:
            assert response["error"]["kind"] in KINDS, response["error"]
    return encounter


@SLOW
@given(option_sets, st.lists(plan_steps, min_size=1, max_size=8), st.integers(0, 10_000))
def test_replaying_and_sharing_rebuild_the_same_view(options: dict[str, Any], plan: list[tuple[str, dict[str, Any]]],
                                                     seed: int) -> None:
    encounter = play(encounter_of(*SHEETS, options=options), plan, seed)
    document = json.loads(json.dumps(encounter))
    shown = ok("view", encounter=document)["view"]
    assert Encounter.from_dict(document).view() == shown
    assert ok("open_link", link=ok("share", encounter=document)["fragment"])["view"] == shown


@SLOW
@given(option_sets, st.lists(hits, min_size=1, max_size=5), st.integers(0, 10_000))
def test_healing_every_wound_gives_an_unhurt_card(options: dict[str, Any], plan: list[tuple[str, dict[str, Any]]],
                                                  seed: int) -> None:
    fresh = encounter_of(*SHEETS, options=options)
    encounter = play(fresh, plan, seed)
    view = ok("view", encounter=encounter)
    for number, sheet in enumerate(SHEETS, 1):
        who = f"c{number}"
        if card(view, who)["status"]["text"] in ("Dead", "Destroyed"):
            continue
        healed = act(encounter, "heal", {"target": who, "which": "all"})
        assert card(healed, who) == card(ok("view", encounter=fresh), who)
        assert held(card(healed, who)) == [] and card(healed, who)["status"] == {"text": "Unhurt", "severity": "ok"}


@SLOW
@given(option_sets, st.sampled_from(ATTACKS), targets, locations, st.sampled_from(["", "4", "12, 3"]),
       st.lists(hits, max_size=3), st.integers(0, 10_000))
def test_odds_sum_to_one(options: dict[str, Any], attack: str, who: str, where: str, barriers: str,
                         before: list[tuple[str, dict[str, Any]]], seed: int) -> None:
    encounter = play(encounter_of(*SHEETS, options=options), before, seed)
    odds = ok("odds", encounter=encounter, action="hit", inputs=typed(who, attack, location=where, barriers=barriers))
    for chart in odds["charts"]:
        total = chart["bars"][0]["total"]
        assert sum(bar["weight"] for bar in chart["bars"]) == total
        assert sum(Fraction(bar["fraction"]) for bar in chart["bars"]) == 1
        assert all(bar["weight"] > 0 for bar in chart["bars"])
    if who != "c2" and card(ok("view", encounter=encounter), who)["status"]["text"] != "Dead":
        check = ok("odds", encounter=encounter, action="check", inputs={"target": who, "check": "consciousness"})
        assert sum(Fraction(bar["fraction"]) for bar in check["charts"][0]["bars"]) == 1


# -- any input works or is refused in plain words ---------------------------------------------------------

numbers = st.one_of(st.integers(-5, 1200), st.sampled_from([0, 1, 1000, 10**6, -1]))
dice_parts = st.builds(lambda n, k, times: f"{n}d" + (f"{k:+d}" if k else "") + (f"x{times}" if times != 1 else ""),
                       st.integers(0, 250), st.integers(-20, 1100), st.sampled_from([1, 1, 2, 3, 101]))
st_parts = st.builds(lambda base, k: base + (f"{k:+d}" if k else ""), st.sampled_from(["thr", "sw", "thrust", "swing"]),
                     st.integers(-1100, 1100))
pen_parts = st.builds(lambda x, y: f"3d{x:+d}[{y:+d}]", st.integers(-320, 320), st.integers(-25, 25))
kinds = st.sampled_from([" cr", " imp", " pi++", " cut", " PI+", " tox", " pi-", " burn"] * 3 + ["", " fat", " aff", " zap"])
divisors = st.sampled_from(["", "", "", "", "(2)", "(0.5)", "(10)", "(4)", "(.)", "(2.)", "(3)(2)"])
guns = st.sampled_from(["", "", " gun"])
weapon_texts = st.one_of(
    st.builds(lambda base, divisor, kind, gun: base + divisor + kind + gun, st.one_of(dice_parts, st_parts, pen_parts),
              divisors, kinds, guns),
    st.builds(lambda base, divisor, kind, gun: base + divisor + kind + gun, st.one_of(dice_parts, st_parts, pen_parts),
              divisors, kinds, guns),
    st.text(alphabet="0123456789d+-x[]() thrswcutimpgun.", max_size=20))


@QUICK
@given(weapon_texts, st.integers(1, 1000), st.sampled_from(["flat", "per_die"]))
def test_any_weapon_text_parses_or_is_refused_by_our_error(text: str, strength: int, adds: str) -> None:
    try:
        weapon = parse_weapon(text)
        attack = attack_stats(weapon, strength, adds)
    except RulesError as error:
        assert error.field in ("notation", "weapon") and error.message
        event("refused")
        return
    event("accepted")
    assert attack.notation.startswith("3d") and attack.skill == attack.x + 21


sheet_values = st.fixed_dictionaries({}, optional={
    "kind": st.sampled_from(["character", "object", "robot", 3]),
    "st": numbers, "ht": numbers, "hp": numbers,
    "toughness_from": st.sampled_from(["hp", "weight", "mass"]),
    "weight": st.sampled_from(["2", "0.5", "0", "-1", "1e3", "2.12345", 2, 0.25, "", "x", 10**12]),
    "mechanical": st.sampled_from([True, False, "yes"]),
    "armour": st.sampled_from(["0", "", "4", "4 + 2", "4,2", "4 + x", "1+1+1+1+1+1+1", "999999", "100001", 7, -3,
                               "<b>4</b>"]),
    "structure": st.sampled_from(["living", "diffuse", "gas"]),
    "reduction": numbers,
    "weapons": st.lists(st.fixed_dictionaries({"name": st.sampled_from(["Axe", "", "<i>x</i>"]),
                                               "notation": weapon_texts}), max_size=2),
})


@QUICK
@given(sheet_values, st.one_of(weapon_texts, st.just("3d+20[+0]")), st.sampled_from(["", "4", "0", "x", "1,2,3"]),
       st.integers(0, 5))
def test_any_sheet_or_hit_works_or_is_a_plain_refusal(sheet: dict[str, Any], attack: str, barriers: str,
                                                      seed: int) -> None:
    encounter = encounter_of({"name": "Attacker", "st": 11})
    response = json.loads(call("add", json.dumps({"encounter": encounter, "sheet": {"name": "Target", **sheet}})))
    if not response["ok"]:
        error = response["error"]
        assert error["kind"] == "bad_field" and str(error["field"]).startswith("sheet"), error
        event("sheet refused")
        return
    event("sheet accepted")
    encounter = response["result"]["encounter"]
    for inputs in (typed("c2", attack, barriers=barriers), {"attacker": "c2", "target": "c1", "weapon": 0}):
        for method in ("act", "odds"):
            answer = json.loads(call(method, json.dumps({"encounter": encounter, "action": "hit", "inputs": inputs,
                                                         "dice": "app", "seed": seed})))
            assert answer["ok"] or answer["error"]["kind"] in KINDS, answer["error"]
