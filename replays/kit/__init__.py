"""The game kit: what every game needs, written once.

Reading order: ``cardset`` (card sets as data passed in) → ``chance`` (the three tables:
digital, physical, observed) → ``zones`` (piles as what may be in them, unknown tokens)
→ ``knowledge`` (who learns a card that moves, from the zones it moves between)
→ ``decisions`` (one pending-decision model, ``choose``) → ``effects`` (one declaration
per effect) → ``commands`` (one place per command type) → ``game`` (the shared ``Rules``
hooks). ``replays/games/README.md`` says how a game is built on it.
"""
from kifu.replays.kit.cardset import CardSet, CardSetError, CardSetSchema
from kifu.replays.kit.chance import ALL, TABLES, Event, ImpossibleOutcome, OutcomeNeeded
from kifu.replays.kit.commands import Commands
from kifu.replays.kit.decks import check_deck
from kifu.replays.kit.effects import Effects, frame
from kifu.replays.kit.game import Ctx, Game
from kifu.replays.kit.zones import Zones, is_token

__all__ = ["ALL", "TABLES", "CardSet", "CardSetError", "CardSetSchema", "Commands", "Ctx", "Effects", "Event",
           "Game", "ImpossibleOutcome", "OutcomeNeeded", "Zones", "check_deck", "frame", "is_token"]
