"""Lords of Doomspire: the move phase -- knights, boats, routes, entering a tile, the
voluntary interactions after an entry, and carrying items (LD-MOVE, LD-BOAT, LD-TILE, LD-ITEM,
LD-SPEC, LD-TERR).

A mixin of :class:`~pyapp.games.doomspire.rules.DoomspireState`; frames ``walk`` (a knight
passes rival knights, who may block it) and ``entry`` (the automatic interactions on arrival).
"""
from __future__ import annotations

from ...engine import Action
from .base import CONCEDE, DoomspireBase, ktype_of
from .board import COAST, NB, RES, SPECIAL, ZONE_NAMES, ZONES, SHORE_TRIPS, res_text, zone_dist

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable

    from .types import KnightData, Occupancy
    Walk = Callable[..., None]


def _action(fields: tuple[str, str, str, str]) -> Action:
    """``Action(*fields)`` without the Python-level constructor (an Action is a tuple of id, label, kind and
    question underneath): the move listing makes dozens a call."""
    return tuple.__new__(Action, fields)


if not TYPE_CHECKING:
    from functools import partial
    _action = partial(tuple.__new__, Action)     # noqa: F811  (the same, called from C)


# The boat actions depend only on the boat, its zone, the knight and its tile and the dice: made once and kept
# (a bounded table: cleared when full), they are most of a move listing's actions
_SAILS: dict = {}
_CARRIES: dict = {}
_CACHE_MAX = 4096


def _sails(bid: str, bz: str, values: tuple[int, ...]) -> tuple[Action, ...]:
    """Boat ``bid`` in zone ``bz`` sails to another zone, one action per die that covers the trip."""
    key = (bid, bz, values)
    got = _SAILS.get(key)
    if got is None:
        if len(_SAILS) >= _CACHE_MAX:
            _SAILS.clear()
        top = max(values)
        bn = bid[1:]
        got = _SAILS[key] = tuple(_action((f"boat:{bid}>{z}:{v}", f"Sail boat {bn} to the "
                                           f"{ZONE_NAMES[z]} sea with your {v}", "boat", ""))
                                  for z in ZONES if z != bz and zone_dist(bz, z) <= top
                                  for v in values if v >= zone_dist(bz, z))
    return got


def _carries(bid: str, bz: str, kid: str, at: str, values: tuple[int, ...]) -> tuple:
    """Boat ``bid`` in zone ``bz`` carries knight ``kid`` from coast tile ``at``: ``(tile, actions)`` per tile
    some die reaches, in board order, the actions one per die that covers the trip; then all those actions in
    that order (what the listing takes when no tile is barred).  Made once per dice from :data:`_CARRY_TRIPS`."""
    key = (bid, bz, kid, at, values)
    got = _CARRIES.get(key)
    if got is None:
        if len(_CARRIES) >= _CACHE_MAX:
            _CARRIES.clear()
        trips = _CARRY_TRIPS.get(key[:4])
        if trips is None:
            if len(_CARRY_TRIPS) >= _CACHE_MAX:
                _CARRY_TRIPS.clear()
            trips = _CARRY_TRIPS[key[:4]] = tuple((t, max(steps, 1), f" ({steps} step(s))", {})
                                                  for t, _ez, steps in SHORE_TRIPS[bz, COAST[at]] if t != at)
        top = max(values)
        head = f"boat:{bid}:{kid}>"
        label = f"Boat {bid[1:]} carries knight {kid[1:]} from {at} to "
        rows = []
        for t, need, tail, made in trips:
            if need > top:
                continue
            acts = []
            for v in values:
                if v >= need:
                    a = made.get(v)
                    if a is None:
                        a = made[v] = _action((f"{head}{t}:{v}", f"{label}{t} with your {v}{tail}", "boat", ""))
                    acts.append(a)
            rows.append((t, tuple(acts)))
        got = _CARRIES[key] = (tuple(rows), tuple(a for _t, acts in rows for a in acts))
    return got


# (boat, its zone, knight, its coast tile) -> every other coast tile in board order with the die the trip needs,
# the label's tail and the actions made so far, one per die: what _carries makes its rows for each dice from
_CARRY_TRIPS: dict = {}


# the end of the move turn: (the unspent dice..., the question) -> its action
_ENDS: dict = {}

# tile_for_walk's answers without a rival there: must stop / may pass on
_STOP = (True, False)
_PASS = (False, False)

# knight, dice -> {(destination, steps, the die needed): (those dice, the actions)}: the moves passing no rival
_MOVES: dict = {}


def _moves(table: dict, kid: str, dest: str, steps: int, need: int, values: tuple[int, ...]) -> tuple:
    """Knight ``kid`` moves to ``dest`` in ``steps`` steps passing no rival, one action per die of at least ``need``:
    (those dice, the actions), made once and kept in ``table`` (``_MOVES``' table of this knight and dice)."""
    vs = tuple(v for v in values if v >= need)
    head, text = f"move:{kid}>{dest}:", f"Move knight {kid[1:]} to {dest} with your "
    tail = f" ({steps} step(s))"
    got = table[dest, steps, need] = (vs, tuple(_action((head + str(v), text + str(v) + tail, "move", "")) for v in vs))
    return got


class MovementRules(DoomspireBase):
    """Knights and boats on the move (a mixin; see the module docstring)."""

    # the routes the last move listing found: (actions in the history then, seat, knight id -> (its tile, the
    # reach, knight_routes' answer)), for _do_move to reuse.  The engine's contract makes the listing the state
    # of the apply that follows at the same history length (apply looks the id up in that listing; code that
    # changes a state by hand lists again first); a clone, a redeal or an undo is a new object, without it.
    _routes_listed: tuple | None = None

    # ------------------------------------------------------------ where a knight may go
    def enterable(self, s: int, t: str, occ: Occupancy) -> bool:
        x = self.data["tiles"][t]
        if x["home_of"] is not None and x["home_of"] != s and not self.data["players"][x["home_of"]]["out"]:
            return False                                             # LD-MOVE-10
        special = self.is_special(t)
        if t == self.data["players"][s]["home"] or special:
            return True                                              # LD-GAP-32, LD-MOVE-16
        for s2, _k in occ.get(t, ()):
            if s2 == s:
                return False                                         # LD-MOVE-11, LD-GAP-31
            if self.data["round"] < 2:
                return False                                         # LD-MOVE-12
        return True

    def must_stop(self, t: str) -> bool:
        x = self.data["tiles"][t]
        return not x["revealed"] or x["monster"] is not None or x["kind"] == "DS"   # LD-MOVE-8, LD-MOVE-9, LD-GAP-33

    def opp_at(self, s: int, t: str, occ: Occupancy) -> list[tuple[int, KnightData]]:
        if self.data["round"] < 2 or self.is_special(t):
            return []
        return [(s2, k) for s2, k in occ.get(t, ()) if s2 != s]

    def tile_for_walk(self, s: int, t: str, occ: Occupancy, seen: dict) -> tuple[bool, bool] | None:
        """None if a knight of ``s`` may not enter ``t``, else (it must stop there, a rival's knight is there);
        remembered in ``seen`` (one move listing asks for each tile many times).  The same answers as
        :meth:`enterable`, :meth:`must_stop` and :meth:`opp_at`, in one pass over the tile."""
        if t in seen:
            return seen[t]
        d = self.data
        x = d["tiles"][t]
        h = x["home_of"]
        what: tuple[bool, bool] | None
        if h is not None and h != s and not d["players"][h]["out"]:
            what = None                                              # LD-MOVE-10
        else:
            stop = not x["revealed"] or x["monster"] is not None or x["kind"] == "DS"
            here = occ.get(t)
            if not here:
                what = _STOP if stop else _PASS
            elif x["revealed"] and ktype_of(x["kind"]) in SPECIAL:   # LD-MOVE-16: anyone may share it (a face-down
                what = _STOP if stop else _PASS                      # tile's kind is hidden: never read)
            elif d["round"] < 2:                                     # LD-MOVE-12 (own home: LD-GAP-32)
                what = (_STOP if stop else _PASS) if t == d["players"][s]["home"] else None
            elif t == d["players"][s]["home"]:
                what = (stop, any(s2 != s for s2, _k in here))
            elif any(s2 == s for s2, _k in here):                    # LD-MOVE-11, LD-GAP-31
                what = None
            else:
                what = (stop, True)
        seen[t] = what
        return what

    def knight_routes(self, s: int, k: KnightData, reach: int, occ: Occupancy,
                      seen: dict | None = None) -> dict[str, dict[tuple[str, ...], list[str]]]:
        """dest -> {the tiles of rival knights passed on the way, in order: the shortest path passing exactly
        those} within ``reach`` steps (LD-MOVE-4..6, LD-MOVE-14).  Routes that pass the same rivals are the same
        to the player; routes that pass different rivals are a choice (which rival may block)."""
        out: dict[str, dict[tuple[str, ...], list[str]]] = {}
        start = k["at"]
        # what each tile is for this walk (tile_for_walk), asked once per tile: the walk reaches a tile by
        # many paths (``seen``: shared by the walks and boats of one listing)
        seen = {} if seen is None else seen
        info = self.tile_for_walk

        # (``walk`` is handed itself: a nested function that named itself would be a reference cycle, left with
        # everything it holds -- the routes, the occupancy -- for the cyclic garbage collector, once per call)
        def walk(walk: Walk, t: str, path: list[str], rivals: tuple[str, ...]) -> None:
            n = len(path) + 1                                        # the length of each path one step on
            last = n >= reach                                        # (the walk stops there)
            for nb in NB[t]:
                if nb == start or nb in path:
                    continue
                what = seen[nb] if nb in seen else info(s, nb, occ, seen)
                if what is None:
                    continue
                routes = out.get(nb)
                if routes is None:
                    npath = path + [nb]
                    out[nb] = {rivals: npath}
                else:
                    old = routes.get(rivals)
                    if old is None or n < len(old):
                        npath = routes[rivals] = path + [nb]
                    elif what[0] or last:
                        continue
                    else:
                        npath = path + [nb]
                if what[0] or last:
                    continue
                walk(walk, nb, npath, rivals + (nb,) if what[1] else rivals)
        if reach > 0:
            walk(walk, start, [], ())
        return out

    @staticmethod
    def route_choices(routes: dict[tuple[str, ...], list[str]], reach: int) -> dict[tuple[str, ...], list[str]]:
        """The routes within ``reach`` worth a choice: a route that passes every rival another route passes and
        more only gives rivals a chance to block, so only routes whose rivals are not a superset are kept."""
        if len(routes) == 1:                   # one way there (the usual case): nothing to weigh
            for r, p in routes.items():
                return {r: p} if len(p) <= reach else {}
        opts = {r: p for r, p in routes.items() if len(p) <= reach}

        def beaten(r: tuple[str, ...]) -> bool:
            return any(set(o) < set(r) or (set(o) == set(r) and (len(opts[o]), o) < (len(opts[r]), r))
                       for o in opts if o != r)
        return {r: p for r, p in opts.items() if not beaten(r)}

    def _rivals_text(self, s: int, tiles: tuple[str, ...] | list[str], occ: Occupancy) -> str:
        """``P2's knight on c2 and P3's knight on d2`` -- who may block on the way."""
        if not tiles:
            return "passing no rival knight"
        parts = [f"{self.name(self.opp_at(s, t, occ)[0][0])}'s knight on {t}" for t in tiles]
        return "passing " + " and ".join(parts)

    def can_stay(self, s: int, k: KnightData, occ: Occupancy, own: list[str] | None = None) -> bool:
        """LD-MOVE-7, LD-MOVE-19: a zero-step action makes sense only if the tile offers an interaction.
        ``own``: :meth:`own_tiles` of ``s``, if the caller has it."""
        t = k["at"]
        x = self.data["tiles"][t]
        typ = self.ktype(t)
        if x["tokens"] > 0 and x["monster"] is None:
            return True
        if typ in SPECIAL and t not in self.data["players"][s]["specials_used"]:
            return True
        if typ not in ("resource", "home"):
            return False
        flags = self.flags_left(s) if own is None else self.C["max_flags"] - len(own)
        if x["owner"] is None:
            return flags > 0                                         # LD-GAP-60
        if self.data["round"] >= 2 and x["owner"] != s:
            p = self.data["players"][s]
            return ((p["fame"] >= 1 or (p["might"] >= 1 and flags > 0))
                    and not self.protected(t, occ))
        return False

    # ------------------------------------------------------------ the move phase's actions
    def _legal_move(self, s: int) -> list[Action]:
        p = self.data["players"][s]
        occ = self.occ()
        out = []
        dice = self.unused(s)
        top = max(dice) if dice else 0
        seen: dict = {}                                              # tile_for_walk's answers for this listing
        movable: set[int] = set()                                    # the dice some move, stay or boat uses
        kept: dict = {}                                              # knight id -> (tile, reach, routes)
        self._routes_listed = (len(self.history), s, kept)
        own = self.own_tiles(s) if dice else None                   # (no dice: no question at the end)
        out.extend(self._window_actions(s, occ, own))
        if dice:
            values = sorted(set(dice))
            vals = tuple(values)
            for k in p["knights"]:
                if k["done"]:
                    continue
                bonus = self.eff_sum(k, "steps")
                routes = self.knight_routes(s, k, top + bonus, occ, seen)
                kept[k["id"]] = (k["at"], top + bonus, routes)
                kid = k["id"]
                kn = kid[1:]
                move = f"move:{kid}>"
                table = _MOVES.get((kid, vals))
                if table is None:
                    if len(_MOVES) >= _CACHE_MAX:
                        _MOVES.clear()
                    table = _MOVES[kid, vals] = {}
                for dest in sorted(routes):
                    ways = routes[dest]
                    if len(ways) == 1:                               # one way there (the usual case)
                        (rivals, path), = ways.items()
                        steps = len(path)
                        need = steps - bonus
                        if need > top:
                            continue
                        if not rivals:                               # passing nobody: made once (_MOVES)
                            got = table.get((dest, steps, need))
                            if got is None:
                                got = _moves(table, kid, dest, steps, need, vals)
                            movable.update(got[0])
                            out.extend(got[1])
                            continue
                        tail = f" ({steps} step(s), {self._rivals_text(s, rivals, occ)})"
                        for v in values:                             # LD-MOVE-4: the player picks the die
                            if v >= need:
                                movable.add(v)
                                out.append(_action((f"{move}{dest}:{v}",
                                                    f"Move knight {kn} to {dest} with your {v}{tail}", "move", "")))
                        continue
                    for v in values:
                        opts = list(self.route_choices(ways, v + bonus))
                        if not opts:
                            continue
                        steps = min(len(ways[r]) for r in opts)
                        how = (f", {self._rivals_text(s, opts[0], occ)}" if len(opts) == 1 and opts[0]
                               else ", then choose the route" if len(opts) > 1 else "")
                        movable.add(v)
                        out.append(Action(f"{move}{dest}:{v}",
                                          f"Move knight {kn} to {dest} with your {v} ({steps} step(s){how})", "move"))
                if self.can_stay(s, k, occ, own):
                    movable.update(values)
                    for v in values:
                        out.append(Action(f"stay:{k['id']}:{v}",
                                          f"Knight {kn} stays on {k['at']} and interacts (spend your {v})", "stay"))
            boats = self._boat_actions(s, values, occ, seen)
            if boats:
                # a boat can always sail to a neighbouring sea zone (1 step), so every die is some boat action's
                # (what parsing each boat action's die gave)
                movable.update(v for v in values if v >= 1)
                out.extend(boats)
        out.extend(self._item_actions(s, occ))
        if (len(dice) == 1 and own is not None and p["home"] in own
                and not any(s2 != s for s2, _k in occ.get(p["home"], ()))):
            question = ""           # one die, and the harvest has a tile to spend it on (home: LD-HARV-3)
        else:
            question = self._question_for_end(s, movable, occ, own)
        end = _ENDS.get((*dice, question))
        if end is None:                                              # (few: made once per dice and question)
            if len(_ENDS) >= _CACHE_MAX:
                _ENDS.clear()
            end = _ENDS[(*dice, question)] = Action(
                "end", "End your move turn" + (f" (keep dice {dice} for the harvest)" if dice else ""), "end",
                confirm=question)
        out.append(end)
        out.append(CONCEDE)
        return out

    def _question_at_end(self, s: int, actions: list[Action]) -> str:
        """Ending the move turn keeps the unspent dice for the harvest, so it is usually right; it is probably a
        mistake when a die the harvest cannot use could still move a knight or a boat (the app then asks)."""
        return self._question_for_end(s, {int(a.id.rpartition(":")[2]) for a in actions
                                      if a.kind in ("move", "stay", "boat")})

    def _question_for_end(self, s: int, movable: set[int], occ: Occupancy | None = None,
                          own: list[str] | None = None) -> str:
        """:meth:`_question_at_end` given the dice values some listed move, stay or boat action uses (``own``:
        :meth:`own_tiles` of ``s``, if the caller has it)."""
        if not movable:
            return ""
        tiles = len(self.eligible(s, occ) if own is None else self.eligible(s, occ, own))
        spare = self.harvest_spare(s, occ, tiles)
        wasted = sorted(v for v in set(spare) if v in movable)
        if not wasted:
            return ""
        dice = " and ".join(f"your {v}" for v in wasted)
        return (f"End your move turn without using {dice}? Your harvest cannot use "
                f"{'it' if len(wasted) == 1 and spare.count(wasted[0]) == 1 else 'them'} (you can harvest "
                f"{tiles} tile{'' if tiles == 1 else 's'}), and it would be lost at the end of the round.")

    def _boat_actions(self, s: int, values: list[int], occ: Occupancy, seen: dict | None = None) -> list[Action]:
        """Sailing and carrying a knight, one action per die that covers the trip (LD-BOAT-1, LD-BOAT-5).
        The actions themselves come from :func:`_sails` and :func:`_carries` (made once per boat, zone, knight,
        tile and dice); here only which trips the board allows now."""
        d = self.data
        p = d["players"][s]
        vals = tuple(values)
        out: list[Action] = []
        seen = {} if seen is None else seen    # whether a knight may be put ashore on each coast tile, asked once
        info = self.tile_for_walk
        tiles = d["tiles"]
        barred = None                          # the coast tiles no knight of ``s`` may be put ashore on (LD-GAP-40)
        landing = None                         # the coast tiles a knight that has interacted may be put ashore on
        for b in p["boats"]:
            bid, bz = b["id"], b["zone"]
            out.extend(_sails(bid, bz, vals))
            for k in p["knights"]:
                at = k["at"]
                if at not in COAST:
                    continue
                rows, every = _carries(bid, bz, k["id"], at, vals)
                if barred is None:
                    # only a rival's home or a tile with a knight on it can bar a knight (tile_for_walk)
                    barred = {t for t in (*occ, *(q["home"] for q in d["players"]))
                              if t in COAST and (seen[t] if t in seen else info(s, t, occ, seen)) is None}
                if not k["done"]:
                    if barred:
                        out.extend([a for t, acts in rows if t not in barred for a in acts])
                    else:
                        out.extend(every)
                    continue
                if landing is None:                                      # LD-BOAT-11 (drop_ok): an empty tile
                    landing = set()                                      # with nothing to do, no rival there
                    for t in COAST:
                        if t in barred:
                            continue
                        x = tiles[t]
                        if x["monster"] is not None or not x["revealed"] or x["tokens"] > 0:
                            continue
                        if t in occ:
                            what = seen[t] if t in seen else info(s, t, occ, seen)
                            if what is not None and what[1]:             # (not barred: never None here)
                                continue
                        landing.add(t)
                out.extend([a for t, acts in rows if t in landing for a in acts])
        return out

    def drop_ok(self, s: int, k: KnightData, t: str, occ: Occupancy, entered: bool = False) -> bool:
        """Whether knight ``k`` may be put ashore on ``t`` (``entered``: the caller knows ``t`` is enterable)."""
        if not entered and not self.enterable(s, t, occ):            # LD-GAP-40
            return False
        if k["done"]:                                                # LD-BOAT-11
            x = self.data["tiles"][t]
            if x["monster"] is not None or not x["revealed"] or x["tokens"] > 0 or self.opp_at(s, t, occ):
                return False
        return True

    def _window_actions(self, s: int, occ: Occupancy, own: list[str] | None = None) -> list[Action]:
        """Voluntary interactions right after an entry (LD-TILE-12..16); ``own``: :meth:`own_tiles` of ``s``, if
        the caller has it."""
        w = self.data["window"]
        if not w or w["seat"] != s:
            return []
        k = self.knight(s, w["knight"])
        if k is None or k["at"] != w["tile"]:
            return []
        t = w["tile"]
        x = self.data["tiles"][t]
        p = self.data["players"][s]
        res = p["resources"]
        typ = self.ktype(t)
        out = []
        flags = typ in ("resource", "home") and (self.flags_left(s) if own is None
                                                  else self.C["max_flags"] - len(own)) > 0   # LD-GAP-60: ten, home included
        if (typ in ("resource", "home") and x["owner"] is None and "revolt" not in w["acts"] and "claim" not in w["acts"]
                and flags):
            y = self.kind(t)["yield"]
            out.append(Action("claim", f"Claim {t} ({res_text(y)}{', starred' if self.starred(t) else ''})", "claim"))
        if (self.data["round"] >= 2 and typ in ("resource", "home") and x["owner"] is not None and x["owner"] != s
                and not w["acts"] and not self.protected(t, occ)):
            if p["fame"] >= 1:
                out.append(Action("revolt", f"Incite revolt on {t}: pay 1 fame, remove {self.name(x['owner'])}'s claim",
                                  "revolt"))
            if p["might"] >= 1 and flags:
                out.append(Action("conquer", f"Conquer {t}: pay 1 might, replace {self.name(x['owner'])}'s flag with yours",
                                  "conquer"))
        fresh = t not in p["specials_used"]
        if typ == "trader" and (fresh or "trader" in w["acts"]):
            for i, a in enumerate(RES):                               # LD-SPEC-2: any 2 for 1 of another type
                for b1 in RES[i:]:
                    if (a == b1 and res[a] >= 2) or (a != b1 and res[a] and res[b1]):
                        for c in RES:
                            if c not in (a, b1):
                                out.append(Action(f"swap:{a}+{b1}>{c}", f"Trader: 1 {a} + 1 {b1} for 1 {c}", "trader"))
            if len(k["items"]) < self.slots(k):
                for key, n in sorted(self.data["trader"].items()):
                    price = self.C["items"][key]["price"]
                    if n > 0 and res["gold"] >= price:
                        out.append(Action(f"buy:{key}", f"Trader: buy {self.C['items'][key]['name']} for {price} gold",
                                          "trader"))
        if typ == "mercenary" and fresh and res["gold"] >= 3:
            out.append(Action("merc", "Mercenary camp: pay 3 gold for 1 might", "special"))
        if typ == "temple" and fresh and p["fame"] >= 2:
            out.append(Action("temple", "Temple: sacrifice 2 fame for 1 might", "special"))
        return out

    def _item_actions(self, s: int, occ: Occupancy | None, pick: bool = True) -> list[Action]:
        """Drop and dismiss at any time (LD-UI-21, LD-ITEM-4, LD-FOL-6); pick up only in the owner's move turn
        (LD-GAP-43), except an item this lord dropped in this same turn (LD-ITEM-6: no drop-and-pick loops)."""
        out = []
        for k in self.data["players"][s]["knights"]:
            for iid in k["items"]:
                out.append(Action(f"drop:{k['id']}:{iid}", f"Knight {k['id'][1:]} drops {self.item_name(iid)} "
                                  f"on {k['at']}", "item"))
            if pick and len(k["items"]) < self.slots(k):
                for iid in self.data["tiles"][k["at"]]["items"]:
                    if not self.dropped_now(s, iid):
                        out.append(Action(f"pick:{k['id']}:{iid}", f"Knight {k['id'][1:]} picks up {self.item_name(iid)}",
                                          "item"))
            for f in k["followers"]:
                out.append(Action(f"dismiss:{k['id']}:{f}", f"Knight {k['id'][1:]} dismisses "
                                  f"{self.C['followers'][f]['name']}", "item"))
        return out

    def dropped_now(self, s: int, iid: str) -> bool:
        """``s`` dropped item ``iid`` during the current turn (``moved_items``: ``[seat, item, flow turn]``)."""
        turn = self.data["flow"]["turn"]
        return any(isinstance(m, list) and m[:2] == [s, iid] and m[2] == turn for m in self.data["moved_items"])

    def _do_move(self, s: int, action: Action) -> None:
        d = self.data
        aid = action.id
        if aid == "end":
            d["window"] = None
            self.say("{0} ends the move turn", s, kind="turn")
            self.flow.end_turn()
            return
        if aid == "concede":
            self.flow.push("confirm", seat=s)
            return
        head, _, rest = aid.partition(":")
        p = d["players"][s]
        if head == "move":
            d["window"] = None
            kid, _, where = rest.partition(">")
            dest, _, die_s = where.partition(":")
            k = self.knight_of(s, kid)
            die = self.spend(s, int(die_s))                           # the die the player picked (LD-MOVE-4)
            reach = die + self.eff_sum(k, "steps")
            listed = self._routes_listed
            got = listed[2].get(kid) if listed is not None and listed[0] == len(self.history) and listed[1] == s else None
            # the listing's routes (its reach at least this one: a shorter reach keeps the same shortest paths,
            # which route_choices picks from) or, without that listing, the walk again
            ways = (got[2] if got is not None and got[0] == k["at"] and got[1] >= reach
                    else self.knight_routes(s, k, reach, self.occ()))
            routes = self.route_choices(ways[dest], reach)
            self.say(f"{{0}} moves knight {kid[1:]} {k['at']}->{dest} with a {die}", s, kind="move")
            if len(routes) == 1:
                path = next(iter(routes.values()))
                self.flow.push("walk", seat=s, knight=kid, path=path, step=0, asked=-1)
            else:                                                      # the route decides who may block
                self.flow.push("route", seat=s, knight=kid, dest=dest,
                               routes=[routes[r] for r in sorted(routes, key=lambda r: (len(r), len(routes[r]), r))])
        elif head == "stay":
            d["window"] = None
            kid, _, die_s = rest.partition(":")
            k = self.knight_of(s, kid)
            die = self.spend(s, int(die_s))
            self.say(f"{{0}}'s knight {kid[1:]} stays on {k['at']} with a {die}", s, kind="move")
            self.mark(s, "stay", k["at"], text=f"knight {kid[1:]} stays with a {die}")
            self._push_entry(s, kid, k["at"])
        elif head == "boat":
            d["window"] = None
            trip, _, die_s = rest.rpartition(":")
            if ":" not in trip:
                bid, z = trip.split(">")
                b = next(b for b in p["boats"] if b["id"] == bid)
                die = self.spend(s, int(die_s))
                self.say(f"{{0}} sails boat {bid[1:]} {b['zone']}->{z} with a {die}", s, kind="boat")
                self.mark(s, "sail", b["zone"], z, text=f"boat {bid[1:]} sails with a {die}")
                b["zone"] = z
            else:
                bid, move = trip.split(":")
                kid, t = move.split(">")
                b = next(b for b in p["boats"] if b["id"] == bid)
                k = self.knight_of(s, kid)
                die = self.spend(s, int(die_s))
                self.say(f"{{0}}'s boat {bid[1:]} carries knight {kid[1:]} {k['at']}->{t} with a {die}", s, kind="boat")
                self.mark(s, "boat", k["at"], t, text=f"boat {bid[1:]} carries knight {kid[1:]} with a {die}")
                b["zone"] = COAST[t]
                k["at"] = t
                self._push_entry(s, kid, t, tired=k["done"])               # LD-MOVE-22, LD-BOAT-10
        elif head == "claim":
            w = d["window"]
            t = w["tile"]
            d["tiles"][t]["owner"] = s                                     # LD-RES-8
            w["acts"].append("claim")
            self.knight_of(s, w["knight"])["done"] = True
            self.say(f"{{0}} claims {t}", s, kind="claim")
            self.mark(s, "claim", t, text="claims the tile")
        elif head in ("revolt", "conquer"):
            w = d["window"]
            t = w["tile"]
            x = d["tiles"][t]
            prev = x["owner"]
            if head == "revolt":                                       # LD-TERR-7
                p["fame"] -= 1
                x["owner"] = None
            else:                                                      # LD-TERR-10
                p["might"] -= 1
                x["owner"] = s
            w["acts"].append(head)
            self.knight_of(s, w["knight"])["done"] = True
            verb = "incites revolt on" if head == "revolt" else "conquers"
            self.mark(s, head, t, text=f"{'incites a revolt against' if head == 'revolt' else 'conquers the tile from'} "
                                       f"{self.name(prev)}")
            if prev == -1:
                self.say(f"{{0}} {verb} {t} (was Neutral's)", s, kind=head)
            else:
                self.say(f"{{0}} {verb} {t} (was {{1}}'s)", s, prev, kind=head)
        elif head in ("swap", "buy", "merc", "temple"):
            self._use_special(s, head, rest)
        elif head in ("drop", "pick", "dismiss"):
            self._use_item(s, head, rest)
        else:
            raise ValueError(aid)

    def _use_special(self, s: int, head: str, rest: str) -> None:
        """The trader, the mercenary camp and the temple (LD-SPEC)."""
        d = self.data
        p = d["players"][s]
        w = d["window"]
        t = w["tile"]
        if t not in p["specials_used"]:
            p["specials_used"].append(t)                               # LD-SPEC-9, LD-GAP-41
        what = {"swap": "trades at the trader", "merc": "hires mercenaries (+1 might)",
                "temple": "sacrifices 2 fame for 1 might"}.get(head) or f"buys {self.C['items'][rest]['name']}"
        self.mark(s, "special", t, text=what)
        self.knight_of(s, w["knight"])["done"] = True
        if head == "swap":
            pair, b = rest.split(">")
            a1, a2 = pair.split("+")
            p["resources"][a1] -= 1
            p["resources"][a2] -= 1
            p["resources"][b] += 1
            w["acts"].append("trader")
            self.say(f"{{0}} trades 1 {a1} + 1 {a2} for 1 {b} at the trader", s, kind="trader")
        elif head == "buy":
            price = self.C["items"][rest]["price"]
            p["resources"]["gold"] -= price
            d["trader"][rest] -= 1                                     # LD-SPEC-6
            k = self.knight_of(s, w["knight"])
            k["items"].append(self.new_item(rest))
            w["acts"].append("trader")
            self.say(f"{{0}} buys {self.C['items'][rest]['name']} for {price} gold", s, kind="trader")
        elif head == "merc":
            p["resources"]["gold"] -= 3
            p["might"] += 1
            w["acts"].append("merc")
            self.say("{0} hires mercenaries: +1 might", s, kind="special")
        else:
            p["fame"] -= 2
            p["might"] += 1
            w["acts"].append("temple")
            self.say("{0} sacrifices 2 fame at the temple: +1 might", s, kind="special")

    # ------------------------------------------------------------ items (LD-ITEM, LD-FOL)
    def _use_item(self, s: int, head: str, rest: str) -> None:
        d = self.data
        kid, what = rest.split(":")
        k = self.knight_of(s, kid)
        tile = d["tiles"][k["at"]]
        if head == "drop":                                         # LD-ITEM-4, LD-ITEM-5
            k["items"].remove(what)
            tile["items"].append(what)
            d["moved_items"].append([s, what, d["flow"]["turn"]])
            self.say(f"{{0}}'s knight {kid[1:]} drops {self.item_name(what)} on {k['at']}", s, kind="item")
            self.mark(s, "item", k["at"], text=f"knight {kid[1:]} drops {self.item_name(what)}")
        elif head == "pick":                                       # LD-ITEM-6, LD-GAP-43
            tile["items"].remove(what)
            k["items"].append(what)
            self.say(f"{{0}}'s knight {kid[1:]} picks up {self.item_name(what)}", s, kind="item")
            self.mark(s, "item", k["at"], text=f"knight {kid[1:]} picks up {self.item_name(what)}")
        else:                                                      # LD-FOL-6
            k["followers"].remove(what)
            self.say(f"{{0}}'s knight {kid[1:]} dismisses {self.C['followers'][what]['name']}", s, kind="item")
        self.overflow(k)

    def overflow(self, k: KnightData) -> None:
        """A knight that lost a carry bonus drops the items it can no longer carry on its tile (LD-GAP-44)."""
        while len(k["items"]) > self.slots(k):
            iid = k["items"].pop()
            self.data["tiles"][k["at"]]["items"].append(iid)
            self.say(f"{self.item_name(iid)} is left on {k['at']}", kind="item")

    # ------------------------------------------------------------ walking, blocking, entering
    def _push_entry(self, s: int, kid: str, t: str, tired: bool = False, blocker: int | None = None) -> None:
        self.flow.push("entry", seat=s, knight=kid, tile=t, stage="explore", fought=False, tired=tired,
                       blocker=blocker)

    def _f_route(self, frame: dict, choice: str | None, seat: int | None) -> None:
        """Equally possible routes pass different rival knights: the mover chooses who may block (LD-MOVE-14)."""
        s = frame["seat"]
        if choice is None:
            k = self.knight_of(s, frame["knight"])
            occ = self.occ()
            opts = []
            for path in frame["routes"]:
                rivals = [t for t in path[:-1] if self.opp_at(s, t, occ)]
                opts.append((f"via:{'-'.join(path)}", f"Go {', '.join([k['at']] + path)} "
                                                       f"({len(path)} step(s), {self._rivals_text(s, rivals, occ)})"))
            self.flow.ask(s, opts, kind="route")
            return
        self.flow.pop(frame)
        self.flow.push("walk", seat=s, knight=frame["knight"], path=choice[4:].split("-"), step=0, asked=-1)

    def _f_walk(self, frame: dict, choice: str | None, seat: int | None) -> None:
        s = frame["seat"]
        k = self.knight_of(s, frame["knight"])
        path = frame["path"]
        if choice is not None:
            t = path[frame["step"]]
            if choice == "block":                                      # LD-MOVE-15, LD-KVK-3
                blocker = frame["blocker"]
                self.say(f"{{0}} blocks the knight on {t}", blocker, kind="block")
                self.mark(s, "move", k["at"], *path[:frame["step"] + 1],
                          text=f"knight {frame['knight'][1:]}, blocked by {self.name(blocker)}")
                k["at"] = t
                self.flow.pop(frame)
                self._push_entry(s, frame["knight"], t, blocker=blocker)
                return
            frame["step"] += 1
        occ = self.occ()
        while frame["step"] < len(path) - 1:
            t = path[frame["step"]]
            opps = self.opp_at(s, t, occ)
            if opps and frame["asked"] < frame["step"]:                # LD-MOVE-14
                frame["asked"] = frame["step"]
                frame["blocker"] = opps[0][0]
                self.flow.ask(opps[0][0], [("block", f"Block {self.name(s)}'s knight on {t} and fight"),
                                           ("pass", f"Let {self.name(s)}'s knight pass {t}")], kind="block")
                return
            frame["step"] += 1
        t = path[-1]
        self.mark(s, "move", k["at"], *path, text=f"knight {frame['knight'][1:]}")
        k["at"] = t
        self.flow.pop(frame)
        self._push_entry(s, frame["knight"], t)

    def _f_entry(self, frame: dict, choice: str | None, seat: int | None) -> None:
        """Automatic interactions in order: explore, combat, dragon, adventure (LD-TILE-2); then the voluntary window.
        One stage after another in this call while nothing else is to be done first (what the engine's loop would
        do calling this again for each stage, without its round trips)."""
        fl = self.data["flow"]
        while True:
            self._entry_stage(frame)
            stack = fl["stack"]
            if not stack or stack[-1] is not frame or fl["prompt"] is not None or fl["outcome"] is not None:
                return

    def _entry_stage(self, frame: dict) -> None:
        """One stage of the entry frame (see :meth:`_f_entry`)."""
        d = self.data
        s, t = frame["seat"], frame["tile"]
        k = self.knight(s, frame["knight"])
        if k is not None and (k["at"] != t or d["players"][s]["out"]):
            k = None                                                   # gone elsewhere: nothing more happens to it
        x = d["tiles"][t]
        # a stage with nothing to do changes nothing but the stage: the next one follows in this same pass (k and x
        # still hold); a stage that does something returns, and _f_entry calls again if the frame is still on top
        while True:
            stage = frame["stage"]
            if stage == "explore":
                frame["stage"] = "knight"
                if k is not None and not x["revealed"]:
                    self._explore(s, k, t)
                    return
                continue
            if stage == "knight":
                frame["stage"] = "monster"
                if k is not None:
                    occ = self.occ()
                    opps = self.opp_at(s, t, occ)
                    if frame["blocker"] is not None:
                        bk = next((kk for s2, kk in opps if s2 == frame["blocker"]), None)
                        if bk is not None:                             # LD-GAP-46: the blocker attacks
                            k["done"] = True                           # "fought" is set once the fight happens
                            self._push_duel(frame["blocker"], bk["id"], s, k["id"], t, fleer=s)
                            return
                    elif opps:                                         # LD-MOVE-13, LD-KVK-2
                        s2, k2 = opps[0]
                        k["done"] = True                               # LD-GAP-36: "fought" only if they fight
                        self._push_duel(s, k["id"], s2, k2["id"], t, fleer=s2)
                        return
                continue
            if stage == "monster":
                frame["stage"] = "dragon"
                if k is not None and x["monster"] is not None:         # LD-TILE-8
                    frame["fought"] = True
                    k["done"] = True
                    self._push_monster(s, k["id"], t, x["monster"], from_card=False)
                    return
                continue
            if stage == "dragon":
                frame["stage"] = "adventure"
                if k is not None and x["kind"] == "DS":                # LD-TILE-9
                    frame["fought"] = True
                    k["done"] = True
                    self.flow.push("dragon", seat=s, knight=k["id"], tile=t, stage="check")
                    return
                continue
            if stage == "adventure":
                frame["stage"] = "end"
                if k is not None and x["tokens"] > 0 and x["monster"] is None and not frame["fought"]:   # LD-TILE-10, LD-TILE-11, LD-GAP-17
                    self._draw_adventure(s, k, t)
                    return
                continue
            break
        self.flow.pop(frame)
        flow = self.flow
        if k is not None and not frame["tired"] and flow.phase == "move" and flow.active == s:
            d["window"] = {"seat": s, "knight": k["id"], "tile": t, "acts": []}  # LD-TILE-12, LD-TILE-13
