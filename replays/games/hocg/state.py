"""The state of a hololive OCG game (plain JSON data), setup (``deal``) and the zone helpers.

Layout (``deal`` builds it; ``rules`` changes a copy)::

    {"step", "table", "seed", "zones", "chance", "pending", "stack",   # the kit's keys
     "turn": 0 during preparation, then 1, 2, ... (each player's turn counts one),
     "active": seat, "first": seat, "phase": "mulligan" | "place" | "reset" | "draw" | "cheer"
              | "main" | "performance" | "over",
     "players": {seat: {
        "oshi": card, "life": n, "hand": [card | "?N"], "archive": [card],
        "holopower": [card | "?N"],                       # face down, in the order put there
        "center": holo | None, "collab": holo | None, "back": [holo],
        "turns": n,                                        # turns this player has begun
        "mulligan": {"done": bool, "redraws": n, "size": n} , "placed": bool,
        "used": {"limited", "collab", "baton", "oshi", "sp": bool, "arts": [pos]},
        "cited": [{"card", "ability"}]}},                   # abilities used this turn (manual effects cite them)
     "roll": None | {"seat", "face", "card"},              # the last die
     "events": [public notes of the last command], "over": None | {"winner", "reason"}}

    holo = {"card": top card, "stack": [cards under it, bottom first], "cheer": [cheer cards],
            "attached": [tool/mascot/fan cards], "damage": n, "rested": bool, "since": turn it
            entered or bloomed, "mods": {"hp": n, "arts": n} (until end of turn), "face_down": bool,
            "lasting"?: [{"kind": "baton" | "shield", "amount": n, "until": turn}] (「次の相手の
            ターン…」: kept while it has any; dropped at the end of turn ``until``)}

Face-down piles are the kit's (``state["zones"]``): ``deck/<seat>`` (the 50-card deck) and
``cheer/<seat>`` (the エールデッキ *and* the life). The life is face down even to its owner
until it is taken, and nobody may look at the cheer deck's order either, so a life card
is any unseen card of that pile: the state keeps only the number of life cards, and
taking one is a chance event on ``cheer/<seat>`` (the cheer deck's count is the pile's
size minus the life). Holopower is face down too: its cards are drawn from the deck
top seen by nobody (unknown tokens on an observed table) and turned face up when paid.
"""
from __future__ import annotations

import marshal
from collections import Counter
from typing import Any, Iterator, Mapping

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import cards as C
from kifu.replays.games.hocg import regulation
from kifu.replays.games.hocg.commands import POSITIONS
from kifu.replays.kit import ALL, Ctx, is_token

SEATS = ("p1", "p2")
HAND = 7
MAX_STAGE = 6
R_DECK = "対戦用具"
R_PREP = "ゲームの準備"
R_LIFE = "ライフ"
R_HOLOPOWER = "ホロパワー"
R_DECKZONE = "山札"
R_DOWN = "その他の現象/ダウン"


def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


POS_NAMES = {"center": "センター", "collab": "コラボ"}

_PRESENT: dict[str, frozenset[str]] = {}


def needs(*effects: str) -> Any:
    """Mark a hook (of ``HP_MODIFIERS``, ``effects.DAMAGE_MODIFIERS``, ``windows.SOURCES``, …) as one
    that can do anything only where some card of the set uses one of ``effects`` (an effect or
    parameter name, as ``present`` collects them): ``Board.hooks`` leaves it out elsewhere, so a
    card set without such cards (a demo set, another format) pays nothing for it. A hook without
    the mark always runs."""
    def mark(hook: Any) -> Any:
        hook.needs = frozenset(effects)
        return hook
    return mark


_ACTIVE: dict[tuple[str, int, int], tuple[Any, ...]] = {}


def present(cs: Any) -> frozenset[str]:
    """Every effect name (and parameter name) the card set's abilities and arts use, nested ones included,
    once per card set: a hook reading an effect no card of the set has returns at once (every fold runs the
    hooks at every step).

    >>> class CS: digest, cards = "d", {"a": {"abilities": [{"effect": "x", "params": {"then": {"effect": "y"}}}], "arts": []}}
    >>> sorted(present(CS()))
    ['effect', 'params', 'then', 'x', 'y']
    """
    found = _PRESENT.get(cs.digest)
    if found is None:
        names: set[str] = set()

        def walk(x: Any) -> None:
            if isinstance(x, dict):
                for k, v in x.items():
                    names.add(k)
                    if k == "effect" and isinstance(v, str):
                        names.add(v)
                    walk(v)
            elif isinstance(x, list):
                for v in x:
                    walk(v)

        for card in cs.cards.values():
            walk(card.get("abilities") or [])
            walk(card.get("arts") or [])
        if len(_PRESENT) > 64:
            _PRESENT.clear()
        found = _PRESENT[cs.digest] = frozenset(names)
    return found


#: what the families add to a holomem's HP where it is read (``Board.max_hp``): ``modify(board, holo) -> n``
#: (a gift 「このホロメンのHP+N」 of the holomem's own top card, …)
HP_MODIFIERS: list[Any] = []
#: what the families add to a holomem's baton touch cost (``Board.baton_cost``): ``modify(board, holo) -> n``
#: (an attached fan's 「…のバトンタッチに必要な無色エール-1」, …)
BATON_MODIFIERS: list[Any] = []


def pos_label(pos: Any) -> str:
    """A stage position in the play sheet's words (``"back0"`` → バック1)."""
    if isinstance(pos, str) and pos.startswith("back") and pos[4:].isdigit():
        return f"バック{int(pos[4:]) + 1}"
    return POS_NAMES.get(pos, str(pos))


class DeckList(Schema):
    class Meta:
        unknown = RAISE

    # none required: a list missing its oshi is refused by deck_problems with its other problems
    oshi = fields.String(load_default=None, allow_none=True)
    deck = fields.List(fields.String(), load_default=list)
    cheer = fields.List(fields.String(), load_default=list)


class RegulationField(fields.Raw):
    """A regulation named by a shipped one's id (read as that regulation) or given whole."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        try:
            return regulation.resolve(value)
        except regulation.RegulationError as exc:
            raise ValidationError(exc.errors) from None


class OptionsSchema(Schema):
    """Match options: who goes first, each seat's registered deck lists, the regulation."""

    class Meta:
        unknown = RAISE

    #: "seed": decided at the table (じゃんけん), a chance event of setup
    first_player = fields.String(load_default="seed", validate=validate.OneOf(("p1", "p2", "seed")))
    #: each seat's oshi, 50-card deck and 20-card cheer deck (printing ids); None: the set's demo decks
    decks = fields.Dict(keys=fields.String(validate=validate.OneOf(SEATS)), values=fields.Nested(DeckList),
                        load_default=None, allow_none=True)
    #: the regulation played under (``regulation``): None (casual), a shipped one's id, or itself
    regulation = RegulationField(allow_none=True)


OPTIONS = OptionsSchema()


def deck_problems(cs: Any, lst: Mapping[str, Any]) -> list[str]:
    """Every way a deck list breaks 対戦用具 (empty if legal).

    Copies count by card number (the printings of one number are one card), as the
    official game counts them; 「デッキに何枚でも入れられる」 lifts the limit.
    """
    problems = []
    oshi = lst.get("oshi")
    if not oshi:
        problems.append("no 推しホロメン: a deck list has exactly one")
    elif oshi not in cs.cards:
        problems.append(f"推しホロメン {oshi!r} is not a card of this card set")
    elif cs.cards[oshi]["kind"] != "oshi":
        problems.append(f"{oshi!r} ({cs.name(oshi)}) is not an 推しホロメン")
    deck, cheer = list(lst.get("deck") or []), list(lst.get("cheer") or [])
    unknown = sorted({c for c in deck + cheer if c not in cs.cards})
    if unknown:
        problems.append(f"not cards of this card set: {', '.join(unknown)}")
    if len(deck) != C.DECK_SIZE:
        problems.append(f"the deck has {len(deck)} cards; it must have {C.DECK_SIZE}")
    wrong = sorted({c for c in deck if c in cs.cards and cs.cards[c]["kind"] not in ("holomem", "buzz", "support")})
    if wrong:
        problems.append(f"only holomem and support cards go in the deck: {', '.join(wrong)}")
    by_number = Counter(cs.cards[c]["number"] for c in deck if c in cs.cards and not cs.cards[c]["unlimited"])
    over = sorted(f"{n} ×{k}" for n, k in by_number.items() if k > C.MAX_COPIES)
    if over:
        problems.append(f"more than {C.MAX_COPIES} copies of one card number: {', '.join(over)}")
    if len(cheer) != C.CHEER_SIZE:
        problems.append(f"the cheer deck has {len(cheer)} cards; it must have {C.CHEER_SIZE}")
    not_cheer = sorted({c for c in cheer if c in cs.cards and cs.cards[c]["kind"] != "cheer"})
    if not_cheer:
        problems.append(f"the cheer deck holds only エール: {', '.join(not_cheer)}")
    return problems


def deck_lists(cs: Any, opts: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The registered deck lists (or the set's demo decks), refused with every problem named."""
    decks = opts.get("decks")
    if decks is None:
        demo = C.demo_decks(cs)
        if not demo:
            raise RuleViolation(R_DECK, "this card set has no demo decks: register both seats' deck lists")
        decks = {"p1": demo[0], "p2": demo[1 % len(demo)]}
    missing = [s for s in SEATS if s not in decks]
    if missing:
        raise RuleViolation(R_DECK, f"no deck list for {', '.join(missing)}")
    problems = [f"{seat}: {p}" for seat in SEATS for p in deck_problems(cs, decks[seat])]
    number = lambda c: cs.cards[c]["number"] if c in cs.cards else None  # noqa: E731
    limited = [f"{seat}: {p}" for seat in SEATS
               for p in regulation.problems(opts.get("regulation"), decks[seat], number)]
    if problems or limited:
        raise RuleViolation(R_DECK if problems else regulation.R_REGULATION,
                            "deck lists refused: " + "; ".join(problems + limited))
    return {seat: {k: list(v) if isinstance(v, list) else v for k, v in decks[seat].items()} for seat in SEATS}


def new_player(oshi: str, life: int) -> dict[str, Any]:
    return {"oshi": oshi, "life": life, "hand": [], "archive": [], "holopower": [], "center": None, "collab": None,
            "back": [], "turns": 0, "mulligan": {"done": False, "redraws": 0, "size": HAND}, "placed": False,
            "used": fresh_used(), "cited": []}


def fresh_used() -> dict[str, Any]:
    return {"limited": False, "collab": False, "baton": False, "oshi": False, "sp": False, "arts": []}


def deal(t: "Board", options: Mapping[str, Any]) -> None:
    """ゲームの準備: deck lists checked; both decks shuffled (face-down piles); who goes first;
    seven cards each (the first player first); the life set aside from the cheer deck."""
    try:
        opts = OPTIONS.load(dict(options))
    except ValidationError as exc:
        raise RuleViolation(R_PREP, f"bad options: {exc.messages}") from None
    lists = deck_lists(t.cs, opts)
    players = {}
    for seat in SEATS:
        t.zones.add_pile(f"deck/{seat}", lists[seat]["deck"])
        t.zones.add_pile(f"cheer/{seat}", lists[seat]["cheer"])
        oshi = lists[seat]["oshi"]
        players[seat] = new_player(oshi, t.cs.cards[oshi]["life"])
    first = opts["first_player"]
    if first == "seed":  # じゃんけん at the table: everyone sees who goes first
        first = t.zones.pick("first_player", R_PREP, list(SEATS), unknown_ok=False)
    t.s.update({"turn": 0, "active": first, "first": first, "phase": "mulligan", "players": players,
                "roll": None, "events": [], "over": None})
    for seat in (first, other(first)):
        for _ in range(HAND):
            players[seat]["hand"].append(t.zones.draw(f"deck/{seat}", "deal", R_PREP, visible=(seat,)))


class Board(Ctx):
    """Zone queries and moves over the state a command is checked against or builds."""

    #: the seats whose half of ``apply``'s working copy is still the state's it was copied from
    #: (``HocgRules.copy``): copied on first use here; None outside ``apply`` (a check, a view)
    shared: set[str] | None = None

    # -- queries ---------------------------------------------------------------------
    def p(self, seat: str) -> dict[str, Any]:
        if self.shared and seat in self.shared:
            self.shared.discard(seat)
            self.s["players"][seat] = marshal.loads(marshal.dumps(self.s["players"][seat]))
        return self.s["players"][seat]

    def card(self, card: str) -> Mapping[str, Any]:
        return self.cs.cards[card]

    def name(self, card: Any) -> str:
        return self.cs.name(card) if isinstance(card, str) and card in self.cs.cards else str(card)

    def holo(self, seat: str, pos: str) -> dict[str, Any] | None:
        pl = self.p(seat)
        if pos in ("center", "collab"):
            return pl[pos]
        if pos.startswith("back") and pos[4:].isdigit():
            i = int(pos[4:])
            return pl["back"][i] if i < len(pl["back"]) else None
        return None

    def stage(self, seat: str) -> Iterator[tuple[str, dict[str, Any]]]:
        pl = self.p(seat)
        for pos in ("center", "collab"):
            if pl[pos] is not None:
                yield pos, pl[pos]
        for i, h in enumerate(pl["back"]):
            yield f"back{i}", h

    def positions(self, seat: str) -> list[str]:
        pl = self.p(seat)
        return ([pos for pos in ("center", "collab") if pl[pos] is not None]
                + [f"back{i}" for i in range(len(pl["back"]))])

    def has(self, *effects: str) -> bool:
        """Whether some card of the set uses one of ``effects`` (``present``)."""
        return not present(self.cs).isdisjoint(effects)

    def hooks(self, listed: list[Any]) -> tuple[Any, ...]:
        """The hooks of ``listed`` that can matter for this card set (``needs``), once per card set
        and list (the lists are filled as the families are imported)."""
        key = (self.cs.digest, id(listed), len(listed))
        found = _ACTIVE.get(key)
        if found is None:
            have = present(self.cs)
            if len(_ACTIVE) > 1024:
                _ACTIVE.clear()
            found = _ACTIVE[key] = tuple(h for h in listed if not getattr(h, "needs", None)
                                         or not have.isdisjoint(h.needs))
        return found

    def stage_count(self, seat: str) -> int:
        # asked twice by every ``decide`` (the win check after each step): counted, not walked
        pl = self.p(seat)
        return (pl["center"] is not None) + (pl["collab"] is not None) + len(pl["back"])

    def deck_size(self, seat: str) -> int:
        return self.zones.size(f"deck/{seat}")

    def cheer_deck_size(self, seat: str) -> int:
        return self.zones.size(f"cheer/{seat}") - self.p(seat)["life"]

    def max_hp(self, h: Mapping[str, Any]) -> int:
        total = (self.card(h["card"])["hp"] or 0) + h["mods"]["hp"]
        if h.get("lasting"):
            total += self.lasting(h, "hp")
        if h["attached"] and self.has("mascot_hp"):
            total += sum(self.constant(c, "mascot_hp", h) for c in h["attached"])
        return total + sum(modify(self, h) for modify in self.hooks(HP_MODIFIERS))

    def lasting(self, h: Mapping[str, Any], kind: str) -> int:
        """The lasting modifiers of ``kind`` ("hp", "arts") on ``h``: until a turn's end, or
        while the card they name stays attached to it (a bonus recorded by hand)."""
        return sum(m["amount"] for m in h.get("lasting", ())
                   if m["kind"] == kind and (m.get("while") is None or m["while"] in h["attached"]))

    def constant(self, card: str, effect: str, holder: Mapping[str, Any] | None = None) -> int:
        """The amount of ``card``'s constant ability ``effect`` (tools, mascots), 0 if none;
        with its ``bonus`` when the ``holder`` it is attached to fits (「◆〈名前〉に付いていたら
        能力追加」)."""
        total = 0
        for a in self.card(card)["abilities"]:
            if a.get("effect") == effect:
                total += a["params"].get("amount", 0)
                bonus = a["params"].get("bonus")
                if bonus and holder is not None and self.fits_holder(holder, bonus):
                    total += bonus["amount"]
            extra = a["params"].get("arts_bonus") if effect == "tool_arts" else None
            if extra and holder is not None and self.fits_holder(holder, extra) and \
                    set(extra["colors"]) <= {self.card(x)["colors"][0] for x in holder["cheer"]}:
                total += extra["amount"]  # 「◆〈名前〉に付いていたら能力追加…エールが付いているなら、アーツ+N」
        return total

    def fits_holder(self, holder: Mapping[str, Any], cond: Mapping[str, Any]) -> bool:
        """The holomem a tool or mascot is attached to is of ``cond``'s names (if any) and level, and a
        Buzz holomem if ``buzz`` (「◆Buzzホロメンに付いていたら」)."""
        c = self.card(holder["card"])
        names = {c["name"]} | {n for a in c["abilities"] if a.get("effect") == "alias" for n in a["params"]["names"]}
        if ("names" in cond and not set(cond["names"]) & names) or (cond.get("buzz") and c["kind"] != "buzz"):
            return False
        if "tag" in cond and not C.has_tag(c, cond["tag"]):  # 「◆#タグを持つホロメンに付いていたら」
            return False
        order = {"debut": 0, "1st": 1, "2nd": 2}
        least = cond.get("min_level")
        return least is None or order.get(c["level"], -1) >= order[least]

    def hand_cards(self, seat: str) -> list[str]:
        """Every card ``seat``'s hand may hold (its known cards and what its tokens could be)."""
        hand = self.p(seat)["hand"]
        if not any(is_token(i) for i in hand):
            return sorted(set(hand))
        return self.zones.candidates(hand)

    def hand_item(self, seat: str, card: str) -> str | None:
        hand = self.p(seat)["hand"]
        if card in hand:
            return card
        return next((i for i in hand if is_token(i) and self.zones.could_be(i, card)), None)

    def baton_cost(self, h: Mapping[str, Any]) -> int:
        """The cheer a baton touch from ``h`` costs: its card's, plus lasting 「バトンタッチに必要な
        無色±N」 modifiers and the families' (``BATON_MODIFIERS``), never below 0."""
        return max(0, self.card(h["card"])["baton"] + sum(m["amount"] for m in h.get("lasting", ()) if m["kind"] == "baton")
                   + sum(modify(self, h) for modify in self.hooks(BATON_MODIFIERS)))

    def first_turn(self, seat: str) -> bool:
        """The player's own first turn."""
        return self.p(seat)["turns"] <= 1

    def first_players_first_turn(self) -> bool:
        return self.s["turn"] == 1

    def rule_of(self, card: Any) -> str:
        return f"カード/{self.name(card)}" if isinstance(card, str) and card in self.cs.cards else "カード"

    # -- moves -----------------------------------------------------------------------
    def event(self, kind: str, **data: Any) -> None:
        """A public note of what happened (never a card a perspective may not see)."""
        self.s["events"].append({"kind": kind, **data})

    def new_holo(self, card: str, *, face_down: bool = False) -> dict[str, Any]:
        return {"card": card, "stack": [], "cheer": [], "attached": [], "damage": 0, "rested": False,
                "since": self.s["turn"], "mods": {"hp": 0, "arts": 0}, "face_down": face_down}

    def take_from_hand(self, seat: str, card: str, how: str, rule: str, *, to: Any = ALL) -> str:
        """``card`` leaves ``seat``'s hand, shown ``to`` (face up: everyone); a token that
        could be it is revealed to them alone (``kifu.replays.kit.knowledge``)."""
        item = self.hand_item(seat, card)
        if item is None:
            raise RuleViolation(rule, f"{card!r} is not in {seat}'s hand")
        self.p(seat)["hand"].remove(item)
        if item != card:
            self.zones.reveal(item, card, how, rule, to=to)
        return card

    def draw(self, seat: str, rule: str, event: str = "draw") -> str | None:
        """The deck's top card to ``seat``'s hand, seen by that seat; None if the deck is empty."""
        item = self.zones.draw(f"deck/{seat}", event, rule, visible=(seat,))
        if item is not None:
            self.p(seat)["hand"].append(item)
        return item

    def face_up(self, item: str, event: str, rule: str) -> str:
        """A face-down card (holopower) turned face up: an observed table names a token now."""
        if not is_token(item):
            return item
        card = self.zones.turn_up(item, event, rule, unknown_ok=False)
        return card

    def reveal_cheer(self, seat: str, event: str, rule: str) -> str:
        """The top of the cheer deck turned face up (everyone sees it)."""
        return self.zones.draw(f"cheer/{seat}", event, rule, visible=ALL, unknown_ok=False)

    def archive(self, seat: str, *cards: str) -> None:
        self.p(seat)["archive"].extend(cards)

    def remove_holo(self, seat: str, pos: str) -> dict[str, Any]:
        pl = self.p(seat)
        if pos in ("center", "collab"):
            h, pl[pos] = pl[pos], None
            return h
        return pl["back"].pop(int(pos[4:]))

    def archive_holo(self, seat: str, pos: str) -> dict[str, Any]:
        """The holomem, the cards under it and every card attached to it, to the archive."""
        h = self.remove_holo(seat, pos)
        self.archive(seat, *h["stack"], h["card"], *h["cheer"], *h["attached"])
        return h

    def valid_pos(self, pos: Any) -> bool:
        return pos in POSITIONS
