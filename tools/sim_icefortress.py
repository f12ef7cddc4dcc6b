"""Ice Fortress balance table: bot games per player count and difficulty, as a Markdown table.

    python3 tools/sim_icefortress.py --games 500 --players 2 --difficulty 7,5,3 --bots hard --jobs 2

``python -m pyapp.sim`` refuses a game that is not ``ready`` in the catalog; this script plays the
same loop (:func:`pyapp.sim.play`: seat ``i``'s bot seeded ``seed * 31 + i``, game ``g`` seeded
``seed + g``) on the Ice Fortress game object directly and prints one row per (players, difficulty):
games, team wins, win rate, mean game length in turns (one character's turn each), and games that
hit the action limit.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pyapp.games.icefortress import GAME  # noqa: E402
from pyapp.sim import play  # noqa: E402


def one(args) -> tuple:
    players, difficulty, seed, bots, max_actions = args
    try:
        state, _n = play(GAME, players, seed, bots, max_actions, {"difficulty": difficulty})
    except RuntimeError:
        return ("unfinished", 0)
    return (state.outcome().kind, state.view(None)["turns"])


def row(players: int, difficulty: int, games: int, seed: int, bots: list, jobs: int, max_actions: int) -> dict:
    tasks = [(players, difficulty, seed + g, bots, max_actions) for g in range(games)]
    if jobs > 1:
        from multiprocessing import Pool
        with Pool(jobs) as pool:
            results = pool.map(one, tasks, chunksize=4)
    else:
        results = [one(t) for t in tasks]
    wins = sum(1 for k, _ in results if k == "team-win")
    done = [t for k, t in results if k != "unfinished"]
    return {"players": players, "difficulty": difficulty, "games": games, "wins": wins,
            "rate": 100.0 * wins / games, "turns": sum(done) / len(done) if done else 0.0,
            "unfinished": games - len(done)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="2", help="comma-separated player counts")
    ap.add_argument("--difficulty", default="7,5,3", help="comma-separated difficulties")
    ap.add_argument("--bots", default="hard")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-actions", type=int, default=20000)
    args = ap.parse_args(argv)
    bots = args.bots.split(",")
    print("| players | difficulty | games | team wins | win rate | mean length (turns) | unfinished |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for p in (int(x) for x in args.players.split(",")):
        for d in (int(x) for x in args.difficulty.split(",")):
            t0 = time.perf_counter()
            r = row(p, d, args.games, args.seed, bots, args.jobs, args.max_actions)
            print(f"| {r['players']} | {r['difficulty']} | {r['games']} | {r['wins']} | {r['rate']:.1f} % | "
                  f"{r['turns']:.1f} | {r['unfinished']} |", flush=True)
            print(f"  ({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
