"""Ice Fortress: the state's shared helpers, which the turn rules and the powers both call.

:class:`IceBase` is the common base of :class:`~pyapp.games.icefortress.powers.PowersMixin` and so of
:class:`~pyapp.games.icefortress.rules.IceState`, which combines them.
"""
from __future__ import annotations

from ...engine.flow import FlowState
from . import content
from . import fortress as fx


class IceBase(FlowState):
    """Helpers both the turn rules and the powers use (see the module docstring)."""

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def cur_seat(self) -> int:
        """The seat of the acting character (solo: seat 0 plays both)."""
        seat: int = self.data["chars"][self.data["cur"]]["seat"]
        return seat

    @staticmethod
    def room_label(cid: str) -> str:
        r = fx.rc(cid)
        return f"{r['name']} ({r['size']} {r['element']} room {cid})"

    def depicted(self, ci: int) -> int:
        """Dice shown on the character's cards (IF-ROLL-1..3; the advanced side keeps its count, IF-GAP-13)."""
        ch = self.data["chars"][ci]
        c = content.load()
        n: int = (c["names"][ch["name"]]["dice"] + sum(c["abilities"][a]["dice"] for a in ch["abilities"])
                  + c["classes"][ch["class"]]["dice"])
        return n

    def pool(self) -> int:
        """Dice in the unused pool: not pillars, not rolled this turn, not spent on a card (IF-GAP-6)."""
        d = self.data
        used = sum(len(r["pillars"]) for r in d["rooms"].values()) + len(d["dice"])
        used += sum(len(s["dice"]) for s in d["spent"].values())
        total: int = content.load()["game"]["dice"]
        return total - used
