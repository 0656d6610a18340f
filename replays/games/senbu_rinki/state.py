"""The state of a match and its setup (【ゲーム開始前の準備】, 【ゲームの流れ】①②).

State is plain JSON data. Seats are ``p1`` .. ``pN`` in seating order, and "左隣" (the
next player in turn order) of ``pK`` is ``pK+1`` (``pN``'s is ``p1``).

Layout::

    step, players, cardset
    seats:      seat -> {sword (card data), tosou, fatigue 0/1/2 (なし/橙/赤), defending, eliminated}
    roles:      seat -> role id                       (hidden; only views decide who sees)
    deck:       role ids of the face-down 山札, in its current order
    pool:       刀装 left in the centre, or None without the optional 30-token cap
    kinji, round, order (this round's seats from the 近侍), acted, skipped, current,
    released    (the current seat took its card back from 防御 at the start of this turn)
    round_effects, pending (a decision the game awaits inside a 手番)
    declaration_open: a 周 has ended and the new 近侍 has not acted yet: the 審神者 may
                declare victory (④). Public: everyone sees that a 周 just ended.
    knowledge:  seat -> other seat -> {role, step, how}  (what a seat was privately shown)
    revealed:   seat -> {role, step, how}                (roles shown face up to everyone)
    deck_seen:  seat -> step                             (a 一騎討ち nominee looked at the 山札)
    last_duel:  the last 一騎討ち's result (its card is shown to everyone)
    events:     what the last command did (for the move list)
    over:       None, or {code, reason, side}
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from replays.rng import Rng
from replays.rules import seat_ids

from . import cards as cardsets
from .roles import DEFAULT_BOX, ROLES, SANIWA, deck_counts, dealt_counts

SWORD_FIELDS = ("name", "type", "school", "tosou", "skill", "special")
FATIGUE_LABELS = ("なし", "橙", "赤")
RED = 2


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


def _swords(options: Mapping[str, Any], seed: str, players: int) -> list[dict[str, Any]]:
    cardset = cardsets.load(options.get("cardset") or "demo")
    chosen = options.get("swords")
    if chosen is None:
        pool = cardset.swords
        rule = options.get("six_plus_swords") or "auto"
        if rule == "exclude" or (rule == "auto" and players <= 5):
            # 【６人以上時推奨カード】: with five or fewer players these are left in the box
            fewer = [card for card in pool if not card.get("six_plus")]
            if rule == "exclude" or len(fewer) >= players:
                pool = fewer
        if len(pool) < players:
            raise ValueError(f"card set {cardset.id} has {len(pool)} swords to deal for {players} players")
        cards = Rng(seed, "setup/swords").shuffle(pool)[:players]
    else:
        if len(chosen) != players:
            raise ValueError(f"swords: {len(chosen)} names for {players} seats")
        if len(set(chosen)) != len(chosen):
            raise ValueError("swords: each sword card is dealt once")
        try:
            cards = [cardset.sword(name) for name in chosen]
        except KeyError as exc:
            raise ValueError(f"swords: {exc.args[0]!r} is not in card set {cardset.id}") from None
    return [{k: card[k] for k in SWORD_FIELDS} for card in cards]


def _roles(options: Mapping[str, Any], seed: str, players: int) -> tuple[list[str], list[str]]:
    box = options.get("role_box") or DEFAULT_BOX
    chosen = options.get("roles")
    if chosen is None:
        dealt = dealt_counts(players, options.get("role_counts"))
        cards = [role for role in ROLES for _ in range(dealt[role])]
        dealt_roles = Rng(seed, "setup/roles").shuffle(cards)
    else:
        if len(chosen) != players or any(r not in ROLES for r in chosen):
            raise ValueError(f"roles: one of {ROLES} per seat ({players} seats)")
        dealt = dealt_counts(players, Counter(chosen))
        dealt_roles = list(chosen)
    if dealt[SANIWA] != 1:
        raise ValueError("roles: exactly one 審神者")
    rest = deck_counts(dealt, box)
    deck = Rng(seed, "setup/deck").shuffle([role for role in ROLES for _ in range(rest[role])])
    return dealt_roles, deck


def setup(options: Mapping[str, Any], seed: str, players: int) -> dict[str, Any]:
    """Deal swords and roles, hand out 刀装, choose the first 近侍; raise ValueError on bad options."""
    ids = seat_ids(players)
    swords = _swords(options, seed, players)
    roles, deck = _roles(options, seed, players)
    dealt_tosou = sum(s["tosou"] for s in swords)
    cap = options.get("token_cap")
    if cap is not None and dealt_tosou > cap:
        raise ValueError(f"token_cap: the swords need {dealt_tosou} 刀装 but only {cap} exist")
    first = options.get("first_kinji") or "seed"
    if first == "seed":
        first = Rng(seed, "setup/kinji").choice(ids)
    elif first not in ids:
        raise ValueError(f"first_kinji: {first!r} is not a seat of {players}")
    state: dict[str, Any] = {
        "step": 0,
        "players": players,
        "cardset": options.get("cardset") or "demo",
        "seats": {
            seat: {"sword": sword, "tosou": sword["tosou"], "fatigue": 0, "defending": False, "eliminated": False}
            for seat, sword in zip(ids, swords)
        },
        "roles": dict(zip(ids, roles)),
        "deck": deck,
        "pool": None if cap is None else cap - dealt_tosou,
        "kinji": first,
        "round": 1,
        "order": [],
        "acted": [],
        "skipped": [],
        "current": None,
        "released": False,
        "round_effects": [],
        "pending": None,
        "declaration_open": False,
        "knowledge": {seat: {} for seat in ids},
        "revealed": {},
        "deck_seen": {},
        "last_duel": None,
        "events": [],
        "over": None,
    }
    start_round(state)
    return state


def start_round(state: dict[str, Any]) -> None:
    """Begin a 周 from the 近侍 (mutates the working copy ``apply`` made)."""
    state["order"] = from_seat(state, state["kinji"])
    state["acted"] = []
    state["skipped"] = []
    state["round_effects"] = []
    state["pending"] = None
    start_turn(state, state["order"][0])


def start_turn(state: dict[str, Any], seat: str) -> None:
    """A seat's 手番 begins: a card lying sideways (防御) is stood up first (防御)."""
    state["current"] = seat
    mine = state["seats"][seat]
    state["released"] = bool(mine["defending"])
    if mine["defending"]:
        mine["defending"] = False
        state["events"].append({"kind": "release", "seat": seat})
