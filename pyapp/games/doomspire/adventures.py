"""Lords of Doomspire: exploring face-down tiles and adventure cards (LD-TILE-3..7, LD-ADV, LD-FOL, LD-DOOM-2).

A mixin of :class:`~pyapp.games.doomspire.rules.DoomspireState`; frame ``card`` resolves a
drawn card (a monster to fight, an encounter with a follower, or effects one by one).
"""
from __future__ import annotations

from .base import DoomspireBase
from .board import NB, RES, res_text

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Iterator

    from .types import KnightData, Monster


class AdventureRules(DoomspireBase):
    """Exploration and adventure cards (a mixin; see the module docstring)."""

    def _explore(self, s: int, k: KnightData, t: str) -> None:
        """The knight turns a face-down tile up (LD-TILE-3..7)."""
        d = self.data
        x = d["tiles"][t]
        if not x["revealed"]:
            self.reveal()                                              # a face-down tile turned up (HIDDEN_COUNTED)
        x["revealed"] = True                                           # LD-TILE-3
        d["players"][s]["fame"] += 1                                   # LD-TILE-4
        k["done"] = True                                               # LD-TILE-7
        kind = self.kind(t)
        self.say(f"{{0}} explores {t}: {kind['name']} (+1 fame)", s, kind="explore")
        self.mark(self.mover(s), "explore", t, text=f"explores: {kind['name']}")
        if kind["type"] in ("resource", "den"):                        # LD-TILE-5
            x["monster"] = dict(self.C["board"]["bear"], card=None)
            self.say(f"a bear guards {t}", kind="explore")
        if kind["type"] == "doomspire":                                # LD-DOOM-2, LD-DOOM-3
            pile = [r for r in RES for _ in range(3)]
            self.rng.shuffle(pile)
            d["hoard"] = [{r: pile[i:i + 4].count(r) for r in RES if pile[i:i + 4].count(r)} for i in (0, 4, 8)]
            self.say("the dragon's hoard: " + " | ".join(res_text(h) for h in d["hoard"]), kind="explore")

    def _draw_adventure(self, s: int, k: KnightData, t: str) -> None:
        """Take an adventure token and draw a card of the tile's tier (LD-ADV-2, LD-ADV-4, LD-GAP-18)."""
        d = self.data
        x = d["tiles"][t]
        x["tokens"] -= 1                                               # LD-ADV-2
        k["done"] = True
        tier = str(self.kind(t)["tier"])                               # LD-ADV-4
        deck = d["decks"][tier]
        if not deck:                                                   # LD-GAP-18: reshuffle discards
            deck.extend(d["discards"][tier])
            d["discards"][tier] = []
            self.rng.shuffle(deck)                                     # (a chance action already: the shuffle)
        else:
            self.reveal()                                              # a card leaves the hidden deck (HIDDEN_COUNTED)
        if not deck:
            self.say(f"the tier-{tier} deck is empty", kind="card")
            return
        cid = deck.pop()
        card = self.C["card_by_id"][cid]
        self.say(f"{{0}} draws a tier-{tier} {card['theme']} card on {t}: {card['name']} ({card['type']})", s, kind="card")
        self.mark(self.mover(s), "card", t, text=f"adventure: {card['name']} ({card['type']})")
        self.flow.push("card", seat=s, knight=k["id"], tile=t, card=cid, effect=0)

    def _f_card(self, frame: dict, choice: str | None, seat: int | None) -> None:
        d = self.data
        s = frame["seat"]
        card = self.C["card_by_id"][frame["card"]]
        k = self.knight(s, frame["knight"])
        tier = str(card["tier"])
        if card["type"] == "monster":                                  # LD-ADV-10
            self.flow.pop(frame)
            mon: Monster = {"name": card["name"], "might": card["might"], "fame": card["fame"], "loot": card["loot"],
                   "theme": card["theme"], "card": card["id"]}
            if k is None or k["at"] != frame["tile"]:
                d["tiles"][frame["tile"]]["monster"] = mon
                return
            self._push_monster(s, k["id"], frame["tile"], mon, from_card=True)
            return
        if card["type"] == "encounter":                                # LD-ADV-13, LD-FOL-2
            f = card["follower"]
            fname = self.C["followers"][f]["name"]
            if k is None:
                self.flow.pop(frame)
                d["discards"][tier].append(card["id"])
                return
            if choice is None and len(k["followers"]) >= 2:            # LD-FOL-1, LD-GAP-44
                opts = [(f"dismiss:{g}", f"Dismiss {self.C['followers'][g]['name']} to make room for {fname}")
                        for g in k["followers"]]
                opts.append(("decline", f"Send {fname} away"))
                self.flow.ask(s, opts, kind="follower")
                return
            self.flow.pop(frame)
            d["discards"][tier].append(card["id"])
            if choice and choice.startswith("dismiss:"):
                k["followers"].remove(choice.split(":")[1])
                self.overflow(k)
            if choice == "decline":
                self.say(f"{{0}} sends {fname} away", s, kind="card")
                return
            k["followers"].append(f)
            self.say(f"{fname} joins {{0}}'s knight {k['id'][1:]}", s, kind="card")
            return
        effects = card["effects"]                                      # LD-ADV-11, LD-ADV-12
        p = d["players"][s]
        while frame["effect"] < len(effects):
            e = effects[frame["effect"]]
            frame["effect"] += 1
            if "gain" in e:
                self.gain(s, e["gain"])
                self.say(f"{{0}} gains {res_text(e['gain'])}", s, kind="card")
            elif "fame" in e:
                p["fame"] += e["fame"]
                self.say(f"{{0}} gains {e['fame']} fame", s, kind="card")
            elif "might" in e:
                p["might"] += e["might"]
                self.say(f"{{0}} gains {e['might']} might", s, kind="card")
            elif "lose" in e:
                self._push_lose(s, why=card["name"])
                return
            elif "home" in e and k is not None:
                self.send_home(s, k, why="is sent home")
                self.say("{0}'s knight is sent home", s, kind="card")
            elif "scatter" in e and d["round"] >= 2:
                for s2, k2 in list(self._units_near(frame["tile"])):
                    if s2 != s:
                        self.send_home(s2, k2, why="flees home", by=self.mover(s))
                        self.say(f"{{0}}'s knight on {k2['at']} flees home", s2, kind="card")
            elif "item" in e and k is not None:
                iid = self.new_item(e["item"])
                if len(k["items"]) < self.slots(k):
                    k["items"].append(iid)
                    self.say(f"{{0}}'s knight finds {self.item_name(iid)}", s, kind="card")
                    self.mark(self.mover(s), "item", k["at"], text=f"finds {self.item_name(iid)}")
                else:                                                  # LD-GAP-44
                    d["tiles"][k["at"]]["items"].append(iid)
                    self.say(f"{{0}}'s knight finds {self.item_name(iid)} but cannot carry it; it lies on {k['at']}",
                             s, kind="card")
        self.flow.pop(frame)
        d["discards"][tier].append(card["id"])

    def _units_near(self, t: str) -> Iterator[tuple[int, KnightData]]:
        occ = self.occ()
        for nb in NB[t]:
            if self.is_special(nb):
                continue
            for s2, k2 in occ.get(nb, ()):
                yield s2, k2
