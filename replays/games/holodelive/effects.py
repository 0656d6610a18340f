"""The effect vocabulary: every card ability the demo set (and a real set) can name.

An ability runs as a *frame* on ``state["stack"]``::

    {"effect": name, "seat": whose ability, "card": the card it belongs to (for "this
     unit" / "facing unit"), "origin": "play" | "action", "params": {...}, "stage": 0}

``run(board, frame)`` starts it; when it needs a decision it returns the options (JSON
values) and the rules put them in ``state["pending"]``; the seat answers with a ``choose``
command and ``answer(board, frame, choice)`` continues (it may ask again: multi-stage
abilities). An effect that puts a card onto the field pushes that card's play trigger
and finishes, so triggered abilities resolve before anything below them on the stack.

Rulings encoded here (カード効果補足):

- プレイ時 abilities trigger whenever a card is *put* onto the field (from hand, deck,
  office or home), never when it is *moved* between units (exception: 猫又おかゆ's
  戌神ころね). 不知火フレア suppresses the play ability of an opposing card put into the unit
  facing her; 雪花ラミィ (once per turn) gets a window to negate each play ability of the
  opponent before it resolves (``lamy_window``; the card itself stays on the field).
- 常闇トワ: cards on her owner's field cannot be chosen by the opponent's effects (こより's
  reference, まつり's SEISO, おかゆ taking ころね from that field, ...); venues and the
  opponent's own cards are not protected.
- 角巻わため: the opponent cannot put cards into the unit facing her except during the
  action phase (``Board.can_place`` with the frame's origin).
- wild icons never help a card escape an effect: effects read printed icons.
"""
from __future__ import annotations

from typing import Any, Callable

from replays.games.holodelive.state import Board, other

Options = list[Any] | None

# ---------------------------------------------------------------------------- helpers


def source_venue(b: Board, f: dict) -> int | None:
    loc = b.locate(f["card"])
    if loc[0] == "unit" and loc[1] == f["seat"] and b.s["venues"][loc[2]]["acquired_by"] is None:
        return loc[2]
    return None


def opp_targets(b: Board, f: dict, pred: Callable[[str], bool] = lambda c: True) -> list[str]:
    """Cards on the opponent's field this ability may choose (トワ honoured)."""
    opp = other(f["seat"])
    if b.protected(opp, f["seat"]):
        return []
    return [c for _, c in b.field(opp) if pred(c)]


def placements(b: Board, seat: str, cards: list[str], origin: str) -> list[list]:
    return [[c, v] for c in cards for v in b.open_venues() if b.can_place(seat, v, origin)]


def enter(b: Board, seat: str, card: str, v: int, origin: str, *, index: int | None = None,
          offer_action: bool = False) -> None:
    """Put ``card`` into ``seat``'s unit at ``v`` (プレイ時 triggers)."""
    b.take(card)
    unit = b.unit(seat, v)
    unit.insert(len(unit) if index is None else index, card)
    b.event("enter", seat=seat, card=card, venue=v)
    push_trigger(b, seat, card, v, origin, offer_action=offer_action)


def move(b: Board, card: str, seat: str, v: int) -> None:
    """移動: no play ability triggers."""
    b.take(card)
    b.unit(seat, v).append(card)
    b.event("move", seat=seat, card=card, venue=v)


def push_trigger(b: Board, seat: str, card: str, v: int, origin: str, *, offer_action: bool = False) -> None:
    stack = b.s["stack"]
    if offer_action and b.cs.ability(card, "action") is not None:
        stack.append(frame("offer_action", seat, card, origin))
    ab = b.cs.ability(card, "play")
    if ab is None:
        return
    if b.has_effect(other(seat), "suppress_facing_play", v):
        b.event("suppressed", seat=seat, card=card)
        return
    f = frame(ab["effect"], seat, card, origin, ab["params"])
    opp = other(seat)
    lamy = next((c for _, c in b.field(opp) if b.cs.has_constant(c, "negate_play")), None)
    if lamy is not None and not b.s["lamy_used"]:
        stack.append({**frame("lamy_window", opp, lamy, origin), "target": f})
    else:
        stack.append(f)


def frame(effect: str, seat: str, card: str, origin: str, params: dict | None = None) -> dict:
    return {"effect": effect, "seat": seat, "card": card, "origin": origin,
            "params": dict(params or {}), "stage": 0}


def _optional(f: dict, options: list) -> list:
    return options + [None] if options and f["params"].get("optional") else options


# ------------------------------------------------------------------ play abilities


def run_draw(b: Board, f: dict) -> Options:
    for _ in range(f["params"].get("count", 1)):
        if b.draw(f["seat"]) is not None:
            b.event("draw", seat=f["seat"])
    return None


def run_place_from(b: Board, f: dict) -> Options:
    zones = f["params"].get("zones", ["office", "home"])
    cards = []
    if "office" in zones and b.s["office"]:
        cards.append(b.s["office"])
    if "home" in zones:
        cards += b.s["homes"][f["seat"]]
    return _optional(f, placements(b, f["seat"], cards, f["origin"])) or None


def answer_place(b: Board, f: dict, choice: Any) -> Options:
    if choice is not None:
        card, v = choice
        enter(b, f["seat"], card, v, f["origin"])
    return None


def run_play_from_hand(b: Board, f: dict) -> Options:
    suit = f["params"].get("suit")
    cards = [c for c in b.s["hands"][f["seat"]] if suit is None or b.cs.member(c)["suit"] == suit]
    return _optional(f, placements(b, f["seat"], cards, f["origin"])) or None


def run_copy_play(b: Board, f: dict) -> Options:
    side = f["params"].get("side", "opponent")

    def copyable(c: str) -> bool:
        ab = b.cs.ability(c, "play")
        return ab is not None and ab["effect"] != "copy_play" and c != f["card"]

    if side == "opponent":
        cards = opp_targets(b, f, copyable)
    else:
        cards = [c for _, c in b.field(f["seat"]) if copyable(c)]
    return _optional(f, cards) or None


def answer_copy_play(b: Board, f: dict, choice: Any) -> Options:
    if choice is not None:
        ab = b.cs.ability(choice, "play")
        b.event("copy", seat=f["seat"], card=f["card"], source=choice)
        b.s["stack"].append({**frame(ab["effect"], f["seat"], f["card"], f["origin"], ab["params"]),
                             "copied_from": choice})
    return None


def run_random_hand_home(b: Board, f: dict) -> Options:
    opp = other(f["seat"])
    for _ in range(f["params"].get("count", 1)):
        hand = b.s["hands"][opp]
        if not hand:
            break
        b.send_home(hand[b.rng("luna").below(len(hand))], opp)
    return None


def run_unit_to_hand(b: Board, f: dict) -> Options:
    v = source_venue(b, f)
    if v is None:
        return None
    return _optional(f, [c for c in b.unit(f["seat"], v) if c != f["card"]]) or None


def answer_to_own_hand(b: Board, f: dict, choice: Any) -> Options:
    if choice is not None:
        b.take(choice)
        b.s["hands"][f["seat"]].append(choice)
        b.event("to_hand", seat=f["seat"], card=choice)
    return None


def run_send_home_icon(b: Board, f: dict) -> Options:
    icon = f["params"]["icon"]
    return opp_targets(b, f, lambda c: icon in b.icons(c)) or None


def answer_send_home(b: Board, f: dict, choice: Any) -> Options:
    b.send_home(choice)
    return None


def run_search_deck(b: Board, f: dict) -> Options:
    gen = f["params"]["generation"]
    found = sorted({c for c in b.s["deck"] if b.cs.member(c)["generation"] == gen})
    if not found:
        _shuffle(b)
        return None
    return found


def answer_search_deck(b: Board, f: dict, choice: Any) -> Options:
    b.take(choice)
    b.s["hands"][f["seat"]].append(choice)
    b.event("reveal", seat=f["seat"], card=choice)
    _shuffle(b)
    return None


def _shuffle(b: Board) -> None:
    b.s["deck"] = b.rng("shuffle").shuffle(b.s["deck"])
    b.event("shuffle", seat=b.s["active"])


def run_venue_swap(b: Board, f: dict) -> Options:
    if not b.s["box"]:
        return None
    return b.open_venues() or None


def answer_venue_swap(b: Board, f: dict, choice: Any) -> Options:
    known = b.s["known"][f["seat"]]
    if f["stage"] == 0:
        f["stage"] = 1
        f["venue"] = choice
        for vid in (b.s["venues"][choice]["id"], b.s["box"][0]):
            if vid not in known:
                known.append(vid)
        b.event("look_venues", seat=f["seat"], venue=choice)
        return ["swap", "keep"]
    if choice == "swap":
        venue = b.s["venues"][f["venue"]]
        old = venue["id"]
        venue["id"] = b.s["box"].pop(0)
        b.s["box"].append(old)
        b.event("venue_swapped", seat=f["seat"], venue=f["venue"], new=venue["id"], old=old)
    else:
        b.event("venue_kept", seat=f["seat"], venue=f["venue"])
    return None


def run_dump_to_facing(b: Board, f: dict) -> Options:
    v = source_venue(b, f)
    opp = other(f["seat"])
    if v is None or len(b.unit(opp, v)) >= 5:
        return None
    return [c for w, c in b.field(f["seat"]) if w != v] or None


def answer_dump(b: Board, f: dict, choice: Any) -> Options:
    move(b, choice, other(f["seat"]), source_venue(b, f))
    return None


def run_return_to_hand(b: Board, f: dict) -> Options:
    if f["stage"] >= f["params"].get("count", 2):
        return None
    return opp_targets(b, f) or None


def answer_return_to_hand(b: Board, f: dict, choice: Any) -> Options:
    opp = other(f["seat"])
    b.take(choice)
    b.s["hands"][opp].append(choice)
    b.event("to_hand", seat=opp, card=choice)
    f["stage"] += 1
    return run_return_to_hand(b, f)


def run_move_facing(b: Board, f: dict) -> Options:
    v = source_venue(b, f)
    opp = other(f["seat"])
    if v is None or b.protected(opp, f["seat"]):
        return None
    dests = [w for w in b.open_venues() if w != v and len(b.unit(opp, w)) < 5]
    return [[c, w] for c in b.unit(opp, v) for w in dests] or None


def answer_move_to(b: Board, f: dict, choice: Any) -> Options:
    card, v = choice
    loc = b.locate(card)
    move(b, card, loc[1], v)
    return None


def run_discard_then_play(b: Board, f: dict) -> Options:
    if f["stage"] == 0:
        hand = b.s["hands"][f["seat"]]
        return list(hand) if len(hand) >= 2 else None
    return placements(b, f["seat"], b.s["hands"][f["seat"]], f["origin"]) or None


def answer_discard_then_play(b: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == 0:
        b.send_home(choice, f["seat"])
        f["stage"] = 1
        return run_discard_then_play(b, f)
    card, v = choice
    enter(b, f["seat"], card, v, f["origin"])
    return None


def run_send_home_all_icon(b: Board, f: dict) -> Options:
    icon = f["params"]["icon"]
    mine = [c for _, c in b.field(f["seat"]) if icon in b.icons(c) and c != f["card"]]
    theirs = opp_targets(b, f, lambda c: icon in b.icons(c))
    for card in mine + theirs:
        b.send_home(card)
    return None


def run_draw_return(b: Board, f: dict) -> Options:
    if b.draw(f["seat"]) is not None:
        b.event("draw", seat=f["seat"])
    return list(b.s["hands"][f["seat"]]) or None


def answer_draw_return(b: Board, f: dict, choice: Any) -> Options:
    b.take(choice)
    b.s["deck"].insert(0, choice)
    b.event("to_deck_top", seat=f["seat"])
    return None


def run_opp_to_deck_top(b: Board, f: dict) -> Options:
    return opp_targets(b, f) or None


def answer_opp_to_deck_top(b: Board, f: dict, choice: Any) -> Options:
    b.take(choice)
    b.s["deck"].insert(0, choice)
    b.event("to_deck_top", seat=other(f["seat"]), card=choice)
    return None


def run_home_to_hand(b: Board, f: dict) -> Options:
    return _optional(f, list(b.s["homes"][f["seat"]])) or None


def run_home_swap(b: Board, f: dict) -> Options:
    if f["stage"] == 0:
        return _optional(f, [c for _, c in b.field(f["seat"]) if c != f["card"]]) or None
    return placements(b, f["seat"], b.s["homes"][f["seat"]], f["origin"]) or None


def answer_home_swap(b: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == 0:
        if choice is None:
            return None
        b.send_home(choice)
        f["stage"] = 1
        return run_home_swap(b, f)
    card, v = choice
    enter(b, f["seat"], card, v, f["origin"])
    return None


# ---------------------------------------------------------------- action abilities


def run_swap_office(b: Board, f: dict) -> Options:
    return list(b.s["hands"][f["seat"]]) if b.s["office"] else None


def answer_swap_office(b: Board, f: dict, choice: Any) -> Options:
    hand = b.s["hands"][f["seat"]]
    hand.remove(choice)
    hand.append(b.s["office"])
    b.event("office_swap", seat=f["seat"], card=choice, office=b.s["office"])
    b.s["office"] = choice
    return None


def run_deck_to_unit(b: Board, f: dict) -> Options:
    v = source_venue(b, f)
    if v is None or not b.s["deck"] or len(b.unit(f["seat"], v)) >= 5:
        return None
    enter(b, f["seat"], b.s["deck"][0], v, f["origin"])
    return None


def _named_sources(b: Board, f: dict, v: int) -> bool:
    target = f["params"]["card"]
    loc = b.locate(target)
    if loc[0] == "unit":
        if loc[2] == v and loc[1] == f["seat"]:
            return False
        return not b.protected(loc[1], f["seat"]) and b.s["venues"][loc[2]]["acquired_by"] is None
    return loc[0] in ("office", "home")


def run_summon_named(b: Board, f: dict) -> Options:
    v = source_venue(b, f)
    if v is None or len(b.unit(f["seat"], v)) >= 5 or not _named_sources(b, f, v):
        return None
    enter(b, f["seat"], f["params"]["card"], v, f["origin"])
    return None


def run_move_card(b: Board, f: dict) -> Options:
    out = []
    for seat in (f["seat"], other(f["seat"])):
        if b.protected(seat, f["seat"]):
            continue
        for v, card in b.field(seat):
            out += [[card, w] for w in b.open_venues() if w != v and len(b.unit(seat, w)) < 5]
    return out or None


def run_swap_with_home(b: Board, f: dict) -> Options:
    return list(b.s["homes"][f["seat"]]) if source_venue(b, f) is not None else None


def answer_swap_with_home(b: Board, f: dict, choice: Any) -> Options:
    v = source_venue(b, f)
    index = b.unit(f["seat"], v).index(f["card"])
    b.send_home(f["card"], f["seat"])
    enter(b, f["seat"], choice, v, f["origin"], index=index, offer_action=True)
    return None


def run_swap_deck_bottom(b: Board, f: dict) -> Options:
    v = source_venue(b, f)
    if v is None or not b.s["deck"]:
        return None
    index = b.unit(f["seat"], v).index(f["card"])
    bottom = b.s["deck"][-1]
    b.take(f["card"])
    b.s["deck"].append(f["card"])
    b.event("to_deck_bottom", seat=f["seat"], card=f["card"])
    enter(b, f["seat"], bottom, v, f["origin"], index=index, offer_action=True)
    return None


def run_self_home_then_home(b: Board, f: dict) -> Options:
    if f["stage"] == 0:
        if source_venue(b, f) is None:
            return None
        b.send_home(f["card"], f["seat"])
        f["stage"] = 1
    return opp_targets(b, f) or None


# ------------------------------------------------------------------ rule windows


def run_lamy_window(b: Board, f: dict) -> Options:
    return ["negate", "pass"]


def answer_lamy_window(b: Board, f: dict, choice: Any) -> Options:
    if choice == "negate":
        b.s["lamy_used"] = True
        b.event("negated", seat=f["seat"], card=f["target"]["card"])
    else:
        b.s["stack"].append(f["target"])
    return None


def run_offer_action(b: Board, f: dict) -> Options:
    ab = b.cs.ability(f["card"], "action")
    if ab is None or f["card"] in b.s["used_actions"] or source_venue(b, f) is None:
        return None
    probe = frame(ab["effect"], f["seat"], f["card"], "action", ab["params"])
    return ["use", None] if usable(b, probe) else None


def answer_offer_action(b: Board, f: dict, choice: Any) -> Options:
    if choice == "use":
        ab = b.cs.ability(f["card"], "action")
        b.s["used_actions"].append(f["card"])
        b.event("action", seat=f["seat"], card=f["card"])
        b.s["stack"].append(frame(ab["effect"], f["seat"], f["card"], "action", ab["params"]))
    return None


# --------------------------------------------------------------------- registry

RUN: dict[str, Callable[[Board, dict], Options]] = {
    "draw": run_draw, "place_from": run_place_from, "play_from_hand": run_play_from_hand,
    "copy_play": run_copy_play, "random_hand_home": run_random_hand_home,
    "unit_to_hand": run_unit_to_hand, "send_home_icon": run_send_home_icon,
    "search_deck": run_search_deck, "venue_swap": run_venue_swap, "dump_to_facing": run_dump_to_facing,
    "return_to_hand": run_return_to_hand, "move_facing_to_other": run_move_facing,
    "discard_then_play": run_discard_then_play, "send_home_all_icon": run_send_home_all_icon,
    "draw_return": run_draw_return, "opp_field_to_deck_top": run_opp_to_deck_top,
    "home_to_hand": run_home_to_hand, "home_swap": run_home_swap,
    "swap_office": run_swap_office, "deck_to_unit": run_deck_to_unit, "summon_named": run_summon_named,
    "move_card": run_move_card, "swap_with_home": run_swap_with_home,
    "swap_deck_bottom": run_swap_deck_bottom, "self_home_then_home": run_self_home_then_home,
    "lamy_window": run_lamy_window, "offer_action": run_offer_action,
}

ANSWER: dict[str, Callable[[Board, dict, Any], Options]] = {
    "place_from": answer_place, "play_from_hand": answer_place, "copy_play": answer_copy_play,
    "unit_to_hand": answer_to_own_hand, "send_home_icon": answer_send_home,
    "search_deck": answer_search_deck, "venue_swap": answer_venue_swap, "dump_to_facing": answer_dump,
    "return_to_hand": answer_return_to_hand, "move_facing_to_other": answer_move_to,
    "discard_then_play": answer_discard_then_play, "draw_return": answer_draw_return,
    "opp_field_to_deck_top": answer_opp_to_deck_top, "home_to_hand": answer_to_own_hand,
    "home_swap": answer_home_swap, "swap_office": answer_swap_office, "move_card": answer_move_to,
    "swap_with_home": answer_swap_with_home, "self_home_then_home": answer_send_home,
    "lamy_window": answer_lamy_window, "offer_action": answer_offer_action,
}

PROMPTS = {
    "place_from": "事務所か自宅から場に出すカードとユニット", "play_from_hand": "手札から出すカードとユニット",
    "copy_play": "能力を参照するカード", "unit_to_hand": "手札に戻すカード",
    "send_home_icon": "帰宅させるカード", "search_deck": "手札に加える6期生",
    "venue_swap": "見る会場 / 替えるか", "dump_to_facing": "対面ユニットに送るカード",
    "return_to_hand": "相手の手札に戻すカード", "move_facing_to_other": "移動させるカードと移動先",
    "discard_then_play": "帰宅させる手札 / 出すカードとユニット", "draw_return": "山札の上に戻すカード",
    "opp_field_to_deck_top": "山札の上に置くカード", "home_to_hand": "手札に加える自宅のカード",
    "home_swap": "帰宅させるカード / 自宅から出すカードとユニット", "swap_office": "事務所と入れ替える手札",
    "move_card": "移動させるカードと移動先", "swap_with_home": "入れ替える自宅のカード",
    "self_home_then_home": "帰宅させる相手のカード", "lamy_window": "プレイ時能力を無効化するか",
    "offer_action": "アクション能力を即座に使うか",
}

#: choices whose value is hidden from everyone but the chooser (see ``rules.redact``)
SECRET_CHOICES = frozenset({"draw_return"})


def usable(b: Board, f: dict) -> bool:
    """Would this action ability do anything now? (Side-effect free.)"""
    if source_venue(b, f) is None:
        return False
    effect = f["effect"]
    if effect in ("deck_to_unit", "summon_named", "swap_deck_bottom", "self_home_then_home"):
        v = source_venue(b, f)
        if effect == "deck_to_unit":
            return bool(b.s["deck"]) and len(b.unit(f["seat"], v)) < 5
        if effect == "summon_named":
            return len(b.unit(f["seat"], v)) < 5 and _named_sources(b, f, v)
        if effect == "swap_deck_bottom":
            return bool(b.s["deck"])
        return True
    return bool(RUN[effect](b, dict(f)))
