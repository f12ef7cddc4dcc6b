"""Cloudspire, the second audit (issue 34, items 3-7): the complete tie, hidden equipment, the hard bot's
redeal, the faction clauses against the data and the rules page's list of balance changes."""
from __future__ import annotations

import re

import pytest

from cloudspire_helpers import (act, clear_landmarks, default_choice, give, ids, lane, new, owned, skip_to, stack,
                                start_turn, unit)
from pyapp import bots
from pyapp.engine.log import plain
from pyapp.engine.rng import Rng
from pyapp.games.cloudspire import GAME
from pyapp.games.cloudspire.content import FACTIONS, SPIRES, UNITS

rule = pytest.mark.rule


def passive_game(players: int):
    """Everybody passes, marks the first gate offered and sends nobody: after wave 4 every fortress has dealt
    0 damage, every gate has its 15 health and every treasury is at the cap of 20 Source."""
    s = new(players)
    while not s.is_over:
        seat = s.to_act[0]
        s.apply(seat, default_choice(s, seat))
    return s


@rule("CS-GAP-68")
@pytest.mark.parametrize("players", [2, 3])
def test_a_complete_tie_after_wave_4_is_a_win_shared_by_everybody(players):
    s = passive_game(players)
    d = s.data
    assert set(d["gate_damage"]) == {0} and {g["health"] for g in d["gate"]} == {15} and len(set(d["source"])) == 1
    out = s.outcome()
    assert out.kind == "shared" and out.winners == tuple(range(players))
    again = GAME.from_json(s.to_json())                   # a saved game keeps the result
    assert again.outcome().kind == "shared" and again.outcome().winners == tuple(range(players))


@rule("CS-GAP-68")
def test_the_tie_breaks_still_decide_before_the_win_is_shared():
    s = passive_game(3)
    s.data["flow"]["outcome"] = None
    s.data["source"][1] = 19                                 # P2 has less Source: P1 and P3 share the win
    s.final_outcome()
    out = s.outcome()
    assert out.kind == "shared" and out.winners == (0, 2) and out.ranking[-1] == (1,)
    s.data["flow"]["outcome"] = None
    s.data["gate"][2]["health"] = 14                         # P3 also has less gate health: P1 wins alone
    s.final_outcome()
    assert s.outcome().kind == "win" and s.outcome().winners == (0,)


# ---- item 4: which hero carries a piece of equipment is hidden ---------------------------------------------------
STACKING = [(0, "put:lantern_heir"), (0, "put:archivist"), (0, "put:page"), (0, "done"), (1, "put:delver"),
            (1, "done")]


def before_equipping():
    """Wave 2, the stack phase: P1 has selected both its heroes and a Page and owns the Longhook; P2 a Delver."""
    s = new()
    skip_to(s, "mark", wave=2)
    owned(s, 0, "longhook")
    skip_to(s, "select", wave=2)
    for a in ("sel:lantern_heir", "sel:archivist", "sel:page", "done"):
        act(s, a, 0)
    for a in ("sel:delver", "done"):
        act(s, a, 1)
    return s


def equipped(hero: str):
    """P1 puts the Longhook under ``hero`` and stacks the Lantern Heir on top, Archivist Vell below it, the Page
    at the bottom; P2 stacks its Delver."""
    s = before_equipping()
    act(s, f"equip:longhook:{hero}", 0)
    for seat, a in STACKING:
        act(s, a, seat)
    return s


def seen_by_others(s) -> list:
    """Everything seats other than P1 get: their views, the public view, the public log and their actions."""
    return [s.view(1), s.view(None), [plain(e) for e in s.log],
            [(a.id, a.label) for a in s.legal_actions(1)], [(a.id, a.label) for a in s.free_actions(1)]]


@rule("CS-MKT-12", "CS-STK-10", "CS-UI-15")
def test_which_hero_carries_equipment_is_hidden_until_that_hero_leaves_the_stack():
    a, b = before_equipping(), before_equipping()
    act(a, "equip:longhook:lantern_heir", 0)
    act(b, "equip:longhook:archivist", 0)
    moves = list(STACKING)
    assert a.view(0)["heroes"][0]["lantern_heir"]["equip"] == ["longhook"]          # the owner sees it
    assert b.view(0)["heroes"][0]["archivist"]["equip"] == ["longhook"]
    steps = 0
    while not any("carries" in plain(e) for e in a.log + b.log):
        assert seen_by_others(a) == seen_by_others(b), f"step {steps}"
        seat, choice = moves.pop(0) if moves else (a.to_act[0], default_choice(a, a.to_act[0]))
        act(a, choice, seat)
        act(b, choice, seat)
        steps += 1
    assert steps > 5
    # the Lantern Heir, on top, leaves the stack first: its Longhook comes into the open with it
    assert "P1's The Lantern Heir carries Longhook" in [plain(e) for e in a.log]
    assert a.view(1)["heroes"][0]["lantern_heir"]["equip"] == ["longhook"]
    assert b.view(1)["heroes"][0]["archivist"]["equip"] == [] and b.view(0)["heroes"][0]["archivist"]["equip"] == ["longhook"]


# ---- item 5: the hard bot's redeal ------------------------------------------------------------------------------
def rival_stack(deep: bool):
    """P1's Lantern Heir beside P2's gate and a Delver of P2, at its attack; P2's stack shows The Deep Warden on top
    over five entries of one chip each, and holds its Undertow Seer second (``deep``: at the bottom)."""
    s = new()
    clear_landmarks(s)
    for seat in (0, 1):
        give(s, seat, 0)
    road = lane(s, 0, 1)
    unit(s, 0, road[-1], hero="lantern_heir")
    foe = [x for x in sorted(s.map.grid.adjacent(road[-1])) if s.terrain(x) == "path" and not s.solid(x)
           and s.unit_at(x) is None]
    unit(s, 1, foe[0], chips=["delver"])
    minions = [["delver"], ["shackler"], ["tunneler"], ["gloom_knight"]]
    stack(s, 1, ["deep_warden"] + minions + ["undertow_seer"] if deep else ["deep_warden", "undertow_seer"] + minions)
    stack(s, 0, [["page"], ["squire"]])
    start_turn(s, 0)
    act(s, "minions", 0)
    while not any(i.startswith("atk:") for i in ids(s, 0)):
        act(s, default_choice(s, 0), 0)
    return s


@rule("CS-STK-10", "CS-UI-15")
def test_the_hard_bot_decides_the_same_whatever_the_depth_of_a_rival_hero():
    a, b = rival_stack(False), rival_stack(True)
    assert a.view(0) == b.view(0) and a.data["stacks"][1] != b.data["stacks"][1]
    for seed in (1, 2):
        x, y = bots.make("cloudspire", "hard", seed), bots.make("cloudspire", "hard", seed)
        assert x.choose(a, 0) == y.choose(b, 0)
        assert x.last_rollouts == y.last_rollouts > 0 and x._totals == y._totals      # every rollout scored alike


@rule("CS-STK-10", "CS-STK-9", "CS-STK-4")
def test_the_redeal_moves_heroes_and_depends_only_on_what_the_seat_sees():
    a, b = rival_stack(False), rival_stack(True)
    depths = set()
    for k in range(16):
        x, y = a.resample_hidden(0, Rng(k)), b.resample_hidden(0, Rng(k))
        assert x.to_json() == y.to_json()                   # nothing of the true order survives
        assert x.view(0) == a.view(0)
        st = x.data["stacks"][1]
        assert st[0] == {"hero": "deep_warden"} and [len(e.get("chips", "h")) for e in st] == [1] * 6
        heroes = [i for i, e in enumerate(st) if "hero" in e]
        assert heroes in ([0, 1], [0, 5])                    # heroes above or below every minion (CS-STK-9)
        depths.add(heroes[1])
    assert depths == {1, 5}


@rule("CS-STK-10", "CS-STK-4")
def test_the_redeal_deals_group_chips_behind_a_visible_top_and_keeps_the_movement_order():
    s = new()
    clear_landmarks(s)
    stack(s, 1, [["delver", "shackler", "tunneler"], ["gloom_knight", "delver"], "deep_warden"])
    stack(s, 0, [["page"]])
    start_turn(s, 0)
    groups = set()
    for k in range(16):
        t = s.resample_hidden(0, Rng(k))
        assert t.view(0) == s.view(0)
        st = t.data["stacks"][1]
        assert st[0]["chips"][0] == "delver" and [len(e.get("chips", "h")) for e in st] == [3, 2, 1]
        assert sorted(c for e in st for c in e.get("chips", ())) == sorted(["delver", "shackler", "tunneler",
                                                                            "gloom_knight", "delver"])
        for e in st:
            moves = [UNITS[c]["move"] for c in e.get("chips", ())]
            assert moves == sorted(moves)                    # slowest on top (CS-STK-4)
        groups.add(tuple(st[0]["chips"]))
    assert len(groups) > 1


@rule("CS-STK-10", "CS-GAP-41")
def test_while_stacks_are_built_the_redeal_deals_which_selected_units_are_placed():
    a, b = before_equipping(), before_equipping()
    act(a, "put:lantern_heir", 0)
    act(b, "put:page", 0)                                    # one entry of one chip either way: only its size shows
    assert a.view(1) == b.view(1) and a.data["stacks"][0] != b.data["stacks"][0]
    placed = set()
    for k in range(12):
        x, y = a.resample_hidden(1, Rng(k)), b.resample_hidden(1, Rng(k))
        assert x.data == y.data and x.view(1) == a.view(1)
        placed.add(str(x.data["stacks"][0]))
    assert len(placed) == 3                                  # either hero or the Page


@rule("CS-MKT-12", "CS-STK-10")
def test_the_redeal_moves_hidden_equipment_and_keeps_shown_equipment():
    a, b = equipped("lantern_heir"), equipped("archivist")
    carriers = set()
    for k in range(12):
        x, y = a.resample_hidden(1, Rng(k)), b.resample_hidden(1, Rng(k))
        assert x.data == y.data and x.view(1) == a.view(1)     # the histories differ: the ids are the owner's
        carriers |= {h for h, v in x.data["heroes"][0].items() if v["equip"]}
    assert carriers == {"lantern_heir", "archivist"}
    while not any("carries" in plain(e) for e in a.log):
        seat = a.to_act[0]
        act(a, default_choice(a, seat), seat)
    for k in range(6):                                       # once shown, it stays where it is
        assert a.resample_hidden(1, Rng(k)).data["heroes"][0]["lantern_heir"]["equip"] == ["longhook"]


# ---- item 7: the rules page lists every number changed for balance ------------------------------------------------
def balance_items() -> list:
    page = GAME.rules_html()
    start = page.index('<h3 id="cs-balance">')
    section = page[start:page.index("</ul>", start)]
    return [" ".join(li.split()) for li in re.findall(r"<li>(.*?)</li>", section, re.S)]


@rule("CS-GAP-77", "CS-GAP-73", "CS-GAP-54")
def test_the_rules_page_lists_every_number_the_data_changed_for_balance():
    """The data marks each changed number with the one before (``tuned``); the page's list says each, under its
    faction, and nothing else as a change."""
    items = balance_items()
    tuned = [(u, k, was) for u in UNITS.values() if not u["merc"] for k, was in u.get("tuned", {}).items()]
    assert len(tuned) == 18
    for u, k, was in tuned:
        line = f"{u['name']} {k} {u[k]} (was {was})"
        holding = [li for li in items if line in li]
        assert len(holding) == 1, line
        assert holding[0].startswith(f"<b>{FACTIONS[u['faction']]['name']}</b>")
    assert sum(li.count("(was ") for li in items) == len(tuned)
    # Keel's two changed minions are the ones without the faction's extra health point (CS-GAP-77)
    assert sorted(u["id"] for u, _k, _w in tuned if u["faction"] == "keel") == ["gloom_knight", "shackler"]
    assert all(was == u["health"] + 1 for u, k, was in tuned if u["faction"] == "keel")
    gates = {fid: f["gate"] for fid, f in FACTIONS.items()}
    assert gates.pop("griege") == 12 and set(gates.values()) == {15}
    assert any(li.startswith("<b>Gates</b> have 15 health, not 10 (Griege 12, not 8)") for li in items)


# ---- item 6: the Heirs' and the Brawnen's faction rules (CS-GAP-75, CS-GAP-72) as the data has them ---------------
PLAIN = FACTIONS["horizons_wrath"]       # a faction on the template whose units and spires no balance change touched


def counterpart(m: dict) -> dict:
    """The plain faction's minion of the same cost, the nearest in movement."""
    same = [x for x in PLAIN["minions"] if x["cp"] == m["cp"]]
    return min(same, key=lambda x: (abs(x["move"] - m["move"]), x["id"]))


def ladder(fid: str) -> list:
    return sorted(x["cost"] for x in FACTIONS[fid]["spires"])


def advancements(fid: str) -> set:
    return {tuple(a["cost"] for a in st["advancements"]) for st in FACTIONS[fid]["structures"]}


def test_the_plain_faction_is_the_template():
    assert not any("tuned" in u for u in PLAIN["heroes"] + PLAIN["minions"])
    assert sorted((m["cp"], m["attack"], m["health"]) for m in PLAIN["minions"]) == [(1, 1, 2), (2, 1, 2), (2, 2, 3),
                                                                                     (3, 2, 4)]
    assert ladder("horizons_wrath") == [2, 3, 4, 5] and advancements("horizons_wrath") == {(3, 5, 7)}


@rule("CS-GAP-75", "CS-FAC-5")
def test_heirs_minions_have_one_health_less_and_their_building_costs_one_source_less():
    for m in FACTIONS["heirs"]["minions"]:
        assert m["health"] == max(1, counterpart(m)["health"] - 1), m["id"]
    assert [m["health"] for m in FACTIONS["heirs"]["minions"]] == [1, 2, 1, 3]     # Page, Squire, Outrider, Warden
    assert advancements("heirs") == {(2, 4, 6)} and len(FACTIONS["heirs"]["structures"]) == 4
    costs = ladder("heirs")                                 # the template's ladder 1 less, and one more spire type
    assert len(costs) == 5
    for c in [max(1, c - 1) for c in ladder("horizons_wrath")]:
        costs.remove(c)


@rule("CS-GAP-72", "CS-FAC-2")
def test_brawnen_building_costs_one_source_more_and_forsaken_giants_are_double_at_double_cost():
    assert ladder("brawnen") == [c + 1 for c in ladder("horizons_wrath")] == [3, 4, 5, 6]
    plain = {tuple(x["start"]): x["cost"] for x in PLAIN["spires"]}
    assert SPIRES["bellows_spire"]["cost"] == plain[("range", "attack")] + 1 == 5
    assert advancements("brawnen") == {(4, 6, 8)}
    forsaken = [m for m in FACTIONS["brawnen"]["minions"] if "forsaken" in m["talents"]]
    assert [m["id"] for m in forsaken] == ["forsaken_brute", "forsaken_colossus"]
    for m in forsaken:
        base = next(x for x in PLAIN["minions"] if x["cp"] * 2 == m["cp"] and x["move"] == 2)
        assert (m["attack"], m["health"]) == (2 * base["attack"], 2 * base["health"]), m["id"]
    assert (UNITS["forsaken_colossus"]["attack"], UNITS["forsaken_colossus"]["health"]) == (4, 8)


def test_the_rules_page_gives_the_heirs_and_brawnen_numbers():
    page = " ".join(GAME.rules_html().split())
    assert ("<b>Heirs</b>: spires and advancements cost 1 Source less (at least 1), one extra spire type and fortress "
            "structure, and their minions have 1 health less (at least 1)") in page
    assert ("<b>Brawnen</b>: spires and advancements cost 1 Source more; two forsaken minion types have double the "
            "attack and health of an ordinary minion at double its cost") in page
    for uid in ("forsaken_brute", "forsaken_colossus"):
        u = UNITS[uid]
        assert f"{u['name']} {u['cp']} CP, attack {u['attack']}, health {u['health']}" in page
