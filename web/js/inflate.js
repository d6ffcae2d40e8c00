// zlib's inflate (RFC 1950 around RFC 1951), in one synchronous call: a players' view link is a few kilobytes, read
// in well under a millisecond, so player.js draws it while its module runs, before the page's first frame. The
// browser's DecompressionStream answers only in later tasks, and the page painted itself empty in between.
//
// It accepts what zlib accepts (the engine reads the same links with Python's zlib, rules/share.py): the header's
// method, window and check; stored blocks whose length and its complement agree; Huffman codes neither
// over-subscribed nor incomplete (but for a single code of one bit, which zlib allows); no distance past the start
// of the output; the Adler-32 of what came out. The structure follows Mark Adler's puff.c.

export class Damaged extends Error {}
export class TooLarge extends Error {}

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
  163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
  2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DISTANCE_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
  13];
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
const MAX_BITS = 15;

// The bytes `packed` holds (a zlib stream and nothing after it), at most `limit` of them: a Damaged error for a
// stream zlib would refuse, cut short, or followed by more bytes; a TooLarge one as soon as it passes `limit`.
export function inflate(packed, limit) {
  const input = new Reader(packed);
  const method = input.byte();
  const flags = input.byte();
  if ((method & 15) !== 8 || method >> 4 > 7 || ((method << 8) | flags) % 31 !== 0 || flags & 32) {
    throw new Damaged("not a zlib stream this reader takes");   // another method or window, a bad check, a dictionary
  }
  const out = new Output(limit);
  let last;
  do {
    last = input.bits(1);
    const type = input.bits(2);
    if (type === 0) stored(input, out);
    else if (type === 1) codes(input, out, FIXED.lengths, FIXED.distances);
    else if (type === 2) codes(input, out, ...dynamic(input));
    else throw new Damaged("a block of an unknown type");
  } while (!last);
  input.align();
  const sum = (input.byte() << 24 | input.byte() << 16 | input.byte() << 8 | input.byte()) >>> 0;
  if (sum !== adler32(out.bytes, out.length)) throw new Damaged("its check does not match");
  if (input.at !== packed.length) throw new Damaged("bytes follow the stream");
  return out.bytes.subarray(0, out.length);
}

class Reader {
  constructor(bytes) {
    this.bytesIn = bytes;
    this.at = 0;
    this.held = 0;      // bits read from the input and not used yet, lowest first
    this.count = 0;
  }

  byte() {
    if (this.at >= this.bytesIn.length) throw new Damaged("cut short");
    return this.bytesIn[this.at++];
  }

  bits(need) {
    while (this.count < need) {
      this.held |= this.byte() << this.count;
      this.count += 8;
    }
    const value = this.held & ((1 << need) - 1);
    this.held >>>= need;
    this.count -= need;
    return value;
  }

  align() {
    this.held = 0;
    this.count = 0;
  }
}

class Output {
  constructor(limit) {
    this.limit = limit;
    this.bytes = new Uint8Array(Math.min(limit + 1, 16384));
    this.length = 0;
  }

  room(more) {
    const need = this.length + more;
    if (need > this.limit) throw new TooLarge();
    if (need > this.bytes.length) {
      const grown = new Uint8Array(Math.min(this.limit + 1, Math.max(need, this.bytes.length * 2)));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
  }

  push(value) {
    this.room(1);
    this.bytes[this.length++] = value;
  }
}

function stored(input, out) {
  input.align();
  const length = input.byte() | input.byte() << 8;
  const complement = input.byte() | input.byte() << 8;
  if (length !== (~complement & 0xffff)) throw new Damaged("a stored block's length and its complement disagree");
  if (input.at + length > input.bytesIn.length) throw new Damaged("cut short");
  for (let i = 0; i < length; i++) out.push(input.bytesIn[input.at++]);
}

// A canonical Huffman code from each symbol's code length: how many codes there are of each length, and the
// symbols in code order. `incompleteAllowed`: zlib allows an incomplete code only for the literal/length and
// distance codes, and only when it is a single code of one bit.
function huffman(lengths, incompleteAllowed = true) {
  const counts = new Uint16Array(MAX_BITS + 1);
  for (const length of lengths) counts[length]++;
  let left = 1;
  for (let length = 1; length <= MAX_BITS; length++) {
    left = left * 2 - counts[length];
    if (left < 0) throw new Damaged("an over-subscribed code");
  }
  let longest = MAX_BITS;
  while (longest > 0 && counts[longest] === 0) longest--;
  if (left > 0 && longest > 0 && (!incompleteAllowed || longest !== 1)) throw new Damaged("an incomplete code");
  const offsets = new Uint16Array(MAX_BITS + 2);
  for (let length = 1; length <= MAX_BITS; length++) offsets[length + 1] = offsets[length] + counts[length];
  const symbols = new Uint16Array(lengths.length);
  lengths.forEach((length, symbol) => {
    if (length) symbols[offsets[length]++] = symbol;
  });
  counts[0] = 0;
  return { counts, symbols };
}

function decode(input, code) {
  let bits = 0;       // the code read so far
  let first = 0;      // the first code of the current length
  let index = 0;      // its symbol's place in code.symbols
  for (let length = 1; length <= MAX_BITS; length++) {
    bits |= input.bits(1);
    const count = code.counts[length];
    if (bits - first < count) return code.symbols[index + bits - first];
    index += count;
    first = (first + count) * 2;
    bits *= 2;
  }
  throw new Damaged("a code that means nothing");
}

function codes(input, out, lengths, distances) {
  for (;;) {
    const symbol = decode(input, lengths);
    if (symbol < 256) {
      out.push(symbol);
    } else if (symbol === 256) {
      return;
    } else {
      const which = symbol - 257;
      if (which >= 29) throw new Damaged("a length code that does not exist");
      const length = LENGTH_BASE[which] + input.bits(LENGTH_EXTRA[which]);
      const place = decode(input, distances);
      if (place >= 30) throw new Damaged("a distance code that does not exist");
      const distance = DISTANCE_BASE[place] + input.bits(DISTANCE_EXTRA[place]);
      if (distance > out.length) throw new Damaged("a distance past the start");
      out.room(length);
      for (let i = 0; i < length; i++) {
        out.bytes[out.length] = out.bytes[out.length - distance];
        out.length++;
      }
    }
  }
}

function dynamic(input) {
  const literals = input.bits(5) + 257;
  const distances = input.bits(5) + 1;
  const codeLengths = input.bits(4) + 4;
  if (literals > 286 || distances > 30) throw new Damaged("too many length or distance codes");
  const order = new Array(19).fill(0);
  for (let i = 0; i < codeLengths; i++) order[CODE_LENGTH_ORDER[i]] = input.bits(3);
  const lengthsCode = huffman(order, false);
  const lengths = [];
  while (lengths.length < literals + distances) {
    const symbol = decode(input, lengthsCode);
    if (symbol < 16) {
      lengths.push(symbol);
      continue;
    }
    let value = 0;
    let times;
    if (symbol === 16) {
      if (!lengths.length) throw new Damaged("a repeat with nothing before it");
      value = lengths[lengths.length - 1];
      times = 3 + input.bits(2);
    } else {
      times = symbol === 17 ? 3 + input.bits(3) : 11 + input.bits(7);
    }
    if (lengths.length + times > literals + distances) throw new Damaged("lengths repeated past the end");
    for (let i = 0; i < times; i++) lengths.push(value);
  }
  if (!lengths[256]) throw new Damaged("no end-of-block code");
  return [huffman(lengths.slice(0, literals)), huffman(lengths.slice(literals))];
}

const FIXED = {
  lengths: huffman([...new Array(144).fill(8), ...new Array(112).fill(9), ...new Array(24).fill(7),
    ...new Array(8).fill(8)]),
  distances: huffman(new Array(32).fill(5)),     // 30 and 31 are codes, and refused when they are read
};

function adler32(bytes, length) {
  let a = 1;
  let b = 0;
  for (let start = 0; start < length; start += 3800) {     // sums stay exact below 2**53 for 3,800 bytes at a time
    const end = Math.min(length, start + 3800);
    for (let i = start; i < end; i++) {
      a += bytes[i];
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}
