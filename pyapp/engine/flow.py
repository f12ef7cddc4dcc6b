"""Turn flow: phases, turn order and prompts, declared once and kept as plain data in the state.

A game built on :class:`FlowState` declares its phases as data and writes
only what happens in them; ``to_act``, ``legal_actions`` and ``apply`` are
derived from the flow (boardgame.io's ``phases``/``turn``/``activePlayers``,
catanatron's "switch on the current prompt").

**Phases.**  ``PHASES`` maps a name to a :class:`Phase`; each phase has a
turn order:

* ``one`` -- the seats of ``order`` take whole turns one after another; the
  game calls :meth:`Flow.end_turn` when the active seat's turn is over;
* ``all`` -- every seat of ``order`` acts at once (simultaneous choices); each
  calls :meth:`Flow.done` when it has finished;
* ``round`` -- around the table one action at a time until everyone has
  passed: the game calls :meth:`Flow.next` after a seat's action and
  :meth:`Flow.pass_turn` when a seat passes for the rest of the phase.

When nobody is left to act the phase ends: the optional hook ``_end_<phase>()``
runs, then the phase named by ``next`` begins with the optional hook
``_begin_<phase>()``, which sets the seat order (:meth:`Flow.set_order`;
by default every seat in play, clockwise from ``flow.first``).  In ``one``
phases ``_begin_turn_<phase>(seat)`` runs as each seat's turn starts.  The
game's moves are ``_legal_<phase>(seat) -> [Action]`` and
``_do_<phase>(seat, action)``.

**Frames and prompts.**  Work that spans several decisions (a fight that asks
for support, a card resolved step by step, a question to another seat) is a
*frame* on a stack: a dict ``{"kind": k, ...context}`` pushed with
:meth:`Flow.push`.  After every action the engine runs the top frame's
handler ``_f_<kind>(frame, choice, seat)`` with ``choice=None`` until one
asks a question (:meth:`Flow.ask`) or the stack is empty; a handler pops its
frame when its work is done.  A question names the seat(s) that must answer
and either lists its options (``[(id, label), ...]``) or leaves them to
``_ask_<kind>(frame, seat) -> [Action]``; the answer calls the frame's
handler with ``choice`` = the action id and ``seat`` = who answered, and the
game returns to where it was.  While a question is open only the seats it
asks are to act.

**Declared and checked.**  ``FRAMES`` names every frame kind, ``PROMPT_KINDS`` the prompt kinds
(``ask(kind=...)``) that are not frames but have an ``_ask_`` builder, and ``Phase(moves=False)`` a
phase without moves of its own.  A frame that goes through several steps declares them in
``STAGES`` (kind -> step names, in order): the kit routes ``_f_<kind>`` to the step named by the
frame's ``stage`` (``_s_<kind>_<step>(frame, choice, seat)``, a small method each) and
:meth:`FlowState.stage` moves a frame to another declared step.  :func:`check_hooks` runs when a game's class is created: a method
named like a hook that names nothing declared, a hook with the wrong parameters, a frame kind
without its handler or a phase without its moves fails at import; pushing an undeclared kind fails
at once.

**At any time.**  What a seat may do whether or not it is to act (the rules' "at any
time": drop an item, offer a trade) is ``_free(seat) -> [Action]`` and ``_do_free(seat, action)``;
such an action may push a frame and ask another seat, like any other.

**Last moves.**  What a seat did on its last move stays marked on the board until it moves again
(players follow the bots and each other that way): while applying a move the game calls
:meth:`FlowState.mark` with what a person at the table saw (``mark(seat, "move", "c3", "c4")``,
``mark(seat, "attack", "c4", "d5")``, ``mark(seat, "reveal", "d5", text="Archer")``), puts
:meth:`FlowState.marks` in its view (public facts only: every seat's view shows the same marks) and
its renderer draws them.  A seat's marks are forgotten when its next move begins: at the start of
its turn in a ``one`` phase, at each of its moves in a ``round`` phase; elsewhere (``all`` phases,
moves made inside frames) the game calls :meth:`FlowState.new_marks` itself.

**The end.**  :meth:`FlowState.finish` records the :class:`Outcome`;
``to_act`` is then empty.

The state's data is one JSON dict with named keys, ``self.data``; the flow
keeps its bookkeeping in ``self.data["flow"]``.
"""
from __future__ import annotations

from .core import Action, Outcome, State, _tuple_new, _Value

TURNS = ("one", "all", "round")
LOOP_LIMIT = 100_000


class Phase(_Value):
    """A phase as data: its ``name``, ``turn`` order (``one``, ``all``, ``round``), the phase that
    follows (``next``, ``None`` to stay until the game ends it) and one line for docs and players.

    ``moves=False`` declares a phase with no moves of its own: its begin hook settles it, or every
    decision in it is a frame's question (then the class has no ``_legal_``/``_do_`` for it).

    >>> Phase("roll", "all", next="move", doc="everybody chooses how many dice to roll")
    Phase(name='roll', turn='all', next='move', doc='everybody chooses how many dice to roll', moves=True)
    """

    __slots__ = ("name", "turn", "next", "doc", "moves")
    name: str
    turn: str
    next: str | None
    doc: str
    moves: bool

    def __init__(self, name: str, turn: str, next: str | None = None, doc: str = "",  # noqa: A002
                 moves: bool = True) -> None:
        if turn not in TURNS:
            raise ValueError(f"phase {name}: turn must be one of {', '.join(TURNS)}")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "next", next)
        object.__setattr__(self, "doc", doc)
        object.__setattr__(self, "moves", bool(moves))


def phases(*items: Phase) -> dict:
    """``PHASES = phases(Phase(...), ...)``: a name -> Phase mapping, checked (every ``next`` exists)."""
    table = {p.name: p for p in items}
    for p in items:
        if p.next is not None and p.next not in table:
            raise ValueError(f"phase {p.name}: next phase {p.next!r} is not declared")
    return table


def _to_act(d: dict, phases: dict) -> tuple:
    """The seats to act by the flow data ``d`` (see :meth:`Flow.to_act`)."""
    if d["outcome"] is not None:
        return ()
    prompt = d["prompt"]
    if prompt is not None:
        return tuple(prompt["seats"])
    if d["stack"]:
        return ()
    if phases[d["phase"]].turn == "all":
        return tuple(d["waiting"])
    active = d["active"]
    return () if active is None else (active,)


class Flow:
    """The flow bookkeeping of one state, a view over its JSON dict (see the module docstring).

    ``data`` keys: ``phase``; ``first`` (the seat that starts a phase's order by default);
    ``order`` (seats still to take a turn, ``one``; or still in the phase, ``round``);
    ``active`` (the seat whose turn it is, or None); ``waiting`` (``all``: seats not done);
    ``passed`` (``round``); ``stack`` (frames); ``prompt`` (the open question or None);
    ``outcome`` (None, or the result as a dict); ``turn`` (turns started so far).
    """

    __slots__ = ("data", "phases", "frames")

    def __init__(self, data: dict, phases: dict, frames: frozenset | None = None) -> None:
        self.data = data
        self.phases = phases
        self.frames = frames

    @staticmethod
    def new(first_phase: str, first: int = 0) -> dict:
        return {"phase": first_phase, "first": first, "order": [], "active": None, "waiting": [],
                "passed": [], "stack": [], "prompt": None, "outcome": None, "turn": 0}

    # ---- reading --------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.data["phase"]

    @property
    def turn_kind(self) -> str:
        return self.phases[self.data["phase"]].turn

    @property
    def active(self):
        return self.data["active"]

    @property
    def first(self) -> int:
        return self.data["first"]

    @first.setter
    def first(self, seat: int) -> None:
        self.data["first"] = seat

    @property
    def prompt(self):
        return self.data["prompt"]

    @property
    def stack(self) -> list:
        return self.data["stack"]

    @property
    def top(self):
        return self.data["stack"][-1] if self.data["stack"] else None

    @property
    def over(self) -> bool:
        return self.data["outcome"] is not None

    def to_act(self) -> tuple:
        return _to_act(self.data, self.phases)

    # ---- turn order -------------------------------------------------------
    def set_order(self, seats) -> None:
        """The seats taking part in the current phase, in order (``one``: the first becomes active
        when the engine next advances; ``all``: all wait; ``round``: the first is active)."""
        d = self.data
        seats = [int(s) for s in seats]
        d["passed"] = []
        if "ordered" in d:
            d["ordered"] = True
        if self.turn_kind == "all":
            d["waiting"], d["order"], d["active"] = seats, [], None
        elif self.turn_kind == "round":
            d["order"], d["waiting"] = seats, []
            d["active"] = seats[0] if seats else None
        else:
            d["order"], d["waiting"], d["active"] = seats, [], None

    def end_turn(self) -> None:
        """``one``: the active seat's turn is over; the next seat of the order follows."""
        self.data["active"] = None

    def done(self, seat: int) -> None:
        """``all``: ``seat`` has finished this phase."""
        if seat in self.data["waiting"]:
            self.data["waiting"].remove(seat)

    def wait_for(self, seat: int) -> None:
        """``all``: ``seat`` must act in this phase again (e.g. its last choice was taken back)."""
        if seat not in self.data["waiting"]:
            self.data["waiting"].append(seat)
            self.data["waiting"].sort()

    def next(self) -> None:
        """``round``: the active seat acted; the next seat round the order that has not passed acts."""
        d = self.data
        live = [s for s in d["order"] if s not in d["passed"]]
        if not live:
            d["active"] = None
            return
        cur = d["active"]
        if cur in d["order"]:
            i = d["order"].index(cur)
            for k in range(1, len(d["order"]) + 1):
                s = d["order"][(i + k) % len(d["order"])]
                if s not in d["passed"]:
                    d["active"] = s
                    return
        d["active"] = live[0]

    def pass_turn(self, seat: int) -> None:
        """``round``: ``seat`` passes for the rest of the phase; the next seat acts."""
        if seat not in self.data["passed"]:
            self.data["passed"].append(seat)
        self.next()

    def remove(self, seat: int) -> None:
        """``seat`` leaves the current phase at once (eliminated, conceded)."""
        d = self.data
        if seat in d["waiting"]:
            d["waiting"].remove(seat)
        if seat in d["order"] and self.turn_kind == "one":
            d["order"].remove(seat)
        if self.turn_kind == "round" and seat not in d["passed"]:
            d["passed"].append(seat)
            if d["active"] == seat:
                self.next()
        elif d["active"] == seat:
            d["active"] = None

    # ---- frames and prompts ---------------------------------------------------
    def _known(self, kind: str) -> None:
        if self.frames is not None and kind not in self.frames:
            raise ValueError(f"no frame kind {kind!r}: the game declares FRAMES = {sorted(self.frames)}")

    def push(self, kind: str, **context) -> dict:
        """Put a frame on the stack; its handler ``_f_<kind>`` runs next."""
        self._known(kind)
        frame = {"kind": kind, **context}
        self.data["stack"].append(frame)
        return frame

    def pop(self, frame: dict | None = None) -> None:
        """Remove ``frame`` (default: the top frame) from the stack."""
        st = self.data["stack"]
        if frame is None or (st and st[-1] is frame):
            if st:
                st.pop()
        else:
            for i in range(len(st) - 1, -1, -1):
                if st[i] is frame:
                    del st[i]
                    break

    def defer(self, kind: str, **context) -> dict:
        """Put a frame at the *bottom* of the stack: its handler runs once everything pending now
        has been resolved (e.g. a check after a whole chain of fights)."""
        self._known(kind)
        frame = {"kind": kind, **context}
        self.data["stack"].insert(0, frame)
        return frame

    def clear(self) -> None:
        """Drop every pending frame and the open question (e.g. the game is decided mid-chain)."""
        self.data["stack"].clear()
        self.data["prompt"] = None

    def ask(self, seats, options=None, kind: str | None = None) -> None:
        """Ask ``seats`` (a seat or a list) to answer for the top frame.  ``options`` lists
        ``(action id, label)`` pairs, or None to let ``_ask_<kind>(frame, seat)`` list them;
        ``kind`` tags the actions (``prompt:<kind>``; default: the frame's kind)."""
        top = self.top
        if top is None:
            raise RuntimeError("ask() needs a frame on the stack to return to")
        seats = [int(seats)] if isinstance(seats, int) else [int(s) for s in seats]
        self.data["prompt"] = {"seats": seats, "kind": kind or top["kind"],
                               "options": None if options is None else [[str(i), str(lab)] for i, lab in options]}

    # ---- the end ----------------------------------------------------------------
    def finish(self, outcome: Outcome) -> None:
        d = self.data
        d["outcome"] = outcome.to_dict()
        d["stack"], d["prompt"], d["active"], d["waiting"] = [], None, None, []


# hook prefix -> (what the name after it must be, the parameters after ``self``)
_HOOKS = (("_begin_turn_", "phase", 1), ("_begin_", "phase", 0), ("_end_", "phase", 0),
          ("_legal_", "phase", 1), ("_do_", "phase", 2), ("_f_", "frame", 3), ("_ask_", "prompt", 2))


def check_hooks(cls: "type[FlowState]") -> None:
    """Check a flow game's hooks against what it declares, when its class is created: every method
    named like a hook (``_begin_turn_<phase>``, ``_begin_<phase>``, ``_end_<phase>``, ``_legal_<phase>``,
    ``_do_<phase>``, ``_f_<frame>``, ``_ask_<frame or prompt>``) names a declared phase, frame kind
    (``FRAMES``) or prompt kind (``PROMPT_KINDS``: kinds asked with ``ask(kind=...)`` whose options a
    ``_ask_`` builder lists) and takes the hook's parameters; every phase with moves has its
    ``_legal_`` and ``_do_``; every frame kind its ``_f_``.  A misspelt hook would otherwise never be
    called; here it fails at import with a message that says what to fix.

    >>> class Toy(FlowState):
    ...     PHASES = phases(Phase("go", "one"))
    ...     FIRST_PHASE = "go"
    ...     def _legal_go(self, seat): return []
    ...     def _do_go(self, seat, action): pass
    ...     def _begin_turn_og(self, seat): pass
    Traceback (most recent call last):
    TypeError: Toy._begin_turn_og: 'og' is not a phase (phases: go); rename the method or declare it
    """
    phases_, frames_, stages = cls.PHASES, set(cls.FRAMES), cls.STAGES
    prompts = frames_ | set(cls.PROMPT_KINDS)
    problems = []
    if cls.FIRST_PHASE not in phases_:
        problems.append(f"FIRST_PHASE {cls.FIRST_PHASE!r} is not a phase")
    seen: dict = {}
    engine = set(FlowState.__mro__)
    for klass in reversed(cls.__mro__):
        if klass in engine:
            continue
        for name, value in vars(klass).items():
            if name.startswith("_") and not name.startswith("__"):
                seen[name] = value
    declared = {"phase": ", ".join(phases_) or "none", "frame": ", ".join(sorted(frames_)) or "none",
                "prompt": ", ".join(sorted(prompts)) or "none"}
    steps = {f"_s_{kind}_{step}": kind for kind, names in stages.items() for step in names}
    for kind, names in stages.items():
        if kind not in frames_:
            problems.append(f"{cls.__name__}.STAGES: {kind!r} is not a frame kind")
        if len(set(names)) != len(names) or not names:
            problems.append(f"{cls.__name__}.STAGES[{kind!r}]: the step names must be distinct (and at least one)")
    for name, value in sorted(seen.items()):
        if name.startswith("_s_"):
            if name not in steps:
                problems.append(f"{cls.__name__}.{name}: not a declared step (STAGES: "
                                + (", ".join(f"{k}: {'/'.join(v)}" for k, v in stages.items()) or "none") + ")")
            problems += _arity(cls, name, value, 3, "a step takes 3 (frame, choice, seat)")
            continue
        for prefix, what, params in _HOOKS:
            if not name.startswith(prefix):
                continue
            rest = name[len(prefix):]
            if prefix == "_do_" and rest == "free":
                break
            known = (rest in phases_ if what == "phase" else rest in frames_ if what == "frame"
                     else rest in prompts)
            if prefix == "_begin_turn_" and known and phases_[rest].turn != "one":
                problems.append(f"{cls.__name__}.{name}: phase {rest!r} has no turns (turn={phases_[rest].turn!r})")
            if not known:
                if prefix == "_begin_" and rest.startswith("turn_") and rest[5:] in phases_:
                    break
                problems.append(f"{cls.__name__}.{name}: {rest!r} is not a {what} ({what}s: {declared[what]}); "
                                "rename the method or declare it")
            problems += _arity(cls, name, value, params, f"a {prefix}<{what}> hook takes {params}")
            break
    for name, phase in phases_.items():
        for prefix in ("_legal_", "_do_"):
            has = prefix + name in seen
            if phase.moves and not has:
                problems.append(f"{cls.__name__}: phase {name!r} has no {prefix}{name} "
                                "(declare it Phase(..., moves=False) if frames ask every question)")
            elif not phase.moves and has:
                problems.append(f"{cls.__name__}.{prefix}{name}: phase {name!r} is declared moves=False")
    for name in sorted(set(steps) - set(seen)):
        problems.append(f"{cls.__name__}: step {name[3 + len(steps[name]) + 1:]!r} of frame {steps[name]!r} "
                        f"has no method {name}")
    for kind in sorted(frames_):
        if "_f_" + kind not in seen:
            problems.append(f"{cls.__name__}: frame kind {kind!r} has no handler _f_{kind}")
    if problems:
        raise TypeError("; ".join(problems))


def _arity(cls: type, name: str, method: object, params: int, rule: str) -> list[str]:
    """The problem with a hook's parameter count (after ``self``), if it does not take ``params``."""
    code = getattr(method, "__code__", None)
    if code is None or code.co_argcount - 1 == params:
        return []
    return [f"{cls.__name__}.{name} takes {code.co_argcount - 1} parameters after self, {rule}"]


def _by_stage(kind: str):
    """The ``_f_<kind>`` handler of a frame declared in ``STAGES``: the step its ``stage`` names."""
    prefix = f"_s_{kind}_"

    def handler(self, frame: dict, choice: str | None, seat: int | None) -> None:
        getattr(self, prefix + frame["stage"])(frame, choice, seat)

    handler.__name__ = handler.__qualname__ = "_f_" + kind
    return handler


class FlowState(State):
    """A :class:`State` whose ``to_act``/``legal``/``apply`` come from its declared flow.

    A subclass sets ``PHASES`` and ``FIRST_PHASE`` and implements ``_setup_data()`` (returning its
    data dict, named keys), the phase moves and hooks described in the module docstring, and
    ``_view``.  It does not implement ``_to_act``, ``_legal``, ``_apply``, ``_outcome``,
    ``_dump`` or ``_load``.
    """

    PHASES: dict = {}
    FIRST_PHASE: str = ""
    FRAMES: tuple = ()
    PROMPT_KINDS: tuple = ()
    STAGES: dict = {}
    _frame_kinds: frozenset | None = None
    data: dict

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        for kind in cls.__dict__.get("STAGES", {}):
            if "_f_" + kind in cls.__dict__:
                raise TypeError(f"{cls.__name__}._f_{kind}: frame {kind!r} has STAGES, the kit routes it to its steps")
            setattr(cls, "_f_" + kind, _by_stage(kind))
        if cls.PHASES:
            check_hooks(cls)
            cls._frame_kinds = frozenset(cls.FRAMES)

    def stage(self, frame: dict, step: str) -> None:
        """Move ``frame`` to its declared step ``step`` (``STAGES``); the handler runs it next."""
        if step not in self.STAGES[frame["kind"]]:
            raise ValueError(f"frame {frame['kind']!r} has no step {step!r} (steps: "
                             f"{', '.join(self.STAGES[frame['kind']])})")
        frame["stage"] = step

    # ---- set up ---------------------------------------------------------------
    def _setup(self) -> None:
        self.data = {"flow": Flow.new(self.FIRST_PHASE)}
        self.data.update(self._setup_data())
        self._after_setup()
        self._enter(self.FIRST_PHASE)
        self._advance()

    def _setup_data(self) -> dict:
        raise NotImplementedError

    def _after_setup(self) -> None:
        """Runs once ``self.data`` holds what ``_setup_data`` returned, before the first phase begins
        (deal from decks kept in the data, set ``self.flow.first``...)."""

    _flow_view: Flow | None = None                 # the last ``flow`` view, kept while it views the same dict

    @property
    def flow(self) -> Flow:
        d = self.data["flow"]
        f = self._flow_view
        if f is None or f.data is not d:
            f = self._flow_view = Flow(d, self.PHASES, self._frame_kinds)
        return f

    def in_play(self, seat: int) -> bool:
        """Whether ``seat`` still takes part (default: always).  Seats out of play get no turns."""
        return True

    def clockwise(self, start: int) -> list:
        """Every seat in play, in seat order starting at ``start``."""
        n = self.players
        return [(start + i) % n for i in range(n) if self.in_play((start + i) % n)]

    def finish(self, outcome: Outcome) -> None:
        """The game is over with ``outcome``."""
        self.flow.finish(outcome)

    # ---- last moves ---------------------------------------------------------------
    def mark(self, seat: int, kind: str, *where: str, text: str = "") -> None:
        """Mark on the board part of what ``seat`` did in its current move: ``kind`` is a word the
        renderer knows (``move``, ``attack``, ``place``, ``remove``, ``reveal``...), ``where`` the places
        involved in the game's own names, in order (from, to), ``text`` what a person saw there (a
        revealed card's name).  Only public facts: every seat sees every mark.

        >>> from pyapp.engine.core import Game
        >>> class S(FlowState):
        ...     PHASES = phases(Phase("go", "one", moves=False))
        ...     FIRST_PHASE = "go"
        ...     def _setup_data(self): return {}
        >>> class G(Game):
        ...     id, title, min_players, max_players, state_class = "toy", "Toy", 2, 2, S
        >>> S.game = G()
        >>> s = S(2, 1)
        >>> s.mark(0, "move", "c3", "c4"); s.mark(0, "reveal", "c4", text="Archer")
        >>> s.marks()
        {'0': [{'kind': 'move', 'at': ['c3', 'c4']}, {'kind': 'reveal', 'at': ['c4'], 'text': 'Archer'}]}
        >>> s.new_marks(0); s.marks()
        {}
        """
        entry: dict = {"kind": str(kind), "at": [str(w) for w in where]}
        if text:
            entry["text"] = str(text)
        self.data["flow"].setdefault("marks", {}).setdefault(str(int(seat)), []).append(entry)

    def new_marks(self, seat: int) -> None:
        """``seat``'s new move begins: its marks from the last one are forgotten."""
        marks = self.data["flow"].get("marks")
        if marks:
            marks.pop(str(int(seat)), None)

    def marks(self) -> dict:
        """Every seat's last-move marks, ``{"<seat>": [{"kind", "at": [places], "text"?}, ...]}``
        (seats as strings, JSON-style), a copy to put in views."""
        return {k: [dict(m, at=list(m["at"])) for m in v]
                for k, v in sorted(self.data["flow"].get("marks", {}).items()) if v}

    # ---- the contract hooks, derived from the flow -------------------------------
    def _to_act(self) -> tuple:
        return _to_act(self.data["flow"], self.PHASES)

    # (the contract's questions asked of the flow data at once: ``_to_act`` is already empty once the game is over)
    @property
    def to_act(self) -> tuple:
        return _to_act(self.data["flow"], self.PHASES)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in _to_act(self.data["flow"], self.PHASES):
            return []
        actions = self._legal(seat)
        self._legal_seen = (seat, tuple(actions))
        return actions

    def _outcome(self):
        d = self.data["flow"]["outcome"]
        return None if d is None else Outcome.from_dict(d)

    @property
    def is_over(self) -> bool:
        return self.data["flow"]["outcome"] is not None

    def _legal(self, seat: int) -> list:
        d = self.data["flow"]
        prompt = d["prompt"]
        if prompt is not None:
            if prompt["options"] is not None:
                kind = "prompt:" + prompt["kind"]
                return [_tuple_new(Action, (i, label, kind, "")) for i, label in prompt["options"]]
            stack = d["stack"]
            return getattr(self, "_ask_" + prompt["kind"])(stack[-1] if stack else None, seat)
        phase = self.PHASES[d["phase"]]
        return getattr(self, "_legal_" + phase.name)(seat) if phase.moves else []

    def _apply(self, seat: int, action: Action) -> None:
        d = self.data["flow"]
        prompt = d["prompt"]
        if prompt is not None:
            asked = prompt["seats"]
            if len(asked) == 1 and asked[0] == seat:       # (the usual question, to one seat: closed at once)
                d["prompt"] = None
            else:
                rest = [s for s in asked if s != seat]
                d["prompt"] = dict(prompt, seats=rest) if rest else None
            stack = d["stack"]
            frame = stack[-1] if stack else None
            getattr(self, "_f_" + frame["kind"])(frame, action.id, seat)  # type: ignore[index]
        else:
            phase = d["phase"]
            if self.PHASES[phase].turn == "round":
                self.new_marks(seat)
            getattr(self, "_do_" + phase)(seat, action)
        self._advance()

    def _apply_free(self, seat: int, action: Action) -> None:
        self._do_free(seat, action)
        self._advance()

    def _do_free(self, seat: int, action: Action) -> None:
        """Apply one of ``_free(seat)``'s actions (see :meth:`State.free_actions`)."""
        raise NotImplementedError

    def _dump(self) -> dict:
        return self.data

    def _load(self, data: dict) -> None:
        self.data = data

    # ---- the engine loop -----------------------------------------------------------
    def _enter(self, name: str) -> None:
        d = self.data["flow"]
        d["phase"] = name
        d["order"], d["waiting"], d["passed"], d["active"] = [], [], [], None
        d["ordered"] = False
        hook = getattr(self, "_begin_" + name, None)
        if hook is not None:
            hook()
        if not d.pop("ordered", False):
            self.flow.set_order(self.clockwise(d["first"]))

    def goto(self, name: str) -> None:
        """Leave the current phase for ``name`` now (from an ``_end_`` hook or a move); its
        ``_begin_`` hook runs."""
        if name not in self.PHASES:
            raise ValueError(f"no phase {name!r}")
        self._enter(name)

    def _advance(self) -> None:
        """Run frames and move the flow on until a seat must decide or the game is over."""
        d = self.data["flow"]
        for _ in range(LOOP_LIMIT):
            if d["outcome"] is not None or d["prompt"] is not None:
                return
            if d["stack"]:
                frame = d["stack"][-1]
                getattr(self, "_f_" + frame["kind"])(frame, None, None)
                continue
            phase = self.PHASES[d["phase"]]
            if phase.turn == "one":
                if d["active"] is not None and self.in_play(d["active"]):
                    return
                d["active"] = None
                live = [s for s in d["order"] if self.in_play(s)]
                if live:
                    seat = live[0]
                    d["order"] = live[1:]
                    d["active"] = seat
                    d["turn"] += 1
                    self.new_marks(seat)
                    hook = getattr(self, "_begin_turn_" + phase.name, None)
                    if hook is not None:
                        hook(seat)
                    continue
            elif phase.turn == "all":
                d["waiting"] = [s for s in d["waiting"] if self.in_play(s)]
                if d["waiting"]:
                    return
            else:
                if d["active"] is not None and self.in_play(d["active"]) and d["active"] not in d["passed"]:
                    return
                if any(self.in_play(s) and s not in d["passed"] for s in d["order"]):
                    self.flow.next()
                    continue
                d["active"] = None
            # nobody is left to act in this phase: it ends
            hook = getattr(self, "_end_" + phase.name, None)
            if hook is not None:
                hook()
                if d["outcome"] is not None or d["prompt"] is not None or d["stack"]:
                    continue
                if d["phase"] != phase.name:
                    continue                       # the hook moved the game to another phase itself
            if phase.next is None:
                raise RuntimeError(f"phase {phase.name!r} ended with no next phase and no outcome")
            self._enter(phase.next)
        raise RuntimeError("the flow does not progress")
