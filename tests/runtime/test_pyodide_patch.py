"""The patches the build applies to the vendored Pyodide (tools/build.py PYODIDE_PATCHES).  The
linking patch (tools/patches/linking/) changes how Emscripten's start-up links the runtime (one wasm
module wraps all the JS functions instead of one each, the table grows once, GOT entries are made when
asked for), never what ends up where: booted under Node, the patched and the npm runtime hold the same
function in every table slot and give every symbol the same address, including the ones a side module
would ask for.  A memory snapshot holds those slot numbers, so this must hold exactly."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from tool_modules import tool

ROOT = Path(__file__).resolve().parents[2]
NPM = ROOT / "node_modules" / "pyodide"
VENDOR = ROOT / "web" / "vendor" / "pyodide"

# One Node boot of a runtime serves both linking tests (session 27: four boots were two tests' time): right after the
# start-up the number of GOT entries it made; then a side module made by hand (a dylink.0 section, no memory or table
# of its own) loaded as Pyodide loads one, importing four GOT entries and returning them: a function of the main
# module with a table slot already (PyLong_FromLong), a data symbol of the main module (_Py_NoneStruct), a JS library
# function no C code takes the address of (emscripten_get_now: it gets a new slot and a wrapper) and one of its own
# exports (side_fn); then every symbol's address (as a side module would ask for it) and every table slot.
BOTH = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dir, stdlib, namesFile] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir + "/", stdLibURL: stdlib });
const m = py._module, table = m.wasmTable;
const made = Object.keys(m.GOT).length;

const leb = (n) => { const o = []; do { let b = n & 127; n >>>= 7; o.push(n ? b | 128 : b); } while (n); return o; };
const str = (s) => [...leb(s.length), ...Buffer.from(s)];
const sec = (id, body) => [id, ...leb(body.length), ...body];
const vec = (items) => [...leb(items.length), ...items.flat()];
// imports: GOT globals (i32, mutable) the side module reads back through exported functions
const gots = [["GOT.func", "PyLong_FromLong"], ["GOT.mem", "_Py_NoneStruct"], ["GOT.func", "emscripten_get_now"], ["GOT.func", "side_fn"]];
const dylink = [...str("dylink.0"), ...sec(1, [0, 0, 0, 0])];
const bytes = Uint8Array.from([0, 97, 115, 109, 1, 0, 0, 0,
  ...sec(0, dylink),
  ...sec(1, vec([[0x60, 0, 1, 0x7f]])),
  ...sec(2, vec(gots.map(([mod, name]) => [...str(mod), ...str(name), 3, 0x7f, 1]))),
  ...sec(3, vec(gots.map(() => [0]))),
  ...sec(7, vec(gots.map(([, name], i) => [...str(i === 3 ? "side_fn" : "get_" + name), 0, ...leb(i)]))),
  ...sec(10, vec(gots.map((_, i) => { const body = [0, 0x23, ...leb(i), 0x0b]; return [...leb(body.length), ...body]; }))),
]);
const exp = m.loadWebAssemblyModule(bytes, { loadAsync: false, nodelete: true }, "side.so", {});
const seen = gots.map(([, name], i) => [name, i === 3 ? exp.side_fn() : exp["get_" + name]()]);
const slotFn = (v) => { const f = table.get(v); return f ? [f.name, f.length] : null; };
const side = { seen, slots: seen.filter(([n]) => n !== "_Py_NoneStruct").map(([n, v]) => [n, slotFn(v)]), length: table.length };

// every symbol asked for as a side module would (GOTHandler, weak: makes no entry required); the handler only
// asks the set whether a name is in it, so one set serves every name (a new set of the ~8,000 names for each
// name made this test 137 s instead of 33 s under load 12)
const names = namesFile ? JSON.parse(readFileSync(namesFile, "utf8")) : Object.keys(m.GOT);
const weak = new Set(names);
const got = names.map((k) => [k, Number(m.GOTHandler.get(weak, k).value)]).sort();
const slots = [];
for (let i = 0; i < table.length; i++) { const f = table.get(i); slots.push(f ? [f.name, f.length] : null); }
const out = JSON.stringify({ length: table.length, made, got, slots, side, value: py.runPython("sum(range(10))") });
process.stdout.write(out + "\\n", () => process.exit(0));     // (a pipe: exit only once it is all written)
"""

pytestmark = pytest.mark.skipif(shutil.which("node") is None or not (VENDOR / "pyodide.asm.mjs").exists()
                                or not (NPM / "pyodide.mjs").exists(), reason="needs `make build`")


def _boot(runtime: Path, names: Path | None = None) -> dict:
    args = ["node", "--input-type=module", "-e", BOTH, str(runtime), str(NPM / "python_stdlib.zip")]
    proc = subprocess.run(args + ([str(names)] if names else []), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def booted(tmp_path_factory) -> dict:
    """The npm and the patched runtime, each booted once under Node (``BOTH``), the patched one asked for the
    addresses of the names the npm one has."""
    npm = _boot(NPM)
    names = tmp_path_factory.mktemp("pyodide_patch") / "names.json"
    names.write_text(json.dumps([k for k, _v in npm["got"]]))
    return {"npm": npm, "ours": _boot(VENDOR, names)}


def test_the_vendored_runtime_carries_the_patches():
    text = (VENDOR / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert text.count("Boardshelf patch") == 6
    assert "new WebAssembly.Instance(new WebAssembly.Module(Uint8Array.from(out)), { e: funcs })" in text
    assert text.count("var gotLazy = new Map();") == 1 and text.count("var updateGOT = (exports, replace) => {") == 1
    assert text.count("API.restoreSnapshot = function (t) {") == 1 and "boardshelfRuns" in text
    assert text.count("API.boardshelfPristine = new Uint8Array(wasmExports.memory.buffer, 0, ") == 1
    # the page's wasm compile starts with its download (in Node, where the runtime is read from a file,
    # nothing changes: the boots below go through this file)
    loader = (VENDOR / "pyodide.mjs").read_text(encoding="utf-8")
    assert loader.count("Boardshelf patch") == 1
    assert "let compiled=n?WebAssembly.compileStreaming(n):null;" in loader
    assert "instantiateStreaming" not in loader


def test_patched_start_up_links_every_symbol_as_the_original_does(booted):
    npm, ours = booted["npm"], booted["ours"]
    assert ours["value"] == npm["value"] == 45
    assert len(npm["got"]) > 8000 and npm["length"] > 10000
    # the point of the patch: far fewer GOT Globals made at start-up (only those the runtime imports)
    assert ours["made"] < npm["made"] / 4
    assert ours["got"] == npm["got"]
    assert ours["length"] == npm["length"]
    # every slot holds the same function: a function of the main module carries its index as its
    # name; a JS function's wrapper is named after its place in the module that wraps it, which
    # differs (one module each, or one for all), so for those only the arity is compared
    assert len(ours["slots"]) == len(npm["slots"])
    wrappers = 0
    for slot, (a, b) in enumerate(zip(npm["slots"], ours["slots"])):
        if a is not None and a[0] == "0":
            wrappers += 1
            assert b is not None and b[1] == a[1], slot
        else:
            assert b == a, slot
    assert 100 < wrappers < 1000
    assert sum(1 for a in npm["slots"] if a is not None) > 10000


def test_each_patch_applies_whole_or_not_at_all(tmp_path, capsys, monkeypatch):
    """Every patch fits the pinned npm Pyodide.  A Pyodide whose linking code differs from the reviewed
    one still gets the restore patch, and none of the four linking parts (they rely on each other): a
    warning says which was left out (a developer's build; a strict one fails: tests/runtime/test_build.py)."""
    build = tool("build")
    monkeypatch.setattr(build, "STRICT", False)
    monkeypatch.delenv("CI", raising=False)
    text = (NPM / "pyodide.asm.mjs").read_text(encoding="utf-8")
    for file, parts in build.PYODIDE_PATCHES.values():
        assert build.apply_patch((NPM / file).read_text(encoding="utf-8"), parts) is not None, file
    changed = tmp_path / "pyodide.asm.mjs"
    changed.write_text(text.replace("var mergeLibSymbols=(exports,libName)=>{", "var mergeLibSymbols=(exports,lib)=>{"),
                       encoding="utf-8")
    out = build.patched_pyodide("pyodide.asm.mjs", changed).read_text(encoding="utf-8")
    assert "without the linking patch" in capsys.readouterr().out
    assert "API.restoreSnapshot = function (t) {" in out
    assert "gotLazy" not in out and "reportUndefinedSymbols=()=>{for(var[symName,entry]of Object.entries(GOT))" in out
    assert build.patched_pyodide("pyodide-lock.json", NPM / "pyodide-lock.json") == NPM / "pyodide-lock.json"


def test_a_side_module_links_as_on_the_original_runtime(booted):
    """The lazy GOT only matters once a side module asks for entries: loaded into the npm and the patched
    runtime right after their start-up, the same hand-made side module (``BOTH``) sees the same addresses and
    table slots."""
    npm, ours = booted["npm"]["side"], booted["ours"]["side"]
    assert ours == npm
    seen = dict(npm["seen"])
    assert seen["PyLong_FromLong"] > 0 and seen["_Py_NoneStruct"] > 65536
    assert seen["side_fn"] >= npm["length"] - 2 and seen["emscripten_get_now"] >= npm["length"] - 2
    assert dict(npm["slots"])["PyLong_FromLong"][1] == 1      # (a one-argument function sits in that slot)


# Restores the built snapshot under Node as the page does, as it is and with its `low` moved by `shift`
# bytes (the static data region a restore puts back from the copy kept at instantiation).
RESTORE = """import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
const [dir, earlyPath, snapshot, rest, restoreTool] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const early = await import(pathToFileURL(earlyPath).href);
const { scribbleBeforeRestore } = await import(pathToFileURL(restoreTool).href);
const out = {};
for (const shift of [0, 4096]) {
  const data = gunzipSync(readFileSync(snapshot));
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  view.setUint32(24, view.getUint32(24, true) + shift, true);
  let kept = null;
  try {
    const py = await loadPyodide({ indexURL: dir + "/", stdLibURL: rest, _loadSnapshot: early.expandSnapshot(data),
      _boardshelfRestoreHook: (when, heap, Module) => {
        if (when === "before") scribbleBeforeRestore(heap, Module);      // what the start-up may have written
        if (when === "after") kept = early.memoryHash(heap);
      } });
    py.runPython(early.AFTER_RESTORE);
    out[shift] = { value: py.runPython("import json; json.dumps([sum(range(10)), 'ok'])"), hash: kept,
                   recorded: view.getUint32(20, true) };
  } catch (err) { out[shift] = { error: String(err && err.message || err).slice(0, 300) }; }
}
process.stdout.write(JSON.stringify(out) + "\\n", () => process.exit(0));
"""


def test_a_snapshot_restores_the_static_data_from_the_copy_kept_at_instantiation():
    """The snapshot stores the static data only where the start-up changed it; the restore puts the
    region back from the copy restore-pristine.js keeps when the instance arrives, then writes those
    runs, and zeroes the gaps above it up to the heap's end.  Even with everything the start-up before
    it could have written scribbled over (the browser's start-up writes other bytes than Node's), the
    memory then has exactly the hash the build recorded.  A snapshot whose `low` is not the size of
    the copy kept is refused (the page then starts normally), never restored half right."""
    snapshot = VENDOR / "snapshot.bin"
    if not snapshot.exists():
        pytest.skip("no snapshot built")
    args = ["node", "--input-type=module", "-e", RESTORE, str(VENDOR), str(ROOT / "web" / "pyodide-early.mjs"),
            str(snapshot), str(VENDOR / "python_stdlib_rest.zip"), str(ROOT / "tools" / "restore.mjs")]
    proc = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["0"]["value"] == '[45, "ok"]' and out["0"]["hash"] == out["0"]["recorded"], out["0"]
    assert "static data as instantiated was not kept" in out["4096"]["error"], out["4096"]


# ---------------------------------------------------------------- the PyScript patch (issue 21)
PYSCRIPT_NPM = ROOT / "node_modules" / "@pyscript" / "core" / "dist"


def test_the_pyscript_storage_patch_fits_applies_whole_and_parses(tmp_path, capsys, monkeypatch):
    """PyScript's storage patch (tools/build.py PYSCRIPT_PATCHES) fits the pinned PyScript, leaves the
    package cache as it was when there are packages, opens the fs store only on first use, and the
    patched chunk still parses as a module.  A chunk whose fs part differs gets neither part (a warning)."""
    build = tool("build")
    monkeypatch.setattr(build, "STRICT", False)
    monkeypatch.delenv("CI", raising=False)
    [(file, parts)] = build.PYSCRIPT_PATCHES.values()
    src = PYSCRIPT_NPM / file
    assert src in build.pyscript_files()
    text = src.read_text(encoding="utf-8")
    out = build.apply_patch(text, parts)
    assert out is not None
    assert out.count("Boardshelf patch") == 2
    assert "l=a?new h(`${c}@${t}`):Object.assign(new Map,{sync:async()=>{},close:async()=>{}})" in out
    assert "no=new y(eo)" not in out and "e.store||(e.store=new y(eo))" in out
    assert (VENDOR.parent / "pyscript" / file).read_text(encoding="utf-8") == out     # what the build ships
    copy = tmp_path / "core-patched.mjs"
    copy.write_text(out, encoding="utf-8")
    proc = subprocess.run(["node", "--check", str(copy)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    changed = tmp_path / file
    changed.write_text(text.replace("no=new y(eo),", "no=new y(eo) ,"), encoding="utf-8")
    assert build.patched_pyscript(file, changed) == changed
    assert "shipped without the storage patch (tools/build.py PYSCRIPT_PATCHES)" in capsys.readouterr().out
    monkeypatch.setenv("CI", "true")
    with pytest.raises(build.BuildError, match="without the storage patch"):
        build.patched_pyscript(file, changed)
