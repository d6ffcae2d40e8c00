"""What the fight says follows what is so (issue 36, "the small things"): the players' view's status words follow
the card's, a skipped turn says why in words players may see, a turn's hint follows the newest state, and a
FUDGE Round's title names the round the tracker shows."""

from __future__ import annotations

from typing import Any

from rules import player
from rules.encounter import Encounter
from tests.rules.helpers import ok


def encounter(system: str, *sheets: dict[str, Any], options: dict[str, Any] | None = None) -> dict[str, Any]:
    document: dict[str, Any] = ok("new", system=system, options=options or {})["encounter"]
    for sheet in sheets:
        document = ok("add", encounter=document, sheet=sheet)["encounter"]
    return document


def seen(document: dict[str, Any], npcs: str, players: tuple[str, ...] = ("c1",)) -> dict[str, Any]:
    view: dict[str, Any] = ok("open_player", link=ok("player_link", encounter=document, players=list(players),
                                                      npcs=npcs)["fragment"])["player"]
    return view


def by_name(cards: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return next(card for card in cards if card["name"] == name)


def mark(document: dict[str, Any], target: str, level: str) -> dict[str, Any]:
    return ok("act", encounter=document, action="mark", inputs={"target": target, "level": level, "change": "mark",
                                                               "reason": "a fall"})


def test_a_scratched_npc_shown_by_status_is_not_unhurt() -> None:
    """Typed Damage's Scratched level has no penalty (severity ok): the plain words said "Unhurt". An NPC the card
    calls hurt in any way reads "Scratched"; one untouched still reads "Unhurt"; the level's own name and penalty
    stay hidden."""
    document = encounter("typed", {"name": "Cyrus"}, {"name": "Thug"}, {"name": "Bandit"})
    scratched = mark(document, "c2", "Scratched")
    assert by_name(scratched["view"]["roster"], "Thug")["status"] == {"text": "Scratched (no penalty)",
                                                                    "severity": "ok"}
    cards = seen(scratched["encounter"], "status")["roster"]
    assert by_name(cards, "Thug")["status"] == {"text": "Scratched", "severity": "ok"}
    assert by_name(cards, "Bandit")["status"] == {"text": "Unhurt", "severity": "ok"}
    assert by_name(seen(scratched["encounter"], "tracks")["roster"], "Thug")["status"]["text"] == \
        "Scratched (no penalty)"
    hurt = mark(scratched["encounter"], "c2", "Hurt")
    assert by_name(seen(hurt["encounter"], "status")["roster"], "Thug")["status"] == {"text": "Wounded",
                                                                                        "severity": "hurt"}


def test_a_skipped_turn_says_why_in_the_players_view() -> None:
    """The page prints "skipped: " and the entry's why; the players' view had none ("Thug skipped: undefined")."""
    document = encounter("fudge", {"name": "Tucker"}, {"name": "Thug"}, {"name": "Molly"})
    down = ok("act", encounter=document, action="wound", inputs={"target": "c2", "level": "incapacitated"})
    started = ok("turn", encounter=down["encounter"], move="start")
    gm = next(entry for entry in started["view"]["fight"]["order"] if entry["name"] == "Thug")
    assert gm["stands"] == "unable" and gm["why"] == "incapacitated"
    for npcs, why in (("status", "down"), ("tracks", "incapacitated")):
        order = seen(started["encounter"], npcs)["fight"]["order"]
        thug = next(entry for entry in order if entry["name"] == "Thug")
        assert thug["stands"] == "unable" and thug["why"] == why, (npcs, thug)
        assert all("why" not in entry for entry in order if entry["stands"] != "unable")


def test_the_hint_follows_the_newest_state() -> None:
    """Ana stunned on her turn is told to recover; knocked out on it, she is not told to recover any more."""
    document = encounter("megatraveller", {"name": "Ana", "upp": "45398C"}, {"name": "Thug", "upp": "777777"})
    stunned = ok("act", encounter=document, action="hit",
                 inputs={"attacker": None, "target": "c1", "damage_value": 3, "harm": "non_lethal", "dice": "value"},
                 dice="app", seed=1)
    started = ok("turn", encounter=stunned["encounter"], move="start")
    assert "must try to recover" in started["view"]["fight"]["hint"]["text"]
    out = ok("act", encounter=started["encounter"], action="hit",
             inputs={"attacker": None, "target": "c1", "damage_value": 4, "harm": "non_lethal", "dice": "value"},
             dice="app", seed=5)
    assert by_name(out["view"]["roster"], "Ana")["status"]["text"].startswith("Unconscious")
    hint = out["view"]["fight"]["hint"]
    assert hint is not None and "recover" not in hint["text"] and "action" not in hint, hint
    assert hint["text"] == "Ana cannot act: unconscious. Next turn moves on.", hint


def test_a_fudge_round_is_titled_with_the_round_the_tracker_shows() -> None:
    """Bruno fights as Ann's foe, then on his own turn against Cass, both in round 1: his Round was titled "Round 2"
    (his count of rounds fought had passed twice). The round passes once for him, and the title says round 1."""
    document = encounter("fudge", {"name": "Ann"}, {"name": "Bruno"}, {"name": "Cass"})
    started = ok("turn", encounter=document, move="start")
    first = ok("act", encounter=started["encounter"], action="round", dice="app", seed=4,
               inputs={"fighter": "c1", "weapon": 0, "foe": "c2", "foe_weapon": 0})
    assert first["report"]["title"] == "Round 1: Ann against Bruno"
    second = ok("turn", encounter=first["encounter"], move="next")
    assert second["view"]["fight"]["round"] == 1 and second["view"]["fight"]["current"] == "c2"
    bruno = ok("act", encounter=second["encounter"], action="round", dice="app", seed=5,
               inputs={"fighter": "c2", "weapon": 0, "foe": "c3", "foe_weapon": 0})
    assert bruno["report"]["title"] == "Round 1: Bruno against Cass"
    assert bruno["view"]["fight"]["round"] == 1
    states = Encounter.from_dict(bruno["encounter"]).play().states
    assert states["c2"].rounds == 1
    # The round's end passes it only for those it has not passed; round 2's Round is titled round 2.
    later = ok("turn", encounter=ok("turn", encounter=bruno["encounter"], move="next")["encounter"], move="next")
    assert later["view"]["fight"]["round"] == 2
    assert {state.rounds for state in Encounter.from_dict(later["encounter"]).play().states.values()} == {1}
    again = ok("act", encounter=later["encounter"], action="round", dice="app", seed=6,
               inputs={"fighter": "c1", "weapon": 0, "foe": "c3", "foe_weapon": 0})
    assert again["report"]["title"] == "Round 2: Ann against Cass"
    # Out of a tracked fight, each Round is the next of the fighter's own: Bruno has fought one.
    ended = ok("turn", encounter=again["encounter"], move="end")
    loose = ok("act", encounter=ended["encounter"], action="round", dice="app", seed=7,
               inputs={"fighter": "c2", "weapon": 0, "foe": "c3", "foe_weapon": 0})
    assert loose["report"]["title"] == "Round 2: Bruno against Cass"
    assert player.read(ok("player_link", encounter=loose["encounter"], players=["c1"], npcs="status")["fragment"])
