"""Issue 35, items 1-4: the SLA cases an implementation written from the seed text and RULES_NOTES section 3 alone
disagreed with us on, run as data through the public API (item 5, the grenade smothered by someone else, is a page
test: tests/web/test_sla_grenade.py).

Each case names its item and decision, builds an encounter (sheets, actions taken before), then plays one action
with ``"dice": "given"``: every prompt the engine answers with (``needs``) is noted as "<roll> <count><kind>" and
answered from the case's faces, so the prompts asked for, their names and their order are part of what is checked.
Then the answer is read as the page shows it: the report's outcome and sentences, and the cards' Wounds line (the
bleeding countdown) before and after.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from rules.api import call
from rules.systems.sla import read_sheet
from rules.systems.sla.view import bleeding
from rules.systems.sla.wounds import State, bleed, close_wound, next_loss_in, open_wound

from .helpers import ok
from .test_sla_vectors import card, encounter_of, stats

ANVIL = {"name": "MAL Anvil", "notation": "skill Pistol, RNG 20, RCL 5, PEN 4, DAM 6, semi"}
GUNHEAD = {"name": "FEN Gunhead", "notation": "skill Auto/Support, RNG 40, RCL 3, PEN 4, DAM 6, AD 3, auto, FA 1, "
                                              "burst 3"}
SHOOTER = {"name": "Shooter", "str": 8, "dex": 8, "skills": "Pistol 6, Auto/Support 5", "weapons": [ANVIL, GUNHEAD]}
# The Anvil's and the Gunhead's hits do Damage die 3 + DAM 6 = 9 on a bare Torso: no knockback on Sturdy (PHYS 20),
# a knockback roll at -3 on Stagger (PHYS 6), knocked down with a roll to stay conscious on Soft (PHYS 4).
BODY = {"hits_torso": 60, "hits_abdomen": 40, "incap": 200}
STURDY = {"name": "Sturdy", "phys": 20, **BODY}
VEVAPHON = {"name": "Vev", "species": "vevaphon", "vevaphon_pv": 4, "phys": 20, **BODY}     # 9 - PV 4 = 5 a hit
STAGGER = {"name": "Stagger", "phys": 6, **BODY}
SOFT = {"name": "Soft", "phys": 4, **BODY}
BLEEDER = {"name": "Bleeder", "hits_torso": 30, "incap": 60}
STORMER = {"name": "Stoo", "species": "stormer_313", "hits_torso": 30, "incap": 60}

HIT = [6, 4, 3]                 # Success die 6 (the spread falls to 0), Damage die 3
MADE = [6, 6, 6]                # a PHYS roll made
FAILED = [1, 1, 1]              # a PHYS roll failed
AT_TORSO = {"attacker": "c1", "target": "c2", "aim": "0,3", "distance": 10}
SEMI = {**AT_TORSO, "mode": "semi"}
BURST = {**AT_TORSO, "weapon": 1, "mode": "burst", "steer": "none"}
UP_THEN_DOWN = [6, 3]           # bullets 2 and 3: (0, 3) -> (0, 2) -> (0, 3), all on the Torso
WOUND = {"target": "c1", "location": "torso", "amount": 1, "wound": True}
ROUND = {"span": "round"}


def rounds(count: int) -> list[dict[str, Any]]:
    return [{"action": "time", "inputs": ROUND}] * count


CASES: list[dict[str, Any]] = [
    # -- item 1, D-SL-6: "Shots this action" 1 fires one shot ------------------------------------------------
    {"id": "item 1, D-SL-6: a semi-auto shot with Shots this action 1 fires one shot",
     "sheets": [SHOOTER, STURDY], "action": "shoot", "inputs": {**SEMI, "shots": 1},
     "faces": {"attack": HIT}, "prompts": ["attack 3d6"], "outcome": "1 of 1 shot hit (Torso 1), 9 damage"},
    {"id": "item 1, D-SL-6, D-SL-33: the last shot of the round's DEX/2 allowance fired semi-auto",
     "sheets": [SHOOTER, STURDY],
     "before": [{"action": "shoot", "inputs": {**SEMI, "shots": 3},
                 "faces": {"attack": HIT, "attack 2": HIT, "attack 3": HIT}}],
     "action": "shoot", "inputs": {**SEMI, "shots": 1},
     "faces": {"attack": HIT}, "prompts": ["attack 3d6"], "outcome": "1 of 1 shot hit (Torso 1), 9 damage"},
    # -- item 2, D-SL-39: each hit past PHYS rolls its own knockback or consciousness roll ----------------------
    {"id": "item 2, D-SL-39: a semi-auto volley of two hits past PHYS: a knockback roll for each shot",
     "sheets": [SHOOTER, STAGGER], "action": "shoot", "inputs": {**SEMI, "shots": 2},
     "faces": {"attack": HIT, "knockback": MADE, "attack 2": HIT, "knockback 2": MADE},
     "prompts": ["attack 3d6", "knockback 3d6", "attack 2 3d6", "knockback 2 3d6"],
     "outcome": "2 of 2 shots hit (Torso 2), 18 damage",
     "why": {"knockback 2": "Shot 2: 9 damage is more than Stagger's PHYS 6: roll 3d6 for a PHYS test at \u22123 "
                            "to stay standing"}},
    {"id": "item 2, D-SL-39: a semi-auto volley of two hits past twice PHYS: a consciousness roll for each shot",
     "sheets": [SHOOTER, SOFT], "action": "shoot", "inputs": {**SEMI, "shots": 2},
     "faces": {"attack": HIT, "conscious": MADE, "attack 2": HIT, "conscious 2": FAILED},
     "prompts": ["attack 3d6", "conscious 3d6", "attack 2 3d6", "conscious 2 3d6"],
     "outcome": "2 of 2 shots hit (Torso 2), 18 damage; unconscious"},
    {"id": "item 2, D-SL-39: a Vevaphon hit twice in a volley: a CONC roll for each shot",
     "sheets": [SHOOTER, VEVAPHON], "action": "shoot", "inputs": {**SEMI, "shots": 2},
     "faces": {"attack": HIT, "conc": MADE, "attack 2": HIT, "conc 2": MADE},
     "prompts": ["attack 3d6", "conc 3d6", "attack 2 3d6", "conc 2 3d6"],
     "outcome": "2 of 2 shots hit (Torso 2), 10 damage",
     "why": {"conc 2": "Shot 2: Vev is hit: roll 3d6 for a CONC test to keep the skin armoured, \u22125 for the "
                       "damage"}},
    {"id": "item 2, D-SL-39: a three-round burst, every bullet past PHYS at a target who stays standing",
     "sheets": [SHOOTER, STAGGER], "action": "shoot", "inputs": BURST,
     "faces": {"attack": HIT, "deviation": UP_THEN_DOWN, "knockback": MADE, "knockback 2": MADE,
               "knockback 3": MADE},
     "prompts": ["attack 3d6", "deviation 2d6", "knockback 3d6", "knockback 2 3d6", "knockback 3 3d6"],
     "outcome": "Stagger: 3 of 3 bullets hit (Torso 3), 27 damage",
     "why": {"knockback 3": "Bullet 3: 9 damage is more than Stagger's PHYS 6: roll 3d6 for a PHYS test at \u22123 "
                            "to stay standing"}},
    {"id": "item 2, D-SL-36, D-SL-39: a burst whose first bullet knocks the target down: no more knockback rolls",
     "sheets": [SHOOTER, STAGGER], "action": "shoot", "inputs": BURST,
     "faces": {"attack": HIT, "deviation": UP_THEN_DOWN, "knockback": FAILED},
     "prompts": ["attack 3d6", "deviation 2d6", "knockback 3d6"],
     "outcome": "Stagger: 3 of 3 bullets hit (Torso 3), 27 damage"},
    # -- item 4, D-SL-36: later bullets at a target already down still ask the roll to stay conscious ----------
    {"id": "item 4, D-SL-36: a burst at a target already knocked down, each bullet over twice PHYS",
     "sheets": [SHOOTER, SOFT],
     "before": [{"action": "shoot", "inputs": AT_TORSO, "faces": {"attack": HIT, "conscious": MADE}}],
     "action": "shoot", "inputs": BURST,
     "faces": {"attack": HIT, "deviation": UP_THEN_DOWN, "conscious": MADE, "conscious 2": MADE,
               "conscious 3": FAILED},
     "prompts": ["attack 3d6", "deviation 2d6", "conscious 3d6", "conscious 2 3d6", "conscious 3 3d6"],
     "outcome": "Soft: 3 of 3 bullets hit (Torso 3), 27 damage; unconscious",
     "why": {"conscious 2": "Bullet 2: 9 damage is more than twice Soft's PHYS: knocked down; roll 3d6 for a PHYS "
                            "test to stay conscious"}},
    {"id": "item 4, D-SL-36: once a bullet knocks him out, the later ones ask nothing",
     "sheets": [SHOOTER, SOFT],
     "before": [{"action": "shoot", "inputs": AT_TORSO, "faces": {"attack": HIT, "conscious": MADE}}],
     "action": "shoot", "inputs": BURST,
     "faces": {"attack": HIT, "deviation": UP_THEN_DOWN, "conscious": FAILED},
     "prompts": ["attack 3d6", "deviation 2d6", "conscious 3d6"],
     "outcome": "Soft: 3 of 3 bullets hit (Torso 3), 27 damage; unconscious"},
    {"id": "item 4, D-SL-36: a target already down makes no plain knockback roll for later bullets",
     "sheets": [SHOOTER, STAGGER],
     "before": [{"action": "shoot", "inputs": AT_TORSO, "faces": {"attack": HIT, "knockback": FAILED}}],
     "action": "shoot", "inputs": BURST,
     "faces": {"attack": HIT, "deviation": UP_THEN_DOWN, "knockback": MADE},
     "prompts": ["attack 3d6", "deviation 2d6", "knockback 3d6"],
     "outcome": "Stagger: 3 of 3 bullets hit (Torso 3), 27 damage"},
    # -- item 3, D-SL-27: the bleeding countdown when the number of open wounds changes -------------------------
    {"id": "item 3, D-SL-27: a second wound four rounds after the first: the loss comes this round",
     "sheets": [BLEEDER],
     "before": [{"action": "harm", "inputs": WOUND}, *rounds(4), {"action": "harm", "inputs": WOUND}],
     "wounds_before": {"c1": "2 open: next Hit lost in 1 round"},
     "action": "time", "inputs": ROUND, "faces": {}, "prompts": [],
     "said": ["Bleeder (round 6, phase 1): 2 open wounds bleed 1 Hit from the Torso and from Incap"],
     "wounds_after": {"c1": "2 open: next Hit lost in 4 rounds"}},
    {"id": "item 3, D-SL-27: a second wound two rounds after the first: two rounds to go, not four",
     "sheets": [BLEEDER],
     "before": [{"action": "harm", "inputs": WOUND}, *rounds(2), {"action": "harm", "inputs": WOUND}],
     "wounds_before": {"c1": "2 open: next Hit lost in 2 rounds"},
     "action": "time", "inputs": ROUND, "faces": {}, "prompts": [],
     "said": ["Bleeder (round 4, phase 1): 2 open wounds: the next Hit bleeds away in 1 round"],
     "wounds_after": {"c1": "2 open: next Hit lost in 1 round"}},
    {"id": "item 3, D-SL-27: four wounds at once past the one-wound count: one Hit at the round's end, no back pay",
     "sheets": [BLEEDER],
     "before": [{"action": "harm", "inputs": WOUND}, *rounds(3), *[{"action": "harm", "inputs": WOUND}] * 3],
     "wounds_before": {"c1": "4 open: next Hit lost in 1 round"},
     "action": "time", "inputs": ROUND, "faces": {}, "prompts": [],
     "said": ["Bleeder (round 5, phase 1): 4 open wounds bleed 1 Hit from the Torso and from Incap"],
     "wounds_after": {"c1": "4 open: next Hit lost in 2 rounds"}},
    {"id": "item 3, D-SL-27: a Stormer regenerates a wound: the rounds since the last loss count toward the "
           "longer interval",
     "sheets": [STORMER],
     "before": [*[{"action": "harm", "inputs": WOUND}] * 3, *rounds(3)],
     "wounds_before": {"c1": "3 open: next Hit lost in 3 rounds"},
     "action": "time", "inputs": ROUND, "faces": {}, "prompts": [],
     # The log says the countdown again once the wound is closed, as the card does (the audit saw 2 and 3).
     "said": ["Stoo (round 5, phase 1): 3 open wounds: the next Hit bleeds away in 2 rounds; Round 4: regenerates "
              "the wound in the Torso; 2 open, the next Hit bleeds away in 3 rounds"],
     "wounds_after": {"c1": "2 open: next Hit lost in 3 rounds"}},
]


def play(encounter: dict[str, Any], action: str, inputs: dict[str, Any], faces: dict[str, Any],
         whys: dict[str, str] | None = None) -> tuple[dict[str, Any], list[str]]:
    """The action with dice on demand: each prompt noted (its words in ``whys``) and answered from ``faces``, until
    it resolves."""
    given: dict[str, Any] = {}
    prompts: list[str] = []
    whys = {} if whys is None else whys
    for _ in range(len(faces) + 1):
        response = json.loads(call("act", json.dumps({"encounter": encounter, "action": action, "inputs": inputs,
                                                      "dice": "given", "faces": given})))
        assert response["ok"], f"after the prompts {prompts}: {response['error']}"
        result: dict[str, Any] = response["result"]
        if "needs" not in result:
            return result, prompts
        need = result["needs"]
        prompts.append(f"{need['roll']} {need['count']}{need['kind']}")
        whys[need["roll"]] = need["why"]
        assert need["roll"] in faces, f"asked for {prompts[-1]} ({need['why']}) after {prompts[:-1]}"
        given[need["roll"]] = faces[need["roll"]]
    raise AssertionError(f"still asking after every face was given: {prompts}")


def wounds_lines(result: dict[str, Any], expected: dict[str, str]) -> dict[str, str]:
    return {who: stats(card(result, who))["Wounds"].split(";")[0] for who in expected}


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_independent_check(case: dict[str, Any]) -> None:
    encounter = encounter_of(case["sheets"])
    for before in case.get("before", []):
        encounter = play(encounter, before["action"], before["inputs"], before.get("faces", {}))[0]["encounter"]
    if "wounds_before" in case:
        assert wounds_lines(ok("view", encounter=encounter), case["wounds_before"]) == case["wounds_before"]
    whys: dict[str, str] = {}
    result, prompts = play(encounter, case["action"], case["inputs"], case["faces"], whys)
    assert prompts == case["prompts"]
    for roll, why in case.get("why", {}).items():
        assert whys[roll] == why
    if "outcome" in case:
        assert result["report"]["outcome"] == case["outcome"]
    said = [step["text"] for step in result["report"]["steps"]]
    for sentence in case.get("said", []):
        assert sentence in said, said
    if "wounds_after" in case:
        assert wounds_lines(result, case["wounds_after"]) == case["wounds_after"]
    # Every face given was used, and the record names each roll once: the log shows them apart.
    recorded = [step["roll"] for step in result["report"]["steps"] if step.get("roll")]
    assert sorted(set(recorded)) == sorted(case["faces"])


# -- item 3 as a property: the countdown the card shows is the bleeding that follows ------------------------------

BLEEDING_SHEET = read_sheet({"name": "Bleeder", "hits_torso": 200, "incap": 400})


def _passes(state: State) -> tuple[State, bool]:
    """One round's phase 3 of bleeding; whether a Hit bled."""
    after, _ = bleed(BLEEDING_SHEET, state)
    return after, after.incap_damage > state.incap_damage


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["wound", "close", "round", "round", "round"]), max_size=30))
def test_the_countdown_is_the_bleeding_and_a_change_of_wounds_only_moves_it_the_rules_way(events: list[str]) -> None:
    """D-SL-27 as decided in ``next_loss_in``: after any history of wounds opened, closed and rounds passed, the
    rounds the card counts down are the rounds until a Hit bleeds; a new wound never puts the loss off, a wound
    closed (not the last) never brings it nearer."""
    state = State()
    for event in events:
        before = next_loss_in(state)
        if event == "wound" and len(state.wounds) < 8:
            state = open_wound(state, "torso")
            assert not before or next_loss_in(state) <= before
        elif event == "close" and state.wounds:
            state = close_wound(state)
            assert not state.wounds or next_loss_in(state) >= before
        elif event == "round":
            state = _passes(state)[0]
        if state.wounds:
            left, quiet = next_loss_in(state), state
            for _ in range(left - 1):
                quiet, bled = _passes(quiet)
                assert not bled
            assert _passes(quiet)[1]
            assert bleeding(state) == f"{len(state.wounds)} open: " + (
                f"next Hit lost in {left} round{'s' if left > 1 else ''}" if len(state.wounds) < 5
                else f"{len(state.wounds) - 4} Hit{'s' if len(state.wounds) > 5 else ''} a round")
