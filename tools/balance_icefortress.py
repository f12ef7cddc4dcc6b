"""Ice Fortress balance screening: hard-bot games with candidate content patched in memory.

    nice -n 10 python3 tools/balance_icefortress.py --games 150 --difficulty 7,3 --patch base,skipjumbo

Plays the :func:`pyapp.sim.play` loop (game ``g`` seeded ``seed + g``, seat ``i``'s bot ``seed * 31 + i``,
the same seeding as ``python3 -m pyapp.sim``) with the content dict patched in this process only (the data
files are not touched), and prints per (patch, players, difficulty): games, team wins, win rate, mean length
in turns (one character's turn each), mean turn of the losses, and games that hit the action limit.
A patch is a function in PATCHES; ``a+b`` applies several.  All rows' games are one batch of
``pyapp.simrun`` (``--jobs``, ``--backend ray``, ``--out``/``--resume``: docs/simulation.md), each worker
patching its own copy of the content (:func:`prepare`); a row's time is its games' own time summed over
the workers.
"""
from __future__ import annotations

import argparse
import copy
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pyapp.games.icefortress import GAME, content  # noqa: E402
from pyapp.games.icefortress import fortress  # noqa: E402
from pyapp import simrun  # noqa: E402
from pyapp.sim import play  # noqa: E402
from pyapp.simrun import Task  # noqa: E402

NOJUMBO = ["large", "medium", "small"]


def _name(c, nid):
    return c["names"][nid]


def p_base(c):
    pass


def p_skipjumbo(c):
    """Corvin's and Ostrid's starting looks skip the jumbo deck."""
    for nid in ("N2", "N4"):
        for e in _name(c, nid)["start"]["power"]["effects"]:
            if e["do"] == "look":
                e["decks"] = list(NOJUMBO)


def p_freeadv(c):
    """Name cards' advanced powers and beacon powers cost nothing."""
    for n in c["names"].values():
        n["advanced"]["power"]["cost"] = []
    for b in c["beacons"].values():
        b["beacon"]["power"]["cost"] = []


def p_beaconboost(c):
    """Every beacon's Immediately effect also boosts the shield (fire-1 stays the rulebook's example)."""
    for bid, b in c["beacons"].items():
        if bid != "fire-1" and not any(e["do"] == "boost" for e in b["beacon"]["immediately"]):
            b["beacon"]["immediately"].append({"do": "boost", "n": 1})


def p_smallcrystal(c):
    """Every elemental small room carries a crystal."""
    for r in c["rooms"].values():
        if r["size"] == "small" and r["element"] != "white":
            r["crystal"] = max(1, r["crystal"])


def p_medcrystal(c):
    """Every elemental medium room carries a crystal."""
    for r in c["rooms"].values():
        if r["size"] == "medium" and r["element"] != "white":
            r["crystal"] = max(1, r["crystal"])


def p_shardhoard(c):
    """Shard draws bigger: Patient, Steady, Glazier, Hopeful draw 2, Hardy 3."""
    for key, n in (("A03", 2), ("A19", 2), ("C03", 2), ("A22", 2), ("A09", 3)):
        for e in content.card(key)["power"]["effects"]:
            if e["do"] == "draw_shard":
                e["n"] = n


def _skip(c, key):
    for e in content.card(key)["power"]["effects"]:
        if e["do"] == "look":
            e["decks"] = list(NOJUMBO)


def p_seerskip(c):
    """The Seer's free look skips the jumbo deck."""
    _skip(c, "C04")


def p_masonskip(c):
    """The Mason's look skips the jumbo deck."""
    _skip(c, "C02")


def p_halla2(c):
    """Halla's starting look sees 2 rooms."""
    for e in c["names"]["N3"]["start"]["power"]["effects"]:
        if e["do"] == "look":
            e["n"] = 2


def p_medbefore(c):
    """Issue 34 screen: the medium rooms' crystals as before issue 18 (8 of the 28 elemental ones)."""
    for r in c["rooms"].values():
        if r["size"] == "medium" and r["element"] != "white":
            r["crystal"] = 1 if r["id"] in ("M01", "M05", "M08", "M12", "M15", "M19", "M22", "M26") else 0


def p_beaconbare(c):
    """Issue 34 screen: the beacons' Immediately effects without the added boosts (the Hearth Beacon keeps its 2)."""
    for bid, b in c["beacons"].items():
        eff = b["beacon"]["immediately"]
        if len(eff) > 1:
            b["beacon"]["immediately"] = [e for e in eff if e["do"] != "boost"]


def p_corvinshard(c):
    """Issue 34 screen: Corvin's advanced boost costs a shard of any element."""
    c["names"]["N2"]["advanced"]["power"]["cost"] = [{"shard": "any"}]


def p_corvindie(c):
    """Issue 34 screen: Corvin's advanced boost costs a die of 6."""
    c["names"]["N2"]["advanced"]["power"]["cost"] = [{"die": "6"}]


def p_lookdie(c):
    """Issue 34 screen: the name cards' starting looks cost a die of any value."""
    for n in c["names"].values():
        n["start"]["power"]["cost"] = [{"die": "?"}]


def p_look2(c):
    """Issue 34 screen: Corvin's, Halla's and Ostrid's starting looks see 2 rooms (Brisa's already does)."""
    for nid in ("N2", "N3", "N4"):
        for e in c["names"][nid]["start"]["power"]["effects"]:
            if e["do"] == "look":
                e["n"] = 2


def p_sterndie(c):
    """Issue 34 screen: Stern's destroy costs a die of any value."""
    content.card("A16")["power"]["cost"] = [{"die": "?"}]


def p_searchshard(c):
    """Issue 34 screen: Brisa's advanced search costs a shard of any element."""
    c["names"]["N1"]["advanced"]["power"]["cost"] = [{"shard": "any"}]


def p_hallaskip(c):
    """Issue 34 screen: Halla's starting look skips the jumbo deck."""
    for e in c["names"]["N3"]["start"]["power"]["effects"]:
        if e["do"] == "look":
            e["decks"] = list(NOJUMBO)


def p_brisaskip(c):
    """Issue 34 screen: Brisa's starting look skips the jumbo deck."""
    for e in c["names"]["N1"]["start"]["power"]["effects"]:
        if e["do"] == "look":
            e["decks"] = list(NOJUMBO)


def p_fulllook(c):
    """Issue 34 screen (session 18): no look while the supply holds more rooms than the difficulty (its limit)."""
    c["game"]["full_supply"] = {"stops": ["look"], "over": 1}


def p_fullroom(c):
    """Issue 34 screen (session 18): no look, search or room draw while the supply holds the difficulty's rooms or more."""
    c["game"]["full_supply"] = {"stops": ["look", "search", "draw_room"], "over": 0}


def p_nodial(c):
    """Issue 34 (session 19): the content before the dial's house rules (no full-supply stop, the shield's cap 10 always)."""
    c["game"].pop("full_supply", None)
    c["game"].pop("shield_cap_over", None)


def p_fullroom1(c):
    """Issue 34 screen (session 19): no look, search or room draw from one room under the difficulty (over = -1)."""
    c["game"]["full_supply"] = {"stops": ["look", "search", "draw_room"], "over": -1}


def p_cap2(c):
    """Issue 34 screen (session 19): the shield's cap is the difficulty + 2 (at most 10)."""
    c["game"]["shield_cap_over"] = 2


def p_cap3(c):
    """Issue 34 (session 19, applied): the shield's cap is the difficulty + 3 (at most 10)."""
    c["game"]["shield_cap_over"] = 3


PATCHES = {k[2:]: v for k, v in globals().items() if k.startswith("p_")}


def apply(spec: str, pristine: dict) -> None:
    c = content.load()
    for k in list(c):
        c[k] = copy.deepcopy(pristine[k])
    fortress._IDX.clear()
    for name in spec.split("+"):
        PATCHES[name](c)


_PRISTINE: list[dict] = []            # the content as loaded, before this process patched anything


def prepare(spec: str) -> None:
    """The hook each worker runs before a batch's games with patch ``spec`` (see pyapp.simrun.Task)."""
    if not _PRISTINE:
        _PRISTINE.append(copy.deepcopy(content.load()))
    apply(spec, _PRISTINE[0])


def result(rec: dict) -> tuple[str, int, str]:
    """A game's record as (kind, turns, reason); ``unfinished`` for a game that hit the action limit."""
    if "error" in rec:
        if rec["error"].startswith("RuntimeError:"):          # as one() below: the action limit
            return ("unfinished", 0, "")
        raise RuntimeError(f"seed {rec['seed']}: {rec['error']}\n{rec['trace']}")
    return (rec["kind"], rec["view"]["turns"], rec["reason"])


def one(players, difficulty, seed, bots, max_actions):
    try:
        state, _n = play(GAME, players, seed, bots, max_actions, {"difficulty": difficulty})
    except RuntimeError:
        return ("unfinished", 0, "")
    out = state.outcome()
    return (out.kind, state.view(None)["turns"], out.reason)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="2")
    ap.add_argument("--difficulty", default="7,3")
    ap.add_argument("--bots", default="planner")
    ap.add_argument("--patch", default="base", help="comma-separated candidates, each a+b+...; " + ", ".join(PATCHES))
    ap.add_argument("--max-actions", type=int, default=5000)
    simrun.add_arguments(ap)
    args = ap.parse_args(argv)
    runner = simrun.runner_options(args)
    bots = args.bots.split(",")
    print("| patch | players | difficulty | games | team wins | win rate | mean turns | loss turn | unfinished |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|", flush=True)
    rows = [(spec, int(p), int(d)) for spec in args.patch.split(",") for p in args.players.split(",")
            for d in args.difficulty.split(",")]
    here = os.path.abspath(__file__)
    tasks: list[Task] = []
    for spec, p, d in rows:
        tasks += [Task(len(tasks) + g, "icefortress", p, args.seed + g, bots, {"difficulty": d}, args.max_actions,
                       view=["turns"], prepare=[here, "prepare", [spec]]) for g in range(args.games)]

    def done(row: tuple[str, int, int], records: list[dict]) -> None:
        spec, p, d = row
        res = [result(r) for r in records]
        wins = sum(1 for k, _t, _r in res if k == "team-win")
        finished = [t for k, t, _r in res if k != "unfinished"]
        lost = [t for k, t, _r in res if k == "team-loss"]
        print(f"| {spec} | {p} | {d} | {args.games} | {wins} | {100.0 * wins / args.games:.1f} % | "
              f"{sum(finished) / max(1, len(finished)):.1f} | {sum(lost) / max(1, len(lost)):.1f} | "
              f"{args.games - len(finished)} |  ({sum(r['seconds'] for r in records):.0f} s)", flush=True)

    simrun.run_tasks(tasks, on_record=simrun.InOrder([(row, args.games) for row in rows], done), **runner)
    return 0


if __name__ == "__main__":
    sys.exit(main())
