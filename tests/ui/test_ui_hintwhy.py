"""The hint says why (issue 32 item 3; pyapp/ui/hintwhy.py): in every game the hint's line gives the bot's plan
and what it brings in a sentence, found on a copy with the hidden facts dealt anew, so it is the same for two
positions that differ only in what the asking seat cannot see, and asking changes nothing."""
import json
import random
import re

import pytest

from pyapp import games
from pyapp.engine import Rng, saves
from pyapp.ui import hints, hintwhy

from test_ui_app import bots_move, make

GAMES = [g["id"] for g in games.catalog() if g["ready"]]
SEATS = {"icefortress": "human,human"}
NAMES = ["Ann", "Bo", "Cy", "Di"]


def _positions(gid, steps=(4, 19, 33, 45, 60)):
    """Positions of random games (never conceding) after ``steps`` actions, a seat to act."""
    g = games.get(gid)
    for n in steps:
        s = g.new(g.setup_players, 7 + n, None)
        rng = random.Random(n)
        for _ in range(n):
            if s.is_over:
                break
            seat = s.to_act[0]
            s.apply(seat, rng.choice([a for a in s.legal_actions(seat) if a.kind != "concede"]).id)
        if not s.is_over:
            yield n, s


def _reason(state, seat, action):
    return hintwhy.sentence(state, seat, action, lambda: hints.make_bot(state, seat), 99, NAMES)


@pytest.mark.parametrize("gid", GAMES)
def test_every_hint_has_a_reason_in_words_and_asking_changes_nothing(gid):
    said = 0
    for n, s in _positions(gid):
        seat = s.to_act[0]
        before = s.to_json()
        action = hints.suggest(s, seat)
        text = _reason(s, seat, action)
        assert s.to_json() == before, (gid, n)              # the game and its generator untouched
        assert text and text[0].isupper() and text.endswith("."), (gid, n, text)
        assert not re.search(r"\b(HB|LD|CC|IF|CS)-[A-Z]+-\d+", text) and "{" not in text, text
        assert len(text) < 400, text
        said += 1
    assert said >= 2, gid


@pytest.mark.parametrize("gid", GAMES)
def test_a_reason_never_depends_on_what_the_seat_cannot_see(gid):
    """Twin positions (the same for the asking seat, hidden facts dealt anew) get the same reason wherever no die
    or draw takes part (where one does, the reason says how often the result came over its tries)."""
    checked = 0
    for n, s in _positions(gid, steps=(4, 11, 19, 26, 30, 38, 45, 52, 60, 75)):
        seat = s.to_act[0]
        action = hints.suggest(s, seat)
        text = _reason(s, seat, action)
        if text.startswith("In ") or " In " in text:
            continue
        for k in range(2):
            twin = s.resample_hidden(seat, Rng(500 + k, 3))
            assert _reason(twin, seat, action) == text, (gid, n)
        checked += 1
    assert checked >= 2, gid


@pytest.mark.parametrize("gid", GAMES)
def test_the_plan_is_played_only_on_copies_with_the_hidden_facts_dealt_anew(gid, monkeypatch):
    """Every try of a reason starts from ``resample_hidden`` for the asking seat (never from the true position,
    whose next card or die the seat must not learn), and moves are applied to those copies only."""
    from pyapp.engine.core import State
    redealt, applied = [], []
    real_resample, real_apply = State.resample_hidden, State.apply

    def resample(self, seat, rng):
        copy = real_resample(self, seat, rng)
        redealt.append((seat, copy))
        return copy

    def apply(self, seat, aid):
        applied.append(self)
        return real_apply(self, seat, aid)

    monkeypatch.setattr(State, "resample_hidden", resample)
    for n, s in _positions(gid, steps=(4, 33)):
        seat = s.to_act[0]
        action = hints.suggest(s, seat)
        redealt.clear()
        applied.clear()
        monkeypatch.setattr(State, "apply", apply)
        _reason(s, seat, action)
        monkeypatch.setattr(State, "apply", real_apply)
        copies = [c for _, c in redealt]
        assert copies and all(who == seat for who, _ in redealt), (gid, n)
        assert s not in applied and all(any(x is c for c in copies) for x in applied if x is not s), (gid, n)


def test_a_figure_the_plan_changes_is_named_for_the_right_seat():
    """Doomspire: a claim adds a tile to the claiming seat's figures, said as "you"."""
    s = games.get("doomspire").new(2, 3, None)
    rng = random.Random(3)
    while not s.is_over:
        seat = s.to_act[0]
        legal = s.legal_actions(seat)
        if any(a.id == "claim" for a in legal):
            text = _reason(s, seat, "claim")
            assert "Tiles: you " in text, text
            return
        s.apply(seat, rng.choice([a for a in legal if a.kind != "concede"]).id)
    pytest.fail("no claim in the game")


def test_the_app_shows_the_reason_on_the_hint_line_and_keeps_saves_as_they_were():
    app = make({"game": "doomspire", "seats": "human,bot", "seed": "5", "fast": "1"})
    bots_move(app)
    app.handle("nav", "hint")
    n = 0
    while not app.step_hint(5):
        n += 1
        assert n < 10_000
    h = app.hints[-1]
    assert h.get("why"), h
    html = app.render()
    assert '<span class="hint-why">' + hints.esc(h["why"]) in html
    saved = json.loads(app.storage.get(saves.save_key(app.meta["id"])))
    assert all(set(r) == {"step", "seat", "action"} for r in saved["hints"])


def test_a_failing_reason_still_shows_the_hint(monkeypatch):
    def broken(*a, **k):
        raise RuntimeError("no")
        yield
    monkeypatch.setattr(hintwhy, "reason", broken)
    app = make({"game": "clockwork", "seats": "human,bot", "seed": "3", "fast": "1"})
    bots_move(app)
    app.handle("nav", "hint")
    while not app.step_hint(5):
        pass
    assert app.hints and "why" not in app.hints[-1] and "The bot would: <strong>" in app.render()
