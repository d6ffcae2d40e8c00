"""The players' page inflates a link's zlib stream itself, synchronously (web/js/inflate.js), where the engine uses
Python's zlib (rules/share.py's decode): the same streams must come out the same, or be refused alike. Read both
ways, in Node: streams zlib makes at every level (stored, fixed and dynamic blocks), then each of them damaged (a bit
flipped, a byte changed, cut short, bytes added after it) and streams of random bytes behind a valid header, and
streams that inflate past the size limit they are read with."""

from __future__ import annotations

import json
import random
import subprocess
import zlib
from pathlib import Path

from .node import node

READER = Path(__file__).resolve().parent / "inflate_streams.mjs"


def python_reads(packed: bytes, limit: int) -> object:
    """rules/share.py's reading of a stream: zlib's error, past the limit, not ended, or bytes after it."""
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, limit + 1)
    except zlib.error:
        return "damaged"
    if len(raw) > limit or inflater.unconsumed_tail:
        return "too large"
    if not inflater.eof or inflater.unused_data:
        return "damaged"
    return {"out": raw.hex()}


def texts(rng: random.Random) -> list[bytes]:
    words = [b"Cyrus", b"Bandit", b"wounded", b'{"name": ', b"0", b"1", b"\xc3\xa9", b"[", b"]", b", "]
    made = [b"", b"a", bytes(range(256)), b"x" * 70_000]
    for _ in range(40):
        made.append(b"".join(rng.choice(words) for _ in range(rng.randrange(1, 400))))
        made.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))))
    return made


class Bits:
    """A deflate stream written by hand: fields lowest bit first, Huffman codes highest bit first."""

    def __init__(self) -> None:
        self.bits: list[int] = []

    def field(self, value: int, count: int) -> None:
        self.bits += [(value >> place) & 1 for place in range(count)]

    def code(self, value: int, length: int) -> None:
        self.bits += [(value >> place) & 1 for place in reversed(range(length))]

    def packed(self) -> bytes:
        padded = self.bits + [0] * (-len(self.bits) % 8)
        return bytes(sum(bit << place for place, bit in enumerate(padded[at:at + 8])) for at in range(0, len(padded), 8))


def canonical(lengths: list[int]) -> dict[int, tuple[int, int]]:
    """Each symbol's code and its length, as deflate assigns them from the lengths alone."""
    codes, code = {}, 0
    for length in range(1, 16):
        for symbol, its in enumerate(lengths):
            if its == length:
                codes[symbol] = (code, length)
                code += 1
        code <<= 1
    return codes


def dynamic_stream(literals: dict[int, int], distances: dict[int, int], text: bytes,
                   order_lengths: tuple[int, int, int] = (1, 2, 2)) -> bytes:
    """One dynamic block of the given code lengths (each length sent as itself, with a code-length code giving the
    lengths 0, 1 and 2 codes of order_lengths' lengths), holding ``text`` as literals, in a zlib stream."""
    lit = [literals.get(symbol, 0) for symbol in range(286)]
    dist = [distances.get(symbol, 0) for symbol in range(30)]
    order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    code_lengths = [0] * 19
    code_lengths[0], code_lengths[1], code_lengths[2] = order_lengths
    out = Bits()
    out.field(1, 1)
    out.field(2, 2)
    out.field(286 - 257, 5)
    out.field(30 - 1, 5)
    out.field(19 - 4, 4)
    for symbol in order:
        out.field(code_lengths[symbol], 3)
    length_codes = canonical(code_lengths)
    for length in lit + dist:
        out.code(*length_codes[length])
    literal_codes = canonical(lit)
    for byte in text:
        out.code(*literal_codes[byte])
    out.code(*literal_codes[256])
    body = out.packed()
    return b"\x78\x9c" + body + zlib.adler32(text).to_bytes(4, "big")


# zlib's rules for the codes themselves: neither over-subscribed nor incomplete, but for a single code of one bit
# (which it allows for the literal and distance codes, not the code-length code).
HAND_MADE = [
    dynamic_stream({97: 1, 256: 1}, {0: 1}, b"aaa"),                 # complete; one distance code of one bit
    dynamic_stream({97: 1, 256: 1}, {}, b"a"),                        # no distance code at all
    dynamic_stream({256: 1}, {0: 1}, b""),                           # one literal code of one bit: allowed
    dynamic_stream({97: 2, 256: 2}, {0: 1}, b"aa"),                  # incomplete literal code: refused
    dynamic_stream({97: 1, 98: 1, 256: 1}, {0: 1}, b"ab"),           # over-subscribed: refused
    dynamic_stream({97: 1, 256: 1}, {0: 2, 1: 2}, b"a"),             # incomplete distance code: refused
    dynamic_stream({97: 1, 256: 1}, {0: 1}, b"a", (2, 2, 2)),        # incomplete code-length code: refused
    dynamic_stream({97: 1, 256: 1}, {0: 1}, b"a", (1, 1, 1)),        # over-subscribed code-length code: refused
]


def streams(rng: random.Random) -> list[tuple[bytes, int]]:
    good = [zlib.compress(text, level) for text in texts(rng) for level in (0, 1, 6, 9)]
    cases = [(stream, 400_000) for stream in good + HAND_MADE]
    cases += [(stream, 100) for stream in good]                                    # past a small limit
    for stream in good:
        for _ in range(6):
            damaged = bytearray(stream)
            at = rng.randrange(len(damaged))
            if rng.random() < 0.5:
                damaged[at] ^= 1 << rng.randrange(8)
            else:
                damaged[at] = rng.randrange(256)
            cases.append((bytes(damaged), 400_000))
        cases.append((stream[:rng.randrange(len(stream))], 400_000))                 # cut short
        cases.append((stream + bytes([rng.randrange(256)]), 400_000))                # a byte after it
    for _ in range(600):                                                             # noise behind a valid header
        cases.append((b"\x78\x9c" + bytes(rng.randrange(256) for _ in range(rng.randrange(0, 40))), 400_000))
    # A tiny stream that would inflate to gigabytes: refused as soon as it passes the limit.
    cases.append((zlib.compress(b"\0" * 5_000_000, 9), 400_000))
    return cases


def test_the_pages_inflate_reads_every_stream_as_zlib_does() -> None:
    cases = streams(random.Random(7))
    sent = json.dumps([{"hex": stream.hex(), "limit": limit} for stream, limit in cases])
    result = subprocess.run([node(), str(READER)], input=sent, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    answers = json.loads(result.stdout)
    assert len(answers) == len(cases)
    kinds = {"out": 0, "damaged": 0, "too large": 0}
    for (stream, limit), page in zip(cases, answers, strict=True):
        python = python_reads(stream, limit)
        assert page == python, (stream[:60].hex(), limit, page if isinstance(page, str) else "inflated",
                                python if isinstance(python, str) else "inflated")
        kinds["out" if isinstance(python, dict) else python] += 1
    # Each way a stream is read was reached, many times, and the hand-made codes are read as zlib reads them.
    assert all(count > 100 for count in kinds.values()), kinds
    assert [isinstance(python_reads(stream, 400_000), dict) for stream in HAND_MADE] == [True] * 3 + [False] * 5
