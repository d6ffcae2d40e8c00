"""The encounter log: undo, redo, replay, validation of documents."""

from __future__ import annotations

import json

import pytest

from rules.dice import SeededDice
from rules.encounter import Encounter
from rules.errors import BadEncounter, BadField, NothingToUndo

from .helpers import attack, duel, marks


def test_undo_and_redo_move_through_the_log() -> None:
    encounter = duel("3-", "")
    hit, _ = attack(encounter, {"margin": "typed", "margin_of_success": 1}, {"damage": "----"})
    assert marks(hit) == [4, 0, 0, 0, 0]
    undone = hit.undo()
    assert marks(undone) == [0, 0, 0, 0, 0]
    assert undone.view()["can_redo"] and undone.view()["redo_label"].startswith("Attacker attacks Target")
    assert marks(undone.redo()) == [4, 0, 0, 0, 0]


def test_a_new_event_after_undo_drops_the_undone_ones() -> None:
    encounter = duel("3-", "")
    hit, _ = attack(encounter, {"margin": "typed", "margin_of_success": 1}, {"damage": "----"})
    other, _ = attack(hit.undo(), {"margin": "typed", "margin_of_success": 1}, {"damage": "-000"})
    assert len(other.events) == 3 and not other.view()["can_redo"]
    assert marks(other) == [1, 0, 0, 0, 0]


def test_undo_reaches_back_past_adding_combatants() -> None:
    encounter = duel("3-", "").undo().undo()
    assert encounter.view()["roster"] == []
    with pytest.raises(NothingToUndo):
        encounter.undo()
    with pytest.raises(NothingToUndo):
        duel().redo()


def test_replaying_a_document_rebuilds_the_same_state() -> None:
    encounter = duel("4-/2+", "-*+", skill=1)
    for seed in range(6):
        encounter, _ = attack(encounter, {"margin": "rolled", "mode": seed % 2}, SeededDice(seed))
    document = json.loads(json.dumps(encounter.to_dict()))
    assert Encounter.from_dict(document).view() == encounter.view()


def test_recorded_dice_that_do_not_fit_are_refused_on_load() -> None:
    encounter, _ = attack(duel("3-", ""), {"margin": "typed", "margin_of_success": 1}, {"damage": "----"})
    document = encounter.to_dict()
    document["events"][2]["dice"]["damage"] = ["-", "-"]
    with pytest.raises(BadEncounter, match="entry 3 of the log"):
        Encounter.from_dict(document)


@pytest.mark.parametrize("mangle", [
    lambda d: d.update(format=99),
    lambda d: d.update(system="chess"),
    lambda d: d.update(cursor=99),
    lambda d: d.update(events="nope"),
    lambda d: d["events"].append({"type": "explode"}),
    lambda d: d["events"].append({"type": "add", "id": "c1", "sheet": {"name": "Twin"}}),
    lambda d: d["events"].append({"type": "remove", "id": "c9"}),
    lambda d: d["events"][0]["sheet"].update(skill=10**9),
])
def test_malformed_documents_are_refused(mangle) -> None:  # type: ignore[no-untyped-def]
    document = duel().to_dict()
    mangle(document)
    with pytest.raises(BadEncounter):
        Encounter.from_dict(document)


def test_removed_combatants_leave_the_roster_and_ids_stay_unique() -> None:
    encounter, _ = duel().record("remove", {"id": "c1"})
    assert [c["name"] for c in encounter.view()["roster"]] == ["Target"]
    encounter, _ = encounter.record("add", {"sheet": {"name": "Third"}})
    assert [c["id"] for c in encounter.view()["roster"]] == ["c2", "c3"]


def test_options_may_change_until_the_first_action() -> None:
    encounter = duel("3-", "")
    assert encounter.with_options({"track": "B"}).options.track == "B"
    hit, _ = attack(encounter, {"margin": "typed", "margin_of_success": 1}, {"damage": "----"})
    with pytest.raises(BadField, match="fixed"):
        hit.with_options({"track": "B"})


def test_attacking_with_yourself_or_a_stranger_is_refused() -> None:
    encounter = duel("3-", "")
    with pytest.raises(BadField, match="different"):
        attack(encounter, {"target": "c1", "margin": "typed", "margin_of_success": 1}, {"damage": "----"})
    with pytest.raises(BadField, match="not in this encounter"):
        attack(encounter, {"target": "c7", "margin": "typed", "margin_of_success": 1}, {"damage": "----"})


@pytest.mark.parametrize("margin", [0, -1, 21, "lots", None])
def test_typed_margin_must_be_a_hit(margin: object) -> None:
    with pytest.raises(BadField, match="the margin of success"):
        attack(duel("3-", ""), {"margin": "typed", "margin_of_success": margin}, {"damage": "----"})


def test_every_step_of_a_report_names_its_rule() -> None:
    _, report = attack(duel("3-", "---*++(Ab)"), {"margin": "typed", "margin_of_success": 2}, {"damage": "--"})
    assert all(step.rule for step in report.steps)
    assert any("Ablative" in step.rule for step in report.steps)
    assert [step.dice for step in report.steps if step.roll == "damage"] == [("-", "-")]
