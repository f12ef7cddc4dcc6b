"""How long a first game lasts: the human seat's decisions and the rounds of a game against the easy bot.

    nice -n 15 python3 tools/game_length.py --games 30 --jobs 1                # every game
    nice -n 15 python3 tools/game_length.py --game clockwork --games 30 --jobs 1 --json length.json

Plays ``--games`` games of each game at its setup's number of players (the setup screen's default: Ice Fortress
alone, the others two players): seat 0 stands for the person and is played by the normal bot (``--person``: a
player who tries to win; with the easy bot in both seats a Clockwork game often runs to the 100-round limit), the
other seats by the easy bot, the level the setup suggests for a first game (``--bot``).  Prints one Markdown row
per game: games, the person's decisions (median, and the middle half), rounds (median, and the middle half),
and the seconds of CPU per game.  A decision is one action of seat 0 (a click or a tap that the game asks for;
a move of several steps is several), a round is the game's own count: Hex Battle's and Doomspire's ``round``,
Clockwork's turns divided by the players, Ice Fortress's turns, Cloudspire's waves.  The figures shown on the
setup screen (``pyapp/games/<id>/first_game.json``, ``length``) come from this tool (docs/simulation.md).
The games run through ``pyapp.simrun`` (``--jobs``, ``--out``/``--resume``); the rows do not depend on the split.
"""
from __future__ import annotations

import argparse
import json
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from pyapp import games, simrun  # noqa: E402
from pyapp.simrun import Task  # noqa: E402

GAMES = ["hexbattle", "doomspire", "clockwork", "icefortress", "cloudspire"]
# the view keys a round is read from; clockwork counts turns (one per player)
ROUND_KEYS = {"hexbattle": ["round"], "doomspire": ["round"], "clockwork": ["turn", "players"],
              "icefortress": ["turns"], "cloudspire": ["wave"]}


def rounds_of(game_id: str, view: dict) -> int:
    """The rounds a finished game lasted, from its final public view."""
    if game_id == "clockwork":
        return math.ceil(int(view["turn"] or 0) / max(1, int(view["players"] or 1)))
    return int(view[ROUND_KEYS[game_id][0]] or 0)


def tasks(game_ids: list[str], n_games: int, seed: int, bot: str = "easy", person: str = "normal") -> list[Task]:
    out: list[Task] = []
    for gid in game_ids:
        players = games.get(gid).setup_players
        for g in range(n_games):
            out.append(Task(index=len(out), game=gid, players=players, seed=seed + g, bots=[person] + [bot] * (players - 1),
                            think=True, view=ROUND_KEYS[gid]))
    return out


def quartiles(xs: list[float]) -> tuple[float, float, float]:
    """(lower quartile, median, upper quartile) of ``xs`` (nearest rank)."""
    s = sorted(xs)
    at = lambda q: s[min(len(s) - 1, int(q * len(s)))]   # noqa: E731
    return at(0.25), at(0.5), at(0.75)


def summarise(game_id: str, recs: list[dict]) -> dict:
    ok = [r for r in recs if "error" not in r]
    decisions = [len(r["think"][0]) for r in ok]
    rounds = [rounds_of(game_id, r["view"]) for r in ok]
    return {"game": game_id, "games": len(recs), "errors": len(recs) - len(ok),
            "decisions": quartiles(decisions) if ok else None, "rounds": quartiles(rounds) if ok else None,
            "cpu": round(sum(r["cpu"] for r in recs) / max(1, len(recs)), 2)}


def row(s: dict) -> str:
    d, r = s["decisions"], s["rounds"]
    if d is None:
        return f"| {s['game']} | {s['games']} | errors: {s['errors']} | | |"
    return (f"| {s['game']} | {s['games']} | {d[1]:g} ({d[0]:g}-{d[2]:g}) | {r[1]:g} ({r[0]:g}-{r[2]:g}) "
            f"| {s['cpu']} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", choices=GAMES, help="a game (repeat; default: all five)")
    ap.add_argument("--games", type=int, default=30, help="games per game (default 30)")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    ap.add_argument("--bot", default="easy", help="the bot in every seat (default easy)")
    ap.add_argument("--person", default="normal", help="the bot in seat 0, the person's (default normal)")
    ap.add_argument("--json", default=None, metavar="FILE", help="write the rows as JSON")
    simrun.add_arguments(ap)
    args = ap.parse_args(argv)
    ids = args.game or GAMES
    recs = simrun.run_tasks(tasks(ids, args.games, args.seed, args.bot, args.person), label="game length",
                            **simrun.runner_options(args))
    print("| game | games | the person's decisions: median (middle half) | rounds: median (middle half) "
          "| CPU s per game |")
    print("|---|---|---|---|---|")
    out = []
    for k, gid in enumerate(ids):
        s = summarise(gid, recs[k * args.games:(k + 1) * args.games])
        out.append(s)
        print(row(s), flush=True)
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
