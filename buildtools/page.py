"""The site put together in one folder: Pyodide (its standard library trimmed, what the page imports as it starts
compiled) and PyScript, our rules compiled from their wheel (which is left beside the site), the QR code generator,
the page's modules bundled by esbuild, the templated page and the service worker that precaches all of it. Every
path carries a version or a content hash, and every URL is relative."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from .bytecode import rules_bundle, stdlib_compiled, with_bytecode
from .common import PYTHON_MODULES, QR_MODULE, ROOT, RULES_IMPORT, WEB, WHEEL_DIR, sha256, write_hashed
from .pins import PYODIDE, PYODIDE_FILES, PYSCRIPT, esbuild, fflate, unpack
from .policy import check_page_policy
from .stdlib import imported_names, python_modules, split_off, trim_stdlib, wheel_imports
from .styles import STYLE_PARTS, STYLES, bundle_styles
from .wheel import build_wheel

# The modules a browser loads by name: the page's own, PyScript's interpreter module, and the two Workers'.
PAGE_ENTRIES = ("boot.js", "app.js", "interpreter.js", "player.js")
# What a player's phone keeps offline (sw.js?player): the players' page and what it loads, and no byte of the
# engine; its modules are added from player.js's imports.
PLAYER_FILES = ("player.html", "app.css", "icon.svg", "manifest.webmanifest")
WORKER_ENTRIES = ("snapshot-worker.js",)
# Bundled whole, importing no chunk: a chunk this Worker imported was fetched only once its own script had arrived
# and been parsed, and the snapshot it reads came that much later (about 30 ms here).
WHOLE_ENTRIES = ("snapshot-reader.js",)
VENDORED_PACKAGES = ("micropip",)   # the lock keeps only what the site serves
STDLIB_MORE = "python_stdlib_more.zip"   # beside python_stdlib.zip: what only installing the QR code generator imports
# Files of web/ the site does not serve as they are: the service worker and the module list are written from them,
# the QR code module goes beside the generator, and the module the rules are imported through into their bundle.
NOT_COPIED = ("sw.js", PYTHON_MODULES.name, QR_MODULE.name, RULES_IMPORT.name)


def assemble(site: Path, pyodide_tgz: Path, pyscript_tgz: Path, micropip: Path, qr_generator: Path) -> dict[str, str]:
    staged = site / "pyodide" / "staged"
    unpack(pyodide_tgz, staged, lambda name: name in PYODIDE_FILES + ("pyodide-lock.json",))
    runtime = staged / "pyodide.asm.mjs"
    runtime.write_text(table_grown_once(compiled_ahead(runtime.read_text(encoding="utf-8"))), encoding="utf-8")
    loader = staged / "pyodide.mjs"
    loader.write_text(wasm_compiled_at_once(loader.read_text(encoding="utf-8")), encoding="utf-8")
    lock = json.loads((staged / "pyodide-lock.json").read_text())
    lock["packages"] = {name: lock["packages"][name] for name in VENDORED_PACKAGES}
    shutil.copy(micropip, staged / micropip.name)
    # PyPI's micropip is not byte-identical to Pyodide's own build: trust the file we verified.
    lock["packages"]["micropip"].update(file_name=micropip.name, sha256=sha256(micropip))
    (staged / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    stdlib = staged / "python_stdlib.zip"
    # What the page imports goes in the archive Pyodide loads as it starts; what only the QR code generator's
    # installation imports (micropip's email parsing and HTTP modules) in a second one, which js/qr.js adds to
    # Python's path when it first installs the generator.
    everything = trim_stdlib(stdlib.read_bytes(), [*python_modules(), *wheel_imports(micropip), *qr_imports(qr_generator)])
    kept, more = split_off(everything, trim_stdlib(stdlib.read_bytes(), python_modules()))
    (staged / STDLIB_MORE).write_bytes(more)
    stdlib.write_bytes(kept)   # the archive the page's Python starts on below, to see what it imports from it
    shutil.rmtree(WHEEL_DIR, ignore_errors=True)
    wheel = build_wheel(WHEEL_DIR)
    stdlib.write_bytes(with_bytecode(kept, *stdlib_compiled(staged, wheel, python_modules())))
    # The folder is named by its content as well as Pyodide's version: the trimmed archive changes with what the
    # page imports, and a browser must never pair a new page with an old archive.
    digest = hashlib.sha256()
    for file in sorted(staged.iterdir()):
        digest.update(file.name.encode() + b"\0" + sha256(file).encode())
    pyodide_dir = site / "pyodide" / f"{PYODIDE[1]}-{digest.hexdigest()[:10]}"
    staged.rename(pyodide_dir)

    pyscript_dir = site / "pyscript" / PYSCRIPT[1]
    unpack(pyscript_tgz, site / "pyscript" / "tmp", lambda name: name.startswith("dist/") and not name.endswith(".map"))
    (site / "pyscript" / "tmp" / "dist").rename(pyscript_dir)
    shutil.rmtree(site / "pyscript" / "tmp")

    rules = write_hashed(site / "wheels", *rules_bundle(pyodide_dir, wheel))
    paths = {
        "PYODIDE_DIR": pyodide_dir.name,
        "PYSCRIPT_VERSION": PYSCRIPT[1],
        "SNAPSHOT_KEY": snapshot_key(pyodide_dir, rules),
        "PYSCRIPT_DIR": f"./pyscript/{PYSCRIPT[1]}",
        "RULES": f"./{rules.relative_to(site).as_posix()}",
        "VERSION": version(),
        **ship_qr_generator(site, qr_generator),
        "STDLIB_MORE": f"./pyodide/{pyodide_dir.name}/{STDLIB_MORE}",
    }
    paths["PYTHON_MODULES"] = '", "'.join(python_modules())
    bundle_scripts(site / "js", paths)
    # What boot.js, app.js and interpreter.js import, and interpreter.js itself, is asked for with the page (boot.js
    # and app.js are its scripts), not once each import is read.
    page_modules = imported_modules(site / "js", "boot.js") | imported_modules(site / "js", "app.js")
    paths["MODULE_PRELOADS"] = "\n  ".join(f'<link rel="modulepreload" href="js/{name}">'
                                           for name in sorted(page_modules - {"boot.js", "app.js"}))
    paths["PLAYER_PRELOADS"] = "\n  ".join(f'<link rel="modulepreload" href="js/{name}">'
                                           for name in sorted(imported_modules(site / "js", "player.js") - {"player.js"}))
    # In the page itself, not a pyscript.json: PyScript need not fetch it before it starts Python.
    paths["PYSCRIPT_CONFIG"] = json.dumps({
        "interpreter": "./js/interpreter.js",   # Pyodide's loadPyodide, restoring a memory snapshot when it can
    })
    # The stylesheet's parts are joined into the one app.css the pages link to, and not copied as they are.
    bundle_styles(site / "app.css", lambda text: template(text, paths))
    for source in sorted(WEB.rglob("*")):
        if (source.is_file() and source.name not in NOT_COPIED and source.parent not in (WEB / "js", STYLE_PARTS)
                and source != STYLES and "__pycache__" not in source.parts):
            target = site / source.relative_to(WEB)
            target.parent.mkdir(parents=True, exist_ok=True)
            if source.suffix in (".html", ".json", ".js", ".py", ".webmanifest", ".css"):
                target.write_text(template(source.read_text(encoding="utf-8"), paths), encoding="utf-8")
            else:
                shutil.copy(source, target)
    check_page_policy((site / "index.html").read_text(encoding="utf-8"))
    check_page_policy((site / "player.html").read_text(encoding="utf-8"))
    write_service_worker(site)
    return paths


def ship_qr_generator(site: Path, generator: Path) -> dict[str, str]:
    """The share dialog's QR code generator and web/qr_matrix.py, in qr/ under paths named by their content (js/qr.js
    installs them on the dialog's first opening, and the service worker precaches them with every other file, so
    they work offline), apart from wheels/, which holds the rules alone: the paths the page is templated with."""
    wheel = write_hashed(site / "qr", generator.name, generator.read_bytes())
    module = write_hashed(site / "qr", QR_MODULE.name, QR_MODULE.read_bytes())
    return {"QR_WHEEL": f"./{wheel.relative_to(site).as_posix()}", "QR_MODULE": f"./{module.relative_to(site).as_posix()}"}


def qr_imports(generator: Path) -> list[str]:
    """What the QR code's Python imports (the generator's wheel and web/qr_matrix.py), so that the trimmed
    standard library keeps it as it keeps micropip's. Today that adds nothing: the rules import all of it already."""
    text = QR_MODULE.read_text(encoding="utf-8").splitlines()
    return sorted({*wheel_imports(generator), *imported_names(text, QR_MODULE.stem, False)})


def snapshot_key(pyodide_dir: Path, rules: Path) -> str:
    """What a stored memory snapshot must have been made from: the runtime's files, the rules' compiled bundle, the
    modules imported into it and the code that makes it. A build that changes any of them stores a new snapshot
    instead of restoring an old one."""
    digest = hashlib.sha256()
    for file in [*(pyodide_dir / name for name in PYODIDE_FILES), rules, PYTHON_MODULES,
                 *(WEB / "js" / name for name in ("snapshot-worker.js", "rules-files.js"))]:
        digest.update(file.name.encode() + b"\0" + sha256(file).encode())
    return digest.hexdigest()[:16]


# Pyodide's runtime module is one function holding all of its JavaScript (1.2 MB). Declared, it is compiled only
# when first called, on the page's thread, in the middle of a return visit's start (about 20 ms here); wrapped in
# parentheses, V8 compiles it while it parses the module as it arrives, off the page's thread (return visits, medians
# of 9 interleaved: ready 516 -> 489 ms). What it does is unchanged.
RUNTIME_DECLARED = ("async function _createPyodideModule(moduleArg={}){", ";return moduleRtn}export default _createPyodideModule;")
RUNTIME_WRAPPED = ("var _createPyodideModule=(async function(moduleArg={}){", ";return moduleRtn});export default _createPyodideModule;")


def compiled_ahead(text: str) -> str:
    """pyodide.asm.mjs with its one function wrapped as RUNTIME_WRAPPED says; the build stops if it is not as
    RUNTIME_DECLARED expects (another Pyodide)."""
    (head, tail), body = RUNTIME_DECLARED, text.rstrip()
    if not body.startswith(head) or not body.endswith(tail) or text.count("_createPyodideModule") != 2:
        raise SystemExit("pyodide.asm.mjs is not one declared _createPyodideModule: buildtools/page.py's "
                         "compiled_ahead() needs checking against this Pyodide")
    return RUNTIME_WRAPPED[0] + body[len(head):-len(tail)] + RUNTIME_WRAPPED[1] + "\n"


# Pyodide's runtime puts each of its 7,415 exported functions into the function table as it links itself
# (emscripten's updateGOT), growing the table by one slot per function: WebKit copies the table on each grow, 125-150
# ms of a first visit's and a return visit's thread there (3 ms when grown once; 2 ms in V8 either way). The table
# is grown once for them all, and the new slots are taken in order where a grow would have made each (after any slot
# freed before), so every function keeps its index: a memory snapshot holds those indexes. (Kept in Pyodide's list
# of free slots instead, V8 took 120 ms shortening that list one slot at a time.)
TABLE_GROWN_PER_FUNCTION = "var updateGOT=(exports,replace)=>{for(var symName in exports){"
TABLE_GROWN_ONCE = (
    "var reserveTableSlots=(exports,replace)=>{var adding=new Set;for(var symName in exports){"
    "if(isInternalSym(symName)){continue}var value=exports[symName];"
    "var existingEntry=GOT[symName]&&GOT[symName].value!=-1;"
    "if((replace||!existingEntry)&&typeof value==\"function\"&&!getFunctionAddress(value)){adding.add(value)}}"
    "if(adding.size){reservedTableSlots.next=wasmTable[\"grow\"](adding.size);"
    "reservedTableSlots.end=reservedTableSlots.next+adding.size}};"
    "var updateGOT=(exports,replace)=>{reserveTableSlots(exports,replace);for(var symName in exports){")
TABLE_SLOT_TAKEN = ('var getEmptyTableSlot=()=>{if(freeTableIndexes.length){return freeTableIndexes.pop()}'
                    'return wasmTable["grow"](1)};')
TABLE_SLOT_RESERVED = ('var reservedTableSlots={next:0,end:0};var getEmptyTableSlot=()=>{if(freeTableIndexes.length)'
                       '{return freeTableIndexes.pop()}if(reservedTableSlots.next<reservedTableSlots.end)'
                       '{return reservedTableSlots.next++}return wasmTable["grow"](1)};')
# What updateGOT adds (the slots reserved for it are exactly these functions, each once).
TABLE_ADDS = ('if(replace||!existingEntry){var newValue;if(typeof value=="function"){newValue=addFunction(value)}'
              'else if(typeof value.value=="number"){newValue=value}else{continue}')


def table_grown_once(text: str) -> str:
    """pyodide.asm.mjs with updateGOT growing the function table once (TABLE_GROWN_ONCE, TABLE_SLOT_RESERVED); the
    build stops if its updateGOT, getEmptyTableSlot or the test for what updateGOT adds are not as this expects
    (another Pyodide)."""
    if any(text.count(part) != 1 for part in (TABLE_GROWN_PER_FUNCTION, TABLE_SLOT_TAKEN, TABLE_ADDS)):
        raise SystemExit("pyodide.asm.mjs's updateGOT is not as buildtools/page.py's table_grown_once() expects: "
                         "it needs checking against this Pyodide")
    return text.replace(TABLE_GROWN_PER_FUNCTION, TABLE_GROWN_ONCE).replace(TABLE_SLOT_TAKEN, TABLE_SLOT_RESERVED)


# Pyodide's loader (pyodide.mjs) fetches the runtime's WebAssembly as loadPyodide begins, but compiles it only once the
# runtime's JavaScript (pyodide.asm.mjs, 1.2 MB) has arrived and run and asks for the instance. Compiled as the
# fetch begins instead (compileStreaming), it is compiled meanwhile: return visits 491 -> 468 ms, first visits
# 1483 -> 1436 ms (medians of 9, interleaved). The instance is made from that module when the runtime asks, as before.
WASM_COMPILED_ON_REQUEST = (
    'let{binary:t,response:n}=_(e+"pyodide.asm.wasm"),i=K();return function(s,r){return async function(){'
    'let{Jsv_GetError_import:a,JsvError_Check:c}=await i;s.env.Jsv_GetError_import=a,s.env.JsvError_Check=c;'
    'try{let l;n?l=await WebAssembly.instantiateStreaming(n,s):l=await WebAssembly.instantiate(await t,s);')
WASM_COMPILED_AT_ONCE = (
    'let{binary:t,response:n}=_(e+"pyodide.asm.wasm"),i=K(),m=n&&WebAssembly.compileStreaming(n);'
    'm&&m.catch(()=>{});return function(s,r){return async function(){'
    'let{Jsv_GetError_import:a,JsvError_Check:c}=await i;s.env.Jsv_GetError_import=a,s.env.JsvError_Check=c;'
    'try{let l;m?l={module:await m,instance:await WebAssembly.instantiate(await m,s)}'
    ':l=await WebAssembly.instantiate(await t,s);')


def wasm_compiled_at_once(text: str) -> str:
    """pyodide.mjs with the runtime's WebAssembly compiled as it is fetched (WASM_COMPILED_AT_ONCE); the build stops
    if its instantiateWasm is not as WASM_COMPILED_ON_REQUEST expects (another Pyodide). A compile that fails is
    reported where the instantiation's failure was (the same try)."""
    if text.count(WASM_COMPILED_ON_REQUEST) != 1:
        raise SystemExit("pyodide.mjs's instantiateWasm is not as buildtools/page.py's wasm_compiled_at_once() "
                         "expects: it needs checking against this Pyodide")
    return text.replace(WASM_COMPILED_ON_REQUEST, WASM_COMPILED_AT_ONCE)


def bundle_scripts(out: Path, paths: dict[str, str]) -> None:
    """Template web/js/ and bundle it into out/: one file per entry module, and the code two entries share
    (the snapshot's, the rules') in chunks named by their content, so each is loaded once; the snapshot's reader
    holds all it imports. Pyodide and PyScript stay outside, imported by the paths the page already uses. The npm
    packages a module imports by name (fflate) are found in scratch/node_modules/, copied from their verified
    downloads; esbuild keeps only what is imported of them. The code is not minified: it stays readable."""
    with tempfile.TemporaryDirectory(prefix="woundbook-js-") as scratch:
        # Bundled from scratch/web/js/ with scratch as the working folder, so the output names its sources
        # "web/js/view.js", and the same sources always give the same bytes.
        sources = Path(scratch) / "web" / "js"
        sources.mkdir(parents=True)
        for source in sorted((WEB / "js").glob("*.js")):
            (sources / source.name).write_text(template(source.read_text(encoding="utf-8"), paths), encoding="utf-8")
        # Copied, not linked: esbuild names a module by its real path in the bundle, which must not depend on the checkout's.
        shutil.copytree(fflate(), Path(scratch) / "node_modules" / "fflate")
        common = ["--bundle", "--format=esm", f"--outdir={out.resolve()}", "--external:../pyodide/*",
                  "--external:../pyscript/*", "--charset=utf8", "--log-level=warning"]
        for entries, options in ((PAGE_ENTRIES + WORKER_ENTRIES, ["--splitting", "--chunk-names=chunk-[hash]"]),
                                 (WHOLE_ENTRIES, [])):
            result = subprocess.run([str(esbuild()), *(f"web/js/{entry}" for entry in entries), *common, *options],
                                    capture_output=True, text=True, cwd=scratch)
            if result.returncode:
                raise SystemExit(f"esbuild could not bundle web/js/:\n{result.stderr}")


def imported_modules(folder: Path, entry: str) -> set[str]:
    """``entry`` and every bundled module it imports, at once or in time (esbuild writes `from "./chunk-…js"` and
    `import("./…js")`), by file name."""
    found: set[str] = set()
    waiting = [entry]
    while waiting:
        name = waiting.pop()
        if name in found:
            continue
        found.add(name)
        text = (folder / name).read_text(encoding="utf-8")
        waiting += re.findall(r'(?:from|import)\s*\(?\s*"\./([\w.-]+\.js)"', text)
    return found


def template(text: str, paths: dict[str, str]) -> str:
    for key, value in paths.items():
        text = text.replace("{{" + key + "}}", value)
    if "{{" in text and "}}" in text.split("{{", 1)[1]:
        name = text.split("{{", 1)[1].split("}}", 1)[0]
        if name.isupper():
            raise SystemExit(f"unknown template field {{{{{name}}}}}")
    return text


def version() -> str:
    for line in (ROOT / "rules" / "__init__.py").read_text().splitlines():
        if line.startswith("__version__"):
            return line.split('"')[1]
    raise SystemExit("rules/__init__.py has no __version__")


def write_service_worker(site: Path) -> None:
    """sw.js: precache every file of the build under a cache named by the build's content hash."""
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + sha256(site / name).encode())
    text = (WEB / "sw.js").read_text(encoding="utf-8")
    text = text.replace('"{{CACHE_NAME}}"', json.dumps(f"woundbook-{digest.hexdigest()[:16]}"))
    text = text.replace('["{{PRECACHE}}"]', json.dumps(["./"] + [f"./{name}" for name in files]))
    player = sorted({*PLAYER_FILES,
                     *(f"js/{name}" for name in imported_modules(site / "js", "player.js"))})
    text = text.replace('["{{PLAYER_PRECACHE}}"]', json.dumps([f"./{name}" for name in player]))
    (site / "sw.js").write_text(text, encoding="utf-8")
    if not shutil.which("node"):
        raise SystemExit("node is missing: install Node.js and npm (sudo apt-get install -y nodejs npm)")
    result = subprocess.run(["node", "--check", str(site / "sw.js")], capture_output=True, text=True)
    if result.returncode:
        raise SystemExit(f"the generated sw.js does not parse:\n{result.stderr}")
