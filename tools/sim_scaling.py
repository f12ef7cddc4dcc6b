"""How the simulation runner scales: the same batch of games at several ``--jobs``, side by side.

    nice -n 15 python3 tools/sim_scaling.py --game hexbattle --bots normal --games 40 --jobs 1,2

Runs ``python -m pyapp.sim`` once per ``--jobs`` value and then again in the reverse order (A B B A: load that
drifts during the measurement weighs on both sides alike), each in its own process, and prints a Markdown row per
run: wall time, the time relative to the mean of the ``--jobs 1`` runs, the games' CPU time summed over the
workers (from the run's ``--out`` records) and the cores that makes on average (CPU / wall: on a shared machine,
the share the scheduler gave the run), the load average before it, and whether its summary equals the first
run's apart from the timing fields (it must).  ``--json FILE`` writes the figures.
docs/simulation.md quotes this script's output.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
TIMING = ("seconds", "actions_per_second")


def one(args: argparse.Namespace, jobs: int) -> dict:
    cmd = [sys.executable, "-m", "pyapp.sim", "--game", args.game, "--games", str(args.games), "--seed",
           str(args.seed), "--bots", args.bots, "--jobs", str(jobs), "--quiet"]
    if args.players:
        cmd += ["--players", str(args.players)]
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        records = pathlib.Path(tmp) / "games.jsonl"
        t0 = time.perf_counter()
        out = subprocess.run(cmd + ["--out", str(records)], cwd=ROOT, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - t0
        if out.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed:\n{out.stderr[-2000:]}")
        cpu = sum(json.loads(line)["cpu"] for line in records.read_text().splitlines()[1:])
    summary = json.loads(out.stdout)
    return {"jobs": jobs, "wall_s": round(wall, 1), "cpu_s": round(cpu, 1), "load_before": round(load, 2),
            "summary": {k: v for k, v in summary.items() if k not in TIMING}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="hexbattle")
    ap.add_argument("--bots", default="normal")
    ap.add_argument("--players", type=int)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", default="1,2", help="comma-separated --jobs values to compare")
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args(argv)
    order = [int(j) for j in args.jobs.split(",")]
    runs = [one(args, j) for j in order + order[::-1]]
    base = [r["wall_s"] for r in runs if r["jobs"] == order[0]]
    ref = sum(base) / len(base)
    print(f"{args.game}, {args.games} games, bots {args.bots}, seed {args.seed}, {os.cpu_count()} cores:\n")
    print(f"| run | --jobs | wall s | vs --jobs {order[0]} | games' CPU s (all workers) | cores obtained "
          "(CPU / wall) | load before | same summary |")
    print("|---|---|---|---|---|---|---|---|")
    ok = True
    for k, r in enumerate(runs):
        same = r["summary"] == runs[0]["summary"]
        ok &= same
        print(f"| {k + 1} | {r['jobs']} | {r['wall_s']} | {r['wall_s'] / ref:.2f} | {r['cpu_s']} | "
              f"{r['cpu_s'] / r['wall_s']:.2f} | {r['load_before']} | {'yes' if same else 'NO'} |")
    for j in order[1:]:
        mean = sum(r["wall_s"] for r in runs if r["jobs"] == j) / order.count(j) / 2
        print(f"\n--jobs {j}: {mean:.1f} s on average, {mean / ref:.2f} of --jobs {order[0]} ({ref:.1f} s)")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps({"args": vars(args), "runs": runs}, indent=1) + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
