"""Hidden facts, declared once per game: the kit marks an action that shows one as revealing.

A state class lists where its hidden facts live in ``self.data`` (class attribute ``HIDDEN``), as paths of keys
separated by dots, ``*`` standing for every key of a dict or every index of a list:

* ``"decks.*"``: a **hidden pile** (a list or dict of face-down things: a deck, a bag, another seat's hand).
  Taking something out of it during an action (a draw, a card leaving a hand) shows it: the pile's size fell.
* ``"stacks.*[1:]"``: the same, where the first item is face up (the top of a stack, the leader of a group):
  only the items after it count.
* ``"+tiles.*.revealed"``: a **record of what has been shown** (a face-up flag, the seats that have looked at
  a tile).  It growing during an action (a flag set, a seat added) shows a fact.
* ``"@unseen_rooms"``: a method of the state returning ``{key: how many hidden}`` for hidden piles that no path
  describes (a deck less the cards a look has put on show, a stack that is hidden whole while it is built);
  any figure falling shows a fact.  ``"+@equipment_shown"``: the same for a record of what was shown (any figure
  growing shows a fact).

:meth:`State.apply` measures every declared place before and after each action (sizes only, so the check is
cheap) and marks the action revealing when a hidden pile shrank or a record of what was shown grew: such an
action cannot be undone, and a search bot treats it as chance.  No call by hand: a rule that draws from a
declared pile is marked whether or not its author remembered.  A fact no declaration describes can still be
marked with ``State.reveal()``.  A state class with ``HIDDEN_COUNTED = True`` marks its own draws with
``reveal()``: the measure then runs only with ``State.check_hidden`` on (tests), as a check that raises for an
action it finds revealing and the rules left unmarked.  tests/engine/test_reveal_marked.py checks every game: an
action whose result differs between redeals of the hidden facts must be marked.

>>> m = Hidden(("deck", "hand.*", "stack[1:]", "+tiles.*.up"))
>>> class S:
...     data = {"deck": [1, 2, 3], "hand": [[4], []], "stack": ["top", "x"], "tiles": {"a": {"up": False}}}
>>> s = S(); d = s.data
>>> before = m.measure(s)
>>> d["hand"][1].append(d["deck"].pop()); m.reveals(before, m.measure(s))     # a draw
True
>>> before = m.measure(s); d["hand"][0].append(9); m.reveals(before, m.measure(s))   # a card put into a hand
False
>>> before = m.measure(s); del d["stack"][0]; m.reveals(before, m.measure(s))   # the next item comes on top
True
>>> before = m.measure(s); del d["stack"][0]; m.reveals(before, m.measure(s))   # the last one leaves: no news
False
>>> before = m.measure(s); d["tiles"]["a"]["up"] = True; m.reveals(before, m.measure(s))
True
"""
from __future__ import annotations

from operator import itemgetter

_NUMBERS = {bool, int}


def _size(x) -> int:
    t = type(x)
    if t is list or t is dict or t is str or t is tuple:
        return len(x)
    if t is bool:
        return 1 if x else 0
    if t is int:
        return x
    return 0 if x is None else 1


class Hidden:
    """The compiled ``HIDDEN`` declaration of a state class (see the module docstring)."""

    __slots__ = ("patterns", "_fns", "_shown", "_skip")

    def __init__(self, patterns) -> None:
        self.patterns = tuple(patterns)
        fns: list = []
        shown: list = []
        skip: list = []
        for p in self.patterns:
            if not isinstance(p, str) or not p.strip("+@"):
                raise ValueError(f"HIDDEN: {p!r} is not a path")
            shown.append(p.startswith("+"))
            p = p[1:] if p.startswith("+") else p
            if p.startswith("@"):
                fns.append(_method(p[1:]))
                skip.append(0)
                continue
            drop = 0
            if p.endswith("]"):
                head, _, tail = p.rpartition("[")
                if not (tail.endswith(":]") and tail[:-2].isdigit()):
                    raise ValueError(f"HIDDEN: {p!r}: only a leading slice such as [1:] may end a path")
                p, drop = head, int(tail[:-2])
            fns.append(_compile(tuple(p.split("."))))
            skip.append(drop)
        self._fns, self._shown, self._skip = tuple(fns), tuple(shown), tuple(skip)

    def measure(self, state) -> tuple:
        """Per declared path, the sizes of the places it names in ``state.data``, with their keys:
        ``((keys, sizes), ...)``."""
        return tuple([f(state) for f in self._fns])

    def reveals(self, before: tuple, after: tuple) -> bool:
        """Whether going from ``before`` to ``after`` (two :meth:`measure` results) showed a hidden fact: a hidden
        pile smaller (or gone while it held something), a record of what was shown larger (or new)."""
        if before == after:
            return False
        for shown, drop, (bk, bs), (ak, as_) in zip(self._shown, self._skip, before, after):
            if drop:
                bs = tuple(n - drop if n > drop else 0 for n in bs)
                as_ = tuple(n - drop if n > drop else 0 for n in as_)
            if bk == ak:
                if any((a > b) if shown else (a < b) for a, b in zip(as_, bs)):
                    return True
                continue
            old, new = dict(zip(bk, bs)), dict(zip(ak, as_))
            if shown:
                if any(n > old.get(k, 0) for k, n in new.items()):
                    return True
            elif any(n > new.get(k, 0) for k, n in old.items()):
                return True
        return False


_ONE = ((),)
_NONE: tuple = ((), ())
_ERRORS = (KeyError, IndexError, TypeError, ValueError)


def _step(x, s):
    return x[s] if type(x) is dict else x[int(s)]


def _method(name: str):
    def measure(state):
        got = getattr(state, name)()
        return tuple(got), tuple(got.values())
    return measure


def _compile(steps: tuple):
    """A function measuring one path: ``state -> (keys, sizes)`` (the keys of the ``*`` levels: one key each
    where the path has one ``*``, a tuple of keys where it has several, ``()`` where it has none)."""
    if "*" not in steps:
        def fixed(state):
            x = state.data
            try:
                for s in steps:
                    x = _step(x, s)
            except _ERRORS:
                return _NONE
            return _ONE, (_size(x),)
        return fixed
    general = _general(steps)
    if steps.count("*") > 1:
        return general
    i = steps.index("*")
    pre = steps[:i]
    getters = tuple(itemgetter(s) for s in steps[i + 1:])

    def one(state):                      # one *, fixed keys of records: measured with C-level map and len
        x = state.data
        try:
            for s in pre:
                x = _step(x, s)
            t = type(x)
            if t is dict:
                keys = tuple(x)
                vals = x.values()
            elif t is list:
                keys = tuple(range(len(x)))
                vals = x
            else:
                return _NONE
            for g in getters:
                vals = tuple(map(g, vals))
        except _ERRORS:                  # a record without the field, a missing key: the general walk
            return general(state)
        try:
            return keys, tuple(map(len, vals))
        except TypeError:
            pass
        vals = tuple(vals)
        return keys, (vals if set(map(type, vals)) <= _NUMBERS else tuple(map(_size, vals)))
    return one


def _general(steps: tuple):
    single = steps.count("*") == 1

    def walk(state):
        keys: list = [()]
        items: list = [state.data]
        for s in steps:
            if s == "*":
                nk: list = []
                ni: list = []
                for k, x in zip(keys, items):
                    t = type(x)
                    if t is dict:
                        nk += [k + (kk,) for kk in x]
                        ni += x.values()
                    elif t is list:
                        nk += [k + (kk,) for kk in range(len(x))]
                        ni += x
                keys, items = nk, ni
            else:
                ok = [(k, x[s] if type(x) is dict else x[int(s)]) for k, x in zip(keys, items)
                      if (type(x) is dict and s in x) or (type(x) is list and s.isdigit() and int(s) < len(x))]
                keys, items = [k for k, _ in ok], [x for _, x in ok]
        if single:
            keys = [k[0] for k in keys]
        return tuple(keys), tuple(_size(x) for x in items)
    return walk
