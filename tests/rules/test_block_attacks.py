"""The rules' own stat blocks can fight (issue 48, item 4): every block of every system, added to an encounter with
a second combatant, resolves the system's attack through the API with the block as actor, with the gear and skill
the text gives it, or, where the text gives none, the system's plain attack (a fist, a punch, bare hands) citing the
decision that sets it; a block that cannot attack (a car, an object) says so plainly in its citation. No shot is at
skill 0 (the table's two rounds of SLA misses "against 13").

The attack each block makes is written here from the seeds, not read from the data file."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from rules.api import call

# (system, block) -> (action, extra inputs, the piece it attacks with as the log names it) for blocks whose text gives
# no weapon: the system's plain attack and the decision that sets it.
PLAIN: dict[tuple[str, str], tuple[str, dict[str, Any], str]] = {
    ("typed", name): ("attack", {}, "Fist 0*") for name in ("Bandit", "Perp", "Kerion", "Rocket Risanto")
} | {
    ("megatraveller", name): ("hit", {}, "Fists (1N)") for name in ("Giovanni", "Herr Bartolo", "Typical adult NPC")
} | {
    ("kyod", name): ("hit", {}, "Punch") for name in ("ST 11 character", "ST 10 character in DR 4 armour")
} | {
    ("sla", name): ("melee", {}, "Bare hands")   # Melee as the form starts: "with a weapon", and he has none
    for name in ("Wickham", "Stoo", "Isis", "Shrike", "Xeno Stormer")
}
# Blocks the text gives no attack at all, and no plain attack fits.
NONE = {("megatraveller", "Grazer"), ("megatraveller", "Ground car"), ("megatraveller", "Bitburg Attack Aircraft"),
        ("kyod", "2 lb unliving object")}
# Blocks the text arms: the action and the piece (or, for FUDGE's round, none: the round is the attack).
ARMED: dict[tuple[str, str], tuple[str, dict[str, Any], str | None]] = {
    ("typed", "Cyrus"): ("attack", {}, "Shortsword"), ("typed", "Officer Murphy"): ("attack", {}, "Target Pistol"),
    ("typed", "Arias the Magnificent"): ("attack", {}, "Firebolt"), ("typed", "Artus"): ("attack", {}, "Knife"),
    ("typed", "Kiel"): ("attack", {}, "Knife"),
    ("megatraveller", "Alley thug"): ("hit", {}, "Improvised two-handed club"),
    ("kyod", "ST 10 broadsword fighter"): ("hit", {}, "Broadsword thrust"),
    ("sla", "Max.Rock"): ("shoot", {}, "MAL Anvil"), ("sla", "Fix"): ("shoot", {}, "DN Pistol"),   # "his gun (rank 6)"
    ("sla", "Torn"): ("shoot", {"mode": "auto"}, "WarMonger"), ("sla", "Scum"): ("melee", {}, "Knife"),
} | {("fudge", name): ("round", {}, None)
     for name in ("Snorri", "Brynhild", "Leroy", "Theodora", "Sheba", "Gunner", "Molly", "Annie", "Maggie")}


def answer(method: str, **request: Any) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(call(method, json.dumps(request)))
    return response


def ok(method: str, **request: Any) -> dict[str, Any]:
    response = answer(method, **request)
    assert response["ok"], response
    result: dict[str, Any] = response["result"]
    return result


SYSTEMS = {system["id"]: system for system in ok("systems")["systems"]}
EVERY = sorted((system_id, one["name"]) for system_id, system in SYSTEMS.items() for one in system["blocks"])


def test_every_block_is_written_here_once() -> None:
    written = [*PLAIN, *NONE, *ARMED]
    assert sorted(written) == EVERY


def attack(system_id: str, name: str, action_id: str, extra: dict[str, Any]) -> dict[str, Any]:
    """The block (c1) attacks a second combatant (c2, another of the text's blocks) with the action's defaults."""
    system = SYSTEMS[system_id]
    mine = next(one for one in system["blocks"] if one["name"] == name)
    other = next(one for one in system["blocks"] if one["name"] != name and (system_id, one["name"]) not in NONE)
    encounter = ok("new", system=system_id)["encounter"]
    for one in (mine, other):
        encounter = ok("add", encounter=encounter, sheet=one["sheet"])["encounter"]
    action = next(one for one in system["actions"] if one["id"] == action_id)
    inputs = {one["name"]: one["default"] for one in action["inputs"] if one.get("default") not in (None, "")}
    who = [one["name"] for one in action["inputs"] if one["kind"] == "combatant"]
    inputs |= {who[0]: "c1", who[1]: "c2", **extra}
    return answer("act", encounter=encounter, action=action_id, inputs=inputs, dice="app", seed=7)


@pytest.mark.parametrize(("system", "name"), EVERY)
def test_a_block_attacks_with_what_the_text_or_the_plain_rule_gives_it(system: str, name: str) -> None:
    source = next(one for one in SYSTEMS[system]["blocks"] if one["name"] == name)["source"]
    if (system, name) in NONE:
        assert "no attack" in source, source        # what the stat blocks list shows under its name
        return
    action, extra, piece = PLAIN.get((system, name)) or ARMED[(system, name)]
    if (system, name) in PLAIN:
        assert re.search(r"D-BL-\d", source), source   # the plain attack cites the decision that sets it
    response = attack(system, name, action, extra)
    assert response["ok"], response["error"]
    event = response["result"]["view"]["log"][-1]
    assert event["title"].startswith(f"Round 1: {name} against" if system == "fudge" else name) or \
        f"by {name}'s" in event["title"], event["title"]
    if piece is not None:
        assert piece in event["title"], event["title"]
    if action == "shoot":   # the text's shooters shoot with a rank (bare hands at Unarmed Combat 0 are the text's)
        assert not [step for step in event["steps"] if re.search(r"; [^;:]+ 0: total", step["text"])], event["steps"]


@pytest.mark.parametrize(("system", "name"), sorted(NONE))
def test_a_block_with_no_attack_is_refused_in_plain_words(system: str, name: str) -> None:
    action = SYSTEMS[system]["actions"][0]["id"]
    response = attack(system, name, action, {})
    assert not response["ok"] and response["error"]["kind"] == "bad_field", response
    assert "no weapon" in response["error"]["message"]
