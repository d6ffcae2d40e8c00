"""The players' view: a link that shows the fight read-only and carries nothing it hides (decoded here)."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest

from rules import player
from rules.api import handle
from tests.rules.helpers import attack, duel, marks, ok, thug_fight

SECRET_NOTE = "SECRET: the thug is the mayor"



def raw(fragment: str) -> str:
    """What a player who decodes the link by hand reads: the JSON text inside it."""
    payload = fragment.split(".", 1)[1]
    return zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))).decode("utf-8")


def fight() -> dict[str, Any]:
    """Kit has hit the thug and the thug has hit him back, knocking him out; the thug has a secret note."""
    encounter: dict[str, Any] = thug_fight(SECRET_NOTE, thug_hits_back=True)["encounter"]
    return encounter


def test_the_player_link_holds_no_hidden_detail() -> None:
    document = fight()
    gm = ok("view", encounter=document)["view"]
    thug_status = next(card for card in gm["roster"] if card["name"] == "Thug")["status"]
    link = ok("player_link", encounter=document, players=["c1"], npcs="status")["fragment"]
    assert link.startswith("p1.")
    text = raw(link)
    for hidden in (SECRET_NOTE, "A98765", "Laser Rifle (4)", thug_status["text"], '"events"', '"dice"',
                   '"sheet"', "upp"):
        assert hidden not in text, hidden
    view = json.loads(text)
    thug = next(card for card in view["roster"] if card["name"] == "Thug")
    kit = next(card for card in view["roster"] if card["name"] == "Kit")
    assert thug["widgets"] == [] and thug["status"] == {"text": "Wounded", "severity": "hurt"}
    assert thug["conditions"] == [{"name": "Blinded", "rounds": 2}] and thug["note"] == ""
    assert kit["player"] and [widget["kind"] for widget in kit["widgets"]] == ["grid"]     # the chart, not the sheet
    assert view["fight"]["round"] == 1 and view["fight"]["current"] == "p2"     # Kit, knocked out, is skipped
    assert all(set(entry) == {"index", "title", "outcome"} for entry in view["log"])
    assert [entry["index"] for entry in view["log"]] == list(range(1, len(view["log"]) + 1))
    assert not any("Note" in entry["title"] for entry in view["log"])
    # The players see the thug hit Kit and what it did to him, not the rifle or its numbers (issue 35, item 14).
    assert {"index": 2, "title": "Hit: Thug \u2192 Kit",
            "outcome": "Kit: Unhurt \u2192 Unconscious, Superficial wound"} in view["log"]
    assert "Laser Rifle" not in text


def test_the_game_master_may_show_the_others_wounds_but_never_their_sheets() -> None:
    document = fight()
    view = ok("open_player", link=ok("player_link", encounter=document, players=[], npcs="tracks")["fragment"])[
        "player"]
    for card in view["roster"]:
        assert [widget["kind"] for widget in card["widgets"]] == ["grid"]
        assert "tap" not in json.dumps(card)
    assert SECRET_NOTE not in json.dumps(view)


@pytest.mark.parametrize("request_, field", [
    ({"players": ["c9"]}, "players"), ({"players": "c1"}, "players"), ({"npcs": "all"}, "npcs")])
def test_bad_player_view_choices_are_refused_at_their_field(request_: dict[str, Any], field: str) -> None:
    answer = handle("player_link", {"encounter": fight(), **request_})
    assert not answer["ok"] and answer["error"]["field"] == field


def packed(value: Any) -> str:
    """A player link holding any JSON: what someone who crafts one by hand sends."""
    return "p1." + base64.urlsafe_b64encode(zlib.compress(json.dumps(value).encode())).decode()


def test_a_damaged_or_foreign_player_link_is_refused_in_plain_words() -> None:
    document = fight()
    good = ok("player_link", encounter=document, players=["c1"])["fragment"]
    view = json.loads(raw(good))
    for link in (good[:-7], "p1.!!!", ok("share", encounter=document)["fragment"], packed([1, 2]),
                 packed({**view, "format": 9}), packed({**view, "roster": [{"name": "x"}]}),
                 packed({**view, "log": [{"index": 1, "title": "x", "outcome": "y", "steps": ["dice 6 6"]}]}),
                 packed({**view, "roster": [{**view["roster"][0], "widgets": [{"kind": "script"}]}]})):
        answer = handle("open_player", {"link": link})
        assert not answer["ok"] and answer["error"]["kind"] == "bad_link", (link[:40], answer)


def test_an_npc_shown_as_wounded_keeps_his_wounds_and_initiative_out_of_the_log_and_the_order() -> None:
    """The game master's outcome of a shot at him names only the location ("Torso hit: 3 damage"); the players'
    entry says how he stands now, in the plain words, and nothing of where or how much."""
    document = ok("new", system="sla")["encounter"]
    for sheet in ({"name": "Max", "skills": "Pistol 6",
                   "weapons": [{"name": "MAL Anvil", "notation": "skill Pistol, RNG 20, RCL 5, PEN 4, DAM 8, AD 3"}]},
                  {"name": "Scum"}):
        document = ok("add", encounter=document, sheet=sheet)["encounter"]
    document = ok("turn", encounter=document, move="start", seed=2)["encounter"]
    shots = (ok("act", encounter=document, action="shoot", seed=seed,
                  inputs={"attacker": "c1", "target": "c2", "weapon": 0, "aim": "0,3", "distance": 5})
             for seed in range(50))
    shot = next(shot for shot in shots if "damage" in shot["report"]["outcome"])
    assert "Scum" not in shot["report"]["outcome"]            # the case the title's name covers
    view = json.loads(raw(ok("player_link", encounter=shot["encounter"], players=["c1"], npcs="status")["fragment"]))
    entry = next(entry for entry in view["log"] if entry["title"] == "Shoot: Max \u2192 Scum")
    assert entry["outcome"].split("; ")[-1] in ("Scum: Unhurt \u2192 Wounded", "Scum: Unhurt \u2192 Down")
    assert "Torso" not in json.dumps(view["log"]) and "MAL Anvil" not in json.dumps(view)
    labels = {entry["name"]: entry.get("label") for entry in view["fight"]["order"]}
    assert labels["Scum"] is None and labels["Max"].startswith("Initiative ")


@pytest.mark.parametrize("players", [None, 0, 1.5, True, "", {"c1": 1}, [1]])
def test_players_must_be_a_list_of_ids(players: Any) -> None:
    answer = handle("player_link", {"encounter": fight(), "players": players})
    assert not answer["ok"] and answer["error"]["field"] == "players", answer


def test_the_players_log_says_what_changed_when_the_words_stay_the_same() -> None:
    """Issue 48 (11): a player's character already Scratched and hit again (one box marked, then two) read "No change
    the players can see"."""
    once, _ = attack(duel("3-"), {"margin": "typed", "margin_of_success": 1}, {"damage": "-000"})
    twice, _ = attack(once, {"margin": "typed", "margin_of_success": 1}, {"damage": "-000"})
    assert marks(once)[0] == 1 and marks(twice)[0] == 2
    for npcs in player.NPC_DETAIL:
        outcome = player.view(twice, ["c2"], npcs)["log"][-1]["outcome"]
        assert outcome == "Target: Scratched (no penalty): 1 of 4 marked \u2192 2 of 4 marked", outcome
    # One shown only by status: nothing the players see changed, and they are told so.
    assert player.view(twice, [], "status")["log"][-1]["outcome"] == "No change the players can see"


def test_a_condition_a_turn_ends_reads_as_the_game_masters_words_less_what_players_may_not_see() -> None:
    """Issue 48 (11): "1 round left" to the players while the card said "until the start of Bandit 2's next turn"."""
    encounter, _ = duel("3-").record("condition", {"id": "c1", "change": "add", "name": "Held", "ends": "start",
                                                   "by": "c2"})
    view = player.view(encounter, ["c1"], "status")
    assert view["roster"][0]["conditions"] == [{"name": "Held", "rounds": 1,
                                                "lasts": "until the start of Target's next turn"}]
    assert view["log"][-1]["outcome"] == "Held until the start of Target's next turn"
    hidden, _ = encounter.record("hide", {"id": "c2"})      # whose turn ends it, hidden: only how long it lasts
    view = player.view(hidden, ["c1"], "status")
    assert view["roster"][0]["conditions"] == [{"name": "Held", "rounds": 1}]
    assert view["log"][-1]["outcome"] == "Held for 1 round" and "Target" not in json.dumps(view)
