"""Lords of Doomspire: the state's shared vocabulary -- tiles, lords, knights, items, dice -- and,
for mypy, the methods the rule mixins call on one another.

:class:`DoomspireBase` is the common base of the rule mixins (:mod:`.movement`, :mod:`.combat`,
:mod:`.adventures`, :mod:`.harvest`, :mod:`.dragon`) and so of
:class:`~pyapp.games.doomspire.rules.DoomspireState`, which combines them.
"""
from __future__ import annotations

from ...engine import Action
from ...engine.flow import FlowState
from . import content
from .board import BOARD_ORDER, COAST, NB, SPECIAL

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from .types import KnightData, Monster, Occupancy

# actions every listing ends with (an Action is an immutable tuple: made once, shared by every listing)
CONCEDE = Action("concede", "Concede defeat", "concede")

# kind code -> tile type ("resource", "trader", ...), filled from the content on first use: the move listing
# asks a tile's type thousands of times a second (the content is fixed, so this never goes stale)
_KTYPE: dict[str, str] = {}


def ktype_of(code: str) -> str:
    """The type of the tiles of kind ``code`` (a table built once from the content)."""
    try:
        return _KTYPE[code]
    except KeyError:
        _KTYPE.update((c, k["type"]) for c, k in content.load()["board"]["kinds"].items())
        return _KTYPE[code]


class DoomspireBase(FlowState):
    """Helpers every part of the rules uses (a base of the mixins; see the module docstring)."""

    if TYPE_CHECKING:
        # What one mixin calls of another (or of DoomspireState), declared for mypy only: at run time
        # the combined state finds the real method.  mypy checks each definition against these.
        # adventures.py
        def _explore(self, s: int, k: KnightData, t: str) -> None: ...
        def _draw_adventure(self, s: int, k: KnightData, t: str) -> None: ...
        # combat.py
        def _push_monster(self, s: int, kid: str, t: str, mon: Monster, from_card: bool) -> None: ...
        def _push_duel(self, attacker: int, akid: str, defender: int, dkid: str, t: str, fleer: int) -> None: ...
        def _push_lose(self, s: int, why: str, to: int | None = None, kid: str | None = None,
                       to_kid: str | None = None) -> None: ...
        def _support_askers(self, t: str, fighters: tuple[int, ...]) -> list[int]: ...
        def _oneshots(self, k: KnightData) -> list[str]: ...
        def _offer_shot(self, s: int, shots: list[str], target: int, total: int) -> None: ...
        def _use_shot(self, frame: dict, s: int, k: KnightData, choice: str | None, key: str = "extra") -> None: ...
        # harvest.py
        def harvest_spare(self, s: int, occ: Occupancy | None = None, need: int | None = None) -> list[int]: ...
        def eligible(self, s: int, occ: Occupancy | None = None, own: list[str] | None = None) -> list[str]: ...
        def _offer_actions(self, s: int) -> list[Action]: ...
        def _take_offer(self, s: int, aid: str) -> bool: ...
        # movement.py
        def _item_actions(self, s: int, occ: Occupancy | None, pick: bool = True) -> list[Action]: ...
        def _use_item(self, s: int, head: str, rest: str) -> None: ...
        def overflow(self, k: KnightData) -> None: ...
        # rules.py
        def concede(self, s: int) -> None: ...

    @property
    def C(self) -> dict:
        return content.load()

    def tile(self, t: str) -> dict:
        return self.data["tiles"][t]

    def kind(self, t: str) -> dict:
        """The content description of what lies on tile ``t``."""
        return content.load()["board"]["kinds"][self.data["tiles"][t]["kind"]]

    def ktype(self, t: str) -> str:
        return ktype_of(self.data["tiles"][t]["kind"])

    def name(self, s: int) -> str:
        """A seat as action labels name it (``P1``...; ``Neutral`` for a conceded lord's tiles)."""
        return "Neutral" if s == -1 else f"P{s + 1}"

    def player(self, s: int) -> dict:
        return self.data["players"][s]

    def in_play(self, seat: int) -> bool:
        return not self.data["players"][seat]["out"]

    def active_seats(self) -> list[int]:
        return [s for s in range(self.players) if self.in_play(s)]

    def knight(self, s: int, kid: str) -> KnightData | None:
        """Knight ``kid`` of seat ``s``; None once it is gone (eaten by the dragon, its lord conceded)."""
        for k in self.data["players"][s]["knights"]:
            if k["id"] == kid:
                return k
        return None

    def knight_of(self, s: int, kid: str) -> KnightData:
        """Knight ``kid`` of seat ``s`` where the rules know it is there (a legal action or the fight names it)."""
        k = self.knight(s, kid)
        if k is None:
            raise LookupError(f"{self.name(s)} has no knight {kid}")
        return k

    def occ(self) -> Occupancy:
        """tile -> [(seat, knight dict)]"""
        out: Occupancy = {}
        for s, p in enumerate(self.data["players"]):
            for k in p["knights"]:
                at = k["at"]
                here = out.get(at)
                if here is None:
                    out[at] = [(s, k)]
                else:
                    here.append((s, k))
        return out

    def is_special(self, t: str) -> bool:
        return self.ktype(t) in SPECIAL

    def is_resource(self, t: str) -> bool:
        return self.ktype(t) in ("resource", "home")

    def starred(self, t: str) -> bool:
        k = self.kind(t)
        return k["type"] == "resource" and sum(k["yield"].values()) >= 2     # LD-RES-6, LD-GAP-14

    def owned(self, s: int) -> list[str]:
        out = [t for t, x in self.data["tiles"].items()
               if x["owner"] == s and ktype_of(x["kind"]) in ("resource", "home")]
        out.sort(key=BOARD_ORDER.__getitem__)       # board order, whatever the dict's order after a JSON round trip
        return out

    def own_tiles(self, s: int) -> list[str]:
        """The tiles ``s`` owns, as :meth:`owned` without the sort (one scan of the board, which the move listing
        makes once and hands to :meth:`flags_left`, ``eligible`` and ``can_stay``)."""
        return [t for t, x in self.data["tiles"].items() if x["owner"] == s and ktype_of(x["kind"]) in ("resource", "home")]

    def flags_left(self, s: int) -> int:
        """Flags ``s`` has not placed: ten per lord, home included (LD-GAP-60)."""
        # len(self.owned(s)), counted without the sort: the owners first (one pass, in C), then their types
        mine = [x["kind"] for x in self.data["tiles"].values() if x["owner"] == s]
        return self.C["max_flags"] - sum(1 for c in mine if ktype_of(c) in ("resource", "home"))

    def starred_count(self, s: int) -> int:
        return sum(1 for t in self.owned(s) if self.starred(t))

    def protected(self, t: str, occ: Occupancy | None = None) -> bool:
        """LD-TERR-2: the owner has a knight orthogonally adjacent (LD-GAP-52)."""
        o = self.data["tiles"][t]["owner"]
        if o is None or o < 0:
            return False
        occ = self.occ() if occ is None else occ
        return any(s == o for nb in NB[t] for s, _k in occ.get(nb, ()))

    def effects(self, k: KnightData) -> list[dict]:
        C = self.C
        return ([C["items"][self.data["items"][i]]["effects"] for i in k["items"]]
                + [C["followers"][f]["effects"] for f in k["followers"]])

    def eff_sum(self, k: KnightData, key: str) -> int:
        if not k["items"] and not k["followers"]:
            return 0
        return sum(e.get(key, 0) for e in self.effects(k) if "vs" not in e and key != "ring")

    def slots(self, k: KnightData) -> int:
        return 2 + self.eff_sum(k, "carry")                  # LD-ITEM-1, LD-ITEM-2

    def combat_bonus(self, k: KnightData, theme: str | None = None, duel: bool = False) -> int:
        total = 0
        for e in self.effects(k):
            if "vs" in e:
                if e["vs"] == theme:
                    total += e.get("might", 0)
            else:
                total += e.get("might", 0)
                if duel:
                    total += e.get("duel", 0)
        return total

    def gain(self, s: int, res: dict[str, int]) -> None:
        for r, n in res.items():
            self.data["players"][s]["resources"][r] += n

    def can_pay(self, s: int, cost: dict[str, int]) -> bool:
        return all(self.data["players"][s]["resources"][r] >= n for r, n in cost.items())

    def pay(self, s: int, cost: dict[str, int]) -> None:
        for r, n in cost.items():
            self.data["players"][s]["resources"][r] -= n

    def say(self, text: str, *seats: int, kind: str = "") -> None:
        """Log an event, prefixed with the round (``R3: {0} claims d1``)."""
        super().say(f"R{self.data['round']}: {text}", *seats, kind=kind)

    def roll3(self) -> int:
        return self.rng.roll(3)                                # LD-GAP-4, LD-GAP-5

    def send_home(self, s: int, k: KnightData, why: str = "", by: int | None = None) -> None:
        """Knight ``k`` of ``s`` goes home; with ``why`` the trip is marked on the board as part of the move
        of the lord whose move it is (``by``; default: the mover, see :meth:`mover`)."""
        home = self.data["players"][s]["home"]
        if why and k["at"] != home:
            self.mark(self.mover(s) if by is None else by, "home", k["at"], home,
                      text=f"{self.name(s)}'s knight {k['id'][1:]} {why}")
        k["at"] = home

    def mover(self, s: int) -> int:
        """Whose move the board marks of what happens now belong to: the lord whose move turn it is in the
        move phase (a fight, a flight, a card all belong to that move), else ``s``."""
        active = self.flow.active
        return active if self.flow.phase == "move" and isinstance(active, int) else s

    def new_item(self, key: str) -> str:
        iid = f"i{self.data['next_item']}"
        self.data["next_item"] += 1
        self.data["items"][iid] = key
        return iid

    def item_name(self, iid: str) -> str:
        return self.C["items"][self.data["items"][iid]]["name"]

    def units_adjacent(self, s: int, t: str, occ: Occupancy | None = None) -> int:
        """Knights of ``s`` orthogonally adjacent to ``t`` plus warships in ``t``'s zone (LD-MON-8, LD-GAP-38)."""
        occ = self.occ() if occ is None else occ
        n = sum(1 for nb in NB[t] for s2, _k in occ.get(nb, ()) if s2 == s)
        p = self.data["players"][s]
        if p["warship"] and t in COAST:
            n += sum(1 for b in p["boats"] if b["zone"] == COAST[t])
        return n

    def unused(self, s: int) -> list[int]:
        p = self.data["players"][s]
        return [v for v, u in zip(p["dice"], p["used"]) if not u]

    def spend(self, s: int, need: int) -> int:
        """Spend the lowest unused die worth at least ``need``; returns its value."""
        p = self.data["players"][s]
        best = None
        for i, (v, u) in enumerate(zip(p["dice"], p["used"])):
            if not u and v >= need and (best is None or v < p["dice"][best]):
                best = i
        p["used"][best] = True
        return p["dice"][best]

    def low_die(self, s: int, need: int) -> int | None:
        vals = [v for v in self.unused(s) if v >= need]
        return min(vals) if vals else None

