"""The Ray backend of pyapp.simrun (issue 35, docs/simulation.md) on a local Ray instance with 2 CPUs: the same
summary as one process, a balance lever shipped to Ray's workers, a lost worker's games retried, an interrupted
run resumed.  Ray is the optional extra ``cluster`` (``pip install 'ray==2.60.0'``): skipped only where it
cannot be imported."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyapp import sim, simrun
from tool_modules import tool

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'ray==2.60.0', the extra 'cluster'): "
                                        "the Ray backend is not tested here")

HOOK = str(Path(__file__).resolve().parents[1] / "sim_crash_hook.py")


def untimed(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in ("seconds", "actions_per_second")}


@pytest.fixture(scope="module")
def local_ray():
    if ray.is_initialized():
        ray.shutdown()
    simrun.ray_connect(num_cpus=2)               # ray.init(num_cpus=2), this package shipped as py_modules
    assert ray.cluster_resources().get("CPU") == 2
    yield ray
    ray.shutdown()


def test_ray_gives_the_summary_of_one_process(local_ray):
    args = ("doomspire", 6, 5, ["easy", "random"])
    seen: list[int] = []
    on_ray = sim.run(*args, swap=True, backend="ray", on_record=lambda r: seen.append(r["i"]))
    assert on_ray["finished"] == 6 and on_ray["errors"] == [] and sorted(seen) == list(range(6))
    assert untimed(on_ray) == untimed(sim.run(*args, swap=True))


def test_a_lever_reaches_rays_workers(local_ray, capsys, monkeypatch):
    from pyapp.games.cloudspire import content
    monkeypatch.setitem(content.FACTIONS["keel"], "gate", content.FACTIONS["keel"]["gate"])   # put back after
    bal = tool("balance_cloudspire")

    def first_line(*extra):
        assert bal.main(["--games", "2", "--rows", "shada", "--cols", "keel", "--quiet", "--set", "keel.gate=1",
                         *extra]) == 0
        return capsys.readouterr().out.splitlines()[0].split(" (")[0]
    assert first_line("--backend", "ray") == first_line("--jobs", "1")


def test_a_lost_ray_worker_has_its_games_retried(local_ray, tmp_path):
    tasks = sim.tasks("hexbattle", 4, 1, ["random"], 2)
    for t in tasks:
        t.prepare = [HOOK, "crash_once", [str(tmp_path / "crashed")]]
    recs = simrun.run_tasks(tasks, backend="ray")
    assert (tmp_path / "crashed").exists()                    # a worker died...
    assert [r["i"] for r in recs] == [0, 1, 2, 3] and not any("error" in r for r in recs)   # ...and nothing lost


def test_an_interrupted_ray_run_resumes(local_ray, tmp_path):
    out = tmp_path / "run.jsonl"
    whole = sim.run("hexbattle", 6, 3, ["random"], backend="ray", out=str(out))
    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:3]) + "\n")
    again = sim.run("hexbattle", 6, 3, ["random"], backend="ray", out=str(out), resume=True)
    assert untimed(again) == untimed(whole)
    assert sorted(json.loads(x)["i"] for x in out.read_text().splitlines()[1:]) == list(range(6))
