"""Helpers of the live-play browser tests (tests/browser/test_live_*.py): pages paired through the app's own hooks
(``[data-invite]``'s ``href``, ``[data-reply]``'s text, ``input[name=reply]`` + Enter), and a game played to its end
by clicking on each seat's own page, the moves chosen by a bot on a CPython copy of the host's save."""
from __future__ import annotations

import json
import time

from harness import click_action, wait_ready
from pyapp.engine import saves

SAVE_JS = "() => localStorage.getItem('boardshelf:save:' + localStorage.getItem('boardshelf:current'))"
ENABLED_JS = ("(a) => [...document.querySelectorAll('#app [data-action]')]"
              ".some(e => e.dataset.action === a && !e.disabled)")


def host_save(host) -> dict:
    return json.loads(host.evaluate(SAVE_JS))


def host_state(host):
    """The host's game now, replayed in CPython from the host page's own save."""
    return saves.load_save(host_save(host))[0]


def pair(host, friend, seat: int, fresh: bool = True, timeout: int = 60_000) -> float:
    """``friend`` opens the invitation of ``seat`` shown on ``host`` and sends its reply back; returns the seconds
    from opening the invitation to the friend's table drawn."""
    host.wait_for_selector(f'[data-invite="{seat}"]', timeout=timeout)
    invite = host.get_attribute(f'[data-invite="{seat}"]', "href")
    assert "#/join/" in invite and "?" not in invite.split("#")[0]     # the code travels in the fragment only
    t0 = time.monotonic()
    friend.goto(invite)
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
