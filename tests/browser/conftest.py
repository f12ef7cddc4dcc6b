"""Browser test fixtures; the helpers and what they guarantee are described in harness.py.

* ``site`` (session): the build exists and matches the sources; the repo root served on a free port.
* ``browser`` (session): one headless Chromium (Debian's) for the whole run.
* ``page``: a page with empty storage and history per test (harness.new_page: kept from an earlier test, put back to
  a known state, unless the test is marked ``fresh_context``), external requests aborted and recorded;
  the test fails if any was attempted.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import harness  # noqa: E402
from harness import (CHROMIUM, CHROMIUM_ARGS, ROOT, Site, close_pool, new_page)  # noqa: E402
from tool_modules import tool  # noqa: E402


# Chromium's renderer process sometimes dies on these shared machines ("Target crashed"): a test that
# failed that way (and only that way) runs once more on a fresh page (pytest-rerunfailures, pinned).
RERUN_ONLY = ["Target crashed", "Target page, context or browser has been closed"]


def pytest_configure(config):
    config.addinivalue_line("markers", "fresh_context: the `page` fixture makes a page in a new context (a first "
                                       "visit, context-wide scripts or listeners), not one kept from an earlier test")


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=RERUN_ONLY))


@pytest.fixture(scope="session")
def site():
    build = tool("build")
    serve = tool("serve")
    with build.lock():           # pytest-xdist: every worker runs this fixture; one builds at a time
        vendor_ok = all((build.VENDOR / "pyodide" / n).exists() for n in build.PYODIDE_FILES) and \
            (build.VENDOR / "pyscript" / "core.js").exists()
        if not vendor_ok:
            if not (build.PYODIDE_NPM / "pyodide.mjs").exists():
                pytest.fail("the site is not built and node_modules is missing: run `make build` (or `npm ci`)")
            build.build_vendor()
        build.build_wheel()          # always: the wheel must match the sources under test
        build.build_icons()
        build.write_sw(ROOT)
    server, base = serve.start(ROOT)
    yield Site(base=base, root=ROOT)
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} missing: apt-get install -y chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        close_pool()
        b.close()


@pytest.fixture
def page(browser, request):
    ctx, page, guard = new_page(browser, fresh=request.node.get_closest_marker("fresh_context") is not None)
    yield page
    ctx.close()
    guard.check()




def pytest_terminal_summary(terminalreporter):
    if harness.BOOTS["new"] or harness.BOOTS["kept"]:     # (this process's: one line per xdist worker when -n)
        terminalreporter.write_line(f"browser pages: {harness.BOOTS['new']} in a new context, "
                                    f"{harness.BOOTS['kept']} kept from an earlier test")
