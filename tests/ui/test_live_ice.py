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


# ---------------------------------------------------------------- the same setting in the game screen's Settings
def settings_html(app: App) -> str:
    html = app.render()
    m = re.search(r'<details class="app-settings"[^>]*>.*?</details>\s*</details>', html, re.S)
    assert m, "the Settings section holds the servers' section"
    return m.group(0)


def test_the_settings_offer_the_servers_with_a_label_and_a_description():
    app = App(DictStorage(), {"game": "hexbattle", "seats": "human,bot", "seed": "7"}, random_seed=lambda: 7)
    assert app.screen == "game"
    app.handle("nav", "settings")
    app.handle("nav", "live-ice:settings")
    html = settings_html(app)
    assert '<details class="live-ice" open><summary data-nav="live-ice:settings">Connection servers (STUN, TURN)' in html
    assert "public internet addresses" in html and "relays the game's traffic" in html and "Off." in html
    # each field has its label (for=id) and the servers' field is described by the text on what those hosts learn
    for field in ("use", "servers"):
        assert f'<label class="field" for="bs-ice-settings-{field}">' in html
        assert f'id="bs-ice-settings-{field}" data-input="live-ice-{field}:settings"' in html
    assert 'aria-describedby="bs-ice-settings-about"' in html and 'id="bs-ice-settings-about"' in html
    assert "aria-invalid" not in html
    app.handle("nav", "live-ice:settings")
    assert '<details class="live-ice">' in settings_html(app)          # folded again
    # an embedded game's compact settings leave it out (its page is another site's)
    embed = App(DictStorage(), {"game": "hexbattle", "seats": "human,bot", "seed": "7", "embed": "1"},
                random_seed=lambda: 7)
    assert embed.embed and embed.screen == "game"
    assert "live-ice" not in embed.render()


def test_a_host_sees_the_setting_twice_with_ids_that_differ_and_one_value():
    app = host()
    app.live.invites_wanted()
    app.live.invite_made(1, "OFFERCODE")
    app.handle("nav", "settings")
    html = app.render()
    assert 'data-input="live-ice-servers"' in html and 'data-input="live-ice-servers:settings"' in html
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), "no id twice on the page"
    app.handle("input", "live-ice-servers:settings", "stun:stun.example.org")
    html = app.render()
    assert html.count(">stun:stun.example.org</textarea>") == 2        # the panel shows what Settings set


def test_servers_set_in_the_settings_are_saved_for_the_panel_and_the_friends_page():
    storage = DictStorage()
    app = App(storage, {"game": "hexbattle", "seats": "human,bot", "seed": "7"}, random_seed=lambda: 7)
    app.handle("nav", "settings")
    app.handle("input", "live-ice-servers:settings", " turn:turn.example.org:3478 ann pw \n\nstun:stun.example.org ")
    app.handle("input", "live-ice-use:settings", "on")
    assert ice.load(storage.get(ice.KEY)) == {
        "use": True, "text": "turn:turn.example.org:3478 ann pw\nstun:stun.example.org",
        "servers": [{"urls": "turn:turn.example.org:3478", "username": "ann", "credential": "pw"},
                    {"urls": "stun:stun.example.org"}]}
    assert "On: 2 server(s)." in settings_html(app)
    # the host's invitation and a friend's reply (pages opened later on this device) use them
    assert [s["urls"] for s in host(storage).live.ice_servers()] == ["turn:turn.example.org:3478", "stun:stun.example.org"]
    friend = App(storage, {}, random_seed=lambda: 1)
    assert friend.go_to("#/join/OFFERCODE")
    assert len(friend.live.ice_servers()) == 2 and "On: 2 server(s)." in friend.render()


def test_an_invitation_waiting_is_made_anew_when_the_settings_change_the_servers():
    app = host()
    assert app.live.invites_wanted() == [1]
    app.live.invite_made(1, "OFFERCODE")
    app.handle("input", "live-ice-servers:settings", "stun:stun.example.org")
    app.handle("input", "live-ice-use:settings", "on")
    assert app.live.invites_wanted() == [1] and app.live.ice_servers() == [{"urls": "stun:stun.example.org"}]
    app.live.invite_made(1, "OFFER2")
    app.handle("input", "live-ice-servers:settings", "stun:stun.example.org")     # the same list: nothing new
    assert app.live.invites_wanted() == []


def test_a_bad_list_in_the_settings_is_refused_with_the_reason_beside_it_and_the_old_list_kept():
    storage = DictStorage()
    app = App(storage, {"game": "hexbattle", "seats": "human,bot", "seed": "7"}, random_seed=lambda: 7)
    app.handle("nav", "settings")
    app.handle("nav", "live-ice:settings")
    app.handle("input", "live-ice-servers:settings", "stun:stun.example.org")
    app.handle("input", "live-ice-use:settings", "on")
    kept = storage.get(ice.KEY)
    app.handle("input", "live-ice-servers:settings", "stun:stun.example.org\nturn:turn.example.org ann")
    assert storage.get(ice.KEY) == kept and app.live.ice_servers() == [{"urls": "stun:stun.example.org"}]
    assert any("needs its username and password" in m["text"] for m in app.messages)     # said at once (an alert)
    html = settings_html(app)
    # what was typed stays in the field to be corrected, marked invalid, described by the reason first
    assert re.search(r'<textarea id="bs-ice-settings-servers" data-input="live-ice-servers:settings"[^>]*'
                     r'aria-describedby="bs-ice-settings-why bs-ice-settings-about" aria-invalid="true">'
                     r'stun:stun.example.org\nturn:turn.example.org ann</textarea>', html)
    why = re.search(r'<p class="notice error live-ice-why" id="bs-ice-settings-why">([^<]*)</p>', html)
    assert why and "Line 2: a TURN server needs its username and password" in why.group(1)
    assert "On: 1 server(s)." in html                                    # the servers in use are still the old ones
    # a list that is right clears the reason
    app.handle("input", "live-ice-servers:settings", "stun:stun.example.org\nturn:turn.example.org ann pw")
    html = settings_html(app)
    assert "aria-invalid" not in html and "live-ice-why" not in html and "On: 2 server(s)." in html
    assert len(ice.load(storage.get(ice.KEY))["servers"]) == 2


def test_a_refusal_is_shown_where_the_list_was_typed_only():
    app = host()
    app.live.invites_wanted()
    app.live.invite_made(1, "OFFERCODE")
    app.handle("nav", "settings")
    app.handle("input", "live-ice-servers", "http://example.org")          # typed in the host's panel
    html = app.render()
    assert 'id="bs-ice-live-why"' in html and 'id="bs-ice-settings-why"' not in html
    assert html.count('aria-invalid="true"') == 1
    assert app.live.invites_wanted() == []                                 # nothing changed: no new invitation
