"""The bench's encounters, made by the engine in Python and opened by link (tests/bench.py; the browser tests open some of them too)."""

from __future__ import annotations

from typing import Any


def fighters(attacks: int, *, turns: bool = True) -> Any:
    """A Typed Damage encounter of six fighters and ``attacks`` rolled attacks: each fighter attacking the next in
    turn, or (``turns=False``) Fighter 1 attacking the other five in turn, as they can go on being hit once taken out."""
    from rules.dice import SeededDice
    from rules.encounter import Encounter

    encounter = Encounter.new("typed")
    for n in range(6):
        encounter, _ = encounter.record("add", {"sheet": {
            "name": f"Fighter {n + 1}", "skill": n % 3, "defence": n % 2,
            "weapons": [{"name": "Longsword", "notation": "4-/2+"}], "armour": {"name": "Light Chain", "notation": "-*++"}}})
    for seed in range(attacks):
        attacker, target = (seed % 6 + 1, (seed + 1) % 6 + 1) if turns else (1, seed % 5 + 2)
        inputs = {"attacker": f"c{attacker}", "target": f"c{target}", "margin": "rolled"}
        encounter, _ = encounter.record("action", {"action": "attack", "inputs": inputs}, SeededDice(seed))
    return encounter


def long_evening(events: int) -> Any:
    """A MegaTraveller encounter of ``events`` events, a long evening's fight: six people of different UPPs, blows
    typed in (mostly non-lethal Damage Values 1 to 3, now and then lethal) and two hours of rest after every three,
    each rolled from its own seed. Its events are short enough that 2,000 of them fit in a link (a Typed Damage
    attack's do not: 2,000 of them unpack to more than a link may hold)."""
    from rules.dice import SeededDice
    from rules.encounter import Encounter

    encounter = Encounter.new("megatraveller")
    for number, upp in enumerate(("777777", "8A7987", "FFFFFF", "596A76", "777777", "99A888")):
        encounter, _ = encounter.record("add", {"sheet": {"name": f"Fighter {number + 1}", "upp": upp,
                                                          "weapons": [{"name": "Cudgel", "notation": "2N"}]}})
    seed = 0
    while len(encounter.events) < events:
        seed += 1
        if seed % 4 == 0:
            data: dict[str, Any] = {"action": "time", "inputs": {"hours": 2, "resting": True}}
        else:
            data = {"action": "hit", "inputs": {"attacker": None, "target": f"c{seed % 6 + 1}",
                                                "damage_value": 1 + seed % 3,
                                                "harm": "lethal" if seed % 50 == 0 else "non_lethal"}}
        encounter, _ = encounter.record("action", data, SeededDice(seed))
    return encounter


def sla_three() -> Any:
    from rules.encounter import Encounter

    encounter = Encounter.new("sla")
    for name in ("Kit", "Scum", "Stoo"):
        encounter, _ = encounter.record("add", {"sheet": {"name": name}})
    return encounter.to_dict()


def forty(roster: str) -> Any:
    """Forty MegaTraveller people: all UPP 777777 ("alike"), or each of different Str, Dex and End, a third of them
    without Brawling and the rest with Brawling 1 to 3 ("different")."""
    from rules.encounter import Encounter

    digits = "0123456789ABCDEF"
    encounter = Encounter.new("megatraveller")
    for index in range(40):
        sheet: dict[str, Any] = {"name": f"Guard {index + 1}", "upp": "777777"}
        if roster == "different":
            sheet = {"name": f"Person {index + 1}", "upp": digits[4 + index % 12] + digits[3 + (index * 5) % 13]
                     + digits[2 + (index * 7) % 14] + "777"}
            if index % 3:
                sheet["brawling"] = index % 4
        encounter, _ = encounter.record("add", {"sheet": sheet})
    return encounter
