"""Lords of Doomspire hidden information: resampling what nobody has seen (for search bots)."""
import pytest

from pyapp.engine import Rng
from pyapp.games.doomspire import GAME
from doomspire_helpers import add_knight, all_tiles, deck, ids, revealed, set_lord, tile_code, tokens


def _hidden_facts(st):
    """What no seat has seen: the face-down tiles and the order of the adventure decks."""
    tiles = tuple((t, tile_code(st, t), tokens(st, t)) for t in all_tiles(st) if not revealed(st, t))
    return tiles, tuple(tuple(deck(st, tier)) for tier in (1, 2, 3))


def _positions(players, seed, every=6, limit=400):
    """Positions of a random game (never conceding), one every ``every`` actions."""
    st = GAME.new(players, seed, {"round_limit": 10})
    rng = Rng(seed, stream=23)
    step = 0
    while not st.is_over and step < limit:
        if step % every == 0:
            yield st
        seat = st.to_act[rng.below(len(st.to_act))]
        acts = [a for a in ids(st, seat) if a not in ("concede", "concede:yes")] or ids(st, seat)
        st.apply(seat, rng.choice(acts))
        step += 1


@pytest.mark.rule("LD-UI-2", "LD-UI-20", "LD-GAP-11")
@pytest.mark.parametrize("players", [2, 4])
def test_resampling_keeps_every_view_and_changes_the_hidden_facts(players):
    positions = changed = 0
    for seed in (3, 4, 5):
        for k, st in enumerate(_positions(players, seed)):
            before = st.to_json()
            for seat in range(players):
                other = st.resample_hidden(seat, Rng(1000 * seed + k))
                assert other.view(seat) == st.view(seat), (seed, k, seat)
                assert other.legal_actions(seat) == st.legal_actions(seat), (seed, k, seat)   # ids, labels, kinds
                assert other.to_act == st.to_act
            assert st.to_json() == before                                  # the original is left alone
            positions += 1
            changed += _hidden_facts(st.resample_hidden(0, Rng(k))) != _hidden_facts(st)
    assert positions >= 30
    assert changed >= 0.8 * positions, (changed, positions)


@pytest.mark.rule("LD-GAP-11")
def test_resampling_redeals_hills_among_hills_and_keeps_the_next_theme():
    st = GAME.new(4, 7)
    other = st.resample_hidden(1, Rng(99))
    for region_tiles in (["c3", "d3", "e3", "f3", "c4", "f4", "c5", "f5", "c6", "d6", "e6", "f6"],
                         ["d4", "e4", "d5", "e5"]):
        assert sorted(tile_code(st, t) for t in region_tiles) == sorted(tile_code(other, t) for t in region_tiles)
    assert [tile_code(st, t) for t in all_tiles(st)] != [tile_code(other, t) for t in all_tiles(other)]
    for tier in (1, 2, 3):
        assert sorted(deck(st, tier)) == sorted(deck(other, tier))
        assert st.view(0)["decks"][str(tier)] == other.view(0)["decks"][str(tier)]


@pytest.mark.rule("LD-UI-4")
def test_resampling_redeals_the_other_lords_secret_roll_choices():
    st = GAME.new(4, 2)
    add_knight(st, 2, "h8")
    set_lord(st, 2, food=4)
    st.apply(2, "roll:3")
    seen = set()
    for k in range(20):
        other = st.resample_hidden(0, Rng(k))
        assert other.view(0) == st.view(0) and ids(other, 0) == ids(st, 0)
        seen.add(other.view(2)["players"][2]["roll_choice"])
        assert st.resample_hidden(2, Rng(k)).view(2)["players"][2]["roll_choice"] == 3   # its own choice stays
    assert seen == {1, 2, 3}


def test_knights_stand_only_on_face_up_tiles():
    """A knight entering a face-down tile turns it up in the same action (LD-TILE-3), so a move listing never asks
    what lies under an occupied tile that nobody has seen (movement.py ``tile_for_walk``)."""
    checked = 0
    for players in (2, 3, 4):
        for seed in (1, 2, 3):
            for st in _positions(players, seed, every=1, limit=500):
                for p in st.data["players"]:
                    for k in p["knights"]:
                        assert revealed(st, k["at"]), (players, seed, k)
                        checked += 1
    assert checked > 3000


@pytest.mark.rule("LD-UI-2")
def test_a_knight_on_a_face_down_tile_leaks_nothing_to_a_walk():
    """Were a rival's knight on a face-down tile (set by hand: play never does it), the mover's listing is the same
    whatever the tile holds: the walk does not read the kind of a tile nobody has seen."""
    from doomspire_helpers import to_move
    st = GAME.new(2, 7)
    to_move(st, 0, [3, 2], rnd=2)
    assert not revealed(st, "c3") and revealed(st, "b3")
    add_knight(st, 1, "c3")
    p0 = st.data["players"][0]
    p0["knights"][0]["at"] = "b3"                   # face up, next to the face-down c3
    listings = set()
    for r in range(12):
        other = st.resample_hidden(0, Rng(r))
        listings.add(tuple(other.legal_actions(0)))
    assert len(listings) == 1
    assert any(a.id.startswith("move:") for a in next(iter(listings)))


@pytest.mark.rule("LD-UI-2", "LD-MOVE-16")
def test_what_lies_under_an_occupied_face_down_tile_changes_no_listing():
    """The strict form of the test above: a rival's knight on a face-down tile (set by hand: play never does it),
    and the tile made every kind of the content in turn, specials and Doomspire included (kinds a redeal never
    deals there, but whose type would change the answer once face up: anyone may share a special tile).  The
    mover's walks (c3, in the hills) and boat trips (d1, on the coast; one knight fresh, one that has interacted)
    come out the same for every kind, and :meth:`tile_for_walk` answers 'stop there, a rival is there'."""
    from doomspire_helpers import place, set_boats, set_tile, to_move

    def listing(code, explored=False):
        st = GAME.new(2, 7)
        to_move(st, 0, [3, 2], rnd=2)
        for t in ("c3", "d1"):
            set_tile(st, t, code, explored=explored)
            add_knight(st, 1, t)
        place(st, 0, "b3")                                  # face up, next to c3
        tired = add_knight(st, 0, "b1")                     # on the coast: carried by the boat
        add_knight(st, 0, "g1")["done"] = True              # a knight that has interacted (LD-BOAT-11)
        set_boats(st, 0, "nw")
        assert tired["at"] == "b1" and revealed(st, "b3")
        answers = [st.tile_for_walk(0, t, st.occ(), {}) for t in ("c3", "d1")]
        return answers, tuple(st.legal_actions(0))

    codes = sorted(GAME.new(2, 7).C["board"]["kinds"])
    seen = {code: listing(code) for code in codes if code != "HM"}
    assert {tuple(a) for a, _l in seen.values()} == {((True, True), (True, True))}
    assert len({acts for _a, acts in seen.values()}) == 1
    acts = next(iter(seen.values()))[1]
    assert any(a.id.startswith("move:k1>c3:") for a in acts) and any(a.id.startswith("boat:b1:k2>d1:") for a in acts)
    # the kind does matter once the tile is face up (so the sameness above is not for want of a difference)
    assert listing("TR", explored=True)[0] == [(False, False), (False, False)]
