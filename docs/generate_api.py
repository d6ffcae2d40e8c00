#!/usr/bin/env python3
"""Write docs/api.md from real calls, so every example in it is an answer the engine gives today.

    python3 docs/generate_api.py          rewrite docs/api.md
    python3 docs/generate_api.py --check  exit 1 if docs/api.md is not what this script writes

Long answers are shortened (lists cut to their first items, marked "…"); nothing else is edited.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.api import METHODS  # noqa: E402

from api_examples import errors, fight, fudge, kyod, megatraveller, methods, sla  # noqa: E402

OUT = ROOT / "docs" / "api.md"

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


def build() -> str:
    parts = [INTRO, VOCABULARY, methods(), megatraveller(), kyod(), fudge(), sla(), fight(), errors()]
    text = "\n".join(parts)
    missing = [method for method in METHODS if f"## `{method}`" not in text]
    assert not missing, f"undocumented methods: {missing}"
    return text


def main(argv: list[str]) -> int:
    text = build()
    if "--check" in argv:
        return 0 if OUT.read_text(encoding="utf-8") == text else 1
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
