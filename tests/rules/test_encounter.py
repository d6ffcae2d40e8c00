"""The encounter log: undo, redo, replay, validation of documents."""

from __future__ import annotations

import json

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules import share
from rules.dice import SeededDice
from rules.encounter import Encounter
from rules.errors import BadEncounter, BadField, NothingToUndo, RulesError

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


def _link_text(encounter: Encounter) -> str:
    """The JSON a link carries, made here from the document: the encounter's canonical text with its events first."""
    document = encounter.to_dict()
    events = share.canonical(document.pop("events"))
    return '{"events":' + events + "," + share.canonical(document)[1:]


def _holds_its_texts(encounter: Encounter) -> None:
    assert encounter.text() == share.canonical(encounter.to_dict())
    assert encounter.link() == share.encode(_link_text(encounter))
    assert share.decode(encounter.link()) == encounter.to_dict()


def _documents() -> list[dict[str, object]]:
    from .fuzz_requests import base, kyod_base, kyod_undone
    made = base()
    return [made.roster, made.fought, made.undone, made.traveller, kyod_base(), kyod_undone()]


def test_the_kept_texts_are_those_of_every_systems_documents() -> None:
    """Encounter.text joins the events' kept texts, and Encounter.link compresses onto a kept stream; they must be
    exactly the canonical text and the link of the whole document, whatever the system, the options, an undone tail
    (cursor short of the log's end) or a replay from the document."""
    for document in _documents():
        encounter = Encounter.from_dict(document)
        _holds_its_texts(encounter)
        assert encounter.text() == share.canonical(document)
        back = encounter.undo()
        _holds_its_texts(back)
        assert back.text() != encounter.text() and back.link() != encounter.link()


@settings(max_examples=80, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=12), min_size=2, max_size=2),
       st.lists(st.sampled_from(["hit", "undo"]), max_size=6), st.integers(0, 10_000))
def test_the_kept_texts_follow_every_tap(names: list[str], taps: list[str], seed: int) -> None:
    """Names of any text (quotes, escapes, accents, emoji), hits, undos and hits after an undo (which drop the
    undone events from the link's stream): the text stays the canonical one, and the link the whole one's."""
    try:
        encounter = Encounter.new("typed")
        for name in names:
            encounter, _ = encounter.record("add", {"sheet": {"name": name, "weapons": [
                {"name": "Sword", "notation": "3-/2+"}]}})
    except RulesError:
        assume(False)
    for number, tap in enumerate(taps):
        if tap == "undo" and encounter.cursor > 2:      # undo a hit, never the two fighters
            encounter = encounter.undo()
        elif tap == "undo":
            continue
        else:
            encounter, _ = attack(encounter, {"margin": "rolled"}, SeededDice(seed + number))
        _holds_its_texts(encounter)
    again = Encounter.from_dict(share.decode(encounter.link()))
    assert again.text() == encounter.text() and again.link() == encounter.link()


def test_a_combatant_id_is_never_given_twice_undone_or_not() -> None:
    """Issue 48 (15): Hero c1, Sidekick c2, Sidekick's add undone, then Villain added: he was c2, and a player choice
    that named Sidekick named him. The id stays given when the undone add is dropped by any event, and through the
    document, its link and a change of options."""
    def added(encounter: Encounter, name: str) -> Encounter:
        return encounter.record("add", {"sheet": {"name": name}})[0]

    two = added(added(Encounter.new("typed"), "Hero"), "Sidekick")
    assert [card["id"] for card in added(two.undo(), "Villain").view()["roster"]] == ["c1", "c3"]
    noted, _ = two.undo().record("note", {"id": "c1", "text": "brave"})    # drops the undone add
    assert noted.to_dict()["last_id"] == 2 and "c2" not in json.dumps(noted.to_dict()["events"])
    for again in (noted, Encounter.from_dict(json.loads(json.dumps(noted.to_dict()))),
                  Encounter.from_dict(share.decode(noted.link())), noted.with_options(noted.to_dict()["options"])):
        assert again == noted and again.text() == share.canonical(again.to_dict())
        assert [card["id"] for card in added(again, "Villain").view()["roster"]] == ["c1", "c3"]
    assert "last_id" not in two.to_dict() and "last_id" not in added(noted, "Villain").to_dict()
    several = two.undo().record("add", {"sheet": {"name": "Thug"}, "count": 3})[0].undo()
    assert [card["id"] for card in added(several, "Villain").view()["roster"]] == ["c1", "c6"]
