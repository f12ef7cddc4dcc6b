"""Cloudspire bots.  ``raider`` is a plain heuristic player: it reads only ``state.view(seat)`` and
``state.legal_actions(seat)`` (plus the public content), keeps its own :class:`~pyapp.engine.Rng`, and

* buys merc units it can afford while keeping a reserve, builds a few spires on the home wells that
  face the enemy (where attackers march in),
  upgrades their attack and advances its fortress with what is left;
* marks the weakest opposing gate (among equals the nearest, then the next in turn order), spends its CP on the best value minions plus its heroes, stacks
  heroes on top and minions ungrouped;
* moves every unit toward its mark, explores and reveals landmarks, and attacks gates first, then
  whatever it can defeat, then the rest.

The three levels (:mod:`pyapp.bots.levels`): ``easy`` is the raider slipping into a random choice at some
of its big decisions (buying, building, marking, selecting), ``normal`` is the raider (``raider`` stays
registered for links, saves and comparisons; ``hard`` was the raider before the levels), ``hard`` tries the
raider's choice and a few others at those decisions and at its attacks on copies of the game with what its
seat cannot see dealt anew, lets raiders play every seat to the end of the wave, and keeps the choice whose
position scores best (gate damage dealt and taken, gate health, armies, spires, Source: public facts).
Every bot thinks in slices: ``think(state, seat)`` yields every few milliseconds of work and returns what
``choose`` returns (``choose`` runs it to the end).
"""
from __future__ import annotations

from ...bots.levels import OnePiece, SlicedRollouts, SloppyBot
from ...engine import Rng
from .content import CHIPS, FACTIONS, MAPS, UNITS
from .rules import CloudspireState

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Any, Generator

    from ...engine import Action, State
    from ...engine.hexgrid import HexGrid

ATTACK_ORDER = ("gate", "kill", "spire", "unit", "landmark")
SPECIALTY = {"gatecrasher": 2, "spirebreaker": 1, "herobane": 1}   # what a talent is worth to a gate raider


class RaiderBot(OnePiece):
    name = "raider"
    label = "Raider (heuristic)"
    strength = 5

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, stream=19)

    def choose(self, state, seat: int) -> str:
        acts = state.legal_actions(seat)
        if not acts:
            raise ValueError(f"seat {seat} has no legal action")
        v = state.view(seat)
        ids = [a.id for a in acts]
        pick = self._pick(v, seat, ids)
        return pick if pick in ids else self.rng.choice(ids)

    # ---- helpers ------------------------------------------------------------------------
    def _grid(self, v) -> HexGrid:
        return MAPS[v["players"]].grid

    def _foes(self, v, seat) -> list[int]:
        """Opposing fortresses still standing: in solo and co-op play only the automated one."""
        auto = v.get("automaton")
        if auto is not None and seat != auto:
            return [auto]
        return [s for s in range(v["players"]) if s != seat and s not in v["out"]]

    def _target(self, v, seat) -> str:
        mark = v["gate_marks"][seat]
        if mark is None:
            live = self._foes(v, seat)
            mark = min(live, key=lambda s: self._mark_key(v, seat, s))
        return v["gates"][mark]["hex"]

    def _mark_key(self, v, seat, s) -> tuple:
        """The weakest gate; among equals the nearest, then the next in turn order (never simply the
        lowest seat, which would send every raider at P1)."""
        grid = self._grid(v)
        return (v["gates"][s]["health"], grid.distance(v["gates"][seat]["hex"], v["gates"][s]["hex"]),
                (s - seat) % v["players"])

    def _guard(self, v, seat, h) -> tuple:
        """How well a spire at ``h`` guards the gate: near it first, then facing the enemy."""
        grid = self._grid(v)
        foes = [v["gates"][s]["hex"] for s in self._foes(v, seat)]
        return (grid.distance(h, v["gates"][seat]["hex"]), min(grid.distance(h, f) for f in foes), h)

    def _closest(self, v, seat, options, hex_of) -> str:
        grid = self._grid(v)
        target = self._target(v, seat)
        return min(options, key=lambda a: (grid.distance(hex_of(a), target), a))

    def _pick(self, v, seat, ids) -> str:
        first = {i.split(":")[0] for i in ids}
        src = v["source"][seat]
        grid = self._grid(v)
        if "level" in ids:
            return "level"
        if "reveal" in ids:
            return "reveal"
        if "go" in ids and any(i.startswith("relic:") for i in ids):
            return next(i for i in ids if i.startswith("relic:"))
        if "fuse" in first:                                  # Shada: always combine, the pair nearest the mark
            return self._closest(v, seat, [i for i in ids if i.startswith("fuse:")],
                                 lambda i: next(u["hex"] for u in v["units"] if u["id"] == i.split(":")[1]))
        if "bottom:fortification" in ids:
            return "bottom:fortification"
        if any(i.startswith("bottom:") for i in ids):
            return ids[0]
        if any(i.startswith("es:") for i in ids):
            return next((i for i in ids if i != "es:none"), "es:none")
        if "at" in first:
            return min((i for i in ids if i.startswith("at:")), key=lambda i: self._guard(v, seat, i[3:]))
        if "add" in first:
            tops = [i for i in ids if i.startswith("add:attack:")]
            if tops and src >= 4:
                return max(tops, key=lambda i: int(i.split(":")[2]))
            return "done" if "done" in ids else "back"
        if "shoot" in first:
            hp = {u["id"]: u["hp"] for u in v["units"]}
            return min(ids, key=lambda i: (hp.get(i[6:], 99), i))
        if "push" in first:
            return self._closest(v, seat, ids, lambda i: i[5:])
        phase = v["phase"]
        if phase == "market":
            traits = FACTIONS[v["factions"][seat]]["traits"]
            off = traits.get("discount", 0)

            def price(i) -> int:
                return max(1, CHIPS[i[4:]]["cost"] - off) if off else CHIPS[i[4:]]["cost"]
            kinds: tuple = ("minion", "hero")
            if traits.get("small_barracks") and sum(1 for c in v["owned"][seat]["chips"]
                                                    if CHIPS[c]["kind"] == "spire") < 2:
                kinds = ("minion", "hero", "spire")      # the Uprising: its barracks holds few spires
            buys = [i for i in ids if i.startswith("buy:") and i != "buy:scape"
                    and CHIPS[i[4:]]["kind"] in kinds and src - price(i) >= 2]
            return max(buys, key=lambda i: (CHIPS[i[4:]]["cost"], i)) if buys else "pass"
        if phase == "build" and "dock" in first:       # an airship: to the berth farthest from its foes
            g = v["gates"][seat]
            foes = [x["hex"] for s, x in enumerate(v["gates"]) if s != seat and s not in v["out"]]
            docks = [i for i in ids if i.startswith("dock:")]

            def far(i) -> int:
                return min(grid.distance(i[5:], f) for f in foes)
            here = min(grid.distance(g["hex"], f) for f in foes)
            pick = max(docks, key=far)
            if far(pick) > here:
                return pick
        if phase == "build" or (phase == "onslaught" and "go" in ids):
            mine = sum(1 for sp in v["spires"].values() if sp["owner"] == seat)
            spires = [i for i in ids if i.startswith("spire:")]
            if spires and mine < 1 + v["wave"]:
                return spires[0]
            if phase == "build":
                adv = [i for i in ids if i.startswith("adv:")]
                if adv and src >= 6:
                    return adv[0]
            ups = [i for i in ids if i.startswith("up:")]
            if ups and src >= 6:
                return ups[0]
            return "go" if "go" in ids else "pass"
        if phase == "mark":
            return min(ids, key=lambda i: self._mark_key(v, seat, int(i[5:]) - 1))
        if phase == "select":
            heroes = [i for i in ids if i.startswith("sel:") and UNITS[i[4:]]["kind"] == "hero"]
            if heroes:
                return heroes[0]
            mins = [i for i in ids if i.startswith("sel:") and UNITS[i[4:]]["kind"] == "minion"]
            if mins:
                def value(i) -> tuple:
                    u = UNITS[i[4:]]
                    extra = sum(SPECIALTY.get(t, 0) for t in u["talents"])    # Narora's specialties count
                    return ((u["attack"] + u["health"] + u["move"] + extra) / max(1, u["cp"]), i)
                return max(mins, key=value)
            return "done"
        if phase == "stack":
            for i in ids:
                if i.startswith("equip:"):
                    return i
            puts = [i for i in ids if i.startswith("put:")]
            heroes = [i for i in puts if UNITS[i[4:]]["kind"] == "hero"]
            if heroes:
                return heroes[0]
            if puts:
                return puts[0]
            return "done"
        # onslaught turn
        if "hero" in first:
            moves = [i for i in ids if i.startswith("hero:")]
            if "minions" not in ids or self.rng.below(2):
                return self._closest(v, seat, moves, lambda i: i.split(":")[2])
            return "minions"
        if "step" in first:
            return self._closest(v, seat, ids, lambda i: i.split(":")[2])
        if "explore" in first:
            return next(i for i in ids if i.startswith("explore:"))
        if "atk" in first:
            return self._attack(v, seat, [i for i in ids if i.startswith("atk:")])
        for p in ("minions", "fire", "attack", "end", "go", "done", "pass"):
            if p in ids:
                return p
        return ids[0]

    def _attack(self, v, seat, ids) -> str:
        units = {u["id"]: u for u in v["units"]}
        at = {u["hex"]: u for u in v["units"]}
        gates = {g["hex"] for g in v["gates"]}
        spires = {sp["hex"] for sp in v["spires"].values()}

        def rank(i) -> tuple:
            _, uid, h = i.split(":")
            me = units.get(uid, {})
            if h in gates:
                kind = "gate"
            elif h in at:
                kind = "kill" if at[h]["hp"] <= UNITS[me.get("hero") or me["chips"][0]]["attack"] else "unit"
            elif h in spires:
                kind = "spire"
            else:
                kind = "landmark"
            return (ATTACK_ORDER.index(kind), i)
        return min(ids, key=rank)


# ---- the three levels (pyapp.bots.levels) ----------------------------------------------------
def evaluate(view: dict, seat: int) -> float:
    """How well ``seat`` stands, from its view (public facts only).  Against other fortresses: damage dealt to
    gates against the best rival's (the final ranking's first figure), gate health against the weakest
    rival's, then armies on the board, spires, chips bought and Source; against the Raider Fortress (solo,
    co-op) the team's damage to it and the people's gate health."""
    gates = view["gates"]
    gd = view["gate_damage"]
    auto = view.get("automaton")
    out = view["out"]
    if seat in out:
        return -200.0
    if auto is not None:
        people = [s for s in range(len(gates)) if s != auto]
        score = 4.0 * (gates[auto]["max"] - gates[auto]["health"]) + 1.5 * sum(gates[s]["health"] for s in people)
        mine = set(people)
    else:
        foes = [s for s in range(len(gates)) if s != seat and s not in out]
        if not foes:
            return 200.0
        score = 3.0 * (gd[seat] - max(gd[s] for s in foes))
        score += 1.0 * (gates[seat]["health"] - min(gates[s]["health"] for s in foes))
        mine = {seat}
    for u in view["units"]:
        w = 0.25 * (u.get("hp") or 0) + 0.5 * (u.get("size") or 1) * (u["owner"] != auto or auto is None)
        score += w if u["owner"] in mine else -w
    for sp in view["spires"].values():
        score += 1.2 if sp["owner"] in mine else -1.2 * (auto is None)
    score += 0.5 * sum(CHIPS[c]["cost"] for c in view["owned"][seat]["chips"]) / 3.0
    score += 0.1 * view["source"][seat]
    return score


def _own(state: State) -> CloudspireState:
    """This game's state behind the contract's ``State`` (a Cloudspire bot is only ever given one): a typed
    accessor, so that mypy checks what the bot reads from it instead of ignoring it."""
    if not isinstance(state, CloudspireState):
        raise TypeError(f"a Cloudspire bot was given {type(state).__name__}")
    return state


def _big(state: "State", seat: int) -> bool:
    """Buying, building, marking and selecting units: the decisions that shape a wave."""
    return _own(state).flow.phase in ("market", "build", "mark", "select")


class EasyBot(SloppyBot):
    name = "easy"
    level = 1
    label = "Scout"
    blurb = "Marches and fights like a raider, but often buys, builds or picks its army at random."
    base = RaiderBot
    slip = 0.4

    def slips(self, state: "State", seat: int, playing: "list[Action]") -> bool:
        return _big(state, seat) and self.rng.random() < self.slip


class NormalBot(RaiderBot):
    name = "normal"
    level = 2
    label = "Raider"
    blurb = "Buys units, guards its gate with spires and sends everything at the weakest gate."


class HardBot(SlicedRollouts):
    """The raider's choice and a few others at its big decisions and attacks, each tried on copies with the
    hidden facts dealt anew, raiders playing every seat to the end of the wave; the best position wins."""

    name = "hard"
    label = "Warlord"
    blurb = "Looks ahead: tries its best purchases, armies and attacks against how the wave could go, and keeps what works."
    base = RaiderBot
    budget = 900
    determinizations = 2
    max_candidates = 3
    horizon = 400
    margin = 1.0

    def determinize(self, state: "State", seat: int) -> "State":
        # the game's redeal starts every hidden fact from a sorted order: the copy depends on the view only
        return state.resample_hidden(seat, self.rng)

    def start(self, state: "State", seat: int) -> None:
        self._wave = _own(state).data["wave"]

    def horizon_over(self, state: "State", seat: int, steps: int, left_turn: bool) -> bool:
        return steps >= self.horizon or _own(state).data["wave"] != self._wave

    def evaluate(self, state: "State", seat: int) -> float:
        return evaluate(state.view(seat), seat)

    def worth(self, state: "State", seat: int, playing: "list[Action]", default: str) -> bool:
        return _big(state, seat) or default.startswith("atk:")


BOTS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot, "raider": RaiderBot}
