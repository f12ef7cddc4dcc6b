"""A game's own setup step: the protocol between the app and ``pyapp/games/<id>/<Game.setup_step>.py``.

The generic setup screen (seats, names, the options built from ``Game.options_spec``) covers most
games.  A game whose players choose something richer before the game starts (Hex Battle: each
player's army, built in an army builder) names a module of its package in ``Game.setup_step``.
That module defines ``Step``, a subclass of :class:`SetupStep`; the app makes one per game it
shows (lazily, so the shelf imports no game) and calls it at fixed points:

* on the setup screen: :meth:`~SetupStep.begin` (a new setup), :meth:`~SetupStep.players_changed`,
  :meth:`~SetupStep.seat_html` (markup in each seat's row), :meth:`~SetupStep.setup_html` (below the
  seats), :meth:`~SetupStep.cover` (a screen shown instead of the setup screen, e.g. a private
  choice in hot seat) and, at Start, :meth:`~SetupStep.option_values` (the step's choices as option
  values; the app then checks every option once with ``Game.resolve_options``);
* for its own screens (``screens``: name -> breadcrumb) and events: :meth:`~SetupStep.render`,
  :meth:`~SetupStep.nav` and :meth:`~SetupStep.input` (return True when handled),
  :meth:`~SetupStep.leaving` / :meth:`~SetupStep.leave` (unsaved work on leaving its screens).

The step keeps its per-setup choices in ``setup["step"]`` (plain data) and anything else on itself.
It talks to the app only through :class:`StepContext`.  Its ``data-nav`` / ``data-input`` names must
not be the app's own (see :mod:`pyapp.ui.app`).  A registry entry may list ``shelf`` buttons
``(nav, label)`` for the game's card on the shelf; those navs are routed to the step.
"""
from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable

    from ..engine.core import Game
    from .session import Session
    from .storage import Storage


class StepContext:
    """What a setup step may ask of the app (a narrow view of its :class:`~pyapp.ui.session.Session`)."""

    def __init__(self, app: Session, game: Game) -> None:
        self._app = app
        self.game = game

    @property
    def storage(self) -> Storage:
        return self._app.storage

    @property
    def setup(self) -> dict | None:
        """The setup on screen if it is one of this game (its ``step`` key is the step's own), else None."""
        st = self._app.setup
        return st if st is not None and st.get("game") == self.game.id and "seats" in st else None

    @property
    def screen(self) -> str:
        """The screen shown now (one of the step's ``screens``, or an app screen)."""
        return self._app.screen

    def now(self) -> str:
        return self._app.clock()

    def notify(self, text: str, level: str = "error") -> None:
        self._app.notify(text, level)

    def store(self, key: str, value: str, what: str) -> bool:
        """Write to storage; on failure (full, blocked) the player gets a message and False comes back."""
        return self._app.write(key, value, what)

    def show(self, screen: str) -> None:
        """Show one of the step's ``screens``, or the app's ``setup`` / ``shelf``."""
        self._app.show(screen, self.game.id)

    def ask(self, question: str, on_yes: Callable[[], None], *, yes: str = "Delete", no: str = "Keep") -> None:
        """A confirmation dialog; ``on_yes()`` runs if the player confirms."""
        self._app.ask(question, on_yes, yes=yes, no=no)

    def seat_name(self, setup: dict, i: int) -> str:
        """The name seat ``i`` will have in the game (typed, or ``Player 2`` / ``Greedy bot``)."""
        return self._app.seat_name(i, setup["seats"][i], setup["names"][i])


class SetupStep:
    """Base class of a game's setup step: every hook does nothing.  See the module docstring."""

    screens: dict = {}

    def __init__(self, ctx: StepContext) -> None:
        self.ctx = ctx

    # ---- the setup screen
    def begin(self, setup: dict) -> None:
        """A new setup of this game: put the step's defaults in ``setup["step"]``."""

    def players_changed(self, setup: dict) -> None:
        """``setup["seats"]`` changed length: resize the step's per-seat choices."""

    def seat_html(self, setup: dict, i: int) -> str:
        """Extra markup in seat ``i``'s row."""
        return ""

    def setup_html(self, setup: dict) -> str:
        """Extra markup below the seats."""
        return ""

    def cover(self, setup: dict) -> str | None:
        """A screen to show instead of the setup screen (e.g. a private choice), or None."""
        return None

    def option_values(self, setup: dict, seed: int) -> dict:
        """The step's choices as option values (merged over the generic ones) at Start.

        Raise ``ValueError`` with a message for the player when a choice is missing."""
        return {}

    # ---- its own screens and events
    def render(self, screen: str) -> str:
        """The markup of one of ``screens``."""
        return ""

    def nav(self, cmd: str, arg: str) -> bool:
        """A ``data-nav`` the app does not handle itself (``cmd:arg``); True if handled."""
        return False

    def input(self, name: str, value: str) -> bool:
        """A ``data-input`` the app does not handle itself; True if handled."""
        return False

    def leaving(self, nav: str) -> str | None:
        """Asked before ``nav`` while one of the step's screens is shown: a question if it would lose work."""
        return None

    def leave(self) -> None:
        """The player confirmed leaving: drop the unsaved work."""
