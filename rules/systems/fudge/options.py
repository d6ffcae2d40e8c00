"""The FUDGE options: chapter 4 is a menu, so every alternative it (and the notes) offers is an option of the
encounter, each defaulting to the notes' decision; the wound numbers and a custom box count are editable tables
the encounter may rewrite before its first action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...keys import cached_hash
from ... import fields
from ...errors import BadField
from .. import choices
from ..choices import Chosen
from ..data import load
from . import levels

_DATA = load("fudge")
BOX_SETS: dict[str, dict[str, Any]] = {key: value for key, value in _DATA["box_sets"].items()
                                       if not key.startswith("_")}
NUMBER_COLUMNS: tuple[str, ...] = tuple(_DATA["wound_numbers"]["columns"])
DEFAULT_NUMBERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(row[column] for column in NUMBER_COLUMNS) for row in _DATA["wound_numbers"]["rows"])
DEFAULT_CUSTOM_BOXES: tuple[int, ...] = tuple(BOX_SETS["realistic"]["boxes"])
MAX_NUMBER = 99
MAX_BOXES = 8

# name -> (label, decision, default, ((value, label), ...)); the order is the options form's.
CHOICES: dict[str, tuple[str, str, str, tuple[tuple[str, str], ...]]] = {
    "pacing": ("Pacing", "D-FU-8", "simultaneous", (
        ("simultaneous", "Simultaneous rounds: both fighters roll, the better hits"),
        ("alternating", "Alternating turns: initiative, then attack against defense"),
        ("story", "Story elements: the GM's judgement, one roll or the median of three"))),
    "stances": ("Offensive and defensive stances", "seed 4.32", "off", (
        ("off", "Off: all-out offense and defense"),
        ("on", "On: each fighter picks a stance in secret, instead of all-out"))),
    "npc_rolls": ("NPCs in melee", "seed 4.33, 4.34", "rolled", (
        ("rolled", "Roll for each NPC"),
        ("fixed", "Against a PC, an NPC gets its trait level: no roll (unopposed)"),
        ("one_roll", "One 2dF roll for all the NPCs in a round"))),
    "wounds": ("Wound method", "seed 4.55, 4.63", "damage", (
        ("damage", "Damage number: relative degree + damage factor"),
        ("doubled", "Damage number with the relative degree doubled"),
        ("min_mid_max", "Min-Mid-Max: read one of 3d6"),
        ("gm", "The GM assesses each wound"))),
    "mmm_track": ("Min-Mid-Max wound numbers", "seed 4.63", "damage", (
        ("damage", "The standard numbers (1\u20132 Scratch \u2026 9+ Near Death)"),
        ("epic", "The epic numbers (1 Scratch \u2026 7+ Near Death)"))),
    "damage_roll": ("Damage roll", "D-FU-2, D-FU-24", "none", (
        ("none", "None"),
        ("one_df_factor", "1dF added to the damage number"),
        ("one_df_level", "1dF added to the wound level"),
        ("even_odd_factor", "Even or odd combat rolls: +1 to the factor of who rolled even"),
        ("even_odd_level", "Even or odd combat rolls, applied to the wound level"),
        ("situational_limited", "4dF added, with the limitations (at most double, at least 1)"),
        ("situational", "4dF added, no limitations"))),
    "graze": ("A graze (relative degree +1)", "D-FU-6, D-FU-29", "table", (
        ("table", "The graze table: below 0 none, 0\u20134 Scratch, 5+ Hurt"),
        ("scratch", "A Scratch, exactly (none below a damage factor of 0)"),
        ("hurt", "Hurt, exactly (none below a damage factor of 0)"))),
    "graze_roll": ("Damage roll on a graze", "D-FU-14, D-FU-29", "off", (
        ("off", "No damage roll on a graze"), ("on", "1dF on the graze table's damage factor, one level at most"))),
    "graze_scale": ("Scale on a graze at the GM's level", "D-FU-6", "off", (
        ("off", "Scale difference not added"),
        ("on", "A larger attacker's Scale difference adds levels to the GM's graze level, up to Very Hurt"))),
    "all_out_tie": ("An all-out attacker ties", "D-FU-12", "wound_table", (
        ("wound_table", "The other wins at relative degree 0: damage factor + 2 on the wound table"),
        ("graze_table", "The other wins: damage factor + 2 on the graze table"))),
    "all_out_alternating": ("All-out offense, alternating turns", "D-FU-13", "minus_two", (
        ("minus_two", "\u22122 to defend on the opponent's next turn"),
        ("no_defense", "No defense at all on the opponent's next turn"))),
    "weapon_size": ("Weapon size in melee", "seed 4.31", "on", (
        ("on", "Two or more behind in weapon and shield: \u22121 to skill"), ("off", "Not compared"))),
    "scale_roll": ("A damage roll when only Scale stops a blow", "seed 4.58", "off", (
        ("off", "No wound"),
        ("on", "4dF with the limitations: small wounds may add up on a larger foe"))),
    "less_lethal": ("Less lethal weapons", "seed 4.54", "off", (
        ("off", "As listed"), ("on", "\u22121 to every muscle-powered weapon, sharpness aside (longer fights)"))),
    "record": ("Wound record", "seed 4.57", "boxes", (
        ("boxes", "Wound boxes under each level"),
        ("capacity", "Damage Capacity drops a level a hit (not a damage factor then)"))),
    "boxes": ("Wound boxes", "seed 4.57, 4.63", "realistic", tuple(
        (key, value["label"]) for key, value in BOX_SETS.items()) + (("custom", "Custom: the box table below"),)),
    "scratch_cap": ("Scratches pile up to", "D-FU-11", "off", (
        ("off", "Any level"), ("on", "Very Hurt at most (not against huge Scale)"))),
    "capacity_loss": ("Damage Capacity lost a hit", "seed 4.57", "severity", (
        ("severity", "One level for Hurt, two for Very Hurt, and so on (a severe hit costs more)"),
        ("one", "One level a hit, whatever the wound"))),
    "capacity_scratches": ("Scratches, Damage Capacity record", "D-FU-23", "three", (
        ("three", "Three Scratches make one hit"), ("never", "Scratches never count"))),
    "capacity_terrible": ("Damage Capacity down to Terrible", "D-FU-23", "penalty", (
        ("penalty", "\u22123 to all actions"), ("incapacitated", "Incapacitated"))),
    "death_three_levels": ("PC death: at most three levels a blow", "D-FU-10", "off", (
        ("off", "Off"), ("on", "On: the excess is lost"))),
    "death_from_incapacitated": ("PC death: Near Death only from Incapacitated", "D-FU-10", "off", (
        ("off", "Off"), ("on", "On: only one who began the round Incapacitated"))),
    "death_fudge_point": ("PC death: a Fudge Point", "D-FU-10, D-FU-18", "off", (
        ("off", "Off"), ("incapacitated", "On: a deadly wound becomes Incapacitated"),
        ("very_hurt", "On: a deadly wound becomes Very Hurt"))),
    "death_for": ("The PC-death options cover", "seed 4.64", "pcs", (
        ("pcs", "Player characters"), ("pcs_and_major", "Player characters and major NPCs"))),
    "mmm_low_factor": ("Min-Mid-Max: damage factor \u22125 or worse", "seed 4.63", "off", (
        ("off", "\u22121 like any factor below 0"), ("on", "\u22122"))),
    "mmm_beyond": ("Min-Mid-Max: more than the last number", "seed 4.63, D-FU-3", "near_death", (
        ("near_death", "Near Death"), ("dead", "Dead: the GM kills outright"))),
    "gm_roll": ("The GM's situational roll on an assessed wound", "D-FU-5, D-FU-22", "off", (
        ("off", "No roll"), ("on", "4dF: \u00b13 moves a level, \u00b14 two levels"))),
    "knockout_head": ("A Good blow to the head", "seed 4.62", "off", (
        ("off", "Resolved like any stunning blow"), ("on", "Knocks out, when going for a knockout"))),
    "healing_beyond": ("Healing past Superb", "D-FU-15", "pattern", (
        ("pattern", "Superb+n heals 3 + n levels"), ("three", "Three levels at most"))),
    "constitution_roll": ("Natural healing", "seed 4.8, D-FU-19", "off", (
        ("off", "One level a week"), ("on", "One level a week, after a Constitution roll"))),
}

NUMBER_ROWS = [{"label": levels.name(level)} for level in levels.TRACK_LEVELS]
TABLES: dict[str, dict[str, Any]] = {
    "numbers": {
        "name": "numbers", "kind": "table", "label": "Wound numbers", "decision": "seed 4.55, 4.63",
        "help": "The damage each wound level starts at, for each method; the GM may raise them to make wounds "
                "rarer or lower them for deadlier fights.",
        "columns": [{"name": column, "label": label, "kind": "integer", "min": 1, "max": MAX_NUMBER}
                    for column, label in zip(NUMBER_COLUMNS, ("Damage number", "Doubled degree", "Epic Min-Mid-Max"))],
        "rows": NUMBER_ROWS,
        "default": [dict(zip(NUMBER_COLUMNS, row)) for row in DEFAULT_NUMBERS],
    },
    "custom_boxes": {
        "name": "custom_boxes", "kind": "table", "label": "Custom wound boxes", "decision": "seed 4.57",
        "help": "Used when the wound boxes are Custom: how many boxes under each level.",
        "columns": [{"name": "boxes", "label": "Boxes", "kind": "integer", "min": 1, "max": MAX_BOXES}],
        "rows": NUMBER_ROWS,
        "default": [{"boxes": count} for count in DEFAULT_CUSTOM_BOXES],
    },
}


@dataclass(frozen=True)
class Options(Chosen):
    """The chosen alternatives; ``choices`` holds every choice option by name."""

    __hash__ = cached_hash

    choices: tuple[tuple[str, str], ...]
    numbers: tuple[tuple[int, ...], ...] = DEFAULT_NUMBERS
    custom_boxes: tuple[int, ...] = DEFAULT_CUSTOM_BOXES

    def starts(self, column: str) -> tuple[int, ...]:
        """Where each level (Scratch .. Near Death) starts in a column of the wound numbers."""
        index = NUMBER_COLUMNS.index(column)
        return tuple(row[index] for row in self.numbers)

    def box_counts(self) -> tuple[int, ...]:
        if self.boxes == "custom":
            return self.custom_boxes
        return tuple(BOX_SETS[self.boxes]["boxes"])


DEFAULTS = Options(choices.defaults(CHOICES))


def schema() -> list[dict[str, Any]]:
    return choices.schema(CHOICES, TABLES)


def read_options(data: Any) -> Options:
    data = fields.mapping(data if data is not None else {}, "options")
    chosen = choices.read_choices(data, CHOICES, TABLES, "FUDGE")
    numbers = DEFAULT_NUMBERS
    if "numbers" in data:
        rows = choices.read_table(data["numbers"], TABLES["numbers"])
        numbers = tuple(tuple(row[column] for column in NUMBER_COLUMNS) for row in rows)
        for index, column in enumerate(NUMBER_COLUMNS):
            starts = [row[index] for row in numbers]
            if any(later <= earlier for earlier, later in zip(starts, starts[1:])):
                raise BadField(f"the wound numbers must rise from Scratch to Near Death in each column "
                               f"({TABLES['numbers']['columns'][index]['label']} does not)", field="options.numbers")
    custom = DEFAULT_CUSTOM_BOXES
    if "custom_boxes" in data:
        custom = tuple(row["boxes"] for row in choices.read_table(data["custom_boxes"], TABLES["custom_boxes"]))
    return Options(chosen, numbers, custom)


def options_to_dict(options: Options) -> dict[str, Any]:
    """The options as a document keeps them; a table only when it differs from its default (a shorter link)."""
    out: dict[str, Any] = dict(options.choices)
    if options.numbers != DEFAULT_NUMBERS:
        out["numbers"] = [dict(zip(NUMBER_COLUMNS, row)) for row in options.numbers]
    if options.custom_boxes != DEFAULT_CUSTOM_BOXES:
        out["custom_boxes"] = [{"boxes": count} for count in options.custom_boxes]
    return out
