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
    """Eight times the text takes well under forty times the time (quadratic code took ~64 times; the issue's
    shape at 16,000 characters took 0.7 s before, 2 ms now)."""
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
    assert time.perf_counter() - t0 < 10                      # ~0.1 s here; quadratic: hours


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
