"""Every size (issue 16): every ready game and the app's own screens at a phone (390x844, touch), a small
laptop (1366x768) and a desktop (1920x1080).

A game opens as tools/screenshots.py opens it (one person, bots elsewhere, a fixed seed, a few seeded random
legal moves; its measuring code is the one used here), then: the board (the game's main ``svg``) lies within
the viewport's width; no two visible interactive elements overlap; every current choice of the person (each
``[data-action]``) can be scrolled into view (sideways too) and is what ``document.elementFromPoint`` finds at its
centre; at 1366 no visible text is under 11 px.  On the phone (touch) the board's default zoom is Legible: the
board's own text (inside the svgs that declare ``--legible``) at least 11 px, its controls at least 24 x 24 px
(if the board has none after the first moves, measured after a few more, up to the first that shows some),
the box it scrolls in within the width; with the zoom "Fit" the whole board is within the width again.  The app's screens (shelf with a save, setup, rules, the game's
header, recap, settings and log) at 390 and 1366: nothing wider than the screen, no text under 11 px, no
overlap.  Each test lists every problem it finds, not only the first.
"""
from __future__ import annotations

import pytest

from harness import as_size, click, new_page, sized_page, wait_idle, wait_ready
from tool_modules import tool

pytestmark = pytest.mark.browser

shots = tool("screenshots")
SIZES = shots.SIZES                       # {"phone": (390, 844, True), "laptop": (1366, 768, False), ...}
GAMES = [g["id"] for g in shots.ready_games()]
SEED, STEPS = 7, 6
MIN_TEXT_PX = 11
MIN_TARGET_PX = 24        # a board control on a touch screen (WCAG 2.2 target size, minimum)
MORE_STEPS = 30           # random steps more (touch) until the board has a control, to measure its size
BOARD_CONTROL_JS = """() => [...document.querySelectorAll('#app .game-board svg[style*="--legible"] [data-action]')]
  .some(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; })"""
# the app's own parts of a game screen (the game's board and panels are the games' own)
APP_PARTS = ".topbar, .game-bar, .turn-banner, .since, .notices, .confirm, .outcome, .log-filter, ol.log-list, .board-zoom"


def _problems(m: dict, *, board: bool = True, min_text: bool = True, legible: bool = False) -> list[str]:
    """What is wrong in a MEASURE_JS result; ``legible``: the board zoom is Legible (the board may be wider than
    the screen, in a box scrolling sideways within it; its text and controls big enough to read and tap)."""
    out = []
    if board and legible:
        if m["boardScroll"] is None:
            out.append(f"no box scrolling sideways around the board {m['board']}")
        elif m["boardScroll"][0] < 0 or m["boardScroll"][1] > m["viewport"]:
            out.append(f"the board's scrolling box {m['boardScroll']} wider than the viewport ({m['viewport']} px)")
        if m["boardFont"] is None or m["boardFont"] < MIN_TEXT_PX:
            out.append(f"board text of {m['boardFont']} px ({m['boardText']!r}) under {MIN_TEXT_PX} px")
        if m["minTarget"] is not None and m["minTarget"] < MIN_TARGET_PX:
            out.append(f"a board control of {m['minTarget']} px ({m['minTargetId']!r}) under {MIN_TARGET_PX} px")
    elif board:
        if m["board"] is None:
            out.append("no board (svg) on the game screen")
        elif m["board"][0] < 0 or m["board"][1] > m["viewport"]:
            out.append(f"board {m['board']} wider than the viewport ({m['viewport']} px)")
    if m["pageWidth"] > m["viewport"]:
        out.append(f"the page is {m['pageWidth']} px wide in a {m['viewport']} px viewport")
    if m["overlapCount"]:
        out.append(f"{m['overlapCount']} pairs of interactive elements overlap, e.g. {m['overlaps'][:4]}")
    if min_text and m["minFont"] is not None and m["minFont"] < MIN_TEXT_PX:
        out.append(f"text of {m['minFont']} px ({m['minText']!r}) under {MIN_TEXT_PX} px")
    return out


@pytest.mark.parametrize("game", GAMES)
def test_game_fits_and_every_choice_is_reachable(site, browser, game):
    """The game after its first random moves, measured at each size on one page resized (``as_size``): the moves
    are the same at every size (drawn from the markup's ``data-action`` ids), so one boot and one walk serve the
    three sizes (3 before).  The phone comes last: there the zoom changes and the game may be played on."""
    ctx, page, guard = new_page(browser)
    try:
        entry = next(g for g in shots.ready_games() if g["id"] == game)
        as_size(page, "laptop")
        page.goto(site.url(shots.game_url(entry, SEED)))
        wait_ready(page)
        wait_idle(page, timeout=120_000)
        shots.play_random(page, STEPS, SEED)
        assert page.locator("#app .screen-game").count() == 1
        problems: list[str] = []
        for size in ("laptop", "desktop", "phone"):
            as_size(page, size)
            problems += [f"{size} {SIZES[size][:2]}: {p}" for p in _fits(page, size)]
        assert not problems, f"{game}: " + "; ".join(problems)
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()


def _fits(page, size: str) -> list[str]:
    """What is wrong with the game screen at ``size`` (the page already that size)."""
    touch = SIZES[size][2]
    m = page.evaluate(shots.MEASURE_JS)
    problems = _problems(m, min_text=size == "laptop", legible=touch)
    if touch:        # the default zoom there is Legible; its buttons show
        zoom = page.eval_on_selector("#app .game-board", "e => e.dataset.zoom")
        if zoom != "auto" or page.locator('#app [data-nav="zoom:legible"][aria-pressed="true"]').count() != 1:
            problems.append(f"the board zoom is {zoom!r}, not the default (Legible) with its buttons")
    if size != "laptop":     # the app's own parts of the screen: 11 px at every size
        a = page.evaluate(shots.MEASURE_JS, APP_PARTS)
        if a["minFont"] is not None and a["minFont"] < MIN_TEXT_PX:
            problems.append(f"app text of {a['minFont']} px ({a['minText']!r}) under {MIN_TEXT_PX} px")
    ids = [a for a in page.eval_on_selector_all(
        "#app [data-action]", "els => els.filter(e => !e.disabled).map(e => e.dataset.action)")]
    assert ids or page.locator("#app .outcome").count(), "no choice for the person and the game is not over"
    bad = page.evaluate(shots.REACH_JS)
    if bad:
        problems.append(f"{len(bad)} of {len(ids)} current choices cannot be reached, e.g. {bad[:5]}")
    if touch:        # "Fit": the whole board in the width again, every choice still reachable
        shots.set_zoom(page, "fit")
        f = page.evaluate(shots.MEASURE_JS)
        problems += [f"fit: {p}" for p in _problems(f, min_text=False)]
        bad = page.evaluate(shots.REACH_JS)
        if bad:
            problems.append(f"fit: {len(bad)} current choices cannot be reached, e.g. {bad[:5]}")
    if touch and m["minTarget"] is None:     # no control on the board yet: play on to a position with some
        shots.set_zoom(page, "legible")
        for i in range(MORE_STEPS):
            if page.locator("#app .outcome").count() or page.evaluate(BOARD_CONTROL_JS):
                break
            shots.play_random(page, 1, SEED + 1 + i)
        if page.evaluate(BOARD_CONTROL_JS):
            t = page.evaluate(shots.MEASURE_JS)
            if t["minTarget"] is not None and t["minTarget"] < MIN_TARGET_PX:
                problems.append(f"a board control of {t['minTarget']} px ({t['minTargetId']!r}) under "
                                f"{MIN_TARGET_PX} px")
    return problems


LATER = (40, 120)          # positions later in a game: this many seeded random actions of every seat in
LATER_STEPS = 6           # and at each, this many of the person's own random actions more, measured after each
EXTRA_STEPS = 24          # at most this many more at the last position when no board control was seen yet


@pytest.mark.parametrize("game", GAMES)
def test_later_positions_keep_controls_apart(site, browser, game):
    """Later in a game (opened from a save made by tools/screenshots.later_save: 40 and 120 seeded random actions
    of every seat, then on to the person's turn), and after each of a few more random actions of the person: no
    two visible interactive elements overlap (a board's hexes offered side by side included), at 1366 no text
    under 11 px, and on the phone (zoom Legible) no board control under 24 x 24 px.  One page for the three sizes,
    resized (``as_size``) at each position: the positions and the person's random actions are the same at every
    size (drawn from the markup's ``data-action`` ids, not from what is on screen), so one walk measures all three
    (3 boots and walks a game before, 1 now).  At the last position the walk goes on until every size has seen a
    control on the board."""
    ctx, page, guard = new_page(browser)
    try:
        entry = next(g for g in shots.ready_games() if g["id"] == game)
        problems: list[str] = []
        seen = dict.fromkeys(SIZES, 0)
        for n in LATER:
            as_size(page, "laptop")
            shots.open_later(page, site.url(), entry, SEED, n)
            # at the last position, a game that offered no board control yet (at some size) walks on until it does
            def last(n):
                return LATER_STEPS + (EXTRA_STEPS if n == LATER[-1] and not all(seen.values()) else 0)
            k = 0
            while k <= last(n):
                if k > LATER_STEPS and (all(seen.values()) or page.locator("#app .outcome").count()):
                    break
                assert page.locator("#app .screen-game").count() == 1
                for size in SIZES:
                    # (a page wider than the phone is zoomed out, as in a page made at that size: measured and named
                    # below; found so at Hex Battle 40 actions in +3: a unit's details, four facts a line, 397 px)
                    as_size(page, size, wider_ok=True)
                    touch = SIZES[size][2]
                    m = page.evaluate(shots.MEASURE_JS)
                    where = f"{size} {SIZES[size][:2]}, {n} actions in, +{k}"
                    if m["pageWidth"] > SIZES[size][0]:
                        problems.append(f"{where}: the page is {m['pageWidth']} px wide on a {SIZES[size][0]} px "
                                        "screen (it scrolls sideways)")
                    seen[size] += m["minTarget"] is not None
                    if m["overlapCount"]:
                        problems.append(f"{where}: {m['overlapCount']} pairs of interactive elements overlap, "
                                        f"e.g. {m['overlaps'][:4]}")
                    if size == "laptop" and m["minFont"] is not None and m["minFont"] < MIN_TEXT_PX:
                        problems.append(f"{where}: text of {m['minFont']} px ({m['minText']!r}) under "
                                        f"{MIN_TEXT_PX} px")
                    if touch and m["minTarget"] is not None and m["minTarget"] < MIN_TARGET_PX:
                        problems.append(f"{where}: a board control of {m['minTarget']} px ({m['minTargetId']!r}) "
                                        f"under {MIN_TARGET_PX} px")
                if k < last(n):
                    shots.play_random(page, 1, SEED * 1000 + n + k)
                k += 1
        assert all(seen.values()), f"{game}: no position with a control on the board was measured at {seen}"
        assert not problems, f"{game}: " + "; ".join(problems)
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()


CHOOSER = ("clockwork", 62)      # 62 actions in (seed SEED), two of the person's units may reach 7 same hexes
OPEN_JS = """(id) => { const l = document.getElementById(id);
  return [...l.querySelectorAll('[data-action]')].map(e => { const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {id: e.dataset.action, w: r.width, h: r.height, top: r.top, bottom: r.bottom,
            hit: !!hit && (hit === e || e.contains(hit))}; }); }"""


def test_a_hex_with_several_choices_opens_their_list_on_the_phone(site, browser):
    """Clockwork on the phone (zoom Legible): a hex several of the person's moves lead to is one control of at least
    24 x 24 px (no overlap with its neighbours'); a tap opens the list of its choices, each at least 24 px high, one
    under another, none covered; a tap elsewhere closes it; from the keyboard, Tab from the hex reaches its first
    choice and Enter takes it."""
    game, n = CHOOSER
    ctx, page, guard = sized_page(browser, "phone")
    try:
        entry = next(g for g in shots.ready_games() if g["id"] == game)
        shots.open_later(page, site.url(), entry, SEED, n)
        m = page.evaluate(shots.MEASURE_JS)
        assert not m["overlapCount"] and m["minTarget"] >= MIN_TARGET_PX, m
        pick = page.locator("#app .cw-board .pick").first
        assert pick.count() == 1, "no hex with several choices in this position"
        list_id = pick.get_attribute("data-opens")
        assert all(not o["w"] for o in page.evaluate(OPEN_JS, list_id))           # closed
        pick.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
        box = pick.bounding_box()
        assert min(box["width"], box["height"]) >= MIN_TARGET_PX, box
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function(f"() => ({OPEN_JS})({list_id!r}).every(o => o.w > 0)", timeout=10_000)
        opts = page.evaluate(OPEN_JS, list_id)
        assert len(opts) >= 2 and all(o["h"] >= MIN_TARGET_PX and o["w"] >= MIN_TARGET_PX for o in opts), opts
        assert all(a["bottom"] <= b["top"] + 0.5 for a, b in zip(opts, opts[1:])), opts      # one under another
        assert all(o["hit"] for o in opts), opts                                              # none covered
        page.evaluate("() => scrollTo(0, 0)")
        banner = page.locator("#app .turn-banner").bounding_box()
        page.touchscreen.tap(banner["x"] + 5, banner["y"] + 5)                                # a tap elsewhere
        page.wait_for_function(f"() => ({OPEN_JS})({list_id!r}).every(o => !o.w)", timeout=10_000)
        pick.focus()
        page.keyboard.press("Tab")
        first = page.evaluate("() => document.activeElement.dataset.action || null")
        assert first == opts[0]["id"], (first, opts)
        page.keyboard.press("Enter")
        page.wait_for_function(shots.IDLE_JS, polling=50, timeout=60_000)
        page.wait_for_function(f"() => !document.querySelector('#app [data-action=\"{first}\"]')", timeout=60_000)
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()


def test_replay_board_zoom_on_the_phone(site, browser):
    """A replay on the phone (390x844, touch) has the game screen's board size buttons: Legible by default (the
    board's text at least 11 px, in a box scrolling sideways within the screen), Fit puts the whole board in the
    width; nothing overlaps, and the replay stays at its step."""
    ctx, page, guard = sized_page(browser, "phone")
    try:
        entry = next(g for g in shots.ready_games() if g["id"] == "hexbattle")
        shots.open_later(page, site.url(), entry, SEED, LATER[0])
        click(page, '[data-nav="replay"]')
        page.wait_for_selector("#app .replay .replay-board")
        click(page, '[data-nav="rp:end"]')
        step = page.eval_on_selector("#app .replay-move", "e => e.dataset.step")
        assert page.locator('#app .replay [data-nav="zoom:legible"][aria-pressed="true"]').is_visible()
        m = page.evaluate(shots.MEASURE_JS)
        problems = _problems(m, min_text=False, legible=True)
        shots.set_zoom(page, "fit")
        f = page.evaluate(shots.MEASURE_JS)
        problems += [f"fit: {p}" for p in _problems(f, min_text=False)]
        assert page.eval_on_selector("#app .replay-move", "e => e.dataset.step") == step
        assert page.locator('#app .replay [data-nav="zoom:fit"][aria-pressed="true"]').count() == 1
        assert not problems, "replay on the phone: " + "; ".join(problems)
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()


APP_SIZES = ("phone", "laptop")


def _app_screens(page, site):
    """(name, {size: measure}) of each of the app's own screens, from a game in progress (so the shelf lists a save),
    each measured at the phone's size and the laptop's (``APP_SIZES``) on the one page, resized (``as_size``)."""
    def measure(*scope):
        out = {}
        for size in APP_SIZES:
            w = as_size(page, size, wider_ok=True)[0]
            out[size] = m = page.evaluate(shots.MEASURE_JS, *scope)
            m["screen"] = w               # a page wider than a phone is zoomed out there: innerWidth is the page's
        return out

    g = shots.ready_games()[0]
    as_size(page, "laptop")
    page.goto(site.url(shots.game_url(g, SEED)))
    wait_ready(page)
    wait_idle(page, timeout=120_000)
    shots.play_random(page, 2, SEED)
    out = []
    if page.locator('#app [data-nav="settings"]').count():
        click(page, '[data-nav="settings"]')
    if page.locator('#app [data-nav="glance"]').count():          # the rules at a glance, open (issue 32)
        click(page, '[data-nav="glance"]')
    folds = '#app details:not([open]) > summary[data-nav^="fold:"]'    # panels the app draws only when opened
    for nav in page.eval_on_selector_all(folds, "els => els.map(e => e.dataset.nav)"):
        click(page, f'[data-nav="{nav}"]')
    assert not page.locator(folds).count()
    page.evaluate("() => document.querySelectorAll('#app details').forEach(d => d.open = true)")   # the log
    out.append(("game", measure(APP_PARTS + ", .app-settings, .glance")))
    click(page, '[data-nav="shelf"]')
    assert page.locator("#app .save").count() >= 1
    out.append(("shelf", measure()))
    for gid in GAMES:
        click(page, f'[data-nav="setup:{gid}"]')
        if page.locator('#app [data-nav="advanced"]').count():
            click(page, '[data-nav="advanced"]')
        if page.locator('#app [data-nav="about"]').count():          # the game in brief, opened
            click(page, '[data-nav="about"]')
        out.append((f"setup {gid}", measure()))
        click(page, f'[data-nav="rules:{gid}"]')
        out.append((f"rules {gid}", measure("#app .bs-app > :not(main), #app .rules-page")))
        click(page, '[data-nav="shelf"]')
    return out


def test_app_screens_fit(site, browser):
    """The app's own screens at the phone's size and the laptop's, one page resized at each screen (2 boots and walks
    before, 1 now): nothing wider than the screen, no text under 11 px, no overlap."""
    ctx, page, guard = new_page(browser)
    try:
        problems = []
        for name, by_size in _app_screens(page, site):
            for size, m in by_size.items():
                where = f"{name} at {size} {SIZES[size][:2]}"
                problems += [f"{where}: {p}" for p in _problems(m, board=False)]
                if m["pageWidth"] > m["screen"]:       # (zoomed out to fit it: innerWidth is the page's width)
                    problems.append(f"{where}: the page is {m['pageWidth']} px wide on a {m['screen']} px screen")
        assert not problems, "; ".join(problems)
    finally:
        ctx.close()
    guard.check()


# a board element with a title (or an SVG <title>) and no action, whose centre a tap reaches: its centre and text
TITLED_JS = """() => {
  for (const e of document.querySelectorAll('#app .game-board [title], #app .game-board svg :has(> title)')) {
    if (e.closest('[data-action],[data-nav],button,a[href],input,select,label,summary')) continue;
    e.scrollIntoView({block: 'center'});
    const r = e.getBoundingClientRect();
    if (r.width < 4 || r.height < 4) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === e || e.contains(hit)) || hit.closest('[data-action],[data-nav]')) continue;
    const t = e.hasAttribute('title') ? e.getAttribute('title') : e.querySelector(':scope > title').textContent;
    e.setAttribute('data-test-titled', '1');
    return {x, y, text: t.trim()};
  }
  return null;
}"""
TIP_JS = "() => { const t = document.getElementById('bs-tip'); return t && !t.hidden ? t.innerText : null; }"


def test_tap_shows_what_hover_shows(site, browser):
    """Touch: a tap on a titled board element without an action shows its title in a popover near it; a tap
    elsewhere hides it, as does its close button.  Keyboard: focusing a titled board element shows it too."""
    ctx, page, guard = sized_page(browser, "phone")
    try:
        entry = next(g for g in shots.ready_games() if g["id"] == "hexbattle")
        page.goto(site.url(shots.game_url(entry, SEED)))
        wait_ready(page)
        wait_idle(page, timeout=120_000)
        spot = page.evaluate(TITLED_JS)
        assert spot, "no titled board element without an action to tap"
        assert page.evaluate(TIP_JS) is None
        page.touchscreen.tap(spot["x"], spot["y"])
        page.wait_for_function(TIP_JS, timeout=10_000)
        assert spot["text"] in page.evaluate(TIP_JS)
        tip = page.locator("#bs-tip").bounding_box()
        assert 0 <= tip["x"] and tip["x"] + tip["width"] <= 390, tip          # on screen, near the element
        assert abs(tip["y"] - spot["y"]) < 200, (tip, spot)
        page.locator("#bs-tip .bs-tip-close").tap()
        page.wait_for_function(f"() => ({TIP_JS})() === null", timeout=10_000)
        page.touchscreen.tap(spot["x"], spot["y"])
        page.wait_for_function(TIP_JS, timeout=10_000)
        page.evaluate("() => scrollTo(0, 0)")
        names = page.locator("#app .game-bar .seats").bounding_box()          # (the line above the board)
        page.touchscreen.tap(names["x"] + names["width"] - 5, names["y"] + names["height"] / 2)   # a tap elsewhere
        page.wait_for_function(f"() => ({TIP_JS})() === null", timeout=10_000)
        # keyboard: a focusable titled board element (a game makes its pieces focusable) shows it on focus
        page.evaluate("() => document.querySelector('[data-test-titled]').setAttribute('tabindex', '0')")
        page.keyboard.press("Escape")
        page.evaluate("() => document.querySelector('[data-test-titled]').focus()")
        page.wait_for_function(TIP_JS, timeout=10_000)
        assert spot["text"] in page.evaluate(TIP_JS)
        page.evaluate("() => document.activeElement.blur()")
        page.wait_for_function(f"() => ({TIP_JS})() === null", timeout=10_000)
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()


BAR_JS = """() => {
  const bar = document.querySelector('#app .bs-actions'), app = document.querySelector('#app .bs-app');
  const s = getComputedStyle(bar), r = bar.getBoundingClientRect();
  scrollTo(0, document.documentElement.scrollHeight);
  const end = app.getBoundingClientRect().bottom - parseFloat(getComputedStyle(app).paddingBottom);
  const top = bar.getBoundingClientRect().top;
  const navs = [];
  for (const e of document.querySelectorAll('#app [data-nav]')) {
    if (e.closest('.bs-actions') || !e.getClientRects().length) continue;
    e.scrollIntoView({block: 'center'});
    const b = e.getBoundingClientRect(), hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    if (!hit || !(hit === e || e.contains(hit))) navs.push(e.dataset.nav);
  }
  scrollTo(0, 0);
  return {position: s.position, bottom: r.bottom, height: r.height, vh: innerHeight, background: s.backgroundColor,
          shadow: s.boxShadow, contentEnd: end, barTop: top, covered: navs,
          undo: !!document.querySelector('#app [data-nav="undo"]')};
}"""


def test_action_bar(site, browser):
    """A game's panel of current choices (class bs-actions, the games' convention; given here to Hex Battle's
    controls) is a bar fixed at the bottom on a phone: opaque, shadowed, at most 45% of the height, the page's
    end never under it, and the app's own controls (undo, settings, shelf, log filter) still reachable.
    On a laptop it stays in the page.  One page, resized from the laptop's size to the phone's (2 boots before)."""
    ctx, page, guard = new_page(browser)
    try:
        entry = next(g for g in shots.ready_games() if g["id"] == "hexbattle")
        as_size(page, "laptop")
        page.goto(site.url(shots.game_url(entry, SEED)))
        wait_ready(page)
        wait_idle(page, timeout=120_000)
        shots.play_random(page, 3, SEED)
        page.evaluate("""() => { document.querySelector('#app .hb-controls').classList.add('bs-actions');
                                 dispatchEvent(new Event('resize')); }""")
        m = page.evaluate(BAR_JS)
        assert m["position"] != "fixed", m
        as_size(page, "phone")
        m = page.evaluate(BAR_JS)
        assert m["position"] == "fixed" and abs(m["bottom"] - m["vh"]) <= 1, m
        assert 0 < m["height"] <= 0.45 * m["vh"] + 1, m
        assert m["background"].startswith("rgb(") and m["shadow"] != "none", m      # opaque, shadowed
        assert m["contentEnd"] <= m["barTop"] + 1, m                              # the page's end is above the bar
        assert m["undo"] and not m["covered"], m
        assert not guard.page_errors, guard.page_errors
    finally:
        ctx.close()
    guard.check()
