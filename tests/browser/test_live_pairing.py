"""Live play's pairing (web/live.js, docs/live-play.md): two browsers joined by a WebRTC data channel with no server, by
an invitation code and a reply code; codes are read as outside text (issue 36).

Two fresh contexts stand for the host's device and the friend's; the pages are a plain file of the site (no app
boot: only web/live.js is under test here), joined over loopback with no STUN server, as two devices on one network.
"""
from __future__ import annotations

import pytest

from harness import new_page

OPEN = """(l) => new Promise((res) => { const t0 = performance.now();
  const w = () => (l.state === 'open' || performance.now() - t0 > 15000) ? res(l.state) : setTimeout(w, 20); w(); })"""


@pytest.fixture
def two(browser, site):
    made = [new_page(browser) for _ in range(2)]
    for _ctx, page, _guard in made:
        page.goto(site.url("web/icon.svg"))
        page.evaluate("async () => { await import('/web/live.js'); }")
    yield [page for _ctx, page, _guard in made]
    for ctx, _page, guard in made:
        ctx.close()
        guard.check()                   # nothing fetched from another host: no STUN server was asked


def test_an_invitation_and_a_reply_join_two_browsers_and_messages_pass_both_ways(two):
    host, friend = two
    code = host.evaluate("""async () => { window.inv = await boardshelfLive.invite(); window.got = [];
                                           inv.link.onmessage = (t) => got.push(t); return inv.code; }""")
    assert 100 < len(code) < 4000 and code.replace("-", "").replace("_", "").isalnum()
    reply = friend.evaluate("""async (c) => { window.j = await boardshelfLive.join(c); window.got = [];
                                              window.states = []; j.link.onstate = (s) => states.push(s);
                                              j.link.onmessage = (t) => { got.push(t); j.link.send('echo:' + t); };
                                              return j.code; }""", code)
    assert reply != code
    host.evaluate("async (r) => { await inv.accept(r); }", reply)
    assert host.evaluate(f"() => ({OPEN})(inv.link)") == "open"
    assert friend.evaluate(f"() => ({OPEN})(j.link)") == "open"
    host.evaluate("() => inv.link.send('{\"type\":\"table\"}')")
    host.wait_for_function("() => got.length > 0")
    assert host.evaluate("() => got") == ['echo:{"type":"table"}']
    assert friend.evaluate("() => got") == ['{"type":"table"}']
    # a message over the bound is never sent; the channel stays usable
    assert host.evaluate("() => inv.link.send('x'.repeat(boardshelfLive.MAX_MESSAGE + 1))") is False
    assert host.evaluate("() => inv.link.send('again')") is True
    friend.wait_for_function("() => got.length === 2")
    # the host leaves: the friend's page is told
    host.evaluate("() => inv.link.close()")
    friend.wait_for_function("() => states.includes('closed')", timeout=20_000)
    assert friend.evaluate("() => j.link.send('anyone?')") is False


@pytest.mark.parametrize("code, says", [
    ("", "not a Boardshelf code"), ("abc$%^", "not a Boardshelf code"), ("A" * 20000, "not a Boardshelf code"),
    ("AAAA", "damaged"),
])
def test_a_bad_code_is_refused_in_words(two, code, says):
    host, _friend = two
    err = host.evaluate("async (c) => { try { await boardshelfLive.join(c); return ''; } catch (e) { return e.message; } }",
                        code)
    assert says in err


def test_a_reply_is_not_an_invitation_and_a_code_that_inflates_too_far_is_refused(two):
    host, friend = two
    code = host.evaluate("async () => (await boardshelfLive.invite()).code")
    reply = friend.evaluate("async (c) => (await boardshelfLive.join(c)).code", code)
    err = host.evaluate("async (c) => { try { await boardshelfLive.join(c); return ''; } catch (e) { return e.message; } }",
                        reply)
    assert "reply code, not an invitation" in err
    # a small code that inflates to megabytes (a zip bomb) stops at the bound
    bomb = host.evaluate("""async () => {
        const raw = new TextEncoder().encode('{"t":"offer","s":"' + ' '.repeat(2 * 1024 * 1024) + '"}');
        const z = new Uint8Array(await new Response(new Blob([raw]).stream()
                                  .pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
        let s = ''; for (const b of z) s += String.fromCharCode(b);
        const code = btoa(s).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
        try { await boardshelfLive.join(code); return 'joined ' + code.length; } catch (e) { return code.length + ' ' + e.message; } }""")
    size, _, message = bomb.partition(" ")
    assert int(size) < 12000 and "damaged" in message


def test_the_servers_setting_reaches_the_connections_config(browser, site):
    """The STUN/TURN setting (off by default: the invitation's connection has no ICE server) set in the game
    screen's Settings reaches web/live.js: the new invitation's RTCPeerConnection has those servers, and the host's
    panel shows them; a bad list there is refused beside the field (the servers and the invitation kept); a change on
    the panel is the same setting.  (Loopback addresses: no packet leaves the machine.)"""
    from harness import click, set_input, wait_ready
    ctx, page, guard = new_page(browser)
    try:
        page.goto(site.url("index.html?game=hexbattle&seats=human,remote&seed=7"))
        wait_ready(page)
        page.wait_for_selector("[data-invite]", timeout=30_000)
        first = page.get_attribute("[data-invite]", "href")
        configs = "() => [...boardshelfLive.links].map(l => l.pc.getConfiguration().iceServers)"
        new_invite = "(f) => { const a = document.querySelector('[data-invite]'); return a && a.href !== f; }"
        assert page.evaluate(configs) == [[]]
        # in Settings
        click(page, '[data-nav="settings"]')
        click(page, '[data-nav="live-ice:settings"]')
        set_input(page, '[data-input="live-ice-servers:settings"]', "stun:127.0.0.1:3478\nturn:127.0.0.1:3479 ann pw")
        set_input(page, '[data-input="live-ice-use:settings"]', "on")
        page.wait_for_function(f"() => ({configs})().some(s => s.length === 2)", timeout=30_000)
        servers = [s for s in page.evaluate(configs) if s][-1]
        assert [s["urls"] for s in servers] == [["stun:127.0.0.1:3478"], ["turn:127.0.0.1:3479"]]
        assert servers[1]["username"] == "ann" and servers[1]["credential"] == "pw"
        page.wait_for_function(new_invite, arg=first, timeout=30_000)
        stored = page.evaluate("() => JSON.parse(localStorage.getItem('boardshelf:live-servers'))")
        assert stored == {"use": True, "text": "stun:127.0.0.1:3478\nturn:127.0.0.1:3479 ann pw"}
        assert "On: 2 server(s)." in page.locator(".live-panel .live-ice").text_content()     # (folded there)
        assert page.input_value('.live-panel [data-input="live-ice-servers"]') == stored["text"]
        # a bad list in Settings: refused beside the field, which keeps what was typed; nothing else changes
        page.wait_for_function("() => !!document.querySelector('[data-invite]')", timeout=30_000)
        second = page.get_attribute("[data-invite]", "href")
        set_input(page, '[data-input="live-ice-servers:settings"]', "stun:127.0.0.1:3478\nturn:127.0.0.1:3479 ann")
        field = page.locator('#bs-ice-settings-servers')
        assert field.get_attribute("aria-invalid") == "true"
        assert field.evaluate("e => e.getAttribute('aria-describedby').split(' ').map(i => "
                              "document.getElementById(i).textContent).join(' ')").startswith(
            "The servers were not changed: Line 2: a TURN server needs its username and password")
        assert field.input_value() == "stun:127.0.0.1:3478\nturn:127.0.0.1:3479 ann"
        assert page.evaluate("() => JSON.parse(localStorage.getItem('boardshelf:live-servers'))") == stored
        assert page.get_attribute("[data-invite]", "href") == second
        # the host's panel sets the same setting: Settings shows it, the next invitation has it
        click(page, ".live-panel .live-ice summary")
        set_input(page, '.live-panel [data-input="live-ice-servers"]', "stun:127.0.0.1:3480")
        page.wait_for_function(f"() => ({configs})().some(s => s.length === 1)", timeout=30_000)
        assert [s["urls"] for s in [s for s in page.evaluate(configs) if s][-1]] == [["stun:127.0.0.1:3480"]]
        assert field.input_value() == "stun:127.0.0.1:3480" and field.get_attribute("aria-invalid") is None
        assert "On: 1 server(s)." in page.locator(".app-settings .live-ice").inner_text()
    finally:
        ctx.close()
    guard.check()
