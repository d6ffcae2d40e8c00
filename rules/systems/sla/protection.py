"""The armour over one location (seed 002: Penetration, Impact Damage, Xeno Skin Armour, Vevaphon Armour, Layering
Armour; D-SL-8, 9, 32): which layers are there, which still have Impact Damage, the PV a hit meets, and which layers
lose the armour damage.

A Xeno Stormer's skin is PV 7 with three times the location's Hits as ID; a Vevaphon's hardened cells are the PV it
shifted to, with ID = PV / 2 (rounded up) times the location's Hits, and lose PV to failed CONC rolls.
"""

from __future__ import annotations

from dataclasses import dataclass

from .armour import XENO_PV, vevaphon_impact, xeno_impact
from .options import Options
from .sheet import Sheet
from .wounds import SKIN, State


@dataclass(frozen=True)
class Layer:
    index: int              # the sheet's armour index, or SKIN
    name: str
    pv: int
    impact: int             # ID left in this location


@dataclass(frozen=True)
class Cover:
    """What a hit on one location meets: the live layers, the PV and ID it meets, and who takes the wear."""

    layers: tuple[Layer, ...]           # every layer there, live or not
    live: tuple[Layer, ...]             # those with ID and PV left
    pv: int
    impact: int
    wearing: tuple[Layer, ...]          # the layers the armour damage goes to

    def describe(self) -> str:
        if not self.layers:
            return "no armour"
        if not self.live:
            return " and ".join(f"{layer.name} (no ID left)" for layer in self.layers)
        return " and ".join(f"{layer.name} PV {layer.pv}, ID {layer.impact}" for layer in self.live)


def skin_pv(sheet: Sheet, state: State) -> int:
    if sheet.skin == "xeno":
        return XENO_PV
    if sheet.skin == "vevaphon":
        return max(0, sheet.vevaphon_pv - state.pv_lost)
    return 0


def layers(sheet: Sheet, state: State, location: str) -> tuple[Layer, ...]:
    """Every armour over the location, the living one (skin) innermost and listed first."""
    out = []
    hits = sheet.location_hits(location)
    if sheet.skin == "xeno":
        out.append(Layer(SKIN, "Xeno skin", XENO_PV, max(0, xeno_impact(hits) - state.lost(SKIN, location))))
    elif sheet.skin == "vevaphon" and sheet.vevaphon_pv:
        pv = skin_pv(sheet, state)
        # ID follows the PV down when it falls (seed: "changed to the new PV state or remains at the current state,
        # whichever is lower").
        left = min(vevaphon_impact(pv, hits), vevaphon_impact(sheet.vevaphon_pv, hits) - state.lost(SKIN, location))
        out.append(Layer(SKIN, "Hardened cells", pv, max(0, left)))
    for index, entry in enumerate(sheet.armour):
        if location in entry.item.covers:
            out.append(Layer(index, entry.name, entry.item.pv,
                             max(0, entry.item.impact - state.lost(index, location))))
    return tuple(out)


def cover(sheet: Sheet, state: State, location: str, options: Options) -> Cover:
    """The PV a hit meets: without layering the best live layer's alone; with it, the best + 1 for each further live
    layer, and every live layer takes the armour damage (D-SL-32)."""
    there = layers(sheet, state, location)
    live = tuple(layer for layer in there if layer.impact > 0 and layer.pv > 0)
    if not live:
        return Cover(there, (), 0, 0, ())
    best = max(live, key=lambda layer: layer.pv)
    if options.layering == "on":
        return Cover(there, live, best.pv + len(live) - 1, max(layer.impact for layer in live), live)
    return Cover(there, live, best.pv, best.impact, (best,))

