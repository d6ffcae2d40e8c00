"""What a typed text was read as (rules/reading.py, each system's reading module): ``check`` answers it field by
field, warns where a text matches nothing the engine uses, and the card says the warnings too (issue 36).

The cases are data: for each system, every text its sheet and its actions parse, what the engine must say it read,
and the warnings it must give.  A test checks the table covers every such field of every schema, so a new typed
field without its reading fails here."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.api import call
from rules.readers import READERS
from rules.systems import SYSTEMS

from .helpers import ok

ANVIL = {"name": "MAL Anvil", "notation": "skill Pistol, RNG 20, RCL 5, PEN 4, DAM 6, AD 3, semi"}

# (system, sheet, {path: (words the reading holds, [warnings])}): every parsed sheet field of every system.
SHEETS: list[tuple[str, dict[str, Any], dict[str, tuple[str, list[str]]]]] = [
    ("typed", {"name": "Cyrus", "weapons": [{"name": "Sword", "notation": "3-/2+"}],
               "armour": {"name": "Mail", "notation": "--*+(Ab)"}},
     {"weapons[0]": ("3 dice of slashing, or 2 dice of piercing", []),
      "armour": ("2 slashing, 1 impact, 1 piercing; ablative", [])}),
    ("megatraveller", {"name": "Ana", "upp": "45398C", "weapons": [{"name": "Club", "notation": "3N"}]},
     {"upp": ("Str 4, Dex 5, End 3, Int 9, Edu 8, Soc 12: Life Force 12, Integrity 24", []),
      "weapons[0]": ("Damage Value 3, non-lethal", [])}),
    ("megatraveller", {"name": "Grazer", "kind": "animal", "hits": "9/6"},
     {"hits": ("9/6 × 4: knocked out at 36 hits, killed at 60", [])}),
    ("megatraveller", {"name": "Car", "kind": "vehicle", "hull": "2/5", "power": "1/2", "loco": "1/2"},
     {"hull": ("Hull 2/5 × 40: disabled at 80 hits, destroyed at 280", []),
      "power": ("Power 1/2 × 40: disabled at 40 hits, destroyed at 120", []),
      "loco": ("Loco 1/2 × 40: disabled at 40 hits, destroyed at 120", [])}),
    ("kyod", {"name": "Guard", "st": 12, "armour": "4 + 2", "weapons": [{"name": "Sword", "notation": "sw+1 cut"}]},
     {"armour": ("two layers: DR 4, then DR 2", []), "weapons[0]": ("sw+1 cut: penetration roll 3d+13[+1], cutting", [])}),
    ("kyod", {"name": "Door", "kind": "object", "toughness_from": "weight", "weight": "0.5"},
     {"weight": ("0.5 lb: Toughness", [])}),
    ("kyod", {"name": "Trap", "kind": "object", "weapons": [{"name": "Blade", "notation": "sw+2 cut"}]},
     {"weapons[0]": ("sw+2 cut: swing at the wielder's ST",
                     ["Blade is swing-based: an object has no ST, so it cannot attack with it"])}),
    ("fudge", {"name": "Macer", "weapons": [{"name": "Broadsword", "notation": "size 2, sharp"}],
               "armour": {"name": "Chain", "notation": "+3, magic 1"}},
     {"weapons[0]": ("muscle-powered, size 2 (with Strength and Scale), sharp +1: the weapon adds +3", []),
      "armour": ("armour +3, magic +1: the defensive factor +4", [])}),
    ("sla", {"name": "Cass", "skills": "Pistl 6", "weapons": [ANVIL]},
     {"skills": ("Pistl 6 (nothing in a fight uses it)",
                 ["Pistl: no weapon of this character uses it. Did you mean Pistol?"]),
      "weapons[0]": ("firearm on Pistol 0: RNG 20 m, RCL 5, PEN 4, DAM 6, AD 3; fires single shots, semi-auto",
                     ["MAL Anvil uses Pistol: this character has no Pistol skill and rolls at 0"])}),
    ("sla", {"name": "Max", "skills": "Pistol 6, Marksman 2, Rifle 3, Dodje 2",
             "weapons": [ANVIL, {"name": "Knife", "notation": "skill Blade 1h, PEN 2, DAM 3, handling 2"}],
             "armour": [{"name": "Shiver", "notation": "PV 7, ID 20, DM 1, torso, abdomen"}]},
     {"skills": ("Pistol 6 (MAL Anvil); Marksman 2 (caps the aim bonus); Rifle 3 (no weapon of this character uses "
                 "it); Dodje 2 (nothing in a fight uses it)", ["Dodje: no weapon of this character uses it. Did you mean Dodge?"]),
      "weapons[0]": ("firearm on Pistol 6", []),
      "weapons[1]": ("hand-to-hand on Blade 1h 0: PEN 2, DAM 3, handling 2",
                     ["Knife uses Blade 1h: this character has no Blade 1h skill and rolls at 0"]),
      "armour[0]": ("PV 7, ID 20, DM 1; covers torso, abdomen", [])}),
    ("sla", {"name": "Rook", "skills": "Pistol 6", "weapons": [{"name": "Gun", "notation": "skill Pistl, RNG 20, RCL 5, PEN 4, DAM 6"}]},
     {"weapons[0]": ("firearm on Pistl 0", ["Gun uses Pistl: this character has no Pistl skill and rolls at 0. Did you mean Pistol?"])}),
]

# (system, action, inputs, {path: (words, [warnings])}): every parsed text input of every system's actions.
ACTIONS: list[tuple[str, str, dict[str, Any], dict[str, tuple[str, list[str]]]]] = [
    ("typed", "attack", {"attacker": "", "target": "c1", "hazard": "4E*+(Fire)", "margin": "automatic"},
     {"hazard": ("4 dice of energy (succeeding on blank and +), Fire", [])}),
    ("kyod", "hit", {"attacker": "", "target": "c1", "damage": "6d", "type": "pi", "gun": True, "barriers": "4, 12"},
     {"damage": ("6d pi gun: penetration roll 3d+30[+0], piercing", []), "barriers": ("two barriers: DR 4, then DR 12", [])}),
    ("kyod", "hit", {"attacker": "", "target": "c1", "damage": "3d+20", "type": "cr"},
     {"damage": ("3d+20 cr: penetration roll 3d+35[+0], crushing", [])}),
    ("sla", "grenade", {"how": "floor", "grenade": {"name": "Frag", "notation": "skill Throwing, RNG 10, grenade frag, "
                                                                                 "zone 8, radius 0.5, DAM 10"},
                        "target": "c1", "impact": "0,9"},
     {"grenade": ("Fragmentation grenade thrown on Throwing: RNG 10 m, zone 8 hexes, radius 0.5 m, DAM 10", [])}),
]

# Texts kept as written, which nothing parses: a name, a reason or a ruling's note.
KEPT_AS_WRITTEN = {"name", "reason", "note"}


def _answer(method: str, **request: Any) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(call(method, json.dumps(request)))
    assert response["ok"], response
    result: dict[str, Any] = response["result"]
    return result


def _holds(read: dict[str, Any], expected: dict[str, tuple[str, list[str]]]) -> None:
    for path, (words, warnings) in expected.items():
        assert path in read, (path, read)
        assert words in read[path]["text"], (path, read[path])
        assert read[path]["warnings"] == warnings, (path, read[path])


@pytest.mark.parametrize("system, sheet, expected", SHEETS, ids=[f"{case[0]}-{case[1]['name']}" for case in SHEETS])
def test_a_sheet_says_what_each_typed_text_was_read_as(system: str, sheet: dict[str, Any],
                                                     expected: dict[str, tuple[str, list[str]]]) -> None:
    empty = ok("new", system=system)
    checked = _answer("check", encounter=empty["encounter"], sheet=sheet)
    assert checked["valid"] is True
    _holds(checked["read"], expected)
    assert {path.split("[")[0] for path in checked["read"]} <= set(sheet), "only the fields sent are read back"
    # A warning is not an error: the sheet is added, and its card says every warning, each once, in field order.
    added = ok("add", encounter=empty["encounter"], sheet=sheet)
    card = added["view"]["roster"][0]
    warnings = [warning for _, (_, said) in expected.items() for warning in said]
    assert card.get("warnings", []) == warnings
    assert "warnings" in card or not warnings


@pytest.mark.parametrize("system, action, inputs, expected", ACTIONS, ids=[f"{case[0]}-{case[1]}" for case in ACTIONS])
def test_an_actions_typed_text_says_what_it_was_read_as(system: str, action: str, inputs: dict[str, Any],
                                                      expected: dict[str, tuple[str, list[str]]]) -> None:
    empty = ok("new", system=system)
    target = ok("add", encounter=empty["encounter"], sheet={"name": "Target"})
    checked = _answer("check", encounter=target["encounter"], action=action, inputs=inputs)
    assert checked["valid"] is True
    _holds(checked["read"], expected)


def test_every_parsed_text_of_every_schema_has_a_reading_case() -> None:
    """Each system's sheet and actions: every input typed as text (a notation, gear, a list of gear, a text the
    engine parses) is among the cases above, so no typed field goes without saying what it was read as."""
    covered = {(system, "sheet", path.split("[")[0]) for system, _, expected in SHEETS for path in expected}
    covered |= {(system, action, path.split("[")[0]) for system, action, _, expected in ACTIONS for path in expected}
    typed_fields = set()
    for system in SYSTEMS.values():
        forms = [("sheet", system.sheet_schema())] + [(action["id"], action["inputs"]) for action in system.action_schema()]
        for form, inputs in forms:
            for entry in inputs:
                kind = entry["of"]["kind"] if entry["kind"] == "list" else entry["kind"]
                if kind in ("text", "notation", "gear") and entry["name"] not in KEPT_AS_WRITTEN:
                    typed_fields.add((system.ID, form, entry["name"]))
    assert typed_fields - covered == set()
    assert set(READERS) == set(SYSTEMS)


def test_a_sheet_with_nothing_amiss_has_no_warnings_on_its_card() -> None:
    empty = ok("new", system="sla")
    added = ok("add", encounter=empty["encounter"], sheet={"name": "Max", "skills": "Pistol 6", "weapons": [ANVIL]})
    assert "warnings" not in added["view"]["roster"][0]
    assert ok("check", encounter=empty["encounter"], sheet={"name": "Max"}) == {"valid": True}


def test_an_edit_that_fixes_the_typo_takes_the_warning_off_the_card() -> None:
    empty = ok("new", system="sla")
    added = ok("add", encounter=empty["encounter"], sheet={"name": "Cass", "skills": "Pistl 6", "weapons": [ANVIL]})
    assert added["view"]["roster"][0]["warnings"]
    checked = _answer("check", encounter=added["encounter"], combatant="c1",
                      sheet={"name": "Cass", "skills": "Pistol 6", "weapons": [ANVIL]})
    assert checked["read"]["skills"]["warnings"] == [] and checked["read"]["weapons[0]"]["warnings"] == []
    edited = ok("edit", encounter=added["encounter"], id="c1",
                sheet={"name": "Cass", "skills": "Pistol 6", "weapons": [ANVIL]})
    assert "warnings" not in edited["view"]["roster"][0]


def test_an_input_the_action_does_not_read_is_not_read_back() -> None:
    """A damage typed in while an attacker is chosen is not what the hit uses: no reading claims it is."""
    empty = ok("new", system="kyod")
    one = ok("add", encounter=empty["encounter"], sheet={"name": "Knight", "weapons": [{"name": "Sword", "notation": "sw cut"}]})
    two = ok("add", encounter=one["encounter"], sheet={"name": "Guard"})
    checked = _answer("check", encounter=two["encounter"], action="hit",
                      inputs={"attacker": "c1", "target": "c2", "weapon": 0, "damage": "9q"})
    assert "damage" not in checked.get("read", {})
