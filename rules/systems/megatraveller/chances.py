"""Exact odds of a hit before it is rolled, and the Compare view's hits-to-knock-out and hits-to-destroy.

For a hit, every total of the Damage Dice is taken with its exact chance; on a person, each total is
marked by the same :mod:`.marking` the resolver uses, branching on the success and the failure of each
roll it calls for (a row filling, the last point), with each roll's exact chance.

Compare strikes each target again and again with one weapon: the expected number of hits until it is
knocked out (or disabled) and until it is killed (or destroyed), from the exact chances of each hit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...odds import Dist, bars, chart, more, out_of_time, ranges, share
from ...report import plural
from ..data import load
from . import marking
from .damage import points_dist, shorthand
from .hit import Hit, mark_machine, mark_simple, person_context
from .integrity import wound_level
from .options import Options
from .sheet import MACHINES, Sheet, State, conscious, dead, fresh

MAX_EXACT_HITS = 400          # past this many hits a target is "over 400": Compare stops counting


def after_points(sheet: Sheet, state: State, hit: Hit, total: int, options: Options) -> list[tuple[Fraction, State]]:
    """The target's possible states after ``total`` points of this hit, each with its exact chance."""
    if sheet.kind in MACHINES:
        return [(Fraction(1), mark_machine(sheet, state, hit, total, []))]
    if sheet.kind != "person":
        return [(Fraction(1), mark_simple(sheet, state, hit, total, options, []))]
    # The name only goes into the sentences, which the odds do not keep: without it, people of the same
    # characteristics and skills share their markings.
    context = person_context(sheet, state, hit, total, options, named=False)
    return [(chance, replace(state, lethal=position.lethal, non_lethal=position.non_lethal, stunned=position.stunned,
                             unconscious=position.unconscious))
            for chance, position in _markings(context, marking.start(state))]


@lru_cache(maxsize=8192)
def _markings(context: marking.Context, start: marking.Marking) -> tuple[tuple[Fraction, marking.Marking], ...]:
    """Every way marking one hit can end, with its exact chance: each roll it calls for succeeds or fails.
    Kept, as the same hit on the same chart ends the same way, and Compare asks again on every keystroke."""
    out: list[tuple[Fraction, marking.Marking]] = []

    def walk(position: marking.Marking, chance: Fraction) -> None:
        position, _, call = marking.advance(context, position)
        if call is None:
            out.append((chance, position))
            return
        success = call.task.chance()
        if success:
            walk(marking.settle(position, call, True), chance * success)
        if success != 1:
            walk(marking.settle(position, call, False), chance * (1 - success))

    walk(start, Fraction(1))
    return tuple(out)


def affects(sheet: Sheet, hit: Hit, options: Options) -> bool:
    """Whether the hit can do anything: 0 Damage Dice is ineffective, non-lethal damage spares vehicles (D-MT-15)."""
    if hit.dice == 0:
        return False
    return not (sheet.kind in MACHINES and not hit.lethal and options.machines_non_lethal == "ignore")


def outcomes(sheet: Sheet, state: State, hit: Hit, options: Options) -> dict[tuple[int, State], Fraction]:
    """(points, state afterwards) -> exact chance, for one hit."""
    if not affects(sheet, hit, options):
        return {(0, state): Fraction(1)}
    result: dict[tuple[int, State], Fraction] = {}
    totals = points_dist(hit.dice)
    for total, weight in totals.weights.items():
        for chance, after in after_points(sheet, state, hit, total, options):
            key = (total, after)
            result[key] = result.get(key, Fraction(0)) + chance * Fraction(weight, totals.total)
    return result


def condition(sheet: Sheet, state: State, hit: Hit, options: Options) -> tuple[int, str]:
    """(rank, words) of the target's condition, coarse enough that each shows once in a chart."""
    if sheet.kind in MACHINES:
        assert hit.part is not None
        index = [part.key for part in sheet.parts].index(hit.part)
        part, damage = sheet.parts[index], state.parts[index]
        rank = 3 if damage >= part.integrity else 2 if damage >= part.knockout else 1 if damage else 0
        return rank, f"{part.label} {('intact', 'damaged', 'disabled', 'destroyed')[rank]}"
    if dead(sheet, state, options.npc_death == "more_than"):
        return 90, "Dead"
    awake = conscious(sheet, state)
    rank = 0 if awake and not state.stunned else 1 if awake else 2
    words = ("Up", "Stunned", "Unconscious")[rank]
    if sheet.kind == "person":
        level = wound_level(sheet.chart, state.lethal)
        order = ("none", "Superficial", "Minor", "Major", "Destroyed").index(level)
        return rank * 10 + order, f"{words}, {'no wound' if level == 'none' else level + ' wound'}"
    return rank * 10, words


def hit_odds(hit: Hit, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> dict[str, Any]:
    """The odds of a hit on its target in its current state."""
    assert hit.target is not None
    sheet, state = sheets[hit.target], states[hit.target]
    result = outcomes(sheet, state, hit, options)
    total_weight = Dist.exact({key: chance for key, chance in result.items()})
    weights = total_weight.weights
    grand = total_weight.total
    by_points: dict[int, int] = {}
    by_condition: dict[tuple[int, str], int] = {}
    for (points, after), weight in weights.items():
        by_points[points] = by_points.get(points, 0) + weight
        label = condition(sheet, after, hit, options)
        by_condition[label] = by_condition.get(label, 0) + weight
    condition_items = [(label, weight) for (_, label), weight in sorted(by_condition.items())]

    def chance_of(test: Any) -> Fraction:
        return Fraction(sum(weight for (_, after), weight in weights.items() if test(after)), grand)

    more_than = options.npc_death == "more_than"
    stunned = chance_of(lambda after: after.stunned and conscious(sheet, after) and not dead(sheet, after, more_than))
    unconscious = chance_of(lambda after: not conscious(sheet, after) and not dead(sheet, after, more_than))
    killed = chance_of(lambda after: dead(sheet, after, more_than))
    expected = sum((Fraction(weight) * points for points, weight in by_points.items()), Fraction(0)) / grand
    rolled, added = shorthand(hit.dice)
    where = f" ({sheet.part(hit.part).label})" if hit.part else ""
    if not affects(sheet, hit, options):
        summary = "no effect: " + ("0 Damage Dice is ineffective" if hit.dice == 0 else
                                   "non-lethal damage does not affect vehicles")
    else:
        dice = f"{plural(hit.dice, 'Damage Die', 'Damage Dice')}: {rolled}D{f' + {added}' if added else ''}"
        ends = [f"{word} {share(chance)['percent']}" for word, chance in
                (("stunned", stunned), ("unconscious", unconscious), ("dead" if sheet.kind not in MACHINES
                                                                      else "destroyed", killed))
                if chance or word != "stunned" or sheet.kind == "person"]
        summary = f"{dice}, {float(expected):g} points expected; {', '.join(ends)}"
    point_items = ranges(sorted(by_points.items()), "points")
    return {
        "title": f"{hit.label} against {sheet.name}{where}",
        "summary": summary,
        "pool": rolled if affects(sheet, hit, options) else 0,
        "damage_dice": hit.dice,
        "expected_points": round(float(expected), 2),
        "chances": {"stunned": share(stunned), "unconscious": share(unconscious), "dead": share(killed)},
        "points": bars([(f"{points} points", weight) for points, weight in sorted(by_points.items())], grand),
        "conditions": bars(condition_items, grand),
        "charts": [
            chart("Target afterwards", condition_items, grand, tail=lambda first: f"{first} or worse"),
            chart("Damage points", point_items, grand),
        ],
    }


# -- Compare: one weapon against every kind of target ---------------------------------------------------

def hits_to_gather(points: Dist[int], need: int) -> float | None:
    """Expected hits until the points add up to ``need`` (every hit does at least 1); None past MAX_EXACT_HITS.

    m[x], the hits still to come with x points to go, is 1 + the mean of m[x - p] over a hit's points p.
    """
    if need <= 0:
        return 0.0
    if need > MAX_EXACT_HITS * min(points.weights):
        return None
    chances = [(value, weight / points.total) for value, weight in points.weights.items()]
    to_go = [0.0] * (need + 1)
    for left in range(1, need + 1):
        to_go[left] = 1.0 + sum(chance * to_go[max(0, left - value)] for value, chance in chances)
    return to_go[need]


Outcome = tuple[float | None, float | None, bool]
Key = tuple[Sheet, State, Hit, Options]


def expected_hits(sheet: Sheet, state: State, hit: Hit, options: Options) -> Outcome:
    """Expected hits until knocked out (a vehicle disabled) and until killed (destroyed), and whether either is
    past MAX_EXACT_HITS.  None: never (the hit cannot affect the target).

    Only a person struck by lethal damage can be knocked out by a roll; everyone else goes down at a number of
    points, so the count is :func:`hits_to_gather`.  The person's rolls are followed exactly (:class:`Standing`).
    """
    found = expected_hits_within(sheet, state, hit, options, first=True)
    while found is None:            # only under a budget (see odds.budget): go on to the end
        found = expected_hits_within(sheet, state, hit, options, first=True)
    return found


def _key(sheet: Sheet, state: State, hit: Hit, options: Options) -> Key:
    """What expected hits depend on: the sheet's numbers, not its name; the Damage Dice, lethal or not and where
    the hit lands, not who strikes or with what."""
    return (replace(sheet, name=""), state, Hit(None, None, 0, hit.dice, hit.lethal, "referee", hit.dice, hit.part, ""),
            options)


# Expected hits worked out, and the work begun on those not finished when a call's budget ran out. Compare asks
# for every target on every keystroke: a roster of look-alikes is worked out once, and a value typed again, or a
# call that goes on where the last one stopped, costs a look-up.
_KEPT: dict[Key, Outcome] = {}
_BEGUN: dict[Key, Standing] = {}
_KEPT_SIZE = 1024
_BEGUN_SIZE = 64


def expected_hits_within(sheet: Sheet, state: State, hit: Hit, options: Options, *, first: bool) -> Outcome | None:
    """:func:`expected_hits`, or None if the budget ran out before they were worked out; the work done is kept for
    the next call. ``first``: this call has done no other work yet, so at least one step is done here."""
    return _within(_key(sheet, state, hit, options), first=first)


def _within(key: Key, *, first: bool) -> Outcome | None:
    if key in _KEPT:
        return _KEPT[key]
    if not first and out_of_time():
        return None
    found = _work_out_hits(key, *key)
    if found is not None:
        _KEPT[key] = found
        while len(_KEPT) > _KEPT_SIZE:
            del _KEPT[next(iter(_KEPT))]
    return found


def forget() -> None:
    """Drop every piece of work kept (for tests that time or count the work from nothing)."""
    _KEPT.clear()
    _BEGUN.clear()
    _markings.cache_clear()


def _work_out_hits(key: Key, sheet: Sheet, state: State, hit: Hit, options: Options) -> Outcome | None:
    if not affects(sheet, hit, options):
        return None, None, False
    totals = points_dist(hit.dice)
    more_than = options.npc_death == "more_than"
    if sheet.kind in MACHINES:
        part = sheet.parts[0]
        knockout, kill = part.knockout - state.parts[0], part.integrity - state.parts[0]
    elif sheet.kind != "person":
        knockout, kill = sheet.knockout - state.total, sheet.integrity - state.total + (1 if more_than else 0)
    else:
        size = sheet.integrity
        kill = size - state.lethal if hit.lethal else 2 * (size - state.lethal) - state.non_lethal
        knockout = 0 if not conscious(sheet, state) else size - state.total
    to_kill = hits_to_gather(totals, kill)
    if sheet.kind != "person" or not hit.lethal or not conscious(sheet, state):
        to_ko = hits_to_gather(totals, knockout)
        return to_ko, to_kill, to_ko is None or to_kill is None
    standing = _BEGUN.pop(key, None) or Standing(sheet, state, hit, options)
    to_ko = standing.run()
    if to_ko is None:
        _BEGUN[key] = standing
        while len(_BEGUN) > _BEGUN_SIZE:
            del _BEGUN[next(iter(_BEGUN))]
        return None
    return to_ko, to_kill, to_kill is None


class Standing:
    """Expected hits until a person struck by lethal damage is knocked out: from each state of the chart (the X's
    and slashes so far), one hit's outcomes, each with its chance, until a roll fails or the chart fills.

    m(state) = 1 + the sum, over the outcomes that leave the person conscious, of chance x m(state afterwards).
    A hit always adds an X, so the states afterwards lie further on, and each state is worked out once, after those
    it leads to: a step at a time (the outcomes of one state, or its sum), so the work can stop when a call's
    budget is spent and go on at the next call from where it stopped.
    """

    def __init__(self, sheet: Sheet, state: State, hit: Hit, options: Options) -> None:
        self.sheet, self.state, self.hit, self.options = sheet, state, hit, options
        self.start = (state.lethal, state.non_lethal)
        self.standing: dict[tuple[int, int], float] = {}
        self.onward: dict[tuple[int, int], list[tuple[float, tuple[int, int]]]] = {}
        self.to_do = [self.start]

    def run(self) -> float | None:
        """The expected hits from the start, or None if the budget ran out first (after one step at least)."""
        first = True
        while self.to_do:
            if not first and out_of_time():
                return None
            first = False
            here = self.to_do[-1]
            if here in self.standing:
                self.to_do.pop()
                continue
            onward = self.onward.get(here)
            if onward is None:
                now = replace(self.state, lethal=here[0], non_lethal=here[1])
                self.onward[here] = [(float(chance), (after.lethal, after.non_lethal))
                                     for (_, after), chance in outcomes(self.sheet, now, self.hit, self.options).items()
                                     if conscious(self.sheet, after)]
                continue
            waiting = [there for _, there in onward if there not in self.standing]
            if waiting:
                self.to_do.extend(reversed(waiting))
                continue
            hits = 1.0
            for chance, there in onward:
                hits += chance * self.standing[there]
            self.standing[here] = hits
            del self.onward[here]
            self.to_do.pop()
        return self.standing[self.start]


def reference_targets() -> list[tuple[str, Sheet]]:
    """The seed's own examples, one of each kind, for the Compare view."""
    rows = load("megatraveller")["references"]["rows"]
    return [(row["name"], Sheet.from_dict({"name": row["name"], **row["sheet"]})) for row in rows]


def integrity_words(sheet: Sheet) -> str:
    if sheet.kind == "person":
        return f"{sheet.integrity} ({plural(sheet.chart.columns, 'column')})"
    if sheet.kind in ("npc", "animal"):
        return f"{sheet.knockout}/{sheet.integrity - sheet.knockout}"
    hull = sheet.parts[0]
    return f"Hull {hull.text}"


def shown_hits(value: float | None, cut: bool) -> str:
    if value is None:
        return f"over {MAX_EXACT_HITS}" if cut else "never"
    return f"{value:.1f}"


def compare_odds(hit: Hit, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> dict[str, Any]:
    """The Compare view: this weapon against the roster as it stands and against the seed's examples, fresh.

    Under a budget (see odds.budget) the answer may hold only some targets: the others' rows say "…", their
    entries are ``pending``, and ``more`` says how many are left; asked again, it goes on from there."""
    kinds = {"person": "person", "npc": "NPC", "animal": "animal", "vehicle": "vehicle", "aircraft": "aircraft"}
    targets = [(f"{sheet.name} ({kinds[sheet.kind]}{', now' if states[cid] != fresh(sheet) else ''})", sheet,
                states[cid]) for cid, sheet in sheets.items() if cid != hit.attacker]
    targets += [(name, sheet, fresh(sheet)) for name, sheet in reference_targets()]
    rows = []
    found: list[dict[str, Any]] = []
    first = True            # no work done yet in this call: the first target not kept is always begun
    for name, sheet, state in targets:
        aimed = replace(hit, part=sheet.parts[0].key if sheet.kind in MACHINES else None)
        key = _key(sheet, state, aimed, options)
        kept = key in _KEPT
        outcome = _within(key, first=first)
        first = first and kept
        if outcome is None:
            rows.append([name, integrity_words(sheet), "…", "…"])
            found.append({"name": name, "kind": sheet.kind, "knock_out": None, "destroy": None, "cut": False,
                          "pending": True})
            continue
        ko, kill, cut = outcome
        rows.append([name, integrity_words(sheet), shown_hits(ko, cut), shown_hits(kill, cut)])
        found.append({"name": name, "kind": sheet.kind, "knock_out": ko, "destroy": kill, "cut": cut})
    left = sum(1 for item in found if item.get("pending"))
    lasting = [item for item in found if item["destroy"] is not None and not item["cut"]]
    summary = f"{plural(hit.dice, 'Damage Die', 'Damage Dice')} a hit, {'lethal' if hit.lethal else 'non-lethal'}"
    if left:
        summary += f"; {len(found) - left} of {plural(len(found), 'target')} so far"
    elif lasting:
        most = max(lasting, key=lambda item: float(item["destroy"]))
        summary += f"; {most['name']} lasts longest ({most['destroy']:.1f} hits to kill or destroy)"
    partial = {"more": more(len(found) - left, len(found), "targets")} if left else {}
    return {
        "title": f"Compare {hit.label}",
        "summary": summary,
        "pool": None,
        "targets": found,
        "charts": [],
        "tables": [{
            "caption": f"Expected hits of {hit.label}",
            "header": ["Target", "Integrity", "To knock out", "To kill"],
            "rows": rows,
            "note": "Hits until each target is knocked out (a vehicle disabled) and until it is killed (a vehicle "
                    "destroyed), counting the hit that does it: a target survives one fewer. Vehicles and aircraft "
                    "are hit on the Hull. The roster as it stands now (\u201cnow\u201d when hurt); the "
                    "text's examples fresh.",
        }],
        **partial,
    }
