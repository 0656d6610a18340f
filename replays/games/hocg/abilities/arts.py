"""Arts texts: bonuses, conditions, costs paid while an art is used."""
from __future__ import annotations

from kifu.replays.games.hocg.abilities.grammar import Texts

TEXTS = Texts()
