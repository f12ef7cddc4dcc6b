"""Golden playthroughs: readable transcripts of fixed bot games, one file per playthrough.

    python3 tools/golden.py            # (re)write every tests/golden/<name>.txt
    python3 tools/golden.py --check    # exit 1 and print a unified diff if any file would change

Each playthrough below is a game played by bots through the engine contract only
(``games.get(id).new``, ``bots.make(...).choose``, ``state.apply``).  Seat ``i``'s bot
gets the seed ``bot_seed * 31 + i`` and, when several seats are to act, the first one
acts: the same convention as ``pyapp.sim.play``.

A transcript has a header (game, players, seed, options, bots, the set-up log), then
one line per action (step, seat, action id, label) with the log entries it added
indented under it, and a status line of public view fields (``state.view(None)``)
whenever a seat that was not waiting is to act (a new turn, a prompt; and at least every
``STATUS_EVERY`` actions).  It
ends with the outcome and every action id as JSON, which ``tests/engine/test_golden.py``
replays to rebuild the transcript: any change in rules, content, log text or bots
shows up there as a diff.
"""
from __future__ import annotations

import argparse
import difflib
import json
import os
import pathlib
import sys
from typing import Any, Callable, NamedTuple

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyapp import bots as botlib  # noqa: E402
from pyapp import games  # noqa: E402
from pyapp.engine import State  # noqa: E402
from pyapp.engine.log import plain  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
STATUS_EVERY = 25        # a status line at least this often
MAX_ACTIONS = 1000       # a playthrough is cut here (a line says so)
IDS_PER_LINE = 20
REGENERATE = "python3 tools/golden.py"

Actions = list[list[Any]]   # [[seat, action_id], ...]


class Playthrough(NamedTuple):
    name: str
    game: str
    players: int
    seed: int
    options: dict
    bots: tuple[str, ...]      # one per seat
    bot_seed: int


PLAYTHROUGHS: tuple[Playthrough, ...] = (
    Playthrough("hexbattle-greedy-random", "hexbattle", 2, 5,
                {"armies": ["Iron Phalanx", "Thunder Riders"]}, ("greedy", "random"), 5),
    Playthrough("hexbattle-greedy-greedy", "hexbattle", 2, 7,
                {"armies": ["Thunder Riders", "Iron Phalanx"]}, ("greedy", "greedy"), 7),
    Playthrough("doomspire-2p-goal", "doomspire", 2, 11, {}, ("goal", "goal"), 11),
    Playthrough("doomspire-4p-goal-random", "doomspire", 4, 10, {}, ("goal", "goal", "random", "random"), 10),
    Playthrough("clockwork-2p-crusader", "clockwork", 2, 13, {}, ("crusader", "crusader"), 13),
    Playthrough("clockwork-4p-crusader-random", "clockwork", 4, 22, {"max_rounds": 10},
                ("crusader", "random", "random", "crusader"), 22),
    Playthrough("icefortress-2p-hard", "icefortress", 2, 4, {}, ("planner", "planner"), 4),
    Playthrough("icefortress-solo-hard", "icefortress", 1, 2, {}, ("planner",), 2),
)
# Games prepared before the catalog lists them as ready join the list when it does (then run REGENERATE once).
PREPARED: tuple[Playthrough, ...] = (
    Playthrough("cloudspire-2p-hard", "cloudspire", 2, 4, {}, ("raider", "raider"), 4),
)
PLAYTHROUGHS += tuple(pt for pt in PREPARED if any(g["id"] == pt.game and g["ready"] for g in games.catalog()))


# ---------------------------------------------------------------- status lines: a few public view fields per game
def _seat(seat: Any) -> str:
    return "-" if seat is None else f"P{int(seat) + 1}"


def _per_seat(values: list) -> str:
    return "/".join(str(v) for v in values)


def _hexbattle(v: dict) -> str:
    alive = [sum(1 for u in v["units"] if u["owner"] == s) for s in range(v["players"])]
    return (f"turn {v['turn']} {_seat(v['active'])} {v['phase']} actions_left {v['actions_left']}"
            f" | lost {_per_seat(v['lost'])} units {_per_seat(alive)}"
            f" hand {_per_seat(v['hand_count'])} deck {_per_seat(v['deck'])}")


def _doomspire(v: dict) -> str:
    lords = []
    for p in v["players"]:
        res = " ".join(f"{k[0]}{n}" for k, n in p["res"].items())
        lords.append(f"{_seat(p['seat'])} fame {p['fame']} might {p['might']} {res}" + (" out" if p["out"] else ""))
    return f"round {v['round']} {v['phase']} active {_seat(v['active'])} | " + " | ".join(lords)


def _clockwork(v: dict) -> str:
    seats = [f"{_seat(p['seat'])} res {p['resources']} hand {p['hand_count']} gates {p['gates']}"
             f" terr {p['territories']}" + (" out" if p["out"] else "") for p in v["player_info"]]
    return (f"turn {v['turn']}/{v['turn_limit']} {v['phase']} {_seat(v['active'])}"
            f" units {len(v['units'])} | " + " | ".join(seats))


def _icefortress(v: dict) -> str:
    shards = " ".join(f"{k[0]}{n}" for k, n in v["supply"]["shards"].items())
    return (f"turn {v['turns']} char {v['cur'] + 1} {_seat(v['active'])} step {v['step']}"
            f" | shield {v['shield']} beacons {','.join(v['beacons']) or '-'} pool {v['pool']} bag {v['bag']}"
            f" dice {''.join(str(d) for d in v['dice']) or '-'} supply {len(v['supply']['rooms'])} {shards}")


def _cloudspire(v: dict) -> str:
    turn = f" {_seat(v['turn']['seat'])} {v['turn']['stage']}" if v["turn"] else ""
    seats = [f"{_seat(s)} gate {g['health']} source {v['source'][s]} dealt {v['gate_damage'][s]}"
             + (" out" if s in v["out"] else "") for s, g in enumerate(v["gates"])]
    return (f"wave {v['wave']} {v['phase']} round {v['round']}{turn} units {len(v['units'])}"
            f" spires {len(v['spires'])} | " + " | ".join(seats))


STATUS: dict[str, Callable[[dict], str]] = {"hexbattle": _hexbattle, "doomspire": _doomspire, "clockwork": _clockwork,
                                            "icefortress": _icefortress, "cloudspire": _cloudspire}

# The seat names a game's log text uses where they are not P1, P2... (clockwork says "Red", "Blue"), so that
# a log entry renders the same whether the game logs it as text or as an event with seat references.
SEAT_NAMES: dict[str, Callable[[dict], list[str]]] = {"clockwork": lambda v: v["names"]}


# ---------------------------------------------------------------- playing and writing
def play_bots(pt: Playthrough) -> Actions:
    """The action ids the playthrough's bots choose (at most ``MAX_ACTIONS``)."""
    state = games.get(pt.game).new(pt.players, pt.seed, pt.options)
    seat_bots = [botlib.make(pt.game, name, pt.bot_seed * 31 + i) for i, name in enumerate(pt.bots)]
    while not state.is_over and len(state.history) < MAX_ACTIONS:
        seat = state.to_act[0]
        state.apply(seat, seat_bots[seat].choose(state, seat))
    return [list(h) for h in state.history]


def _j(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def outcome_line(state: State) -> str:
    outcome = state.outcome()
    return f"outcome: {_j(outcome.to_dict()) if outcome else 'not over'}"


def transcript(pt: Playthrough, actions: Actions) -> str:
    """The readable transcript of ``pt`` played with ``actions`` (applied one by one)."""
    state = games.get(pt.game).new(pt.players, pt.seed, pt.options)
    status = STATUS[pt.game]
    names = SEAT_NAMES[pt.game](state.view(None)) if pt.game in SEAT_NAMES else None
    out = [f"# Boardshelf golden playthrough {pt.name}: regenerate with {REGENERATE}",
           f"game: {pt.game}", f"players: {pt.players}", f"seed: {pt.seed}", f"options: {_j(pt.options)}",
           f"bots: {_j(list(pt.bots))}", f"bot_seed: {pt.bot_seed}", "setup log:"]
    out += [f"    {plain(e, names)}" for e in state.log]
    out.append("")
    shown: set[int] = set()
    since = 0
    for step, (seat, action_id) in enumerate(actions, 1):
        to_act = tuple(sorted(state.to_act))
        if not shown.issuperset(to_act) or since >= STATUS_EVERY:
            out.append(f"  [{status(state.view(None))}] to act {' '.join(_seat(s) for s in to_act)}")
            shown, since = set(to_act), 0
        label = next((a.label for a in state.legal_actions(seat) + state.free_actions(seat)   # free: "at any time"
                      if a.id == action_id), "?")
        logged = len(state.log)
        state.apply(seat, action_id)
        since += 1
        out.append(f"{step:4d} {_seat(seat)} {action_id}" + ("" if label == action_id else f"  ({label})"))
        out += [f"         {plain(e, names)}" for e in state.log[logged:]]
    out.append(f"  [{status(state.view(None))}]")
    out.append("")
    if not state.is_over:
        out.append(f"cut after {len(actions)} actions")
    out.append(outcome_line(state))
    out.append(f"actions ({len(actions)}):")
    for i in range(0, len(actions), IDS_PER_LINE):
        out.append(_j([[int(s), str(a)] for s, a in actions[i:i + IDS_PER_LINE]]))
    return "\n".join(out) + "\n"


def parse(text: str) -> tuple[Playthrough, Actions]:
    """The playthrough (from the header) and the recorded action ids of a transcript."""
    lines = text.splitlines()
    head = dict(line.split(": ", 1) for line in lines[1:7])
    name = lines[0].split()[4].rstrip(":")
    pt = Playthrough(name, head["game"], int(head["players"]), int(head["seed"]), json.loads(head["options"]),
                     tuple(json.loads(head["bots"])), int(head["bot_seed"]))
    start = next(i for i, line in enumerate(lines) if line.startswith("actions ("))
    actions: Actions = []
    for line in lines[start + 1:]:
        actions += json.loads(line)
    return pt, actions


def path_of(pt: Playthrough) -> pathlib.Path:
    return GOLDEN / f"{pt.name}.txt"


def diff(old: str, new: str, name: str, limit: int = 40) -> str:
    """A short unified diff (at most ``limit`` lines)."""
    lines = list(difflib.unified_diff(old.splitlines(), new.splitlines(), f"{name} (recorded)",
                                      f"{name} (now)", lineterm="", n=2))
    more = len(lines) - limit
    return "\n".join(lines[:limit] + ([f"... ({more} more diff lines)"] if more > 0 else []))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 with a diff if a file would change")
    ap.add_argument("names", nargs="*", help="only these playthroughs (default: all)")
    args = ap.parse_args(argv)
    chosen = [pt for pt in PLAYTHROUGHS if not args.names or pt.name in args.names]
    changed = 0
    for pt in chosen:
        path = path_of(pt)
        text = transcript(pt, play_bots(pt))
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if text == old:
            continue
        changed += 1
        if args.check:
            print(diff(old, text, path.name, limit=200))
        else:
            GOLDEN.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {os.path.relpath(path, ROOT)} ({len(text) // 1024} KB)")
    if args.check and changed:
        print(f"{changed} golden file(s) would change; if this is intended, run: {REGENERATE}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
