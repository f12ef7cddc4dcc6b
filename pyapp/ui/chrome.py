"""The app's frame around every screen: the notices and the confirmation question.  Pure functions of the
session's ``messages`` and ``confirm``."""
from __future__ import annotations

from .markup import button, esc


def notices_html(messages: list[dict]) -> str:
    """The notices on screen, each with its dismiss button (``dismiss:<id>``)."""
    if not messages:
        return ""
    items = "".join(
        f'<div class="notice {esc(m["level"])}" role="alert"><span>{esc(m["text"])}</span>'
        f'<button type="button" class="dismiss" data-nav="dismiss:{m["id"]}" aria-label="Dismiss">×</button></div>'
        for m in messages)
    return f'<div class="notices">{items}</div>'


def confirm_html(c: dict | None) -> str:
    """The question on screen (``confirm`` / ``confirm:never`` / ``cancel-confirm``), or nothing."""
    if not c:
        return ""
    never = (button("Yes, and don't ask again", nav="confirm:never", cls="small") if c.get("setting") else "")
    return (f'<div class="confirm" role="alertdialog" aria-label="Please confirm"><span>{esc(c["text"])}</span>'
            + button(esc(c["yes"]), nav="confirm", cls="danger") + button(esc(c["no"]), nav="cancel-confirm")
            + never + "</div>")
