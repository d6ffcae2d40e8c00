#!/usr/bin/env python3
"""Write docs/api.md from real calls, so every example in it is an answer the engine gives today.

    python3 docs/generate_api.py          rewrite docs/api.md
    python3 docs/generate_api.py --check  exit 1 if docs/api.md is not what this script writes

Long answers are shortened (lists cut to their first items, marked "…"); nothing else is edited.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.api import METHODS, call  # noqa: E402

OUT = ROOT / "docs" / "api.md"
KEEP_ITEMS = 3
ENCOUNTER = "<encounter>"

INTRO = """# The Woundbook API

One entry point serves the page and the terminal: a method name and a JSON request in, a JSON response out.

- In the page: `woundbook.call(method, jsonText)` through `web/js/engine.js` (`engine.call(method, object)`), which \
calls `rules.api.call` in Pyodide.
- In a terminal: `python3 -m rules call METHOD 'JSON'` (or `-` to read the JSON from standard input). It prints the \
response; the exit status is 0 when `ok` is true, 1 otherwise.

Every response is `{"ok": true, "result": {...}}` or `{"ok": false, "error": {"kind", "message", "field"}}`. Errors \
are data, never exceptions: `kind` is one of `bad_field`, `bad_notation`, `bad_dice`, `bad_link`, `bad_encounter`, \
`too_large`, `unknown_system`, `unknown_method`, `unknown_combatant`, `unknown_encounter_key`, `nothing_to_undo`, \
`bad_request` (and \
`internal` for a bug, with a trace). `field` names the input at fault when there is one; `message` is in plain \
words for the person at the table.

Methods that change or read an encounter take the whole encounter document (`encounter`) and return `encounter` \
(the new document), `key` (a short name for that document), `view` (what the page draws) and `fragment` (the share \
link for it). The document is the log: \
`{"format": 3, "system", "options", "events": [...], "cursor"}`, and `last_id` where the highest combatant id \
given is no longer in the log (an add undone, then dropped by the next event): ids are never given twice in an \
encounter, so a choice that names one (the players' characters) never names another combatant; events are `add` \
(with `count` when it added \
several, `hidden` when hidden from the players), `edit`, `remove`, `hide`, `action`, `turn`, `condition` and `note`, \
and every `action` keeps its canonical inputs and the faces it rolled (with `app` naming the rolls the app made), \
so replaying it rebuilds the same state anywhere. An encounter that would no longer fit in a share link is refused \
with `too_large`, so every link the app offers opens.

The view's `log` is one entry per event up to the cursor (`{"index", "title", "steps", "outcome"}`, and \
`"changes"` where a moment changed more than its outcome says: the conditions a turn's passing ended, each a short \
line such as `"Cyrus: Prone ends"`, which the page shows beside the outcome). A step is \
`{"text", "rule"}`, and for a step that shows a roll's dice also `"roll"`, `"dice"` (the faces), `"by"` (`table`, \
`app`, or `both` with `"by_app"`, how many of the last faces the app rolled) and, when each die has a role, \
`"names"`: one name per face of `dice`, in order (`["Success die", "Penetration die", "Damage die"]`), which the \
page shows before each face. A caller \
that holds the log of the encounter it sends says how many entries it holds with `log_held` (in `add`, `edit`, \
`duplicate`, `hide`, `remove`, `act`, `undo` and `redo`); the view then leaves out the first `log_kept` of them, which \
stay as they were, and `log` holds only the entries after those: a tap is sent its one new entry, not the whole \
log again. Without `log_held`, `log_kept` is 0 and `log` is whole.

A caller that keeps the engine running (the page does) may send `encounter_key`, the `key` of an answer, in place \
of `encounter`: the engine holds the last few encounters it answered, so a long log is neither written out nor read \
back in on every tap. A key the engine no longer holds (it keeps 8) is answered with `unknown_encounter_key`, and \
the caller sends the document itself; a request that sends `encounter` is read from it, whatever its key.

Examples below are real responses, shortened where marked `…`; `<encounter>` stands for an encounter document.
"""

VOCABULARY = """## The page's vocabulary

The page knows no rule system: it builds every form from the `systems` schema and draws every combatant from the \
`view`. A new system uses these words; `tests/rules/test_vocabulary.py` checks every registered system against them.

### Inputs (sheets, actions, options)

Each input is `{"name", "kind", "label"}` with, as needed, `help` (plain words), `example`, `default`, `optional`, \
`advanced` (drawn under "More options": what a game master sets only now and then; what must be chosen, having no \
default, is never advanced), `each_round` (an action's input only, always `true` and with a `default`: a choice the \
rules make for one round or one action, such as a tactic, a stance or the actions spent aiming, which the page \
returns to its default at each new round and in another encounter, while the rest of the form keeps what was last \
sent), `while_standing` (a `combatant` input of role `target` only, always `true`: the form keeps this choice while \
that combatant stands; once its card is `fallen`, the form moves to the next combatant standing \
(in the roster's order after the fallen one) other than the one acting; a fallen one a person picks, by a tap or \
from the list, after it fell stays chosen. An attack's target has it; a heal's, an aid's or a mark's has not, since \
the fallen one is often whom they are for), `distinct` (a `combatant` input of role `target` only, always `true`: \
the form's `distinct` inputs never name the same combatant; one that falls moves to one standing and not named by \
another, or takes a later one's (the rest move up), or, when optional, empties; of two that come to name the same, \
the one not picked last moves so; FUDGE's round's foes have it) and `when` (`{"input": name, "in": [values]}` or \
`{"input": name, \
"not_in": [values]}`: the input is shown and sent only while that other input has, or has not, one of the values). \
A `when` may follow one of the encounter's rule options instead: `{"option": name, "in": [values]}` or \
`{"option": name, "not_in": [values]}` holds while that option (its value in `view.options`, else its `default`) \
has, or has not, one of the values; the option is a `choice` and the values are among its choices. Wherever a \
sheet or an action takes a `when` (an input, a choice, `defaults` and `helps` below), either form is; values are \
compared as text. \
When the options change (set, or another encounter opened), every form follows them at once, its `defaults` too. \
An input's default and help may follow another input: `defaults`, `[{"when", "value"}]` (each `when` of the same \
shape), means that each time one of these conditions becomes true, and when the form opens with one true, the \
input takes that value, even if it was changed by hand before; the first entry that matches wins, and while none \
does, the plain `default` holds for a fresh form. `helps`, `[{"when", "text"}]`, is the help shown under the \
input: the first matching entry's text, else `help`; its `when` may name the input itself (a choice's help saying \
what the chosen value means). Typed Damage's margin takes "None" each time a hazard is \
chosen; MegaTraveller's Hull starts as a ground car's for a vehicle and as the Bitburg's for an aircraft.

| kind | extra keys | drawn as | value sent |
|---|---|---|---|
| `text` | `max_length` | a text field | the text |
| `notation` | `example` | a text field with the example | the text |
| `integer` | `min`, `max` | a number field | the text typed (the engine reads and checks it) |
| `flag` | | a check box | `true` or `false` |
| `choice` | `choices`: `[{"value", "label", "when"?}]` | up to 4: a row of buttons; more: a list | the chosen `value` |
| `combatant` | `role`: `actor` or `target`; `optional`, `empty_label`, `while_standing`, `distinct` | a list of the roster (an `actor` only among those who `can_act`); tapping cards fills it | the combatant id, `""` for none |
| `weapon` | `from`: the combatant input | that combatant's `weapons` | the weapon's index |
| `mode` | `from`, `weapon` | that weapon's `modes` | the mode's `value` |
| `part` | `from`: the combatant input | that combatant's card `parts`; hidden (and not sent) when the card has none | the part's `value` |
| `gear` | `catalog` (a key of the system's catalog), `optional`, `empty_label`, `example` | a catalog row, or "Other" with a name and a notation typed in | `{"name", "notation"}` |
| `list` | `of` (an input without a name), `max` | rows to add and remove | a list of values |
| `hex` | `cells`: `[{"q", "r", "region"}]`, `regions`: `[{"value", "label"}]`; `default` a cell as `"q,r"` | a \
picker of the cells laid out as the diagram (as the `hexes` widget), each cell a 44 px target on a tablet, regions \
tinted apart, the chosen cell outlined with a dot and named beside it ("Torso (0, 3)"); arrow keys move to the \
cell next to it on screen; a tap on a `hexes` cell may preset it | the chosen cell as `"q,r"` (e.g. `"-2,4"`); \
nothing while none is chosen |

A rule option is a `choice` input with a `decision` (the notes' ID, or the seed's section, of the default it \
applies), or an editable table: `{"name", "kind": "table", "label", "decision", "help"?, "columns": [{"name", \
"label", "kind"}], "rows": [{"label"}], "default": [row]}` with each column `text` (`max_length`), `integer` (`min`, \
`max`) or `flag`, a fixed number of rows, and a value (in `view.options`, absent while it is the default) that is a \
list of one object per row, keyed by column name. Options are fixed once the first action is resolved.

Each system also carries `tables`: the tables a player uses by hand (`{"caption", "header", "rows", "note"?}`, shaped \
as the `table` widget), which the page shows in a printable tables view; a system with none gives `[]`.

An action is `{"id", "label", "verb", "odds", "dice", "inputs"}`: `verb` names its button ("Roll"), `odds` says \
whether `odds` answers for it, `dice` whether it rolls any (only then does the page offer to type dice in). Several \
actions are drawn as tabs. An action whose `verb` is `null` only shows its odds (a comparison): it resolves \
nothing, so it has `"dice": false` and `"odds": true`, and the page shows no Roll button for it. An action may \
carry a `when` on an option (never on an input: a tab has none to follow), and its tab is offered only while it \
holds, so one kind of turn or another is offered as an option chooses it; when the action on show is no longer \
offered, the first one that is takes its place. Whatever the options are set to, some action is offered.

### Cards (`view.roster`)

A card is `{"id", "name", "status": {"text", "severity"}, "can_act", "fallen", "widgets", "weapons", "sheet"}`. \
`severity` is `ok`, `hurt`, `down` or `out`; `can_act` is false for someone who cannot act now (not offered as an \
`actor`: taken out, or stunned for a while); `fallen` is true for someone out of the fight for good (dead, unconscious, \
taken out; never one knocked down or stunned), whom an attack's `while_standing` target lets go of; \
`weapons` feeds the `weapon` and `mode` inputs; an optional `parts`, `[{"value", "label"}]` with each value once, \
feeds the `part` input (where a hit lands); `sheet` fills the edit dialog; `warnings`, a list of plain sentences (absent when there are none), says what in the sheet's typed texts matches nothing the engine uses (an SLA skill no weapon uses, a weapon whose skill the sheet lacks), as `check`'s `read` says it at the field. `widgets` are drawn in order:

| widget | shape |
|---|---|
| `stats` | `{"items": [{"label", "value"}]}` |
| `track` | `{"label", "levels": [{"name", "penalty", "threshold", "summary", "boxes": [{"marked", "by", "mark"?}]}]}`: levels in order, each penalty as short visible text, a threshold label or null, `summary` read by screen readers ("Hurt (-1 to all actions): 2 of 3 marked"), for each marked box what marked it and, optionally, `mark`, a letter or two drawn inside it (FUDGE's "H" for a Hurt wound moved up into an Incapacitated box), and optionally `tap`: `{"action", "combatant", "inputs"}`, the action a tap on the level opens, with the card as that combatant input and these inputs preset |
| `grid` | `{"label", "columns": [text], "row_title", "rows": [{"label", "summary", "cells": [state]}], "summary"}`: a chart of boxes drawn as on paper, column labels across the top and each row's label at its right end under `row_title` (e.g. "DM"); every row has one cell per column, each `empty`, `slash` (drawn "/"), `cross` (drawn "X") or `unusable` (hatched); `summary` (the whole chart) and each row's `summary` are read by screen readers; optionally `tap` as for a track level, for a tap anywhere on the grid |
| `meters` | `{"label", "items": [{"name", "value", "max", "text", "summary", "marks": [{"at", "label"}]}]}`: one bar per item filled to `value` of `max` (integers, `max` above 0), a tick at each mark (`at` from 0), `text` shown beside it ("30 of 280") and `summary` read by screen readers; optionally `tap` on an item, as for a track level |
| `table` | `{"caption", "header": [text], "rows": [[text]], "note"?}`: a table whose first cell in each row names the row; every row has one cell per heading; `note` is small text under it. It scrolls sideways in its box on a narrow screen |
| `hexes` | `{"label", "cells": [{"q", "r", "region"}], "regions": [{"value", "label", "state", "summary"}], \
"marks": [{"q", "r", "kind", "label", "from"?, "text"?}], "summary"}`: a diagram of flat-topped hexes in axial coordinates \
(a cell's centre is at x = 1.5·q, y = √3·(r + q/2) hex sizes, so a column's cells are one above another; each cell \
once, integers), each cell in one of the `regions` and drawn in its region's `state` (`ok`, `hurt`, `down` or `out`, drawn \
in the card statuses' colours), each region outlined; each region's `summary` is a line of a small legend beside \
the drawing and `summary` (the whole diagram) is read by screen readers; a mark's `kind` is `aim` (a ring), `hit` \
(a dot), `miss` (a cross) or `zone` (a thin hatched wash over the cell, beneath the other marks, its state's colour \
still showing: a blast's reach), its `label` its tooltip, `from` (`[q, r]`) draws an arrow from that cell to it, and \
an optional `text` (one or two characters) is drawn beside it (in the middle of a zone's cell), e.g. a bullet's \
number; a mark may lie off the cells (a miss beside the diagram), and the drawing grows to hold it; a `zone` mark \
off the drawing is left out. Optionally `tap`: \
`{"action", "combatant", "inputs", "hex"}`, as for a track level, and a tap on a cell also presets the `hex` input \
named by `hex` to that cell as `"q,r"` |
| `gear` | `{"items": [{"kind", "name", "notation", "note"}]}` |

Every widget kind in the architecture's list is drawn; a new one is added with the first system that needs it.

### Dice on demand (`act` with `"dice": "given"`)

When an action reaches a roll it has no faces for, `act` answers `{"needs": {"roll", "kind", "count", "why", \
"dice", "faces", "names"?}, "given": {...}}` and changes nothing: `why` is what a referee would say ("Margin of \
success 2: roll 4 Fudge dice for damage (5, less 1 for the armour)"), `faces` the buttons to tap (`[{"value", \
"label"}]`). `names`, present only when each die of the roll has a role, is `count` short names in order \
(`["Success die", "Penetration die", "Damage die"]`): the page shows a slot per die, filled in that order, and \
the faces are given (and recorded) in that order, as for any roll. \
The page asks for exactly those dice and calls again with every face so far, or with `"dice": "app"` to let the \
app roll the rest.

### Odds

`odds` answers `{"title", "summary", "charts": [{"title", "bars": [{"label", "weight", "total", "fraction", \
"probability", "percent"}]}]}` with at most eight bars a chart (a long tail is grouped, as "6+ damage"), each \
outcome once, plus the exact distributions the system keeps as data. It may also carry `"tables"`, a list of \
`{"caption", "header", "rows", "note"?}` shaped as the `table` widget, drawn after the charts; `charts` may then be \
empty.

Python runs on the page's thread, so odds that take long (Compare against forty targets) can be worked out a piece \
at a time: a request with `"budget_ms"` (0 to 60000) stops starting new pieces once that many milliseconds have \
passed, and answers what is done with `"more": {"done", "of", "left", "words"}` (`words` is for the page to show: \
"3 of 45 targets worked out; the rest are coming"); what is not done yet shows as "\u2026" in its rows (odds drawn only as charts, such as FUDGE's round \
against several foes, have no chart until the last piece, and their summary says how far they are). The same \
request again goes on from there (the engine keeps the work), always doing at least one piece, until an answer \
comes without `more`, which is the answer a request without a budget gets. Odds that are quick ignore the budget.
"""


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


def build() -> str:
    def ok(method: str, **body: Any) -> dict[str, Any]:
        answer = request(method, body)
        assert answer["ok"], answer
        result: dict[str, Any] = answer["result"]
        return result

    empty = ok("new", system="typed")["encounter"]
    one = ok("add", encounter=empty, sheet={"name": "Cyrus", "skill": 1, "weapons": [{"name": "Shortsword", "notation": "3-/2+"}]})
    two = ok("add", encounter=one["encounter"], sheet={"name": "Bandit", "armour": {"name": "Leather", "notation": "+-*"}})
    duel = two["encounter"]
    attack = {"attacker": "c1", "target": "c2", "margin": "typed", "margin_of_success": 2}
    hit = ok("act", encounter=duel, action="attack", inputs=attack, dice="given", faces={"damage": "[-][ ][ ][+]"})
    parts = [INTRO, VOCABULARY]
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
    parts.append(megatraveller(ok))
    parts.append(kyod(ok))
    parts.append(fudge(ok))
    parts.append(sla(ok))
    parts.append(fight(ok))
    parts.append("## Errors\n\nA bad notation is named at its field, in plain words:\n\n```json\n" + json.dumps(
        request("add", {"encounter": empty, "sheet": {"name": "Ogre", "weapons": [{"name": "Club", "notation": "3Q"}]}}),
        indent=1, ensure_ascii=False) + "\n```\n")
    text = "\n".join(parts)
    missing = [method for method in METHODS if f"## `{method}`" not in text]
    assert not missing, f"undocumented methods: {missing}"
    return text


def megatraveller(ok: Any) -> str:
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


def kyod(ok: Any) -> str:
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


def fudge(ok: Any) -> str:
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


def sla(ok: Any) -> str:
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


def fight(ok: Any) -> str:
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


def main(argv: list[str]) -> int:
    text = build()
    if "--check" in argv:
        return 0 if OUT.read_text(encoding="utf-8") == text else 1
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
