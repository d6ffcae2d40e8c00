"""Share links: round trips, and every way a link can be bad refused with a clear message."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from rules import share
from rules.api import call
from rules.dice import SeededDice
from rules.encounter import Encounter
from rules.errors import BadField, BadLink, TooLarge
from rules.share import encode

from .helpers import attack, duel


def packed(raw: bytes) -> str:
    return "e1." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def test_round_trip_keeps_the_whole_encounter() -> None:
    encounter = duel("4-/2+", "--***++")
    for seed in range(10):
        encounter, _ = attack(encounter, {"margin": "rolled"}, SeededDice(seed))
    document = encounter.to_dict()
    assert share.decode(share.encode(document)) == document
    assert share.decode("https://example.org/woundbook/#" + share.encode(document)) == document
    assert Encounter.from_dict(share.decode(share.encode(document))).view() == encounter.view()


@pytest.mark.parametrize("link, message", [
    ("", "not a Woundbook share link"),
    ("hello", "not a Woundbook share link"),
    ("e9.abcd", "version 'e9'"),
    ("e1.", "damaged: nothing follows its 'e1.'"),
    ("e1", "not a Woundbook share link"),
    (".AAAA", "not a Woundbook share link"),
    ("e1.!!!!", "damaged"),
    ("e1.AAAA", "damaged"),
    ("e1." + base64.urlsafe_b64encode(zlib.compress(b'{"a": 1}'))[:-6].decode(), "cut short"),
    (packed(b"[1, 2]"), "does not hold an encounter"),
    (packed(b"{not json"), "not valid JSON"),
    (packed(b"\xff\xfe"), "not UTF-8"),
    (packed(b"[" * 50 + b"]" * 50), "deeper"),
    ("e1." + "A" * 120_000, "characters long"),
])
def test_bad_links_are_refused_with_a_reason(link: str, message: str) -> None:
    with pytest.raises(BadLink, match=message):
        share.decode(link)


def test_a_small_link_that_inflates_past_the_limit_is_refused() -> None:
    bomb = packed(b" " * 20_000_000)
    assert len(bomb) < share.MAX_LINK_CHARS
    with pytest.raises(BadLink, match="unpacks to more than"):
        share.decode(bomb)


def test_a_six_combatant_ten_attack_encounter_fits_a_short_link() -> None:
    encounter = Encounter.new("typed")
    for n in range(6):
        encounter, _ = encounter.record("add", {"sheet": {"name": f"Fighter {n}", "skill": n % 3,
                                                          "weapons": [{"name": "Longsword", "notation": "4-/2+"}],
                                                          "armour": {"name": "Chain", "notation": "---*++"}}})
    for seed in range(10):
        # A hazard may strike anyone, taken out or not, so the log can grow as long as the engine allows.
        inputs = {"attacker": None, "hazard": f"{seed % 9 + 1}E*+(Fire)", "target": f"c{seed % 6 + 1}",
                  "margin": "automatic"}
        encounter, _ = encounter.record("action", {"action": "attack", "inputs": inputs}, SeededDice(seed))
    link = share.encode(encounter.to_dict())
    assert len(link) < 2000
    assert json.loads(json.dumps(share.decode(link))) == encounter.to_dict()


def grow(encounter: Encounter, seed: int) -> Encounter:
    """One more event: a hazard may strike anyone, taken out or not, so the log grows as long as the engine allows."""
    inputs = {"attacker": None, "hazard": f"{seed % 9 + 1}E*+(Fire)", "target": f"c{seed % 6 + 1}", "margin": "automatic"}
    grown, _ = encounter.record("action", {"action": "attack", "inputs": inputs}, SeededDice(seed))
    return grown


def test_every_link_of_a_long_encounter_opens() -> None:
    """An encounter grows until the engine refuses more; the last link it offered still opens in full."""
    encounter = Encounter.new("typed")
    for number in range(6):
        encounter, _ = encounter.record("add", {"sheet": {
            "name": f"Fighter {number + 1} with a long name for good measure", "skill": 1,
            "weapons": [{"name": "Longsword", "notation": "4-/2+"}], "armour": {"name": "Light Chain", "notation": "-*++"}}})
    stride, seed = 64, 0
    last_link = encode(encounter.to_dict(), check=True)
    while stride:  # grow in strides while the link still fits, then one event at a time up to the limit
        try:
            grown = encounter
            for _ in range(stride):
                grown = grow(grown, seed + len(grown.events))
            link = encode(grown.to_dict(), check=True)
        except (TooLarge, BadField) as refused:
            assert "full" in refused.message, refused.message
            stride //= 2
            continue
        encounter, last_link = grown, link
    assert len(encounter.events) > 500
    with pytest.raises((TooLarge, BadField), match="full"):
        encode(grow(encounter, 10**6).to_dict(), check=True)
    reopened = json.loads(call("open_link", json.dumps({"link": last_link})))
    assert reopened["ok"], reopened["error"]
    assert reopened["result"]["encounter"] == encounter.to_dict()
