""""What would the bot do?" in the browser, in every game (issue 17, the hint part): ask at a person's turn, see
the suggested control marked (outline and "Hint" tag, the focus on it) and the line in words, play it by clicking
the marked control, find the hint in the log and in the save; axe finds nothing serious on that screen.  At a
laptop's size and at a phone's (touch, the dock of choices fixed at the bottom), the suggested control is in view
when the hint arrives, and nothing fixed covers it (issue 31: a hint that names a tile off screen or under the dock
helps nobody)."""
from __future__ import annotations

import json

import pytest

from harness import click, click_action_once, notices, sized_page, wait_idle, wait_ready
from test_experience import AXE, axe

pytestmark = pytest.mark.browser

SEATS = {"hexbattle": "human,bot", "doomspire": "human,bot", "clockwork": "human,bot",
         "icefortress": "human,bot", "cloudspire": "human,bot"}


# where the first marked control is once the hint is there: "ok", or what is wrong (out of view, under something fixed)
IN_VIEW_JS = """() => {
  const e = document.querySelector('#app [data-hint]'), r = e.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight)
    return 'out of view at ' + [r.left, r.top, r.right, r.bottom].map(Math.round) + ' in ' + [innerWidth, innerHeight];
  const hit = document.elementFromPoint(x, y);
  for (let n = hit; n && n.nodeType === 1; n = n.parentElement) {
    const p = getComputedStyle(n).position;
    if ((p === 'fixed' || p === 'sticky') && !n.contains(e)) return 'under ' + n.tagName + '.' + n.className;
  }
  return 'ok';
}"""


@pytest.fixture
def sized(browser, request):
    ctx, page, guard = sized_page(browser, request.param)
    yield page
    ctx.close()
    guard.check()


@pytest.mark.parametrize("sized", ["laptop", "phone"], indirect=True)
@pytest.mark.parametrize("gid", list(SEATS))
def test_a_hint_is_marked_played_and_logged(site, sized, gid):
    page = sized
    phone = page.viewport_size["width"] < 500
    page.goto(site.url(f"index.html?game={gid}&seats={SEATS[gid]}&seed=5&fast=1"))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    assert page.locator("#app .screen-game").count() == 1, notices(page)
    ask = page.locator('#app [data-nav="hint"]')
    assert ask.count() == 1 and "What would the bot do?" in ask.inner_text()
    click(page, '[data-nav="hint"]')
    page.wait_for_selector("#app [data-hint-line]", timeout=60_000)
    line = page.locator("#app [data-hint-line]").inner_text()
    assert "The bot would:" in line, line
    why = page.locator("#app [data-hint-line] .hint-why")          # its reason in a sentence
    assert why.count() == 1 and why.inner_text().strip().endswith("."), line
    marked = page.eval_on_selector_all("#app [data-hint]", "els => els.map(e => [e.dataset.action, e.dataset.hint])")
    assert marked and len({a for a, _s in marked}) == 1, marked
    aid = marked[0][0]
    # the keyboard goes to the suggestion; a board shape gets its "Hint" tag, a button its tag from the CSS
    focused = page.evaluate("() => { const a = document.activeElement;"
                            " return a ? (a.dataset.action || (a.hasAttribute('data-hint-line') ? 'line' : a.tagName)) : null; }")
    assert focused in (aid, "line"), focused
    where = page.evaluate(IN_VIEW_JS)
    assert where == "ok", (gid, "phone" if phone else "laptop", aid, where)
    tags = page.evaluate("""() => [...document.querySelectorAll('#app [data-hint]')].map(e =>
        e.closest('svg') ? !!e.closest('svg').querySelector('.bs-hint-tag')
                         : getComputedStyle(e, '::after').content.includes('Hint') || getComputedStyle(e).outlineStyle === 'dashed')""")
    assert all(tags), tags
    outline = page.evaluate("() => getComputedStyle(document.querySelector('#app [data-hint]')).outlineStyle")
    assert outline == "dashed", outline
    if AXE.exists() and not phone:                         # axe at one size (the markup is the same)
        app_problems, board = axe(page)
        assert not app_problems, (gid, app_problems)
        assert not board, (gid, "board", board)
    saved = page.evaluate("""() => { const id = localStorage.getItem('boardshelf:current');
                                     return localStorage.getItem('boardshelf:save:' + id); }""")
    hints = json.loads(saved)["hints"]
    assert len(hints) == 1 and hints[0]["action"] == aid, hints
    # play it by clicking the marked control: the mark goes, the log keeps the hint at its place
    click_action_once(page, aid)
    wait_idle(page, timeout=120_000)
    assert not [n for n in notices(page) if "not allowed" in n or "Internal error" in n], notices(page)
    steps = json.loads(page.evaluate("""() => localStorage.getItem('boardshelf:save:'
                                            + localStorage.getItem('boardshelf:current'))"""))["actions"]
    assert steps[hints[0]["step"]][1] == aid                  # the suggested move is the one played
    log = " ".join(page.locator("#app ol.log-list").all_inner_texts())
    assert "asked for a hint" in log, log[:500]
    page.boardshelf.check()
