"""Seeded random generator carried inside a game state.

Rules code never touches the global :mod:`random` module: every die, coin and
shuffle comes from an :class:`Rng` stored in the state, so a game is fully
determined by (game, players, options, seed, action ids) and replays the same
in CPython and in Pyodide.

The generator is PCG32 (O'Neill, XSH-RR output on a 64-bit LCG).  Its whole
state is two integers, so it serialises into a save as plain JSON.

>>> r = Rng(42)
>>> [r.below(6) for _ in range(5)]
[3, 3, 2, 1, 1]
>>> Rng.from_json(r.to_json()).below(1000) == r.below(1000)
True
"""
from __future__ import annotations

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005


class Rng:
    __slots__ = ("state", "inc", "draws")

    def __init__(self, seed: int, stream: int = 54) -> None:
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self.draws = 0
        self._next32()
        self.state = (self.state + (int(seed) & _MASK64)) & _MASK64
        self._next32()
        self.draws = 0

    def _next32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (unbiased, by rejection)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        self.draws += 1
        if n == 1:
            return 0
        if n > 0xFFFFFFFF:
            bits = n.bit_length()
            while True:
                v = 0
                for _ in range((bits + 31) // 32):
                    v = (v << 32) | self._next32()
                v &= (1 << bits) - 1
                if v < n:
                    return v
        limit = (0x100000000 // n) * n
        while True:
            v = self._next32()
            if v < limit:
                return v % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in ``[lo, hi]`` inclusive."""
        return lo + self.below(hi - lo + 1)

    def roll(self, sides: int = 6) -> int:
        """One die with faces 1..sides."""
        return 1 + self.below(sides)

    def coin(self) -> bool:
        """A fair coin flip: True for heads."""
        return self.below(2) == 1

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        self.draws += 1
        hi = self._next32() >> 5
        lo = self._next32() >> 6
        return (hi * 67108864.0 + lo) / 9007199254740992.0

    def to_json(self) -> list:
        return [self.state, self.inc, self.draws]

    @classmethod
    def from_json(cls, data) -> "Rng":
        r = cls.__new__(cls)
        r.state, r.inc, r.draws = (int(x) for x in data)
        return r

    def copy(self) -> "Rng":
        return Rng.from_json(self.to_json())
