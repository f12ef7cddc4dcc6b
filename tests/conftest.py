"""Shared pytest configuration.

Tests cite the rule clause they check with ``@pytest.mark.rule("HB-MOVE-4")``
(or the clause ID in the test name or docstring); ``../shared/tools/clause_coverage.py``
reads those citations.

Under pytest-xdist (``make test``: ``-n 2 --dist loadgroup --no-loadscope-reorder``) each test is its own unit
of work except the tests of a module that shares a module-scoped fixture (a local Ray instance, a built wheel):
those stay together on one worker (``xdist_group`` = their file).  The tests are handed out slowest first
(``tests/durations.txt``, else a browser test before a CPython one, else collection order), so the two workers
finish together instead of one waiting for the other's longest file (docs/testing.md, "Workers").

Every test has a bound on its whole run (setup, call and teardown; ``BOARDSHELF_TEST_BOUND_S``, default 600 s, or
the mark ``time_bound(seconds)``): past it the test fails where it is (``tests/bounds.py``: SIGALRM, which also ends a
Playwright call that waits).  At ``faulthandler_timeout`` (pyproject.toml) pytest dumps every thread's stack and
tests/bounds.py's ``Watch`` writes the test's id and where it waits (its greenlets too); a test still running at
``BOARDSHELF_TEST_WATCHDOG_S`` (default 900 s) ends its worker, and ``--max-worker-restart`` is 0 unless given, so
xdist then stops the run (docs/testing.md, "Time": a hang, session 27).
"""
import os
import pathlib
import sys
import time

import pytest

import bounds

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DURATIONS = pathlib.Path(__file__).with_name("durations.txt")
SHARED_SCOPES = ("module", "package", "class")


TEST_BOUND_S = float(os.environ.get("BOARDSHELF_TEST_BOUND_S", "600"))
WATCHDOG_S = float(os.environ.get("BOARDSHELF_TEST_WATCHDOG_S", "900"))
TEARDOWN_GRACE_S = 120.0     # a test stopped by its bound still gets this long to close its pages
_WATCH: list = []            # this process's bounds.Watch, once configured
_DEADLINE = pytest.StashKey[float]()


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(*ids): the rule clause(s) this test checks")
    config.addinivalue_line("markers", "browser: drives the built site in headless Chromium")
    config.addinivalue_line("markers", "time_bound(seconds): this test's bound on its whole run (tests/conftest.py)")
    # a crashed worker (the watchdog below) is not replaced: xdist 3.8.0's loadgroup then waits forever
    if getattr(config.option, "maxworkerrestart", "") is None:
        config.option.maxworkerrestart = "0"
    name_s = float(config.getini("faulthandler_timeout") or 0) or 300.0
    controller = bool(getattr(config.option, "numprocesses", None)) and not hasattr(config, "workerinput")
    if not controller and not _WATCH:       # (xdist's controller runs no test)
        _WATCH.append(bounds.Watch(os.dup(2), name_s, WATCHDOG_S, os.environ.get("PYTEST_XDIST_WORKER", "pytest")))


def _bound_of(item) -> float:
    mark = item.get_closest_marker("time_bound")
    return float(mark.args[0]) if mark else TEST_BOUND_S


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    item.stash[_DEADLINE] = time.monotonic() + _bound_of(item)
    if _WATCH:
        mark = item.get_closest_marker("time_bound")    # (a longer bound than the default: a later end of the worker)
        _WATCH[0].start(item.nodeid, _bound_of(item) + TEARDOWN_GRACE_S + 120 if mark else None)
    try:
        return (yield)
    finally:
        if _WATCH:
            _WATCH[0].stop()


def _bounded(item, phase: str):
    left = item.stash[_DEADLINE] - time.monotonic()
    if phase == "teardown":
        left = max(left, TEARDOWN_GRACE_S)
    if _WATCH:
        _WATCH[0].phase = phase
    return bounds.bound(max(left, 0.001), f"{item.nodeid} ({phase})", make=lambda _m: pytest.fail.Exception(
        f"{item.nodeid} ran past its bound of {_bound_of(item):g} s and was stopped in its {phase} (tests/conftest.py: "
        f"BOARDSHELF_TEST_BOUND_S or the mark time_bound; the traceback shows where it waited)", pytrace=True))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    with _bounded(item, "setup"):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    with _bounded(item, "call"):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    with _bounded(item, "teardown"):
        return (yield)


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
