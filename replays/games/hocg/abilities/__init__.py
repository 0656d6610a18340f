"""Card abilities beyond the core vocabulary, one module per family of printed texts.

Each family module declares its effects on ``effects.EFFECTS`` and the texts that become them
on its own ``Texts`` (``grammar.Texts``); ``rawlist.recognise`` reads ``TEXTS`` (every family's,
in this order) after its own patterns and before its composed forms. Importing this package
registers every family's effects, so ``VOCABULARY`` (the names a card set may give an
ability's ``effect``) is complete only here.
"""
from __future__ import annotations

from kifu.replays.games.hocg.abilities import arts, keywords, oshi_skills, supports
from kifu.replays.games.hocg.abilities.grammar import Texts
from kifu.replays.games.hocg.effects import EFFECTS

FAMILIES: tuple[Texts, ...] = (oshi_skills.TEXTS, supports.TEXTS, arts.TEXTS, keywords.TEXTS)

#: every family's (pattern, maker), in order
TEXTS = tuple(entry for family in FAMILIES for entry in family.entries)

#: the names a card set may give an ability's ``effect``
VOCABULARY = tuple(n for n, e in EFFECTS.table.items() if e.timing in ("ability", "constant"))
