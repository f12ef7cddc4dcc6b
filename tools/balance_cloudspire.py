"""Cloudspire faction balance: the best bot in both seats of 2-player games for pairs of factions.

    nice -n 10 python3 tools/balance_cloudspire.py --games 100                      # the full 10 x 10 table
    nice -n 10 python3 tools/balance_cloudspire.py --games 20 \\
        --rows griege,horizons_wrath,narora,shada,graft,uprising --cols brawnen,grovetenders,heirs,keel

Every pair (a row faction against a column faction) plays ``--games`` games, the factions' seats swapped
every other game (game ``g`` of a pair: row faction in P1 when ``g`` is even), through the
:func:`pyapp.sim.play` loop (seat ``i``'s bot seeded ``seed * 31 + i``, as ``python3 -m pyapp.sim``).
All the pairs' games are one batch of ``pyapp.simrun`` (``--jobs``, ``--backend ray``, ``--out``/``--resume``:
docs/simulation.md); rows are printed in order as their pairs complete.
Game ``g`` of the ``k``-th pair is seeded ``--seed + 1000 * k + g``; with the full table each unordered pair
is played once and both cells are filled from it.  A win scores 1, a shared win or a draw 1/2 (so the
two cells of a pair add up to 100 %).  Prints the table of
the row faction's win rate against each column, each faction's overall rate, the seconds per pair (its games'
own time, summed over the workers), and
with ``--json`` writes everything (per-pair counts) to a file, rewritten after every pair (``"partial": true``
until the table is complete); ``--from-json FILE`` prints the table of such a file again (missing cells ``-``).
"""
from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pyapp.games.cloudspire import GAME  # noqa: E402
from pyapp.games.cloudspire.content import CHIPS, FACTIONS, PLAYABLE, SPIRES, UNITS  # noqa: E402
from pyapp import simrun  # noqa: E402
from pyapp.simrun import Task  # noqa: E402


def pair_tasks(a: str, b: str, games: int, seed: int, bot: str, first: int = 0,
               prepare: list | None = None) -> list[Task]:
    """Game ``g`` of ``a`` against ``b``: seeded ``seed + g``, ``a`` in P1 when ``g`` is even."""
    return [Task(first + g, "cloudspire", 2, seed + g, [bot, bot], {"factions": [a, b] if g % 2 == 0 else [b, a]},
                 prepare=prepare) for g in range(games)]


def tally(a: str, b: str, records: list[dict]) -> dict:
    """A pair's games (in game order): a's score, counts, and the games' time (summed over workers)."""
    score = 0.0
    wins = {a: 0, b: 0}
    shared = draws = 0
    by_seat = [0.0, 0.0]                     # score of the faction in P1 / P2
    actions = 0
    errors = []
    for g, rec in enumerate(records):
        order = [a, b] if g % 2 == 0 else [b, a]
        if "error" in rec:                   # reported, not raised
            errors.append(f"seed {rec['seed']}: {rec['error']}")
            continue
        actions += rec["actions"]
        if rec["kind"] == "win":
            w = order[rec["winners"][0]]
            wins[w] += 1
            score += 1.0 if w == a else 0.0
            by_seat[rec["winners"][0]] += 1.0
        elif rec["kind"] == "shared":
            shared += 1
            score += 0.5
            by_seat[0] += 0.5
            by_seat[1] += 0.5
        else:                               # a draw: 1/2 for each side, as a shared win
            draws += 1
            score += 0.5
            by_seat[0] += 0.5
            by_seat[1] += 0.5
    played = len(records) - len(errors)
    return {"a": a, "b": b, "games": played, "score": score, "wins": wins, "shared": shared, "draws": draws,
            "p1_score": by_seat[0], "p2_score": by_seat[1], "mean_actions": round(actions / played, 1) if played else None,
            "seconds": round(sum(r["seconds"] for r in records), 1), "errors": errors}


def pair(a: str, b: str, games: int, seed: int, bot: str, **runner) -> dict:
    """``games`` games of ``a`` against ``b``, seats swapped every other game: a's score, counts, time."""
    return tally(a, b, simrun.run_tasks(pair_tasks(a, b, games, seed, bot), **runner))


def lever(spec: str) -> None:
    """``ID.FIELD=N``: set a number of the content in memory for this run (a faction's ``gate`` or ``cap``, or a
    unit's or spire's stat wherever the rules and the bots read it)."""
    try:
        key, value = spec.split("=")
        oid, field = key.split(".")
        n = int(value)
    except ValueError:
        raise ValueError(f"--set {spec!r}: expected ID.FIELD=N") from None
    if oid in FACTIONS:
        targets = [FACTIONS[oid]]
    else:
        targets = [d[oid] for d in (UNITS, SPIRES, CHIPS) if oid in d]
        targets += [x for f in FACTIONS.values() for x in f["heroes"] + f["minions"] + f["spires"] if x["id"] == oid]
    if not targets or not all(isinstance(t.get(field), int) for t in targets):
        raise ValueError(f"--set {spec!r}: no number {field!r} of {oid!r}")
    for t in targets:
        t[field] = n


def levers(specs: list[str]) -> None:
    """Every ``--set`` of the run (each worker applies them before its first game)."""
    for spec in specs:
        lever(spec)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100, help="games per pair (seats swapped every other game)")
    ap.add_argument("--rows", default=",".join(PLAYABLE), help="row factions (comma-separated ids)")
    ap.add_argument("--cols", default=None, help="column factions (default: the rows)")
    ap.add_argument("--seed", type=int, default=20000)
    ap.add_argument("--bot", default="raider",
                    help="the bot in both seats (default raider: the bot every table so far used)")
    ap.add_argument("--json", default=None, help="write the results to this file")
    ap.add_argument("--set", action="append", default=[], metavar="ID.FIELD=N",
                    help="screen a lever without editing the data: a faction's number (keel.gate=14) or a unit's "
                         "or spire's (shackler.health=3), in this run only; repeatable")
    ap.add_argument("--from-json", default=None, metavar="FILE",
                    help="play nothing: print the table of a run saved with --json (also a run cut short)")
    simrun.add_arguments(ap)
    args = ap.parse_args(argv)
    runner = simrun.runner_options(args)
    results: dict = {}
    if args.from_json:
        with open(args.from_json) as fh:
            saved = json.load(fh)
        for key in ("games", "rows", "cols", "seed", "bot"):
            setattr(args, key, saved["args"][key])
        results = {(r["a"], r["b"]): r for r in saved["pairs"]}
        args.json = None
    for spec in args.set:
        try:
            lever(spec)
        except ValueError as err:
            ap.error(str(err))
    rows = args.rows.split(",")
    cols = args.cols.split(",") if args.cols else rows
    for f in rows + cols:
        if f not in FACTIONS:
            ap.error(f"unknown faction {f!r}")
    todo = []
    for a in rows:
        for b in cols:
            if args.from_json or a == b or (b, a) in results or (b, a) in todo:
                continue
            todo.append((a, b))
    prepare = [os.path.abspath(__file__), "levers", [list(args.set)]] if args.set else None
    tasks: list[Task] = []
    for k, (a, b) in enumerate(todo):          # pair k's games seeded seed + 1000 k + g
        tasks += pair_tasks(a, b, args.games, args.seed + 1000 * k, args.bot, len(tasks), prepare)

    def done(ab: tuple[str, str], records: list[dict]) -> None:
        a, b = ab
        r = results[(a, b)] = tally(a, b, records)
        print(f"{a} vs {b}: {r['score']:g}/{r['games']} (P1 {r['p1_score']:g}, P2 {r['p2_score']:g}, "
              f"{r['mean_actions']} actions, {r['seconds']} s){' ERRORS ' + str(len(r['errors'])) if r['errors'] else ''}",
              flush=True)
        if args.json:                          # kept after every pair: a run cut short keeps what it played
            with open(args.json, "w") as fh:
                json.dump({"args": vars(args), "pairs": [dict(x) for x in results.values()], "partial": True},
                          fh, indent=1)

    simrun.run_tasks(tasks, on_record=simrun.InOrder([(ab, args.games) for ab in todo], done), **runner)

    def rate(a, b):
        """a's score against b and the games: a win 1, a shared win or a draw 1/2 for each side."""
        r = results.get((a, b)) or results.get((b, a))
        if r is None:
            return None
        return r["wins"][a] + (r["shared"] + r["draws"]) / 2, r["games"]

    names = sorted(set(rows) | set(cols), key=PLAYABLE.index)
    width = max(len(n) for n in names)
    print("\nRow faction's win rate against the column faction (%):")
    print(" " * width + " | " + " | ".join(f"{c[:6]:>6}" for c in cols) + " | overall")
    overall = {}
    for a in names:
        cells = []
        tot = n = 0.0
        for b in cols:
            got = rate(a, b) if a != b else None
            if got is None:
                cells.append(f"{'-':>6}")
                continue
            s, g = got
            tot += s
            n += g
            cells.append(f"{100 * s / g:6.0f}" if g else f"{'?':>6}")
        overall[a] = (tot, n)
        if a in rows:
            print(f"{a:>{width}} | " + " | ".join(cells) + f" | {100 * tot / n:5.1f} % of {n:g}" if n else "")
    secs = [r["seconds"] for r in results.values()]
    print(f"\n{len(results)} pairs, {sum(r['games'] for r in results.values())} games, "
          f"{sum(secs) / max(1, len(secs)):.1f} s per pair of {args.games} games on average (the games' own "
          "time, summed over the workers)")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"args": vars(args), "pairs": [dict(r) for r in results.values()],
                       "overall": {a: {"score": s, "games": g} for a, (s, g) in overall.items()}}, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
