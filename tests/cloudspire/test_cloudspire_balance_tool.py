"""tools/balance_cloudspire.py: pairs of factions, seats swapped, scored for the row faction
(docs/notes/cloudspire.md, "Faction balance")."""
from __future__ import annotations

import json

from tool_modules import tool


def test_a_pair_swaps_seats_and_scores_the_row_faction(capsys):
    bal = tool("balance_cloudspire")
    r = bal.pair("shada", "keel", 2, 20000, "raider")
    assert r["games"] == 2 and not r["errors"]
    assert r["score"] + r["wins"]["keel"] + (r["shared"] + r["draws"]) / 2 == 2     # draws count 1/2 each
    assert r["p1_score"] + r["p2_score"] == r["wins"]["shada"] + r["wins"]["keel"] + r["shared"] + r["draws"]
    assert bal.main(["--games", "2", "--rows", "graft", "--cols", "heirs"]) == 0
    out = capsys.readouterr().out
    assert "graft vs heirs" in out and "overall" in out


def test_a_saved_run_prints_its_table_again(tmp_path, capsys):
    bal = tool("balance_cloudspire")
    saved = tmp_path / "run.json"
    assert bal.main(["--games", "2", "--rows", "graft", "--cols", "heirs,keel", "--json", str(saved)]) == 0
    table = capsys.readouterr().out.split("\n\n", 1)[1]
    assert bal.main(["--from-json", str(saved)]) == 0
    again = capsys.readouterr().out
    assert "graft vs" not in again                          # nothing played
    assert again.strip() == table.strip()


def test_a_draw_counts_half_for_each_side_in_both_cells(tmp_path, capsys):
    bal = tool("balance_cloudspire")
    saved = tmp_path / "run.json"
    pair = {"a": "graft", "b": "heirs", "games": 10, "score": 3.0,         # draws as 0, as the first table wrote it
            "wins": {"graft": 3, "heirs": 5},
            "shared": 0, "draws": 2, "p1_score": 5.0, "p2_score": 5.0, "mean_actions": 500.0, "seconds": 1.0,
            "errors": []}
    saved.write_text(json.dumps({"args": {"games": 10, "rows": "graft,heirs", "cols": None, "seed": 1,
                                          "bot": "raider"},
                                 "pairs": [pair], "partial": True}))
    assert bal.main(["--from-json", str(saved)]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.strip().startswith("graft |"))
    col = next(line for line in out.splitlines() if line.strip().startswith("heirs |"))
    assert row.split("|")[2].strip() == "40" and "40.0 % of 10" in row      # 3 wins + 2 draws / 2
    assert col.split("|")[1].strip() == "60" and "60.0 % of 10" in col      # 5 wins + 2 draws / 2, not 7 + 0


def test_a_lever_changes_the_content_for_the_run_only_where_it_names(monkeypatch):
    """``--set ID.FIELD=N`` screens a number without editing the data: a unit's stat where the rules read it, a
    faction's gate; a typo is refused rather than screened as nothing."""
    import copy

    import pytest
    from pyapp.games.cloudspire import content
    bal = tool("balance_cloudspire")        # loaded before the copies: its own names must be put back to the real
    for name in ("UNITS", "FACTIONS"):      # content after this test, not to the copies (the rules read the real)
        monkeypatch.setattr(content, name, copy.deepcopy(getattr(content, name)))
    monkeypatch.setattr(bal, "UNITS", content.UNITS)
    monkeypatch.setattr(bal, "FACTIONS", content.FACTIONS)
    bal.lever("shackler.health=9")
    bal.lever("griege.gate=14")
    assert content.UNITS["shackler"]["health"] == 9
    assert [m["health"] for m in content.FACTIONS["keel"]["minions"] if m["id"] == "shackler"] == [9]
    assert content.FACTIONS["griege"]["gate"] == 14 and content.UNITS["delver"]["health"] == 3
    for bad in ("shackler.hp=3", "nobody.health=3", "shackler.health=three", "shackler=3"):
        with pytest.raises(ValueError):
            bal.lever(bad)
