"""SLA properties over random sheets, armour, shots and faces (hypothesis), through the public API where an
encounter is involved, through the resolver itself where a property needs thousands of shots.

Armour ID and damage never go below 0, healing never lifts Incap above its maximum, the three dice keep their roles
(D-SL-3), undo gives back the view before, a share link replays into the same view, and any input either works or is
refused with a plain error.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rules.api import call
from rules.dice import GivenDice
from rules.encounter import Encounter
from rules.systems.sla import hit
from rules.systems.sla.diagram import REGION_OF
from rules.systems.sla.protection import layers
from rules.systems.sla.sheet import LOCATIONS
from rules.systems.sla.shoot_inputs import read_shot

from .helpers import ok

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
AIMS = [f"{q},{r}" for q, r in REGION_OF]
COVERS = ["head", "torso", "abdomen", "arms", "legs", "right arm", "left leg"]

armour = st.builds(lambda pv, impact, where: {"name": "Armour", "notation": f"PV {pv}, ID {impact}"
                                              + "".join(f", {place}" for place in where)},
                   st.integers(0, 12), st.integers(0, 40), st.lists(st.sampled_from(COVERS), max_size=3, unique=True))
weapon = st.builds(lambda rcl, pen, dam, ad: {"name": "Gun", "notation": f"skill Pistol, RNG 20, RCL {rcl}, PEN {pen}, "
                                                                          f"DAM {dam}" + (f", AD {ad}" if ad else "")},
                   st.integers(0, 8), st.integers(-2, 10), st.integers(0, 14), st.integers(0, 6))


@st.composite
def sheets(draw: st.DrawFn, name: str) -> dict[str, Any]:
    species = draw(st.sampled_from(["human", "human", "vevaphon", "stormer_711", "stormer_313", "ebon"]))
    sheet: dict[str, Any] = {
        "name": name, "species": species, "phys": draw(st.integers(1, 16)), "cool": draw(st.integers(1, 16)),
        "dex": draw(st.integers(1, 16)), "conc": draw(st.integers(1, 16)), "incap": draw(st.integers(1, 60)),
        "skills": f"Pistol {draw(st.integers(0, 10))}, Marksman {draw(st.integers(0, 4))}, "
                  f"Paramedic {draw(st.integers(0, 8))}",
        "weapons": [draw(weapon)], "armour": draw(st.lists(armour, max_size=2)),
        **{f"hits_{location}": draw(st.integers(1, 25)) for location in LOCATIONS}}
    if species == "vevaphon":
        sheet["vevaphon_pv"] = draw(st.integers(0, 12))
    return sheet


options = st.fixed_dictionaries({
    "modifiers_on": st.sampled_from(["target", "roll"]), "missed_shot": st.sampled_from(["spread", "clean"]),
    "layering": st.sampled_from(["off", "on"]), "under_fire": st.sampled_from(["off", "on"]),
    "bruising_out": st.sampled_from(["full", "over"]), "overflow": st.sampled_from(["half", "whole"])})
shot_inputs = st.fixed_dictionaries({
    "aim": st.sampled_from(AIMS), "shot": st.sampled_from(["aimed", "snap", "wild"]),
    "distance": st.integers(0, 160), "ammo": st.sampled_from(["standard", "heap", "hesh", "ap", "hp"]),
    "modifier": st.integers(-6, 6), "rest": st.booleans()})
three = st.lists(st.integers(1, 6), min_size=3, max_size=3)
actions = st.one_of(
    st.tuples(st.just("shoot"), st.builds(lambda inputs, who: {**inputs, "attacker": who, "target": "c2" if who == "c1"
                                                               else "c1"}, shot_inputs, st.sampled_from(["c1", "c2"]))),
    st.tuples(st.just("harm"), st.fixed_dictionaries({
        "target": st.sampled_from(["c1", "c2"]), "location": st.sampled_from(list(LOCATIONS) + ["incap"]),
        "amount": st.integers(1, 30), "bruising": st.booleans(), "wound": st.booleans()})),
    st.tuples(st.just("heal"), st.fixed_dictionaries({
        "target": st.sampled_from(["c1", "c2"]), "how": st.sampled_from(["ebon", "drug", "now"]),
        "hits": st.integers(1, 60)})),
    st.tuples(st.just("aid"), st.fixed_dictionaries({
        "medic": st.sampled_from(["", "c1"]), "target": st.just("c2"), "task": st.sampled_from(["close", "extract"]),
        "modifier": st.integers(-4, 4)})),
    st.tuples(st.just("time"), st.fixed_dictionaries({"span": st.sampled_from(["phase", "round", "hour"])})),
    st.tuples(st.just("move"), st.fixed_dictionaries({"target": st.sampled_from(["c1", "c2"]),
                                                      "move": st.sampled_from(["standing", "kneeling", "prone"])})),
    st.tuples(st.just("initiative"), st.fixed_dictionaries({"target": st.sampled_from(["", "c1", "c2"])})))


def answer(method: str, **request: Any) -> dict[str, Any]:
    """An API answer, which may be a refusal but never an internal error."""
    response: dict[str, Any] = json.loads(call(method, json.dumps(request)))
    assert response["ok"] or response["error"]["kind"] != "internal", response
    return response


def fresh(first: dict[str, Any], second: dict[str, Any], chosen: dict[str, Any]) -> dict[str, Any]:
    encounter: dict[str, Any] = ok("new", system="sla", options=chosen)["encounter"]
    for sheet in (first, second):
        encounter = ok("add", encounter=encounter, sheet=sheet)["encounter"]
    return encounter


def check_state(encounter: dict[str, Any]) -> None:
    """Armour ID, damage and Incap within bounds, read from the replayed states and from the cards."""
    played = Encounter.from_dict(encounter).play()
    for combatant, sheet in played.sheets.items():
        state = played.states[combatant]
        assert state.incap_damage >= 0 and state.bruising >= 0, state
        assert all(taken >= 0 for _, taken in state.damage), state.damage
        for location in LOCATIONS:
            assert all(layer.impact >= 0 for layer in layers(sheet, state, location)), (location, state.worn)
    for card in ok("view", encounter=encounter)["view"]["roster"]:
        for widget in card["widgets"]:
            for item in widget.get("items", []) + widget.get("regions", []):
                summary = item.get("summary", "")
                assert not re.search(r"ID [\u2212-]", summary), summary
                incap = re.search(r"Incap ([\u2212-]?\d+) of (\d+)", summary)
                if incap:
                    assert int(incap.group(1).replace("\u2212", "-")) <= int(incap.group(2)), summary


@SETTINGS
@given(first=sheets("Ann"), second=sheets("Bob"), chosen=options, steps=st.lists(actions, min_size=1, max_size=6),
       seed=st.integers(0, 10**6))
def test_random_play_keeps_every_bound_and_undo_and_links_rebuild_the_view(
        first: dict[str, Any], second: dict[str, Any], chosen: dict[str, Any],
        steps: list[tuple[str, dict[str, Any]]], seed: int) -> None:
    encounter = fresh(first, second, chosen)
    for number, (action, inputs) in enumerate(steps):
        if action == "shoot" and chosen["under_fire"] == "on":
            inputs = {**inputs, "shooters": number % 3}
        done = answer("act", encounter=encounter, action=action, inputs=inputs, seed=seed + number)
        event(f"{action} {'done' if done['ok'] else 'refused'}")
        if not done["ok"]:
            continue
        before = ok("view", encounter=encounter)["view"]
        encounter = done["result"]["encounter"]
        check_state(encounter)
        undone = ok("undo", encounter=encounter)
        assert undone["view"]["roster"] == before["roster"], f"undo of {action} does not give back the view"
    view = ok("view", encounter=encounter)["view"]
    fragment = ok("share", encounter=encounter)["fragment"]
    assert ok("open_link", link=fragment)["view"]["roster"] == view["roster"]


@SETTINGS
@given(first=sheets("Ann"), second=sheets("Bob"), wound=st.booleans(), amount=st.integers(1, 99),
       hits=st.integers(1, 99), how=st.sampled_from(["ebon", "drug", "now"]))
def test_healing_never_lifts_incap_past_its_maximum(first: dict[str, Any], second: dict[str, Any], wound: bool,
                                                    amount: int, hits: int, how: str) -> None:
    encounter = fresh(first, second, {})
    encounter = ok("act", encounter=encounter, action="harm", inputs={
        "target": "c2", "location": "abdomen", "amount": amount, "wound": wound})["encounter"]
    if wound:                       # an hour passes only once the bleeding is closed
        encounter = ok("act", encounter=encounter, action="harm", inputs={
            "target": "c2", "location": "incap", "amount": 1})["encounter"]
    encounter = ok("act", encounter=encounter, action="heal", inputs={"target": "c2", "how": how, "hits": hits})[
        "encounter"]
    for _ in range(3):
        encounter = ok("act", encounter=encounter, action="time", inputs={"span": "phase"})["encounter"]
    state = Encounter.from_dict(encounter).play().states["c2"]
    assert state.incap_damage >= 0 and all(taken >= 0 for _, taken in state.damage)
    check_state(encounter)


def resolved(document: dict[str, Any], inputs: dict[str, Any], faces: list[int], direction: int,
             rest: int) -> tuple[str, str, str, int]:
    """A shot by the resolver itself: the attack roll's words without its dice, the spread and landing words, the
    penetration step and the Incap it cost; any further roll shows ``rest`` on each die."""
    encounter = Encounter.from_dict(document)
    played = encounter.play()
    shot = read_shot(inputs, played.sheets, played.states, encounter.options)
    given: dict[str, Any] = {"attack": faces, "direction": [direction], "knockback": [rest] * 3,
                             "conscious": [rest] * 3, "conc": [rest] * 3, "cool": [rest] * 3, "draw": [rest] * 3}
    after, report = hit.resolve(shot, played.sheets, played.states, encounter.options, GivenDice(given))
    said = [step.text for step in report.steps]
    roll = next(text for text in said if text.startswith("Success die")).split("; ", 1)[1]
    placing = ("Hit Spread", "Missed by", "Direction die", "A clean")
    placed = "\n".join(text for text in said if text.startswith(placing))
    pierced = next((text for text in said if text.startswith("Penetration die")), "")
    return roll, placed, pierced, after[shot.target].incap_damage - played.states[shot.target].incap_damage


@SETTINGS
@given(first=sheets("Ann"), second=sheets("Bob"), chosen=options, inputs=shot_inputs, faces=three,
       direction=st.integers(1, 6), rest=st.integers(1, 6))
def test_the_three_dice_keep_their_roles(first: dict[str, Any], second: dict[str, Any], chosen: dict[str, Any],
                                         inputs: dict[str, Any], faces: list[int], direction: int, rest: int) -> None:
    """Swapping the Penetration and Damage dice keeps the roll's total and the Success die, so the shot lands where
    it did; the penetration step reads the new Penetration die.  On a bare target of no living armour a hit costs
    exactly the Damage die + DAM: the Penetration die never moves the damage, the Damage die moves it point by
    point."""
    bare = {key: value for key, value in second.items() if key != "vevaphon_pv"}
    document = fresh(first, {**bare, "armour": [], "species": "human"}, {**chosen, "under_fire": "off"})
    inputs = {**inputs, "attacker": "c1", "target": "c2", "distance": inputs["distance"] % 21}
    success, penetration, damage = faces
    roll, placed, pierced, cost = resolved(document, inputs, [success, penetration, damage], direction, rest)
    swapped = resolved(document, inputs, [success, damage, penetration], direction, rest)
    assert swapped[0] == roll and swapped[1] == placed
    if pierced:
        assert swapped[2].startswith(f"Penetration die {damage} ")
    dam = int(re.search(r"DAM (\d+)", first["weapons"][0]["notation"]).group(1))  # type: ignore[union-attr]
    ammo = {"heap": dam + 2, "hesh": 2 * dam}.get(inputs["ammo"], dam)
    event("a hit that costs Incap" if cost else "no Incap lost")
    if cost:
        assert cost == damage + ammo and swapped[3] == penetration + ammo, (cost, swapped[3])


@SETTINGS
@given(field=st.sampled_from(["aim", "shot", "aims", "distance", "ammo", "modifier", "split", "second_rank",
                              "shooters", "weapon", "quick_draw", "attacker", "target", "stance", "rest", "dive"]),
       value=st.one_of(st.integers(-10**6, 10**6), st.text(max_size=8), st.booleans(), st.none(),
                       st.lists(st.integers(), max_size=2), st.sampled_from(AIMS + ["9,9", "0,0 ", "-1,3", "c1"])),
       action=st.sampled_from(["shoot", "aid", "heal", "harm", "move", "time", "initiative"]))
def test_any_input_works_or_is_refused_plainly(field: str, value: Any, action: str) -> None:
    document = fresh({"name": "Ann", "skills": "Pistol 4", "weapons": [{"name": "Gun", "notation":
                                                                        "skill Pistol, RNG 20, RCL 2, PEN 4, DAM 6"}]},
                     {"name": "Bob"}, {"under_fire": "on"})
    inputs = {"attacker": "c1", "target": "c2", field: value}
    for method in ("check", "act", "odds"):
        response = answer(method, encounter=document, action=action, inputs=inputs, seed=1)
        if not response["ok"]:
            assert response["error"]["message"] and "Traceback" not in response["error"]["message"]
