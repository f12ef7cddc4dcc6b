"""Learn to play: a guided first game (issue 32), a coach that explains each step and points at the control to use.

A guided game is data, one file per game: ``pyapp/games/<id>/tutorial.json`` (:func:`scenario`, checked by
:func:`check_scenario`; how to write one: docs/tutorials.md).  It names the game, its options and seed, the seats
(one person, the rest bots) and the **steps**: each a plain-language ``text`` and the action(s) it ``expect``\\ s,
matched against the person's legal actions (``{"id": "play:*", "label": "Volley"}``: an id, or an id prefix ending
in ``*``, and a piece of the label).  Steps are grouped in lessons (a step with ``lesson`` begins one).

The coach is state-driven, so nothing it knows has to be saved: its progress is worked out from the game's moves
(:meth:`Coach.progress`, replayed once when a game is opened, then followed move by move).  At each position:

- **on the path**: the current step's expected action is legal (or, within the lesson, an earlier step's: a card
  taken back goes back to "play it"): the coach shows its text and points at that action's control(s), marked as
  a hint is (``data-hint``) and carrying ``data-coach``.  A step with ``"point": "bot"`` points at the normal bot's
  choice when it is one of the expected actions (where to move, whom to shoot), else at the first expected one;
  a ``repeat`` step stays while its actions remain (every point of a move).
- **off the path** (the person did something else, which is always allowed): the coach explains the current
  prompt in words (``phases``, by the view's ``phase``) and points at the normal bot's move for it, so some legal
  control always carries ``data-coach``.  After ``patience`` moves of the person's off the path the rest of the
  lesson is dropped and the next lesson begins: the guided game never gets stuck.
- **done**: every step taken (or the game over): a box carrying ``data-tutorial-done`` says so and offers a real
  game against the easy bot; this game can also be played on to its end.

A guided game is saved like any other (its save carries ``"tutorial": "<game id>"``), so it is left and resumed
from the saves list; ``index.html?game=<id>&tutorial=1`` opens it (resuming the guided game of that game if one
is under way), as do "Learn to play" on the shelf card and on the setup screen (``data-nav="learn:<id>"``).
"""
from __future__ import annotations

import re

from .. import games
from ..engine import saves
from ..engine.util import read_text
from . import hints as hintlib
from . import seats as seatlib
from .markup import button, esc

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable

    from ..engine.core import Action, State
    from .session import Session
    from .store import SaveStore

FORMAT = 1
EASY = "easy"                          # the bot a real game after the guided one is offered against
MAX_TEXT = 600                         # characters of one step's text
PATIENCE = 10                          # the person's moves off the path before the coach moves to the next lesson
STEP_KEYS = {"lesson", "text", "expect", "point", "repeat", "phase"}
MATCH_KEYS = {"id", "label"}
TOP_KEYS = {"format", "game", "title", "minutes", "seed", "seats", "names", "options", "patience", "intro",
            "waiting", "off_path", "phases", "done", "steps", "_doc"}
# A clause id (``HB-GAP-26``, ``CS-UI-3``): tests and docs only, never on a player's screen.
CLAUSE_RE = re.compile(r"\b[A-Z]{2,3}-(?:[A-Z]+-)?\d+\b")

_cache: dict[str, dict | None] = {}
_present: dict[str, bool] = {}          # whether a game has a tutorial.json (has_tutorial: not read yet)


class ScenarioError(ValueError):
    """A tutorial file that cannot be used; ``str(err)`` lists every problem."""


# ================================================================ the scenario files
def scenario(gid: str) -> dict | None:
    """Game ``gid``'s guided game (its ``tutorial.json``, checked), or None if it has none.  Read once."""
    return games.game_json(gid, "tutorial.json", check_scenario, ScenarioError, _cache)


def has_tutorial(gid: str) -> bool:
    """Whether game ``gid`` has a guided game (for the shelf's and the setup's "Learn to play"): whether its
    file is there.  The file is read and checked when the guided game starts (tests check every file), so the
    shelf imports no game's rules at start-up."""
    if gid in _cache:
        return _cache[gid] is not None
    if gid not in _present:
        try:
            read_text(games.__name__, gid, "tutorial.json")
            _present[gid] = True
        except (OSError, KeyError, ValueError):
            _present[gid] = False
    return _present[gid]


def _texts(d: dict) -> list[tuple[str, object]]:
    """Every text of a scenario a player reads, with where it is."""
    out: list[tuple[str, object]] = [(k, d.get(k)) for k in ("title", "intro", "waiting", "off_path")]
    out += [(f"phases.{k}", v) for k, v in (d.get("phases") or {}).items()]
    out += [(f"done.{k}", v) for k, v in (d.get("done") or {}).items()]
    for i, st in enumerate(d.get("steps") or []):
        if isinstance(st, dict):
            out += [(f"step {i + 1} {k}", st.get(k)) for k in ("text", "lesson") if k in st]
    return out


def check_scenario(d: object, gid: str) -> list[str]:
    """Every problem of a scenario (empty: usable): its shape and types, its seats and options (the game's own
    checks), the texts (plain, at most :data:`MAX_TEXT` characters, no clause ids)."""
    if not isinstance(d, dict):
        return ["not a JSON object"]
    p: list[str] = []
    if d.get("format") != FORMAT:
        p.append(f"format must be {FORMAT}")
    if d.get("game") != gid:
        p.append(f"game must be {gid!r}")
    p += [f"unknown key {k!r}" for k in sorted(set(d) - TOP_KEYS)]
    for k in ("title", "minutes", "intro", "waiting", "off_path"):
        if not isinstance(d.get(k), str) or not d[k].strip():
            p.append(f"{k} must be a text")
    if type(d.get("seed")) is not int or not 0 <= d["seed"] <= saves.MAX_SEED:
        p.append("seed must be a whole number")
    if not isinstance(d.get("patience", PATIENCE), int) or not 1 <= d.get("patience", PATIENCE) <= 100:
        p.append("patience must be 1-100")
    seats = d.get("seats")
    if not (isinstance(seats, list) and seats.count("human") == 1
            and all(isinstance(s, str) and (s == "human" or s.startswith("bot:")) for s in seats)):
        p.append("seats must list one human and bots (bot:<name>)")
        seats = None
    names = d.get("names")
    if names is not None and not (isinstance(names, list) and len(names) == len(seats or [])
                                  and all(isinstance(n, str) and 0 < len(n) <= 40 for n in names)):
        p.append("names must give a short name per seat")
    phases = d.get("phases")
    if not isinstance(phases, dict) or not phases or not all(isinstance(v, str) for v in phases.values()):
        p.append("phases must map each phase to a text")
    done = d.get("done")
    if not isinstance(done, dict) or not all(isinstance(done.get(k), str) for k in ("title", "text")):
        p.append("done must have a title and a text")
    steps = d.get("steps")
    if not isinstance(steps, list) or not steps:
        p.append("steps must be a non-empty list")
        steps = []
    for i, st in enumerate(steps):
        where = f"step {i + 1}"
        if not isinstance(st, dict):
            p.append(f"{where} is not an object")
            continue
        p += [f"{where}: unknown key {k!r}" for k in sorted(set(st) - STEP_KEYS)]
        if not isinstance(st.get("text"), str) or not st["text"].strip():
            p.append(f"{where}: text must be a text")
        if i == 0 and "lesson" not in st:
            p.append("step 1 must begin a lesson")
        if st.get("point", "first") not in ("first", "bot") or not isinstance(st.get("repeat", False), bool):
            p.append(f"{where}: point is first or bot, repeat true or false")
        expect = st.get("expect")
        if not (isinstance(expect, list) and expect and all(
                isinstance(m, dict) and m and set(m) <= MATCH_KEYS and all(isinstance(v, str) and v for v in m.values())
                for m in expect)):
            p.append(f"{where}: expect must list matchers ({{'id': ..., 'label': ...}})")
    for where, text in _texts(d):
        if isinstance(text, str):
            if len(text) > MAX_TEXT:
                p.append(f"{where}: longer than {MAX_TEXT} characters")
            if CLAUSE_RE.search(text):
                p.append(f"{where}: names a clause id ({CLAUSE_RE.search(text).group(0)})")   # type: ignore[union-attr]
    if not p:
        try:
            game = games.get(gid)
            from .. import bots as botlib
            avail = botlib.available(gid)
            bad = [s for s in seats or [] if s.startswith("bot:") and s[4:] not in avail]
            if bad:
                p.append(f"unknown bots: {', '.join(bad)}")
            elif not game.min_players <= len(seats or []) <= game.max_players:
                p.append("wrong number of seats")
            else:
                game.new(len(seats or []), d["seed"], game.resolve_options(d.get("options") or {}, len(seats or [])))
        except (ValueError, TypeError, LookupError) as exc:
            p.append(f"the game refuses it: {exc}")
    return p


def matches(m: dict, action: Action) -> bool:
    """Whether legal action ``action`` is what matcher ``m`` asks for (``id``: exact, or a prefix ending in ``*``;
    ``label``: a piece of the label, any case).

    >>> from pyapp.engine.core import Action
    >>> matches({"id": "play:*", "label": "volley"}, Action("play:c07", "Play Volley (cost 1)"))
    True
    >>> matches({"id": "pay:c*"}, Action("pay:ok", "Pay 1 for Volley"))
    False
    """
    want = m.get("id")
    if want is not None:
        if want.endswith("*"):
            if not action.id.startswith(want[:-1]):
                return False
        elif action.id != want:
            return False
    label = m.get("label")
    return label is None or label.lower() in str(action.label or "").lower()


# ================================================================ the coach
class Coach:
    """The guided game on the table (a part of the app with its own ``navs()``; see the module docstring)."""

    def __init__(self, session: Session, store: SaveStore) -> None:
        self.s = session
        self.store = store
        # progress followed move by move: {key, n (moves seen), progress, off, state (a copy after n moves)}
        self._track: dict | None = None
        self._bot_cache: tuple | None = None     # (game key, moves, seat, the normal bot's action id)

    def navs(self) -> dict[str, Callable[[str], None]]:
        return {"learn": self._nav_learn, "coach-real": self._nav_real, "coach-show": self._nav_show}

    def _nav_show(self, _arg: str) -> None:
        """"Show me": the control the coach points at, scrolled into view and focused (on a phone it can lie far
        below the coach's words, in the side panels)."""
        self.s.focus_next = "[data-coach]"

    def game_changed(self) -> None:
        self._track = None
        self._bot_cache = None

    # ---------------------------------------------------------------- opening a guided game
    def _nav_learn(self, gid: str) -> None:
        self.start(gid)

    def start(self, gid: str) -> bool:
        """Open game ``gid``'s guided game: the one under way (the current game, a tutorial of ``gid`` not over),
        else a new one.  False (and a notice) if the game has none."""
        sc = scenario(gid)
        if sc is None:
            self.s.notify("This game has no guided game yet: its rules page explains it.")
            return False
        s = self.s
        if s.state is not None and s.meta is not None and s.meta.get("tutorial") == gid and not s.state.is_over:
            s.screen = "game"
            return True
        if s.screen == "game" and s.state is not None:
            s.leave_game()
        if self._resume(gid):
            return True
        game = games.get(gid)
        seats = list(sc["seats"])
        state = game.new(len(seats), sc["seed"], game.resolve_options(sc.get("options") or {}, len(seats)))
        names = seatlib.distinct([str(n) for n in sc.get("names") or []] or
                                 [s.seat_name(i, x) for i, x in enumerate(seats)])
        s.start_game(game, state, {"id": saves.new_id(), "seats": seats, "names": names, "created": s.clock(),
                                   "title": f"{sc['title']} — {game.title}", "tutorial": gid})
        self.store.autosave()
        return True

    def _resume(self, gid: str) -> bool:
        """Open the guided game of ``gid`` under way: the current game if it is one, else the latest saved one
        not finished (a player who went back to the shelf); False if there is none."""
        s = self.s
        current = s.storage.get(s.current_key) if s.current_key else None
        best: tuple[int, str, str] | None = None
        for key in s.storage.keys():
            if not key.startswith(s.save_prefix):
                continue
            try:
                d = saves.check_header(s.storage.get(key) or "")
            except saves.SaveError:
                continue
            if d.get("tutorial") != gid or d["game"] != gid or str(d.get("status", "")).startswith("finished"):
                continue
            rank = (int(d["id"] == current), str(d.get("updated") or ""), d["id"])
            if best is None or rank > best:
                best = rank
        return best is not None and self.store.open(best[2], quiet_missing=True)

    def _nav_real(self, arg: str) -> None:
        """After the guided game: a real game of the same game against the easy bot (a secret seed)."""
        s = self.s
        if s.game is None:
            return
        game = s.game
        seats = ["human"] + ["bot:" + (EASY if EASY in _bots(game.id) else seatlib.new_seat_bot(game.id))] * (
            _real_players(game.id) - 1)
        s.leave_game()
        options = game.resolve_options({}, len(seats))
        state = game.new(len(seats), s.random_seed(), options)
        names = seatlib.distinct([s.seat_name(i, x) for i, x in enumerate(seats)])
        s.start_game(game, state, {"id": saves.new_id(), "seats": seats, "names": names, "created": s.clock(),
                                   "title": f"{seatlib.joined(names, game.plays_together(options, len(names)))} "
                                            f"— {game.title}"})
        self.store.autosave()

    # ---------------------------------------------------------------- where the guided game is
    def active(self) -> dict | None:
        """The scenario of the game on the table, if it is a guided game."""
        s = self.s
        if s.state is None or s.meta is None or s.meta.get("tutorial") != s.state.game.id:
            return None
        try:
            return scenario(s.state.game.id)
        except ValueError:
            return None

    def human(self) -> int | None:
        meta = self.s.meta
        return meta["seats"].index("human") if meta is not None and "human" in meta["seats"] else None

    def progress(self) -> tuple[int, int]:
        """``(step index, moves of the person's off the path since the last step)`` after the game's moves so far:
        followed move by move from a copy of the game (worked out again from the start after an undo or when
        another game is opened)."""
        s, sc = self.s, self.active()
        if sc is None or s.state is None or s.meta is None:
            return 0, 0
        state = s.state
        key = (s.meta["id"], state.seed)
        hist = state.history
        t = self._track
        if t is None or t["key"] != key or t["n"] > len(hist) or [list(h) for h in hist[:t["n"]]] != t["hist"]:
            game = state.game
            t = self._track = {"key": key, "n": 0, "progress": 0, "off": 0, "hist": [],
                               "state": game.new(state.players, state.seed, state.options)}
        copy = t["state"]
        me = self.human()
        for seat, aid in hist[t["n"]:]:
            if seat == me and not copy.is_over:
                cur = self._current(sc, copy, t["progress"], seat)
                copy.apply(seat, aid)
                self._advance(sc, t, cur, copy, seat, aid)
            else:
                copy.apply(seat, aid)
            t["hist"].append([seat, aid])
            t["n"] += 1
        return t["progress"], t["off"]

    def _advance(self, sc: dict, t: dict, cur: tuple | None, after: State, seat: int, aid: str) -> None:
        steps = sc["steps"]
        if cur is not None:
            j = cur[0]
            st = steps[j]
            if any(matches(m, a) for m in st["expect"] for a in cur[2] if a.id == aid):
                # a repeat step stays while its actions stay legal, unless the next step can be taken now
                # (Cloudspire's march, turn after turn, until a unit can strike the gate)
                again = (st.get("repeat") and not after.is_over and self._available(st, after, seat) is not None
                         and not (j + 1 < len(steps) and self._available(steps[j + 1], after, seat) is not None))
                t["progress"], t["off"] = (j if again else j + 1), 0
                return
        t["off"] += 1
        if t["off"] >= int(sc.get("patience", PATIENCE)):      # the lesson is dropped: the next one begins
            nxt = next((k for k in range(t["progress"] + 1, len(steps)) if "lesson" in steps[k]), len(steps))
            t["progress"], t["off"] = nxt, 0

    @staticmethod
    def _lesson_start(steps: list, i: int) -> int:
        return next((k for k in range(min(i, len(steps) - 1), -1, -1) if "lesson" in steps[k]), 0)

    def _available(self, st: dict, state: State, seat: int) -> list[Action] | None:
        """The legal actions if step ``st`` can be taken now (its phase, one of its expected actions legal)."""
        if seat not in state.to_act or state.is_over:
            return None
        if "phase" in st:
            view = state.view(seat)
            if not isinstance(view, dict) or view.get("phase") != st["phase"]:
                return None
        legal = state.legal_actions(seat)
        return legal if any(matches(m, a) for m in st["expect"] for a in legal) else None

    def _current(self, sc: dict, state: State, progress: int, seat: int) -> tuple[int, dict, list] | None:
        """The step the coach shows at ``state``: ``(index, step, legal actions)``, or None off the path."""
        steps = sc["steps"]
        if progress >= len(steps):
            return None
        for j in range(progress, self._lesson_start(steps, progress) - 1, -1):
            legal = self._available(steps[j], state, seat)
            if legal is not None:
                return j, steps[j], legal
        return None

    def done(self) -> bool:
        """The guided part is over: every step taken, or the game ended."""
        sc = self.active()
        if sc is None or self.s.state is None:
            return False
        return self.s.state.is_over or self.progress()[0] >= len(sc["steps"])

    def _bot_move(self, state: State, seat: int) -> str | None:
        """The normal bot's move for ``seat`` here (the hint's bot and seed), computed once per position."""
        key = (id(state), len(state.history), seat)
        if self._bot_cache is not None and self._bot_cache[:3] == key:
            return self._bot_cache[3]
        try:
            aid: str | None = hintlib.suggest(state, seat)
        except Exception:  # a broken bot must not break the lesson: the first legal move instead
            legal = state.legal_actions(seat)
            aid = legal[0].id if legal else None
        self._bot_cache = (*key, aid)
        return aid

    def pointed(self) -> tuple[str | None, dict | None, dict]:
        """``(action id the coach points at, the step shown or None off the path, scenario)`` for the person now;
        the id is None when the person is not to act or the guided part is done."""
        sc = self.active()
        s = self.s
        me = self.human()
        if sc is None or s.state is None or me is None or me not in s.state.to_act or s.state.is_over:
            return None, None, sc or {}
        progress, _off = self.progress()
        if progress >= len(sc["steps"]):
            return None, None, sc
        state = s.state
        cur = self._current(sc, state, progress, me)
        if cur is None:
            return self._bot_move(state, me), None, sc
        _j, st, legal = cur
        wanted = [a for m in st["expect"] for a in legal if matches(m, a)]
        if st.get("point") == "bot":
            bot = self._bot_move(state, me)
            if any(a.id == bot for a in wanted):
                return bot, st, sc
        return wanted[0].id, st, sc

    # ---------------------------------------------------------------- on the game screen
    def mark(self, board: str) -> str:
        """The board's markup with the control(s) of the action the coach points at carrying ``data-coach`` and
        marked as a hint is (``data-hint``: the dashed outline and the tag)."""
        aid, _st, _sc = self.pointed()
        me = self.human()
        if aid is None or me is None:
            return board
        needle = f'data-action="{esc(aid)}"'
        return board.replace(needle, f'{needle} data-coach data-hint="{int(me)}"')

    def render(self) -> str:
        """The coach's box in the turn area (empty when the game on the table is not a guided game)."""
        sc = self.active()
        s = self.s
        if sc is None or s.state is None:
            return ""
        steps = sc["steps"]
        progress, off = self.progress()
        if self.done():
            done = sc["done"]
            real = button("Play a real game " + ("with" if _together(s.state) else "against") + " the easy bot",
                          nav="coach-real", cls="primary")
            return (f'<section class="coach done" data-tutorial-done aria-labelledby="coach-h" role="status" tabindex="0">'
                    f'<h3 id="coach-h">{esc(done["title"])}</h3><p>{esc(done["text"])}</p>'
                    f'<div class="button-row">{real}</div></section>')
        aid, st, _ = self.pointed()
        me = self.human()
        if me is None:
            return ""
        lesson_i = self._lesson_start(steps, progress)
        lessons = [k for k, x in enumerate(steps) if "lesson" in x]
        head = (f'Lesson {lessons.index(lesson_i) + 1} of {len(lessons)}: {steps[lesson_i]["lesson"]}'
                if lesson_i in lessons else sc["title"])
        if aid is None:
            body = f'<p>{esc(sc["waiting"])}</p>'
        elif st is not None:
            first = progress == 0 and not any(seat == me for seat, _aid in s.state.history)   # bots may move first
            intro = f'<p class="coach-intro">{esc(sc["intro"])}</p>' if first else ""
            body = f'{intro}<p>{esc(st["text"])}</p>'
        else:
            view = s.state.view(me)
            phase = view.get("phase") if isinstance(view, dict) else None
            what = sc["phases"].get(str(phase), "")
            label = next((a.label or a.id for a in s.state.legal_actions(me) if a.id == aid), aid)
            body = (f'<p>{esc(sc["off_path"])}</p>' + (f'<p>{esc(what)}</p>' if what else "")
                    + f'<p class="coach-move">A good move now: <strong>{esc(label)}</strong> (marked).</p>')
        more = f' <small class="coach-off">({off} move{"" if off == 1 else "s"} your own way)</small>' if off else ""
        show = (f'<p class="coach-show">{button("Show me", nav="coach-show", cls="small", title="scroll to the control to use and put the focus on it")}</p>'
                if aid is not None else "")
        # data-step: the glue brings the coach's words into view when the step changes (pyapp/browser/main.py)
        return (f'<section class="coach" aria-labelledby="coach-h" tabindex="0" data-step="{progress}-{off}">'
                f'<h3 id="coach-h"><span class="coach-tag" aria-hidden="true">Coach</span> {esc(head)}{more}</h3>'
                f'{body}{show}</section>')


def _real_players(gid: str) -> int:
    """Players of the real game offered after the guided one: the setup's default, but never fewer than the guided
    game's seats (Ice Fortress sets up solo; its guided game has a bot teammate, and so has the real game)."""
    sc = scenario(gid)
    return max(games.get(gid).setup_players, len(sc["seats"]) if sc else 0)


def _together(state: State) -> bool:
    """Whether the seats of ``state`` play on one side (a co-operative game: the easy bot is a teammate)."""
    return bool(state.game.plays_together(state.options, state.players))


def _bots(gid: str) -> dict:
    from .. import bots as botlib
    return botlib.available(gid)
