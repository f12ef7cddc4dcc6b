"""Live play's messages (pyapp.live.protocol, docs/live-play.md): a friend's tab is sent only what its seat may see, and
every message from a friend is checked as outside text before the host acts on it (issue 36)."""
from __future__ import annotations

import json

import pytest

from pyapp import games
from pyapp.engine import Rng
from pyapp.live import protocol
from pyapp.live.protocol import HostLink, Refused, read_friend

from play_helpers import played


def position(gid: str, players: int, seed: int, n: int):
    """``gid`` after ``n`` random legal moves that are not a concession (a game that ends early hides little)."""
    state = games.get(gid).new(players, seed)
    r = Rng(seed, stream=5)
    for _ in range(n):
        if state.is_over:
            break
        seat = state.to_act[0]
        acts = state.legal_actions(seat)
        state.apply(seat, r.choice([a for a in acts if a.kind != "concede"] or acts).id)
    return state

GAMES = ("hexbattle", "doomspire", "clockwork", "icefortress", "cloudspire")
NAMES = ["Ann", "Bo", "Cy", "Di"]


def kinds(players: int, friend: int) -> list[str]:
    return ["remote" if s == friend else ("human" if s == 0 else "bot:normal") for s in range(players)]


def msg(**fields) -> str:
    return json.dumps({"v": 1, **fields})


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


@pytest.mark.parametrize("gid", GAMES)
def test_a_seats_message_is_the_same_whatever_it_cannot_see(gid):
    """Twins that differ only in what the friend's seat cannot see (other hands, deck orders, face-down tiles, the
    dice to come, the seed) give that seat byte-identical messages, all game long; the seed is never in them."""
    g = games.get(gid)
    players = 4 if g.max_players >= 4 else g.max_players
    redealt = checked = 0
    for n in (0, 12, 40, 90):
        state = position(gid, players, 5, n)
        if state.is_over:
            continue
        checked += 1
        plain = json.loads(state.to_json())["data"]
        for seat in range(players):
            mine = protocol.encode(protocol.table_message(state, seat, NAMES[:players], kinds(players, seat)))
            assert len(mine) < protocol.MAX_FROM_HOST
            assert '"seed"' not in mine or state.is_over
            for k in range(2):
                twin = state.resample_hidden(seat, Rng(1000 * n + 10 * seat + k))
                if not state.is_over:
                    twin.seed = state.seed + 1 + k   # the seed decides what is dealt later: hidden while played
                redealt += json.loads(twin.to_json())["data"] != plain
                again = protocol.encode(protocol.table_message(twin, seat, NAMES[:players], kinds(players, seat)))
                assert again == mine, (gid, n, seat)
    assert checked >= 3 and redealt > 0     # (every game here hides something: the twins really differed)


def test_only_changes_are_sent_and_the_log_arrives_whole_in_pieces():
    state = games.get("doomspire").new(2, 3)
    link = HostLink(1, clock=Clock())
    got, log = [], []
    r = Rng(8, stream=2)
    for _ in range(120):
        text = link.outgoing(state, NAMES[:2], kinds(2, 1))
        assert link.outgoing(state, NAMES[:2], kinds(2, 1)) is None         # nothing new: nothing sent
        if text is not None:
            m = json.loads(text)
            assert m["log_from"] == len(log)
            log += m["log"]
            got.append(m["n"])
        if state.is_over:
            break
        seat = state.to_act[0]
        acts = state.legal_actions(seat)
        state.apply(seat, r.choice([a for a in acts if a.kind != "concede"] or acts).id)
    assert got == list(range(1, len(got) + 1)) and len(got) > 20
    assert log == list(state.log)[:len(log)] and len(log) >= len(state.log) - 40


def test_the_seed_arrives_once_the_game_is_over():
    state = played("hexbattle", 2, seed=4, n=5000)
    assert state.is_over
    m = json.loads(HostLink(0).outgoing(state, NAMES[:2], kinds(2, 0)))
    assert m["over"] and m["seed"] == state.seed and m["outcome"]["kind"] and m["actions"] == []


def test_a_friends_legal_move_is_accepted_for_its_own_seat_only():
    state = games.get("hexbattle").new(2, 7)               # seat 1 (the second player) moves first here
    host, friend = HostLink(0, clock=Clock()), HostLink(1, clock=Clock())
    for link in (host, friend):
        link.outgoing(state, NAMES[:2], kinds(2, 1))
    legal = state.legal_actions(1)[0].id
    assert friend.incoming(msg(type="act", id=legal, n=1), state) == ("act", legal)
    assert host.incoming(msg(type="act", id=legal, n=1), state) == ("refused", "It is not your turn.")
    assert friend.incoming(msg(type="act", id="fly:away", n=1), state) == ("refused", "That move is not possible now.")
    assert friend.incoming(msg(type="act", id=legal, n=0), state)[0] == "refused"        # chosen on an older table
    state.apply(1, legal)
    assert friend.outgoing(state, NAMES[:2], kinds(2, 1)) is not None                    # n is 2 now
    assert friend.incoming(msg(type="act", id=legal, n=1), state)[0] == "refused"


@pytest.mark.parametrize("text, why", [
    (None, "not text"), ("x" * 5000, "too long"), ("[" * 40 + "]" * 40, "nested too deeply"),
    ("{not json", "not readable"), ("[1, 2]", "not an object"),
    (json.dumps({"v": 2, "type": "bye"}), "another version"),
    (msg(type="shout"), "unknown kind"), (msg(type="bye", seat=0), "fields it should not"),
    (msg(type="act", id=5, n=1), "id was missing or not a text"), (msg(type="act", id="draw"), "n was missing"),
    (msg(type="act", id="draw", n=True), "n was missing or not a number"),
    (msg(type="why", key="k" * 300, n=1), "key was too long"),
])
def test_a_hostile_or_broken_message_is_refused_in_words(text, why):
    with pytest.raises(Refused) as err:
        read_friend(text)
    assert why in str(err.value)
    state = games.get("hexbattle").new(2, 7)
    link = HostLink(1, clock=Clock())
    before = state.to_json()
    kind, reason = link.incoming(text, state)
    assert kind == "refused" and why in reason and state.to_json() == before        # and nothing changed


def test_undo_hint_and_hello_are_checked_against_the_game():
    state = games.get("hexbattle").new(2, 7)
    link = HostLink(1, clock=Clock())
    link.outgoing(state, NAMES[:2], kinds(2, 1))
    assert link.incoming(msg(type="undo", n=1), state)[0] == "refused"               # nothing of its own to undo
    assert link.incoming(msg(type="hint", n=1), state) == ("hint",)
    assert link.incoming(msg(type="hello", game="doomspire", name="Bo"), state) == \
        ("refused", "This invitation is for another game.")
    assert link.incoming(msg(type="hello", game="hexbattle", name="  Bo  "), state) == ("hello", "Bo")
    state.apply(1, "draw")
    assert json.loads(link.outgoing(state, NAMES[:2], kinds(2, 1)) or "{}").get("n") == 2
    assert link.outgoing(state, NAMES[:2], kinds(2, 1)) is None
    undoable = state.can_undo(1)
    assert (link.incoming(msg(type="undo", n=2), state)[0] == "undo") == undoable
    assert link.incoming(msg(type="hint", n=2), state)[0] == ("hint" if 1 in state.to_act else "refused")


def test_a_flood_or_a_run_of_refusals_drops_the_peer():
    state = games.get("hexbattle").new(2, 7)
    clock = Clock()
    flood = HostLink(1, clock=clock)
    answers = [flood.incoming(msg(type="why", key="", n=0), state)[0] for _ in range(protocol.RATE + 1)]
    assert answers[:-1] == ["why"] * protocol.RATE and answers[-1] == "dropped"
    clock.t += 10
    assert flood.incoming(msg(type="bye"), state)[0] == "dropped"                     # dropped stays dropped
    stubborn = HostLink(1, clock=clock)
    kinds_seen = []
    for i in range(protocol.MAX_REFUSED):
        clock.t += 0.1                                                                # slow enough: not a flood
        kinds_seen.append(stubborn.incoming(msg(type="act", id="fly:away", n=0), state)[0])
    assert kinds_seen[:-1] == ["refused"] * (protocol.MAX_REFUSED - 1) and kinds_seen[-1] == "dropped"
    assert "in a row" in (stubborn.dropped or "")


def _board(gid: str, view: dict, actions: list, free: list, seat: int, interactive: bool, names: list) -> str:
    """The game's board for ``seat`` as the table screen draws it (free actions offered even off turn)."""
    from pyapp.ui.boards import board_function
    acts = (actions if interactive else []) + [a for a in free if all(a.id != b.id for b in actions)]
    return board_function(gid)(view, acts, seat=seat, names=names, interactive=interactive or bool(acts))


@pytest.mark.parametrize("gid", GAMES)
def test_a_friend_plays_through_messages_only_and_sees_the_table_the_host_would_draw(gid):
    """The host's game with a friend at seat 1 and random seats elsewhere, joined by nothing but the messages: the
    friend chooses among what its table offers, the host checks and applies each id, and at every step the friend's
    board is the markup the host's own table would draw for that seat."""
    from pyapp.live.friend import FriendTable
    g = games.get(gid)
    players = 2 if g.min_players <= 2 <= g.max_players else g.min_players
    names = NAMES[:players]
    state = g.new(players, 21)
    clock = Clock()
    link, table = HostLink(1, clock=clock), FriendTable()
    r = Rng(21, stream=3)
    friend_moves = 0
    for _ in range(300):
        text = link.outgoing(state, names, kinds(players, 1))
        if text is not None:
            assert table.receive(text) == "table"
        view = state.view(1)
        if isinstance(view.get("log"), list):
            view["log"] = list(state.log)
        mine = 1 in state.to_act and not state.is_over
        host_board = _board(gid, view, state.legal_actions(1) if mine else [], state.free_actions(1), 1, mine, names)
        assert _board(gid, table.view(), table.legal_actions(), table.free_actions(), 1,
                      1 in table.to_act and not table.is_over, table.names) == host_board
        if state.is_over:
            break
        seat = state.to_act[0]
        if seat == 1:
            clock.t += 0.2                                    # a person's pace
            acts = [a for a in table.legal_actions() if a.kind != "concede"] or table.legal_actions()
            kind, *rest = link.incoming(table.act(r.choice(acts).id), state)
            assert kind == "act"
            state.apply(1, rest[0])
            friend_moves += 1
        else:
            acts = state.legal_actions(seat)
            state.apply(seat, r.choice([a for a in acts if a.kind != "concede"] or acts).id)
    assert friend_moves >= 10


def test_a_friends_table_refuses_a_message_out_of_step():
    from pyapp.live.friend import FriendTable
    state = games.get("hexbattle").new(2, 7)
    link, table = HostLink(1), FriendTable()
    first = link.outgoing(state, NAMES[:2], kinds(2, 1))
    table.receive(first)
    with pytest.raises(Refused):
        table.receive(first)                                  # the same table again: older than the one it has
    state.apply(1, "draw")
    link.outgoing(state, NAMES[:2], kinds(2, 1))              # (lost on the way)
    state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0].id)
    later = json.loads(link.outgoing(state, NAMES[:2], kinds(2, 1)) or "{}")
    later["log_from"] = len(table.log) + 5                    # a piece that does not follow what it has
    with pytest.raises(Refused):
        table.receive(json.dumps(later))
    with pytest.raises(Refused):
        table.act("fly:away")                                 # not on its table: never sent
    link.resend()                                             # the friend asked again: the whole table
    assert table.receive(link.outgoing(state, NAMES[:2], kinds(2, 1))) == "table"
    assert table.log == list(state.log)
