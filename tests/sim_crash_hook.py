"""A prepare hook for tests/engine/test_sim_runner.py: the first worker process to run it dies (a lost worker)."""
from __future__ import annotations

import os


def crash_once(marker: str) -> None:
    """Kill this process unless ``marker`` exists; create it first, so the game's retry plays on."""
    if not os.path.exists(marker):
        with open(marker, "w"):
            pass
        os._exit(3)
