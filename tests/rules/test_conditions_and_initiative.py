"""Conditions that a turn's start or end ends, and initiative for all, through the public API (issue 37; the
decisions are in rules/conditions.py, rules/initiative.py and docs/rules-decisions.md)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.encounter import Encounter
from tests.rules.helpers import ok, refused
from tests.rules.test_turns import answered, card, encounter, texts, turn, whose

THREE = ({"name": "Cyrus"}, {"name": "Ogre"}, {"name": "Kit"})


def given_to(document: dict[str, Any], who: str, name: str, **duration: Any) -> dict[str, Any]:
    return ok("condition", encounter=document, id=who, name=name, **duration)


def run(document: dict[str, Any], moves: int) -> list[dict[str, Any]]:
    """``moves`` taps of Next, each answer kept."""
    answers = []
    for _ in range(moves):
        result = turn(document, "next")
        answers.append(result)
        document = result["encounter"]
    return answers


# -- each kind of duration, as data: (given during whose turn, duration, Nexts until it ends, the line) ----------

# Typed Damage, Cyrus, Ogre and Kit in that order; the condition is Cyrus's. Each Next is named by the turn it ends.
CASES = [
    # The round's end (the default): given on Cyrus's turn of round 1, 1 round ends as round 1 does.
    ("Cyrus", {"rounds": 1}, 3, "Cyrus: Blinded ends."),
    # Given on the last turn of round 1, "2 rounds" lasts a round and a turn (the example).
    ("Kit", {"rounds": 2}, 4, "Cyrus: Blinded ends."),
    # The start of the Ogre's turn: the next time it starts.
    ("Cyrus", {"rounds": 1, "ends": "start", "by": "c2"}, 1, "Blinded ends (Cyrus: start of Ogre's turn)."),
    # Given on the Ogre's own turn: his turn has started already; the next start is in round 2.
    ("Ogre", {"rounds": 1, "ends": "start", "by": "c2"}, 3, "Blinded ends (Cyrus: start of Ogre's turn)."),
    ("Cyrus", {"rounds": 2, "ends": "start", "by": "c2"}, 4, "Blinded ends (Cyrus: start of Ogre's turn)."),
    # The end of the Ogre's turn, given before it: when his coming turn ends.
    ("Cyrus", {"rounds": 1, "ends": "end", "by": "c2"}, 2, "Blinded ends (Cyrus: end of Ogre's turn)."),
    # Given during the Ogre's turn: that turn's end does not count; his next one's does ("your next turn").
    ("Ogre", {"rounds": 1, "ends": "end", "by": "c2"}, 4, "Blinded ends (Cyrus: end of Ogre's turn)."),
    # The holder's own turn by default, no count: the next one.
    ("Kit", {"ends": "end"}, 2, "Blinded ends (Cyrus: end of Cyrus's turn)."),
]


@pytest.mark.parametrize(("during", "duration", "nexts", "line"), CASES)
def test_each_kind_of_duration_ends_at_its_moment(during: str, duration: dict[str, Any], nexts: int,
                                                   line: str) -> None:
    started = turn(encounter("typed", *THREE), "start")
    document = started["encounter"]
    answers = [started]
    while whose(answers[-1]) != during:
        answers = run(document, 1)
        document = answers[-1]["encounter"]
    document = given_to(document, "c1", "Blinded", **duration)["encounter"]
    answers = run(document, nexts)
    for before in answers[:-1]:
        assert card(before, "Cyrus")["conditions"], texts(before)
        assert line not in texts(before)
    assert line in texts(answers[-1])
    assert card(answers[-1], "Cyrus")["conditions"] == []


def test_the_card_says_when_and_the_player_view_keeps_its_shape() -> None:
    document = encounter("typed", *THREE)
    result = given_to(document, "c1", "Dodging", rounds=3, ends="end", by="c2")
    assert result["report"]["outcome"] == "Dodging until the end of Ogre's 3rd turn from now"
    assert card(result, "Cyrus")["conditions"] == [
        {"name": "Dodging", "rounds": 3, "lasts": "until the end of Ogre's 3rd turn from now"}]
    result = given_to(result["encounter"], "c1", "Prone", rounds=2)
    assert card(result, "Cyrus")["conditions"][1] == {"name": "Prone", "rounds": 2}
    shown = ok("open_player", link=ok("player_link", encounter=result["encounter"], players=["c1"],
                                       npcs="tracks")["fragment"])
    cyrus = next(one for one in shown["player"]["roster"] if one["name"] == "Cyrus")
    assert cyrus["conditions"] == [      # the game master's words, as the players see them (issue 48, 11)
        {"name": "Dodging", "rounds": 3, "lasts": "until the end of Ogre's 3rd turn from now"},
        {"name": "Prone", "rounds": 2}]


def test_old_events_are_recorded_as_they_were_and_a_removed_turn_falls_back_to_the_round() -> None:
    document = encounter("typed", *THREE)
    old = given_to(document, "c1", "Blinded", rounds=2)
    assert old["encounter"]["events"][-1] == {"type": "condition", "id": "c1", "change": "add", "name": "Blinded",
                                              "rounds": 2}
    new = given_to(old["encounter"], "c1", "Held", ends="start", by="c3")
    assert new["encounter"]["events"][-1]["ends"] == "start" and new["encounter"]["events"][-1]["rounds"] == 1
    gone = ok("remove", encounter=new["encounter"], id="c3")
    assert texts(gone) == ["Cyrus: Held now ends at the round's end, counted as before (Kit, whose turn ended it, "
                           "has left)."]
    assert card(gone, "Cyrus")["conditions"][1] == {"name": "Held", "rounds": 1}
    ended = run(turn(gone["encounter"], "start")["encounter"], 2)[-1]
    assert "Cyrus: Held ends." in texts(ended)
    undone = ok("undo", encounter=ended["encounter"])
    assert card(undone, "Cyrus")["conditions"][1] == {"name": "Held", "rounds": 1}
    assert Encounter.from_dict(ended["encounter"]).to_dict() == ended["encounter"]


def test_a_skipped_turn_and_a_lost_delayed_turn_pass_their_moments() -> None:
    document = encounter("typed", *THREE)
    out = ok("act", encounter=document, action="mark", inputs={"target": "c2", "level": "Incapacitated", "change": "mark", "reason": "Falls"})
    skipped = given_to(out["encounter"], "c1", "Watched", ends="end", by="c2")
    started = turn(skipped["encounter"], "start")
    moved = turn(started["encounter"], "next")
    assert "Ogre is skipped: taken out." in texts(moved)
    assert "Watched ends (Cyrus: end of Ogre's turn)." in texts(moved)
    held = given_to(turn(document, "start")["encounter"], "c2", "Aiming", ends="end")
    delayed = turn(turn(held["encounter"], "next")["encounter"], "delay")
    assert card(delayed, "Ogre")["conditions"] == [{"name": "Aiming", "rounds": 1,
                                                    "lasts": "until the end of Ogre's next turn"}]
    lost = run(delayed["encounter"], 2)[-1]
    assert "Aiming ends (Cyrus: end of Ogre's turn)." not in texts(lost)      # the holder is Ogre
    assert "Aiming ends (Ogre: end of Ogre's turn)." in texts(lost)


@pytest.mark.parametrize("request_", [
    {"name": "Held", "ends": "soon"}, {"name": "Held", "ends": "start", "by": "c9"},
    {"name": "Held", "ends": "end", "by": 3}, {"name": "Held", "ends": "end", "rounds": 0}])
def test_bad_durations_are_refused_at_their_field(request_: dict[str, Any]) -> None:
    document = encounter("typed", *THREE)
    error = refused("condition", encounter=document, id="c1", **request_)
    assert error["field"] in ("ends", "by", "rounds"), error


@settings(max_examples=25, deadline=None)
@given(rounds=st.integers(1, 3), ends=st.sampled_from(["round", "start", "end"]), by=st.sampled_from(["c1", "c2", "c3"]),
       system=st.sampled_from(["typed", "sla"]), after=st.integers(0, 5))
def test_a_condition_lasts_at_most_n_plus_one_rounds_and_never_ends_before_its_moment(
        rounds: int, ends: str, by: str, system: str, after: int) -> None:
    """Given at any turn, with N and any kind, it is gone within N + 1 rounds of Next, and the report that ends
    it is the one whose moment it is (the round's end, or that combatant's turn starting or ending)."""
    sheets = ({"name": "Cyrus"}, {"name": "Ogre", **({"dia": 10, "phys": 10, "cool": 10} if system == "sla" else {})},
              {"name": "Kit"})
    document = answered("turn", {}, encounter=encounter(system, *sheets), move="start") \
        if system == "typed" else ok("turn", encounter=encounter(system, *sheets), move="start",
                                     dice="app", seed=after)
    result = document
    for _ in range(after):
        result = ok("turn", encounter=result["encounter"], move="next", dice="app", seed=after)
    begun = result["view"]["fight"]["round"]
    result = given_to(result["encounter"], "c1", "Marked", rounds=rounds,
                      **({} if ends == "round" else {"ends": ends, "by": by}))
    name = {"c1": "Cyrus", "c2": "Ogre", "c3": "Kit"}[by]
    moment = ("Cyrus: Marked ends." if ends == "round" else f"Marked ends (Cyrus: {ends} of {name}'s turn).")
    while card(result, "Cyrus")["conditions"]:
        assert result["view"]["fight"]["round"] <= begun + rounds + 1
        was = result["view"]["fight"]["current"]
        result = ok("turn", encounter=result["encounter"], move="next", dice="app", seed=after)
        said = texts(result)
        if not card(result, "Cyrus")["conditions"]:
            assert moment in said, said
            assert result["view"]["fight"]["round"] <= begun + rounds + 1
            if ends == "round":
                assert f"Round {result['view']['fight']['round'] - 1} ends." in said
            elif ends == "start":
                assert any(text.startswith((f"{name}'s turn (", f"{name} is skipped"))
                           for text in said[: said.index(moment)]), said
            else:
                assert was == by or any(text.startswith(f"{name} is skipped") for text in said), said
        else:
            assert moment not in said, said


# -- initiative for all -----------------------------------------------------------------------------------

# (system, sheets, the faces typed for each, the order it gives): ties go to the stat the system names, then stay.
ROLLS = [
    ("megatraveller", [{"name": "Ann", "upp": "777777"}, {"name": "Bob", "upp": "787777"},
                       {"name": "Cy", "upp": "797777"}], ["3 4", "5 2", "6 1"], ["Cy", "Bob", "Ann"]),
    ("megatraveller", [{"name": "Ann", "upp": "777777"}, {"name": "Bob", "upp": "777777"}], ["3 4", "5 2"],
     ["Ann", "Bob"]),
    ("kyod", [{"name": "Ann"}, {"name": "Bob", "ht": 12}, {"name": "Cy"}], ["1 1 1", "3 3 3", "4 4 1"],
     ["Bob", "Cy", "Ann"]),
    ("typed", [{"name": "Ann", "skill": 1}, {"name": "Bob", "skill": 2}, {"name": "Cy"}],
     ["+ 0 0 0", "0 + 0 0", "+ + - +"], ["Cy", "Bob", "Ann"]),
    ("fudge", [{"name": "Ann"}, {"name": "Bob", "initiative": 1}, {"name": "Cy"}],
     ["+ + 0 0", "+ 0 0 0", "- - - -"], ["Bob", "Ann", "Cy"]),
]


@pytest.mark.parametrize(("system", "sheets", "faces", "order"), ROLLS)
def test_initiative_for_all_orders_by_the_roll_then_the_tie_stat_then_as_they_stood(
        system: str, sheets: list[dict[str, Any]], faces: list[str], order: list[str]) -> None:
    document = encounter(system, *sheets)
    rolled = answered("turn", {f"initiative c{index + 1}": one for index, one in enumerate(faces)},
                      encounter=document, move="initiative")
    assert [entry["name"] for entry in rolled["view"]["fight"]["order"]] == order
    assert rolled["report"]["title"] == "Initiative for all"
    assert texts(rolled)[-1] == f"New order: {', '.join(order)}."
    assert [len(step.get("dice", [])) for step in rolled["report"]["steps"] if step.get("roll")] \
        == [len(one.split()) for one in faces]                              # every die shown
    assert rolled["view"]["fight"]["initiative"] == texts(rolled)[0]          # what is rolled, said first
    undone = ok("undo", encounter=rolled["encounter"])
    assert [entry["name"] for entry in undone["view"]["fight"]["order"]] == [sheet["name"] for sheet in sheets]
    assert Encounter.from_dict(rolled["encounter"]).to_dict() == rolled["encounter"]


def test_initiative_for_all_leaves_out_who_cannot_act_and_is_refused_where_rolled_each_round() -> None:
    document = encounter("typed", *THREE)
    out = ok("act", encounter=document, action="mark", inputs={"target": "c1", "level": "Incapacitated", "change": "mark", "reason": "Falls"})
    rolled = answered("turn", {"initiative c2": "- - 0 0", "initiative c3": "+ 0 0 0"}, encounter=out["encounter"],
                      move="initiative")
    assert [entry["name"] for entry in rolled["view"]["fight"]["order"]] == ["Kit", "Ogre", "Cyrus"]
    assert "Cyrus rolls nothing: taken out." in texts(rolled)
    assert refused("turn", encounter=encounter("sla", {"name": "Kit"}), move="initiative")["field"] == "move"
    alternating = ok("add", encounter=ok("new", system="fudge", options={"pacing": "alternating"})["encounter"],
                     sheet={"name": "Ann"})
    assert alternating["view"]["fight"]["initiative"] == ""
    assert refused("turn", encounter=alternating["encounter"], move="initiative")["field"] == "move"
    assert refused("turn", encounter=ok("new", system="typed")["encounter"], move="initiative")["field"] == "move"


# -- "Hidden" the condition is not "Hidden from players" (issue 48, item 9) -----------------------------------------

def test_the_common_presets_say_concealed_and_an_old_hidden_condition_is_kept() -> None:
    """The players see conditions: a preset "Hidden" told them "Artus · Hidden" and gave the ambusher away, and read
    as the card's *Hidden from players*. The common preset is Concealed; an encounter whose log gave "Hidden" (a
    name is free text) opens with it, shows it to the game master and to the players alike, and loses it on Remove."""
    for system in ok("systems")["systems"]:
        names = [one["name"] for one in system["conditions"]]
        assert "Concealed" in names and "Hidden" not in names, (system["id"], names)
    old = given_to(encounter("typed", *THREE), "c1", "Hidden")
    opened = ok("view", encounter=old["encounter"])
    assert card(opened, "Cyrus")["conditions"] == [{"name": "Hidden", "rounds": None}]
    removed = ok("condition", encounter=old["encounter"], id="c1", change="remove", index=0)
    assert card(removed, "Cyrus")["conditions"] == []
