"""Helpers of the live-play browser tests (tests/browser/test_live_*.py): pages paired through the app's own hooks
(``[data-invite]``'s ``href``, ``[data-reply]``'s text, ``input[name=reply]`` + Enter), and a game played to its end
by clicking on each seat's own page, the moves chosen by a bot on a CPython copy of the host's save."""
from __future__ import annotations

import json
import time

from harness import click_action, new_page, wait_ready
from pyapp import bots as botlib
from pyapp.engine import saves
from pyapp.ui import App, DictStorage

SAVE_JS = "() => localStorage.getItem('boardshelf:save:' + localStorage.getItem('boardshelf:current'))"
ENABLED_JS = ("(a) => [...document.querySelectorAll('#app [data-action]')]"
              ".some(e => e.dataset.action === a && !e.disabled)")


def near_end(query: dict, bot: str, last: int) -> tuple[dict, list]:
    """A whole game of ``query``'s (its game, seats and seed) between ``bot``s played in CPython: the host's storage
    after all but the ``last`` moves (to hand to the host's page, tests/near_end.py), and the whole game's moves."""
    state = App(DictStorage(), dict(query), random_seed=lambda: 1).state    # the game the page's link starts
    pick = botlib.make(query["game"], bot, 3)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, pick.choose(state, seat))
    moves = [tuple(h[:2]) for h in state.history]
    storage = DictStorage()
    app = App(storage, dict(query), random_seed=lambda: 1)
    for seat, aid in moves[:-last]:
        app.state.apply(seat, aid)
    app.store.autosave()
    return {k: v for k, v in storage.data.items() if k.startswith(("boardshelf:save:", "boardshelf:current"))}, moves


def live_pages(browser, n: int):
    """``n`` pages in their own contexts (a generator for a fixture: yields the pages, then closes them and checks that
    nothing was fetched from another host: no STUN server was asked)."""
    made = [new_page(browser) for _ in range(n)]
    yield [page for _ctx, page, _guard in made]
    for ctx, _page, guard in made:
        ctx.close()
        guard.check()


def host_save(host) -> dict:
    return json.loads(host.evaluate(SAVE_JS))


def host_state(host):
    """The host's game now, replayed in CPython from the host page's own save."""
    return saves.load_save(host_save(host))[0]


def open_invitation(host, friend, seat: int, timeout: int = 60_000) -> None:
    """``friend`` opens the invitation of ``seat`` shown on ``host`` (without waiting for its page to boot)."""
    host.wait_for_selector(f'[data-invite="{seat}"]', timeout=timeout)
    invite = host.get_attribute(f'[data-invite="{seat}"]', "href")
    assert "#/join/" in invite and "?" not in invite.split("#")[0]     # the code travels in the fragment only
    friend.goto(invite)


def pair(host, friend, seat: int, fresh: bool = True, opened: bool = False, timeout: int = 60_000) -> float:
    """``friend`` opens the invitation of ``seat`` shown on ``host`` (unless ``opened`` already) and sends its reply
    back; returns the seconds from then to the friend's table drawn."""
    t0 = time.monotonic()
    if not opened:
        open_invitation(host, friend, seat, timeout)
    if fresh:
        wait_ready(friend)
    reply = friend.locator("#app [data-reply]").inner_text(timeout=timeout).strip()
    assert len(reply) > 100
    host.fill(f'input[name=reply][data-live-reply="{seat}"]', reply)
    host.press(f'input[name=reply][data-live-reply="{seat}"]', "Enter")
    try:
        host.wait_for_selector(f'[data-live-seat="{seat}"].live-open', timeout=timeout)
        friend.wait_for_selector(".live-friend svg", timeout=timeout)
    except Exception:
        print("HOST PANEL:", host.locator(".live-panel").inner_text(), host.boardshelf.page_errors,
              "FRIEND:", friend.locator("#app").inner_text()[:600], friend.boardshelf.page_errors)
        raise
    return time.monotonic() - t0


def play_move(host, pages: dict, pick, timeout: int = 60_000) -> tuple[int, str] | None:
    """One move of the game on ``host``: the seat to act (its page in ``pages``) clicks ``pick``'s choice on a
    CPython copy; waits until the host's save has it.  None once the game is over."""
    state = host_state(host)
    if state.is_over:
        return None
    seat = state.to_act[0]
    aid = pick.choose(state, seat)
    page = pages[seat]
    n = len(state.history)
    page.wait_for_function(ENABLED_JS, arg=aid, timeout=timeout)
    click_action(page, aid)
    host.wait_for_function(f"() => JSON.parse(({SAVE_JS})()).actions.length > {n}", timeout=timeout)
    return seat, aid


def play_to_end(host, pages: dict, pick, limit: int) -> int:
    """Moves played until the host's game is over (at most ``limit``)."""
    for done in range(limit + 1):
        if play_move(host, pages, pick) is None:
            return done
    raise AssertionError(f"the game did not end in {limit} moves")


class Follow:
    """A move picker that plays ``moves`` (a whole game's, as ``(seat, id)``) while the game follows them, and
    ``fallback``'s choice once it does not."""

    def __init__(self, moves: list, fallback) -> None:
        self.moves, self.fallback = moves, fallback

    def choose(self, state, seat: int) -> str:
        n = len(state.history)
        if n < len(self.moves) and [tuple(h[:2]) for h in state.history] == self.moves[:n] \
                and self.moves[n][0] == seat:
            return str(self.moves[n][1])
        return self.fallback.choose(state, seat)
