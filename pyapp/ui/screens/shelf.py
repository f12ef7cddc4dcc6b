"""The shelf: the games to play, the saved games (continue, replay, share, delete, import), the games to come."""
from __future__ import annotations

from ... import games
from ..coach import has_tutorial
from ..ending import SHARE_NOTE
from ..markup import bdi, button, esc
from ..text import MAX_NOTICE, clip

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable

    from ..session import Session
    from ..store import SaveStore


# the games with a cover picture on the shelf: web/covers/<id>.svg (drawn for Boardshelf; precached with web/)
COVERS = frozenset({"hexbattle", "doomspire", "clockwork", "icefortress", "cloudspire"})


def cover(gid: str) -> str:
    """A game's cover picture: decorative (``alt=""``), as the card's title names the game."""
    if gid not in COVERS:
        return ""
    return (f'<img class="cover" src="web/covers/{esc(gid)}.svg" alt="" width="400" height="160" '
            'decoding="async" draggable="false">')


class ShelfScreen:
    """The shelf and its saves list."""

    def __init__(self, session: Session, store: SaveStore) -> None:
        self.s = session
        self.store = store

    def navs(self) -> dict[str, Callable[[str], None]]:
        return {"load": self._nav_load, "delsave": self.store.ask_delete}

    def _nav_load(self, sid: str) -> None:
        self.store.open(sid)

    def render(self) -> str:
        """The games to play, then the saved games, then the games still to come."""
        catalog = games.catalog()
        ready = "".join(self.card(g) for g in catalog if g["ready"])
        soon = "".join(self.card(g) for g in catalog if not g["ready"])
        return ('<section class="shelf"><h2>Games</h2>'
                f'<div class="game-grid">{ready}</div></section>'
                f'<section class="saves"><h2>Saved games</h2>{self.render_saves()}<div class="button-row">'
                + button("Import a save file…", nav="import") + "</div></section>"
                + (f'<section class="shelf soon"><h2>Coming soon</h2><div class="game-grid">{soon}</div></section>'
                   if soon else ""))

    @staticmethod
    def card(g: dict) -> str:
        """One game's card: its title, what it is, its players, and its buttons."""
        gid = g["id"]
        players = (f"{g['min_players']} players" if g["min_players"] == g["max_players"]
                   else f"{g['min_players']}-{g['max_players']} players")
        if g["ready"]:
            btns = (button("New game", nav=f"setup:{gid}", cls="primary")
                    + (button("Learn to play", nav=f"learn:{gid}", cls="learn") if has_tutorial(gid) else "")
                    + button("Rules", nav=f"rules:{gid}")
                    + "".join(button(esc(label), nav=nav) for nav, label in g.get("shelf", ())))
            badge = ""
        else:
            btns = '<button type="button" class="btn" disabled>Coming soon</button>'
            badge = '<span class="badge soon">coming soon</span>'
        return (f'<article class="game-card{" ready" if g["ready"] else " soon"}" data-game="{esc(gid)}">'
                f'{cover(gid)}<h3>{esc(g["title"])} {badge}</h3><p>{esc(g["description"])}</p>'
                f'<p class="meta">{players}</p><div class="button-row">{btns}</div></article>')

    def render_saves(self) -> str:
        titles = {g["id"]: g["title"] for g in games.catalog()}
        rows = []
        for e in self.store.entries():
            m = e["meta"]
            if m is None:
                rows.append(f'<li class="save damaged"><div><strong>Damaged save</strong> <small>({bdi(clip(e["id"], 40))})</small>'
                            f'<div class="why">{esc(clip(e["error"], MAX_NOTICE))}</div></div><div class="button-row">'
                            + button("Delete", nav=f"delsave:{e['id']}", cls="small danger") + "</div></li>")
                continue
            game_title = titles.get(m["game"], clip(m["game"], 40))
            title = m["title"]
            for tail in (f" — {game_title}", f" - {game_title}"):     # the game is named once, in the line below
                if title.endswith(tail) and len(title) > len(tail):
                    title = title[:-len(tail)]
            rows.append(
                f'<li class="save"><div><strong>{bdi(title or "Saved game")}</strong>'
                f'<div class="meta">{bdi(game_title)} · {m["moves"]} moves · '
                f'{bdi(m["status"])} · <time datetime="{esc(m["updated"])}">{esc(self.s.local_time(m["updated"]))}</time>'
                '</div></div><div class="button-row">'
                + button("Continue", nav=f"load:{e['id']}", cls="small primary")
                + button("Replay", nav=f"replay-save:{e['id']}", cls="small")
                + button("Share…", nav=f"share-save:{e['id']}", cls="small")
                + button("Delete", nav=f"delsave:{e['id']}", cls="small danger") + "</div></li>")
        return (f'<p class="share-note">Share… gives a link to a game. {esc(SHARE_NOTE)}</p>'
                f'<ul class="save-list">{"".join(rows)}</ul>' if rows
                else '<p class="empty">No saved games yet. Games save themselves after every move.</p>')
