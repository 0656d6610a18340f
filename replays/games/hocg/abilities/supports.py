"""Support cards (staff, items, events, tools, mascots, fans; LIMITED included): their texts."""
from __future__ import annotations

from kifu.replays.games.hocg.abilities.grammar import Texts

TEXTS = Texts()
