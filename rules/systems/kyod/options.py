"""The KYoD options: each alternative the notes list, defaulting to the notes' decision, and the wound
effects table (D-KY-14), which an encounter may rewrite before its first action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ... import fields
from ...errors import BadField
from .wounds import DEFAULT_EFFECTS, MAX_DEATH_CHECKS, MAX_SHOCK, MAX_WORDS, Effect

EFFECT_COLUMNS: list[dict[str, Any]] = [
    {"name": "words", "label": "Effect", "kind": "text", "max_length": MAX_WORDS},
    {"name": "shock", "label": "Shock", "kind": "integer", "min": 0, "max": MAX_SHOCK},
    {"name": "major", "label": "Major wound", "kind": "flag"},
    {"name": "consciousness", "label": "Consciousness checks", "kind": "flag"},
    {"name": "death_checks", "label": "Death checks", "kind": "integer", "min": 0, "max": MAX_DEATH_CHECKS},
    {"name": "dead", "label": "Dead", "kind": "flag"},
]


@dataclass(frozen=True)
class Options:
    labels: str = "detailed"            # D-KY-1: level floor((pen - T) / 5); "quick": the quick section's +1
    armoured: str = "formula"           # D-KY-2: AWT by the spreadsheet formula; "table": the Addition table
    armour_method: str = "thresholds"   # the Armoured table; "subtraction": armour subtracted like a barrier
    layers: str = "sum"                 # D-KY-9: layers' DR summed; "log_add": each looked up and log-added
    diffuse_cap: str = "2"              # D-KY-8: diffuse targets capped at level 2; "1"; "by_type"
    roll: str = "high"                  # penetration 3d6 + X; "low": skill - 3d6 (the margin of success)
    st_adds: str = "flat"               # a flat add log-added to thr/sw; "per_die": x3 (the text's aside)
    effects: tuple[Effect, ...] = DEFAULT_EFFECTS


SCHEMA: list[dict[str, Any]] = [
    {"name": "labels", "kind": "choice", "label": "Wound level numbering", "decision": "D-KY-1",
     "default": "detailed", "choices": [
         {"value": "detailed", "label": "the detailed sections: level = (pen \u2212 T) \u00f7 5, rounded down"},
         {"value": "quick", "label": "the quick section: the first threshold (T) is level 1"}]},
    {"name": "armoured", "kind": "choice", "label": "Armoured wound thresholds", "decision": "D-KY-2",
     "default": "formula", "choices": [
         {"value": "formula", "label": "by the text's formula, round(30 log(DR + 10^(RWT/30)))"},
         {"value": "table", "label": "by the Addition table, as by hand (\u00b11 in some cells)"}]},
    {"name": "armour_method", "kind": "choice", "label": "Worn armour", "decision": "seed, Barriers",
     "default": "thresholds", "choices": [
         {"value": "thresholds", "label": "look penetration up on the Armoured table"},
         {"value": "subtraction", "label": "subtract it like a barrier, then the Raw table"}]},
    {"name": "layers", "kind": "choice", "label": "Several layers of armour", "decision": "D-KY-9",
     "default": "sum", "choices": [
         {"value": "sum", "label": "add their DR, then look the sum up"},
         {"value": "log_add", "label": "look each up and add them with the Addition table"}]},
    {"name": "diffuse_cap", "kind": "choice", "label": "Diffuse targets: wound level capped at", "decision": "D-KY-8",
     "default": "2", "choices": [
         {"value": "2", "label": "2"}, {"value": "1", "label": "1"},
         {"value": "by_type", "label": "1 for impaling and piercing, 2 for the rest"}]},
    {"name": "roll", "kind": "choice", "label": "The penetration roll", "decision": "seed, Attack Stats",
     "default": "high", "choices": [
         {"value": "high", "label": "roll high: 3d6 + X"},
         {"value": "low", "label": "roll low against a skill: the margin of success"}]},
    {"name": "st_adds", "kind": "choice", "label": "A flat add to thrust or swing", "decision": "seed, ST-based attacks",
     "default": "flat", "choices": [
         {"value": "flat", "label": "looked up and log-added (the text)"},
         {"value": "per_die", "label": "counted per die, three times over (the text's aside)"}]},
    {"name": "effects", "kind": "table", "label": "Wound effects", "decision": "D-KY-14",
     "help": "The source's list is lost: this is the notes' derived default. The last row stands for every "
             "higher level. A cascade stops at a level with a death check.",
     "columns": EFFECT_COLUMNS,
     "rows": [{"label": f"Level {level}" + ("+" if level == len(DEFAULT_EFFECTS) else "")}
              for level in range(1, len(DEFAULT_EFFECTS) + 1)],
     "default": [effect.to_dict() for effect in DEFAULT_EFFECTS]},
]
CHOICES = [entry for entry in SCHEMA if entry["kind"] == "choice"]


def read_effects(data: Any, field: str = "options.effects") -> tuple[Effect, ...]:
    """An effects table: one row per level, each checked column by column."""
    if not isinstance(data, list) or len(data) != len(DEFAULT_EFFECTS):
        raise BadField(f"the wound effects must be a table of {len(DEFAULT_EFFECTS)} rows, one per level",
                       field=field)
    rows = []
    for index, row in enumerate(data):
        level = f"level {index + 1}"
        if not isinstance(row, dict):
            raise BadField(f"the effects of {level} must be a row of the table", field=field)
        if set(row) - {column["name"] for column in EFFECT_COLUMNS}:
            raise BadField(f"the effects of {level} have a column the table does not have", field=field)
        try:
            rows.append(Effect(
                words=fields.text(row, "words", f"{level} effect", max_length=MAX_WORDS, default="", allow_empty=True),
                shock=fields.integer(row, "shock", f"{level} shock", 0, MAX_SHOCK, default=0),
                major=fields.flag(row, "major", f"{level} major wound"),
                consciousness=fields.flag(row, "consciousness", f"{level} consciousness checks"),
                death_checks=fields.integer(row, "death_checks", f"{level} death checks", 0, MAX_DEATH_CHECKS,
                                            default=0),
                dead=fields.flag(row, "dead", f"{level} dead")))
        except BadField as error:     # the page shows it at the table, whichever cell it came from
            raise BadField(error.message, field=field) from error
    return tuple(rows)


def read_options(data: Any) -> Options:
    data = fields.mapping(data if data is not None else {}, "options")
    names = [entry["name"] for entry in SCHEMA]
    if set(data) - set(names):
        raise BadField("Know Your Own Damage has no such option; it has " + ", ".join(names), field="options")
    values: dict[str, Any] = {}
    for entry in CHOICES:
        choices = tuple(choice["value"] for choice in entry["choices"])
        values[entry["name"]] = fields.choice(data, entry["name"], f"options.{entry['name']}", choices,
                                              default=entry["default"])
    if "effects" in data:
        values["effects"] = read_effects(data["effects"])
    return Options(**values)


def options_to_dict(options: Options) -> dict[str, Any]:
    """The options as a document keeps them; the effects table only when it differs from the default, so an
    encounter's link stays short."""
    out: dict[str, Any] = {entry["name"]: getattr(options, entry["name"]) for entry in CHOICES}
    if options.effects != DEFAULT_EFFECTS:
        out["effects"] = [effect.to_dict() for effect in options.effects]
    return out
