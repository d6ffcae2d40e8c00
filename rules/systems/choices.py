"""What the rule options of a menu-like system share (FUDGE, SLA): choice options listed as data, each with the
decision its default applies, and editable tables of fixed rows an encounter may rewrite before its first action.

A system lists ``CHOICES`` (name -> (label, decision, default, ((value, label), ...))) and ``TABLES`` (name -> the
table's schema entry); :func:`schema`, :func:`read_choices` and :func:`read_table` turn them into the options form
and check what comes back, and :class:`Chosen` gives a system's options class each choice as an attribute.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from .. import fields
from ..errors import BadField

Choices = Mapping[str, tuple[str, str, str, tuple[tuple[str, str], ...]]]


class Chosen:
    """Each choice option by its name (``options.pacing``), for a frozen dataclass with a ``choices`` field of
    (name, value) pairs."""

    choices: tuple[tuple[str, str], ...]

    @cached_property
    def chosen(self) -> dict[str, str]:
        return dict(self.choices)

    def __getattr__(self, name: str) -> str:
        if name.startswith("__") or name == "chosen":
            raise AttributeError(name)
        try:
            return self.chosen[name]
        except KeyError:
            raise AttributeError(name) from None


def defaults(choices: Choices) -> tuple[tuple[str, str], ...]:
    return tuple((name, entry[2]) for name, entry in choices.items())


def schema(choices: Choices, tables: Mapping[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The options form: every choice, then every table."""
    out: list[dict[str, Any]] = [
        {"name": name, "kind": "choice", "label": label, "decision": decision, "default": default,
         "choices": [{"value": value, "label": words} for value, words in options]}
        for name, (label, decision, default, options) in choices.items()]
    return out + [dict(table) for table in tables.values()]


def read_choices(data: Mapping[str, Any], choices: Choices, tables: Mapping[str, Any],
                 system: str) -> tuple[tuple[str, str], ...]:
    """The chosen value of every choice (its default where left out); an unknown option is refused."""
    unknown = set(data) - set(choices) - set(tables)
    if unknown:
        raise BadField(f"{system} has no option {fields.shown(sorted(unknown)[0])}", field="options")
    return tuple((name, fields.choice(data, name, f"options.{name}", tuple(value for value, _ in entry[3]),
                                      default=entry[2])) for name, entry in choices.items())


def read_table(data: Any, entry: dict[str, Any]) -> list[dict[str, int]]:
    """An editable table's rows, each checked column by column against the table's schema entry."""
    field = f"options.{entry['name']}"
    if not isinstance(data, list) or len(data) != len(entry["rows"]):
        raise BadField(f"the {entry['label'].lower()} must be a table of {len(entry['rows'])} rows", field=field)
    out = []
    for row, label in zip(data, entry["rows"]):
        if not isinstance(row, dict) or set(row) != {column["name"] for column in entry["columns"]}:
            raise BadField(f"the {label['label']} row of the {entry['label'].lower()} must have "
                           + ", ".join(column["label"] for column in entry["columns"]), field=field)
        try:
            out.append({column["name"]: fields.integer(row, column["name"], f"{label['label']} {column['label']}",
                                                       column["min"], column["max"]) for column in entry["columns"]})
        except BadField as error:
            raise BadField(error.message, field=field) from error
    return out
