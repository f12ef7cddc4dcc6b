"""Live play's invitation as a QR code (web/qr.js, issue 36): `<bs-qr text=…>` draws the text as a QR code with the
vendored qrcode-generator, which loads only when a code is shown, from this site.

The page is a blank page of the site's origin (no app boot): only the element is under test here.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from harness import new_page
from tool_modules import tool

# an invitation link as long as live play's (an offer description deflated and base64url-coded: ~660 characters)
LINK = "https://friend.example/boardshelf/index.html#join=" + "Ab3-_x9Z" * 84

SHOWN = """async (text) => {
  document.body.innerHTML = '';
  const el = document.createElement('bs-qr');
  el.setAttribute('label', 'QR code of the invitation link');
  el.setAttribute('text', text);
  document.body.append(el);
  const t0 = performance.now();
  while (!el.dataset.drawn && performance.now() - t0 < 10000) await new Promise((r) => setTimeout(r, 20));
  return el.dataset.drawn;
}"""

# the code's cells read back from the drawn SVG path (one "M<x> <y>h1v1h-1z" per dark cell, 4 cells of quiet zone)
CELLS = """() => {
  const svg = document.querySelector('bs-qr').shadowRoot.querySelector('svg');
  const n = svg.viewBox.baseVal.width - 8;
  const dark = new Set([...svg.querySelector('path').getAttribute('d').matchAll(/M(\\d+) (\\d+)/g)]
    .map((m) => (m[2] - 4) * n + (m[1] - 4)));
  return { n, rows: [...Array(n)].map((_, r) => [...Array(n)].map((_, c) => dark.has(r * n + c) ? 1 : 0)) };
}"""


# the drawn code photographed: the SVG painted on a canvas at 4 pixels a cell and read by jsQR (npm, a decoder
# written apart from the encoder), as a phone's camera would read the screen
READ = """async () => {
  const svg = document.querySelector('bs-qr').shadowRoot.querySelector('svg');
  const size = svg.viewBox.baseVal.width * 4;
  const url = URL.createObjectURL(new Blob([svg.outerHTML], { type: 'image/svg+xml' }));
  const img = new Image(size, size);
  await new Promise((ok, no) => { img.onload = ok; img.onerror = no; img.src = url; });
  const canvas = Object.assign(document.createElement('canvas'), { width: size, height: size });
  const g = canvas.getContext('2d');
  g.drawImage(img, 0, 0, size, size);
  const found = jsQR(g.getImageData(0, 0, size, size).data, size, size);
  return found && found.data;
}"""
JSQR = Path(__file__).resolve().parents[2] / "node_modules" / "jsqr" / "dist" / "jsQR.js"


@pytest.fixture
def page(browser, site):
    tool("build").build_qrcode()       # (a site built before the QR code came has no copy yet)
    ctx, page, guard = new_page(browser)
    blank = "<!doctype html><html><head><meta charset='utf-8'></head><body></body></html>"
    page.route(site.url("__qr_test__.html"), lambda r: r.fulfill(status=200, body=blank, content_type="text/html"))
    page.goto(site.url("__qr_test__.html"))
    page.evaluate("async () => { await import('/web/qr.js'); }")
    page.add_script_tag(path=str(JSQR))
    yield page
    ctx.close()
    guard.check()                       # nothing fetched from another host


def _finder_at(rows, r0, c0):
    """The 7x7 finder pattern: a dark ring, a light ring, a dark 3x3 centre."""
    for r in range(7):
        for c in range(7):
            ring = max(abs(r - 3), abs(c - 3))
            if rows[r0 + r][c0 + c] != (0 if ring == 2 else 1):
                return False
    return True


def test_an_invitation_link_is_drawn_as_a_qr_code_that_a_camera_reads_back(page):
    libs = "() => performance.getEntriesByType('resource').filter((e) => e.name.includes('vendor/qrcode')).length"
    assert page.evaluate(libs) == 0                     # nothing loaded until a code is shown
    drawn = page.evaluate(SHOWN, LINK)
    assert page.evaluate(libs) == 1
    m = page.evaluate(CELLS)
    n, rows = m["n"], m["rows"]
    assert drawn == str(n)
    # a version large enough for the link's bytes at level M (version v has 17 + 4v cells a side)
    assert (n - 17) % 4 == 0 and 15 <= (n - 17) // 4 <= 25
    # the three finder patterns a camera looks for, top left, top right, bottom left, and none bottom right
    assert _finder_at(rows, 0, 0) and _finder_at(rows, 0, n - 7) and _finder_at(rows, n - 7, 0)
    assert not _finder_at(rows, n - 7, n - 7)
    # the timing pattern between them alternates dark and light
    assert [rows[6][c] for c in range(8, n - 8)] == [1 - c % 2 for c in range(8, n - 8)]
    # read from the picture, the code gives back the whole link
    assert page.evaluate(READ) == LINK
    # the element names itself for a screen reader; the picture inside is decoration
    assert page.get_attribute("bs-qr", "role") == "img"
    assert page.get_attribute("bs-qr", "aria-label") == "QR code of the invitation link"


def test_a_new_text_draws_a_new_code_and_the_same_text_draws_nothing_again(page):
    page.evaluate(SHOWN, LINK)
    first = page.evaluate(CELLS)
    page.evaluate("() => { window.box = document.querySelector('bs-qr').shadowRoot.querySelector('svg'); }")
    page.evaluate("(t) => document.querySelector('bs-qr').setAttribute('text', t)", LINK)
    assert page.evaluate("() => document.querySelector('bs-qr').shadowRoot.querySelector('svg') === box")
    page.evaluate("(t) => { const el = document.querySelector('bs-qr'); el.dataset.drawn = '';"
                  " el.setAttribute('text', t); }", "https://friend.example/#join=short")
    page.wait_for_function("() => document.querySelector('bs-qr').dataset.drawn")
    second = page.evaluate(CELLS)
    assert second["n"] < first["n"]
    assert page.evaluate(READ) == "https://friend.example/#join=short"


def test_a_text_too_long_for_any_qr_code_says_so_in_words(page):
    assert page.evaluate(SHOWN, "x" * 5000) == "too-long"
    text = page.evaluate("() => document.querySelector('bs-qr').shadowRoot.textContent")
    assert "Too long for a QR code" in text
