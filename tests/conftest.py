"""Shared pytest configuration.

Tests cite the rule clause they check with ``@pytest.mark.rule("HB-MOVE-4")``
(or the clause ID in the test name or docstring); ``../shared/tools/clause_coverage.py``
reads those citations.
"""
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(*ids): the rule clause(s) this test checks")
    config.addinivalue_line("markers", "browser: drives the built site in headless Chromium")
