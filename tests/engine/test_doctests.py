"""Every example in a docstring of the package runs (``>>>`` lines), in every module but the browser glue
(which imports Pyodide's ``js``): docs that show code keep showing code that works."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pyapp


def _modules() -> list[str]:
    """Every module of the package with at least one docstring example."""
    names = []
    finder = doctest.DocTestFinder()
    for info in pkgutil.walk_packages(pyapp.__path__, "pyapp."):
        if info.name.startswith("pyapp.browser"):
            continue
        mod = importlib.import_module(info.name)
        if any(t.examples for t in finder.find(mod)):
            names.append(info.name)
    return sorted(names)


MODULES = _modules()


def test_the_walk_finds_examples_in_the_kit_the_app_and_the_games():
    assert {"pyapp.engine.flow", "pyapp.engine.saves", "pyapp.ui.text", "pyapp.ui.storage",
            "pyapp.games.hexbattle.render", "pyapp.games.doomspire.board"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
