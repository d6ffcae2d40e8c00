"""The roster as the engine writes it out (rules/cards.py): each card's JSON text is written once and kept, and a
new state that draws the same card keeps the card drawn before. What `call` writes must read back as exactly what
`handle` answers, in every system, through turns, conditions, notes and shots, a text in the names included."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules import cards
from rules.api import _answer, call, handle

SHEETS = {
    "typed": [{"name": "Cyrus \u00e9"}, {"name": "Bandit \"B\""}, {"name": "Ann"}],
    "sla": [{"name": "Max", "skills": "Pistol 6",
             "weapons": [{"name": "MAL Anvil", "notation": "skill Pistol, RNG 20, RCL 5, PEN 4, DAM 6"}]},
            {"name": "Scum <b>", "weapons": []}, {"name": "Sniper", "weapons": []}],
    "fudge": [{"name": "Snorri"}, {"name": "Brynhild"}, {"name": "\u00d8rn"}],
    "kyod": [{"name": "Knight", "st": "12"}, {"name": "Guard"}, {"name": "Page"}],
    "megatraveller": [{"name": "Thug", "upp": "777777"}, {"name": "Strongman", "upp": "FFFFFF"}, {"name": "Ilsa", "upp": "789A87"}],
}
SHOT = {"action": "shoot", "inputs": {"attacker": "c1", "target": "c2"}}


def steps(system: str) -> list[tuple[str, dict[str, Any]]]:
    """The requests of a short fight, each to be sent with the encounter the one before answered."""
    out: list[tuple[str, dict[str, Any]]] = [("add", {"sheet": sheet}) for sheet in SHEETS[system]]
    out += [("turn", {"move": "start", "dice": "app", "seed": 1})]
    out += [("turn", {"move": "next", "dice": "app", "seed": n}) for n in range(4)]
    out += [("condition", {"id": "c2", "name": "Dazed \u2013 1", "rounds": 2}), ("note", {"id": "c1", "text": "hurt\n"})]
    if system == "sla":
        out += [("act", {**SHOT, "dice": "app", "seed": seed}) for seed in range(4)]
    return out


@pytest.mark.parametrize("system", sorted(SHEETS))
def test_what_call_writes_is_what_handle_answers(system: str) -> None:
    encounter = handle("new", {"system": system})["result"]["encounter"]
    for method, request in steps(system):
        sent = {"encounter": encounter, **request}
        written = call(method, json.dumps(sent))
        answer = handle(method, sent)
        assert answer["ok"], answer
        assert json.loads(written) == json.loads(json.dumps(answer))
        roster = _answer(method, sent)["result"]["view"]["roster"]
        assert cards.roster_text(roster) == json.dumps(roster, ensure_ascii=False)
        encounter = answer["result"]["encounter"]


def test_a_state_that_draws_the_same_card_keeps_the_card_before() -> None:
    encounter = handle("new", {"system": "sla"})["result"]["encounter"]
    for method, request in steps("sla")[:3]:
        encounter = handle(method, {"encounter": encounter, **request})["result"]["encounter"]
    first = _answer("turn", {"encounter": encounter, "move": "start", "dice": "app", "seed": 1})["result"]["view"]
    later = _answer("turn", {"encounter": encounter, "move": "start", "dice": "app", "seed": 2})["result"]["view"]
    for one, other in zip(first["roster"], later["roster"]):
        assert isinstance(one, cards.Entry) and isinstance(other, cards.Entry)
        if one.card == other.card:
            assert one.card is other.card


def test_an_entry_whose_card_holds_a_key_of_its_own_is_written_whole() -> None:
    odd = cards.entry("c1", {"name": "A", "note": "the card's own"}, [], "the entry's")
    assert json.loads(cards.roster_text([odd])) == json.loads(json.dumps([odd]))
    assert cards.roster_text([odd, {"id": "c2"}]) == json.dumps([odd, {"id": "c2"}], ensure_ascii=False)
