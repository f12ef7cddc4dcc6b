"""Live play in the app (issue 36, docs/live-play.md): two tabs in one Chromium, the host's and a friend's, paired
through the app's own invitation link (``[data-invite]``), reply code (``[data-reply]``) and reply field
(``input[name=reply]`` + Enter) over loopback with no STUN server, play Hex Battle to its end; a hostile page
joined by the invitation has its messages refused with the reason, and the host's game does not move.

The first part of the game is played in CPython (tests/near_end.py's approach: the host's page resumes that save);
the pages play the last moves, each side clicking on its own tab, the moves chosen by a greedy bot on a CPython
copy of the game (the test knows the whole game; the friend's page does not).
"""
from __future__ import annotations

import json

import pytest

from harness import action_ids, click_action, new_page, wait_ready
from near_end import hand_to_page
from pyapp import bots as botlib
from pyapp.ui import App, DictStorage

QUERY = {"game": "hexbattle", "seats": "human,remote", "seed": "7"}
LAST = 16                              # moves the pages play (the whole game is 178 with these bots)


def prefix() -> tuple[dict, list]:
    """The host's storage after all but the last LAST moves, and the whole game's moves."""
    state = App(DictStorage(), dict(QUERY), random_seed=lambda: 1).state    # the game the page's link starts
    pick = botlib.make("hexbattle", "greedy", 3)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, pick.choose(state, seat))
    moves = [tuple(h[:2]) for h in state.history]
    storage = DictStorage()
    app = App(storage, dict(QUERY), random_seed=lambda: 1)
    for seat, aid in moves[:-LAST]:
        app.state.apply(seat, aid)
    app.store.autosave()
    return {k: v for k, v in storage.data.items() if k.startswith(("boardshelf:save:", "boardshelf:current"))}, moves


@pytest.fixture
def tabs(browser, site):
    made = [new_page(browser) for _ in range(2)]
    yield site, [page for _ctx, page, _guard in made]
    for ctx, _page, guard in made:
        ctx.close()
        guard.check()                   # nothing fetched from another host: no STUN server was asked


def open_host(site, page, entries: dict) -> str:
    hand_to_page(page, entries)
    page.goto(site.url("index.html?" + "&".join(f"{k}={v}" for k, v in QUERY.items())))
    wait_ready(page)
    page.wait_for_selector("[data-invite]", timeout=30_000)
    return page.get_attribute("[data-invite]", "href")


def test_two_tabs_play_hex_battle_live_to_the_end(tabs):
    site, (host, friend) = tabs
    entries, moves = prefix()
    invite = open_host(site, host, entries)
    assert "#/join/" in invite and "?" not in invite.split("#")[0]     # the code travels in the fragment only
    friend.goto(invite)
    wait_ready(friend)
    reply = friend.locator("[data-reply]").inner_text(timeout=30_000).strip()
    assert len(reply) > 100
    host.fill("input[name=reply]", reply)
    host.press("input[name=reply]", "Enter")
    try:
        host.wait_for_selector(".live-open", timeout=30_000)
    except Exception:
        print("HOST PANEL:", host.locator(".live-panel").inner_text(), host.boardshelf.console_errors,
              host.boardshelf.page_errors, friend.locator("#app").inner_text()[:500])
        raise
    try:
        friend.wait_for_selector(".live-friend svg", timeout=60_000)
    except Exception:
        print("FRIEND:", friend.locator("#app").inner_text()[:600], friend.boardshelf.page_errors,
              friend.boardshelf.console_errors)
        raise
    sent = friend.evaluate("() => location.href")
    pages = {0: host, 1: friend}
    for seat, aid in moves[-LAST:]:
        page = pages[seat]
        page.wait_for_function("(a) => [...document.querySelectorAll('#app [data-action]')]"
                               ".some(e => e.dataset.action === a && !e.disabled)", arg=aid, timeout=60_000)
        click_action(page, aid)
    host.wait_for_selector(".game-over, .outcome", timeout=60_000)
    friend.wait_for_selector(".live-friend .turn-banner.outcome", timeout=60_000)
    assert sent.split("#")[0] == invite.split("#")[0]
    assert action_ids(friend) == []


def test_a_hostile_page_is_refused_with_the_reason_and_the_game_does_not_move(tabs):
    site, (host, rogue) = tabs
    entries, _moves = prefix()
    invite = open_host(site, host, entries)
    rogue.goto(site.url("web/icon.svg"))
    rogue.evaluate("async () => { await import('/web/live.js'); }")
    reply = rogue.evaluate("""async (c) => { window.j = await boardshelfLive.join(c); window.got = [];
                                             j.link.onmessage = (t) => got.push(JSON.parse(t)); return j.code; }""",
                           invite)
    host.fill("input[name=reply]", reply)
    host.press("input[name=reply]", "Enter")
    rogue.wait_for_function("() => got.some(m => m.type === 'table')", timeout=30_000)
    first = rogue.evaluate("() => got.find(m => m.type === 'table')")
    assert "seed" not in first and first["seat"] == 1
    before = host.evaluate("() => localStorage.getItem('boardshelf:save:' + localStorage.getItem('boardshelf:current'))")
    for bad in ('{"v":1,"type":"act","id":"no-such-move","n":1}', "not json", "x" * 5000,
                '{"v":1,"type":"act","id":"draw","n":1,"seat":0}'):
        rogue.evaluate("(t) => j.link.send(t)", bad)
    rogue.wait_for_function("() => got.filter(m => m.type === 'refused').length >= 4", timeout=30_000)
    reasons = [m["reason"] for m in rogue.evaluate("() => got.filter(m => m.type === 'refused')")]
    assert any("not possible now" in r or "not your turn" in r.lower() for r in reasons)
    assert any("too long" in r for r in reasons) and any("not readable" in r for r in reasons)
    assert any("fields it should not" in r for r in reasons)
    after = host.evaluate("() => localStorage.getItem('boardshelf:save:' + localStorage.getItem('boardshelf:current'))")
    assert json.loads(after)["actions"] == json.loads(before)["actions"]
