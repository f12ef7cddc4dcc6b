"""The pruned stdlib (web/vendor/pyodide/python_stdlib.zip, cut down by tools/build.py to what the app
imports) still runs the whole app: Pyodide under Node boots on it, imports every pyapp module (all
games, bots, ui) and plays a little of every ready game with every bot.  From the memory snapshot on
python_stdlib_rest.zip (what a repeat visit installs): every module imports, every game and bot plays its first
moves, and the same stdlib modules are offered (the build played every bot's longer game there).  Needs node
and a build."""
from __future__ import annotations

import shutil
import sys
import zipfile
from pathlib import Path

import pytest
from tool_modules import tool

ROOT = Path(__file__).resolve().parents[2]
STDLIB = ROOT / "web" / "vendor" / "pyodide" / "python_stdlib.zip"
REST = ROOT / "web" / "vendor" / "pyodide" / "python_stdlib_rest.zip"
SNAPSHOT = ROOT / "web" / "vendor" / "pyodide" / "snapshot.bin"
WHEEL = tool("build").wheel_path()          # (as built: its .pyc as the page gets them)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """The current sources as a wheel, with bytecode as the build makes it (built once for this module)."""
    return tool("build").build_wheel(out_dir=tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="module")
def normal(wheel):
    """One normal start on the pruned zip, on the vendored runtime the page ships (Pyodide under Node): it imports
    every pyapp module, plays every ready game with every bot, and lists the stdlib modules it offers.  Shared by
    both tests below (each ran its own before, 46 + 96 s of the slowest list for three runs, now two)."""
    return tool("build").exercise(STDLIB, wheel, runtime=ROOT / "web" / "vendor" / "pyodide", importable=True)


@pytest.mark.skipif(not STDLIB.exists() or shutil.which("node") is None or
                    not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists(),
                    reason="needs `make build` (node_modules and web/vendor)")
def test_pruned_stdlib_runs_every_game_and_bot(normal):
    build = tool("build")
    with zipfile.ZipFile(STDLIB) as zf:
        names = set(zf.namelist())
    result = normal
    assert result["errors"] == [], result["errors"]
    # the page's way: the wheel itself on sys.path, every pyapp module from its .pyc (nothing compiled)
    assert result["pyapp_modules"] >= 30
    assert result["pyapp_in_wheel"] == result["pyapp_bytecode"] == result["pyapp_modules"], result
    sys.path.insert(0, str(ROOT))
    from pyapp import games
    ready = [g["id"] for g in games.catalog() if g["ready"]]
    assert sorted(result["games"]) == sorted(ready)
    # every stdlib module pyapp imports anywhere (function-level imports too) is in the zip
    for top in build.pyapp_imports():
        if any(n == f"{top}.pyc" or n.startswith(f"{top}/") for n in
               zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip").namelist()
               if n.startswith(top)):
            assert f"{top}.pyc" in names or f"{top}/__init__.pyc" in names or f"{top}.py" in names, top


# A snapshot start as tools/pycompile.mjs's exercise makes it (tools/restore.mjs), then what this test needs of
# it: every pyapp module imported (wheel and games' parts), each ready game's app driven by bots (a bot's move), every
# bot's first decisions, and every stdlib module the start offers (imported, or importable from the zip: the exercise's list).
SNAPSHOT_JS = """
import { pathToFileURL } from "node:url";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
const [dir, stdlib, snapshot, wheel, restore, listing] = process.argv.slice(1);
const { restoreSnapshot } = await import(pathToFileURL(restore).href);
const py = await restoreSnapshot(dir, snapshot, stdlib);
py.FS.writeFile("/home/pyodide/app.whl", new Uint8Array(readFileSync(wheel)));
py.FS.mkdirTree("/home/pyodide/parts");
const parts = readdirSync(dirname(wheel)).filter((n) => /^pyapp-[a-z0-9]+-[0-9][^-]*[.]zip$/.test(n)).sort();
for (const n of parts) py.FS.writeFile("/home/pyodide/parts/" + n, new Uint8Array(readFileSync(resolve(dirname(wheel), n))));
py.runPython(readFileSync(listing, "utf8"));
py.globals.set("PART_FILES", parts.map((n) => "/home/pyodide/parts/" + n).join(","));
const out = py.runPython(`
import importlib, json, sys, traceback, zipfile
sys.path.insert(0, "/home/pyodide/app.whl")
import pyapp.games
PARTS = [p for p in PART_FILES.split(",") if p]
for p in PARTS:
    pyapp.games.add_part(p)
errors, played = [], []
def attempt(what, fn):
    try:
        fn()
    except Exception:
        errors.append(what + ": " + traceback.format_exc(limit=3).strip().splitlines()[-1])
for archive in ["/home/pyodide/app.whl", *PARTS]:
    with zipfile.ZipFile(archive) as whl:
        for f in sorted(whl.namelist()):
            if f.startswith("pyapp/") and f.endswith(".py") and not f.startswith("pyapp/browser"):
                name = f[:-3].replace("/", ".").removesuffix(".__init__")
                attempt("import " + name, lambda name=name: importlib.import_module(name))
from pyapp import bots, games, sim
from pyapp.ui import app as app_mod
class Mem(dict):
    def get(self, k): return dict.get(self, k)
    def set(self, k, v): self[k] = v
    def remove(self, k): self.pop(k, None)
    def keys(self): return list(dict.keys(self))
def drive(gid, n):
    a = app_mod.App(Mem(), {"game": gid, "seats": ",".join(["bot"] * n), "seed": "3", "fast": "1"})
    a.render()
    if a.bot_pending():                # one bot move (the exercise's 12: Cloudspire's were 25 of 35 s here)
        a.step_bot()
        a.render()
    a.export_save()
    a2 = app_mod.App(Mem(), {})
    a2.handle("nav", "rules:" + gid)
    if games.get(gid).rules_html()[:200] not in a2.render():
        raise AssertionError("rules page of " + gid + " not shown")
for entry in games.catalog():
    if entry["ready"]:
        gid, n = entry["id"], entry["min_players"]
        played.append(gid)
        for name in bots.available(gid):
            attempt(f"sim {gid} {name}", lambda: sim.run(gid, 1, 1, [name] * n, max_actions=2 * n))
        attempt(f"app {gid}", lambda: drive(gid, n))
app = [m for k, m in list(sys.modules.items()) if k == "pyapp" or k.startswith("pyapp.")]
importable = list_importable()                 # tools/importable.py: the exercise's own listing
json.dumps({"errors": errors, "games": played, "importable": importable, "pyapp_modules": len(app),
            "pyapp_in_wheel": sum(1 for m in app if m.__file__.startswith(("/home/pyodide/app.whl/", "/home/pyodide/parts/"))),
            "pyapp_bytecode": sum(1 for m in app if m.__file__.endswith(".pyc"))})
`);
process.stdout.write(out + "\\n", () => process.exit(0));
"""


@pytest.mark.skipif(not REST.exists() or not SNAPSHOT.exists() or shutil.which("node") is None,
                    reason="needs `make build` with node (the snapshot and its stdlib)")
def test_a_snapshot_start_offers_every_module_a_normal_start_does(wheel, normal):
    """A repeat visit restores the memory snapshot and installs python_stdlib_rest.zip, the pruned stdlib
    without the modules the snapshot holds imported: it imports every pyapp module, its app plays every game
    with bots and every bot decides, and the stdlib modules it can import are exactly those a normal start on
    the whole pruned zip can (a module missing from both the snapshot and the small zip would show up here,
    e.g. one PyScript imports late).  Every bot's longer game from the snapshot on this zip (tools/pycompile.mjs's
    exercise, 60-150 actions each) is the build's own check of it (tools/build.py rest_stdlib, the same runtime,
    snapshot and zip): the build ships the whole stdlib here instead if that check fails, which the size below
    would catch."""
    import json
    import subprocess
    proc = subprocess.run(["node", "--input-type=module", "-e", SNAPSHOT_JS, str(ROOT / "web" / "vendor" / "pyodide"),
                           str(REST), str(SNAPSHOT), str(wheel), str(ROOT / "tools" / "restore.mjs"),
                           str(ROOT / "tools" / "importable.py")],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    snap = json.loads(proc.stdout.strip().splitlines()[-1])
    assert snap["errors"] == [] and sorted(snap["games"]) == sorted(normal["games"]) != []
    assert snap["pyapp_in_wheel"] == snap["pyapp_bytecode"] == snap["pyapp_modules"] >= 30
    assert len(normal["importable"]) > 100
    assert snap["importable"] == normal["importable"]
    with zipfile.ZipFile(REST) as rest, zipfile.ZipFile(STDLIB) as whole:
        assert set(rest.namelist()) < set(whole.namelist())
    assert REST.stat().st_size < STDLIB.stat().st_size / 3


DOCS_JS = """
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
const [dir, stdlib, wheel] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir + "/", stdLibURL: stdlib });
py.FS.writeFile("/home/pyodide/app.whl", new Uint8Array(readFileSync(wheel)));
const out = py.runPython(`
import json, asyncio, dataclasses, enum, pathlib, random, shutil, sys, traceback, typing, zipfile
import pyodide.code, pyodide.ffi, _pyodide._base
sys.path.insert(0, "/home/pyodide/app.whl")
import pyapp.engine.util
def where_it_failed():
    try:
        json.loads("{")
    except ValueError as exc:
        f = traceback.extract_tb(exc.__traceback__)[-1]
        return [f.filename.rsplit("/", 1)[-1], f.lineno > 0, f.colno]
json.dumps({
  "positions": {"stdlib": sorted({p[2:] for p in json.JSONDecoder.decode.__code__.co_positions()}, key=str),
                "pyapp": any(p[2] is not None for p in pyapp.engine.util.read_text.__code__.co_positions())},
  "raised": where_it_failed(),
  "stdlib": [m.__doc__ for m in (json, asyncio, dataclasses, pathlib, random, shutil, zipfile)]
            + [json.dumps.__doc__, dataclasses.dataclass.__doc__, pathlib.Path.glob.__doc__, random.Random.choice.__doc__],
  "pyodide": [pyodide.code.eval_code.__doc__, pyodide.ffi.to_js.__doc__, _pyodide._base.eval_code.__doc__],
  "asserts": __debug__,
  "works": [json.loads(json.dumps({"a": [1, 2]})), len(random.Random(3).sample(range(10), 3)),
            dataclasses.fields(dataclasses.make_dataclass("P", ["x"]))[0].name,
            enum.Enum("Colour", "RED GREEN").GREEN.value],
})
`);
process.stdout.write(out + "\\n", () => process.exit(0));
"""


@pytest.mark.skipif(not STDLIB.exists() or not WHEEL.exists() or shutil.which("node") is None,
                    reason="needs `make build` with node")
def test_the_shipped_stdlib_has_no_docstrings_but_pyodides_own(tmp_path):
    """The build compiles the stdlib without docstrings (13% fewer bytes to download and unmarshal, as
    `python -OO` would, but assert statements stay) and without column positions (as `python -X
    no_debug_ranges` would: 25% less as brotli); Pyodide's own packages keep their docstrings; the stdlib
    still works without them (a dataclass, an Enum, json), and an error inside it still says its file
    and line.  The wheel's own bytecode keeps its columns (our tracebacks point at the expression)."""
    import json
    import subprocess
    proc = subprocess.run(["node", "--input-type=module", "-e", DOCS_JS,
                           str(ROOT / "web" / "vendor" / "pyodide"), str(STDLIB), str(WHEEL)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["stdlib"] == [None] * len(out["stdlib"])
    assert all(doc and len(doc) > 20 for doc in out["pyodide"]), out["pyodide"]
    assert out["asserts"] is True
    assert out["works"] == [{"a": [1, 2]}, 3, "x", 2]
    assert out["positions"] == {"stdlib": [[None, None]], "pyapp": True}
    assert out["raised"] == ["decoder.py", True, None]
