"""Live play's STUN/TURN setting (issue 36, docs/live-play.md): off by default; the servers the players name are
checked as outside text and given to the next connection; the setting says what those hosts learn."""
from __future__ import annotations

import re

import pytest

from pyapp.live import ice
from pyapp.live.protocol import Refused
from pyapp.ui import App, DictStorage


def host(storage: DictStorage | None = None) -> App:
    return App(storage or DictStorage(), {"game": "hexbattle", "seats": "human,remote", "seed": "7"},
               random_seed=lambda: 7, page_url="https://example.org/boardshelf/")


def test_servers_are_read_one_a_line_with_turn_credentials():
    assert ice.parse_servers("") == []
    assert ice.parse_servers(" stun:stun.example.org \n\n turn:[2001:db8::1]:3478?transport=udp ann pw \n") == [
        {"urls": "stun:stun.example.org"},
        {"urls": "turn:[2001:db8::1]:3478?transport=udp", "username": "ann", "credential": "pw"}]


@pytest.mark.parametrize("text, says", [
    ("http://example.org", "starts with stun:"),
    ("javascript:alert(1)", "starts with stun:"),
    ("stun:exa mple.org", "no username"),
    ("stun:example.org:99999", "between 1 and 65535"),
    ("stun:example.org?transport=udp", "no ?transport"),
    ("stun:example.org ann pw", "no username"),
    ("turn:example.org", "needs its username and password"),
    ("turn:example.org ann", "needs its username and password"),
    ("turns:example.org ann p\x07w", "printable"),
    ("turn:example.org ann " + "p" * 200, "at most 128"),
    ("stun:" + "a" * 400, "too long"),
    ("\n".join(["stun:example.org"] * 6), "At most 5"),
    ("stun:x.org\n" * 1000, "too long"),
    ("stun:-bad-.org", "starts with stun:"),
])
def test_bad_servers_are_refused_with_the_reason(text, says):
    with pytest.raises(Refused, match=re.escape(says)):
        ice.parse_servers(text)


def test_the_setting_is_off_by_default_and_a_damaged_record_is_off():
    app = host()
    assert app.live.ice_servers() == [] and not app.live.ice["use"]
    for raw in ("{", '{"use": true, "text": "http://x"}', '{"use": "yes", "text": ""}', "[]", "x" * 50_000):
        assert ice.load(raw) == {"use": False, "text": "", "servers": []}


def test_the_panel_offers_the_setting_and_says_what_those_hosts_learn():
    app = host()
    app.live.invites_wanted()
    app.live.invite_made(1, "OFFERCODE")
    html = app.render()
    assert "Connection servers (STUN, TURN)" in html and 'data-input="live-ice-servers"' in html
    assert "public internet addresses" in html and "relays the game's traffic" in html
    assert '<option value="off" selected>' in html and '<details class="live-ice">' in html
    app.handle("nav", "live-ice")
    assert '<details class="live-ice" open>' in app.render()       # stays open across updates while set


def test_setting_servers_makes_the_invitation_again_with_them_and_keeps_them():
    storage = DictStorage()
    app = host(storage)
    assert app.live.invites_wanted() == [1]
    app.live.invite_made(1, "OFFERCODE")
    app.handle("input", "live-ice-servers", "stun:stun.example.org:3478\nturn:turn.example.org ann pw")
    assert app.live.ice_servers() == []                         # named, but still off
    assert app.live.invites_wanted() == [1]                     # the invitation not yet answered is made anew
    app.live.invite_made(1, "OFFER2")
    app.handle("input", "live-ice-use", "on")
    assert app.live.ice_servers() == [{"urls": "stun:stun.example.org:3478"},
                                      {"urls": "turn:turn.example.org", "username": "ann", "credential": "pw"}]
    assert app.live.invites_wanted() == [1]
    assert "On: 2 server(s)." in app.render()
    again = host(storage)                                       # a reload keeps the setting
    assert again.live.ice_servers() == app.live.ice_servers()
    # a bad list changes nothing and says why
    app.handle("input", "live-ice-servers", "http://example.org")
    assert len(app.live.ice_servers()) == 2
    assert any("starts with stun:" in m["text"] for m in app.messages)


def test_a_friend_changing_the_servers_makes_a_new_reply():
    friend = App(DictStorage(), {}, random_seed=lambda: 1)
    assert friend.go_to("#/join/OFFERCODE")
    assert friend.live.join_wanted() == "OFFERCODE"
    friend.live.joined("REPLY1")
    html = friend.render()
    assert "REPLY1" in html and 'data-input="live-ice-use"' in html
    friend.handle("input", "live-ice-servers", "stun:stun.example.org")
    friend.handle("input", "live-ice-use", "on")
    assert friend.live.join_wanted() == "OFFERCODE"             # answered again, with the server
    assert friend.live.ice_servers() == [{"urls": "stun:stun.example.org"}]
