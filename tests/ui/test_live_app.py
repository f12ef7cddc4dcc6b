"""Live play in the app (issue 36, docs/live-play.md): a seat for a friend on another device, the host's invitation
panel, the friend's table.  The messages themselves are tests/ui/test_live_protocol.py's."""
from __future__ import annotations

import json
import re

from pyapp import bots as botlib
from pyapp.engine import log as loglib
from pyapp.ui import App, DictStorage


def host(seats: str = "human,remote", game: str = "hexbattle", seed: str = "7") -> App:
    return App(DictStorage(), {"game": game, "seats": seats, "seed": seed}, random_seed=lambda: 7,
               page_url="https://example.org/boardshelf/")


def test_link_opens_a_host_whose_second_seat_waits_for_a_friend():
    app = host()
    assert app.screen == "game" and app.meta["seats"] == ["human", "remote"]
    saved = json.loads(app.storage.get(app.key(app.meta["id"])))
    assert saved["seats"] == ["human", "remote"]                  # the save marks the seat remote
    html = app.render()
    assert "(friend)" in html


def test_remote_seat_is_never_played_by_the_hosts_clicks():
    app = host()
    state = app.state
    # play the host's turns until the friend's seat is to act
    for _ in range(40):
        if 1 in state.to_act:
            break
        app.handle("action", state.legal_actions(state.to_act[0])[0].id)
    assert state.to_act == (1,)
    n = len(state.history)
    html = app.render()
    assert "on their own device" in html                          # whose device the turn waits on
    app.handle("action", state.legal_actions(1)[0].id)            # a click on the host's tab for the friend
    assert len(state.history) == n
    assert not app.bot_pending()                                  # and no bot plays it either


def test_setup_offers_a_friend_seat():
    app = App(DictStorage(), {}, random_seed=lambda: 7)
    app.handle("nav", "setup:hexbattle")
    assert 'value="remote"' in app.render() and "A friend on another device" in app.render()
    app.handle("input", "seat-1", "remote")
    assert app.setup["seats"][1] == "remote"
    app.handle("nav", "start")
    assert app.meta["seats"][1] == "remote"


def test_unknown_seat_kind_in_a_link_still_refused():
    app = host(seats="human,friend")
    assert app.screen == "setup" and any("unknown seat" in m["text"] for m in app.messages)


def pair(app: App, seat: int = 1) -> App:
    """A friend's App joined to ``app``'s seat through the panel's invitation (the glue's calls, in memory)."""
    assert app.live.invites_wanted() == [seat]
    app.live.invite_made(seat, "OFFERCODE")
    friend = App(DictStorage(), {}, random_seed=lambda: 1)
    assert friend.go_to("#/join/OFFERCODE") and friend.screen == "friend"
    assert friend.live.join_wanted() == "OFFERCODE" and friend.live.join_wanted() is None
    friend.live.joined("REPLYCODE")
    app.live.reply_sent(seat)
    app.live.peer_state(seat, "open")
    friend.live.friend_state("open")
    return friend


def carry(app: App, friend: App) -> None:
    """Deliver what each side has to send (the data channel, in memory)."""
    for _ in range(3):
        for _seat, text in app.live.outbox():
            friend.live.friend_receive(text)
        for text in friend.live.friend_outbox():
            app.live.from_peer(1, text)


def paired() -> tuple[App, App]:
    """A host and a friend joined to its seat 1, the first table delivered; the host's clock ticks a second a
    message (under the flood limit)."""
    app = host()
    ticks = iter(range(10**6))
    app.live.clock = lambda: next(ticks)
    friend = pair(app)
    carry(app, friend)
    return app, friend


def test_a_channel_that_opens_before_the_reply_is_seen_stays_connected():
    """On one network the data channel can open before the glue sees the reply's promise resolve: the host's
    panel must not fall back to "connecting" (the friend would wait for a table that never comes)."""
    app = App(DictStorage(), {"game": "hexbattle", "seats": "human,remote", "seed": "7"}, random_seed=lambda: 1)
    app.live.invites_wanted()
    app.live.invite_made(1, "OFFERCODE")
    app.live.peer_state(1, "open")
    app.live.reply_sent(1)
    assert app.live.peers[1]["state"] == "open"
    assert [seat for seat, _text in app.live.outbox()] == [1]           # and the friend is sent its table


def test_invitation_panel_markup():
    app = host()
    html = app.render()
    assert "Making the invitation" in html and "data-invite" not in html
    app.live.invites_wanted()
    app.live.invite_made(1, "OFFERCODE")
    html = app.render()
    assert 'data-invite="1" href="https://example.org/boardshelf/#/join/OFFERCODE"' in html
    assert 'name="reply"' in html and 'data-live-reply="1"' in html
    # the same link as a QR code for a phone's camera (web/qr.js draws <bs-qr>: tests/browser/test_qr.py)
    assert '<bs-qr class="live-qr" text="https://example.org/boardshelf/#/join/OFFERCODE"' in html
    assert "Waiting for" in html and 'data-nav="live-drop:1"' in html
    app.live.peer_state(1, "failed")
    html = app.render()
    assert "could not reach each other" in html and "same Wi-Fi" in html and 'data-nav="live-again:1"' in html
    app.handle("nav", "live-again:1")
    assert app.live.invites_wanted() == [1]                     # a fresh invitation is made


def test_friend_tab_shows_its_reply_then_its_seats_table():
    app = host()
    friend = pair(app)
    friend.live.friend_state("waiting")
    html = friend.render()
    assert "data-reply" in html and "REPLYCODE" in html
    friend.live.friend_state("open")
    carry(app, friend)
    html = friend.render()
    assert "<svg" in html and "--seat-1" in html                 # the game's own renderer, the seats' colours
    assert friend.stylesheets() == ["web/hexbattle.css"]


def test_host_drops_a_peer():
    app = host()
    pair(app)
    app.handle("nav", "live-drop:1")
    assert app.live.to_close() == [1] and app.live.outbox() == []
    assert "You dropped" in app.render()


def test_a_whole_game_played_live_in_memory():
    """The host clicks its seat's first action; the friend's tab only what its table offers; every friend
    action reaches the host's state through the checked message."""
    app, friend = paired()
    state = app.state
    pick = botlib.make("hexbattle", "greedy", 3)   # which offered move each side clicks (a quick game)
    for _ in range(3000):
        if state.is_over:
            break
        if 0 in state.to_act:
            app.handle("action", pick.choose(state, 0))
        else:
            table = friend.live.friend["table"]
            assert table.to_act == state.to_act and 1 in table.to_act
            before = len(state.history)
            aid = pick.choose(state, 1)
            assert aid in [a.id for a in table.legal_actions() + table.free_actions()]   # offered on its table
            friend.handle("action", aid)
            carry(app, friend)
            assert len(state.history) == before + 1
        carry(app, friend)
    assert state.is_over and friend.live.friend["table"].is_over
    assert "turn-banner outcome" in friend.render()


def test_hostile_friend_message_refused_with_its_reason_shown():
    app = host()
    friend = pair(app)
    carry(app, friend)
    n = len(app.state.history)
    app.live.from_peer(1, '{"v": 1, "type": "act", "id": "no-such-move", "n": 1}')
    app.live.from_peer(1, "x" * 10000)
    carry(app, friend)
    assert len(app.state.history) == n
    texts = " ".join(m["text"] for m in friend.messages)
    assert "The host did not take that" in texts and "too long" in texts


def test_a_lost_friend_seat_is_played_by_a_bot_meanwhile_then_handed_back_on_a_fresh_pairing():
    """Faults (issue 36): the host sees the lost connection in words, may let a bot play the seat meanwhile (the
    save still marks it the friend's), makes a new invitation; the friend's fresh pairing finds the game where it
    was and the seat is theirs again."""
    app, friend = paired()
    state = app.state
    app.live.peer_state(1, "closed")                       # the glue: the channel closed or the heartbeat stopped
    html = app.render()
    assert "connection to" in html and "was lost" in html
    assert 'data-nav="live-bot:1"' in html and 'data-nav="live-again:1"' in html
    app.handle("nav", "live-bot:1")
    assert app.meta["seats"][1].startswith("bot:") and "Meanwhile a bot plays" in app.render()
    assert 'data-nav="live-bot:1"' not in app.render()
    mine = sum(h[0] == 1 for h in state.history)
    for _ in range(300):                                   # the host plays on; the bot plays the friend's turns
        if app.bot_pending():
            assert app.step_bot()
        elif sum(h[0] == 1 for h in state.history) >= mine + 2:
            break
        else:
            app.handle("action", state.legal_actions(state.to_act[0])[0].id)
    assert sum(h[0] == 1 for h in state.history) >= mine + 2
    saved = json.loads(app.storage.get(app.key(app.meta["id"])))
    assert saved["seats"] == ["human", "remote"]          # a reload offers to re-invite, not a bot for good
    # a new invitation; the friend opens it (in the same tab) and the seat is theirs again
    app.handle("nav", "live-again:1")
    assert app.live.invites_wanted() == [1]
    app.live.invite_made(1, "OFFER2")
    assert friend.go_to("#/join/OFFER2") and friend.live.join_wanted() == "OFFER2"
    friend.live.joined("REPLY2")
    friend.live.friend_state("open")
    app.live.reply_sent(1)
    app.live.peer_state(1, "open")
    assert app.meta["seats"] == ["human", "remote"] and not app.bot_pending()
    assert "is back" in " ".join(m["text"] for m in app.messages)
    carry(app, friend)
    table = friend.live.friend["table"]
    assert table.to_act == state.to_act and len(table.log) == len(state.log)     # the game where it was, whole
    while 1 not in state.to_act:
        app.handle("action", state.legal_actions(state.to_act[0])[0].id)
        carry(app, friend)
    n = len(state.history)
    friend.handle("action", friend.live.friend["table"].legal_actions()[0].id)
    carry(app, friend)
    assert len(state.history) == n + 1 and state.history[-1][0] == 1


def test_friend_page_says_the_host_is_gone_and_what_to_do():
    app = host()
    friend = pair(app)
    carry(app, friend)
    friend.live.friend_state("closed")
    html = friend.render()
    assert "connection to the host was lost" in html and "new invitation" in html
    assert "<svg" in html                                  # the table as it was stays in view


def test_a_friend_asks_for_a_hint_and_the_host_computes_it_for_that_seat():
    """Hints for a friend (issue 36): the host's hint bot thinks for the asking seat (as for a person at the host's
    table: the same bot and seed), the answer goes to that friend only, marks its board, is kept with the game's
    hints, and is not thought again when asked again at the same position."""
    from pyapp.ui import hints as hintlib
    app, friend = paired()
    state = app.state
    while 1 not in state.to_act:
        app.handle("action", state.legal_actions(state.to_act[0])[0].id)
    carry(app, friend)
    html = friend.render()
    assert 'data-nav="live-hint"' in html and "What would the bot do?" in html
    friend.handle("nav", "live-hint")
    assert "The bot is thinking" in friend.render()
    carry(app, friend)
    while not app.step_hint():                           # (in one go; test_..._in_slices below)
        pass
    carry(app, friend)
    want = hintlib.suggest(state, 1)
    html = friend.render()
    assert "The bot would play" in html and f'data-action="{want}" data-hint="1"' in html
    assert [(h["seat"], h["action"], h["step"]) for h in app.hints] == [(1, want, len(state.history))]
    saved = json.loads(app.storage.get(app.key(app.meta["id"])))
    assert saved["hints"][0]["seat"] == 1 and saved["hints"][0]["action"] == want
    # asked again (a hostile or impatient page): the same answer, no second hint
    table = friend.live.friend["table"]
    app.live.from_peer(1, table.ask("hint"))
    assert len(app.hints) == 1
    sent = [t for _s, t in app.live.outbox()]
    assert len(sent) == 1 and f'"action":"{want}"' in sent[0]
    # the friend plays it; the hint goes with that table
    friend.handle("action", want)
    carry(app, friend)
    assert tuple(state.history[-1][:2]) == (1, want)
    assert "The bot would play" not in friend.render()
    # the hint's line is in the friend's log, as in the host's log panel (with its label: it was this seat's own)
    line = hintlib.log_event(app.hints[0], True)
    assert line in friend.live.friend["table"].log
    assert "asked for a hint" in friend.render()


def test_a_hint_asked_off_turn_is_refused():
    app = host()
    friend = pair(app)
    ticks = iter(range(10**6))
    app.live.clock = lambda: next(ticks)
    carry(app, friend)
    for _ in range(50):                                   # the friend's turn played: now the host's
        if 1 not in app.state.to_act:
            break
        friend.handle("action", botlib.make("hexbattle", "greedy", 3).choose(app.state, 1))
        carry(app, friend)
    assert 'data-nav="live-hint"' not in friend.render()
    app.live.from_peer(1, friend.live.friend["table"].ask("hint"))
    carry(app, friend)
    assert app.hints == [] and any("A hint is for your turn" in m["text"] for m in friend.messages)


def test_a_friends_hint_is_thought_in_slices_while_the_host_answers():
    """The host thinks a friend's hint in slices (as a local hint): between them the host's page answers clicks
    and the friend's channel, the friend's page says "thinking", and the answer is the one thought in one go."""
    from pyapp.ui import hints as hintlib
    app, friend = paired()
    state = app.state
    while 1 not in state.to_act:
        app.handle("action", state.legal_actions(state.to_act[0])[0].id)
    carry(app, friend)
    want = hintlib.suggest(state, 1)
    friend.handle("nav", "live-hint")
    carry(app, friend)
    assert app.hint_thinking() and app.hints == []        # asked: nothing thought yet on the host
    slices = 0
    while not app.step_hint(0):                           # one step of the bot per slice
        slices += 1
        if slices == 2:                                   # meanwhile: the friend asks again, the host clicks
            app.live.from_peer(1, friend.live.friend["table"].ask("hint"))
            app.handle("nav", "logseat:1")                # the host's page takes a click meanwhile
            assert 'data-nav="logseat:1" aria-pressed="true"' in app.render()
            assert len(app.live.hint_jobs) == 1
        assert app.hints == [] and not any('"type":"hint"' in t for _s, t in app.live.outbox())
        carry(app, friend)
        assert "The bot is thinking" in friend.render()
    assert slices >= 3
    carry(app, friend)
    assert [(h["seat"], h["action"]) for h in app.hints] == [(1, want)]
    html = friend.render()
    assert "The bot would play" in html and f'data-action="{want}" data-hint="1"' in html
    assert not app.hint_thinking()


def test_a_friends_hint_being_thought_is_dropped_when_the_friend_is_gone():
    app, friend = paired()
    state = app.state
    while 1 not in state.to_act:
        app.handle("action", state.legal_actions(state.to_act[0])[0].id)
    carry(app, friend)
    friend.handle("nav", "live-hint")
    carry(app, friend)
    assert app.step_hint(0) is False
    app.live.peer_state(1, "closed")
    assert not app.hint_thinking() and app.step_hint(0) is True and app.hints == []


def test_a_friends_page_is_laid_out_as_the_hosts_table_with_its_recap():
    """The table is the same (issue 36): a friend's page has the host's layout (the names, the turn area, the game's
    board and panels: web/ui.css places them alike), the log's filter by player, and the recap box: "So far" before its first move, then what the
    host did since the friend's last move, and through the friend's own moves of a turn what came before them."""
    app, friend = paired()
    state = app.state
    html = friend.render()
    assert re.search(r'<div class="game-bar"><div class="seats">.*\(you\)', html)
    assert html.index('<div class="turn-area">') < html.index('<div class="game-board">') < html.index("<svg")
    assert '<h3>So far</h3>' in html
    # the log's "show the log of" buttons, as on the host's table
    assert 'data-nav="logseat:all" aria-pressed="true"' in html and 'data-nav="logseat:1"' in html
    friend.handle("nav", "logseat:0")
    html = friend.render()
    assert 'data-log-seat="0"' in html and 'data-nav="logseat:0" aria-pressed="true"' in html
    friend.handle("nav", "logseat:all")
    pick = botlib.make("hexbattle", "greedy", 3)
    checked, after_mine = set(), None
    for _ in range(600):
        if state.is_over or len(checked) == 2:
            break
        if 0 in state.to_act:
            app.handle("action", pick.choose(state, 0))
            carry(app, friend)
            continue
        log, html = friend.live.friend["table"].log, friend.render()
        if after_mine is not None and len(log) > after_mine:          # the host moved since the friend's move
            recap = html[html.index('class="since"'):]
            recap = recap[:recap.index("</section>")]
            assert "Since your last move" in recap and loglib.html(log[-1], app.meta["names"]) in recap, recap
            checked.add("since")
        friend.handle("action", pick.choose(state, 1))
        carry(app, friend)
        after_mine = len(friend.live.friend["table"].log)
        if 1 in state.to_act and "Before your move" in friend.render():   # its own move: the others' stay listed
            checked.add("before")
    assert checked == {"before", "since"}, checked


def test_a_tap_on_the_friends_board_that_does_nothing_is_answered_by_the_host():
    """A reason for every "no" on a friend's page too: the tap's key goes to the host, which answers as for a local
    tap by that seat (pyapp.ui.why); the answer shows while that table is on screen, and goes with the next one."""
    app, friend = paired()
    state = app.state
    if 1 in state.to_act:                                   # the host to play: the friend taps while waiting
        pick = botlib.make("hexbattle", "greedy", 3)
        while 1 in state.to_act:
            friend.handle("action", pick.choose(state, 1))
            carry(app, friend)
    assert 0 in state.to_act
    friend.handle("nav", "why:hb-h3")
    carry(app, friend)
    html = friend.render()
    names = app.meta["names"]
    assert f"It is {names[0]}&#x27;s turn" in html or f"It is {names[0]}'s turn" in html, html[:2000]
    assert 'data-why role="status"' in html
    n = friend.live.friend["table"].n
    app.handle("action", botlib.make("hexbattle", "greedy", 3).choose(state, 0))   # the table moves on
    carry(app, friend)
    assert friend.live.friend["table"].n > n and "data-why" not in friend.render()


def test_the_hosts_own_hint_shows_in_the_friends_log_without_its_move():
    """A hint the host's seat asked is in the friend's log as on any table's log panel: "asked for a hint", its move
    left out where views are private (Hex Battle: the move could name a card in the host's hand)."""
    from pyapp.ui import hints as hintlib
    app, friend = paired()
    state = app.state
    assert state.game.private_views
    app.hints.append({"seat": 0, "action": "secret", "label": "Play the Secret Card", "step": len(state.history),
                      "log": len(state.log)})
    carry(app, friend)
    log = friend.live.friend["table"].log
    assert hintlib.log_event(app.hints[-1], False) in log
    assert "Secret" not in json.dumps(log) and "asked for a hint" in friend.render()
