"""The app's saved games: writing the game on the table after every move, opening, resuming, importing and
exporting saves, the saves list's summaries.  A service of the session (:class:`pyapp.ui.session.Session`)
that the screens share; the save format itself is :mod:`pyapp.engine.saves`.
"""
from __future__ import annotations

import json
import re

from ..engine import saves
from ..engine.saves import SaveError
from .text import MAX_TITLE, clip, outcome_text, quote

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ..engine.core import State
    from .session import Session

_QUOTED_REASON_RE = re.compile(r"(This save's game settings are invalid|This save could not be replayed at move \d+)"
                               r" \((.*)\)\.$", re.DOTALL)


def save_error(exc: SaveError, text: object) -> str:
    """A :class:`SaveError`'s message with the save's own text in it (a move, a game id) quoted.

    ``pyapp.engine.saves`` writes them in parentheses (``move 4 (shoot:a1) is not legal there``,
    ``(no game with id 'chess')``): those are found by the values the file holds and put in :func:`quote`.
    A game's own reason built from the file's settings (``settings are invalid (no sample army called
    'X')``, ``could not be replayed at move 9 (...)``) is quoted whole."""
    msg = str(exc)
    whole = _QUOTED_REASON_RE.match(msg)
    if whole:
        return f"{whole.group(1)} ({quote(whole.group(2), 160)})."
    try:
        d = saves.check_header(text) if not isinstance(text, dict) else text
    except SaveError:
        return msg                         # failed before any field was read: nothing of the file in it
    m = re.search(r"move (\d+) \(", msg)
    outside = [str(d.get("game", ""))]
    if m and 0 < int(m.group(1)) <= len(d["actions"]):
        outside.append(d["actions"][int(m.group(1)) - 1][1])
    for s in sorted({o for o in outside if o}, key=len, reverse=True):
        for form in (f"({s})", f"{s!r}"):
            if form in msg:
                inner = form[1:-1]
                msg = msg.replace(form, form[0] + quote(inner) + form[-1] if form[0] == "(" else quote(inner), 1)
    return msg


class _NoHistory:
    """A state as :func:`pyapp.engine.saves.to_save` reads it, without its moves (:meth:`SaveStore.autosave`
    writes them itself, from the text of those it wrote before)."""
    __slots__ = ("_state",)
    history: tuple = ()

    def __init__(self, state: State) -> None:
        self._state = state

    def __getattr__(self, name: str) -> object:
        return getattr(self._state, name)


_MOVES_MARK = '"actions":"\\u0000"'      # (where the moves go in the save's text: its first key, sorted)


class SaveStore:
    """The session's saves (its namespace: the player's own, or an embedding link's)."""

    def __init__(self, session: Session) -> None:
        self.s = session
        self._moves: tuple[list, list[str]] = ([], [])     # the moves last written, and each one's JSON
        self._summaries: dict[str, tuple[tuple[int, int], dict]] = {}   # save key -> (fingerprint, shelf entry)

    # ================================================================ the game on the table
    def current_save(self) -> dict:
        """The game on the table as a save dict (with its hints), as links carry it."""
        _game, state, meta = self.s.playing()
        return self.s.with_hints(saves.to_save(state, save_id=meta["id"], seats=meta["seats"], names=meta["names"],
                                               title=meta["title"]))

    def autosave(self) -> None:
        """Write the game on the table (after every move), and mark it as the current game."""
        s = self.s
        if s.state is None or s.meta is None or (s.link is not None and not s.link["saved"]):
            return                         # (a game opened from a link is kept only when the person asks)
        now = s.clock()
        away = s.meta.get("standin", ())          # a bot plays a lost friend's seat meanwhile: still theirs
        seats = [("remote" if i in away else k) for i, k in enumerate(s.meta["seats"])]
        # (the moves, the bulk of a save, are written from the text of those written at the last move: the
        # same text as saves.dumps gives, without encoding the whole game again before every update)
        save: dict = saves.to_save(_NoHistory(s.state), save_id=s.meta["id"], seats=seats,
                                   names=s.meta["names"], title=s.meta["title"], created=s.meta["created"], updated=now)
        out = s.state.outcome()
        save["status"] = "in progress" if out is None else f"finished: {outcome_text(out, s.meta['names'])}"
        # where each person's recap starts and what it shows, so a reload shows the same box
        save["recap"] = {str(h): [s.seen_log.get(h, 0), *s.recap.get(h, (0, 0))] for h in s.humans()}
        s.with_hints(save)
        if s.meta.get("tutorial"):                  # a guided game (pyapp.ui.coach)
            save["tutorial"] = s.meta["tutorial"]
        sid = s.meta["id"]
        save["actions"] = "\0"
        text = saves.dumps(save)
        if text.startswith("{" + _MOVES_MARK):        # (the first key of the whole save: nothing else can match)
            text = '{"actions":' + self._moves_json(s.state.history) + text[len(_MOVES_MARK) + 1:]
        else:                                         # pragma: no cover - a save format without "actions" first
            save["actions"] = [[int(seat), str(aid)] for seat, aid in s.state.history]
            text = saves.dumps(save)
        if s.write(s.key(sid), text, "this game") and s.current_key:
            old = s.storage.get(s.current_key)
            if old != sid and s.save_prefix == saves.EMBED_SAVE_PREFIX and old and saves.valid_id(old):
                s.storage.remove(s.key(old))     # an embedding link keeps one game: the one it shows
            if old != sid:
                s.write(s.current_key, sid, "the current game marker")

    def _moves_json(self, history: list) -> str:
        """``history`` as the save's ``actions`` in JSON (``[[seat,"action id"],...]``, as :func:`saves.dumps`
        writes them), each move encoded once: the moves that are the same as at the last write are not again."""
        old, texts = self._moves
        k = min(len(old), len(history))
        if old[:k] != list(history[:k]):
            k = next(i for i, (a, b) in enumerate(zip(old, history)) if a != b)
        texts = texts[:k] + [json.dumps([int(seat), str(aid)], separators=(",", ":")) for seat, aid in history[k:]]
        self._moves = (list(history), texts)
        return "[" + ",".join(texts) + "]"

    def export(self) -> tuple[str, str] | None:
        """``(filename, text)`` of the game on screen, or None."""
        s = self.s
        if s.game is None or s.state is None or s.meta is None:
            return None
        meta = s.meta
        save = s.with_hints(saves.to_save(s.state, save_id=meta["id"], seats=meta["seats"], names=meta["names"],
                                          title=meta["title"], created=meta["created"], updated=s.clock()))
        return f"boardshelf-{s.game.id}-{meta['id']}.json", json.dumps(save, indent=1, sort_keys=True)

    # ================================================================ opening saves
    def open(self, sid: str, *, quiet_missing: bool = False) -> bool:
        """Put save ``sid`` on the table; a notice and False if it is gone or damaged."""
        s = self.s
        text = s.storage.get(s.key(sid))
        if text is None:
            if not quiet_missing:
                s.notify("That save no longer exists.")
            return False
        try:
            d = saves.check_header(text)
            if d["id"] != sid:
                raise SaveError("This save is damaged: its id does not match where it is stored.")
            state, meta = saves.load_save(d)
        except SaveError as exc:
            s.notify(f"Could not open the save: {save_error(exc, text)} Your other saves are untouched.")
            return False
        s.enter_game(state, meta)
        if s.current_key and s.storage.get(s.current_key) != sid:
            s.write(s.current_key, sid, "the current game marker")
        return True

    def open_linked(self, sid: str) -> bool:
        """``save=<id>`` in the link: open that one of the player's main saves (also when embedded: the
        link names it, so the embedded game plays and saves it; the main current marker stays as it is)."""
        s = self.s
        if not saves.valid_id(sid):
            s.notify(f"The link names a save {quote(sid)} that cannot exist (not a save id).")
            return False
        prefix, current = s.save_prefix, s.current_key
        s.save_prefix = saves.SAVE_PREFIX
        s.current_key = None if s.embedded else saves.CURRENT_KEY
        if s.storage.get(saves.save_key(sid)) is None:
            s.notify(f"The link names a save {quote(sid)} that is not in this browser.")
        elif self.open(sid):
            return True
        s.save_prefix, s.current_key = prefix, current
        return False

    def resume_matching(self, gid: str, seats: list[str], seed: int | None) -> bool:
        """A reload of a link that starts a game: its game again, if it is the current one and not over."""
        s = self.s
        sid = s.storage.get(s.current_key) if s.current_key else None
        if not sid:
            return False
        try:
            d = saves.check_header(s.storage.get(s.key(sid)) or "")
        except SaveError:
            return False
        if d["game"] != gid or d["seats"] != seats or (seed is not None and d["seed"] != seed):
            return False
        if str(d.get("status", "")).startswith("finished"):
            return False
        return self.open(sid, quiet_missing=True)

    def resume(self) -> None:
        """The current game again (a reload); a marker naming a save that is gone is removed."""
        s = self.s
        if not s.current_key:
            return
        sid = s.storage.get(s.current_key)
        if not sid:
            return
        if not self.open(sid, quiet_missing=True):
            s.storage.remove(s.current_key)

    def import_text(self, text: str | bytes) -> bool:
        """Check and replay a save file and open it.  The same game already in this browser (the same id, game,
        players, seed and options, one's moves a prefix of the other's) is not copied: the stored one opens, or,
        if the file has gone further, takes the file's moves.  Anything else is stored under the file's id if
        that is free, else a fresh one (never overwriting another game)."""
        s = self.s
        try:
            state, meta = saves.load_save(text)
        except SaveError as exc:
            s.notify(f"Import failed: {save_error(exc, text)}")
            return False
        sid = str(meta.get("id") or "")
        same = self._same_game_saved(state, sid)
        title = quote(clip(meta.get("title") or "This game", MAX_TITLE))
        if same is not None:
            stored_moves = same
            if stored_moves >= len(state.history) and self.open(sid):     # the same game, here as far or further
                s.notify(f"{title} is already in your saves: here it is"
                         + (f", {stored_moves - len(state.history)} moves further on." if stored_moves > len(state.history)
                            else "."), "info")
                return True
            if stored_moves < len(state.history):           # the file has gone further: the stored game follows it
                old = saves.check_header(s.storage.get(s.key(sid)) or "")
                s.enter_game(state, dict(meta, id=sid, recap=old.get("recap"), hints=meta.get("hints")))
                self.autosave()
                s.notify(f"{title} was in your saves {len(state.history) - stored_moves} moves behind: "
                         "it now goes on from the file.", "info")
                return True
        free = saves.valid_id(sid) and s.storage.get(s.key(sid)) is None
        meta = dict(meta, id=sid if free else saves.new_id())
        s.enter_game(state, meta)
        self.autosave()
        s.notify(f"Imported {quote(meta.get('title') or 'saved game')}.", "info")
        return True

    def _same_game_saved(self, state: State, sid: str) -> int | None:
        """If this namespace holds save ``sid`` of the same game as ``state`` (game, players, seed and options
        alike, and the moves of one a prefix of the other's): how many moves it holds; else None."""
        s = self.s
        if not saves.valid_id(sid):
            return None
        try:
            d = saves.check_header(s.storage.get(s.key(sid)) or "")
        except SaveError:
            return None
        if d["id"] != sid or (d["game"], d.get("players"), d["seed"]) != (state.game.id, state.players, state.seed):
            return None
        if json.dumps(d.get("options") or {}, sort_keys=True) != json.dumps(state.options, sort_keys=True):
            return None
        stored = [(int(a), str(b)) for a, b in d["actions"]]
        given = [(int(a), str(b)) for a, b in state.history]
        n = min(len(stored), len(given))
        return len(stored) if stored[:n] == given[:n] else None

    # ================================================================ the saves list
    def entries(self) -> list[dict]:
        """The saves of this namespace, newest first: ``{id, meta, error}``, ``meta`` a short summary
        (``title``, ``game``, ``moves``, ``status``, ``updated``, all shortened) or None for a damaged save.

        A save is parsed only when its stored text is new or changed (the summaries are cached per key with
        the length and hash of the text they came from): the shelf renders without re-parsing every save."""
        s = self.s
        out = []
        cache = self._summaries
        keys = [k for k in s.storage.keys() if k.startswith(s.save_prefix)]
        for key in keys:
            text = s.storage.get(key) or ""
            mark = (len(text), hash(text))       # the text's fingerprint: a hash, no parse (the text is not kept)
            hit = cache.get(key)
            if hit is None or hit[0] != mark:
                hit = cache[key] = (mark, self._summarize(key[len(s.save_prefix):], text))
            out.append(hit[1])
        for key in set(cache) - set(keys):
            del cache[key]
        out.sort(key=lambda e: (e["meta"] or {}).get("updated", ""), reverse=True)
        return out

    @staticmethod
    def _summarize(sid: str, text: str) -> dict:
        entry: dict = {"id": sid, "meta": None, "error": None}
        try:
            d = saves.check_header(text)
            if d["id"] != sid:
                raise SaveError("This save is damaged: its id does not match where it is stored.")
            entry["meta"] = {"title": clip(d.get("title") or "", MAX_TITLE), "game": d["game"],
                             "moves": len(d["actions"]), "status": clip(d.get("status") or "", MAX_TITLE),
                             "updated": clip(d.get("updated") or "", 40)}
        except SaveError as exc:
            entry["error"] = str(exc)
        return entry

    def ask_delete(self, sid: str) -> None:
        """Ask, then delete save ``sid`` (and the current-game marker if it names it)."""
        s = self.s
        meta = next((e["meta"] for e in self.entries() if e["id"] == sid), None)
        label = f"the saved game {quote((meta or {}).get('title') or sid)}"

        def delete() -> None:
            s.storage.remove(s.key(sid))
            if s.current_key and s.storage.get(s.current_key) == sid:
                s.storage.remove(s.current_key)
        s.ask(f"Delete {label}? This cannot be undone.", delete)
