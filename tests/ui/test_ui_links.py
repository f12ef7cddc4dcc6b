"""Games by link (pyapp/ui/links.py): the codec's round trip and size, and every hostile link refused with a
plain message (bad base64, bad zlib, zip bombs, wrong versions, unknown games, illegal or too many ids), in
the codec and in the app (a notice, never a crash)."""
import binascii
import json
import zlib

import pytest

from pyapp import games
from pyapp.engine import saves
from pyapp.ui import DictStorage, links
from pyapp.ui.links import LinkError

from play_helpers import played
from test_ui_app import make


def _save(state, seats=None, names=None):
    n = state.players
    return saves.to_save(state, save_id="abc123", seats=seats or ["human"] * n,
                         names=names or [f"P{i}" for i in range(n)], title="t")


def _raw(obj_or_bytes):
    """Link data for any JSON value (or raw bytes), compressed and encoded as a link is."""
    data = obj_or_bytes if isinstance(obj_or_bytes, bytes) else json.dumps(obj_or_bytes).encode()
    return _b64(zlib.compress(data))


def _b64(data):
    return binascii.b2a_base64(data, newline=False).decode().rstrip("=").replace("+", "-").replace("/", "_")


def _good(state=None):
    d = _save(state or played())
    return {"v": 1, **{k: d[k] for k in ("game", "players", "seed", "options", "rules", "seats", "names", "actions")}}


# ------------------------------------------------------------------ round trip and size
def test_a_link_round_trips_to_the_same_game():
    for gid, players in (("hexbattle", 2), ("doomspire", 3)):
        s = played(gid, players)
        d = _save(s, seats=["human", "bot:random"] + ["human"] * (players - 2), names=["Ann", "Bø", "Cy"][:players])
        frag = links.fragment(d)
        assert frag.startswith("#/link/") and set(frag[7:]) <= set(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for text in (frag, frag[7:]):
            state, meta = links.load(text)
            assert state == s
            assert meta["seats"] == d["seats"] and meta["names"] == d["names"] and meta["seed"] == s.seed
        assert links.decode(frag)["actions"] == s.history


def test_a_whole_game_fits_in_a_short_link():
    """A link holds only the seed, options, names and action ids, compressed: a few KB for a whole game."""
    g = games.get("hexbattle")
    from pyapp import bots
    s = g.new(2, 5)
    players = [bots.make("hexbattle", "random", 5 * 31 + i) for i in range(2)]
    while not s.is_over:
        seat = s.to_act[0]
        s.apply(seat, players[seat].choose(s, seat))
    frag = links.fragment(_save(s))
    assert len(s.history) > 100
    assert len(frag) < 4000 and len(frag) < len(saves.dumps(_save(s))) / 2
    assert links.load(frag)[0] == s


# ------------------------------------------------------------------ hostile links
def _refused(text, *words):
    with pytest.raises(LinkError) as err:
        links.load(text)
    msg = str(err.value)
    assert msg.startswith("This link") or msg.startswith("This is not"), msg
    for w in words:
        assert w in msg, msg
    return msg


def test_malformed_data_is_refused_with_a_plain_message():
    _refused("", "damaged")
    _refused("#/link/", "damaged")
    _refused("abc!def", "damaged")                             # not base64url
    _refused("ab cd", "damaged")
    _refused("a+b/c=", "damaged")                             # standard base64, not the link alphabet
    _refused("AAAAA", "damaged")                              # a length no base64 has
    _refused(_b64(b"hello, not zlib at all"), "damaged")      # bad zlib
    _refused(_b64(zlib.compress(b'{"v": 1, "game": "hexbattle"}')[:-6]), "cut short")     # zlib cut short
    _refused(_raw(b"\xff\xfe not text"), "not text")
    _refused(_raw(b"{not json"), "not valid JSON")
    _refused(_raw([1, 2, 3]), "holds no game")
    _refused(_raw("just a string"), "holds no game")
    _refused(_raw(b"[" * 200 + b"]" * 200), "nested too deeply")
    with pytest.raises(LinkError):
        links.decode(None)


def test_length_and_zip_bombs_are_bounded():
    _refused("A" * (links.MAX_LINK_CHARS + 4), "too long")
    bomb = _b64(zlib.compress(b" " * (50 * links.MAX_LINK_JSON), 9))
    assert len(bomb) < links.MAX_LINK_CHARS                  # small enough to reach the decompressor...
    _refused(bomb, "more data")                               # ...which stops at the bound
    just_over = _raw(json.dumps(_good()).encode() + b" " * links.MAX_LINK_JSON)
    _refused(just_over, "more data")


def test_versions_are_checked():
    _refused(_raw(dict(_good(), v=2)), "newer version")
    for v in (0, -1, "1", None, 1.0, True):
        _refused(_raw(dict(_good(), v=v)), "version")
    bad = _good()
    del bad["v"]
    _refused(_raw(bad), "version")


def test_unknown_games_illegal_ids_and_bad_fields_are_refused():
    _refused(_raw(dict(_good(), game="chess")), "cannot play")
    _refused(_raw(dict(_good(), game=["x"])), "game id")
    s = played()
    acts = [list(a) for a in s.history]
    acts[7] = [acts[7][0], "shoot:z99"]
    _refused(_raw(dict(_good(s), actions=acts)), "move 8", "not legal")
    acts = [list(a) for a in s.history]
    acts[3] = [1 - acts[3][0], acts[3][1]]                    # the right id, the wrong seat
    _refused(_raw(dict(_good(s), actions=acts)), "move 4")
    _refused(_raw(dict(_good(s), actions=[[0, "draw"]] * (saves.MAX_ACTIONS + 1))), "moves")
    _refused(_raw(dict(_good(s), actions=[[5, "draw"]])), "move 1")
    _refused(_raw(dict(_good(s), actions=[["0", "draw"]])), "move 1")
    _refused(_raw(dict(_good(s), actions="draw")), "list of moves")
    _refused(_raw(dict(_good(s), seed=-1)), "seed")
    _refused(_raw(dict(_good(s), seed=2 ** 60)), "seed")
    _refused(_raw(dict(_good(s), players=True)), "players")
    _refused(_raw(dict(_good(s), seats=["human"])), "seats")
    _refused(_raw(dict(_good(s), seats=["human", "bot:nosuch"])), "bot")
    _refused(_raw(dict(_good(s), seats=["human", "<script>"])), "seats")
    _refused(_raw(dict(_good(s), names=[1, 2])), "names")
    _refused(_raw(dict(_good(s), options=[1])), "options")
    _refused(_raw(dict(_good(s), options={"armies": ["No such army", "Nor this"]})), "settings are invalid")
    _refused(_raw(dict(_good(s), rules=99)), "newer version")


HOSTILE = ["#/link/", "#/link/abc!def", "#/link/AAAAA", "#/link/" + "A" * (links.MAX_LINK_CHARS + 4)]


def test_the_app_shows_a_notice_for_every_hostile_link_and_keeps_going():
    s = played()
    bomb = _b64(zlib.compress(b" " * (20 * links.MAX_LINK_JSON), 9))
    acts = [list(a) for a in s.history]
    acts[2] = [acts[2][0], "<img src=x onerror=alert(1)>"]
    texts = HOSTILE + ["#/link/" + t for t in (
        bomb, _raw(b"{"), _raw(dict(_good(), v=9)), _raw(dict(_good(), game="<b>chess</b>")),
        _raw(dict(_good(s), actions=acts)), _raw(dict(_good(s), actions=[[0, "x"]] * (saves.MAX_ACTIONS + 5))))]
    storage = DictStorage()
    app = make({}, storage)
    before = dict(storage.data)
    for text in texts:
        assert app.go_to(text) is False, text[:40]
        assert app.screen == "shelf" and app.state is None
        html = app.render()
        assert "Could not open the game link" in html, text[:40]
        assert "<b>chess" not in html and "<img src=x" not in html
        app.messages.clear()
    assert storage.data == before                              # nothing stored for a refused link
    # outside text from the link is quoted in the message (it cannot pose as the app's words)
    app.go_to("#/link/" + _raw(dict(_good(), game="chess")))
    assert any("“\u2068chess\u2069”" in m["text"] for m in app.messages), app.messages


def test_a_good_link_after_a_bad_one_still_opens():
    app = make({}, DictStorage())
    assert not app.go_to("#/link/%%%")
    s = played()
    assert app.go_to(links.fragment(_save(s)))
    assert app.state == s and app.link is not None


# ------------------------------------------------------------------ the hints a link carries (issue 17)
def test_a_link_carries_its_hints_and_a_hostile_hints_list_is_left_out_with_a_notice():
    from pyapp.ui import hints
    s = played()
    seat = s.to_act[0]
    rec = {"step": len(s.history), "seat": seat, "action": hints.suggest(s, seat)}
    good = dict(_good(s), hints=[rec])
    assert links.decode(_raw(good))["hints"] == [rec]
    app = make({}, DictStorage())
    assert app.go_to("#/link/" + _raw(good)) and [h["action"] for h in app.hints] == [rec["action"]]
    assert not app.messages
    forged = "<img src=x onerror=alert(1)>"
    for bad in ("x", [rec, rec], [dict(rec, step=len(s.history) + 1)], [dict(rec, seat=2)], [dict(rec, action=forged)],
                [dict(rec, action="a" * (hints.MAX_HINT_ID + 1))], [rec] * (hints.MAX_HINTS + 1),
                [dict(rec, step=float(rec["step"]))], [[0, 0, "draw"]]):
        app = make({}, DictStorage())
        assert app.go_to("#/link/" + _raw(dict(_good(s), hints=bad))), bad       # the game opens
        assert app.state == s and app.hints == []
        assert any("record of hints is damaged" in m["text"] for m in app.messages), (bad, app.messages)
        assert forged not in app.render()
    # nested too deeply to be a hints list: the whole link is refused before anything is read
    deep = dict(_good(s), hints=[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]])
    with pytest.raises(LinkError):
        links.decode(_raw(deep))
