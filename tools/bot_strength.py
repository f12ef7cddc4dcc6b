"""The bot strength table: who beats whom, and how long each bot thinks.

    python3 tools/bot_strength.py --game doomspire --games 200 --seed 1 --bots hard,goal
    python3 tools/bot_strength.py --game doomspire --games 200 --seed 1 --bots hard,goal --players 4

Plays ``--games`` games between the listed bots (``pyapp.sim.play``'s seating: seat i plays
``bots[i % len(bots)]``, so ``hard,goal`` at 4 players is hard, goal, hard, goal -- name one bot
per seat, ``hard,goal,goal,goal``, for one hard bot against three), rotating the seats by one every
game so that every bot sits in every seat equally often.  Prints one Markdown row per bot: games,
sole wins, shared wins, win rate (sole wins / games, a shared win counts as 1/winners), and its
decision time (median and 95th percentile of ``choose`` calls: CPU time of this process, CPython on
this machine, so that other work on a shared machine does not inflate it), and
writes the raw figures as JSON with ``--json``.  Win counts are deterministic for a seed; times
are not.  Seed ``s`` plays the same deals as ``python -m pyapp.sim --seed s``.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from pyapp import bots as botlib  # noqa: E402
from pyapp import games  # noqa: E402


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def run(game_id: str, n_games: int, seed: int, names: list[str], players: int | None,
        progress: bool = False) -> dict:
    game = games.get(game_id)
    players = players or game.min_players
    seats0 = [names[i % len(names)] for i in range(players)]
    wins: dict[str, float] = {}
    sole: dict[str, int] = {}
    shared: dict[str, int] = {}
    played: dict[str, int] = {}
    times: dict[str, list[float]] = {}
    errors = []
    for g in range(n_games):
        r = g % players
        seats = seats0[r:] + seats0[:r]
        state = game.new(players, seed + g)
        bots = [botlib.make(game_id, seats[i], (seed + g) * 31 + i) for i in range(players)]
        try:
            n = 0
            while not state.is_over:
                if n > 100000:
                    raise RuntimeError("no end after 100000 actions")
                p = state.to_act[0]
                t = time.process_time()
                a = bots[p].choose(state, p)
                times.setdefault(seats[p], []).append(time.process_time() - t)
                state.apply(p, a)
                n += 1
        except Exception as exc:   # reported, not raised
            errors.append({"game": g, "seed": seed + g, "error": f"{type(exc).__name__}: {exc}"})
            continue
        out = state.outcome()
        assert out is not None
        for name in set(seats):
            played[name] = played.get(name, 0) + 1
        winners = list(out.winners) if out.kind in ("win", "shared") else []
        for w in winners:
            wins[seats[w]] = wins.get(seats[w], 0.0) + 1 / len(winners)
            if len(winners) == 1:
                sole[seats[w]] = sole.get(seats[w], 0) + 1
            else:
                shared[seats[w]] = shared.get(seats[w], 0) + 1
        if progress:
            print(f"game {g}: {seats} -> {[seats[w] for w in winners]}", file=sys.stderr, flush=True)
    finished = n_games - len(errors)
    rows = {}
    for name in dict.fromkeys(seats0):
        count = seats0.count(name)
        ts = times.get(name, [])
        rows[name] = {"seats": count, "sole_wins": sole.get(name, 0), "shared_wins": shared.get(name, 0),
                      # one bot's share of all wins: with several seats of the same bot, divided among them
                      "win_rate": round(wins.get(name, 0.0) / finished / count, 3) if finished else None,
                      "decisions": len(ts), "median_s": round(pct(ts, 0.5), 4), "p95_s": round(pct(ts, 0.95), 4),
                      "max_s": round(max(ts), 3) if ts else 0.0}
    return {"game": game_id, "players": players, "seats": seats0, "games": n_games, "finished": finished,
            "seed": seed, "bots": rows, "errors": errors}


def markdown(res: dict) -> str:
    lines = [f"{res['game']}, {res['players']} players, seats {','.join(res['seats'])}, "
             f"{res['finished']}/{res['games']} games (seed {res['seed']}, seats rotated):",
             "", "| bot | seats | sole wins | shared | win rate per seat | decisions | median s | p95 s | max s |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name, r in res["bots"].items():
        lines.append(f"| {name} | {r['seats']} | {r['sole_wins']} | {r['shared_wins']} | {r['win_rate']} | "
                     f"{r['decisions']} | {r['median_s']} | {r['p95_s']} | {r['max_s']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", required=True, help="comma-separated, one per seat (cycled)")
    ap.add_argument("--players", type=int)
    ap.add_argument("--json", help="also write the raw figures to this file")
    ap.add_argument("--progress", action="store_true", help="one line per game on stderr")
    args = ap.parse_args(argv)
    res = run(args.game, args.games, args.seed, args.bots.split(","), args.players, args.progress)
    print(markdown(res))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(res, indent=1) + "\n")
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
