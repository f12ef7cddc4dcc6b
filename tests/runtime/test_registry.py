"""One registration (issue 33 item 5): a game declares itself once, in its package (pyapp/games/<id>/game.json);
the catalog, the shelf, the game's class, its stylesheet, the wheel's index, the mypy list, the golden
playthroughs, the random-simulation settings and the palette checks come from that declaration or are checked
against it here."""
from __future__ import annotations

import json
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from pyapp import games

from tool_modules import tool

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "pyapp" / "games"
IDS = [d["id"] for d in games.declarations()]


# for a child Python without a browser: stand-ins for the modules the glue imports (``js``, ``pyodide.ffi``)
PYODIDE_STUBS = ("ffi = types.ModuleType('pyodide.ffi'); ffi.create_proxy = ffi.to_js = lambda *a, **k: None\n"
                 "sys.modules['pyodide'] = types.ModuleType('pyodide'); sys.modules['pyodide.ffi'] = ffi\n")
BROWSER_STUBS = "sys.modules['js'] = types.ModuleType('js')\n" + PYODIDE_STUBS


def test_every_game_package_declares_itself_and_nothing_else_does():
    packages = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())
    declared = sorted(p.parent.name for p in GAMES.glob(f"*/{games.DECLARATION}"))
    assert packages == declared == sorted(IDS)
    assert IDS == ["hexbattle", "doomspire", "clockwork", "icefortress", "cloudspire"]    # the shelf's order


@pytest.mark.parametrize("gid", IDS)
def test_a_game_class_takes_its_identity_from_its_declaration(gid):
    d = games.declaration(gid)
    g = games.get(gid)
    assert (g.id, g.title, g.description, g.min_players, g.max_players, g.default_players, list(g.seat_colours)) \
        == (gid, d["title"], d["description"], d["players"]["min"], d["players"]["max"], d["players"]["default"],
            d["seat_colours"])
    card = next(c for c in games.catalog() if c["id"] == gid)
    assert card["css"] == f"web/{gid}.css" and (ROOT / card["css"]).is_file()
    assert card["shelf"] == d["shelf"] and card["ready"] is d["ready"]
    # the class names none of these itself: the declaration is the one place
    src = (GAMES / gid / "rules.py").read_text(encoding="utf-8")
    body = src.split("@declared\nclass ", 1)[1].split("\n\n\n", 1)[0]
    for attr in ("title", "description", "min_players", "max_players", "seat_colours"):
        assert f"\n    {attr} =" not in body, f"{gid}'s class sets {attr} itself"


def test_a_broken_declaration_is_refused_with_a_reason():
    good = json.loads((GAMES / "hexbattle" / games.DECLARATION).read_text(encoding="utf-8"))
    assert games.check_declaration(good, "hexbattle") == []
    cases = [
        ({**good, "id": "Hex Battle"}, "lower-case"),
        (good, "folder"),                                   # checked against another folder's name
        ({k: v for k, v in good.items() if k != "title"}, "missing 'title'"),
        ({**good, "colour": "red"}, "unknown field 'colour'"),
        ({**good, "players": {"min": 3, "max": 2, "default": None}}, "players"),
        ({**good, "players": {"min": 2, "max": 2, "default": 5}}, "players"),
        ({**good, "seat_colours": ["red", "#2b65ca"]}, "#rrggbb"),
        ({**good, "seat_colours": ["#ca2b2b"]}, "for up to 2 seats"),
        ({**good, "shelf": [["armies"]]}, "[nav, label]"),
        ({**good, "order": True}, "'order' must be a int"),
    ]
    for i, (d, words) in enumerate(cases):
        problems = games.check_declaration(d, "doomspire" if i == 1 else "hexbattle")
        assert any(words in p for p in problems), (words, problems)


def test_mypy_checks_every_game_package():
    files = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["files"]
    for gid in IDS:
        assert "pyapp/games" in files or f"pyapp/games/{gid}" in files, gid


def test_every_ready_game_has_a_golden_playthrough_and_a_status_line():
    golden = tool("golden")
    ready = [g["id"] for g in games.catalog() if g["ready"]]
    assert sorted({pt.game for pt in golden.PLAYTHROUGHS}) == sorted(ready)
    assert sorted(golden.STATUS) == sorted(IDS)


def test_the_random_simulation_and_palette_checks_name_every_game():
    sys.path.insert(0, str(ROOT / "tests" / "engine"))
    sys.path.insert(0, str(ROOT / "tests" / "ui"))
    try:
        import test_palette
        import test_random_simulation
    finally:
        del sys.path[:2]
    assert sorted(test_random_simulation.GAMES_PER_ID) == sorted(IDS)
    assert sorted(test_random_simulation.CHECK_EVERY) == sorted(IDS)
    assert sorted(test_palette.PALETTES) == sorted(IDS)


def test_the_wheel_carries_the_shelf_and_each_game_is_a_part_loaded_when_first_imported(tmp_path):
    """The wheel is imported in place (a zip: its folder cannot be listed), so it carries games.json and the
    guided games' and first-game files (build.SHELF_FILES), and no game's code: each game is a part (a zip beside the wheel) that the page fetches
    the first time one of its modules is imported (issue 33 item 6).  Imported from the wheel alone, the
    registry lists the same games; a game's import asks the loader for its part, once, and only that game's."""
    build = tool("build")
    wheel = build.build_wheel(pyc=False, out_dir=tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        index = json.loads(zf.read("pyapp/games/games.json"))
    assert [d["id"] for d in index] == IDS
    assert index == list(games.declarations())
    assert [n for n in names if n.startswith("pyapp/games/") and n.count("/") > 2] == sorted(
        [f"pyapp/games/{g}/{f}" for g in IDS for f in build.SHELF_FILES if (GAMES / g / f).is_file()])
    for gid in IDS:
        with zipfile.ZipFile(tmp_path / build.part_name(gid)) as zf:
            part = zf.namelist()
        assert f"pyapp/games/{gid}/__init__.py" in part and f"pyapp/games/{gid}/rules.html" in part
        assert all(n.startswith(f"pyapp/games/{gid}/") for n in part) and f"pyapp/games/{gid}/game.json" not in part
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); from pyapp import games; "
            "assert games.__file__.startswith(sys.argv[1]), games.__file__\n"
            "asked = []\n"
            "def load(gid):\n"
            "    asked.append(gid); games.add_part(sys.argv[2].replace('ID', gid))\n"
            "cards = games.catalog(); games.load_parts_with(load)\n"
            "g = games.get('doomspire'); html = g.rules_html(); games.get('doomspire')\n"
            "import pyapp.games.doomspire.render, pyapp.games.doomspire.bots\n"
            "assert g.__module__.startswith('pyapp.games.doomspire'), g\n"
            "assert sys.modules['pyapp.games.doomspire.rules'].__file__.startswith(sys.argv[2].replace('ID', 'doomspire'))\n"
            "print(json.dumps([cards, g.title, asked, len(html) > 1000]))")
    out = subprocess.run([sys.executable, "-S", "-c", code, str(wheel), str(tmp_path / build.part_name("ID"))],
                         capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [games.catalog(), "Lords of Doomspire", ["doomspire"], True]


def test_the_shelf_imports_no_game():
    """Start-up (issue 33 item 6): the shelf needs only the declarations; a game's rules, renderer and content
    are imported when it is opened."""
    code = ("import sys, types\n"
            + BROWSER_STUBS +
            "import pyapp.browser.main as M\n"
            "from pyapp.ui.app import App\n"
            "app = App(M.MemoryStorage()); html = app.render()\n"
            "assert app.screen == 'shelf' and 'Learn to play' in html and 'data-game=\"cloudspire\"' in html\n"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('pyapp.games.'))))\n"
            "app.handle('nav', 'setup:doomspire'); assert app.screen == 'setup', app.screen\n"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('pyapp.games.'))))\n")
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    shelf, setup = out.stdout.split("\n")[:2]
    assert shelf == ""
    assert "pyapp.games.doomspire.rules" in setup.split() and "hexbattle" not in setup


def test_a_game_whose_part_is_not_here_raises_part_missing_until_the_glue_adds_it(tmp_path):
    """A page the service worker controls cannot fetch a part synchronously (a worker never answers a
    synchronous request: offline it fails), so the import raises PartMissing and names the game; the glue fetches
    the part (pyapp/browser/parts.py), adds it, and the same import then works -- the shelf, imported from the
    wheel alone, still lists every game meanwhile (issue 33 item 6)."""
    build = tool("build")
    wheel = build.build_wheel(pyc=False, out_dir=tmp_path)
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); from pyapp import games\n"
            "def load(gid):\n"
            "    raise games.PartMissing(gid)\n"
            "games.load_parts_with(load)\n"
            "out = [games.part_loaded('clockwork')]\n"
            "try:\n"
            "    games.get('clockwork')\n"
            "except games.PartMissing as exc:\n"
            "    out.append(['missing', exc.game_id, isinstance(exc, ImportError)])\n"
            "out.append(games.missing_parts()); out.append(games.missing_parts())\n"
            "out.append(len(games.catalog()))\n"
            "games.add_part(sys.argv[2], 'clockwork')\n"
            "out += [games.part_loaded('clockwork'), games.get('clockwork').title, games.missing_parts()]\n"
            "print(json.dumps(out))")
    out = subprocess.run([sys.executable, "-S", "-c", code, str(wheel), str(tmp_path / build.part_name("clockwork"))],
                         capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [False, ["missing", "clockwork", True], ["clockwork"], [], len(IDS),
                                      True, "Clockwork Crusade", []]


def test_the_glue_knows_which_game_an_event_or_a_start_opens():
    """The glue fetches a game's part before the event that opens it (so a page offline under the service worker
    opens games too): setup, rules and guided game by id, a save's game from storage, an address's game."""
    code = ("import json, sys, types\n"
            "sys.modules['js'] = js = types.ModuleType('js')\n"
            "js.location = types.SimpleNamespace(hash='#/game/abc123')\n"
            + PYODIDE_STUBS +
            "from pyapp.browser.main import MemoryStorage\n"
            "from pyapp.browser.parts import PartsGlue\n"
            "g = PartsGlue(); g.storage = MemoryStorage({'boardshelf:save:abc123': json.dumps({'game': 'icefortress'}),\n"
            "    'boardshelf:current': 'abc123'}); g.query = {'game': 'cloudspire'}\n"
            "print(json.dumps([g.games_for_nav('setup:doomspire'), g.games_for_nav('learn:hexbattle'),\n"
            "    g.games_for_nav('load:abc123'), g.games_for_nav('replay-save:abc123'), g.games_for_nav('load:zzz'),\n"
            "    g.games_for_nav('shelf'), g.games_for_location('#/rules/clockwork'), g.start_games()]))\n")
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [["doomspire"], ["hexbattle"], ["icefortress"], ["icefortress"], [], [],
                                      ["clockwork"], ["cloudspire", "icefortress", "icefortress"]]


def test_the_glue_reads_a_hostile_files_game_safely():
    """Before an imported file reaches the app (which refuses it with a message), the glue reads which game's part
    it needs: a file nested 10,000 deep, or over the save's size, is no game to it instead of breaking its parser
    (the import then rendered nothing at all)."""
    code = ("import json, sys, types\n"
            "sys.modules['js'] = js = types.ModuleType('js')\n"
            + PYODIDE_STUBS +
            "from pyapp.browser.parts import _game_of\n"
            "big = json.dumps({'game': 'clockwork', 'pad': 'x' * 2_000_001})\n"
            "print(json.dumps([_game_of('[' * 10_000 + ']' * 10_000), _game_of(big), _game_of('{\"game\": \"clockwork\"}'),\n"
            "    _game_of('{\"game\": 3}'), _game_of('not json')]))\n")
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [None, None, "clockwork", None, None]
