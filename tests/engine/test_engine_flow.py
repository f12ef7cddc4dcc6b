"""The game kit's flow (pyapp.engine.flow): phases of each turn kind, prompts that return, the end.

A toy game exercises every part through the engine contract:
* ``bid`` (every seat at once): each seat bids 1 or 2;
* ``play`` (one seat after another): the active seat may ``take`` (the next seat is asked
  ``allow``/``deny``; allowed, the taker scores its bid), ``ask`` (a computed question to itself) or ``end``;
* ``shop`` (around the table until all pass): ``buy`` (a point for everybody) or ``pass``;
then ``bid`` again.  The first seat to 6 points wins; the table reaching 20 points together is a
shared (cooperative) win when the option ``team`` is set.
"""
from __future__ import annotations

import pytest

from pyapp.engine import Action, Game, IllegalAction, Option, Outcome
from pyapp.engine.flow import FlowState, Phase, phases


class ToyState(FlowState):
    PHASES = phases(
        Phase("bid", "all", next="play", doc="every seat bids at once"),
        Phase("play", "one", next="shop", doc="each seat takes a turn"),
        Phase("shop", "round", next="bid", doc="around the table until all pass"),
    )
    FIRST_PHASE = "bid"
    FRAMES = ("self", "take")

    def _setup_data(self) -> dict:
        return {"score": [0] * self.players, "bid": [None] * self.players, "begun": []}

    # bid: all at once
    def _legal_bid(self, seat):
        return [Action(f"bid:{n}", f"Bid {n}") for n in (1, 2)]

    def _do_bid(self, seat, action):
        self.data["bid"][seat] = int(action.id.split(":")[1])
        self.flow.done(seat)

    # play: one at a time, with a question to the next seat
    def _begin_turn_play(self, seat):
        self.data["begun"].append(seat)

    def _legal_play(self, seat):
        return [Action("take", "Take"), Action("ask", "Ask yourself"), Action("end", "End turn")]

    def _do_play(self, seat, action):
        if action.id == "end":
            self.flow.end_turn()
        elif action.id == "take":
            self.mark(seat, "move", "hand", "table")
            self.flow.push("take", taker=seat)
        else:
            self.flow.push("self", seat=seat)

    def _f_take(self, frame, choice, seat):
        other = (frame["taker"] + 1) % self.players
        if choice is None:
            self.flow.ask(other, [("allow", "Allow"), ("deny", "Deny")])
            return
        self.flow.pop(frame)
        if choice == "allow":
            self.data["score"][frame["taker"]] += self.data["bid"][frame["taker"]]
            self.say("{0} allows {1} to take", seat, frame["taker"], kind="take")
            self._check_end()
        self.flow.end_turn()

    def _f_self(self, frame, choice, seat):
        if choice is None:
            self.flow.ask(frame["seat"])           # options from _ask_self
            return
        self.flow.pop(frame)

    def _ask_self(self, frame, seat):
        return [Action("fine", "Fine")]

    # shop: around the table until all pass
    def _legal_shop(self, seat):
        return [Action("buy", "Buy"), Action("pass", "Pass")]

    def _do_shop(self, seat, action):
        if action.id == "pass":
            self.flow.pass_turn(seat)
        else:
            self.mark(seat, "place", "shop", text="a point each")
            for s in range(self.players):
                self.data["score"][s] += 1
            self._check_end()
            self.flow.next()

    def _end_shop(self):
        self.data["bid"] = [None] * self.players

    def _check_end(self):
        score = self.data["score"]
        if self.options["team"] and sum(score) >= 20:
            self.finish(Outcome.team(self.players, True, "the table reached 20"))
        elif max(score) >= 6:
            order = sorted(set(score), reverse=True)
            self.finish(Outcome.ranked([[s for s in range(self.players) if score[s] == v] for v in order],
                                       "first to 6", scores=score))

    # at any time: give a point to the next seat (a free action, whoever is to act)
    def _free(self, seat):
        return [Action("gift", "Give a point away", "free")] if self.data["score"][seat] > 0 else []

    def _do_free(self, seat, action):
        self.data["score"][seat] -= 1
        self.data["score"][(seat + 1) % self.players] += 1
        self.say("{0} gives a point to {1}", seat, (seat + 1) % self.players, kind="gift")

    def _view(self, seat):
        return {"score": list(self.data["score"]), "phase": self.flow.phase, "marks": self.marks()}


class ToyGame(Game):
    id = "toy"
    title = "Toy"
    min_players, max_players = 2, 4
    description = "a test game"
    options_spec = (Option("team", False, "Play as a team", kind="bool"),)
    state_class = ToyState


ToyState.game = GAME = ToyGame()


def test_all_phase_waits_for_every_seat_then_moves_on():
    s = GAME.new(3, 1)
    assert s.to_act == (0, 1, 2) and s.flow.phase == "bid"
    s.apply(1, "bid:2")
    assert s.to_act == (0, 2)
    with pytest.raises(IllegalAction):
        s.apply(1, "bid:1")                          # done: not to act any more
    s.apply(0, "bid:1")
    s.apply(2, "bid:1")
    assert s.flow.phase == "play" and s.to_act == (0,) and s.data["begun"] == [0]


def test_prompt_asks_another_seat_and_returns_to_the_turn():
    s = GAME.new(2, 1)
    s.apply(0, "bid:2")
    s.apply(1, "bid:1")
    s.apply(0, "take")
    assert s.to_act == (1,)
    assert [a.id for a in s.legal_actions(1)] == ["allow", "deny"]
    assert s.legal_actions(1)[0].kind == "prompt:take"
    s.apply(1, "allow")
    assert s.data["score"] == [2, 0]
    assert s.to_act == (1,) and s.data["begun"] == [0, 1]      # P1's turn ended; P2's began
    from pyapp.engine.log import plain
    assert plain(s.log[-1]) == "P2 allows P1 to take"


def test_free_actions_at_any_time_from_a_seat_not_to_act():
    s = GAME.new(2, 1)
    s.apply(0, "bid:2")
    s.apply(1, "bid:1")
    assert s.free_actions(0) == [] and s.free_actions(7) == []
    with pytest.raises(IllegalAction):
        s.apply(1, "gift")                           # nothing to give yet
    s.apply(0, "take")
    s.apply(1, "allow")
    assert s.to_act == (1,) and [a.id for a in s.free_actions(0)] == ["gift"]
    s.apply(0, "gift")                               # P1 is not to act, but may give
    assert s.data["score"] == [1, 1] and s.to_act == (1,) and s.history[-1] == [0, "gift"]
    assert s.can_undo(0) and s.undo(0).data["score"] == [2, 0]
    assert GAME.replay(2, 1, None, s.history) == s
    with pytest.raises(IllegalAction, match="not to act"):
        s.apply(0, "take")


def test_defer_runs_after_everything_pending_and_clear_drops_it_all():
    order = []

    class Noted(ToyState):
        FRAMES = ToyState.FRAMES + ("note",)

        def _f_note(self, frame, choice, seat):
            order.append(frame["n"])
            self.flow.pop(frame)

    class NotedGame(ToyGame):
        state_class = Noted

    s = NotedGame().new(2, 1)
    s.apply(0, "bid:1")
    s.apply(1, "bid:1")
    flow = s.flow
    flow.push("note", n="first")
    flow.defer("note", n="last")
    flow.push("note", n="top")
    s._advance()
    assert order == ["top", "first", "last"] and flow.stack == []
    s.apply(0, "take")                               # a question is open
    assert s.to_act == (1,)
    flow.clear()
    assert flow.prompt is None and flow.stack == []


def test_after_setup_sees_the_data_before_the_first_phase():
    class Later(ToyState):
        def _after_setup(self):
            self.data["score"][1] = 5               # e.g. a deal from the data just built
            self.flow.first = 1

    class LaterGame(ToyGame):
        state_class = Later

    Later.game = LaterGame()
    s = Later.game.new(2, 1)
    assert s.data["score"] == [0, 5] and s.flow.first == 1


def test_computed_prompt_options():
    s = GAME.new(2, 1)
    s.apply(0, "bid:1")
    s.apply(1, "bid:1")
    s.apply(0, "ask")
    assert [a.id for a in s.legal_actions(0)] == ["fine"]
    s.apply(0, "fine")
    assert [a.id for a in s.legal_actions(0)] == ["take", "ask", "end"]


def test_round_phase_goes_round_until_all_pass():
    s = GAME.new(3, 1)
    for seat in range(3):
        s.apply(seat, "bid:1")
    for seat in range(3):
        s.apply(seat, "end")
    assert s.flow.phase == "shop" and s.to_act == (0,)
    s.apply(0, "pass")
    assert s.to_act == (1,)
    s.apply(1, "buy")
    assert s.to_act == (2,)
    s.apply(2, "buy")
    assert s.to_act == (1,)                          # P1 passed: skipped
    s.apply(1, "pass")
    s.apply(2, "pass")
    assert s.flow.phase == "bid" and s.to_act == (0, 1, 2) and s.data["bid"] == [None] * 3


def test_finish_ends_the_game_ranked_with_scores():
    s = GAME.new(2, 1)
    while not s.is_over:
        seat = s.to_act[0]
        ids = [a.id for a in s.legal_actions(seat)]
        s.apply(seat, next(i for i in ("bid:2", "take", "allow", "pass") if i in ids))
    out = s.outcome()
    assert out.kind == "win" and out.winners == (0,) and out.scores == (6, 4) and s.to_act == ()


def test_team_outcome_is_not_a_draw():
    s = GAME.new(4, 1, {"team": True})
    while not s.is_over:
        seat = s.to_act[0]
        ids = [a.id for a in s.legal_actions(seat)]
        s.apply(seat, next(i for i in ("bid:1", "end", "buy") if i in ids))
    out = s.outcome()
    assert out.kind == "team-win" and not out.draw and out.winners == (0, 1, 2, 3)
    assert out.returns == (1.0, 1.0, 1.0, 1.0)


def test_flow_state_round_trips_and_replays():
    s = GAME.new(3, 9)
    for seat, a in ((0, "bid:1"), (1, "bid:2"), (2, "bid:1"), (0, "take")):
        s.apply(seat, a)
    t = GAME.from_json(s.to_json())
    assert t == s and t.to_act == (1,) and t.legal_actions(1) == s.legal_actions(1)
    assert GAME.replay(3, 9, None, s.history) == s


def test_a_copy_keeps_the_games_order_of_records_and_saves_stay_canonical():
    # a bot that takes the first best entry of a record must choose on a search copy what it chooses on
    # the game (sorted copies made Ice Fortress's hard bot pick and cancel a die forever)
    s = GAME.new(2, 4)
    s.data["tally"] = {"zeta": 1, "alpha": 1, "mid": 1}
    c = s.clone()
    assert list(c.data["tally"]) == ["zeta", "alpha", "mid"] == list(s.clone(past=False).data["tally"])
    assert list(c.data) == list(s.data) and c == s
    first_best = max(s.data["tally"], key=s.data["tally"].get)
    assert max(c.data["tally"], key=c.data["tally"].get) == first_best == "zeta"
    # the text of a save does not depend on the order the game happened to write things in
    t = GAME.new(2, 4)
    t.data["tally"] = {"alpha": 1, "mid": 1, "zeta": 1}
    assert t.to_json() == s.to_json() and t.to_json(canonical=False) != s.to_json(canonical=False)


def test_options_are_validated_by_their_description():
    with pytest.raises(ValueError, match="Play as a team must be true or false"):
        GAME.new(2, 1, {"team": "yes"})
    with pytest.raises(ValueError, match="unknown option"):
        GAME.new(2, 1, {"teams": True})


def test_phase_table_is_checked():
    with pytest.raises(ValueError):
        phases(Phase("a", "one", next="b"))
    with pytest.raises(ValueError):
        Phase("a", "sometimes")


def _to_play(players=3):
    s = GAME.new(players, 1)
    for seat in range(players):
        s.apply(seat, "bid:1")
    return s


def test_last_move_marks_stay_until_the_seat_moves_again():
    s = _to_play()
    assert s.to_act == (0,) and s.view(1)["marks"] == {}
    s.apply(0, "take")                                   # seat 1 is asked; the mark is there already
    assert s.view(2)["marks"] == {"0": [{"kind": "move", "at": ["hand", "table"]}]}
    s.apply(1, "deny")
    assert s.to_act == (1,)
    s.apply(1, "take")
    s.apply(2, "allow")
    marks = s.view(0)["marks"]
    assert set(marks) == {"0", "1"}, "seat 0's mark stays while others move"
    assert s.view(0)["marks"] == s.view(1)["marks"] == s.view(None)["marks"]
    s.apply(2, "end")                                    # the play phase ends: shop, a round phase
    assert s.flow.phase == "shop"
    assert set(s.view(0)["marks"]) == {"0", "1"}
    s.apply(s.to_act[0], "buy")
    assert s.view(0)["marks"]["0"] == [{"kind": "place", "at": ["shop"], "text": "a point each"}], \
        "in a round phase each move forgets the seat's previous marks"


def test_a_turn_in_a_one_phase_starts_with_the_seats_marks_forgotten():
    s = _to_play(2)
    s.apply(0, "take")
    s.apply(1, "deny")
    assert "0" in s.view(1)["marks"]
    s.apply(1, "end")                                    # play -> shop -> ... -> next round's play
    while s.flow.phase != "play" or s.to_act != (0,):
        seat = s.to_act[0]
        s.apply(seat, "pass" if s.flow.phase == "shop" else "bid:1")
    assert "0" not in s.view(1)["marks"]


def test_marks_survive_a_reload_and_old_states_without_them_load():
    s = _to_play()
    s.apply(0, "take")
    again = GAME.from_json(s.to_json())
    assert again.view(1)["marks"] == s.view(1)["marks"]
    del again.data["flow"]["marks"]
    assert again.marks() == {}
    again.new_marks(0)                                   # nothing to forget: no error
