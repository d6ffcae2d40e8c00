"""The SLA options: each alternative the seed or the notes offer, defaulting to the notes' decision, and two
editable tables the encounter may rewrite before its first action: the special ammunition (most of it is lost,
RULES_NOTES 3.2), the scopes' bonuses (lost too) and how a character's actions fall in the three phases (D-SL-22)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ... import fields
from ...errors import BadField
from ...keys import cached_hash
from .. import choices
from ..choices import Chosen
from ..data import load

_DATA = load("sla")
AMMO_ROWS: tuple[dict[str, Any], ...] = tuple(_DATA["ammo"]["rows"])
EDITABLE_AMMO: tuple[str, ...] = tuple(row["value"] for row in AMMO_ROWS if row["value"] != "standard")
AMMO_COLUMNS = ("pen_times", "pen_divide", "pen_add", "dam_times", "dam_divide", "dam_add", "ap")
PHASE_ROWS: tuple[dict[str, Any], ...] = tuple(_DATA["phases"]["rows"])
MAX_ACTIONS = len(PHASE_ROWS)
DEFAULT_SCOPES: tuple[tuple[int, int], ...] = tuple((row["at"], row["nearer"]) for row in _DATA["scopes"]["rows"])


def _ammo_row(row: dict[str, Any]) -> tuple[int, ...]:
    return (row["pen_times"][0], row["pen_times"][1], row["pen_add"], row["dam_times"][0], row["dam_times"][1],
            row["dam_add"], int(row["ap"]))


DEFAULT_AMMO: tuple[tuple[int, ...], ...] = tuple(_ammo_row(row) for row in AMMO_ROWS if row["value"] != "standard")
DEFAULT_PHASES: tuple[tuple[int, int, int], ...] = tuple(
    (row["phases"][0], row["phases"][1], row["phases"][2]) for row in PHASE_ROWS)

_GRENADES = _DATA["grenades"]
# A grenade's choices (D-SL-GR3, GR6, GR7): the numbers are the GM's, the seed gives only the grenades' names.
GRENADE_CHOICES: dict[str, tuple[str, str, str, tuple[tuple[str, str], ...]]] = {
    "grenade_wounds": ("A frag grenade's wounds", "D-SL-GR3", "each", (
        ("each", "Each location the blast reaches opens a wound when the Damage is more than PHYS"),
        ("one", "One wound at most, in the first location it reaches, when the Damage is more than PHYS"))),
    "smoke": ("Smoke: to hit someone in it (the GM's number)", "D-SL-GR6", str(_GRENADES["smoke"]["default"]),
              tuple((str(value), f"{value}".replace("-", "\u2212") + " to hit") for value in
                    _GRENADES["smoke"]["choices"])),
    "flash": ("A flash-bang dazzles for the phase (the GM's number)", "D-SL-GR7", str(_GRENADES["flash"]["default"]),
              tuple((str(value), f"{value}".replace("-", "\u2212") + " to every action") for value in
                    _GRENADES["flash"]["choices"])),
}

# name -> (label, decision, default, ((value, label), ...)); the order is the options form's.
CHOICES: dict[str, tuple[str, str, str, tuple[tuple[str, str], ...]]] = {
    "modifiers_on": ("The GM's modifiers go on", "D-SL-2", "target", (
        ("target", "The target number: the chance of a critical success stays the same"),
        ("roll", "The roll: a penalty makes a critical success harder, a bonus easier"))),
    "missed_shot": ("A missed shot", "seed, Missed Shots; D-SL-24", "spread", (
        ("spread", "Lands by the missed-shot spread (recoil + the miss, + 3 Wild or + 2 Snap)"),
        ("clean", "Is a clean miss: no landing point is worked out"))),
    "overflow": ("Damage past a location's Hits", "D-SL-14", "half", (
        ("half", "Severely damaged at half its Hits past 0, destroyed at its Hits past 0"),
        ("whole", "Severely damaged at its Hits past 0, destroyed at twice its Hits past 0"))),
    "bruising_out": ("Bruising knocks out", "D-SL-11", "full", (
        ("full", "When standard and bruising damage mark every square of the Incap track"),
        ("over", "When bruising is more than the Incap left (one square later)"))),
    "layering": ("Layered armour (optional rule)", "seed, Layering Armour; D-SL-32", "off", (
        ("off", "Off: where armours overlap, the one with the best PV protects"),
        ("on", "On: the best PV + 1 for each further layer; every live layer loses the armour damage"))),
    "auto_skill": ("A burst's length and deviation influence use", "D-SL-5", "full", (
        ("full", "The full Auto/Support rank (the rule's words)"),
        ("half", "Half the rank, rounded down (the worked example's reading)"))),
    "recoil_band": ("Recoil above STR", "D-SL-15", "plus3", (
        ("plus3", "Up to STR + 3 needs both hands and costs nothing; past that \u22121 to hit a point over STR"),
        ("none", "Any point over STR is \u22121 to hit, in both hands or one"))),
    "jamming": ("Jamming (optional rule)", "seed, Jamming Factor", "off", (
        ("off", "Off: weapons never jam"),
        ("on", "On: all three dice showing 1 jam the weapon; semi-auto shots past the round's DEX/2 risk a jam "
               "against JF + 4 \u2212 the excess"))),
    "jam_against": ("An overfired weapon jams when", "D-SL-16", "raw", (
        ("raw", "The three dice, before the skill, come to more than JF + 4 \u2212 the excess"),
        ("total", "The roll's total comes to more than JF + 4 \u2212 the excess"))),
    "under_fire": ("Under fire (optional rule)", "seed, Under Fire", "off", (
        ("off", "Off: no one aims while being shot at"),
        ("on", "On: \u22125 to hit, less 1 per point a COOL test beats 16; aiming needs a COOL test at \u22125 a "
               "shooter"))),
    "bare_parry": ("A bare-handed parry", "seed, Parries; D-SL-30", "total", (
        ("total", "Halves the parry roll's total: it must still reach 13"),
        ("reduction", "Rolls as usual and halves the damage it takes off"))),
    **GRENADE_CHOICES,
}

TABLES: dict[str, dict[str, Any]] = {
    "ammo": {
        "name": "ammo", "kind": "table", "label": "Special ammunition", "decision": "RULES_NOTES 3.3 Special ammo",
        "help": "How each load changes the weapon's PEN and DAM before the dice are added: times, divided by (rounded "
                "down), plus; AP 1 hits with the full DAM when it penetrates. HEAP and HESH follow the seed's 12.7 mm "
                "example; HP and Special are lost and the GM's to set.",
        "columns": [{"name": name, "label": label, "kind": "integer", "min": low, "max": high}
                    for name, label, low, high in (("pen_times", "PEN \u00d7", 0, 9),
                                                   ("pen_divide", "PEN \u00f7", 1, 9),
                                                   ("pen_add", "PEN +", -9, 9), ("dam_times", "DAM \u00d7", 0, 9),
                                                   ("dam_divide", "DAM \u00f7", 1, 9), ("dam_add", "DAM +", -9, 9),
                                                   ("ap", "AP (1 yes)", 0, 1))],
        "rows": [{"label": row["label"]} for row in AMMO_ROWS if row["value"] != "standard"],
        "default": [dict(zip(AMMO_COLUMNS, row)) for row in DEFAULT_AMMO],
    },
    "scopes": {
        "name": "scopes", "kind": "table", "label": "Scope bonuses", "decision": "seed, Scopes",
        "help": "What a scope takes off the Hit Spread of an aimed shot, by the range band it is focused on: at that "
                "band, and at a nearer band without refocusing (one action a band). The printed table is lost: the "
                "numbers are the GM's.",
        "columns": [{"name": "at", "label": "At its band", "kind": "integer", "min": 0, "max": 9},
                    {"name": "nearer", "label": "Nearer", "kind": "integer", "min": 0, "max": 9}],
        "rows": [{"label": f"Focused on {band} range"} for band in ("Optimum", "Medium", "Long", "Extreme")],
        "default": [{"at": at, "nearer": nearer} for at, nearer in DEFAULT_SCOPES],
    },
    "phases": {
        "name": "phases", "kind": "table", "label": "Actions in each phase", "decision": "D-SL-22",
        "help": "How many of a character's actions fall in phases 1, 2 and 3, by the actions a round; the Combat "
                "Sheet that placed them is lost.",
        "columns": [{"name": f"phase_{n}", "label": f"Phase {n}", "kind": "integer", "min": 0, "max": MAX_ACTIONS}
                    for n in (1, 2, 3)],
        "rows": [{"label": f"{row['actions']} action{'s' if row['actions'] > 1 else ''}"} for row in PHASE_ROWS],
        "default": [{f"phase_{n + 1}": count for n, count in enumerate(row)} for row in DEFAULT_PHASES],
    },
}


@dataclass(frozen=True)
class Options(Chosen):
    """The chosen alternatives and the two tables."""

    __hash__ = cached_hash

    choices: tuple[tuple[str, str], ...]
    ammo: tuple[tuple[int, ...], ...] = DEFAULT_AMMO
    phases: tuple[tuple[int, int, int], ...] = DEFAULT_PHASES
    scopes: tuple[tuple[int, int], ...] = DEFAULT_SCOPES

    def load(self, ammo: str) -> dict[str, Any]:
        """One load's row: PEN and DAM as fractions plus an addition, and whether it is armour-piercing."""
        if ammo == "standard":
            return {"pen_times": (1, 1), "pen_add": 0, "dam_times": (1, 1), "dam_add": 0, "ap": False}
        row = self.ammo[EDITABLE_AMMO.index(ammo)]
        return {"pen_times": (row[0], row[1]), "pen_add": row[2], "dam_times": (row[3], row[4]), "dam_add": row[5],
                "ap": bool(row[6])}

    def in_phases(self, actions: int) -> tuple[int, int, int]:
        """Actions in phases 1, 2 and 3 for a character with this many a round (past the table: its last row)."""
        return self.phases[min(actions, MAX_ACTIONS) - 1]


DEFAULTS = Options(choices.defaults(CHOICES))


def schema() -> list[dict[str, Any]]:
    return choices.schema(CHOICES, TABLES)


def read_options(data: Any) -> Options:
    data = fields.mapping(data if data is not None else {}, "options")
    chosen = choices.read_choices(data, CHOICES, TABLES, "SLA Industries")
    ammo = DEFAULT_AMMO
    if "ammo" in data:
        rows = choices.read_table(data["ammo"], TABLES["ammo"])
        ammo = tuple(tuple(row[column] for column in AMMO_COLUMNS) for row in rows)
    phases = DEFAULT_PHASES
    if "phases" in data:
        rows = choices.read_table(data["phases"], TABLES["phases"])
        phases = tuple((row["phase_1"], row["phase_2"], row["phase_3"]) for row in rows)
        for actions, row in enumerate(phases, start=1):
            if sum(row) != actions:
                raise BadField(f"the {actions}-action row places {sum(row)} actions; its three phases must add up to "
                               f"{actions}", field="options.phases")
    scopes = DEFAULT_SCOPES
    if "scopes" in data:
        scopes = tuple((row["at"], row["nearer"]) for row in choices.read_table(data["scopes"], TABLES["scopes"]))
    return Options(chosen, ammo, phases, scopes)


def options_to_dict(options: Options) -> dict[str, Any]:
    """The options as a document keeps them; a table only when it differs from its default (a shorter link)."""
    out: dict[str, Any] = dict(options.choices)
    if options.ammo != DEFAULT_AMMO:
        out["ammo"] = [dict(zip(AMMO_COLUMNS, row)) for row in options.ammo]
    if options.phases != DEFAULT_PHASES:
        out["phases"] = [{f"phase_{n + 1}": count for n, count in enumerate(row)} for row in options.phases]
    if options.scopes != DEFAULT_SCOPES:
        out["scopes"] = [{"at": at, "nearer": nearer} for at, nearer in options.scopes]
    return out
