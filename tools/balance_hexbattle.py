"""Balance check for Hex Battle's sample armies: every pair, greedy bot against greedy bot, seats swapped.

    python3 tools/balance_hexbattle.py [--games 20] [--seed 1]

Prints each army's win rate against each other army and overall; the numbers in
docs/balance-hexbattle.md come from this script.
"""
from __future__ import annotations

import argparse
import itertools
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from pyapp.games.hexbattle.content import PREBUILT  # noqa: E402
from pyapp.sim import run  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--only", help="only the pairs that include this army")
    args = ap.parse_args()
    names = [a["name"] for a in PREBUILT]
    wins = {n: 0 for n in names}
    played = {n: 0 for n in names}
    table = {}
    for a, b in itertools.combinations(names, 2):
        if args.only and args.only not in (a, b):
            continue
        score = {a: 0.0, b: 0.0}
        for order in ((a, b), (b, a)):
            r = run("hexbattle", args.games // 2, args.seed, [args.bot], options={"armies": list(order)})
            assert not r["errors"], r["errors"][:1]
            score[order[0]] += r["wins_per_seat"]["0"] + r["draws"] / 2
            score[order[1]] += r["wins_per_seat"]["1"] + r["draws"] / 2
        for n in (a, b):
            wins[n] += score[n]
            played[n] += args.games // 2 * 2
        table[f"{a} vs {b}"] = f"{score[a]:.1f}-{score[b]:.1f}"
        print(f"{a:16s} vs {b:16s}  {score[a]:5.1f} - {score[b]:5.1f}", flush=True)
    print(json.dumps({"pairs": table, "win_rate": {n: round(wins[n] / played[n], 3) for n in names if played[n]}}, indent=2))


if __name__ == "__main__":
    main()
