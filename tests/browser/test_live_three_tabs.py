"""Three tabs live (issue 36): a host and two friends (three contexts in one Chromium, paired over loopback with
no STUN server through the app's own invitation links, reply codes and reply fields) play a Doomspire game to its
end, each seat clicking on its own page.

Most of the game is played in CPython (tests/near_end.py's approach: the host's page resumes that save); the pages
play the last moves, chosen by a bot on a CPython copy of the host's save (the test knows the whole game; the
friends' pages do not).  Each friend's page is checked to hold only its own seat's table: it never receives the
seed while the game is played, and offers no action off its turn.
"""
from __future__ import annotations

import time

import pytest

from harness import action_ids, wait_ready
from live_tabs import Follow, host_save, live_pages, near_end, open_invitation, pair, play_to_end
from near_end import hand_to_page
from pyapp import bots as botlib

QUERY = {"game": "doomspire", "seats": "human,remote,remote", "seed": "7"}
LAST = 12                              # moves the pages play (the whole game is about 550 with these bots)
RECORD_JS = """() => { window.got = []; const l = [...boardshelfLive.links][0];
                       const on = l.onmessage; l.onmessage = (t) => { got.push(t); on(t); }; }"""


def prefix() -> tuple[dict, list]:
    """The host's storage LAST moves before the end of a game between goal bots, and the game's moves."""
    return near_end(QUERY, "goal", LAST)


@pytest.fixture
def three(browser, site):
    for made in live_pages(browser, 3):
        yield site, made


def test_a_host_and_two_friends_play_doomspire_live_to_the_end(three):
    site, (host, ann, bo) = three
    t0 = time.monotonic()
    entries, moves = prefix()
    hand_to_page(host, entries)
    host.goto(site.url("index.html?" + "&".join(f"{k}={v}" for k, v in QUERY.items())))
    wait_ready(host)
    open_invitation(host, ann, 1)
    open_invitation(host, bo, 2)                       # both friends' pages boot at once
    pair(host, ann, 1, opened=True)
    pair(host, bo, 2, opened=True)
    for page in (ann, bo):
        page.evaluate(RECORD_JS)
    print(f"three tabs paired in {time.monotonic() - t0:.1f} s")
    pages = {0: host, 1: ann, 2: bo}
    pick = Follow(moves, botlib.make("doomspire", "goal", 3))
    n = play_to_end(host, pages, pick, 3 * LAST)
    print(f"{n} moves played live, {time.monotonic() - t0:.1f} s in all")
    host.wait_for_selector(".game-over, .outcome", timeout=60_000)
    for seat, page in ((1, ann), (2, bo)):
        page.wait_for_selector(".live-friend .turn-banner.outcome", timeout=60_000)
        assert action_ids(page) == []
        got = page.evaluate("() => got.map(t => JSON.parse(t)).filter(m => m.type === 'table')")
        assert got and all(m["seat"] == seat for m in got)
        assert all("seed" not in m for m in got if not m["over"])     # the seed only once the game is over
        assert all(not m["actions"] for m in got if seat not in m["to_act"])
    assert host_save(host)["seats"] == ["human", "remote", "remote"]
