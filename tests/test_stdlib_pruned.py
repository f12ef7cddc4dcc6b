"""The pruned stdlib (web/vendor/pyodide/python_stdlib.zip, cut down by tools/build.py to what the app
imports) still runs the whole app: Pyodide under Node boots on it, imports every pyapp module (all
games, bots, ui) and plays a little of every ready game with every bot.  Needs node and a build."""
from __future__ import annotations

import shutil
import sys
import zipfile
from pathlib import Path

import pytest
from tool_modules import tool

ROOT = Path(__file__).resolve().parent.parent
STDLIB = ROOT / "web" / "vendor" / "pyodide" / "python_stdlib.zip"




@pytest.mark.skipif(not STDLIB.exists() or shutil.which("node") is None or
                    not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists(),
                    reason="needs `make build` (node_modules and web/vendor)")
def test_pruned_stdlib_runs_every_game_and_bot(tmp_path):
    build = tool("build")
    wheel = build.build_wheel(out_dir=tmp_path)      # the current sources, with bytecode as the build makes it
    with zipfile.ZipFile(STDLIB) as zf:
        names = set(zf.namelist())
    result = build.exercise(STDLIB, wheel)
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
