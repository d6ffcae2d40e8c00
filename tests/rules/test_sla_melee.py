"""SLA hand-to-hand (seed 002: Hand-to-Hand, Parries, Dodge, Dance of Death, Martial Arts; RULES_NOTES SL-05, SL-06,
SL-23, SL-27, SL-33): the Melee and Dodge actions through the public API with typed dice, hypothesis properties
through the resolver, and the exact odds against enumerating the faces and a seeded Monte Carlo run."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.dice import GivenDice, SeededDice
from rules.systems.sla import melee as melee_module
from rules.systems.sla.melee import resolve
from rules.systems.sla.melee_attack import deviation, turned
from rules.systems.sla.melee_inputs import read_melee
from rules.systems.sla.melee_odds import melee_odds
from rules.systems.sla.options import read_options
from rules.systems.sla.sheet import LOCATION_LABELS, Sheet
from rules.systems.sla.wounds import State

from .helpers import ok, refused
from .test_sla_vectors import act, asks, card, encounter_of, summaries, texts

KNIFE = {"name": "Knife", "notation": "skill Blade 1h, PEN 2, DAM 3, handling 2"}
VIBRO = {"name": "Vibro sword", "notation": "skill Blade 2h, PEN 6, DAM 6, handling 3, vibro"}
WHIP = {"name": "Whip", "notation": "skill Whip, PEN 1, DAM 2, handling 4, whip -2"}
CLUB = {"name": "Club", "notation": "skill Club, PEN 1, DAM 4, handling 2, blunt"}
PISTOL = {"name": "Pistol", "notation": "skill Pistol, RNG 20, RCL 2, PEN 2, DAM 4"}
SCUM = {"name": "Scum", "str": 9, "phys": 10, "skills": "Blade 1h 5, Blade 2h 5, Club 4, Whip 4, Unarmed Combat 3",
        "weapons": [KNIFE, VIBRO, CLUB, PISTOL]}
ISIS = {"name": "Isis", "str": 8, "phys": 12, "skills": "Dodge 7, Blade 1h 4, Whip 5", "weapons": [KNIFE, WHIP]}
TORSO = "0,3"


def duel(attacker: dict[str, Any] | None = None, target: dict[str, Any] | None = None,
         options: dict[str, Any] | None = None) -> dict[str, Any]:
    return encounter_of([attacker or SCUM, target or ISIS], options)


def blow(**inputs: Any) -> dict[str, Any]:
    return {"attacker": "c1", "target": "c2", "aim": TORSO, **inputs}


# -- the seed's vectors ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("dance, price", [("ballet", "no price on his own actions (Ballet of Death)"),
                                          ("dance", "Shrike is at \u22122 on his next action")])
def test_sl05_shrike_dodges_bullets(dance: str, price: str) -> None:
    """Shrike, Dodge 8, rolls 5 (Success), 6, 4: 23, the Success die counts 10: attacks at him \u221210 this
    phase; Ballet of Death pays nothing (D-SL-4: the rule, not the example's \u22122, which Dance of Death pays)."""
    shrike = {"name": "Shrike", "skills": "Dodge 8", "dance": dance}
    encounter = encounter_of([shrike, {"name": "Johanna", "skills": "Pistol 5", "weapons": [PISTOL]}])
    result = act(encounter, "dodge", {"dodger": "c1", "kind": "bullets"}, {"dodge": [5, 6, 4]})
    said = texts(result)
    assert "total 23 against 13: succeeds; 5 over 18, so the Success die counts 10" in said
    assert "Shots at Shrike are at \u221210 this phase" in said and price in said
    shot = act(result["encounter"], "shoot", {"attacker": "c2", "target": "c1", "weapon": 0, "aim": TORSO},
               {"attack": [1, 1, 1], "direction": [1]})
    assert "Shrike dodges (" in texts(shot) and "\u221210" in texts(shot)
    knife = {"name": "Knife", "notation": "skill Blade 1h, PEN 2, DAM 3, handling 2"}
    blades = encounter_of([shrike, {"name": "Johanna", "skills": "Blade 1h 5", "weapons": [knife]}])
    dodged = act(blades, "dodge", {"dodger": "c1", "kind": "bullets"}, {"dodge": [5, 6, 4]})
    blow = act(dodged["encounter"], "melee", {"attacker": "c2", "target": "c1", "weapon": 0, "aim": TORSO},
               {"attack": [1, 1, 1]})
    assert "dodge" not in texts(blow)                   # Dance of Death's free dodge is against shots only


def test_sl06_isis_quick_dodge_then_the_phase_ends() -> None:
    """Isis, Dodge 7, quick dodge 3, 1, 3: 14, Success die 3: Scum at \u22123 this phase, Isis \u22124 on her next
    action; a phase later the dodge is gone, the price is still owed until she acts."""
    encounter = duel()
    result = act(encounter, "dodge", {"dodger": "c2", "kind": "quick"}, {"dodge": [3, 1, 3]})
    said = texts(result)
    assert "total 14 against 13: succeeds" in said
    assert "Blows at Isis are at \u22123 this phase; Isis is at \u22124 on his next action" in said
    struck = act(result["encounter"], "melee", blow(weapon=0), {"attack": [1, 1, 1]})
    assert "Isis's dodge \u22123" in texts(struck)
    later = act(result["encounter"], "time", {"span": "phase"})
    struck = act(later["encounter"], "melee", blow(weapon=0), {"attack": [1, 1, 1]})
    assert "Isis's dodge" not in texts(struck)
    back = act(later["encounter"], "melee", {"attacker": "c2", "target": "c1", "weapon": 0, "aim": TORSO},
               {"attack": [1, 1, 1]})
    assert "Isis's own dodge \u22124" in texts(back)


def test_sl27_melee_pen_equal_to_pv_does_nothing() -> None:
    """PEN 5 + Penetration die 2 = 7 against PV 7: neither the armour nor the victim takes damage (D-SL-7)."""
    target = {**ISIS, "armour": [{"name": "Vest", "notation": "PV 7, ID 20, torso"}]}
    attacker = {**SCUM, "weapons": [{"name": "Pick", "notation": "skill Blade 1h, PEN 5, DAM 8, handling 0"}]}
    result = act(duel(attacker, target), "melee", blow(weapon=0), {"attack": [3, 2, 6]})
    said = texts(result)
    assert "Penetration die 2 + PEN 5 = 7 against PV 7" in said and "does not beat the PV" in said
    assert "ID on the" not in said
    assert "Torso: unhurt; Vest PV 7 ID 20" in summaries(card(result, "c2"))


def test_sl33_martial_arts_strength_bonus() -> None:
    """STR 8, Martial Arts 5: Strength bonus 2 + 2 = 4, a lethal blow marks Incap and the location."""
    artist = {"name": "Kai", "str": 8, "skills": "Martial Arts 5", "weapons": []}
    result = act(duel(artist), "melee", blow(how="martial_lethal"), {"attack": [6, 3, 4]})
    said = texts(result)
    assert "DAM 0 + Strength bonus 4 (with Martial Arts 5) = 4" in said
    assert "8 damage to Incap (30 \u2192 22) and to the Torso" in said


def test_sl23_split_keeps_the_rest_of_the_rank() -> None:
    result = act(duel(), "melee", blow(weapon=0, split=2, second_rank=2), {"attack": [3, 3, 3]})
    assert "Blade 1h (split) 3: total 12 against 13: fails" in texts(result)
    failure = refused("act", encounter=duel(), action="melee", inputs=blow(weapon=0, split=2, second_rank=1),
                      dice="given", faces={})
    assert failure["field"] == "split"


# -- worked numbers ---------------------------------------------------------------------------------------------

def test_a_parry_with_a_knife_takes_its_share_and_turns_the_blow_away() -> None:
    """Scum (STR 9: bonus 3) stabs with a knife: 4, 3, 4 + 5 = 16 hits, Aiming die 4.  Isis parries with hers: 6, 3,
    5 + 4 = 18, Success die 6: the parry stops 6 + DAM 3 + bonus 2 = 11 of Damage die 4 + 3 + 3 = 10: turned aside."""
    result = act(duel(), "melee", blow(weapon=0, defence="parry", parry_with="weapon", parry_weapon=0),
                 {"attack": [4, 3, 4], "defence": [6, 3, 5]})
    said = texts(result)
    assert "The parry takes 11 off the blow's damage: Success die 6 + Knife's DAM 3 + Strength bonus 2" in said
    assert result["report"]["outcome"] == "Parried"
    hexes = next(widget for widget in card(result, "c2")["widgets"] if widget["kind"] == "hexes")
    assert [mark["label"] for mark in hexes["marks"]][-1] == "Parried"


def test_a_partial_parry_deviates_the_blow_by_its_success_die() -> None:
    """Club (blunt: bruising) 6, 5, 6 + 4 = 21: a crit of 3, Aiming die 9.  Isis parries 2, 5, 6 + 4 = 17, Success
    die 2: stops 2 + 3 + 2 = 7 of 6 + 4 + 3 = 13; deviation: handling 2 + 2 \u2212 9, none; 6 bruising on the Torso's
    track."""
    result = act(duel(), "melee", blow(weapon=2, defence="parry", parry_with="weapon", parry_weapon=0),
                 {"attack": [6, 5, 6], "defence": [2, 5, 6]})
    said = texts(result)
    assert "Handling Factor 2 + 2 for the parry \u2212 9 on the Aiming die" in said
    assert "6 bruising on the Incap track (0 \u2192 6): no wound, no bleeding" in said


def test_the_parry_pushes_a_deviating_blow_off_the_body() -> None:
    """Aimed at the Head's top hex, a blow that deviates one hex up (6) or to a side is turned off the body."""
    head = next(f"{q},{r}" for (q, r), region in melee_module.REGION_OF.items() if region == "head"
                and melee_module.REGION_OF.get((q, r - 1)) is None)
    aim = tuple(int(part) for part in head.split(","))
    assert turned(aim, 1, 6, "away") == 6
    assert turned(aim, 1, 3, "none") == 3 and turned(aim, 1, 6, "clockwise") == 1
    assert turned(aim, 1, 1, "anticlockwise") == 6


def test_bare_handed_parry_halves_the_total_or_the_reduction() -> None:
    """Isis has no Unarmed Combat: 6, 6, 6 + 0 = 18, halved 9: fails.  With the option, the roll stands and the
    reduction (Success die 6 + a crit of 1, + 0 + 2 = 9) is halved to 4."""
    inputs = blow(weapon=0, defence="parry", parry_with="bare")
    faces = {"attack": [4, 3, 4], "defence": [6, 6, 6]}
    halved = act(duel(), "melee", inputs, faces)
    assert "total 18 halved to 9 (bare hands) against 13: fails" in texts(halved)
    isis = {**ISIS, "skills": "Dodge 7, Unarmed Combat 1"}
    reduced = act(duel(target=isis, options={"bare_parry": "reduction"}), "melee", inputs, {**faces, "direction": [6]})
    assert "The parry takes 4 off the blow's damage: Success die 7 + Strength bonus 2, halved (bare hands)" in \
        texts(reduced)


def test_whip_parry_lashes_the_weapon_arm() -> None:
    result = act(duel(), "melee", blow(weapon=0, defence="parry", parry_with="weapon", parry_weapon=1),
                 {"attack": [4, 3, 4], "defence": [4, 5, 6], "direction": [6]})
    said = texts(result)
    assert "against 15 (13 +2 for parrying with a whip)" in said
    assert "The whip lashes Scum's Right arm: Penetration die 5 + PEN 1 against PV 0, Damage die 6 + DAM 4" in said
    assert "2 over 18, so the Success die counts 6" in said
    assert "The parry takes 8 off the blow's damage: Success die 6 + Whip's DAM 2" in said
    assert "It lands off the body (0, \u22121): a miss" in said
    assert "10 damage to Incap and the Right arm" in said


def test_a_harder_attack_raises_the_defence_and_aiming_steadies_the_handling() -> None:
    encounter = act(duel(), "melee", blow(spend="aim"))["encounter"]
    result = act(encounter, "melee", blow(weapon=1, harder=2, defence="quick_dodge"),
                 {"attack": [2, 6, 6], "defence": [3, 1, 5], "knockback": [6, 6, 6]})
    said = texts(result)
    assert "a harder attack \u22122" in said and "against 15 (13 +2 for the harder attack)" in said
    assert "Handling Factor 3 \u2212 1 for the aims \u2212 2 on the Aiming die" in said


@pytest.mark.parametrize("inputs, field, words", [
    (blow(weapon=3), "weapon", "Pistol is a firearm"),
    (blow(weapon=1, defence="parry", parry_with="bare"), "parry_with", "vibro weapon cannot be parried bare-handed"),
    (blow(how="martial_lethal"), "how", "no Martial Arts rank"),
    (blow(weapon=0, defence="half_dodge"), "defence", "only a character attacked while aiming half-dodges"),
    (blow(weapon=1, two_weapons=True, other_weapon=2), "other_weapon", "DAM together (10) is more than Scum's STR"),
])
def test_refusals(inputs: dict[str, Any], field: str, words: str) -> None:
    failure = refused("act", encounter=duel(), action="melee", inputs=inputs, dice="given", faces={})
    assert failure["field"] == field and words in failure["message"], failure


def test_free_parries_run_out_and_an_aiming_target_only_half_dodges() -> None:
    """Isis has 2 actions (DIA, PHYS, COOL 8, 12, 8 \u2192 28 / 10): one free parry a round."""
    inputs = blow(weapon=0, defence="parry", parry_weapon=0)
    once = act(duel(), "melee", inputs, {"attack": [1, 1, 1]})
    parried = act(once["encounter"], "melee", inputs, {"attack": [6, 6, 6], "defence": [1, 1, 1]})
    failure = refused("act", encounter=parried["encounter"], action="melee", inputs=inputs, dice="given", faces={})
    assert failure["field"] == "defence" and "no free parry left" in failure["message"]
    aiming = act(duel(), "melee", {"attacker": "c2", "target": "c1", "spend": "aim"})["encounter"]
    failure = refused("act", encounter=aiming, action="melee", inputs=inputs, dice="given", faces={})
    assert "is aiming" in failure["message"]
    half = act(aiming, "melee", blow(weapon=0, defence="half_dodge"), {"attack": [4, 4, 4], "defence": [6, 6, 6]})
    assert "Dodge (half) 3" in texts(half)


def test_the_defence_is_asked_for_only_when_the_blow_hits() -> None:
    inputs = blow(weapon=0, defence="dodge")
    need = asks(duel(), "melee", inputs, {"attack": [6, 6, 6]})
    assert need["roll"] == "defence" and "a dodge" in need["why"]
    missed = act(duel(), "melee", inputs, {"attack": [1, 1, 1]})
    assert missed["report"]["outcome"] == "Miss"


def test_unarmed_blows_bruise_and_martial_arts_marks_the_location() -> None:
    fists = act(duel(), "melee", blow(how="unarmed"), {"attack": [6, 3, 4]})
    assert "7 bruising on the Incap track (0 \u2192 7): no wound" in texts(fists)
    artist = {**SCUM, "skills": "Martial Arts 3"}
    soft = act(duel(artist), "melee", blow(how="martial_bruising"), {"attack": [6, 3, 4]})
    assert "8 bruising on the Incap track (0 \u2192 8) and 8 off the Torso" in texts(soft)


def test_the_card_shows_the_aim_and_the_landing() -> None:
    result = act(duel(), "melee", blow(weapon=1), {"attack": [1, 6, 6], "direction": [3], "knockback": [6, 6, 6]})
    hexes = next(widget for widget in card(result, "c2")["widgets"] if widget["kind"] == "hexes")
    kinds = [mark["kind"] for mark in hexes["marks"]]
    assert kinds[0] == "aim" and kinds[1] in ("hit", "miss") and hexes["marks"][1].get("from") == [0, 3]


# -- properties -------------------------------------------------------------------------------------------------

OPTIONS = read_options({})
SHEETS = {"c1": Sheet.from_dict(SCUM), "c2": Sheet.from_dict({**ISIS, "armour": [
    {"name": "Vest", "notation": "PV 3, ID 20, torso, abdomen"}]})}
STATES = {"c1": State(), "c2": State()}
AIMS = [f"{q},{r}" for q, r in melee_module.REGION_OF]
three = st.lists(st.integers(1, 6), min_size=3, max_size=3)
PROPERTY = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def run(inputs: dict[str, Any], faces: dict[str, Any], seed: int = 1) -> tuple[dict[str, State], Any]:
    chosen = read_melee(inputs, SHEETS, STATES, OPTIONS)
    return resolve(chosen, SHEETS, STATES, OPTIONS, GivenDice(faces, fallback=SeededDice(seed)))


def harm(states: dict[str, State]) -> int:
    state = states["c2"]
    return state.incap_damage + state.bruising


@PROPERTY
@given(st.sampled_from(AIMS), st.sampled_from([0, 1, 2]), three, three, st.integers(1, 6), st.integers(0, 4))
def test_a_parry_never_adds_damage(aim: str, weapon: int, attack: list[int], defence: list[int], direction: int,
                                   harder: int) -> None:
    inputs = blow(weapon=weapon, aim=aim, harder=harder, push="none")
    faces = {"attack": attack, "defence": defence, "direction": [direction], "knockback": [6, 6, 6],
             "conscious": [6, 6, 6]}
    bare, _ = run(inputs, faces)
    parried, _ = run({**inputs, "defence": "parry", "parry_weapon": 0}, faces)
    if parried["c2"].marks[-1].hex == bare["c2"].marks[-1].hex:      # the same location: never more harm
        assert harm(parried) <= harm(bare)
    assert harm(parried) >= 0 and harm(bare) >= 0
    assert all(taken >= 0 for _, taken in parried["c2"].damage)


@PROPERTY
@given(three, st.sampled_from(["regular", "quick"]), st.sampled_from(["none", "dance", "ballet"]))
def test_a_dodge_never_helps_the_dodger(faces: list[int], kind: str, dance: str) -> None:
    from rules.systems.sla.melee import dodge
    sheets = {"c1": Sheet.from_dict({**ISIS, "dance": dance}), "c2": SHEETS["c1"]}
    after, _ = dodge({"dodger": "c1", "kind": kind}, sheets, STATES, OPTIONS, GivenDice({"dodge": faces}))
    state = after["c1"]
    assert state.penalty <= 0 and state.dodge <= 0
    assert (state.penalty == 0) if dance == "ballet" else True


def test_deviation_is_never_negative_and_aims_cancel_only_the_handling() -> None:
    for handling, aims, parried, die in product(range(5), range(4), range(8), range(1, 12)):
        distance = deviation(handling, aims=aims, parried=parried, aiming_die=die)
        assert distance >= 0 and distance <= max(0, handling - aims) + parried


# -- odds ---------------------------------------------------------------------------------------------------------

def bars(odds: dict[str, Any], title: str) -> dict[str, Fraction]:
    found = next(chart for chart in odds["charts"] if chart["title"] == title)
    return {bar["label"]: Fraction(bar["fraction"]) for bar in found["bars"]}


def test_odds_without_a_defence_match_every_face_through_the_resolver() -> None:
    """No defence and a target too tough to knock back: the 216 faces x 6 directions, each through the resolver."""
    sheets = {"c1": SHEETS["c1"], "c2": Sheet.from_dict({**ISIS, "phys": 30})}
    inputs = blow(weapon=1, aim="0,1")
    chosen = read_melee(inputs, sheets, STATES, OPTIONS)
    counts: dict[str, int] = {}
    for faces in product(range(1, 7), repeat=3):
        for direction in range(1, 7):
            given = GivenDice({"attack": list(faces), "direction": [direction]}, fallback=SeededDice(0))
            _, report = resolve(chosen, sheets, STATES, OPTIONS, given)
            outcome = report.outcome.split(" hit")[0] if " hit" in report.outcome else "Does not land"
            counts[outcome] = counts.get(outcome, 0) + 1
    expected = {label: Fraction(count, 1296) for label, count in counts.items()}
    assert bars(melee_odds(chosen, sheets, STATES, OPTIONS), "Where it lands") == expected


@pytest.mark.parametrize("defence", ["parry", "dodge"])
def test_odds_with_a_defence_match_a_seeded_monte_carlo_run(defence: str) -> None:
    """4000 blows with the app's dice; each share within four standard errors of the exact odds."""
    inputs = blow(weapon=0, defence=defence, parry_weapon=0)
    chosen = read_melee(inputs, SHEETS, STATES, OPTIONS)
    odds = melee_odds(chosen, SHEETS, STATES, OPTIONS)
    exact = bars(odds, "The blow")
    runs = 4000
    seen = {"Miss": 0, "Dodged": 0, "Parried, no harm": 0}
    for seed in range(runs):
        _, report = resolve(chosen, SHEETS, STATES, OPTIONS, SeededDice(seed))
        key = {"Miss": "Miss", "Dodged": "Dodged", "Parried": "Parried, no harm"}.get(report.outcome)
        if key:
            seen[key] += 1
    missed = exact.get("Miss", Fraction(0)) + exact.get("Off the body", Fraction(0))
    for label, probability in (("Miss", missed), ("Dodged", exact.get("Dodged", Fraction(0))),
                               ("Parried, no harm", exact.get("Parried, no harm", Fraction(0)))):
        error = math.sqrt(float(probability) * (1 - float(probability)) / runs) + 1e-9
        assert abs(seen[label] / runs - float(probability)) <= 4 * error, (label, seen[label], float(probability))
    assert ("stops it" in odds["summary"]) and sum(Fraction(bar) for bar in exact.values()) == 1


def test_odds_refuse_an_aim_and_name_the_location() -> None:
    odds = ok("odds", encounter=duel(), action="melee", inputs=blow(weapon=0, defence="parry", parry_weapon=0))
    assert odds["title"] == f"Knife at Isis's {LOCATION_LABELS['torso']}" and "the parry stops it" in odds["summary"]
    failure = refused("odds", encounter=duel(), action="melee", inputs=blow(spend="aim"))
    assert failure["field"] == "spend"
