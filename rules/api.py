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
import re
import traceback
from collections.abc import Callable
from typing import Any

from . import __version__, fields, player, readers, share
from .conditions import presets
from .dice import DiceNeeded, DiceSource, GivenDice, SeededDice
from .digest import text_key
from .encounter import MAX_EVENTS, Encounter
from .errors import BadField, RulesError, UnknownCombatant, UnknownEncounterKey, UnknownMethod
from .odds import budget as odds_budget
from .roster import copy_name
from .systems import SYSTEMS, find_system
from .systems.blocks import source_blocks
from .systems.data import load
from .written import Document, written

MAX_REQUEST_CHARS = 1_000_000
MAX_BUDGET_MS = 60_000
Handler = Callable[[dict[str, Any]], dict[str, Any]]


# The encounters answered lately, by their keys (the length and two checksums of their canonical text,
# rules/digest.py). The page sends back the document it was just given, or that document's key in its place
# (``encounter_key``); either finds the checked encounter here, and spares replaying the whole log on every tap. A key
# also spares writing a long log out in the page and reading it back in here. Encounters are immutable, so sharing
# them is safe.
_RECENT: dict[str, tuple[str, Encounter]] = {}
_RECENT_SIZE = 8
MAX_KEY_CHARS = 40


def _encounter(request: dict[str, Any]) -> Encounter:
    """The encounter a request is about: its document (``encounter``), or, without one, the key of an answer's."""
    if "encounter" not in request and "encounter_key" in request:
        key = request["encounter_key"]
        if not isinstance(key, str) or len(key) > MAX_KEY_CHARS:
            raise BadField("encounter_key must be the key an answer gave its encounter", field="encounter_key")
        if key not in _RECENT:
            raise UnknownEncounterKey("the engine no longer holds the encounter of that key; send the encounter itself",
                                      field="encounter_key")
        return _RECENT[key][1]
    text = share.canonical(request.get("encounter"))
    key = text_key(text)
    kept = _RECENT.get(key)
    if kept is not None and kept[0] == text:
        return kept[1]
    encounter = Encounter.from_dict(request.get("encounter"))
    _remember(key, text, encounter)
    return encounter


def _remember(key: str, text: str, encounter: Encounter) -> None:
    _RECENT.pop(key, None)
    _RECENT[key] = (text, encounter)
    while len(_RECENT) > _RECENT_SIZE:
        del _RECENT[next(iter(_RECENT))]


def _state(encounter: Encounter, *, grew: bool = False, log_kept: int = 0, **extra: Any) -> dict[str, Any]:
    """The answer that moves the page to ``encounter``; an encounter that grew must still fit in a link.
    The view's log leaves out the first ``log_kept`` entries, which the caller holds already."""
    fragment = encounter.link(check=grew)
    text = encounter.text()
    key = text_key(text)
    _remember(key, text, encounter)
    return {"encounter": Document(encounter, text), "key": key, "view": encounter.view(log_kept),
            "fragment": fragment, **extra}


def _log_kept(request: dict[str, Any], sent: Encounter, answer: Encounter) -> int:
    """How many log entries the caller holds (``log_held``, of the encounter it sent) that stay the same in
    ``answer``: those of the events the two encounters share, as a tap only adds, undoes or redoes at the end."""
    held = fields.integer(request, "log_held", "log_held", 0, MAX_EVENTS, default=0)
    return min(held, sent.cursor, answer.cursor)


def _recorded(request: dict[str, Any], event_type: str, data: dict[str, Any],
              dice: DiceSource | None = None, sent: Encounter | None = None) -> dict[str, Any]:
    sent = _encounter(request) if sent is None else sent
    encounter, report = sent.record(event_type, data, dice)
    return _state(encounter, grew=True, log_kept=_log_kept(request, sent, encounter), report=report.to_dict())


def _moved(request: dict[str, Any], move: Callable[[Encounter], Encounter]) -> dict[str, Any]:
    sent = _encounter(request)
    encounter = move(sent)
    return _state(encounter, log_kept=_log_kept(request, sent, encounter))


def systems(request: dict[str, Any]) -> dict[str, Any]:
    """Every registered system: what the page needs to build its forms (options, sheet, actions, catalog), the
    source text's own stat blocks (``blocks``: rules/systems/blocks.py), the tables a player uses by hand, for the
    printable tables view, and the conditions its dialog offers at a tap (the names its own text gives its states,
    then common ones; each ``{name, source}``)."""
    return {"version": __version__, "systems": [
        {"id": system.ID, "name": system.NAME, "source": system.SOURCE, "options": system.option_schema(),
         "sheet": system.sheet_schema(), "actions": system.action_schema(), "catalog": system.catalog(),
         "blocks": list(source_blocks(system.ID)), "tables": system.tables(),
         "conditions": presets(load(system.ID)["conditions"])}
        for system in SYSTEMS.values()]}


def catalog(request: dict[str, Any]) -> dict[str, Any]:
    """A system's sample weapons and armour, as the source text gives them."""
    return find_system(request.get("system")).catalog()


def new(request: dict[str, Any]) -> dict[str, Any]:
    """A new, empty encounter for a system, with options (defaults where left out)."""
    return _state(Encounter.new(request.get("system"), request.get("options")))


def add(request: dict[str, Any]) -> dict[str, Any]:
    """Add a combatant from a sheet; the sheet is checked and errors name its field. ``count`` (1 to 40) adds that
    many at once, numbered ("Thug 1" to "Thug 4", on from any already there: rules/roster.py), in one event that one
    undo takes back; ``hidden`` adds them hidden from the players' view; ``group``, several sharing one initiative
    roll (rules/initiative.py)."""
    return _recorded(request, "add", {"sheet": request.get("sheet"), **{
        name: request[name] for name in ("count", "hidden", "group") if name in request}})


def edit(request: dict[str, Any]) -> dict[str, Any]:
    """Replace a combatant's sheet; wounds stay (undoable like everything else)."""
    return _recorded(request, "edit", {"id": request.get("id"), "sheet": request.get("sheet")})


def duplicate(request: dict[str, Any]) -> dict[str, Any]:
    """Add a copy of a combatant's sheet under the next free number: "Goblin" gives "Goblin 2". A copy of one hidden
    from the players is hidden too."""
    encounter = _encounter(request)
    played = encounter.play()
    original = request.get("id")
    if not isinstance(original, str) or original not in played.sheets:
        raise UnknownCombatant("that combatant is not in this encounter", field="id")
    sheet = played.sheets[original].to_dict()
    sheet["name"] = copy_name(sheet["name"], [played.sheets[other].name for other in played.order])
    hidden = {"hidden": True} if original in played.hidden else {}
    return _recorded(request, "add", {"sheet": sheet, **hidden}, sent=encounter)


def hide(request: dict[str, Any]) -> dict[str, Any]:
    """Hide a combatant (``id``) from the players' view, or reveal him (``hidden``: false); undoable like everything
    else."""
    return _recorded(request, "hide", {"id": request.get("id"), "hidden": request.get("hidden", True)})


def remove(request: dict[str, Any]) -> dict[str, Any]:
    """Remove a combatant (undoable like everything else)."""
    return _recorded(request, "remove", {"id": request.get("id")})


def act(request: dict[str, Any]) -> dict[str, Any]:
    """Resolve an action with dice on demand.

    ``dice`` is ``"app"`` (the app rolls whatever ``faces`` does not give) or ``"given"`` (only the
    faces typed in: when the action reaches a roll it has no faces for, the answer is ``needs``,
    naming the roll, its dice and why, and nothing changes).  A mapping in ``dice`` is shorthand for
    ``faces`` with the app rolling the rest.
    """
    encounter = _encounter(request)
    dice = _dice(request)
    action = fields.text(request, "action", "action", max_length=30)
    return _rolled(request, encounter, "action", {"action": action, "inputs": request.get("inputs")}, dice)


def turn(request: dict[str, Any]) -> dict[str, Any]:
    """Move the fight on: ``move`` is ``start`` (round 1 begins), ``next`` (the current turn ends and the next
    combatant's begins, ending phases and rounds on the way), ``delay`` (the current combatant holds his turn),
    ``act`` (``id``, who delayed, acts now), ``order`` (``order``, every combatant's id: the order the game master
    sets), ``initiative`` (initiative for all, where the order is set by hand: each combatant rolls, as the fight
    view's ``initiative`` says, and the order follows) or ``end``. A round's start, and ``initiative``, roll
    dice on demand, as for ``act``."""
    encounter = _encounter(request)
    dice = _dice(request)
    data: dict[str, Any] = {name: request[name] for name in ("move", "id", "order") if name in request}
    return _rolled(request, encounter, "turn", data, dice)


def condition(request: dict[str, Any]) -> dict[str, Any]:
    """Give a combatant a condition (``name``, ``rounds`` or none: until removed), counted down as rounds end, or
    with ``ends`` ``start`` or ``end``, as the start or the end of ``by``'s turn passes (by default the holder's;
    no ``rounds``: the next one); or take one away (``change``: ``remove``, ``index``). See rules/conditions.py."""
    data: dict[str, Any] = {name: request[name] for name in ("id", "change", "name", "rounds", "index", "ends", "by")
                            if name in request}
    return _recorded(request, "condition", data)


def note(request: dict[str, Any]) -> dict[str, Any]:
    """Write a combatant's note (``text``; empty clears it)."""
    return _recorded(request, "note", {"id": request.get("id"), "text": request.get("text")})


def _dice(request: dict[str, Any]) -> GivenDice:
    """The dice of a request that may roll: ``dice`` is ``"app"`` or ``"given"``, with the ``faces`` typed so far."""
    seed = request.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str)) or len(str(seed)) > 40):
        raise BadField("the seed must be a number or a short text", field="seed")
    mode = request.get("dice", "app")
    faces = request.get("faces") or {}
    if isinstance(mode, dict):
        mode, faces = "app", mode
    if mode not in DICE_MODES:
        raise BadField("dice must be \"app\" (the app rolls) or \"given\" (typed in from the table)", field="dice")
    return GivenDice(fields.mapping(faces, "faces"), fallback=SeededDice(seed) if mode == "app" else None)


def _rolled(request: dict[str, Any], encounter: Encounter, event_type: str, data: dict[str, Any],
            dice: GivenDice) -> dict[str, Any]:
    """Record an event that may roll; an answer of ``needs`` when it reaches a roll it has no faces for."""
    try:
        return _recorded(request, event_type, data, dice, sent=encounter)
    except DiceNeeded as need:
        return {"needs": need.needs(), "given": {name: list(faces) for name, faces in dice.record.items()}}


def check(request: dict[str, Any]) -> dict[str, Any]:
    """Check what a person is typing before they press Add or Roll, changing nothing and recording nothing.

    With ``sheet``, the sheet is checked as ``add`` would check it (as ``edit`` would, for the combatant named by
    ``combatant``); with ``action`` and ``inputs``, the inputs are checked as ``act`` would check them: the action is
    resolved with no dice at all, and whatever it does until it asks for its first roll is thrown away.  The answer
    is ``{"valid": true}``, or the error ``add``, ``edit`` or ``act`` would give, naming the field at fault.  A valid
    answer says what each typed text was read as (``read``: the field's path, as an error names it, to ``{"text",
    "warnings"}``; left out when nothing typed is parsed): a warning is not an error (rules/reading.py)."""
    encounter = _encounter(request)
    if "sheet" in request:
        if "combatant" not in request:
            encounter.check("add", {"sheet": request["sheet"]})
        else:
            combatant = request["combatant"]
            if not isinstance(combatant, str) or combatant not in encounter.play().sheets:
                raise UnknownCombatant("that combatant is not in this encounter", field="combatant")
            encounter.check("edit", {"id": combatant, "sheet": request["sheet"]})
        sheet = encounter.system.read_sheet(request["sheet"])
        return _valid(readers.sheet_reads(encounter.system.ID, sheet, request["sheet"]))
    action = fields.text(request, "action", "action", max_length=30)
    try:
        encounter.check("action", {"action": action, "inputs": request.get("inputs")}, GivenDice({}))
    except DiceNeeded:
        pass                                    # the inputs were read and the action got as far as its first roll
    return _valid(readers.action_reads(encounter.system.ID, action, encounter.play().sheets, request.get("inputs")))


def _valid(read: dict[str, Any]) -> dict[str, Any]:
    return {"valid": True, "read": read} if read else {"valid": True}


def odds(request: dict[str, Any]) -> dict[str, Any]:
    """The exact distribution of an action's outcomes before rolling.

    With ``budget_ms``, odds that take many steps (Compare) stop once that many milliseconds have passed and answer
    what is done so far with ``more`` (``{"done", "of", "left", "words"}``); the same request again goes on from
    there, doing at least one step each time, until an answer comes without ``more``."""
    encounter = _encounter(request)
    played = encounter.play()
    action = fields.text(request, "action", "action", max_length=30)
    budget = fields.integer(request, "budget_ms", "budget_ms", 0, MAX_BUDGET_MS) if "budget_ms" in request else None
    with odds_budget(budget):
        return encounter.system.odds(action, played.sheets, played.states, request.get("inputs"), encounter.options)


def undo(request: dict[str, Any]) -> dict[str, Any]:
    return _moved(request, Encounter.undo)


def redo(request: dict[str, Any]) -> dict[str, Any]:
    return _moved(request, Encounter.redo)


def view(request: dict[str, Any]) -> dict[str, Any]:
    """Check an encounter (e.g. from local storage) and return it with its view."""
    return _state(_encounter(request))


def set_options(request: dict[str, Any]) -> dict[str, Any]:
    return _state(_encounter(request).with_options(request.get("options")))


def share_link(request: dict[str, Any]) -> dict[str, Any]:
    """The link fragment that carries the whole encounter."""
    fragment = _encounter(request).link()
    return {"fragment": fragment, "chars": len(fragment)}


def open_link(request: dict[str, Any]) -> dict[str, Any]:
    """The encounter in a share link, checked by replaying it."""
    return _state(Encounter.from_dict(share.decode(request.get("link"))))


def open_file(request: dict[str, Any]) -> dict[str, Any]:
    """The encounter in a saved file's text (what the share dialog downloads), checked by replaying it."""
    return _state(Encounter.from_dict(share.read_file(request.get("text"))))


def player_link(request: dict[str, Any]) -> dict[str, Any]:
    """The players' view of the encounter as a link of its own (``p1.``): ``players``, the ids of the players'
    characters (shown in full), and ``npcs``, ``tracks`` or ``status`` for the others. It carries nothing it
    does not show: no log of events, sheets, stats, gear, notes or dice."""
    encounter = _encounter(request)
    fragment = player.link(encounter, request.get("players", []), request.get("npcs", "status"))
    return {"fragment": fragment, "chars": len(fragment)}


def open_player(request: dict[str, Any]) -> dict[str, Any]:
    """A players' view from its link, checked, for the page to draw read-only."""
    return {"player": player.read(request.get("link"))}


METHODS: dict[str, Handler] = {
    "systems": systems, "catalog": catalog, "new": new, "add": add, "edit": edit, "duplicate": duplicate,
    "hide": hide, "remove": remove, "act": act, "check": check, "odds": odds, "undo": undo, "redo": redo, "view": view,
    "set_options": set_options, "share": share_link, "open_link": open_link, "open_file": open_file,
    "turn": turn, "condition": condition, "note": note, "player_link": player_link, "open_player": open_player,
}
DICE_MODES = ("app", "given")


def handle(method: str, request: Any) -> dict[str, Any]:
    """Dispatch a parsed request; return the response envelope."""
    answer = _answer(method, request)
    result = answer.get("result")
    if isinstance(result, dict) and isinstance(result.get("encounter"), Document):
        result["encounter"] = result["encounter"].encounter.to_dict()
    return answer


def _answer(method: str, request: Any) -> dict[str, Any]:
    """:func:`handle`'s envelope, an encounter document in it left as its canonical text (:class:`Document`)."""
    try:
        if method not in METHODS:
            raise UnknownMethod(f"the engine has no method {method[:30]!r}; it has {', '.join(sorted(METHODS))}")
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
    if isinstance(request_json, str) and len(request_json) > MAX_REQUEST_CHARS and method == "open_file":
        # said of the file the person chose, not of "the request"
        return json.dumps({"ok": False, "error": share.file_too_large().to_dict()})
    if not isinstance(request_json, str) or len(request_json) > MAX_REQUEST_CHARS:
        return json.dumps({"ok": False, "error": {"kind": "bad_request", "field": None,
                                                  "message": f"the request must be JSON text of at most {MAX_REQUEST_CHARS} characters"}})
    try:
        request = json.loads(request_json) if request_json.strip() else {}
    except (ValueError, RecursionError) as error:
        return json.dumps({"ok": False, "error": {"kind": "bad_request", "field": None,
                                                  "message": f"the request is not valid JSON: {str(error)[:80]}"}})
    if _broken_text(request_json, request):
        return json.dumps({"ok": False, "error": {"kind": "bad_request", "field": None, "message":
                           "the request holds a broken character (half of a surrogate pair); retype that text"}})
    return written(_answer(method if isinstance(method, str) else "", request))


def _broken_text(request_json: str, request: Any) -> bool:
    """Whether any text in the request holds a lone surrogate, which cannot be saved or shared as UTF-8."""
    try:
        request_json.encode("utf-8")
    except UnicodeEncodeError:
        return True
    if "\\u" not in request_json or not re.search(r"\\u[dD][89a-fA-F]", request_json):
        return False
    try:
        json.dumps(request, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    except RecursionError:
        return False  # nested too deeply to check here; handle() answers that as a bad request
    return False
