"""FUDGE's exact odds, each cross-checked by brute force through the real resolver.

For every chart an ``odds`` answer gives, the same action is resolved once for every class of dice it can ask for,
with the faces typed in (``"dice": "given"`` through the API, or ``rules.dice.GivenDice`` handed to the system's own
``apply`` where the API would be too slow), and the outcome is read off the answer as the page shows it: the card's
status text ("No new wound: ..." when the card's wound record, status and body parts are as after an exchange that hits
nobody), the relative degree the report states, the report's outcome.  The tallies, exact Fractions, must equal every bar's ``weight/total``; a grouped tail ("Worse
still", "... or better") must hold exactly what the named bars leave.  Every chart's bars must also sum to its total.

The enumeration, and the reading of each answer as the charts label it, are tests/rules/fudge_enumeration.py's
(how the dice are enumerated is said there); the claims it rests on are checked at the end of this file.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules.ladder import level_name

from .fudge_enumeration import (Case, Need, attack_reader, baseline, by_engine, check_odds, classes, compare,
                                contest_reader, fresh, fudge_faces, fudge_totals, heal_reader, round_reader,
                                shot_reader, story_reader)
from .helpers import ok
from .test_fudge_vectors import FIGHTERS, encounter_of

DUEL = {"fighter": "c1", "foe": "c2"}
PAWN = {"name": "Guard", "role": "pawn", "offense": 1, "weapons": [{"name": "Spear", "notation": "size 1, sharp"}],
        "armour": {"name": "Leather", "notation": "+1"}}
SNORRI_BRYNHILD = round_reader("Snorri", ["Brynhild"])

ROUNDS = [
    Case("plain", fresh("snorri", "brynhild"), "round", DUEL, SNORRI_BRYNHILD, resolutions=1 + 9 + 81),
    Case("Brynhild already Hurt", fresh("snorri", "brynhild", wounds=(("c2", "hurt"),)), "round", DUEL,
         SNORRI_BRYNHILD),
    Case("stances on", fresh("snorri", "brynhild", options={"stances": "on"}), "round",
         {**DUEL, "stance": "1", "foes_stance": "-2"}, SNORRI_BRYNHILD),
    Case("stances on, both offensive", fresh("snorri", "brynhild", options={"stances": "on"}), "round",
         {**DUEL, "stance": "2", "foes_stance": "1"}, SNORRI_BRYNHILD),
    Case("all-out offense against normal", fresh("snorri", "brynhild"), "round",
         {**DUEL, "tactic": "all_out_offense"}, SNORRI_BRYNHILD),
    Case("all-out offense, graze table on a tie", fresh("snorri", "brynhild", options={"all_out_tie": "graze_table"}),
         "round", {**DUEL, "foes_tactic": "all_out_offense"}, SNORRI_BRYNHILD),
    Case("all-out offense against all-out defense", fresh("snorri", "brynhild"), "round",
         {**DUEL, "tactic": "all_out_offense", "foes_tactic": "all_out_defense"}, SNORRI_BRYNHILD),
    Case("both all-out offense: the winner's +3 (D-FU-26)", fresh("snorri", "brynhild"), "round",
         {**DUEL, "tactic": "all_out_offense", "foes_tactic": "all_out_offense"}, SNORRI_BRYNHILD),
    Case("both all-out offense, 1dF damage roll (D-FU-26)", fresh("snorri", "brynhild", options={
        "damage_roll": "one_df_factor"}), "round", {**DUEL, "tactic": "all_out_offense",
                                                    "foes_tactic": "all_out_offense"}, SNORRI_BRYNHILD),
    Case("graze roll 1dF under the situational roll (D-FU-29)", fresh("snorri", "brynhild", options={
        "graze_roll": "on", "damage_roll": "situational"}), "round", DUEL, SNORRI_BRYNHILD, engine=True),
    Case("graze at the GM's level with a graze roll: none asked (D-FU-29)", fresh("snorri", "brynhild", options={
        "graze": "hurt", "graze_roll": "on", "damage_roll": "one_df_level"}), "round", DUEL, SNORRI_BRYNHILD),
    Case("Damage Capacity record, Superb, a level by severity (D-FU-23)", fresh("snorri", sheets=[
        {"name": "Ragnar", "offense": 1, "damage_capacity": 3, "weapons": [{"name": "Sword", "notation": "size 2"}]}],
        options={"record": "capacity"}), "round", DUEL, round_reader("Snorri", ["Ragnar"])),
    Case("an Ogre 2 Scale larger needs Fair (D-FU-30)", fresh("snorri", sheets=[
        {"name": "Ogre", "role": "major", "offense": 0, "strength": 2, "scale": 2,
         "weapons": [{"name": "Club", "notation": "size 2"}]}]), "round", DUEL, round_reader("Snorri", ["Ogre"])),
    Case("situational damage roll with the limitations",
         fresh("snorri", "brynhild", options={"damage_roll": "situational_limited"}), "round", DUEL, SNORRI_BRYNHILD,
         engine=True),
    Case("situational damage roll, graze roll on",
         fresh("snorri", "brynhild", options={"damage_roll": "situational_limited", "graze_roll": "on"}), "round",
         DUEL, SNORRI_BRYNHILD, engine=True),
    Case("1dF on the wound level", fresh("snorri", "brynhild", options={"damage_roll": "one_df_level"}), "round",
         DUEL, SNORRI_BRYNHILD),
    Case("even or odd combat rolls", fresh("snorri", "brynhild", options={"damage_roll": "even_odd_factor"}), "round",
         DUEL, SNORRI_BRYNHILD),
    Case("Min-Mid-Max", fresh("rachel", "archie", options={"wounds": "min_mid_max"}), "round", DUEL,
         round_reader("Rachel", ["Archie"]), engine=True),
    Case("Min-Mid-Max, epic, all-out", fresh("rachel", "archie", options={
        "wounds": "min_mid_max", "mmm_track": "epic", "boxes": "epic"}), "round", {**DUEL, "tactic": "all_out_offense"},
         round_reader("Rachel", ["Archie"]), engine=True),
    # Past the last number, the GM kills outright (seed 4.63): on a Damage Capacity record, and on wound boxes.
    Case("Min-Mid-Max, past the last number kills (Damage Capacity)", fresh("rachel", "archie", options={
        "wounds": "min_mid_max", "mmm_track": "epic", "mmm_beyond": "dead", "record": "capacity"}), "round",
         {**DUEL, "tactic": "all_out_offense"}, round_reader("Rachel", ["Archie"]), engine=True),
    Case("Min-Mid-Max, past the last number kills (wound boxes)", fresh("rachel", "archie", options={
        "wounds": "min_mid_max", "mmm_track": "epic", "mmm_beyond": "dead"}), "round",
         {**DUEL, "tactic": "all_out_offense"}, round_reader("Rachel", ["Archie"]), engine=True),
    Case("a called shot at the weapon arm", fresh("snorri", "brynhild"), "round", {**DUEL, "aim": "weapon_arm"},
         SNORRI_BRYNHILD),
    Case("a called shot at the head, going for a knockout", fresh("snorri", "brynhild", options={
        "knockout_head": "on"}), "round", {**DUEL, "aim": "head", "stun": True}, SNORRI_BRYNHILD),
    Case("both going for a knockout", fresh("snorri", "brynhild"), "round", {**DUEL, "stun": True, "foes_stun": True},
         SNORRI_BRYNHILD),
    Case("pulled punches", fresh("snorri", "brynhild"), "round", {**DUEL, "pull": "scratch", "foes_pull": "hurt"},
         SNORRI_BRYNHILD),
    Case("Brynhild stunned", fresh("snorri", "brynhild", wounds=(("c2", "hurt"),), then=(
        ("wound", {"target": "c2", "level": "hurt", "stun": True}, {}),)), "round", DUEL, SNORRI_BRYNHILD),
    Case("Snorri very stunned, in round 2", fresh("snorri", "brynhild", then=(
        ("wound", {"target": "c1", "level": "very_hurt", "stun": True}, {}),
        ("time", {"time": "round"}, {}))), "round", DUEL, SNORRI_BRYNHILD),
    Case("the foe only defends", fresh("snorri", "brynhild"), "round", {**DUEL, "foes_tactic": "defend_only"},
         SNORRI_BRYNHILD),
    Case("the foe cannot fight (unaware)", fresh("snorri", "brynhild"), "round", {**DUEL, "foes_tactic": "unaware"},
         SNORRI_BRYNHILD),
    Case("all-out defense that spots an opening", fresh("snorri", "brynhild"), "round",
         {**DUEL, "tactic": "all_out_defense", "spotted": True}, SNORRI_BRYNHILD),
    Case("the GM's least result to hit: Great", fresh("snorri", "brynhild"), "round", {**DUEL, "minimum": "2"},
         SNORRI_BRYNHILD),
    Case("a fighter of larger Scale, grazes raised by Scale", fresh("snorri", sheets=[
        {"name": "Ogre", "role": "major", "offense": 0, "strength": 2, "scale": 2, "damage_capacity": 1,
         "weapons": [{"name": "Club", "notation": "size 2, blunt"}]}], options={"graze_scale": "on"}), "round",
         DUEL, round_reader("Snorri", ["Ogre"])),
    Case("grazes at most Hurt, less lethal weapons", fresh("snorri", "brynhild", options={
        "graze": "hurt", "less_lethal": "on"}), "round", DUEL, SNORRI_BRYNHILD),
    Case("pain thresholds", fresh(sheets=[{**FIGHTERS["snorri"], "pain": "high"},
                                          {**FIGHTERS["brynhild"], "pain": "low"}]), "round", DUEL, SNORRI_BRYNHILD),
    Case("1dF on the damage number", fresh("snorri", "brynhild", options={"damage_roll": "one_df_factor"}), "round",
         DUEL, SNORRI_BRYNHILD),
    Case("situational damage roll, no limits", fresh("snorri", "brynhild", options={"damage_roll": "situational"}),
         "round", DUEL, SNORRI_BRYNHILD, engine=True),
    Case("even or odd rolls on the wound level", fresh("snorri", "brynhild", options={
        "damage_roll": "even_odd_level"}), "round", DUEL, SNORRI_BRYNHILD),
    Case("the GM assesses every wound", fresh("snorri", "brynhild", options={"wounds": "gm"}), "round", DUEL,
         SNORRI_BRYNHILD),
    Case("PC-death options, a Fudge Point spent, Hero already Very Hurt", fresh(sheets=[
        {**FIGHTERS["snorri"], "name": "Hero"}, {**FIGHTERS["theodora"], "offense": 2}], options={
        "death_three_levels": "on", "death_from_incapacitated": "on", "death_fudge_point": "very_hurt",
        "death_for": "pcs_and_major"}, wounds=(("c1", "very_hurt"),)), "round", {**DUEL, "fudge_point": True},
         round_reader("Hero", ["Theodora"])),
    Case("Scratches stop at Very Hurt, epic boxes", fresh("snorri", "brynhild", options={
        "scratch_cap": "on", "boxes": "epic"}, wounds=(("c1", "scratch"), ("c1", "scratch"), ("c1", "scratch"),
                                                        ("c1", "hurt"), ("c1", "hurt"))), "round", DUEL,
         SNORRI_BRYNHILD),
    # (From no wound, so that every wound shows on the card: a Scratch that never counts on a Hurt fighter's
    # Damage Capacity changes nothing the card draws, though the odds name it apart from "No new wound".)
    Case("Damage Capacity record by severity, Terrible Incapacitates", fresh("snorri", "brynhild", options={
        "record": "capacity", "capacity_loss": "severity", "capacity_terrible": "incapacitated",
        "capacity_scratches": "never"}), "round", DUEL, SNORRI_BRYNHILD),
    Case("after winning a speed contest", fresh("snorri", "brynhild", then=(
        ("contest", {"contest": "speed", "first": "c2", "second": "c1"}, {"first": "++++", "second": "----"}),)),
         "round", DUEL, SNORRI_BRYNHILD),
    Case("after a hasty initiative", fresh("snorri", "brynhild", then=(
        ("contest", {"contest": "initiative", "first": "c1", "second": "c2", "first_hasty": True},
         {"first": "0000", "second": "0000"}),)), "round", DUEL, SNORRI_BRYNHILD),
    Case("a plus level in round 2", fresh(sheets=[{**FIGHTERS["snorri"], "offense_plus": True}, FIGHTERS["brynhild"]],
                                          then=(("time", {"time": "round"}, {}),)), "round", DUEL, SNORRI_BRYNHILD),
    Case("the foe already Incapacitated", fresh("snorri", "brynhild", wounds=(("c2", "incapacitated"),)), "round",
         DUEL, SNORRI_BRYNHILD),
    Case("a dragon: a roll when only Scale stops a blow", fresh("wilbur", "dragon", options={"scale_roll": "on"}),
         "round", DUEL, round_reader("Wilbur", ["Dragon"]), engine=True),
    Case("a pawn takes its level against a PC", fresh(sheets=[PAWN, FIGHTERS["snorri"]], options={
        "npc_rolls": "fixed"}), "round", DUEL, round_reader("Guard", ["Snorri"])),
    Case("doubled degree, cinematic boxes", fresh("snorri", "brynhild", options={"wounds": "doubled",
                                                                                 "boxes": "cinematic"}),
         "round", DUEL, SNORRI_BRYNHILD),
    Case("Damage Capacity record", fresh("snorri", "brynhild", options={"record": "capacity"}), "round", DUEL,
         SNORRI_BRYNHILD),
    Case("against a pawn", fresh("snorri", sheets=[PAWN]), "round", DUEL, round_reader("Snorri", ["Guard"])),
    # The walk follows the dice the resolver asks for: 9 totals with the NPC at its level, 9 x 5 with the NPCs' 2dF.
    Case("NPC takes its level (fixed)", fresh("snorri", "brynhild", options={"npc_rolls": "fixed"}), "round", DUEL,
         SNORRI_BRYNHILD, resolutions=1 + 9),
    Case("NPCs' one roll", fresh("snorri", "brynhild", options={"npc_rolls": "one_roll"}), "round", DUEL,
         SNORRI_BRYNHILD, resolutions=1 + 9 + 9 * 5),
]


@pytest.mark.parametrize("case", ROUNDS, ids=[case.name for case in ROUNDS])
def test_round_odds_match_every_total(case: Case) -> None:
    odds, charts, _ = case.run()
    check_odds(odds, charts)


# -- alternating turns -------------------------------------------------------------------------------------------

ALTERNATING = {"pacing": "alternating"}
SNORRI_ATTACKS = {"attacker": "c1", "defender": "c2"}

ATTACKS = [
    Case("plain", fresh("snorri", "brynhild", options=ALTERNATING), "attack", SNORRI_ATTACKS,
         attack_reader("Snorri", "Brynhild")),
    Case("all-out offense", fresh("snorri", "brynhild", options=ALTERNATING), "attack",
         {**SNORRI_ATTACKS, "tactic": "all_out_offense"}, attack_reader("Snorri", "Brynhild")),
    Case("against all-out defense", fresh("snorri", "brynhild", options=ALTERNATING), "attack",
         {**SNORRI_ATTACKS, "defender_tactic": "all_out_defense"}, attack_reader("Snorri", "Brynhild")),
    Case("after the defender attacked all-out (-2)", fresh("snorri", "brynhild", options=ALTERNATING, then=(
        ("attack", {"attacker": "c2", "defender": "c1", "tactic": "all_out_offense"},
         {"attack": "----", "defense": "++++"}),)), "attack", SNORRI_ATTACKS, attack_reader("Snorri", "Brynhild")),
    Case("after the defender attacked all-out (no defense)", fresh("snorri", "brynhild", options={
        **ALTERNATING, "all_out_alternating": "no_defense"}, then=(
        ("attack", {"attacker": "c2", "defender": "c1", "tactic": "all_out_offense"},
         {"attack": "----", "defense": "++++"}),)), "attack", SNORRI_ATTACKS, attack_reader("Snorri", "Brynhild")),
    Case("a called shot at the head, going for a knockout", fresh("snorri", "brynhild", options={
        **ALTERNATING, "knockout_head": "on"}), "attack", {**SNORRI_ATTACKS, "aim": "head", "stun": True},
         attack_reader("Snorri", "Brynhild")),
    Case("against an unaware defender", fresh("snorri", "brynhild", options=ALTERNATING), "attack",
         {**SNORRI_ATTACKS, "defender_tactic": "unaware"}, attack_reader("Snorri", "Brynhild")),
    # D-FU-27: a defender out of the fight makes no defence roll, so the walk takes the attack roll alone.
    Case("against an Incapacitated defender (D-FU-27)", fresh("snorri", "brynhild", options=ALTERNATING, wounds=(
        ("c2", "incapacitated"),)), "attack", SNORRI_ATTACKS, attack_reader("Snorri", "Brynhild"), resolutions=1 + 9),
    Case("against a Near Death defender set to defend all-out (D-FU-27)", fresh("snorri", "brynhild", options=(
        ALTERNATING), wounds=(("c2", "near_death"),)), "attack",
         {**SNORRI_ATTACKS, "defender_tactic": "all_out_defense"}, attack_reader("Snorri", "Brynhild"),
         resolutions=1 + 9),
    Case("all-out offense, 1dF damage roll (D-FU-25)", fresh("snorri", "brynhild", options={
        **ALTERNATING, "damage_roll": "one_df_factor"}), "attack", {**SNORRI_ATTACKS, "tactic": "all_out_offense"},
         attack_reader("Snorri", "Brynhild")),
    Case("a stunned defender", fresh("snorri", "brynhild", options=ALTERNATING, then=(
        ("wound", {"target": "c2", "level": "hurt", "stun": True}, {}),)), "attack", SNORRI_ATTACKS,
         attack_reader("Snorri", "Brynhild")),
    Case("a hasty attacker", fresh("snorri", "brynhild", options=ALTERNATING, then=(
        ("contest", {"contest": "initiative", "first": "c1", "second": "c2", "first_hasty": True},
         {"first": "0000", "second": "0000"}),)), "attack", SNORRI_ATTACKS, attack_reader("Snorri", "Brynhild")),
    Case("situational damage roll", fresh("snorri", "brynhild", options={
        **ALTERNATING, "damage_roll": "situational_limited"}), "attack", SNORRI_ATTACKS,
         attack_reader("Snorri", "Brynhild"), engine=True),
]


@pytest.mark.parametrize("case", ATTACKS, ids=[case.name for case in ATTACKS])
def test_attack_odds_match_every_total(case: Case) -> None:
    odds, charts, _ = case.run()
    check_odds(odds, charts)


# -- shots -------------------------------------------------------------------------------------------------------

GUNNER = {"name": "Gunner", "shooting": 1, "dodge": 0, "weapons": [{"name": "SMG", "notation": "power 2, auto 8"}]}
SHIELDMAN = {"name": "Shieldman", "role": "major", "dodge": 1, "shield": "large",
             "armour": {"name": "Mail", "notation": "+3"}}
SHOTS = [
    Case("dodges", fresh("will", "dicken"), "shoot", {"shooter": "c1", "target": "c2", "awareness": "dodges"},
         shot_reader("Will Scarlet", "Dicken", False)),
    Case("dodges a propelled weapon at -3, harder shot", fresh("will", "dicken"), "shoot",
         {"shooter": "c1", "target": "c2", "awareness": "dodges", "propelled": "3", "difficulty": "1"},
         shot_reader("Will Scarlet", "Dicken", False)),
    Case("unaware", fresh("will", "dicken"), "shoot", {"shooter": "c1", "target": "c2", "awareness": "unaware"},
         shot_reader("Will Scarlet", "Dicken", False)),
    Case("shoots back", fresh("will", "dicken"), "shoot", {"shooter": "c1", "target": "c2",
                                                          "awareness": "shoots_back", "return_difficulty": "0"},
         shot_reader("Will Scarlet", "Dicken", True)),
    Case("automatic fire, dodged", fresh("dicken", sheets=[GUNNER]), "shoot",
         {"shooter": "c2", "target": "c1", "awareness": "dodges"}, shot_reader("Gunner", "Dicken", False)),
    Case("automatic fire, unaware and unarmoured", fresh(sheets=[GUNNER, {"name": "Mark", "role": "major"}]), "shoot",
         {"shooter": "c1", "target": "c2", "awareness": "unaware", "difficulty": "-2"},
         shot_reader("Gunner", "Mark", False)),
    Case("a shot with the 1dF damage roll, a large shield", fresh(sheets=[GUNNER, SHIELDMAN], options={
        "damage_roll": "one_df_level"}), "shoot", {"shooter": "c1", "target": "c2", "awareness": "dodges"},
         shot_reader("Gunner", "Shieldman", False)),
    Case("at a target already Incapacitated: no dodge (D-FU-27)", fresh("will", "dicken", wounds=(
        ("c2", "incapacitated"),)), "shoot", {"shooter": "c1", "target": "c2", "awareness": "dodges"},
         shot_reader("Will Scarlet", "Dicken", False), resolutions=1 + 9),
    Case("NPC dodges at its level", fresh("will", "dicken", options={"npc_rolls": "fixed"}), "shoot",
         {"shooter": "c1", "target": "c2", "awareness": "dodges"}, shot_reader("Will Scarlet", "Dicken", False)),
]


@pytest.mark.parametrize("case", SHOTS, ids=[case.name for case in SHOTS])
def test_shot_odds_match_every_total(case: Case) -> None:
    odds, charts, _ = case.run()
    check_odds(odds, charts)


# -- story elements, contests, healing ---------------------------------------------------------------------------

HERO = {"name": "Hero", "offense": 1, "initiative": 1, "combat_reflexes": True}
RIVAL = {"name": "Rival", "initiative": 2}
STORY = {"pacing": "story"}
OTHERS = [
    Case("story, one roll", fresh(sheets=[HERO], options=STORY), "story",
         {"who": "c1", "trait": "1", "modifier": 1, "rolls": "one"}, story_reader),
    Case("story, one roll, Hurt", fresh(sheets=[HERO], options=STORY, wounds=(("c1", "hurt"),)), "story",
         {"who": "c1", "trait": "-2", "rolls": "one"}, story_reader),
    Case("story, median of three", fresh(sheets=[HERO], options=STORY), "story",
         {"who": "c1", "trait": "0", "rolls": "three"}, story_reader, engine=True),
    Case("story, median of three, Superb", fresh(sheets=[HERO], options=STORY), "story",
         {"who": "c1", "trait": "3", "modifier": -1, "rolls": "three"}, story_reader, engine=True),
    Case("initiative", fresh(sheets=[HERO, RIVAL]), "contest",
         {"contest": "initiative", "first": "c1", "second": "c2", "second_hasty": True}, contest_reader),
    Case("speed contest", fresh(sheets=[HERO, RIVAL]), "contest",
         {"contest": "speed", "first": "c1", "second": "c2", "first_modifier": -2}, contest_reader),
    Case("heal at Good", fresh(sheets=[HERO], wounds=(("c1", "very_hurt"), ("c1", "hurt"))), "heal",
         {"target": "c1", "how": "skill", "skill": "1"}, heal_reader),
    Case("heal at Superb+1", fresh(sheets=[HERO], wounds=(("c1", "incapacitated"),)), "heal",
         {"target": "c1", "how": "skill", "skill": "4"}, heal_reader),
    Case("heal at Superb+1, three at most", fresh(sheets=[HERO], options={"healing_beyond": "three"},
                                                  wounds=(("c1", "incapacitated"),)), "heal",
         {"target": "c1", "how": "skill", "skill": "4"}, heal_reader),
]


@pytest.mark.parametrize("case", OTHERS, ids=[case.name for case in OTHERS])
def test_roll_odds_match_every_total(case: Case) -> None:
    odds, charts, _ = case.run()
    check_odds(odds, charts)


def test_median_of_three_at_fair_by_hand() -> None:
    """The median of three 4dF rolls at Fair, written out over all 81^3 arrangements' totals."""
    four = fudge_totals(4)
    expected: dict[int, int] = {}
    for a, b, c in itertools.product(four, repeat=3):
        middle = sorted((a, b, c))[1]
        expected[middle] = expected.get(middle, 0) + four[a] * four[b] * four[c]
    assert sum(expected.values()) == 81 ** 3
    odds = ok("odds", encounter=fresh(sheets=[HERO], options=STORY)(), action="story",
              inputs={"who": "c1", "trait": "0", "rolls": "three"})
    by_label = {level_name(value): Fraction(weight, 81 ** 3) for value, weight in expected.items()}
    compare(odds["charts"][0], by_label)


# -- one against three -------------------------------------------------------------------------------------------

TUCKER = round_reader("Tucker", ["Molly", "Annie", "Maggie"])
THREE = {"fighter": "c1", "foe": "c2", "foe2": "c3", "foe3": "c4"}
MANY = [
    Case("Tucker against three", fresh("tucker", "molly", "annie", "maggie"), "round", THREE, TUCKER, engine=True,
         resolutions=1 + 9 + 9 ** 2 + 9 ** 3 + 9 ** 4),
    Case("Tucker against three, striking Maggie", fresh("tucker", "molly", "annie", "maggie"), "round",
         {**THREE, "strike": "c4", "tactic": "all_out_offense"}, TUCKER, engine=True),
    Case("Tucker against two, 1dF damage rolls", fresh("tucker", "molly", "annie", options={
        "damage_roll": "one_df_factor"}), "round", {"fighter": "c1", "foe": "c2", "foe2": "c3"},
         round_reader("Tucker", ["Molly", "Annie"]), engine=True),
    Case("Tucker against two, stances", fresh("tucker", "molly", "annie", options={"stances": "on"}), "round",
         {"fighter": "c1", "foe": "c2", "foe2": "c3", "stance": "-1", "foes_stance": "1"},
         round_reader("Tucker", ["Molly", "Annie"]), engine=True),
    Case("Tucker against three, stances, the NPCs' one roll",
         fresh("tucker", "molly", "annie", "maggie", options={"stances": "on", "npc_rolls": "one_roll"}), "round",
         {**THREE, "stance": "1", "foes_stance": "-1"}, TUCKER, engine=True),
]


@pytest.mark.parametrize("case", MANY, ids=[case.name for case in MANY])
def test_one_against_three_matches_every_total(case: Case) -> None:
    """Every combatant's chart against every combination of the four fighters' totals (all 9^4 when all four
    roll 4dF; 9 x 5 with the NPCs' one 2dF roll)."""
    odds, charts, resolutions = case.run()
    check_odds(odds, charts)
    assert resolutions >= 9 * 5


# -- the claims the enumeration rests on ------------------------------------------------------------------------

def test_the_classes_are_the_documented_ones() -> None:
    assert [weight for _, weight in classes("dF", 4)] == [1, 4, 10, 16, 19, 16, 10, 4, 1]
    assert [weight for _, weight in classes("dF", 2)] == [1, 2, 3, 2, 1]
    assert len(classes("d6", 3)) == 56 and sum(weight for _, weight in classes("d6", 3)) == 216


def test_faces_count_only_through_their_total() -> None:
    """Every arrangement of the fighter's four Fudge dice against every total of the foe's, under the even-or-odd
    damage roll (which reads the combat rolls): arrangements of one total give the same answer."""
    encounter = fresh("snorri", "brynhild", options={"damage_roll": "even_odd_level"})()
    resolve = by_engine(encounter, "round", DUEL, SNORRI_BRYNHILD, baseline(encounter, "round", DUEL))
    for foe_total in (-2, 0, 1):
        seen: dict[int, dict[str, str]] = {}
        for faces in itertools.product("-0+", repeat=4):
            total = faces.count("+") - faces.count("-")
            answer = resolve({"fighter": "".join(faces), "foe": fudge_faces(foe_total, 4)})
            assert not isinstance(answer, Need)
            assert seen.setdefault(total, answer) == answer, (faces, foe_total)


def test_a_round_against_three_is_worked_out_a_piece_at_a_time_under_a_budget() -> None:
    """With no time to spare, each call works out one total of the fighter's roll and says what is left; the same
    request again goes on, and the last answer is the one a request without a budget gets."""
    encounter = encounter_of("tucker", "molly", "annie", "maggie", options={"damage_roll": "situational_limited"})
    inputs = {"fighter": "c1", "foe": "c2", "foe2": "c3", "foe3": "c4"}
    whole = ok("odds", encounter=encounter, action="round", inputs=inputs)
    answers = []
    while True:
        answer = ok("odds", encounter=encounter, action="round", inputs=inputs, budget_ms=0)
        answers.append(answer)
        if "more" not in answer:
            break
        assert answer["more"]["done"] == len(answers) and answer["more"]["of"] == 9, answer["more"]
        assert answer["charts"] == [], answer
    assert len(answers) == 9
    assert answers[-1] == whole
