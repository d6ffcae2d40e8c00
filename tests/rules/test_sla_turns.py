"""SLA's phases and initiative within a fight: a knockback's Initiative of 0, a lost action, a quick draw, one who
joins mid-round, extra actions (moved from test_turns.py along its seam; its helpers are shared)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.encounter import Encounter
from tests.rules.helpers import ok
from tests.rules.test_turns import act, answered, encounter, fight, texts, turn, whose


VIBRO = {"name": "Vibro sword", "notation": "skill Blade 2h, PEN 6, DAM 6, handling 3, vibro"}


def knocked_back(knockback: str) -> dict[str, Any]:
    """Scum (Initiative 35) hits Bea (32) with a vibro sword in phase 1, before Cal (19) acts; her PHYS roll against
    the knockback is ``knockback``."""
    document = encounter("sla", {"name": "Scum", "str": 9, "phys": 10, "skills": "Blade 2h 5", "weapons": [VIBRO]},
                         {"name": "Bea", "phys": 10}, {"name": "Cal"})
    started = ok("turn", encounter=document, move="start", dice="given",
                   faces={"initiative c1": "6 6 6", "initiative c2": "5 5 5", "initiative c3": "1 1 1"})
    faces = {"attack": "2 6 6", "direction": "3", "knockback": knockback, "conscious": "6 6 6"}
    return answered("act", {**faces, **{name: "3 3 3" for name in ("parry", "dodge", "defence")}},
                    encounter=started["encounter"], action="melee",
                    inputs={"attacker": "c1", "target": "c2", "weapon": 0, "aim": "0,3"})


@pytest.mark.parametrize("knockback, phases_last", [("6 6 6", 1), ("1 1 1", 3)])
def test_sla_a_knockback_s_initiative_of_0_acts_last_for_the_phase_or_the_round(knockback: str,
                                                                              phases_last: int) -> None:
    """"Initiative Total reduced to 0 for this phase (and thus it acts last this phase)"; knocked down, "0 ... acts
    last in this and all subsequent phases in this round" (seed, Knockback)."""
    hit = knocked_back(knockback)
    assert [entry["name"] for entry in fight(hit)["order"]] == ["Scum", "Cal", "Bea"]
    result = hit
    orders = []
    for _ in range(12):
        result = answered("turn", {f"initiative c{n}": "3 3 3" for n in (1, 2, 3)},
                          encounter=result["encounter"], move="next")
        if fight(result)["round"] > 1:
            break
        orders.append((fight(result)["phase"], [entry["name"] for entry in fight(result)["order"]]))
    later = {phase: names for phase, names in orders if phase != "Phase 1"}
    for phase, names in later.items():
        last = phase in ("Phase 2", "Phase 3")[: phases_last - 1]
        assert (names.index("Bea") > names.index("Cal")) == last, (phase, names)


def test_sla_a_lost_action_after_his_turn_is_his_next_one() -> None:
    """Knocked down after acting in phase 1, Bea loses her phase 2 action ("looses his next Action")."""
    document = encounter("sla", {"name": "Cal"}, {"name": "Bea", "phys": 10, "skills": "Dodge 3"},
                         {"name": "Scum", "str": 9, "phys": 10, "skills": "Blade 2h 5", "weapons": [VIBRO]})
    started = ok("turn", encounter=document, move="start", dice="given",
                   faces={"initiative c1": "6 6 6", "initiative c2": "5 5 5", "initiative c3": "1 1 1"})
    bea_acts = act(turn(started["encounter"], "next")["encounter"], "dodge", {"dodger": "c2"}, dodge="3 3 3")
    to_scum = turn(bea_acts["encounter"], "next")
    assert whose(to_scum) == "Scum"
    hit = answered("act", {"attack": "2 6 6", "direction": "3", "knockback": "1 1 1", "conscious": "6 6 6",
                           "parry": "3 3 3", "dodge": "3 3 3", "defence": "3 3 3"},
                   encounter=to_scum["encounter"], action="melee",
                   inputs={"attacker": "c3", "target": "c2", "weapon": 0, "aim": "0,3"})
    phase_two = turn(hit["encounter"], "next")
    assert fight(phase_two)["phase"] == "Phase 2"
    assert not any("Bea: the lost action is spent" in text for text in texts(phase_two))
    assert Encounter.from_dict(phase_two["encounter"]).play().states["c2"].lost_actions == 1


def test_sla_a_quick_draw_costs_3_initiative_and_the_order_follows() -> None:
    """Seed, Quick Draw: drawing and firing in one action "costs him 3 points of his Initiative Total"."""
    gunman = {"dex": 8, "skills": "Pistol 6",
              "weapons": [{"name": "MAL Anvil", "notation": "skill Pistol, RNG 20, RCL 5, PEN 4, DAM 6, AD 3"}]}
    document = encounter("sla", {**gunman, "name": "Ann"}, {**gunman, "name": "Bob"}, {"name": "Cy"})
    started = ok("turn", encounter=document, move="start", dice="given",
                 faces={"initiative c1": "6 6 6", "initiative c2": "6 6 5", "initiative c3": "1 1 1"})
    assert [entry["name"] for entry in fight(started)["order"]] == ["Ann", "Bob", "Cy"]
    drawn = answered("act", {"draw": "6 6 6", "attack": "1 1 2", "direction": "3"}, encounter=started["encounter"], action="shoot",
                     inputs={"attacker": "c1", "target": "c3", "aim": "2,2", "shot": "wild", "quick_draw": True})
    assert any(text.startswith("The quick draw costs Ann 3 from his Initiative Total") for text in texts(drawn))
    order = {entry["name"]: entry for entry in fight(drawn)["order"]}
    assert [entry["name"] for entry in fight(drawn)["order"]] == ["Bob", "Ann", "Cy"]
    assert order["Ann"]["stands"] == "current" and order["Bob"]["stands"] == "waiting"
    assert whose(turn(drawn["encounter"], "next")) == "Bob"


def test_sla_a_combatant_joining_mid_round_keeps_step_with_the_fight() -> None:
    document = encounter("sla", {"name": "Kit"}, {"name": "Scum"})
    started = ok("turn", encounter=document, move="start", dice="given",
                   faces={"initiative c1": "6 6 6", "initiative c2": "1 1 1"})
    phase_two = turn(turn(started["encounter"], "next")["encounter"], "next")
    assert fight(phase_two)["phase"] == "Phase 2"
    late = ok("add", encounter=phase_two["encounter"], sheet={"name": "Late"})
    result = late
    for _ in range(8):
        phase = fight(result)["phase"]
        result = answered("turn", {f"initiative c{n}": "3 3 3" for n in (1, 2, 3)}, encounter=result["encounter"],
                          move="next")
        if fight(result)["phase"] != phase:           # a phase ended: every count is the fight's
            states = Encounter.from_dict(result["encounter"]).play().states
            assert {state.phase for state in states.values()} == {int(fight(result)["phase"][-1])}


def test_sla_extra_actions_do_not_set_the_phases() -> None:
    """Additional Actions "do not count towards establishing in what phase a character can perform his Actions"."""
    document = encounter("sla", {"name": "Amb", "dia": 5, "cool": 3, "phys": 3, "extra_actions": 1}, {"name": "Kit"})
    started = ok("turn", encounter=document, move="start", dice="given",
                   faces={"initiative c1": "6 6 6", "initiative c2": "1 1 1"})
    amb = next(entry for entry in fight(started)["order"] if entry["name"] == "Amb")
    assert amb["label"].endswith("1 action + 1 extra")
    phase_two = turn(turn(started["encounter"], "next")["encounter"], "next")
    assert fight(phase_two)["phase"] == "Phase 2"
    assert {entry["name"]: entry["stands"] for entry in fight(phase_two)["order"]}["Amb"] == "idle"
