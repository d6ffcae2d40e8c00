"""A target as the page draws it: its wound thresholds and the wounds it holds in one `table` (read a
penetration along the Armoured row, see the level, its effect, and whether it is held), its stats, and
its weapons written as the text writes attacks, 3d+X[Y]."""

from __future__ import annotations

from typing import Any

from ...errors import RulesError
from ..data import load
from .attack import attack_stats, parse_weapon
from .options import Options
from .scale import damage_of, signed
from .sheet import Sheet
from .thresholds import armoured_threshold, raw_threshold, subtraction_threshold
from .wounds import LEGEND, State, effect_at, held_text

STRUCTURE_LABELS = {row["value"]: row["label"] for row in load("kyod")["structures"]["rows"]}


def levels(options: Options) -> range:
    """The levels the card lists: one per row of the effects table (the last row stands for all above it)."""
    return range(1, len(options.effects) + 1)


def threshold_table(sheet: Sheet, state: State, options: Options) -> dict[str, Any]:
    """One row of thresholds (the Armoured table, or the Raw one for a target without armour), the effect of each
    level, and the wounds held; the Raw table and the thresholds as damage are in the note."""
    shown = levels(options)
    last = shown[-1]
    raw = [raw_threshold(sheet.toughness, level, options.labels) for level in shown]
    armour_logd = sheet.armour.logd(options.layers)
    if armour_logd is not None and options.armour_method == "subtraction":
        rows = [["AWT"] + [str(subtraction_threshold(value, armour_logd)) for value in raw]]
    elif armour_logd is not None:
        rows = [["AWT"] + [str(armoured_threshold(value, sheet.armour, options.armoured, options.layers))
                                for value in raw]]
    else:
        rows = [["RWT"] + [str(value) for value in raw]]
    rows.append(["Effect"] + [effect_at(options.effects, level).short for level in shown])
    counts = {level: sum(1 for held in state.wounds if min(held, last) == level) for level in shown}
    rows.append(["Held"] + ["\u25cf" * counts[level] if counts[level] <= 3 else f"\u25cf\u00d7{counts[level]}"
                            for level in shown])
    linear = ", ".join(_damage(damage_of(value)) for value in raw)
    raw_note = f"RWT, the Raw table (ignoring DR): {', '.join(str(value) for value in raw)}. " \
        if armour_logd is not None else "RWT: the Raw Wound Thresholds. "
    armour = "" if armour_logd is None else (f" (DR {sheet.armour.text}, subtracted)"
                                             if options.armour_method == "subtraction" else f" (DR {sheet.armour.text})")
    return {
        "kind": "table", "caption": f"Penetration for each wound level{armour}" + (
            ": the Armoured Wound Thresholds (AWT)" if armour_logd is not None else ""),
        "header": ["Level"] + [str(level) + ("+" if level == last else "") for level in shown],
        "rows": rows,
        "note": f"{raw_note}Raw as damage: {linear}. {LEGEND}. Held: {held_text(state.wounds)}.",
    }


def _damage(value: float) -> str:
    return f"{value:.2g}" if value < 10 else f"{value:.0f}" if value < 1000 else f"{value:.2e}"


def status(sheet: Sheet, state: State, options: Options) -> tuple[str, str]:
    """(words, severity) for the card's badge."""
    if state.dead:
        return ("Destroyed" if sheet.kind == "object" else "Dead"), "out"
    parts = []
    if state.worst:
        effect = effect_at(options.effects, state.worst)
        lasting = []            # what the worst wound still means; death checks have their own part below
        if sheet.kind == "character" and not effect.stops_cascade:
            if state.worst in state.majors:     # a wound that cascaded up to a major level is no major wound
                lasting.append("major wound")
            if effect.consciousness and not state.unconscious:
                lasting.append("consciousness checks")
        parts.append(f"wound level {state.worst}" + (f" ({', '.join(lasting)})" if lasting else ""))
    if state.shock:
        parts.append(f"shock \u2212{state.shock}")
    if state.crippled:
        parts.append(f"{state.crippled} crippled limb{'s' if state.crippled != 1 else ''}")
    if state.death_checks:
        parts.append(f"{state.death_checks} death check{'s' if state.death_checks != 1 else ''} due")
    if state.unconscious:
        return "Unconscious" + (f"; {'; '.join(parts)}" if parts else ""), "out"
    if state.stunned:
        return "Knocked down and stunned" + (f"; {'; '.join(parts)}" if parts else ""), "down"
    if not parts:
        return "Unhurt", "ok"
    words = "; ".join(parts)
    return words[0].upper() + words[1:], "hurt"


def can_act(sheet: Sheet, state: State) -> bool:
    if state.dead or state.unconscious or state.stunned:
        return False
    return sheet.kind == "character" or bool(sheet.weapons)


def stats(sheet: Sheet, state: State, options: Options) -> list[dict[str, str]]:
    items = []
    if sheet.kind == "character":
        items.append({"label": "ST, HT", "value": f"{sheet.st}, {sheet.ht}"})
    items.append({"label": "Toughness", "value": sheet.toughness_words.removeprefix("Toughness ")})
    armour_logd = sheet.armour.logd(options.layers)
    if armour_logd is not None:
        items.append({"label": "Armour", "value": f"DR {sheet.armour.text}, LogD {armour_logd}"})
    if sheet.structure != "living":
        items.append({"label": "Injury Tolerance", "value": STRUCTURE_LABELS[sheet.structure]})
    if sheet.reduction:
        items.append({"label": "Damage Reduction", "value": f"level {sheet.reduction} ({signed(-sheet.reduction)})"})
    return items


def weapon_note(sheet: Sheet, notation: str, options: Options) -> str:
    """The weapon as the text writes an attack, for this wielder: 3d+9[+2] (roll low: skill 30)."""
    try:
        attack = attack_stats(parse_weapon(notation), sheet.st if sheet.kind == "character" else None, options.st_adds)
    except RulesError as error:
        return error.message
    return attack.notation + (f", skill {attack.skill}" if options.roll == "low" else "")


def player_widgets(sheet: Sheet, state: State, options: Options) -> list[dict[str, Any]]:
    """The wounds the players' view shows: none drawn, only the status. The card's one wound widget is the table of
    thresholds, worked out from the armour's DR and the Toughness, which are the sheet's."""
    return []


def card(sheet: Sheet, state: State, options: Options) -> dict[str, Any]:
    words, severity = status(sheet, state, options)
    notes = {entry.notation: weapon_note(sheet, entry.notation, options) for entry in sheet.weapons}
    return {
        "name": sheet.name,
        "status": {"text": words, "severity": severity},
        "can_act": can_act(sheet, state),
        "fallen": state.dead or state.unconscious,
        "widgets": [threshold_table(sheet, state, options),
                    {"kind": "stats", "items": stats(sheet, state, options)},
                    {"kind": "gear", "items": [{"kind": "weapon", "name": entry.name, "notation": entry.notation,
                                                "note": notes[entry.notation]} for entry in sheet.weapons]}],
        "weapons": [{"name": entry.name, "notation": entry.notation,
                     "modes": [{"value": 0, "label": notes[entry.notation]}]} for entry in sheet.weapons],
        "sheet": sheet.to_dict(),
    }
