"""Cloudspire units and the board: stats with their modifiers, terrain, occupancy, influence,
distances, damage, defeat and rewards.  A mixin of :class:`~.rules.CloudspireState`."""
from __future__ import annotations

from ...engine.flow import FlowState
from .content import CHIPS, EVENT, FACTIONS, LANDMARKS, MAPS, SCAPE, SPIRES, UNITS

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Any, Literal

    from .content import Map
    from .types import CloudData, HeroData, LandmarkData, UnitRead

DIE = (0, 1, 1, 1, 2, 2)                          # CS-GAP-49: spire attack die
HERO_LEVELS = 3                                   # CS-GAP-61


class Board:
    """What the land of one board with its placed earthscapes gives, worked out once and shared by every
    state on that board (see :meth:`UnitsMixin.board`): terrain per land hex, the hex groups of influence
    (CS-GAP-10), each hex's group and, per group, the groups its hexes touch (itself included); and the
    distance maps worked out on it so far (reach_map, march_distance)."""

    def __init__(self, state: UnitsMixin, scape_terrain: dict) -> None:
        m = state.map
        self.land: dict = dict(m.terrain)
        self.land.update(scape_terrain)
        self.groups: dict = {}
        for h in list(m.terrain) + list(scape_terrain):
            self.groups.setdefault(state.group_of(h), []).append(h)
        self.of: dict = {h: g for g, hexes in self.groups.items() for h in hexes}
        of, grid = self.of, m.grid
        self.touching: dict = {g: {of[x] for h in hexes for x in grid.adjacent(h) if x in of}
                               for g, hexes in self.groups.items()}
        self.reach: dict = {}                      # (start, limit): reach_map
        self.near: dict = {}                       # (start, limit): reach_map's hexes but start, sorted (near)
        self.march: dict = {}                      # (allowance, target gate, blocked hexes): march_distance
        self.steps: dict = {}                      # allowance: {land hex: its neighbours of that terrain} (steps_for)
        self.influence: dict = {}                  # (gate hex, groups of the seat's spires): influence_groups


_BOARDS: dict = {}                                 # Board by (fortresses, placed earthscapes' terrain)
_TALENTS: dict = {}                                # talents by minion chip or (hero, equipment) (UnitsMixin.talents)
_ALLOWED: dict = {}                                # a unit's terrain by (type, talents) (UnitsMixin.allowance), shared


class UnitsMixin(FlowState):
    """The one base of Cloudspire's concerns: the state is composed of a flat list of mixins over it,
    ``CloudspireState(OnslaughtMixin, BattleMixin, DeployMixin, EconomyMixin)``, each one concern (economy.py:
    event, income, market, build; deploy.py: marks, selection, stacks; battle.py: spires, exploration, attacks;
    onslaught.py: turns and movement) that derives from this base only.  What a concern uses of another is
    declared below (for mypy; the class that defines it comes first in the state's method order, which is the
    same as the old six-level chain's)."""

    data: CloudData  # type: ignore[assignment]   # a TypedDict (pyapp/games/cloudspire/types.py) is no dict for mypy

    def end_wave(self) -> None:                   # rules.py
        raise NotImplementedError

    def destroy_fortress(self, p: int, by: int) -> None:   # rules.py
        raise NotImplementedError

    if TYPE_CHECKING:
        # economy.py
        def build_options(self, seat: int, full: bool) -> list: ...
        def start_build(self, seat: int, aid: str, then: str) -> None: ...
        # deploy.py
        def opponents(self, seat: int) -> list: ...
        def show_equipment(self, seat: int, hero: str) -> None: ...
        # battle.py
        def firing_spires(self, s: int) -> list: ...
        def explore_options(self, frame) -> list: ...
        def minions_must_attack(self, s: int) -> bool: ...
        def attack_options(self, s: int, must: list | None = None) -> list: ...
        def attack(self, s: int, uid: str, h: str) -> None: ...

    # ---- solo and co-operative play (CS-GAP-6): the automated fortress is one more seat ----------
    # The seats are fixed once the state exists (players and options are set before anything reads them):
    # worked out on first use and kept on the object (a copy is a new object and works them out again).
    _seats: tuple | None = None

    def _seat_count(self) -> tuple:
        if self.players == 1 or (self.options or {}).get("mode") == "coop":
            auto: int | None = self.players
        else:
            auto = None
        forts = self.players + (0 if auto is None else 1)
        self._seats = (auto, forts, MAPS[forts])
        return self._seats

    @property
    def automaton(self) -> int | None:
        """The seat of the automated raider fortress (after the people's seats), or None."""
        return (self._seats or self._seat_count())[0]

    @property
    def fortresses(self) -> int:
        """Fortresses on the board: the people's, and the automaton's if there is one."""
        return (self._seats or self._seat_count())[1]

    def opposed(self, s: int, p) -> bool:
        """Whether ``p``'s pieces are ``s``'s foes: every other seat, except team-mates in co-op play."""
        if p is None or p == s:
            return False
        a = self.automaton
        return a is None or s == a or p == a

    # ---- map ------------------------------------------------------------------------------
    @property
    def map(self) -> Map:
        return (self._seats or self._seat_count())[2]

    def terrain(self, h: str) -> str | None:
        """The terrain of ``h``, or None for sky (a placed earthscape turns its slot to land)."""
        t = self.map.terrain.get(h)
        if t is None:
            return self.data["scape_terrain"].get(h)
        return t

    # (scape_terrain, its size, its Board): this object's last board(); earthscapes are only ever added, so the
    # same dict at the same size is the same board (kept on the object only: a copy or a load looks again)
    _board_at: tuple | None = None

    def board(self) -> Board:
        """The board's land as it is now (the map and its placed earthscapes): shared, callers only read it."""
        st = self.data["scape_terrain"]
        at = self._board_at
        if at is not None and at[0] is st and at[1] == len(st):
            return at[2]
        key = (self.fortresses, tuple(st.items()))
        b = _BOARDS.get(key)
        if b is None:
            if len(_BOARDS) > 512:
                _BOARDS.clear()
            b = _BOARDS[key] = Board(self, st)
        self._board_at = (st, len(st), b)
        return b

    def group_of(self, h: str) -> str | None:
        g = self.map.group.get(h)
        if g is None and h in self.data["scape_terrain"]:
            for i, s in enumerate(self.map.slots):
                if h in s:
                    return f"scape{i + 1}"
        return g

    def wells(self) -> list:
        out = list(self.map.wells)
        for slot, sid in sorted(self.data["placed"].items()):
            out.append(self.map.slots[int(slot)][SCAPE[sid]["well"]])
        return out

    def gate_hex(self, seat: int) -> str:
        """Where ``seat``'s gate stands: its map hex, unless an airship fortress moved (CS-GAP-76)."""
        moved = self.data.get("gate_at")
        return moved[seat] if moved else self.map.gates[seat]

    def berths(self, seat: int) -> list:
        """An airship fortress's places (CS-GAP-76): its home gate hex and its 2 docking hexes; else none."""
        if not self.trait(seat, "airship"):
            return []
        return [self.map.gates[seat]] + list(self.map.docks[seat])

    def gate_hexes(self) -> list:
        """Every fortress's gate hex, in seat order (the Raider Fortress's last, in solo and co-op play)."""
        moved = self.data.get("gate_at")
        return (moved or self.map.gates)[:self.fortresses]

    def spire_at(self, h: str) -> str | None:
        for sid, sp in self.data["spires"].items():
            if sp["hex"] == h:
                return sid
        return None

    def unit_at(self, h: str) -> str | None:
        for uid, u in self.data["units"].items():
            if u["hex"] == h:
                return uid
        return None

    def landmark_at(self, h: str) -> LandmarkData | None:
        return self.data["landmarks"].get(h)

    def solid(self, h: str) -> bool:
        """A hex no unit may enter: sky, gates, spires, landmarks (CS-GAP-9)."""
        return self.terrain(h) is None or h in self.blocked()

    def blocked(self) -> set:
        """Land hexes no unit may enter: gates, spires and landmarks."""
        d = self.data
        out = set((d.get("gate_at") or self.map.gates)[:self.fortresses])     # (gate_hexes)
        out.update(d["landmarks"])
        out.update([sp["hex"] for sp in d["spires"].values()])
        return out

    def land(self) -> dict:
        """Terrain of every land hex, earthscapes included (a shared table: callers only read it)."""
        return self.board().land

    # ---- influence (CS-GAP-10) ---------------------------------------------------------------
    def groups(self) -> dict:
        """The land's hex groups, ``{group: [hexes]}`` (a shared table: callers only read it)."""
        return self.board().groups

    def influence(self, seat: int) -> set:
        """Every hex of a group adjacent to ``seat``'s gate, holding one of its spires, or adjacent to
        a group holding one of its spires."""
        groups = self.board().groups
        return {h for g in self.influence_groups(seat) for h in groups.get(g, ())}

    def influence_groups(self, seat: int) -> set:
        """The hex groups of :meth:`influence` (a hex ``h`` of the land is in it when ``board().of[h]`` is): a set
        shared per board, gate and groups of the seat's spires (callers only read it)."""
        b = self.board()
        of = b.of
        gate = self.gate_hex(seat)
        own = frozenset([of[sp["hex"]] for sp in self.data["spires"].values() if sp["owner"] == seat])
        key = (gate, own)
        got = b.influence.get(key)
        if got is not None:
            return got
        keep = {of[x] for x in self.map.grid.adjacent(gate) if x in of} | {of[gate]} | own
        if own:
            for g, touching in b.touching.items():
                if g not in keep and not touching.isdisjoint(own):
                    keep.add(g)
        if len(b.influence) > 4096:
            b.influence.clear()
        b.influence[key] = keep
        return keep

    # ---- stats ---------------------------------------------------------------------------
    def event_bonus(self, effect: str) -> int:
        ev = self.data["events"]["current"]
        return EVENT[ev]["amount"] if ev is not None and EVENT[ev]["effect"] == effect else 0

    def trait(self, seat: int, name: str, default=None) -> Any:
        """The value of faction trait ``name`` for ``seat`` (CS-GAP-72..81), or ``default``."""
        return FACTIONS[self.data["factions"][seat]]["traits"].get(name, default)

    def hoarding(self, seat: int) -> dict:
        """Grovetenders (CS-GAP-74): while holding the threshold or more Source, the bonus applies."""
        h = FACTIONS[self.data["factions"][seat]]["traits"].get("hoard")
        if h and self.data["source"][seat] >= h["threshold"]:
            return h
        return {}

    def unit_type(self, u: UnitRead) -> dict:
        return UNITS[u["hero"]] if u.get("hero") else UNITS[u["chips"][0]]

    def talents(self, u: UnitRead) -> set:
        """The unit's talents (a set callers only read: shared for a lone minion or group, and for a hero with
        the same equipment)."""
        if not u.get("fused"):
            hero = u.get("hero")
            if hero:
                key: Any = (hero, tuple(self.hero_state(u["owner"], hero)["equip"]))
                t = _TALENTS.get(key)
                if t is None:
                    t = _TALENTS[key] = frozenset(UNITS[hero]["talents"]).union(
                        *[CHIPS[chip]["talents"] for chip in key[1]])
                return t  # type: ignore[return-value]
            chip = u["chips"][0]
            t = _TALENTS.get(chip)
            if t is None:
                t = _TALENTS[chip] = frozenset(UNITS[chip]["talents"])
            return t  # type: ignore[return-value]
        t = set(self.unit_type(u)["talents"])
        if u.get("fused"):
            for c in u["chips"]:
                t |= set(UNITS[c]["talents"])
        if u.get("hero"):
            for chip in self.hero_state(u["owner"], u["hero"])["equip"]:
                t |= set(CHIPS[chip]["talents"])
        return t

    def hero_state(self, seat: int, hid: str) -> HeroData:
        return self.data["heroes"][seat][hid]

    def stat(self, u: UnitRead, name: str) -> int:
        """``move``, ``attack`` or ``health`` of a unit (a hero, or a group as its top minion) with
        every modifier: hero level (CS-GAP-61), talents, the wave's event, Grovetender hoard."""
        hero = u.get("hero")
        if u.get("fused"):                                              # CS-GAP-79: summed, the higher movement
            vals = [UNITS[c][name] for c in u["chips"]]
            base = max(vals) if name == "move" else sum(vals)
        else:
            base = UNITS[hero if hero else u["chips"][0]][name]
        if name == "move":
            if "swift" in self.talents(u):
                base += 1
            ev = self.data["events"]["current"]
            if ev is not None:                                          # (event_bonus)
                e = EVENT[ev]
                if e["effect"] == ("hero_move" if hero else "minion_move"):
                    base += e["amount"]
        elif name == "attack":
            if hero:
                base += self.data["heroes"][u["owner"]][hero]["level"] - 1
            base += self.event_bonus("unit_attack") + self.hoarding(u["owner"]).get("attack", 0)
        elif name == "health":
            if hero:
                base += self.data["heroes"][u["owner"]][hero]["level"] - 1
        if u.get("promoted"):                                           # CS-GAP-73
            base += self.trait(u["owner"], "promote", {}).get(name, 0)
        return base

    def promote(self, uid: str, why: str) -> None:
        """CS-GAP-73: a Griege minion is promoted once (the trait's bonus to attack and health) when it
        defeats a unit or survives a spire attack.  The promotion belongs to the minion leading the
        unit: when it falls, the next one leads unpromoted."""
        u = self.data["units"].get(uid)
        if u is None or u.get("hero") or u.get("promoted") or not self.trait(u["owner"], "promote"):
            return
        u["promoted"] = True
        u["hp"] += self.trait(u["owner"], "promote").get("health", 0)
        self.say("{0}'s %s is promoted (%s)" % (self.label(u), why), u["owner"], kind="promote")
        self.mark(u["owner"], "promote", u["hex"], text=self.label(u))

    def allowance(self, u: UnitRead) -> set:
        """CS-MOV-15, CS-GAP-8: the terrain a unit may enter (a set callers only read: shared for a lone minion
        or group)."""
        if not u.get("fused"):
            t = self.talents(u)                                         # (a shared frozenset here)
            key = (u.get("hero") or u["chips"][0], t)
            got = _ALLOWED.get(key)
            if got is None:
                got = _ALLOWED[key] = frozenset(self.unit_type(u)["terrain"]) | frozenset(
                    x for x, k in (("mountain", "climber"), ("water", "wader")) if k in t)
            return got  # type: ignore[return-value]
        allowed = set(self.unit_type(u)["terrain"])
        t = self.talents(u)
        if "climber" in t:
            allowed.add("mountain")
        if "wader" in t:
            allowed.add("water")
        return allowed

    def dice(self, sid: str) -> int:
        sp = self.data["spires"][sid]
        n = sp["ups"].count("attack")
        if n == 0:
            return 0
        return n + self.event_bonus("spire_dice") + self.hoarding(sp["owner"]).get("spire_dice", 0)

    def spire_range(self, sid: str) -> int:
        return max(1, self.data["spires"][sid]["ups"].count("range"))       # CS-GAP-31

    def label(self, u: UnitRead, seat=None) -> str:
        """What ``seat`` may read about a unit: its top chip, and the group's size (CS-GAP-41)."""
        name = self.unit_type(u)["name"]
        if u.get("hero"):
            return name
        if u.get("fused"):
            return "elemental of " + " and ".join(UNITS[c]["name"] for c in u["chips"])
        n = len(u["chips"])
        return name if n == 1 else f"{name} group of {n}"

    # ---- distances --------------------------------------------------------------------------
    def reach_map(self, start: str, limit: int) -> dict:
        """Hexes within ``limit`` steps of ``start`` through anything but sky (CS-FIRE-8/9, CS-GAP-50): they
        depend on the land only, so each is worked out once per board (shared: callers only read it)."""
        b = self.board()
        hit = b.reach.get((start, limit))
        if hit is not None:
            return hit
        grid = self.map.grid
        land = b.land
        dist = {start: 0}
        todo = [start]
        while todo:
            nxt = []
            for h in todo:
                if dist[h] >= limit:
                    continue
                for x in grid.adjacent(h):
                    if x not in dist and x in land:
                        dist[x] = dist[h] + 1
                        nxt.append(x)
            todo = nxt
        b.reach[(start, limit)] = dist
        return dist

    def near(self, start: str, limit: int) -> list:
        """The hexes of :meth:`reach_map` but ``start`` itself, sorted (shared: callers only read it)."""
        b = self.board()
        hit = b.near.get((start, limit))
        if hit is None:
            hit = b.near[(start, limit)] = sorted(h for h in self.reach_map(start, limit) if h != start)
        return hit

    def march_distance(self, allowed: set | frozenset, target: str, blocked: frozenset | None = None) -> dict:
        """CS-GAP-43: fewest hexes to the gate ``target`` over hexes the allowance permits, counting
        through units but not spires, landmarks, gates or sky.  The map depends only on the board's
        fixed parts, so it is computed once per board and shared: callers only read it.  ``blocked``:
        :meth:`blocked` as a frozenset, when the caller has it already."""
        if blocked is None:
            blocked = frozenset(self.blocked())
        b = self.board()
        key = (frozenset(allowed), target, blocked)
        hit = b.march.get(key)
        if hit is not None:
            return hit
        if len(b.march) > 4096:
            b.march.clear()
        steps = self.steps_for(key[0])
        dist = {target: 0}
        todo = [target]
        while todo:
            nxt = []
            for h in todo:
                n = dist[h] + 1
                for x in steps.get(h) or self.steps_from(h, key[0]):
                    if x in dist or x in blocked:
                        continue
                    dist[x] = n
                    nxt.append(x)
            todo = nxt
        b.march[key] = dist
        return dist

    def steps_for(self, allowed: frozenset) -> dict:
        """Per land hex, its neighbours (in the grid's order) whose terrain ``allowed`` holds, for this board
        (shared: callers only read it).  A hex not in it (off the land, as a gate may be): :meth:`steps_from`."""
        b = self.board()
        got = b.steps.get(allowed)
        if got is None:
            land, adjacent = b.land, self.map.grid.adjacent
            got = b.steps[allowed] = {h: [x for x in adjacent(h) if land.get(x) in allowed] for h in land}
        return got

    def steps_from(self, h: str, allowed) -> list:
        """The neighbours of ``h`` whose terrain ``allowed`` holds (see :meth:`steps_for`)."""
        land = self.board().land
        return [x for x in self.map.grid.adjacent(h) if land.get(x) in allowed]

    def distance_from(self, dist: dict, h: str) -> float:
        """Distance of ``h`` (a unit's hex, or a gate where a stack stands) in a march map."""
        if h in dist:
            return dist[h]
        near = [dist[x] + 1 for x in self.map.grid.adjacent(h) if x in dist]
        return min(near) if near else float("inf")

    # ---- source ------------------------------------------------------------------------------
    def cap(self, seat: int) -> int:
        return FACTIONS[self.data["factions"][seat]]["cap"] + self.adv_bonus(seat, "cap")

    def adv_bonus(self, seat: int, effect: str) -> int:
        total = 0
        for st in FACTIONS[self.data["factions"][seat]]["structures"]:
            for a in st["advancements"][: self.data["adv"][seat].get(st["id"], 0)]:
                total += a["effect"].get(effect, 0)
        return total

    def gain(self, seat: int, amount: int, why: str = "") -> int:
        """CS-INC-6, CS-GAP-16: add Source up to the cap; what is over is lost and reported."""
        if amount <= 0:
            return 0
        src = self.data["source"]
        room = max(0, self.cap(seat) - src[seat])
        got = min(room, amount)
        src[seat] += got
        self.count(seat, "earned", got)
        if why:
            self.say("{0} gains %d Source (%s)" % (got, why), seat, kind="source")
        if got < amount:
            self.say("{0} loses %d Source over the cap of %d" % (amount - got, self.cap(seat)), seat, kind="cap")
        return got

    def count(self, seat: int, what: Literal["earned", "lost", "spires", "explored"], n: int = 1) -> None:
        """Add to ``seat``'s statistic ``what`` (``earned``, ``lost``, ``spires``, ``explored``) for the
        end-of-game summary: public facts, also in the log."""
        self.data["stats"][what][seat] += n                             # (set up with every row)

    def pay(self, seat: int, amount: int) -> None:
        if amount > self.data["source"][seat]:
            raise AssertionError("paying more than one holds")           # legal lists prevent it (CS-GAP-17)
        self.data["source"][seat] -= amount

    # ---- damage, defeat, rewards -----------------------------------------------------------------
    def reward(self, seat, amount: int, what: str) -> None:
        """CS-DEF-1, CS-GAP-62: the owner of whatever dealt the final damage gains the reward."""
        if seat is None:
            return
        self.gain(seat, amount, f"reward for {what}")

    def damage_unit(self, uid: str, amount: int, by_seat, by_uid=None) -> bool:
        """Deal ``amount`` to a unit; returns True if the whole unit is gone.  A defeated group's top
        minion is replaced by the next with full health, no damage carried over (CS-ATK-11/12)."""
        u = self.data["units"][uid]
        if amount <= 0:
            return False
        u["hp"] -= amount
        if u["hp"] > 0:
            return False
        owner = u["owner"]
        self.count(owner, "lost")
        self.mark(owner if by_seat is None else by_seat, "remove", u["hex"], text=self.unit_type(u)["name"])
        if u["hero"]:
            name = self.unit_type(u)["name"]
            self.say("{0}'s %s is defeated" % name, owner, kind="defeat")
            self.reward(by_seat, 3, name)
            self.remove_hero(owner, u["hero"])
            del self.data["units"][uid]
            gone = True
        elif u.get("fused"):                                           # CS-GAP-79: both chips, both rewards
            if len(u["chips"]) > 1:
                self.reveal()                                           # (a group leaves: HIDDEN_COUNTED)
            self.say("{0}'s %s is defeated" % self.label(u), owner, kind="defeat")
            for chip in u["chips"]:
                self.chip_defeated(owner, chip, by_seat, by_uid)
            del self.data["units"][uid]
            gone = True
        else:
            chip = u["chips"].pop(0)
            self.say("{0}'s %s is defeated" % UNITS[chip]["name"], owner, kind="defeat")
            self.chip_defeated(owner, chip, by_seat, by_uid)
            if u["chips"]:
                self.reveal()                                           # the next chip of the group (HIDDEN_COUNTED)
                u["promoted"] = False
                u["hp"] = self.stat(u, "health")
                self.say("{0}'s %s takes the lead of its group" % UNITS[u["chips"][0]]["name"], owner, kind="reveal")
                gone = False
            else:
                del self.data["units"][uid]
                gone = True
        if by_uid is not None and by_seat is not None:
            self.promote(by_uid, "it defeated a unit")
            by = self.data["units"].get(by_uid)
            if by is not None and by["hero"] and self.hero_state(by["owner"], by["hero"])["level"] < HERO_LEVELS:
                self.flow.push("levelup", seat=by["owner"], hero=by["hero"], uid=by_uid)   # CS-DEF-2
        return gone

    def chip_defeated(self, owner: int, chip: str, by_seat, by_uid) -> None:
        """A defeated minion chip: its reward (CS-GAP-27), Keel subjugation (CS-GAP-77), and home it goes."""
        info = UNITS[chip]
        self.reward(by_seat, info["reward"], info["name"])
        if by_seat is not None and by_uid is not None and not info["merc"]:
            by = self.data["units"].get(by_uid)
            sub = FACTIONS[self.data["factions"][by_seat]]["traits"].get("subjugate", 0)
            if sub and by is not None:
                self.gain(by_seat, sub, "subjugation")                       # CS-GAP-77
        self.return_chip(owner, chip)

    def return_chip(self, seat: int, chip: str) -> None:
        """CS-DEF-3/5, CS-GAP-63: faction minions go back to the barracks, merc minions to the discard
        (the Uprising's back beside their barracks, CS-GAP-81)."""
        if UNITS[chip]["merc"]:
            self.salvage(seat, chip)
        else:
            b = self.data["barracks"][seat]["minions"]
            b[chip] = b.get(chip, 0) + 1

    def salvage(self, seat: int, chip: str) -> None:
        """A defeated merc minion or spire: to the market's discard, or for the Uprising back to the chips
        it owns, ready for the next wave (CS-GAP-81)."""
        if self.trait(seat, "salvage"):
            self.data["owned"][seat]["chips"].append(chip)
            self.say("{0} salvages its %s" % CHIPS[chip]["name"], seat, kind="salvage")
        else:
            self.data["market"]["discard"].append(chip)

    def remove_hero(self, seat: int, hid: str) -> None:
        """CS-DEF-6, CS-GAP-24: a defeated hero leaves the game; its equipment is discarded."""
        hs = self.data["heroes"][seat].pop(hid)
        self.data["market"]["discard"].extend(hs["equip"])

    def damage_spire(self, sid: str, amount: int, by_seat, by_uid=None) -> None:
        """CS-ATK-13..17: at most one upgrade, always the bottom one; fortification needs 2 damage."""
        sp = self.data["spires"][sid]
        bottom = sp["ups"][0]
        need = 2 if bottom == "fortification" else 1
        name = SPIRES[sp["type"]]["name"]
        if amount < need:
            self.say("{0}'s %s holds: no upgrade removed" % name, sp["owner"], kind="spire")
            return
        sp["ups"].pop(0)
        self.say("{0}'s %s loses its bottom %s upgrade" % (name, bottom), sp["owner"], kind="spire")
        if not sp["ups"]:
            del self.data["spires"][sid]
            self.say("{0}'s %s is defeated" % name, sp["owner"], kind="defeat")
            self.mark(sp["owner"] if by_seat is None else by_seat, "remove", sp["hex"], text=name)
            self.reward(by_seat, SPIRES[sp["type"]]["reward"], name)
            if SPIRES[sp["type"]]["merc"]:
                self.salvage(sp["owner"], sp["type"])
            else:
                b = self.data["barracks"][sp["owner"]]["spires"]
                b[sp["type"]] = b.get(sp["type"], 0) + 1
            if by_uid is not None:
                by = self.data["units"].get(by_uid)
                if by is not None and by["hero"] and self.hero_state(by["owner"], by["hero"])["level"] < HERO_LEVELS:
                    self.flow.push("levelup", seat=by["owner"], hero=by["hero"], uid=by_uid)

    def damage_landmark(self, h: str, amount: int, by_seat, by_uid=None) -> bool:
        lm = self.data["landmarks"][h]
        lm["health"] -= amount
        if lm["health"] > 0:
            return False
        kind = LANDMARKS["kinds"][lm["tile"]]
        del self.data["landmarks"][h]
        self.say("The %s at %s is destroyed" % (kind["name"], h), kind="defeat")
        if by_seat is not None:
            self.mark(by_seat, "remove", h, text=kind["name"])
        self.reward(by_seat, kind.get("reward", 0), kind["name"])
        return True

    def _f_levelup(self, frame, choice, seat) -> None:
        """CS-DEF-2, CS-UI-26: levelling up is offered, never applied automatically."""
        if choice is None:
            if frame["hero"] not in self.data["heroes"][frame["seat"]] or not self.in_play(frame["seat"]):
                self.flow.pop(frame)
                return
            name = UNITS[frame["hero"]]["name"]
            self.flow.ask(frame["seat"], [("level", f"Level up {name}"), ("nolevel", "Do not level up")])
            return
        self.flow.pop(frame)
        if choice == "level":
            hs = self.hero_state(frame["seat"], frame["hero"])
            hs["level"] += 1
            u = self.data["units"].get(frame["uid"])
            if u is not None:
                u["hp"] += 1                                   # one health chip added (CS-GAP-61)
            self.say("{0}'s %s rises to level %d" % (UNITS[frame["hero"]]["name"], hs["level"]), frame["seat"],
                     kind="level")
