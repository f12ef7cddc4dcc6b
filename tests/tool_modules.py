"""The repository's tools (tools/*.py are scripts, not a package), loaded as modules for the tests."""
from __future__ import annotations

import functools
import importlib.util
import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent.parent / "tools"


@functools.cache
def tool(name: str):
    """``tools/<name>.py`` as a module, loaded once per test run."""
    spec = importlib.util.spec_from_file_location(f"_bs_tool_{name}", TOOLS / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod
