// zlib's inflate of a players' view link, in one synchronous call: a link is a few kilobytes, read in well under a
// millisecond, so player.js draws it while its module runs, before the page's first frame (the browser's
// DecompressionStream answers only in later tasks, and the page painted itself empty in between).
//
// fflate inflates the deflate stream; around it, what it leaves to its caller and zlib (the engine's reader,
// rules/share.py, uses Python's zlib) checks: the header's method, window, check bits and no dictionary; an output
// bound, checked as the output comes, a chunk of input at a time; nothing after the stream; the Adler-32 of what
// came out. fflate does not check the deflate stream's own consistency as zlib does (a stored block's length
// against its complement, Huffman codes that are over-subscribed or incomplete, length and distance codes past
// the table), so a stream made by hand to break those rules and carrying the right Adler-32 is read here where
// zlib refuses it: what comes out is still checked field by field as a player view.

import { Inflate } from "fflate";

export class Damaged extends Error {}
export class TooLarge extends Error {}

// At most this much input per push: fflate inflates all it is handed at once, so the output is counted at least
// every 1,024 bytes of input, at most 1,032 times that (deflate's longest match for the fewest bits) past the limit.
const CHUNK = 1024;

// The bytes `packed` holds (a zlib stream and nothing after it), at most `limit` of them: a Damaged error for a
// stream zlib would refuse, cut short, or followed by more bytes; a TooLarge one as soon as the output counted
// passes `limit`.
export function unzlib(packed, limit) {
  if (packed.length < 6) throw new Damaged("cut short");
  const [method, flags] = packed;
  if ((method & 15) !== 8 || method >> 4 > 7 || ((method << 8) | flags) % 31 !== 0 || flags & 32) {
    throw new Damaged("not a zlib stream this reader takes");   // another method or window, a bad check, a dictionary
  }
  const body = packed.subarray(2, -4);
  const out = inflated(body, limit);
  // fflate stops at the stream's last block and leaves what follows aside: the stream ends at the body's last byte
  // only if the body without that byte is cut short.
  if (body.length > 1 && ends(body.subarray(0, -1), limit)) throw new Damaged("bytes follow the stream");
  const sum = new DataView(packed.buffer, packed.byteOffset + packed.length - 4).getUint32(0);
  if (sum !== adler32(out)) throw new Damaged("its check does not match");
  return out;
}

// The raw deflate stream `body` inflated, a chunk at a time, stopped as soon as more than `limit` bytes came out.
function inflated(body, limit) {
  if (!body.length) throw new Damaged("cut short");   // fflate reads no bytes as nothing; zlib as cut short
  const parts = [];
  let length = 0;
  const stream = new Inflate((part) => {
    length += part.length;
    if (length > limit) throw new TooLarge();
    parts.push(part);
  });
  try {
    let at = 0;
    do {
      stream.push(body.subarray(at, at + CHUNK), at + CHUNK >= body.length);
      at += CHUNK;
    } while (at < body.length);
  } catch (error) {
    // fflate's own errors carry its code, a number: cut short, a block of an unknown type, a code or a distance
    // that means nothing. Anything else is no judgement on the stream.
    if (typeof error?.code === "number") throw new Damaged(error.message, { cause: error });
    throw error;
  }
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function ends(body, limit) {
  try {
    inflated(body, limit);
    return true;
  } catch (error) {
    if (error instanceof Damaged || error instanceof TooLarge) return false;
    throw error;
  }
}

function adler32(bytes) {
  let a = 1;
  let b = 0;
  for (let start = 0; start < bytes.length; start += 3800) {     // sums stay exact below 2**53 for 3,800 bytes at a time
    const end = Math.min(bytes.length, start + 3800);
    for (let i = start; i < end; i++) {
      a += bytes[i];
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}
