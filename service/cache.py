"""A per-process cache of each match's latest state, checked against the store before use.

An entry is ``(seq, chain, state)``: the state after entry ``seq`` whose head chain is
``chain``. The chain names the whole history up to ``seq`` (header included), so an
entry is served only when the store's head (or the entry the caller is building on)
has that same seq and chain; it can never be taken for a state at another seq or of
another history. States are immutable by contract; ``MatchService`` still hands out
copies so a caller's mistake cannot corrupt the cache.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Cached:
    seq: int
    chain: str
    state_hash: str
    state: dict[str, Any]
    finished: bool = False


class StateCache:
    """A small LRU of ``mid -> Cached``; thread-safe; only ever moves forward."""

    def __init__(self, size: int = 512):
        self.size = size
        self._items: OrderedDict[str, Cached] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, mid: str) -> Cached | None:
        with self._lock:
            item = self._items.get(mid)
            if item is not None:
                self._items.move_to_end(mid)
            return item

    def put(self, mid: str, item: Cached) -> None:
        """Keep ``item`` unless a later state of the same match is already cached."""
        with self._lock:
            current = self._items.get(mid)
            if current is not None and current.seq > item.seq:
                return
            self._items[mid] = item
            self._items.move_to_end(mid)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def drop(self, mid: str) -> None:
        with self._lock:
            self._items.pop(mid, None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
