"""pyapp.simrun, the one runner under pyapp.sim and the balance and strength tools (issue 35,
docs/simulation.md): however a batch is split (one process, local workers, Ray), the summary is the same
apart from its timing fields; --out records every game as it finishes and --resume plays only the rest;
a worker that dies has its games played again."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyapp import sim, simrun
from tool_modules import tool

TIMING = ("seconds", "actions_per_second")
HOOK = str(Path(__file__).resolve().parents[1] / "sim_crash_hook.py")


def untimed(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in TIMING}


def cli(capsys, *argv: str) -> dict:
    assert sim.main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_jobs_1_and_jobs_4_print_the_same_summary(capsys):
    args = ["--game", "doomspire", "--games", "6", "--seed", "5", "--bots", "easy,random", "--swap", "--quiet"]
    one = cli(capsys, *args, "--jobs", "1")
    four = cli(capsys, *args, "--jobs", "4")
    assert one["finished"] == 6 and one["errors"] == []
    assert untimed(four) == untimed(one)
    assert set(one) - set(untimed(one)) == set(TIMING)          # the summary's keys are the ones it always had


def test_records_come_back_in_task_order_whatever_order_games_finish():
    tasks = sim.tasks("hexbattle", 6, 11, ["random"], 2)
    tasks[0].bots = ["greedy", "greedy"]           # the slowest game first: it finishes after the others
    seen: list[int] = []
    recs = simrun.run_tasks(tasks, jobs=2, on_record=lambda r: seen.append(r["i"]))
    assert [r["i"] for r in recs] == list(range(6)) and sorted(seen) == list(range(6))
    alone = simrun.run_tasks(tasks, jobs=1)
    assert [{k: v for k, v in r.items() if k not in ("seconds", "cpu")} for r in recs] == \
           [{k: v for k, v in r.items() if k not in ("seconds", "cpu")} for r in alone]


def test_progress_goes_to_stderr_and_the_summary_to_stdout(capsys):
    sim.main(["--game", "hexbattle", "--games", "3", "--bots", "random", "--jobs", "2"])
    out = capsys.readouterr()
    assert json.loads(out.out)["finished"] == 3
    last = out.err.strip().splitlines()[-1]
    assert last.startswith("3/3 games,") and "games/s" in last and "left" in last


def test_an_interrupted_run_resumes_from_its_out_file(tmp_path, monkeypatch):
    out = tmp_path / "run.jsonl"
    whole = sim.run("hexbattle", 6, 3, ["random"], out=str(out))
    lines = out.read_text().splitlines()
    assert len(lines) == 7 and json.loads(lines[0])["games"] == 6
    # cut short after three games, the fourth line half written
    out.write_text("\n".join(lines[:4]) + "\n" + lines[4][:20])
    played = []
    real = simrun.play_task
    monkeypatch.setattr(simrun, "play_task", lambda t, sources=None: played.append(t.index) or real(t, sources))
    again = sim.run("hexbattle", 6, 3, ["random"], out=str(out), resume=True)
    assert played == [3, 4, 5]
    assert untimed(again) == untimed(whole)
    assert len(out.read_text().splitlines()) == 7                 # the cut line dropped, the rest appended
    with pytest.raises(SystemExit, match="--resume"):            # an existing file is never overwritten silently
        sim.run("hexbattle", 6, 3, ["random"], out=str(out))
    with pytest.raises(SystemExit, match="another batch"):       # nor continued with other games
        sim.run("hexbattle", 6, 4, ["random"], out=str(out), resume=True)


def test_a_dead_local_worker_has_its_games_played_again(tmp_path, capsys):
    tasks = sim.tasks("hexbattle", 4, 1, ["random"], 2)
    for t in tasks:
        t.prepare = [HOOK, "crash_once", [str(tmp_path / "crashed")]]
    recs = simrun.run_tasks(tasks, jobs=2)
    assert (tmp_path / "crashed").exists() and "a worker process died" in capsys.readouterr().err
    assert [r["i"] for r in recs] == [0, 1, 2, 3] and not any("error" in r for r in recs)


def test_the_strength_tool_gives_the_same_rows_on_any_number_of_workers():
    bs = tool("bot_strength")

    def rows(**runner):
        res = bs.run("doomspire", 4, 2, ["easy", "random"], 2, **runner)
        for r in res["bots"].values():              # decision times are measured, not deterministic
            for k in ("median_s", "p95_s", "max_s"):
                r.pop(k)
        return res
    one = rows()
    assert one["finished"] == 4 and one["bots"]["easy"]["decisions"] > 0
    assert rows(jobs=2) == one


def test_a_balance_lever_reaches_every_worker(capsys, monkeypatch):
    """Workers are fresh processes (never forks holding this one's patched content): the lever reaches them
    through the batch's prepare hook."""
    from pyapp.games.cloudspire import content
    monkeypatch.setitem(content.FACTIONS["keel"], "gate", content.FACTIONS["keel"]["gate"])   # put back after
    bal = tool("balance_cloudspire")

    def first_line(*extra):
        assert bal.main(["--games", "2", "--rows", "shada", "--cols", "keel", "--quiet", *extra]) == 0
        return capsys.readouterr().out.splitlines()[0].split(" (")[0]
    plain = first_line("--jobs", "1")
    lever = first_line("--jobs", "1", "--set", "keel.gate=1")
    assert lever != plain                           # the lever changes these games
    assert first_line("--jobs", "2", "--set", "keel.gate=1") == lever
