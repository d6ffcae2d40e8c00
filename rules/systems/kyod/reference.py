"""The tables a player uses by hand, for the page's printable tables view: LogD, Addition, Subtraction,
the attack stats, and the default wound effects.  Every number comes from the same functions the
resolver uses, so the printed tables and the app always agree."""

from __future__ import annotations

from typing import Any

from ..data import load
from .scale import TABLE_ROWS, addition_entry, damage_of, damage_text, runs, signed, subtraction_entry
from .wounds import DEFAULT_EFFECTS

MARK = "\u2020"


def logd_table() -> dict[str, Any]:
    quirks = {int(key): value for key, value in load("kyod")["source_logd_cells"]["cells"].items()}
    rows = []
    for start in TABLE_ROWS:
        rows.append([str(start)] + [damage_text(damage_of(start + column)) + (MARK if start + column in quirks else "")
                                    for column in range(10)])
    source = "; ".join(f"{quirks[cell]} at LogD {cell} (the formula gives {damage_text(damage_of(cell))})"
                       for cell in sorted(quirks))
    return {"caption": "LogD table: damage = 10^(LogD \u00f7 30)", "header": ["LogD"] + [f"+{n}" for n in range(10)],
            "rows": rows,
            "note": f"Read a LogD as row + column. Below 0, add 30 and divide the damage by 10 as often as needed; "
                    f"above 79, take away 30 and multiply by 10. {MARK} The source's hand-rounded table prints {source}."}


def _span(low: int, high: int, last: bool) -> str:
    return f"{low}+" if last else str(low) if low == high else f"{low}\u2013{high}"


def addition_table() -> dict[str, Any]:
    spans = runs(addition_entry, 0, 60)
    return {"caption": "Addition table", "header": ["Difference", "Add to the larger"],
            "rows": [[_span(low, high, index == len(spans) - 1), signed(value)]
                     for index, (low, high, value) in enumerate(spans)],
            "note": "Look up the difference of two LogD values; the sum is the larger plus the entry."}


def subtraction_table() -> dict[str, Any]:
    spans = runs(subtraction_entry, 1, 60)
    return {"caption": "Subtraction table", "header": ["Difference", "Add to the first"],
            "rows": [["0 or less", "all of it is stopped"]] +
                    [[_span(low, high, index == len(spans) - 1), signed(value)]
                     for index, (low, high, value) in enumerate(spans)],
            "note": "A value less one as large or larger is stopped completely; otherwise look up the difference."}


def modifiers_table() -> dict[str, Any]:
    data = load("kyod")
    rows = [[row["type"], row["label"], "+0", signed(row["wm"])] for row in data["damage_types"]["rows"]]
    rows += [[f"({row['divisor']})", "armour divisor", signed(row["pen"]), signed(row["wm"])]
             for row in data["divisors"]["rows"]]
    rows += [[row["value"], "hit location", "+0", signed(row["wm"])]
             for row in data["locations"]["rows"] if row["wm"]]
    return {"caption": "Attack stats: Pen and wound modifier", "header": ["Attack", "What", "Pen", "WM"], "rows": rows,
            "note": "Small arms averaging more than LogD 30: WM \u22121 per 15 more (not cannon-class). Impaling and "
                    "piercing: \u22122 against unliving targets, \u22124 against homogeneous ones, and the limb's "
                    "\u22122 is for them only."}


def effects_table() -> dict[str, Any]:
    last = len(DEFAULT_EFFECTS)
    return {"caption": "Wound effects (derived default, D-KY-14)", "header": ["Level", "Effect"],
            "rows": [["0 or less", "Scratch: no mechanical effect"]] +
                    [[f"{level}+" if level == last else str(level), effect.words]
                     for level, effect in enumerate(DEFAULT_EFFECTS, 1)],
            "note": "The source's list is lost. An encounter can change this table under Rule options."}


def tables() -> list[dict[str, Any]]:
    return [logd_table(), addition_table(), subtraction_table(), modifiers_table(), effects_table()]
