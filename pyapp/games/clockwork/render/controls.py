"""The open question (Stealth, Scapegoat, a counter attack, Assassinate, Corrupt) with its answers, and the
portals to create (a row per unit type, a button per hex at a Gate Token's arrow)."""
from __future__ import annotations

from ....ui.markup import action_button, esc
from .shared import by_key, hex_order, name_of

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ....engine import Action
    from ..types import ClockworkView

GROUPS = (  # button groups: (title, predicate on the id)
    ("Turn", lambda a: a in ("done", "end", "draw", "research")),
    ("Prompt", lambda a: a in ("stealth", "nostealth", "counter", "nocounter", "noscapegoat", "decline")
     or a.startswith(("scapegoat:", "assassinate:", "corrupt:")) and ">" in a or a.startswith("scapegoat:")),
    ("Abilities", lambda a: a.startswith(("assassinate:", "corrupt:", "salvage:", "selfdestruct:"))),
)
PROMPT_TEXT = {"stealth": "Stealth: flip a coin to dodge the attack?",
               "scapegoat": "Scapegoat: flip a coin to let a neighbouring unit take the attack?",
               "counter": "The attack missed: counter attack?",
               "assassinate": "Heads! Assassinate: choose the unit to destroy (pay its cost) or do nothing.",
               "corrupt": "Heads! Corrupt: choose the unit to take control of this turn, or do nothing."}


def prompt_html(view: ClockworkView, acts: dict[str, Action], used: set[str], names: list[str]) -> str:
    pend = view.get("pending")
    if not isinstance(pend, dict):
        return ""
    kind = pend.get("kind")
    text = PROMPT_TEXT.get(kind, str(kind))
    where = " · ".join(f"{w} {esc(h)}" for w, h in (("attacker", pend.get("attacker")), ("target", pend.get("target"))) if h)
    btns = []
    for aid, a in acts.items():
        if aid in ("stealth", "nostealth", "counter", "nocounter", "noscapegoat", "decline") or \
                aid.startswith(("scapegoat:", "assassinate:", "corrupt:")) and (">" in aid or aid.startswith("scapegoat:")):
            primary = aid in ("stealth", "counter") or ":" in aid
            btns.append(action_button(aid, esc(a.label or aid), cls="primary" if primary else ""))
            used.add(aid)
    wait = "" if btns else f'<p class="wait">Waiting for {esc(name_of(names, pend.get("seat")))} to decide.</p>'
    return (f'<section class="cw-prompt" role="alert"><h3>{esc(name_of(names, pend.get("seat")))}: {esc(text)}</h3>'
            f'<p class="where">{where}</p>{wait}<div class="btns">{"".join(btns)}</div></section>')


def _choice_row(title: str, choices: list[tuple[str, str, Action]], buttons: str, used: set[str]) -> str:
    used.update(aid for _t, aid, _a in choices)
    return f'<div class="prow"><span class="at">{title}</span>{buttons}</div>'


def portal_buttons(view: ClockworkView, acts: dict[str, Action], used: set[str]) -> str:
    """CC-UI-15: one row per unit type (name and cost), one button per Gate Token arrow hex."""
    by_unit = by_key(acts, "portal:")
    if not by_unit:
        return ""
    gates = {g.get("arrow"): g.get("hex") for g in view.get("gates") or []}
    rows = []
    for key, lst in by_unit.items():
        label = lst[0][2].label or key
        name = label.removeprefix("Create a ").partition(" portal at ")[0] or key
        cost = label.rpartition("(cost ")[2].rstrip(")") if "(cost " in label else "?"
        btns = "".join(action_button(aid, f'<span class="sr-only">{esc(name)} portal at </span>{esc(h)}', cls="small",
                                     title=f"{a.label or aid} (Gate Token {gates.get(h, '?')})")
                       for h, aid, a in sorted(lst, key=lambda t: hex_order(t[0])))
        rows.append(_choice_row(f"{esc(name)} <small>(cost {esc(cost)})</small>", lst, btns, used))
    return (f'<div class="cw-group portals"><h4>Create a face-down portal: unit, then the hex at a Gate Token\'s arrow'
            f'</h4>{"".join(rows)}</div>')
