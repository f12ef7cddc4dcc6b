"""Tiny helpers to build markup strings safely.

Every player-entered string (army names, save titles, seat names) goes through
:func:`esc` before it reaches markup.  The second half holds what the game
renderers (``pyapp/games/*/render.py``) share: action buttons, number checks,
default seat names, hexagon outlines, the board's marker layer and the log panel.

>>> esc('<script>"x"</script>')
'&lt;script&gt;&quot;x&quot;&lt;/script&gt;'
>>> button("Start", nav="start", cls="primary")
'<button type="button" class="btn primary" data-nav="start">Start</button>'
"""
from __future__ import annotations

import math
import operator
import re

from ..engine.log import html as _log_html
from ..engine.saves import MAX_NAME, plain_name
from ..engine.util import esc as _esc

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Any, Callable, Sequence


def esc(text: object) -> str:
    """HTML-escape ``text`` (quotes included) for element content and attribute values."""
    return _esc(text)


def bdi(text: object) -> str:
    """A player's name (or any outside text) for markup: escaped and in ``<bdi>``, so a right-to-left
    override in it cannot reverse the rest of the line.  (Game renderers: use it for every name they show.)

    >>> bdi("<Ann>")
    '<bdi>&lt;Ann&gt;</bdi>'
    """
    return f"<bdi>{esc(text)}</bdi>"


FSI, PDI = "\u2068", "\u2069"           # first strong isolate ... pop directional isolate
_OPENERS = frozenset("\u2066\u2067\u2068")  # LRI, RLI, FSI
# Where every right-to-left character is (bidi classes R, AL and AN; RLM and ALM among them): Hebrew to
# Arabic Extended, the presentation forms, and the planes' right-to-left zones (checked against Unicode 14).
_RTL = re.compile("[\u0590-\u08ff\u200f\ufb1d-\ufdff\ufe70-\ufeff\U00010800-\U00010fff\U0001e800-\U0001efff]")


def isolate(name: object, limit: int = MAX_NAME) -> str:
    """A player's name as the app keeps it once it comes in (typed at setup, read from a save or a link):
    on one line, without directional formatting controls (:data:`pyapp.engine.saves.BIDI_CONTROLS`: an
    override or an unpaired isolate in it reversed or swallowed the rest of its line), at most ``limit``
    characters, and, if it holds a right-to-left character, wrapped in FSI ... PDI, so it is isolated
    wherever it is shown: markup, the tab title, ``title`` and ``aria-label`` attributes, log text (``<bdi>``
    reaches only markup; an isolate inside ``<bdi>`` is harmless).  A name without one is left as it is: with
    the controls gone it cannot reorder anything on the app's left-to-right pages, and "Ann" stays "Ann" in
    every text and test.  ``""`` when nothing is left.  Isolating twice is isolating once.

    >>> isolate("\\u202eAnn"), isolate(" Bo \\u2066"), isolate("\\u202e ")
    ('Ann', 'Bo', '')
    >>> isolate("\\u202e\\u05d3\\u05df 2") == FSI + "\\u05d3\\u05df 2" + PDI == isolate(isolate("\\u05d3\\u05df 2"))
    True
    """
    text = plain_name(name, limit)
    return f"{FSI}{text}{PDI}" if _RTL.search(text) else text


def clip_text(text: object, limit: int) -> str:
    """``text`` cut to ``limit`` characters (the last one an ellipsis when cut), closing every isolate the cut
    leaves open (a closing PDI is added for each), so a cut name never isolates the rest of its line.

    >>> clip_text("Boardshelf", 6), clip_text("Board", 6)
    ('Board…', 'Board')
    >>> clip_text(isolate("\\u05d3\\u05d3\\u05d3\\u05d3") + " and Bo", 5) == FSI + "\\u05d3\\u05d3\\u05d3…" + PDI
    True
    """
    t = str(text)
    if len(t) <= limit:
        return t
    cut = t[:max(limit - 1, 0)]
    open_ = 0
    for c in cut:
        if c in _OPENERS:
            open_ += 1
        elif c == PDI and open_:
            open_ -= 1
    return cut + "…" + PDI * open_


def attrs(**kw: object) -> str:
    """` name="value"` pairs; ``data_x`` becomes ``data-x``; None/False values are left out."""
    out = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        out.append(f" {name}" if v is True else f' {name}="{esc(v)}"')
    return "".join(out)


def button(label_html: str, *, nav: str | None = None, action: str | None = None, cls: str = "",
           disabled: bool = False, title: str | None = None) -> str:
    """A button; ``label_html`` must already be escaped."""
    c = ("btn " + cls).strip()
    return (f'<button type="button"{attrs(class_=c, data_nav=nav, data_action=action, title=title, disabled=disabled)}>'
            f"{label_html}</button>")


# ---------------------------------------------------------------- parts the page keeps between updates
PART_ATTR = ' data-part="'
_TAG = re.compile(r"<([A-Za-z][A-Za-z0-9:-]*)")


def part(key: str, element: str) -> str:
    """``element`` (one whole element's markup, ``<tag ...>...</tag>``) marked as a part named ``key``.

    The page keeps a part's nodes as they are when its markup is the same as at the last update, without
    reading that markup again (:func:`keep_unchanged`, web/morph.js): mark the big blocks that most moves
    leave alone (a board's fixed cells, each piece, a log, a table).  ``key`` must be unique on the page
    and made of letters, digits and ``-_:.``; a part may hold other parts.  An empty ``element`` stays empty.

    >>> part("log", '<ol class="log"><li>a</li></ol>')
    '<ol class="log" data-part="log"><li>a</li><!--/bs:log--></ol>'
    >>> part("c", "<g>x</g>"), part("d", "")
    ('<g data-part="c">x<!--/bs:c--></g>', '')
    """
    if not element:
        return ""                                                # (nothing drawn: no part)
    if _TAG.match(element) is None:
        raise ValueError(f"not an element: {element[:40]!r}")
    cut = element.index(">")                                   # the end of the start tag
    close = element.rindex("</")
    return (f'{element[:cut]}{PART_ATTR}{key}"{element[cut:close]}<!--/bs:{key}-->{element[close:]}')


def _parts(markup: str) -> dict[str, tuple[int, int]]:
    """Every part of ``markup``: key -> (start, end) of its element; a key marked twice is left out."""
    found: dict[str, tuple[int, int]] = {}
    twice: set[str] = set()
    i = 0
    while True:
        j = markup.find(PART_ATTR, i)
        if j < 0:
            break
        k0 = j + len(PART_ATTR)
        k1 = markup.find('"', k0)
        key = markup[k0:k1]
        marker = f"<!--/bs:{key}-->"
        end = markup.find(marker, k1)
        close = markup.find(">", end + len(marker)) if end >= 0 else -1     # the end tag after the marker
        if k1 < 0 or close < 0:
            break
        if key in found:
            twice.add(key)
        found[key] = (markup.rfind("<", 0, j), close + 1)
        i = k1
    for key in twice:
        del found[key]
    return found


def keep_unchanged(markup: str, before: dict[str, str]) -> tuple[str, dict[str, str]]:
    """What the page is sent for ``markup`` when it shows the parts in ``before`` (key -> markup): every
    part whose markup is the same is cut down to its start tag marked ``data-keep`` and its end tag (the
    page keeps its nodes); a part that only grew at the front (a log, newest first: the same start tag, and
    its old content now comes after new content) is sent as its start tag marked ``data-keep-tail`` with
    only the new content (the page puts it before the nodes it keeps).  Returns that and the parts of
    ``markup`` for the next update.

    >>> page = '<main>' + part("a", "<ul><li>1</li></ul>") + part("b", "<p>2</p>") + '</main>'
    >>> sent, now = keep_unchanged(page, {})
    >>> sent == page
    True
    >>> keep_unchanged(page.replace("2", "3"), now)[0]
    '<main><ul data-part="a" data-keep></ul><p data-part="b">3<!--/bs:b--></p></main>'
    >>> keep_unchanged(page.replace("<li>1", "<li>0</li><li>1"), now)[0]
    '<main><ul data-part="a" data-keep-tail><li>0</li></ul><p data-part="b" data-keep></p></main>'
    """
    spans = _parts(markup)
    now = {key: markup[a:b] for key, (a, b) in spans.items()}
    out: list[str] = []
    pos = 0
    for key, (a, b) in sorted(spans.items(), key=lambda kv: kv[1][0]):
        if a < pos:
            continue                                   # inside a part already kept
        m = _TAG.match(markup, a)
        if m is None:
            continue
        old = before.get(key)
        if old is None:
            continue                                   # (new on the page: sent whole)
        if old == now[key]:
            head = markup[a:markup.index(">", a)]
            stub = _STUBS.get(head)
            if stub is None:
                if len(_STUBS) > 2000:                # (bounded: the heads of a long evening's pieces)
                    _STUBS.clear()
                stub = _STUBS[head] = _stub(m.group(1), head, key)
            out += [markup[pos:a], stub]
            pos = b
        elif len(old) < b - a:
            head = markup[a:markup.index(">", a)]
            if (new := _grown_at_front(old, now[key], len(head) + 1, _FIELDLESS.get(key) is old)) is not None:
                if len(_FIELDLESS) > 1000:
                    _FIELDLESS.clear()
                _FIELDLESS[key] = now[key]
                out += [markup[pos:a], f"{head} data-keep-tail>{new}</{m.group(1)}>"]
                pos = b
    if not out:
        return markup, now
    out.append(markup[pos:])
    return "".join(out), now


_NAMES = re.compile(r' (?:id|data-key)="[^"]*"')
_STUBS: dict[str, str] = {}          # a kept part's start tag -> what the page is sent for it (:func:`_stub`)
# part key -> its markup last sent grown at the front, which had no form field (the same object is the next
# update's ``before[key]``: then only the new content needs looking at; Clockwork's log is ~100 K characters)
_FIELDLESS: dict[str, str] = {}


def _stub(tag: str, head: str, key: str) -> str:
    """What the page is sent for a part it keeps: the tag, the names web/morph.js matches it by (``id``,
    ``data-key``, ``data-part``) and ``data-keep``: not the rest of its start tag (a unit's label, a border's
    whole path), which the page already has.

    >>> _stub("path", '<path class="borders" d="M0 0L9 9" data-part="b"', "b")
    '<path data-part="b" data-keep></path>'
    >>> _stub("g", '<g id="x" class="u" data-key="k" data-part="u"', "u")
    '<g id="x" data-key="k" data-part="u" data-keep></g>'
    """
    return f'<{tag}{"".join(_NAMES.findall(head))}{PART_ATTR}{key}" data-keep></{tag}>'


_FIELD_TAG = re.compile("<(?:input|select|textarea)")


def _grown_at_front(old: str, new: str, head: int, old_fieldless: bool = False) -> str | None:
    """The content ``new`` (a part's whole markup) puts before all of ``old``'s, when that is all that changed:
    the same start tag (``head`` characters long) and ``old``'s content (with its end marker and end tag) is
    the end of ``new``'s.  Never for a part with form fields (web/morph.js gives a field its markup's state by
    order, and a kept field keeps its own); ``old_fieldless``: ``old`` is known to have none, so only the start
    tag and the new content are searched (with a field tag's length of ``old`` after it, for one across the seam)."""
    if len(new) <= len(old) or old[:head] != new[:head] or not new.endswith(old[head:]) or old[head:].startswith("<!--"):
        return None
    grown = new[head:len(new) - len(old) + head]
    if _FIELD_TAG.search(new, 0, head + len(grown) + 9 if old_fieldless else len(new)):
        return None
    return grown


# ---------------------------------------------------------------- drawn once while its inputs stand
MEMO_OFF = False      # (tests set it to draw every memoised piece afresh: tests/ui/test_memo.py)


def memo(fn: Callable[..., str], size: int = 512) -> Callable[..., str]:
    """``fn`` (a pure function of plain data: str, numbers, bools, None, lists, tuples, dicts) remembering its
    last ``size`` results by the ``repr`` of its arguments, which tells ``1`` from ``True`` from ``1.0`` and a
    list from a tuple: a renderer's piece whose slice of the view did not change (a unit that did not move) is
    not built again.  Never for an argument whose ``repr`` does not show all of it (an object's ``<X at 0x..>``).

    >>> calls = []
    >>> f = memo(lambda u, x: calls.append(x) or f"{u['hp']}@{x}")
    >>> f({"hp": 3}, 1), f({"hp": 3}, 1), f({"hp": 3}, True), f({"hp": 2}, 1), len(calls)
    ('3@1', '3@1', '3@True', '2@1', 3)
    """
    cache: dict[str, str] = {}

    def drawn(*args: Any, **kw: Any) -> str:
        if MEMO_OFF:
            return fn(*args, **kw)
        key = repr((args, kw))
        out = cache.get(key)
        if out is None:
            if len(cache) >= size:
                cache.clear()
            out = cache[key] = fn(*args, **kw)
        return out
    drawn.__doc__, drawn.__name__, drawn.__qualname__ = fn.__doc__, getattr(fn, "__name__", "drawn"), \
        getattr(fn, "__qualname__", "drawn")
    drawn.__wrapped__ = fn         # type: ignore[attr-defined]
    return drawn


# ---------------------------------------------------------------- shared by the game renderers
def action_button(action_id: str, label_html: str, *, cls: str = "", title: str = "") -> str:
    """A button that applies the game action ``action_id``; ``label_html`` must already be escaped, ``title`` is plain.

    Unlike :func:`button` the class list is always ``"btn " + cls`` (kept byte for byte as the renderers drew it).

    >>> action_button("pay:c1", "Pay", title='a "b"')
    '<button type="button" class="btn " data-action="pay:c1" title="a &quot;b&quot;">Pay</button>'
    """
    t = f' title="{esc(title)}"' if title else ""
    return f'<button type="button" class="btn {cls}" data-action="{esc(action_id)}"{t}>{label_html}</button>'


def number(v: object, default: Any = 0) -> Any:     # (Any: int, float or whatever the caller's default is)
    """``v`` if it is an int or float (a bool is not), else ``default``.

    >>> number(3), number(2.5), number(True), number("4"), number(None, -1)
    (3, 2.5, 0, 0, -1)
    """
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else default


def seat_names(names: Sequence[str], n: int) -> list[str]:
    """``names`` followed by ``Player k`` for the seats ``len(names)`` .. ``n - 1`` that have no name.

    >>> seat_names(["Ann"], 3), seat_names(["Ann", "Bob"], 1)
    (['Ann', 'Player 2', 'Player 3'], ['Ann', 'Bob'])
    """
    return list(names) + [f"Player {i + 1}" for i in range(len(names), n)]


def hex_points(r: float) -> str:
    """SVG ``points`` of a flat-topped hexagon of circumradius ``r`` centred on the origin.

    >>> hex_points(10)
    '10.0,0.0 5.0,8.7 -5.0,8.7 -10.0,0.0 -5.0,-8.7 5.0,-8.7'
    """
    return " ".join(f"{r * math.cos(math.radians(a)):.1f},{r * math.sin(math.radians(a)):.1f}"
                    for a in range(0, 360, 60))


def dest_layer(groups: dict, before: str = "") -> str:
    """The layer of clickable board markers: ``before``, then one ``<g class="dests KEY">`` per group, in order.

    A group gathers the markers of one piece, so pointing at the piece can light up just its markers.

    >>> dest_layer({"k0": ["<a/>", "<b/>"]}, "<hl/>")
    '<g class="dest-layer"><hl/><g class="dests k0"><a/><b/></g></g>'
    """
    return (f'<g class="dest-layer">{before}'
            + "".join(f'<g class="dests {esc(key)}">{"".join(items)}</g>' for key, items in groups.items()) + "</g>")


LOG_FILTER_SLOT = "<!--bs:log-filter-->"     # where the app puts its "show the log of" buttons
LOG_LAST, LOG_STEP = 20, 30                   # the log panel's newest lines at least; "Show earlier moves" adds
# What the app's table asks the log panel to show (set by :class:`table_choices` around its render; None: every
# line, as a replay draws it): (the seat whose lines only, None: everyone's; how many steps of earlier lines, None: all)
LOG_SHOW: tuple[int | None, int | None] | None = None
# The folds (:func:`fold`) the app's table has turned from their default (open <-> closed); None: drawn outside
# the table (a replay, a test), where every fold is whole and the browser opens and closes it itself
FOLDS: frozenset[str] | None = None


class table_choices:
    """``with table_choices(seat, steps, folds):`` the panels drawn inside follow the app's choices: the log shows
    its newest lines (of ``seat``'s only, when not None) and ``steps`` times :data:`LOG_STEP` earlier ones (None:
    the whole log), with controls that ask for more (:func:`log_window`); a :func:`fold` whose key is in ``folds``
    is turned from its default.  The app owns them (``Session.log_seat``, ``log_steps``, ``folds``)."""

    def __init__(self, seat: int | None, steps: int | None, folds: frozenset[str] | set[str] = frozenset()) -> None:
        self.show, self.folds = (seat, steps), frozenset(folds)

    def __enter__(self) -> None:
        global LOG_SHOW, FOLDS
        self.old, (LOG_SHOW, FOLDS) = (LOG_SHOW, FOLDS), (self.show, self.folds)

    def __exit__(self, *exc: object) -> None:
        global LOG_SHOW, FOLDS
        LOG_SHOW, FOLDS = self.old


def fold(key: str, cls: str, summary: str, body: str | Callable[[], str], opened: bool = False) -> str:
    """A panel that opens into detail (``<details class="cls">``, ``summary`` its line), closed unless ``opened``
    (its default) or the app's table has turned it (:data:`FOLDS`).  On the table the app owns its state (the
    summary's ``data-nav="fold:key"``; the glue keeps the browser from toggling it) and a closed one is sent as
    its summary only: its ``body`` (markup, or a function that draws it) is drawn and sent only when open, so
    an update neither builds nor patches what a player does not see until asked (issue 31).

    >>> fold("t", "x", "Tiles", "<ul><li>a</li></ul>")
    '<details class="x"><summary>Tiles</summary><ul><li>a</li></ul></details>'
    >>> with table_choices(None, 0):
    ...     fold("t", "x", "Tiles", lambda: "<ul></ul>")
    '<details class="x"><summary data-nav="fold:t">Tiles</summary></details>'
    >>> with table_choices(None, 0, {"t"}):
    ...     fold("t", "x", "Tiles", "<ul></ul>")
    '<details class="x" open><summary data-nav="fold:t">Tiles</summary><ul></ul></details>'
    """
    if FOLDS is None:
        return (f'<details class="{cls}"{" open" if opened else ""}><summary>{summary}</summary>'
                f'{body() if callable(body) else body}</details>')
    if key in FOLDS:
        opened = not opened
    head = f'<summary data-nav="fold:{key}">{summary}</summary>'
    if not opened:
        return f'<details class="{cls}">{head}</details>'
    return f'<details class="{cls}" open>{head}{body() if callable(body) else body}</details>'


def log_first(n: int, steps: int | None) -> int:
    """The first of ``n`` lines the log panel shows: the window starts on a multiple of :data:`LOG_STEP`, so
    it holds :data:`LOG_LAST` to ``LOG_LAST + LOG_STEP - 1`` lines and, as the log grows, most updates only add
    lines at its top (sent alone: :func:`keep_unchanged`); ``steps`` more steps of earlier lines, None: all.

    >>> [log_first(n, 0) for n in (0, 20, 49, 50, 79, 80)], log_first(80, 1), log_first(80, 2), log_first(80, None)
    ([0, 0, 0, 30, 30, 60], 30, 0, 0)
    """
    if steps is None:
        return 0
    return max(0, LOG_STEP * (max(0, n - LOG_LAST) // LOG_STEP - steps))


def _names_seat(seat: int) -> re.Pattern[str]:
    """A line naming ``seat``: an element of class ``seat-N`` in it (as web/ui.css's filter reads it)."""
    return re.compile(f'class="(?:[^"]*\\s)?seat-{seat}[\\s"]')


def log_window(items: list[str], show: tuple[int | None, int | None] | None) -> tuple[list[str], str]:
    """The ``<li>`` of ``items`` (oldest first) that the log panel shows and the controls after its list:
    "Show earlier moves" (one step more), "Show the whole log" and, once more is shown, "Show only the latest".

    >>> lis = [f'<li><span class="seat seat-{i % 2}">x</span></li>' for i in range(60)]
    >>> shown, more = log_window(lis, (None, 0))
    >>> len(shown), 'data-nav="logmore:more"' in more, "(30 more)" in more, "(60 in all)" in more
    (30, True, True, True)
    >>> shown, more = log_window(lis, (1, 0))
    >>> len(shown), all("seat-1" in x for x in shown), more.count("<button")
    (30, True, 0)
    >>> log_window(lis, None) == (lis, "")
    True
    """
    if show is None:
        return items, ""
    seat, steps = show
    names_seat = None if seat is None else _names_seat(seat).search
    pool = items if names_seat is None else [x for x in items if names_seat(x)]
    first = log_first(len(pool), steps)
    buttons = []
    if first:
        buttons.append(f'<button type="button" class="btn small" data-nav="logmore:more">Show earlier moves '
                       f'<span class="n">({min(first, LOG_STEP)} more)</span></button>')
        buttons.append(f'<button type="button" class="btn small" data-nav="logmore:all">Show the whole log '
                       f'<span class="n">({len(pool)} in all)</span></button>')
    if steps != 0 and len(pool) > LOG_LAST + LOG_STEP:
        buttons.append('<button type="button" class="btn small" data-nav="logmore:less">Show only the latest</button>')
    more = (f'<p class="log-more button-row">{"".join(buttons)}</p>' if buttons else "")
    return pool[first:], more


def log_details(cls: str, lines: Sequence[Any], line_html: Callable[[Any], str] | None = None,
                last: int | None = None, *, names: Sequence[str] | None = None) -> str:
    """The game log panel: every line (or only the ``last`` ones), newest first; ``line_html`` turns a line
    into escaped markup (by default :func:`pyapp.engine.log.html`: a structured event with its seats named
    by ``names`` and coloured, an old plain string escaped).  Drawn inside :class:`table_choices` (the app's
    table), it shows the lines and the controls :func:`log_window` gives.

    Line n of the log always shows number n (written in the line, in ``span.log-n``; a line of kind ``hint``,
    the app's note that a player asked for a hint, has no number of its own) and is named
    ``data-key="log<n>"``, so as the log grows web/morph.js only inserts the new lines at the top: the lines
    already on the page are not rewritten, and no list numbering is recomputed (with a reversed ``<ol>``
    every line was renumbered and laid out again at every update).  :data:`LOG_FILTER_SLOT` marks where the
    app puts its filter by seat (web/ui.css hides the lines that name no ``.seat-N`` of the seat chosen).

    >>> log_details("x-log", ["a", "<b>"])
    '<details class="x-log" open><summary>Log</summary><!--bs:log-filter--><ol class="log-list" tabindex="0" aria-label="Log, newest first" data-part="x-log-list"><li data-key="log2"><span class="log-n">2</span> &lt;b&gt;</li><li data-key="log1"><span class="log-n">1</span> a</li><!--/bs:x-log-list--></ol></details>'
    >>> log_details("x-log", [{"text": "{0} rolls", "seats": [1]}, "b", "c"], names=["Ann", "Bo"], last=2)
    '<details class="x-log" open><summary>Log</summary><!--bs:log-filter--><ol class="log-list" tabindex="0" aria-label="Log, newest first" data-part="x-log-list"><li data-key="log3"><span class="log-n">3</span> c</li><li data-key="log2"><span class="log-n">2</span> b</li><!--/bs:x-log-list--></ol></details>'
    """
    show = line_html if line_html is not None else (lambda line: _log_html(line, names))
    shown = lines if last is None else lines[-last:] if last > 0 else []
    items, more = log_window(_log_items(cls, shown, len(lines) - len(shown), show, names, line_html), LOG_SHOW)
    return (f'<details class="{cls}" open><summary>Log</summary>{LOG_FILTER_SLOT}'
            + part(f"{cls}-list", '<ol class="log-list" tabindex="0" aria-label="Log, newest first">'
                   + "".join(reversed(items)) + "</ol>") + more + "</details>")


# cls -> (how lines are drawn, the lines last drawn, their <li> markup, the number after them): a log only grows,
# and its lines are the state's own objects, so a line that is the very same object as last time is not drawn again
_LOG_DRAWN: dict[str, tuple[tuple, list, list[str], int]] = {}


def _log_items(cls: str, lines: Sequence[Any], before: int, show: Callable[[Any], str], names: Sequence[str] | None,
               line_html: Callable[[Any], str] | None) -> list[str]:
    """The ``<li>`` of each line; ``before`` lines of the log come before ``lines`` (not shown)."""
    how = (tuple(names) if names is not None else None, getattr(line_html, "__qualname__", None), before)
    old = _LOG_DRAWN.get(cls)
    start, items, n = 0, [], before
    if old is not None and old[0] == how and not MEMO_OFF:
        old_lines, old_items = old[1], old[2]
        k = len(old_lines)
        if k <= len(lines) and all(map(operator.is_, old_lines, lines)):
            start, items, n = k, list(old_items), old[3]      # (the usual update: the same log, grown at its end)
        else:                                                 # (an undo, another game: line by line)
            same = next((i for i, (a, b) in enumerate(zip(old_lines, lines)) if a is not b), min(k, len(lines)))
            if same:
                start, items = same, old_items[:same]
                n += sum(not (isinstance(line, dict) and line.get("kind") == "hint") for line in lines[:same])
    for i in range(start, len(lines)):
        line = lines[i]
        note = isinstance(line, dict) and line.get("kind") == "hint"    # the app's note (pyapp.ui.hints): no number
        n += not note
        if note:
            items.append(f'<li data-key="log{n}-{i}" class="log-note"><span class="log-n"></span> {show(line)}</li>')
        else:
            items.append(f'<li data-key="log{n}"><span class="log-n">{n}</span> {show(line)}</li>')
    _LOG_DRAWN[cls] = (how, list(lines), items, n)
    return items
