"""A refused link is told for what it is (issue 35, item 12): a link cut short is "cut short", whatever its length,
and one kind of link opened as the other is named, not taken for a link of another version."""

from __future__ import annotations

import pytest

from rules import player, share
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
