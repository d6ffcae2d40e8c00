"""Running the fight: turn order, rounds and phases, each system's end of a turn, a phase and a round, conditions
and notes, through the public API."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.api import handle
from tests.rules.helpers import ok, refused
from rules.encounter import FORMAT, Encounter
from rules.share import decode




def encounter(system: str, *sheets: dict[str, Any], options: dict[str, Any] | None = None) -> dict[str, Any]:
    document = ok("new", system=system, options=options or {})["encounter"]
    for sheet in sheets:
        document = ok("add", encounter=document, sheet=sheet)["encounter"]
    return document


def turn(document: dict[str, Any], move: str, **extra: Any) -> dict[str, Any]:
    return ok("turn", encounter=document, move=move, **extra)


def act(document: dict[str, Any], action: str, inputs: dict[str, Any], **faces: str) -> dict[str, Any]:
    return ok("act", encounter=document, action=action, inputs=inputs, dice="given", faces=faces)


def answered(method: str, answers: dict[str, str], **request: Any) -> dict[str, Any]:
    """A request made with typed dice, each roll it asks for answered from ``answers`` (as at the table)."""
    faces: dict[str, str] = {}
    while True:
        result = ok(method, **request, dice="given", faces=faces)
        if "needs" not in result:
            return result
        faces[result["needs"]["roll"]] = answers[result["needs"]["roll"]]


def texts(result: dict[str, Any]) -> list[str]:
    return [step["text"] for step in result["report"]["steps"]]


def fight(result: dict[str, Any]) -> dict[str, Any]:
    view: dict[str, Any] = result["view"]["fight"]
    return view


def whose(result: dict[str, Any]) -> str | None:
    return next((entry["name"] for entry in fight(result)["order"] if entry["id"] == fight(result)["current"]), None)


def card(result: dict[str, Any], name: str) -> dict[str, Any]:
    return next(one for one in result["view"]["roster"] if one["name"] == name)


# -- the order where a system has no initiative ---------------------------------------------------------

def test_insertion_order_next_and_round_end_skip_the_unconscious_in_megatraveller() -> None:
    """"next" through a MegaTraveller round skips the unconscious, and the round's end starts the next."""
    document = encounter("megatraveller", {"name": "Ann", "upp": "777777"}, {"name": "Bob", "upp": "777777"},
                         {"name": "Cy", "upp": "777777"})
    knocked = ok("act", encounter=document, action="hit",
                   inputs={"attacker": None, "target": "c2", "damage_value": 15, "harm": "non_lethal",
                           "dice": "value"}, dice="app", seed=3)
    assert card(knocked, "Bob")["status"]["severity"] in ("down", "out")
    started = turn(knocked["encounter"], "start")
    assert (whose(started), fight(started)["round"]) == ("Ann", 1)
    second = turn(started["encounter"], "next")
    assert whose(second) == "Cy"
    assert "Bob is skipped: unconscious." in texts(second)
    third = turn(second["encounter"], "next")
    assert (whose(third), fight(third)["round"]) == ("Ann", 2)
    assert "Round 1 ends." in texts(third) and "Round 2 begins." in texts(third)
    stands = {entry["name"]: entry["stands"] for entry in fight(third)["order"]}
    assert stands == {"Ann": "current", "Bob": "unable", "Cy": "waiting"}


def test_a_stunned_traveller_is_asked_to_recover_on_his_turn() -> None:
    document = encounter("megatraveller", {"name": "Bartolo", "upp": "45398C"}, {"name": "Thug", "upp": "777777"})
    hit = ok("act", encounter=document, action="hit",
               inputs={"attacker": None, "target": "c1", "damage_value": 3, "harm": "non_lethal", "dice": "value"},
               dice="app", seed=1)
    state = card(hit, "Bartolo")["status"]["text"]
    assert "tunned" in state, state
    started = turn(hit["encounter"], "start")
    hint = fight(started)["hint"]
    assert whose(started) == "Bartolo"
    assert hint["action"] == "recover" and hint["inputs"] == {"target": "c1", "how": "stun_slow"}
    assert "must try to recover" in hint["text"]


def test_reordering_by_hand_sets_the_order_and_refuses_a_wrong_list() -> None:
    document = encounter("typed", {"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"})
    reordered = turn(document, "order", order=["c3", "c1", "c2"])
    assert [entry["name"] for entry in fight(reordered)["order"]] == ["Cy", "Ann", "Bob"]
    assert fight(reordered)["by_initiative"] is False
    assert whose(turn(reordered["encounter"], "start")) == "Cy"
    for wrong in (["c1", "c2"], ["c1", "c2", "c2"], ["c1", "c2", "c9"], "c1,c2,c3",
                  [0, "c1", "c2"], [["c1"], "c2", "c3"], [{"id": "c1"}, "c2", "c3"], ["c1", "c2", None]):
        assert refused("turn", encounter=document, move="order", order=wrong)["field"] == "order"


def test_delay_then_act_now_and_a_delayed_turn_is_lost_with_the_round() -> None:
    document = encounter("kyod", {"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"})
    started = turn(document, "start")
    delayed = turn(started["encounter"], "delay")
    assert whose(delayed) == "Bob"
    assert {entry["name"]: entry["stands"] for entry in fight(delayed)["order"]}["Ann"] == "delayed"
    acting = turn(delayed["encounter"], "act", id="c1")
    assert whose(acting) == "Ann" and "Bob, whose turn comes next" in texts(acting)[0]
    back = turn(acting["encounter"], "next")
    assert whose(back) == "Bob"
    # Cy delays and nobody is left: the fight waits for Act now; Next lets the turn go, and the round ends.
    cy = turn(turn(back["encounter"], "next")["encounter"], "delay")
    assert fight(cy)["current"] is None
    assert any("Only delayed turns are left" in text for text in texts(cy))
    lost = turn(cy["encounter"], "next")
    assert "Cy did not take his delayed turn; it is lost." in texts(lost)
    assert (fight(lost)["round"], whose(lost)) == (2, "Ann")
    assert refused("turn", encounter=document, move="act", id="c1")["field"] == "move"
    assert refused("turn", encounter=started["encounter"], move="act", id="c2")["field"] == "id"
    for wrong_id in (["c1"], {"id": "c1"}, 1, None):
        assert refused("turn", encounter=delayed["encounter"], move="act", id=wrong_id)["field"] == "id"


def test_moves_refused_out_of_place() -> None:
    empty = ok("new", system="typed")["encounter"]
    assert refused("turn", encounter=empty, move="start")["field"] == "move"
    document = encounter("typed", {"name": "Ann"})
    assert refused("turn", encounter=document, move="next")["field"] == "move"
    assert refused("turn", encounter=document, move="dance")["field"] == "move"
    started = turn(document, "start")["encounter"]
    assert refused("turn", encounter=started, move="start")["field"] == "move"
    ended = turn(started, "end")
    assert fight(ended)["started"] is False and fight(ended)["current"] is None


# -- each system's end of a turn, a phase and a round ---------------------------------------------------

def test_sla_rounds_bleed_in_phase_three_and_roll_initiative_each_round() -> None:
    document = encounter("sla", {"name": "Kit"}, {"name": "Scum"})
    wounded = act(document, "harm", {"target": "c2", "location": "torso", "amount": 2, "wound": True})
    asked = ok("turn", encounter=wounded["encounter"], move="start", dice="given")
    assert asked["needs"]["roll"] == "initiative c1" and asked["needs"]["count"] == 3
    started = ok("turn", encounter=wounded["encounter"], move="start", dice="given",
                   faces={"initiative c1": "6 6 6", "initiative c2": "1 1 1"})
    assert whose(started) == "Kit" and fight(started)["phase"] == "Phase 1"
    assert [entry["name"] for entry in fight(started)["order"]] == ["Kit", "Scum"]
    scum = Encounter.from_dict(started["encounter"]).play().states["c2"]
    result = started
    bled = []
    for _ in range(40):
        before = fight(result)["round"]
        result = answered("turn", {"initiative c1": "3 3 3", "initiative c2": "3 3 3"},
                          encounter=result["encounter"], move="next")
        if fight(result)["round"] != before:
            assert "Round %d ends." % before in texts(result)
            assert any(text.startswith("Kit: dice 9") for text in texts(result))   # initiative rolled again
            bled += [text for text in texts(result) if text.startswith("Scum:") and "bleed" in text]
        if fight(result)["round"] == 6:
            break
    # D-SL-27: the wounding round's phase 3 is the first tick; the wound bleeds at the end of the fifth round.
    assert bled == ["Scum: 1 open wound: the next Hit bleeds away in 4 rounds",
                    "Scum: 1 open wound: the next Hit bleeds away in 3 rounds",
                    "Scum: 1 open wound: the next Hit bleeds away in 2 rounds",
                    "Scum: 1 open wound: the next Hit bleeds away in 1 round",
                    "Scum: 1 open wound bleeds 1 Hit from the Torso and from Incap"]
    bleeding = Encounter.from_dict(result["encounter"]).play().states["c2"]
    assert bleeding.incap_damage > scum.incap_damage


def test_sla_phases_hold_only_those_with_an_action_in_them() -> None:
    document = encounter("sla", {"name": "Slow", "dia": 2, "phys": 3, "cool": 3}, {"name": "Fast"})
    started = ok("turn", encounter=document, move="start", dice="given",
                   faces={"initiative c1": "1 1 1", "initiative c2": "2 2 2"})
    seen = []
    result = started
    for _ in range(6):
        seen.append((fight(result)["phase"], whose(result)))
        result = answered("turn", {"initiative c1": "1 1 1", "initiative c2": "2 2 2"},
                          encounter=result["encounter"], move="next")
        if fight(result)["round"] == 2:
            break
    phases = {phase for phase, who in seen if who == "Slow"}
    assert phases == {"Phase 1"}, seen
    idle = {entry["name"]: entry["stands"] for entry in fight(turn(started["encounter"], "next"))["order"]}
    assert idle == {"Fast": "done", "Slow": "current"}


def test_kyod_shock_ends_with_the_shocked_ones_own_turn() -> None:
    document = encounter("kyod", {"name": "Ann", "st": 10, "ht": 10}, {"name": "Bob", "st": 10, "ht": 10})
    hit = ok("act", encounter=document, action="hit",
               inputs={"attacker": None, "target": "c2", "damage": "2d+4", "type": "cr"},
               dice="app", seed=5)
    assert Encounter.from_dict(hit["encounter"]).play().states["c2"].shock == 4
    started = turn(hit["encounter"], "start")
    after_ann = turn(started["encounter"], "next")           # Ann's turn ends: Bob's shock stays
    assert not any(text.startswith("Bob's shock") for text in texts(after_ann))
    after_bob = turn(after_ann["encounter"], "next")          # Bob's own turn ends: his shock wears off
    assert "Bob's shock \u22124 wears off." in texts(after_bob)
    assert Encounter.from_dict(after_bob["encounter"]).play().states["c2"].shock == 0


def test_fudge_alternating_turns_roll_initiative_each_round_and_stuns_wear_off() -> None:
    document = encounter("fudge", {"name": "Snorri", "initiative": 1}, {"name": "Brynhild", "initiative": 0},
                         options={"pacing": "alternating"})
    stunned = act(document, "wound", {"target": "c2", "level": "hurt", "stun": True})
    asked = ok("turn", encounter=stunned["encounter"], move="start", dice="given")
    assert asked["needs"]["roll"] == "initiative c1" and asked["needs"]["kind"] == "dF"
    started = ok("turn", encounter=stunned["encounter"], move="start", dice="given",
                   faces={"initiative c1": "- - - -", "initiative c2": "+ + + +"})
    assert fight(started)["by_initiative"] is True
    assert [entry["name"] for entry in fight(started)["order"]] == ["Brynhild", "Snorri"]
    assert whose(started) == "Brynhild" and "stunned" in fight(started)["hint"]["text"]
    second = turn(started["encounter"], "next")
    round_two = ok("turn", encounter=second["encounter"], move="next", dice="given",
                     faces={"initiative c1": "+ + 0 0", "initiative c2": "0 0 0 0"})
    assert fight(round_two)["round"] == 2
    assert "Brynhild: a Stun wears off." in texts(round_two)
    assert [entry["name"] for entry in fight(round_two)["order"]] == ["Snorri", "Brynhild"]


def test_fudge_simultaneous_rounds_keep_the_added_order_and_count_plus_level_rounds() -> None:
    document = encounter("fudge", {"name": "Snorri"}, {"name": "Brynhild"})
    started = turn(document, "start")
    assert fight(started)["by_initiative"] is False and whose(started) == "Snorri"
    round_two = turn(turn(started["encounter"], "next")["encounter"], "next")
    assert fight(round_two)["round"] == 2
    played = Encounter.from_dict(round_two["encounter"]).play()
    assert all(state.rounds == 1 for state in played.states.values())     # a plus level reckons from these


def test_typed_round_end_carries_ablative_armour_over_and_skips_the_taken_out() -> None:
    sword = [{"name": "Shortsword", "notation": "3-/2+"}]
    document = encounter("typed", {"name": "Cyrus", "skill": 1, "weapons": sword},
                         {"name": "Knight", "armour": {"name": "Ablative plate", "notation": "-*+(Ab)"}},
                         {"name": "Out"})
    worn = ok("act", encounter=document, action="attack", dice="app", seed=2,
                inputs={"attacker": "c1", "target": "c2", "margin": "typed", "margin_of_success": 3})
    out = ok("act", encounter=worn["encounter"], action="mark",
               inputs={"target": "c3", "level": "Incapacitated", "change": "mark", "reason": "Falls"})
    started = turn(out["encounter"], "start")
    result = turn(turn(started["encounter"], "next")["encounter"], "next")
    ablative = [text for text in texts(result) if "ablative armour stays worn" in text]
    assert fight(result)["round"] == 2 and "Out is skipped: taken out." in texts(started) + texts(result)
    knight = Encounter.from_dict(result["encounter"]).play()
    assert knight.states["c2"].armour != knight.sheets["c2"].armour
    assert ablative == [f"Knight's ablative armour stays worn: {knight.states['c2'].armour.notation} left of -*+(Ab)."]


# -- conditions and notes -------------------------------------------------------------------------------

def test_a_condition_counts_down_as_rounds_end_and_expires() -> None:
    document = encounter("typed", {"name": "Ann"}, {"name": "Bob"})
    blinded = ok("condition", encounter=document, id="c2", name="Blinded", rounds=2)
    held = ok("condition", encounter=blinded["encounter"], id="c2", name="Prone")
    assert card(held, "Bob")["conditions"] == [{"name": "Blinded", "rounds": 2}, {"name": "Prone", "rounds": None}]
    result = turn(held["encounter"], "start")
    result = turn(turn(result["encounter"], "next")["encounter"], "next")           # round 1 ends
    assert card(result, "Bob")["conditions"][0] == {"name": "Blinded", "rounds": 1}
    result = turn(turn(result["encounter"], "next")["encounter"], "next")           # round 2 ends
    assert "Bob: Blinded ends." in texts(result)
    assert card(result, "Bob")["conditions"] == [{"name": "Prone", "rounds": None}]
    removed = ok("condition", encounter=result["encounter"], id="c2", change="remove", index=0)
    assert card(removed, "Bob")["conditions"] == []
    assert refused("condition", encounter=removed["encounter"], id="c2", change="remove", index=0)["field"] == "index"


@pytest.mark.parametrize("request_", [
    {"id": "c1", "name": ""}, {"id": "c1", "name": "x" * 41}, {"id": "c1", "name": "Hex", "rounds": 0},
    {"id": "c1", "name": "Hex", "rounds": 10 ** 9}, {"id": "c1", "name": "Hex", "rounds": "soon"},
    {"id": "c9", "name": "Hex"}, {"id": "<b>", "name": "Hex"}, {"id": "c1", "name": ["Hex"]},
])
def test_bad_conditions_are_refused_at_their_field(request_: dict[str, Any]) -> None:
    document = encounter("typed", {"name": "Ann"})
    error = refused("condition", encounter=document, **request_)
    assert error["field"] in ("name", "rounds", "id")


def test_notes_are_kept_escaped_and_leave_with_their_combatant() -> None:
    document = encounter("typed", {"name": "Ann"}, {"name": "Bob"})
    noted = ok("note", encounter=document, id="c2", text="<img src=x onerror=alert(1)> hides")
    assert card(noted, "Bob")["note"] == "<img src=x onerror=alert(1)> hides"
    assert refused("note", encounter=document, id="c2", text="x" * 501)["field"] == "text"
    gone = ok("remove", encounter=noted["encounter"], id="c2")
    assert [one["name"] for one in gone["view"]["roster"]] == ["Ann"]
    back = ok("add", encounter=gone["encounter"], sheet={"name": "Bob"})
    assert card(back, "Bob")["note"] == ""


def test_a_removed_combatant_whose_turn_it_was_leaves_nobody_s_turn_until_next() -> None:
    document = encounter("typed", {"name": "Ann"}, {"name": "Bob"})
    started = turn(document, "start")
    gone = ok("remove", encounter=started["encounter"], id="c1")
    assert fight(gone)["current"] is None
    assert whose(turn(gone["encounter"], "next")) == "Bob"


# -- the log, the link and the file ---------------------------------------------------------------------

def test_the_fight_travels_in_the_link_and_replays_and_undoes() -> None:
    document = encounter("sla", {"name": "Kit"}, {"name": "Scum"})
    started = ok("turn", encounter=document, move="start", dice="app", seed=9)
    noted = ok("note", encounter=started["encounter"], id="c1", text="Covers the door")
    opened = ok("open_link", link=noted["fragment"])
    assert opened["view"]["fight"] == noted["view"]["fight"]
    assert card(opened, "Kit")["note"] == "Covers the door"
    undone = ok("undo", encounter=ok("undo", encounter=noted["encounter"])["encounter"])
    assert fight(undone)["started"] is False
    assert decode(noted["fragment"])["format"] == FORMAT


FORMAT_1 = {"format": 1, "system": "typed", "options": {}, "cursor": 3, "events": [
    {"type": "add", "id": "c1", "sheet": {"name": "Cyrus", "skill": 1,
                                          "weapons": [{"name": "Shortsword", "notation": "3-/2+"}]}},
    {"type": "add", "id": "c2", "sheet": {"name": "Bandit", "armour": {"name": "Leather", "notation": "+-*"}}},
    {"type": "action", "action": "attack", "inputs": {"attacker": "c1", "target": "c2", "margin": "typed",
                                                      "margin_of_success": 2},
     "dice": {"damage": ["-", "0", "0", "+"]}},
]}


def test_a_format_1_encounter_opens_as_it_was_and_saves_in_the_current_format() -> None:
    """The file format's migration: format 1 (before turns, conditions and notes) reads as it is."""
    opened = ok("open_file", text=json.dumps(FORMAT_1))
    assert opened["encounter"]["format"] == FORMAT
    assert [event["type"] for event in opened["encounter"]["events"]] == ["add", "add", "action"]
    assert card(opened, "Bandit")["status"]["text"] != "Unhurt"
    assert fight(opened)["started"] is False and [e["name"] for e in fight(opened)["order"]] == ["Cyrus", "Bandit"]
    assert card(opened, "Bandit")["conditions"] == [] and card(opened, "Bandit")["note"] == ""
    linked = ok("open_link", link=ok("share", encounter=FORMAT_1)["fragment"])
    assert linked["view"]["roster"] == opened["view"]["roster"]
    assert refused("open_file", text=json.dumps({**FORMAT_1, "format": FORMAT + 1}))["kind"] == "bad_encounter"


MOVES = st.sampled_from(["next", "next", "next", "delay", "act", "condition", "hit"])


@settings(max_examples=int(os.environ.get("WOUNDBOOK_FIGHT_EXAMPLES", 40)), deadline=None)
@given(st.sampled_from(["typed", "megatraveller", "kyod", "fudge", "sla"]), st.lists(MOVES, max_size=25),
       st.integers(0, 10 ** 6))
def test_any_run_of_moves_replays_to_the_same_fight(system: str, moves: list[str], seed: int) -> None:
    """Whatever the moves, the fight read back from the document is the fight on screen, and the round never
    goes back."""
    extra = {"upp": "777777"} if system == "megatraveller" else {}
    document = encounter(system, *({"name": name, **extra} for name in ("Ann", "Bob", "Cy")))
    result = ok("turn", encounter=document, move="start", dice="app", seed=seed)
    rounds = [1]
    for index, kind in enumerate(moves):
        now = fight(result)
        if kind == "act" and now["order"]:
            delayed = [entry["id"] for entry in now["order"] if entry["stands"] == "delayed"]
            if not delayed:
                continue
            answer = handle("turn", {"encounter": result["encounter"], "move": "act", "id": delayed[0]})
        elif kind == "condition":
            answer = handle("condition", {"encounter": result["encounter"], "id": "c2", "name": "Dazed", "rounds": 1})
        elif kind == "hit":
            answer = handle("turn", {"encounter": result["encounter"], "move": "next", "dice": "app",
                                     "seed": seed + index})
        else:
            answer = handle("turn", {"encounter": result["encounter"], "move": kind, "dice": "app",
                                     "seed": seed + index})
        if not answer["ok"]:
            assert answer["error"]["kind"] != "internal", answer
            continue
        result = answer["result"]
        rounds.append(fight(result)["round"])
    assert rounds == sorted(rounds)
    again = ok("view", encounter=json.loads(json.dumps(result["encounter"])))
    assert again["view"]["fight"] == result["view"]["fight"]
    assert again["view"]["roster"] == result["view"]["roster"]


# -- found by the audit: each case as the text has it ----------------------------------------------------

def test_fudge_simultaneous_rounds_pass_once_for_those_who_fought() -> None:
    """A Round of simultaneous combat passes the round for both fighters; the fight's round end does not pass it
    again: Very Stunned lasts "two combat rounds"."""
    sword = [{"name": "Sword", "notation": "size 1, sharp"}]
    document = encounter("fudge", {"name": "Snorri", "weapons": sword}, {"name": "Bryn", "weapons": sword},
                         {"name": "Idle"})
    stunned = act(document, "wound", {"target": "c2", "level": "very_hurt", "stun": True})
    started = turn(stunned["encounter"], "start")
    fought = ok("act", encounter=started["encounter"], action="round", seed=4,
                  inputs={"fighter": "c1", "weapon": 0, "foe": "c2", "foe_weapon": 0})
    result = turn(turn(turn(fought["encounter"], "next")["encounter"], "next")["encounter"], "next")
    assert fight(result)["round"] == 2
    states = Encounter.from_dict(result["encounter"]).play().states
    assert states["c2"].very_stunned == 1 and states["c1"].rounds == 1 and states["c3"].rounds == 1


def test_the_order_is_not_set_by_hand_where_it_is_rolled() -> None:
    document = encounter("sla", {"name": "Kit"}, {"name": "Scum"})
    assert refused("turn", encounter=document, move="order", order=["c2", "c1"])["field"] == "move"


def test_starting_with_nobody_able_stays_in_round_one() -> None:
    document = encounter("typed", {"name": "Out"})
    out = ok("act", encounter=document, action="mark",
               inputs={"target": "c1", "level": "Incapacitated", "change": "mark", "reason": "Falls"})
    held = ok("condition", encounter=out["encounter"], id="c1", name="Burning", rounds=2)
    started = turn(held["encounter"], "start")
    assert fight(started)["round"] == 1 and fight(started)["current"] is None
    assert card(started, "Out")["conditions"] == [{"name": "Burning", "rounds": 2}]
    assert fight(turn(started["encounter"], "next"))["round"] == 2


def test_a_move_says_in_its_changes_which_conditions_it_ended() -> None:
    """The dock's line (issue 48, item 7): the move's log entry lists the conditions that ended, shortly."""
    document = ok("new", system="typed")
    for name in ("Cyrus", "Bandit"):
        document = ok("add", encounter=document["encounter"], sheet={"name": name})
    ids = {card["name"]: card["id"] for card in document["view"]["roster"]}
    held = ok("condition", encounter=document["encounter"], id=ids["Bandit"], name="Prone", rounds=1, ends="end",
              by=ids["Cyrus"])
    held = ok("condition", encounter=held["encounter"], id=ids["Cyrus"], name="Blinded")
    started = ok("turn", encounter=held["encounter"], move="start")
    assert "changes" not in started["view"]["log"][-1]
    first = started["view"]["fight"]["current"]
    moved = ok("turn", encounter=started["encounter"], move="next")
    entry = moved["view"]["log"][-1]
    if first == ids["Cyrus"]:
        assert entry["changes"] == ["Bandit: Prone ends"], entry
    else:
        assert "changes" not in entry, entry
        moved = ok("turn", encounter=moved["encounter"], move="next")
        assert moved["view"]["log"][-1]["changes"] == ["Bandit: Prone ends"], moved["view"]["log"][-1]
