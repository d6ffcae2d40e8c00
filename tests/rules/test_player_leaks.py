"""What a player link tells (issue 35, items 13-16): nothing the players may not see, whatever happened.

The adversary decoded player links and found, in the log lines and the widgets' summaries, an NPC's old name after
the game master renamed or removed it (13), an NPC's weapon and its notation in a title (14), SLA's NPCs' Initiative
Totals in the Initiative entry (15) and an NPC's armour in SLA's meters (16). The data-driven cases below are those
four as written; the property plays random encounters in all five systems (players' characters and NPCs with
distinctive names and gear, random actions with seeded dice, turns, conditions, NPCs renamed and removed along the
way) and searches the whole decoded link, in both ``npcs`` modes, for every name an NPC shown as status only ever
had, every weapon and armour name and notation, and every NPC Initiative Total.
"""

from __future__ import annotations

import base64
import json
import random
import re
import zlib
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import player
from rules.dice import SeededDice
from rules.encounter import Encounter
from rules.errors import RulesError
from rules.systems import SYSTEMS
from tests.rules.vocabulary import check_card

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def decoded(encounter: Encounter, players: list[str], npcs: str) -> str:
    """The player link, opened as the page opens it (``read``, which checks it) and as a player who decodes it by
    hand reads it (the JSON text inside)."""
    fragment = player.link(encounter, players, npcs)
    player.read(fragment)
    payload = fragment.split(".", 1)[1]
    return zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))).decode("utf-8")


def added(encounter: Encounter, sheet: dict[str, Any]) -> Encounter:
    encounter, _ = encounter.record("add", {"sheet": {**defaults(encounter), **sheet}})
    return encounter


def defaults(encounter: Encounter) -> dict[str, Any]:
    """A sheet of the system's defaults (its form's), with a text field's example where it has no default."""
    sheet = {}
    for entry in encounter.system.sheet_schema():
        if entry.get("default") is not None:
            sheet[entry["name"]] = entry["default"]
        elif entry["kind"] == "text" and entry.get("example"):
            sheet[entry["name"]] = entry["example"].split(" or ")[0]
    return {key: value for key, value in sheet.items() if key not in ("weapons", "armour")}


def inputs_for(encounter: Encounter, action: dict[str, Any], actor: str, targets: list[str],
               choose: random.Random) -> dict[str, Any]:
    """An action's inputs from its schema: the actor and the targets at the combatant inputs of those roles, the
    actor's first weapon and a mode of it, and for everything else its default or a choice among its values."""
    played = encounter.play()
    inputs: dict[str, Any] = {}
    others = iter(targets)
    for entry in action["inputs"]:
        name, kind = entry["name"], entry["kind"]
        if kind == "combatant":
            who = actor if entry.get("role") == "actor" else next(others, None)
            if who is not None:
                inputs[name] = who
        elif kind == "weapon":
            inputs[name] = 0
        elif kind == "mode":
            weapons = encounter.system.view(played.sheets[actor], played.states[actor], encounter.options)["weapons"]
            if weapons and weapons[0]["modes"]:
                inputs[name] = choose.choice(weapons[0]["modes"])["value"]
        elif kind == "choice" and choose.random() < 0.3:
            inputs[name] = choose.choice(entry["choices"])["value"]
        elif "default" in entry:
            inputs[name] = entry["default"]
        elif kind == "choice":
            inputs[name] = entry["choices"][0]["value"]
        elif kind == "integer":
            inputs[name] = max(entry.get("min", 0), min(entry.get("max", 3), 3))
        elif kind in ("text", "notation") and entry.get("example"):
            inputs[name] = entry["example"]
    return inputs


# -- what each system's combatants carry: distinctive gear, so that any trace of it in a link is found ------------

WEAPONS = {"typed": ["3-/2+", "6*", "4B(AP)"], "megatraveller": ["3N", "2N"],
           "kyod": ["thr+2 imp", "sw+1 cut"], "fudge": ["size 2, sharp", "power 3, auto 20"],
           "sla": ["skill Pistol, RNG 20, RCL 5, PEN 4, DAM 8, AD 3", "skill Pistol, RNG 20, RCL 2, PEN 4, DAM 6, semi",
                   "skill Melee, PEN 2, DAM 4"]}
ARMOUR = {"typed": "BBBB*", "fudge": "+4, magic 1", "sla": "PV 7, ID 30, torso"}
SKILLS = {"sla": {"skills": "Pistol 6, Melee 3, Dodge 2"}}
GEAR_WORDS = ["Qorbrand", "Vexhammer", "Zulpike", "Mirecoat", "Thornvest", "Glimmerplate"]


def armed(system_id: str, weapon: str, notation: str, armour: str) -> dict[str, Any]:
    sheet: dict[str, Any] = {"weapons": [{"name": weapon, "notation": notation}], **SKILLS.get(system_id, {})}
    if system_id == "typed" or system_id == "fudge":
        sheet["armour"] = {"name": armour, "notation": ARMOUR[system_id]}
    elif system_id == "sla":
        sheet["armour"] = [{"name": armour, "notation": ARMOUR[system_id]}]
    return sheet


# -- the random encounter ---------------------------------------------------------------------------------------

PC_NAMES = ["Cyrus", "Ilse", "Marek"]
NPC_NAMES = ["Count Dracula", "Renfield Oakes", "Pale stranger", "Ogrim Vash", "Stoo Fenwick", "Fix Dalloway",
             "Brother Quill", "Lady Nerissa", "Hollow Jack", "Madame Ysolde"]


@dataclass
class Played:
    """The encounter and what the test knows must never reach a player: each NPC's every name, every gear word."""

    encounter: Encounter
    pcs: list[str]
    npcs: list[str]
    names_had: dict[str, list[str]] = field(default_factory=dict)
    gear: list[str] = field(default_factory=list)
    fresh_names: list[str] = field(default_factory=list)


def build(system_id: str, pcs: int, npcs: int, steps: list[tuple[str, int, int, int]], options: Any = None
          ) -> Played:
    encounter = Encounter.new(system_id, options)
    names = list(NPC_NAMES)
    played = Played(encounter, [], [])
    for index in range(pcs + npcs):
        is_pc = index < pcs
        name = PC_NAMES[index] if is_pc else names.pop(0)
        weapon, armour = GEAR_WORDS[index % len(GEAR_WORDS)] + str(index), f"{GEAR_WORDS[-1 - index % 3]}{index}"
        notation = WEAPONS[system_id][index % len(WEAPONS[system_id])]
        played.encounter = added(played.encounter, {"name": name, **armed(system_id, weapon, notation, armour)})
        who = f"c{index + 1}"
        (played.pcs if is_pc else played.npcs).append(who)
        played.gear += [weapon, notation] + ([armour, ARMOUR[system_id]] if system_id in ARMOUR else [])
        if not is_pc:
            played.names_had[who] = [name]
    if system_id == "sla":
        played.gear.append("PV ")           # armour as the game master's card words it: "vest PV 7 ID 30"
    played.fresh_names = names
    actions = played.encounter.system.action_schema()
    for kind, first, second, seed in steps:
        present = played.encounter.play().order
        actor, target = present[first % len(present)], present[second % len(present)]
        try:
            if kind == "act":
                action = actions[seed % len(actions)]
                inputs = inputs_for(played.encounter, action, actor, [target] + [who for who in present
                                                                                 if who not in (actor, target)],
                                    random.Random(seed))
                played.encounter, _ = played.encounter.record("action", {"action": action["id"], "inputs": inputs},
                                                              SeededDice(seed))
            elif kind == "turn":
                move = "next" if played.encounter.play().fight.started else "start"
                played.encounter, _ = played.encounter.record("turn", {"move": move}, SeededDice(seed))
            elif kind == "condition":
                played.encounter, _ = played.encounter.record("condition", {"id": target, "name": "Dazed",
                                                                            "rounds": 1 + seed % 3})
            elif kind == "rename" and target in played.npcs and played.fresh_names:
                new_name = played.fresh_names.pop(0)
                sheet = {**played.encounter.play().sheets[target].to_dict(), "name": new_name}
                played.encounter, _ = played.encounter.record("edit", {"id": target, "sheet": sheet})
                played.names_had[target].append(new_name)
            elif kind == "remove" and target in played.npcs and len(present) > 2:
                played.encounter, _ = played.encounter.record("remove", {"id": target})
            elif kind in ("hide", "reveal"):
                played.encounter, _ = played.encounter.record("hide", {"id": target, "hidden": kind == "hide"})
        except RulesError:
            continue            # an action these combatants cannot take now (out of the fight, the wrong weapon)
    return played


STEPS = st.lists(st.tuples(st.sampled_from(["act"] * 6 + ["turn"] * 2 + ["condition", "rename", "remove"]),
                           st.integers(0, 9), st.integers(0, 9), st.integers(0, 10**6)), min_size=1, max_size=14)


def npc_initiative_totals(played: Played) -> dict[str, set[int]]:
    """Every Initiative Total each NPC has rolled (SLA), read from the game master's log: each roll's step says
    "Fix: dice 12 + INI 8 = 20; ..." (an Initiative action's, or a round's start)."""
    names = {name: who for who, had in played.names_had.items() for name in had}
    totals: dict[str, set[int]] = {}
    for entry in played.encounter.view()["log"]:
        for step in entry["steps"]:
            if step.get("roll", "").startswith("initiative "):
                rolled = re.fullmatch(r"(.+?): dice .*? = (-?\d+);.*", step["text"])
                assert rolled is not None, step["text"]
                if rolled.group(1) in names:
                    totals.setdefault(names[rolled.group(1)], set()).add(int(rolled.group(2)))
    return totals


def assert_tells_nothing_hidden(played: Played, players: list[str], npcs: str) -> None:
    """No name an NPC had before his current one, nor any name of one removed; no weapon or armour, by name or
    notation; no NPC's Initiative Total; nothing of the game master's document."""
    text = decoded(played.encounter, players, npcs)
    present = set(played.encounter.play().order)
    for who, had in played.names_had.items():
        for name in had[:-1] if who in present else had:       # one still here is named as he is now
            assert name not in text, (name, npcs, text)
    for word in played.gear:
        assert word not in text, (word, npcs, text)
    view = json.loads(text)
    theirs = {card["id"] for card in view["roster"] if card["player"]}      # the view's own ids of the players'
    assert len(theirs) <= len(players)      # a hidden one is not in the view at all
    for entry in view["fight"]["order"]:
        assert "label" not in entry or entry["id"] in theirs, entry
    for who, totals in npc_initiative_totals(played).items():
        for name in played.names_had[who]:
            for total in totals:
                for said in (f"{name} {total}", f"{name} ({total}", f"{name}: {total}", f"{name} (Initiative"):
                    assert said not in text, (said, text)
    for key in ('"steps"', '"dice"', '"sheet"', '"notation"', '"tap"', '"events"'):
        assert key not in text, (key, text)


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
@SETTINGS
@given(pcs=st.integers(1, 2), npcs=st.integers(1, 4), steps=STEPS, shown=st.integers(0, 3))
def test_no_player_link_tells_a_hidden_name_gear_or_an_npcs_initiative(system_id: str, pcs: int, npcs: int,
                                                                        steps: list[tuple[str, int, int, int]],
                                                                        shown: int) -> None:
    played = build(system_id, pcs, npcs, steps)
    present = played.encounter.play().order
    players = [who for index, who in enumerate(played.pcs) if who in present and (shown >> index) & 1]
    for npcs_mode in player.NPC_DETAIL:
        assert_tells_nothing_hidden(played, players, npcs_mode)


# -- the adversary's four findings, as written ------------------------------------------------------------------

def typed_fight(npc: str, weapon: dict[str, str] | None = None) -> Encounter:
    """Cyrus (the players' character) and one NPC, each with a weapon."""
    encounter = added(Encounter.new("typed"), {"name": "Cyrus", "weapons": [{"name": "Sword", "notation": "3-/2+"}]})
    return added(encounter, {"name": npc, "weapons": [weapon or {"name": "Fangs", "notation": "3+"}]})


def attack(encounter: Encounter, attacker: str, target: str, seed: int) -> Encounter:
    encounter, _ = encounter.record("action", {"action": "attack", "inputs": {
        "attacker": attacker, "target": target, "weapon": 0, "margin_of_success": 2}}, SeededDice(seed))
    return encounter


def test_item_13_a_renamed_npcs_old_name_is_not_in_the_log() -> None:
    """"Cyrus attacks Count Dracula..." stayed after the game master renamed him "Pale stranger"."""
    encounter = attack(typed_fight("Count Dracula"), "c1", "c2", 1)
    assert "Count Dracula" in encounter.view()["log"][-1]["title"]          # the game master's log says it
    sheet = {**encounter.play().sheets["c2"].to_dict(), "name": "Pale stranger"}
    encounter, _ = encounter.record("edit", {"id": "c2", "sheet": sheet})
    for npcs in player.NPC_DETAIL:
        text = decoded(encounter, ["c1"], npcs)
        assert "Count Dracula" not in text and "Dracula" not in text, text
        assert "Attack: Cyrus \u2192 Pale stranger" in [entry["title"] for entry in json.loads(text)["log"]]


def test_item_13_a_removed_npcs_name_is_not_in_the_log() -> None:
    encounter = attack(attack(typed_fight("Count Dracula"), "c1", "c2", 1), "c2", "c1", 2)
    encounter, _ = encounter.record("remove", {"id": "c2"})
    for npcs in player.NPC_DETAIL:
        text = decoded(encounter, ["c1"], npcs)
        assert "Dracula" not in text, text
        titles = [entry["title"] for entry in json.loads(text)["log"]]
        assert titles == [f"Attack: Cyrus \u2192 {player.GONE}", f"Attack: {player.GONE} \u2192 Cyrus"], titles


def test_item_14_an_npcs_weapon_and_notation_are_not_in_a_title() -> None:
    """"Ogre attacks Cyrus with Club 6*": only a bracketed part was stripped."""
    encounter = attack(typed_fight("Ogre", {"name": "Club", "notation": "6*"}), "c2", "c1", 3)
    assert "Club 6*" in encounter.view()["log"][-1]["title"]
    for npcs in player.NPC_DETAIL:
        text = decoded(encounter, ["c1"], npcs)
        assert "Club" not in text and "6*" not in text, text
        assert json.loads(text)["log"][-1]["title"] == "Attack: Ogre \u2192 Cyrus"


def sla_crew() -> Encounter:
    """Vev (the players' character), Fix and Stoo (NPCs), Fix in a vest."""
    encounter = Encounter.new("sla")
    for name, armour in (("Vev", []), ("Fix", [{"name": "vest", "notation": "PV 7, ID 30, torso"}]), ("Stoo", [])):
        encounter = added(encounter, {"name": name, "armour": armour})
    return encounter


def test_item_15_the_initiative_entry_carries_no_npcs_initiative_total() -> None:
    """The Initiative outcome listed "Vev 31, Fix 29, Stoo 23", which the order labels hide."""
    encounter, report = sla_crew().record("action", {"action": "initiative", "inputs": {}}, SeededDice(7))
    totals = dict(pair.rsplit(" ", 1) for pair in report.outcome.split(", "))
    assert set(totals) == {"Vev", "Fix", "Stoo"}                            # the game master's outcome lists all
    for npcs in player.NPC_DETAIL:
        text = decoded(encounter, ["c1"], npcs)
        for name in ("Fix", "Stoo"):
            assert f"{name} {totals[name]}" not in text, text
        assert json.loads(text)["log"][-1]["title"] == "Initiative"


def test_item_16_an_npcs_armour_is_not_in_the_meters_or_the_diagram() -> None:
    """With NPC tracks shown, Fix's meters said "Torso: 16 of 16; vest PV 7 ID 30"."""
    encounter = sla_crew()
    gm = next(card for card in encounter.view()["roster"] if card["name"] == "Fix")
    assert "vest PV 7 ID 30" in json.dumps(gm["widgets"])                  # the game master sees it
    text = decoded(encounter, ["c1"], "tracks")
    fix = next(card for card in json.loads(text)["roster"] if card["name"] == "Fix")
    assert [widget["kind"] for widget in fix["widgets"]] == ["hexes", "track", "meters"]
    assert "vest" not in text and "PV" not in text and "ID 30" not in text, text
    meters = next(widget for widget in fix["widgets"] if widget["kind"] == "meters")
    assert meters["items"][1]["summary"] == "Torso: 16 of 16"


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
def test_every_systems_player_widgets_are_its_wound_widgets_without_taps(system_id: str) -> None:
    """The players' widgets are drawn by the same renderer as the game master's: the same kinds and shapes, less
    what players may not see (a tap that opens an action, what marked a box beyond a wound)."""
    played = build(system_id, 1, 1, [("act", 1, 0, seed) for seed in range(6)])
    state = played.encounter.play()
    for who in state.order:
        system = played.encounter.system
        gm = [widget["kind"] for widget in system.view(state.sheets[who], state.states[who],
                                                       played.encounter.options)["widgets"]
              if widget["kind"] in player.WOUND_WIDGETS]
        widgets = system.player_widgets(state.sheets[who], state.states[who], played.encounter.options)
        assert [widget["kind"] for widget in widgets] == gm
        assert '"tap"' not in json.dumps(widgets)
        check_card({"id": who, "name": "x", "status": {"text": "Unhurt", "severity": "ok"}, "can_act": False,
                    "fallen": False, "widgets": widgets, "weapons": [], "sheet": {}})          # the shapes the page's renderer draws
