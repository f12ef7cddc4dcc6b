"""Clockwork Crusade's setup moves (a mix-in of :class:`.rules.ClockworkState`): the grids phase (Territory Grids,
CC-SETUP-2, CC-SETUP-3, CC-GAP-6) and the gates phase (starting Gate Tokens, CC-SETUP-5, CC-GAP-9), and the Gate
Token spots the Control step asks about too (CC-GATE-3, CC-GATE-4, CC-GAP-17).

Written for speed (issue 33, item 1): the Board of a layout is joined from remembered per-grid parts
(:class:`.geometry.GridPart`), the grids listing is remembered per layout, the starting Gate Token Actions per
territory, and the spots are filtered only in the territories holding something
(tests/clockwork/test_clockwork_fast_setup.py compares them with a plain build).
"""
from __future__ import annotations

from ...engine import Action
from . import geometry
from .content import GRIDS
from .geometry import Board, grid_halo
from .units import utype

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ...engine.flow import FlowState

    class _SetupBase(FlowState):
        """What :class:`SetupMoves` uses from :class:`.rules.ClockworkState` (defined in rules.py)."""

        @property
        def board(self) -> Board: ...
        def _occupied(self) -> set[str]: ...
        def _arrows(self) -> set[str]: ...
else:
    _SetupBase = object

_GRID_ACTS: dict[tuple[str, str], Action] = {}        # (design, slot) -> its Action, for every game
# (territory id, its name) -> (its (hex, arrow hex) pairs, Board.pairs: the same list in every Board of its grid; their
# starting Gate Token Actions, in the same order), for every game
_GATE_LISTS: dict[tuple[str, str], tuple[list[tuple[str, str]], list[Action]]] = {}
# (players, designs, the placed grids) -> the grids phase's legal Actions, for every game (cleared when it grows too big)
_GRID_LISTS: dict[tuple, list[Action]] = {}


class SetupMoves(_SetupBase):
    """The grids and gates phases' moves and the Gate Token spots."""

    def _grid_slots(self, key: str, land: frozenset[str] | None = None) -> list[str]:
        """Slots where design ``key`` may go now (CC-SETUP-3, CC-GAP-6); ``land``: the placed grids' land hexes,
        when the caller has them."""
        placed = self.data["placed"]
        used = {slot for _k, slot in placed}
        table = geometry.table_slots(self.players)     # house rule: the part of the table this game uses
        if not placed:
            return list(table)
        # the board's land hexes (not the whole board: while grids are placed, a board of each part is not needed)
        if land is None:
            land = frozenset().union(*(geometry.grid_land(k, sl) for k, sl in placed))
        return [slot for slot in self._open_slots(table, used)
                if not land.isdisjoint(grid_halo(key, slot))]      # a land hex of it next to land on the board

    @staticmethod
    def _open_slots(table: tuple[str, ...], used: set[str]) -> list[str]:
        """The free slots of ``table`` next to a used one (CC-SETUP-3)."""
        return [slot for slot in table if slot not in used and any(n in used for n in geometry.slot_neighbours(slot))]

    def _legal_grids(self, seat: int) -> list[Action]:
        placed = self.data["placed"]
        key = (self.players, len(GRIDS), *[tuple(p) for p in placed])     # (a design added by a test: listed anew)
        got = _GRID_LISTS.get(key)
        if got is None:
            if len(_GRID_LISTS) > 4096:
                _GRID_LISTS.clear()
            got = _GRID_LISTS[key] = self._list_grids(placed)
        return list(got)

    def _list_grids(self, placed: list[list[str]]) -> list[Action]:
        acts = []
        used = {k for k, _ in placed}
        land = frozenset().union(*(geometry.grid_land(k, sl) for k, sl in placed))
        table = geometry.table_slots(self.players)
        # the free slots next to a placed grid, the same for every design (:meth:`_grid_slots`)
        slots = self._open_slots(table, {slot for _k, slot in placed}) if placed else list(table)
        for key in GRIDS:
            if key in used:
                continue
            for slot in ([sl for sl in slots if not land.isdisjoint(grid_halo(key, sl))] if placed else slots):
                act = _GRID_ACTS.get((key, slot))
                if act is None:
                    act = _GRID_ACTS[key, slot] = Action(f"grid:{key}@{slot}", f"Place {GRIDS[key]['name']} in slot "
                                                                              f"{slot[1:]}", "grid")
                acts.append(act)
        return acts

    def _do_grids(self, seat: int, action: Action) -> None:
        key, slot = action.id.partition(":")[2].split("@")
        self.data["placed"].append([key, slot])
        self.mark(seat, "grid", slot, text=GRIDS[key]["name"])
        self.say(f"{{0}} places {GRIDS[key]['name']} in slot {slot[1:]}.", seat, kind="grid")
        self.flow.end_turn()

    def _gate_spots(self, tids: list[str]) -> list[tuple[str, str]]:
        """(gate hex, arrow hex) pairs in the given territories (CC-GATE-3, CC-GATE-4, CC-GAP-17)."""
        if not tids:
            return []
        b = self.board
        occ, arrows, fixed, touched = self._spot_block(b)
        out: list[tuple[str, str]] = []
        for t in tids:
            if t in touched:
                out += [(h, n) for h, n in b.pairs(t) if h not in occ and h not in arrows and n not in fixed
                        and n not in arrows]
            else:
                out += b.pairs(t)
        return out

    def _spot_block(self, b: Board) -> tuple[set[str], set[str], set[str], set[str | None]]:
        """What keeps a Gate Token off a (hex, arrow hex) pair: the occupied hexes and the arrow hexes (not on the
        hex), the hexes of things that never move and the arrow hexes (not on the arrow: a Gate Token, a portal,
        a Building or Wall); and the territories holding any of them (a pair lies in one territory: the others'
        pairs are all free)."""
        d = self.data
        occ = self._occupied()
        arrows = self._arrows()
        fixed = ({g["hex"] for g in d["gates"]} | {p["hex"] for p in d["portals"]}
                 | {u["hex"] for u in d["units"] if utype(u) == "building"})
        terr = b.terr
        return occ, arrows, fixed, {terr.get(h) for h in occ} | {terr.get(h) for h in arrows}   # fixed: in occ

    def _legal_gates(self, seat: int) -> list[Action]:
        b = self.board
        taken = {b.terr[g["hex"]] for g in self.data["gates"]}
        occ, arrows, fixed, touched = self._spot_block(b)
        out: list[Action] = []
        for t in b.terr_order:                                  # CC-GAP-9
            if t in taken:
                continue
            pairs = b.pairs(t)
            name = b.terr_name[t]
            got = _GATE_LISTS.get((t, name))
            if got is None or got[0] is not pairs:
                got = _GATE_LISTS[t, name] = (pairs, [Action(f"gate:{h}>{a}", f"Starting Gate Token on {h} ({name}), "
                                                             f"arrow to {a}", "gate") for h, a in pairs])
            if t in touched:
                out += [act for (h, n), act in zip(pairs, got[1]) if h not in occ and h not in arrows
                        and n not in fixed and n not in arrows]
            else:
                out += got[1]
        return out

    def _do_gates(self, seat: int, action: Action) -> None:
        h, a = action.id.partition(":")[2].split(">")
        b = self.board
        self.data["gates"].append({"hex": h, "owner": seat, "arrow": a})
        self.mark(seat, "gate", h, a)
        self.say(f"{{0}} starts in {b.terr_name[b.terr[h]]}: Gate Token on {h}, arrow to {a}.", seat, kind="gate")
        self.flow.end_turn()
