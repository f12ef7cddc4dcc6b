"""Shared pytest configuration.

Tests cite the rule clause they check with ``@pytest.mark.rule("HB-MOVE-4")``
(or the clause ID in the test name or docstring); ``../shared/tools/clause_coverage.py``
reads those citations.

Under pytest-xdist (``make test``: ``-n 2 --dist loadgroup --no-loadscope-reorder``) each test is its own unit
of work except the tests of a module that shares a module-scoped fixture (a local Ray instance, a built wheel):
those stay together on one worker (``xdist_group`` = their file).  The tests are handed out slowest first
(``tests/durations.txt``, else a browser test before a CPython one, else collection order), so the two workers
finish together instead of one waiting for the other's longest file (docs/testing.md, "Workers").
"""
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DURATIONS = pathlib.Path(__file__).with_name("durations.txt")
SHARED_SCOPES = ("module", "package", "class")


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(*ids): the rule clause(s) this test checks")
    config.addinivalue_line("markers", "browser: drives the built site in headless Chromium")


def known_durations() -> dict[str, float]:
    """``tests/durations.txt``: seconds by test id (lines "<seconds> <node id>", ``#`` comments)."""
    out: dict[str, float] = {}
    for line in DURATIONS.read_text(encoding="utf-8").splitlines() if DURATIONS.exists() else ():
        if line.strip() and not line.startswith("#"):
            secs, nodeid = line.split(None, 1)
            out[nodeid.strip()] = float(secs)
    return out


def _shares_a_fixture(item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    return any(defs and defs[-1].scope in SHARED_SCOPES for defs in (info.name2fixturedefs.values() if info else ()))


@pytest.hookimpl(tryfirst=True)      # before xdist reads the xdist_group marks
def pytest_collection_modifyitems(config, items):
    if not hasattr(config, "workerinput"):
        return                          # not an xdist worker: file order, as a developer reads the output
    known = known_durations()

    def estimate(item) -> float:
        if item.nodeid in known:
            return known[item.nodeid]
        return 10.0 if item.nodeid.startswith("tests/browser/") else 0.0

    # a module sharing a fixture is one unit of work for xdist, handed out where its first test stands: all its
    # tests stand at the whole module's time (a group of many short tests once came last and ran alone)
    group_of: dict[str, str] = {}
    group_time: dict[str, float] = {}
    for item in items:
        if _shares_a_fixture(item):
            group = group_of[item.nodeid] = item.nodeid.split("::")[0]
            item.add_marker(pytest.mark.xdist_group(group))
            group_time[group] = group_time.get(group, 0.0) + estimate(item)

    def order(item) -> float:
        return group_time[group_of[item.nodeid]] if item.nodeid in group_of else estimate(item)

    # stable: within one figure (and so within a module sharing a fixture) collection order is kept
    items.sort(key=lambda item: -order(item))
