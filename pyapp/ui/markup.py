"""Tiny helpers to build markup strings safely.

Every player-entered string (army names, save titles, seat names) goes through
:func:`esc` before it reaches markup.

>>> esc('<script>"x"</script>')
'&lt;script&gt;&quot;x&quot;&lt;/script&gt;'
>>> button("Start", nav="start", cls="primary")
'<button type="button" class="btn primary" data-nav="start">Start</button>'
"""
from __future__ import annotations

from ..engine.util import esc as _esc


def esc(text) -> str:
    """HTML-escape ``text`` (quotes included) for element content and attribute values."""
    return _esc(text)


def attrs(**kw) -> str:
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
