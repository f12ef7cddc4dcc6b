"""The one patch the build applies to the vendored Pyodide (tools/build.py PYODIDE_PATCH,
tools/patches/report-undefined-symbols.js) changes how the start-up's JS-function wrappers are
compiled (one wasm module instead of one each), never what ends up where: booted under Node, the
patched and the npm runtime give every dynamically linked symbol the same address and hold a
function of the same arity in every table slot they point at."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NPM = ROOT / "node_modules" / "pyodide"
VENDOR = ROOT / "web" / "vendor" / "pyodide"

DUMP = """
import { pathToFileURL } from "node:url";
const [dir, stdlib] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir + "/", stdLibURL: stdlib });
const m = py._module, table = m.wasmTable;
const got = Object.entries(m.GOT).map(([k, v]) => [k, Number(v.value)]).sort();
const slots = got.filter(([, v]) => v > 0 && v < table.length).map(([k, v]) => [k, table.get(v) ? table.get(v).length : null]);
const out = JSON.stringify({ length: table.length, got, slots, value: py.runPython("sum(range(10))") });
process.stdout.write(out + "\\n", () => process.exit(0));     // (a pipe: exit only once it is all written)
"""

pytestmark = pytest.mark.skipif(shutil.which("node") is None or not (VENDOR / "pyodide.asm.mjs").exists()
                                or not (NPM / "pyodide.mjs").exists(), reason="needs `make build`")


def _dump(runtime: Path) -> dict:
    proc = subprocess.run(["node", "--input-type=module", "-e", DUMP, str(runtime), str(NPM / "python_stdlib.zip")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_vendored_runtime_carries_the_patch():
    text = (VENDOR / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert text.count("Boardshelf patch") == 2
    assert "new WebAssembly.Instance(new WebAssembly.Module(bytes), { e: funcs })" in text
    assert text.count("API.restoreSnapshot = function (t) {") == 1 and "boardshelfRuns" in text


def test_patched_start_up_links_every_symbol_as_the_original_does():
    npm, ours = _dump(NPM), _dump(VENDOR)
    assert ours["value"] == npm["value"] == 45
    assert len(npm["got"]) > 1000 and len(npm["slots"]) > 1000
    assert ours["length"] == npm["length"]
    assert ours["got"] == npm["got"]
    assert ours["slots"] == npm["slots"]
    assert all(arity is not None for _name, arity in ours["slots"])
