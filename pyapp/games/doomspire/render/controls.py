"""The player's choices beside the board: the open question, the combat being fought, and a button for
every legal action the board does not place (grouped by kind), with the trade offer being drafted."""
from __future__ import annotations

from ....ui.markup import action_button, esc
from .panels import dice_html
from .shared import dragon_might

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ....engine import Action
    from ..types import DoomspireView, PlayerView, TileView
    from .shared import Ctx


def _btn(aid: str, label_html: str, *, cls: str = "", title: str = "") -> str:
    """A small action button (``title`` is plain text)."""
    return action_button(aid, label_html, cls=f"small {cls}", title=title)


def _prompt_html(view: DoomspireView, acts: dict[str, Action], used: set[str], cx: Ctx, seat: int | None) -> str:
    """The open question: its options for the seat asked, else whom everyone waits for."""
    pr = view.get("prompt")
    prompt = pr if isinstance(pr, dict) else None
    if not prompt:
        return ""
    prompt_ids = [aid for aid, a in acts.items() if str(getattr(a, "kind", "")).startswith("prompt")]
    ps = prompt.get("seat")
    text = prompt.get("text", "")
    if ps == seat and prompt_ids:
        btns = [_btn(aid, cx.rich(acts[aid].label or aid), cls="prompt-opt") for aid in prompt_ids]
        used.update(prompt_ids)
        return (f'<div class="ds-prompt mine" role="alert"><div class="ptext">Your decision: '
                f'<strong>{cx.rich(text)}</strong></div><div class="popts">{"".join(btns)}</div></div>')
    return f'<div class="ds-prompt waiting" role="status">Waiting for {cx.chip(ps)}: {cx.rich(text)}</div>'


def controls_html(view: DoomspireView, frame: dict, players: list[PlayerView], acts: dict[str, Action],
                  used: set[str], cx: Ctx, seat: int | None, phase: str) -> str:
    """The prompt, the combat being fought and the buttons of every action not on the board."""
    tiles = view.get("tiles") or {}
    ctl = [_prompt_html(view, acts, used, cx, seat), _combat_html(frame, tiles, players, cx)]
    if acts:
        me = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
        if me is not None and me.get("dice") and phase in ("move", "harvest"):
            ctl.append(f'<div class="ds-mydice">Your dice: {dice_html(me, view, seat)}</div>')   # beside the moves
        ctl.append(_action_groups(acts, used, cx, phase, view))
    body = "".join(ctl)
    return f'<section class="ds-controls bs-actions" aria-label="Your choices">{body}</section>' if body else ""


GROUPS = (  # (title, predicate on (head, kind)) in display order
    ("Roll your action dice", lambda h, k: h == "roll"),
    ("On this tile", lambda h, k: h in ("claim", "revolt", "conquer", "merc", "temple") or k in ("claim", "revolt",
                                                                                                   "conquer", "special")),
    ("Trader", lambda h, k: h in ("swap", "buy") or k == "trader"),
    ("Knights", lambda h, k: h in ("stay", "move")),
    ("Boats", lambda h, k: h == "boat"),
    ("Harvest", lambda h, k: h == "harvest"),
    ("Buildings", lambda h, k: h in ("sell", "smith", "fletch")),
    ("Build (ends your harvest)", lambda h, k: h == "build"),
    ("Items and followers", lambda h, k: h in ("pick", "drop", "dismiss")),
)


def _action_groups(acts: dict[str, Action], used: set[str], cx: Ctx, phase: str, view: DoomspireView) -> str:
    """The buttons of every action not drawn on the board: hints, groups by kind, trade offers, end/concede."""
    buckets, offers, ends, concede, other = _sort_actions(acts, used)
    out = [_move_hints(acts), _groups_html(buckets, acts, used, cx)]
    if other:
        row = "".join(_btn(aid, cx.rich(acts[aid].label or aid), cls="other") for aid in other)
        used.update(other)
        out.append(f'<div class="ds-group"><h4>Other</h4><div class="btns">{row}</div></div>')
    if ends:
        row = "".join(_btn(aid, cx.rich(acts[aid].label or aid), cls="primary end") for aid in ends)
        used.update(ends)
        out.append(f'<div class="ds-group ds-end"><div class="btns">{row}</div></div>')
    if offers:              # last: the folded panel's buttons keep boxes even while it is closed
        out.append(_trade_html([aid for ids in offers.values() for aid in ids], acts, used, cx, view))
    if concede:             # a secondary choice, folded away (on a phone the dock stays short); it asks again
        row = "".join(_btn(aid, cx.rich(acts[aid].label or aid), cls="danger concede") for aid in concede)
        used.update(concede)
        out.append(f'<details class="ds-group ds-more"><summary>More actions</summary><div class="btns">{row}</div></details>')
    return f'<div class="ds-actions">{"".join(out)}</div>'


def _sort_actions(acts: dict[str, Action], used: set[str]) -> tuple[dict, dict, list[str], list[str], list[str]]:
    """The ids still to show as buttons: per group title, trade offers per seat number, end, concede, other."""
    buckets: dict = {g[0]: [] for g in GROUPS}
    offers: dict = {}
    ends, concede, other = [], [], []
    for aid, a in acts.items():
        head = aid.partition(":")[0]
        kind = str(getattr(a, "kind", ""))
        if head == "trade":
            offers.setdefault("trade", []).append(aid)
            continue
        if aid in ("end", "done"):
            ends.append(aid)
            continue
        if aid == "concede":
            concede.append(aid)
            continue
        if head in ("move", "stay", "boat", "fleeto") and aid in used and head != "stay":
            continue                                    # on the board
        if kind.startswith("prompt") and aid in used:
            continue
        for title, pred in GROUPS:
            if pred(head, kind):
                buckets[title].append(aid)
                break
        else:
            if aid not in used:
                other.append(aid)
    return buckets, offers, ends, concede, other


def _move_hints(acts: dict[str, Action]) -> str:
    """How to move, sail and harvest on the board (for the actions that are there)."""
    hints = []
    walk = [a for a in acts if a.startswith("move:")]
    if walk:
        kn = sorted({a[5:].partition(">")[0] for a in walk})
        carry = any(a.startswith("boat:") and ":" in a.partition(":")[2].partition(">")[0] for a in acts)
        hints.append("Move " + ", ".join(f"knight {esc(k[1:])}" for k in kn)
                     + ": click a highlighted tile (1·2 = knight 1 with a 2" + ("; ⚓ = by boat" if carry else "")
                     + "; a dashed tile lists its moves). Click a knight of yours to see only its moves.")
    if any(a.startswith("boat:") and ":" not in a.partition(":")[2].partition(">")[0] for a in acts):
        hints.append("Sail a boat: click a ➜ marker in the sea.")
    if any(a.startswith("harvest:") and a != "harvest:all" for a in acts):
        hints.append("Harvest: click a ✚ tile or a button below.")
    return f'<p class="ds-hint">{" ".join(hints)}</p>' if hints else ""


def _groups_html(buckets: dict, acts: dict[str, Action], used: set[str], cx: Ctx) -> str:
    """One titled row of buttons per non-empty group, in :data:`GROUPS` order."""
    out = []
    for title, _pred in GROUPS:
        ids = buckets[title]
        if not ids:
            continue
        btns = []
        for aid in ids:
            cls = "primary" if aid.startswith(("roll:", "claim", "harvest:all")) else ""
            btns.append(_btn(aid, cx.rich(acts[aid].label or aid), cls=cls))
            used.add(aid)
        out.append(f'<div class="ds-group"><h4>{esc(title)}</h4><div class="btns">{"".join(btns)}</div></div>')
    return "".join(out)


def _trade_html(ids: list[str], acts: dict[str, Action], used: set[str], cx: Ctx, view: DoomspireView) -> str:
    """The trade panel: the offer being drafted (``view["draft"]``) and its steps (``trade:`` ids, LD-TRADE-1)."""
    rows: dict[str, list[str]] = {"to": [], "give": [], "get": [], "end": []}
    for aid in ids:
        step, _, arg = aid[6:].partition(":")
        title = cx.flat_text(acts[aid].label or aid)
        if step == "to":
            try:
                who = cx.chip(int(arg) - 1)
            except ValueError:
                who = esc(arg)
            rows["to"].append(_btn(aid, who, cls="offer", title=title))
        elif step in ("give", "get", "ungive", "unget"):
            sign = "+1" if step in ("give", "get") else "&minus;1"
            rows[step.removeprefix("un")].append(_btn(aid, f"{sign} {esc(arg)}", cls="offer", title=title))
        else:
            rows["end"].append(_btn(aid, cx.rich(acts[aid].label or aid), cls="primary" if step == "send" else "",
                                    title=title))
    used.update(ids)
    dr = view.get("draft")
    if dr:
        def bundle(b: dict) -> str:
            return esc(", ".join(f"{n} {r}" for r, n in b.items() if n)) or "nothing"
        head = (f'Your offer to {cx.chip(dr["to"])}: you give {bundle(dr["give"])}, you get {bundle(dr["get"])}')
    else:
        head = "Offer a trade…"
    parts = [] if dr else ['<p class="hint">Any of your resources for any of another lord\'s; they accept or '
                           'decline.</p>']
    for key, label in (("to", "To:"), ("give", "You give:"), ("get", "You ask:"), ("end", "")):
        if rows[key]:
            parts.append(f'<div class="offer-to"><span>{label}</span> {"".join(rows[key])}</div>')
    return (f'<details class="ds-group ds-offers"{" open" if dr else ""}><summary>{head}</summary>'
            f'{"".join(parts)}</details>')


def _combat_html(fr: dict, tiles: dict[str, TileView], players: list[PlayerView], cx: Ctx) -> str:
    k = fr.get("kind") if fr else None
    if k == "monster":
        mon = fr.get("monster") or {}
        bits = [f"{cx.chip(fr.get('seat'))}'s knight {esc(str(fr.get('knight', ''))[1:])} fights the "
                f"<strong>{esc(mon.get('name', '?'))}</strong> (might {esc(mon.get('might', '?'))}, "
                f"{esc(mon.get('theme', ''))}) on {esc(fr.get('tile', ''))}"]
        if fr.get("roll") is not None:
            bits.append(f"roll {esc(fr['roll'])}, own units adjacent {esc(fr.get('own', 0))}, "
                        f"support units {esc(fr.get('support', 0))}")
    elif k == "duel":
        bits = [f"Knight fight on {esc(fr.get('tile', ''))}: {cx.chip(fr.get('attacker'))} attacks "
                f"{cx.chip(fr.get('defender'))}"]
        if fr.get("roll_a") is not None:
            bits.append(f"rolls {esc(fr['roll_a'])} against {esc(fr.get('roll_d'))}")
    elif k == "dragon":
        bits = [f"{cx.chip(fr.get('seat'))}'s knight {esc(str(fr.get('knight', ''))[1:])} faces the <strong>dragon</strong> "
                f"(might {dragon_might()}) on {esc(fr.get('tile', ''))}"]
        if fr.get("roll_knight") is not None:
            bits.append(f"rolls {esc(fr['roll_knight'])} against the dragon's {esc(fr.get('roll_dragon'))}")
    else:
        return ""
    return f'<div class="ds-combat" role="status">{" · ".join(bits)}</div>'
