"""The MegaTraveller options: each alternative the notes list, defaulting to the notes' decision."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ... import fields
from ...errors import BadField


@dataclass(frozen=True)
class Options:
    natural_two: str = "fails"              # D-MT-14: a natural 2 always fails; "rolls" counts it like any 2
    machines_non_lethal: str = "ignore"     # D-MT-15: non-lethal damage does not affect vehicles; "counts"
    npc_death: str = "at_least"             # D-MT-10: an NPC or animal dies at total >= Integrity; "more_than"
    halved_recovery: str = "floor_min1"     # D-MT-12: halved recovery drops fractions but is at least 1; "floor", "up"

    @property
    def natural_two_fails(self) -> bool:
        return self.natural_two == "fails"


SCHEMA: list[dict[str, Any]] = [
    {"name": "natural_two", "kind": "choice", "label": "A natural 2 on a task", "decision": "D-MT-14",
     "default": "fails", "choices": [
         {"value": "fails", "label": "always fails"},
         {"value": "rolls", "label": "counts as 2, like any roll"}]},
    {"name": "machines_non_lethal", "kind": "choice", "label": "Non-lethal damage against vehicles and aircraft",
     "decision": "D-MT-15", "default": "ignore", "choices": [
         {"value": "ignore", "label": "has no effect (the text)"},
         {"value": "counts", "label": "counts: the referee rules otherwise"}]},
    {"name": "npc_death", "kind": "choice", "label": "An unimportant NPC or animal dies when its damage",
     "decision": "D-MT-10", "default": "at_least", "choices": [
         {"value": "at_least", "label": "reaches its Integrity (14/28 dies at 42)"},
         {"value": "more_than", "label": "exceeds its Integrity (dies at 43)"}]},
    {"name": "halved_recovery", "kind": "choice", "label": "Recovery while not resting (half the End)",
     "decision": "D-MT-12", "default": "floor_min1", "choices": [
         {"value": "floor_min1", "label": "fractions dropped, at least 1 an hour"},
         {"value": "floor", "label": "fractions dropped (End 1 recovers nothing)"},
         {"value": "up", "label": "rounded up"}]},
]
DEFAULTS = Options()


def read_options(data: Any) -> Options:
    data = fields.mapping(data if data is not None else {}, "options")
    names = [entry["name"] for entry in SCHEMA]
    if set(data) - set(names):
        raise BadField("MegaTraveller has no such option; it has " + ", ".join(names), field="options")
    values = {}
    for entry in SCHEMA:
        choices = tuple(choice["value"] for choice in entry["choices"])
        values[entry["name"]] = fields.choice(data, entry["name"], f"options.{entry['name']}", choices,
                                              default=entry["default"])
    return Options(**values)


def options_to_dict(options: Options) -> dict[str, Any]:
    return {entry["name"]: getattr(options, entry["name"]) for entry in SCHEMA}
