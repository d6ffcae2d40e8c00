"""The examples in docs/api.md, each the answer of a real call: the methods every system shares (shown on Typed
Damage), each system's own actions, running the fight, and an error.  docs/generate_api.py writes them around its
prose; a function here returns its part of the page as Markdown.

An answer is shown as :func:`section` prints it: an encounter document as ``<encounter>``, lists cut to their first
``KEEP_ITEMS`` items and long texts to 80 characters, each marked "…"; nothing else is edited.
"""

from __future__ import annotations

import json
from typing import Any

from rules.api import call

KEEP_ITEMS = 3
ENCOUNTER = "<encounter>"


def request(method: str, body: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(call(method, json.dumps(body)))
    return answer


def shorten(value: Any, depth: int = 0) -> Any:
    if isinstance(value, dict):
        if {"format", "system", "events"} <= set(value):
            return ENCOUNTER
        return {key: shorten(item, depth + 1) for key, item in value.items()}
    if isinstance(value, list):
        kept = [shorten(item, depth + 1) for item in value[:KEEP_ITEMS]]
        return kept + ["…"] if len(value) > KEEP_ITEMS else kept
    if isinstance(value, str) and len(value) > 90:
        return value[:80] + "…"
    return value


def section(method: str, words: str, body: dict[str, Any], answer: dict[str, Any] | None = None) -> str:
    answer = answer if answer is not None else request(method, body)
    shown = {key: (ENCOUNTER if key == "encounter" else value) for key, value in body.items()}
    return (f"## `{method}`\n\n{words}\n\n```sh\npython3 -m rules call {method} '{json.dumps(shown, ensure_ascii=False)}'\n```\n\n"
            f"```json\n{json.dumps(shorten(answer), indent=1, ensure_ascii=False)}\n```\n")


def ok(method: str, **body: Any) -> dict[str, Any]:
    """A call that must succeed: its result."""
    answer = request(method, body)
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


def methods() -> str:
    """The methods every system shares, shown on Typed Damage: Cyrus and the bandit of the notes' worked example."""
    empty = ok("new", system="typed")["encounter"]
    one = ok("add", encounter=empty, sheet={"name": "Cyrus", "skill": 1, "weapons": [{"name": "Shortsword", "notation": "3-/2+"}]})
    two = ok("add", encounter=one["encounter"], sheet={"name": "Bandit", "armour": {"name": "Leather", "notation": "+-*"}})
    duel = two["encounter"]
    attack = {"attacker": "c1", "target": "c2", "margin": "typed", "margin_of_success": 2}
    hit = ok("act", encounter=duel, action="attack", inputs=attack, dice="given", faces={"damage": "[-][ ][ ][+]"})
    parts: list[str] = []
    parts.append(section("systems", "Every registered system: its options (with the decision each default applies), "
                         "its sheet, its actions, its catalog and the source text's own stat blocks (`blocks`: every named character, "
                         "creature or vehicle the text gives numbers for, as a sheet, with `source` citing where), so the "
                         "page builds its forms without knowing the rules.", {}))
    parts.append(section("catalog", "A system's sample weapons and armour, each citing its source.", {"system": "typed"}))
    parts.append(section("new", "A new, empty encounter for a system, with options (defaults where left out).",
                         {"system": "typed", "options": {"track": "A"}}))
    parts.append(section("add", "Add a combatant from a sheet; the sheet is checked and an error names its field.",
                         {"encounter": one["encounter"], "sheet": {"name": "Bandit", "armour": {"name": "Leather", "notation": "+-*"}}}))
    parts.append(section("add", "With `count`, several at once in one event (one undo takes them all back), numbered "
                         "on from any of that name already there; with `hidden`, hidden from the players' view "
                         "(their roster entries say `\"hidden\": true`); with `group` (and a `count` over 1), sharing "
                         "one initiative roll: Initiative for all, and a round's start that rolls initiative, roll once "
                         "for them (rules/initiative.py).",
                         {"encounter": duel, "sheet": {"name": "Bandit"}, "count": 3, "hidden": True}
                         ).replace("## `add`", "### `add`: several, hidden"))
    parts.append(section("hide", "Hide a combatant from the players' view (`hidden`: true, the default) or reveal him "
                         "(`hidden`: false). Logged and undoable; hiding one already hidden is refused.",
                         {"encounter": duel, "id": "c2", "hidden": True}))
    parts.append(section("edit", "Replace a combatant's sheet; wounds stay. Logged and undoable.",
                         {"encounter": duel, "id": "c2", "sheet": {"name": "Bandit", "armour": {"name": "Chainmail", "notation": "---*++"}}}))
    parts.append(section("duplicate", "Add a copy of a combatant under the next free number (\"Bandit\" gives \"Bandit 2\").",
                         {"encounter": duel, "id": "c2"}))
    parts.append(section("remove", "Remove a combatant. Logged and undoable.", {"encounter": duel, "id": "c1"}))
    parts.append(section("act", "Resolve an action. `dice` is `\"app\"` (the app rolls whatever `faces` lacks, from `seed` "
                         "if given) or `\"given\"` (faces typed in at the table; see Dice on demand). The faces used are "
                         "recorded in the event. Here the bandit's worked example, with the damage dice typed in:",
                         {"encounter": duel, "action": "attack", "inputs": attack, "dice": "given", "faces": {"damage": "[-][ ][ ][+]"}}))
    parts.append(section("act", "With typed dice and no faces yet, an opposed attack first asks for the attack roll:",
                         {"encounter": duel, "action": "attack", "inputs": {"attacker": "c1", "target": "c2", "margin": "rolled"},
                          "dice": "given"}).replace("## `act`", "### `act` asking for dice"))
    parts.append(section("check", "Check what a person is typing before they press Add or Roll; nothing is changed "
                         "or recorded, and it takes well under a millisecond on a small encounter. With `sheet`, the "
                         "sheet is checked as `add` would check it (as `edit` would, with `combatant`, the id of the "
                         "combatant being edited); with `action` and `inputs`, the inputs are checked as `act` would "
                         "check them (the action is tried with no dice, up to its first roll, and thrown away). The "
                         "answer is `{\"valid\": true}`, or the error the button would give, with `field` naming "
                         "the input at fault. A valid answer also says what each typed text it parses was read as: "
                         "`read` maps the field's path, as an error names it (`skills`, `weapons[0]`, `damage`), to "
                         "`{\"text\", \"warnings\"}`, the text in the engine's words and a list of plain sentences "
                         "where it matches nothing the engine uses (a warning, not an error: the button still works); "
                         "of a sheet, only the fields sent; `read` is left out when nothing typed is parsed. The page "
                         "draws it under the field (`read-NAME`, `read-LIST-I` for a list's row):",
                         {"encounter": duel, "action": "attack", "inputs": {**attack, "margin_of_success": 0}}))
    parts.append(section("check", "A sheet typed so far:", {"encounter": duel, "sheet": {
        "name": "Bandit", "armour": {"name": "Leather", "notation": "+-*"}}, "combatant": "c2"}).replace(
        "## `check`", "### `check`: a sheet"))
    parts.append(section("odds", "The exact distribution of an action's outcomes before rolling.",
                         {"encounter": duel, "action": "attack", "inputs": attack}))
    parts.append(section("undo", "Step back one event (the log keeps it for redo). Here the caller holds the 3 log "
                         "entries of the encounter it sends, so none is sent again.",
                         {"encounter": hit["encounter"], "log_held": 3}))
    undone = ok("undo", encounter=hit["encounter"])["encounter"]
    parts.append(section("redo", "Step forward again.", {"encounter": undone}))
    parts.append(section("view", "Check an encounter (from local storage) and return it with its view.", {"encounter": duel}))
    parts.append(section("set_options", "Change the options; refused once the first action is resolved.",
                         {"encounter": duel, "options": {"track": "B"}}))
    parts.append(section("share", "The link fragment that carries the whole encounter.", {"encounter": hit["encounter"]}))
    parts.append(section("open_link", "The encounter in a share link, checked by replaying it.", {"link": hit["fragment"]}))
    parts.append(section("open_file", "The encounter in a saved file's text (the share dialog's \"Save as a file\"), "
                         "checked the same way.", {"text": json.dumps(duel)}))
    return "\n".join(parts)


def megatraveller() -> str:
    """MegaTraveller's actions: Herr Bartolo's club hit asked for one roll at a time, odds, Compare, recovery."""
    encounter = ok("new", system="megatraveller")["encounter"]
    for sheet in ({"name": "Thug", "kind": "person", "upp": "777777", "weapons": [{"name": "Club", "notation": "3N"}]},
                  {"name": "Herr Bartolo", "kind": "person", "upp": "45398C"},
                  {"name": "Ground car", "kind": "vehicle", "hull": "2/5", "power": "1/2", "loco": "1/2"}):
        encounter = ok("add", encounter=encounter, sheet=sheet)["encounter"]
    club = {"attacker": "c1", "target": "c2", "weapon": 0}
    parts = ["## MegaTraveller\n\nA person's chart is marked point by point; each stun or consciousness roll is asked "
             "for the moment a row fills (or at the last point), so typed dice come one roll at a time. The card "
             "draws the chart as a `grid`; NPCs, animals and vehicles use `meters`, and a vehicle's card lists its "
             "records as `parts` for the `part` input.\n"]
    parts.append(section("act", "Herr Bartolo's example: the club's 3 Damage Dice are typed in (11 points); the first "
                         "row fills and the stun roll is asked for:",
                         {"encounter": encounter, "action": "hit", "inputs": club, "dice": "given",
                          "faces": {"damage": "5 3 3"}}).replace("## `act`", "### `act`: a roll asked for as it is reached"))
    parts.append(section("act", "With the stun roll typed in (11 against 10+), the second stun roll needs 13+: an "
                         "automatic failure, so no dice are asked for, and the final roll is skipped:",
                         {"encounter": encounter, "action": "hit", "inputs": club, "dice": "given",
                          "faces": {"damage": "5 3 3", "stun 1": "5 6"}}).replace("## `act`", "### `act`: the hit resolved"))
    parts.append(section("odds", "The odds of the club hit on Herr Bartolo, including the chain of stun rolls:",
                         {"encounter": encounter, "action": "hit", "inputs": club}).replace("## `odds`", "### `odds`: a hit"))
    parts.append(section("odds", "Compare (an action whose `verb` is null): one weapon against the roster and the "
                         "text's own examples, as expected hits to knock out and to kill or destroy:",
                         {"encounter": encounter, "action": "compare", "inputs": {"attacker": None, "damage_value": 3,
                                                                                 "harm": "lethal"}}
                         ).replace("## `odds`", "### `odds`: Compare"))
    parts.append(section("odds", "Compare with a budget of no time: one piece of work is done, and the answer says "
                         "what is left; the same request again goes on from there:",
                         {"encounter": encounter, "action": "compare", "budget_ms": 0,
                          "inputs": {"attacker": None, "damage_value": 5, "harm": "lethal"}}
                         ).replace("## `odds`", "### `odds`: Compare, a piece at a time"))
    return "\n".join(parts)


def kyod() -> str:
    """Know Your Own Damage: the text's ST 10, DR 4, penetration 30 example, a cascade asked for, odds, a check."""
    encounter = ok("new", system="kyod")["encounter"]
    for sheet in ({"name": "Guard", "kind": "character", "st": 10, "armour": "4"},
                  {"name": "Knight", "kind": "character", "st": 10,
                   "weapons": [{"name": "Broadsword", "notation": "thr+2 imp"}]}):
        encounter = ok("add", encounter=encounter, sheet=sheet)["encounter"]
    typed = {"attacker": "", "target": "c1", "attack": "3d+20[+0]", "location": "torso"}
    first = ok("act", encounter=encounter, action="hit", inputs=typed, dice="given", faces={"penetration": "3 3 4"})
    parts = ["## Know Your Own Damage\n\nDamage is on the LogD scale; a hit is one 3d6 penetration roll, read on the "
             "target's Armoured wound threshold table, which its card shows as a `table` with the effect of each "
             "level and the wounds held. A wound at a level already held may cascade, one 1d roll at a time "
             "(`cascade 1`, `cascade 2`, ...). The system's `tables` are the LogD, Addition and Subtraction tables, "
             "the attack stats and the default wound effects.\n"]
    parts.append(section("act", "The text's example: penetration 30 (3d6 rolled 10) against ST 10 with DR 4 is "
                         "level 4 on the Armoured table:",
                         {"encounter": encounter, "action": "hit", "inputs": typed, "dice": "given",
                          "faces": {"penetration": "3 3 4"}}).replace("## `act`", "### `act`: a hit"))
    parts.append(section("act", "The same hit again finds level 4 held, so the cascade roll is asked for:",
                         {"encounter": first["encounter"], "action": "hit", "inputs": typed, "dice": "given",
                          "faces": {"penetration": "3 3 4"}}).replace("## `act`", "### `act`: a cascade asked for"))
    parts.append(section("act", "With the cascade die typed in (5: up to level 5), the steps say that cascading does "
                         "not make it a major wound, and the headline (`outcome`) names only what the steps applied:",
                         {"encounter": first["encounter"], "action": "hit", "inputs": typed, "dice": "given",
                          "faces": {"penetration": "3 3 4", "cascade 1": "5"}}).replace(
        "## `act`", "### `act`: a cascade answered"))
    parts.append(section("check", "A damage text checked as it is typed, before Roll: the error names the input.",
                         {"encounter": encounter, "action": "hit", "inputs": {
                             "attacker": "", "target": "c1", "damage": "9d pi gun", "type": "cr"}}).replace(
        "## `check`", "### `check`: a damage text"))
    parts.append(section("odds", "The odds of the knight's broadsword on the wounded guard, cascades included:",
                         {"encounter": first["encounter"], "action": "hit",
                          "inputs": {"attacker": "c2", "target": "c1", "weapon": 0}}).replace("## `odds`", "### `odds`: a hit"))
    return "\n".join(parts)


def fudge() -> str:
    """FUDGE: the text's Snorri and Brynhild (section 4.7), a round asked for roll by roll, a stance round, odds."""
    snorri = {"name": "Snorri", "offense": 2, "defense": 2, "strength": 1, "damage_capacity": 1,
              "weapons": [{"name": "Magic sword", "notation": "size 2, sharp, magic 1"}],
              "armour": {"name": "Heavy leather", "notation": "+2"}}
    brynhild = {"name": "Brynhild", "role": "major", "offense": 1, "defense": 1, "strength": 2, "shield": "medium",
                "weapons": [{"name": "Axe", "notation": "size 2, sharp"}],
                "armour": {"name": "Heavy leather", "notation": "+2"}}
    encounter = ok("new", system="fudge", options={"damage_roll": "situational_limited"})["encounter"]
    for sheet in (snorri, brynhild):
        encounter = ok("add", encounter=encounter, sheet=sheet)["encounter"]
    duel = {"fighter": "c1", "foe": "c2"}
    parts = ["## FUDGE\n\nChapter 4 is a menu: the pacing (simultaneous rounds, alternating turns, story elements), the "
             "wound method, the damage roll and the wound record are options of the encounter, and the actions on "
             "offer follow the pacing (each action's `when` names the option). A round rolls 4dF for each fighter "
             "(`fighter`, `foe`, `foe2`, ...; `npcs` when the NPCs share one 2dF roll) and then a damage roll for each "
             "blow that lands (`damage` for the fighter's, `damage_foe`, ... for the foes'), each asked for when it is "
             "reached. A card's `track` holds in each marked box the kind of wound it holds (`mark`), so a Hurt wound "
             "moved up into an Incapacitated box reads \"H\".\n"]
    parts.append(section("act", "The text's example, round 1: Snorri's Great less one for Brynhild's shield, rolling "
                         "+1, against Brynhild's Good rolling \u22121; the damage roll is asked for once the blow lands:",
                         {"encounter": encounter, "action": "round", "inputs": duel, "dice": "given",
                          "faces": {"fighter": "+0+-", "foe": "-000"}}).replace("## `act`", "### `act`: a damage roll asked for"))
    parts.append(section("act", "With the damage roll typed in (\u22122, with the limitations), damage 5 becomes 3: "
                         "Hurt, in Brynhild's Hurt box:",
                         {"encounter": encounter, "action": "round", "inputs": duel, "dice": "given",
                          "faces": {"fighter": "+0+-", "foe": "-000", "damage": "--00"}}
                         ).replace("## `act`", "### `act`: a round resolved"))
    stances = ok("new", system="fudge", options={"stances": "on"})["encounter"]
    for sheet in (snorri, brynhild):
        stances = ok("add", encounter=stances, sheet=sheet)["encounter"]
    parts.append(section("act", "With stances, each result splits into an offense and a defense, and both may hit:",
                         {"encounter": stances, "action": "round", "dice": "given",
                          "inputs": {**duel, "stance": "2", "foes_stance": "1"},
                          "faces": {"fighter": "0000", "foe": "+000"}}).replace("## `act`", "### `act`: a round with stances"))
    parts.append(section("odds", "The odds of a round: the relative degree, and what each fighter is left as:",
                         {"encounter": encounter, "action": "round", "inputs": duel}).replace("## `odds`", "### `odds`: a round"))
    return "\n".join(parts)


def sla() -> str:
    """SLA Industries: an aimed shot asked for roll by roll (the three named dice, then the direction die), odds."""
    encounter = ok("new", system="sla")["encounter"]
    for sheet in ({"name": "Max.Rock", "str": 8, "dex": 6, "skills": "Pistol 6, Marksman 2",
                   "weapons": [{"name": "MAL Anvil", "notation": "skill Pistol, RNG 20, RCL 5, PEN 4, DAM 8, AD 3"}]},
                  {"name": "Scum", "phys": 6, "armour": [{"name": "Shiver", "notation": "PV 7, ID 20, torso, abdomen"}]}):
        encounter = ok("add", encounter=encounter, sheet=sheet)["encounter"]
    shot = {"attacker": "c1", "target": "c2", "weapon": 0, "aim": "0,3", "aims": 3, "distance": 15}
    parts = ["## SLA Industries\n\nEvery roll is three dice with roles, asked for together and named in the prompt "
             "(`names`: Success die, Penetration die, Damage die) and in the step that shows them. A shot is aimed at a "
             "hex of the body diagram (the `hex` input, `\"q,r\"`); a hit deviates by its Hit Spread in the direction "
             "of a separate `direction` die, asked for only when the spread is more than 0. Knockback asks for a PHYS "
             "roll (`knockback` or `conscious`), a Vevaphon's hit a CONC roll (`conc`). The card draws the body as "
             "`hexes` (each location's state, the last shot's aim and landing), the Incap and bruising `track`, and "
             "each location's Hits and armour as `meters`.\n"]
    parts.append(section("act", "Max.Rock's aimed shot at Scum's Torso: the three dice are asked for together, each "
                         "by its role:", {"encounter": encounter, "action": "shoot", "inputs": shot, "dice": "given",
                                          "faces": {}}).replace("## `act`", "### `act`: the three dice asked for"))
    parts.append(section("act", "With the dice typed in (Success 1, Penetration 3, Damage 5: a hit whose spread of 1 "
                         "needs the direction die), the direction die is asked for next:",
                         {"encounter": encounter, "action": "shoot", "inputs": shot, "dice": "given",
                          "faces": {"attack": "1 3 5"}}).replace("## `act`", "### `act`: the direction die asked for"))
    parts.append(section("act", "The direction die (6: up) keeps it in the Torso; 7 penetrates PV 7, and 13 damage "
                         "less the PV does 6:", {"encounter": encounter, "action": "shoot", "inputs": shot,
                                                  "dice": "given", "faces": {"attack": "1 3 5", "direction": "6"}}
                         ).replace("## `act`", "### `act`: a shot resolved"))
    parts.append(section("check", "A sheet whose skill is misspelt: it is valid, and `read` says that the skill matches "
                         "no weapon and that the pistol would roll at 0:", {"encounter": encounter, "sheet": {
                             "name": "Cass", "skills": "Pistl 6", "weapons": [
                                 {"name": "MAL Anvil", "notation": "skill Pistol, RNG 20, RCL 5, PEN 4, DAM 6, AD 3"}]}}
                         ).replace("## `check`", "### `check`: what a sheet was read as"))
    parts.append(section("odds", "The odds of the shot over the 216 faces of the three dice and the six of the "
                         "direction die: where it lands, the damage to Incap, and what follows:",
                         {"encounter": encounter, "action": "shoot", "inputs": shot}).replace("## `odds`",
                                                                                             "### `odds`: a shot"))
    return "\n".join(parts)


def fight() -> str:
    """Running the fight: turns, rounds, conditions and notes, the same for every system."""
    encounter = ok("new", system="sla")["encounter"]
    for sheet in ({"name": "Max.Rock"}, {"name": "Scum"}):
        encounter = ok("add", encounter=encounter, sheet=sheet)["encounter"]
    started = ok("turn", encounter=encounter, move="start", dice="given",
                 faces={"initiative c1": "6 5 4", "initiative c2": "1 2 3"})["encounter"]
    parts = ["## Running the fight\n\nThe fight is run the same way in every system; each system says where its order "
             "comes from (initiative rolled as each round begins, or the order the combatants were added, which the game "
             "master may change), how many phases a round has, who cannot act (skipped, and said so), and what the end "
             "of a turn, a phase and a round does. The view's `fight` says the round, the phase, whose turn it is "
             "(`current`), this phase's order with where each combatant stands in it, and a `hint` of what the rules "
             "ask of the one whose turn it is (or, when it is nobody's turn and turns are held, that they can act now). "
             "Each card carries its `conditions` and `note`.\n"]
    parts.append(section("turn", "Start the fight: round 1 begins, which in SLA Industries rolls every Initiative Total, "
                         "dice on demand as for `act`:", {"encounter": encounter, "move": "start", "dice": "given"}))
    parts.append(section("turn", "Next: the current turn ends and the next combatant's begins; past the end of a phase "
                         "or a round, its end is applied (SLA's bleeding in phase 3) and logged. `delay` holds the "
                         "current combatant's turn, `act` (with `id`) takes a delayed turn now, `order` (with every "
                         "combatant's id) sets the order by hand, and `end` ends the fight.",
                         {"encounter": started, "move": "next"}).replace("## `turn`", "### `turn`: next"))
    parts.append(section("condition", "Give a combatant a condition, counted down as each round ends (`rounds` left out: "
                         "until removed); `change: \"remove\"` with `index` takes one away.",
                         {"encounter": started, "id": "c2", "name": "Blinded", "rounds": 2}))
    parts.append(section("condition", "A condition a turn ends: `ends` is `start` or `end` of `by`'s turn (by default "
                         "the holder's), counted as that moment passes; the card's entry says when in `lasts`, and "
                         "the log says when it ends.",
                         {"encounter": started, "id": "c2", "name": "Dodging", "rounds": 1, "ends": "end", "by": "c1"})
                 .replace("## `condition`", "### `condition`: until a turn's start or end"))
    typed = ok("new", system="typed")["encounter"]
    for sheet in ({"name": "Artus", "skill": 1}, {"name": "Kiel"}):
        typed = ok("add", encounter=typed, sheet=sheet)["encounter"]
    parts.append(section("turn", "Initiative for all, where the order is set by hand (the view's `fight.initiative` "
                         "says what is rolled, \"\" where it is not offered): every combatant able to act rolls, in one "
                         "event, and the order follows.",
                         {"encounter": typed, "move": "initiative", "dice": "given",
                          "faces": {"initiative c1": "0 0 + -", "initiative c2": "+ + 0 0"}})
                 .replace("## `turn`", "### `turn`: initiative for all"))
    parts.append(section("note", "A combatant's note (an empty text clears it).",
                         {"encounter": started, "id": "c2", "text": "Hides behind the crates."}))
    parts.append(section("player_link", "The players' view as a link of its own (`p1.`): the round, whose turn, the "
                         "order, wounds and conditions, and the latest log entries, each written for the players from "
                         "what they may see (what was done, by whom and to whom as they are named now, and how each "
                         "combatant it changed stands); `players` (their characters, shown in full) and `npcs` "
                         "(`tracks`: the others' wound widgets; `status`: only wounded or down). It carries no events, "
                         "sheets, stats, gear, notations, notes, steps, dice or the others' Initiative Totals. "
                         "Nothing in it counts the hidden: its combatants carry ids of its own (`p1`, `p2`), its log "
                         "entries are numbered among themselves, and a copy numbered among hidden ones is numbered "
                         "afresh among those seen. A condition a turn ends says so in `lasts`, as on the game "
                         "master's card, unless whose turn ends it is hidden. Every text in it has a bound (a log "
                         "entry's title 400 characters, its outcome 2,000, a status or phase 80, a condition's "
                         "`lasts` 200, any text of a wound widget 200; a card's widgets hold at most 1,000 list items "
                         "all told): the view cuts its own texts to fit, with \u2026, and a link past a bound is "
                         "refused as damaged by both readers.",
                         {"encounter": started, "players": ["c1"], "npcs": "status"}))
    shown = ok("player_link", encounter=started, players=["c1"], npcs="status")["fragment"]
    parts.append(section("open_player", "A players' view from its link, checked, for the page to draw read-only.",
                         {"link": shown}))
    return "\n".join(parts)


def errors() -> str:
    """A bad notation, answered as data and named at its field."""
    empty = ok("new", system="typed")["encounter"]
    return ("## Errors\n\nA bad notation is named at its field, in plain words:\n\n```json\n" + json.dumps(
        request("add", {"encounter": empty, "sheet": {"name": "Ogre", "weapons": [{"name": "Club", "notation": "3Q"}]}}),
        indent=1, ensure_ascii=False) + "\n```\n")
