"""Golden playthroughs (tests/golden/*.txt, written by tools/golden.py): each file's recorded action ids
replay to exactly the same transcript, the bots still choose those ids, and the files match the list
of playthroughs in tools/golden.py.  A silent change in rules, content, log text or bots shows up here."""
from __future__ import annotations

import pathlib

import pytest

from pyapp import games
from tool_modules import tool

golden = tool("golden")
FILES = sorted(golden.GOLDEN.glob("*.txt"))
BY_NAME = {pt.name: pt for pt in golden.PLAYTHROUGHS}
HINT = f"if this change is intended, run: {golden.REGENERATE}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_recorded_actions_replay_to_the_same_transcript(path: pathlib.Path) -> None:
    text = path.read_text(encoding="utf-8")
    pt, actions = golden.parse(text)
    state = games.get(pt.game).replay(pt.players, pt.seed, pt.options, actions)
    assert state.history == actions
    assert f"\n{golden.outcome_line(state)}\n" in text
    now = golden.transcript(pt, actions)
    if now != text:
        pytest.fail(f"{path.name} differs from a replay of its actions:\n{golden.diff(text, now, path.name)}\n{HINT}",
                    pytrace=False)


@pytest.mark.parametrize("pt", golden.PLAYTHROUGHS, ids=lambda pt: pt.name)
def test_bots_still_choose_the_recorded_actions(pt) -> None:
    path = golden.path_of(pt)
    recorded = golden.parse(path.read_text(encoding="utf-8"))[1] if path.exists() else []
    played = golden.play_bots(pt)
    if played != recorded:
        step = next((i for i, (a, b) in enumerate(zip(played, recorded)) if a != b), min(len(played), len(recorded)))
        pytest.fail(f"{pt.name}: the bots now play {played[step:step + 3]} at step {step + 1}, "
                    f"recorded {recorded[step:step + 3]} ({len(played)} vs {len(recorded)} actions); {HINT}")


def test_golden_files_match_the_playthroughs() -> None:
    assert {p.stem for p in FILES} == set(BY_NAME), HINT
    for path in FILES:
        assert golden.parse(path.read_text(encoding="utf-8"))[0] == BY_NAME[path.stem], f"{path.name} header; {HINT}"


def test_every_playable_game_has_whole_golden_games() -> None:
    ready = {g["id"] for g in games.catalog() if g["ready"]}
    assert {pt.game for pt in golden.PLAYTHROUGHS} == ready
    for path in FILES:
        assert "\noutcome: {" in path.read_text(encoding="utf-8"), f"{path.name} does not reach the end of a game"


def test_the_tool_writes_and_checks(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The tool writes a missing file equal to the recorded one and its --check reports a changed file with a
    diff.  The bots play the game once for real; the tool's three later runs reuse those ids (the same
    playthrough always gives the same ids, and test_bots_still_choose_the_recorded_actions checks the play
    itself): 4.4 -> 1.2 s CPU here."""
    name = "hexbattle-greedy-random"
    recorded = golden.path_of(BY_NAME[name]).read_text(encoding="utf-8")
    monkeypatch.setattr(golden, "GOLDEN", tmp_path)
    played: dict[str, list] = {}
    real_play = golden.play_bots

    def play_once(pt):
        if pt.name not in played:
            played[pt.name] = real_play(pt)
        return played[pt.name]
    monkeypatch.setattr(golden, "play_bots", play_once)
    written = tmp_path / f"{name}.txt"
    assert golden.main(["--check", name]) == 1 and not written.exists()
    assert golden.main([name]) == 0 and written.read_text(encoding="utf-8") == recorded
    written.write_text(recorded.replace("P1 plays", "P1 playz", 1), encoding="utf-8")
    capsys.readouterr()
    assert golden.main(["--check", name]) == 1
    shown = capsys.readouterr().out
    assert "-" in shown and "playz" in shown and golden.REGENERATE in shown
    assert golden.main(["--check", name]) == 1 and "playz" in written.read_text(encoding="utf-8")
    assert list(played) == [name]                                     # (the reused ids were really played)
