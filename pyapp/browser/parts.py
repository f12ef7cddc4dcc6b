"""Games loaded when opened (issue 33 item 6): the browser side of :mod:`pyapp.games`' parts.

Each game's code is a part beside the wheel (``wheels/pyapp-<id>-<version>.zip``, tools/build.py).  The glue
fetches a part with ``fetch`` (so the service worker answers it, offline too) *before* it opens the app for a link,
a save or an address of that game, or routes an event that opens one (shelf -> setup, rules, a guided game,
a save, a replay, an imported file, Back/Forward: :class:`PartsGlue`); the bytes go into Pyodide's file system
and onto ``pyapp.games.__path__``, so every import stays synchronous.  An import nobody foresaw raises
:class:`pyapp.games.PartMissing` on a page a worker controls (the event runs again once the part is here:
:meth:`PartsGlue.run`; a screen is drawn once it is: ``Glue._swap``); a page without a worker fetches it
synchronously instead.  Once the shelf is up, a controlled page fetches every part in the background
(``Glue.prefetch``), so a game opens at once.  See docs/startup.md.
"""
from __future__ import annotations

import json
import os
import sys

from .. import games
from ..engine import saves
from ..ui.text import quote, truthy as _truthy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable

    from ..ui.app import App
    from ..ui.storage import Storage


def _js() -> Any:
    """The browser's ``js`` module, looked up at each use (the glue's tests give each page a fake one)."""
    return sys.modules["js"]


class PartsGlue:
    """The part of the browser glue (``main.Glue``) that fetches games' parts before they are needed."""

    app: App
    storage: Storage
    query: dict
    failed_parts: set[str]

    def update(self) -> None:          # (main.Glue)
        raise NotImplementedError

    def save_game(self, sid: str) -> str | None:
        """The game of save ``sid`` in this app's storage (its own or the player's saves), or None."""
        if not saves.valid_id(sid):
            return None
        for key in (saves.save_key(sid), saves.embed_save_key(sid)):
            gid = _game_of(self.storage.get(key))
            if gid:
                return gid
        return None

    def games_for_nav(self, nav: str) -> list[str]:
        """The games a ``data-nav`` value will open: ``setup:``/``rules:``/``learn:<game>``, a save's game."""
        cmd, _, arg = nav.partition(":")
        if cmd in ("setup", "rules", "learn"):
            return [arg]
        gid = self.save_game(arg) if arg else None
        return [gid] if gid else []

    def games_for_location(self, loc: str) -> list[str]:
        """The games an address of :meth:`App.location` will open."""
        what, _, arg = loc.lstrip("#").strip("/").partition("/")
        if what in ("game", "replay", "replay-save"):
            gid = self.save_game(arg)
            return [gid] if gid else []
        return [arg.split("/")[0]] if arg else []

    def start_games(self) -> list[str]:
        """The games the page's start will open: the link's game or save, the current game, the address's."""
        out = [str(self.query.get("game") or "")]
        if self.query.get("save"):
            out.append(self.save_game(str(self.query["save"])) or "")
        sid = self.storage.get(saves.CURRENT_KEY)
        if sid and not _truthy(self.query.get("embed", "")):
            out.append(self.save_game(sid) or "")
        if not _truthy(self.query.get("embed", "")):
            out += self.games_for_location(_location_hash())
        return [g for g in out if g]

    def after_parts(self, gids: list[str], then: Callable[[], None]) -> bool:
        """If a part of ``gids`` is not on the page yet: fetch it (through the service worker: offline too), then
        call ``then``; True if it is deferred so, False if nothing is missing (then ``then`` is not called)."""
        need = [g for g in dict.fromkeys(gids) if _is_game(g) and not games.part_loaded(g)
                and g not in self.failed_parts]
        if not need:
            return False
        _spawn(self._after_parts(need, then))
        return True

    async def _after_parts(self, need: list[str], then: Callable[[], None]) -> None:
        try:
            for gid in need:
                await fetch_part(gid)
        except Exception as exc:    # (offline before the worker stored it): asked again at the next input
            self.failed_parts.update(need)
            self.app.notify(f"The game's files could not be loaded ({quote(exc, 120)}): check the connection "
                            "and try again.")
        then()

    def run(self, fn: Callable[[], object], retry: bool = True) -> None:
        """``fn()`` (an event for the app), then update; if it needed a game part that is not here yet
        (:class:`~pyapp.games.PartMissing`), the part is fetched and ``fn`` runs again."""
        try:
            fn()
        except games.PartMissing:
            pass
        except Exception as exc:  # keep the page alive; show the problem
            self.app.notify(f"Internal error: {exc}")
        missing = games.missing_parts()
        if missing and retry and self.after_parts(missing, lambda: self.run(fn, retry=False)):
            return
        self.update()

    def prefetch(self, *_args: object) -> None:
        """In the background once the shelf is up, on a page the service worker controls (its cache has every
        part): every ready game's part, so a game opens at once."""
        if _controlled():
            need = [g["id"] for g in games.catalog() if g["ready"] and not games.part_loaded(g["id"])]
            if need:
                _spawn(_prefetch(need))


def _game_of(text: object) -> str | None:
    """The ``game`` of a save's text (a stored save, an imported file), or None.  Outside text: the same cheap
    checks as a save's before it is parsed (its size, how deeply it nests), so a hostile file reaches the app's
    own refusal (and its message) instead of breaking the parser here."""
    if not isinstance(text, str) or not text or len(text) > saves.MAX_SAVE_BYTES or \
            saves.json_depth(text) > saves.MAX_DEPTH:
        return None
    try:
        d = json.loads(text)
    except (ValueError, RecursionError):
        return None
    gid = d.get("game") if isinstance(d, dict) else None
    return gid if isinstance(gid, str) else None


def _is_game(gid: str) -> bool:
    return any(d["id"] == gid for d in games.declarations())


def _controlled() -> bool:
    """Whether a service worker answers this page's requests (then a synchronous request would miss it)."""
    try:
        sw = _js().navigator.serviceWorker
        return sw is not None and sw.controller is not None
    except Exception:  # no worker API, or storage denied
        return False


def part_file(gid: str) -> str:
    """Game ``gid``'s part, ``pyapp-<id>-<version>.zip`` beside the wheel (tools/build.py)."""
    from .. import __version__
    return f"pyapp-{gid}-{__version__}.zip"


def _add_part(gid: str, data: bytes) -> None:
    """Write a fetched part into Pyodide's file system and import the game from it."""
    path = os.path.abspath(part_file(gid))
    tmp = path + ".part"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)
    games.add_part(path, gid)


_FETCHING: dict[str, Any] = {}          # game id -> its part's fetch under way (a task)


async def _fetch_part(gid: str) -> None:
    resp = await _js().fetch(f"wheels/{part_file(gid)}")
    if not resp.ok:
        raise OSError(f"HTTP {resp.status}")
    buf = await resp.arrayBuffer()
    if not games.part_loaded(gid):
        _add_part(gid, buf.to_bytes())


async def fetch_part(gid: str) -> None:
    """Fetch game ``gid``'s part (the service worker answers it from its cache, offline too) and put it where
    the game is imported from; one fetch per game however many ask."""
    if games.part_loaded(gid):
        return
    import asyncio
    task = _FETCHING.get(gid)
    if task is None:
        task = _FETCHING[gid] = asyncio.ensure_future(_fetch_part(gid))
    try:
        await task
    finally:
        if task.done():
            _FETCHING.pop(gid, None)


async def _prefetch(gids: list[str]) -> None:
    for gid in gids:
        try:
            await fetch_part(gid)
        except Exception:  # (opening the game fetches it again, with a message if that fails too)
            pass


def _spawn(coro: Any) -> None:
    import asyncio
    asyncio.ensure_future(coro)


def load_game_part(gid: str) -> None:
    """The import's own loader, for an import nobody fetched the part for: a synchronous request, only on a
    page no service worker controls (a worker never answers one: offline it would fail); else
    :class:`~pyapp.games.PartMissing`, and the glue fetches the part and does the event again.  The bytes come
    back as x-user-defined text, whose every code unit carries one byte in its low half."""
    if _controlled():
        raise games.PartMissing(gid)
    xhr = _js().XMLHttpRequest.new()
    xhr.open("GET", f"wheels/{part_file(gid)}", False)
    xhr.overrideMimeType("text/plain; charset=x-user-defined")
    xhr.send(None)
    if int(xhr.status) not in (200, 0) or not xhr.responseText:
        raise games.PartMissing(gid)
    _add_part(gid, str(xhr.responseText).encode("utf-16-le")[::2])


def _location_hash() -> str:
    try:
        return str(getattr(_js().location, "hash", "") or "")
    except Exception:  # pragma: no cover
        return ""
