"""The end of a game: the summary table per seat, and the words that go with sharing a game.

:func:`summary_html` turns ``Game.summary(state)`` (rows ``(label, [text per seat])``, the figures that
decided the game first) into a table with one column per seat, each headed by the seat's name in its
colour (the name is always there: colour only adds to it).

>>> class G:
...     def summary(self, state): return [("Score", ["3", "5"]), ("Units lost", ["2", "<1>"])]
>>> html = summary_html(G(), None, ["Ann", "Bo"])
>>> '<th scope="col"><span class="seat seat-1"><bdi>Bo</bdi></span></th>' in html, "&lt;1&gt;" in html
(True, True)
>>> summary_html(type("E", (), {"summary": lambda self, s: []})(), None, ["Ann"])
''
"""
from __future__ import annotations

from .markup import bdi, esc

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Any, Sequence

MAX_ROWS = 30
MAX_CELL = 80

# What the app says next to every share button (a link carries the whole game, seed included).
SHARE_NOTE = ("A link carries the whole game, including its seed: whoever has the link can work out every "
              "hidden card, so hidden cards are only as private as the link.")


def _seat(i: int, name: str) -> str:
    return f'<span class="seat seat-{i}">{bdi(name)}</span>'


def summary_rows(game: Any, state: Any) -> list[tuple[str, list[str]]]:
    """``game.summary(state)`` checked and shortened (a game's bug gives no rows rather than no end screen)."""
    try:
        rows = game.summary(state)
    except Exception:  # a game's statistics must never take the end screen down
        return []
    out = []
    for row in list(rows or [])[:MAX_ROWS]:
        try:
            label, cells = row
            out.append((str(label)[:MAX_CELL], [str(c)[:MAX_CELL] for c in cells]))
        except (TypeError, ValueError):
            continue
    return out


def summary_html(game: Any, state: Any, names: Sequence[str]) -> str:
    """The summary table (empty if the game gives no figures)."""
    rows = summary_rows(game, state)
    if not rows:
        return ""
    head = "".join(f'<th scope="col">{_seat(i, n)}</th>' for i, n in enumerate(names))
    body = "".join(f'<tr><th scope="row">{esc(label)}</th>'
                   + "".join(f"<td>{esc(cells[i]) if i < len(cells) else ''}</td>" for i in range(len(names)))
                   + "</tr>" for label, cells in rows)
    return (f'<div class="summary-wrap"><table class="summary"><caption>How the game went</caption>'
            f'<thead><tr><td></td>{head}</tr></thead><tbody>{body}</tbody></table></div>')


def share_box(url: str, *, heading: str, intro: str = "") -> str:
    """The share panel: the link in a text field to copy by hand, a button that copies it (the browser glue's
    ``copy-link``), and the note that a link carries the whole game."""
    return (f'<section class="share-box" role="dialog" aria-labelledby="share-title">'
            f'<h3 id="share-title">{esc(heading)}</h3>{intro}'
            f'<p class="share-note">{esc(SHARE_NOTE)}</p>'
            f'<label class="field share-link">Link <input type="text" readonly value="{esc(url)}" '
            f'data-share-link="1" spellcheck="false"></label><div class="button-row">'
            f'<button type="button" class="btn primary small" data-nav="copy-link">Copy the link</button>'
            f'<button type="button" class="btn small" data-nav="share-close">Close</button></div></section>')
