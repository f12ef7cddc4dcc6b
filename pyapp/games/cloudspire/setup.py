"""Cloudspire's own setup step (``CloudspireGame.setup_step``): below the seats, every selectable
faction with its description, heroes, minions, spires and fortress (CS-UI-30).  The faction of each
seat is chosen with the generic per-seat ``factions`` option."""
from __future__ import annotations

from ...engine.rng import Rng
from ...ui.markup import esc
from ...ui.steps import SetupStep
from .content import FACTIONS, PLAYABLE, TALENTS


def _talents(u) -> str:
    return (" (" + ", ".join(TALENTS[t]["name"] for t in u["talents"]) + ")") if u["talents"] else ""


def faction_html(fid: str) -> str:
    f = FACTIONS[fid]
    heroes = "; ".join(f"{h['name']}{' (starting hero)' if h['start'] else ''}: {h['cp']} CP, move {h['move']}, "
                       f"attack {h['attack']}, health {h['health']}{_talents(h)}" for h in f["heroes"])
    minions = "; ".join(f"{m['name']} ×{m['count']}: {m['cp']} CP, move {m['move']}, attack {m['attack']}, "
                        f"health {m['health']}{_talents(m)}" for m in f["minions"])
    spires = "; ".join(f"{s['name']} ×{s['count']}: {s['cost']} Source, starts {' + '.join(s['start'])}, "
                       f"capacity {s['capacity']}" for s in f["spires"])
    forts = "; ".join(f"{st['name']}: " + ", ".join(f"{a['name']} ({a['cost']})" for a in st["advancements"])
                      for st in f["structures"])
    return (f'<details class="cs-faction"><summary>{esc(f["name"])}</summary><p>{esc(f["blurb"])}</p>'
            f'<p>Playstyle: {esc(f["style"])}</p><p>Heroes: {esc(heroes)}</p><p>Minions: {esc(minions)}</p><p>Spires: {esc(spires)}</p>'
            f'<p>Fortress: {esc(forts)}. Gate {f["gate"]} health, Source cap {f["cap"]}.</p></details>')


class Step(SetupStep):
    def setup_html(self, setup: dict) -> str:
        return '<section class="cs-factions"><h3>Factions</h3>' + "".join(faction_html(f) for f in PLAYABLE) + "</section>"

    def option_values(self, setup: dict, seed: int) -> dict:
        """Seats left without a faction on the setup screen get different ones dealt from the seed
        (every seat left open: the game deals them itself)."""
        chosen = (setup.get("options") or {}).get("factions")
        if not isinstance(chosen, list) or all(c is not None for c in chosen):
            return {}
        if all(c is None for c in chosen):
            return {"factions": None}
        rest = [f for f in PLAYABLE if f not in chosen]
        Rng(seed, stream=5).shuffle(rest)
        return {"factions": [c if c is not None else rest.pop() for c in chosen]}
