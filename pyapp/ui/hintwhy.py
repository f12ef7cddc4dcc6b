"""Why the hint bot would make its move: its plan and what the plan brings, in a sentence (issue 32 item 3).

A hint names one move.  Its reason is found by playing that move on for the asking seat: on a copy of the game
with everything the seat cannot see dealt anew (:meth:`State.resample_hidden`, so a reason never reveals a hidden
card, tile or die to come), the hint bot keeps choosing for that seat until one of the game's figures changes
(the figures of the game's end summary, :meth:`Game.summary`: fame, income, Gate Tokens, units left...), the
seat's part ends, or :data:`FOLLOW` more moves were made.  The reason is the plan (the moves after the hinted
one) and what it brings, compared with the figures now:

    Then: Move Spearwall to e5, Attack Archer. It brings: Damage dealt: you 0 → 3.

Where chance takes part (a die rolled, a card drawn: the move cannot be undone), one deal says little, so a plan
that changed a figure is played on :data:`TRIES` deals and the reason says how often the most common result came:

    In 3 of 4 tries of the dice and draws, it brings: Units left: Crusader bot 6 → 5.

(said without the count when every try brought the same).

A game may leave out figures that change with any move (cards played, turns played) by naming their labels in
``REASON_SKIP`` in its ``why`` module.  The reason is given for the hint on screen only; saves and links keep
hints as they were (step, seat, action).
"""
from __future__ import annotations

import re
from collections import Counter

from ..engine.rng import Rng
from ..bots.levels import drive

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from typing import Any, Callable, Generator, Sequence

    from ..engine.core import State

FOLLOW = 8            # moves after the hinted one, at most
TRIES = 4             # deals played when chance takes part
MAX_CHANGES = 3       # figures a reason names
MAX_PLAN = 3          # moves of the plan a reason names after the hinted one

_NUM = re.compile(r"-?\d+")
_ENDING = re.compile(r"(skip|pass|end|stop|done)(:|$)")      # ids of moves that end a step or a turn
_PAREN = re.compile(r"\s*\([^)]*\)")


def _words(game_id: str) -> tuple[frozenset, dict]:
    """The summary rows a game leaves out of reasons (``REASON_SKIP`` in its ``why`` module) and the names it
    gives rows in a reason (``REASON_LABELS``: a summary's "Source at the end" is the Source now)."""
    from .why import why_module
    mod = why_module(game_id)
    return (frozenset(getattr(mod, "REASON_SKIP", ())), dict(getattr(mod, "REASON_LABELS", {})))


def _plan_text(labels: Sequence[str]) -> str:
    """The plan's moves, a run of the same move said once with its count.

    >>> _plan_text(["Put a Deckhand next", "Put a Deckhand next", "Ready"])
    'Put a Deckhand next (2 times), Ready'
    """
    runs: list[list] = []
    for label in labels:
        if runs and runs[-1][0] == label:
            runs[-1][1] += 1
        else:
            runs.append([label, 1])
    shown = [f"{label} ({n} times)" if n > 1 else label for label, n in runs]
    return ", ".join(shown[:MAX_PLAN] + (["…"] if len(shown) > MAX_PLAN else []))


def _change(before: str, after: str) -> str:
    """One seat's figure before -> after, in short: a list of counted things says only the counts that changed.

    >>> _change("1 gold, 0 food", "1 gold, 2 food"), _change("0 of 20", "2 of 20"), _change("0", "1: Levy Militia")
    ('food 0 → 2', '0 of 20 → 2 of 20', 'now 1: Levy Militia (was 0)')
    """
    items_b, items_a = before.split(", "), after.split(", ")
    counted = re.compile(r"(-?\d+) ([^\d,]+)")
    if len(items_b) > 1 and len(items_b) == len(items_a) and all(counted.fullmatch(x) for x in items_b + items_a):
        parts = []
        for b, a in zip(items_b, items_a):
            mb, ma = counted.fullmatch(b), counted.fullmatch(a)
            if mb and ma and mb.group(2) == ma.group(2) and mb.group(1) != ma.group(1):
                parts.append(f"{mb.group(2)} {mb.group(1)} → {ma.group(1)}")
        if parts:
            return ", ".join(parts)
    if _NUM.sub("#", before) == _NUM.sub("#", after):
        return f"{before} → {after}"
    return f"now {after} (was {before})"


def changes(before: Sequence, after: Sequence, seat: int, names: Sequence[str], skip: frozenset = frozenset(),
            labels: dict | None = None) -> list[str]:
    """The figures that differ between two summaries (rows ``(label, [text per seat])``), the asking seat's
    first ("you"), each as "Label: you a → b, Bo c → d".

    >>> changes([("Gold (12 wins)", ["1/12", "2/12"]), ("Cards played", ["1", "1"])],
    ...         [("Gold (12 wins)", ["3/12", "2/12"]), ("Cards played", ["2", "1"])], 0, ["Ann", "Bo"],
    ...         frozenset({"Cards played"}))
    ['Gold: you 1/12 → 3/12']
    >>> changes([("Resources", ["1 gold, 0 food", "x"])], [("Resources", ["1 gold, 2 food", "y"])], 0, ["Ann", "Bo"])
    ['Resources: you food 0 → 2, Bo now y (was x)']
    """
    out = []
    after_rows = {str(label): cells for label, cells in after}
    for label, cells in before:
        if label in skip or label not in after_rows:
            continue
        new = after_rows[label]
        order = [seat] + [p for p in range(len(cells)) if p != seat]
        parts = []
        for p in order:
            if p < len(cells) and p < len(new) and str(cells[p]) != str(new[p]):
                who = "you" if p == seat else (names[p] if p < len(names) else f"Player {p + 1}")
                parts.append(f"{who} {_change(str(cells[p]), str(new[p]))}")
        if parts:
            name = (labels or {}).get(label) or _PAREN.sub("", str(label))
            out.append(f"{name}: {', '.join(parts)}")
    return out


def _label(state: State, seat: int, aid: str) -> str:
    return next((str(a.label or a.id) for a in state.legal_actions(seat) if a.id == aid), aid)


def _decide(bot: Any, state: State, seat: int) -> Generator[None, None, str]:
    """The bot's choice for ``seat`` on a copy of ``state``, in slices when the bot thinks in steps."""
    think = getattr(bot, "think", None)
    if think is None:
        return str(bot.choose(state.clone(), seat))
    return str((yield from think(state.clone(), seat)))


def _play(state: State, seat: int, action: str, bot: Any, rng: Rng, game_summary: Callable[[State], list],
          before: list, names: Sequence[str], words: tuple) -> Generator[None, None, tuple]:
    """One try: (plan labels after the hinted move, changes, won, chance took part in a change, the hinted
    move ended the seat's part with nothing changed)."""
    copy = state.resample_hidden(seat, rng)
    plan: list[str] = []
    chance = False
    found: list[str] = []
    aid = action
    for step in range(FOLLOW + 1):
        if step:
            aid = yield from _decide(bot, copy, seat)
            if not chance:
                plan.append(_label(copy, seat, aid))
        copy.apply(seat, aid)
        chance = chance or not copy.undoable[-1]
        yield
        found = changes(before, game_summary(copy), seat, names, *words)
        if copy.is_over or found or seat not in copy.to_act:
            break
    out = copy.outcome()
    won = out is not None and seat in out.winners
    ended = not found and not plan and not copy.is_over and seat not in copy.to_act
    return plan, tuple(found), won, chance and bool(found or won), ended


def reason(state: State, seat: int, action: str, make_bot: Callable[[], Any], seed: int,
           names: Sequence[str]) -> Generator[None, None, str]:
    """The reason for hinting ``action`` to ``seat`` (a generator: it yields between moves, so the browser can
    think in slices; its value is the sentence).  ``make_bot()`` makes a fresh hint bot for each try
    (the tries differ by the dice and draws dealt anew, not by the bot)."""
    game = state.game
    words = _words(game.id)
    before = game.summary(state)
    rng = Rng(seed, 57)
    tries: list[tuple] = []
    n = 1
    while len(tries) < n:
        t = yield from _play(state, seat, action, make_bot(), rng, game.summary, before, names, words)
        tries.append(t)
        if t[3]:
            n = TRIES
    plan = tries[0][0]
    text = ""
    if plan:
        text = "Then: " + _plan_text(plan) + ". "
    results = Counter((t[1], t[2]) for t in tries)
    (found, won), k = results.most_common(1)[0]
    brings = ("it wins the game" if won else
              "it brings: " + "; ".join(found[:MAX_CHANGES]) if found else
              "it ends this step: the bot sees nothing more worth doing now" if tries[0][4] and _ENDING.match(action) else
              "it is your last move here, and no figure of the game changes yet" if tries[0][4] else
              "no figure of the game changes yet: it prepares a later move")
    if k < len(tries):
        text += f"In {k} of {len(tries)} tries of the dice and draws, {brings}."
    else:
        text += brings[0].upper() + brings[1:] + "."
    return text


def sentence(state: State, seat: int, action: str, make_bot: Callable[[], Any], seed: int,
             names: Sequence[str]) -> str:
    """:func:`reason` in one go (tests, tools)."""
    return str(drive(reason(state, seat, action, make_bot, seed, names)))
