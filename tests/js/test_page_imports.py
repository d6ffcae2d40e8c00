"""The page's modules import one way (issue 49): no module of web/js imports one that, through any chain, imports
it; an engine answer goes to the state (js/state.js), and js/flow.js, which only js/app.js imports, says who draws
it; the views draw what they are handed and reach neither the state, the engine nor the actions. Read from the
source (static imports and re-exports, and for circles the modules loaded later with `import()` too), so a circle is
found before the page runs, and named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.rules.test_import_cycles import cycle_from

JS = Path(__file__).resolve().parents[2] / "web" / "js"

# `import x from "./a.js"`, `import { x } from "./a.js"`, `export { x } from "./a.js"`, `import "./a.js"`: at the
# start of a line, over several lines if need be; not `import("./a.js")`.
STATIC = re.compile(r'^(?:import|export)\b[^;()]*?\bfrom\s*"\./([\w.-]+\.js)"|^import\s*"\./([\w.-]+\.js)"',
                    re.MULTILINE)

# The views: handed what to draw (and what a tap on it calls), they import no state and no action.
VIEWS = ("view.js", "prompt-view.js", "roster-view.js", "turns-view.js", "widgets.js", "compact.js", "library-view.js",
         "qr-view.js", "forms.js", "fields.js", "dock-room.js")
# What a view must not reach, through any chain: where answers go, who draws them, and the engine.
ANSWERS = ("state.js", "flow.js", "ask.js", "engine.js")


# `import("./a.js")`: a module loaded later, once the page has painted (the interpreter, the engine's worker).
DYNAMIC = re.compile(r'\bimport\(\s*"\./([\w.-]+\.js)"\s*\)')


def imports_in(text: str) -> set[str]:
    return {first or second for first, second in STATIC.findall(text)}


def graph(dynamic: bool = False) -> dict[str, set[str]]:
    """Each module's imports of others in web/js: static ones, and with `dynamic` those it loads later too."""
    return {path.name: imports_in(text := path.read_text()) | (set(DYNAMIC.findall(text)) if dynamic else set())
            for path in sorted(JS.glob("*.js"))}


def reached(found: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    stack = [start]
    while stack:
        for other in found.get(stack.pop(), set()):
            if other not in seen:
                seen.add(other)
                stack.append(other)
    return seen


def test_the_reader_sees_static_imports_only() -> None:
    text = ('import * as engine from "./engine.js";\nimport { a,\n  b } from "./two-lines.js";\n'
            'export { c } from "./again.js";\nimport "./side.js";\nconst later = import("./later.js");\n'
            '  // import { d } from "./comment.js";\n')
    assert imports_in(text) == {"engine.js", "two-lines.js", "again.js", "side.js"}
    found = graph()
    assert "state.js" in found["flow.js"] and "flow.js" in found["app.js"]
    assert "interpreter.js" not in found["engine.js"]   # loaded with import() once the page has painted
    assert "interpreter.js" in graph(dynamic=True)["engine.js"]


def test_the_reader_finds_a_circle_it_is_shown() -> None:
    # the circle issue 49 found, in small: the hub drew the panel, which imported the hub's run back
    shown = {"answers.js": {"action-panel.js"}, "action-panel.js": {"answers.js", "dom.js"}, "dom.js": set()}
    assert cycle_from(shown, "answers.js") == ["answers.js", "action-panel.js", "answers.js"]


@pytest.mark.parametrize("dynamic", (False, True), ids=("static", "loaded-later-too"))
def test_no_page_module_imports_its_importer(dynamic: bool) -> None:
    # a module loaded later counts too: js/snapshot.js loaded js/interpreter.js, which imports it
    found = graph(dynamic)
    cycles = [" -> ".join(chain) for name in sorted(found) if (chain := cycle_from(found, name))]
    assert not cycles, "import circles in web/js:\n" + "\n".join(cycles)


def test_the_views_reach_neither_the_state_nor_the_engine_nor_an_action() -> None:
    found = graph()
    wrong = {view: sorted(reached(found, view) & set(ANSWERS)) for view in VIEWS}
    assert not {view: names for view, names in wrong.items() if names}
    actions = {name for name, imported in found.items() if "ask.js" in imported}   # the modules that call the engine
    assert not {view: sorted(reached(found, view) & actions) for view in VIEWS if reached(found, view) & actions}


def actions(found: dict[str, set[str]]) -> set[str]:
    """The modules that call the engine (through js/ask.js, or js/engine.js itself), but for js/app.js, which starts
    the page and wires every control to its action."""
    return {name for name, imported in found.items() if imported & {"ask.js", "engine.js"}} - {"app.js"}


def drawing_actions(found: dict[str, set[str]]) -> dict[str, list[str]]:
    """Each action that reaches a view, through any chain, with the views it reaches."""
    wrong = {name: sorted(reached(found, name) & set(VIEWS)) for name in sorted(actions(found))}
    return {name: views for name, views in wrong.items() if views}


def test_the_reader_finds_an_action_that_draws() -> None:
    # the dice before issue 49: the prompt was drawn by the module that asked the engine for the roll
    shown = {"dice-flow.js": {"ask.js", "view.js"}, "ask.js": {"engine.js"}, "view.js": {"dom.js"}, "engine.js": set(),
             "dom.js": set()}
    assert drawing_actions(shown) == {"dice-flow.js": ["view.js"]}


def test_no_action_reaches_a_view() -> None:
    found = graph()
    assert {"dice-flow.js", "picking.js", "odds.js", "combatants.js", "entries.js"} <= actions(found)
    assert not drawing_actions(found), \
        "an action draws: it should hand its answer to the state (js/state.js), and a listener draw it"


def test_who_draws_an_answer_is_written_in_one_place() -> None:
    found = graph()
    assert [name for name, imported in found.items() if "flow.js" in imported] == ["app.js"]
    assert found["state.js"] == set(), "the state imports no view and no action"
    listeners = [line for name in found for line in (JS / name).read_text().splitlines()
                 if re.match(r'\s*listen\("', line)]
    assert listeners and all(line in (JS / "flow.js").read_text() for line in listeners), \
        "a listener of the state is added outside js/flow.js"
