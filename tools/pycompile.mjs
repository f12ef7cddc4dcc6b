// Compile Python sources inside a zip to bytecode with Pyodide itself, under Node,
// so the .pyc files match the exact CPython that runs in the browser.
//
//   node tools/pycompile.mjs <pyodide dir> <in.zip> <out.zip> <mode>
//   node tools/pycompile.mjs <pyodide dir> <stdlib.zip> - verify
//
// mode "replace": every compilable foo.py becomes foo.pyc (the stdlib zip: zipimport
//                 prefers .pyc; sources that fail to compile are kept as .py).
// mode "pycache": output holds only pkg/__pycache__/foo.<tag>.pyc for every foo.py
//                 (unchecked hash-based pycs, valid whatever the files' mtimes after unpacking).
// mode "verify": boot Pyodide on a (compiled) stdlib zip, import a spread of modules, check
//                 they came from .pyc and work.
// Prints one JSON line with counts; exits non-zero on any failure (the caller falls back).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [dir, inZip, outZip, mode] = process.argv.slice(2);
if (!dir || !inZip || !outZip || !["replace", "pycache", "verify", "pyscript", "exercise"].includes(mode)) {
  console.error("usage: node tools/pycompile.mjs <pyodide dir> <in.zip> <out.zip> replace|pycache|verify\n" +
                "       node tools/pycompile.mjs <pyodide dir> <@pyscript/core dir> <out.zip> pyscript");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(resolve(dir, "pyodide.mjs")).href);
if (mode === "pyscript") {
  // PyScript writes its own Python package (./pyscript/*.py) into the file system at every start
  // and imports it: CPython compiles it each time.  Compile it here, from the very strings the
  // bundled core-*.js writes (checked), into pyscript/__pycache__/*.pyc for a `files` entry.
  const { readdirSync } = await import("node:fs");
  const core = resolve(inZip);
  const stdlib = (await import(pathToFileURL(resolve(core, "src/stdlib/pyscript.js")).href)).default;
  const bundles = readdirSync(resolve(core, "dist")).filter((n) => /^core-.*\.js$/.test(n))
    .map((n) => readFileSync(resolve(core, "dist", n), "utf8"));
  const files = {};
  const walk = (obj, prefix) => {
    for (const [name, value] of Object.entries(obj)) {
      if (typeof value === "string") {
        if (!name.endsWith(".py")) continue;
        if (!bundles.some((b) => b.includes(JSON.stringify(value))))
          throw new Error(`${prefix}${name}: source differs from the bundled core.js`);
        files[prefix + name] = value;
      } else walk(value, `${prefix}${name}/`);
    }
  };
  walk({ pyscript: stdlib.pyscript }, "");
  if (!files["pyscript/__init__.py"]) throw new Error("no pyscript/__init__.py in the PyScript stdlib");
  const py = await loadPyodide({ indexURL: resolve(dir) + "/" });
  py.globals.set("FILES", py.toPy(files));
  const report = py.runPython(`
import importlib.util, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
TAG = sys.implementation.cache_tag
with zipfile.ZipFile("/tmp/out.zip", "w") as zout:
    for name in sorted(FILES):
        src = FILES[name].encode()
        code = compile(src, name, "exec", dont_inherit=True, optimize=0)
        head, _, base = name.rpartition("/")
        info = zipfile.ZipInfo(f"{head}/__pycache__/{base[:-3]}.{TAG}.pyc", (1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        zout.writestr(info, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(src), checked=False)))
json.dumps({"mode": "pyscript", "compiled": len(FILES), "python": sys.version.split()[0], "tag": TAG})
`);
  writeFileSync(outZip, py.FS.readFile("/tmp/out.zip"));
  console.log(report);
  process.exit(0);
}
if (mode === "exercise") {
  // node tools/pycompile.mjs <pyodide dir> <stdlib.zip> <app.whl> exercise [<snapshot.bin>|-] [importable]
  // Boot Pyodide on the given stdlib (with a snapshot: restored from it as a repeat visit starts,
  // tools/restore.mjs), put the wheel itself on sys.path as the page does, write PyScript's own Python
  // package, then import every module of pyapp and of PyScript's package and play a little of every
  // ready game (the app controller with bots, and a short bot-only game per bot: 150 actions, 60 for a bot that searches).  Prints one JSON
  // line: the stdlib files that were loaded, and every error.  The build prunes the stdlib to these
  // (plus a safety list) and runs this again on the pruned zip as its check.
  const wheel = outZip;
  const snapshotFile = process.argv[6] && process.argv[6] !== "-" ? process.argv[6] : null;
  const listImportable = process.argv[7] === "importable";
  let py;
  if (snapshotFile) {
    const { restoreSnapshot } = await import(new URL("./restore.mjs", import.meta.url).href);
    py = await restoreSnapshot(dir, snapshotFile, inZip);
  } else {
    py = await loadPyodide({ indexURL: resolve(dir) + "/", stdLibURL: resolve(inZip) });
  }
  py.globals.set("_BS_LIST_IMPORTABLE", listImportable);
  if (listImportable) py.runPython(readFileSync(new URL("./importable.py", import.meta.url), "utf8"));
  py.FS.writeFile("/home/pyodide/app.whl", new Uint8Array(readFileSync(wheel)));
  // the games' parts (pyapp-<id>-<version>.zip beside the wheel: tools/build.py), imported from as the page
  // does once it has fetched them (pyapp.games.add_part)
  const { readdirSync } = await import("node:fs");
  py.FS.mkdirTree("/home/pyodide/parts");
  const partFiles = readdirSync(dirname(resolve(wheel))).filter((n) => /^pyapp-[a-z0-9]+-[0-9][^-]*\.zip$/.test(n)).sort();
  for (const n of partFiles) py.FS.writeFile("/home/pyodide/parts/" + n, new Uint8Array(readFileSync(resolve(dirname(resolve(wheel)), n))));
  py.globals.set("_BS_PARTS", partFiles.map((n) => "/home/pyodide/parts/" + n).join(","));
  try {
    const core = [resolve(dir, "..", "@pyscript", "core"),
                  resolve(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", "@pyscript", "core")]
      .find((d) => existsSync(resolve(d, "src/stdlib/pyscript.js")));
    const stdlib = (await import(pathToFileURL(resolve(core, "src/stdlib/pyscript.js")).href)).default;
    const write = (obj, prefix) => {
      for (const [name, value] of Object.entries(obj)) {
        if (typeof value === "string") py.FS.writeFile(prefix + name, value);
        else { py.FS.mkdirTree(prefix + name); write(value, prefix + name + "/"); }
      }
    };
    py.FS.mkdirTree("/home/pyodide/_pyscript_pkg");
    write({ pyscript: stdlib.pyscript }, "/home/pyodide/_pyscript_pkg/");
  } catch (err) { /* no @pyscript/core next to pyodide: the safety list covers PyScript */ }
  const out = py.runPython(`
import importlib, json, os, sys, traceback, zipfile
sys.path.insert(0, "/home/pyodide/app.whl")
import pyapp.games
PARTS = [p for p in _BS_PARTS.split(",") if p]
for p in PARTS:
    pyapp.games.add_part(p)
errors = []
def attempt(what, fn):
    try:
        fn()
    except Exception:
        errors.append(what + ": " + traceback.format_exc(limit=3).strip().splitlines()[-1])

names = []
for archive in ["/home/pyodide/app.whl", *PARTS]:
    with zipfile.ZipFile(archive) as whl:
        for f in sorted(whl.namelist()):
            if f.startswith("pyapp/") and f.endswith(".py"):
                rel = f[:-3].replace("/", ".")
                names.append(rel[:-9] if rel.endswith(".__init__") else rel)
BROWSER_ONLY = ("pyapp.browser",)   # imports js/pyodide objects Node lacks (counted by the safety list)
for n in names:
    if n.startswith(BROWSER_ONLY):
        try:
            importlib.import_module(n)
        except Exception:
            pass
    else:
        attempt("import " + n, lambda n=n: importlib.import_module(n))
if os.path.isdir("/home/pyodide/_pyscript_pkg"):
    sys.path.insert(0, "/home/pyodide/_pyscript_pkg")
    for root, dirs, files in os.walk("/home/pyodide/_pyscript_pkg/pyscript"):
        for f in sorted(files):
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(root, f), "/home/pyodide/_pyscript_pkg")[:-3].replace("/", ".")
                try:
                    importlib.import_module(rel[:-9] if rel.endswith(".__init__") else rel)
                except Exception:
                    pass       # needs a DOM; the safety list covers what it needs in the browser
    sys.path.remove("/home/pyodide/_pyscript_pkg")

for_ready = []
def exercise_games():
    from pyapp import bots, games, sim
    from pyapp.ui import app as app_mod
    class Mem:
        def __init__(self): self.d = {}
        def get(self, k): return self.d.get(k)
        def set(self, k, v): self.d[k] = v
        def remove(self, k): self.d.pop(k, None)
        def keys(self): return list(self.d)
    for entry in games.catalog():
        if not entry["ready"]:
            continue
        gid = entry["id"]
        for_ready.append(gid)
        n = entry["min_players"]
        for name, cls in bots.available(gid).items():
            # a bot that searches (a budget of simulated actions or positions per decision: every hard bot,
            # Hex Battle's planners) plays 60 actions: its searches run (Doomspire's hard bot, the last to
            # search, first does between actions 30 and 60), and the hard bots' 150 actions were 152 s of
            # these games' 197 s in CPython (2026-11-28, a busy machine), several times that under Node
            cap = 60 if hasattr(cls, "budget") or hasattr(cls, "BUDGET") else 150
            attempt(f"sim {gid} {name}", lambda gid=gid, name=name, n=n, cap=cap: sim.run(gid, 1, 1, [name] * n, max_actions=cap))
        def drive(gid=gid, n=n):
            a = app_mod.App(Mem(), {"game": gid, "seats": ",".join(["bot"] * n), "seed": "3", "fast": "1"})
            a.render()
            for _ in range(12):
                if not a.bot_pending():
                    break
                a.step_bot()
                a.render()
            a.export_save()
            a2 = app_mod.App(Mem(), {})
            a2.render()
            a2.handle("nav", "setup:" + gid)
            a2.render()
            a2.handle("nav", "rules:" + gid)          # the rules page, read from inside the wheel
            if games.get(gid).rules_html()[:200] not in a2.render():
                raise AssertionError("rules page of " + gid + " not shown")
        attempt(f"app {gid}", drive)
attempt("games", exercise_games)

loaded = sorted({m.__file__ for m in list(sys.modules.values())
                 if isinstance(getattr(m, "__file__", None), str) and ".zip/" in m.__file__
                 and not m.__file__.startswith("/home/pyodide/parts/")})
app = [m for n, m in list(sys.modules.items()) if n == "pyapp" or n.startswith("pyapp.")]

# With "importable" (tests), last (it must not count in "files"): every stdlib module this start offers
# (tools/importable.py's list_importable, defined before the exercise when asked for).
importable = list_importable() if _BS_LIST_IMPORTABLE else []
json.dumps({"files": [f.split(".zip/", 1)[1] for f in loaded], "errors": errors, "games": for_ready,
            "importable": importable,
            "modules": len(sys.modules), "pyapp_modules": len(app),
            "pyapp_in_wheel": sum(1 for m in app if m.__file__.startswith(("/home/pyodide/app.whl/", "/home/pyodide/parts/"))),
            "pyapp_in_parts": sum(1 for m in app if m.__file__.startswith("/home/pyodide/parts/")),
            "pyapp_bytecode": sum(1 for m in app if m.__file__.endswith(".pyc"))})
`);
  console.log(out);
  process.exit(0);
}
if (mode === "verify") {
  const t0 = performance.now();
  const py = await loadPyodide({ indexURL: resolve(dir) + "/", stdLibURL: resolve(inZip) });
  const boot = performance.now() - t0;
  const out = py.runPython(`
import json, sys, asyncio, dataclasses, argparse, traceback, zipfile, shutil, email.parser, random, re, typing
assert json.__file__.endswith(".pyc") and zipfile.__file__.endswith(".pyc"), (json.__file__, zipfile.__file__)
assert json.loads(json.dumps({"a": [1, 2.5, None]})) == {"a": [1, 2.5, None]}
assert re.sub(r"(\\d+)", r"<\\1>", "a1b22") == "a<1>b<22>"
@dataclasses.dataclass(frozen=True)
class P:
    x: int
assert P(3) == P(3)
json.dumps({"ok": True, "modules": len(sys.modules)})
`);
  console.log(JSON.stringify({ ...JSON.parse(out), boot_ms: Math.round(boot) }));
  process.exit(0);
}
// The stdlib ("replace", Pyodide's own pyodide/ and _pyodide/ included) is compiled without column
// positions (as python -X no_debug_ranges does): its tracebacks keep file and line but lose the ^^^
// under the expression, and its zip is 25% smaller as brotli (the column tables compress badly).  The
// wheel ("pycache") keeps them: our own tracebacks are the ones worth reading.  (A setting of the
// interpreter, read at its start: hence per run.)
const py = await loadPyodide({ indexURL: resolve(dir) + "/", ...(mode === "replace" ? { env: { PYTHONNODEBUGRANGES: "1" } } : {}) });
py.FS.writeFile("/tmp/in.zip", readFileSync(inZip));
py.globals.set("MODE", mode);
const report = py.runPython(`
import ast, importlib.util, json, sys, zipfile

TAG = sys.implementation.cache_tag
STAMP = (1980, 1, 1, 0, 0, 0)          # fixed: the output is byte-for-byte reproducible
from importlib._bootstrap_external import _code_to_hash_pyc

def to_pyc(src, filename, docs=True):
    code = compile(src if docs else without_docstrings(ast.parse(src, filename)), filename, "exec",
                   dont_inherit=True, optimize=0)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(src), checked=False))

# The stdlib ships without docstrings (as python -OO would compile it, but asserts stay): 13% less to
# download and unmarshal, and nothing in a page reads them.  Pyodide's own packages keep theirs (it
# documents its JavaScript API from them).
KEEP_DOCS = ("_pyodide/", "pyodide/")

def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                if len(body) == 1:
                    body[0] = ast.copy_location(ast.Pass(), body[0])
                else:
                    del body[0]
    return tree

def add(zout, name, data):
    info = zipfile.ZipInfo(name, STAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    zout.writestr(info, data, compresslevel=9)

compiled, kept, failed = 0, 0, []
with zipfile.ZipFile("/tmp/in.zip") as zin, zipfile.ZipFile("/tmp/out.zip", "w") as zout:
    for info in sorted(zin.infolist(), key=lambda i: i.filename):
        name = info.filename
        if name.endswith("/"):
            if MODE == "replace":
                add(zout, name, b"")       # kept: zipimport finds namespace packages by them
            continue
        data = zin.read(name)
        if name.endswith(".py"):
            if MODE == "replace":
                try:
                    add(zout, name[:-3] + ".pyc", to_pyc(data, "/lib/python%d%d.zip/%s" % (sys.version_info[:2] + (name,)),
                                                         docs=name.startswith(KEEP_DOCS)))
                    compiled += 1
                    continue
                except (SyntaxError, ValueError) as exc:
                    failed.append("%s: %s" % (name, exc))
            else:
                head, _, base = name.rpartition("/")
                # co_filename is fixed up by the path importer when the module loads
                add(zout, (head + "/" if head else "") + "__pycache__/%s.%s.pyc" % (base[:-3], TAG), to_pyc(data, name))
                compiled += 1
                continue
        if MODE == "replace":
            add(zout, name, data)
            kept += 1
json.dumps({"mode": MODE, "compiled": compiled, "kept": kept, "failed": failed,
            "python": sys.version.split()[0], "tag": TAG})
`);
writeFileSync(outZip, py.FS.readFile("/tmp/out.zip"));
console.log(report);
