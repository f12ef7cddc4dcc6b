"""Lords of Doomspire: seeded random games to the end, checking the engine contract along the way."""
import json

import pytest

from pyapp.engine import IllegalAction, Rng
from pyapp.games.doomspire import GAME, content
from pyapp.games.doomspire.bots import BOTS
from doomspire_helpers import (boats, fame, followers, home, home_of, is_out, items, knight, knight_ids, might,
                                    monster, pending, res)


def _invariants(st):
    """Board facts that must hold whenever no decision is pending."""
    for t, lst in st.occ().items():
        seats = [s for s, _k in lst]
        assert monster(st, t) is None, f"a knight shares {t} with a monster"
        h = home_of(st, t)
        if h is not None:
            assert all(s == h or is_out(st, h) for s in seats), f"a knight in a rival home {t}"
        if not st.is_special(t):
            assert len(set(seats)) <= 1, f"rival knights share {t}"
            assert len(seats) == len(set(seats)) or t == home(st, seats[0]), f"own knights share {t}"
    for s in range(st.players):
        assert min(res(st, s).values()) >= 0 and fame(st, s) >= 0 and might(st, s) >= 0
        assert len(knight_ids(st, s)) <= 3 and len(boats(st, s)) <= 2
        for kid in knight_ids(st, s):
            assert len(items(st, s, kid)) <= st.slots(knight(st, s, kid)) and len(followers(st, s, kid)) <= 2


def _random_game(players, seed, check_every, round_limit=12):
    """Random legal play (conceding only on the last-knight prompt, so games run long)."""
    opts = {"round_limit": round_limit}
    st = GAME.new(players, seed, opts)
    rng = Rng(seed, stream=11)
    step = 0
    while not st.is_over:
        to_act = st.to_act
        assert to_act, "a game not over waits for someone"
        if step % check_every == 0:
            text = st.to_json()
            assert GAME.from_json(text).to_json() == text                   # lossless round trip
            for seat in range(players):
                acts = st.legal_actions(seat)
                assert bool(acts) == (seat in to_act)
                assert len({a.id for a in acts}) == len(acts)
                if seat not in to_act:
                    with pytest.raises(IllegalAction):
                        st.apply(seat, "end")
            for bad in ("nope", "move:k9>z9", "", "build:castle"):
                with pytest.raises(IllegalAction):
                    st.apply(to_act[0], bad)
            assert st.to_json() == text                                     # rejected ids change nothing
            for seat in list(range(players)) + [None]:
                json.dumps(st.view(seat))
            if not pending(st):
                _invariants(st)
        seat = to_act[int(rng.below(len(to_act)))]
        acts = [a.id for a in st.legal_actions(seat)]
        pool = [a for a in acts if a not in ("concede", "concede:yes")] or acts
        st.apply(seat, rng.choice(pool))
        step += 1
        assert step < 20000
    return st, opts


@pytest.mark.rule("LD-TURN-2", "LD-ROLL-10", "LD-UI-5")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_contract(players):
    for g in range(3):
        seed = 100 * players + g
        st, opts = _random_game(players, seed, check_every=7)
        out = st.outcome()
        assert out.reason and set(out.winners) <= set(range(players))
        assert sorted(s for grp in out.ranking for s in grp) == list(range(players))
        again = GAME.replay(players, seed, opts, st.history)                # replay reproduces the game
        assert again.to_json() == st.to_json()


def test_generic_random_bot_games_end():
    from pyapp.sim import play
    for seed in range(6):
        st, _n = play(GAME, 4, seed, ["random"], max_actions=20000, options={"round_limit": 15})
        assert st.is_over


@pytest.mark.rule("LD-VIC-1", "LD-RANK-1")
def test_goal_bot_games_end_and_the_dragon_gets_impressed():
    from pyapp.sim import play
    kings = 0
    for seed in range(3):
        st, _n = play(GAME, 4, seed, ["goal"], max_actions=20000)
        assert st.is_over
        kings += st.outcome().reason.startswith("dragon impressed")
    assert kings >= 1
    assert "goal" in BOTS


def test_content_schema_check():
    c = content.load()
    assert content.check(c) == []
    assert len(c["cards"]) >= 40
    assert sum(1 for it in c["items"].values() if it["stock"] > 0) >= 8
    assert len(c["followers"]) >= 6
    bad = json.loads(json.dumps({k: c[k] for k in ("board", "cards", "items", "followers", "builds")}))
    bad["cards"][0]["theme"] = "swamp"
    bad["board"]["rows"][0] = "HM HM"
    bad["items"]["sword"]["effects"] = {"laser": 1}
    errs = content.check(bad)
    assert any("theme" in e for e in errs) and any("8 x 8" in e for e in errs) and any("sword" in e for e in errs)


def test_save_and_reload_mid_game():
    """A save is the seed plus the action ids; reloading mid-game continues the very same game."""
    from pyapp.engine import saves
    from pyapp.sim import play
    st, _n = play(GAME, 3, 9, ["goal"], options={"round_limit": 5})
    cut = len(st.history) // 2
    mid = GAME.replay(3, 9, st.options, st.history[:cut])
    text = saves.dumps(saves.to_save(mid, save_id="ds1", seats=["human", "bot:goal", "bot:goal"]))
    again, meta = saves.load_save(text, get_game=lambda gid: GAME)
    assert again.to_json() == mid.to_json() and meta["seats"][1] == "bot:goal"
    for seat, aid in st.history[cut:]:
        again.apply(seat, aid)
    assert again.to_json() == st.to_json()
