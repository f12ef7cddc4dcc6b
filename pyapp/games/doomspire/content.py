"""Lords of Doomspire content: board layout, adventure cards, items, followers, builds.

All of it lives in ``data/*.json`` (original Boardshelf content) and is checked
by :func:`check` when first loaded, so a typo in a data file fails loudly.

>>> c = load()
>>> len(c["cards"]) >= 40, len(c["board"]["rows"])
(True, 8)
"""
from __future__ import annotations

from ...engine.content import Checker, ContentError, is_int, read_json

RESOURCES = ("gold", "food", "wood", "ore")
THEMES = ("beast", "cave", "grove")
CARD_TYPES = ("monster", "event", "treasure", "encounter")
TILE_TYPES = ("home", "resource", "adventure", "oasis", "empty", "trader", "mercenary", "temple", "den", "doomspire")
EFFECT_KEYS = {"might", "vs", "duel", "steps", "carry", "flee", "oneshot", "ring", "heal"}
CARD_EFFECTS = {"gain", "fame", "might", "lose", "home", "scatter", "item"}

__all__ = ["ContentError", "check", "load"]

_CACHE: dict = {}


def _res(chk: Checker, d, where: str) -> None:
    if not isinstance(d, dict) or any(k not in RESOURCES or not is_int(v, 0) for k, v in d.items()):
        chk.fail(where, f"bad resource dict {d!r}")


def _check_board(chk: Checker, b: dict) -> None:
    kinds = b["kinds"]
    for code, k in kinds.items():
        where = f"kind {code}"
        chk.one_of(k.get("type"), TILE_TYPES, where, "type")
        if k.get("type") in ("home", "resource"):
            _res(chk, k.get("yield"), where)
            chk.check(bool(k.get("yield")), where, "no yield")
        if k.get("type") in ("adventure", "oasis"):
            chk.check(k.get("tier") in (1, 2, 3) and is_int(k.get("tokens"), 1), where,
                      "adventure tiles need tier 1-3 and tokens >= 1")
        if k.get("tier") == 2 and k.get("type") == "resource" and sum(k["yield"].values()) < 2:
            chk.fail(where, "tier-2 resource tiles must be starred (LD-RES-7)")
    rows = [r.split() for r in b["rows"]]
    square = len(rows) == 8 and all(len(r) == 8 for r in rows)
    chk.check(square, "board", "rows must be 8 x 8")
    flat = [x for r in rows for x in r]
    for x in flat:
        chk.check(x in kinds or x in ("HL", "MT"), "board", f"unknown code {x}")
    if square:
        for i in range(8):
            for j in range(8):
                want = {0: None, 1: None, 2: "HL", 3: "MT"}[min(i, j, 7 - i, 7 - j)]
                if (want is None and rows[i][j] in ("HL", "MT")) or (want and rows[i][j] != want):
                    chk.fail("board", f"cell {i},{j} must be {want or 'a plains tile'}")
        for (i, j) in ((0, 0), (0, 7), (7, 7), (7, 0)):
            chk.check(rows[i][j] == "HM", "board", "the four corners must be home tiles")
    chk.check(len(b["hills"]) == flat.count("HL") and len(b["mountains"]) == flat.count("MT"), "board",
              "hidden pools must match the hidden slots")
    chk.check(b["mountains"].count("DS") == 1, "board", "exactly one Doomspire among the mountains")
    for x in b["hills"] + b["mountains"]:
        chk.check(x in kinds, "board", f"unknown hidden code {x}")
    for key in ("bear", "wolf"):
        chk.check(all(is_int(b[key].get(k)) for k in ("might", "fame")), "board", f"{key} needs might and fame")


def _check_cards(chk: Checker, c: dict) -> None:
    items, fols = c["items"], c["followers"]
    for key, it in items.items():
        where = f"item {key}"
        chk.check(is_int(it.get("price")) and is_int(it.get("stock")) and bool(it.get("name")), where,
                  "needs name, price, stock")
        chk.check(bool(it.get("effects")) and not set(it.get("effects", {})) - EFFECT_KEYS, where, "bad effects")
        chk.check(it.get("effects", {}).get("vs") in (None,) + THEMES, where, "bad vs theme")
    for key, f in fols.items():
        chk.check(bool(f.get("effects")) and not set(f.get("effects", {})) - EFFECT_KEYS and bool(f.get("name")),
                  f"follower {key}", "bad effects")
    chk.unique([card.get("id") for card in c["cards"]], "cards", "card id")
    for card in c["cards"]:
        where = f"card {card.get('id')}"
        chk.check(card.get("tier") in (1, 2, 3) and card.get("theme") in THEMES and card.get("type") in CARD_TYPES,
                  where, "bad tier/theme/type")
        if card.get("type") == "monster":
            chk.check(is_int(card.get("might")) and is_int(card.get("fame")), where, "monster needs might and fame")
            _res(chk, card.get("loot"), where)
        elif card.get("type") == "encounter":
            chk.check(card.get("follower") in fols, where, "unknown follower")
        else:
            for eff in card.get("effects", []):
                if len(eff) != 1 or set(eff) - CARD_EFFECTS:
                    chk.fail(where, f"bad effect {eff!r}")
                elif "gain" in eff:
                    _res(chk, eff["gain"], where)
                elif "item" in eff:
                    chk.check(eff["item"] in items, where, "unknown item")
            chk.check(bool(card.get("effects")), where, "no effects")
    for t in (1, 2, 3):
        chk.check(any(card.get("tier") == t for card in c["cards"]), "cards", f"no cards of tier {t}")
    for key, bd in c["builds"].items():
        _res(chk, bd.get("cost"), f"build {key}")


def check(c: dict) -> list[str]:
    """Schema errors of loaded content (empty list when everything is fine)."""
    chk = Checker("doomspire content")
    _check_board(chk, c["board"])
    _check_cards(chk, c)
    return chk.errors


def load() -> dict:
    """All content, checked once and cached (treat it as read-only); :class:`ContentError` lists every problem."""
    if not _CACHE:
        c = {"board": read_json(__package__, "board.json"), "cards": read_json(__package__, "cards.json")["cards"],
             "items": read_json(__package__, "items.json")["items"],
             "followers": read_json(__package__, "followers.json")["followers"]}
        b = read_json(__package__, "builds.json")
        c["builds"], c["max_knights"], c["max_boats"] = b["builds"], b["max_knights"], b["max_boats"]
        c["max_flags"] = b["max_flags"]
        errs = check(c)
        if errs:
            raise ContentError("doomspire content: " + "; ".join(errs))
        c["card_by_id"] = {card["id"]: card for card in c["cards"]}
        _CACHE.update(c)
    return _CACHE
