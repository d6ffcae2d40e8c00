// The rules wheel, unpacked into Python's home folder (where it imports from) by the page itself: the zip is
// fetched while Python starts and inflated here (DecompressionStream), so that putting the files in place once it
// has started is a matter of writes, not of Python unpacking an archive. The page (js/interpreter.js) and the
// snapshot worker (js/snapshot-worker.js) both do it, so a restored snapshot, whose modules were imported from
// these files, finds the same files in the same place.

const WHEEL_URL = new URL("{{WHEEL}}", new URL("../", import.meta.url)).href;
// The wheel's modules compiled at build time by this Pyodide's Python (build.py), as their __pycache__ files in one
// gzipped bundle (an index, then the files end to end): Python imports the rules from them without compiling the
// sources, and falls back to the sources for any whose source or Python version differs.
const BYTECODE_URL = new URL("{{BYTECODE}}", new URL("../", import.meta.url)).href;

// The wheel's files and their bytecode, {path: bytes}: fetched at once, inflated once `inflateAfter` settles (at
// once without it). The rules import without the bytecode, only slower, so a failure to fetch it is reported and
// passed over.
export async function fetchWheel(inflateAfter) {
  const bytecode = fetchBundle(BYTECODE_URL, "the rules' bytecode", inflateAfter).catch((error) => {
    console.warn(`${error.message}: the rules will be compiled from their sources`);
    return {};
  });
  const files = await fetchZip(WHEEL_URL, "the rules wheel", inflateAfter);
  return { ...files, ...(await bytecode) };
}

async function fetchZip(url, what, inflateAfter) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what} answered ${response.status}`);
  const zip = new Uint8Array(await response.arrayBuffer());
  await inflateAfter;
  return unzip(zip, what);
}

// build.py's bundle(): gzip of [4 bytes: the index's length][the index, JSON [[name, size], ...]][the files]. A host
// that sends it with Content-Encoding: gzip has inflated it already (it then no longer starts with gzip's magic).
async function fetchBundle(url, what, inflateAfter) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what} answered ${response.status}`);
  let body = new Uint8Array(await response.arrayBuffer());
  await inflateAfter;
  if (body[0] === 0x1f && body[1] === 0x8b) {
    const stream = new Response(body).body.pipeThrough(new DecompressionStream("gzip"));
    body = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const length = new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(0, true);
  const files = {};
  let at = 4 + length;
  for (const [name, size] of JSON.parse(new TextDecoder().decode(body.subarray(4, at)))) {
    files[name] = body.subarray(at, at + size);
    at += size;
  }
  if (at !== body.length) throw new Error(`${what} is damaged`);
  return files;
}

export function addWheel(pyodide, files) {
  const { FS } = pyodide;
  const home = FS.cwd();
  for (const [name, bytes] of Object.entries(files)) {
    const path = `${home}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes);
  }
}

// A zip archive as build.py writes them: no zip64, entries stored or deflated. Its files are inflated all at
// once, not one after another: each inflation waits on the page's thread several times, and while a restore keeps
// that thread busy, sixty files in a row finished 90 ms after Python was ready for them.
async function unzip(zip, what) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error(`${what} is not a zip archive`);
  const count = view.getUint16(end + 10, true);
  let entry = view.getUint32(end + 16, true);
  const names = [];
  const contents = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(entry, true) !== 0x02014b50) throw new Error(`${what}: its directory is damaged`);
    const method = view.getUint16(entry + 10, true);
    const size = view.getUint32(entry + 20, true);
    const nameLength = view.getUint16(entry + 28, true);
    const skip = nameLength + view.getUint16(entry + 30, true) + view.getUint16(entry + 32, true);
    const local = view.getUint32(entry + 42, true);
    const name = new TextDecoder().decode(zip.subarray(entry + 46, entry + 46 + nameLength));
    entry += 46 + skip;
    if (name.endsWith("/")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = zip.subarray(start, start + size);
    if (method !== 0 && method !== 8) throw new Error(`${what} holds ${name} compressed in a way this page does not read`);
    names.push(name);
    contents.push(method === 0 ? data : inflate(data));
  }
  const inflated = await Promise.all(contents);
  return Object.fromEntries(names.map((name, i) => [name, inflated[i]]));
}

async function inflate(data) {
  const stream = new Response(data).body.pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
