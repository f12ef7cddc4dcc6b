"""The bot strength table: who beats whom, and how long each bot thinks.

    python3 tools/bot_strength.py --game doomspire --games 200 --seed 1 --bots hard,goal
    python3 tools/bot_strength.py --game doomspire --games 200 --seed 1 --bots hard,goal --players 4

Plays ``--games`` games between the listed bots (``pyapp.sim.play``'s seating: seat i plays
``bots[i % len(bots)]``, so ``hard,goal`` at 4 players is hard, goal, hard, goal -- name one bot
per seat, ``hard,goal,goal,goal``, for one hard bot against three), rotating the seats by one every
game so that every bot sits in every seat equally often.  Prints one Markdown row per bot: games,
sole wins, shared wins, win rate (sole wins / games, a shared win counts as 1/winners), and its
decision time (median and 95th percentile of ``choose`` calls: CPU time of the process playing the game, CPython on
this machine, so that other work on a shared machine does not inflate it), and
writes the raw figures as JSON with ``--json``.  Win counts are deterministic for a seed; times
are not.  Seed ``s`` plays the same deals as ``python -m pyapp.sim --seed s``.  The games run through
``pyapp.simrun`` (``--jobs``, ``--backend ray``, ``--out``/``--resume``: docs/simulation.md); the
rows do not depend on how they were split.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from pyapp import games, simrun  # noqa: E402
from pyapp.simrun import Task  # noqa: E402


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def tasks(game_id: str, n_games: int, seed: int, names: list[str], players: int) -> list[Task]:
    """Game ``g`` seeded ``seed + g``, the seats rotated by ``g % players``, every decision timed."""
    seats0 = [names[i % len(names)] for i in range(players)]
    out = []
    for g in range(n_games):
        r = g % players
        out.append(Task(g, game_id, players, seed + g, seats0[r:] + seats0[:r], think=True))
    return out


def run(game_id: str, n_games: int, seed: int, names: list[str], players: int | None,
        per_game: bool = False, **runner) -> dict:
    """``per_game``: a line per game on stderr.  ``runner``: :func:`pyapp.simrun.run_tasks`'s options (``jobs``,
    ``backend``, ``progress``...); by default one game after another in this process."""
    game = games.get(game_id)
    players = players or game.min_players
    seats0 = [names[i % len(names)] for i in range(players)]

    def each(rec: dict) -> None:
        if per_game and "error" not in rec:
            print(f"game {rec['i']}: {rec['bots']} -> {[rec['bots'][w] for w in winners(rec)]}", file=sys.stderr,
                  flush=True)

    records = simrun.run_tasks(tasks(game_id, n_games, seed, names, players), on_record=each, **runner)
    wins: dict[str, float] = {}
    sole: dict[str, int] = {}
    shared: dict[str, int] = {}
    times: dict[str, list[float]] = {}
    errors = []
    for rec in records:                          # in game order, however the games were run
        seats = rec["bots"]
        if "error" in rec:
            errors.append({"game": rec["i"], "seed": rec["seed"], "error": rec["error"]})
            continue
        for p, ts in enumerate(rec["think"]):
            times.setdefault(seats[p], []).extend(ts)
        won = winners(rec)
        for w in won:
            wins[seats[w]] = wins.get(seats[w], 0.0) + 1 / len(won)
            if len(won) == 1:
                sole[seats[w]] = sole.get(seats[w], 0) + 1
            else:
                shared[seats[w]] = shared.get(seats[w], 0) + 1
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


def winners(rec: dict) -> list[int]:
    return list(rec["winners"]) if rec["kind"] in ("win", "shared") else []


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
    ap.add_argument("--progress", action="store_true", help="one line per game on stderr (as games finish)")
    simrun.add_arguments(ap)
    args = ap.parse_args(argv)
    res = run(args.game, args.games, args.seed, args.bots.split(","), args.players, args.progress,
              **simrun.runner_options(args))
    print(markdown(res))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(res, indent=1) + "\n")
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
