// The rules, put into Python's home folder (where it imports from) by the page itself: the build compiled every
// module of the rules wheel with this Pyodide's Python (buildtools/bytecode.py) and bundled the bytecode, each file
// where its source was, with the tables the rules read, into one gzipped stream. It is fetched while Python starts
// and inflated here (DecompressionStream), so that putting the files in place once Python has started is a matter
// of writes: no Python unpacking an archive, and no compiling. The page (js/interpreter.js) and the snapshot worker
// (js/snapshot-worker.js) both do it, so a restored snapshot, whose modules were imported from these files, finds
// the same files in the same place.

const RULES_URL = new URL("{{RULES}}", new URL("../", import.meta.url)).href;

// The rules' files, {path: bytes}: fetched at once, inflated once `inflateAfter` settles (at once without it).
export async function fetchRules(inflateAfter) {
  return unbundle(await fetchBundle(inflateAfter));
}

// The bundle's bytes, inflated. (A return visit has them fetched and inflated by the snapshot's reader, a Worker,
// while the page paints its saved cards: js/snapshot-reader.js.)
export async function fetchBundle(inflateAfter) {
  const response = await fetch(RULES_URL);
  if (!response.ok) throw new Error(`the rules answered ${response.status}`);
  let body = new Uint8Array(await response.arrayBuffer());
  await inflateAfter;
  // A host that sends it with Content-Encoding: gzip has inflated it already (it then no longer starts with
  // gzip's magic).
  if (body[0] === 0x1f && body[1] === 0x8b) {
    const stream = new Response(body).body.pipeThrough(new DecompressionStream("gzip"));
    body = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  return body;
}

// buildtools/bytecode.py's bundle(): [4 bytes: the index's length][the index, JSON [[name, size], ...]][the files].
export function unbundle(body) {
  const length = new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(0, true);
  const files = {};
  let at = 4 + length;
  for (const [name, size] of JSON.parse(new TextDecoder().decode(body.subarray(4, at)))) {
    files[name] = body.subarray(at, at + size);
    at += size;
  }
  if (at !== body.length) throw new Error("the rules arrived damaged");
  return files;
}

// The rules imported through web/rules_import.py, which hands dataclasses the methods of the rules' classes the
// build compiled ahead instead of compiling each as the class is made: [method texts taken, texts compiled]. Only
// a freshly started Python needs it (the page's and the snapshot worker's); one that holds the rules already
// imports nothing again.
export function importRules(pyodide) {
  const importer = pyodide.pyimport("rules_import");
  try {
    const counts = importer.import_rules();
    try {
      return counts.toJs();
    } finally {
      counts.destroy();
    }
  } finally {
    importer.destroy();
  }
}

export function addRules(pyodide, files) {
  const { FS } = pyodide;
  const home = FS.cwd();
  for (const [name, bytes] of Object.entries(files)) {
    const path = `${home}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes);
  }
}
