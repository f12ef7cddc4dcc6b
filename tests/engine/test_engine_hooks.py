"""The game kit's hooks are declared and checked when a game's class is created (issue 33, item 2):
a misspelt or unknown hook, a frame kind without its handler, a phase without its moves or a hook with
the wrong parameters fails at import with a message naming it; pushing an undeclared frame kind fails
at once; and every frame kind a game's code pushes is one it declares."""
from __future__ import annotations

import ast
import pathlib

import pytest

from pyapp.engine.flow import FlowState, Phase, phases
from pyapp import games

ROOT = pathlib.Path(__file__).resolve().parents[2]


def make(**body):
    """A toy flow game class with one ``one`` phase ``go`` (and its moves) plus ``body``."""
    ns = {"PHASES": phases(Phase("go", "one", next="go")), "FIRST_PHASE": "go",
          "_setup_data": lambda self: {},
          "_legal_go": lambda self, seat: [], "_do_go": lambda self, seat, action: None}
    ns.update(body)
    return type("Toy", (FlowState,), {k: v for k, v in ns.items() if v is not None})


def test_a_well_formed_toy_is_accepted():
    cls = make(FRAMES=("fight",), _f_fight=lambda self, frame, choice, seat: None,
               _begin_turn_go=lambda self, seat: None, _end_go=lambda self: None)
    assert cls._frame_kinds == frozenset({"fight"})


def _no_legal():
    return type("Toy", (FlowState,), {"PHASES": phases(Phase("go", "one", next="go")), "FIRST_PHASE": "go",
                                      "_do_go": lambda self, seat, action: None})


@pytest.mark.parametrize("build, words", [
    (lambda: make(_begin_turn_og=lambda self, seat: None), "Toy._begin_turn_og: 'og' is not a phase"),
    (lambda: make(_end_og=lambda self: None), "Toy._end_og: 'og' is not a phase"),
    (lambda: make(_legal_og=lambda self, seat: []), "Toy._legal_og: 'og' is not a phase"),
    (lambda: make(_f_fihgt=lambda self, frame, choice, seat: None), "Toy._f_fihgt: 'fihgt' is not a frame"),
    (lambda: make(_ask_fihgt=lambda self, frame, seat: []), "Toy._ask_fihgt: 'fihgt' is not a prompt"),
    (lambda: make(FRAMES=("fight",)), "frame kind 'fight' has no handler _f_fight"),
    (lambda: make(_do_go=lambda self, seat: None),
     "Toy._do_go takes 1 parameters after self, a _do_<phase> hook takes 2"),
    (lambda: make(FRAMES=("fight",), _f_fight=lambda self, frame: None), "Toy._f_fight takes 1 parameters"),
    (_no_legal, "phase 'go' has no _legal_go"),
    (lambda: make(PHASES=phases(Phase("go", "one", next="go", moves=False))),
     "Toy._legal_go: phase 'go' is declared moves=False"),
    (lambda: make(PHASES=phases(Phase("go", "all", next="go")), _begin_turn_go=lambda self, seat: None),
     "phase 'go' has no turns"),
    (lambda: make(FIRST_PHASE="og"), "FIRST_PHASE 'og' is not a phase"),
])
def test_a_misspelt_or_wrong_hook_fails_when_the_class_is_created(build, words):
    with pytest.raises(TypeError) as err:
        build()
    assert words in str(err.value)


def test_pushing_an_undeclared_frame_kind_fails_at_once():
    cls = make(FRAMES=("fight",), _f_fight=lambda self, frame, choice, seat: self.flow.pop(frame))
    state = cls.__new__(cls)
    state.data = {"flow": {"stack": [], "prompt": None}}
    with pytest.raises(ValueError, match="no frame kind 'figth'"):
        state.flow.push("figth")
    with pytest.raises(ValueError, match="no frame kind 'figth'"):
        state.flow.defer("figth")
    state.flow.push("fight")
    assert state.flow.stack == [{"kind": "fight"}]


def _pushed_kinds(package: str) -> set[str]:
    """Every literal frame kind a game's modules push or defer (``flow.push("duel", ...)``)."""
    kinds = set()
    for path in (ROOT / "pyapp" / "games" / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("push", "defer") and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                kinds.add(node.args[0].value)
    return kinds


@pytest.mark.parametrize("game_id", [g["id"] for g in games.catalog()])
def test_every_game_declares_what_it_pushes_and_handles_what_it_declares(game_id):
    cls = games.get(game_id).state_class
    if not issubclass(cls, FlowState):
        pytest.skip(f"{game_id} is not a flow game")
    pushed = _pushed_kinds(game_id)
    assert pushed, "the scan found no frame pushed: the scan is broken"
    assert pushed <= set(cls.FRAMES), f"pushed but not declared: {sorted(pushed - set(cls.FRAMES))}"
    assert set(cls.FRAMES) <= pushed, f"declared but never pushed: {sorted(set(cls.FRAMES) - pushed)}"
    handlers = {n[3:] for n in dir(cls) if n.startswith("_f_")}
    assert handlers == set(cls.FRAMES)


def _staged(**body):
    steps = {"_s_fight_roll": lambda self, frame, choice, seat: (frame.setdefault("seen", []).append("roll"),
                                                                  self.stage(frame, "hit")),
             "_s_fight_hit": lambda self, frame, choice, seat: (frame["seen"].append("hit"), self.flow.pop(frame))}
    steps.update(body)
    return make(FRAMES=("fight",), STAGES={"fight": ("roll", "hit")}, **steps)


def test_a_frame_with_stages_runs_its_named_steps_in_turn():
    cls = _staged()
    state = cls.__new__(cls)
    state.data = {"flow": {"stack": [], "prompt": None}}
    frame = state.flow.push("fight", stage="roll")
    state._f_fight(frame, None, None)
    assert frame["stage"] == "hit" and frame["seen"] == ["roll"]
    state._f_fight(frame, None, None)
    assert frame["seen"] == ["roll", "hit"] and state.flow.stack == []
    with pytest.raises(ValueError, match="no step 'hti'"):
        state.stage({"kind": "fight", "stage": "roll"}, "hti")


@pytest.mark.parametrize("build, words", [
    (lambda: _staged(_s_fight_hti=lambda self, frame, choice, seat: None), "Toy._s_fight_hti: not a declared step"),
    (lambda: _staged(_s_fight_hit=None), "step 'hit' of frame 'fight' has no method _s_fight_hit"),
    (lambda: _staged(_s_fight_hit=lambda self, frame: None), "Toy._s_fight_hit takes 1 parameters after self"),
    (lambda: _staged(_f_fight=lambda self, frame, choice, seat: None), "the kit routes it to its steps"),
    (lambda: make(STAGES={"fight": ("roll",)}, _s_fight_roll=lambda self, frame, choice, seat: None),
     "STAGES: 'fight' is not a frame kind"),
])
def test_a_wrong_step_fails_when_the_class_is_created(build, words):
    with pytest.raises(TypeError) as err:
        build()
    assert words in str(err.value)
