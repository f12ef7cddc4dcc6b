"""The engine contract itself: rng, registry, illegal actions, undo, the sim CLI (golden playthroughs: test_golden.py)."""
from __future__ import annotations

import doctest
import json
import pathlib
import subprocess
import sys

import pytest

import pyapp
from pyapp import IllegalAction, bots, games
from pyapp.engine import Rng, rng as rng_module
from pyapp.games.hexbattle import hexgrid

GOLDEN_123 = [355, 773, 266, 185, 799]


def test_rng_is_fixed_across_platforms():
    # golden values: a change here breaks every save, so it must never change silently
    r = Rng(42)
    assert [r.below(6) for _ in range(8)] == [3, 3, 2, 1, 1, 4, 5, 3]
    a, b = Rng(9), Rng(9)
    items_a, items_b = list(range(20)), list(range(20))
    a.shuffle(items_a)
    b.shuffle(items_b)
    assert items_a == items_b and sorted(items_a) == list(range(20)) and items_a != list(range(20))


def test_rng_golden_sequence_and_round_trip():
    r = Rng(123)
    seq = [r.below(1000) for _ in range(5)]
    assert seq == GOLDEN_123
    state = r.to_json()
    nxt = [r.below(10**12) for _ in range(3)]
    r2 = Rng.from_json(json.loads(json.dumps(state)))
    assert [r2.below(10**12) for _ in range(3)] == nxt
    counts = [0] * 3
    r = Rng(5)
    for _ in range(3000):
        counts[r.roll(3) - 1] += 1
    assert all(900 < c < 1100 for c in counts)        # roughly uniform
    with pytest.raises(ValueError):
        r.below(0)


def test_doctests():
    from pyapp.engine import content, core, flow, hexgrid as kit_hexgrid, log, piles
    for mod in (rng_module, hexgrid, pyapp, games, core, flow, kit_hexgrid, log, piles, content):
        failures, _ = doctest.testmod(mod)
        assert failures == 0, mod.__name__


def test_catalog_lists_five_games_and_get_refuses_unready():
    ids = [g["id"] for g in games.catalog()]
    assert ids == ["hexbattle", "doomspire", "clockwork", "icefortress", "cloudspire"]
    for g in games.catalog():
        assert g["title"] and g["description"] and 1 <= g["min_players"] <= g["max_players"]
        if not g["ready"]:
            with pytest.raises(LookupError):
                games.get(g["id"])
    with pytest.raises(LookupError):
        games.get("chess")
    assert games.get("hexbattle").id == "hexbattle"


def test_illegal_action_is_a_value_error_and_changes_nothing():
    s = games.get("hexbattle").new(2, 3)
    before = s.to_json()
    other = 1 - s.to_act[0]
    with pytest.raises(IllegalAction, match="not to act"):
        s.apply(other, "draw")
    with pytest.raises(ValueError, match="not a legal action"):
        s.apply(s.to_act[0], "teleport:a1")
    assert s.to_json() == before


def test_new_with_defaults_and_bad_player_count():
    g = games.get("hexbattle")
    assert g.new(2, 1).players == 2
    with pytest.raises(ValueError):
        g.new(1, 1)


def test_undo_only_for_actions_that_reveal_nothing():
    g = games.get("hexbattle")
    s = g.new(2, 8)
    seat = s.to_act[0]
    s.apply(seat, "draw")                       # shows hidden cards: not undoable
    assert not s.can_undo(seat)
    playable = [a.id for a in s.legal_actions(seat) if a.id.startswith("play:") and s.card_cost(a.id[5:]) > 0]
    before = s.to_json()
    s.apply(seat, playable[0])
    assert s.can_undo(seat) and not s.can_undo(1 - seat)
    back = s.undo(seat)
    assert back.to_json() == before
    with pytest.raises(IllegalAction):
        back.undo(seat)


def test_from_json_rejects_foreign_text():
    g = games.get("hexbattle")
    for bad in ("", "[]", '{"format": 1, "game": "chess"}', '{"format": 99, "game": "hexbattle"}'):
        with pytest.raises(ValueError):
            g.from_json(bad)


def test_bots_registry():
    assert list(bots.available("hexbattle")) == ["random", "easy", "normal", "hard", "greedy"]
    with pytest.raises(LookupError):
        bots.make("hexbattle", "oracle")


def test_sim_cli_prints_a_summary():
    out = subprocess.run([sys.executable, "-m", "pyapp.sim", "--game", "hexbattle", "--games", "3", "--seed", "1",
                          "--bots", "random,random"], capture_output=True, text=True, timeout=300,
                         cwd=pathlib.Path(__file__).resolve().parents[2])
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["games"] == 3 and summary["finished"] == 3 and summary["errors"] == []
    assert sum(summary["wins_per_seat"].values()) + summary["draws"] == 3
    assert summary["mean_length"] > 10


def test_random_bot_never_concedes_while_it_can_play():
    from pyapp.engine import Action

    class Fake:
        def __init__(self, acts):
            self.acts = acts

        def legal_actions(self, seat):
            return self.acts

    bot = bots.RandomBot(1)
    acts = [Action("concede", "Concede", "concede"), Action("end", "End turn", "end")]
    assert {bot.choose(Fake(acts), 0) for _ in range(50)} == {"end"}
    assert bot.choose(Fake(acts[:1]), 0) == "concede"


def test_start_up_imports_stay_light():
    """The modules the browser imports at start-up must not pull in heavy stdlib modules
    (each costs start-up time in Pyodide; see pyapp/engine/util.py)."""
    code = (
        "import sys, types\n"
        "sys.modules['js'] = types.ModuleType('js')\n"
        "ffi = types.ModuleType('pyodide.ffi'); ffi.create_proxy = ffi.to_js = lambda *a, **k: None\n"
        "sys.modules['pyodide'] = types.ModuleType('pyodide'); sys.modules['pyodide.ffi'] = ffi\n"
        "before = set(sys.modules)\n"
        "import pyapp.browser.main, pyapp.games.hexbattle, pyapp.games.hexbattle.render, pyapp.games.hexbattle.bots\n"
        "print(' '.join(sorted(set(sys.modules) - before)))\n"
    )
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, timeout=120,
                         cwd=pathlib.Path(__file__).resolve().parents[2])
    assert out.returncode == 0, out.stderr
    loaded = set(out.stdout.split())
    heavy = {"dataclasses", "inspect", "pathlib", "html.entities", "secrets", "hmac", "urllib.parse",
             "typing", "random", "tempfile", "zipfile", "argparse"}
    assert not (loaded & heavy), sorted(loaded & heavy)


def test_apply_legal_is_apply_without_the_lookup():
    """The search fast path: applying an action object from legal_actions gives the same state as apply(id)."""
    from pyapp.games import get
    from pyapp.engine import Rng

    g = get("hexbattle")
    a, b = g.new(2, 5), g.new(2, 5)
    rng = Rng(9, 3)
    for _ in range(120):
        if a.is_over:
            break
        seat = a.to_act[0]
        acts = a.legal_actions(seat)
        pick = acts[rng.below(len(acts))]
        a.apply(seat, pick.id)
        b.apply_legal(seat, pick)
        assert a == b
    assert len(a.history) >= 100


def test_ranked_outcome_where_ties_share_the_win():
    """Issue 14: a game whose rules let every player still tied share the win says so with ``ties_share``;
    the banner and the sim then read "shared", and the saved form loads back (old saves, without the key,
    keep reading as before)."""
    from pyapp.engine import Outcome
    from pyapp.ui.app import outcome_text
    plain = Outcome.ranked([[0, 1]], "tied")
    assert plain.kind == "draw" and plain.winners == () and "ties_share" not in plain.to_dict()
    shared = Outcome.ranked([[0, 1, 2]], "still tied after every tie-break", ties_share=True)
    assert shared.kind == "shared" and not shared.draw and shared.winners == (0, 1, 2)
    assert shared.returns == (0.0, 0.0, 0.0)
    assert outcome_text(shared, ["Ann", "Bo", "Cy"]) == "Ann, Bo and Cy share the win"
    saved = json.loads(json.dumps(shared.to_dict()))
    assert saved["kind"] == "shared" and Outcome.from_dict(saved) == shared
    assert Outcome.from_dict(plain.to_dict()) == plain
    old = {"winners": [], "ranking": [[0, 1]], "reason": "tied", "draw": True, "kind": "draw",
           "cooperative": False, "returns": [0.0, 0.0]}                  # a save from before the flag
    assert Outcome.from_dict(old) == plain
    partial = Outcome.ranked([[0, 2], [1]], "tied on fame", ties_share=True)  # not everybody: shared either way
    assert partial.kind == Outcome.ranked([[0, 2], [1]], "tied on fame").kind == "shared"


# ---- speed of the kit (issue 33, item 1) ------------------------------------------------------
GAMES_AND_SEATS = (("hexbattle", 2), ("doomspire", 2), ("doomspire", 4), ("clockwork", 2), ("clockwork", 4),
                   ("icefortress", 2), ("cloudspire", 2), ("cloudspire", 4))


def _random_states(game_id: str, players: int, seed: int, steps: int, every: int):
    """Every ``every``-th state of a random game (the random bot's choices), the last one too."""
    g = games.get(game_id)
    s = g.new(players, seed)
    rng = Rng(seed, 11)
    for n in range(steps):
        if s.is_over:
            break
        if n % every == 0:
            yield g, s
        seat = s.to_act[0]
        acts = [a for a in s.legal_actions(seat) if a.kind != "concede"] or s.legal_actions(seat)
        s.apply(seat, acts[rng.below(len(acts))].id)
    yield g, s


def _shape(x):
    """The data with every value's type, to compare two copies exactly (1 == 1.0 == True otherwise)."""
    if isinstance(x, dict):
        return ("dict", [(k, _shape(v)) for k, v in x.items()])
    if isinstance(x, list):
        return ("list", [_shape(v) for v in x])
    return (type(x).__name__, x)


@pytest.mark.parametrize("game_id,players", GAMES_AND_SEATS)
def test_clone_equals_the_json_round_trip_and_is_independent(game_id, players):
    """State.clone copies without JSON text: the same data, value types and key order as the round trip it
    replaces (so a bot decides on a copy as it did), with nothing shared that a move on the copy changes."""
    from pyapp.engine.core import State
    for g, s in _random_states(game_id, players, 21, 240, 40):
        for past in (True, False):
            text = s.to_json(past, canonical=False)
            want = g.from_json(text)
            got = State.clone(s, past)          # (Hex Battle has its own clone for its search)
            assert type(got) is type(want)
            assert got.to_json(past, canonical=False) == text
            assert _shape(got.data) == _shape(want.data) and _shape(got.options) == _shape(want.options)
            assert (got.history, got.undoable, got.log) == (want.history, want.undoable, want.log)
            assert got.rng.to_json() == s.rng.to_json() and got.rng is not s.rng
        before = s.to_json()
        copy = State.clone(s)
        for _ in range(30):                        # play on the copy: the original does not move
            if copy.is_over:
                break
            seat = copy.to_act[0]
            copy.apply(seat, copy.legal_actions(seat)[-1].id)
        assert s.to_json() == before


def test_apply_takes_the_listed_action_without_listing_again(monkeypatch):
    """apply() looks the id up in the list legal_actions just gave for this very state (half the work of a
    random playout); a list from before the last move is never used, and an id not in it is looked up
    afresh (a state changed by hand) and still refused when it is not legal."""
    g = games.get("doomspire")
    s = g.new(2, 4)
    cls = type(s)
    calls = []
    real = cls._legal

    def counting(self, seat):
        calls.append(seat)
        return real(self, seat)
    monkeypatch.setattr(cls, "_legal", counting)
    seat = s.to_act[0]
    acts = s.legal_actions(seat)
    assert len(calls) == 1
    s.apply(seat, acts[0].id)
    assert len(calls) == 1
    seat = s.to_act[0]
    s.apply(seat, s.legal_actions(seat)[0].id)
    assert len(calls) == 2
    before = s.to_json()
    seat = s.to_act[0]
    s.legal_actions(seat)
    with pytest.raises(IllegalAction):
        s.apply(seat, "no-such-action")
    assert len(calls) == 4 and s.to_json() == before
    stale = [a.id for a in s.legal_actions(seat)]
    s.apply(seat, stale[0])
    if s.to_act and s.to_act[0] == seat:        # the old list is not taken for the new state
        gone = [i for i in stale if i not in {a.id for a in real(s, seat)}]
        for i in gone[:1]:
            with pytest.raises(IllegalAction):
                s.apply(seat, i)


def _applies_during(monkeypatch, call):
    """What ``call()`` returns and the ``State.apply`` calls it made (an undo's replay)."""
    from pyapp.engine import core
    applied: list = []
    real = core.State.apply

    def counting(self, *a):
        applied.append(a)
        return real(self, *a)
    monkeypatch.setattr(core.State, "apply", counting)
    try:
        return call(), applied
    finally:
        monkeypatch.setattr(core.State, "apply", real)


@pytest.mark.parametrize("game_id,players", GAMES_AND_SEATS)
@pytest.mark.parametrize("asked", [True, False])
def test_undo_late_in_a_game_equals_the_replay_and_replays_little(game_id, players, asked, monkeypatch):
    """Undo restores a snapshot and replays at most SNAP_EVERY actions (none once the app asks about undo
    after each move), however long the game has run; the result equals the whole game replayed without
    the last action, and it can be played on and undone again."""
    from pyapp.engine import core
    g = games.get(game_id)
    seed = 34 if game_id == "cloudspire" else 31                 # a long random game (Cloudspire: 470 actions)
    late = 20 if game_id == "icefortress" else 150               # random Ice Fortress games are lost early
    s = g.new(players, seed)
    rng = Rng(seed, 11)
    checked = 0
    for n in range(600):
        if s.is_over:
            break
        seat = s.to_act[0]
        acts = [a for a in s.legal_actions(seat) if a.kind != "concede"] or s.legal_actions(seat)
        s.apply(seat, acts[rng.below(len(acts))].id)
        last = s.history[-1][0]
        if asked:
            s.can_undo(last)
        if n >= late and s.undoable[-1] and not s.is_over and checked < 4:
            back, applied = _applies_during(monkeypatch, lambda: s.undo(last))
            assert len(applied) <= (0 if asked else core.SNAP_EVERY), len(applied)
            want = g.replay(players, seed, s.options, s.history[:-1])
            assert back == want and back.log == want.log
            if back.can_undo(back.history[-1][0]):
                assert back.undo(back.history[-1][0]) == g.replay(players, seed, s.options, s.history[:-2])
            checked += 1
    assert checked, "no undoable action late in the game"


def test_undo_snapshots_are_taken_for_the_app_every_action_and_otherwise_every_snap_every(monkeypatch):
    """Who pays for undo: a state nobody has asked about undo (a simulation, a benchmark) copies itself only
    before every SNAP_EVERY-th action, and its undo still replays at most that many actions; once asked (the
    app's table asks after each move) every action keeps a snapshot and undo replays none; a copy keeps none."""
    from pyapp.engine import core
    g = games.get("doomspire")
    s = g.new(2, 31)
    rng = Rng(31, 11)
    every = core.SNAP_EVERY
    while len(s.history) < every + 40 and not s.is_over:
        seat = s.to_act[0]
        acts = [a for a in s.legal_actions(seat) if a.kind != "concede"]
        s.apply(seat, acts[rng.below(len(acts))].id)
    assert len(s.history) == every + 40, "the game ended too soon for this test"
    assert [e[0] for e in s._snaps] == [every]                       # one snapshot, before action SNAP_EVERY + 1
    undone = [n for n in range(every + 1, every + 40) if s.undoable[n]]
    assert undone, "no undoable action after the snapshot"
    s2 = g.replay(2, 31, s.options, s.history[:undone[-1] + 1])      # ends with an undoable action
    assert [e[0] for e in s2._snaps] == [every]
    back, applied = _applies_during(monkeypatch, lambda: s2.undo(s2.history[-1][0]))   # from the snapshot: a short replay
    assert len(applied) == len(s2.history) - 1 - every
    assert back == g.replay(2, 31, s.options, s2.history[:-1]) and back.log == s2.log[:len(back.log)]
    assert back._undo_asked and back._snaps and back._snaps[-1][0] <= len(back.history)
    asked = g.replay(2, 31, s.options, s.history[:10])
    asked.can_undo(0)
    for _ in range(5):
        seat = asked.to_act[0]
        asked.apply(seat, [a for a in asked.legal_actions(seat) if a.kind != "concede"][0].id)
    assert [e[0] for e in asked._snaps] == [10, 11, 12, 13, 14]       # asked: one before every action
    copy = asked.clone()
    seat = copy.to_act[0]
    copy.apply(seat, copy.legal_actions(seat)[0].id)
    assert copy._snaps is None                                       # a bot's or a hint's copy: none
