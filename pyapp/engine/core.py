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
from operator import indexOf as _index_of
from operator import itemgetter as _item

from .hidden import Hidden
from .rng import Rng

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .types import Event
STATE_FORMAT = 1
# Undo restores a snapshot and replays what followed (see State.undo): a snapshot is taken before every
# action once undo has been asked about (the app's table asks after each move for the seat it shows, so a
# game a person plays, or a friend through the host's state, undoes with no replay at all), and before every
# SNAP_EVERY-th action of a game nobody has asked about (a simulation, a test, code that undoes without
# asking): there undo replays at most SNAP_EVERY actions, a bound that does not grow with the game, while a
# snapshot (a whole copy, 0.1-0.7 ms) costs a playout a quarter as much as one every 64 actions did (1-6 %).
# The last SNAP_KEEP are kept.
SNAP_EVERY = 256
SNAP_KEEP = 16

_ATOMS = (str, int, float, bool, type(None))
_tuple_new = tuple.__new__
_action_id = _item(0)


def _json_copy(x):
    """``x`` through a JSON round trip (what :func:`copy_data` does for anything but plain data)."""
    return json.loads(json.dumps(x, separators=(",", ":")))


def copy_data(x):
    """A deep copy of JSON-like data, equal to ``json.loads(json.dumps(x))`` (key order kept, tuples
    become lists, no sharing between the copy's parts) but without writing text: a dict whose keys
    are all strings and lists, tuples and atoms are copied directly, anything else (a dict with
    number keys, a dict subclass) goes through JSON.  Raises ``TypeError`` where JSON would.

    >>> d = {"b": [1, (2, 3)], "a": {"x": None}, "n": {1: True}}
    >>> c = copy_data(d)
    >>> c, list(c) == list(d), c["a"] is d["a"]
    ({'b': [1, [2, 3]], 'a': {'x': None}, 'n': {'1': True}}, True, False)
    """
    t = type(x)
    if t is dict:
        out = {}
        for k, v in x.items():
            if type(k) is not str:
                return _json_copy(x)
            tv = type(v)
            out[k] = v if tv is str or tv is int or v is None or tv is bool or tv is float else copy_data(v)
        return out
    if t is list or t is tuple:
        return [v if type(v) in _ATOMS else copy_data(v) for v in x]
    if t in _ATOMS:
        return x
    return _json_copy(x)


class IllegalAction(ValueError):
    """Raised by :meth:`State.apply` for an action that is not legal now.

    The state is left exactly as it was.
    """


class _Value:
    """A small immutable value: equality, hash and repr from ``__slots__``.

    (``dataclasses`` would do the same, but importing it costs start-up time in the browser.)
    """

    __slots__: tuple = ()

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


class Action(tuple):
    """One legal choice for one seat.

    ``id`` is short, stable and readable (``draw``, ``play:c07``,
    ``shoot:c5``); logs, saves, URLs, DOM ``data-action`` attributes and
    tests all use it.  ``label`` is human text.  ``kind`` groups actions for a
    renderer (``"card"``, ``"move"``, ...) and carries no rules meaning.
    ``confirm``: a question for the player when taking this action now is probably a
    mistake (``"End your turn with 2 dice unspent?"``); the app asks it before applying
    the action (unless the player turned the questions off).  Empty: no question.
    It carries no rules meaning either.

    >>> Action("draw", "Draw 5 cards", "draw") == Action("draw", "Draw 5 cards", "draw")
    True
    >>> Action("end", "End turn", confirm="End with dice left?").confirm, Action("draw", "Draw").confirm
    ('End with dice left?', '')
    >>> Action("draw", "Draw") == ("draw", "Draw", "", "")
    False

    A tuple underneath (made several times faster than an object with four attributes: move listings make
    thousands), but equal only to an ``Action`` with the same fields.
    """

    __slots__ = ()
    if TYPE_CHECKING:
        id: str
        label: str
        kind: str
        confirm: str
    else:
        id = property(_item(0))
        label = property(_item(1))
        kind = property(_item(2))
        confirm = property(_item(3))

    def __new__(cls, id: str, label: str, kind: str = "", confirm: str = "") -> "Action":  # noqa: A002
        return _tuple_new(cls, (id, label, kind, confirm))        # (tuple.__new__ looked up once: 0.1 us less)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(("Action",) + tuple(self))

    def __repr__(self) -> str:
        return f"Action(id={self[0]!r}, label={self[1]!r}, kind={self[2]!r}, confirm={self[3]!r})"

    def __str__(self) -> str:  # pragma: no cover - convenience
        return self[0]


def _find(actions, action_id):
    """The first of ``actions`` whose id is ``action_id``, or None (the ids compared in C: a listing of a
    hundred actions is searched in about a microsecond)."""
    try:
        return actions[_index_of(map(_action_id, actions), action_id)]
    except ValueError:
        return None


class Outcome(_Value):
    """How a game ended, for every kind of game.

    ``winners``: the seats that won (empty when nobody did);
    ``ranking``: every seat, places best first, each a tuple of tied seats;
    ``reason``: one sentence a player can read;
    ``cooperative``: the seats played together and share one result
    (every seat wins, or every seat loses; a solo game against the game is one);
    ``scores``: optional per-seat figures that decided it (points, fame...);
    ``ties_share``: the game's rules say players tied for first place share the win even when every
    seat is tied (:meth:`ranked` with ``ties_share=True``): such a result is ``shared``, not a draw.

    Build one with :meth:`ranked` (competitive: a ranking, the first place wins)
    or :meth:`team` (cooperative or solo).  :attr:`kind` tells the cases apart:

    >>> Outcome.ranked([[1], [0]], "P2 destroyed every unit").kind
    'win'
    >>> Outcome.ranked([[0, 2], [1]], "tied on fame").kind
    'shared'
    >>> Outcome.ranked([[0, 1]], "both armies fell").kind
    'draw'
    >>> tied = Outcome.ranked([[0, 1]], "still tied after every tie-break", ties_share=True)
    >>> tied.kind, tied.winners
    ('shared', (0, 1))
    >>> won = Outcome.team(4, True, "the fourth beacon is lit")
    >>> won.kind, won.draw, won.winners
    ('team-win', False, (0, 1, 2, 3))
    >>> Outcome.team(1, False, "the shield broke").kind
    'team-loss'

    :attr:`returns` gives each seat a figure in [-1, 1] for bots and the sim:
    1 for a sole winner, -1 for last place, the average of the places a tie spans,
    and +1 or -1 for everybody in a cooperative game.

    >>> Outcome.ranked([[2], [0, 1], [3]], "").returns
    (0.0, 0.0, 1.0, -1.0)
    """

    __slots__ = ("winners", "ranking", "reason", "cooperative", "scores", "ties_share")
    winners: tuple
    ranking: tuple
    reason: str
    cooperative: bool
    scores: tuple | None
    ties_share: bool

    def __init__(self, winners, ranking, reason: str, *, cooperative: bool = False,
                 scores=None, ties_share: bool = False) -> None:
        object.__setattr__(self, "winners", tuple(int(s) for s in winners))
        object.__setattr__(self, "ranking", tuple(tuple(int(s) for s in p) for p in ranking))
        object.__setattr__(self, "reason", str(reason))
        object.__setattr__(self, "cooperative", bool(cooperative))
        object.__setattr__(self, "scores", None if scores is None else tuple(scores))
        object.__setattr__(self, "ties_share", bool(ties_share))

    @classmethod
    def ranked(cls, ranking, reason: str, *, scores=None, ties_share: bool = False) -> "Outcome":
        """A competitive result: ``ranking`` best first (tuples of tied seats); the first place wins.

        A single place holding every seat of a game of several seats is a draw: nobody wins; unless
        ``ties_share`` (the game's rules say tied players share the win): then they all share it.
        """
        places = [tuple(p) for p in ranking if len(p)]
        everyone = len(places) == 1 and len(places[0]) > 1
        winners = places[0] if places and (ties_share or not everyone) else ()
        return cls(winners, places, reason, scores=scores, ties_share=ties_share)

    @classmethod
    def team(cls, players: int, won: bool, reason: str, *, scores=None) -> "Outcome":
        """A cooperative (or solo) result: every seat wins or every seat loses together."""
        seats = tuple(range(players))
        return cls(seats if won else (), (seats,), reason, cooperative=True, scores=scores)

    @classmethod
    def from_dict(cls, d: dict) -> "Outcome":
        return cls(d["winners"], d["ranking"], d["reason"], cooperative=d.get("cooperative", False),
                   scores=d.get("scores"), ties_share=d.get("ties_share", False))

    @property
    def seats(self) -> tuple:
        return tuple(sorted(s for p in self.ranking for s in p))

    @property
    def kind(self) -> str:
        """``win`` (one winner), ``shared`` (several winners: not everybody, or everybody when
        ``ties_share``), ``draw`` (nobody won a competitive game, or everybody tied), ``team-win`` /
        ``team-loss`` (cooperative or solo)."""
        if self.cooperative:
            return "team-win" if self.winners else "team-loss"
        n = len(self.seats)
        if not self.winners or (n > 1 and len(self.winners) >= n and not self.ties_share):
            return "draw"
        return "win" if len(self.winners) == 1 else "shared"

    @property
    def draw(self) -> bool:
        return self.kind == "draw"

    @property
    def returns(self) -> tuple:
        """Per seat (index = seat), a figure in [-1, 1]: see the class docstring."""
        seats = self.seats
        n = max(seats) + 1 if seats else 0
        out = [0.0] * n
        if self.cooperative:
            v = 1.0 if self.winners else -1.0
            return tuple(v for _ in out)
        if len(seats) < 2:
            return tuple(1.0 if s in self.winners else 0.0 for s in range(n))
        place = 0
        for group in self.ranking:
            mid = place + (len(group) - 1) / 2
            for s in group:
                out[s] = round(1 - 2 * mid / (len(seats) - 1), 6)
            place += len(group)
        return tuple(out)

    def to_dict(self) -> dict:
        d = {"winners": list(self.winners), "ranking": [list(p) for p in self.ranking],
             "reason": self.reason, "draw": self.draw, "kind": self.kind,
             "cooperative": self.cooperative, "returns": list(self.returns)}
        if self.scores is not None:
            d["scores"] = list(self.scores)
        if self.ties_share:
            d["ties_share"] = True
        return d


_KINDS = ("int", "bool", "choice", "text", "data")


class Option(_Value):
    """A game option that describes itself: the engine validates it and setup screens are built from it.

    ``kind``: ``int`` (whole number within ``min``..``max``), ``bool``, ``choice`` (one of ``choices``,
    each a ``(value, label)`` pair), ``text`` (a string of at most ``max`` characters) or ``data``
    (any JSON value; the game's :meth:`Game.check_options` validates it and its own setup step edits it).
    ``per_seat``: the value is a list with one entry per seat, each checked as above.
    ``default``: the value when none is given (``None`` lets the game decide, e.g. from the seed).
    ``advanced``: shown behind "Advanced" on setup screens.  ``help``: one plain sentence for players.

    >>> rounds = Option("max_rounds", 30, "Round limit", kind="int", min=1, max=1000)
    >>> rounds.check(12, 2)
    12
    >>> rounds.check(0, 2)
    Traceback (most recent call last):
    ...
    ValueError: Round limit must be a whole number from 1 to 1000, not 0
    >>> Option("colour", ["red", "blue"], "Colour", kind="choice", per_seat=True,
    ...        choices=[("red", "Red"), ("blue", "Blue")]).check(["blue", "red", "red"], 3)
    ['blue', 'red', 'red']
    """

    __slots__ = ("name", "default", "label", "choices", "kind", "min", "max", "per_seat", "advanced", "help")
    name: str
    default: object
    label: str
    choices: tuple
    kind: str
    min: int | None
    max: int | None
    per_seat: bool
    advanced: bool
    help: str

    def __init__(self, name: str, default, label: str, choices=(), *, kind: str = "data",
                 min: int | None = None, max: int | None = None, per_seat: bool = False,  # noqa: A002
                 advanced: bool = False, help: str = "") -> None:  # noqa: A002
        if kind not in _KINDS:
            raise ValueError(f"option {name}: kind must be one of {', '.join(_KINDS)}")
        pairs = tuple((c[0], c[1]) if isinstance(c, (tuple, list)) else (c, str(c)) for c in choices)
        for key, value in (("name", name), ("default", default), ("label", label), ("choices", pairs),
                           ("kind", kind), ("min", min), ("max", max), ("per_seat", per_seat),
                           ("advanced", advanced), ("help", help)):
            object.__setattr__(self, key, value)

    def _check_one(self, value):
        label = self.label
        if self.kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
            lo, hi = self.min, self.max
            if not ok or (lo is not None and value < lo) or (hi is not None and value > hi):
                span = (f" from {lo} to {hi}" if lo is not None and hi is not None else
                        f" of at least {lo}" if lo is not None else f" of at most {hi}" if hi is not None else "")
                raise ValueError(f"{label} must be a whole number{span}, not {value!r}")
        elif self.kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(f"{label} must be true or false, not {value!r}")
        elif self.kind == "choice":
            if value not in [c[0] for c in self.choices]:
                raise ValueError(f"{label} must be one of {', '.join(str(c[0]) for c in self.choices)}, not {value!r}")
        elif self.kind == "text":
            if not isinstance(value, str) or (self.max is not None and len(value) > self.max):
                raise ValueError(f"{label} must be a text of at most {self.max} characters")
        return value

    def check(self, value, players: int):
        """``value`` if it is valid for a game of ``players`` seats; else ``ValueError`` with a plain message.

        ``None`` passes for an option whose default is ``None`` (the game decides)."""
        if value is None and self.default is None:
            return None
        if self.per_seat:
            if not isinstance(value, (list, tuple)) or len(value) != players:
                raise ValueError(f"{self.label} needs one entry per player ({players}), not {value!r}")
            return [None if v is None and self.kind == "data" else self._check_one(v) for v in value]
        return self._check_one(value)

    def describe(self) -> dict:
        """The option as JSON data (setup screens, docs)."""
        return {"name": self.name, "label": self.label, "kind": self.kind, "default": self.default,
                "min": self.min, "max": self.max, "choices": [list(c) for c in self.choices],
                "per_seat": self.per_seat, "advanced": self.advanced, "help": self.help}


class State:
    """Base class of every game state; see the module docstring."""

    game: "Game"          # set by each game module on its State subclass
    # where the hidden facts live in ``self.data`` (paths: see pyapp/engine/hidden.py): an action that takes from a
    # hidden pile or adds to a record of what was shown is marked revealing by the kit, with no call by hand
    HIDDEN: tuple = ()
    _hidden_kit: Hidden | None = None
    # (len(history), measure) after this object's last action: the next action's "before" without measuring again
    # (half the kit's cost).  Never copied (clone and undo make new objects); code that edits ``data`` by hand
    # between two actions, as some tests do, should set it to None (a pile grown by hand would hide a draw).
    _hidden_after: tuple | None = None
    # True: the rules mark every action that takes from a declared hidden pile (or adds to a record of what was
    # shown) themselves, with :meth:`reveal` where they move it (a game with two such places: Hex Battle's draw and
    # payment).  The kit's before/after measure, a sixth of a Hex Battle playout, then runs only while
    # ``State.check_hidden`` is on (tests/engine/test_hidden_counted.py, test_reveal_marked.py), and raises
    # ``AssertionError`` for an action it finds revealing that the rules left unmarked.
    HIDDEN_COUNTED: bool = False
    check_hidden: bool = False

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if "HIDDEN" in cls.__dict__:
            cls._hidden_kit = Hidden(cls.HIDDEN) if cls.HIDDEN else None

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
        self.log: list = []                # public events: pyapp.engine.log dicts (older games: strings)
        self._revealed = False
        self._snaps: list | None = []
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

    # (seat, actions) of the last legal_actions answer, kept until the state changes through
    # apply: apply looks the chosen id up there first instead of listing the moves a second time, and
    # takes an id found there with no other question (the seat was to act in this very state, the game
    # not over); code that changes a state's data by hand, as tests do, lists its actions again before apply
    _legal_seen: tuple | None = None

    def legal_actions(self, seat: int) -> list[Action]:
        if self.is_over or seat not in self._to_act():
            return []
        actions = self._legal(seat)
        self._legal_seen = (seat, tuple(actions))
        return actions

    def say(self, text: str, *seats: int, kind: str = "") -> None:
        """Log a public event; ``{0}``, ``{1}``... in ``text`` stand for ``seats`` (see :mod:`.log`)."""
        ev: Event = {"text": text, "seats": list(map(int, seats))}      # (log.event's entry, without a second call:
        if kind:                                                        # every game's log goes through here)
            ev["kind"] = kind
        self.log.append(ev)

    def reveal(self) -> None:
        """Marks the action being applied as revealing, for a hidden fact that no ``HIDDEN`` path describes
        (a fact taken from a declared hidden pile or added to a declared record of what was shown is marked
        by the kit itself)."""
        self._revealed = True

    def free_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do at any moment, whether or not it is to act: the rules' "at any
        time" (drop an item, dismiss a follower, offer a trade).  ``apply`` takes these ids from any
        seat; an id that is also among the seat's ``legal_actions`` is applied as that one."""
        if self.is_over or not isinstance(seat, int) or not 0 <= seat < self.players:
            return []
        return self._free(seat)

    def _free(self, seat: int) -> list[Action]:
        return []

    def _apply_free(self, seat: int, action: Action) -> None:
        raise NotImplementedError

    def apply(self, seat: int, action_id: str) -> None:
        """Apply a legal action (or a free one), or raise :class:`IllegalAction` changing nothing."""
        seen = self._legal_seen
        if seen is not None and seen[0] == seat:       # listed for this seat, to act in this very state
            found = _find(seen[1], action_id)
            if found is not None:
                self._commit(seat, found, False)
                return
        if self.is_over:
            raise IllegalAction(f"the game is over; {action_id!r} cannot be played")
        to_act = seat in self._to_act()
        found = None
        if to_act:                             # not listed (or changed by hand since, as tests do): list anew
            found = _find(self._legal(seat), action_id)
        free = False
        if found is None:
            found = _find(self.free_actions(seat), action_id)
            free = found is not None
        if found is None:
            if not to_act:
                raise IllegalAction(f"seat {seat} is not to act now (waiting for {list(self._to_act())})")
            raise IllegalAction(f"{action_id!r} is not a legal action for seat {seat} now")
        self._commit(seat, found, free)

    def apply_legal(self, seat: int, action: Action) -> None:
        """Apply ``action``, an element of ``self.legal_actions(seat)`` just returned for this very
        state, without looking it up again: the fast path for search playouts, which already hold
        the list.  Anything else must go through :meth:`apply`."""
        self._commit(seat, action, False)

    def _commit(self, seat: int, action: Action, free: bool) -> None:
        snaps = self._snaps
        if snaps is not None:
            n = len(self.history)
            if self._undo_asked or (n and not n % SNAP_EVERY):
                snaps.append((n, len(self.log), State.clone(self, past=False)))
                if len(snaps) > SNAP_KEEP:
                    del snaps[0]
        draws = self.rng.draws
        self._revealed = False
        self._legal_seen = None
        kit = self._hidden_kit
        if kit is not None and self.HIDDEN_COUNTED and not State.check_hidden:
            kit = None
        hidden: tuple = ()
        if kit is not None:
            after = self._hidden_after      # this object's own last measure, if no action came between
            hidden = after[1] if after is not None and after[0] == len(self.history) else kit.measure(self)
        try:
            if free:
                self._apply_free(seat, action)
            else:
                self._apply(seat, action)
        finally:
            self._legal_seen = None
        self.history.append([seat, action[0]])
        revealed = self._revealed
        if kit is not None:
            now = kit.measure(self)
            self._hidden_after = (len(self.history), now)
            if not revealed and kit.reveals(hidden, now):
                if self.HIDDEN_COUNTED:
                    raise AssertionError(f"{type(self).__name__}: {action.id!r} took from a hidden pile (HIDDEN) "
                                         "and the rules did not mark it (HIDDEN_COUNTED: State.reveal)")
                revealed = True
        self.undoable.append(self.rng.draws == draws and not revealed)

    def view(self, seat: int | None) -> dict:
        return self._view(seat)

    # ---- hidden information ----------------------------------------------
    def resample_hidden(self, seat: int, rng: Rng) -> "State":
        """A copy of this state in which everything ``seat`` cannot see is dealt anew at random,
        consistent with what it can see: other seats' hands, face-down cards and tiles, the order of
        decks and bags, and the dice and coins still to come (the copy's generator is reseeded).

        Search bots play on such copies (determinization); the hidden-information test checks that
        ``seat``'s view and legal actions are the same on every copy.  A game with hidden
        information implements ``_resample(seat, rng)``; the default hides nothing but the future.
        """
        copy = self.clone()
        copy._resample(seat, rng)
        copy.rng = Rng(rng.below(2 ** 32), 54)
        return copy

    def _resample(self, seat: int, rng: Rng) -> None:
        """Redeal, in place, what ``seat`` cannot see (see :meth:`resample_hidden`)."""

    # ---- undo (a snapshot and a short replay) ---------------------------------
    # snapshots of this state's past, [(actions before it, log entries before it, a copy without the past)],
    # oldest first; None: none are taken (a copy made by clone, for bots and hints); see SNAP_EVERY
    _snaps: list | None = None
    _undo_asked = False

    def can_undo(self, seat: int) -> bool:
        """True when ``seat`` made the last action and it revealed nothing and rolled nothing."""
        self._undo_asked = True
        return bool(self.history) and self.history[-1][0] == seat and self.undoable[-1] and not self.is_over

    def undo(self, seat: int) -> "State":
        """A new state equal to this one before ``seat``'s last action: the latest snapshot from before it,
        with the actions that followed it replayed (at most SNAP_EVERY of them, none when undo was asked about
        before the action); the whole game replayed only where no snapshot is left."""
        if not self.can_undo(seat):
            raise IllegalAction("the last action cannot be undone")
        target = len(self.history) - 1
        snap = None
        for entry in reversed(self._snaps or ()):
            if entry[0] <= target:
                snap = entry
                break
        if snap is None:
            return self.game.replay(self.players, self.seed, self.options, self.history[:-1])
        n, n_log, copy = snap
        s = State.clone(copy, past=False)
        s.history = [list(h) for h in self.history[:n]]
        s.undoable = self.undoable[:n]
        s.log = self.log[:n_log]
        s._snaps = [e for e in self._snaps or () if e[0] <= n]
        for seat_, action_id in self.history[n:target]:     # (no snapshot before each of these)
            s.apply(int(seat_), str(action_id))
        s._undo_asked = True
        return s

    # ---- serialisation -------------------------------------------------
    def to_json(self, past: bool = True, canonical: bool = True) -> str:
        """The whole state as JSON; with ``past=False`` without its history, undo record and log.

        ``canonical`` (saves, comparisons) writes every record's keys sorted, so equal states give equal
        text; ``canonical=False`` keeps the order in which the game wrote them (see :meth:`clone`)."""
        return json.dumps({
            "format": STATE_FORMAT, "game": self.game.id, "players": self.players, "seed": self.seed,
            "options": self.options, "rng": self.rng.to_json(), "history": self.history if past else [],
            "undoable": self.undoable if past else [], "log": self.log if past else [], "data": self._dump(),
        }, separators=(",", ":"), sort_keys=canonical)

    def clone(self, past: bool = True) -> "State":
        """A copy.  ``past=False``: without the history, undo record and log, which grow with the game (a bot's
        search copy, of a game whose rules read neither); it plays on exactly like a full copy.

        The copy keeps every record's keys in the game's own order: rules and bots that walk a record and
        break ties by the first best entry then choose on a copy what they choose on the game, so a search
        bot's rollouts play the moves its seat would (a sorted copy once made Ice Fortress's Frost Warden take
        a die the real planner put back, forever).

        The copy is the JSON round trip ``game.from_json(self.to_json(past, canonical=False))`` made without
        the text (:func:`copy_data`): the same data, types and order, several times faster."""
        cls = type(self)
        s: State = cls.__new__(cls)
        s.players, s.seed = self.players, self.seed
        s.options = copy_data(self.options)
        s.rng = Rng.from_json(self.rng.to_json())   # (what Rng.copy does; tests put stand-ins with to_json there)
        if past:
            s.history = [list(h) for h in self.history]
            s.undoable = list(self.undoable)
            s.log = list(self.log)          # events are written once and never changed: shared, not copied
        else:
            s.history, s.undoable, s.log = [], [], []
        s._snaps = None                     # a copy (a bot's, a hint's) takes no undo snapshots: undo replays
        s._revealed = False
        s._load(copy_data(self._dump()))
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


def _is_hex_colour(text: str) -> bool:
    """``#rgb`` or ``#rrggbb`` (the only colour form the app puts in a style attribute)."""
    return len(text) in (4, 7) and text[0] == "#" and all(c in "0123456789abcdefABCDEF" for c in text[1:])


class Game:
    """A game as data plus its constructors.  Subclass and set the class attributes."""

    id: str
    title: str
    min_players: int
    max_players: int
    description: str
    options_spec: tuple = ()
    state_class: "type[State]"
    # a module of the game's package that adds its own setup step (per-seat choices made before the
    # game starts, such as an army); None: the generic setup screen built from options_spec is enough
    setup_step: str | None = None
    # raised whenever a change to the rules or the action ids means a recorded game no longer replays
    # the same (saves record it: a save from another version is refused with a reason, not called damaged)
    rules_version: int = 1
    # the colour of each seat's pieces on the game's board (CSS hex colours, seat 0 first): the app paints
    # each seat's name in it everywhere (header, turn line, game-over banner, log, recap), always beside
    # the name, never instead of it.  Empty (or too short): the app's own palette for the seats left.
    seat_colours: tuple = ()
    # whether seats see different things (hands, secret armies, a stack's order): then two people sharing
    # one device pass it behind a hand-off screen between turns.  False (everything public, e.g. a
    # co-operative game): the board simply shows whoever is to act, with no hand-off screen.
    private_views: bool = True
    # the player count a new game's setup starts with (None: min_players), e.g. 2 where one player means
    # a solo mode that is not the game's usual way to play
    default_players: int | None = None
    # the seats play together, as one team (a co-operative game): the app names them "A with B", not "A vs B"
    cooperative: bool = False

    def plays_together(self, options: dict, players: int) -> bool:
        """Whether the seats of a game with these options play as one team (:attr:`cooperative`; a game with a
        co-operative mode says so from its options)."""
        return self.cooperative

    @property
    def setup_players(self) -> int:
        """The player count a new game's setup starts with (``default_players`` within the game's range)."""
        n = self.default_players
        return n if isinstance(n, int) and self.min_players <= n <= self.max_players else self.min_players

    def seat_colour(self, seat: int) -> str | None:
        """The colour ``seat`` has on this game's board (a ``#rrggbb`` text), or None if the game gives none.

        >>> class G(Game):
        ...     seat_colours = ("#c0392b", "bad")
        >>> G().seat_colour(0), G().seat_colour(1), G().seat_colour(2)
        ('#c0392b', None, None)
        """
        cols = self.seat_colours
        c = cols[seat] if 0 <= seat < len(cols) else None
        return c if isinstance(c, str) and _is_hex_colour(c) else None

    def info(self) -> dict:
        return {"id": self.id, "title": self.title, "min_players": self.min_players,
                "max_players": self.max_players, "description": self.description, "ready": True}

    def resolve_options(self, options: dict | None, players: int) -> dict:
        """Fill defaults, reject unknown options, check each against its :class:`Option`, then
        :meth:`check_options`.  Raises ``ValueError`` with a message a player can read."""
        if options is not None and not isinstance(options, dict):
            raise ValueError(f"options for {self.title} must be a mapping, not {type(options).__name__}")
        options = dict(options or {})
        known = {o.name for o in self.options_spec}
        unknown = set(options) - known
        if unknown:
            raise ValueError(f"unknown option(s) for {self.id}: {', '.join(sorted(str(u) for u in unknown))}")
        out = {}
        for o in self.options_spec:
            value = options.get(o.name, o.default)
            if o.per_seat and value is not None and not isinstance(value, (list, tuple)):
                value = [value] * players                     # one default for every seat
            out[o.name] = o.check(value, players)
        return self.check_options(out, players)

    def check_options(self, options: dict, players: int) -> dict:
        """A game's own checks and normalisation after each option passed its own (``data`` options,
        defaults that depend on the player count).  Return the options to use."""
        return options

    def option(self, name: str) -> Option:
        for o in self.options_spec:
            if o.name == name:
                return o
        raise KeyError(name)

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
            s: State = cls.__new__(cls)
            s.players = int(d["players"])
            s.seed = int(d["seed"])
            s.options = d["options"]
            s.rng = Rng.from_json(d["rng"])
            s.history = [list(h) for h in d["history"]]
            s.undoable = list(d["undoable"])
            s.log = list(d["log"])
            s._revealed = False
            s._snaps = []
            s._load(d["data"])
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise ValueError(f"cannot read {self.id} state: {exc}") from exc
        return s

    def rules_html(self) -> str:
        """The in-app rules page for this game (HTML fragment)."""
        return ""

    def summary(self, state: "State") -> list:
        """For the end of a game (or a replay): the figures that decided it and the game's key
        statistics, as rows ``(label, [text for seat 0, seat 1, ...])``, first the deciding figures.
        A game overrides this with its own (fame and gold, buildings and units lost...), from public
        facts only (the whole table sees the summary).  The default is the outcome's scores, if any.

        >>> class G(Game):
        ...     pass
        >>> class S:
        ...     players = 2
        ...     def outcome(self): return Outcome.ranked([[1], [0]], "more points", scores=[3, 5])
        >>> G().summary(S())
        [('Score', ['3', '5'])]
        """
        out = state.outcome()
        if out is None or out.scores is None:
            return []
        return [("Score", [str(v) for v in out.scores][:state.players])]
