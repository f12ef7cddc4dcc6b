"""A game's rules page (``Game.rules_html``), reached from the shelf, the setup and the game table."""
from __future__ import annotations

from ... import games
from ..markup import button, esc

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable

    from ..session import Session


class RulesScreen:
    def __init__(self, session: Session) -> None:
        self.s = session

    def navs(self) -> dict[str, Callable[[str], None]]:
        return {"rules": self.open, "back": self.back}

    def open(self, gid: str) -> None:
        games.get(gid)                                 # an unknown game: LookupError, a notice
        s = self.s
        if s.screen != "rules":
            s.back_to = s.screen
        s.rules_for = gid
        s.screen = "rules"

    def back(self, arg: str) -> None:
        s = self.s
        s.screen = s.back_to if s.back_to != "rules" else "shelf"
        if s.screen == "game" and s.state is None:
            s.screen = "shelf"

    def title(self) -> str:
        try:
            return f"Rules: {games.get(self.s.rules_for or '').title}"
        except LookupError:
            return "Rules"

    def render(self) -> str:
        gid = self.s.rules_for or ""
        try:
            game = games.get(gid)
            body = game.rules_html() or "<p>No rules page yet.</p>"
            title = game.title
        except LookupError as exc:
            body, title = f"<p>{esc(exc)}</p>", "Rules"
        heading = "" if "<h1" in body or "<h2" in body else f"<h2>{esc(title)}: rules</h2>"
        # a figure wider than a phone scrolls sideways in its own box (web/ui.css): a Tab stop, so a keyboard can
        # scroll it too
        body = body.replace("<figure>", '<figure tabindex="0">').replace("<figure ", '<figure tabindex="0" ')
        return (f'<section class="rules-page"><div class="button-row">{button("Back", nav="back")}</div>'
                f'<div class="rules-body">{heading}{body}</div>'
                f'<div class="button-row">{button("Back", nav="back")}</div></section>')
