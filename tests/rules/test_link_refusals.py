"""A refused link is told for what it is (issue 35, item 12): a link cut short is "cut short", whatever its length,
and one kind of link opened as the other is named, not taken for a link of another version."""

from __future__ import annotations

import json

import pytest

from rules import api, player, share
from rules.encounter import Encounter
from rules.errors import BadLink


def test_a_share_link_cut_short_anywhere_is_told_it_was_cut_short() -> None:
    link = Encounter.new("typed").link()
    for length in range(len("e1.") + 1, len(link)):
        with pytest.raises(BadLink, match="cut short") as refused:
            share.decode(link[:length])
        assert "characters a link cannot have" not in str(refused.value), length


def test_a_link_with_a_character_outside_base64url_names_it() -> None:
    link = Encounter.new("typed").link()
    with pytest.raises(BadLink, match=r"characters a link cannot have \('\$'\)"):
        share.decode(link[:10] + "$" + link[11:])


def test_a_share_link_opened_as_a_player_view_is_named_a_share_link() -> None:
    link = Encounter.new("typed").link()
    with pytest.raises(BadLink) as refused:
        player.read(link)
    assert str(refused.value) == "this is a share link, not a player view link: open it as a share link"


def test_a_player_view_link_opened_as_a_share_link_is_named_a_player_view_link() -> None:
    encounter = Encounter.new("typed")
    fragment = player.link(encounter, [], "status")
    with pytest.raises(BadLink) as refused:
        share.decode(fragment)
    assert str(refused.value) == "this is a player view link, not a share link: open it as a player view link"


def test_a_player_view_link_cut_short_says_player_view_link() -> None:
    fragment = player.link(Encounter.new("typed"), [], "status")
    with pytest.raises(BadLink, match="this player view link is damaged: it was cut short"):
        player.read(fragment[:-5])


# Issue 48, item 21: a link with a leading space (in the address bar, "%20") was refused as "version '%20e1'".
@pytest.mark.parametrize("before, after", [(" ", ""), ("%20", ""), ("%20%20", "%20"), ("\t", "\n"), ("%0A", "%09 ")])
def test_a_link_with_spaces_around_it_is_read_as_the_link(before: str, after: str) -> None:
    link = Encounter.new("typed").link()
    assert share.decode(before + link + after) == share.decode(link)
    assert share.decode(f"https://example.org/woundbook/#{before}{link}{after}") == share.decode(link)


# Issue 48, item 20: what Encounters offers to download, Open file reads.
def test_a_saved_entrys_document_opens_as_a_file() -> None:
    encounter, _ = Encounter.new("typed").record("add", {"sheet": {"name": "Karl", "skill": 1, "defence": 0,
                                                                  "weapons": [{"name": "Spear", "notation": "4+"}]}})
    entry = {"fragment": encounter.link(), "system": {"id": "typed", "name": "Typed Damage"}, "rev": 3}
    answer = json.loads(api.call("open_file", json.dumps({"text": json.dumps(entry)})))
    assert answer["ok"], answer
    assert [card["name"] for card in answer["result"]["view"]["roster"]] == ["Karl"]
    damaged = json.loads(api.call("open_file", json.dumps({"text": json.dumps({**entry, "fragment": "e1.damaged"})})))
    assert damaged["error"]["message"] == "this saved encounter's link is damaged: it was cut short or altered"


# Issue 48, item 21: a file over the bridge's limit was refused in the bridge's words, about "the request".
def test_a_file_too_large_for_the_bridge_is_refused_in_the_files_words() -> None:
    answer = json.loads(api.call("open_file", json.dumps({"text": "x" * (api.MAX_REQUEST_CHARS + 1)})))
    assert answer["error"]["message"] == "this file is larger than the 400 kB an encounter can be"
    smaller = json.loads(api.call("open_file", json.dumps({"text": "x" * (share.MAX_JSON_BYTES + 1)})))
    assert smaller["error"]["message"] == answer["error"]["message"]
    other = json.loads(api.call("view", "x" * (api.MAX_REQUEST_CHARS + 1)))
    assert "the request must be JSON text" in other["error"]["message"]
