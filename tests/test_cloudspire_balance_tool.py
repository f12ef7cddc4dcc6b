"""tools/balance_cloudspire.py: pairs of factions, seats swapped, scored for the row faction
(docs/notes/cloudspire.md, "Faction balance")."""
from __future__ import annotations

from tool_modules import tool


def test_a_pair_swaps_seats_and_scores_the_row_faction(capsys):
    bal = tool("balance_cloudspire")
    r = bal.pair("shada", "keel", 2, 20000, "hard")
    assert r["games"] == 2 and not r["errors"]
    assert r["score"] + r["wins"]["keel"] + r["shared"] / 2 == 2 or r["draws"]
    assert r["p1_score"] + r["p2_score"] == r["wins"]["shada"] + r["wins"]["keel"] + r["shared"]
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
