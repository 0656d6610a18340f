"""Oshi skills, SP oshi skills and 推しステージスキル: their texts and their timing windows."""
from __future__ import annotations

from kifu.replays.games.hocg.abilities.grammar import Texts

TEXTS = Texts()
