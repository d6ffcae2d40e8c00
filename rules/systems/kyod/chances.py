"""Exact odds of a hit before it is rolled: every 3d6 total through the same barriers, armour and
modifiers as the resolver (:func:`.hit.land`), then every way the cascade can go from the wounds the
target already holds (:func:`.wounds.cascades`), each 1d one in two."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...odds import Dist, chart, dice, share
from .hit import DICE, Hit, land, penetration
from .options import Options
from .sheet import Sheet
from .wounds import State, cascades, effect_at

# What a hit does, worst first: each outcome is counted once, under the worst thing it does.
CLASSES = ("Dead", "Death check", "Major wound", "Shock only", "No wound")


def outcomes(hit: Hit, sheet: Sheet, state: State, options: Options) -> dict[tuple[int, int], Fraction]:
    """(level the wound came in at, level it is held at) -> exact chance; (0, 0) is no wound."""
    attack = hit.attack(options)
    totals = dice(DICE)
    out: dict[tuple[int, int], Fraction] = {}
    for total, weight in totals.weights.items():
        chance = Fraction(weight, totals.total)
        level = land(penetration(attack, total, options), hit, attack, sheet, options).level
        if level < 1:
            out[(0, 0)] = out.get((0, 0), Fraction(0)) + chance
            continue
        for part, result in cascades(state.wounds, level, options.effects):
            key = (level, result.level)
            out[key] = out.get(key, Fraction(0)) + chance * part
    return out


def classify(start: int, level: int, options: Options) -> str:
    if level < 1:
        return "No wound"
    held, first = effect_at(options.effects, level), effect_at(options.effects, start)
    if held.dead:
        return "Dead"
    if held.death_checks:
        return "Death check"
    return "Major wound" if first.major else "Shock only"


def hit_odds(hit: Hit, sheets: Mapping[str, Sheet], states: Mapping[str, State], options: Options) -> dict[str, Any]:
    sheet, state = sheets[hit.target], states[hit.target]
    attack = hit.attack(options)
    found = outcomes(hit, sheet, state, options)
    levels: dict[int, Fraction] = {}
    classes: dict[str, Fraction] = {}
    for (start, level), chance in found.items():
        levels[level] = levels.get(level, Fraction(0)) + chance
        name = classify(start, level, options)
        classes[name] = classes.get(name, Fraction(0)) + chance
    by_level = Dist.exact(levels)
    level_items = [("No wound" if level == 0 else f"Level {level}", weight) for level, weight in by_level.sorted_items()]
    by_class = Dist.exact(classes)
    class_items = [(name, by_class.weights[name]) for name in reversed(CLASSES) if name in by_class.weights]
    likely = max(level_items, key=lambda item: item[1])
    effects = ", ".join(f"{name.lower()} {share(Fraction(by_class.weights.get(name, 0), by_class.total))['percent']}"
                        for name in ("Major wound", "Death check", "Dead") if name in by_class.weights)
    summary = f"{likely[0].lower()} most likely ({share(Fraction(likely[1], by_level.total))['percent']})" + (
        f"; {effects}" if effects else "")
    return {
        "title": f"{attack.notation} on {sheet.name}", "summary": summary, "pool": DICE,
        "charts": [chart("Wound level", level_items, by_level.total,
                         tail=lambda first: f"{first} or more"),
                   chart("The worst it does", class_items, by_class.total)],
        "tables": [roll_table(hit, sheet, options)],
    }


def roll_table(hit: Hit, sheet: Sheet, options: Options) -> dict[str, Any]:
    """Each 3d6 total, grouped where the outcome is the same: the roll, the penetration and the level."""
    attack = hit.attack(options)
    rows: list[list[str]] = []
    runs: list[tuple[int, int, int, int, int]] = []          # (low total, high total, pen low, pen high, level)
    for total in range(DICE, 6 * DICE + 1):
        pen = penetration(attack, total, options)
        level = land(pen, hit, attack, sheet, options).level
        if runs and runs[-1][4] == level:
            low, _, pen_low, _, _ = runs[-1]
            runs[-1] = (low, total, pen_low, pen, level)
        else:
            runs.append((total, total, pen, pen, level))
    for low, high, pen_low, pen_high, level in runs:
        pens = sorted((pen_low, pen_high))
        rows.append([str(low) if low == high else f"{low}\u2013{high}",
                     str(pens[0]) if pens[0] == pens[1] else f"{pens[0]}\u2013{pens[1]}",
                     "scratch" if level < 1 else str(level)])
    note = "Before any cascade: a level the target already holds may move up on 1d 4\u20136."
    return {"caption": "Penetration roll", "header": ["3d6", "Penetration", "Level"], "rows": rows, "note": note}
