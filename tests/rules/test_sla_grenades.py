"""SLA grenades (seed 002, Grenades; D-SL-10, D-SL-31, D-SL-GR1..GR8): SL-15..18 and worked cases through the public
API with typed dice, the odds against the resolver's own faces, bad inputs refused at their field, and properties."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from rules.api import call
from rules.dice import GivenDice
from rules.hexes import distance
from rules.systems.sla import grenade_blast, grenade_zone, grenades, read_sheet
from rules.systems.sla.blast import smothered
from rules.systems.sla.options import DEFAULTS
from rules.systems.sla.wounds import State

from .helpers import ok, refused, widget
from .test_sla_vectors import act, asks, card, encounter_of, incap_left, stats, texts

FRAG = {"name": "DA 90 frag", "notation": "skill Throwing, RNG 10, grenade frag, zone 8, radius 0.5, DAM 10"}
SMALL = {"name": "Small frag", "notation": "skill Throwing, RNG 10, grenade frag, zone 2, radius 1, DAM 5"}
BLAST = {"name": "Concussion", "notation": "skill Throwing, RNG 10, grenade blast, zone 2, radius 1, DAM 3"}
SMOKE = {"name": "Smoke", "notation": "skill Throwing, RNG 10, grenade smoke, zone 3, radius 1"}
FLASH = {"name": "Flash-bang", "notation": "skill Throwing, RNG 10, grenade flash, zone 3, radius 1"}
THROWER = {"name": "Thrower", "skills": "Throwing 5", "weapons": [SMALL, FRAG, SMOKE, FLASH,
                                                                   {"name": "Pistol", "notation":
                                                                    "skill Pistol, RNG 20, RCL 2, PEN 2, DAM 4"}]}
TOUGH = {"name": "Tough", "phys": 20, "incap": 200}          # no knockback, no wound, never out
WICKHAM = {"name": "Wickham", "species": "frother", "hits_torso": 15, "hits_abdomen": 13, "incap": 60}
STOO = {"name": "Stoo", "hits_torso": 21, "hits_abdomen": 19, "incap": 60}


def steps(result: dict[str, Any]) -> list[str]:
    return [step["text"] for step in result["report"]["steps"]]


def marks(result: dict[str, Any], who: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = widget(card(result, who), "hexes")["marks"]
    return found


# -- SL-15..18 ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("jumper, left", [(WICKHAM, 4), (STOO, 2)], ids=["SL-15 Wickham", "SL-16 Stoo"])
def test_sl_15_16_the_one_on_the_grenade_leaves_the_rest_a_fifth_of_what_his_body_does_not_stop(
        jumper: dict[str, Any], left: int) -> None:
    encounter = encounter_of([jumper, TOUGH])
    result = act(encounter, "grenade", {"how": "smother", "grenade": FRAG, "jumper": "c1", "impact": "0,9",
                                        "target": "c2"}, {"deviation 1": [1, 6]})
    said = texts(result)
    assert "Damage 10 \u00d7 5 = 50 to his Torso and to his Abdomen" in said
    assert f"rounded down = {left}" in said
    assert f"Damage {left} to each of the" in said
    hurt = card(result, "c1")
    assert "dead" in hurt["status"]["text"].lower()           # 50 to a Torso of 15 or 21
    assert result["report"]["outcome"].startswith(f"Damage left {left}")


@pytest.mark.parametrize("helmet, left", [(50, 0), (46, 0), (45, 1)])
def test_sl_17_a_helmet_of_id_50_stops_the_blast(helmet: int, left: int) -> None:
    encounter = encounter_of([TOUGH])
    inputs = {"how": "smother", "grenade": FRAG, "helmet": helmet, "impact": "0,9", "target": "c1"}
    faces = {"deviation 1": [1, 6]} if left else {}
    result = act(encounter, "grenade", inputs, faces)
    assert f"rounded down = {left}" in texts(result)
    if left:
        assert incap_left(card(result, "c1")) < 200
    else:
        assert "Nothing reaches the others: the blast is stopped" in texts(result)
        assert incap_left(card(result, "c1")) == 200


def test_sl_18_a_blast_radius_of_half_a_metre_takes_20_hexes_off_at_10_metres() -> None:
    big = {"name": "Big", "notation": "skill Throwing, RNG 10, grenade frag, zone 30, radius 0.5, DAM 1"}
    encounter = encounter_of([TOUGH, TOUGH | {"name": "Far"}])
    result = act(encounter, "grenade", {"how": "floor", "grenade": big, "impact": "0,9", "target": "c1",
                                        "distance": 10, "also_1": "c2", "distance_1": 15},
                 {"deviation 1": [1, 6], "deviation 2": [1, 6]})
    said = texts(result)
    assert "Blast Zone 30 \u2212 20 for 10 m" in said and "= 10 hexes" in said
    assert "Blast Zone 30 \u2212 30 for 15 m (a hex for each whole Blast Radius of 0.5 m) = none left" in said
    assert "Far: out of the blast" in result["report"]["outcome"]


# -- worked cases -----------------------------------------------------------------------------------------------

def test_a_frag_on_the_floor_deviates_and_covers_the_locations_within_its_zone() -> None:
    """The GM's point (0, 9), one hex up: it goes off at (0, 8); a zone of 2 reaches the Abdomen's (0, 6) and both
    legs, 5 each, 15 to Incap; the card draws the zone's nine body hexes, the point and the arrow."""
    encounter = encounter_of([TOUGH])
    need = asks(encounter, "grenade", {"how": "floor", "grenade": SMALL, "impact": "0,9", "target": "c1"}, {})
    assert need["roll"] == "deviation 1" and need["names"] == ["Hexes die", "Direction die"]
    assert "Tough" in need["why"]
    result = act(encounter, "grenade", {"how": "floor", "grenade": SMALL, "impact": "0,9", "target": "c1"},
                 {"deviation 1": [1, 6]})
    said = texts(result)
    assert "1 hex up from off the body (0, 9): it goes off at off the body (0, 8)" in said
    assert "it reaches the Abdomen, Right leg, Left leg" in said
    assert "Incap 5 \u00d7 3 = 15 (200 \u2192 185)" in said
    found = card(result, "c1")
    assert incap_left(found) == 185
    drawn = marks(result, "c1")
    zone = sorted((mark["q"], mark["r"]) for mark in drawn if mark["kind"] == "zone")
    assert zone == sorted([(0, 6), (-1, 7), (-1, 8), (-1, 9), (-1, 10), (1, 6), (1, 7), (1, 8), (1, 9)])
    went = [mark for mark in drawn if mark["kind"] == "miss"]
    assert went == [{"q": 0, "r": 8, "kind": "miss", "label": "Went off: off the body (0, 8)", "from": [0, 9]}]
    assert [mark["kind"] for mark in drawn if mark["kind"] == "aim"] == ["aim"]
    summary = widget(found, "hexes")["summary"]
    assert summary.count("Fragmentation zone: Abdomen") == 1          # each label said once


def test_a_thrown_grenade_beyond_optimum_moves_three_hexes_down_a_band() -> None:
    """Throwing 5, dice 6 5 5 = 21: a critical 3 makes the Aiming die 9, so no deviation (no direction die asked);
    25 m at RNG 10 is Long, two bands past Optimum: 6 hexes straight down from (0, 7) to (0, 13)."""
    encounter = encounter_of([THROWER, TOUGH])
    inputs = {"how": "thrown", "thrower": "c1", "weapon": 0, "range": 25, "impact": "0,7", "target": "c2"}
    result = act(encounter, "grenade", inputs, {"throw": [6, 5, 5]})
    said = texts(result)
    assert "deviates 6 hexes, less the Aiming die 9: 0 hexes, and 6 straight down for Long range (25 m, 2 bands" \
        in said
    assert "it goes off at off the body (0, 13)" in said
    assert "Tough: Blast Zone 2: the blast does not reach his body" in said    # the nearest hex, (-1, 10), is 3 off
    went = [mark for mark in marks(result, "c2") if mark["kind"] == "miss"]
    assert went[0]["q"] == 0 and went[0]["r"] == 13 and went[0]["from"] == [0, 7]


def test_a_thrown_grenade_asks_for_the_direction_die_when_the_aiming_die_leaves_a_deviation() -> None:
    encounter = encounter_of([THROWER, TOUGH])
    inputs = {"how": "thrown", "thrower": "c1", "weapon": 0, "range": 5, "impact": "0,9", "target": "c2"}
    need = asks(encounter, "grenade", inputs, {"throw": [4, 3, 3]})
    assert need["roll"] == "direction" and "deviates 2 hexes" in need["why"]
    result = act(encounter, "grenade", inputs, {"throw": [4, 3, 3], "direction": [6]})
    assert "2 hexes up" in texts(result) and "it goes off at off the body (0, 7)" in texts(result)


def test_a_failed_throw_places_no_impact_point_on_the_diagram() -> None:
    encounter = encounter_of([THROWER, TOUGH])
    inputs = {"how": "thrown", "thrower": "c1", "weapon": 0, "range": 5, "impact": "0,9", "target": "c2"}
    result = act(encounter, "grenade", inputs, {"throw": [1, 1, 2]})
    assert result["report"]["outcome"] == "The throw fails: it lands where the GM says"
    assert "off the targets' diagrams" in texts(result)
    assert marks(result, "c2") == [] and incap_left(card(result, "c2")) == 200


def test_one_grenade_on_four_characters_each_at_his_own_distance() -> None:
    encounter = encounter_of([THROWER, TOUGH, TOUGH | {"name": "B"}, TOUGH | {"name": "C"}, TOUGH | {"name": "D"}])
    inputs = {"how": "thrown", "thrower": "c1", "weapon": 1, "range": 5, "impact": "0,9", "target": "c2",
              "also_1": "c3", "distance_1": 1, "also_2": "c4", "distance_2": 3, "also_3": "c5", "distance_3": 4}
    result = act(encounter, "grenade", inputs, {"throw": [6, 3, 3]})
    outcome = result["report"]["outcome"]
    # Zone 8 at 0 m; 6 at 1 m; 2 at 3 m; 0 at 4 m.
    assert "Tough: 7 locations, 70 damage" in outcome
    assert "D: out of the blast" in outcome
    lost = [200 - incap_left(card(result, who)) for who in ("c2", "c3", "c4", "c5")]
    assert lost[0] >= lost[1] >= lost[2] >= lost[3] == 0


def test_a_blast_grenade_bruises_and_opens_no_wound() -> None:
    encounter = encounter_of([TOUGH | {"phys": 2}])
    result = act(encounter, "grenade", {"how": "floor", "grenade": BLAST, "impact": "0,9", "target": "c1"},
                 {"deviation 1": [1, 6]})
    assert "Damage 3 \u00d7 3 locations = 9 on the Incap and bruising track (no wounds)" in texts(result)
    found = card(result, "c1")
    assert incap_left(found) == 200 and "none" in stats(found)["Wounds"]


def test_smoke_hangs_until_cleared_and_a_flash_bang_dazzles_a_head_in_its_zone_for_the_phase() -> None:
    encounter = encounter_of([THROWER, TOUGH])
    smoke = act(encounter, "grenade", {"how": "thrown", "thrower": "c1", "weapon": 2, "range": 5, "impact": "0,9",
                                       "target": "c2"}, {"throw": [6, 3, 3]})
    assert stats(card(smoke, "c2"))["Grenade"] == "in smoke: \u22124 to hit him"
    cleared = act(smoke["encounter"], "grenade", {"how": "clear", "target": "c2"})
    assert "Grenade" not in stats(card(cleared, "c2"))
    # Zone 3 from (0, 9) does not reach the Head; from (0, 7) moved 6 up to (0, 1) it does.
    low = act(encounter, "grenade", {"how": "thrown", "thrower": "c1", "weapon": 3, "range": 5, "impact": "0,9",
                                     "target": "c2"}, {"throw": [6, 3, 3]})
    assert "not dazzled" in low["report"]["outcome"]
    high = act(encounter, "grenade", {"how": "thrown", "thrower": "c1", "weapon": 3, "range": 5, "impact": "0,7",
                                      "target": "c2"}, {"throw": [1, 6, 6], "direction": [6]})
    assert stats(card(high, "c2"))["Grenade"] == "dazzled: \u22126 to his actions this phase"
    later = act(high["encounter"], "time", {"span": "phase"})
    nimble = encounter_of([THROWER, TOUGH | {"skills": "Dodge 4"}])
    dazzled = act(nimble, "grenade", {"how": "thrown", "thrower": "c1", "weapon": 3, "range": 5, "impact": "0,7",
                                      "target": "c2"}, {"throw": [1, 6, 6], "direction": [6]})
    dodging = act(dazzled["encounter"], "dodge", {"dodger": "c2", "kind": "quick"}, {"dodge": [6, 6, 6]})
    assert "(13 +6 for Tough dazzled)" in texts(dodging)       # a dodge is one of his own actions (D-SL-GR7)
    assert "Grenade" not in stats(card(later, "c2"))
    chosen = ok_options({"flash": "-3"})
    again = act(chosen, "grenade", {"how": "thrown", "thrower": "c1", "weapon": 3, "range": 5, "impact": "0,7",
                                    "target": "c2"}, {"throw": [1, 6, 6], "direction": [6]})
    assert stats(card(again, "c2"))["Grenade"] == "dazzled: \u22123 to his actions this phase"


def test_a_shot_into_smoke_counts_the_smokes_modifier_and_so_do_its_odds() -> None:
    shooter = THROWER | {"skills": "Throwing 6, Pistol 6",
                         "weapons": THROWER["weapons"] + [{"name": "Pistol",
                                                           "notation": "skill Pistol, RNG 20, RCL 2, PEN 2, DAM 4"}]}
    encounter = encounter_of([shooter, TOUGH])
    pistol = len(shooter["weapons"]) - 1
    smoke = act(encounter, "grenade", {"how": "thrown", "thrower": "c1", "weapon": 2, "range": 5, "impact": "0,9",
                                       "target": "c2"}, {"throw": [6, 3, 3]})
    shot = act(smoke["encounter"], "shoot", {"attacker": "c1", "target": "c2", "weapon": pistol, "aim": "0,3",
                                             "distance": 5}, {"attack": [6, 6, 6]})
    assert "Modifiers: Tough in smoke \u22124 = \u22124" in texts(shot)
    odds = ok("odds", encounter=smoke["encounter"], action="shoot",
              inputs={"attacker": "c1", "target": "c2", "weapon": pistol, "aim": "0,3", "distance": 5})
    clear = ok("odds", encounter=encounter, action="shoot",
               inputs={"attacker": "c1", "target": "c2", "weapon": pistol, "aim": "0,3", "distance": 5})
    assert odds["charts"][0]["bars"][0]["probability"] > clear["charts"][0]["bars"][0]["probability"]  # more misses


def ok_options(options: dict[str, Any]) -> dict[str, Any]:
    return encounter_of([THROWER, TOUGH], options)


def test_one_wound_a_blast_is_the_option() -> None:
    weak = TOUGH | {"phys": 4}                          # 5 is over PHYS 4, not over twice it
    for option, count in (("each", 3), ("one", 1)):
        encounter = encounter_of([weak], {"grenade_wounds": option})
        result = act(encounter, "grenade", {"how": "floor", "grenade": SMALL, "impact": "0,9", "target": "c1"},
                     {"deviation 1": [1, 6], "knockback 1": [6, 6, 6]})
        assert stats(card(result, "c1"))["Wounds"].startswith(f"{count} open"), option


# -- refusals -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("inputs, field", [
    ({"how": "thrown", "thrower": "c1", "weapon": 0, "impact": "0,3", "target": "c2"}, "impact"),
    ({"how": "thrown", "thrower": "c1", "weapon": 0, "impact": "5,9", "target": "c2"}, "impact"),
    ({"how": "thrown", "thrower": "c1", "weapon": 0, "impact": [0, 9], "target": "c2"}, "impact"),
    ({"how": "thrown", "thrower": "c1", "weapon": 4, "target": "c2"}, "weapon"),
    ({"how": "thrown", "thrower": "c1", "weapon": 0, "range": 81, "target": "c2"}, "range"),
    ({"how": "thrown", "thrower": "c1", "weapon": 0, "target": "c2", "also_1": "c2"}, "also_1"),
    ({"how": "thrown", "thrower": "c1", "weapon": 0, "target": "c2", "distance": 1000}, "distance"),
    ({"how": "floor", "target": "c2"}, "grenade"),
    ({"how": "floor", "grenade": {"name": "Pistol", "notation": "skill Pistol, RNG 20, RCL 2, PEN 2, DAM 4"},
      "target": "c2"}, "grenade"),
    ({"how": "smother", "grenade": SMOKE, "jumper": "c1", "target": "c2"}, "grenade"),
    ({"how": "smother", "grenade": FRAG, "target": "c2"}, "jumper"),
    ({"how": "smother", "grenade": FRAG, "jumper": "c2", "target": "c2"}, "target"),
    ({"how": "fling", "target": "c2"}, "how"),
])
def test_bad_inputs_are_refused_at_their_field(inputs: dict[str, Any], field: str) -> None:
    encounter = encounter_of([THROWER, TOUGH])
    error = refused("act", encounter=encounter, action="grenade", inputs=inputs, dice="given", faces={})
    assert error["field"] == field, error


def test_the_impact_point_is_picked_in_the_lower_third_only() -> None:
    from rules.systems.sla import action_schema
    entry = next(action for action in action_schema() if action["id"] == "grenade")
    impact = next(one for one in entry["inputs"] if one["name"] == "impact")
    assert {cell["r"] for cell in impact["cells"]} == {7, 8, 9, 10}
    assert len(impact["cells"]) == 20 and all(-2 <= cell["q"] <= 2 for cell in impact["cells"])
    assert {cell["region"] for cell in impact["cells"]} == {"right_leg", "left_leg", "floor"}


# -- odds ------------------------------------------------------------------------------------------------------

def _odds(encounter: dict[str, Any], inputs: dict[str, Any]) -> dict[str, Any]:
    answer = json.loads(call("odds", json.dumps({"encounter": encounter, "action": "grenade", "inputs": inputs})))
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


def test_the_odds_of_a_throw_are_the_resolvers_own_over_every_face() -> None:
    """Every face of the three dice and the direction die through :func:`grenades.resolve`: the locations reached
    on the target, counted, match the odds' chart exactly."""
    encounter = encounter_of([THROWER, TOUGH])
    inputs = {"how": "thrown", "thrower": "c1", "weapon": 0, "range": 15, "impact": "0,8", "target": "c2"}
    odds = _odds(encounter, inputs)
    bars = {bar["label"]: bar["weight"] for bar in odds["charts"][1]["bars"]}
    sheets = {"c1": read_sheet(THROWER), "c2": read_sheet(TOUGH)}
    states = {"c1": State(), "c2": State()}
    throw = grenades.read_throw(inputs, sheets, states, DEFAULTS)
    counted: dict[str, int] = {}
    for success in range(1, 7):
        for penetration in range(1, 7):
            for damage in range(1, 7):
                for direction in range(1, 7):
                    dice = GivenDice({"throw": [success, penetration, damage], "direction": [direction]})
                    after, report = grenades.resolve(throw, sheets, states, DEFAULTS, dice)
                    if report.outcome.startswith("The throw fails"):
                        label = "No impact point (the throw fails)"
                    else:
                        reached = sum(1 for location, taken in after["c2"].damage if taken)
                        label = f"{reached} location{'s' if reached != 1 else ''}"
                    counted[label] = counted.get(label, 0) + 1
    assert counted == bars
    assert odds["charts"][0]["title"] == "The throw"


def test_the_odds_of_a_grenade_on_the_floor_count_the_36_deviations() -> None:
    encounter = encounter_of([TOUGH])
    odds = _odds(encounter, {"how": "floor", "grenade": SMALL, "impact": "0,9", "target": "c1"})
    assert sum(bar["weight"] for bar in odds["charts"][0]["bars"]) == 36
    smother = _odds(encounter_of([STOO, TOUGH]), {"how": "smother", "grenade": FRAG, "jumper": "c1",
                                                   "impact": "0,9", "target": "c2"})
    assert "Damage left 2" in smother["summary"]


# -- properties ---------------------------------------------------------------------------------------------

@given(zone=st.integers(1, 60), tenths=st.integers(1, 1000), near=st.integers(0, 999), further=st.integers(0, 999))
def test_the_zone_never_grows_with_distance(zone: int, tenths: int, near: int, further: int) -> None:
    radius = Fraction(tenths, 10)
    near, further = sorted((near, further))
    assert grenade_zone.zone_for(zone, radius, further) <= grenade_zone.zone_for(zone, radius, near) <= zone
    impact = (0, 9)
    assert set(grenade_zone.caught(impact, grenade_zone.zone_for(zone, radius, further))) <= set(
        grenade_zone.caught(impact, grenade_zone.zone_for(zone, radius, near)))


@settings(max_examples=60, deadline=None)
@given(q=st.integers(-6, 6), r=st.integers(-2, 16), zone=st.integers(0, 12), damage=st.integers(1, 20))
def test_incap_damage_is_the_locations_covered_times_the_damage(q: int, r: int, zone: int, damage: int) -> None:
    sheet = read_sheet(TOUGH | {"incap": 400, **{f"hits_{where}": 200 for where in (
        "head", "torso", "abdomen", "right_arm", "left_arm", "right_leg", "left_leg")}})
    weapon = read_sheet({"name": "x", "weapons": [{"name": "g", "notation": f"skill Throwing, RNG 10, grenade frag, "
                                                                            f"zone {max(1, zone)}, radius 1, "
                                                                            f"DAM {damage}"}]}).weapons[0].weapon
    dice = GivenDice({"knockback 1": [6, 6, 6], "conscious 1": [6, 6, 6]})
    after, _, _ = grenade_blast.blast(sheet, State(), weapon, damage, (q, r), 0, DEFAULTS, dice, 1)
    found = grenade_zone.caught((q, r), max(1, zone))
    assert after.incap_damage == damage * len(found)
    for location, taken in after.damage:
        assert taken == (damage if location in found else 0)
    # Each location reached has a hex within the zone, each other has none.
    for hex_ in grenade_zone.zone_hexes((q, r), max(1, zone)):
        assert distance(hex_, (q, r)) <= max(1, zone)


@given(damage=st.integers(1, 99), hits=st.integers(0, 400), more=st.integers(0, 400))
def test_jumping_on_it_never_leaves_more_than_the_damage_and_more_body_leaves_less(damage: int, hits: int,
                                                                                   more: int) -> None:
    assert 0 <= smothered(damage, hits + more, 0) <= smothered(damage, hits, 0) <= damage
