"""Walk a value against a typed description (TypedDicts, list/dict, unions, Literal, None, Any): the problems, as
strings (missing, unexpected and mistyped keys).  For the games' types tests (a helper, not a test module)."""
from __future__ import annotations

import functools
import types
import typing


@functools.cache
def _hints(tp) -> dict:
    """``typing.get_type_hints`` of a TypedDict, worked out once per class (it evaluates every annotation string
    again at each call: 60 % of a views test's time when asked at every dict of every view)."""
    return typing.get_type_hints(tp)


@functools.cache
def required_keys(tp) -> frozenset:
    """A TypedDict's required keys.  Python 3.11 cannot see ``NotRequired[...]`` in an annotation left as a string
    (``from __future__ import annotations``): such a key is counted as optional here."""
    def text(a) -> str:
        return a if isinstance(a, str) else getattr(a, "__forward_arg__", "")
    raw = tp.__annotations__
    return frozenset(k for k in tp.__required_keys__
                     if not text(raw.get(k)).startswith(("NotRequired[", "typing.NotRequired[")))


def conforms(value, tp, at="data"):
    """The problems of ``value`` against type ``tp``."""
    if tp is typing.Any:
        return []
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        if any(not conforms(value, t, at) for t in typing.get_args(tp)):
            return []
        return [f"{at}: {value!r} is none of {tp}"]
    if origin is typing.Literal:
        return [] if value in typing.get_args(tp) else [f"{at}: {value!r} not in {tp}"]
    if tp is type(None) or tp is None:
        return [] if value is None else [f"{at}: {value!r} is not None"]
    if typing.is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{at}: {value!r} is not a dict ({tp.__name__})"]
        hints = _hints(tp)
        out = [f"{at}: missing {k!r}" for k in sorted(required_keys(tp) - value.keys())]
        out += [f"{at}: unexpected {k!r}" for k in sorted(value.keys() - hints.keys())]
        for k in value.keys() & hints.keys():
            out += conforms(value[k], hints[k], f"{at}.{k}")
        return out
    if origin is list:
        if not isinstance(value, list):
            return [f"{at}: {value!r} is not a list"]
        (item,) = typing.get_args(tp)
        return [p for i, v in enumerate(value) for p in conforms(v, item, f"{at}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{at}: {value!r} is not a dict"]
        kt, vt = typing.get_args(tp)
        return [p for k, v in value.items() for p in conforms(k, kt, f"{at} key") + conforms(v, vt, f"{at}[{k!r}]")]
    if tp is dict:
        return [] if isinstance(value, dict) else [f"{at}: {value!r} is not a dict"]
    if tp is int:
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"{at}: {value!r} is not an int"]
    return [] if isinstance(value, tp) else [f"{at}: {value!r} is not {tp}"]
