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
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
import traceback
from collections import Counter

from . import bots as botlib
from . import games

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .engine.core import Game, State


def play(game: Game, players: int, seed: int, bot_names: list[str], max_actions: int = 100000,
         options: dict | None = None) -> tuple[State, int]:
    """Play one game; returns (state, actions taken)."""
    state = game.new(players, seed, options)
    seat_bots = [botlib.make(game.id, bot_names[i % len(bot_names)], seed * 31 + i) for i in range(players)]
    n = 0
    while not state.is_over:
        if n >= max_actions:
            raise RuntimeError(f"no end after {max_actions} actions")
        seat = state.to_act[0]
        state.apply(seat, seat_bots[seat].choose(state, seat))
        n += 1
    return state, n


def run(game_id: str, n_games: int, seed: int, bot_names: list[str], players: int | None = None,
        swap: bool = False, max_actions: int = 100000, options: dict | None = None) -> dict:
    game = games.get(game_id)
    players = players or game.min_players
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
    t0 = time.perf_counter()
    for g in range(n_games):
        names = [bot_names[i % len(bot_names)] for i in range(players)]
        if swap and g % 2 == 1:
            names = names[1:] + names[:1]
        try:
            state, n = play(game, players, seed + g, names, max_actions, options)
        except Exception as exc:  # reported, not raised: a sim summarises many games
            errors.append({"game": g, "seed": seed + g, "error": f"{type(exc).__name__}: {exc}",
                           "trace": traceback.format_exc(limit=3)})
            continue
        out = state.outcome()
        if out is None:                 # play() returns only finished games; a rules bug is reported, not raised
            errors.append({"game": g, "seed": seed + g, "error": "the game ended without an outcome", "trace": ""})
            continue
        total_actions += n
        lengths.append(n)
        reasons[re.sub(r"\d+", "N", out.reason.split(":")[0])] += 1
        kinds[out.kind] += 1
        if out.kind == "win":
            wins_seat[out.winners[0]] += 1
            wins_bot[names[out.winners[0]]] += 1
        elif out.kind == "shared":
            for w in out.winners:
                shared_seat[w] += 1
                shared_bot[names[w]] += 1
        for seat, r in enumerate(out.returns):
            returns_seat[seat] += r
            returns_bot[names[seat]] = returns_bot.get(names[seat], 0.0) + r
            games_bot[names[seat]] += 1
    secs = time.perf_counter() - t0
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
        "errors": errors, "seconds": round(secs, 2),
        "actions_per_second": round(total_actions / secs) if secs else None,
    }


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
    args = ap.parse_args(argv)
    summary = run(args.game, args.games, args.seed, args.bots.split(","), args.players, args.swap, args.max_actions,
                  args.options)
    json.dump(summary, sys.stdout, indent=2)
    print()
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
