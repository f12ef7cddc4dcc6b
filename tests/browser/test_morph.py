"""web/morph.js, the markup swap: after patching, the page is exactly what replacing it would give.

The sequences are real renders of the app (shelf, setup, builder, rules, and every ready game
played by clicking), made in CPython and fed to morph.js in Chromium one after another.
"""
from __future__ import annotations

import re
from html import unescape

import pytest

from pyapp import games
from pyapp.engine import Rng
from pyapp.ui import App, DictStorage

pytestmark = pytest.mark.browser

PAGE = "__morph_test__.html"
HTML = ('<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="web/app.css">'
        '<link rel="stylesheet" href="web/ui.css"></head><body><div id="app"></div>'
        '<script type="module" src="web/morph.js"></script></body></html>')
PLAYERS = {"hexbattle": 2, "doomspire": 4, "clockwork": 3}
ACTION_RE = re.compile(r'data-action="([^"]+)"')

# morph(markup); then: does the page serialize as the markup would, which nodes survived
STEP_JS = """(markup) => {
  const app = document.getElementById('app');
  const svg = app.querySelector('svg');
  if (svg) svg.__kept = true;
  const before = app.querySelectorAll('*').length;
  for (const el of app.querySelectorAll('*')) el.__old = true;
  globalThis.boardshelfMorph(app, markup);
  const ref = document.createElement('div');
  ref.innerHTML = markup;
  const all = app.querySelectorAll('*');
  const newSvg = app.querySelector('svg');
  return {same: app.innerHTML === ref.innerHTML, nodes: all.length, before,
          kept: Array.from(all).filter(e => e.__old).length,
          svgKept: !!(newSvg && newSvg.__kept)};
}"""


def renders_of_a_session(game_id: str, steps: int, seed: int) -> list[tuple[str, str]]:
    """(what happened, markup) for: shelf, setup, the rules page, then a game played by clicking."""
    rng = Rng(seed)
    app = App(DictStorage(), {}, random_seed=lambda: seed)
    out = [("shelf", app.render())]
    for nav in (f"setup:{game_id}", f"rules:{game_id}", f"setup:{game_id}"):
        app.handle("nav", nav)
        out.append((nav, app.render()))
    seats = ",".join(["human"] + ["bot"] * (PLAYERS.get(game_id, 2) - 1))
    app = App(DictStorage(), {"game": game_id, "seats": seats, "seed": str(seed)}, random_seed=lambda: seed)
    out.append(("start", app.render()))
    for _ in range(steps):
        if app.state is None or app.state.is_over:
            break
        if app.bot_pending():
            app.step_bot()
            out.append(("bot", app.render()))
            continue
        ids = [unescape(a) for a in ACTION_RE.findall(out[-1][1])]
        ids = [a for a in ids if not a.startswith(("concede", "resign", "offer:"))] or ids
        if not ids:
            break
        aid = ids[rng.below(len(ids))]
        app.handle("action", aid)
        out.append((aid, app.render()))
    return out


@pytest.fixture
def morph_page(site, page):
    page.route(site.url(PAGE), lambda route: route.fulfill(status=200, content_type="text/html", body=HTML))
    page.goto(site.url(PAGE))
    page.wait_for_function("() => typeof globalThis.boardshelfMorph === 'function'")
    return page


@pytest.mark.parametrize("game_id", [g["id"] for g in games.catalog() if g.get("ready")])
def test_morph_gives_exactly_the_new_markup_and_keeps_the_board(morph_page, game_id):
    seq = renders_of_a_session(game_id, steps=60, seed=7)
    assert len(seq) > 20
    kept_boards = game_steps = 0
    prev_game = False
    for what, markup in seq:
        r = morph_page.evaluate(STEP_JS, markup)
        assert r["same"], f"{game_id}: after '{what}' the page differs from its markup"
        in_game = 'class="bs-app screen-game' in markup
        if in_game and prev_game:
            game_steps += 1
            kept_boards += r["svgKept"] or "<svg" not in markup
            # of the nodes that could stay (an update that adds a panel brings new ones), over a third do
            could = min(r["nodes"], r["before"])
            assert r["kept"] > could // 3, f"{game_id}: '{what}' kept {r['kept']} of {could} nodes that could stay"
        prev_game = in_game
    assert game_steps > 10
    assert kept_boards == game_steps        # an update patches the board in place; it is never rebuilt


def test_form_fields_take_the_state_the_markup_gives(morph_page):
    page = morph_page
    page.evaluate("""() => globalThis.boardshelfMorph(document.getElementById('app'),
        '<input id="name" value="Ada"><input id="tick" type="checkbox" checked>'
        + '<select id="pick"><option>a</option><option selected>b</option></select><textarea id="note">x</textarea>')""")
    page.fill("#name", "Typed but refused")
    page.uncheck("#tick")
    page.select_option("#pick", "a")
    page.fill("#note", "typed")
    page.focus("#name")
    same = """() => globalThis.boardshelfMorph(document.getElementById('app'),
        '<input id="name" value="Ada"><input id="tick" type="checkbox" checked>'
        + '<select id="pick"><option>a</option><option selected>b</option></select><textarea id="note">x</textarea>')"""
    page.evaluate(same)
    got = page.evaluate("""() => [document.getElementById('name').value, document.getElementById('tick').checked,
                                  document.getElementById('pick').value, document.getElementById('note').value,
                                  document.activeElement.id]""")
    assert got == ["Ada", True, "b", "x", "name"]          # the markup's state; focus stays in the field


def test_one_inserted_or_removed_node_does_not_rebuild_its_siblings(morph_page):
    page = morph_page
    items = "".join(f'<li class="i{i}">item {i}</li>' for i in range(30))
    page.evaluate("(m) => globalThis.boardshelfMorph(document.getElementById('app'), m)",
                  f'<div class="bar">x</div><ul>{items}</ul>')
    page.evaluate("() => document.querySelectorAll('#app *').forEach(e => { e.__old = true; })")
    r = page.evaluate(STEP_JS, f'<div class="bar">x</div><div class="since">new</div><ul>{items}</ul>')
    assert r["same"] and r["kept"] == r["nodes"] - 1          # only the inserted div is new
    r = page.evaluate(STEP_JS, f'<div class="bar">x</div><ul>{items}</ul>')
    assert r["same"] and r["kept"] == r["nodes"]


# morph(markup), watched: the elements the patch put into the page (a node moved is taken out and put back: the
# browser styles and lays it out again, as a new one), and whether the page is then exactly the markup
MOVES_JS = """(markup) => {
  const app = document.getElementById('app');
  for (const el of app.querySelectorAll('*')) el.__old = true;
  const seen = new MutationObserver(() => {});
  seen.observe(app, { subtree: true, childList: true });
  globalThis.boardshelfMorph(app, markup);
  let added = 0, oldAdded = 0;
  for (const r of seen.takeRecords()) for (const n of r.addedNodes) if (n.nodeType === 1) { added++; if (n.__old) oldAdded++; }
  seen.disconnect();
  const ref = document.createElement('div');
  ref.innerHTML = markup;
  return { same: app.innerHTML === ref.innerHTML, added, oldAdded,
           kept: Array.from(app.querySelectorAll('*')).filter(e => e.__old).length, nodes: app.querySelectorAll('*').length };
}"""


def test_nodes_inserted_or_removed_together_leave_the_others_in_the_page(morph_page):
    """Session 25 (latweb2): what changes is patched, what did not stays in the page untouched (each node put in
    again costs its style and layout), where the look-ahead of one node moved or rebuilt them."""
    page = morph_page
    step = lambda m: page.evaluate(MOVES_JS, m)       # noqa: E731
    named = "".join(f'<div class="ud u{i}" data-part="d{i}"><b>unit {i}</b><i>4 health</i></div>' for i in range(12))
    assert step(f'<section><p class="ud-hint">Point at a unit</p>{named}</section>')["same"]
    # the hint above twelve named panels goes: the twelve stay where they are (none taken out and put back)
    r = step(f'<section>{named}</section>')
    assert r["same"] and r["added"] == 0 and r["kept"] == r["nodes"]
    # two panels appear at once before a log: the log and its lines stay, only the two panels are new
    log = '<details class="log"><ol>' + "".join(f"<li>move {i}</li>" for i in range(40)) + "</ol></details>"
    assert step(f'<div class="turn">t</div><section class="players">p</section>{log}')["same"]
    r = step(f'<div class="turn">t</div><section class="dice">d</section><section class="picks">q</section>'
             f'<section class="players">p</section>{log}')
    assert r["same"] and r["added"] == 2 and r["oldAdded"] == 0 and r["kept"] == r["nodes"] - 2
    # and go again: nothing new
    r = step(f'<div class="turn">t</div><section class="players">p</section>{log}')
    assert r["same"] and r["added"] == 0 and r["kept"] == r["nodes"]
    # a column of unnamed labels loses one in the middle: the others are kept as they are, not each rewritten
    col = [f'<text class="coord" y="{10 * i}">c{i}</text>' for i in range(20)]
    assert step('<svg><g class="col">' + "".join(col) + "</g></svg>")["same"]
    writes = page.evaluate("""(markup) => { const app = document.getElementById('app');
      const w = new MutationObserver(() => {}); w.observe(app, { subtree: true, attributes: true, characterData: true });
      globalThis.boardshelfMorph(app, markup); const n = w.takeRecords().length; w.disconnect(); return n; }""",
                           '<svg><g class="col">' + "".join(col[:7] + col[8:]) + "</g></svg>")
    assert writes == 0


# the glue's step with parts (pyapp.browser.main Glue._swap): send what keep_unchanged gives, the whole
# markup if the page could not keep a part; then compare with the whole markup
KEEP_STEP_JS = """([sent, markup]) => {
  const app = document.getElementById('app');
  for (const el of app.querySelectorAll('[data-part], .log-list > li')) el.__old = true;
  let ok = globalThis.boardshelfMorph(app, sent);
  const fallback = ok === false;
  const stray = app.querySelector('[data-keep], [data-keep-tail]');
  const where = stray ? stray.getAttribute('data-part') + ' in ' + stray.parentNode.nodeName + '.' + stray.parentNode.getAttribute('class')
    + ' after ' + (stray.previousSibling ? stray.previousSibling.nodeName + '.' + (stray.previousSibling.getAttribute && stray.previousSibling.getAttribute('class')) : '-') : '';
  if (fallback) ok = globalThis.boardshelfMorph(app, markup);
  const ref = document.createElement('div');
  ref.innerHTML = markup;
  const parts = app.querySelectorAll('[data-part]');
  return {same: app.innerHTML === ref.innerHTML, ok, fallback, where, keeps: (sent.match(/ data-keep>/g) || []).length,
          tails: (sent.match(/ data-keep-tail>/g) || []).length,
          keptParts: Array.from(parts).filter(e => e.__old).length,
          keptLines: Array.from(app.querySelectorAll('.log-list > li')).filter(e => e.__old).length};
}"""


@pytest.mark.parametrize("game_id", [g["id"] for g in games.catalog() if g.get("ready")])
def test_unchanged_parts_are_kept_and_the_page_is_still_exactly_the_markup(morph_page, game_id):
    """What the glue sends (unchanged parts cut down to a kept start tag; a log that grew: only its new
    lines) leaves the page exactly as the whole markup would, and the kept parts' nodes stay on the page."""
    from pyapp.ui.markup import keep_unchanged
    parts: dict[str, str] = {}
    keeps = kept = tails = 0
    for what, markup in renders_of_a_session(game_id, steps=60, seed=7):
        sent, parts = keep_unchanged(markup, parts)
        # a kept part comes as its names only, not its whole start tag (a unit's label, a border's path)
        stubs = re.findall(r"<[^<>]* data-keep>", sent)
        assert all(len(s) < 120 for s in stubs), f"{game_id}: a kept part sent with its attributes: {max(stubs, key=len)[:200]}"
        r = morph_page.evaluate(KEEP_STEP_JS, [sent, markup])
        assert r["same"] and r["ok"], f"{game_id}: after '{what}' the page differs from its markup"
        assert not r["fallback"], f"{game_id}: after '{what}' a part could not be kept: {r['where']}"
        keeps += r["keeps"]
        kept += r["keptParts"]
        if r["tails"]:
            tails += 1
            assert r["keptLines"] > 0, f"{game_id}: after '{what}' the log's lines were drawn again"
    assert keeps > 20 and kept >= keeps            # parts were kept, their nodes (and those inside) stayed
    assert tails >= 5                              # the log grew at the front: only its new lines were sent


def test_a_part_the_page_does_not_have_is_refused_and_fields_in_kept_parts_keep_what_was_typed(morph_page):
    from pyapp.ui.markup import keep_unchanged, part
    page = morph_page
    first = '<div class="bar">x</div>' + part("form", '<form class="f"><input id="name" value="Ada"></form>') + '<input id="other" value="1">'
    sent, parts = keep_unchanged(first, {})
    assert page.evaluate(KEEP_STEP_JS, [sent, first])["ok"]
    page.fill("#name", "typed, not yet sent")
    page.fill("#other", "2")
    second = first.replace('"bar">x', '"bar">y')
    sent, parts = keep_unchanged(second, parts)
    assert ' data-keep>' in sent
    r = page.evaluate(KEEP_STEP_JS, [sent, second])
    assert r["ok"] and not r["fallback"] and r["keptParts"] == 1
    assert page.input_value("#name") == "typed, not yet sent"     # a kept part is not touched
    assert page.input_value("#other") == "1"                      # a field outside parts takes the markup's value
    # the page lost the part (e.g. another script changed it): the morph says so and the glue sends the whole markup
    page.evaluate("() => document.querySelector('[data-part=form]').remove()")
    r = page.evaluate(KEEP_STEP_JS, [sent, second])
    assert r["fallback"] and r["ok"] and r["same"]
