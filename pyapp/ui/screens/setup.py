"""The setup of a new game: seats (a person or a bot, and its name), the number of players, the game's options,
the seed; a game's own setup step (:mod:`pyapp.ui.steps`, Hex Battle's armies) adds to it or covers it.  Start
puts the game on the table.
"""
from __future__ import annotations

import importlib

from ... import bots as botlib
from ... import games
from ...engine import saves
from .. import seats as seatlib
from ..coach import has_tutorial
from ..glance import first_game
from ..markup import attrs, button, esc
from ..session import APP_SCREENS
from ..steps import StepContext
from ..text import parse_seed

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Callable

    from ...engine.core import Game, Option
    from ..session import Session
    from ..steps import SetupStep
    from ..store import SaveStore


def _opt_value(v: object) -> str:
    """An option value as a ``<select>`` / ``<input>`` value."""
    return str(v).lower() if isinstance(v, bool) else "" if v is None else str(v)


def _shown_options(game: Game) -> list[Option]:
    """The options the generic setup screen offers (``data`` options belong to the game's setup step)."""
    return [o for o in game.options_spec if o.kind != "data"]


def _dealt(o: Option) -> bool:
    """A per-seat choice that the game deals at random for a seat left open (Cloudspire's factions)."""
    return o.per_seat and o.kind == "choice" and o.default is None


def _seat_default(o: Option, i: int) -> object:
    d = o.default
    if isinstance(d, (list, tuple)):
        return d[i] if i < len(d) else None
    return d


class SetupScreen:
    """The setup screen and the games' setup steps (made once per game, on first use)."""

    def __init__(self, session: Session, store: SaveStore) -> None:
        self.s = session
        self.store = store
        self._steps: dict[str, SetupStep | None] = {}   # game id -> its setup step (made on first use)

    def navs(self) -> dict[str, Callable[[str], None]]:
        return {"setup": self._nav_new_setup, "start": self._nav_start, "reseed": self._nav_reseed,
                "advanced": self._nav_toggle_advanced, "about": self._nav_toggle_about}

    def step_for(self, gid: str) -> SetupStep | None:
        """The setup step of game ``gid`` (made once), or None if the game has none."""
        if gid not in self._steps:
            game = games.get(gid)
            step = None
            if getattr(game, "setup_step", None):
                mod = importlib.import_module(f"{games.__name__}.{gid}.{game.setup_step}")
                step = mod.Step(StepContext(self.s, game))
            self._steps[gid] = step
        return self._steps[gid]

    def active_step(self) -> SetupStep | None:
        """The step whose screen is on show, or the step of the game being set up."""
        if self.s.step_game and self.s.screen not in APP_SCREENS:
            return self.step_for(self.s.step_game)
        if self.s.screen == "setup" and self.s.setup is not None:
            return self.step_for(self.s.setup["game"])
        return None

    def shelf_steps(self) -> list[SetupStep]:
        """The steps of the games with buttons on the shelf (those navs name no game), made on first use."""
        return [s for s in (self.step_for(g["id"]) for g in games.catalog() if g["ready"] and g.get("shelf"))
                if s is not None]

    # ================================================================ setup
    def played(self, gid: str) -> bool:
        """Whether this player has a save of game ``gid`` (finished or not, a guided game too)."""
        return any((e["meta"] or {}).get("game") == gid for e in self.store.entries())

    def _seat_bot(self, st: dict) -> str:
        """The bot a new bot seat of setup ``st`` gets: the easy level for a first game, else the usual."""
        return "bot:" + (seatlib.first_game_bot(st["game"]) if st.get("first") else seatlib.new_seat_bot(st["game"]))

    def new_setup(self, gid: str, *, seats: list[str] | None = None, seed: int | None = None) -> None:
        game = games.get(gid)
        players = game.setup_players
        first = seats is None and not self.played(gid)       # a first game of this title: the easy bot
        seats = seats or (["human"] + [self._seat_bot({"game": gid, "first": first})] * (players - 1))
        n = len(seats)
        options = {o.name: [_seat_default(o, i) for i in range(n)] if o.per_seat else o.default
                   for o in _shown_options(game)}
        self.s.setup = {"game": gid, "seats": list(seats), "names": [""] * n,
                        "seed": "" if seed is None else str(seed),     # empty: a secret random seed at Start
                        "options": options, "advanced": seed is not None, "step": None,
                        "first": first}
        step = self.step_for(gid)
        if step is not None:
            step.begin(self.s.setup)

    def _set_players(self, n: int) -> None:
        st = self.s.setup_now()
        game = games.get(st["game"])
        if not game.min_players <= n <= game.max_players:
            return
        bot = self._seat_bot(st)
        for key, fill in (("seats", bot), ("names", "")):
            st[key] = (st[key] + [fill] * n)[:n]
        for o in _shown_options(game):
            if o.per_seat:
                have = list(st["options"][o.name])
                st["options"][o.name] = (have + [_seat_default(o, i) for i in range(len(have), n)])[:n]
        step = self.step_for(st["game"])
        if step is not None:
            step.players_changed(st)

    @staticmethod
    def _parse_option(o: Option, value: str) -> object:
        """A field's text as the option's kind; checked at Start by ``Game.resolve_options``."""
        if o.kind == "int":
            try:
                return int(value.strip())
            except ValueError:
                return value.strip()[:40]             # refused at Start with the option's own message
        if o.kind == "bool":
            return value.strip().lower() in ("true", "1", "yes", "on")
        if o.kind == "choice":
            return next((c[0] for c in o.choices if _opt_value(c[0]) == value), None)
        return value[:o.max if o.max is not None else 1000]

    def _set_option(self, key: str, value: str) -> None:
        st = self.s.setup_now()
        shown = {o.name: o for o in _shown_options(games.get(st["game"]))}
        seat = None
        if key not in shown:
            name, _, i = key.rpartition("-")
            if name not in shown or not shown[name].per_seat or not i.isdigit() or int(i) >= len(st["seats"]):
                return
            key, seat = name, int(i)
        o = shown[key]
        v = self._parse_option(o, value)
        if o.kind == "choice" and v is None and not (value == "" and _dealt(o)):
            return                                     # not one of the choices: ignored
        if seat is None and not o.per_seat:
            st["options"][key] = v
        elif seat is not None:
            st["options"][key][seat] = v

    def _setup_seed(self) -> int | None:
        """The chosen seed, a secret random one when none was chosen, or None if the field is invalid."""
        text = str(self.s.setup_now()["seed"]).strip()
        return self.s.random_seed() if text == "" else parse_seed(text)

    def _setup_options(self, game: Game, seed: int) -> dict:
        """The setup's option values (generic fields, then the step's), checked once by the game.

        Raises ``ValueError`` with the message for the player."""
        st = self.s.setup_now()
        options = {o.name: st["options"][o.name] for o in _shown_options(game) if o.name in st["options"]}
        step = self.step_for(game.id)
        if step is not None:
            options.update(step.option_values(st, seed))
        return game.resolve_options(options, len(st["seats"]))

    def start(self) -> bool:
        st = self.s.setup_now()
        game = games.get(st["game"])
        seed = self._setup_seed()
        if seed is None:
            self.s.notify(f"The seed must be a whole number from 0 to {saves.MAX_SEED}, or empty for a secret one.")
            self.s.screen = "setup"
            return False
        try:
            options = self._setup_options(game, seed)
            state = game.new(len(st["seats"]), seed, options)
        except (ValueError, TypeError) as exc:
            self.s.notify(str(exc))
            self.s.screen = "setup"
            return False
        names = seatlib.distinct([self.s.seat_name(i, s, st["names"][i]) for i, s in enumerate(st["seats"])])
        self.s.start_game(game, state, {"id": saves.new_id(), "seats": list(st["seats"]), "names": names,
                                        "created": self.s.clock(),
                                        "title": f"{seatlib.joined(names, game.plays_together(options, len(names)))} "
                                                 f"— {game.title}"})
        self.store.autosave()
        return True

    def input(self, name: str, value: str) -> bool:
        """The generic setup fields; False for a name the app does not know (the step's)."""
        st = self.s.setup_now()
        if name == "seed":
            st["seed"] = value.strip()[:20]
        elif name == "players":
            try:
                self._set_players(int(value))
            except ValueError:
                pass
        elif name.startswith("opt-"):
            self._set_option(name[4:], value)
        elif name.startswith(("seat-", "name-")):
            try:
                i = int(name.split("-", 1)[1])
                st["seats"][i]
            except (ValueError, IndexError):
                return True
            if name.startswith("seat-"):
                if value in ("human", "remote") or (value.startswith("bot:") and value[4:] in botlib.available(st["game"])):
                    st["seats"][i] = value
            else:
                st["names"][i] = value[:40]
        else:
            return False
        return True

    def _nav_new_setup(self, arg: str) -> None:
        self.new_setup(arg)
        self.s.screen = "setup"

    def _nav_start(self, arg: str) -> None:
        if self.s.setup:
            self.start()

    def _nav_reseed(self, arg: str) -> None:
        if self.s.setup:
            self.s.setup["seed"] = str(self.s.random_seed())

    def _nav_toggle_about(self, arg: str) -> None:
        if self.s.setup:
            self.s.setup["about"] = not self.s.setup.get("about")

    def _nav_toggle_advanced(self, arg: str) -> None:
        if self.s.setup:
            self.s.setup["advanced"] = not self.s.setup.get("advanced")

    # ---------------------------------------------------------------- setup
    def render(self) -> str:
        st = self.s.setup
        if st is None:
            return ''
        game = games.get(st["game"])
        step = self.step_for(st["game"])
        cover = step.cover(st) if step is not None else None
        if cover is not None:
            return cover
        rows = "".join(self._seat_row(game, step, i) for i in range(len(st["seats"])))
        extra = step.setup_html(st) if step is not None else ""
        top = ""
        if game.min_players != game.max_players:
            popts = "".join(f'<option value="{n}"{" selected" if n == len(st["seats"]) else ""}>'
                            f'{n} player{"" if n == 1 else "s"}</option>'
                            for n in range(game.min_players, game.max_players + 1))
            top = f'<label class="field">Players <select data-input="players">{popts}</select></label>'
        shown = _shown_options(game)
        fields = "".join(self._option_field(o) for o in shown if not o.advanced and not o.per_seat)
        if fields:
            extra += f'<fieldset class="options"><legend>Options</legend>{fields}</fieldset>'
        advanced = "".join(self._option_field(o) if not o.per_seat else
                           "".join(self._option_field(o, i) for i in range(len(st["seats"])))
                           for o in shown if o.advanced)
        seed = (f'<fieldset class="seed"><legend>Seed</legend><label class="field">Chosen seed '
                f'<input type="text" inputmode="numeric" data-input="seed" placeholder="secret" '
                f'value="{esc(st["seed"])}"></label>' + button("Pick one", nav="reseed", cls="small")
                + '<p class="hint">Leave it empty: the game gets a secret seed, shown when the game ends. '
                'A chosen seed replays the same shuffles and dice, so anyone who knows it can work out '
                'the hidden cards, tiles and dice of this game.</p></fieldset>')
        extra += (f'<details class="advanced"{" open" if st.get("advanced") else ""}>'
                  f'<summary data-nav="advanced">Advanced</summary>{advanced}{seed}</details>')
        learn = has_tutorial(st["game"])
        return (f'<section class="setup"><h2>New game: {esc(game.title)}</h2>{self._about(game, learn)}'
                f'{top}{rows}{extra}'
                '<div class="button-row">' + button("Start", nav="start", cls="primary big")
                + (button("Learn to play", nav=f"learn:{st['game']}", cls="learn") if learn else "")
                + button("Rules", nav=f"rules:{st['game']}") + button("Back", nav="shelf") + "</div></section>")

    def _about(self, game: Game, learn: bool) -> str:
        """The game in brief: players, a measured length and (opening) how to win; the easy bot's reason."""
        st = self.s.setup_now()
        d = first_game(game.id)
        out = ""
        if d is not None:
            n = d["length"]
            length = f'about {n["decisions"]} decisions of yours over {n["rounds"]} {esc(n["round"])}'
            guided = (f'<p>New to it? {button("Learn to play", nav=f"learn:{game.id}", cls="small learn")} '
                      'walks you through a first game in 5-10 minutes.</p>') if learn else ""
            out = (f'<details class="first-game"{" open" if st.get("about") else ""}><summary data-nav="about"><span class="fg-facts">{esc(d["players"])} · {length}'
                   f'</span> <span class="fg-more">How to win</span></summary>'
                   f'<p>{esc(d["win"])}</p>'
                   f'<p class="hint">The length is a typical game against the easy bot, measured over '
                   f'{n["games"]} simulated games.</p>{guided}</details>')
        if st.get("first") and any(x.startswith("bot:") for x in st["seats"]):
            out += (f'<p class="hint first-bot">Your first game of {esc(game.title)}: the bots play at the easy '
                    "level. Choose another level in a seat's list.</p>")
        return out

    def _seat_row(self, game: Game, step: SetupStep | None, i: int) -> str:
        st = self.s.setup_now()
        seat = st["seats"][i]
        offered = seatlib.offered_bots(st["game"], seat)
        opts = [("human", "Human"), ("remote", "A friend on another device")] + [(f"bot:{n}", f"Bot: {getattr(c, 'label', n)}") for n, c in offered]
        sel = "".join(f'<option value="{esc(v)}"{" selected" if v == seat else ""}>{esc(lbl)}</option>'
                      for v, lbl in opts)
        blurb = next((getattr(c, "blurb", "") for n, c in offered if seat == f"bot:{n}"), "")
        how = f'<p class="hint bot-blurb">{esc(blurb)}</p>' if blurb else ""
        per_seat = "".join(self._option_field(o, i) for o in _shown_options(game) if o.per_seat and not o.advanced)
        own = step.seat_html(st, i) if step is not None else ""
        return (f'<fieldset class="seat"><legend>Seat {i + 1}</legend>'
                f'<label class="field">Player <select data-input="seat-{i}">{sel}</select></label>{how}'
                f'<label class="field">Name <input type="text" maxlength="40" data-input="name-{i}" '
                f'value="{esc(st["names"][i])}" placeholder="{esc(self.s.seat_name(i, seat))}"></label>'
                f"{per_seat}{own}</fieldset>")

    def _option_field(self, o: Option, seat: int | None = None) -> str:
        """One option's labelled input, typed from its description (``seat``: one seat's entry)."""
        cur = self.s.setup_now()["options"].get(o.name)
        key = f"opt-{o.name}"
        label = o.label
        if seat is not None:
            cur = cur[seat] if isinstance(cur, list) and seat < len(cur) else None
            key += f"-{seat}"
            label = f"{label} (seat {seat + 1})" if o.advanced else label
        if o.kind in ("bool", "choice"):
            choices = o.choices if o.kind == "choice" else ((True, "yes"), (False, "no"))
            if _dealt(o):                              # a seat left open is dealt at random: say so, not the first
                choices = ((None, "Random"),) + tuple(choices)
            ch = "".join(f'<option value="{esc(_opt_value(c))}"{" selected" if c == cur and type(c) is type(cur) else ""}>'
                         f'{esc(lbl)}</option>' for c, lbl in choices)
            control = f'<select data-input="{esc(key)}">{ch}</select>'
        elif o.kind == "int":
            control = f'<input type="number"{attrs(min=o.min, max=o.max)} data-input="{esc(key)}" value="{esc(_opt_value(cur))}">'
        else:
            control = (f'<input type="text"{attrs(maxlength=o.max)} data-input="{esc(key)}" '
                       f'value="{esc(_opt_value(cur))}">')
        help_html = f'<small class="help">{esc(o.help)}</small>' if o.help else ""
        return f'<label class="field">{esc(label)} {control}{help_html}</label>'

