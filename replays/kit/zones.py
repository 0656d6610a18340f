"""Zones: face-down piles as what may be in them, and unknown tokens where nobody saw.

All plain JSON, kept under ``state["zones"]``::

    {"piles":  {name: {"size": n, "top": [...], "bottom": [...], "unseen": {card: copies}}},
     "tokens": {"?3": {"pile": name, "step": 5, "how": "draw"}},   # outstanding unknown cards
     "next": 4,                                                       # the next token number
     "revealed": [{"token": "?1", "card": id, "step": 9, "how": "play"}]}  # "to": [seats] if not all saw

A pile's ``top`` and ``bottom`` (each listed from the top down) are the parts whose order
became known (a card put back on top); the rest of its ``size`` cards are in no known
order. ``unseen`` is the multiset of the pile's cards that nobody watching has placed:
the unordered middle *and* every outstanding token drawn from this pile. Since nothing
tells those apart, any unseen card may be any of them, which is why an outcome is
refused exactly when it is impossible (no false refusals): naming card X for a draw or
for a token is possible iff ``unseen[X] > 0``.

A shuffle forgets order (known cards go back to ``unseen``); it never picks one. Tokens
(``"?N"``) are made where the table does not know the card: at an observed table where
the recorder left it unknown, and at a physical table where nobody sees it (a card drawn
face down, ``visible=()``: ``kifu.replays.kit.chance``). A digital table knows every card.

>>> from kifu.replays.kit.chance import Given
>>> z = Zones(new(), Given(["b", None], "observed"), step=1)
>>> z.add_pile("deck", ["a", "b", "b"])
>>> z.draw("deck", "draw", "R"), z.draw("deck", "draw", "R")
('b', '?1')
>>> z.possible("?1")
['a', 'b']
>>> z.reveal("?1", "c", "play", "R")
Traceback (most recent call last):
...
kifu.replays.errors.RuleViolation: [R] ?1 cannot be 'c': possible: a, b
>>> z.reveal("?1", "a", "play", "R"), z.size("deck")
('a', 1)
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from kifu.replays.errors import RuleViolation
from kifu.replays.kit.chance import ALL, FORMAT, Chance, Event


def new() -> dict[str, Any]:
    return {"piles": {}, "tokens": {}, "next": 1, "revealed": []}


def copy(zones: dict[str, Any]) -> dict[str, Any]:
    """A copy deep enough for ``Zones`` to change in place (``revealed`` is only appended to)."""
    return {
        "piles": {name: {"size": p["size"], "top": list(p["top"]), "bottom": list(p["bottom"]),
                         "unseen": dict(p["unseen"])} for name, p in zones["piles"].items()},
        "tokens": dict(zones["tokens"]),
        "next": zones["next"],
        "revealed": list(zones["revealed"]),
    }


def is_token(item: Any) -> bool:
    return isinstance(item, str) and item.startswith("?")


def shown(entry: dict[str, Any], perspective: str) -> bool:
    """Whether a ``revealed`` entry may be in ``perspective``'s view: it saw the card turned up."""
    return "to" not in entry or perspective == "omniscient" or perspective in entry["to"]


class Zones:
    """Queries and moves over ``state["zones"]``; chance events go to ``chance``.

    Given the ``state`` that holds them, the zones are copied on the first move and the copy
    put back into that state (most commands move no card, and apply should not pay for
    copying every pile); without one they are changed in place.
    """

    __slots__ = ("z", "chance", "step", "_state")

    def __init__(self, zones: dict[str, Any], chance: Chance | None = None, step: int = 0,
                 state: dict[str, Any] | None = None):
        self.z = zones
        self.chance = chance
        self.step = step
        self._state = state

    def _write(self) -> None:
        if self._state is not None:
            self.z = copy(self.z)
            self._state["zones"] = self.z
            self._state = None

    # -- queries ---------------------------------------------------------------------
    def pile(self, name: str) -> dict[str, Any]:
        return self.z["piles"][name]

    def size(self, name: str) -> int:
        return self.pile(name)["size"]

    def middle(self, name: str) -> int:
        p = self.pile(name)
        return p["size"] - len(p["top"]) - len(p["bottom"])

    def may_contain(self, name: str) -> list[str]:
        """Every card that may be in the pile now (sorted, distinct)."""
        p = self.pile(name)
        found = {c for c in p["top"] + p["bottom"] if not is_token(c)}
        if self.middle(name) > 0:
            found |= {c for c, n in p["unseen"].items() if n > 0}
        for c in p["top"] + p["bottom"]:
            if is_token(c):
                found |= set(self.possible(c))
        return sorted(found)

    def possible(self, item: str) -> list[str]:
        """What a hand entry may be: itself if a card, else every unseen card of its pile."""
        if not is_token(item):
            return [item]
        token = self.z["tokens"].get(item)
        if token is None:
            return []
        return sorted(c for c, n in self.pile(token["pile"])["unseen"].items() if n > 0)

    def could_be(self, item: str, card: str) -> bool:
        return item == card or (is_token(item) and card in self.possible(item))

    def holds(self, items: Iterable[str], card: str) -> bool:
        """A zone of known cards and tokens may hold ``card``: it is there, or a token could be it."""
        return any(self.could_be(item, card) for item in items)

    def candidates(self, items: Iterable[str]) -> list[str]:
        """Every card a zone may hold (its known cards and what its tokens could be)."""
        out: set[str] = set()
        for item in items:
            out.update(self.possible(item))
        return sorted(out)

    # -- setting up ----------------------------------------------------------------
    def add_pile(self, name: str, cards: Iterable[str]) -> None:
        """A shuffled face-down pile of ``cards``: its order unknown to everyone."""
        self._write()
        cards = list(cards)
        self.z["piles"][name] = {"size": len(cards), "top": [], "bottom": [],
                                 "unseen": dict(sorted(Counter(cards).items()))}

    # -- moves -----------------------------------------------------------------------
    def draw(self, name: str, event: str, rule: str, *, visible: Any = ALL, end: str = "top",
             how: str | None = None, unknown_ok: bool = True) -> str | None:
        """The card (or token) leaving the ``end`` of a pile; None if the pile is empty.

        A known card at that end just leaves; from the unordered middle it is a chance event.
        ``unknown_ok=False``: the card lands face up, so even an observed table must name it.
        ``visible=()`` (and ``unknown_ok``): it goes face down, so a physical table is not
        asked either and gets a token.
        """
        self._write()
        p = self.pile(name)
        if p["size"] == 0:
            return None
        near, far = (p["top"], p["bottom"]) if end == "top" else (p["bottom"], p["top"])
        if near:
            item = near.pop(0) if end == "top" else near.pop()
        elif self.middle(name) > 0:
            item = self._from_middle(name, Event(event, rule, *self._weighted(p), visible=visible,
                                                 unknown_ok=unknown_ok), how or event)
        else:
            item = far.pop(0) if end == "top" else far.pop()
        p["size"] -= 1
        return item

    def take(self, name: str, card: str | None, rule: str, *, how: str = "taken") -> str:
        """A named card taken out of a pile from anywhere in it (a search), or an unknown one.

        Not a chance event: the command names the card (``None`` on an observed table when the
        recorder could not see it). Refused if the pile cannot hold it.
        """
        self._write()
        p = self.pile(name)
        if card is None:
            if self.middle(name) <= 0:
                raise RuleViolation(rule, f"nothing unseen is left in {name}")
            p["size"] -= 1
            return self._token(name, how)
        for part in (p["top"], p["bottom"]):
            if card in part:
                part.remove(card)
                p["size"] -= 1
                return card
        if self.middle(name) <= 0 or p["unseen"].get(card, 0) <= 0:
            raise RuleViolation(rule, f"{card!r} cannot be in {name}")
        self._unsee(p, card)
        p["size"] -= 1
        return card

    def put(self, name: str, item: str, *, end: str = "top") -> None:
        """A known card or a token of this pile onto the ``end`` of a pile, its place now known."""
        self._write()
        p = self.pile(name)
        if end == "top":
            p["top"].insert(0, item)
        else:
            p["bottom"].append(item)
        p["size"] += 1

    def shuffle_in(self, name: str, item: str) -> None:
        """A card into the pile at no known place (or a token back into its own pile)."""
        self._write()
        p = self.pile(name)
        self._forget(name, item)
        p["size"] += 1

    def shuffle(self, name: str) -> None:
        """Forget the pile's order: known cards and tokens go back to the unordered middle."""
        self._write()
        p = self.pile(name)
        known, p["top"], p["bottom"] = p["top"] + p["bottom"], [], []
        for item in known:
            self._forget(name, item)

    def reveal(self, item: str, card: str, how: str, rule: str, *, to: Any = ALL) -> str:
        """``item`` turned out to be ``card`` (a token revealed; a known card must match).

        ``to``: who saw it (a tuple of seats when not everyone), kept in the ``revealed``
        entry as ``"to"`` so that a view tells nobody else (``shown``).
        """
        self._write()
        if not is_token(item):
            if item != card:
                raise RuleViolation(rule, f"that card is {item!r}, not {card!r}")
            return card
        token = self.z["tokens"].get(item)
        possible = self.possible(item)
        if token is None or card not in possible:
            raise RuleViolation(rule, f"{item} cannot be {card!r}: possible: {', '.join(possible) or 'none'}")
        self._unsee(self.pile(token["pile"]), card)
        del self.z["tokens"][item]
        entry = {"token": item, "card": card, "step": self.step, "how": how, "since": token["step"],
                 "was": token["how"]}
        if to != ALL:
            entry["to"] = list(to)
        self.z["revealed"].append(entry)
        return card

    def turn_up(self, item: str, event: str, rule: str, *, visible: Any = ALL, how: str | None = None,
                unknown_ok: bool = True) -> str:
        """``item`` shown (to ``visible``) by the rules themselves, not named by a command.

        A known card is just returned. A token is an event whose outcome the table states
        (one of the cards it may be; on an observed table, or turned up to nobody on a
        physical one, it may stay a token). A digital table has no tokens.
        """
        if not is_token(item):
            return item
        token = self.z["tokens"].get(item)
        if token is None:
            return item
        self._write()
        unseen = self.pile(token["pile"])["unseen"]
        options = tuple(self.possible(item))
        card = self._chance(Event(event, rule, options, tuple(unseen[c] for c in options), visible=visible,
                                  unknown_ok=unknown_ok, token=item))
        return item if card is None else self.reveal(item, card, how or event, rule, to=visible)

    def pick(self, event: str, rule: str, options: list[Any], *, visible: Any = ALL, unknown_ok: bool = True) -> Any:
        """A random pick among ``options`` (a die's faces, a random card of a hand)."""
        counts = Counter(options)
        keys = sorted(counts, key=lambda o: (str(type(o)), o))
        return self._chance(Event(event, rule, tuple(keys), tuple(counts[k] for k in keys), visible=visible,
                                  unknown_ok=unknown_ok))

    # -- internals -------------------------------------------------------------------
    @staticmethod
    def _weighted(p: dict[str, Any]) -> tuple[tuple[str, ...], tuple[int, ...]]:
        # unseen holds no zero counts (``_unsee`` drops them) and stays sorted (``_forget``)
        return tuple(p["unseen"]), tuple(p["unseen"].values())

    def _chance(self, event: Event) -> Any:
        if self.chance is None:
            raise RuntimeError(f"chance event {event.name!r} with no chance source")
        return self.chance.outcome(event)

    def _from_middle(self, name: str, event: Event, how: str) -> str:
        card = self._chance(event)
        if card is None:
            return self._token(name, how)
        self._unsee(self.pile(name), card)
        return card

    def _token(self, pile: str, how: str) -> str:
        token = f"?{self.z['next']}"
        self.z["next"] += 1
        self.z["tokens"][token] = {"pile": pile, "step": self.step, "how": how}
        return token

    @staticmethod
    def _unsee(p: dict[str, Any], card: str) -> None:
        p["unseen"][card] -= 1
        if p["unseen"][card] == 0:
            del p["unseen"][card]

    def _forget(self, name: str, item: str) -> None:
        if is_token(item):
            token = self.z["tokens"].pop(item, None)
            if token is not None and token["pile"] != name:
                raise RuleViolation(FORMAT, f"{item} came from {token['pile']}, not {name}: name the card first")
            return
        p = self.pile(name)
        p["unseen"][item] = p["unseen"].get(item, 0) + 1
        p["unseen"] = dict(sorted(p["unseen"].items()))
