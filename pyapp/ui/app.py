"""The app controller: screens, navigation, saves, bots, hot-seat hand-off.  Pure Python (no ``js``).

    app = App(storage, query={"game": "hexbattle", "seats": "human,bot", "seed": "42"})
    html = app.render()                  # the whole markup for the #app root
    app.handle("action", "draw")         # a data-action click (a game action id)
    app.handle("nav", "shelf")           # a data-nav click (screens, saves, undo, ...)
    app.handle("input", "seed", "7")     # a data-input field changed
    while app.bot_pending(): app.step_bot()

Screens: ``shelf``, ``setup``, ``game``, ``rules``, ``armies``, ``builder``.
Every player-entered string is escaped (:func:`pyapp.ui.markup.esc`).

``data-nav`` values: ``shelf``, ``setup:<game>``, ``start``, ``reseed``, ``pick-army:<seat>`` / ``pick-done``
(private army choice in hot seat), ``rules:<game>``, ``back``, ``load:<save id>``, ``delsave:<save id>``,
``confirm`` / ``cancel-confirm``, ``undo``, ``handoff-ok``, ``new-again``, ``dismiss:<message id>``,
``armies``, ``army-new``, ``army-edit:<id>``, ``army-del:<id>``, ``b-add:<unit>``, ``b-sel:<i>``,
``b-place:<hex>``, ``b-cw:<i>`` / ``b-ccw:<i>``, ``b-unplace:<i>``, ``b-del:<i>``, ``b-card:<card>:1|-1``,
``b-save``; ``export`` and ``import`` are handled by the browser glue (file download / file picker).
``data-input`` names: ``seed``, ``players``, ``seat-<i>`` (``human`` | ``bot:<name>``), ``name-<i>``,
``army-<i>``, ``opt-<option>``, ``army-name``.

Query parameters: ``game``, ``seats`` (``human,bot`` | ``bot:<name>``; plain ``bot`` is the game's best bot),
``seed``, ``embed=1`` (no chrome, start at once), ``fast=1`` (bots act without delay, read by the glue).
With ``game`` and ``seats`` (or ``embed``) the game starts at once, and reloading the same link resumes it.
"""
from __future__ import annotations

import importlib
import json

from .. import bots as botlib
from .. import games
from ..engine import IllegalAction, Rng
from ..engine import saves
from ..engine.util import random_below
from ..engine.saves import SaveError
from . import armies as armylib
from .markup import button, esc
from .storage import QuotaError

ARMY_GAMES = ("hexbattle",)
MAX_MESSAGES = 6


def _best_bot(game_id: str) -> str:
    """The strongest bot a game has: the highest ``strength`` attribute, else the last registered, else random."""
    avail = botlib.available(game_id)
    ranked = [(getattr(cls, "strength", i), name) for i, (name, cls) in enumerate(avail.items())]
    return max(ranked)[1] if ranked else "random"


def _truthy(v) -> bool:
    return str(v).lower() in ("1", "true", "yes", "on")


class App:
    """See the module docstring and docs/ARCHITECTURE.md."""

    def __init__(self, storage, query: dict | None = None, *, clock=None, random_seed=None) -> None:
        self.storage = storage
        self.query = {k: (v[0] if isinstance(v, list) and v else v) for k, v in dict(query or {}).items()}
        self.clock = clock or saves.now_iso
        self._random_seed = random_seed or (lambda: random_below(1_000_000_000))
        self.messages: list[dict] = []
        self._msg_counter = 0
        self.screen = "shelf"
        self.back_to = "shelf"
        self.embed = _truthy(self.query.get("embed", ""))
        self.fast = _truthy(self.query.get("fast", ""))
        self.setup: dict | None = None
        self.game = None
        self.state = None
        self.meta: dict | None = None
        self.viewer: int | None = None      # the human seat whose view is on screen (hot seat)
        self.bot_error = False
        self._bots: dict = {}
        self._seen_log: dict = {}            # seat -> log length when that human last acted
        self.rules_for: str | None = None
        self.builder: armylib.Builder | None = None
        self.confirm: tuple | None = None
        if not self._apply_query():
            self._resume()

    # ================================================================ messages
    def notify(self, text: str, level: str = "error") -> None:
        if any(m["text"] == text for m in self.messages):
            return
        self._msg_counter += 1
        self.messages.append({"id": self._msg_counter, "level": level, "text": text})
        del self.messages[:-MAX_MESSAGES]

    # ================================================================ storage helpers
    def _store(self, key: str, value: str, what: str) -> bool:
        try:
            self.storage.set(key, value)
            return True
        except QuotaError:
            self.notify(f"Storage is full: {what} could not be saved. Your other saves are untouched; "
                        "delete old saves or export this one to free space.")
        except Exception as exc:  # storage disabled, private mode...
            self.notify(f"Could not save {what}: {exc}")
        return False

    def _save_entries(self) -> list[dict]:
        out = []
        for key in self.storage.keys():
            if not key.startswith(saves.SAVE_PREFIX):
                continue
            sid = key[len(saves.SAVE_PREFIX):]
            entry = {"id": sid, "meta": None, "error": None}
            try:
                d = saves.check_header(self.storage.get(key) or "")
                if d["id"] != sid:
                    raise SaveError("This save is damaged: its id does not match where it is stored.")
                entry["meta"] = d
            except SaveError as exc:
                entry["error"] = str(exc)
            out.append(entry)
        out.sort(key=lambda e: (e["meta"] or {}).get("updated", ""), reverse=True)
        return out

    # ================================================================ query / resume
    def _apply_query(self) -> bool:
        q = self.query
        gid = q.get("game")
        if not gid:
            if self.embed:
                self.notify("This embedded link names no game (add game=hexbattle).")
            return False
        gid = str(gid)
        try:
            game = games.get(gid)
        except LookupError as exc:
            self.notify(f"The link asks for a game that cannot be played: {exc}.")
            self.embed = False
            return False
        players = game.min_players
        seats = ["human"] + ["bot:" + _best_bot(gid)] * (players - 1)
        seats_ok = True
        if q.get("seats"):
            parsed = self._parse_seats(gid, str(q["seats"]), game)
            if parsed is None:
                seats_ok = False
            else:
                seats = parsed
        seed = None
        if q.get("seed") not in (None, ""):
            try:
                seed = int(str(q["seed"]))
                if not 0 <= seed < 2 ** 63:
                    raise ValueError
            except ValueError:
                self.notify(f"The seed in the link ({q['seed']}) is not a whole number; a random seed is used.")
                seed = None
        self._new_setup(gid, seats=seats, seed=seed)
        if seats_ok and (self.embed or q.get("seats")):
            if self._resume_matching(gid, seats, seed):     # a reload of the same link resumes its game
                return True
            return self._start_from_setup()
        if not seats_ok:
            self.embed = False
        self.screen = "setup"
        return True

    def _parse_seats(self, gid: str, text: str, game) -> list[str] | None:
        items = [s.strip().lower() for s in text.split(",") if s.strip()]
        if not game.min_players <= len(items) <= game.max_players:
            self.notify(f"The link lists {len(items)} seat(s); {game.title} takes "
                        f"{game.min_players}-{game.max_players} players.")
            return None
        avail = botlib.available(gid)
        out = []
        for s in items:
            if s == "human":
                out.append("human")
            elif s == "bot":
                out.append("bot:" + _best_bot(gid))
            elif s.startswith("bot:") and s[4:] in avail:
                out.append(s)
            else:
                self.notify(f"The link has an unknown seat {s!r}: use human, bot or bot:<name> "
                            f"(bots: {', '.join(avail)}).")
                return None
        return out

    def _resume_matching(self, gid: str, seats: list[str], seed: int | None) -> bool:
        sid = self.storage.get(saves.CURRENT_KEY)
        if not sid:
            return False
        try:
            d = saves.check_header(self.storage.get(saves.save_key(sid)) or "")
        except SaveError:
            return False
        if d["game"] != gid or d["seats"] != seats or (seed is not None and d["seed"] != seed):
            return False
        if str(d.get("status", "")).startswith("finished"):
            return False
        return self._open_save(sid, quiet_missing=True)

    def _resume(self) -> None:
        sid = self.storage.get(saves.CURRENT_KEY)
        if not sid:
            return
        if not self._open_save(sid, quiet_missing=True):
            self.storage.remove(saves.CURRENT_KEY)

    # ================================================================ setup
    def _new_setup(self, gid: str, *, seats=None, seed=None) -> None:
        game = games.get(gid)
        players = game.min_players
        seats = seats or (["human"] + ["bot:" + _best_bot(gid)] * (players - 1))
        self.setup = {"game": gid, "seats": list(seats), "names": [""] * len(seats),
                      "seed": str(self._random_seed() if seed is None else seed),
                      "armies": [None] * len(seats), "picking": None,
                      "options": {o.name: o.default for o in self._plain_options(game)}}
        if gid in ARMY_GAMES:
            for msg in armylib.ensure_prebuilt(self.storage, self.clock):
                self.notify(msg)
            valid = armylib.valid_armies(self.storage)
            for i in range(len(seats)):
                if valid:
                    self.setup["armies"][i] = valid[min(i, len(valid) - 1)]["id"]

    @staticmethod
    def _plain_options(game) -> list:
        """The options the setup screen offers as plain fields (armies have their own picker)."""
        return [o for o in game.options_spec if not (game.id in ARMY_GAMES and o.name == "armies")]

    def _set_players(self, n: int) -> None:
        st = self.setup
        game = games.get(st["game"])
        if not game.min_players <= n <= game.max_players:
            return
        best = "bot:" + _best_bot(st["game"])
        for key, fill in (("seats", best), ("names", ""), ("armies", None)):
            st[key] = (st[key] + [fill] * n)[:n]

    def _set_option(self, name: str, value: str) -> None:
        st = self.setup
        game = games.get(st["game"])
        opt = next((o for o in self._plain_options(game) if o.name == name), None)
        if opt is None:
            return
        if opt.choices:
            match = [c[0] for c in opt.choices if str(c[0]) == value]
            if match:
                st["options"][name] = match[0]
        elif isinstance(opt.default, bool):
            st["options"][name] = value in ("true", "1", "yes", "on")
        elif isinstance(opt.default, int):
            try:
                st["options"][name] = int(value)
            except ValueError:
                self.notify(f"{opt.label}: enter a whole number.")
        else:
            st["options"][name] = value[:100]

    def _seat_name(self, i: int, seat: str, typed: str = "") -> str:
        if typed.strip():
            return typed.strip()[:40]
        if seat.startswith("bot:"):
            cls = botlib.available(self.setup["game"] if self.setup else self.game.id).get(seat[4:])
            return f"{getattr(cls, 'label', seat[4:])} bot" if cls else seat[4:]
        return f"Player {i + 1}"

    @staticmethod
    def _distinct(names: list) -> list:
        """Number repeated names ("Greedy bot 1", "Greedy bot 2") so a banner never names two seats alike."""
        out = []
        for i, n in enumerate(names):
            if names.count(n) > 1:
                n = f"{n} {names[:i + 1].count(n)}"
            out.append(n)
        return out

    def _start_from_setup(self) -> bool:
        st = self.setup
        gid = st["game"]
        game = games.get(gid)
        try:
            seed = int(str(st["seed"]).strip())
            if not 0 <= seed < 2 ** 63:
                raise ValueError
        except ValueError:
            self.notify("The seed must be a whole number (0 or more).")
            self.screen = "setup"
            return False
        options = None
        if gid in ARMY_GAMES and not armylib.valid_armies(self.storage):
            # nothing usable in storage (full or blocked): the game's own sample armies
            self.notify("No saved army could be used, so both sides play the sample armies.", "info")
        elif gid in ARMY_GAMES:
            valid = {e["id"]: e["army"] for e in armylib.valid_armies(self.storage)}
            chosen = []
            pick = Rng(seed, stream=99)
            for i, seat in enumerate(st["seats"]):
                aid = st["armies"][i]
                if seat.startswith("bot:"):                       # a bot's army: random and secret (HB-UI-6)
                    aid = pick.choice(sorted(valid)) if valid else None
                if aid not in valid:
                    self.notify(f"{self._seat_name(i, seat, st['names'][i])} has no valid army chosen: "
                                "build one in the army builder.")
                    self.screen = "setup"
                    return False
                chosen.append(armylib.clean_army(valid[aid]))
            options = {"armies": chosen}
        elif st.get("options"):
            options = dict(st["options"])
        try:
            state = game.new(len(st["seats"]), seed, options)
        except (ValueError, TypeError) as exc:
            self.notify(f"The game could not start: {exc}")
            self.screen = "setup"
            return False
        names = self._distinct([self._seat_name(i, s, st["names"][i]) for i, s in enumerate(st["seats"])])
        now = self.clock()
        self.game, self.state = game, state
        self.meta = {"id": saves.new_id(), "seats": list(st["seats"]), "names": names, "created": now,
                     "title": f"{' vs '.join(names)} — {game.title}"}
        self.viewer = self._single_human()
        self.bot_error = False
        self._bots = {}
        self._seen_log = {}
        self.screen = "game"
        self._autosave()
        return True

    # ================================================================ game helpers
    def _humans(self) -> list[int]:
        return [i for i, s in enumerate(self.meta["seats"]) if s == "human"] if self.meta else []

    def _single_human(self) -> int | None:
        h = self._humans()
        return h[0] if len(h) == 1 else None

    def _human_to_act(self) -> int | None:
        if self.state is None:
            return None
        for s in self.state.to_act:
            if self.meta["seats"][s] == "human":
                return s
        return None

    def handoff_seat(self) -> int | None:
        """The human seat the device must be passed to before anything is shown (hot seat), or None."""
        if self.state is None or len(self._humans()) < 2 or self.state.is_over:
            return None
        h = self._human_to_act()
        return h if h is not None and h != self.viewer else None

    def view_seat(self) -> int | None:
        """Whose view is rendered: the one human, the last human handed the device, or None (spectator)."""
        humans = self._humans()
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        return self.viewer

    def _autosave(self) -> None:
        if self.state is None or self.meta is None:
            return
        now = self.clock()
        save = saves.to_save(self.state, save_id=self.meta["id"], seats=self.meta["seats"], names=self.meta["names"],
                             title=self.meta["title"], created=self.meta["created"], updated=now)
        out = self.state.outcome()
        save["status"] = "in progress" if out is None else f"finished: {self._outcome_text(out)}"
        if self._store(saves.save_key(self.meta["id"]), saves.dumps(save), "this game"):
            self._store(saves.CURRENT_KEY, self.meta["id"], "the current game marker")

    def _outcome_text(self, out) -> str:
        names = self.meta["names"]
        if len(out.winners) == 1:
            return f"{names[out.winners[0]]} wins"
        if out.winners:
            return " and ".join(names[w] for w in out.winners) + " share the win"
        return "a draw"

    def _open_save(self, sid: str, *, quiet_missing: bool = False) -> bool:
        text = self.storage.get(saves.save_key(sid))
        if text is None:
            if not quiet_missing:
                self.notify("That save no longer exists.")
            return False
        try:
            d = saves.check_header(text)
            if d["id"] != sid:
                raise SaveError("This save is damaged: its id does not match where it is stored.")
            state, meta = saves.load_save(d)
        except SaveError as exc:
            self.notify(f"Could not open the save: {exc} Your other saves are untouched.")
            return False
        self._enter_game(state, meta)
        self._store(saves.CURRENT_KEY, sid, "the current game marker")
        return True

    def _enter_game(self, state, meta: dict) -> None:
        self.game, self.state = state.game, state
        names = list(meta.get("names") or [])
        seats = list(meta["seats"])
        self.setup = {"game": state.game.id}
        names = self._distinct([self._seat_name(i, s, names[i] if i < len(names) else "") for i, s in enumerate(seats)])
        self.meta = {"id": meta["id"], "seats": seats, "names": names, "created": meta.get("created") or self.clock(),
                     "title": meta.get("title") or f"{' vs '.join(names)} — {state.game.title}"}
        self.viewer = self._single_human()
        self.bot_error = False
        self._bots = {}
        self._seen_log = {}
        self.screen = "game"

    def _leave_game(self) -> None:
        self.game = self.state = self.meta = None
        self.viewer = None
        self.storage.remove(saves.CURRENT_KEY)

    # ================================================================ the contract
    def bot_pending(self) -> bool:
        if self.screen != "game" or self.state is None or self.state.is_over or self.bot_error:
            return False
        return any(self.meta["seats"][s].startswith("bot:") for s in self.state.to_act)

    def step_bot(self) -> bool:
        """Let one bot seat that is to act choose and apply one action; True if one was applied."""
        if not self.bot_pending():
            return False
        seat = next(s for s in self.state.to_act if self.meta["seats"][s].startswith("bot:"))
        name = self.meta["seats"][seat][4:]
        base = (self.state.seed * 31 + seat) & 0xFFFFFFFF
        attempts = [lambda: self._bots.get(seat) or botlib.make(self.game.id, name, base),
                    lambda: botlib.make(self.game.id, name, base + len(self.state.history)),
                    lambda: botlib.RandomBot(base + len(self.state.history))]
        problem = None
        for i, get_bot in enumerate(attempts):
            try:
                bot = self._bots[seat] = get_bot()
                self.state.apply(seat, bot.choose(self.state, seat))
            except Exception as exc:  # a broken bot must not freeze or crash the app
                problem = problem or exc
                self._bots.pop(seat, None)
                continue
            if i == 2:
                self.notify(f"The {name} bot hit a problem ({problem}) and played a random move instead.", "info")
            if i:
                self._bots.pop(seat, None)
            self._autosave()
            return True
        self.bot_error = True
        self.notify(f"The bot {name!r} failed and stopped playing: {problem}")
        return False

    def export_save(self):
        """``(filename, text)`` of the game on screen, or None."""
        if self.state is None or self.meta is None:
            return None
        save = saves.to_save(self.state, save_id=self.meta["id"], seats=self.meta["seats"], names=self.meta["names"],
                             title=self.meta["title"], created=self.meta["created"], updated=self.clock())
        return f"boardshelf-{self.game.id}-{self.meta['id']}.json", json.dumps(save, indent=1, sort_keys=True)

    def import_save(self, text) -> bool:
        """Check and replay a save file; store it under a fresh id (never overwriting another) and open it."""
        try:
            state, meta = saves.load_save(text)
        except SaveError as exc:
            self.notify(f"Import failed: {exc}")
            return False
        meta = dict(meta, id=saves.new_id())
        self._enter_game(state, meta)
        self._autosave()
        self.notify(f"Imported “{meta.get('title') or 'saved game'}”.", "info")
        return True

    def handle(self, kind: str, value: str, extra=None) -> None:
        """One user event: ``action`` (game action id), ``nav`` (app navigation) or ``input`` (name, value)."""
        try:
            if kind == "action":
                self._do_action(str(value))
            elif kind == "nav":
                self._do_nav(str(value))
            elif kind == "input":
                self._do_input(str(value), "" if extra is None else str(extra))
        except (ValueError, LookupError) as exc:             # SaveError and IllegalAction included
            self.notify(str(exc))

    # ---------------------------------------------------------------- events
    def _do_action(self, aid: str) -> None:
        if self.screen != "game" or self.state is None:
            return
        if self.state.is_over:
            self.notify("The game is over.")
            return
        if self.handoff_seat() is not None:
            return
        seat = self._human_to_act()
        if seat is None or (self.view_seat() is not None and seat != self.view_seat()):
            self.notify("It is not your turn.")
            return
        try:
            self.state.apply(seat, aid)
        except IllegalAction as exc:
            self.notify(f"That move is not allowed now ({exc}).")
            return
        self._seen_log[seat] = len(self.state.log)
        self._autosave()

    def _do_input(self, name: str, value: str) -> None:
        if name == "army-name" and self.builder is not None:
            self.builder.set_name(value)
            return
        st = self.setup
        if self.screen != "setup" or st is None:
            return
        if name == "seed":
            st["seed"] = value.strip()[:20]
        elif name == "players":
            try:
                self._set_players(int(value))
            except ValueError:
                pass
        elif name.startswith("opt-"):
            self._set_option(name[4:], value)
        elif name.startswith(("seat-", "name-", "army-")):
            try:
                i = int(name.split("-", 1)[1])
                st["seats"][i]
            except (ValueError, IndexError):
                return
            if name.startswith("seat-"):
                if value == "human" or (value.startswith("bot:") and value[4:] in botlib.available(st["game"])):
                    st["seats"][i] = value
            elif name.startswith("name-"):
                st["names"][i] = value[:40]
            else:
                st["armies"][i] = value or None

    def _do_nav(self, nav: str) -> None:
        cmd, _, arg = nav.partition(":")
        if (self.screen == "builder" and self.builder is not None and self.builder.dirty
                and cmd in ("armies", "shelf", "setup", "load", "army-new", "army-edit", "rules")):
            self.confirm = ("leave", nav)                 # unsaved army changes: ask first
            return
        if cmd == "dismiss":
            self.messages = [m for m in self.messages if str(m["id"]) != arg]
        elif cmd == "shelf":
            if self.screen == "game":
                self._leave_game()
            self.builder = None
            self.confirm = None
            self.screen = "shelf"
        elif cmd == "setup":
            self._new_setup(arg)
            self.screen = "setup"
        elif cmd == "start" and self.setup:
            self._start_from_setup()
        elif cmd == "reseed" and self.setup:
            self.setup["seed"] = str(self._random_seed())
        elif cmd == "pick-army" and self.setup:
            self.setup["picking"] = int(arg)
        elif cmd == "pick-done" and self.setup:
            self.setup["picking"] = None
        elif cmd == "rules":
            games.get(arg)
            if self.screen != "rules":
                self.back_to = self.screen
            self.rules_for = arg
            self.screen = "rules"
        elif cmd == "back":
            self.screen = self.back_to if self.back_to != "rules" else "shelf"
            if self.screen == "game" and self.state is None:
                self.screen = "shelf"
        elif cmd == "load":
            self._open_save(arg)
        elif cmd == "delsave":
            self.confirm = ("save", arg)
        elif cmd == "confirm" and self.confirm:
            what, ident = self.confirm
            self.confirm = None
            if what == "save":
                self.storage.remove(saves.save_key(ident))
                if self.storage.get(saves.CURRENT_KEY) == ident:
                    self.storage.remove(saves.CURRENT_KEY)
            elif what == "leave":
                if self.builder is not None:
                    self.builder.dirty = False
                self._do_nav(ident)
            elif what == "army":
                self.storage.remove(saves.army_key(armylib.GAME_ID, ident))
                if self.builder and self.builder.army_id == ident:
                    self.builder = None
                    self.screen = "armies"
        elif cmd == "cancel-confirm":
            self.confirm = None
        elif cmd == "undo":
            seat = self.view_seat() if self.view_seat() is not None else self._human_to_act()
            if self.state is not None and seat is not None and self.state.can_undo(seat):
                self.state = self.state.undo(seat)
                self._autosave()
        elif cmd == "handoff-ok":
            h = self.handoff_seat()
            if h is not None:
                self.viewer = h
        elif cmd == "new-again" and self.state is not None:
            gid = self.game.id
            seats = list(self.meta["seats"])
            self._leave_game()
            self._new_setup(gid, seats=seats)
            self.screen = "setup"
        # ---- armies
        elif cmd == "armies":
            for msg in armylib.ensure_prebuilt(self.storage, self.clock):
                self.notify(msg)
            self.builder = None
            self.screen = "armies"
        elif cmd == "army-new":
            self.builder = armylib.Builder()
            self.screen = "builder"
        elif cmd == "army-edit":
            entry = next((e for e in armylib.list_armies(self.storage) if e["id"] == arg), None)
            if entry is None or entry["army"] is None:
                self.notify("That army cannot be opened: " + (entry["error"] if entry else "it no longer exists."))
                return
            self.builder = armylib.Builder(entry["army"], arg)
            self.screen = "builder"
        elif cmd == "army-del":
            self.confirm = ("army", arg)
        elif cmd == "b-save" and self.builder:
            self._save_army()
        elif cmd.startswith("b-") and self.builder:
            err = self.builder.handle(cmd[2:], arg)
            if err:
                self.notify(err, "info")

    def _save_army(self) -> None:
        b = self.builder
        if not b.army["name"].strip():
            self.notify("Give the army a name before saving it.")
            return
        aid = b.army_id or saves.new_id()
        rec = armylib.record(b.army, aid, self.clock())
        if self._store(saves.army_key(armylib.GAME_ID, aid), json.dumps(rec, separators=(",", ":")), "this army"):
            b.army_id = aid
            b.dirty = False
            problems = armylib.content().validate_army(armylib.clean_army(b.army))
            if problems:
                self.notify("Saved as a draft. It cannot be used in a game until fixed: " + "; ".join(problems) + ".",
                            "info")
            else:
                self.notify(f"Saved “{b.army['name']}”: ready for battle.", "info")

    # ================================================================ rendering
    def render(self) -> str:
        screen = self.screen
        if screen == "game" and self.state is None:
            screen = self.screen = "shelf"
        try:
            body = {"shelf": self._render_shelf, "setup": self._render_setup, "game": self._render_game,
                    "rules": self._render_rules, "armies": self._render_armies,
                    "builder": self._render_builder}.get(screen, self._render_shelf)()
        except Exception as exc:  # a bug in one screen must leave a way out, never a dead page
            body = ('<section class="screen-error"><h2>Something went wrong on this screen</h2>'
                    f'<p class="notice error">{esc(type(exc).__name__)}: {esc(exc)}</p>'
                    "<p>Your games are saved after every move.</p>"
                    + button("Back to the shelf", nav="shelf", cls="primary") + "</section>")
        embed = self.embed and screen == "game"
        header = "" if embed else (
            '<header class="topbar"><button type="button" class="brand" data-nav="shelf">Boardshelf</button>'
            f'<span class="crumb">{esc(self._crumb())}</span></header>')
        return (f'<div class="bs-app screen-{screen}{" embed" if embed else ""}">{header}'
                f"{self._render_messages()}{self._render_confirm()}<main>{body}</main></div>")

    def _crumb(self) -> str:
        return {"shelf": "Game shelf", "setup": "New game", "game": self.game.title if self.game else "",
                "rules": "Rules", "armies": "Armies", "builder": "Army builder"}.get(self.screen, "")

    def _render_messages(self) -> str:
        if not self.messages:
            return ""
        items = "".join(
            f'<div class="notice {esc(m["level"])}" role="alert"><span>{esc(m["text"])}</span>'
            f'<button type="button" class="dismiss" data-nav="dismiss:{m["id"]}" aria-label="Dismiss">×</button></div>'
            for m in self.messages)
        return f'<div class="notices">{items}</div>'

    def _render_confirm(self) -> str:
        if not self.confirm:
            return ""
        what, ident = self.confirm
        if what == "leave":
            name = self.builder.army["name"] if self.builder else ""
            return (f'<div class="confirm" role="alertdialog"><span>Leave the army builder? Unsaved changes to '
                    f'“{esc(name)}” will be lost.</span>' + button("Discard changes", nav="confirm", cls="danger")
                    + button("Keep editing", nav="cancel-confirm") + "</div>")
        if what == "save":
            meta = next((e["meta"] for e in self._save_entries() if e["id"] == ident), None)
            label = f"the saved game “{(meta or {}).get('title') or ident}”"
        else:
            entry = next((e for e in armylib.list_armies(self.storage) if e["id"] == ident), None)
            label = f"the army “{((entry or {}).get('army') or {}).get('name') or ident}”"
        return (f'<div class="confirm" role="alertdialog"><span>Delete {esc(label)}? This cannot be undone.</span>'
                + button("Delete", nav="confirm", cls="danger") + button("Keep", nav="cancel-confirm") + "</div>")

    # ---------------------------------------------------------------- shelf
    def _render_shelf(self) -> str:
        cards = []
        for g in games.catalog():
            gid = g["id"]
            players = (f"{g['min_players']} players" if g["min_players"] == g["max_players"]
                       else f"{g['min_players']}-{g['max_players']} players")
            if g["ready"]:
                btns = (button("New game", nav=f"setup:{gid}", cls="primary") + button("Rules", nav=f"rules:{gid}")
                        + (button("Armies", nav="armies") if gid in ARMY_GAMES else ""))
                badge = ""
            else:
                btns = '<button type="button" class="btn" disabled>Coming soon</button>'
                badge = '<span class="badge soon">coming soon</span>'
            cards.append(f'<article class="game-card{" ready" if g["ready"] else " soon"}" data-game="{esc(gid)}">'
                         f'<h3>{esc(g["title"])} {badge}</h3><p>{esc(g["description"])}</p>'
                         f'<p class="meta">{players}</p><div class="button-row">{btns}</div></article>')
        titles = {g["id"]: g["title"] for g in games.catalog()}
        rows = []
        for e in self._save_entries():
            m = e["meta"]
            if m is None:
                rows.append(f'<li class="save damaged"><div><strong>Damaged save</strong> <small>({esc(e["id"])})</small>'
                            f'<div class="why">{esc(e["error"])}</div></div><div class="button-row">'
                            + button("Delete", nav=f"delsave:{e['id']}", cls="small danger") + "</div></li>")
                continue
            rows.append(
                f'<li class="save"><div><strong>{esc(m.get("title") or "Saved game")}</strong>'
                f'<div class="meta">{esc(titles.get(m["game"], m["game"]))} · {len(m["actions"])} moves · '
                f'{esc(m.get("status", ""))} · {esc(m.get("updated", ""))}</div></div><div class="button-row">'
                + button("Continue", nav=f"load:{e['id']}", cls="small primary")
                + button("Delete", nav=f"delsave:{e['id']}", cls="small danger") + "</div></li>")
        saves_html = (f'<ul class="save-list">{"".join(rows)}</ul>' if rows
                      else '<p class="empty">No saved games yet. Games save themselves after every move.</p>')
        return ('<section class="shelf"><h2>Games</h2>'
                f'<div class="game-grid">{"".join(cards)}</div></section>'
                f'<section class="saves"><h2>Saved games</h2>{saves_html}<div class="button-row">'
                + button("Import a save file…", nav="import") + "</div></section>")

    # ---------------------------------------------------------------- setup
    def _render_setup(self) -> str:
        st = self.setup
        if st is None:
            return self._render_shelf()
        game = games.get(st["game"])
        avail = botlib.available(st["game"])
        humans = [i for i, s in enumerate(st["seats"]) if s == "human"]
        army_game = st["game"] in ARMY_GAMES
        valid = armylib.valid_armies(self.storage) if army_game else []
        by_id = {e["id"]: e for e in valid}
        if army_game and st.get("picking") is not None:
            return self._render_army_pick(st, st["picking"], valid)
        rows = []
        for i, seat in enumerate(st["seats"]):
            opts = [("human", "Human")] + [(f"bot:{n}", f"Bot: {getattr(c, 'label', n)}") for n, c in avail.items()]
            sel = "".join(f'<option value="{esc(v)}"{" selected" if v == seat else ""}>{esc(lbl)}</option>'
                          for v, lbl in opts)
            placeholder = self._seat_name(i, seat)
            army_html = ""
            if army_game:
                if seat.startswith("bot:"):
                    army_html = '<div class="army-pick">Army: <em>a random ready army, kept secret</em></div>'
                elif len(humans) >= 2:
                    chosen = st["armies"][i] in by_id
                    army_html = (f'<div class="army-pick">Army: <em>{"chosen (hidden)" if chosen else "not chosen"}</em> '
                                 + button("Choose privately…", nav=f"pick-army:{i}", cls="small") + "</div>")
                else:
                    army_html = f'<div class="army-pick">{self._army_select(i, st["armies"][i], valid)}</div>'
            rows.append(f'<fieldset class="seat"><legend>Seat {i + 1}</legend>'
                        f'<label class="field">Player <select data-input="seat-{i}">{sel}</select></label>'
                        f'<label class="field">Name <input type="text" maxlength="40" data-input="name-{i}" '
                        f'value="{esc(st["names"][i])}" placeholder="{esc(placeholder)}"></label>{army_html}</fieldset>')
        extra = ""
        if army_game:
            extra = ('<p class="hint">Each player picks one of their saved, ready armies; the opponent\'s army stays '
                     'hidden until the battle begins. ' + button("Manage armies", nav="armies", cls="small") + "</p>")
            if not valid:
                extra += '<p class="notice error">No ready army is saved: build one first.</p>'
        top = ""
        if game.min_players != game.max_players:
            popts = "".join(f'<option value="{n}"{" selected" if n == len(st["seats"]) else ""}>{n} players</option>'
                            for n in range(game.min_players, game.max_players + 1))
            top = f'<label class="field">Players <select data-input="players">{popts}</select></label>'
        fields = []
        for o in self._plain_options(game):
            cur = st.get("options", {}).get(o.name, o.default)
            if o.choices or isinstance(o.default, bool):
                choices = o.choices or ((True, "yes"), (False, "no"))
                ch = "".join(f'<option value="{esc(str(c).lower() if isinstance(c, bool) else c)}"'
                             f'{" selected" if c == cur else ""}>{esc(label)}</option>'
                             for c, label in choices)
                fields.append(f'<label class="field">{esc(o.label)} <select data-input="opt-{esc(o.name)}">{ch}</select></label>')
            else:
                kind = ' inputmode="numeric"' if isinstance(o.default, int) else ""
                fields.append(f'<label class="field">{esc(o.label)} <input type="text"{kind} '
                              f'data-input="opt-{esc(o.name)}" value="{esc("" if cur is None else cur)}"></label>')
        if fields:
            extra += f'<fieldset class="options"><legend>Options</legend>{"".join(fields)}</fieldset>'
        return (f'<section class="setup"><h2>New game: {esc(game.title)}</h2>{top}{"".join(rows)}{extra}'
                f'<fieldset class="seed"><legend>Seed</legend><label class="field">Random seed '
                f'<input type="text" inputmode="numeric" data-input="seed" value="{esc(st["seed"])}"></label>'
                + button("New seed", nav="reseed", cls="small")
                + '<p class="hint">The same seed and moves always replay the same game.</p></fieldset>'
                '<div class="button-row">' + button("Start", nav="start", cls="primary big")
                + button("Rules", nav=f"rules:{st['game']}") + button("Back", nav="shelf") + "</div></section>")

    def _army_select(self, i: int, current, valid: list[dict]) -> str:
        opts = "".join(f'<option value="{esc(e["id"])}"{" selected" if e["id"] == current else ""}>'
                       f'{esc(e["army"]["name"])} ({armylib.content().army_points(e["army"])} pts)</option>'
                       for e in valid)
        return (f'<label class="field">Army <select data-input="army-{i}">'
                f'{opts or "<option value=>no ready army</option>"}</select></label>')

    def _render_army_pick(self, st: dict, i: int, valid: list[dict]) -> str:
        name = self._seat_name(i, st["seats"][i], st["names"][i])
        return (f'<section class="private-pick"><h2>{esc(name)}: choose your army</h2>'
                '<p>Only you should look at this screen. Your choice stays hidden from your opponent.</p>'
                f"{self._army_select(i, st['armies'][i], valid)}<div class=\"button-row\">"
                + button("Done", nav="pick-done", cls="primary") + "</div></section>")

    # ---------------------------------------------------------------- game
    def _render_module(self):
        try:
            return importlib.import_module(f"pyapp.games.{self.game.id}.render")
        except ModuleNotFoundError:
            return None

    def _render_game(self) -> str:
        state, meta = self.state, self.meta
        names = meta["names"]
        over = state.is_over
        handoff = self.handoff_seat()
        if handoff is not None:
            return (f'<section class="handoff" role="dialog" aria-modal="true"><div class="handoff-box">'
                    f'<h2>Pass the device to {esc(names[handoff])}</h2>'
                    f'<p>{esc(names[handoff])}, tap the button when only you can see the screen.</p>'
                    + button(f"I am {esc(names[handoff])}: show my turn", nav="handoff-ok", cls="primary big")
                    + "</div></section>")
        vs = self.view_seat()
        to_act = state.to_act
        interactive = vs is not None and vs in to_act and meta["seats"][vs] == "human"
        actions = state.legal_actions(vs) if interactive else []
        mod = self._render_module()
        board = (mod.render if mod is not None else _generic_render)(state.view(vs), actions, seat=vs, names=names,
                                                                     interactive=interactive)
        if over:
            out = state.outcome()
            text = self._outcome_text(out)
            named = getattr(mod, "named", None)      # the game's "P1" -> the seat's name
            reason = named(out.reason, names) if named else out.reason
            banner = (f'<div class="outcome" role="status"><strong>Game over: {esc(text)}!</strong> '
                      f'<span>{esc(reason)}</span><span class="button-row">'
                      + ("" if self.embed else button("Play again", nav="new-again", cls="small primary")
                         + button("Back to the shelf", nav="shelf", cls="small"))
                      + "</span></div>")
        else:
            who = ", ".join(names[s] for s in to_act)
            thinking = " (thinking…)" if self.bot_pending() else ""
            banner = f'<div class="turn-banner">To play: <strong>{esc(who)}</strong>{thinking}</div>'
            seen = self._seen_log.get(vs) if interactive else None
            news = state.log[seen:] if seen is not None else []
            if news:                                     # what the others did since this seat last acted
                items = "".join(f"<li>{esc(line)}</li>" for line in news[-12:])
                banner += (f'<div class="since" role="status"><strong>Since your last move:</strong>'
                           f"<ul>{items}</ul></div>")
        seats_html = " vs ".join(
            f'<span class="seat-name p{i}{" to-act" if i in to_act else ""}">{esc(n)}'
            f'{"" if meta["seats"][i] == "human" else " <small>(bot)</small>"}</span>' for i, n in enumerate(names))
        undo = ""
        if vs is not None and meta["seats"][vs] == "human" and state.can_undo(vs):
            undo = button("Undo", nav="undo", cls="small", title="take back your last action")
        if self.embed:
            tools = undo
        else:
            tools = (undo + button("Export", nav="export", cls="small", title="download this game as a file")
                     + button("Rules", nav=f"rules:{self.game.id}", cls="small")
                     + button("Shelf", nav="shelf", cls="small"))
        chrome = (f'<div class="game-bar"><div class="seats">{seats_html}</div>'
                  f'<div class="tools button-row">{tools}</div></div>')
        return f'<section class="game">{chrome}{banner}{board}</section>'

    # ---------------------------------------------------------------- rules, armies
    def _render_rules(self) -> str:
        gid = self.rules_for
        try:
            game = games.get(gid)
            body = game.rules_html() or "<p>No rules page yet.</p>"
            title = game.title
        except LookupError as exc:
            body, title = f"<p>{esc(exc)}</p>", "Rules"
        heading = "" if "<h1" in body or "<h2" in body else f"<h2>{esc(title)}: rules</h2>"
        return (f'<section class="rules-page"><div class="button-row">{button("Back", nav="back")}</div>'
                f'<div class="rules-body">{heading}{body}</div>'
                f'<div class="button-row">{button("Back", nav="back")}</div></section>')

    def _render_armies(self) -> str:
        entries = armylib.list_armies(self.storage)
        return armylib.render_list(entries)

    def _render_builder(self) -> str:
        if self.builder is None:
            return self._render_armies()
        return self.builder.render()


def _generic_render(view, actions, *, seat, names, interactive) -> str:
    """Fallback for a game without its own renderer: the legal actions as buttons, the log, the raw view."""
    btns = "".join(f'<button type="button" class="btn" data-action="{esc(a.id)}">{esc(a.label or a.id)}</button>'
                   for a in actions) if interactive else ""
    log = "".join(f"<li>{esc(x)}</li>" for x in (view.get("log") or [])[-30:])
    raw = esc(json.dumps(view, indent=1, sort_keys=True, default=str)[:20000])
    return (f'<div class="generic-game"><div class="button-row">{btns}</div><ol class="log">{log}</ol>'
            f'<details><summary>What you can see (raw)</summary><pre>{raw}</pre></details></div>')
