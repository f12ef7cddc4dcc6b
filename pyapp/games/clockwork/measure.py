"""Measure Clockwork Crusade by simulation (the registry refuses not-ready games,
so this imports the game directly).

    python -m pyapp.games.clockwork.measure --games 500 --players 2 --bots random
    python -m pyapp.games.clockwork.measure --games 100 --players 4 --bots crusader,random,random,random --rotate

``--rotate`` moves the bot list one seat on for each game so no bot keeps a seat.
Prints games, finished, errors, mean actions and turns, end reasons, wins per bot and shared wins
(players still tied after the turn limit's tie-break).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter

from ... import sim
from . import GAME


def measure(games: int, players: int, bots: list[str], seed: int = 1, rotate: bool = False,
            max_rounds: int | None = None) -> dict:
    t0 = time.perf_counter()
    lengths: list[int] = []
    turns: list[int] = []
    errors: list[dict] = []
    reasons: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    seat_wins: Counter[int] = Counter()
    start_wins: Counter[str] = Counter()
    shared = 0
    for g in range(games):
        names = [bots[i % len(bots)] for i in range(players)]
        if rotate:
            k = g % players
            names = names[-k:] + names[:-k] if k else names
        opts = {"max_rounds": max_rounds} if max_rounds else None
        try:
            st, n = sim.play(GAME, players, seed + g, names, max_actions=100000, options=opts)
        except Exception as exc:  # reported, not raised
            errors.append({"seed": seed + g, "error": f"{type(exc).__name__}: {exc}"})
            continue
        out = st.outcome()
        assert out is not None          # sim.play returns only a finished game
        lengths.append(n)
        view = st.view(None)
        turns.append(view["turn"])
        reasons["turn limit" if out.reason.startswith("Turn limit") else "last Gate Tokens"] += 1
        if out.kind == "win":
            wins[names[out.winners[0]]] += 1
            seat_wins[out.winners[0]] += 1
            start_wins["first turn" if out.winners[0] == view["start"] else "other"] += 1
        else:
            shared += 1
            for w in out.winners:
                wins[names[w] + " (shared)"] += 1
    return {"games": games, "players": players, "bots": bots, "rotate": rotate, "finished": len(lengths),
            "errors": errors, "mean_actions": round(sum(lengths) / len(lengths), 1) if lengths else None,
            "mean_turns": round(sum(turns) / len(turns), 1) if turns else None,
            "end_reasons": dict(reasons), "wins": dict(wins), "shared": shared,
            "wins_per_seat": {str(k): seat_wins[k] for k in range(players)},
            "winner_had_first_turn": dict(start_wins),
            "seconds": round(time.perf_counter() - t0, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rotate", action="store_true")
    ap.add_argument("--max-rounds", type=int)
    a = ap.parse_args(argv)
    out = measure(a.games, a.players, a.bots.split(","), a.seed, a.rotate, a.max_rounds)
    json.dump(out, sys.stdout, indent=2)
    print()
    return 1 if out["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
