"""Invariants over many inputs (hypothesis)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.api import call
from rules.dice import SeededDice
from rules.encounter import Encounter
from rules.errors import RulesError
from rules.systems.typed.attack import read_attack
from rules.systems.typed.chances import damage_dist
from rules.systems.typed.tracks import load_track
from rules.systems.typed.notation import parse_armour, parse_weapon

from .helpers import attack, box_counts, duel, widget

regular = st.sampled_from("-*+")
weapons = st.one_of(
    st.builds(lambda n, s: f"{n}{s}", st.integers(0, 6), regular),
    st.builds(lambda n, ap: f"{n}B" + ("(AP)" if ap else ""), st.integers(0, 6), st.booleans()),
    st.builds(lambda n, faces: f"{n}E{''.join(sorted(faces))}(Fire)", st.integers(0, 6),
              st.sets(regular, min_size=1)),
)
armours = st.builds(
    lambda symbols, tags: symbols + (f"({', '.join(tags)})" if tags and symbols else ""),
    st.text(alphabet="-*+BX", max_size=8).map(lambda s: s + "E" if "B" in s and len(s) % 2 else s),
    st.lists(st.sampled_from(["Ab", "H"]), unique=True, max_size=2),
)
options = st.fixed_dictionaries({"track": st.sampled_from("AB"), "universal_floor": st.sampled_from([0, 1])})


@settings(max_examples=60, deadline=None)
@given(weapons, armours, options, st.integers(1, 5), st.integers(0, 10_000))
def test_damage_is_never_negative_and_replay_is_exact(weapon: str, armour: str, opts: dict[str, Any],
                                                      margin: int, seed: int) -> None:
    encounter = duel(weapon, armour, options=opts)
    for round_ in range(3):
        encounter, report = attack(encounter, {"margin": "typed", "margin_of_success": margin}, SeededDice(seed + round_))
        assert int(report.outcome.split()[0]) >= 0
    target = encounter.view()["roster"][1]
    assert all(isinstance(box["marked"], bool) for level in widget(target, "track")["levels"] for box in level["boxes"])
    replayed = Encounter.from_dict(json.loads(json.dumps(encounter.to_dict())))
    assert replayed.view() == encounter.view()


@settings(max_examples=60, deadline=None)
@given(weapons, armours, options, st.sampled_from(["typed", "rolled"]), st.integers(1, 4), st.integers(-3, 3))
def test_odds_sum_to_one_and_never_go_negative(weapon: str, armour: str, opts: dict[str, Any], margin: str,
                                               mos: int, skill: int) -> None:
    encounter = duel(weapon, armour, options=opts, skill=skill)
    played = encounter.play()
    inputs = {"attacker": "c1", "target": "c2", "margin": margin, "margin_of_success": mos}
    attack_ = read_attack(inputs, played.sheets, played.states, load_track(encounter.options.track))
    dist = damage_dist(attack_, played.sheets, played.states, encounter.options)
    assert sum(dist.probability(o) for o in dist.weights) == 1
    assert all(o == "miss" or int(o) >= 0 for o in dist.weights)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=20))
def test_any_notation_parses_or_raises_our_error(text: str) -> None:
    for parse in (parse_weapon, parse_armour):
        try:
            parse(text)
        except RulesError:
            pass


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=20),
       st.sampled_from(["new", "add", "act", "odds", "view", "undo", "open_link", "share"]))
def test_any_request_gets_an_answer_never_an_exception(request: Any, method: str) -> None:
    response = json.loads(call(method, json.dumps(request)))
    assert response["ok"] in (True, False)
    if not response["ok"]:
        assert response["error"]["kind"] != "internal", response


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=1, max_size=6), st.sampled_from("AB"))
def test_wounds_only_ever_accumulate(hits: list[int], track: str) -> None:
    encounter = duel(None, "", options={"track": track})
    before = 0
    for successes in hits:
        encounter, _ = attack(encounter, {"attacker": None, "hazard": f"{successes}E-*+", "margin": "automatic"},
                              {"damage": "+" * successes})
        marked = sum(box_counts(encounter.view()["roster"][1]))
        assert marked >= before
        before = marked
    undone = encounter
    while undone.view()["can_undo"] and len(undone.view()["log"]) > 2:
        undone = undone.undo()
    assert sum(box_counts(undone.view()["roster"][1])) == 0
