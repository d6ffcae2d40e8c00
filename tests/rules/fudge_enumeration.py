"""The brute force behind test_fudge_odds.py: every class of dice a resolution asks for, typed in through the API
or handed to the system's own ``apply``; each answer read as the charts label it; the tallies compared with every bar
of the ``odds`` answer.

How the dice are enumerated.  FUDGE reads a roll of Fudge dice only through its total (a result is the trait plus
the total; the even-or-odd damage roll, the damage rolls and the median of three read totals too), so a roll of n
Fudge dice is enumerated as its TOTALS, each typed in as one arrangement of faces and weighted by the number of
arrangements that make it: 4dF as -4..+4 with weights 1, 4, 10, 16, 19, 16, 10, 4, 1 (of 81), 2dF (the NPCs' one
roll) as -2..+2 with 1, 2, 3, 2, 1 (of 9), 1dF as its three faces.  Min-Mid-Max reads 3d6 sorted (Min, Mid, Max),
so 3d6 is enumerated as every sorted multiset (56 of them), weighted by the ordered throws that make it (of 216).
``test_faces_count_only_through_their_total`` (in test_fudge_odds.py) checks the first claim on a round: every
arrangement of a total gives the same answer.  Rolls are walked in the order the resolver asks for them (a damage roll
only when a blow lands).
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

from rules.dice import DiceNeeded, Face, GivenDice
from rules.encounter import Encounter

from .helpers import ok
from .test_fudge_vectors import act, encounter_of

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
