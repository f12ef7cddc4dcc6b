"""Lords of Doomspire content: board layout, adventure cards, items, followers, builds.

All of it lives in ``data/*.json`` (original Boardshelf content) and is checked
by :func:`check` when first loaded, so a typo in a data file fails loudly.

>>> c = load()
>>> len(c["cards"]) >= 40, len(c["board"]["rows"])
(True, 8)
"""
from __future__ import annotations

import json

from ...engine.util import read_text

RESOURCES = ("gold", "food", "wood", "ore")
THEMES = ("beast", "cave", "grove")
CARD_TYPES = ("monster", "event", "treasure", "encounter")
TILE_TYPES = ("home", "resource", "adventure", "oasis", "empty", "trader", "mercenary", "temple", "den", "doomspire")
EFFECT_KEYS = {"might", "vs", "duel", "steps", "carry", "flee", "oneshot", "ring", "heal"}
CARD_EFFECTS = {"gain", "fame", "might", "lose", "home", "scatter", "item"}

_CACHE: dict = {}


class ContentError(ValueError):
    """A data file breaks the schema."""


def _read(name: str) -> dict:
    return json.loads(read_text(__package__, "data", name))


def _res(d, where, errs):
    if not isinstance(d, dict) or any(k not in RESOURCES or not isinstance(v, int) or v < 0 for k, v in d.items()):
        errs.append(f"{where}: bad resource dict {d!r}")


def check(c: dict) -> list[str]:
    """Schema errors of loaded content (empty list when everything is fine)."""
    errs: list[str] = []
    b = c["board"]
    kinds = b["kinds"]
    for code, k in kinds.items():
        if k.get("type") not in TILE_TYPES:
            errs.append(f"kind {code}: bad type")
        if k.get("type") in ("home", "resource"):
            _res(k.get("yield"), f"kind {code}", errs)
            if not k.get("yield"):
                errs.append(f"kind {code}: no yield")
        if k.get("type") in ("adventure", "oasis"):
            if k.get("tier") not in (1, 2, 3) or not isinstance(k.get("tokens"), int) or k["tokens"] < 1:
                errs.append(f"kind {code}: adventure tiles need tier 1-3 and tokens >= 1")
        if k.get("tier") == 2 and k.get("type") == "resource" and sum(k["yield"].values()) < 2:
            errs.append(f"kind {code}: tier-2 resource tiles must be starred (LD-RES-7)")
    rows = [r.split() for r in b["rows"]]
    if len(rows) != 8 or any(len(r) != 8 for r in rows):
        errs.append("board: rows must be 8 x 8")
    flat = [x for r in rows for x in r]
    for x in flat:
        if x not in kinds and x not in ("HL", "MT"):
            errs.append(f"board: unknown code {x}")
    if len(rows) == 8 and all(len(r) == 8 for r in rows):
        for i in range(8):
            for j in range(8):
                ring = min(i, j, 7 - i, 7 - j)
                want = {0: None, 1: None, 2: "HL", 3: "MT"}[ring]
                if (want is None and rows[i][j] in ("HL", "MT")) or (want and rows[i][j] != want):
                    errs.append(f"board: cell {i},{j} must be {want or 'a plains tile'}")
        for (i, j) in ((0, 0), (0, 7), (7, 7), (7, 0)):
            if rows[i][j] != "HM":
                errs.append("board: the four corners must be home tiles")
    if len(b["hills"]) != flat.count("HL") or len(b["mountains"]) != flat.count("MT"):
        errs.append("board: hidden pools must match the hidden slots")
    if b["mountains"].count("DS") != 1:
        errs.append("board: exactly one Doomspire among the mountains")
    for x in b["hills"] + b["mountains"]:
        if x not in kinds:
            errs.append(f"board: unknown hidden code {x}")
    for key in ("might", "fame"):
        if not isinstance(b["bear"].get(key), int):
            errs.append("board: bear needs might and fame")
    items, fols = c["items"], c["followers"]
    for key, it in items.items():
        if not isinstance(it.get("price"), int) or not isinstance(it.get("stock"), int) or not it.get("name"):
            errs.append(f"item {key}: needs name, price, stock")
        if set(it.get("effects", {})) - EFFECT_KEYS or not it.get("effects"):
            errs.append(f"item {key}: bad effects")
        if it.get("effects", {}).get("vs") not in (None,) + THEMES:
            errs.append(f"item {key}: bad vs theme")
    for key, f in fols.items():
        if set(f.get("effects", {})) - EFFECT_KEYS or not f.get("effects") or not f.get("name"):
            errs.append(f"follower {key}: bad effects")
    seen = set()
    for card in c["cards"]:
        cid = card.get("id")
        if cid in seen:
            errs.append(f"card {cid}: duplicate id")
        seen.add(cid)
        if card.get("tier") not in (1, 2, 3) or card.get("theme") not in THEMES or card.get("type") not in CARD_TYPES:
            errs.append(f"card {cid}: bad tier/theme/type")
        if card.get("type") == "monster":
            if not isinstance(card.get("might"), int) or not isinstance(card.get("fame"), int):
                errs.append(f"card {cid}: monster needs might and fame")
            _res(card.get("loot"), f"card {cid}", errs)
        elif card.get("type") == "encounter":
            if card.get("follower") not in fols:
                errs.append(f"card {cid}: unknown follower")
        else:
            for eff in card.get("effects", []):
                if len(eff) != 1 or set(eff) - CARD_EFFECTS:
                    errs.append(f"card {cid}: bad effect {eff!r}")
                elif "gain" in eff:
                    _res(eff["gain"], f"card {cid}", errs)
                elif "item" in eff and eff["item"] not in items:
                    errs.append(f"card {cid}: unknown item")
            if not card.get("effects"):
                errs.append(f"card {cid}: no effects")
    for t in (1, 2, 3):
        if not any(card["tier"] == t for card in c["cards"]):
            errs.append(f"no cards of tier {t}")
    for key, bd in c["builds"].items():
        _res(bd.get("cost"), f"build {key}", errs)
    return errs


def load() -> dict:
    """All content, checked once and cached (treat it as read-only)."""
    if not _CACHE:
        c = {"board": _read("board.json"), "cards": _read("cards.json")["cards"],
             "items": _read("items.json")["items"], "followers": _read("followers.json")["followers"]}
        b = _read("builds.json")
        c["builds"], c["max_knights"], c["max_boats"] = b["builds"], b["max_knights"], b["max_boats"]
        errs = check(c)
        if errs:
            raise ContentError("; ".join(errs))
        c["card_by_id"] = {card["id"]: card for card in c["cards"]}
        _CACHE.update(c)
    return _CACHE
