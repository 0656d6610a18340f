"""Who learns a card that moves: decided once, from the zones it moves between.

Every game names its zones; each is one of three kinds:

- ``FACE_UP``: everyone sees its cards (an archive, a stage, a card shown);
- ``OWNED``: its owner sees its cards, nobody else (a hand; a pile its owner searches,
  since searching is looking);
- ``FACE_DOWN``: nobody sees its cards, its owner neither (a deck's unlooked-at cards, a
  life, a holopower).

A card that moves from ``src`` to ``dest`` is then learnt (``learns``) by everyone if
either zone is face up (or the move shows it), else by the owner if either zone is the
owner's own (a card from the hand put face down: only its owner knew it; a search to the
hand), else by nobody (the deck's top put face down). The omniscient perspective always
knows. The same answer drives everything a perspective is told of that move:

- the command as it reads it: ``hide`` puts ``UNKNOWN`` (null) where the card was, the
  marker an observed table uses for a card nobody named;
- its move-list line, written from that command;
- the chance event that turns the card up (``Event.visible``), so a physical table is
  asked for it only when somebody saw it and the revealed token is shown only to them;
- what a table offers a seat (``legal``): never a command naming a card that seat cannot
  see. A card taken from a face-down zone of the seat's own is offered as "a card" (no
  ``card``), resolved like a draw: the table knows it (digital), or the recorder states
  it when it is turned up (physical, observed).

>>> learns(OWNED, FACE_DOWN, "p1")          # the hand to the deck
('p1',)
>>> learns(FACE_DOWN, FACE_DOWN, "p1")      # the deck's top to a face-down zone
()
>>> learns(OWNED, FACE_UP, "p1"), learns(OWNED, FACE_DOWN, "p1", shown=True)
('all', 'all')
>>> sees(("p1",), "p2"), sees(("p1",), "p1"), sees((), "omniscient")
(False, True, True)
>>> hide({"type": "effect", "card": "c1"}, "card", ("p1",), "public")
{'type': 'effect', 'card': None}
"""
from __future__ import annotations

from typing import Any, Mapping

from kifu.replays.kit.chance import ALL

FACE_UP = "face_up"
OWNED = "owned"
FACE_DOWN = "face_down"
#: what a command reads where a card was that the perspective does not know
UNKNOWN = None


def learns(src: str, dest: str, owner: str, *, shown: bool = False) -> Any:
    """Who learns a card of ``owner``'s moved from a zone of kind ``src`` to one of kind
    ``dest``: ``ALL``, ``(owner,)`` or ``()`` (nobody at the table)."""
    if shown or FACE_UP in (src, dest):
        return ALL
    if OWNED in (src, dest):
        return (owner,)
    return ()


def kind(kinds: Mapping[str, str], zone: Any) -> str:
    """The kind of a game's ``zone`` by its table ``kinds``: a zone it does not list (a
    stage position, a venue) is face up."""
    return kinds.get(zone, FACE_UP) if isinstance(zone, str) else FACE_UP


def sees(who: Any, perspective: str) -> bool:
    """Whether ``perspective`` knows a card ``who`` (``learns``'s answer) learnt."""
    return perspective == "omniscient" or who == ALL or perspective in who


def hide(command: dict[str, Any], key: str, who: Any, perspective: str) -> dict[str, Any]:
    """``command`` with its ``key`` card replaced by ``UNKNOWN`` unless ``perspective`` sees it."""
    if sees(who, perspective) or command.get(key) is None:
        return command
    return {**command, key: UNKNOWN}
