"""The engine contract every Boardshelf game implements.

A game is a :class:`Game` (what it is, as data, plus ``new``/``from_json``)
and a :class:`State` subclass that answers a small fixed set of questions:

* ``to_act`` -- the seats whose decision is awaited (several in simultaneous
  phases, none once the game is over);
* ``legal_actions(seat)`` -- a list of :class:`Action` with short stable ids;
* ``apply(seat, action_id)`` -- do it, or raise :class:`IllegalAction` and
  change nothing;
* ``is_over`` / ``outcome()``;
* ``view(seat)`` -- what that seat may see (``None``: a spectator);
* ``to_json()`` / ``Game.from_json(text)`` -- a lossless round trip.

The base class owns the framework bookkeeping: the seeded :class:`Rng`, the
history of ``(seat, action_id)`` pairs that replays the game exactly, and
undo of an action that revealed nothing hidden and rolled no dice.

A game subclass implements the ``_``-prefixed hooks only:

``_setup()``, ``_to_act()``, ``_legal(seat)``, ``_apply(seat, action)``,
``_outcome()``, ``_view(seat)``, ``_dump()``, ``_load(data)``.
"""
from __future__ import annotations

import json

from .rng import Rng

STATE_FORMAT = 1


class IllegalAction(ValueError):
    """Raised by :meth:`State.apply` for an action that is not legal now.

    The state is left exactly as it was.
    """


class _Value:
    """A small immutable value: equality, hash and repr from ``__slots__``.

    (``dataclasses`` would do the same, but importing it costs start-up time in the browser.)
    """

    __slots__ = ()

    def _fields(self) -> tuple:
        return tuple(getattr(self, f) for f in self.__slots__)

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((type(self).__name__,) + self._fields())

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.__slots__)
        return f"{type(self).__name__}({inner})"


class Action(_Value):
    """One legal choice for one seat.

    ``id`` is short, stable and readable (``draw``, ``play:c07``,
    ``shoot:c5``); logs, saves, URLs, DOM ``data-action`` attributes and
    tests all use it.  ``label`` is human text.  ``kind`` groups actions for a
    renderer (``"card"``, ``"move"``, ...) and carries no rules meaning.

    >>> Action("draw", "Draw 5 cards", "draw") == Action("draw", "Draw 5 cards", "draw")
    True
    """

    __slots__ = ("id", "label", "kind")

    def __init__(self, id: str, label: str, kind: str = "") -> None:  # noqa: A002 - the contract's name
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "kind", kind)

    def __str__(self) -> str:  # pragma: no cover - convenience
        return self.id


class Outcome(_Value):
    """How a game ended.

    ``winners``: the seats that won (empty for a draw with no winner);
    ``ranking``: places best first, each a tuple of tied seats;
    ``reason``: one sentence a player can read.
    """

    __slots__ = ("winners", "ranking", "reason")

    def __init__(self, winners: tuple, ranking: tuple, reason: str) -> None:
        object.__setattr__(self, "winners", tuple(winners))
        object.__setattr__(self, "ranking", tuple(tuple(p) for p in ranking))
        object.__setattr__(self, "reason", reason)

    @property
    def draw(self) -> bool:
        return len(self.winners) != 1

    def to_dict(self) -> dict:
        return {"winners": list(self.winners), "ranking": [list(p) for p in self.ranking],
                "reason": self.reason, "draw": self.draw}


class Option(_Value):
    """A game option with its default, as data (for setup screens and docs)."""

    __slots__ = ("name", "default", "label", "choices")

    def __init__(self, name: str, default, label: str, choices: tuple = ()) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "default", default)
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "choices", tuple(choices))


class State:
    """Base class of every game state; see the module docstring."""

    game: "Game"          # set by each game module on its State subclass

    def __init__(self, players: int, seed: int, options: dict | None = None) -> None:
        g = self.game
        if not isinstance(players, int) or not g.min_players <= players <= g.max_players:
            raise ValueError(f"{g.title} takes {g.min_players}-{g.max_players} players, not {players!r}")
        self.players = players
        self.seed = int(seed)
        self.options = g.resolve_options(options, players)
        self.rng = Rng(self.seed)
        self.history: list[list] = []      # [seat, action_id] pairs, in order
        self.undoable: list[bool] = []     # per history entry
        self.log: list[str] = []           # human-readable events, public
        self._revealed = False
        self._setup()

    # ---- hooks a game implements -------------------------------------
    def _setup(self) -> None:
        raise NotImplementedError

    def _to_act(self) -> tuple:
        raise NotImplementedError

    def _legal(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def _apply(self, seat: int, action: Action) -> None:
        raise NotImplementedError

    def _outcome(self) -> Outcome | None:
        raise NotImplementedError

    def _view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def _dump(self) -> dict:
        raise NotImplementedError

    def _load(self, data: dict) -> None:
        raise NotImplementedError

    # ---- the contract -------------------------------------------------
    @property
    def to_act(self) -> tuple:
        return () if self.is_over else tuple(self._to_act())

    @property
    def is_over(self) -> bool:
        return self._outcome() is not None

    def outcome(self) -> Outcome | None:
        return self._outcome()

    def legal_actions(self, seat: int) -> list[Action]:
        if self.is_over or seat not in self._to_act():
            return []
        return self._legal(seat)

    def reveal(self) -> None:
        """Called by a game while applying an action that shows hidden information."""
        self._revealed = True

    def apply(self, seat: int, action_id: str) -> None:
        """Apply a legal action, or raise :class:`IllegalAction` changing nothing."""
        if self.is_over:
            raise IllegalAction(f"the game is over; {action_id!r} cannot be played")
        if seat not in self._to_act():
            raise IllegalAction(f"seat {seat} is not to act now (waiting for {list(self._to_act())})")
        for action in self._legal(seat):
            if action.id == action_id:
                break
        else:
            raise IllegalAction(f"{action_id!r} is not a legal action for seat {seat} now")
        draws = self.rng.draws
        self._revealed = False
        self._apply(seat, action)
        self.history.append([seat, action_id])
        self.undoable.append(self.rng.draws == draws and not self._revealed)

    def view(self, seat: int | None) -> dict:
        return self._view(seat)

    # ---- undo (by replay) --------------------------------------------
    def can_undo(self, seat: int) -> bool:
        """True when ``seat`` made the last action and it revealed nothing and rolled nothing."""
        return bool(self.history) and self.history[-1][0] == seat and self.undoable[-1] and not self.is_over

    def undo(self, seat: int) -> "State":
        """A new state equal to this one before ``seat``'s last action."""
        if not self.can_undo(seat):
            raise IllegalAction("the last action cannot be undone")
        return self.game.replay(self.players, self.seed, self.options, self.history[:-1])

    # ---- serialisation -------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({
            "format": STATE_FORMAT, "game": self.game.id, "players": self.players, "seed": self.seed,
            "options": self.options, "rng": self.rng.to_json(), "history": self.history,
            "undoable": self.undoable, "log": self.log, "data": self._dump(),
        }, separators=(",", ":"), sort_keys=True)

    def clone(self) -> "State":
        return self.game.from_json(self.to_json())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


class Game:
    """A game as data plus its constructors.  Subclass and set the class attributes."""

    id: str
    title: str
    min_players: int
    max_players: int
    description: str
    options_spec: tuple = ()
    state_class: type

    def info(self) -> dict:
        return {"id": self.id, "title": self.title, "min_players": self.min_players,
                "max_players": self.max_players, "description": self.description, "ready": True}

    def resolve_options(self, options: dict | None, players: int) -> dict:
        """Fill defaults and reject unknown options (a game may override to validate)."""
        options = dict(options or {})
        known = {o.name for o in self.options_spec}
        unknown = set(options) - known
        if unknown:
            raise ValueError(f"unknown option(s) for {self.id}: {', '.join(sorted(unknown))}")
        return {o.name: options.get(o.name, o.default) for o in self.options_spec}

    def new(self, players: int, seed: int, options: dict | None = None) -> State:
        return self.state_class(players, seed, options)

    def replay(self, players: int, seed: int, options: dict | None, actions) -> State:
        """Rebuild a state from its seed and action ids (raises IllegalAction on a bad id)."""
        state = self.new(players, seed, options)
        for seat, action_id in actions:
            state.apply(int(seat), str(action_id))
        return state

    def from_json(self, text: str) -> State:
        try:
            d = json.loads(text)
            if not isinstance(d, dict) or d.get("format") != STATE_FORMAT or d.get("game") != self.id:
                raise ValueError("not a state of this game")
            cls = self.state_class
            s = cls.__new__(cls)
            s.players = int(d["players"])
            s.seed = int(d["seed"])
            s.options = d["options"]
            s.rng = Rng.from_json(d["rng"])
            s.history = [list(h) for h in d["history"]]
            s.undoable = list(d["undoable"])
            s.log = list(d["log"])
            s._revealed = False
            s._load(d["data"])
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise ValueError(f"cannot read {self.id} state: {exc}") from exc
        return s

    def rules_html(self) -> str:
        """The in-app rules page for this game (HTML fragment)."""
        return ""
