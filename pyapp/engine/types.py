"""Types of the engine contract, for mypy only (imported under ``TYPE_CHECKING``: ``typing`` is heavy at start-up).

Views are plain dicts at run time; each game describes its view here or in its own ``types.py``.
"""
from __future__ import annotations

from typing import TypedDict


class Event(TypedDict, total=False):
    """A structured log entry (see :mod:`pyapp.engine.log`)."""

    text: str          # with {0}, {1}... for the seats in ``seats``
    seats: list[int]   # seat numbers, 0-based
    kind: str          # a short tag for renderers and filters ("roll", "attack", ...); no rules meaning
