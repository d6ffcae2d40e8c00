"""Issue 37: several combatants in one add ("4 × Thug"), and combatants hidden from the players until revealed.

Several: one event, each combatant its own, numbered on from the roster (rules/roster.py), one undo step, replayed
the same, bounded by the roster's MAX_COMBATANTS at the count's field; an add without a count is as it was. Hidden:
left out of the players' view and its link altogether, from who is hidden now (rules/player.py), brought back by a
reveal (his past entries too), and hidden again by undoing the reveal.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import player, roster
from rules.dice import SeededDice
from rules.encounter import Encounter
from rules.errors import BadField
from tests.rules.helpers import ok, refused
from tests.rules.test_player_leaks import PC_NAMES, SETTINGS, assert_tells_nothing_hidden, build, decoded

KIT = {"name": "Kit", "weapons": [{"name": "Sword", "notation": "3-/2+"}]}
THUG = {"name": "Thug", "weapons": [{"name": "Knife", "notation": "2-/1+"}]}


def names(document: dict[str, Any]) -> list[str]:
    return [card["name"] for card in ok("view", encounter=document)["view"]["roster"]]


def kit_and(count: int, **more: Any) -> dict[str, Any]:
    """Kit, then ``count`` × Thug in one add; the answer."""
    document = ok("add", encounter=ok("new", system="typed")["encounter"], sheet=KIT)["encounter"]
    return ok("add", encounter=document, sheet=THUG, count=count, **more)


def hit(encounter: Encounter, attacker: str, target: str, seed: int = 3) -> Encounter:
    encounter, _ = encounter.record("action", {"action": "attack", "inputs": {
        "attacker": attacker, "target": target, "weapon": 0, "margin_of_success": 2}}, SeededDice(seed))
    return encounter


# -- several at once --------------------------------------------------------------------------------------------

def test_four_thugs_are_four_combatants_numbered_one_to_four_in_one_log_entry() -> None:
    answer = kit_and(4)
    assert names(answer["encounter"]) == ["Kit", "Thug 1", "Thug 2", "Thug 3", "Thug 4"]
    assert [card["id"] for card in answer["view"]["roster"]] == ["c1", "c2", "c3", "c4", "c5"]
    assert answer["report"]["title"] == "4 \u00d7 Thug join the encounter"
    assert answer["report"]["steps"][0]["text"] == "Thug 1, Thug 2, Thug 3 and Thug 4 join the encounter."
    assert answer["encounter"]["events"][-1] == {"type": "add", "id": "c2", "count": 4,
                                                 "sheet": answer["encounter"]["events"][-1]["sheet"]}
    assert answer["encounter"]["events"][-1]["sheet"]["name"] == "Thug"    # the log keeps what was asked for
    assert len(answer["view"]["log"]) == 2


def test_each_of_several_is_its_own_combatant() -> None:
    encounter = Encounter.from_dict(kit_and(3)["encounter"])
    encounter = hit(encounter, "c1", "c3")
    cards = {card["name"]: card["status"]["text"] for card in encounter.view()["roster"]}
    assert cards["Thug 2"] != "Unhurt" and cards["Thug 1"] == cards["Thug 3"] == "Unhurt", cards


def test_one_undo_takes_all_of_them_away_and_redo_brings_them_back() -> None:
    answer = kit_and(4)
    undone = ok("undo", encounter=answer["encounter"])
    assert names(undone["encounter"]) == ["Kit"]
    assert undone["view"]["redo_label"] == "4 \u00d7 Thug join the encounter"
    redone = ok("redo", encounter=undone["encounter"])
    assert redone["view"]["roster"] == answer["view"]["roster"]


@pytest.mark.parametrize("roster_before, count, expected", [
    ([], 3, ["Thug 1", "Thug 2", "Thug 3"]),
    (["Thug 1", "Thug 2"], 2, ["Thug 3", "Thug 4"]),              # a second "2 × Thug" counts on
    (["Thug"], 2, ["Thug 2", "Thug 3"]),                          # a lone Thug is Thug 1, as its copy is Thug 2
    (["Thug 7"], 2, ["Thug 8", "Thug 9"]),
    (["Thugs 1", "Big Thug 3"], 2, ["Thug 1", "Thug 2"]),         # other names' numbers are theirs
])
def test_several_are_numbered_on_from_the_roster(roster_before: list[str], count: int, expected: list[str]) -> None:
    document = ok("new", system="typed")["encounter"]
    for name in roster_before:
        document = ok("add", encounter=document, sheet={"name": name})["encounter"]
    added = ok("add", encounter=document, sheet={"name": "Thug"}, count=count)
    assert names(added["encounter"])[len(roster_before):] == expected


def test_a_long_name_is_cut_short_before_its_number() -> None:
    long = "A" * 60
    answer = ok("add", encounter=ok("new", system="typed")["encounter"], sheet={"name": long}, count=2)
    assert names(answer["encounter"]) == ["A" * 58 + " 1", "A" * 58 + " 2"]


def test_the_next_add_takes_the_id_after_the_last_of_several_and_the_log_replays_the_same() -> None:
    answer = kit_and(3)
    after = ok("add", encounter=answer["encounter"], sheet={"name": "Ogre"})
    assert [card["id"] for card in after["view"]["roster"]][-1] == "c5"
    for opened in (ok("open_link", link=after["fragment"]), ok("view", encounter=json.loads(json.dumps(
            after["encounter"])))):
        assert opened["view"]["roster"] == after["view"]["roster"]
        assert opened["view"]["log"] == after["view"]["log"]


def test_an_add_without_a_count_is_recorded_and_replayed_as_before() -> None:
    """A log made before counts (format 2) reads as it was, and a single add writes the same event it wrote then."""
    single = ok("add", encounter=ok("new", system="typed")["encounter"], sheet={"name": "Thug"})
    assert single["encounter"]["events"][0].keys() == {"type", "id", "sheet"}
    assert names(single["encounter"]) == ["Thug"]
    old = {**single["encounter"], "format": 2}
    assert ok("view", encounter=old)["view"]["roster"] == single["view"]["roster"]
    assert ok("add", encounter=old, sheet={"name": "Thug"}, count=1)["view"]["roster"][1]["name"] == "Thug"


@pytest.mark.parametrize("count", [0, -1, 41, "four", 2.5, None, True, [], ""])
def test_a_bad_count_is_refused_at_its_field(count: Any) -> None:
    error = refused("add", encounter=kit_and(1)["encounter"], sheet=THUG, count=count)
    assert error["field"] == "count" and error["kind"] == "bad_field", error
    if count in (0, -1, 41):
        assert error["message"] in (f"the count is {count}: add at least 1",
                                    "an encounter holds at most 40 combatants: there is room for 38 more"), error


def test_more_than_the_roster_holds_is_refused_at_the_count_saying_how_many_fit() -> None:
    assert len(ok("add", encounter=ok("new", system="typed")["encounter"], sheet=THUG,
                  count=roster.MAX_COMBATANTS)["view"]["roster"]) == roster.MAX_COMBATANTS
    document = kit_and(37)["encounter"]                                  # 38 combatants: room for 2 more
    error = refused("add", encounter=document, sheet=THUG, count=3)
    assert error == {"kind": "bad_field", "field": "count",
                     "message": f"an encounter holds at most {roster.MAX_COMBATANTS} combatants: there is room for 2 "
                                "more"}
    assert len(ok("add", encounter=document, sheet=THUG, count=2)["view"]["roster"]) == roster.MAX_COMBATANTS


def test_a_bad_sheet_among_several_is_refused_at_its_own_field() -> None:
    error = refused("add", encounter=kit_and(1)["encounter"], sheet={"name": ""}, count=3)
    assert error["field"] == "sheet.name", error


# -- hidden from the players ------------------------------------------------------------------------------------

def player_text(document: dict[str, Any], players: list[str] | None = None, npcs: str = "status") -> str:
    return decoded(Encounter.from_dict(document), players or ["c1"], npcs)


def test_a_hidden_combatant_is_marked_for_the_game_master_and_absent_from_the_player_link() -> None:
    answer = kit_and(2, hidden=True)
    assert answer["report"]["title"] == "2 \u00d7 Thug join the encounter, hidden from the players"
    assert [card.get("hidden", False) for card in answer["view"]["roster"]] == [False, True, True]
    for npcs in player.NPC_DETAIL:
        text = player_text(answer["encounter"], npcs=npcs)
        assert "Thug" not in text and '"c2"' not in text and '"c3"' not in text, text
        view = json.loads(text)
        assert [card["name"] for card in view["roster"]] == ["Kit"]


def test_revealing_brings_him_back_with_his_past_log_lines_and_undoing_the_reveal_hides_him_again() -> None:
    encounter = Encounter.from_dict(kit_and(1, hidden=True)["encounter"])
    encounter = hit(hit(encounter, "c1", "c2"), "c2", "c1", 5)         # Kit fights what the players cannot see
    encounter, _ = encounter.record("turn", {"move": "start"}, SeededDice(1))
    assert [entry["title"] for entry in json.loads(decoded(encounter, ["c1"], "status"))["log"]] == ["The fight begins"]
    assert json.loads(decoded(encounter, ["c1"], "status"))["fight"]["order"] == [
        {"id": "p1", "name": "Kit", "stands": "current"}]
    revealed, report = encounter.record("hide", {"id": "c2", "hidden": False})
    assert report.title == "Thug is revealed to the players" and revealed.view()["log"][-1]["outcome"] == "Revealed"
    view = json.loads(decoded(revealed, ["c1"], "status"))
    assert [card["name"] for card in view["roster"]] == ["Kit", "Thug"]
    assert [entry["title"] for entry in view["log"]] == ["Attack: Kit \u2192 Thug", "Attack: Thug \u2192 Kit",
                                                         "The fight begins"]
    assert "Thug" not in decoded(revealed.undo(), ["c1"], "status")
    assert "Thug" in decoded(revealed.undo().redo(), ["c1"], "status")


def test_hiding_is_an_event_undone_like_any_other_and_a_second_hide_is_refused() -> None:
    answer = kit_and(1)
    hidden = ok("hide", encounter=answer["encounter"], id="c2")
    assert hidden["report"]["title"] == "Thug is hidden from the players"
    assert hidden["view"]["roster"][1]["hidden"] is True and hidden["view"]["undo_label"] == hidden["report"]["title"]
    assert refused("hide", encounter=hidden["encounter"], id="c2")["message"] == "Thug is already hidden from the players"
    assert refused("hide", encounter=answer["encounter"], id="c2", hidden=False)["field"] == "hidden"
    assert refused("hide", encounter=answer["encounter"], id="c9")["kind"] == "unknown_combatant"
    assert refused("hide", encounter=answer["encounter"], id="c2", hidden="yes")["field"] == "hidden"
    assert "hidden" not in ok("undo", encounter=hidden["encounter"])["view"]["roster"][1]
    assert ok("open_link", link=hidden["fragment"])["view"]["roster"] == hidden["view"]["roster"]


def test_the_hidden_ones_turn_is_nobodys_turn_to_the_players_and_his_status_lines_are_left_out() -> None:
    document = kit_and(1)["encounter"]
    document = ok("add", encounter=document, sheet={"name": "Ogre"}, hidden=True)["encounter"]
    document = ok("turn", encounter=document, move="start")["encounter"]
    document = ok("turn", encounter=document, move="next")["encounter"]           # the thug's turn: he is seen
    document = ok("turn", encounter=document, move="next")["encounter"]           # the ogre's turn: he is not
    view = json.loads(player_text(document))
    assert view["fight"]["current"] is None and "Ogre" not in json.dumps(view)
    assert [entry["outcome"] for entry in view["log"]][-2:] == ["Round 1: Thug's turn", "Round 1"]
    assert ok("view", encounter=document)["view"]["fight"]["current"] == "c3"      # the game master's view is whole


def test_a_fight_begun_on_a_hidden_ones_turn_is_told_with_no_ones_turn() -> None:
    document = ok("add", encounter=ok("new", system="typed")["encounter"], sheet=THUG, hidden=True)["encounter"]
    document = ok("add", encounter=document, sheet=KIT)["encounter"]
    begun = ok("turn", encounter=document, move="start")["encounter"]
    assert json.loads(player_text(begun, ["c2"]))["log"] == [
        {"index": 1, "title": "The fight begins", "outcome": "Round 1; Order: Kit"}]
    revealed = ok("hide", encounter=begun, id="c1", hidden=False)["encounter"]
    assert json.loads(player_text(revealed, ["c2"]))["log"] == [
        {"index": 1, "title": "The fight begins", "outcome": "Round 1: Thug's turn; Order: Thug, Kit"}]
    nobody = ok("turn", encounter=ok("hide", encounter=document, id="c2")["encounter"], move="start")["encounter"]
    assert json.loads(player_text(nobody, ["c2"]))["log"] == [
        {"index": 1, "title": "The fight begins", "outcome": "Round 1"}]


def test_an_entry_naming_a_hidden_combatant_is_left_out_and_the_view_still_holds_the_latest_twelve() -> None:
    encounter = Encounter.from_dict(kit_and(2)["encounter"])
    encounter, _ = encounter.record("hide", {"id": "c3"})
    for seed in range(player.LOG_ENTRIES):
        encounter = hit(encounter, "c1", "c2", seed)
    for seed in range(2 * player.LOG_ENTRIES):
        encounter = hit(encounter, "c1", "c3", seed)                   # Kit on the hidden thug: never told
    log = json.loads(decoded(encounter, ["c1"], "tracks"))["log"]
    # Thug 1 is named as the one thug the players see: "Thug 1" would tell them of a second.
    assert [entry["title"] for entry in log] == ["Attack: Kit \u2192 Thug"] * player.LOG_ENTRIES


def test_one_removed_while_hidden_is_never_named_and_a_copy_of_a_hidden_one_is_hidden() -> None:
    document = kit_and(1, hidden=True)["encounter"]
    copied = ok("duplicate", encounter=document, id="c2")
    assert copied["view"]["roster"][2] | {"name": "Thug 2"} == copied["view"]["roster"][2]
    assert copied["view"]["roster"][2]["hidden"] is True
    encounter = hit(Encounter.from_dict(document), "c1", "c2")
    encounter, _ = encounter.record("remove", {"id": "c2"})
    text = decoded(encounter, ["c1"], "status")
    assert "Thug" not in text and player.GONE not in text, text


def test_a_combatant_hidden_and_revealed_in_one_add_is_the_same_as_added_in_sight() -> None:
    """Hidden is a view of the encounter, not a state of the combatant: revealing him changes nothing else."""
    seen = kit_and(1)
    unseen = kit_and(1, hidden=True)
    revealed = ok("hide", encounter=unseen["encounter"], id="c2", hidden=False)
    assert player_text(revealed["encounter"]) == player_text(seen["encounter"])


# -- the property -----------------------------------------------------------------------------------------------

STEPS = st.lists(st.tuples(st.sampled_from(["act"] * 5 + ["turn", "turn", "condition", "rename", "remove", "hide",
                                            "hide", "reveal"]),
                           st.integers(0, 9), st.integers(0, 9), st.integers(0, 10**6)), min_size=1, max_size=16)


@pytest.mark.parametrize("system_id", ["typed", "megatraveller", "kyod", "fudge", "sla"])
@SETTINGS
@given(pcs=st.integers(1, 2), npcs=st.integers(1, 4), steps=STEPS, shown=st.integers(0, 3))
def test_no_player_link_names_a_hidden_combatant(system_id: str, pcs: int, npcs: int,
                                                 steps: list[tuple[str, int, int, int]], shown: int) -> None:
    """Random encounters in every system, combatants hidden and revealed along the way: no name a combatant hidden
    now (or removed while hidden) ever had is anywhere in the decoded link, nor his id; every other rule of the
    player view still holds."""
    played = build(system_id, pcs, npcs, [("hide", 0, pcs + npcs - 1, 0)] + steps)
    state = played.encounter.play()
    players = [who for index, who in enumerate(played.pcs) if who in state.order and (shown >> index) & 1]
    for npcs_mode in player.NPC_DETAIL:
        text = decoded(played.encounter, players, npcs_mode)
        for who in state.hidden:
            had = played.names_had.get(who) or [PC_NAMES[int(who[1:]) - 1]]
            for name in had:
                assert name not in text, (name, npcs_mode, text)
            assert f'"{who}"' not in text, (who, text)
        seen = [card["name"] for card in json.loads(text)["roster"]]
        assert seen == [state.sheets[who].name for who in state.order if who not in state.hidden]
        assert_tells_nothing_hidden(played, players, npcs_mode)


def test_hide_refuses_what_it_cannot_read() -> None:
    encounter = Encounter.from_dict(kit_and(1)["encounter"])
    with pytest.raises(BadField):
        encounter.record("hide", {"id": "c2", "hidden": 1})


def test_nothing_in_the_player_view_counts_the_hidden() -> None:
    """Issue 48 (16): the players' log numbered by its place in the whole log ("4." then "6.": 5 was the shot at a
    hidden one), ids that skip (c1, c2, c5), and a revealed "Ambusher 3" implying 1 and 2."""
    encounter = Encounter.from_dict(kit_and(1)["encounter"])           # Kit c1, Thug c2
    encounter, _ = encounter.record("add", {"sheet": {**THUG, "name": "Ambusher"}, "count": 3, "hidden": True})
    encounter, _ = encounter.record("hide", {"id": "c5", "hidden": False})        # Ambusher 3, revealed
    encounter = hit(hit(hit(encounter, "c1", "c2", 1), "c1", "c3", 2), "c1", "c5", 3)   # the second is never told
    view = json.loads(decoded(encounter, ["c1"], "status"))
    assert [(card["id"], card["name"]) for card in view["roster"]] == [
        ("p1", "Kit"), ("p2", "Thug"), ("p3", "Ambusher")]
    assert [entry["index"] for entry in view["log"]] == [1, 2]
    assert [entry["title"] for entry in view["log"]] == ["Attack: Kit \u2192 Thug", "Attack: Kit \u2192 Ambusher"]
    assert "Ambusher 3" not in json.dumps(view) and "c5" not in json.dumps(view)
    encounter, _ = encounter.record("hide", {"id": "c3", "hidden": False})        # two seen: numbered afresh
    view = json.loads(decoded(encounter, ["c1"], "status"))
    assert [card["name"] for card in view["roster"]] == ["Kit", "Thug", "Ambusher 1", "Ambusher 2"]
    assert [entry["index"] for entry in view["log"]] == [1, 2, 3]
    encounter, _ = encounter.record("hide", {"id": "c4", "hidden": False})        # all seen: the game master's names
    assert [card["name"] for card in json.loads(decoded(encounter, ["c1"], "status"))["roster"]][2:] == [
        "Ambusher 1", "Ambusher 2", "Ambusher 3"]


def test_nobodys_turn_and_a_hidden_ones_turn_read_alike_to_the_players() -> None:
    """Issue 48 (16): "Round 1" while a hidden one acts, "Round 1: nobody's turn" when no one does, told the players
    when someone hidden acted."""
    alone = Encounter.from_dict(ok("add", encounter=ok("new", system="typed")["encounter"], sheet=KIT)["encounter"])
    alone, _ = alone.record("turn", {"move": "start"}, SeededDice(1))
    delayed, _ = alone.record("turn", {"move": "delay"}, SeededDice(1))
    assert delayed.view()["fight"]["current"] is None                   # nobody's turn: Kit holds his
    assert json.loads(decoded(delayed, ["c1"], "status"))["log"][-1]["outcome"] == "Round 1"
    document = ok("add", encounter=kit_and(1)["encounter"], sheet={"name": "Ogre"}, hidden=True)["encounter"]
    for move in ("start", "next", "next"):                                    # the ogre's turn: he is not seen
        document = ok("turn", encounter=document, move=move)["encounter"]
    assert ok("view", encounter=document)["view"]["fight"]["current"] == "c3"
    assert json.loads(player_text(document))["log"][-1]["outcome"] == "Round 1"
