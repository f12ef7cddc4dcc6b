"""Lords of Doomspire: the end-of-game summary (``Game.summary``, issue 16): the deciding figures first."""
import pytest

from bot_games import bot_game
from pyapp.games.doomspire import GAME
from doomspire_helpers import fame, res


def _finished(seed, bots, players=4, options=None):
    st = None
    for st, seat in bot_game("doomspire", players, seed, bots, limit=100000, options=options):
        if seat is None:
            break
    assert st is not None and st.is_over
    return st


@pytest.mark.rule("LD-UI-25", "LD-VIC-9", "LD-RANK-1")
def test_summary_of_a_crowned_game_puts_the_king_and_the_dragon_first():
    st = _finished(1000, ["goal"] * 4)
    rows = GAME.summary(st)
    labels = [label for label, _ in rows]
    assert labels[:2] == ["Place", "Dragon impressed (3rd time crowns the King)"]
    assert all(len(vals) == 4 for _, vals in rows)
    table = dict(rows)
    out = st.outcome()
    king = out.ranking[0][0]
    assert table["Place"][king] == "King of Doomspire"
    assert int(table["Dragon impressed (3rd time crowns the King)"][king]) >= 1
    assert sum(int(x) for x in table["Dragon impressed (3rd time crowns the King)"]) == 3
    for s in range(4):
        assert table["Fame (15 impresses the dragon)"][s] == f"{fame(st, s)}/15"
        assert table["Resources (Master of Coin: gold first)"][s].startswith(f"{res(st, s)['gold']} gold")
    won = sum(int(x.split(" / ")[0]) for x in table["Fights won / lost"])
    assert won > 0 and sum(int(x) for x in table["Tiles explored"]) > 0
    assert labels.index("Fights won / lost") > labels.index("Resources (Master of Coin: gold first)")


def test_summary_after_the_round_limit_gives_places():
    st = _finished(11, ["random"] * 3, players=3, options={"round_limit": 2})
    table = dict(GAME.summary(st))
    assert "1st" in table["Place"][st.outcome().ranking[0][0]]
