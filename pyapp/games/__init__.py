"""The game registry.

A game declares itself once, in its own package: ``pyapp/games/<id>/game.json`` (id, shelf order, title,
description, player counts, whether it is ready, its shelf buttons, its seats' colours).  Everything else is
found from that: the shelf reads only the declarations (no game's rules are imported until it is opened), the
game's class takes its title, players and colours from it (:func:`declared`), its stylesheet is
``web/<id>.css`` (loaded with the game), and tests check the mypy list, the golden playthroughs and the
simulation settings against it (tests/runtime/test_registry.py).

From a source tree the declarations are found by listing this folder; the wheel (imported in place, as a zip,
where a folder cannot be listed without heavy imports) carries them all in one ``games.json`` that
tools/build.py writes from the same files.

In the browser a game's code is not in the wheel: each game is a *part* (``wheels/pyapp-<id>-<version>.zip``:
its rules, renderer, bots, content and rules page), fetched the first time one of its modules is imported
(:func:`load_parts_with`: the browser glue gives the fetch; :func:`add_part` puts the zip where the games are
imported from), so the shelf starts without any of them.

>>> [g["id"] for g in catalog()]
['hexbattle', 'doomspire', 'clockwork', 'icefortress', 'cloudspire']
"""
from __future__ import annotations

import importlib
import json
import os
import re
import sys

from ..engine.util import read_text

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Any, Callable, TypeVar
    G = TypeVar("G")

DECLARATION = "game.json"      # in each game's package
INDEX = "games.json"           # in the wheel: every declaration, written by tools/build.py
_ID_RE = re.compile(r"[a-z][a-z0-9]{1,30}")
_COLOUR_RE = re.compile(r"#[0-9a-fA-F]{6}")
_FIELDS = {"id": str, "order": int, "title": str, "description": str, "players": dict, "ready": bool,
           "shelf": list, "seat_colours": list}

_declarations: tuple[dict, ...] | None = None


def check_declaration(d: Any, folder: str | None = None) -> list[str]:
    """What is wrong with a game's declaration (empty if nothing): every field present with its type and
    nothing else, the id a lower-case word naming the package's folder, sensible player counts, one
    ``[nav, label]`` pair per shelf button and ``#rrggbb`` seat colours."""
    if not isinstance(d, dict):
        return ["a declaration is a JSON object"]
    problems = [f"missing {k!r}" for k in _FIELDS if k not in d]
    problems += [f"unknown field {k!r}" for k in d if k not in _FIELDS]
    problems += [f"{k!r} must be a {t.__name__}" for k, t in _FIELDS.items()
                 if k in d and (not isinstance(d[k], t) or (t is int and isinstance(d[k], bool)))]
    if problems:
        return problems
    if not _ID_RE.fullmatch(d["id"]):
        problems.append(f"id {d['id']!r} is not a lower-case word")
    if folder is not None and d["id"] != folder:
        problems.append(f"id {d['id']!r} is not its folder's name {folder!r}")
    p = d["players"]
    lo, hi, default = p.get("min"), p.get("max"), p.get("default")
    if set(p) != {"min", "max", "default"} or not all(isinstance(n, int) for n in (lo, hi)) \
            or not 1 <= lo <= hi <= 8 or not (default is None or (isinstance(default, int) and lo <= default <= hi)):
        problems.append("players must be {min, max, default} with 1 <= min <= max <= 8 and default null or within")
    if not all(isinstance(b, list) and len(b) == 2 and all(isinstance(x, str) and x for x in b) for b in d["shelf"]):
        problems.append("shelf buttons are [nav, label] pairs")
    if not d["seat_colours"] or not all(isinstance(c, str) and _COLOUR_RE.fullmatch(c) for c in d["seat_colours"]):
        problems.append("seat_colours are #rrggbb texts, one per seat at least")
    elif len(d["seat_colours"]) < hi:
        problems.append(f"seat_colours name {len(d['seat_colours'])} colours for up to {hi} seats")
    return problems


def _found() -> list[dict]:
    here = os.path.dirname(os.path.abspath(__file__))
    if not os.path.isdir(here):                                # the wheel, imported in place
        return list(json.loads(read_text(__name__, INDEX)))
    return [json.loads(read_text(__name__, name, DECLARATION)) for name in sorted(os.listdir(here))
            if os.path.isfile(os.path.join(here, name, DECLARATION))]


def declarations() -> tuple[dict, ...]:
    """Every game's declaration, checked, in shelf order (read once)."""
    global _declarations
    if _declarations is None:
        decls = []
        for d in _found():
            problems = check_declaration(d, d.get("id") if isinstance(d, dict) else None)
            if problems:
                raise ValueError(f"pyapp/games/{d.get('id', '?')}/{DECLARATION}: " + "; ".join(problems))
            decls.append(d)
        orders = [d["order"] for d in decls]
        if len(set(orders)) != len(orders) or len({d["id"] for d in decls}) != len(decls):
            raise ValueError("two games declare the same id or shelf order")
        _declarations = tuple(sorted(decls, key=lambda d: d["order"]))
    return _declarations


def declaration(game_id: str) -> dict:
    """Game ``game_id``'s declaration (``LookupError`` if no game has that id)."""
    for d in declarations():
        if d["id"] == game_id:
            return d
    raise LookupError(f"no game with id {game_id!r}")


def declared(cls: type[G]) -> type[G]:
    """Class decorator for a game's :class:`~pyapp.engine.Game`: its id from its package's name, and its title,
    description, player counts and seat colours from the package's declaration."""
    gid = cls.__module__.split(".")[2]                  # pyapp.games.<id>.rules
    d = declaration(gid)
    p = d["players"]
    for name, value in (("id", gid), ("title", d["title"]), ("description", d["description"]),
                        ("min_players", p["min"]), ("max_players", p["max"]), ("default_players", p["default"]),
                        ("seat_colours", tuple(d["seat_colours"]))):
        setattr(cls, name, value)
    return cls


def game_json(gid: str, name: str, check: Callable[[Any, str], list[str]], error: type[ValueError],
              cache: dict[str, dict | None]) -> dict | None:
    """Game ``gid``'s data file ``pyapp/games/<gid>/<name>`` (a guided game, first-game text), read once into
    ``cache`` and checked by ``check(data, gid)``: None if the game has none; ``error`` lists what is wrong."""
    if gid not in cache:
        try:
            text = read_text(__name__, gid, name)
        except (OSError, KeyError, ValueError):
            cache[gid] = None
            return None
        d = json.loads(text)
        problems = check(d, gid)
        if problems:
            raise error(f"{gid}/{name}: " + "; ".join(problems))
        cache[gid] = d
    return cache[gid]


def catalog() -> list[dict]:
    """Every game on the shelf: id, title, player counts, description, whether it is playable yet, the
    ``shelf`` buttons of its own setup step (Game.setup_step, see pyapp/ui/steps.py) and its stylesheet."""
    return [{"id": d["id"], "title": d["title"], "min_players": d["players"]["min"],
             "max_players": d["players"]["max"], "description": d["description"], "ready": d["ready"],
             "shelf": [list(b) for b in d["shelf"]], "css": f"web/{d['id']}.css"}
            for d in declarations()]


def get(game_id: str):
    """The :class:`~pyapp.engine.Game` for ``game_id`` (``LookupError`` if unknown or not playable yet)."""
    d = declaration(game_id)
    if not d["ready"]:
        raise LookupError(f"{d['title']} is coming soon and cannot be played yet")
    return importlib.import_module(f"pyapp.games.{game_id}").GAME


# ---------------------------------------------------------------- game parts (the browser)
_part_loader: Callable[[str], None] | None = None
_parts_asked: set[str] = set()
_missing: set[str] = set()


class PartMissing(ImportError):
    """A game's part is not on this page yet and cannot be fetched synchronously (a page the service worker
    controls: it does not answer synchronous requests): the browser glue fetches it (:func:`missing_parts`)
    and does again what asked for it."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"the files of game {game_id!r} are still loading")
        self.game_id = game_id


def add_part(path: str, game_id: str | None = None) -> None:
    """Import game modules from ``path`` too: a game's part, a zip holding ``pyapp/games/<id>/...``
    (``game_id``: the game it holds, which then is never asked for again)."""
    entry = path.rstrip("/") + "/pyapp/games"
    if entry not in __path__:
        __path__.append(entry)
    if game_id is not None:
        _parts_asked.add(game_id)
        _missing.discard(game_id)


def part_loaded(game_id: str) -> bool:
    """Whether game ``game_id``'s modules can be imported now (its part was added, or parts are not in use)."""
    return _part_loader is None or game_id in _parts_asked or f"{__name__}.{game_id}" in sys.modules or _on_disk(game_id)


def _on_disk(game_id: str) -> bool:
    """Whether the game's package is in a folder of ours (a source tree: no part needed)."""
    return any(os.path.isfile(os.path.join(p, game_id, "__init__.py")) for p in __path__)


def missing_parts() -> list[str]:
    """The games whose import failed for want of their part since the last call (:class:`PartMissing`)."""
    out = sorted(_missing)
    _missing.clear()
    return out


class _PartFinder:
    """First on ``sys.meta_path`` once parts are in use: the first import of ``pyapp.games.<id>`` has the loader
    fetch that game's part (then the normal finders find the package in it); a loader that cannot makes the
    import raise :class:`PartMissing`, remembered for :func:`missing_parts`."""

    @staticmethod
    def find_spec(fullname: str, path: Any = None, target: Any = None) -> None:
        bits = fullname.split(".")
        if (len(bits) == 3 and bits[0] == "pyapp" and bits[1] == "games" and bits[2] not in _parts_asked
                and _part_loader is not None and any(d["id"] == bits[2] for d in declarations())
                and not _on_disk(bits[2])):
            _parts_asked.add(bits[2])
            try:
                _part_loader(bits[2])
            except BaseException as exc:
                _parts_asked.discard(bits[2])          # (not stored yet: ask again next time)
                _missing.add(bits[2])
                if isinstance(exc, PartMissing):
                    raise
                raise PartMissing(bits[2]) from exc
            _missing.discard(bits[2])
        return None


def load_parts_with(loader: Callable[[str], None]) -> None:
    """From now on, the first import of a game's package calls ``loader(game_id)`` first, which must make the
    game's part importable (:func:`add_part`) or raise (the import then raises :class:`PartMissing`)."""
    global _part_loader
    _part_loader = loader
    if not any(isinstance(f, _PartFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _PartFinder())
