"""Lords of Doomspire: the fast move listing against the plain one it replaced (issue 33, item 1).

The move listing was rewritten for speed (one pass per tile, a table of tile types, the boat trips from a table,
the dice the end-of-turn question weighs collected while listing).  ``PlainListing`` keeps the plain code as it
was before, method for method; random games compare every seat's legal actions (ids, labels, kinds, the question
and their order, which random play and the bots' ties depend on) at every step, with 2 and 4 lords.
"""

import pytest

from pyapp.engine import Action, Rng
from pyapp.games.doomspire import GAME, content
from pyapp.games.doomspire.board import ALL, COAST, ZONE_NAMES, ZONES, zone_dist
from pyapp.games.doomspire.rules import DoomspireState


class PlainListing(DoomspireState):
    """The listing's code before the speed-up (the reference: slow and obviously right)."""

    def kind(self, t):
        return content.load()["board"]["kinds"][self.data["tiles"][t]["kind"]]

    def ktype(self, t):
        return self.kind(t)["type"]

    def owned(self, s):
        tiles = self.data["tiles"]
        return [t for t in ALL if tiles[t]["owner"] == s and self.is_resource(t)]

    def flags_left(self, s):
        return self.C["max_flags"] - len(self.owned(s))

    def eligible(self, s, occ=None):
        occ = self.occ() if occ is None else occ
        r2 = self.data["round"] >= 2
        out = []
        for t in ALL:
            o = self.data["tiles"][t]["owner"]
            if o is None or not self.is_resource(t):
                continue
            here = occ.get(t, [])
            if o == s:
                if not (r2 and any(s2 != o for s2, _k in here) and not self.protected(t, occ)):
                    out.append(t)
            elif r2 and any(s2 == s for s2, _k in here) and not self.protected(t, occ):
                out.append(t)
        return out

    def eff_sum(self, k, key):
        return sum(e.get(key, 0) for e in self.effects(k) if "vs" not in e and key != "ring")

    def enterable(self, s, t, occ):
        x = self.data["tiles"][t]
        if x["home_of"] is not None and x["home_of"] != s and not self.data["players"][x["home_of"]]["out"]:
            return False
        special = self.is_special(t)
        if t == self.data["players"][s]["home"] or special:
            return True
        for s2, _k in occ.get(t, ()):
            if s2 == s:
                return False
            if self.data["round"] < 2:
                return False
        return True

    def must_stop(self, t):
        x = self.data["tiles"][t]
        return not x["revealed"] or x["monster"] is not None or x["kind"] == "DS"

    def opp_at(self, s, t, occ):
        if self.data["round"] < 2 or self.is_special(t):
            return []
        return [(s2, k) for s2, k in occ.get(t, ()) if s2 != s]

    def tile_for_walk(self, s, t, occ, seen):
        if t in seen:
            return seen[t]
        what = seen[t] = (self.must_stop(t), bool(self.opp_at(s, t, occ))) if self.enterable(s, t, occ) else None
        return what

    def _legal_move(self, s):
        p = self.data["players"][s]
        occ = self.occ()
        out = []
        dice = self.unused(s)
        top = max(dice) if dice else 0
        seen: dict = {}
        out.extend(self._window_actions(s, occ))
        if dice:
            values = sorted(set(dice))
            for k in p["knights"]:
                if k["done"]:
                    continue
                bonus = self.eff_sum(k, "steps")
                routes = self.knight_routes(s, k, top + bonus, occ, seen)
                for dest in sorted(routes):
                    for v in values:
                        opts = list(self.route_choices(routes[dest], v + bonus))
                        if not opts:
                            continue
                        steps = min(len(routes[dest][r]) for r in opts)
                        how = (f", {self._rivals_text(s, opts[0], occ)}" if len(opts) == 1 and opts[0]
                               else ", then choose the route" if len(opts) > 1 else "")
                        out.append(Action(f"move:{k['id']}>{dest}:{v}",
                                          f"Move knight {k['id'][1:]} to {dest} with your {v} ({steps} step(s){how})",
                                          "move"))
                if self.can_stay(s, k, occ):
                    for v in values:
                        out.append(Action(f"stay:{k['id']}:{v}",
                                          f"Knight {k['id'][1:]} stays on {k['at']} and interacts (spend your {v})",
                                          "stay"))
            out.extend(self._boat_actions(s, values, occ, seen))
        out.extend(self._item_actions(s, occ))
        out.append(Action("end", "End your move turn" + (f" (keep dice {dice} for the harvest)" if dice else ""), "end",
                          confirm=self._question_at_end(s, out)))
        out.append(Action("concede", "Concede defeat", "concede"))
        return out

    def _question_at_end(self, s, actions):
        movable = {int(a.id.rpartition(":")[2]) for a in actions if a.kind in ("move", "stay", "boat")}
        if not movable:
            return ""
        spare = self.harvest_spare(s)
        wasted = sorted(v for v in set(spare) if v in movable)
        if not wasted:
            return ""
        tiles = len(self.eligible(s))
        dice = " and ".join(f"your {v}" for v in wasted)
        return (f"End your move turn without using {dice}? Your harvest cannot use "
                f"{'it' if len(wasted) == 1 and spare.count(wasted[0]) == 1 else 'them'} (you can harvest "
                f"{tiles} tile{'' if tiles == 1 else 's'}), and it would be lost at the end of the round.")

    def harvest_spare(self, s, occ=None):
        need = len(self.eligible(s))
        dice = sorted(self.unused(s), reverse=True)
        cap = 0
        while dice and cap < need:
            cap += dice.pop(0)
        return dice

    def _boat_actions(self, s, values, occ, seen=None):
        p = self.data["players"][s]
        top = max(values)
        out = []
        seen = {} if seen is None else seen
        for b in p["boats"]:
            for z in ZONES:
                dist = zone_dist(b["zone"], z)
                if z != b["zone"] and dist <= top:
                    for v in values:
                        if v >= dist:
                            out.append(Action(f"boat:{b['id']}>{z}:{v}", f"Sail boat {b['id'][1:]} to the "
                                              f"{ZONE_NAMES[z]} sea with your {v}", "boat"))
            for k in p["knights"]:
                kz = COAST.get(k["at"])
                if kz is None:
                    continue
                to_knight = zone_dist(b["zone"], kz)
                trip = {ez: to_knight + zone_dist(kz, ez) for ez in ZONES}
                for t, ez in COAST.items():
                    steps = trip[ez]
                    if steps > top or t == k["at"]:
                        continue
                    if self.tile_for_walk(s, t, occ, seen) is None or not self.drop_ok(s, k, t, occ, entered=True):
                        continue
                    for v in values:
                        if v >= max(1, steps):
                            out.append(Action(f"boat:{b['id']}:{k['id']}>{t}:{v}",
                                              f"Boat {b['id'][1:]} carries knight {k['id'][1:]} from {k['at']} to {t} "
                                              f"with your {v} ({steps} step(s))", "boat"))
        return out


def _plain(st):
    """A :class:`PlainListing` reading ``st``'s very data (it only lists, so sharing is safe)."""
    ref = object.__new__(PlainListing)
    ref.__dict__.update(st.__dict__)
    return ref


def _walk(players, seed, rounds=10):
    """Random legal play; at every step each seat to act lists the same actions, fast and plain."""
    st = GAME.new(players, seed, {"round_limit": rounds})
    rng = Rng(seed, stream=5)
    compared = moves = 0
    while not st.is_over:
        seat = st.to_act[0]
        acts = st.legal_actions(seat)
        plain = _plain(st)
        assert [tuple(a) for a in acts] == [tuple(a) for a in plain.legal_actions(seat)], (seed, len(st.history))
        for s in range(players):
            assert plain.harvest_spare(s) == st.harvest_spare(s) and plain.owned(s) == st.owned(s)
            assert plain.flags_left(s) == st.flags_left(s)
            assert plain.eligible(s) == st.eligible(s)
        compared += 1
        moves += st.data["flow"]["phase"] == "move" and st.data["flow"]["prompt"] is None
        playing = [a for a in acts if a.kind != "concede"] or acts
        st.apply(seat, playing[rng.below(len(playing))].id)
    return compared, moves


@pytest.mark.rule("LD-MOVE-4", "LD-MOVE-10", "LD-MOVE-11", "LD-MOVE-12", "LD-MOVE-16", "LD-BOAT-5", "LD-BOAT-11")
@pytest.mark.parametrize("players,seed", [(2, 3), (4, 8), (3, 21)])
def test_fast_move_listing_equals_the_plain_one_in_random_games(players, seed):
    compared = moves = 0
    while compared < 400:                                    # whole games until many listings were compared
        c, m = _walk(players, seed)
        compared, moves, seed = compared + c, moves + m, seed + 100
    assert moves > 100


def test_the_plain_reference_differs_from_a_wrong_listing():
    """The comparison can fail: a listing that forgets one boat trip is caught."""
    st = GAME.new(2, 3)
    rng = Rng(3, stream=5)
    for _ in range(400):
        seat = st.to_act[0]
        acts = st.legal_actions(seat)
        if any(a.kind == "boat" and a.id.count(":") == 2 for a in acts):
            break
        playing = [a for a in acts if a.kind != "concede"] or acts
        st.apply(seat, playing[rng.below(len(playing))].id)
    else:
        pytest.skip("no boat trip came up")
    seat = st.to_act[0]
    fast = [a for a in st.legal_actions(seat) if not (a.kind == "boat" and a.id.count(":") == 2)][:-1]
    assert fast != _plain(st).legal_actions(seat)[:-1]
