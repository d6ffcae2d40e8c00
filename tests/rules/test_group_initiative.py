"""Several added at once sharing one initiative roll (issue 48, item 13), as D20's Improved Initiative offers for a
group of like monsters: "3 × Thug" added with ``group`` asks Initiative for all for one roll for the three (one
prompt with typed dice, said as the group's), each of the others logged as taking it; a round's start that rolls
initiative (SLA) rolls once for them too. The group is the add event's, so it survives undo, redo and the share
link; without it each rolls his own."""

from __future__ import annotations

from typing import Any

from tests.rules.helpers import ok, refused
from tests.rules.test_turns import fight, texts, turn

GROUP_WORDS = "one initiative roll for Thug 1, Thug 2 and Thug 3"


def thugs(system: str, *, group: bool = True, first: str = "Cyrus") -> dict[str, Any]:
    more = {"upp": "777777"} if system == "megatraveller" else {}
    document = ok("new", system=system)["encounter"]
    document = ok("add", encounter=document, sheet={"name": first, **more})["encounter"]
    return ok("add", encounter=document, sheet={"name": "Thug", **more}, count=3,
              **({"group": True} if group else {}))


def asked(document: dict[str, Any], move: str, answers: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Every roll the move asks for, with typed dice, in order, and the answer at the end."""
    faces: dict[str, Any] = {}
    needs: list[dict[str, Any]] = []
    while True:
        result = ok("turn", encounter=document, move=move, dice="given", faces=faces)
        if "needs" not in result:
            return needs, result
        needs.append(result["needs"])
        faces[result["needs"]["roll"]] = answers[result["needs"]["roll"]]


def test_initiative_for_all_asks_one_roll_for_the_group_and_says_so() -> None:
    added = thugs("typed")
    assert "They share one initiative roll" in " ".join(texts(added))
    needs, rolled = asked(added["encounter"], "initiative", {"initiative c1": "++--", "initiative c2": "+++0"})
    assert [need["roll"] for need in needs] == ["initiative c1", "initiative c2"]          # one prompt for three
    assert "(one roll for Thug 1, Thug 2 and Thug 3)" in needs[1]["why"]
    said = texts(rolled)
    assert said.count(f"Thug 2 takes Thug 1's roll: {GROUP_WORDS}.") == 1
    assert said.count(f"Thug 3 takes Thug 1's roll: {GROUP_WORDS}.") == 1
    assert [entry["name"] for entry in fight(rolled)["order"]] == ["Thug 1", "Thug 2", "Thug 3", "Cyrus"]
    # Faces typed for a member's roll are refused: he makes none of his own.
    too_many = refused("turn", encounter=added["encounter"], move="initiative", dice="given",
                       faces={"initiative c1": "++--", "initiative c2": "+++0", "initiative c3": "----"})
    assert "initiative c3" in too_many["message"]


def test_without_the_option_each_rolls_his_own() -> None:
    needs, _ = asked(thugs("typed", group=False)["encounter"], "initiative",
                     {f"initiative c{index}": "0000" for index in range(1, 5)})
    assert [need["roll"] for need in needs] == [f"initiative c{index}" for index in range(1, 5)]


def test_one_is_no_group_and_a_member_who_leaves_leaves_the_rest_sharing() -> None:
    one = ok("add", encounter=ok("new", system="typed")["encounter"], sheet={"name": "Thug"}, count=1, group=True)
    assert "group" not in one["encounter"]["events"][-1]
    added = thugs("typed")
    gone = ok("remove", encounter=added["encounter"], id="c2")
    needs, rolled = asked(gone["encounter"], "initiative", {"initiative c1": "0000", "initiative c3": "+000"})
    assert [need["roll"] for need in needs] == ["initiative c1", "initiative c3"]
    assert "Thug 3 takes Thug 2's roll: one initiative roll for Thug 2 and Thug 3." in texts(rolled)


def test_the_group_survives_undo_redo_and_the_share_link() -> None:
    added = thugs("megatraveller")
    answers = {"initiative c1": [3, 4], "initiative c2": [6, 6]}
    _, rolled = asked(added["encounter"], "initiative", answers)
    undone = ok("undo", encounter=rolled["encounter"])
    redone = ok("redo", encounter=undone["encounter"])
    assert fight(redone)["order"] == fight(rolled)["order"]
    opened = ok("open_link", link=added["fragment"])
    needs, again = asked(opened["encounter"], "initiative", answers)
    assert [need["roll"] for need in needs] == ["initiative c1", "initiative c2"]
    assert fight(again)["order"] == fight(rolled)["order"]
    before = ok("undo", encounter=added["encounter"])               # the add undone: the group goes with it
    assert [card["name"] for card in before["view"]["roster"]] == ["Cyrus"]


def test_a_round_start_that_rolls_initiative_rolls_once_for_the_group() -> None:
    added = thugs("sla", first="Fix")
    needs, started = asked(added["encounter"], "start", {"initiative c1": [1, 2, 3], "initiative c2": [6, 5, 4]})
    assert [need["roll"] for need in needs] == ["initiative c1", "initiative c2"]
    assert "(one roll for Thug 1, Thug 2 and Thug 3)" in needs[1]["why"]
    said = texts(started)
    assert f"Thug 3 takes Thug 1's roll: {GROUP_WORDS}." in said
    assert [line.split(";")[0] for line in said if line.startswith("Thug")][:3] == \
        ["Thug 1: dice 15 + INI 16 = 31", "Thug 2: dice 15 + INI 16 = 31", "Thug 3: dice 15 + INI 16 = 31"]
    ended = turn(started["encounter"], "end")
    assert ended["view"]["fight"]["round"] == 0
    next_round = ok("turn", encounter=started["encounter"], move="next", dice="app", seed=3)
    assert next_round["view"]["fight"]["round"] >= 1


def test_the_app_s_roll_for_the_group_is_marked_the_app_s_on_every_member() -> None:
    rolled = ok("turn", encounter=thugs("kyod")["encounter"], move="initiative", dice="app", seed=5)
    shown = [step for step in rolled["report"]["steps"] if step.get("dice")]
    assert [step["by"] for step in shown] == ["app"] * 4
    assert [step["roll"] for step in shown if step["text"].startswith("Thug")] == ["initiative c2"] * 3


def test_sla_s_initiative_action_rolls_once_for_the_group_too() -> None:
    """Not only a round's start: the Initiative action, for everyone, asks one roll for the group and says so."""
    added = thugs("sla")
    faces: dict[str, Any] = {}
    needs: list[str] = []
    while True:
        result = ok("act", encounter=added["encounter"], action="initiative", inputs={}, dice="given", faces=faces)
        if "needs" not in result:
            break
        needs.append(result["needs"]["roll"])
        faces[result["needs"]["roll"]] = [3, 4, 5]
    assert needs == ["initiative c1", "initiative c2"], needs                      # one prompt for the three
    said = texts(result)
    assert said.count(f"Thug 3 takes Thug 1's roll: {GROUP_WORDS}.") == 1, said
    totals = {card["name"]: card for card in result["view"]["roster"]}
    labels = [entry.get("label") for entry in fight(result)["order"] if entry["name"].startswith("Thug")]
    assert len(set(labels)) == 1, labels                                           # the same dice, the same INI
    step = next(step for step in result["view"]["log"][-1]["steps"] if step["text"].startswith("Thug 3:"))
    assert step["roll"] == "initiative c2" and step["by"] == "table", step        # his dice are Thug 1's, typed
    assert set(totals) >= {"Thug 1", "Thug 2", "Thug 3"}
    alone = thugs("sla", group=False)
    each = ok("act", encounter=alone["encounter"], action="initiative", inputs={}, dice="given", faces={})
    assert each["needs"]["roll"] == "initiative c1"
