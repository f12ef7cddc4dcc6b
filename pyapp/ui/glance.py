"""A game's first-game facts and its rules at a glance (issue 32, items 4 and 5).

Each game has ``pyapp/games/<id>/first_game.json`` (:func:`first_game`, checked by :func:`check_first_game`):

- ``players`` (how many play, in words), ``length`` (the person's decisions and the rounds of a typical game
  against the easy bot, measured with ``tools/game_length.py``: ``decisions``, ``rounds``, ``round`` the game's
  word for a round, ``games`` measured) and ``win`` (how to win, one short paragraph): the setup screen's
  "first game" line (:mod:`pyapp.ui.screens.setup`);
- ``glance``: the turn drawn as boxes with arrows (``steps``: ``id``, ``name``, ``line``; ``then``: what comes
  after the last box), and the one mapping from the view to the step on it (``key``: a key of the view the
  renderer gets, ``at``: its value -> a step's id).

:class:`Glance` is the game screen's part that shows the card: "At a glance" in the game bar opens it at the head
of the turn area (beside the board on a wide screen, above it on a phone: it covers nothing), its button or Escape
closes it (``glance``, ``glance-close``), and the step the view is at is marked (``aria-current="step"``).
"""
from __future__ import annotations

import re

from .. import games
from .markup import button, esc

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Any, Callable

    from .session import Session

FORMAT = 1
MAX_WIN = 600                       # characters of the how-to-win paragraph
MAX_LINE = 90                       # characters of a step's line on the card
_CLAUSE_RE = re.compile(r"\b[A-Z]{2,}-(?:[A-Z]+-)?\d+\b")      # a clause id (HB-TURN-2, CS-GAP-68): never shown
_cache: dict[str, dict | None] = {}


class FirstGameError(ValueError):
    """A ``first_game.json`` that does not pass :func:`check_first_game`."""


def _text(d: dict, key: str, most: int, where: str, problems: list[str]) -> None:
    v = d.get(key)
    if not isinstance(v, str) or not v.strip():
        problems.append(f"{where}{key}: a text is needed")
    elif len(v) > most:
        problems.append(f"{where}{key}: {len(v)} characters, at most {most}")
    elif _CLAUSE_RE.search(v):
        problems.append(f"{where}{key}: a clause id ({_CLAUSE_RE.search(v).group(0)}) on a player's screen")  # type: ignore[union-attr]


def check_first_game(d: Any, gid: str) -> list[str]:
    """What is wrong with game ``gid``'s first-game data ``d`` (empty: nothing)."""
    if not isinstance(d, dict):
        return ["not a JSON object"]
    problems: list[str] = []
    if d.get("format") != FORMAT:
        problems.append(f"format: {FORMAT} expected")
    if d.get("game") != gid:
        problems.append(f"game: {gid!r} expected")
    _text(d, "players", 60, "", problems)
    _text(d, "win", MAX_WIN, "", problems)
    n = d.get("length")
    if not isinstance(n, dict):
        problems.append("length: an object is needed")
    else:
        for k in ("decisions", "rounds", "games"):
            if not isinstance(n.get(k), int) or isinstance(n.get(k), bool) or n[k] < 1:
                problems.append(f"length.{k}: a whole number of 1 or more")
        _text(n, "round", 20, "length.", problems)
    g = d.get("glance")
    if not isinstance(g, dict):
        return problems + ["glance: an object is needed"]
    _text(g, "title", 60, "glance.", problems)
    _text(g, "then", MAX_LINE * 2, "glance.", problems)
    steps = g.get("steps")
    if not isinstance(steps, list) or not 2 <= len(steps) <= 8:
        return problems + ["glance.steps: 2 to 8 steps"]
    ids = []
    for i, st in enumerate(steps):
        if not isinstance(st, dict) or not isinstance(st.get("id"), str):
            problems.append(f"glance.steps[{i}]: an object with an id")
            continue
        ids.append(st["id"])
        _text(st, "name", 30, f"glance.steps[{i}].", problems)
        _text(st, "line", MAX_LINE, f"glance.steps[{i}].", problems)
    if len(set(ids)) != len(ids):
        problems.append("glance.steps: two steps with one id")
    if not isinstance(g.get("key"), str):
        problems.append("glance.key: the view's key to read")
    at = g.get("at")
    if not isinstance(at, dict) or not at:
        problems.append("glance.at: the view's values -> step ids")
    else:
        problems += [f"glance.at[{k!r}]: no step {v!r}" for k, v in at.items() if v not in ids]
    return problems


def first_game(gid: str) -> dict | None:
    """Game ``gid``'s first-game data (its ``first_game.json``, checked), or None if it has none.  Read once."""
    return games.game_json(gid, "first_game.json", check_first_game, FirstGameError, _cache)


def current_step(gid: str, view: object) -> str | None:
    """The id of the step on game ``gid``'s card that ``view`` (what the renderer gets) is at, or None."""
    d = first_game(gid)
    if d is None or not isinstance(view, dict):
        return None
    g = d["glance"]
    v = view.get(g["key"])
    return g["at"].get(str(v).lower() if isinstance(v, bool) else str(v)) if v is not None else None


def card_html(gid: str, view: object) -> str:
    """The card: a title, the steps as boxes joined by arrows (the current one marked), what comes after."""
    d = first_game(gid)
    if d is None:
        return ""
    g = d["glance"]
    cur = current_step(gid, view)
    items = []
    for k, st in enumerate(g["steps"]):
        on = st["id"] == cur
        mark = ' aria-current="step"' if on else ""
        now = ' <span class="glance-here">(now)</span>' if on else ""
        items.append(f'<li class="glance-step{" now" if on else ""}" data-step="{esc(st["id"])}"{mark}>'
                     f'<span class="glance-n" aria-hidden="true">{k + 1}</span>'
                     f'<b>{esc(st["name"])}</b>{now} <span class="glance-line">{esc(st["line"])}</span></li>')
    return (f'<section class="glance" id="glance" aria-labelledby="glance-title" data-glance="{esc(gid)}">'
            f'<h3 id="glance-title">{esc(g["title"])}</h3>'
            + button("Close", nav="glance-close", cls="small glance-close", title="close (Escape)")
            + f'<ol class="glance-flow">{"".join(items)}</ol>'
            f'<p class="glance-then"><span aria-hidden="true">↻ </span>{esc(g["then"])}</p></section>')


class Glance:
    """The game screen's "At a glance" card (open or closed; it stays open from move to move)."""

    def __init__(self, session: Session) -> None:
        self.s = session
        self.open = False

    def navs(self) -> dict[str, Callable[[str], None]]:
        return {"glance": self._nav_toggle, "glance-close": self._nav_close}

    def _nav_toggle(self, arg: str) -> None:
        self.open = not self.open

    def _nav_close(self, arg: str) -> None:
        self.open = False

    def key_nav(self, key: str) -> str | None:
        """Escape closes the open card."""
        return "glance-close" if key == "Escape" and self.open and self.s.screen == "game" else None

    def button_html(self, gid: str) -> str:
        """The game bar's button that opens and closes the card (none for a game without one)."""
        if first_game(gid) is None:
            return ""
        b = button("At a glance", nav="glance", cls="small glance-toggle",
                   title="the turn in one picture, the current step marked")
        return b.replace("<button ", f'<button aria-expanded="{"true" if self.open else "false"}" ', 1)

    def render(self, gid: str, view: object) -> str:
        return card_html(gid, view) if self.open else ""
