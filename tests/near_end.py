"""Whole-game browser tests that start near the end: the first part of a game is played in CPython through
``pyapp.ui.App`` (the contract the page drives: the markup's action ids, ``handle``, the bots' ``step_bot``), and
its save is handed to the page, which resumes it and plays the rest by clicking.

Why: a click costs the page a Pyodide render (about 1-2 s on the shared 2-core machines), so a whole game of 90
clicks took one to three minutes per test.  What the page must prove (it resumes a save, plays a game of that
title to its end screen by clicking, survives a reload) needs only the last clicks; the first part goes through
the same Python code in CPython, where whole games are also played by the UI and simulation tests.

* :func:`app_prefix`: play ``clicks`` of the person's clicks (policy ``choose`` over the enabled action ids in
  markup order, as ``harness.action_ids`` reads them) and the bots' moves; returns the storage the page would hold.
* :func:`hand_to_page`: put those entries into the page's localStorage before its scripts run, on its first load
  only (a later reload keeps what the page saved itself).
* :func:`bot_game_prefix`: a game of bots only, played in CPython to a few moves before its end.
* :func:`replace_save`: overwrite the page's own save of the current game with the CPython one's moves (same id),
  for games set up on screen; the next reload resumes there.
"""
from __future__ import annotations

import json
import re
from html import unescape
from typing import Callable

from pyapp.ui import App, DictStorage

_BUTTON_RE = re.compile(r"<[a-zA-Z][^>]*\sdata-action=\"([^\"]+)\"[^>]*>")
_DISABLED_RE = re.compile(r"\sdisabled(?=[\s>=/])")
KEEP = ("boardshelf:save:", "boardshelf:current")


def enabled_action_ids(html: str) -> list[str]:
    """The ids of the enabled ``data-action`` elements of ``html``, in markup order (``harness.action_ids``).

    >>> enabled_action_ids('<button data-action="a">A</button><button disabled data-action="b">B</button>'
    ...                    '<g data-action="c&amp;d"></g>')
    ['a', 'c&d']
    """
    return [unescape(m.group(1)) for m in _BUTTON_RE.finditer(html) if not _DISABLED_RE.search(m.group(0))]


def _not_a_person(app: App) -> bool:
    """True (after doing it) when the app was waiting for a bot's move or a hand-over, not for a click."""
    if app.bot_pending():
        assert app.step_bot()
        return True
    if app.handoff_seat() is not None:
        app.handle("nav", "handoff-ok")
        return True
    return False


def app_prefix(start: dict | Callable[[App], None], choose: Callable[[list[str]], str],
               clicks: int) -> dict[str, str]:
    """Start a game in CPython as the page does (``start``: the address's query, or what the person does on the
    setup screen, applied to an app on the shelf), play ``clicks`` person clicks and the bots' moves up to the
    next person's turn; returns the save and the current-game marker (the page's localStorage entries)."""
    storage = DictStorage()
    app = App(storage, dict(start) if isinstance(start, dict) else {}, random_seed=lambda: 1234)
    if callable(start):
        start(app)
    assert app.state is not None, "the query did not start a game"
    done = 0
    while True:
        assert not app.state.is_over, f"the game ended after {done} clicks in CPython: choose an earlier point"
        if _not_a_person(app):
            continue
        if done == clicks:
            break
        ids = enabled_action_ids(app.render())
        assert ids, f"nothing to click after {done} clicks"
        app.handle("action", choose(ids))
        done += 1
    return {k: v for k, v in storage.data.items() if k.startswith(KEEP)}


def bot_game_prefix(query: dict, before_end: int) -> dict[str, str]:
    """A game of bots only (``query``: the page's address, e.g. ``seats=bot:random,bot:random``) played in CPython
    by the app's own bot runner to ``before_end`` bot moves before its end; returns the page's localStorage entries
    (the page resumes it and its bots play the last moves)."""
    def play(moves: int | None) -> tuple[DictStorage, int]:
        storage = DictStorage()
        app = App(storage, dict(query), random_seed=lambda: 1234)
        assert app.state is not None, "the query did not start a game"
        done = 0
        while not app.state.is_over and (moves is None or done < moves):
            assert app.bot_pending(), "a seat that is not a bot"
            assert app.step_bot()
            done += 1
        return storage, done
    _storage, total = play(None)
    assert total > before_end, total
    storage, _done = play(total - before_end)
    return {k: v for k, v in storage.data.items() if k.startswith(KEEP)}


def save_of(entries: dict[str, str]) -> dict:
    """The one save among ``entries``, parsed."""
    (text,) = [v for k, v in entries.items() if k.startswith("boardshelf:save:")]
    return json.loads(text)


def hand_to_page(page, entries: dict[str, str]) -> None:
    """Before the page's next first load: localStorage holds ``entries`` (set only while it has no current game,
    so the page's own saves survive its reloads)."""
    page.add_init_script(
        "(entries => { if (localStorage.getItem('boardshelf:current')) return;"
        " for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); })(" + json.dumps(entries) + ")")


def replace_save(page, entries: dict[str, str]) -> dict:
    """The page's current save takes the moves of the save in ``entries`` (its id and dates kept); first checks
    that both are the same game (title, seats, seed, options) and that the page's moves are the first of those.
    Returns the page's save as it was."""
    theirs = save_of(entries)
    mine = page.evaluate("""() => JSON.parse(localStorage.getItem('boardshelf:save:'
                                                                   + localStorage.getItem('boardshelf:current')))""")
    for key in ("game", "players", "seed", "options", "seats", "rules"):
        assert mine.get(key) == theirs.get(key), (key, mine.get(key), theirs.get(key))
    assert theirs["actions"][:len(mine["actions"])] == mine["actions"], "the page's game is not the CPython one"
    new = dict(theirs, id=mine["id"], created=mine["created"], names=mine["names"], title=mine["title"])
    page.evaluate("(s) => localStorage.setItem('boardshelf:save:' + s.id, JSON.stringify(s))", new)
    return mine


def click_or_dispatch(page, aid: str) -> None:
    """``harness.click`` on action ``aid``, waiting up to 2 minutes for the bots after it.  (It was written for
    ``harness.click``'s 10 s wait when the element cannot take a pointer click at its centre
    (found in Cloudspire: the stack builder's ``put:`` buttons, whose centre hits the panel around them, and a
    ``step:`` marker of size 0): the same click event is dispatched on it at once, as harness.click's fallback does
    after 10 s.  Those waits were 60 of the 2-player game's 73 s; harness.click now checks first.)"""
    from harness import action_selector, click
    click(page, action_selector(aid), idle_timeout=120_000)


_COACHED_RE = re.compile(r"<[a-zA-Z][^>]*\sdata-action=\"([^\"]+)\" data-coach[\s>]")


def coached_action_ids(html: str) -> list[str]:
    """The ids of the controls the coach points at (``data-coach``, set by ``pyapp.ui.coach.Coach.mark`` right
    after the element's ``data-action``), in markup order.

    >>> coached_action_ids('<g data-action="a"></g><button data-action="b&gt;c" data-coach data-hint="0">B</button>')
    ['b>c']
    """
    return [unescape(m.group(1)) for m in _COACHED_RE.finditer(html)]


def guided_walk(gid: str, choose: Callable[[list[str], str], str] | None = None,
                limit: int = 300) -> list[dict[str, str]]:
    """Game ``gid``'s guided game (``?game=<gid>&tutorial=1``) played in CPython as the tutorial tests' page does
    (at each of the person's decisions ``choose(enabled ids, the coached id)``, by default the coached control;
    the confirmation when one is asked; the bots' moves) to the coach's done.  Returns the page's localStorage
    entries before each of the person's clicks.  Fails if a step has no single coached control among the
    person's enabled ids, or if the walk takes more than ``limit`` clicks."""
    storage = DictStorage()
    app = App(storage, {"game": gid, "tutorial": "1"}, random_seed=lambda: 1234)
    assert app.state is not None, gid
    before: list[dict[str, str]] = []
    while True:
        if _not_a_person(app):
            continue
        html = app.render()
        if "data-tutorial-done" in html:
            return before
        if 'data-nav="confirm"' in html:
            app.handle("nav", "confirm")
            continue
        assert len(before) < limit, f"{gid}: the guided game did not end in {limit} clicks"
        ids = enabled_action_ids(html)
        coached = sorted(set(coached_action_ids(html)))
        assert len(coached) == 1 and coached[0] in ids, (gid, len(before), coached)
        before.append({k: v for k, v in storage.data.items() if k.startswith(KEEP)})
        app.handle("action", coached[0] if choose is None else choose(ids, coached[0]))


def guided_prefix(gid: str, before_end: int) -> tuple[dict[str, str], int]:
    """:func:`guided_walk` by the coached controls: the entries ``before_end`` clicks before the coach's done,
    and the walk's number of clicks."""
    before = guided_walk(gid)
    assert len(before) > before_end, (gid, len(before))
    return before[len(before) - before_end], len(before)
