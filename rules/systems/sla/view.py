"""An operative's card: the body diagram with each location's state and the last shot on it (``hexes``), the Incap
and bruising track, each location's Hits and armour (``meters``), the combat sheet's numbers, and open wounds with
their bleeding countdown."""

from __future__ import annotations

from typing import Any

from ...report import number, signed
from .body import per_round
from .diagram import REGION_OF, REGIONS
from .options import Options
from .protection import layers
from .sheet import LOCATION_LABELS, LOCATIONS, Sheet
from .wounds import POSITION_LABELS, State, dead, location_state, next_loss_in, unconscious

SEVERITY = {"intact": "ok", "hurt": "hurt", "useless": "down", "severe": "down", "destroyed": "out"}
STATE_WORDS = {"intact": "unhurt", "hurt": "hurt", "useless": "useless (no Hits left)", "severe": "severely damaged",
               "destroyed": "destroyed"}
MAX_TRACK = 80
MODE_LABELS = {"single": "Single shot", "semi": "Semi-auto", "auto": "Full auto", "burst": "Burst fire",
               "suppress": "Suppressive fire"}
CELLS = [{"q": q, "r": r, "region": region["value"]} for region in REGIONS for q, r in region["hexes"]]                  # an Incap track of more squares is drawn as a meter


def _armour_words(sheet: Sheet, state: State, location: str) -> str:
    there = layers(sheet, state, location)
    return "; ".join(f"{layer.name} PV {layer.pv} ID {layer.impact}" for layer in there) or "no armour"


def _region_words(sheet: Sheet, state: State, location: str, where: str, players: bool) -> str:
    """A location in a few words beside the diagram: how it is and, for the game master, its armour (the Hits are
    in the meters)."""
    hits = "" if where == "intact" else f", {number(state.hits_left(sheet, location))} of " \
        f"{sheet.location_hits(location)} Hits"
    words = f"{LOCATION_LABELS[location]}: {STATE_WORDS[where]}{hits}"
    armour = "no armour" if players else _armour_words(sheet, state, location)
    return words if armour == "no armour" else f"{words}; {armour}"


def diagram(sheet: Sheet, state: State, options: Options, players: bool = False) -> dict[str, Any]:
    """The body diagram; for the players (``players``) without the armour worn and without the tap that aims a
    shot."""
    states = {location: location_state(sheet, state, location, options) for location in LOCATIONS}
    cells = CELLS
    regions = [{"value": location, "label": LOCATION_LABELS[location], "state": SEVERITY[states[location]],
                "summary": _region_words(sheet, state, location, states[location], players)}
               for location in LOCATIONS]
    marks: list[dict[str, Any]] = []
    hurt = [LOCATION_LABELS[location] for location in LOCATIONS if states[location] != "intact"]
    summary = f"Body diagram: {', '.join(hurt) + ' hurt' if hurt else 'unhurt'}"
    shot = state.last_shot
    if state.marks:
        for left in state.marks:
            drawn: dict[str, Any] = {"q": left.hex[0], "r": left.hex[1], "kind": left.kind, "label": left.label}
            if left.start is not None and left.start != left.hex:
                drawn["from"] = list(left.start)
            if left.text:
                drawn["text"] = left.text
            marks.append(drawn)
        summary += "; last attack: " + ", ".join(dict.fromkeys(mark.label for mark in state.marks
                                                                 if mark.kind != "aim"))
    elif shot:
        aimed = LOCATION_LABELS[REGION_OF[shot.aimed]]
        marks.append({"q": shot.aimed[0], "r": shot.aimed[1], "kind": "aim", "label": f"Last shot aimed at {aimed}"})
        if shot.landed:
            region = REGION_OF.get(shot.landed)
            landed = LOCATION_LABELS[region] if region else "off the body"
            mark: dict[str, Any] = {"q": shot.landed[0], "r": shot.landed[1], "kind": "hit" if shot.hit else "miss",
                    "label": f"{'Hit' if shot.hit else 'Missed'}: {landed}"}
            if shot.landed != shot.aimed:
                mark["from"] = list(shot.aimed)
            marks.append(mark)
            summary += f"; last shot aimed at {aimed}, {'hit' if shot.hit else 'missed'}: {landed}"
        else:
            summary += f"; last shot aimed at {aimed}, missed"
    drawn_diagram = {"kind": "hexes", "label": "Body diagram", "cells": cells, "regions": regions, "marks": marks,
                     "summary": summary}
    return drawn_diagram if players else {
        **drawn_diagram, "tap": {"action": "shoot", "combatant": "target", "inputs": {}, "hex": "aim"}}


def incap(sheet: Sheet, state: State, players: bool = False) -> dict[str, Any]:
    """Standard damage marked from the right, bruising from the left (seed, Bruising Damage)."""
    left = sheet.incap - state.incap_damage
    summary = (f"Incap {number(left)} of {sheet.incap}" + (f", bruising {state.bruising}" if state.bruising else ""))
    if sheet.incap > MAX_TRACK:
        return {"kind": "meters", "label": "Incap", "items": [
            {"name": "Incap", "value": max(0, left), "max": sheet.incap, "text": f"{number(left)} of {sheet.incap}",
             "summary": summary, "marks": []},
            {"name": "Bruising", "value": min(state.bruising, sheet.incap), "max": sheet.incap,
             "text": str(state.bruising), "summary": f"Bruising {state.bruising}", "marks": []}]}
    boxes = []
    for index in range(sheet.incap):
        from_right = sheet.incap - index
        if from_right <= state.incap_damage:
            boxes.append({"marked": True, "by": "standard damage"})
        elif index < state.bruising:
            boxes.append({"marked": True, "by": "bruising", "mark": "b"})
        else:
            boxes.append({"marked": False, "by": ""})
    penalty = "out" if left <= 0 else f"{left} left"
    level: dict[str, Any] = {"name": "Incap", "penalty": penalty, "threshold": None, "boxes": boxes,
                             "summary": summary}
    if not players:
        level["tap"] = {"action": "harm", "combatant": "target", "inputs": {"location": "incap"}}
    return {"kind": "track", "label": "Incap and bruising", "levels": [level]}


def hits(sheet: Sheet, state: State, options: Options, players: bool = False) -> dict[str, Any]:
    """Each location's Hits; for the game master the armour on it, worn down as it is (the players' summary says
    the Hits only)."""
    items = []
    for location in LOCATIONS:
        left, full = state.hits_left(sheet, location), sheet.location_hits(location)
        where = location_state(sheet, state, location, options)
        text = f"{number(left)} of {full}" + (f" ({STATE_WORDS[where]})" if where not in ("intact", "hurt") else "")
        items.append({"name": LOCATION_LABELS[location], "value": max(0, left), "max": full, "text": text,
                      "summary": f"{LOCATION_LABELS[location]}: {text}" + (
                          "" if players else f"; {_armour_words(sheet, state, location)}"),
                      "marks": []})
    return {"kind": "meters", "label": "Hits by location", "items": items}


def bleeding(state: State) -> str:
    count = len(state.wounds)
    if not count:
        return "none"
    if count >= 5:
        return f"{count} open: {per_round(count)} Hit{'s' if per_round(count) > 1 else ''} a round"
    left = next_loss_in(state)
    return f"{count} open: next Hit lost in {left} round{'s' if left > 1 else ''}"


def sheet_stats(sheet: Sheet, state: State, options: Options) -> dict[str, Any]:
    phases = options.in_phases(sheet.phase_actions)
    items = [{"label": "Round", "value": f"{state.round}, phase {state.phase}"},
             {"label": "Actions", "value": f"{sheet.actions} (phases {phases[0]}/{phases[1]}/{phases[2]}); "
                                           f"free parries {sheet.free_parries}"},
             {"label": "INI", "value": str(sheet.initiative) + (
                 f"; total {state.initiative_total()}" if state.initiative is not None else "")},
             {"label": "Position", "value": POSITION_LABELS[state.position] + (
                 "; holds an opportunity action" if state.holding else "")},
             {"label": "Wounds", "value": bleeding(state) + (f"; {signed(-len(state.wounds))} to every roll"
                                                              if state.wounds else "")}]
    if state.smoke or state.dazzled:               # a grenade's (D-SL-GR6, GR7)
        items.append({"label": "Grenade", "value": "; ".join(part for part in (
            f"in smoke: {signed(state.smoke)} to hit him" if state.smoke else "",
            f"dazzled: {signed(state.dazzled)} to his actions this phase" if state.dazzled else "") if part)})
    if state.stuck:
        items.append({"label": "Bullets in", "value": f"{state.stuck} in the Torso: extract before healing"})
    if state.lost_phases or state.lost_actions:
        items.append({"label": "Lost", "value": ", ".join(
            part for part in (f"{state.lost_phases} phase{'s' if state.lost_phases > 1 else ''}"
                              if state.lost_phases else "",
                              f"next action" if state.lost_actions else "") if part)})
    if state.pending:
        items.append({"label": "Healing", "value": ", ".join(
            f"{healing.hits} Hits in {healing.phases} phase{'s' if healing.phases > 1 else ''}"
            for healing in state.pending)})
    items.append({"label": "Stats", "value": " ".join(f"{label} {value}" for label, value in (
        ("STR", sheet.stat("str")), ("DEX", sheet.stat("dex")), ("PHYS", sheet.stat("phys")),
        ("COOL", sheet.stat("cool"))))})
    return {"kind": "stats", "items": items}


def gear(sheet: Sheet, state: State) -> dict[str, Any]:
    items: list[dict[str, Any]] = [
        {"kind": "weapon", "name": entry.name, "notation": entry.notation, "note": None} for entry in sheet.weapons]
    items += [{"kind": "armour", "name": entry.name, "notation": entry.notation, "note": None}
              for entry in sheet.armour]
    if sheet.skin == "xeno":
        items.append({"kind": "armour", "name": "Xeno skin", "notation": "PV 7, ID 3 \u00d7 Hits", "note": None})
    elif sheet.skin == "vevaphon" and sheet.vevaphon_pv:
        pv = max(0, sheet.vevaphon_pv - state.pv_lost)
        items.append({"kind": "armour", "name": "Hardened cells", "notation": f"PV {pv}, ID PV/2 \u00d7 Hits",
                      "note": f"shifted to PV {sheet.vevaphon_pv}" if pv != sheet.vevaphon_pv else None})
    return {"kind": "gear", "items": items}


def player_widgets(sheet: Sheet, state: State, options: Options) -> list[dict[str, Any]]:
    """The wounds the players' view shows: the body diagram, Incap and the Hits by location, built without the
    armour worn (its name, PV and ID are gear) and without the taps that open an action."""
    return [diagram(sheet, state, options, players=True), incap(sheet, state, players=True),
            hits(sheet, state, options, players=True)]


def card(sheet: Sheet, state: State, options: Options) -> dict[str, Any]:
    why_dead = dead(sheet, state)
    why_out = unconscious(sheet, state, options)
    if why_dead:
        status = {"text": f"Dead: {why_dead}", "severity": "out"}
    elif why_out:
        status = {"text": f"Unconscious: {why_out}", "severity": "down"}
    elif state.position == "down" or state.lost_phases:
        status = {"text": "Knocked down", "severity": "down"}
    elif state.incap_damage or state.bruising or state.wounds:
        status = {"text": "Wounded" if state.wounds else "Hurt", "severity": "hurt"}
    else:
        status = {"text": "Unhurt", "severity": "ok"}
    return {"name": sheet.name, "status": status, "can_act": not (why_dead or why_out), "fallen": bool(why_dead or why_out),
            "widgets": [diagram(sheet, state, options), incap(sheet, state), hits(sheet, state, options),
                        sheet_stats(sheet, state, options), gear(sheet, state)],
            "weapons": [{"name": entry.name, "notation": entry.notation,
                         "modes": [{"value": mode, "label": MODE_LABELS[mode]} for mode in entry.weapon.modes]}
                        for entry in sheet.weapons],
            "sheet": sheet.to_dict()}
