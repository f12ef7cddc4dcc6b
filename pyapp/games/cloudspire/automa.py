"""The Raider Fortress: the automated opponent of solo and co-operative Cloudspire (CS-GAP-6, CS-OVR-1/2).

The automaton is one more fortress on the board, seated after the people (seat 1 in solo, seat 2 in
co-operative play, on the 2- and 3-player maps).  Its seat is never to act: whenever the flow waits for
it, :meth:`CloudspireState._advance <.rules.CloudspireState._advance>` asks :func:`choose` for one of
its legal actions and applies it through the ordinary moves and prompts, so it moves, fights, fires and
strikes gates by exactly the rules a person's fortress follows, and every step is in the log and the
last-move marks.  The script reads the state and decides by fixed rules, ties broken by hex and unit
names: it needs no dice of its own, so a game replays from its seed and the people's actions.

The script, each wave (the rules page's house rule says the same in plain words):

* Market and Build: it passes (it never buys, builds or advances); it collects Source but never
  spends it.
* Mark: the nearest player gate (fewest hexes), among equals the weakest, then the lowest seat.
* Select: its heroes first (wave 1 only the starting hero), then again and again the dearest minion it
  can still afford (among equals the one with more health, then more attack).  Its Command Points are
  the wave's plus its level's bonus.
* Stack: heroes on top, then every minion on its own, dearest first.
* Onslaught: relics and limited builds never; a hero moves to the reachable hex nearest the marked
  gate when that brings it closer (one on top of the stack always leaves it); each minion takes the
  destination nearest the marked gate; a spire with several targets shoots the weakest (least health,
  then nearest its gate); it never explores; it attacks with everything: a gate first, then a unit it
  defeats, then a spire, then any unit, a landmark only when a minion must; a hero levels up whenever
  it may; a displaced hero steps to the hex nearest the marked gate.

Difficulty (:data:`LEVELS`, the ``opponent`` option) changes its gate's health, its Command Points and
the upgrades of its three fixed spires, never the script.
"""
from __future__ import annotations

import re

from .content import FACTIONS, SPIRES, UNITS

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .rules import CloudspireState

NAME = "The Raider Fortress"
SPIRE_COUNT = 3                                   # CS-GAP-6: three fixed spires
LEVELS = {                                        # per level: solo, and co-operative (it faces two fortresses)
    "easy": {"solo": {"gate": 8, "cp": -4, "attack": 0}, "coop": {"gate": 20, "cp": 8, "attack": 1}},
    "normal": {"solo": {"gate": 10, "cp": -3, "attack": 0}, "coop": {"gate": 25, "cp": 13, "attack": 1}},
    "hard": {"solo": {"gate": 12, "cp": 0, "attack": 1}, "coop": {"gate": 35, "cp": 16, "attack": 1}},
}
LEVEL_CHOICES = [("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard")]
LEVEL_HELP = ("solo, its gate has 8, 10 or 12 health (easy, normal, hard) and its Command Points are the wave's "
              "minus 4, minus 3 or plus 0; co-operative, its gate has 20, 25 or 35 health and it gets 8, 13 or 16 more "
              "Command Points each wave; its three spires have one more attack upgrade, except in easy solo and normal "
              "solo.")
ATTACK_ORDER = ("gate", "kill", "spire", "unit", "landmark")


def level_name(state: CloudspireState) -> str:
    return str((state.options or {}).get("opponent") or "normal")


def level(state: CloudspireState) -> dict:
    """The level's figures for this game: ``gate`` health, ``cp`` added to the wave's Command Points,
    ``attack`` upgrades added to each of its spires."""
    return LEVELS[level_name(state)]["solo" if state.players == 1 else "coop"]


def named(text: str, seats: tuple, a: int) -> tuple:
    """A log event's text with the automaton's seat written as its name (so every log reader, the app's
    included, names it the same) and the seats left.

    >>> named("{0}'s Page attacks {1}'s Delver", (0, 1), 1)
    ("{0}'s Page attacks The Raider Fortress's Delver", [0])
    >>> named("{0} marks the gate of {1}", (2, 1), 2)
    ('The Raider Fortress marks the gate of {0}', [1])
    """
    keep: list = []
    index = {}
    for k, s in enumerate(seats):
        if s != a:
            index[k] = len(keep)
            keep.append(s)

    def sub(m) -> str:
        k = int(m.group(1))
        if k >= len(seats):
            return m.group(0)
        return NAME if seats[k] == a else "{%d}" % index[k]
    return re.sub(r"\{(\d+)\}", sub, text), keep


# ---- set-up ----------------------------------------------------------------------------------------
def setup(state: CloudspireState) -> None:
    """The automaton's gate for its level and its three fixed spires, built free on its home wells
    nearest the people's gates: its faction's first three spire types that start with an attack
    upgrade (in the faction's order, again from the first if it has fewer), with their starting
    upgrades (plus the level's attack upgrades on top)."""
    d = state.data
    a = state.automaton
    assert a is not None
    lv = level(state)
    d["gate"][a] = {"health": lv["gate"], "max": lv["gate"]}
    m = state.map
    grid = m.grid
    home = f"home{a + 1}"
    people = [state.gate_hex(s) for s in range(state.players)]
    wells = sorted((w for w in m.wells if m.group.get(w) == home),
                   key=lambda w: (min(grid.distance(w, g) for g in people), w))
    spires = FACTIONS[d["factions"][a]]["spires"]
    types = [s["id"] for s in spires if "attack" in s["start"]] or [s["id"] for s in spires]
    for i, w in enumerate(wells[:SPIRE_COUNT]):
        t = types[i % len(types)]
        sp = SPIRES[t]
        ups = list(sp["start"]) + ["attack"] * lv["attack"]
        sid = "s%d" % d["next_id"]
        d["next_id"] += 1
        d["spires"][sid] = {"owner": a, "type": t, "hex": w, "ups": ups[:max(sp["capacity"], len(sp["start"]))],
                            "cap": sp["capacity"]}
        if d["barracks"][a]["spires"].get(t, 0) > 0:
            d["barracks"][a]["spires"][t] -= 1
    state.say("{0} is the automated raider: gate %d, three spires, %s level" % (lv["gate"], level_name(state)),
              a, kind="setup")


# ---- the script --------------------------------------------------------------------------------------
def _target(state: CloudspireState, a: int) -> str:
    mark = state.data["marks"][a]
    if mark is None:
        mark = mark_choice(state, a)
    return state.gate_hex(mark)


def mark_choice(state: CloudspireState, a: int) -> int:
    """The nearest player gate, among equals the weakest, then the lowest seat (CS-GAP-6)."""
    grid = state.map.grid
    here = state.gate_hex(a)
    live = [s for s in range(state.players) if state.in_play(s)]
    return min(live, key=lambda s: (grid.distance(here, state.gate_hex(s)), state.data["gate"][s]["health"], s))


def _dist(state: CloudspireState, h: str, target: str) -> int:
    return state.map.grid.distance(h, target)


def choose(state: CloudspireState, a: int, actions: list) -> str:
    """The automaton's pick among ``actions`` (its legal actions now): see the module docstring."""
    ids = [x.id for x in actions]
    first = {i.split(":")[0] for i in ids}
    phase = state.flow.phase
    prompt = state.flow.prompt
    d = state.data
    if prompt is None:
        if phase in ("market", "build"):
            return "pass"
        if phase == "mark":
            return f"mark:{mark_choice(state, a) + 1}"
        if phase == "select":
            return _select(ids)
        if phase == "stack":
            return _stack(ids)
    if "level" in ids:
        return "level"
    if "reveal" in ids:                           # never explores, so never asked; reveal if it were
        return "reveal"
    if "shoot" in first:
        units = d["units"]
        gate = state.gate_hex(a)
        return min(ids, key=lambda i: (units[i[6:]]["hp"], _dist(state, units[i[6:]]["hex"], gate), i))
    target = _target(state, a)
    if "push" in first:
        return min(ids, key=lambda i: (_dist(state, i[5:], target), i))
    # the Onslaught turn
    if "go" in ids:
        return "go"
    heroes = [i for i in ids if i.startswith("hero:")]
    if heroes:
        best = min(heroes, key=lambda i: (_dist(state, i.split(":")[2], target), i))
        ref = best.split(":")[1]
        now = state.gate_hex(a) if ref == "top" else d["units"][ref]["hex"]
        closer = _dist(state, best.split(":")[2], target) < _dist(state, now, target)
        stage = "minions" if "minions" in ids else "fire" if "fire" in ids else None
        if ref == "top" or closer or stage is None:
            return best
        others = [i for i in heroes if i.split(":")[1] != ref]
        for i in sorted(others, key=lambda i: (_dist(state, i.split(":")[2], target), i)):
            r = i.split(":")[1]
            if _dist(state, i.split(":")[2], target) < _dist(state, d["units"][r]["hex"], target):
                return i
        return stage
    steps = [i for i in ids if i.startswith("step:")]
    if steps:
        return min(steps, key=lambda i: (_dist(state, i.split(":")[2], target), i))
    if "explore" in first:
        return "attack"
    atks = [i for i in ids if i.startswith("atk:")]
    if atks:
        ranked = sorted(atks, key=lambda i: _attack_rank(state, a, i))
        if _attack_rank(state, a, ranked[0])[0] == ATTACK_ORDER.index("landmark") and "end" in ids:
            return "end"
        return ranked[0]
    for p in ("minions", "fire", "attack", "end", "done", "pass"):
        if p in ids:
            return p
    return ids[0]


def _select(ids: list) -> str:
    picks = [i for i in ids if i.startswith("sel:")]
    heroes = [i for i in picks if UNITS[i[4:]]["kind"] == "hero"]
    if heroes:
        return min(heroes, key=lambda i: (not UNITS[i[4:]]["start"], i))
    minions = [i for i in picks if UNITS[i[4:]]["kind"] == "minion"]
    if minions:
        return max(minions, key=lambda i: (UNITS[i[4:]]["cp"], UNITS[i[4:]]["health"], UNITS[i[4:]]["attack"], i))
    return "done"


def _stack(ids: list) -> str:
    puts = [i for i in ids if i.startswith("put:")]
    heroes = sorted(i for i in puts if UNITS[i[4:]]["kind"] == "hero")
    if heroes:
        return heroes[0]
    if puts:
        return max(puts, key=lambda i: (UNITS[i[4:]]["cp"], UNITS[i[4:]]["health"], i))
    return "done" if "done" in ids else ids[0]


def _attack_rank(state: CloudspireState, a: int, aid: str) -> tuple:
    d = state.data
    _, uid, h = aid.split(":")
    me = d["units"][uid]
    other = state.unit_at(h)
    if other is not None:
        kind = "kill" if d["units"][other]["hp"] <= state.stat(me, "attack") else "unit"
    elif state.spire_at(h) is not None:
        kind = "spire"
    elif h in state.map.gates:
        kind = "gate"
    else:
        kind = "landmark"
    return (ATTACK_ORDER.index(kind), aid)
