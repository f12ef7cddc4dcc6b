"""The deployment stack builder: one step (``fill``) places every selected unit, then one step per change of
order or grouping (``raise``/``lower``/``flip``/``group``/``ungroup``), always within the stack rules; the old
one-by-one ``put``/``join`` steps stay for bots and saves.  Nothing of the arrangement reaches another seat."""
from __future__ import annotations

import pytest

from pyapp.engine.rng import Rng
from cloudspire_helpers import act, ids
from cloudspire_helpers import at_stack

rule = pytest.mark.rule


def entries(s, seat=0):
    return [e.get("hero") or e["chips"] for e in s.data["stacks"][seat]]


@rule("CS-STK-1", "CS-STK-2", "CS-UI-14")
def test_one_step_builds_the_whole_stack():
    s = at_stack({0: ["lantern_heir", "outrider", "page", "squire"], 1: ["delver"]})
    assert ids(s, 0)[0] == "fill"
    act(s, "fill", 0)
    assert entries(s) == ["lantern_heir", ["page"], ["squire"], ["outrider"]]   # hero on top, slowest first
    assert "done" in ids(s, 0) and not any(a.startswith("put:") for a in ids(s, 0))
    act(s, "done", 0)
    assert 0 not in s.to_act


@rule("CS-STK-9", "CS-GAP-39")
def test_fill_after_a_minion_puts_the_heroes_at_the_bottom():
    s = at_stack({0: ["lantern_heir", "page", "squire"], 1: ["delver"]})
    act(s, "put:squire", 0)
    act(s, "fill", 0)
    assert entries(s) == [["squire"], ["page"], "lantern_heir"]


@rule("CS-STK-2", "CS-STK-9", "CS-GAP-39")
def test_order_changes_keep_heroes_above_or_below_all_minions():
    s = at_stack({0: ["lantern_heir", "outrider", "page"], 1: ["delver"]})
    act(s, "fill", 0)                                            # heir, page, outrider
    got = ids(s, 0)
    assert "lower:1" in got and "raise:2" in got
    assert "lower:0" not in got                                  # the heir would sit between two minions
    act(s, "lower:1", 0)
    assert entries(s) == ["lantern_heir", ["outrider"], ["page"]]
    act(s, "flip:0", 0)
    assert entries(s) == [["outrider"], ["page"], "lantern_heir"]
    assert "raise:2" not in ids(s, 0) and "flip:2" in ids(s, 0)
    act(s, "flip:2", 0)
    assert entries(s) == ["lantern_heir", ["outrider"], ["page"]]


@rule("CS-STK-3", "CS-STK-4", "CS-STK-8")
def test_grouping_orders_a_group_slowest_on_top_and_splits_again():
    s = at_stack({0: ["lantern_heir", "outrider", "page"], 1: ["delver"]})
    act(s, "fill", 0)
    act(s, "lower:1", 0)                                         # heir, outrider (3), page (1)
    assert "group:1" not in ids(s, 0)                           # a hero is never grouped
    act(s, "group:2", 0)
    assert entries(s) == ["lantern_heir", ["page", "outrider"]]  # the slower page on top
    act(s, "ungroup:1", 0)
    assert entries(s) == ["lantern_heir", ["page"], ["outrider"]]


@rule("CS-STK-10", "CS-GAP-41", "CS-UI-15")
def test_the_arrangement_stays_secret():
    """Two builds with the same entry sizes, different order and chips: the other seat's view, its actions and
    the log are the same (and a resampled copy for it does not depend on the arrangement)."""
    def built(moves):
        s = at_stack({0: ["lantern_heir", "outrider", "page", "squire"], 1: ["delver"]})
        for m in moves:
            act(s, m, 0)
        return s
    a = built(["fill", "group:2"])                              # heir, page+squire, outrider
    b = built(["fill", "lower:1", "lower:2", "group:2"])         # heir, squire+outrider, page
    assert entries(a) != entries(b)
    assert [len(e) if isinstance(e, list) else 1 for e in entries(a)] == \
           [len(e) if isinstance(e, list) else 1 for e in entries(b)]
    assert a.view(1) == b.view(1) and a.view(None) == b.view(None)
    assert [x.id for x in a.legal_actions(1)] == [x.id for x in b.legal_actions(1)]
    assert a.view(1)["log"] == b.view(1)["log"]
    for k in range(4):
        assert a.resample_hidden(1, Rng(k)).data == b.resample_hidden(1, Rng(k)).data
    act(a, "done", 0)
    act(b, "done", 0)
    assert a.view(1) == b.view(1)


@rule("CS-STK-2")
def test_two_alike_entries_are_not_offered_a_swap():
    s = at_stack({0: ["page", "page", "squire"], 1: ["delver"]})
    act(s, "fill", 0)                                            # page, page, squire
    got = ids(s, 0)
    assert "lower:0" not in got and "raise:1" not in got and "lower:1" in got
