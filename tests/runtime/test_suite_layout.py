"""The test suite's own layout (docs/testing.md): folders by concern, every test module's name unique (pytest's
default import mode refuses two modules of one name in different folders), helpers never named ``test_*``."""
from __future__ import annotations

import ast
import collections
import pathlib

TESTS = pathlib.Path(__file__).resolve().parents[1]


def test_every_test_module_name_is_unique():
    names = collections.Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert not [n for n, k in names.items() if k > 1]


def test_tests_live_in_a_folder_by_concern_and_helpers_are_not_collected():
    assert not list(TESTS.glob("test_*.py")), "a test module belongs in a folder by concern"
    for path in TESTS.rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        tests = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))
                 and (n.name.startswith("test") or n.name.startswith("Test"))]
        assert tests, f"{path.relative_to(TESTS)} holds no test: a helper module must not be named test_*"
