"""The one entry point for the page: a method name and JSON text in, JSON text out.

Errors come back as data (``{"ok": false, "error": {...}}``), never as
exceptions, so the page can show them at the field or in a banner and keep the
encounter on screen as it was.  ``docs/api.md`` shows every method with an
example request and response.

>>> import json
>>> json.loads(call("new", '{"system": "typed"}'))["ok"]
True
>>> json.loads(call("new", '{"system": "chess"}'))["error"]["kind"]
'unknown_system'
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import Any

from . import __version__, fields, share
from .dice import GivenDice, SeededDice
from .encounter import Encounter
from .errors import BadField, RulesError, UnknownMethod
from .systems import SYSTEMS, find_system

MAX_REQUEST_CHARS = 1_000_000
Handler = Callable[[dict[str, Any]], dict[str, Any]]


# The page sends back the document it was just given; remembering the last few checked encounters by
# their exact text saves replaying the whole log on every tap.  Encounters are immutable, so sharing is safe.
_RECENT: dict[str, Encounter] = {}
_RECENT_SIZE = 8


def _key(document: Any) -> str:
    return json.dumps(document, sort_keys=True, separators=(",", ":"))


def _encounter(request: dict[str, Any]) -> Encounter:
    document = request.get("encounter")
    key = _key(document)
    if key not in _RECENT:
        _remember(key, Encounter.from_dict(document))
    return _RECENT[key]


def _remember(key: str, encounter: Encounter) -> None:
    _RECENT.pop(key, None)
    _RECENT[key] = encounter
    while len(_RECENT) > _RECENT_SIZE:
        del _RECENT[next(iter(_RECENT))]


def _state(encounter: Encounter, **extra: Any) -> dict[str, Any]:
    document = encounter.to_dict()
    _remember(_key(document), encounter)
    return {"encounter": document, "view": encounter.view(), "fragment": share.encode(document), **extra}


def systems(request: dict[str, Any]) -> dict[str, Any]:
    """Every registered system: id, name, source, options and action schema."""
    return {"version": __version__, "systems": [
        {"id": system.ID, "name": system.NAME, "source": system.SOURCE, "options": system.option_schema(),
         "actions": system.action_schema()} for system in SYSTEMS.values()]}


def catalog(request: dict[str, Any]) -> dict[str, Any]:
    """A system's sample weapons and armour, as the source text gives them."""
    return find_system(request.get("system")).catalog()


def new(request: dict[str, Any]) -> dict[str, Any]:
    """A new, empty encounter for a system, with options (defaults where left out)."""
    return _state(Encounter.new(request.get("system"), request.get("options")))


def add(request: dict[str, Any]) -> dict[str, Any]:
    """Add a combatant from a sheet; the sheet is checked and errors name its field."""
    encounter, report = _encounter(request).record("add", {"sheet": request.get("sheet")})
    return _state(encounter, report=report.to_dict())


def remove(request: dict[str, Any]) -> dict[str, Any]:
    """Remove a combatant (undoable like everything else)."""
    encounter, report = _encounter(request).record("remove", {"id": request.get("id")})
    return _state(encounter, report=report.to_dict())


def act(request: dict[str, Any]) -> dict[str, Any]:
    """Resolve an action.  ``dice`` gives faces by roll name; rolls not given are rolled by the app."""
    encounter = _encounter(request)
    seed = request.get("seed")
    if seed is not None and not isinstance(seed, (int, str)):
        raise BadField(f"seed must be a number or text, not {seed!r}", field="seed")
    dice = GivenDice(fields.mapping(request.get("dice") or {}, "dice"), fallback=SeededDice(seed))
    action = fields.text(request, "action", "action", max_length=30)
    encounter, report = encounter.record("action", {"action": action, "inputs": request.get("inputs")}, dice)
    return _state(encounter, report=report.to_dict())


def odds(request: dict[str, Any]) -> dict[str, Any]:
    """The exact distribution of an action's outcomes before rolling."""
    encounter = _encounter(request)
    played = encounter.play()
    action = fields.text(request, "action", "action", max_length=30)
    return encounter.system.odds(action, played.sheets, played.states, request.get("inputs"), encounter.options)


def undo(request: dict[str, Any]) -> dict[str, Any]:
    return _state(_encounter(request).undo())


def redo(request: dict[str, Any]) -> dict[str, Any]:
    return _state(_encounter(request).redo())


def view(request: dict[str, Any]) -> dict[str, Any]:
    """Check an encounter (e.g. from local storage) and return it with its view."""
    return _state(_encounter(request))


def set_options(request: dict[str, Any]) -> dict[str, Any]:
    return _state(_encounter(request).with_options(request.get("options")))


def share_link(request: dict[str, Any]) -> dict[str, Any]:
    """The link fragment that carries the whole encounter."""
    fragment = share.encode(_encounter(request).to_dict())
    return {"fragment": fragment, "chars": len(fragment)}


def open_link(request: dict[str, Any]) -> dict[str, Any]:
    """The encounter in a share link, checked by replaying it."""
    return _state(Encounter.from_dict(share.decode(request.get("link"))))


METHODS: dict[str, Handler] = {
    "systems": systems, "catalog": catalog, "new": new, "add": add, "remove": remove, "act": act,
    "odds": odds, "undo": undo, "redo": redo, "view": view, "set_options": set_options,
    "share": share_link, "open_link": open_link,
}


def handle(method: str, request: Any) -> dict[str, Any]:
    """Dispatch a parsed request; return the response envelope."""
    try:
        if method not in METHODS:
            raise UnknownMethod(f"unknown method {method!r}; expected one of {', '.join(sorted(METHODS))}")
        if not isinstance(request, dict):
            raise BadField("the request must be a JSON object", field="request")
        return {"ok": True, "result": METHODS[method](request)}
    except RulesError as error:
        return {"ok": False, "error": error.to_dict()}
    except RecursionError:
        return {"ok": False, "error": {"kind": "bad_request", "message": "the request nests too deeply", "field": None}}
    except Exception as error:  # a bug in the engine: report it, never crash the page
        return {"ok": False, "error": {"kind": "internal", "field": None,
                                       "message": f"internal error in {method}: {type(error).__name__}: {error}",
                                       "trace": traceback.format_exc(limit=6)}}


def call(method: str, request_json: str) -> str:
    """JSON text in, JSON text out: the bridge the page calls."""
    if not isinstance(request_json, str) or len(request_json) > MAX_REQUEST_CHARS:
        return json.dumps({"ok": False, "error": {"kind": "bad_request", "field": None,
                                                  "message": f"the request must be JSON text of at most {MAX_REQUEST_CHARS} characters"}})
    try:
        request = json.loads(request_json) if request_json.strip() else {}
    except (ValueError, RecursionError) as error:
        return json.dumps({"ok": False, "error": {"kind": "bad_request", "field": None,
                                                  "message": f"the request is not valid JSON: {error}"}})
    return json.dumps(handle(method, request), ensure_ascii=False)
