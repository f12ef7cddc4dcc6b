"""Game content as data files with a schema check, in one error style.

A game keeps its units, cards, maps... in ``pyapp/games/<id>/data/*.json`` and
checks them with a :class:`Checker`, which collects every problem and raises
one :class:`ContentError` naming the file and each place::

    chk = Checker("units.json")
    for key, u in units.items():
        at = f"unit {key!r}"
        chk.fields(u, {"name", "health"}, at)
        chk.int(u.get("health"), at, "health", lo=1)
    chk.done()

>>> chk = Checker("units.json")
>>> chk.int(0, "unit 'pike'", "health", lo=1)
False
>>> chk.one_of("cavalry", ("infantry", "ranged"), "unit 'pike'", "type")
False
>>> chk.done()
Traceback (most recent call last):
...
pyapp.engine.content.ContentError: units.json: unit 'pike': health must be a whole number >= 1 (not 0); unit 'pike': type must be one of infantry, ranged (not 'cavalry')
"""
from __future__ import annotations

import json

from .util import read_text


class ContentError(ValueError):
    """Content data that breaks its schema (raised once, listing every problem)."""


def read_json(package: str, name: str):
    """``pyapp/games/<id>/data/<name>`` parsed (pass the game's ``__package__``)."""
    try:
        return json.loads(read_text(package, "data", name))
    except ValueError as exc:
        raise ContentError(f"{name}: not valid JSON ({exc})") from exc


def is_int(v, lo: int | None = None, hi: int | None = None) -> bool:
    """A whole number (not a bool) within ``lo``..``hi``."""
    return isinstance(v, int) and not isinstance(v, bool) and (lo is None or v >= lo) and (hi is None or v <= hi)


class Checker:
    """Collects schema problems of one data file; :meth:`done` raises them together."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.errors: list[str] = []

    def fail(self, where: str, message: str) -> bool:
        self.errors.append(f"{where}: {message}")
        return False

    def check(self, ok: bool, where: str, message: str) -> bool:
        return True if ok else self.fail(where, message)

    def fields(self, d, need: set, where: str, optional: set = frozenset()) -> bool:  # type: ignore[assignment]
        """``d`` is an object with every field of ``need``, and only those and ``optional``."""
        if not isinstance(d, dict):
            return self.fail(where, "must be an object")
        missing, extra = need - set(d), set(d) - need - optional
        if missing or extra:
            parts = ([f"missing {', '.join(sorted(missing))}"] if missing else []) + \
                    ([f"unknown {', '.join(sorted(extra))}"] if extra else [])
            return self.fail(where, "; ".join(parts))
        return True

    def int(self, v, where: str, name: str, lo: int | None = None, hi: int | None = None) -> bool:
        if is_int(v, lo, hi):
            return True
        span = (f" from {lo} to {hi}" if lo is not None and hi is not None else
                f" >= {lo}" if lo is not None else f" <= {hi}" if hi is not None else "")
        return self.fail(where, f"{name} must be a whole number{span} (not {v!r})")

    def one_of(self, v, allowed, where: str, name: str) -> bool:
        if v in allowed:
            return True
        return self.fail(where, f"{name} must be one of {', '.join(map(str, allowed))} (not {v!r})")

    def text(self, v, where: str, name: str) -> bool:
        return self.check(isinstance(v, str) and v.strip() != "", where, f"{name} must be a non-empty text")

    def unique(self, values, where: str, name: str) -> bool:
        seen: set = set()
        dup = sorted({str(v) for v in values if v in seen or seen.add(v)})  # type: ignore[func-returns-value]
        return self.check(not dup, where, f"{name} repeated: {', '.join(dup)}")

    def done(self) -> None:
        if self.errors:
            raise ContentError(f"{self.source}: " + "; ".join(self.errors))
