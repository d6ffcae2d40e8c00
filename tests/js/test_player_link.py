"""A player's page reads player view links without Python (web/js/player-link.js); the engine's reader
(rules/player_read.py's read) is the reference. A corpus of links is read both ways, in Node, and each must come out the
same: the same view, or refused with the same words.

The corpus: links the engine makes of random fights in all five systems (both ways of showing the others), then
those views damaged field by field (every field set to each of a palette of wrong values, removed, or lengthened
past its limit), and links damaged as text and as bytes (cut short, altered, with bytes after the stream, of another
kind or version, too long, inflating too far, nested too deep, not UTF-8, with NaN or a lone surrogate in them, a
zlib stream wrong around its deflate stream).
"""

from __future__ import annotations

import base64
import json
import random
import subprocess
import zlib
from pathlib import Path
from typing import Any

from buildtools.pins import fflate
from rules import player, player_read, share
from rules.errors import BadLink
from rules.systems import SYSTEMS
from tests.rules.test_player_leaks import build
from .node import node

READER = Path(__file__).resolve().parent / "read_player_links.mjs"
SEEDS = range(3)
PALETTE: list[Any] = [None, True, False, 0, -1, 2.0, 1.5, 10**6, "", " ", "Ann", "x" * 61, "y" * 201,
                      "Ann\u202eevil", "\u202e" * 70 + "a", "\u2066a", "a\u2069b\u202cc", "\u202e \u202c",
                      "\ud800", "a\u2028b", [], {}, [1], {"kind": "track"}, ["x"] * 41, float("nan")]


def packed(raw: bytes, *, tail: bytes = b"") -> str:
    return stream_link(zlib.compress(raw, 9) + tail)


def stream_link(stream: bytes) -> str:
    return "p1." + base64.urlsafe_b64encode(stream).decode("ascii").rstrip("=")


def header(method: int, flags: int) -> bytes:
    """A zlib header of these method and flag bits, its check bits right."""
    return bytes([method, flags | (31 - (method << 8 | flags) % 31) % 31])


def zlib_damaged(raw: bytes) -> list[str]:
    """Streams of a good link's bytes that zlib refuses for what is around the deflate stream, which the page checks
    itself (web/js/unzlib.js): its checksum altered, its checksum twice, the header's check bits wrong, a header
    asking for a dictionary or a window zlib does not have before the good deflate stream, a dictionary's stream, no
    header; and two that the page reads a kilobyte at a time: one stored block of the whole text (read), and a stream
    that inflates to 20 MB from 20 kB (refused at the limit)."""
    stream = zlib.compress(raw, 9)
    asking = zlib.compressobj(9, zdict=b'"name"')
    return [stream_link(stream[:-1] + bytes([stream[-1] ^ 1])), stream_link(stream + stream[-4:]),
            stream_link(b"\x78\x9d" + stream[2:]), stream_link(header(0x78, 0xE0) + stream[2:]),
            stream_link(header(0x88, 0xC0) + stream[2:]), stream_link(asking.compress(raw) + asking.flush()),
            stream_link(stream[2:]), stream_link(zlib.compress(raw, 0)), packed(b"{" + b" " * 20_000_000 + b"}")]


def of(document: Any) -> str:
    return packed(json.dumps(document).encode("utf-8"))


def engine_links() -> list[str]:
    """Links of random fights in every system, the players' characters in full and the others either way."""
    links = []
    for system_id in SYSTEMS:
        for seed in SEEDS:
            choose = random.Random(f"{system_id}{seed}")
            steps = [(choose.choice(["act"] * 6 + ["turn"] * 2 + ["condition", "rename", "remove"]),
                      choose.randrange(10), choose.randrange(10), choose.randrange(10**6)) for _ in range(10)]
            played = build(system_id, 2, 2, steps)
            links += [player.link(played.encounter, played.pcs, npcs) for npcs in player.NPC_DETAIL]
    return links


def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document: each key of each object and each item of each list."""
    found = [at] if at else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, at + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:3]):
            found += paths(inner, at + (index,))
    return found


def changed(document: Any, at: tuple[Any, ...], change: str, new: Any = None) -> Any:
    copy = json.loads(json.dumps(document))
    holder = copy
    for step in at[:-1]:
        holder = holder[step]
    if change == "set":
        holder[at[-1]] = new
    elif change == "remove":
        del holder[at[-1]]
    return copy


def damaged_views(views: list[dict[str, Any]]) -> list[str]:
    """Each view's every field set to each value of the palette (a sample, seeded) or removed."""
    choose = random.Random(37)
    links = []
    for view in views:
        places = paths(view)
        for at in choose.sample(places, min(len(places), 40)):
            links.append(of(changed(view, at, "remove")))
            for new in choose.sample(PALETTE, 6):
                links.append(of(changed(view, at, "set", new)))
        links.append(of({**view, "steps": []}))
        links.append(of({**view, "log": [{**entry, "steps": []} for entry in view["log"]]}))
    return links


def marks(count: int) -> str:
    """One letter under ``count`` combining marks: 180,000 of them in a 2.2k-character link held a phone's drawing up
    for 41 s (issue 48, 17)."""
    return "a" + "\u0301" * count


# Every text of a view, each with its bound (rules/player_read.py).
BOUNDED = [(("fight", "phase"), player_read.MAX_PHASE), (("fight", "current"), player_read.MAX_ID),
           (("fight", "order", 0, "id"), player_read.MAX_ID), (("roster", 0, "id"), player_read.MAX_ID),
           (("roster", 0, "status", "text"), player_read.MAX_STATUS), (("log", 0, "title"), player_read.MAX_TITLE),
           (("log", 0, "outcome"), player_read.MAX_OUTCOME),
           (("roster", 0, "widgets", 0, "label"), player_read.MAX_WIDGET_TEXT),
           (("roster", 0, "widgets", 0, "summary"), player_read.MAX_WIDGET_TEXT)]


def combining_views(view: dict[str, Any]) -> list[str]:
    """Each text of a view at its bound, one past it, and far past it in combining marks (the letter counts: one
    under bound - 1 marks is at it); a card's widgets holding as many items as they may and one more, and as many
    widgets as it may have and one more."""
    links = []
    for at, bound in BOUNDED:
        for count in (bound - 1, bound, 50_000, 180_000):
            links.append(of(changed(view, at, "set", marks(count))))
    track = view["roster"][0]["widgets"][0]
    held = player_read._items(view["roster"][0]["widgets"]) - len(view["roster"][0]["widgets"])
    for length in (player_read.MAX_WIDGET_ITEMS - held, player_read.MAX_WIDGET_ITEMS - held + 1):
        links.append(of(changed(view, ("roster", 0, "widgets", 0, "extra"), "set", [1] * length)))
    for count in (player_read.MAX_WIDGETS, player_read.MAX_WIDGETS + 1):
        links.append(of(changed(view, ("roster", 0, "widgets"), "set", [track] * count)))
    return links


def damaged_links(good: str) -> list[Any]:
    """A good link damaged as text and as bytes, and things that are no link at all."""
    payload = good.split(".", 1)[1]
    raw = zlib.decompress(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    deep = b"[" * 13 + b"]" * 13
    return [
        good[:-1], good[:-2], good[:-5], good[: len(good) // 2], good + "A", good + "AAAA", good + "=",
        good.replace("p1.", "e1."), good.replace("p1.", "p2."), good.replace("p1.", "P1."), "p1.", "p1", "", ".",
        "e1.abc", f"  {good}  ", f"https://example.org/woundbook/player.html#{good}", good[:10] + "!" + good[11:],
        good[:10] + "\u00e9" + good[11:], good[:12] + "\U0001f600" + good[12:], "x" * 100_001, "p1." + "A" * 99_990,
        None, 12, ["p1.x"],
        packed(raw, tail=b"\x00junk"), packed(raw, tail=b"\x78\x9c"), packed(b"\xff\xfe{}"),
        packed(b"\xef\xbb\xbf" + raw), packed(b"[]"), packed(b"not json"), packed(b"{" + b" " * 400_000 + b"}"),
        packed(deep), packed(b'{"a": ' + deep[1:-1] + b"}"), packed(raw.replace(b'"format":1', b'"format":2')),
        packed(raw.replace(b'"format":1', b'"format":true')), packed(raw.replace(b'"format":1', b'"format":1.0')),
        packed(raw.replace(b'"round":', b'"round":NaN,"x":')), packed(raw.replace(b'"round":', b'"round":1e400,"x":')),
        packed(raw.replace(b'"npcs":', b'"\\ud800":1,"npcs":')), packed(raw.replace(b'"npcs":', b'"\\\\ud800":1,"npcs":')),
        packed(raw.replace(b'"npcs":', b'"a":"\\ud83d\\ude00","npcs":')),
        "p1." + base64.urlsafe_b64encode(zlib.compress(raw)[:-4]).decode().rstrip("="), *zlib_damaged(raw),
    ]


def read_in_node(links: list[Any]) -> list[dict[str, Any]]:
    result = subprocess.run([node(), str(READER), str(fflate())], input=json.dumps(links), capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    answers: list[dict[str, Any]] = json.loads(result.stdout)
    return answers


def read_in_python(link: Any) -> dict[str, Any]:
    try:
        return {"view": player.read(link)}
    except BadLink as error:
        return {"refused": error.message}


def plain(value: Any) -> Any:
    """A value as JSON text in JavaScript has it: 2.0 is 2 (JSON.parse does not tell them apart)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: plain(inner) for key, inner in value.items()}
    if isinstance(value, list):
        return [plain(inner) for inner in value]
    return value


def test_the_page_and_the_engine_read_every_player_link_alike() -> None:
    good = engine_links()
    views = [player.read(link) for link in good]
    widened = [view for view in views if view["log"] and view["roster"][0]["widgets"] and view["fight"]["order"]]
    corpus = good + damaged_views(views[::4]) + [bad for link in good[:3] for bad in damaged_links(link)] \
        + combining_views(widened[0]) + combining_views(widened[-1])
    answers = read_in_node(corpus)
    assert len(answers) == len(corpus)
    refusals: set[str] = set()
    accepted = 0
    for link, page in zip(corpus, answers, strict=True):
        engine = read_in_python(link)
        shown = link[:80] if isinstance(link, str) else link
        if "view" in engine:
            assert "view" in page, (shown, page)
            assert json.dumps(plain(engine["view"]), sort_keys=True) == json.dumps(page["view"], sort_keys=True), shown
            accepted += 1
        else:
            assert page == engine, shown
            refusals.add(engine["refused"].split(":")[0] if "characters a link" not in engine["refused"]
                         else engine["refused"])
    # The corpus reaches every way a link is refused, and every engine-made link is read.
    assert accepted >= len(good) and len(corpus) - accepted > 500
    assert len(refusals) >= 12, sorted(refusals)


def test_a_link_the_engine_wrote_is_read_by_the_page_as_the_engine_wrote_it() -> None:
    link = engine_links()[0]
    [page] = read_in_node([link])
    assert page["view"] == json.loads(share.canonical(player.read(link)))


def test_every_text_in_a_link_is_bounded_alike_by_both_readers() -> None:
    """Issue 48 (17): a text at its bound is read, one past it (or 180,000 combining marks) refused, by both."""
    view = next(player.read(link) for link in engine_links()[::-1] if player.read(link)["log"])
    corpus = combining_views(view)
    expected = [count < bound for _, bound in BOUNDED for count in (bound - 1, bound, 50_000, 180_000)] \
        + [True, False, True, False]
    for link, page, read in zip(corpus, read_in_node(corpus), expected, strict=True):
        engine = read_in_python(link)
        assert ("view" in engine) == read and ("view" in page) == read, (engine.get("refused"), page.get("refused"))
