"""Lords of Doomspire: last-move marks (issue 16) -- what each lord did on its last move stays on the board
(``view["marks"]``, the kit's ``FlowState.mark``) until that lord's next move turn begins."""
from pyapp.games.doomspire import GAME
from doomspire_helpers import (go, marks, place, put_monster, rolls, set_boats, set_owner, to_harvest, to_move,
                                    end_harvest, set_lord)
from bot_games import bot_game
import pytest

rule = pytest.mark.rule


@rule("LD-UI-2", "LD-UI-3")
def test_a_walk_marks_from_via_to_and_the_explored_tile():
    st = GAME.new(4, 1)
    to_move(st, 0, [3])
    go(st, 0, "move:k1>c2")
    kinds = {m[0]: m for m in marks(st, 0)}
    assert kinds["move"][1][0] == "a1" and kinds["move"][1][-1] == "c2" and len(kinds["move"][1]) == 4   # a1, 2 steps via, c2
    assert kinds["move"][2] == "knight 1"
    assert all(st.view(s)["marks"] == st.view(None)["marks"] for s in range(4))      # public: every seat sees them


def test_a_monster_fight_marks_where_against_what_and_the_trip_home():
    st = GAME.new(4, 1)
    put_monster(st, "b1")
    set_lord(st, 0, resources={"gold": 0, "food": 0, "wood": 0, "ore": 0})
    to_move(st, 0, [1])
    go(st, 0, "move:k1>b1")
    rolls(st, 1)
    st.apply(0, "fight")
    got = marks(st, 0)
    assert ("move", ["a1", "b1"], "knight 1") in got
    assert ("fight", ["b1"], "loses to the Bear (1 vs 5)") in got
    assert ("home", ["b1", "a1"], "P1's knight 1 goes home") in got


def test_boats_and_carried_knights_are_marked():
    st = GAME.new(4, 1)
    set_boats(st, 0, "nw")
    to_move(st, 0, [1, 2])
    go(st, 0, "boat:b1:k1>d1")
    go(st, 0, "boat:b1>ne")
    got = marks(st, 0)
    assert got[0][:2] == ("boat", ["a1", "d1"]) and got[-1][:2] == ("sail", ["nw", "ne"])


def test_a_build_is_marked_at_home_and_kept_with_the_move():
    st = GAME.new(2, 1)
    to_move(st, 0, [1])
    go(st, 0, "move:k1>b1")
    to_harvest(st, {0: [], 1: []})
    set_lord(st, 0, resources={"gold": 3, "food": 3, "wood": 0, "ore": 1})
    st.apply(0, "build:knight")
    end_harvest(st)
    got = marks(st, 0)
    assert got[0][0] == "move" and ("build", ["a1"], "builds: Recruit knight") in got


def test_marks_of_a_bot_stay_until_its_next_move_turn_begins():
    """Over a bot game: a lord's marks never change while another lord moves, and they are forgotten
    exactly when its own next move turn starts (the rendered board shows them meanwhile)."""
    from pyapp.games.doomspire import render as R
    seen = 0
    prev_active = None
    prev = None
    for st, seat in bot_game("doomspire", 4, 1000, ["goal"] * 4, limit=700):
        v = st.view(None)
        active = v["active"] if v["phase"] == "move" else None
        if prev is not None:
            for s in range(4):
                if s == active and active != prev_active:            # its move turn has just begun
                    assert str(s) not in v["marks"], (s, v["round"])
                elif v["phase"] == "move" and s != active:
                    assert v["marks"].get(str(s)) == prev.get(str(s)), (s, v["round"])
        if v["marks"] and seen < 3 and v["phase"] == "move":
            out = R.render(v, [], seat=None, names=["A", "B", "C", "D"], interactive=False)
            for s, lst in v["marks"].items():
                assert f'class="lastmove p{s}' in out
            seen += 1
        prev, prev_active = v["marks"], active
    assert seen == 3


def _end(st, seat):
    return next(a for a in st.legal_actions(seat) if a.id == "end")


@rule("LD-UI-6", "LD-HARV-3")
def test_ending_the_move_turn_asks_only_when_a_die_the_harvest_cannot_use_could_still_move():
    """Unspent dice are kept for the harvest (LD-TURN-4, LD-HARV-3), so ending with dice left is usually right;
    a die beyond what the harvest can use is lost, so ending while it could still move is probably a mistake."""
    st = GAME.new(4, 1)
    to_move(st, 0, [2])                           # home only: the 2 harvests it
    assert _end(st, 0).confirm == ""
    to_move(st, 0, [1, 2])                        # the 2 harvests home; the 1 could move knight 1 and is lost
    q = _end(st, 0).confirm
    assert "your 1" in q and "1 tile" in q
    st.apply(0, "end")                            # the rules do not stop it: the app asks
    st = GAME.new(4, 1)
    to_move(st, 0, [1, 1])
    place(st, 0, "a1")
    set_owner(st, "b1", 0)                        # two tiles (b1 is farmland): both dice harvest
    assert _end(st, 0).confirm == ""


def test_a_boat_trip_is_drawn_round_the_sea_not_across_the_island():
    import re
    from pyapp.games.doomspire import render as R
    st = GAME.new(4, 1)
    set_boats(st, 0, "nw")
    place(st, 0, "a3")
    to_move(st, 0, [3])
    go(st, 0, "boat:b1:k1>h3")                        # west coast to east coast: round the north
    out = R.render(st.view(None), [], seat=None, names=["A", "B", "C", "D"], interactive=False)
    m = re.search(r'<g class="lastmove p0 k-boat">.*?<polyline points="([^"]*)"', out)
    pts = [tuple(float(v) for v in p.split(",")) for p in m.group(1).split()]
    inner = pts[1:-1]
    assert len(inner) >= 3 and all(min(x, y, R.W - x, R.W - y) < R.M for x, y in inner)   # all in the sea strip
    assert all(y < R.M for _x, y in inner[1:-1])      # along the north
