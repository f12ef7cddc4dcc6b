"""Piles of cards and bags of pieces, as plain lists in a state's data (JSON), moved with the state's Rng.

A pile's top is its **end** (``pile[-1]``), so drawing is ``pop()``.  Views show
counts of face-down piles, never their order.

>>> from pyapp.engine.rng import Rng
>>> rng = Rng(7)
>>> deck, discard = ["a", "b", "c"], []
>>> shuffle(deck, rng); len(deck)
3
>>> hand = draw(deck, 2, rng, discard=discard)
>>> len(hand), len(deck)
(2, 1)
>>> discard.extend(hand); got = draw(deck, 3, rng, discard=discard)
>>> len(got), deck, discard                       # the discard was shuffled in when the deck ran out
(3, [], [])
>>> bag = ["fire", "fire", "ice"]
>>> sorted(take_random(bag, 3, rng)), bag
(['fire', 'fire', 'ice'], [])
"""
from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .rng import Rng


def shuffle(pile: list, rng: "Rng") -> None:
    """Shuffle ``pile`` in place with the state's generator."""
    rng.shuffle(pile)


def draw(pile: list, n: int, rng: "Rng", *, discard: list | None = None, reshuffle: bool = True) -> list:
    """Take up to ``n`` items from the top of ``pile``.  When it runs out and ``discard`` is given
    (and ``reshuffle``), the discard is shuffled to form the new pile first; returns what was drawn
    (fewer than ``n`` when both run out)."""
    out = []
    for _ in range(n):
        if not pile:
            if discard and reshuffle:
                pile.extend(discard)
                discard.clear()
                rng.shuffle(pile)
            if not pile:
                break
        out.append(pile.pop())
    return out


def draw_one(pile: list, rng: "Rng", *, discard: list | None = None, reshuffle: bool = True):
    """One item from the top of ``pile`` (reshuffling the discard if needed), or None."""
    got = draw(pile, 1, rng, discard=discard, reshuffle=reshuffle)
    return got[0] if got else None


def put_bottom(pile: list, items) -> None:
    """Put ``items`` under the pile, the first of them lowest."""
    pile[:0] = list(reversed(list(items)))


def take_random(bag: list, n: int, rng: "Rng") -> list:
    """Draw up to ``n`` pieces at random from a bag (order in the list carries no meaning)."""
    out = []
    for _ in range(min(n, len(bag))):
        out.append(bag.pop(rng.below(len(bag))))
    return out


def counts(items) -> dict:
    """``{item: how many}``, sorted by item: how a view shows a bag or a face-down supply."""
    out: dict = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return dict(sorted(out.items()))
