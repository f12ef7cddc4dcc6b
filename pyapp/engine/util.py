"""Small helpers that keep start-up light in the browser.

Every module here is imported at start-up in Pyodide, where each stdlib import
costs real time (``html`` pulls in its 2,000-entry entity table, ``pathlib``,
``dataclasses``, ``secrets`` and ``urllib.parse`` each pull in several more
modules).  These few functions replace them.

>>> esc('<a href="x">Tom & Jerry\\'s</a>')
'&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#x27;s&lt;/a&gt;'
>>> parse_query("?game=hexbattle&seats=human%2Cbot&name=A+B&flag")
{'game': 'hexbattle', 'seats': 'human,bot', 'name': 'A B', 'flag': ''}
>>> len(random_hex(4))
8
"""
from __future__ import annotations

import os
import sys


def esc(text) -> str:
    """HTML-escape ``text`` for element content and attribute values (same output as ``html.escape``)."""
    s = str(text)
    if "&" in s:
        s = s.replace("&", "&amp;")
    return (s.replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&#x27;"))


def read_text(package: str, *parts: str) -> str:
    """A UTF-8 data file of ``package`` (pass ``__package__``): ``read_text(__package__, "data", "units.json")``.

    Read through the package's loader (``get_data``), which a source folder and a zip on ``sys.path``
    both provide: the browser imports the wheel in place, nothing unpacked.  (``importlib.resources``
    does the same but first imports pathlib, inspect, zipfile and tempfile: too heavy for start-up.)
    """
    mod = sys.modules[package]
    path = os.path.join(os.path.dirname(str(mod.__file__)), *parts)
    loader = mod.__spec__.loader if mod.__spec__ is not None else None
    data: bytes = loader.get_data(path)  # type: ignore[union-attr]  # every loader of a file on sys.path has it
    return data.decode("utf-8")


def random_hex(nbytes: int) -> str:
    """Random hex digits from the system source (ids, never game randomness)."""
    return os.urandom(nbytes).hex()


def random_below(n: int) -> int:
    """A random int in ``range(n)`` from the system source (fresh seeds, never game randomness)."""
    return int.from_bytes(os.urandom(8), "big") % n


_HEX = "0123456789abcdefABCDEF"


def _unquote(s: str) -> str:
    """Percent-decoding as in a URL query (``+`` is a space; bad escapes stay as they are)."""
    s = s.replace("+", " ")
    if "%" not in s:
        return s
    out = bytearray()
    i, n = 0, len(s)
    while i < n:
        pair = s[i + 1:i + 3]
        if s[i] == "%" and len(pair) == 2 and pair[0] in _HEX and pair[1] in _HEX:
            out.append(int(s[i + 1:i + 3], 16))
            i += 3
        else:
            out += s[i].encode("utf-8")
            i += 1
    return out.decode("utf-8", errors="replace")


def parse_query(search: str) -> dict:
    """``?a=1&b=x%2Cy`` -> ``{"a": "1", "b": "x,y"}`` (the last value of a repeated key wins)."""
    out = {}
    for part in search.lstrip("?").split("&"):
        if part:
            key, _, value = part.partition("=")
            out[_unquote(key)] = _unquote(value)
    return out
