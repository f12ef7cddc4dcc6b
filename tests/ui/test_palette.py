"""Each game's palette (issue 31, "a look of its own"): seat colours far from the board's terrain, element and
highlight colours and from each other, as seen normally and by colour-blind players, and "you" (seat 0, the seat a
new game gives the person) the same colour in every game.

The palette is read from the game's CSS custom properties (its one place: web/<game>.css, Hex Battle's board in
web/ui.css), the colours the board is painted with; the renderers and ``Game.seat_colours`` use the same values.

Distance: CIEDE2000 (CIE 142-2001) between sRGB colours, D65.  Colour blindness: the dichromat simulations of Machado,
Oliveira & Fernandes 2009 (severity 1.0: protanopia, deuteranopia, tritanopia), applied in linear RGB.

Thresholds, and why:
* ``SEEN`` = 20 between a seat and a terrain, element or highlight colour with normal vision: about 20 is where two
  colours are told apart at a glance (a just noticeable difference is 1-2; 10 is "clearly different side by side";
  ../shared/guide/TABLE.md asks for about 20).  A piece must never read as a place, a lake or an element.
* ``SEEN_CVD`` = 10 for the same pairs under each simulated dichromacy: a dichromat loses one axis of colour, so
  20 is out of reach for some pairs in any palette that also keeps its terrain recognisable; 10 still tells a piece
  from the ground it stands on, and every piece also has its outline and its shape.
* ``SEATS`` = 20 between two seats with normal vision.  Under dichromacy seats are told apart by a second cue (the
  name beside every colour, dashes and shapes for last moves, initials on tags), so seat pairs there are only
  required to stay ``SEATS_CVD`` = 6 apart (not the same colour).
* A wash ``color-mix(in srgb, X p%, transparent)`` is taken as its ink ``X``: a tint is recognised by its hue, and a
  range shading that is pale red says "enemy red"; a mix with an opaque colour is computed.
"""
from __future__ import annotations

import math
import re
from itertools import combinations
from pathlib import Path

import pytest

from pyapp import games

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"

SEEN, SEEN_CVD, SEATS, SEATS_CVD = 20.0, 10.0, 20.0, 6.0
VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia")

# Machado, Oliveira & Fernandes 2009, Table 1, severity 1.0 (linear RGB)
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}

# Each game's palette by role, as CSS expressions over its custom properties (files read in order, later wins):
# ``seats`` in seat order; ``ground``: what pieces stand on or are told from (terrain, elements, element-coloured
# pieces); ``marks``: highlights and shadings drawn over the board.
PALETTES: dict[str, dict] = {
    "hexbattle": {
        "css": ("ui.css", "hexbattle.css"),
        "seats": ("var(--hb-unit-p0)", "var(--hb-unit-p1)"),
        "ground": {"cell": "var(--hb-cell)", "home half": "var(--hb-cell-home)"},
        "marks": {"highlight": "var(--ui-hl)", "step": "var(--ui-ok)", "front": "var(--hb-front)",
                  "range shading": "var(--hb-range)"},
    },
    "doomspire": {
        "css": ("doomspire.css",),
        "seats": ("var(--ds-p0)", "var(--ds-p1)", "var(--ds-p2)", "var(--ds-p3)"),
        "ground": {"sea": "var(--ds-sea)", "plains": "var(--ds-plains)", "hills": "var(--ds-hills)",
                   "mountains": "var(--ds-mountains)", "adventure": "var(--ds-t-adventure)",
                   "oasis": "var(--ds-t-oasis)", "empty": "var(--ds-t-empty)", "home": "var(--ds-t-home)",
                   "trader": "var(--ds-t-trader)", "mercenary": "var(--ds-t-mercenary)",
                   "temple": "var(--ds-t-temple)", "den": "var(--ds-t-den)", "Doomspire": "var(--ds-t-doomspire)",
                   "hidden": "color-mix(in srgb, var(--ds-hills) 70%, #6b5a3a)",
                   "hidden mountains": "color-mix(in srgb, var(--ds-mountains) 65%, #3b3733)",
                   "neutral": "var(--ds-neutral)"},
        "marks": {"highlight": "var(--ds-hl)"},
    },
    "clockwork": {
        "css": ("clockwork.css",),
        "seats": tuple(f"var(--cw-p{i})" for i in range(6)),
        "ground": {"territory": "var(--cw-terr)", "neutral": "var(--cw-neutral)", "lake": "var(--cw-water)",
                   "grid A": "var(--cw-ta)", "grid B": "var(--cw-tb)", "grid C": "var(--cw-tc)",
                   "grid D": "var(--cw-td)"},
        "marks": {"highlight": "var(--cw-hl)", "attack": "var(--cw-attack)", "wall": "var(--cw-wall)"},
        # a territory a seat controls is tinted with its colour: it must not look like a lake or a neutral hex
        "tints": ("var(--cw-ctl-mix)", "var(--cw-terr)"),
        "tint_vs": ("lake", "neutral"),
    },
    "icefortress": {
        "css": ("icefortress.css",),
        "seats": ("var(--if-s0)", "var(--if-s1)", "var(--if-s2)", "var(--if-s3)"),
        "ground": {"fire": "var(--if-fire)", "water": "var(--if-water)", "air": "var(--if-air)",
                   "earth": "var(--if-earth)", "white": "var(--if-white)",
                   "fire invader": "var(--if-inv-fire)", "water invader": "var(--if-inv-water)",
                   "air invader": "var(--if-inv-air)", "earth invader": "var(--if-inv-earth)"},
        "marks": {"highlight": "var(--if-hl)"},
    },
    "cloudspire": {
        "css": ("cloudspire.css",),
        "seats": ("var(--cs-seat-0)", "var(--cs-seat-1)", "var(--cs-seat-2)", "var(--cs-seat-3)"),
        "ground": {"path": "var(--cs-path)", "forest": "var(--cs-forest)", "mountain": "var(--cs-mountain)",
                   "water": "var(--cs-water)"},
        "marks": {"highlight": "var(--cs-hl)"},
    },
}


# ------------------------------------------------------------------ colour science
def _lin(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _unlin(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def rgb(hexcode: str) -> tuple[float, float, float]:
    h = hexcode.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    assert re.fullmatch(r"[0-9a-fA-F]{6}", h), hexcode
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)


def simulate(c: tuple[float, float, float], vision: str) -> tuple[float, float, float]:
    if vision == "normal":
        return c
    m, lin = MACHADO[vision], [_lin(x) for x in c]
    r, g, b = (_unlin(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))
    return (r, g, b)


def lab(c: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (_lin(x) for x in c)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    cb = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cb ** 7 / (cb ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lbp, cbp = (l1 + l2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        hbp = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbp = (h1p + h2p) / 2
    else:
        hbp = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbp - 30)) + 0.24 * math.cos(math.radians(2 * hbp))
         + 0.32 * math.cos(math.radians(3 * hbp + 6)) - 0.20 * math.cos(math.radians(4 * hbp - 63)))
    dtheta = 30 * math.exp(-(((hbp - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cbp ** 7 / (cbp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lbp - 50) ** 2 / math.sqrt(20 + (lbp - 50) ** 2)
    sc, sh = 1 + 0.045 * cbp, 1 + 0.015 * cbp * t
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def distance(c1: str, c2: str, vision: str = "normal") -> float:
    return ciede2000(lab(simulate(rgb(c1), vision)), lab(simulate(rgb(c2), vision)))


# ------------------------------------------------------------------ reading the CSS
def _strip_comments(css: str) -> str:
    return re.sub(r"/\*.*?\*/", "", css, flags=re.S)


def _split_dark(css: str) -> tuple[str, str]:
    """(everything outside ``@media (prefers-color-scheme: dark)`` blocks, everything inside them)."""
    light, dark, i = [], [], 0
    for m in re.finditer(r"@media\s*\(\s*prefers-color-scheme\s*:\s*dark\s*\)\s*\{", css):
        if m.start() < i:
            continue
        light.append(css[i:m.start()])
        depth, j = 1, m.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(css[j], 0)
            j += 1
        dark.append(css[m.end():j - 1])
        i = j
    light.append(css[i:])
    return "".join(light), "".join(dark)


def _props(css: str) -> dict[str, str]:
    return {m.group(1): m.group(2).strip() for m in re.finditer(r"(--[\w-]+)\s*:\s*([^;{}]+)", css)}


def palette_props(gid: str, scheme: str = "light") -> dict[str, str]:
    props: dict[str, str] = {}
    for name in PALETTES[gid]["css"]:
        light, dark = _split_dark(_strip_comments((WEB / name).read_text(encoding="utf-8")))
        props.update(_props(light))
        if scheme == "dark":
            props.update(_props(dark))
    return props


def _args(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and not depth:
            out.append(cur.strip())
            cur = ""
            continue
        depth += {"(": 1, ")": -1}.get(ch, 0)
        cur += ch
    out.append(cur.strip())
    return out


def resolve(expr: str, props: dict[str, str], depth: int = 0) -> str:
    """A CSS colour expression (a hex colour, ``var()``, ``color-mix(in srgb, ...)``) as ``#rrggbb``."""
    assert depth < 20, expr
    e = expr.strip()
    if re.fullmatch(r"#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}", e):
        h = e[1:].lower()
        return "#" + ("".join(c * 2 for c in h) if len(h) == 3 else h)
    m = re.fullmatch(r"var\((--[\w-]+)\s*(?:,(.*))?\)", e, flags=re.S)
    if m:
        if m.group(1) in props:
            return resolve(props[m.group(1)], props, depth + 1)
        assert m.group(2) is not None, f"{m.group(1)} is not declared"
        return resolve(m.group(2), props, depth + 1)
    m = re.fullmatch(r"color-mix\(\s*in\s+srgb\s*,(.*)\)", e, flags=re.S)
    assert m, f"not a colour this test reads: {expr}"
    parts = []
    for arg in _args(m.group(1)):
        pm = re.fullmatch(r"(.*?)\s+([\d.]+)%", arg, flags=re.S)
        parts.append((pm.group(1), float(pm.group(2)) / 100) if pm else (arg, None))
    (c1, p1), (c2, p2) = parts
    p1 = p1 if p1 is not None else 1 - (p2 if p2 is not None else 0.5)
    if c2.strip() == "transparent":
        return resolve(c1, props, depth + 1)      # a wash: its ink (see the module's docstring)
    a, b = rgb(resolve(c1, props, depth + 1)), rgb(resolve(c2, props, depth + 1))
    return "#" + "".join(f"{round(255 * (p1 * x + (1 - p1) * y)):02x}" for x, y in zip(a, b))


def palette(gid: str, scheme: str = "light") -> dict:
    spec, props = PALETTES[gid], palette_props(gid, scheme)
    out = {"seats": [resolve(s, props) for s in spec["seats"]],
           "ground": {k: resolve(v, props) for k, v in spec["ground"].items()},
           "marks": {k: resolve(v, props) for k, v in spec["marks"].items()}}
    if "tints" in spec:
        mix, base = spec["tints"]
        out["tints"] = [resolve(f"color-mix(in srgb, {s} {props[mix[4:-1]]}, {base})", props) for s in spec["seats"]]
    return out


def too_close(pairs, seen: float, seen_cvd: float) -> list[str]:
    bad = []
    for (n1, c1), (n2, c2) in pairs:
        for v in VISIONS:
            d = distance(c1, c2, v)
            if d < (seen if v == "normal" else seen_cvd):
                bad.append(f"{n1} {c1} ~ {n2} {c2}: {d:.1f} ({v})")
    return bad


def schemes(gid: str) -> list[str]:
    """The light scheme, and the dark one where the game's CSS changes a palette colour for it."""
    return ["light"] + (["dark"] if palette(gid, "dark") != palette(gid) else [])


GAMES = list(PALETTES)


def test_every_ready_game_has_a_palette():
    assert sorted(GAMES) == sorted(g["id"] for g in games.catalog() if g["ready"])


def test_the_colour_science_matches_published_values():
    # Sharma, Wu & Dalal 2005, the CIEDE2000 test data (pairs 1, 7, 17, 24)
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    assert ciede2000((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387)) == pytest.approx(1.2644, abs=1e-4)
    # white and black stay themselves in every simulation; pure red and green meet under deuteranopia
    for v in VISIONS:
        assert distance("#ffffff", "#000000", v) == pytest.approx(100, abs=0.5)
    assert distance("#ff0000", "#00ff00") > 80 and distance("#ff0000", "#00ff00", "deuteranopia") < 40
    assert resolve("color-mix(in srgb, #ff0000 25%, #0000ff)", {}) == "#4000bf"


@pytest.mark.parametrize("gid", GAMES)
def test_seats_never_look_like_the_ground_or_its_marks(gid):
    for scheme in schemes(gid):
        p = palette(gid, scheme)
        seats = [(f"seat {i}", c) for i, c in enumerate(p["seats"][:games.get(gid).max_players])]
        others = list(p["ground"].items()) + list(p["marks"].items())
        bad = too_close([(s, o) for s in seats for o in others], SEEN, SEEN_CVD)
        assert not bad, f"{gid} ({scheme}): " + "; ".join(bad)


@pytest.mark.rule("CC-UI-12", "CC-OVR-2")
@pytest.mark.parametrize("gid", GAMES)
def test_seats_stay_apart(gid):
    for scheme in schemes(gid):
        seats = [(f"seat {i}", c) for i, c in enumerate(palette(gid, scheme)["seats"][:games.get(gid).max_players])]
        bad = too_close(list(combinations(seats, 2)), SEATS, SEATS_CVD)
        assert not bad, f"{gid} ({scheme}): " + "; ".join(bad)


@pytest.mark.rule("IF-UI-20", "IF-ELEM-5")
def test_ice_fortress_elements_keep_their_hues():
    """Invaders and rooms in their element's colour, as the rules name it: orange fire, blue water, purple air, green
    earth (CIELAB hue angles: orange 45-75, blue 250-300, purple 300-330, green 130-170), each clearly coloured."""
    hues = {"fire": (45, 75), "water": (250, 300), "air": (300, 330), "earth": (130, 170)}
    ground = palette("icefortress")["ground"]
    for el, (lo, hi) in hues.items():
        for name in (el, f"{el} invader"):
            lightness, a, b = lab(rgb(ground[name]))
            assert lo <= math.degrees(math.atan2(b, a)) % 360 <= hi and math.hypot(a, b) >= 35, (name, ground[name])
    assert distance(ground["fire"], ground["water"]) > 40 and distance(ground["air"], ground["earth"]) > 40


def test_a_territory_tint_never_looks_like_a_lake():
    """Clockwork tints a controlled territory with its owner's colour: never like a lake or a neutral hex."""
    spec = PALETTES["clockwork"]
    for scheme in schemes("clockwork"):
        p = palette("clockwork", scheme)
        tints = [(f"seat {i}'s territory", c) for i, c in enumerate(p["tints"])]
        bad = too_close([(t, (k, p["ground"][k])) for t in tints for k in spec["tint_vs"]], SEEN, SEEN_CVD)
        assert not bad, f"clockwork ({scheme}): " + "; ".join(bad)


def test_you_are_the_same_colour_in_every_game():
    """Seat 0 (the person, in a new game) has one colour in every game, on the board and in every name."""
    yours = {gid: palette(gid)["seats"][0] for gid in GAMES}
    assert len(set(yours.values())) == 1, yours


@pytest.mark.parametrize("gid", GAMES)
def test_the_names_are_painted_in_the_boards_colours(gid):
    """``Game.seat_colours`` (the app paints names with them) are the palette's seats."""
    game = games.get(gid)
    assert [c.lower() for c in game.seat_colours[:game.max_players]] == palette(gid)["seats"][:game.max_players]


# ------------------------------------------------------------------ covers on the shelf
@pytest.mark.parametrize("gid", GAMES)
def test_every_game_has_its_own_cover_on_the_shelf(gid):
    """A cover picture per game (web/covers/<id>.svg, drawn for Boardshelf): small, self-contained SVG (nothing
    fetched from elsewhere, no script), decorative on the card (alt="": the title beside it is the name)."""
    from pyapp.ui.screens.shelf import ShelfScreen
    svg = (WEB / "covers" / f"{gid}.svg").read_text(encoding="utf-8")
    assert svg.startswith("<svg") and 'viewBox="0 0 400 160"' in svg and len(svg.encode()) < 12_000
    for bad in ("<script", "href=\"http", "url(http", "<image", "<foreignObject", "@import"):
        assert bad not in svg, bad
    assert not re.search(r"\son\w+=", svg)                         # no event handlers
    card = ShelfScreen.card(next(g for g in games.catalog() if g["id"] == gid))
    assert f'<img class="cover" src="web/covers/{gid}.svg" alt=""' in card
    assert card.index('class="cover"') < card.index("<h3>")          # the picture heads the card


def test_covers_differ():
    covers = {gid: (WEB / "covers" / f"{gid}.svg").read_bytes() for gid in GAMES}
    assert len(set(covers.values())) == len(GAMES)


def test_cloudspire_rules_diagrams_draw_in_the_boards_palette():
    """Cloudspire's rules page draws its pieces and terrain in the board's own colours (issue 31: the diagrams still
    had the old seat red and blue): every strongly coloured fill or stroke there is a seat or ground colour of the
    palette, and both seats' colours appear."""
    page = (ROOT / "pyapp" / "games" / "cloudspire" / "rules.html").read_text(encoding="utf-8")
    pal = palette("cloudspire")
    allowed = set(pal["seats"]) | set(pal["ground"].values()) | set(pal["marks"].values())
    used = {resolve(c, {}) for c in re.findall(r'(?:fill|stroke)="(#[0-9a-fA-F]{3,6})"', page)}
    strong = {c for c in used if math.hypot(*lab(rgb(c))[1:]) >= 40}
    assert strong and strong <= allowed, sorted(strong - allowed)
    assert set(pal["seats"][:2]) <= used
