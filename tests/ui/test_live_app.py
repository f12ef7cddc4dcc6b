"""Live play in the app (issue 36, docs/live.md): a seat for a friend on another device, the host's invitation
panel, the friend's table.  The messages themselves are tests/ui/test_live_protocol.py's."""
from __future__ import annotations

import json

from pyapp.ui import App, DictStorage


def host(seats: str = "human,remote", game: str = "hexbattle", seed: str = "7") -> App:
    return App(DictStorage(), {"game": game, "seats": seats, "seed": seed}, random_seed=lambda: 7,
               page_url="https://example.org/boardshelf/")


def test_link_opens_a_host_whose_second_seat_waits_for_a_friend():
    app = host()
    assert app.screen == "game" and app.meta["seats"] == ["human", "remote"]
    saved = json.loads(app.storage.get(app.key(app.meta["id"])))
    assert saved["seats"] == ["human", "remote"]                  # the save marks the seat remote
    html = app.render()
    assert "(friend)" in html


def test_remote_seat_is_never_played_by_the_hosts_clicks():
    app = host()
    state = app.state
    # play the host's turns until the friend's seat is to act
    for _ in range(40):
        if 1 in state.to_act:
            break
        app.handle("action", state.legal_actions(state.to_act[0])[0].id)
    assert state.to_act == (1,)
    n = len(state.history)
    html = app.render()
    assert "on their own device" in html                          # whose device the turn waits on
    app.handle("action", state.legal_actions(1)[0].id)            # a click on the host's tab for the friend
    assert len(state.history) == n
    assert not app.bot_pending()                                  # and no bot plays it either


def test_setup_offers_a_friend_seat():
    app = App(DictStorage(), {}, random_seed=lambda: 7)
    app.handle("nav", "setup:hexbattle")
    assert 'value="remote"' in app.render() and "A friend on another device" in app.render()
    app.handle("input", "seat-1", "remote")
    assert app.setup["seats"][1] == "remote"
    app.handle("nav", "start")
    assert app.meta["seats"][1] == "remote"


def test_unknown_seat_kind_in_a_link_still_refused():
    app = host(seats="human,friend")
    assert app.screen == "setup" and any("unknown seat" in m["text"] for m in app.messages)
