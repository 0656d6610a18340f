"""Random outcomes as a pure function of (seed, label).

The byte stream for a label is HMAC-SHA256(key=seed, msg=label || counter) for
counter = 0, 1, 2, ... (counter as 8 bytes big-endian; seed and label UTF-8), the
32-byte blocks concatenated. ``below(n)`` reads the fewest whole bytes k with
256**k >= n as a big-endian integer x and rejects x >= 256**k - (256**k mod n);
otherwise it returns x mod n. ``shuffle`` is Fisher–Yates from the last index down:
for i = len-1 .. 1, j = below(i + 1), swap i and j. docs/record-format.md states the
same so that another implementation can verify a record.

>>> Rng("seed", "deck").shuffle(range(5))
[0, 4, 3, 1, 2]
"""
from __future__ import annotations

import hashlib
import hmac
from functools import lru_cache
from typing import Iterable, Sequence, TypeVar

T = TypeVar("T")


@lru_cache(maxsize=64)
def _keyed(seed: str) -> "hmac.HMAC":
    # HMAC's key schedule done once per seed; every block copies it (a fold draws hundreds)
    return hmac.new(seed.encode("utf-8"), digestmod=hashlib.sha256)


class Rng:
    """A finite-use byte stream for one label; create a new one per label, never store it."""

    __slots__ = ("_keyed", "_label", "_counter", "_buffer")

    def __init__(self, seed: str, label: str):
        self._keyed = _keyed(seed)
        self._label = label.encode("utf-8")
        self._counter = 0
        self._buffer = b""

    def read(self, size: int) -> bytes:
        while len(self._buffer) < size:
            block = self._keyed.copy()
            block.update(self._label + self._counter.to_bytes(8, "big"))
            self._buffer += block.digest()
            self._counter += 1
        out, self._buffer = self._buffer[:size], self._buffer[size:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection sampling."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        if n == 1:
            return 0
        size = ((n - 1).bit_length() + 7) // 8
        span = 256**size
        limit = span - span % n
        while True:
            x = int.from_bytes(self.read(size), "big")
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: Iterable[T]) -> list[T]:
        """A new list: Fisher–Yates over a copy of ``items``."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def derive(seed: str, label: str) -> str:
    """A child seed (hex) for a sub-purpose, e.g. one demo game of a batch."""
    return hmac.new(seed.encode("utf-8"), label.encode("utf-8"), hashlib.sha256).hexdigest()
