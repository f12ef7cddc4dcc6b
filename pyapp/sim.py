"""Headless simulation: play whole games between bots and print a JSON summary.

    python -m pyapp.sim --game hexbattle --games 100 --seed 1 --bots random,greedy

Seats take the listed bots in order (the list is cycled if shorter than the
player count).  With ``--swap`` every other game rotates the seats so no bot
keeps the first seat.  The summary counts games, actions, mean length, and
every kind of result apart (:attr:`pyapp.engine.Outcome.kind`): sole wins per
seat and per bot, shared wins (per seat and per bot: each winner counts one),
draws, cooperative team wins and team losses; the mean return per seat and per
bot (:attr:`~pyapp.engine.Outcome.returns`: 1 a sole win, -1 last place);
end reasons; and errors (exceptions or games that hit ``--max-actions``).
This is how game content gets balanced.

The games run through :mod:`pyapp.simrun`: ``--jobs N`` local worker processes (default: every core),
``--backend ray`` on a Ray cluster, ``--out FILE`` / ``--resume`` to keep and continue a long run; the
summary is the same however the games were split, apart from ``seconds`` and ``actions_per_second``
(docs/simulation.md).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter

from . import bots as botlib  # noqa: F401  (tests replace botlib.make)
from . import games, simrun
from .simrun import Task, play

__all__ = ["main", "play", "run", "summarise"]


def tasks(game_id: str, n_games: int, seed: int, bot_names: list[str], players: int, swap: bool = False,
          max_actions: int = 100000, options: dict | None = None) -> list[Task]:
    """The batch: game ``g`` seeded ``seed + g``, seat ``i`` playing ``bot_names[i % len(bot_names)]`` (rotated
    by one in every other game with ``swap``)."""
    out = []
    for g in range(n_games):
        names = [bot_names[i % len(bot_names)] for i in range(players)]
        if swap and g % 2 == 1:
            names = names[1:] + names[:1]
        out.append(Task(g, game_id, players, seed + g, names, options, max_actions))
    return out


def summarise(game_id: str, n_games: int, seed: int, bot_names: list[str], players: int, records: list[dict],
              seconds: float) -> dict:
    """The JSON summary of a batch's records (in game order)."""
    wins_seat: Counter[int] = Counter()
    wins_bot: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    shared_seat: Counter[int] = Counter()
    shared_bot: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    returns_seat = [0.0] * players
    returns_bot: dict[str, float] = {}
    games_bot: Counter[str] = Counter()
    lengths: list[int] = []
    errors: list[dict] = []
    total_actions = 0
    for rec in records:
        g, names = rec["i"], rec["bots"]
        if "error" in rec:
            errors.append({"game": g, "seed": rec["seed"], "error": rec["error"], "trace": rec["trace"]})
            continue
        n = rec["actions"]
        total_actions += n
        lengths.append(n)
        reasons[re.sub(r"\d+", "N", rec["reason"].split(":")[0])] += 1
        kinds[rec["kind"]] += 1
        if rec["kind"] == "win":
            wins_seat[rec["winners"][0]] += 1
            wins_bot[names[rec["winners"][0]]] += 1
        elif rec["kind"] == "shared":
            for w in rec["winners"]:
                shared_seat[w] += 1
                shared_bot[names[w]] += 1
        for seat, r in enumerate(rec["returns"]):
            returns_seat[seat] += r
            returns_bot[names[seat]] = returns_bot.get(names[seat], 0.0) + r
            games_bot[names[seat]] += 1
    return {
        "game": game_id, "games": n_games, "players": players, "bots": bot_names, "seed": seed,
        "finished": len(lengths), "actions": total_actions,
        "mean_length": round(sum(lengths) / len(lengths), 1) if lengths else None,
        "wins_per_seat": {str(k): wins_seat[k] for k in range(players)},
        "wins_per_bot": dict(wins_bot),
        "shared_wins": kinds["shared"], "shared_wins_per_seat": {str(k): shared_seat[k] for k in range(players)},
        "shared_wins_per_bot": dict(shared_bot), "draws": kinds["draw"],
        "team_wins": kinds["team-win"], "team_losses": kinds["team-loss"],
        "mean_returns_per_seat": {str(k): round(returns_seat[k] / len(lengths), 3) if lengths else None
                                  for k in range(players)},
        "mean_returns_per_bot": {b: round(returns_bot[b] / games_bot[b], 3) for b in games_bot},
        "end_reasons": dict(reasons),
        "errors": errors, "seconds": round(seconds, 2),
        "actions_per_second": round(total_actions / seconds) if seconds else None,
    }


def run(game_id: str, n_games: int, seed: int, bot_names: list[str], players: int | None = None,
        swap: bool = False, max_actions: int = 100000, options: dict | None = None, **runner) -> dict:
    """Play the batch and summarise it.  ``runner``: :func:`pyapp.simrun.run_tasks`'s options (``jobs``,
    ``backend``, ``address``, ``out``, ``resume``, ``progress``); by default one game after another here."""
    players = players or games.get(game_id).min_players
    t0 = time.perf_counter()
    records = simrun.run_tasks(tasks(game_id, n_games, seed, bot_names, players, swap, max_actions, options),
                               **runner)
    return summarise(game_id, n_games, seed, bot_names, players, records, time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pyapp.sim", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--players", type=int)
    ap.add_argument("--swap", action="store_true", help="rotate seats every other game")
    ap.add_argument("--max-actions", type=int, default=100000)
    ap.add_argument("--options", type=json.loads, default=None,
                    help='game options as JSON, e.g. \'{"armies": ["Iron Phalanx", "Thunder Riders"]}\'')
    simrun.add_arguments(ap)
    args = ap.parse_args(argv)
    summary = run(args.game, args.games, args.seed, args.bots.split(","), args.players, args.swap, args.max_actions,
                  args.options, **simrun.runner_options(args))
    json.dump(summary, sys.stdout, indent=2)
    print()
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
