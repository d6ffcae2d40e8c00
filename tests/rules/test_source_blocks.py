"""The source texts' own stat blocks (issue 37): every named character, creature and vehicle the five texts give
numbers for is in the engine's ``systems`` answer, reads through the API without an error or a warning, and holds the
numbers its text gives. The table below is written from the seeds and RULES_NOTES (its vector ids), not copied from
the data file, so a block whose numbers drift from its text fails here."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.api import call

# (system, name) -> (the text's numbers as the sheet holds them, what the engine reads from them, or None).
TEXT: dict[tuple[str, str], tuple[dict[str, Any], str | None]] = {
    # seed 000, MegaTraveller
    ("megatraveller", "Giovanni"): ({"kind": "person", "upp": "94A849"}, "Integrity 46"),                # MT-01
    ("megatraveller", "Herr Bartolo"): ({"kind": "person", "upp": "45398C", "brawling": None, "survival": None,
                                         "martial_arts": None}, "Integrity 24"),                          # MT-12
    ("megatraveller", "Alley thug"): ({"kind": "npc", "weapons": [("Improvised two-handed club", "3N")]},
                                      "Damage Value 3, non-lethal"),
    ("megatraveller", "Typical adult NPC"): ({"kind": "npc", "upp": "777777"}, "knocked out at 14"),    # MT-03
    ("megatraveller", "Grazer"): ({"kind": "animal", "hits": "9/6"}, "knocked out at 36"),              # MT-04
    ("megatraveller", "Ground car"): ({"kind": "vehicle", "hull": "2/5", "power": "1/2", "loco": "1/2"},
                                      "disabled at 80 hits"),                                            # MT-05
    ("megatraveller", "Bitburg Attack Aircraft"): ({"kind": "aircraft", "hull": "46/115", "power": "16/40 + 16/40"},
                                                   "disabled at 46 hits"),                               # MT-06
    # seed 001, KYoD
    ("kyod", "ST 11 character"): ({"kind": "character", "st": 11, "armour": "0"}, None),                 # KY-08
    ("kyod", "ST 10 character in DR 4 armour"): ({"kind": "character", "st": 10, "armour": "4"}, "DR 4"),  # KY-10
    ("kyod", "ST 10 broadsword fighter"): ({"kind": "character", "st": 10, "weapons": [("Broadsword thrust",
                                                                                         "thr+2 imp")]},
                                           "3d+9[+2]"),                                                  # KY-07
    ("kyod", "2 lb unliving object"): ({"kind": "object", "toughness_from": "weight", "weight": "2",
                                        "mechanical": True}, "Toughness -9"),                            # KY-19
    # seed 004, Typed Damage
    ("typed", "Cyrus"): ({"weapons": [("Shortsword", "3-/2+")],
                          "armour": ("Armor of Muldoon", "--**++(H vs. Arrows)")}, "hardened against Arrows"),
    ("typed", "Bandit"): ({"armour": ("Bandit's Leather", "+-*")}, "1 piercing, 1 slashing, 1 impact"),     # TD-02
    ("typed", "Officer Murphy"): ({"weapons": [("Target Pistol", "3B")]}, "3 dice of ballistic"),         # TD-05
    ("typed", "Perp"): ({"armour": ("Tough Leather Jacket", "-*")}, "1 slashing, 1 impact"),              # TD-05
    ("typed", "Arias the Magnificent"): ({"weapons": [("Firebolt", "4E+(Fire)")]}, "4 dice of energy"),    # TD-07
    ("typed", "Kerion"): ({"armour": ("Protection from Fire", "EEEEE(Fire)")}, "5 energy"),               # TD-07
    ("typed", "Artus"): ({"weapons": [("Knife", "2+")], "armour": ("Shield Belt", "XXXXXX")}, "6 universal"),
    ("typed", "Kiel"): ({"weapons": [("Knife", "2+")], "armour": ("Shield Belt", "XXXXXX")}, "6 universal"),
    ("typed", "Rocket Risanto"): ({"armour": ("Fire Retardant Foam", "EEEEEEEEEE(Fire, Ab)")}, "10 energy"),  # TD-09
    # seed 003, FUDGE (4.7 with RULES_NOTES 4.1's recovered skills; 4.55; 4.58; 4.21; 4.34)
    ("fudge", "Snorri"): ({"offense": 2, "strength": 1, "damage_capacity": 1, "shield": "none",
                           "weapons": [("Magic sword", "size 2, sharp, magic 1")], "armour": ("Heavy leather", "+2")},
                          "the weapon adds +4"),                                                         # FU-20
    ("fudge", "Brynhild"): ({"offense": 1, "strength": 2, "damage_capacity": 0, "shield": "medium",
                             "weapons": [("Axe", "size 2, sharp")], "armour": ("Heavy leather", "+2")},
                            "the weapon adds +3"),                                                       # FU-20
    ("fudge", "Leroy"): ({"strength": 1, "scale": 0, "weapons": [("Broadsword", "size 2, sharp")]},
                         "the defensive factor +4"),                                                     # FU-08
    ("fudge", "Theodora"): ({"strength": 3, "scale": 0, "damage_capacity": 0, "weapons": [("Poleaxe", "size 3, sharp")]},
                            "the defensive factor +2"),                                                  # FU-08
    ("fudge", "Sheba"): ({"strength": 0, "scale": 0, "damage_capacity": 0, "armour": ("Heavy leather", "+2")},
                         "the weapon adds +1"),                                                          # FU-16
    ("fudge", "Gunner"): ({"offense": 1}, None),                                                         # FU-02
    ("fudge", "Molly"): ({"offense": 0}, None),                                                          # FU-05
    ("fudge", "Annie"): ({"offense": 1}, None),
    ("fudge", "Maggie"): ({"offense": -1}, None),
    # seed 002, SLA Industries
    ("sla", "Max.Rock"): ({"str": 8, "dex": 6, "weapons": [("MAL Anvil", None)]}, "RCL 5"),             # SL-07
    ("sla", "Fix"): ({"skills": "Pistol 6, Dodge 1"}, "Dodge 1"),                                       # SL-23
    ("sla", "Torn"): ({"weapons": [("WarMonger", None)]}, None),                                         # SL-14
    ("sla", "Wickham"): ({"species": "frother", "hits_torso": 15, "hits_abdomen": 13}, None),           # SL-15
    ("sla", "Stoo"): ({"hits_torso": 21, "hits_abdomen": 19}, None),                                    # SL-16
    ("sla", "Isis"): ({"skills": "Dodge 7"}, "Dodge 7"),                                                # SL-06
    ("sla", "Scum"): ({"skills": "Blade 1h 5"}, "Blade 1h 5"),                                          # SL-06
    ("sla", "Shrike"): ({"skills": "Dodge 8", "dance": "ballet"}, "Dodge 8"),                           # SL-05
    ("sla", "Xeno Stormer"): ({"species": "stormer_711", "hits_abdomen": 10}, None),                    # SL-19
}


def ok(method: str, **request: Any) -> dict[str, Any]:
    response = json.loads(call(method, json.dumps(request)))
    assert response["ok"], response
    result: dict[str, Any] = response["result"]
    return result


SYSTEMS = {system["id"]: system for system in ok("systems")["systems"]}


def block(system: str, name: str) -> dict[str, Any]:
    found = [one for one in SYSTEMS[system]["blocks"] if one["name"] == name]
    assert len(found) == 1, f"{system}: {name!r} is not among the source's blocks once"
    return found[0]


def test_every_block_has_its_text_here_and_every_character_here_is_a_block() -> None:
    kept = {(system_id, one["name"]) for system_id, system in SYSTEMS.items() for one in system["blocks"]}
    assert kept == set(TEXT)
    for system in SYSTEMS.values():
        assert system["blocks"], f"{system['id']}: no source blocks"
        for one in system["blocks"]:
            assert one["source"].startswith("seed 00"), one   # each cites its seed file and section


@pytest.mark.parametrize(("system", "name"), sorted(TEXT))
def test_a_block_reads_without_a_warning_and_holds_the_texts_numbers(system: str, name: str) -> None:
    numbers, reading = TEXT[(system, name)]
    sheet = block(system, name)["sheet"]
    encounter = ok("new", system=system)["encounter"]
    checked = ok("check", encounter=encounter, sheet=sheet)
    assert checked["valid"] is True
    reads = checked.get("read", {})
    assert [warning for read in reads.values() for warning in read["warnings"]] == []
    card = ok("add", encounter=encounter, sheet=sheet)["view"]["roster"][0]
    assert card["name"] == name and not card.get("warnings")
    for field, value in numbers.items():
        held = card["sheet"].get(field)
        if isinstance(value, tuple):
            assert (held["name"], held["notation"]) == value, field
        elif isinstance(value, list):   # (name, notation), or (name, None) where the notation is the GM's
            assert [(one["name"], one["notation"] if want else None) for one, (_, want) in zip(held, value)] == value
            assert len(held) == len(value), field
        elif value is None:
            assert held in (None, "none"), field           # the text says he has none
        else:
            assert held == value, field
    if reading is not None:
        assert any(reading in read["text"] for read in reads.values()), reads


def gear(sheet: dict[str, Any], field: str) -> list[dict[str, str]]:
    value = sheet.get(field)
    pieces = value if isinstance(value, list) else [value] if isinstance(value, dict) else []
    return [piece for piece in pieces if piece.get("name")]


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_a_blocks_gear_named_as_the_sources_is_the_sources_row(system: str) -> None:
    """So the sheet's gear pick shows the block's weapon as the catalog's, not as a piece typed in."""
    catalog = SYSTEMS[system]["catalog"]
    rows = {(kind, row["name"]): row["notation"] for kind, items in catalog.items() if isinstance(items, list)
            for row in items}
    for one in SYSTEMS[system]["blocks"]:
        for field in ("weapons", "armour"):
            for piece in gear(one["sheet"], field):
                assert rows.get((field, piece["name"]), piece["notation"]) == piece["notation"], (one["name"], piece)
