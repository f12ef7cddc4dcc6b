"""Accessible names in a renderer's markup, checked on CPython the way axe-core checks them in the browser.

``name_mismatches(markup)``: the controls whose ``aria-label`` does not contain their visible text (axe-core's
``label-content-name-mismatch``, WCAG 2.5.3 "Label in Name": a speech-input user says what they see).  As axe
4.14 does it: the visible text is every text node inside the control joined as it stands (two ``<text>``
elements side by side read as one word), ``<title>``/``<desc>`` and ``.sr-only`` left out; both texts lose
what is in parentheses and every character that is not a letter or a digit; the visible words must then come
in the name as one unbroken run.  A visible text of one symbol (or none) is not checked.  Stricter than axe in
one way: a control hidden until something has the focus (a list of choices) is checked too.

``unfocusable_pieces(markup, cls)``: the pieces (``<g>`` elements whose class list holds ``cls``) that cannot
take the focus or have no name (``tabindex="0"``, a role, an ``aria-label`` of a few words, a ``data-key``).

>>> name_mismatches('<g role="button" aria-label="Move knight 1 to a6 with your 2"><text>1·2</text></g>')
[('1·2', 'Move knight 1 to a6 with your 2')]
>>> name_mismatches('<g role="button" aria-label="1·2: Move knight 1 to a6 (2 steps)"><text>1·2</text></g>')
[]
>>> name_mismatches('<g role="button" aria-label="Inf 1/1: Infantry"><text>Inf</text><text>1/1</text></g>')
[('Inf1/1', 'Inf 1/1: Infantry')]
>>> name_mismatches('<!-- a --><g role="button" aria-label="R&amp;D lab"><text>R&amp;D</text><title>x</title></g>')
[]
>>> name_mismatches('<!DOCTYPE html><p><button aria-label="Go">Stop <span class="sr-only">now</span></button>')
[('Stop', 'Go')]
"""
from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

WIDGETS = {"button", "link", "checkbox", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "radio",
           "switch", "tab", "treeitem"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
SKIP = {"title", "desc", "style", "script"}


class _Controls(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, dict | None, bool]] = []
        self.controls: list[dict] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = {k: v or "" for k, v in attrs}
        skip = tag in SKIP or "sr-only" in a.get("class", "").split()
        role = a.get("role") or {"button": "button", "a": "link" if "href" in a else ""}.get(tag, "")
        rec = None
        if "aria-label" in a and role in WIDGETS:
            rec = {"label": a["aria-label"], "text": [], "attrs": a}
            self.controls.append(rec)
        if tag not in VOID:
            self.stack.append((tag, rec, skip))

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if any(skip for _t, _r, skip in self.stack):
            return
        for _t, rec, _s in self.stack:
            if rec is not None:
                rec["text"].append(data)


# The renderers' markup is well formed (quoted attributes, "<" in text escaped, comments without "--"): a regex
# reads it several times faster than html.parser, which was 91 % of test_clockwork_board's name test (169 markups
# of ~2,650 tags).  Anything else in it (a doctype, a stray "<", a <style> or <script>): html.parser reads it.
_TOKEN = re.compile(r"""<!--(?:[^-]|-(?!->))*-->|<(/?)([a-zA-Z][^\s/>]*)((?:\s+[^\s"'=/>]+"""
                    r"""(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*)\s*(/?)>|([^<]+)|(<)""")
_ATTR = re.compile(r"""([^\s"'=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?""")


def _controls(markup: str) -> list[dict]:
    """``_Controls``' controls, read with ``_TOKEN`` (the same calls html.parser makes: names lowercased, character
    references replaced, comments left out; a tag without "aria-label" or "sr-only" has no attribute that matters)."""
    tokens = list(_TOKEN.finditer(markup))
    if any(m.group(6) or m.group(2) and m.group(2).lower() in ("style", "script") for m in tokens):
        p = _Controls()
        p.feed(markup)
        return p.controls
    p = _Controls()
    for m in tokens:
        closing, tag, attrs, self_closing, data, _ = m.groups()
        if data is not None:
            p.handle_data(unescape(data))
        elif tag is None:                       # a comment
            continue
        elif closing:
            p.handle_endtag(tag.lower())
        else:
            low = attrs.lower()
            pairs = [] if "aria-label" not in low and "sr-only" not in low else \
                [(a.group(1).lower(), unescape(a.group(2) if a.group(2) is not None else a.group(3))
                  if a.group(2) is not None or a.group(3) is not None else None) for a in _ATTR.finditer(attrs)]
            (p.handle_startendtag if self_closing else p.handle_starttag)(tag.lower(), pairs)
    return p.controls


def _words(text: str) -> list[str]:
    while True:
        shorter = re.sub(r"\([^()]*\)", "", text)
        if shorter == text:
            break
        text = shorter
    return re.sub(r"[^0-9a-z]+", " ", text.lower()).split()


def _contains(words: list[str], name: list[str]) -> bool:
    return any(name[i:i + len(words)] == words for i in range(len(name) - len(words) + 1))


def name_mismatches(markup: str) -> list[tuple[str, str]]:
    """(visible text, aria-label) of every control whose name does not hold its visible text."""
    out = []
    for c in _controls(markup):
        visible = " ".join("".join(c["text"]).split())
        words = _words(visible)
        if not words or (len(visible) == 1 and not visible.isdigit()):
            continue
        if not _contains(words, _words(c["label"])):
            out.append((visible, c["label"]))
    return out


class _Pieces(HTMLParser):
    def __init__(self, cls: str, tag: str | None) -> None:
        super().__init__(convert_charrefs=True)
        self.cls, self.tag = cls, tag
        self.found: list[dict] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = {k: v or "" for k, v in attrs}
        if self.cls in a.get("class", "").split() and self.tag in (None, tag):
            self.found.append(a)


def pieces(markup: str, cls: str, tag: str | None = "g") -> list[dict]:
    """The attributes of every element (``<g>`` by default) of class ``cls``."""
    p = _Pieces(cls, tag)
    p.feed(markup)
    return p.found


def unfocusable_pieces(markup: str, cls: str, tag: str | None = "g") -> list[dict]:
    """The attributes of every piece of class ``cls`` that cannot take the focus (``tabindex="0"``) or has no
    role, no name of a few words, or no ``data-key``."""
    return [a for a in pieces(markup, cls, tag) if a.get("tabindex") != "0" or not a.get("role")
            or len(a.get("aria-label", "").split()) < 3 or not a.get("data-key")]


class _Spoken(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.out: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag in VOID:
            return
        self.stack.append((tag, tag in SKIP or a.get("aria-hidden") == "true"))

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if not any(hidden for _t, hidden in self.stack):
            self.out.append(data)


def spoken(markup: str) -> str:
    """The text of ``markup`` as a live region reads it: every text node in order, with what is
    ``aria-hidden`` and ``<title>`` left out, whitespace collapsed (blocks are not separated: the markup's
    own spaces and punctuation must do it).

    >>> spoken('<div>Attack <span aria-hidden="true">⚀</span><span class="sr-only">1</span> = <b>1</b></div>')
    'Attack 1 = 1'
    """
    p = _Spoken()
    p.feed(markup)
    return " ".join("".join(p.out).split())
