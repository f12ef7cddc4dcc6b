"""Hex Battle's own setup step (``HexBattleGame.setup_step``): each player's army, the army list and the builder.

The app's generic setup screen knows nothing of armies; :class:`Step` (the protocol of
:mod:`pyapp.ui.steps`) adds an army choice to each seat's row (a bot's army is picked at random and
kept secret, HB-UI-6; in hot seat each human picks privately, HB-UI-5), turns the choices into the
``armies`` option at Start, and owns two screens: ``armies`` (the saved armies) and ``builder``.

An army is stored under ``boardshelf:army:hexbattle:<id>`` as
``{"format": 1, "app": "boardshelf", "kind": "army", "game": "hexbattle", "id", "name",
"units": [{key, hex, facing}], "cards": {key: count}, "updated"}``.  Drafts that break a
limit may be saved (HB-GAP-7); only valid armies are offered for a game (HB-ARMY-14).
The pre-built armies are written once as ordinary saved armies (HB-GAP-5).
"""
from __future__ import annotations

import json

from ...engine import Rng, saves
from ...ui.markup import button, esc
from ...ui.steps import SetupStep
from ...ui.storage import QuotaError

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from types import ModuleType
    from typing import Callable

    from ...ui.steps import StepContext
    from ...ui.storage import Storage
    from .types import ArmyEntry, UnitView

GAME_ID = "hexbattle"
SEEDED_KEY = "boardshelf:seeded:hexbattle"
DIRS = ("N", "NE", "SE", "S", "SW", "NW")
HOME_ROWS = range(8, 16)


def content() -> ModuleType:
    """The content module, imported on first use (it reads and checks the data files)."""
    from . import content as c
    return c


def clean_army(army: dict) -> dict:
    """Just the fields a game option needs: ``{name, units: [{key, hex, facing}], cards}``."""
    return {"name": str(army.get("name", "")),
            "units": [{"key": u.get("key"), "hex": u.get("hex"), "facing": u.get("facing", 0)}
                      for u in army.get("units", [])],
            "cards": {k: n for k, n in dict(army.get("cards", {})).items() if n}}


# bounds on a stored army record, checked before anything else reads it (issue 21): a record is a few
# hundred bytes; an army has a handful of units and a few dozen cards
MAX_ARMY_BYTES = 20_000
MAX_UNITS = 40
MAX_CARD_KINDS = 60
MAX_COPIES = 60


def _is_count(n: object, hi: int) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= hi


def parse_army(text: str | None) -> dict:
    """A stored army record, or :class:`~pyapp.engine.saves.SaveError`: size and nesting are checked
    before parsing, then every field's type and bounds, so no later code meets a damaged value."""
    d = saves.parse_json(text, "army", max_bytes=MAX_ARMY_BYTES, max_depth=6)
    if not isinstance(d, dict) or d.get("app") != "boardshelf" or d.get("kind") != "army":
        raise saves.SaveError("This stored army is not a Boardshelf army.")
    if not _is_count(d.get("format"), 10 ** 6) or d["format"] < 1:
        raise saves.SaveError("This saved army is damaged (no valid format number).")
    if d["format"] > 1:
        raise saves.SaveError("This army was saved by a newer version of Boardshelf.")
    units, cards = d.get("units"), d.get("cards")
    if (not isinstance(d.get("name"), str) or len(d["name"]) > 200 or not saves.valid_id(d.get("id"))
            or not isinstance(units, list) or len(units) > MAX_UNITS
            or not all(isinstance(u, dict) and isinstance(u.get("key"), str) and isinstance(u.get("hex"), str)
                       and _is_count(u.get("facing", 0), 5) for u in units)
            or not isinstance(cards, dict) or len(cards) > MAX_CARD_KINDS
            or not all(isinstance(k, str) and _is_count(n, MAX_COPIES) for k, n in cards.items())):
        raise saves.SaveError("This saved army is damaged (missing or wrong fields).")
    return d


def record(army: dict, army_id: str, updated: str) -> dict:
    rec = clean_army(army)
    rec["units"] = [dict(u) for u in army.get("units", [])]
    rec.update({"format": 1, "app": "boardshelf", "kind": "army", "game": GAME_ID, "id": army_id,
                "updated": updated})
    return rec


# The sample armies' card lists before the cards were re-priced (rules version 1, issue 15).  A stored sample
# army still holding its old list (the player never edited it) is replaced by the new sample once.
OLD_SAMPLE_CARDS = {
    "Iron Phalanx": {"shuffle": 7, "dress": 6, "potshot": 2, "advance": 4, "march": 4, "volley": 3, "forced": 2,
                     "shieldwall": 2},
    "Thunder Riders": {"shuffle": 8, "picket": 9, "potshot": 2, "charge": 5, "march": 3, "volley": 1, "flank": 1,
                       "forced": 1},
    "Ashwood Bows": {"shuffle": 4, "dress": 5, "potshot": 6, "volley": 5, "march": 3, "fallback": 2, "massed": 2,
                     "forced": 1, "advance": 2},
    "Border Host": {"shuffle": 6, "dress": 7, "picket": 4, "march": 5, "advance": 3, "charge": 2, "forced": 1,
                    "flank": 1, "shieldwall": 1},
}
SEEDED_EDITION = "2"           # the value of SEEDED_KEY once the current sample armies were written


def _untouched_old_sample(text: str | None) -> bool:
    """True for a stored record that is a rules-version-1 sample army exactly as it was written."""
    try:
        rec = parse_army(text)
    except saves.SaveError:
        return False
    return OLD_SAMPLE_CARDS.get(rec["name"]) == {k: n for k, n in rec["cards"].items() if n}


def ensure_prebuilt(storage: Storage, clock: Callable[[], str]) -> list[str]:
    """Write the pre-built armies once (HB-GAP-5); returns error messages (e.g. storage full).

    Storage seeded by an older version (rules version 1) gets the re-priced sample armies in place of the
    old ones the player did not edit; edited or deleted ones are left as they are."""
    seeded = storage.get(SEEDED_KEY)
    if seeded == SEEDED_EDITION:
        return []
    try:
        for i, army in enumerate(content().PREBUILT):
            key = saves.army_key(GAME_ID, f"pre{i}")
            old = storage.get(key)
            if (old is None and not seeded) or (old is not None and seeded and _untouched_old_sample(old)):
                storage.set(key, json.dumps(record(army, f"pre{i}", clock()), separators=(",", ":")))
        storage.set(SEEDED_KEY, SEEDED_EDITION)
    except QuotaError:
        return ["Storage is full: the sample armies could not be saved. Delete old saves to make room."]
    return []


def list_armies(storage: Storage) -> list[ArmyEntry]:
    """Every stored army: ``{id, key, army|None, problems, error}``, sorted by name."""
    prefix = saves.army_key(GAME_ID, "")
    out: list[ArmyEntry] = []
    for key in storage.keys():
        if not key.startswith(prefix):
            continue
        entry: ArmyEntry = {"id": key[len(prefix):], "key": key, "army": None, "problems": [], "error": None}
        try:
            army = parse_army(storage.get(key))
            entry["army"] = army
            entry["problems"] = content().validate_army(clean_army(army))
        except saves.SaveError as exc:
            entry["error"] = str(exc)
        out.append(entry)
    out.sort(key=lambda e: ((e["army"] or {}).get("name", "~").lower(), e["id"]))
    return out


def valid_armies(storage: Storage) -> list[ArmyEntry]:
    return [e for e in list_armies(storage) if e["army"] is not None and not e["problems"]]


class Builder:
    """The army builder's state: a draft army and the selected unit (HB-UI-1..5)."""

    def __init__(self, army: dict | None = None, army_id: str | None = None) -> None:
        army = army or {"name": "New army", "units": [], "cards": {}}
        self.army = {"name": army.get("name", ""), "units": [dict(u) for u in army.get("units", [])],
                     "cards": {k: n for k, n in army.get("cards", {}).items() if n}}
        self.army_id = army_id
        self.selected: int | None = None
        self.dirty = False

    # ---- editing
    def handle(self, cmd: str, arg: str) -> str | None:
        """Apply one builder command; returns an error message or None."""
        c = content()
        units = self.army["units"]
        if cmd == "add" and arg in c.UNITS:
            units.append({"key": arg, "hex": None, "facing": 0})    # facing 0 points at the centerline (HB-GAP-10)
            self.selected = len(units) - 1
        elif cmd in ("sel", "del", "cw", "ccw", "unplace"):
            try:
                i = int(arg)
                u = units[i]
            except (ValueError, IndexError):
                return None
            if cmd == "sel":
                self.selected = i
            elif cmd == "del":
                del units[i]
                self.selected = None
            elif cmd == "unplace":
                u["hex"] = None
            else:
                u["facing"] = (int(u.get("facing", 0)) + (1 if cmd == "cw" else -1)) % 6
                self.selected = i
        elif cmd == "place":
            from .render import parse_hex
            try:
                col, row = parse_hex(arg)
            except ValueError:
                return None
            if row not in HOME_ROWS:
                return "Units deploy in your half of the battlefield (rows 9-16)."
            for j, u in enumerate(units):
                if u.get("hex") == arg:
                    self.selected = j
                    return None
            if self.selected is None or self.selected >= len(units):
                nxt = next((j for j, u in enumerate(units) if not u.get("hex")), None)
                if nxt is None:
                    return "Select a unit first, then click a hex to place it."
                self.selected = nxt
            units[self.selected]["hex"] = arg
            nxt = next((j for j, u in enumerate(units) if not u.get("hex")), None)
            if nxt is not None:
                self.selected = nxt
        elif cmd == "card":
            key, _, delta = arg.rpartition(":")
            if key in c.CARDS and delta in ("1", "-1"):
                n = max(0, self.army["cards"].get(key, 0) + int(delta))
                if n:
                    self.army["cards"][key] = n
                else:
                    self.army["cards"].pop(key, None)
        else:
            return None
        self.dirty = True
        return None

    def set_name(self, value: str) -> None:
        self.army["name"] = str(value)[:60]
        self.dirty = True

    # ---- markup
    def render(self) -> str:
        army = self.army
        return (
            '<section class="builder"><h2>Army builder</h2>'
            f'<label class="field">Army name <input type="text" maxlength="60" data-input="army-name" '
            f'value="{esc(army["name"])}"></label>{self._totals()}{self._status()}'
            '<div class="builder-grid"><div class="builder-board-wrap">'
            f'<h3>Deployment (your half, rows 9-16; the top edge faces the centerline)</h3>{self._selected_hint()}'
            f'{self._board()}</div>'
            f'<div class="builder-lists"><h3>Your units</h3><ul class="army-units">'
            f'{self._unit_rows() or "<li><em>No units yet: add some below.</em></li>"}</ul>'
            f'<details open><summary>Add units</summary><ul class="catalogue">{self._unit_catalogue()}</ul></details>'
            f'<details open><summary>Command cards</summary><ul class="catalogue cards">{self._card_catalogue()}</ul></details>'
            "</div></div>"
            '<div class="button-row">' + button("Save army", nav="b-save", cls="primary")
            + (button("Delete army", nav=f"army-del:{self.army_id}", cls="danger") if self.army_id else "")
            + button("Back to armies", nav="armies") + "</div></section>")

    def _totals(self) -> str:
        c, army = content(), self.army
        pts = c.army_points(army)
        unit_pts = sum(c.UNITS[u["key"]]["points"] for u in army["units"] if u.get("key") in c.UNITS)
        n_cards = c.army_card_count(army)
        return (f'<div class="totals"><span class="total-points{" bad" if pts > c.MAX_POINTS else ""}">'
                f'Points <strong>{pts}</strong>/{c.MAX_POINTS}</span> <small>(units {unit_pts} + cards {pts - unit_pts})</small>'
                f'<span class="total-cards{" bad" if n_cards < c.MIN_CARDS else ""}">Cards <strong>{n_cards}</strong>'
                f' (min {c.MIN_CARDS})</span><span>Units <strong>{len(army["units"])}</strong> (min {c.MIN_UNITS})</span></div>')

    def _status(self) -> str:
        problems = content().validate_army(clean_army(self.army))
        if problems:
            return ('<div class="army-problems" role="status"><strong>Not ready for battle:</strong><ul>'
                    + "".join(f"<li>{esc(p)}</li>" for p in problems) + "</ul></div>")
        return '<div class="army-ok" role="status">Ready for battle: this army can be chosen for a game.</div>'

    def _board(self) -> str:
        """The home half of the battlefield with the placed units (click a hex to place, a unit to select)."""
        from . import render as hr
        c = content()
        row0 = HOME_ROWS[0]
        height = hr.PAD * 2 + hr.HH * len(HOME_ROWS) + hr.HH / 2
        svg = [f'<svg class="hb-board builder-board" viewBox="0 0 {hr.BOARD_W:.0f} {height:.0f}" '
               'role="img" aria-label="Your half of the battlefield, rows 9 to 16">', hr.defs(),
               hr.cells(HOME_ROWS, row0=row0, nav_prefix="b-place:")]
        for i, u in enumerate(self.army["units"]):
            if not u.get("hex") or u.get("key") not in c.UNITS:
                continue
            try:
                col, row = hr.parse_hex(u["hex"])
            except ValueError:
                continue
            s = c.UNITS[u["key"]]
            view_u: UnitView = {"id": f"0.{i}", "owner": 0, "type": s["type"], "key": u["key"], "name": s["name"],
                                "hex": u["hex"], "facing": u.get("facing", 0), "edges": list(s["edges"]),
                                "health": s["health"], "max_health": s["health"], "speed": s["speed"],
                                "armor": s["armor"], "range": s["range"], "points": s["points"]}
            x, y = hr.center(col, row, row0=row0)
            g = hr.unit_svg(view_u, x, y, extra_cls="selected" if i == self.selected else "")
            svg.append(f'<g data-nav="b-sel:{i}">{g}</g>')
        svg.append("</svg>")
        return "".join(svg)

    def _selected_hint(self) -> str:
        units = self.army["units"]
        if self.selected is None or self.selected >= len(units):
            return ""
        u = units[self.selected]
        return (f'<div class="hint">Selected: <strong>{esc(content().UNITS.get(u["key"], {}).get("name", u["key"]))}</strong>'
                f' — click a hex to place it, then set its facing.</div>')

    def _unit_rows(self) -> str:
        c = content()
        rows = []
        for i, u in enumerate(self.army["units"]):
            s = c.UNITS.get(u.get("key"), {})
            sel = " selected" if i == self.selected else ""
            rows.append(
                f'<li class="army-unit{sel}"><button type="button" class="link" data-nav="b-sel:{i}">'
                f'{esc(s.get("name", u.get("key")))}</button> <small>{esc(s.get("points", "?"))} pts</small> '
                f'<span class="where">{esc(u["hex"]) if u.get("hex") else "<em>not placed</em>"}</span> '
                f'<span class="facing">front {DIRS[int(u.get("facing", 0)) % 6]}</span> '
                + button("↺", nav=f"b-ccw:{i}", cls="small", title="turn left")
                + button("↻", nav=f"b-cw:{i}", cls="small", title="turn right")
                + (button("Lift", nav=f"b-unplace:{i}", cls="small", title="take it off the battlefield")
                   if u.get("hex") else "")
                + button("✕", nav=f"b-del:{i}", cls="small danger", title="remove from the army") + "</li>")
        return "".join(rows)

    @staticmethod
    def _unit_catalogue() -> str:
        rows = []
        for key, s in content().UNITS.items():
            extra = "".join(f" · {lbl} {s[f]}" for f, lbl in (("armor", "armor"), ("range", "range")) if s[f] is not None)
            rows.append(
                f'<li class="cat-unit"><div><strong>{esc(s["name"])}</strong> <small>{esc(s["type"])}</small>'
                f' <span class="pts">{s["points"]} pts</span></div>'
                f'<div class="stats">health {s["health"]} · speed {s["speed"]}{extra} · edges '
                f'{"/".join(str(e) for e in s["edges"])}</div><div class="utext">{esc(s["text"])}</div>'
                + button("Add", nav=f"b-add:{key}", cls="small") + "</li>")
        return "".join(rows)

    def _card_catalogue(self) -> str:
        rows = []
        for key, cd in content().CARDS.items():
            n = self.army["cards"].get(key, 0)
            rows.append(
                f'<li class="cat-card"><span class="card-cost">{cd["cost"]}</span><div><strong>{esc(cd["name"])}</strong>'
                f'<div class="utext">{esc(cd["text"])}</div></div><div class="counter">'
                + button("−", nav=f"b-card:{key}:-1", cls="small", disabled=n == 0,
                         title="none of this card in the army to take out" if n == 0 else None)
                + f'<span class="count">{n}</span>' + button("+", nav=f"b-card:{key}:1", cls="small") + "</div></li>")
        return "".join(rows)


def render_list(entries: list[ArmyEntry]) -> str:
    """The list of saved armies with edit / delete."""
    items = []
    for e in entries:
        if e["army"] is None:
            items.append(f'<li class="army damaged"><span>Damaged army record ({esc(e["id"])}): {esc(e["error"])}</span>'
                         + button("Delete", nav=f"army-del:{e['id']}", cls="small danger") + "</li>")
            continue
        a = e["army"]
        c = content()
        state = ('<span class="badge ok">ready</span>' if not e["problems"]
                 else f'<span class="badge draft" title="{esc("; ".join(e["problems"]))}">draft</span>')
        items.append(f'<li class="army"><strong>{esc(a["name"])}</strong> {state} <small>{c.army_points(a)} pts · '
                     f'{c.army_card_count(a)} cards · {len(a["units"])} units</small>'
                     + button("Edit", nav=f"army-edit:{e['id']}", cls="small")
                     + button("Delete", nav=f"army-del:{e['id']}", cls="small danger") + "</li>")
    return ('<section class="armies"><h2>Hex Battle armies</h2><p>Build armies here; only armies marked ready can be '
            'chosen for a game. Drafts may be saved.</p>'
            f'<ul class="army-list">{"".join(items) or "<li>No armies saved.</li>"}</ul><div class="button-row">'
            + button("New army", nav="army-new", cls="primary") + button("Back to the shelf", nav="shelf") + "</div></section>")


# ---------------------------------------------------------------- the setup step (pyapp.ui.steps protocol)
LEAVE_NAVS = ("armies", "shelf", "setup", "load", "army-new", "army-edit", "rules")


class Step(SetupStep):
    """Armies in the setup screen, the army list and the army builder (see the module docstring)."""

    screens = {"armies": "Armies", "builder": "Army builder"}

    def __init__(self, ctx: StepContext) -> None:
        super().__init__(ctx)
        self.builder: Builder | None = None

    def _prebuild(self) -> None:
        for msg in ensure_prebuilt(self.ctx.storage, self.ctx.now):
            self.ctx.notify(msg)

    # ---- the setup screen
    def begin(self, setup: dict) -> None:
        self._prebuild()
        valid = valid_armies(self.ctx.storage)
        n = len(setup["seats"])
        setup["step"] = {"armies": [valid[min(i, len(valid) - 1)]["id"] if valid else None for i in range(n)],
                         "picking": None}

    def players_changed(self, setup: dict) -> None:
        armies = setup["step"]["armies"]
        n = len(setup["seats"])
        setup["step"]["armies"] = (armies + [None] * n)[:n]

    def seat_html(self, setup: dict, i: int) -> str:
        seat = setup["seats"][i]
        if seat.startswith("bot:"):
            return '<div class="army-pick">Army: <em>a random ready army, kept secret</em></div>'
        valid = valid_armies(self.ctx.storage)
        if sum(1 for s in setup["seats"] if s == "human") >= 2:
            chosen = setup["step"]["armies"][i] in {e["id"] for e in valid}
            return (f'<div class="army-pick">Army: <em>{"chosen (hidden)" if chosen else "not chosen"}</em> '
                    + button("Choose privately…", nav=f"pick-army:{i}", cls="small") + "</div>")
        return f'<div class="army-pick">{self._army_select(i, setup["step"]["armies"][i], valid)}</div>'

    def setup_html(self, setup: dict) -> str:
        out = ('<p class="hint">Each player picks one of their saved, ready armies; the opponent\'s army stays '
               'secret until the battle ends (you see its units on the field). '
               + button("Manage armies", nav="armies", cls="small") + "</p>")
        if not valid_armies(self.ctx.storage):
            out += '<p class="notice error">No ready army is saved: build one first.</p>'
        return out

    def cover(self, setup: dict) -> str | None:
        i = setup["step"].get("picking")
        if i is None:
            return None
        valid = valid_armies(self.ctx.storage)
        return (f'<section class="private-pick"><h2>{esc(self.ctx.seat_name(setup, i))}: choose your army</h2>'
                '<p>Only you should look at this screen. Your choice stays hidden from your opponent.</p>'
                f"{self._army_select(i, setup['step']['armies'][i], valid)}<div class=\"button-row\">"
                + button("Done", nav="pick-done", cls="primary") + "</div></section>")

    @staticmethod
    def _army_select(i: int, current: str | None, valid: list[ArmyEntry]) -> str:
        opts = "".join(f'<option value="{esc(e["id"])}"{" selected" if e["id"] == current else ""}>'
                       f'{esc(e["army"]["name"])} ({content().army_points(e["army"])} pts)</option>'
                       for e in valid if e["army"] is not None)
        return (f'<label class="field">Army <select data-input="army-{i}">'
                f'{opts or "<option value=>no ready army</option>"}</select></label>')

    def option_values(self, setup: dict, seed: int) -> dict:
        valid = {e["id"]: e["army"] for e in valid_armies(self.ctx.storage) if e["army"] is not None}
        if not valid:              # nothing usable in storage (full or blocked): the game's own sample armies
            self.ctx.notify("No saved army could be used, so both sides play the sample armies.", "info")
            return {}
        chosen = []
        pick = Rng(seed, stream=99)
        for i, seat in enumerate(setup["seats"]):
            aid = setup["step"]["armies"][i]
            if seat.startswith("bot:"):                       # a bot's army: random and secret (HB-UI-6)
                aid = pick.choice(sorted(valid))
            if aid not in valid:
                raise ValueError(f"{self.ctx.seat_name(setup, i)} has no valid army chosen: "
                                 "build one in the army builder.")
            chosen.append(clean_army(valid[aid]))
        return {"armies": chosen}

    # ---- events
    def input(self, name: str, value: str) -> bool:
        if name == "army-name":
            if self.builder is not None:
                self.builder.set_name(value)
            return True
        setup = self.ctx.setup
        if name.startswith("army-") and setup is not None:
            try:
                i = int(name[5:])
                setup["seats"][i]
            except (ValueError, IndexError):
                return True
            setup["step"]["armies"][i] = value or None
            return True
        return False

    def nav(self, cmd: str, arg: str) -> bool:
        handler = self._NAVS.get(cmd)
        if handler is not None:
            handler(self, arg)
            return True
        if cmd.startswith("b-") and self.builder is not None:
            err = self.builder.handle(cmd[2:], arg)
            if err:
                self.ctx.notify(err, "info")
            return True
        return False

    def _pick(self, arg: str) -> None:
        if self.ctx.setup is not None:
            self.ctx.setup["step"]["picking"] = int(arg)

    def _pick_done(self, arg: str) -> None:
        if self.ctx.setup is not None:
            self.ctx.setup["step"]["picking"] = None

    def _show_list(self, arg: str) -> None:
        self._prebuild()
        self.builder = None
        self.ctx.show("armies")

    def _new_army(self, arg: str) -> None:
        self.builder = Builder()
        self.ctx.show("builder")

    def _edit_army(self, arg: str) -> None:
        entry = next((e for e in list_armies(self.ctx.storage) if e["id"] == arg), None)
        if entry is None or entry["army"] is None:
            self.ctx.notify("That army cannot be opened: " + (entry and entry["error"] or "it no longer exists."))
            return
        self.builder = Builder(entry["army"], arg)
        self.ctx.show("builder")

    def _delete_army(self, arg: str) -> None:
        entry = next((e for e in list_armies(self.ctx.storage) if e["id"] == arg), None)
        army = entry["army"] if entry is not None else None
        name = (army or {}).get("name") or arg

        def delete() -> None:
            self.ctx.storage.remove(saves.army_key(GAME_ID, arg))
            if self.builder and self.builder.army_id == arg:
                self.builder = None
                self.ctx.show("armies")
        self.ctx.ask(f"Delete the army “{name}”? This cannot be undone.", delete)

    def _save_army(self, arg: str) -> None:
        b = self.builder
        if b is None:
            return
        if not b.army["name"].strip():
            self.ctx.notify("Give the army a name before saving it.")
            return
        aid = b.army_id or saves.new_id()
        rec = record(b.army, aid, self.ctx.now())
        if self.ctx.store(saves.army_key(GAME_ID, aid), json.dumps(rec, separators=(",", ":")), "this army"):
            b.army_id = aid
            b.dirty = False
            problems = content().validate_army(clean_army(b.army))
            if problems:
                self.ctx.notify("Saved as a draft. It cannot be used in a game until fixed: " + "; ".join(problems)
                                + ".", "info")
            else:
                self.ctx.notify(f"Saved “{b.army['name']}”: ready for battle.", "info")

    _NAVS = {"pick-army": _pick, "pick-done": _pick_done, "armies": _show_list, "army-new": _new_army,
             "army-edit": _edit_army, "army-del": _delete_army, "b-save": _save_army}

    def leaving(self, nav: str) -> str | None:
        b = self.builder
        if self.ctx.screen == "builder" and b is not None and b.dirty and nav.partition(":")[0] in LEAVE_NAVS:
            return f"Leave the army builder? Unsaved changes to “{b.army['name']}” will be lost."
        return None

    def leave(self) -> None:
        if self.builder is not None:
            self.builder.dirty = False

    # ---- its screens
    def render(self, screen: str) -> str:
        if screen == "builder" and self.builder is not None:
            return self.builder.render()
        return render_list(list_armies(self.ctx.storage))
