"""Cloudspire content: factions, market chips, earthscapes, events, landmarks, relics, talents and
maps, loaded from ``data/*.json`` and checked against a schema at import (one ``ContentError``).

The rules text gives no rosters, chips, cards or maps (CS-GAP-7, 13, 18, 25, 26, 33, 56, 58, 59, 60):
everything here is Boardshelf's own design, documented in docs/notes/cloudspire.md.  Source rewards
are derived, not stored (CS-GAP-27): a minion pays its CP cost (at least 1), a hero 3, a faction
spire half its Source cost rounded up, a merc half its market cost rounded up.
"""
from __future__ import annotations

from ...engine.content import Checker, is_int, read_json
from ...engine.hexgrid import HexGrid

PART1 = ("brawnen", "grovetenders", "heirs", "keel")
ALL_FACTIONS = ("brawnen", "griege", "grovetenders", "heirs", "horizons_wrath", "keel", "narora",
                "shada", "graft", "uprising")
TERRAIN = ("path", "forest", "mountain", "water")
UPGRADES = ("attack", "range", "fortification")
EFFECTS = ("income", "cp", "gate", "cap")
# faction traits (CS-GAP-72..81) and the shape of their values
TRAITS = {"subjugate": "int", "hoard": "dict", "regrowth": "int", "discount": "int", "salvage": "flag",
          "small_barracks": "flag", "variety": "int", "slip": "flag", "promote": "dict", "weak_spires": "int",
          "combine": "flag", "airship": "flag"}
EVENT_EFFECTS = ("spire_dice", "minion_move", "hero_move", "unit_attack", "income", "cp")
RELIC_EFFECTS = ("source", "heal", "repair")
TIMINGS = ("movement", "attack", "start_of_turn", "spires_fire")
CHIP_KINDS = {"equipment": "equipment", "spires": "spire", "minions": "minion", "heroes": "hero"}
CHIP_COUNTS = {"equipment": 5, "spires": 5, "minions": 6, "heroes": 4}     # CS-GAP-18


def half_up(n: int) -> int:
    return (n + 1) // 2


class Map:
    """One map: a hex grid of the land and the earthscape slots (every other hex is open sky and
    not on the grid), terrain and island group per land hex, the gates in seat order, Source wells,
    landmark hexes and earthscape slots (4 sky hexes each, land once an earthscape is placed)."""

    def __init__(self, d: dict) -> None:
        cells = list(d["hexes"]) + [h for s in d["slots"] for h in s]
        self.grid = HexGrid(d["cols"], d["rows"], cells=cells)
        self.terrain = {h: t for h, (t, _g) in d["hexes"].items()}
        self.group = {h: g for h, (_t, g) in d["hexes"].items()}
        self.gates = list(d["gates"])
        self.wells = list(d["wells"])
        self.landmarks = list(d["landmarks"])
        self.slots = [list(s) for s in d["slots"]]
        self.docks = [list(x) for x in d["docks"]]                 # per seat: an airship's 2 docking hexes


def gates_linked(m: "Map", gates: list) -> list:
    """The pairs of gates (hexes in ``gates``) with no path a minion may walk between them (CS-GAP-7)."""
    blocked = set(gates) | set(m.wells) | set(m.landmarks)
    bad = []
    for i, a in enumerate(gates):
        seen = {a}
        todo = [a]
        while todo:
            h = todo.pop()
            for x in m.grid.adjacent(h):
                if x not in seen and m.terrain.get(x) == "path" and x not in blocked:
                    seen.add(x)
                    todo.append(x)
        for b in gates[i + 1:]:
            if not any(x in seen for x in m.grid.adjacent(b)):
                bad.append((a, b))
    return bad


def _stat_unit(chk, u, at, cp_key, lo, hi) -> None:
    chk.text(u.get("id"), at, "id")
    chk.text(u.get("name"), at, "name")
    chk.int(u.get(cp_key), at, cp_key, lo, hi)
    chk.int(u.get("move"), at, "move", 1, 4)
    chk.int(u.get("attack"), at, "attack", 1, 8)
    chk.int(u.get("health"), at, "health", 1, 12)
    terr = u.get("terrain")
    chk.check(isinstance(terr, list) and "path" in terr and set(terr) <= set(TERRAIN), at,
              "terrain must list path and only " + ", ".join(TERRAIN))
    tal = u.get("talents")
    chk.check(isinstance(tal, list) and all(t in TALENTS for t in tal), at, "unknown talent")
    if "tuned" in u:                      # a number changed for balance: its value before (the rules page lists it)
        was = u["tuned"]
        chk.check(isinstance(was, dict) and bool(was) and
                  all(k in ("move", "attack", "health") and is_int(v, 1, 12) and v != u.get(k) for k, v in was.items()),
                  at, "tuned must map move/attack/health to the number before the change (another number)")


def _traits(chk, traits, at) -> None:
    """Each trait is known and its value has the trait's shape (CS-GAP-72..81)."""
    if not isinstance(traits, dict):
        chk.check(False, at, "traits must be a mapping")
        return
    for k, v in traits.items():
        shape = TRAITS.get(k)
        chk.check(shape is not None, at, f"unknown trait {k!r}")
        if shape == "int":
            chk.int(v, at, f"trait {k}", 1, 7)
        elif shape == "flag":
            chk.check(v is True, at, f"trait {k} must be true")
        elif shape == "dict":
            chk.check(isinstance(v, dict) and bool(v) and all(is_int(x, 1, 10) for x in v.values()), at,
                      f"trait {k} must map names to small numbers")
    if "hoard" in traits and isinstance(traits["hoard"], dict):
        chk.check("threshold" in traits["hoard"], at, "trait hoard needs a threshold")
    if "promote" in traits and isinstance(traits["promote"], dict):
        chk.check(set(traits["promote"]) <= {"attack", "health"}, at, "trait promote gives attack and health")


def roster(traits: dict) -> dict:
    """How many heroes, minion types and spire types a faction has (CS-GAP-25, adjusted by CS-GAP-78/81),
    and the spires' upgrade capacity range (CS-GAP-26, less for CS-GAP-73)."""
    small = bool(traits.get("small_barracks"))
    weak = traits.get("weak_spires", 0) if is_int(traits.get("weak_spires", 0)) else 0
    return {"heroes": 1 if small else 2, "minions": 2 if small else traits.get("variety", 4),
            "spires": (2, 2) if small else (4, 5), "capacity": (4 - weak, 6 - weak)}


def _spire(chk, s, at, cost_lo, cost_hi, count, capacity=(4, 6)) -> None:
    need = {"id", "name", "cost", "start", "capacity"} | ({"count"} if count else set())
    if not chk.fields(s, need, at):
        return
    chk.int(s["cost"], at, "cost", cost_lo, cost_hi)
    if count:
        chk.int(s["count"], at, "count", 2, 2)
    chk.check(isinstance(s["start"], list) and 1 <= len(s["start"]) <= 2 and
              all(k in UPGRADES for k in s["start"]), at, "start must be 1 or 2 upgrades")
    chk.int(s["capacity"], at, "capacity", *capacity)


def _effect_cards(file: str, what: str, count: int, clause: str, effects, top: int) -> list:
    """Load and check a deck of effect cards (events, relics): ``count`` records of id, name, effect (one of
    ``effects``), amount (1..``top``) and text, with unique ids."""
    chk = Checker(file)
    cards = read_json(__package__, file)
    chk.check(len(cards) == count, what + "s", f"needs {count} ({clause})")
    for c in cards:
        at = f"{what} {c.get('id')!r}"
        if chk.fields(c, {"id", "name", "effect", "amount", "text"}, at):
            chk.one_of(c["effect"], effects, at, "effect")
            chk.int(c["amount"], at, "amount", 1, top)
    chk.unique([c.get("id") for c in cards], what + "s", "id")
    chk.done()
    return cards


def _load() -> tuple:
    global TALENTS
    chk = Checker("talents.json")
    TALENTS = read_json(__package__, "talents.json")
    for k, t in TALENTS.items():
        if chk.fields(t, {"name", "timing", "text"}, f"talent {k!r}"):
            chk.one_of(t["timing"], TIMINGS, f"talent {k!r}", "timing")
    chk.done()

    units: dict = {}
    spires: dict = {}
    chk = Checker("factions.json")
    factions = read_json(__package__, "factions.json")
    chk.check(sorted(factions) == sorted(ALL_FACTIONS), "factions",
              "must be exactly the ten factions (CS-FAC-1): " + ", ".join(ALL_FACTIONS))
    for fid, f in factions.items():
        at = f"faction {fid!r}"
        if not chk.fields(f, {"name", "blurb", "style", "gate", "cap", "traits", "heroes", "minions", "spires",
                              "structures"}, at):
            continue
        chk.int(f["gate"], at, "gate", 5, 20)
        chk.int(f["cap"], at, "cap", 10, 30)
        _traits(chk, f["traits"], at)
        ros = roster(f["traits"] if isinstance(f["traits"], dict) else {})
        heroes = f["heroes"]
        chk.check(len(heroes) == ros["heroes"] and sum(1 for h in heroes if h.get("start")) == 1, at,
                  f"needs {ros['heroes']} heroes, one of them the starting hero")
        for h in heroes:
            hat = f"{at} hero {h.get('id')!r}"
            chk.fields(h, {"id", "name", "cp", "start", "move", "attack", "health", "terrain", "talents"}, hat, {"tuned"})
            _stat_unit(chk, h, hat, "cp", 0, 4)
            chk.check(h.get("cp") == (0 if h.get("start") else 4), hat,
                      "the starting hero costs 0 CP, the other 4 (CS-CMP-7, CS-GAP-37)")
            units[h.get("id")] = dict(h, kind="hero", faction=fid, merc=False, reward=3)
        chk.check(len(f["minions"]) == ros["minions"], at, f"needs {ros['minions']} minion types")
        for m in f["minions"]:
            mat = f"{at} minion {m.get('id')!r}"
            chk.fields(m, {"id", "name", "cp", "count", "move", "attack", "health", "terrain", "talents"}, mat, {"tuned"})
            _stat_unit(chk, m, mat, "cp", 1, 6)
            chk.int(m.get("count"), mat, "count", 3, 3)
            units[m.get("id")] = dict(m, kind="minion", faction=fid, merc=False, reward=max(1, m.get("cp", 1)))
            if "variety" in f["traits"]:
                chk.check(bool(m.get("talents")) and m.get("cp") in (1, 2, 3), mat,
                          "every minion of a wide variety costs 1-3 CP and has a specialty talent (CS-GAP-78)")
        lo, hi = ros["spires"]
        chk.check(lo <= len(f["spires"]) <= hi, at, f"needs {lo} to {hi} spire types")
        for s in f["spires"]:
            _spire(chk, s, f"{at} spire {s.get('id')!r}", 1, 6, True, ros["capacity"])
            spires[s.get("id")] = dict(s, faction=fid, merc=False, reward=half_up(s.get("cost", 0)))
        chk.check(len(f["structures"]) >= 3, at, "needs at least 3 fortress structures")
        for st in f["structures"]:
            sat = f"{at} structure {st.get('id')!r}"
            if not chk.fields(st, {"id", "name", "advancements"}, sat):
                continue
            chk.check(len(st["advancements"]) == 3, sat, "needs 3 advancements")
            last = 0
            for a in st["advancements"]:
                aat = f"{sat} advancement {a.get('id')!r}"
                if chk.fields(a, {"id", "name", "cost", "effect"}, aat):
                    chk.int(a["cost"], aat, "cost", 1, 9)
                    chk.check(a["cost"] > last, aat, "costs rise along a structure")
                    last = a["cost"] if is_int(a["cost"]) else last
                    chk.check(isinstance(a["effect"], dict) and bool(a["effect"]) and
                              all(k in EFFECTS and is_int(v, 1, 5) for k, v in a["effect"].items()),
                              aat, "effect must map " + "/".join(EFFECTS) + " to 1..5")
    # CS-GAP-75/72: faction cost levels
    def costs(fid) -> list:
        return [s["cost"] for s in factions[fid]["spires"]]
    if not chk.errors:
        chk.check(min(costs("heirs")) < min(costs("keel")) and min(costs("brawnen")) > min(costs("keel")),
                  "factions", "Heirs spires must be cheapest and Brawnen dearest")
    chk.done()

    chk = Checker("market.json")
    market = read_json(__package__, "market.json")
    chips: dict = {}
    chk.check(sorted(market) == sorted(CHIP_KINDS), "market", "needs " + ", ".join(CHIP_KINDS))
    for group, items in market.items():
        chk.check(len(items) == CHIP_COUNTS.get(group), f"market {group}", f"needs {CHIP_COUNTS.get(group)} chips")
        for c in items:
            at = f"{group} chip {c.get('id')!r}"
            kind = CHIP_KINDS.get(group)
            if kind == "equipment":
                chk.fields(c, {"id", "name", "cost", "talents"}, at)
                chk.check(all(t in TALENTS for t in c.get("talents", ())), at, "unknown talent")
            elif kind == "spire":
                _spire(chk, c, at, 2, 6, False)
                spires[c.get("id")] = dict(c, faction=None, merc=True, reward=half_up(c.get("cost", 0)))
            else:
                chk.fields(c, {"id", "name", "cost", "move", "attack", "health", "terrain", "talents"}, at)
                _stat_unit(chk, c, at, "cost", 2, 6)
                units[c.get("id")] = dict(c, kind=kind, faction=None, merc=True, cp=0,
                                          reward=half_up(c.get("cost", 0)))
            chk.int(c.get("cost"), at, "cost", 2, 6)
            chips[c.get("id")] = dict(c, kind=kind)
    every = [u for u in units if u not in chips] + [s for s in spires if s not in chips] + list(chips)
    chk.unique(every, "market and factions", "id")
    chk.done()

    chk = Checker("earthscapes.json")
    scapes = read_json(__package__, "earthscapes.json")
    chk.check(len(scapes) == 8, "earthscapes", "needs 8 (CS-GAP-13)")
    for e in scapes:
        at = f"earthscape {e.get('id')!r}"
        if chk.fields(e, {"id", "name", "terrain", "well"}, at):
            chk.check(len(e["terrain"]) == 4 and "path" in e["terrain"] and set(e["terrain"]) <= set(TERRAIN),
                      at, "terrain must be 4 hexes with at least one path")
            chk.int(e["well"], at, "well", 0, 3)
    chk.unique([e.get("id") for e in scapes], "earthscapes", "id")
    chk.done()

    events = _effect_cards("events.json", "event", 12, "CS-GAP-59", EVENT_EFFECTS, 3)

    chk = Checker("landmarks.json")
    lm = read_json(__package__, "landmarks.json")
    kinds = lm.get("kinds", {})
    chk.check(sorted(kinds) == ["cache", "guardian", "ruins", "shrine"], "landmarks", "needs the four kinds")
    chk.check(len(lm.get("tiles", ())) >= 8 and all(t in kinds for t in lm.get("tiles", ())), "landmarks",
              "needs at least 8 tiles of known kinds")
    chk.done()

    relics = _effect_cards("relics.json", "relic", 10, "CS-GAP-58", RELIC_EFFECTS, 5)

    chk = Checker("maps.json")
    raw = read_json(__package__, "maps.json")
    maps = {}
    for n in (2, 3, 4):
        at = f"map {n}"
        d = raw.get(str(n))
        if not chk.fields(d, {"cols", "rows", "hexes", "gates", "wells", "landmarks", "slots", "docks"}, at):
            continue
        m = Map(d)
        maps[n] = m
        chk.check(all(t in TERRAIN for t in m.terrain.values()), at, "unknown terrain")
        chk.check(len(m.gates) == n and all(m.group.get(g) == f"home{i + 1}" for i, g in enumerate(m.gates)),
                  at, "each gate must stand on its own home island")
        chk.check(len(m.wells) == 4 * n + 4 and all(w in m.terrain for w in m.wells), at, "needs 4 wells per player and 4 more")
        chk.check(len(m.landmarks) == 2 * n and all(x in m.terrain for x in m.landmarks), at, "needs 2 landmarks per player")
        blocked = set(m.gates) | set(m.wells) | set(m.landmarks)
        chk.check(not (set(m.wells) & set(m.landmarks)) and not (set(m.gates) & (set(m.wells) | set(m.landmarks))),
                  at, "gates, wells and landmarks need hexes of their own")
        for s in m.slots:
            chk.check(len(s) == 4 and all(h in m.grid and h not in m.terrain for h in s), at, f"slot {s} must be 4 sky hexes")
            chk.check(any(x in m.terrain for h in s for x in m.grid.adjacent(h)), at, f"slot {s} must touch land")
        chk.check(len(m.slots) == 2, at, "needs 2 earthscape slots")
        # every pair of gates linked over path hexes a minion may walk (CS-GAP-7)
        for a, b in gates_linked(m, m.gates):
            chk.check(False, at, f"no path from gate {a} to gate {b}")
        # an airship's docking hexes (CS-GAP-76): 2 per seat on its home island, free of wells and
        # landmarks, and the gates still linked with the airship there
        chk.check(len(m.docks) == n, at, "needs 2 docking hexes per seat")
        for i, pair in enumerate(m.docks):
            chk.check(len(pair) == 2 and all(m.group.get(h) == f"home{i + 1}" and h not in blocked for h in pair),
                      at, f"docks of seat {i + 1} must be 2 free hexes of its home island")
            for h in pair:
                moved = list(m.gates)
                moved[i] = h
                chk.check(not gates_linked(m, moved), at, f"an airship at {h} cuts the paths between gates")
    chk.done()
    return factions, units, spires, chips, scapes, events, lm, relics, maps


TALENTS: dict = {}
FACTIONS, UNITS, SPIRES, CHIPS, EARTHSCAPES, EVENTS, LANDMARKS, RELICS, MAPS = _load()
PLAYABLE = tuple(f for f in ALL_FACTIONS if f in FACTIONS)      # the factions with data, in name order
SCAPE = {e["id"]: e for e in EARTHSCAPES}
EVENT = {e["id"]: e for e in EVENTS}
RELIC = {r["id"]: r for r in RELICS}


def faction_name(fid: str) -> str:
    return FACTIONS[fid]["name"]


def the(name: str) -> str:
    """``name`` after a verb, with "the" unless the name carries its own ("leads the Heirs", "leads The Uprising")."""
    return name if name.startswith("The ") else "the " + name


def one(name: str) -> str:
    """``name`` as one of its kind, with "a" unless the name carries its own "The" ("Construct The Fence")."""
    return name if name.startswith("The ") else "a " + name
