"""Measure how useful each Hex Battle command card is, for pricing (docs/notes/hexbattle.md).

    nice -n 10 python3 -m pyapp.games.hexbattle.measure [--games 6] [--seed 1]

Method: greedy bot against greedy bot, each side with one sample army's units and a test deck holding
two copies of every card (the points limit is lifted for the measurement only), every ordered pair of
different sample armies, ``--games`` games each.  Whenever the bot plans its next card it simulates every
playable card in its hand (the cheapest payment, then the best resolution it finds); the measurement
records, for each card kind, the gain in the bot's position value (``bots.evaluate``, payment not
counted) of playing it now, over spending the same action on nothing (so a turn that ends counts the
same for every card; a win or a loss counts 20 at most).  A card's usefulness is its mean gain over all such decisions, counted only
for armies with a unit the card can use (a cavalry card in an army without cavalry is not a weak card,
just a wrong one): ``mean_gain`` over every decision where the card could be played (how useful it is
to hold), ``played_gain`` over the decisions where the bot chose to play it (how useful it is when it
is used), and how often the bot chose it when it was playable (``chosen_share``).

Prints a JSON summary: per card, decisions seen (n), mean gain, chosen share, per army means.
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import defaultdict

from . import content
from .bots import GreedyBot, evaluate
from .content import CARDS, PREBUILT, UNITS
from .rules import GAME

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Generator

    from .rules import HexBattleState
    from .types import CardSpec

GAINS: dict[tuple[str, str], list[float]] = defaultdict(list)     # (army, card) -> gains
CHOSEN: dict[tuple[str, str], list[float]] = defaultdict(list)    # (army, card) -> gains when played


class RecordingBot(GreedyBot):
    """The greedy bot, recording the gain of every playable card kind at each main-phase plan."""

    army = ""

    def _plan_main(self, state: HexBattleState, seat: int) -> Generator[None, None, list[str]]:
        idle = state.clone(True)               # the same action spent on nothing (the turn may end)
        idle._action_done(seat)
        idle._advance()                        # as after a card: the next turn may begin
        self._base_idle = evaluate(idle, seat)
        self._held: dict[str, float] = {}
        return (yield from super()._plan_main(state, seat))     # the greedy bot plans in steps

    def _planned(self, key: str, after: HexBattleState, seat: int) -> None:
        held = max(-20.0, min(20.0, evaluate(after, seat) - self._base_idle))
        self._held[key] = held
        GAINS[(self.army, key)].append(held)     # a win or loss counts 20 at most

    def _pick(self, options: list[tuple[float, list[str], str | None]]) -> list[str]:
        ids = super()._pick(options)
        key = next(k for _v, o, k in options if o is ids)
        if key is not None:
            CHOSEN[(self.army, key)].append(self._held[key])
        return ids


def usable(card: CardSpec, army: dict) -> bool:
    types = {UNITS[u["key"]]["type"] for u in army["units"]}
    return all(("only" not in a or a["only"] in types) and (a["do"] != "ranged" or "ranged" in types)
               for a in card["actions"][:1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    content.MAX_POINTS = 10 ** 6                      # the test decks break the points limit on purpose
    deck = {k: 2 for k in CARDS}
    armies = [dict(a, cards=deck) for a in PREBUILT]
    n = 0
    for a, b in itertools.permutations(range(len(armies)), 2):
        for _ in range(args.games):
            seed = args.seed * 1000 + n
            n += 1
            state = GAME.new(2, seed, {"armies": [armies[a], armies[b]]})
            bots = [RecordingBot(seed * 31), RecordingBot(seed * 31 + 1)]
            bots[0].army, bots[1].army = armies[a]["name"], armies[b]["name"]
            steps = 0
            while not state.is_over and steps < 5000:
                seat = state.to_act[0]
                state.apply(seat, bots[seat].choose(state, seat))
                steps += 1
        print(f"{armies[a]['name']} vs {armies[b]['name']}: {args.games} games", file=sys.stderr, flush=True)
    out: dict = {"games": n, "cards": {}}
    for key, card in CARDS.items():
        per = {}
        all_g: list[float] = []
        played: list[float] = []
        for army in armies:
            g = GAINS.get((army["name"], key), [])
            if not g or not usable(card, army):
                continue
            per[army["name"]] = round(sum(g) / len(g), 3)
            all_g += g
            played += CHOSEN.get((army["name"], key), [])
        out["cards"][key] = {"cost": card["cost"], "n": len(all_g),
                             "mean_gain": round(sum(all_g) / len(all_g), 3) if all_g else None,
                             "n_played": len(played),
                             "played_gain": round(sum(played) / len(played), 3) if played else None,
                             "chosen_share": round(len(played) / len(all_g), 3) if all_g else None, "per_army": per}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
