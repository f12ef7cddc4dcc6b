"""tools/bench.py's rollouts part (issue 33: the playout gain given to the hard bots): the figures it reports
from the timed decisions, and that its examples run."""
from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location("bench", Path(__file__).resolve().parents[2] / "tools" / "bench.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)  # type: ignore[union-attr]


def test_rates_are_over_cpu_time_and_the_budget_is_a_time():
    rows = [{"cpu": 0.1, "rollouts": 4, "sim": 50}, {"cpu": 0.3, "rollouts": 8, "sim": 150},
            {"cpu": 0.6, "rollouts": 12, "sim": 300}]
    s = bench.rollout_summary(rows, 0.5)
    assert s["decisions"] == 3 and s["sim"] == 500 and s["rollouts"] == 24
    assert s["sim_per_s"] == 500.0 and s["rollouts_per_s"] == 24.0      # totals over the CPU spent, not per-row means
    assert s["median_s"] == 0.3 and s["max_s"] == 0.6
    assert s["sim_at_budget"] == 250.0                                   # what half a second of CPU holds at that rate
    assert bench.rollout_summary([], 1.0)["sim_per_s"] == 0.0


def test_every_game_with_a_hard_bot_is_benched_against_its_strength_table_opponent():
    from pyapp import bots
    for game_id, opponent in bench.ROLLOUT_GAMES.items():
        have = bots.available(game_id)
        assert "hard" in have and opponent in have


def test_bench_examples_run():
    assert doctest.testmod(bench).failed == 0
