"""The tables a player uses by hand (printed from the page's tables view), from the data file."""

from __future__ import annotations

from typing import Any

from ...ladder import describe
from ..data import load
from . import levels
from .levels import TRACK_LEVELS
from .options import BOX_SETS, DEFAULT_NUMBERS, NUMBER_COLUMNS


def _range(starts: list[int], index: int) -> str:
    if index == len(starts) - 1:
        return f"{starts[index]}+"
    end = starts[index + 1] - 1
    return str(starts[index]) if end == starts[index] else f"{starts[index]}\u2013{end}"


def tables() -> list[dict[str, Any]]:
    data = load("fudge")
    columns = {column: [row[index] for row in DEFAULT_NUMBERS] for index, column in enumerate(NUMBER_COLUMNS)}
    return [
        {"caption": "Wound numbers: the damage each level starts at",
         "header": ["Method"] + [levels.name(level) for level in TRACK_LEVELS],
         "rows": [[label] + [_range(columns[column], index) for index in range(len(TRACK_LEVELS))]
                  for column, label in zip(NUMBER_COLUMNS, ("Relative degree + damage factor",
                                                            "Doubled relative degree", "Epic Min-Mid-Max"))],
         "note": "Damage of 0 or less does no wound. Dead has no number. FUDGE 4.55, 4.63."},
        {"caption": "Wound boxes",
         "header": ["Sheet"] + [levels.name(level) for level in TRACK_LEVELS],
         "rows": [[entry["label"].split(":")[0]] + [str(count) for count in entry["boxes"]]
                  for entry in BOX_SETS.values()],
         "note": "No open box: the next higher open box, marked with the wound's own level. FUDGE 4.57."},
        {"caption": "A graze (relative degree +1)", "header": ["Damage factor", "Wound"],
         "rows": [[row["label"].split(":")[0], row["label"].split(": ")[1]] for row in data["graze"]["rows"]],
         "note": "FUDGE 4.56."},
        {"caption": "Min-Mid-Max: die-reading bonus", "header": ["Bonus", "Damage factor", "Relative degree"],
         "rows": [["\u22121", "below 0", "\u2014"], ["0", "0, 1, 2", "2, 3"], ["+1", "3, 4, 5", "4, 5"],
                  ["+2", "6+", "6+"]],
         "note": "Add the two; below 0 no damage. 0 Min, 1 Mid, 2 Max, 3 Max + Min, 4 all three. FUDGE 4.63."},
        {"caption": "Stances: two Fudge dice, or one d6 placed",
         "header": ["d6", "Offense", "Defense"],
         "rows": [[row["d6"], describe(row["offense"]).split(" ")[-1].strip("()"),
                   describe(-row["offense"]).split(" ")[-1].strip("()")] for row in data["stances"]["rows"]],
         "note": "FUDGE 4.32."},
        {"caption": "Healing", "header": ["Result", "Heals"],
         "rows": [["Good", "1 level"], ["Great", "2 levels"], ["Superb", "3 levels"]],
         "note": "A Scratch is not a level. Natural healing: a level a week (Constitution: Fair for Hurt, Good for "
                 "Very Hurt, Great for Incapacitated). FUDGE 4.8."},
        {"caption": "Sample weapons", "header": ["Weapon", "Factors"],
         "rows": [[row["name"] + (" *" if row.get("default") else ""), row["notation"]] for row in data["weapons"]],
         "note": "* reconstructed values (the list itself is lost): change them as the GM likes. FUDGE 4.54."},
        {"caption": "Sample armour", "header": ["Armour", "Value"],
         "rows": [[row["name"] + (" *" if row.get("default") else ""), row["notation"]] for row in data["armour"]],
         "note": "* reconstructed values. A heavy blunt weapon halves armour. FUDGE 4.54."},
    ]

