"""The tables a referee looks up by hand, for the page's tables view: range bands, Hit Spread by shot type and band,
the Hit Deviation Diagram, the bleeding schedule and the special ammunition.  Every number comes from the functions
the resolver uses, so the printed tables and the app agree."""

from __future__ import annotations

from typing import Any

from ...hexes import DIRECTION_NAMES
from .body import bleeding_every, per_round
from .fire import RANGES, SHOTS, spread_modifier
from .options import DEFAULTS


def range_table() -> dict[str, Any]:
    return {"caption": "Range bands and Hit Spread",
            "header": ["Band", "Up to", *(row["label"] for row in SHOTS.values())],
            "rows": [[row["label"], f"RNG \u00d7 {row['times']}",
                      *(f"+{spread_modifier(shot, band)}" for shot in SHOTS)] for band, row in RANGES.items()],
            "note": "Beyond Optimum the band's +3/+6/+9 times 2.5 (Wild) or 2 (Snap), rounded down, replaces the "
                    "shot's own (D-SL-12); to hit: Wild \u22123 (0 with Rapid Fire)."}


def deviation_table() -> dict[str, Any]:
    return {"caption": "Hit Deviation Diagram", "header": ["Direction die", "Deviates"],
            "rows": [[str(face), name] for face, name in DIRECTION_NAMES.items()],
            "note": "A straight line of the spread's length (D-SL-23); one step of influence turns 4 into 3 or 5, "
                    "and 6 and 1 are neighbours (D-SL-18)."}


def bleeding_table() -> dict[str, Any]:
    rows = []
    for wounds in range(1, 9):
        rows.append([str(wounds), f"1 every {bleeding_every(wounds)} rounds" if wounds < 5
                     else f"{per_round(wounds)} a round", f"\u2212{wounds}"])
    return {"caption": "Bleeding", "header": ["Open wounds", "Hits lost", "To every roll"], "rows": rows,
            "note": "In phase 3 of each round; the wounding round's phase 3 is the first count (D-SL-27)."}


def ammo_table() -> dict[str, Any]:
    rows = []
    for value in ("heap", "hesh", "ap", "hp", "special"):
        row = DEFAULTS.load(value)
        rows.append([value.upper() if value != "special" else "Special",
                     f"\u00d7{row['pen_times'][0]}/{row['pen_times'][1]} {row['pen_add']:+d}",
                     f"\u00d7{row['dam_times'][0]}/{row['dam_times'][1]} {row['dam_add']:+d}",
                     "yes" if row["ap"] else "no"])
    return {"caption": "Special ammunition (defaults)", "header": ["Load", "PEN", "DAM", "Full DAM through"],
            "rows": rows, "note": "Applied before the dice; the encounter's options may rewrite every row."}


def tables() -> list[dict[str, Any]]:
    return [range_table(), deviation_table(), bleeding_table(), ammo_table()]
