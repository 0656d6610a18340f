"""Card abilities beyond the core vocabulary, one module per family of printed texts.

Each family module declares its effects on ``effects.EFFECTS`` and the texts that become them
on its own ``Texts`` (``grammar.Texts``); ``rawlist.recognise`` reads ``TEXTS`` (every family's,
in this order) after its own patterns and before its composed forms. Importing this package
registers every family's effects, so ``VOCABULARY`` (the names a card set may give an
ability's ``effect``) is complete only here.
"""
from __future__ import annotations

from kifu.replays.games.hocg.abilities import arts, event_supports, keywords, oshi_skills, supports
from kifu.replays.games.hocg.abilities.grammar import Texts
from kifu.replays.games.hocg.effects import EFFECTS

FAMILIES: tuple[Texts, ...] = (oshi_skills.TEXTS, supports.TEXTS, event_supports.TEXTS, arts.TEXTS, keywords.TEXTS)
from kifu.replays.games.hocg.abilities import dice_and_colours  # noqa: E402
FAMILIES += (dice_and_colours.TEXTS,)
from kifu.replays.games.hocg.abilities import arts_modifiers  # noqa: E402  (after keywords: their gifts' readings first)
FAMILIES += (arts_modifiers.TEXTS,)
from kifu.replays.games.hocg.abilities import attached_and_search  # noqa: E402  (after every family's shapes)
FAMILIES += (attached_and_search.TEXTS,)
from kifu.replays.games.hocg.abilities import timing_steps  # noqa: E402  (step boundaries, attached main-step uses)
FAMILIES += (timing_steps.TEXTS,)
from kifu.replays.games.hocg.abilities import bloom_again  # noqa: E402  (extra arts and Blooms, stage to deck)
FAMILIES += (bloom_again.TEXTS,)
from kifu.replays.games.hocg.abilities import archive_hooks  # noqa: E402  (when / instead of archiving cheer, hand)
FAMILIES += (archive_hooks.TEXTS,)

#: every family's (pattern, maker), in order
TEXTS = tuple(entry for family in FAMILIES for entry in family.entries)

#: the names a card set may give an ability's ``effect``
VOCABULARY = tuple(n for n, e in EFFECTS.table.items() if e.timing in ("ability", "constant"))
