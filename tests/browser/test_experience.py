"""The players' experience at the app level in the browser (issue 16): axe-core on every screen of every
ready game, one colour per seat, Back inside the app, the tab title, the live region, notices that dismiss
themselves, a recap that never moves the board, a log whose numbers are never clipped.

axe-core is pinned in package.json and injected from node_modules (no network).  The app's own markup must
have no serious or critical violation, and neither may a game's board (``.game-board``, drawn by the game's
renderer); the board's findings are listed apart so a failure says whose markup it is."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyapp import games
from harness import ROOT, action_ids, as_size, click, click_action, new_page, notices, wait_idle, wait_ready, within

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
READY = tuple(g["id"] for g in games.catalog() if g["ready"])     # every game on the shelf
SEATS = {"hexbattle": "human,bot", "doomspire": "human,bot,bot,bot", "clockwork": "human,bot,bot",
         "icefortress": "human,bot", "cloudspire": "human,bot"}
AXE_MS = 120_000        # one run: about 1 s on a game screen (load 8); a run that never settles fails after this
BOARD_FINDINGS = Path("/tmp") / "boardshelf-axe-board-findings.json"
# Known at phone size and left out of the verdict until fixed (written to the findings files all the same): each
# entry (screen, axe rule, a piece of the node's selector).  Empty since 2026-11-28 (issue 31 item 8: the rules
# pages' figures are Tab stops, the game bar's seats line wraps on a phone, Cloudspire's board box takes the focus).
KNOWN_PHONE: set[tuple[str, str, str]] = set()


def _known(size: str, screen: str, problem: dict) -> bool:
    return size == "phone" and all(any((screen, problem["id"]) == (k[0], k[1]) and k[2] in node for k in KNOWN_PHONE)
                                   for node in problem["nodes"])


def axe(page, *, board: bool = True) -> tuple[list, list]:
    """(app violations, board violations) of impact serious or critical on the page as it is.  ``board=False``: the
    game's board (``.game-board``) is left out of axe's run (an empty board list) for a test that only judges the
    app's own markup; the app's nodes get the same findings as in a whole-page run (compared on every game's game and
    guided-game screens at 1366x768 and 390x844, every result type, 2026-11-29) in about half the time."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate(within("""async (board) => {
        const r = await axe.run(board ? document : {exclude: [['.game-board']]}, {resultTypes: ['violations']});
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(' '), board: !!document.querySelector(n.target.join(' '))
                                      && !!document.querySelector(n.target.join(' ')).closest('.game-board')}))}));
    }""", AXE_MS, "axe.run"), board)
    app, board = [], []
    for v in result:
        a = [n["target"] for n in v["nodes"] if not n["board"]]
        b = [n["target"] for n in v["nodes"] if n["board"]]
        if a:
            app.append({"id": v["id"], "impact": v["impact"], "help": v["help"], "nodes": a[:5]})
        if b:
            board.append({"id": v["id"], "impact": v["impact"], "help": v["help"], "count": len(b), "nodes": b[:3]})
    return app, board


# the two sizes every screen is checked at: Playwright's default (1280x720) and a phone's (390x844 by touch: the dock,
# the folded panels and the board's own scroll box are other markup there)
SIZES = {"desktop": (1280, 720, False), "phone": (390, 844, True)}


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed (npm ci)")
def test_axe_finds_no_serious_problem_on_any_screen(site, browser):
    """Every screen at the desktop's size and at a phone's, one page resized between them (``as_size``): the shelf,
    each ready game's setup and rules screens, and its game under way."""
    ctx, page, _guard = new_page(browser)
    try:
        _axe_every_screen(site, page)
    finally:
        ctx.close()


def _axe_every_screen(site, page) -> None:
    found_board: dict[str, dict] = {size: {} for size in SIZES}
    found_app: dict[str, list] = {size: [] for size in SIZES}   # every screen's problems, so a failure lists them all

    def check(gid: str, screen: str) -> None:
        for size in ("phone", "desktop"):                 # back at the desktop's size to go on
            as_size(page, SIZES[size])
            app_problems, board = axe(page)
            found_app[size] += [(gid, screen, p) for p in app_problems]
            if screen == "game":
                found_board[size][gid] = board

    page.goto(site.url("index.html?fast=1"))
    wait_ready(page)
    check("shelf", "shelf")
    for gid in READY:
        if page.locator("#app .screen-game").count():           # the last game under way: leave it
            click(page, '.topbar [data-nav="shelf"]')
        click(page, f'[data-nav="setup:{gid}"]')
        assert page.locator("#app .screen-setup").count() == 1, notices(page)
        check(gid, "setup")
        click(page, f'[data-nav="rules:{gid}"]')
        check(gid, "rules")
        page.goto(site.url(f"index.html?game={gid}&seats={SEATS[gid]}&seed=5&fast=1"))
        wait_ready(page)
        wait_idle(page, timeout=120_000)
        assert page.locator("#app .screen-game").count() == 1, notices(page)
        check(gid, "game")
    failures = []
    for size in SIZES:
        BOARD_FINDINGS.with_name(f"{BOARD_FINDINGS.stem}-{size}.json").write_text(
            json.dumps(found_board[size], indent=1))
        BOARD_FINDINGS.with_name(f"boardshelf-axe-app-findings-{size}.json").write_text(
            json.dumps(found_app[size], indent=1))
        app = [f for f in found_app[size] if not _known(size, f[-2], f[-1])]
        board = {g: [p for p in b if not _known(size, "board", p)] for g, b in found_board[size].items()}
        if app:
            failures.append((size, app))
        if any(board.values()):
            failures.append((size, "inside the games' boards", board))
    assert not failures, failures
    page.boardshelf.check()


def test_seat_colours_back_the_title_and_the_live_region(site, page):
    """Doomspire draws each seat in its palette colour: the header's swatch for Player 1 is that red too; the tab title and
    the live region say whose turn it is."""
    page.goto(site.url("index.html?game=doomspire&seats=human,bot:normal,bot:normal,bot:normal&seed=3&fast=1"))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    css = (site.root / "web" / "doomspire.css").read_text(encoding="utf-8")

    def board_rgb(seat: int) -> str:            # the seat's colour on Doomspire's board, from its palette
        h = re.search(rf"--ds-p{seat}:\s*#([0-9a-fA-F]{{6}})", css).group(1)
        return "rgb({}, {}, {})".format(*(int(h[i:i + 2], 16) for i in (0, 2, 4)))
    dot = page.locator("#app .game-bar .seat-name.seat-0 .seat-dot")
    assert dot.evaluate("e => getComputedStyle(e).backgroundColor") == board_rgb(0)
    assert page.locator("#app .game-bar .seat-name.seat-1 .seat-dot").evaluate(
        "e => getComputedStyle(e).backgroundColor") == board_rgb(1)
    # the name's colour as sRGB whatever syntax the style computes to (rgb(), color(srgb ...), oklch(...))
    r, g, b = page.locator("#app .game-bar .seat-name.seat-0").evaluate(
        """e => { const c = document.createElement('canvas').getContext('2d');
                  c.fillStyle = getComputedStyle(e).color; c.fillRect(0, 0, 1, 1);
                  return Array.from(c.getImageData(0, 0, 1, 1).data.slice(0, 3)); }""")
    assert r > g and r > b                                         # a red name, darkened to read well
    assert page.title() == "Your turn · Lords of Doomspire — Boardshelf"
    live = page.locator("#app [aria-live=polite]")
    assert live.count() == 1 and "Your turn." in live.inner_text()
    assert page.locator("#app h2#game-title").count() == 1


def test_back_and_forward_move_between_the_app_screens(site, page):
    page.goto(site.url("index.html?fast=1"))
    wait_ready(page)
    click(page, '[data-nav="setup:hexbattle"]')
    assert page.url.endswith("#/setup/hexbattle")
    click(page, '[data-nav="rules:hexbattle"]')
    assert page.url.endswith("#/rules/hexbattle") and page.title() == "Rules: Hex Battle — Boardshelf"
    page.go_back()
    page.locator("#app .screen-setup").wait_for(timeout=20_000)
    page.go_back()
    page.locator("#app .screen-shelf").wait_for(timeout=20_000)
    assert page.url.endswith("#/shelf") and page.title() == "Boardshelf"
    page.go_forward()
    page.locator("#app .screen-setup").wait_for(timeout=20_000)
    # a reload on a screen's address shows that screen
    click(page, '[data-nav="rules:hexbattle"]')
    page.reload()
    wait_ready(page)
    assert page.locator("#app .screen-rules").count() == 1


def test_notices_dismiss_themselves(site, page):
    page.goto(site.url("index.html?game=hexbattle&seed=notanumber&fast=1"))
    wait_ready(page)
    assert any("seed" in n for n in notices(page))
    page.locator("#app .notice:not(.quiet)").first.wait_for(state="detached", timeout=20_000)


def test_the_recap_never_moves_the_board_and_log_numbers_are_whole(site, page):
    page.goto(site.url("index.html?game=hexbattle&seats=human,bot:random&seed=1&fast=1"))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    board = page.locator("#app .hb-board-wrap")
    tops = [board.bounding_box()["y"]]
    for _ in range(6):
        ids = action_ids(page)
        if not ids or page.locator("#app .outcome").count():
            break
        click_action(page, ids[0])
        tops.append(board.bounding_box()["y"])
    assert len(set(tops)) == 1, tops                                 # the same place all along
    # every log number whole: the list leaves room for five digits; the whole log is there, counting down to 1
    ol = page.locator("#app .hb-log ol.log-list")
    numbers = ol.evaluate("e => Array.from(e.querySelectorAll(':scope > li > .log-n'), n => n.textContent)")
    assert numbers == [str(n) for n in range(len(numbers), 0, -1)]
    pad = ol.evaluate("e => parseFloat(getComputedStyle(e).paddingLeft) / parseFloat(getComputedStyle(e).fontSize)")
    assert pad >= 3.5
    five = ol.evaluate("e => { const n = e.querySelector('.log-n'); const w = n.getBoundingClientRect().width; "
                       "n.textContent = '88888'; const fits = n.scrollWidth <= n.clientWidth + 1; n.textContent = "
                       "String(e.querySelectorAll('li').length); return fits && w > 0; }")
    assert five
    # the filter by seat hides the entries that do not name that seat
    total = ol.locator("li").count()
    click(page, '[data-nav="logseat:1"]')
    shown = page.eval_on_selector_all("#app .hb-log ol.log-list > li", "els => els.filter(e => e.offsetParent).length")
    named = page.eval_on_selector_all("#app .hb-log ol.log-list > li", "els => els.filter(e => e.querySelector('.seat-1')).length")
    assert shown == named and named < total
