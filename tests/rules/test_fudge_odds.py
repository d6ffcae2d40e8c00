"""FUDGE's exact odds, each cross-checked by brute force through the real resolver.

For every chart an ``odds`` answer gives, the same action is resolved once for every class of dice it can ask for,
with the faces typed in (``"dice": "given"`` through the API, or ``rules.dice.GivenDice`` handed to the system's own
``apply`` where the API would be too slow), and the outcome is read off the answer as the page shows it: the card's
status text ("No new wound: ..." when the card's wound record, status and body parts are as after an exchange that hits
nobody), the relative degree the report states, the report's outcome.  The tallies, exact Fractions, must equal every bar's ``weight/total``; a grouped tail ("Worse
still", "... or better") must hold exactly what the named bars leave.  Every chart's bars must also sum to its total.

How the dice are enumerated.  FUDGE reads a roll of Fudge dice only through its total (a result is the trait plus
the total; the even-or-odd damage roll, the damage rolls and the median of three read totals too), so a roll of n
Fudge dice is enumerated as its TOTALS, each typed in as one arrangement of faces and weighted by the number of
arrangements that make it: 4dF as -4..+4 with weights 1, 4, 10, 16, 19, 16, 10, 4, 1 (of 81), 2dF (the NPCs' one
roll) as -2..+2 with 1, 2, 3, 2, 1 (of 9), 1dF as its three faces.  Min-Mid-Max reads 3d6 sorted (Min, Mid, Max),
so 3d6 is enumerated as every sorted multiset (56 of them), weighted by the ordered throws that make it (of 216).
``test_faces_count_only_through_their_total`` checks the first claim on a round: every arrangement of a total gives
the same answer.  Rolls are walked in the order the resolver asks for them (a damage roll only when a blow lands).
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Union

import pytest

from rules.dice import DiceNeeded, Face, GivenDice
from rules.encounter import Encounter
from rules.ladder import level_name

from .helpers import ok
from .test_fudge_vectors import FIGHTERS, act, encounter_of

Given = dict[str, Union[str, list[Face]]]
Charts = dict[str, dict[str, Fraction]]        # chart title -> bar label -> chance


@dataclass(frozen=True)
class Need:
    """The next roll a resolution asks for."""

    roll: str
    kind: str
    count: int


@dataclass(frozen=True)
class Seen:
    """One resolution as the page shows it: every card before and after (by name), and the report."""

    before: dict[str, dict[str, Any]]
    after: dict[str, dict[str, Any]]
    report: dict[str, Any]

    @property
    def texts(self) -> str:
        return "\n".join(step["text"] for step in self.report["steps"])

    @property
    def outcome(self) -> str:
        return str(self.report["outcome"])


Read = Callable[[Seen], dict[str, str]]             # a resolution -> the bar it falls in, chart by chart
Resolve = Callable[[Given], Union[dict[str, str], Need]]


# -- the dice classes ----------------------------------------------------------------------------------------

def fudge_totals(count: int) -> dict[int, int]:
    """How many arrangements of ``count`` Fudge dice make each total (written out, not the engine's Dist)."""
    return dict(Counter(sum(faces) for faces in itertools.product((-1, 0, 1), repeat=count)))


def fudge_faces(total: int, count: int) -> list[Face]:
    """One arrangement of ``count`` Fudge faces with this total."""
    plus, minus = max(total, 0), max(-total, 0)
    faces: list[Face] = []
    faces += ["+"] * plus + ["-"] * minus + ["0"] * (count - plus - minus)
    return faces


def classes(kind: str, count: int) -> list[tuple[list[Face], int]]:
    """The classes a roll is enumerated by, each as faces to type in and its weight (see the module's note)."""
    if kind == "dF":
        return [(fudge_faces(total, count), weight) for total, weight in sorted(fudge_totals(count).items())]
    assert kind == "d6", kind
    out: list[tuple[list[Face], int]] = []
    for faces in itertools.combinations_with_replacement(range(1, 7), count):
        orders = math.factorial(count)
        for repeats in Counter(faces).values():
            orders //= math.factorial(repeats)
        out.append((list(faces), orders))
    return out


def tally(resolve: Resolve) -> tuple[Charts, int]:
    """Every class of every roll the resolver asks for, walked in order: each chart's bars as exact chances, and
    how many resolutions it took."""
    charts: Charts = {}
    resolutions = 0

    def walk(given: Given, chance: Fraction) -> None:
        nonlocal resolutions
        resolutions += 1
        answer = resolve(given)
        if isinstance(answer, Need):
            assert answer.roll not in given, f"the {answer.roll} roll was asked for twice"
            rows = classes(answer.kind, answer.count)
            of = sum(weight for _, weight in rows)
            assert of == (3 if answer.kind == "dF" else 6) ** answer.count
            for faces, weight in rows:
                walk({**given, answer.roll: faces}, chance * Fraction(weight, of))
            return
        for title, label in answer.items():
            bars = charts.setdefault(title, {})
            bars[label] = bars.get(label, Fraction(0)) + chance

    walk({}, Fraction(1))
    for title, bars in charts.items():
        assert sum(bars.values()) == 1, title
    return charts, resolutions


# -- two ways to resolve: the API, and the system's own apply ------------------------------------------------

def roster(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["name"]: entry for entry in view["roster"]}


def by_api(encounter: dict[str, Any], action: str, inputs: dict[str, Any], read: Read,
           before: dict[str, dict[str, Any]]) -> Resolve:
    """Resolve through ``act`` with the faces typed in; a ``needs`` answer is the next roll."""

    def resolve(given: Given) -> dict[str, str] | Need:
        answer = ok("act", encounter=encounter, action=action, inputs=inputs, dice="given", faces=given)
        if "needs" in answer:
            need = answer["needs"]
            return Need(need["roll"], need["kind"], need["count"])
        return read(Seen(before, roster(answer["view"]), answer["report"]))
    return resolve


def by_engine(encounter: dict[str, Any], action: str, inputs: dict[str, Any], read: Read,
              before: dict[str, dict[str, Any]]) -> Resolve:
    """Resolve through the system's own ``read_inputs`` and ``apply`` with ``GivenDice``, as the encounter does,
    and draw the cards with its ``view``: the same code as ``act``, without the JSON and the link around it."""
    played_encounter = Encounter.from_dict(encounter)
    system, options = played_encounter.system, played_encounter.options
    played = played_encounter.play()
    chosen = system.read_inputs(action, played.sheets, played.states, inputs, options)

    def cards(states: dict[str, Any]) -> dict[str, dict[str, Any]]:
        return {played.sheets[who].name: system.view(played.sheets[who], states[who], options)
                for who in played.order}

    def resolve(given: Given) -> dict[str, str] | Need:
        dice = GivenDice(given)
        try:
            changed, report = system.apply(action, played.sheets, played.states, chosen, options, dice)
        except DiceNeeded as need:
            return Need(need.roll, need.die, need.count)
        dice.finish()
        return read(Seen(before, cards({**played.states, **changed}), report.to_dict()))
    return resolve


def baseline(encounter: dict[str, Any], action: str, inputs: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The cards an outcome is "No new wound" against: as they are; for a round, as they are once a round has passed with
    nobody hit (a Stun wears off, a plus level counts the round: the time action's "A round ends"); for an attack,
    as they are after the attack misses (a defended turn ends a Stun)."""
    if action == "round":
        return roster(act(encounter, "time", {"time": "round"}, {})["view"])
    if action == "attack":
        faces: dict[str, str] = {}
        while True:
            answer = ok("act", encounter=encounter, action=action, inputs=inputs, dice="given", faces=faces)
            if "needs" not in answer:
                break
            faces[answer["needs"]["roll"]] = "----" if answer["needs"]["roll"] == "attack" else "++++"
        assert answer["report"]["outcome"] == "Missed", answer["report"]
        return roster(answer["view"])
    return roster(ok("view", encounter=encounter)["view"])


# -- reading an answer as the charts label it ------------------------------------------------------------------

ROUND_INPUTS = next(action for system in ok("systems")["systems"] if system["id"] == "fudge"
                    for action in system["actions"] if action["id"] == "round")["inputs"]
PART_LABELS = {choice["label"] for entry in ROUND_INPUTS if entry["name"] == "aim" for choice in entry["choices"]
               if choice["value"] != "none"}


def parts(card: dict[str, Any]) -> list[tuple[str, str]]:
    """The body parts a card lists as hit by called shots, with their levels."""
    stats = next(item for item in card["widgets"] if item["kind"] == "stats")
    return [(item["label"], item["value"]) for item in stats["items"] if item["label"] in PART_LABELS]


def state_label(seen: Seen, name: str) -> str:
    """The card's status after the action with any part a called shot hit ("; weapon arm Hurt"), or
    "No new wound: <status>" when neither the wound record drawn on the card, the status (which names stuns and
    knockouts) nor the parts changed from the baseline.  The scenarios never go past the last box and give no
    second Stun to one already stunned, so that is the whole record."""
    before, after = seen.before[name], seen.after[name]
    status = str(after["status"]["text"])
    if after["widgets"][0] == before["widgets"][0] and status == before["status"]["text"] \
            and parts(after) == parts(before):
        return f"No new wound: {status}"
    return status + "".join(f"; {label.lower()} {level}" for label, level in parts(after))


def number(text: str) -> int:
    return int(text.replace("\u2212", "-"))


PLAIN_DEGREE = re.compile(r" against [^:\n]*: relative degree ([+\u2212]\d+)\.")
STANCE_DEGREE = re.compile(r"'s defense [^:\n]*: ([+\u2212]\d+)\.")


def stated_degree(seen: Seen) -> int:
    """The first relative degree the report states: the fighter's against his (first) foe."""
    found = STANCE_DEGREE.search(seen.texts) or PLAIN_DEGREE.search(seen.texts)
    assert found, seen.texts
    return number(found.group(1))


def degree_group(degree: int, fighter: str, foe: str) -> str:
    """The relative degree as a referee reads it: who wins, by a graze, by 2 or 3, by 4 or more."""
    if degree == 0:
        return "A tie"
    size = abs(degree)
    return f"{fighter if degree > 0 else foe} by " + ("1" if size == 1 else "2\u20133" if size <= 3 else "4+")


def round_reader(fighter: str, foes: list[str]) -> Read:
    def read(seen: Seen) -> dict[str, str]:
        out = {f"{name} after the round": state_label(seen, name) for name in [fighter, *foes]}
        if len(foes) == 1:
            out[f"Relative degree, {fighter} against {foes[0]}"] = degree_group(stated_degree(seen), fighter, foes[0])
        return out
    return read


def attack_reader(attacker: str, defender: str) -> Read:
    def read(seen: Seen) -> dict[str, str]:
        if seen.outcome == "Missed":
            degree = "Miss"
        else:
            found = PLAIN_DEGREE.search(seen.texts) or re.search(r"meets it: a hit by ([+\u2212]\d+)\.", seen.texts)
            assert found and number(found.group(1)) > 0, seen.texts
            degree = found.group(1)
        return {"Relative degree of a hit": degree, f"{defender} after the attack": state_label(seen, defender)}
    return read


def shot_reader(shooter: str, target: str, back: bool) -> Read:
    def read(seen: Seen) -> dict[str, str]:
        out = {f"{target} after the shot": state_label(seen, target)}
        if back:
            out[f"{shooter} after the shot back"] = state_label(seen, shooter)
        return out
    return read


def story_reader(seen: Seen) -> dict[str, str]:
    return {"The result": seen.outcome.split(": ", 1)[1]}


def contest_reader(seen: Seen) -> dict[str, str]:
    if seen.outcome.startswith("A tie"):
        return {"Who wins": "A tie"}
    winner = re.match(r"(.+?) (has the initiative|wins the speed contest)", seen.outcome)
    assert winner, seen.outcome
    return {"Who wins": winner.group(1)}


def heal_reader(seen: Seen) -> dict[str, str]:
    found = re.search(r"which heals (\d+) levels? of every wound", seen.texts)
    if found is None:
        assert "nothing heals" in seen.texts, seen.texts
        return {"Levels healed": "Nothing heals"}
    healed = int(found.group(1))
    return {"Levels healed": f"{healed} level{'s' if healed != 1 else ''} healed"}


# -- comparing -------------------------------------------------------------------------------------------------

def shares(chart: dict[str, Any]) -> dict[str, Fraction]:
    """A chart's bars as exact chances: each bar's weight, total and fraction agree, the weights are positive and
    sum to the total (the chances sum to one), and no label shows twice."""
    out: dict[str, Fraction] = {}
    total = chart["bars"][0]["total"]
    for bar in chart["bars"]:
        assert bar["total"] == total and bar["weight"] > 0, bar
        chance = Fraction(bar["weight"], bar["total"])
        assert Fraction(bar["fraction"]) == chance
        assert bar["label"] not in out, bar["label"]
        out[bar["label"]] = chance
    assert sum(bar["weight"] for bar in chart["bars"]) == total, chart["title"]
    assert sum(out.values()) == 1
    return out


def compare(chart: dict[str, Any], seen: dict[str, Fraction]) -> None:
    """The chart against the brute force: every named bar exactly; a grouped last bar holds exactly the rest."""
    bars = shares(chart)
    labels = [bar["label"] for bar in chart["bars"]]
    tail = labels[-1] if labels[-1] not in seen else None
    for label in labels:
        if label != tail:
            assert bars[label] == seen.get(label), (chart["title"], label, bars[label], seen.get(label))
    rest = {label: chance for label, chance in seen.items() if label not in bars}
    if tail is None:
        assert not rest, (chart["title"], "missing bars", rest)
    else:
        assert rest and bars[tail] == sum(rest.values()), (chart["title"], tail, rest)


def check_odds(odds: dict[str, Any], charts: Charts) -> None:
    assert sorted(chart["title"] for chart in odds["charts"]) == sorted(charts), (odds["charts"], charts)
    for chart in odds["charts"]:
        compare(chart, charts[chart["title"]])


@dataclass(frozen=True)
class Case:
    """An encounter, an action with its inputs, how to read each resolution, and which way to resolve it."""

    name: str
    encounter: Callable[[], dict[str, Any]]
    action: str
    inputs: dict[str, Any]
    read: Read
    engine: bool = False            # through the system's apply (heavier enumerations) rather than the API
    resolutions: int | None = None  # how many resolutions the walk must take, when the case says

    def run(self) -> tuple[dict[str, Any], Charts, int]:
        encounter = self.encounter()
        odds = ok("odds", encounter=encounter, action=self.action, inputs=self.inputs)
        resolve = (by_engine if self.engine else by_api)(encounter, self.action, self.inputs, self.read,
                                                          baseline(encounter, self.action, self.inputs))
        charts, resolutions = tally(resolve)
        assert self.resolutions in (None, resolutions), resolutions
        return odds, charts, resolutions


def fresh(*names: str, options: dict[str, Any] | None = None, sheets: list[dict[str, Any]] | None = None,
          wounds: tuple[tuple[str, str], ...] = (), then: tuple[tuple[str, dict[str, Any], Given], ...] = ()
          ) -> Callable[[], dict[str, Any]]:
    """The named fighters (c1, c2, ...), with wounds marked by hand and actions taken before the one checked."""
    def build() -> dict[str, Any]:
        encounter = encounter_of(*names, options=options, sheets=sheets)
        for who, level in wounds:
            encounter = act(encounter, "wound", {"target": who, "level": level}, {})["encounter"]
        for action, inputs, faces in then:
            encounter = act(encounter, action, inputs, faces)["encounter"]
        return encounter
    return build


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
