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
import time

import pytest

from harness import action_ids, click, click_action, wait_ready
from live_tabs import live_pages, near_end
from near_end import hand_to_page
from pyapp import bots as botlib

QUERY = {"game": "hexbattle", "seats": "human,remote", "seed": "7"}
LAST = 16                              # moves the pages play (the whole game is 178 with these bots)


def prefix() -> tuple[dict, list]:
    """The host's storage LAST moves before the end of a game between greedy bots, and the game's moves."""
    return near_end(QUERY, "greedy", LAST)


@pytest.fixture
def tabs(browser, site):
    for made in live_pages(browser, 2):
        yield site, made


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
    asked = False
    for seat, aid in moves[-LAST:]:
        page = pages[seat]
        page.wait_for_function("(a) => [...document.querySelectorAll('#app [data-action]')]"
                               ".some(e => e.dataset.action === a && !e.disabled)", arg=aid, timeout=60_000)
        if seat == 1 and not asked:              # a hint, computed by the host for the friend's seat
            asked = True
            click(friend, '[data-nav="live-hint"]')
            friend.wait_for_selector("#app [data-hint-line]", timeout=30_000)
            hinted = friend.get_attribute('#app [data-hint="1"]', "data-action")
            assert hinted in action_ids(friend)
            assert "The bot would play" in friend.locator("#app [data-hint-line]").inner_text()
            saved = json.loads(host.evaluate("() => localStorage.getItem('boardshelf:save:' + "
                                             "localStorage.getItem('boardshelf:current'))"))
            assert [(h["seat"], h["action"]) for h in saved["hints"]] == [(1, hinted)]
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


def paired_two_moves_in(tabs) -> tuple:
    """The host's page near the end of the game, the friend paired to seat 1, two moves played on the pages:
    (host, friend, pages by seat, the bot that picks the moves)."""
    from live_tabs import pair, play_move
    site, (host, friend) = tabs
    entries, _moves = prefix()
    open_host(site, host, entries)
    pages = {0: host, 1: friend}
    pair(host, friend, 1)
    pick = botlib.make("hexbattle", "greedy", 3)
    for _ in range(2):
        play_move(host, pages, pick)
    return host, friend, pages, pick


def test_a_lost_connection_shows_on_both_sides_a_bot_stands_in_and_a_new_invitation_finds_the_game(tabs):
    """Faults (issue 36): the cable is cut (the friend's page neither sends nor hears: no close event, only the
    heartbeat finds it); both pages say so in words; the host lets a bot play the friend's seat meanwhile, makes a
    new invitation, the friend opens it in the same tab, finds the game where it was and plays it to the end."""
    from live_tabs import host_save, pair, play_move, play_to_end
    host, friend, pages, pick = paired_two_moves_in(tabs)
    # cut: the heartbeat's bound shortened on both pages (the beat stays every 5 s), the friend's link muted
    host.evaluate("() => { boardshelfLive.timing.lost = 1000; }")
    t0 = time.monotonic()
    friend.evaluate("() => { boardshelfLive.timing.lost = 1000; boardshelfLive.links.forEach(l => { l.mute = true; }); }")
    friend.wait_for_selector("text=connection to the host was lost", timeout=20_000)
    host.wait_for_selector('[data-live-seat="1"].live-closed', timeout=20_000)
    lost_s = time.monotonic() - t0
    print(f"lost shown on both pages after {lost_s:.1f} s")
    assert lost_s < 12                                  # one beat (5 s) + the bound + a render on each side
    assert "new invitation" in friend.locator(".live-friend .live-state").inner_text()
    for page in (host, friend):
        page.evaluate("() => { boardshelfLive.timing.lost = 15000; }")
    # a bot plays the friend's seat meanwhile
    mine = sum(1 for s, _a in host_save(host)["actions"] if s == 1)
    host.click('#app [data-nav="live-bot:1"]')
    host.wait_for_selector("text=Meanwhile a bot plays", timeout=30_000)
    for _ in range(40):
        if sum(1 for s, _a in host_save(host)["actions"] if s == 1) > mine:
            break
        if host_save(host)["seats"][1] != "remote":
            raise AssertionError("the save must keep the friend's seat")
        if _host_to_act(host):
            play_move(host, {0: host}, pick)
        else:
            host.wait_for_timeout(500)                  # the bot thinks on the host's page
    assert sum(1 for s, _a in host_save(host)["actions"] if s == 1) > mine, "the bot did not play the friend's seat"
    # a new invitation, opened in the friend's same tab
    host.click('#app [data-nav="live-again:1"]')
    took = pair(host, friend, 1, fresh=False)
    print(f"re-paired in {took:.1f} s")
    assert "Meanwhile" not in host.locator(".live-panel").inner_text()
    n = play_to_end(host, pages, pick, 120)
    print(f"{n} moves after the re-pairing")
    host.wait_for_selector(".game-over, .outcome", timeout=60_000)
    friend.wait_for_selector(".live-friend .turn-banner.outcome", timeout=60_000)
    assert host_save(host)["seats"] == ["human", "remote"]


def _host_to_act(host) -> bool:
    from live_tabs import host_state
    state = host_state(host)
    return not state.is_over and 0 in state.to_act


def test_the_hosts_tab_reloads_mid_game_and_a_new_invitation_lets_the_friend_play_on(tabs):
    """The host's tab is reloaded mid-game (closed and opened again): the save marks the friend's seat remote, so the
    game comes back where it was with a new invitation in the host's panel; the friend's page says the host is gone,
    opens the new invitation in its same tab, finds the game where it was, and both play it to the end."""
    from live_tabs import host_save, pair, play_to_end
    host, friend, pages, pick = paired_two_moves_in(tabs)
    before = host_save(host)
    assert before["seats"] == ["human", "remote"]
    host.reload()
    wait_ready(host)
    friend.wait_for_selector("text=connection to the host was lost", timeout=30_000)
    host.wait_for_selector('[data-invite="1"]', timeout=60_000)       # the panel offers a new invitation
    after = host_save(host)
    assert after["actions"] == before["actions"] and after["seats"] == ["human", "remote"]
    took = pair(host, friend, 1, fresh=False)
    print(f"re-paired after the host's reload in {took:.1f} s")
    n = len(after["actions"])                         # the friend's clicks below need its table to be the host's now
    moves = play_to_end(host, pages, pick, 120)
    print(f"{moves} moves after the re-pairing")
    host.wait_for_selector(".game-over, .outcome", timeout=60_000)
    friend.wait_for_selector(".live-friend .turn-banner.outcome", timeout=60_000)
    final = host_save(host)
    assert final["seats"] == ["human", "remote"] and final["actions"][:n] == after["actions"]
    assert any(s == 1 for s, _a in final["actions"][n:]), "the friend played no move after the reload"
