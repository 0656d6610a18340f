"""The state of a match, reading it, and dealing it (【ゲーム開始前の準備】, 【ゲームの流れ】①②).

State is plain JSON data. Seats are ``p1`` .. ``pN`` in seating order, and "左隣" (the
next player in turn order) of ``pK`` is ``pK+1`` (``pN``'s is ``p1``).

Layout::

    step, table, seed, zones, chance, pending, stack    the kit's (replays.kit.game)
    players
    seats:      seat -> {sword (card data), tosou, fatigue 0/1/2 (なし/橙/赤), defending, eliminated}
    roles:      seat -> role id, or the unknown token "?N" of a role nobody recording saw
    role_tokens: token -> seat it was dealt to (kept after the token is turned up)
    role_table: role -> dealt count (public: the table for the player count)
    zones:      piles "roles" (the dealt role cards; once dealt, its ``unseen`` is the
                multiset of roles still unknown) and "deck" (the 山札, face down)
    pool:       刀装 left in the centre, or None without the optional 30-token cap
    kinji, round, order (this 周's seats from the 近侍), acted, skipped, current,
    released    (the current seat took its card back from 防御 at the start of this turn)
    round_effects
    attack:     None, or {target, remaining, start_red} while the attacker chooses (pending "strike")
    duel:       None, or {challenger, nominee, card} during a 一騎討ち (card: the one chosen, or its token)
    declaration_open: a 周 has ended and the new 近侍 has not acted yet: the 審神者 may
                declare victory (④). Public: everyone sees that a 周 just ended.
    knowledge:  seat -> other seat -> {step, how}   (a role a seat was privately shown)
    face_up:    seat -> {step, how}                 (role cards turned face up to everyone)
    deck_seen:  seat -> step                        (a 一騎討ち nominee looked at the 山札)
    last_duel:  the last 一騎討ち's result (its card is shown to everyone)
    events:     what the last command did (for the move list)
    over:       None, or {code, reason, side} (the result is final once every card is face up)

A role's value is always ``roles[seat]``: ``knowledge`` and ``face_up`` say who may see it
and since when. On an observed table a role nobody recording saw is a token; turning it
up (a look, a 一騎討ち loss, the end) is a chance event whose outcome the command states.

>>> from kifu.replays.games.senbu_rinki import RULES
>>> rules = RULES.bind(RULES.demo_cardsets()[0])
>>> state = rules.setup(rules.options_schema.load({"roles": ["saniwa", "danshi", "sokogun", "danshi"]}), "s", 4)
>>> state["roles"]["p1"], state["zones"]["piles"]["deck"]["size"], state["role_table"]["danshi"]
('saniwa', 9, 2)
>>> observed = rules.setup(rules.options_schema.load({}), "s", 4, table="observed",
...                        deal=["今剣", "岩融", "加州清光", "燭台切光忠", None, "danshi", None, None, "p2"])
>>> observed["roles"], possible_roles(observed, "p1")
({'p1': '?1', 'p2': 'danshi', 'p3': '?2', 'p4': '?3'}, ['danshi', 'saniwa', 'sokogun'])
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from marshmallow import Schema, fields, validate

from kifu.replays.errors import RuleViolation
from kifu.replays.kit import ALL, Ctx, Event, check_deck, is_token
from kifu.replays.rules import seat_ids

from . import cards as swords
from .roles import DEFAULT_BOX, ROLES, SANIWA, SETUP, cards as role_cards, dealt_counts, deck_counts

FATIGUE_LABELS = ("なし", "橙", "赤")
RED = 2
KINJI = "ゲームの流れ/②近侍を選ぶ"
#: the answer of an observed table that an attack's victim stayed face down (not the 審神者)
FACE_DOWN = "face_down"


# ---- reading the state -------------------------------------------------------------

def left_of(seat: str, players: int) -> str:
    """The next seat in turn order.

    >>> left_of("p4", 4)
    'p1'
    """
    n = int(seat[1:])
    return f"p{n % players + 1}"


def alive(state: Mapping[str, Any]) -> list[str]:
    return [s for s in seat_ids(state["players"]) if not state["seats"][s]["eliminated"]]


def from_seat(state: Mapping[str, Any], start: str) -> list[str]:
    """Seats not eliminated, in turn order beginning with ``start``."""
    ids = seat_ids(state["players"])
    i = ids.index(start)
    return [s for s in ids[i:] + ids[:i] if not state["seats"][s]["eliminated"]]


def to_reveal(state: Mapping[str, Any]) -> list[str]:
    """Once the game is over, the seats whose role card has not been turned up yet.

    Only an observed table has any: the ending command turns up what the result needs,
    and every other unseen card is turned up by its own ``turn_up`` (勝敗の確認).
    """
    if state["over"] is None:
        return []
    return [s for s in seat_ids(state["players"]) if s not in state["face_up"]]


def phase(state: Mapping[str, Any]) -> str:
    """turn | strike | duel_card | duel_guess | reveal | over."""
    if state["over"] is not None:
        return "reveal" if to_reveal(state) else "over"
    return state["pending"]["kind"] if state["pending"] else "turn"


def deck_size(state: Mapping[str, Any]) -> int:
    return state["zones"]["piles"]["deck"]["size"]


def special(state: Mapping[str, Any], seat: str) -> str | None:
    spec = state["seats"][seat]["sword"]["special"]
    return spec["effect"] if spec else None


def skill_target_kind(state: Mapping[str, Any], seat: str) -> str:
    kind = state["seats"][seat]["sword"]["skill"]["target"]
    if kind == "other" and special(state, seat) == "self_target":
        return "any"
    return kind


def _matches(state: Mapping[str, Any], selector: Mapping[str, Any], seat: str) -> bool:
    (key, value), = selector.items()
    mine = state["seats"][seat]
    if key == "all":
        return True
    if key == "tosou":
        return mine["tosou"] > 0
    return mine["sword"][{"type": "type", "school": "school", "sword": "name"}[key]] == value


def _reaches(state: Mapping[str, Any], effect: Mapping[str, Any], seat: str) -> bool:
    """Round-scoped effects: ``reach`` lists the later players, or None for a named selector."""
    if effect["reach"] is not None and seat not in effect["reach"]:
        return False
    return _matches(state, effect["selector"], seat)


def bonus_attacks(state: Mapping[str, Any], seat: str) -> int:
    return sum(e["amount"] for e in state["round_effects"]
               if e["effect"] == "extra_attacks" and _reaches(state, e, seat))


def guarded(state: Mapping[str, Any], seat: str) -> bool:
    return any(e["effect"] == "guard" and _reaches(state, e, seat) for e in state["round_effects"])


def possible_roles(state: Mapping[str, Any], seat: str) -> list[str]:
    """What ``seat``'s role may be, as the record knows: itself if known, else for a token
    every role still unseen that leaves the 審神者 a place.

    Exactly one 審神者 is dealt, and its elimination ends the game at once with its card
    face up: so an eliminated seat whose card stayed face down is not it, and while the
    審神者 is unseen some living unknown seat must be able to hold it.
    """
    role = state["roles"][seat]
    if not is_token(role):
        return [role]
    unseen = state["zones"]["piles"]["roles"]["unseen"]
    living = [s for s in alive(state) if s != seat and is_token(state["roles"][s])]
    out = []
    for candidate, copies in unseen.items():
        if copies <= 0:
            continue
        if candidate == SANIWA:
            fits = not state["seats"][seat]["eliminated"]
        else:
            fits = not unseen.get(SANIWA) or bool(living)
        if fits:
            out.append(candidate)
    return sorted(out)


def may_declare(state: Mapping[str, Any]) -> list[str]:
    """The seats that may be the 審神者 as the record knows (one, unless it is unseen)."""
    known = [s for s in alive(state) if state["roles"][s] == SANIWA]
    if known:
        return known
    return [s for s in alive(state) if SANIWA in possible_roles(state, s)]


def public_to_act(state: Mapping[str, Any]) -> tuple[str, ...]:
    """Whom the table visibly waits for: the seat of a pending decision, else the 手番's seat
    (once the game is over, the seats whose cards are still to be turned up)."""
    if state["over"] is not None:
        return tuple(to_reveal(state))
    if state["pending"]:
        return (state["pending"]["seat"],)
    return (state["current"],)


def awaited(state: Mapping[str, Any]) -> tuple[str, ...]:
    """Omniscient (server-internal): the public seat plus whoever may declare in the window."""
    seats = public_to_act(state)
    if state["declaration_open"] and state["over"] is None:
        seats += tuple(s for s in may_declare(state) if s not in seats)
    return seats


# ---- the context commands run in ------------------------------------------------------

class Table(Ctx):
    """A command's view of the match: the kit's context plus the role cards' chance events."""

    @property
    def now(self) -> int:
        """The step this command makes (0 during setup)."""
        return self.zones.step

    def begin(self, *, turn: bool) -> None:
        """A command starts: its events are its own; a 手番 closes the declaration window."""
        self.s["events"] = []
        if turn:
            self.s["declaration_open"] = False  # the 審神者 stayed silent: the 周 has begun

    def set(self, key: str, name: str, value: Any) -> None:
        """``state[key][name] = value`` for a map ``apply`` does not copy (it changes rarely):
        the map is replaced, so the state before the command keeps its own."""
        self.s[key] = {**self.s[key], name: value}

    def reveal_role(self, seat: str, card: str, how: str, rule: str) -> None:
        """``seat``'s token turned out to be ``card``."""
        self.zones.reveal(self.s["roles"][seat], card, how, rule)
        self.set("roles", seat, card)

    def outcome(self, event: Event) -> Any:
        if self.chance is None:
            raise RuntimeError(f"chance event {event.name!r} with no chance source")
        return self.chance.outcome(event)

    def turn_up_role(self, seat: str, *, event: str, how: str, rule: str, visible: Any = ALL,
                     required: bool = False) -> str:
        """``seat``'s role card shown (to ``visible``): a known role is just read; a token is a
        chance event the observed table states, or leaves null (it stays a token) unless
        ``required`` (what happens next depends on the role).

        ``Zones.turn_up`` with the options narrowed to ``possible_roles``: the pile's unseen
        multiset alone would let the last living unknown seat be named a 刀剣男士 while the
        審神者 is still unseen, or a seat eliminated face down be named the 審神者."""
        role = self.s["roles"][seat]
        if not is_token(role):
            return role
        options = possible_roles(self.s, seat)
        unseen = self.s["zones"]["piles"]["roles"]["unseen"]
        card = self.outcome(Event(event, rule, tuple(options), tuple(unseen[r] for r in options),
                                  visible=visible, unknown_ok=not required))
        if card is None:
            return role
        self.reveal_role(seat, card, how, rule)
        return card

    def eliminated_saniwa(self, seat: str, rule: str) -> bool:
        """Whether ``seat``, eliminated face down, was the 審神者 (only its card is turned up).

        For a token that may be either, the observed table states which it saw: ``"saniwa"``
        (the card turned up) or ``"face_down"``. Called while the seat is still alive.
        """
        role = self.s["roles"][seat]
        if not is_token(role):
            return role == SANIWA
        options = possible_roles(self.s, seat)
        can_be, can_not = SANIWA in options, any(r != SANIWA for r in options)
        shown = can_be
        if can_be and can_not:
            shown = self.outcome(Event("saniwa_out", rule, (FACE_DOWN, SANIWA), visible=ALL,
                                       unknown_ok=False)) == SANIWA
        if shown:
            self.reveal_role(seat, SANIWA, "脱落", rule)
        return shown

    def turn_up_card(self, item: str, rule: str) -> str:
        """The 一騎討ち card turned up for the guess: everyone sees it, so it is always stated."""
        return self.zones.turn_up(item, "duel_card", rule, visible=ALL, how="一騎討ち", unknown_ok=False)


# ---- setup ------------------------------------------------------------------------------

class OptionsSchema(Schema):
    """Setup options (stored in the record header); every default is what a table without
    special agreements plays. Options that name a deal (``swords``, ``roles``, a seat as
    ``first_kinji``) are for a table that chose them; a physical table states a deal in
    the header's ``deal`` instead (the outcomes of setup's chance events)."""

    #: sword names per seat (各自好きな刀剣カードを選びます); default: dealt face up by chance
    swords = fields.List(fields.String(), allow_none=True, load_default=None)
    #: 【６人以上時推奨カード】 when dealing: "auto" leaves them out at 5 or fewer players
    six_plus_swords = fields.String(load_default="auto", validate=validate.OneOf(["auto", "include", "exclude"]))
    #: role per seat, for judges reconstructing a table and for tests (the header is public:
    #: these roles then are too)
    roles = fields.List(fields.String(), allow_none=True, load_default=None)
    #: dealt role cards per role; default: roles.ROLE_TABLE for the player count
    role_counts = fields.Dict(keys=fields.String(validate=validate.OneOf(ROLES)),
                              values=fields.Integer(strict=True, validate=validate.Range(min=0, max=20)),
                              allow_none=True, load_default=None)
    #: the deck list of the box's role cards (a role id per card); the undealt ones are
    #: the 山札; default: roles.DEFAULT_BOX
    role_box = fields.List(fields.String(), allow_none=True, load_default=None, validate=validate.Length(max=60))
    #: "seed" (a chance event: the seed deals it, a physical table states it) or a seat id
    first_kinji = fields.String(load_default="seed", validate=validate.Regexp(r"^(seed|p([1-9]|10))$"))
    #: 選択ルール/刀装: None (unlimited tokens) or the number that exists (30)
    token_cap = fields.Integer(strict=True, allow_none=True, load_default=None,
                               validate=validate.Range(min=0, max=200))


def _deal_swords(t: Table, options: Mapping[str, Any], players: int) -> list[dict[str, Any]]:
    """Swords chosen in the options, or dealt face up one seat at a time (chance events)."""
    chosen = options.get("swords")
    if chosen is not None:
        names = check_deck(chosen, t.cs.cards, SETUP, size=players, max_copies=1, label="swords")
        return [swords.dealt(t.cs.card(name)) for name in names]
    pool = [name for name in t.cs.cards]
    rule = options.get("six_plus_swords") or "auto"
    if rule == "exclude" or (rule == "auto" and players <= 5):
        # 【６人以上時推奨カード】: with five or fewer players these are left in the box
        fewer = [name for name in pool if not t.cs.card(name).get("six_plus")]
        if rule == "exclude" or len(fewer) >= players:
            pool = fewer
    if len(pool) < players:
        raise RuleViolation(SETUP, f"card set {t.cs.id} has {len(pool)} swords to deal for {players} players")
    dealt = []
    for _ in range(players):
        name = t.zones.pick("sword", SETUP, pool, visible=ALL, unknown_ok=False)  # face up: always seen
        pool.remove(name)
        dealt.append(swords.dealt(t.cs.card(name)))
    return dealt


def _role_piles(t: Table, options: Mapping[str, Any], players: int) -> Counter:
    """The dealt role cards (a pile to deal from) and the 山札 (the rest of the box)."""
    box = options.get("role_box")
    box_counts = Counter(check_deck(box, ROLES, SETUP, label="role_box")) if box is not None else Counter(DEFAULT_BOX)
    chosen = options.get("roles")
    if chosen is not None:
        check_deck(chosen, ROLES, SETUP, size=players, label="roles")
        dealt = dealt_counts(players, Counter(chosen))
    else:
        dealt = dealt_counts(players, options.get("role_counts"))
    t.zones.add_pile("roles", role_cards(dealt))
    t.zones.add_pile("deck", role_cards(deck_counts(dealt, box_counts)))
    return Counter(dealt)


def deal(t: Table, options: Mapping[str, Any], players: int) -> None:
    """Deal swords and roles, hand out 刀装, choose the first 近侍 (the initial state)."""
    ids = seat_ids(players)
    dealt_swords = _deal_swords(t, options, players)
    table = _role_piles(t, options, players)
    chosen = options.get("roles")
    roles: dict[str, str] = {}
    for i, seat in enumerate(ids):
        if chosen is not None:
            roles[seat] = t.zones.take("roles", chosen[i], SETUP, how="配役")
        else:
            roles[seat] = t.zones.draw("roles", "role", SETUP, visible=(seat,), how="配役")
    need = sum(s["tosou"] for s in dealt_swords)
    cap = options.get("token_cap")
    if cap is not None and need > cap:
        raise RuleViolation(SETUP, f"token_cap: the swords need {need} 刀装 but only {cap} exist")
    first = options.get("first_kinji") or "seed"
    if first == "seed":
        first = t.zones.pick("first_kinji", KINJI, ids, visible=ALL, unknown_ok=False)
    elif first not in ids:
        raise RuleViolation(KINJI, f"first_kinji: {first!r} is not a seat of {players}")
    t.s.update({
        "players": players,
        "seats": {seat: {"sword": sword, "tosou": sword["tosou"], "fatigue": 0, "defending": False,
                         "eliminated": False} for seat, sword in zip(ids, dealt_swords)},
        "roles": roles,
        "role_tokens": {role: seat for seat, role in roles.items() if is_token(role)},
        "role_table": {role: table[role] for role in ROLES if table[role]},
        "pool": None if cap is None else cap - need,
        "kinji": first,
        "round": 1,
        "order": [],
        "acted": [],
        "skipped": [],
        "current": None,
        "released": False,
        "round_effects": [],
        "attack": None,
        "duel": None,
        "declaration_open": False,
        "knowledge": {seat: {} for seat in ids},
        "face_up": {},
        "deck_seen": {},
        "last_duel": None,
        "events": [],
        "over": None,
    })
    start_round(t.s)


def start_round(state: dict[str, Any]) -> None:
    """Begin a 周 from the 近侍 (on the working copy ``apply`` made)."""
    state["order"] = from_seat(state, state["kinji"])
    state["acted"] = []
    state["skipped"] = []
    state["round_effects"] = []
    start_turn(state, state["order"][0])


def start_turn(state: dict[str, Any], seat: str) -> None:
    """A seat's 手番 begins: a card lying sideways (防御) is stood up first (防御)."""
    state["current"] = seat
    mine = state["seats"][seat]
    state["released"] = bool(mine["defending"])
    if mine["defending"]:
        mine["defending"] = False
        state["events"].append({"kind": "release", "seat": seat})
