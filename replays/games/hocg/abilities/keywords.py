"""Bloom effects, collab effects and gifts: their texts."""
from __future__ import annotations

from kifu.replays.games.hocg.abilities.grammar import Texts

TEXTS = Texts()
