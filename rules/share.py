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
import zlib
from typing import Any

from .errors import BadLink

VERSION = "e1"
MAX_LINK_CHARS = 48_000          # a fragment longer than this is refused unread
MAX_JSON_BYTES = 400_000         # what a fragment may inflate to
MAX_DEPTH = 12                   # an encounter document nests 7 deep at most


def encode(document: dict[str, Any]) -> str:
    """The fragment for an encounter document (without the leading ``#``)."""
    text = json.dumps(document, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    packed = zlib.compress(text.encode("utf-8"), 9)
    return f"{VERSION}." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(fragment: Any) -> dict[str, Any]:
    """The encounter document in a fragment; :class:`BadLink` says what is wrong with a bad one."""
    if not isinstance(fragment, str):
        raise BadLink("a share link must be text")
    if len(fragment) > MAX_LINK_CHARS:
        raise BadLink(f"this share link is {len(fragment)} characters long; links up to {MAX_LINK_CHARS} are accepted")
    fragment = fragment.strip()
    if "#" in fragment:
        fragment = fragment.split("#", 1)[1]
    version, dot, payload = fragment.partition(".")
    if not dot or not payload:
        raise BadLink(f"{_start(fragment)} is not a Woundbook share link; it should start with '{VERSION}.'")
    if version != VERSION:
        raise BadLink(f"share link version {version!r} is not supported by this version of Woundbook "
                      f"(it reads {VERSION!r})")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError) as error:
        raise BadLink("this share link is damaged: it contains characters a link cannot have") from error
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error as error:
        raise BadLink("this share link is damaged: it was cut short or altered") from error
    if len(raw) > MAX_JSON_BYTES or inflater.unconsumed_tail:
        raise BadLink(f"this share link unpacks to more than {MAX_JSON_BYTES} bytes; it was refused")
    if not inflater.eof:
        raise BadLink("this share link is damaged: it was cut short")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadLink("this share link is damaged: its text is not UTF-8") from error
    if _depth(text) > MAX_DEPTH:
        raise BadLink(f"this share link nests data deeper than {MAX_DEPTH} levels; it was refused")
    try:
        document = json.loads(text)
    except ValueError as error:
        raise BadLink("this share link is damaged: its contents are not valid JSON") from error
    if not isinstance(document, dict):
        raise BadLink("this share link does not hold an encounter")
    return document


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


def _start(text: str) -> str:
    return repr(text if len(text) <= 24 else text[:21] + "...")
