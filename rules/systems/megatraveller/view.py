"""A target as the page draws it: a person's Personal Integrity chart as the text draws it (a `grid`),
everyone else's damage against K/(I-K) (`meters`), the stats that matter, and the referee's rulings."""

from __future__ import annotations

from typing import Any

from ..data import load
from .hit import can_act, fallen
from .integrity import CHARACTERISTICS, rating_text, upp_text, wound_level
from .options import Options
from .sheet import KIND_LABELS, MACHINES, SKILL_LABELS, Sheet, State, current
from .status import describe, severity

def _dm_label(value: int | None) -> str:
    return "n/a" if value is None else f"{value:+d}".replace("-", "\u2212")


def chart_grid(sheet: Sheet, state: State, players: bool = False) -> dict[str, Any]:
    """The Personal Integrity chart: 18 columns of 6 boxes, those the person cannot use crossed off; for the
    players (``players``) without the tap that opens Heal."""
    layout = sheet.chart
    table = load("megatraveller")["chart"]
    rows = []
    for row in range(table["rows"]):
        cells = []
        counts = {"cross": 0, "slash": 0, "empty": 0}
        for column in range(table["columns"]):
            index = layout.index_at(row, column) if column < layout.columns else None
            if index is None:
                cells.append("unusable")
                continue
            cell = "cross" if index < state.lethal else "slash" if index < state.total else "empty"
            counts[cell] += 1
            cells.append(cell)
        dm = _dm_label(layout.dm(row))
        rows.append({"label": dm, "cells": cells,
                     "summary": f"Row {row + 1} (DM {dm}): {counts['cross']} X, {counts['slash']} slashes, "
                                f"{counts['empty']} open"})
    grid: dict[str, Any] = {
        "kind": "grid", "label": "Personal Integrity", "row_title": "DM",
        "columns": [str(6 * (column + 1)) for column in range(table["columns"])],
        "rows": rows,
        "summary": f"Integrity {sheet.integrity}: {state.lethal} X (lethal), {state.non_lethal} slashes (non-lethal), "
                   f"{sheet.integrity - state.total} open",
    }
    if not players:
        grid["tap"] = {"action": "heal", "combatant": "target",
                       "inputs": {"harm": "lethal" if state.lethal else "non_lethal"}}
    return grid


def damage_meter(sheet: Sheet, state: State, options: Options, players: bool = False) -> dict[str, Any]:
    knockout, integrity = sheet.knockout, sheet.integrity
    end = "killed" if options.npc_death == "at_least" else "killed past"
    return {"kind": "meters", "label": "Damage", "items": [{
        "name": "Damage", "value": state.total, "max": integrity,
        "text": f"{state.total} of {knockout}/{integrity - knockout}",
        "summary": f"{state.total} damage ({state.lethal} lethal, {state.non_lethal} non-lethal); knocked out at "
                   f"{knockout}, {end} {integrity}",
        "marks": [{"at": knockout, "label": "knocked out"}, {"at": integrity, "label": end}],
        **({} if players else {"tap": {"action": "heal", "combatant": "target", "inputs": {}}}),
    }]}


def part_meters(sheet: Sheet, state: State, players: bool = False) -> dict[str, Any]:
    items = []
    for part, damage in zip(sheet.parts, state.parts):
        items.append({
            "name": part.label, "value": damage, "max": part.integrity,
            "text": f"{damage} of {part.text}",
            "summary": f"{part.label}: {damage} damage of {part.integrity}; disabled at {part.knockout}, destroyed "
                       f"at {part.integrity}",
            "marks": [{"at": part.knockout, "label": "disabled"}, {"at": part.integrity, "label": "destroyed"}],
            **({} if players else {"tap": {"action": "heal", "combatant": "target", "inputs": {"part": part.key}}}),
        })
    return {"kind": "meters", "label": "Integrity", "items": items}


def stats(sheet: Sheet, state: State) -> list[dict[str, str]]:
    lost = load("megatraveller")["lost"]
    items: list[dict[str, str]] = [{"label": "Kind", "value": KIND_LABELS[sheet.kind]}]
    if sheet.kind in ("person", "npc"):
        shown_upp = upp_text(tuple(current(sheet, state, name) for name in CHARACTERISTICS))
        items.append({"label": "UPP", "value": shown_upp if shown_upp == upp_text(sheet.upp)
                      else f"{shown_upp} (from {upp_text(sheet.upp)})"})
        items.append({"label": "Life Force", "value": f"{sheet.life_force}, Integrity {sheet.integrity}"})
    if sheet.kind == "person":
        items.append({"label": "Wound level", "value": wound_level(sheet.chart, state.lethal)})
    if sheet.kind == "npc":
        items.append({"label": "Integrity", "value": f"{sheet.knockout}/{sheet.integrity - sheet.knockout}"})
    if sheet.kind == "animal":
        assert sheet.hits is not None
        items.append({"label": "Integrity", "value": f"Hits {rating_text(sheet.hits)} x 4 = "
                                                     f"{sheet.knockout}/{sheet.integrity - sheet.knockout}"})
    if sheet.kind in MACHINES:
        given = ", ".join(f"{part.label} {rating_text(part.rating)}" for part in sheet.parts)
        if sheet.kind == "vehicle":
            items.append({"label": "Hits", "value": f"{given}, each x 40"})
        else:
            items.append({"label": f"Hits as given (standing in for the lost {lost['aircraft']})", "value": given})
    if sheet.skills:
        items.append({"label": "Skills", "value": ", ".join(f"{SKILL_LABELS[name]}-{level}"
                                                            for name, level in sheet.skills)})
    for location, condition in state.limbs:
        items.append({"label": f"{location} (the referee's ruling, for the lost {lost['limb']} page)",
                      "value": condition})
    for name, points in state.lost:
        items.append({"label": f"{name} (the referee's ruling, for the lost {lost['characteristic']} page)",
                      "value": f"{points} lost, now {current(sheet, state, name)}"})
    for note in state.notes:
        items.append({"label": "Referee's note", "value": note})
    return items


def wound_widget(sheet: Sheet, state: State, options: Options, players: bool = False) -> dict[str, Any]:
    """A person's chart, a machine's parts or anything else's damage meter; for the players without the taps."""
    if sheet.kind == "person":
        return chart_grid(sheet, state, players)
    if sheet.kind in MACHINES:
        return part_meters(sheet, state, players)
    return damage_meter(sheet, state, options, players)


def player_widgets(sheet: Sheet, state: State, options: Options) -> list[dict[str, Any]]:
    """The wounds the players' view shows: the chart or the meters, built without the taps that open an action."""
    return [wound_widget(sheet, state, options, players=True)]


def card(sheet: Sheet, state: State, options: Options) -> dict[str, Any]:
    widgets = [wound_widget(sheet, state, options)]
    widgets.append({"kind": "stats", "items": stats(sheet, state)})
    widgets.append({"kind": "gear", "items": [
        {"kind": "weapon", "name": entry.name, "notation": entry.notation, "note": entry.weapon.words}
        for entry in sheet.weapons]})
    out: dict[str, Any] = {
        "name": sheet.name,
        "status": {"text": describe(sheet, state, options), "severity": severity(sheet, state, options)},
        "can_act": can_act(sheet, state, options),
        "fallen": fallen(sheet, state, options),
        "widgets": widgets,
        "weapons": [{"name": entry.name, "notation": entry.notation,
                     "modes": [{"value": 0, "label": entry.weapon.words}]} for entry in sheet.weapons],
        "sheet": sheet.to_dict(),
    }
    if sheet.kind in MACHINES:
        out["parts"] = [{"value": part.key, "label": f"{part.label} ({part.text})"} for part in sheet.parts]
    return out
