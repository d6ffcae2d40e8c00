"""A FUDGE fighter as the page draws it: the wound record (boxes holding each wound's own severity, the
Damage Capacity record, or a pawn's three stages), stuns and body parts, the ladder traits and the gear with its
damage factors."""

from __future__ import annotations

from typing import Any

from ...ladder import describe, level_name, skill_name
from ...report import signed, with_article
from . import levels
from .combat import PART_NAMES, PARTS, SHIELDS
from .factors import defensive, offensive
from .levels import HURT, INCAPACITATED, NEAR_DEATH, TRACK_LEVELS, UNDAMAGED, VERY_HURT
from .options import DEFAULTS as _PAWN_OPTIONS, Options
from .sheet import PLAIN, Sheet
from .wounds import (State, capacity_lost, capacity_now, level, method, out_of_fight, penalty, record,
                     status_words)


def thresholds(options: Options) -> list[str | None]:
    """The numbers over each wound level for the chosen method (seed 4.55, 4.63), as a sheet prints them."""
    if options.wounds == "gm":
        return [None] * len(TRACK_LEVELS)
    column = {"doubled": "doubled", "min_mid_max": options.mmm_track}.get(options.wounds, "damage")
    starts = options.starts(column)
    out: list[str | None] = []
    for index, start in enumerate(starts):
        if index == len(starts) - 1:
            out.append(f"{start}+")
        else:
            end = starts[index + 1] - 1
            out.append(str(start) if end == start else f"{start}\u2013{end}")
    return out


def _penalty_text(sheet: Sheet, wound_level: int) -> tuple[str, str]:
    if wound_level >= INCAPACITATED:
        return "out", levels.EFFECTS[wound_level]
    value = levels.penalty(wound_level, sheet.pain)
    return (signed(value), f"{signed(value)} to all actions") if value else ("0", "no penalty")


def box_track(sheet: Sheet, state: State, options: Options, players: bool = False) -> dict[str, Any]:
    held = record(state, options)
    numbers = thresholds(options)
    out = []
    for index, wound_level in enumerate(TRACK_LEVELS):
        boxes = held.boxes[index]
        short, words = _penalty_text(sheet, wound_level)
        count = held.counts[index]
        kinds = [levels.NAMES[kept] for kept in boxes]
        other = [kind for kind in kinds if kind != levels.NAMES[wound_level]]
        summary = f"{levels.NAMES[wound_level]} ({words}): {len(boxes)} of {count} marked" + (
            f", holding {', '.join(other)} {'wounds' if len(other) > 1 else 'wound'} moved up" if other else "")
        out.append({
            "name": levels.SHORT[wound_level], "penalty": short, "threshold": numbers[index], "summary": summary,
            **({} if players else {"tap": {"action": "wound", "combatant": "target", "inputs": {
                "level": ("scratch", "hurt", "very_hurt", "incapacitated", "near_death")[index]}}}),
            "boxes": [{"marked": slot < len(boxes),
                       "by": with_article(f"{levels.NAMES[boxes[slot]]} wound") if slot < len(boxes) else None,
                       **({"mark": levels.LETTERS[boxes[slot]]} if slot < len(boxes) else {})}
                      for slot in range(count)],
        })
    return {"kind": "track", "label": "Wounds", "levels": out}


def pawn_track(sheet: Sheet, state: State, players: bool = False) -> dict[str, Any]:
    """A pawn's three stages (D-FU-17): a mark for Hurt, and the name crossed out for Out of the battle."""
    now = level(sheet, state, _PAWN_OPTIONS)
    worst = max((wound.level for wound in state.wounds), default=UNDAMAGED)
    rows = [("Hurt", "\u22121", now >= HURT, "hurt", "H", "a Hurt wound"),
            ("Out of the battle", "out", now >= INCAPACITATED, "very_hurt", "O",
             "a second Hurt wound" if worst < VERY_HURT else with_article(f"{levels.name(worst)} wound"))]
    return {"kind": "track", "label": "Wounds (a pawn: Undamaged, Hurt, Out)", "levels": [
        {"name": name, "penalty": short, "threshold": None,
         "summary": f"{name}: {1 if marked else 0} of 1 marked" + (f", by {by}" if marked else ""),
         **({} if players else {"tap": {"action": "wound", "combatant": "target", "inputs": {"level": tap}}}),
         "boxes": [{"marked": marked, "by": by if marked else None, **({"mark": mark} if marked else {})}]}
        for name, short, marked, tap, mark, by in rows]}


def capacity_meter(sheet: Sheet, state: State, options: Options) -> dict[str, Any]:
    """The Damage Capacity record (seed 4.57) as a meter from Terrible\u22121 up to the undamaged level."""
    start = sheet.damage_capacity
    lost = capacity_lost(state, options)
    span = start + 4            # Terrible is 3 above "below Terrible"
    now = max(0, span - lost)
    return {"kind": "meters", "label": "Damage Capacity", "items": [{
        "name": "Damage Capacity", "value": now, "max": span,
        "text": f"{capacity_now(sheet, state, options)} (from {level_name(start)})",
        "summary": f"Damage Capacity {capacity_now(sheet, state, options)}, {lost} levels lost from "
                   f"{level_name(start)}",
        "marks": [{"at": start + 4 - (start - value), "label": label}
                  for value, label in ((-1, "Hurt"), (-2, "Very Hurt"), (-3, "Terrible")) if value < start],
    }]}


def severity(sheet: Sheet, state: State, options: Options) -> str:
    now = level(sheet, state, options)
    if now >= NEAR_DEATH or state.dead:
        return "out"
    if now >= INCAPACITATED or state.knocked_out:
        return "down"
    if now >= HURT or state.stunned or state.very_stunned or any(lvl >= HURT for _, lvl in state.parts):
        return "hurt"
    return "ok"


def wound_widget(sheet: Sheet, state: State, options: Options, players: bool = False) -> dict[str, Any]:
    """The wound record the method keeps: boxes, the Damage Capacity record or a pawn's stages; for the players
    without the taps."""
    kind = method(sheet, options)
    if kind == "boxes":
        return box_track(sheet, state, options, players)
    if kind == "pawn":
        return pawn_track(sheet, state, players)
    return capacity_meter(sheet, state, options)


def player_widgets(sheet: Sheet, state: State, options: Options) -> list[dict[str, Any]]:
    """The wounds the players' view shows: the wound record, built without the taps that open an action."""
    return [wound_widget(sheet, state, options, players=True)]


def card(sheet: Sheet, state: State, options: Options) -> dict[str, Any]:
    kind = method(sheet, options)
    widgets: list[dict[str, Any]] = [wound_widget(sheet, state, options)]
    items = [
        {"label": "Combat skill", "value": skill_name(sheet.offense, sheet.offense_plus)},
        {"label": "Defense", "value": skill_name(sheet.defense, sheet.defense_plus)},
    ]
    for label, value, shown in (("Shooting", sheet.shooting, sheet.shooting != 0 or any(
            not entry.weapon.muscle for entry in sheet.weapons)),
                                ("Dodge", sheet.dodge, True), ("Initiative", sheet.initiative, sheet.initiative != 0),
                                ("Strength", sheet.strength, True)):
        if shown:
            items.append({"label": label, "value": level_name(value)})
    if kind != "capacity" or sheet.role == "pawn":
        items.append({"label": "Damage Capacity", "value": describe(sheet.damage_capacity)})
    items.append({"label": "Defensive factor", "value": signed(defensive(sheet, PLAIN, options).total)})
    if sheet.scale:
        items.append({"label": "Scale", "value": signed(sheet.scale)})
    if sheet.shield != "none":
        items.append({"label": "Shield", "value": SHIELDS[sheet.shield]["label"]})
    if sheet.pain != "normal":
        items.append({"label": "Pain", "value": levels.PAIN[sheet.pain]["label"]})  # type: ignore[dict-item]
    hurt = penalty(sheet, state, options)
    if hurt and not out_of_fight(sheet, state, options):
        items.append({"label": "Wounds", "value": f"{signed(hurt)} to all actions"})
    if state.stuns or state.stunned or state.very_stunned or state.knocked_out:
        said = "knocked out" if state.knocked_out else \
            f"Very Stunned, {state.very_stunned} rounds left" if state.very_stunned else \
            "Stunned this turn" if state.stunned else ""
        items.append({"label": "Stun", "value": ", ".join(part for part in (
            said, f"{state.stuns} on the sheet" if state.stuns else "") if part)})
    for part, part_level in state.parts:
        items.append({"label": PARTS[part]["label"], "value": PART_NAMES[part_level]})
    if state.rounds:
        items.append({"label": "Rounds fought", "value": str(state.rounds)})
    if state.exposed:
        items.append({"label": "Next defense", "value": "\u22122 (attacked all-out)" if state.exposed == "minus_two"
                      else "none (attacked all-out)"})
    if state.edge:
        items.append({"label": "Next exchange", "value": f"{signed(state.edge)} to weapon skill ({state.edge_why})"})
    if state.forfeit:
        items.append({"label": "All-out defense", "value": "no attack until the round ends"})
    if state.hasty:
        items.append({"label": "Hasty", "value": "\u22121 to attack and defend this round"})
    widgets.append({"kind": "stats", "items": items})
    gear: list[dict[str, str | None]] = [{"kind": "weapon", "name": entry.name, "notation": entry.notation,
             "note": f"offensive factor {signed(offensive(sheet, entry.weapon, options).total)}"}
            for entry in sheet.weapons]
    if sheet.armour_notation:
        gear.append({"kind": "armour", "name": sheet.armour_name or "Armour", "notation": sheet.armour_notation,
                     "note": None})
    if gear:
        widgets.append({"kind": "gear", "items": gear})
    return {
        "name": sheet.name,
        "status": {"text": status_words(sheet, state, options), "severity": severity(sheet, state, options)},
        "can_act": not out_of_fight(sheet, state, options) and not state.dead,
        "fallen": out_of_fight(sheet, state, options) or state.dead,
        "widgets": widgets,
        "weapons": [{"name": entry.name, "notation": entry.notation, "modes": [{"value": 0, "label": entry.notation}]}
                    for entry in sheet.weapons],
        "sheet": sheet.to_dict(),
    }
