"""Outside text, issue 34 items 8-11: the checks that run before parsing are linear in the input (8),
patterns that validate outside text match it whole (10), an imported save keeps only the fields the format
defines, each bounded (11), and a player's name is bidi-isolated wherever it appears (9)."""
import binascii
import json
import random
import time
import zlib

import pytest

from pyapp.engine import saves
from pyapp.ui import links
from pyapp.ui.links import LinkError


def _link(text):
    """Link data for raw JSON text, compressed and encoded as a link is."""
    packed = zlib.compress(text.encode(), 9)
    return binascii.b2a_base64(packed, newline=False).decode().rstrip("=").replace("+", "-").replace("/", "_")


# ------------------------------------------------------------------ 8. pre-parse checks are linear
# The shape: escaped quotes that never balance (every quote used to rescan to the end of the text).
HOSTILE_UNITS = ['\\"', '"\\"', '\\\\"\\', '["\\"', '"', "\\", "[", '{"a":["\\"', "[\"'\\\\\\\"]"]


def _best_time(fn, arg, repeat=5):
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(arg)
        best = min(best, time.perf_counter() - t0)
    return best


@pytest.mark.parametrize("unit", HOSTILE_UNITS)
def test_json_depth_is_linear_in_the_input(unit):
    """Eight times the text takes well under forty times the time (about 8 now; the issue's shape took 2.25 s
    at 16,000 characters before, 90 times its time at 2,000; now 0.4 ms)."""
    n = 2000
    small, big = (unit * n)[:n], (unit * (8 * n))[:8 * n]
    saves.json_depth(small)                                   # (warm up)
    t1, t8 = _best_time(saves.json_depth, small), _best_time(saves.json_depth, big)
    assert t8 < 40 * max(t1, 1e-5), (unit, t1, t8)


def test_a_short_link_that_unpacks_to_a_megabyte_of_unbalanced_quotes_is_refused_at_once():
    text = '{"v":1,"game":"' + '\\"' * 450_000
    data = _link(text)
    assert len(data) < 2000                                   # the was 69 characters
    t0 = time.perf_counter()
    with pytest.raises(LinkError, match="not valid JSON|damaged"):
        links.decode(data)
    assert time.perf_counter() - t0 < 10                      # 0.14 s here (900 KB unpacked); quadratic: hours


def _true_depth(v):
    if isinstance(v, list):
        return 1 + max((_true_depth(x) for x in v), default=0)
    if isinstance(v, dict):
        return 1 + max((_true_depth(x) for x in v.values()), default=0)
    return 0


def _random_value(rng, depth):
    alphabet = '[]{}"\\/ab\n\t\u202e\u00e9,:'
    r = rng.random()
    if depth > 0 and r < 0.3:
        return [_random_value(rng, depth - 1) for _ in range(rng.randrange(4))]
    if depth > 0 and r < 0.55:
        return {"".join(rng.choice(alphabet) for _ in range(rng.randrange(5))): _random_value(rng, depth - 1)
                for _ in range(rng.randrange(4))}
    if r < 0.85:
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(8)))
    return rng.choice([1, -2.5, True, None])


def test_json_depth_is_exact_on_nested_and_escaped_json():
    assert saves.json_depth("[" * 40 + "]" * 40) == 40
    assert saves.json_depth('["\\\\", [["\\\\\\"]"]]]') == 3          # an escaped backslash ends before the quote
    assert saves.json_depth('["a \\" [[[[", {"k": "]]]]\\"", "l": [{}]}]') == 4
    assert saves.json_depth('"\\u0022[[["') == 0                      # \u0022 is a quote, but not the end of text
    assert saves.json_depth("") == 0
    rng = random.Random(34)
    for _ in range(400):
        v = _random_value(rng, rng.randrange(7))
        for text in (json.dumps(v), json.dumps(v, ensure_ascii=False), json.dumps(v, indent=1)):
            assert saves.json_depth(text) == _true_depth(v), text


def test_text_json_would_refuse_is_never_measured_shallower_than_json_would_nest():
    """A string never closed hides the brackets after it, but JSON stops at that string too."""
    for text in ('[1, "open [[[[[[', '["a\\', '["\\"]]]]', '{"a": "x\n[[[[[["}'):
        with pytest.raises(ValueError):
            json.loads(text)
    assert saves.json_depth("[" * 33 + '"') == 33                     # brackets before the quote still count
    with pytest.raises(saves.SaveError, match="nested too deeply"):
        saves.parse_json("[" * 40 + '"' + "]" * 40, "save")


# ------------------------------------------------------------------ 10. validating patterns match whole text
def _save_text(**changes):
    from play_helpers import played
    s = played("hexbattle", 2, 11, 6)
    d = saves.to_save(s, save_id="abc123", seats=["human", "bot:random"], names=["Ann", "Bob"], title="Ann vs Bob")
    d.update(changes)
    return d


@pytest.mark.parametrize("seat", ["human\n", "bot:random\n", "human\r\n", "\nhuman", "human "])
def test_a_seat_with_a_trailing_newline_is_refused_from_a_file_and_from_a_link(seat):
    from pyapp.ui import DictStorage
    from test_ui_app import make
    d = _save_text(seats=[seat, "bot:random"])
    with pytest.raises(saves.SaveError, match="seats do not match"):
        saves.check_header(d)
    storage = DictStorage()
    app = make({}, storage)
    assert app.import_save(saves.dumps(d)) is False
    assert any("Import failed" in m["text"] and "seats" in m["text"] for m in app.messages), app.messages
    assert not [k for k in storage.keys() if k.startswith(saves.SAVE_PREFIX)]      # nothing kept on the shelf
    app.messages.clear()
    link = {k: d[k] for k in ("game", "players", "seed", "options", "rules", "seats", "names", "actions")}
    assert app.go_to("#/link/" + links.encode(link)) is False
    assert app.state is None
    assert any("Could not open the game link" in m["text"] and "seats" in m["text"] for m in app.messages)


@pytest.mark.parametrize("sid", ["abc123\n", "abc\n123", " abc123"])
def test_an_id_with_a_newline_is_not_a_valid_id(sid):
    assert saves.valid_id("abc123") and not saves.valid_id(sid)
    with pytest.raises(saves.SaveError, match="id is missing or invalid"):
        saves.check_header(_save_text(id=sid))


# ------------------------------------------------------------------ 11. an imported save keeps only bounded fields
def _stored_saves(storage):
    return {k: v for k, v in storage.data.items() if k.startswith(saves.SAVE_PREFIX)}


def test_an_imported_save_keeps_only_the_formats_fields_each_bounded():
    from pyapp.ui import DictStorage
    from test_ui_app import make
    d = _save_text(created="2" * 1_900_000, updated="u" * 5000, title="T" * 5000, status="s" * 5000,
                   names=["A" * 500, "B\u202e" * 10, "extra name"], junk={"x": "y" * 1000}, recap="r" * 9000)
    text = saves.dumps(d)
    assert saves.MAX_SAVE_BYTES > len(text) > 1_900_000            # a file the app opens
    storage = DictStorage()
    app = make({}, storage)
    assert app.import_save(text), app.messages
    (key, stored), = _stored_saves(storage).items()
    assert len(stored) < 3000, len(stored)                          # nothing of the 1.9 MB is kept
    rec = json.loads(stored)
    assert set(rec) <= set(saves.META_FIELDS) | {"actions"}
    assert len(rec["created"]) <= saves.MAX_STAMP and rec["created"] != d["created"][:saves.MAX_STAMP]
    assert len(rec["title"]) <= saves.MAX_TITLE
    assert rec["names"] == ["A" * saves.MAX_NAME, "B" * 10]
    assert rec["actions"] == d["actions"]
    # a move later (the app rewrites the record at every move) it is still small
    from pyapp.engine import Rng
    from test_ui_app import click_action
    click_action(app, Rng(3))
    assert all(len(v) < 3000 for v in _stored_saves(storage).values())


def test_load_save_meta_is_bounded_whatever_the_file_holds():
    d = _save_text(created=12345, title="x")
    with pytest.raises(saves.SaveError, match="created should be text"):
        saves.load_save(d)
    _state, meta = saves.load_save(_save_text(created="c" * 41, updated="2026-11-28T01:00:00Z", extra=[1] * 1000,
                                              recap={str(i): [0, 0, 0] for i in range(5)}))
    assert "created" not in meta and meta["updated"] == "2026-11-28T01:00:00Z"
    assert "extra" not in meta and "recap" not in meta and "actions" not in meta
    _state, meta = saves.load_save(_save_text(names=["Ann"], recap={"0": [1, 0, 1]}))
    assert meta["names"] == ["Ann"] and meta["recap"] == {"0": [1, 0, 1]}


# ------------------------------------------------------------------ 9. names are isolated wherever they appear
FSI, PDI = "\u2068", "\u2069"
OVERRIDES = "\u202a\u202b\u202c\u202d\u202e"
ISOLATES = "\u2066\u2067\u2068\u2069"
GAMES = ["hexbattle", "doomspire", "clockwork", "icefortress", "cloudspire"]


def _balanced(text):
    """No embedding or override, and every isolate closed in order (a PDI never comes before its opener)."""
    if any(c in text for c in OVERRIDES):
        return False
    depth = 0
    for c in text:
        if c in "\u2066\u2067\u2068":
            depth += 1
        elif c == PDI:
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def _all_wrapped(text, name):
    """Every occurrence of ``name`` in ``text`` is FSI name PDI (and there is one)."""
    parts = text.split(name)
    return len(parts) > 1 and all(p.endswith(FSI) for p in parts[:-1]) and all(p.startswith(PDI) for p in parts[1:])


def _attribute_values(html):
    import re
    return re.findall(r'(?:title|aria-label|alt|placeholder)="([^"]*)"', html)


HEB = "\u05d6\u05d5\u05e8\u05e7"       # a Hebrew word: a right-to-left name is isolated wherever it is shown


def _check_output(app, wrapped, plain=()):
    """Every text the app puts out (markup, tab title, every title/aria-label/alt/placeholder, every log line
    as plain text) has no override and only closed isolates; each name of ``wrapped`` is inside FSI ... PDI
    wherever it occurs.  Returns the texts."""
    from pyapp.engine import log as loglib
    html = app.render()
    texts = {"markup": html, "title": app.title()}
    texts.update({f"attr {i}": v for i, v in enumerate(_attribute_values(html))})
    texts.update({f"log {i}": loglib.plain(e, app.meta["names"]) for i, e in enumerate(app.state.log)})
    for where, text in texts.items():
        assert _balanced(text), (where, text[:300])
        for name in wrapped:
            if name in text:
                assert _all_wrapped(text, name), (where, name, text[:300])
    return texts


@pytest.mark.parametrize("gid", GAMES)
def test_a_name_with_a_right_to_left_override_is_isolated_everywhere_in_every_game(gid):
    """The override is dropped everywhere; a name with right-to-left letters is also wrapped in FSI ... PDI
    wherever it appears (a name of left-to-right letters only cannot reorder a line once the controls are
    gone, and is shown as it is)."""
    from pyapp.engine import Rng
    from test_ui_app import click_action, make
    app = make({"game": gid, "seed": "7"})
    app.handle("input", "players", "2")
    app.handle("input", "name-0", f"\u202e{HEB} Zorq\u2069 \u2066")           # an override and unpaired isolates
    app.handle("input", "name-1", "Quib\u202b" + "x" * 60)                   # (a bot seat may be named too)
    app.handle("nav", "start")
    assert app.screen == "game", app.messages
    zorq, quib = f"{HEB} Zorq", "Quib" + "x" * 35                             # (the field keeps 40 characters)
    seen = {zorq: 0, quib: 0}
    rng = Rng(5)
    for _ in range(12):
        if app.state.is_over:
            break
        texts = _check_output(app, [zorq])
        for name in seen:
            seen[name] += sum(t.count(name) for t in texts.values())
        click_action(app, rng, prefer=())
    texts = _check_output(app, [zorq])
    assert seen[zorq] and seen[quib], seen
    assert app.meta["names"][:2] == [FSI + zorq + PDI, quib]
    assert any(zorq in t for k, t in texts.items() if k.startswith("log")) or gid == "icefortress"


def test_a_long_turn_title_closes_every_name_it_cuts():
    from pyapp.ui.app import clip
    names = [FSI + HEB * 10 + PDI, FSI + "M" * 40 + PDI]
    lead = f"{names[0]} and {names[1]} to play"
    assert _balanced(clip(lead, 60)) and len(clip(lead, 60)) <= 61
    assert not _balanced(lead[:59] + "…")                                      # (what the cut was before)


def test_names_from_a_link_a_file_and_the_saves_list_are_isolated_too():
    from pyapp.engine import Outcome
    from pyapp.ui import DictStorage
    from test_ui_app import make
    evil = [f"\u202e{HEB}\u2067", "Quib\u202d\u2069\u2069"]
    kept = [FSI + HEB + PDI, "Quib"]
    d = _save_text(names=evil)
    link = {k: d[k] for k in ("game", "players", "seed", "options", "rules", "seats", "names", "actions")}
    storage = DictStorage()
    app = make({}, storage)
    assert app.go_to("#/link/" + links.encode(link))
    assert app.meta["names"] == kept
    if 0 in app.state.to_act:
        app.handle("nav", "link-me:0")
    _check_output(app, [HEB])
    app.state.outcome = lambda: Outcome.ranked([[0], [1]], "P2 stands", scores=[3, 1])    # the end banner too
    html = app.render()
    assert _balanced(html) and _all_wrapped(html, HEB) and "Quib" in html
    app = make({}, storage)
    assert app.import_save(saves.dumps(d))
    assert app.meta["names"] == kept
    _check_output(app, [HEB])
    stored = json.loads(storage.get(saves.save_key(app.meta["id"])))
    assert stored["names"] == [HEB, "Quib"]                         # a save keeps names plain; the app isolates
    storage.set(saves.save_key(app.meta["id"]), saves.dumps(dict(stored, names=evil)))
    app = make({}, storage)
    app.handle("nav", "shelf")
    app.handle("nav", f"replay-save:{stored['id']}")
    assert app.screen == "replay"
    html = app.render()
    assert _balanced(html) and _all_wrapped(html, HEB) and "Quib" in html
    assert _balanced(app.title())


def test_the_hot_seat_tab_title_and_hand_off_isolate_a_right_to_left_name():
    from test_ui_app import make
    app = make({"game": "hexbattle", "seed": "4"})
    app.handle("input", "seat-1", "human")
    long_name = "\u202e" + HEB * 10 + "\u202c"                                # 40 letters and two controls
    app.handle("input", "name-0", long_name)
    app.handle("input", "name-1", long_name)
    app.handle("nav", "start")
    assert app.handoff_seat() is not None
    names = [f"{HEB * 10}"[:39] + f" {i}" for i in (1, 2)]                  # (the field keeps 40; numbered)
    assert app.meta["names"] == [FSI + n + PDI for n in names]
    title, html = app.title(), app.render()
    assert title.startswith(f"Pass to {FSI}{names[app.handoff_seat()]}{PDI} · ") and _balanced(title), title
    assert _balanced(html) and _all_wrapped(html, names[app.handoff_seat()])


# ------------------------------------------------------------------ 8. the settings record is checked before parsing too
@pytest.mark.parametrize("record", ["[" * 100_000, '{"bot_speed": "slow", "x": "' + "y" * 20_000 + '"}',
                                    '{"bot_speed": "slow"' + ', "z": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]' * 3])
def test_a_huge_or_deep_settings_record_is_never_parsed_and_gives_the_defaults(monkeypatch, record):
    from pyapp.ui import DictStorage
    from pyapp.ui.storage import SETTINGS_KEY, load_settings
    parsed = []
    real = json.loads
    monkeypatch.setattr(json, "loads", lambda text, *a, **k: parsed.append(len(text)) or real(text, *a, **k))
    settings = load_settings(DictStorage({SETTINGS_KEY: record}))
    assert settings == {"bot_speed": "normal", "confirm": "ask", "board_zoom": "auto"}
    assert parsed == []                        # refused by size or nesting: the JSON parser never saw it
    assert load_settings(DictStorage({SETTINGS_KEY: '{"bot_speed": "slow"}'}))["bot_speed"] == "slow"
