"""Live play's optional STUN and TURN servers (docs/live-play.md, "Pairing without a server"): off by default; the
players may name servers of their choice, which are handed to ``RTCPeerConnection`` as its ``iceServers``.

What the players type is outside text: one server a line, ``<url>`` or ``<url> <username> <credential>``; the URL's
scheme is ``stun:``, ``turn:`` or ``turns:``, then a host name or an address and an optional port (a TURN URL may
end with ``?transport=udp`` or ``tcp``); a TURN server needs a username and a credential, a STUN server takes
none; lines, names and counts are bounded.  Anything else is refused with the reason, and the servers in use stay
as they were.

>>> parse_servers("stun:stun.example.org:3478")
[{'urls': 'stun:stun.example.org:3478'}]
>>> parse_servers("turns:turn.example.org:5349?transport=tcp ann s3cret")
[{'urls': 'turns:turn.example.org:5349?transport=tcp', 'username': 'ann', 'credential': 's3cret'}]
>>> parse_servers("https://evil.example/x")
Traceback (most recent call last):
...
pyapp.live.protocol.Refused: Line 1: a server's address starts with stun:, turn: or turns: (then its host name and port).
"""
from __future__ import annotations

import json
import re

from .protocol import Refused

KEY = "boardshelf:live-servers"        # {"use": bool, "text": the lines as typed (checked)}
MAX_SERVERS = 5
MAX_LINE = 300
MAX_TEXT = MAX_SERVERS * (MAX_LINE + 1)
MAX_FIELD = 128                        # characters of a username or a credential
_URL = re.compile(r"(stun|turns?):([A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])"
                  r"(?::([0-9]{1,5}))?(\?transport=(?:udp|tcp))?")
_FIELD = re.compile(r"[\x21-\x7e]{1,%d}" % MAX_FIELD)       # printable ASCII, no spaces


def parse_servers(text: str) -> list[dict]:
    """The servers of ``text`` (one a line) as ``RTCIceServer`` dictionaries; raises :class:`Refused` saying
    which line is wrong and why."""
    text = str(text)
    if len(text) > MAX_TEXT:
        raise Refused(f"That is too long for a list of servers (at most {MAX_SERVERS}, one a line).")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_SERVERS:
        raise Refused(f"At most {MAX_SERVERS} servers, one a line.")
    out = []
    for i, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise Refused(f"Line {i} is too long.")
        url, *rest = line.split()
        m = _URL.fullmatch(url)
        if m is None:
            raise Refused(f"Line {i}: a server's address starts with stun:, turn: or turns: (then its host name "
                          "and port).")
        scheme, port, query = m.group(1), m.group(3), m.group(4)
        if port is not None and not 0 < int(port) < 65536:
            raise Refused(f"Line {i}: the port must be between 1 and 65535.")
        server: dict = {"urls": url}
        if scheme == "stun":
            if query:
                raise Refused(f"Line {i}: a STUN address takes no ?transport.")
            if rest:
                raise Refused(f"Line {i}: a STUN server takes no username or password.")
        else:
            if len(rest) != 2:
                raise Refused(f"Line {i}: a TURN server needs its username and password after the address "
                              "(turn:host:port username password).")
            if not all(_FIELD.fullmatch(f) for f in rest):
                raise Refused(f"Line {i}: the username and the password are printable characters without spaces, "
                              f"at most {MAX_FIELD} each.")
            server.update(username=rest[0], credential=rest[1])
        out.append(server)
    return out


def load(raw: str | None) -> dict:
    """The setting as stored (``raw``: the storage's text, or None): ``{"use", "text", "servers"}``; anything
    damaged or no longer valid is the default, off and empty."""
    off = {"use": False, "text": "", "servers": []}
    if not raw or len(raw) > 2 * MAX_TEXT + 100:
        return off
    try:
        d = json.loads(raw)
        text, use = d["text"], d["use"]
        if not isinstance(text, str) or not isinstance(use, bool):
            return off
        return {"use": use, "text": text, "servers": parse_servers(text)}
    except (ValueError, TypeError, KeyError, RecursionError):      # (Refused is a ValueError)
        return off


def dump(setting: dict) -> str:
    return json.dumps({"use": bool(setting["use"]), "text": str(setting["text"])}, sort_keys=True)
