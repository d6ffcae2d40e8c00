"""Encounter <-> link fragment: versioned, compressed, and checked on the way in.

A fragment is ``e1.`` followed by the encounter's compact JSON, deflated with
zlib and written in unpadded base64url.  Reading one refuses anything over the
size limits before doing real work, including a small payload that would
inflate past the limit (a zip bomb), JSON nested deeper than an encounter can
be, and then checks the encounter itself by replaying it.

>>> from .encounter import Encounter
>>> link = encode(Encounter.new("typed").to_dict())
>>> link.startswith("e1.")
True
>>> decode(link)["system"]
'typed'
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from .errors import BadLink, TooLarge
from .fields import shown

VERSION = "e1"
MAX_LINK_CHARS = 100_000         # a fragment longer than this is refused unread
MAX_JSON_BYTES = 400_000         # what a fragment (or a saved file) may inflate to
MAX_DEPTH = 12                   # an encounter document nests 7 deep at most
LEVEL = 9                        # zlib's: the shortest links
# Every kind of link Woundbook writes, by the version before its dot, as a refusal names it: one kind opened as
# another is told so, not taken for a link of another version (the player view's is rules/player.py's VERSION).
KINDS = {"e1": "share link", "p1": "player view link"}
PAYLOAD = re.compile(r"[A-Za-z0-9_-]*")   # unpadded base64url
# Spaces and line breaks around a link, as typed, pasted, or percent-encoded by the address bar ("#%20e1.").
AROUND = re.compile(r"^(?:\s|%20|%09|%0[AaDd])+|(?:\s|%20|%09|%0[AaDd])+$")


def canonical(document: Any) -> str:
    """The one text of a document that a link carries: compact JSON with sorted keys (equal documents, equal text)."""
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def encode(document: dict[str, Any] | str, *, check: bool = False, version: str = VERSION) -> str:
    """The fragment for an encounter document (without the leading ``#``), or for its JSON text.

    With ``check``, an encounter whose link :func:`decode` would refuse is refused here instead, so
    every link the app offers opens: an encounter that has just grown past the limits stops growing.
    """
    raw = (document if isinstance(document, str) else canonical(document)).encode("utf-8")
    return _fragment(zlib.compress(raw, LEVEL), len(raw), check, version)


def _fragment(packed: bytes, raw_length: int, check: bool, version: str = VERSION) -> str:
    fragment = f"{version}." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
    if check and (raw_length > MAX_JSON_BYTES or len(fragment) > MAX_LINK_CHARS):
        raise TooLarge("this encounter is full: it would no longer fit in a share link. Start a new encounter "
                       "to go on (this one can be restored afterwards)", field="encounter")
    return fragment


class Stream:
    """A link's zlib stream, made a piece at a time: :meth:`grown` compresses only the piece it adds, on a copy of
    the compressor, which stays as it was; :meth:`fragment` finishes a copy with a last piece.  A long encounter's
    link then costs a tap the event it adds, not the whole log again.  The bytes are those of :func:`encode` of
    the whole text (zlib's output does not depend on how its input is split).

    >>> Stream().grown('{"a":').grown("[1, 2]").fragment("}") == encode('{"a":[1, 2]}')
    True
    """

    def __init__(self, packer: Any = None, packed: bytes = b"", length: int = 0) -> None:
        self._packer = zlib.compressobj(LEVEL) if packer is None else packer
        self._packed = packed
        self.length = length        # bytes of text compressed so far

    def grown(self, text: str) -> Stream:
        raw = text.encode("utf-8")
        packer = self._packer.copy()
        return Stream(packer, self._packed + packer.compress(raw), self.length + len(raw))

    def fragment(self, tail: str, *, check: bool = False) -> str:
        """The fragment of this stream's text and ``tail``, refused as :func:`encode` refuses it with ``check``."""
        raw = tail.encode("utf-8")
        packer = self._packer.copy()
        return _fragment(self._packed + packer.compress(raw) + packer.flush(), self.length + len(raw), check)


def file_too_large() -> BadLink:
    """The refusal of a file larger than an encounter can be, in the file's words whoever finds it too large."""
    return BadLink(f"this file is larger than the {MAX_JSON_BYTES // 1000} kB an encounter can be")


def read_file(text: Any) -> dict[str, Any]:
    """The encounter document in a saved file's text, with the same limits as a link: the share dialog's file (the
    document itself), or a saved entry's document as Encounters downloads it (``{"fragment": …}``, read as its
    link)."""
    if not isinstance(text, str):
        raise BadLink("a saved encounter file must be text")
    if len(text.encode("utf-8", "replace")) > MAX_JSON_BYTES:
        raise file_too_large()
    if _depth(text) > MAX_DEPTH:
        raise BadLink(f"this file nests data deeper than {MAX_DEPTH} levels; it was refused")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise BadLink("this file is not a Woundbook encounter: it is not valid JSON") from error
    if not isinstance(document, dict):
        raise BadLink("this file does not hold an encounter")
    if "format" not in document and isinstance(document.get("fragment"), str):
        return decode(document["fragment"], noun="saved encounter's link")
    return document


def decode(fragment: Any, version: str = VERSION, *, strict: bool = False, noun: str = "") -> dict[str, Any]:
    """The encounter document in a fragment (or the document of another kind of link, by its ``version``);
    :class:`BadLink` says what is wrong with a bad one.

    ``strict`` reads it as a browser's own JavaScript does (web/js/player-link.js reads player view links without
    Python): bytes after the end of the zlib stream are damage, and JSON's NaN and Infinity, which JavaScript's JSON
    does not know, are not JSON. Spaces around the link, and around its fragment (percent-encoded too, as an address
    bar writes them, unless ``strict``), are not part of it. ``noun``
    names it in a refusal (a saved entry's link), by default by its kind."""
    noun = noun or KINDS.get(version, "link")
    if not isinstance(fragment, str):
        raise BadLink(f"a {noun} must be text")
    if len(fragment) > MAX_LINK_CHARS:
        raise BadLink(f"this {noun} is {len(fragment)} characters long; links up to {MAX_LINK_CHARS} are accepted")
    # Strict, as the players' page's own reader (js/player-link.js) reads a link: only plain spaces are trimmed.
    fragment = fragment.strip() if strict else AROUND.sub("", fragment)
    if "#" in fragment:
        fragment = fragment.split("#", 1)[1]
        fragment = fragment if strict else AROUND.sub("", fragment)
    found, dot, payload = fragment.partition(".")
    if not dot or not found:
        raise BadLink(f"{shown(fragment)} is not a Woundbook {noun}; it should start with '{version}.'")
    if found != version and found in KINDS:
        raise BadLink(f"this is a {KINDS[found]}, not a {noun}: open it as a {KINDS[found]}")
    if found != version:
        raise BadLink(f"{noun} version {shown(found)} is not supported by this version of Woundbook "
                      f"(it reads {version!r})")
    if not payload:
        raise BadLink(f"this {noun} is damaged: nothing follows its '{version}.'; it was cut short")
    packed = _unpacked_base64(payload, noun)
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error as error:
        raise BadLink(f"this {noun} is damaged: it was cut short or altered") from error
    if len(raw) > MAX_JSON_BYTES or inflater.unconsumed_tail:
        raise BadLink(f"this {noun} unpacks to more than {MAX_JSON_BYTES} bytes; it was refused")
    if not inflater.eof:          # a browser's inflate cannot tell cut short from altered: strict, neither is said
        raise BadLink(f"this {noun} is damaged: it was cut short{' or altered' if strict else ''}")
    if strict and inflater.unused_data:
        raise BadLink(f"this {noun} is damaged: it was cut short or altered")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadLink(f"this {noun} is damaged: its text is not UTF-8") from error
    if _depth(text) > MAX_DEPTH:
        raise BadLink(f"this {noun} nests data deeper than {MAX_DEPTH} levels; it was refused")
    try:
        document = json.loads(text, parse_constant=_no_constant) if strict else json.loads(text)
    except ValueError as error:
        raise BadLink(f"this {noun} is damaged: its contents are not valid JSON") from error
    if not isinstance(document, dict):
        raise BadLink(f"this {noun} does not hold an encounter")
    if "\\u" in text:
        try:
            json.dumps(document, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError as error:
            raise BadLink(f"this {noun} is damaged: it holds a broken character") from error
    return document


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _unpacked_base64(payload: str, noun: str) -> bytes:
    """The bytes of a link's unpadded base64url.  A character outside its alphabet is an altered link; a length
    one past a whole group of four is a link cut short (whole bytes never leave one character over), which Python's
    decoder would call bad padding."""
    if not PAYLOAD.fullmatch(payload):
        bad = sorted({char for char in payload if not PAYLOAD.fullmatch(char)})
        raise BadLink(f"this {noun} is damaged: it contains characters a link cannot have ({shown(''.join(bad))})")
    if len(payload) % 4 == 1:
        raise BadLink(f"this {noun} is damaged: it was cut short")
    try:
        return base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError) as error:
        raise BadLink(f"this {noun} is damaged: it contains characters a link cannot have") from error


def _depth(text: str) -> int:
    """How deeply brackets nest in JSON text, ignoring brackets inside strings."""
    deepest = depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest
