"""A target's condition in words and as a severity: stunned, unconscious, dead, the wound level."""

from __future__ import annotations

from .integrity import wound_level
from .options import Options
from .sheet import MACHINES, Sheet, State, conscious, dead


def _parts_words(sheet: Sheet, state: State) -> list[str]:
    words = []
    for part, damage in zip(sheet.parts, state.parts):
        if damage >= part.integrity:
            words.append(f"{part.label} destroyed")
        elif damage >= part.knockout:
            words.append(f"{part.label} disabled")
    return words


def describe(sheet: Sheet, state: State, options: Options) -> str:
    """``Stunned, Superficial wound, 3 non-lethal``; ``Unconscious``; ``Dead``; ``Hull disabled``."""
    if sheet.kind in MACHINES:
        if dead(sheet, state):
            return "Destroyed"
        words = _parts_words(sheet, state)
        return ", ".join(words) if words else "Damaged" if any(state.parts) else "Intact"
    if dead(sheet, state, options.npc_death == "more_than"):
        return "Dead"
    words = []
    if not conscious(sheet, state):
        words.append("Unconscious")
    elif state.stunned:
        words.append("Stunned")
    if sheet.kind == "person":
        level = wound_level(sheet.chart, state.lethal)
        if level != "none":
            words.append(f"{level} wound")
        if state.non_lethal:
            words.append(f"{state.non_lethal} non-lethal")
    elif state.total:
        words.append(f"{state.total} damage")
    return ", ".join(words) if words else "Unhurt"


def severity(sheet: Sheet, state: State, options: Options) -> str:
    if sheet.kind in MACHINES:
        if dead(sheet, state):
            return "out"
        return "down" if _parts_words(sheet, state) else "hurt" if any(state.parts) else "ok"
    if dead(sheet, state, options.npc_death == "more_than"):
        return "out"
    if not conscious(sheet, state) or state.stunned:
        return "down"
    return "hurt" if state.total or state.limbs or state.lost else "ok"
