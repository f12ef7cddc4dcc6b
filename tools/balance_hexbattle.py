"""Balance check for Hex Battle's sample armies: every pair, greedy bot against greedy bot, seats swapped.

    python3 tools/balance_hexbattle.py [--games 20] [--seed 1]

Prints each army's win rate against each other army and overall; the numbers in
docs/balance-hexbattle.md come from this script.  Every pair's games go to one batch of
``pyapp.simrun`` (``--jobs``, ``--backend ray``, ``--out``/``--resume``: docs/simulation.md).
"""
from __future__ import annotations

import argparse
import itertools
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from pyapp.games.hexbattle.content import PREBUILT  # noqa: E402
from pyapp import simrun  # noqa: E402
from pyapp.simrun import Task  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--only", help="only the pairs that include this army")
    simrun.add_arguments(ap)
    args = ap.parse_args(argv)
    names = [a["name"] for a in PREBUILT]
    wins = {n: 0.0 for n in names}
    played = {n: 0 for n in names}
    table = {}
    half = args.games // 2
    pairs = [(a, b) for a, b in itertools.combinations(names, 2) if not args.only or args.only in (a, b)]
    tasks: list[Task] = []
    for a, b in pairs:                    # each order's games seeded seed, seed + 1, ... as python -m pyapp.sim
        for order in ((a, b), (b, a)):
            tasks += [Task(len(tasks) + g, "hexbattle", 2, args.seed + g, [args.bot, args.bot],
                           {"armies": list(order)}) for g in range(half)]

    def done(pair: tuple[str, str], records: list[dict]) -> None:
        a, b = pair
        errors = [r for r in records if "error" in r]
        assert not errors, errors[:1]
        score = {a: 0.0, b: 0.0}
        for k, rec in enumerate(records):
            order = (a, b) if k < half else (b, a)
            if rec["kind"] == "win":
                score[order[rec["winners"][0]]] += 1
            elif rec["kind"] == "draw":
                score[a] += 0.5
                score[b] += 0.5
        for n in (a, b):
            wins[n] += score[n]
            played[n] += half * 2
        table[f"{a} vs {b}"] = f"{score[a]:.1f}-{score[b]:.1f}"
        print(f"{a:16s} vs {b:16s}  {score[a]:5.1f} - {score[b]:5.1f}", flush=True)

    simrun.run_tasks(tasks, on_record=simrun.InOrder([(p, 2 * half) for p in pairs], done),
                     **simrun.runner_options(args))
    print(json.dumps({"pairs": table, "win_rate": {n: round(wins[n] / played[n], 3) for n in names if played[n]}}, indent=2))


if __name__ == "__main__":
    main()
