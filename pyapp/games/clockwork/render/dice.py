"""The last attack's dice and the last coin flip, beside the board."""
from __future__ import annotations

from functools import lru_cache

from ....ui.markup import esc, number
from .shared import name_of

TYPE_CHECKING = False
if TYPE_CHECKING:                      # typing costs start-up time in the browser: only for mypy
    from ..types import ClockworkView


@lru_cache(maxsize=16)
def die_svg(n: int) -> str:
    """A die face (inline SVG) showing ``n`` pips."""
    pips = {1: ((2, 2),), 2: ((1, 1), (3, 3)), 3: ((1, 1), (2, 2), (3, 3)), 4: ((1, 1), (3, 1), (1, 3), (3, 3)),
            5: ((1, 1), (3, 1), (2, 2), (1, 3), (3, 3)), 6: ((1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3))}
    dots = "".join(f'<circle cx="{x * 5}" cy="{y * 5}" r="1.6"/>' for x, y in pips.get(n, ()))
    return (f'<svg class="die" viewBox="0 0 20 20" width="22" height="22" role="img" aria-label="die showing {n}">'
            f'<rect x="0.5" y="0.5" width="19" height="19" rx="4"/>{dots}</svg>')


def _dice(values: list) -> str:
    """Dice as pictures, and their values as text for screen readers (``3 + 4``) in the sentence."""
    nums = [number(d) for d in values]
    return (f'<span class="dice" aria-hidden="true">{"".join(die_svg(n) for n in nums)}</span>'
            f'<span class="sr-only">{" + ".join(str(n) for n in nums)}</span>')


def roll_html(view: ClockworkView, names: list[str]) -> str:
    """The last attack roll and coin flip, read as whole sentences in the live region ("Attack: b3 on c4.
    Attack: 3 + 4 + 1 = 8. Defense: 2 + 1 = 4. Hit!"): the dice's values are text beside their pictures, and
    every line ends with its punctuation (the full stops only for screen readers)."""
    parts = []
    end = '<span class="sr-only">.</span>'
    roll = view.get("roll")
    if isinstance(roll, dict) and roll.get("dice"):
        kind = {"counter": "Counter attack", "shell": "Artillery Shell"}.get(roll.get("kind") or "", "Attack")
        dd = roll.get("defense_dice")
        if dd:
            dtxt = f'{_dice(dd)} + {esc(roll.get("defense_bonus"))} = <b>{esc(roll.get("defense_total"))}</b>'
        else:
            dtxt = f'fixed <b>{esc(roll.get("defense_total"))}</b>'
        hit = bool(roll.get("hit"))
        parts.append(f'<div class="cw-roll {"hit" if hit else "miss"}"><div class="rk">{kind}: '
                     f'{esc(roll.get("attacker", "?"))} <span aria-hidden="true">→</span><span class="sr-only">on'
                     f'</span> {esc(roll.get("target", "?"))}{end}</div> '
                     f'<div class="rl"><span class="who">Attack:</span> {_dice(roll.get("dice") or [])} + '
                     f'{esc(roll.get("bonus"))} = <b>{esc(roll.get("total"))}</b>{end}</div> '
                     f'<div class="rl"><span class="who">Defense:</span> {dtxt}{end}</div> '
                     f'<div class="res">{"Hit!" if hit else "Miss (ties go to the defender)."}</div></div>')
    coin = view.get("coin")
    if isinstance(coin, dict) and "heads" in coin:
        heads = bool(coin.get("heads"))
        parts.append(f'<div class="cw-coin {"heads" if heads else "tails"}"><span class="coin" aria-hidden="true">'
                     f'{"H" if heads else "T"}</span> {esc(name_of(names, coin.get("seat")))} flipped for '
                     f'{esc(coin.get("why", "?"))}: <b>{"heads" if heads else "tails"}</b>.</div>')
    return f'<section class="cw-dice" aria-live="polite">{" ".join(parts)}</section>' if parts else ""
