"""RULES_NOTES 5.5: the Typed Damage test vectors TD-01..TD-18, run as data (vectors/typed.json)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dice import DiceNeeded, SeededDice

from .helpers import armour_notation, attack, duel, hazard, load_vectors, marks, penalty_shown, target_view

CASES = load_vectors("typed")


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_vector(case: dict[str, Any]) -> None:
    encounter = duel(case.get("weapon"), case["armour"], strength=case.get("strength", 0), options=case.get("options"))
    for before in case.get("before", []):
        encounter, _ = hazard(encounter, case["hazard"], before)
    rounds = case.get("rounds") or [{"dice": case["dice"], "expect": case["expect"]}]
    for round_ in rounds:
        if "hazard" in case:
            encounter, report = hazard(encounter, case["hazard"], round_["dice"], **case["inputs"])
        else:
            encounter, report = attack(encounter, {"margin": "typed", **case["inputs"]}, {"damage": round_["dice"]})
        expect = round_["expect"]
        rolled = encounter.events[-1].data["dice"]["damage"]
        assert len(rolled) == expect["pool"], report.steps
        assert report.outcome.startswith(f"{expect['damage']} damage"), report.outcome
        target = target_view(encounter)
        if "armour_after" in expect:
            assert armour_notation(target) == expect["armour_after"]
        if "marks" in expect:
            assert marks(encounter) == expect["marks"]
        if "penalty" in expect:
            assert penalty_shown(target) == expect["penalty"]
        if "taken_out" in expect:
            assert (not target["can_act"]) is expect["taken_out"]


def test_every_vector_of_the_notes_is_covered() -> None:
    covered = {case["id"][:5] for case in CASES}
    assert covered == {f"TD-{n:02d}" for n in range(1, 19)}


def test_a_pool_of_zero_or_less_before_armour_rolls_nothing() -> None:
    """D-TD-2: the one-die minimum applies only when armour reduced a positive pool (Fist 0* with Strength -2)."""
    encounter = duel("0*", "*", strength=-2)
    encounter, report = attack(encounter, {"margin": "typed", "margin_of_success": 1, "use_strength": True},
                               {"damage": ""})
    assert encounter.events[-1].data["dice"]["damage"] == []
    assert report.outcome.startswith("0 damage")


def test_ballistic_rule_text_option_reads_minus_and_star() -> None:
    """D-TD-1's alternative: with the rule text's reading, the jacket -* gives 1 against bullets."""
    encounter = duel("3B", "-*", options={"ballistic_regular": "-*"})
    encounter, _ = attack(encounter, {"margin": "typed", "margin_of_success": 1}, {"damage": "000"})
    assert len(encounter.events[-1].data["dice"]["damage"]) == 3


def test_hardened_ablative_wears_by_successes_removed() -> None:
    """D-TD-6: hardened ablative armour loses the successes it removed, not dice."""
    encounter = duel(None, "XXX(H, Ab)")
    encounter, report = hazard(encounter, "4+", "++-0")
    assert report.outcome.startswith("0 damage")
    assert armour_notation(target_view(encounter)) == "X(H, Ab)"


def test_energy_armour_of_another_kind_does_not_stop_fire() -> None:
    encounter = duel(None, "EEEEE(Cold)")
    encounter, _ = hazard(encounter, "3E+(Fire)", "+++")
    assert marks(encounter)[0] == 3


def test_gm_may_allow_regular_armour_against_energy() -> None:
    encounter = duel(None, "-*+")
    encounter, _ = hazard(encounter, "3E+(Cold)", "+", energy_allowance=2)
    assert encounter.events[-1].data["dice"]["damage"] == ["+"]


def test_a_miss_on_the_opposed_roll_deals_no_damage() -> None:
    """D-TD-3: a tie is no hit; no damage dice are rolled."""
    encounter = duel("3-", "", skill=0, defence=0)
    encounter, report = attack(encounter, {"margin": "rolled"}, {"attack": "+0-0", "defence": "0000"})
    assert report.outcome == "Miss"
    assert "damage" not in encounter.events[-1].data["dice"]
    assert marks(encounter) == [0, 0, 0, 0, 0]


def test_opposed_roll_margin_feeds_the_pool() -> None:
    """Good (+1) attacker rolls +2, Mediocre (-1) defender rolls 0: MoS 4, shortsword 3- rolls 7 dice."""
    encounter = duel("3-", "", skill=1, defence=-1)
    encounter, report = attack(encounter, {"margin": "rolled"},
                               {"attack": "++00", "defence": "+-00", "damage": "-------"})
    assert len(encounter.events[-1].data["dice"]["damage"]) == 7
    assert marks(encounter) == [4, 3, 0, 0, 0]


def test_wound_penalties_apply_to_the_opposed_roll() -> None:
    """A Hurt (-1) attacker at Fair rolls +1 against Fair defence rolling 0: 0 margin, a miss."""
    encounter = duel("3-", "")
    # c2 hits c1 for 5 successes to make the attacker Hurt.
    encounter, _ = attack(encounter, {"attacker": None, "target": "c1", "hazard": "5E-*+", "margin": "automatic"},
                          {"damage": "+++++"})
    encounter, report = attack(encounter, {"margin": "rolled"}, {"attack": "+000", "defence": "0000"})
    assert report.outcome == "Miss"
    assert any(step.text == "Attacker is Hurt (\u22121 to all actions): \u22121 to the attack roll." for step in report.steps)
    with pytest.raises(DiceNeeded) as asked:
        attack(encounter, {"margin": "rolled"}, {})
    assert asked.value.why == "Attacker attacks at Mediocre (\u22121) (wounds included): roll 4 Fudge dice for the attack"


@pytest.mark.parametrize("notation", ["BBBB*", "EEE-+(Fire)", "+-*", "XXXXXX(Ab)"])
def test_the_log_shows_armour_as_it_was_typed(notation: str) -> None:
    """Issue 23: the vest typed as BBBB* (TD-06) read *BBBB in the log; the seed writes its armour in no one order,
    so the log keeps the order it was typed in, worn or not."""
    encounter = duel("3B", notation)
    _, report = attack(encounter, {"margin": "typed", "margin_of_success": 1}, SeededDice(23))
    armour_steps = [step.text for step in report.steps if step.text.startswith("Armour ")]
    assert armour_steps and all(text.startswith(f"Armour {notation}:") for text in armour_steps), report.steps
