"""Replaying through the kept replays (the cursor's and the checkpoints) is replaying from scratch.

An encounter keeps the replay at its cursor and one every CHECKPOINT_EVERY events, and hands them on to the
encounters made from it; these tests take any sequence of taps (new events, undo, redo, and a reload from the
document, or the same log with nothing kept) with checkpoints every 1 to 4 events, so a short log crosses many of them, and compare every prefix
with a replay from the first event.
"""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import encounter as encounter_module
from rules.dice import SeededDice
from rules.encounter import Encounter, Played
from rules.errors import RulesError

from .helpers import ok

TAPS = st.lists(st.sampled_from(["hit", "hit", "add", "several", "edit", "remove", "hide", "undo", "undo", "redo",
                                 "reload", "bare"]),
                max_size=24)


def scratch(encounter: Encounter, upto: int) -> Played:
    """The replay of the first ``upto`` events from nothing: no kept replay, no checkpoint."""
    bare = Encounter(encounter.system, encounter.options, encounter.events, encounter.cursor)
    assert bare.played_at_cursor is None and bare.checkpoints == ()
    return bare.play(upto)


def same(one: Played, other: Played) -> bool:
    return ((one.order, one.sheets, one.states, one.reports, one.hidden)
            == (other.order, other.sheets, other.states, other.reports, other.hidden))


def tap(encounter: Encounter, name: str, number: int) -> Encounter:
    played = encounter.play()
    try:
        if name == "undo":
            return encounter.undo()
        if name == "redo":
            return encounter.redo()
        if name == "reload":
            return Encounter.from_dict(json.loads(json.dumps(encounter.to_dict())))
        if name == "bare":          # the same log with nothing kept: later checkpoints must not be misplaced
            return Encounter(encounter.system, encounter.options, encounter.events, encounter.cursor)
        if name == "add":
            return encounter.record("add", {"sheet": {"name": f"Fighter {number}", "skill": number % 3,
                                                      "weapons": [{"name": "Sword", "notation": "3-/2+"}]}})[0]
        if name == "several":       # some of them hidden from the players, in one event
            return encounter.record("add", {"sheet": {"name": "Thug"}, "count": 2 + number % 3,
                                            "hidden": number % 2 == 0})[0]
        if name == "hide" and played.order:
            chosen = played.order[number % len(played.order)]
            return encounter.record("hide", {"id": chosen, "hidden": chosen not in played.hidden})[0]
        if name in ("edit", "remove") and played.order:
            chosen = played.order[number % len(played.order)]
            data: dict[str, Any] = {"id": chosen}
            if name == "edit":
                data["sheet"] = {**played.sheets[chosen].to_dict(), "defence": number % 2}
            return encounter.record(name, data)[0]
        if name == "hit" and len(played.order) >= 2:
            inputs = {"attacker": played.order[0], "target": played.order[-1], "margin": "rolled"}
            return encounter.record("action", {"action": "attack", "inputs": inputs}, SeededDice(number))[0]
    except RulesError:
        pass        # nothing to undo or redo, or a tap the roster refuses: the encounter stays as it was
    return encounter


@settings(max_examples=120, deadline=None)
@given(TAPS, st.integers(1, 4))
def test_every_prefix_replays_as_from_scratch_after_any_taps(taps: list[str], every: int) -> None:
    """After every tap, the replay to any point of the log (through the kept replays) is the replay from the first
    event, the checkpoints are those replays, and the view is the same as a freshly replayed encounter's. At the
    end, every encounter made on the way still replays as it did: a kept replay is shared, never changed."""
    with mock.patch.object(encounter_module, "CHECKPOINT_EVERY", every):
        encounter = Encounter.new("typed")
        made = [encounter]
        for number, name in enumerate(taps):
            encounter = tap(encounter, name, number)
            made.append(encounter)
            for upto in range(len(encounter.events) + 1):
                assert same(encounter.play(upto), scratch(encounter, upto)), (taps, upto)
            for index, checkpoint in enumerate(encounter.checkpoints):
                assert same(checkpoint, scratch(encounter, (index + 1) * every)), (taps, index)
            assert len(encounter.checkpoints) <= len(encounter.events) // every
            bare = Encounter(encounter.system, encounter.options, encounter.events, encounter.cursor)
            assert encounter.view() == bare.view()
        for earlier in made:
            assert same(earlier.play(), scratch(earlier, earlier.cursor))
            for index, checkpoint in enumerate(earlier.checkpoints):
                assert same(checkpoint, scratch(earlier, (index + 1) * every))


def duel(attacks: int) -> Encounter:
    """Two fighters and ``attacks`` rolled attacks of the first on the second."""
    encounter = Encounter.new("typed")
    for number in range(2):
        encounter, _ = encounter.record("add", {"sheet": {"name": f"Fighter {number}", "weapons": [
            {"name": "Sword", "notation": "3-/2+"}]}})
    for seed in range(attacks):
        inputs = {"attacker": "c1", "target": "c2", "margin": "rolled"}
        encounter, _ = encounter.record("action", {"action": "attack", "inputs": inputs}, SeededDice(seed))
    return encounter


def test_an_undo_on_a_long_log_replays_from_the_checkpoint_before_it() -> None:
    """Undo and redo on 200 events step through at most CHECKPOINT_EVERY - 1 events each, not the whole log."""
    encounter = duel(198)
    steps = 0
    real_step = Encounter._step

    def counted(self: Encounter, *args: Any, **kwargs: Any) -> Any:
        nonlocal steps
        steps += 1
        return real_step(self, *args, **kwargs)

    with mock.patch.object(Encounter, "_step", counted):
        for _ in range(40):
            steps = 0
            encounter = encounter.undo()
            encounter.view()
            assert steps < 2 * encounter_module.CHECKPOINT_EVERY, steps
        for _ in range(40):
            steps = 0
            encounter = encounter.redo()
            encounter.view()
            assert steps <= 2, steps
    assert encounter.cursor == 200


def test_the_api_undoes_and_redoes_through_a_long_log_as_its_document_replays() -> None:
    """Through the API, by the encounter's key as the page sends it: each answer's view is the one its own
    document replays to from scratch."""
    encounter = duel(70)
    answer = ok("view", encounter=encounter.to_dict())
    for method in ["undo"] * 20 + ["redo"] * 5 + ["undo"] * 3:
        answer = ok(method, encounter_key=answer["key"])
        replayed = Encounter.from_dict(answer["encounter"]).view()      # every event replayed from the first
        assert answer["view"] == json.loads(json.dumps(replayed))
    assert answer["encounter"]["cursor"] == 72 - 20 + 5 - 3
