"""The effect vocabulary: every card ability a card set can name, declared once each.

An ability runs as a kit frame on ``state["stack"]`` (``{"effect", "seat", "card",
"origin": "play" | "action", "params", "stage"}``; ``card`` is the card it belongs to,
for "this unit" / "the facing unit"). Its ``run`` starts it; when it needs a decision it
returns the options and the kit asks (``state["pending"]``); the seat answers with
``choose`` and its ``answer`` continues (it may ask again: multi-stage abilities). An
effect that puts a card onto the field pushes that card's play trigger and finishes, so
triggered abilities resolve before anything below them on the stack. Timings: the card
set's ``constant`` / ``play`` / ``action``, and ``rule`` for the windows the rules open.
``VOCABULARY`` (names by timing) is what ``cards.HoloCards`` accepts.

Every chance event goes through ``t.zones`` with the section of the card it belongs to.

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

from kifu.replays.games.holodelive.state import UNIT_MAX, Board, other
from kifu.replays.kit import ALL, Effects, frame, is_token

Options = list[Any] | None

EFFECTS = Effects(after_each=lambda t: t.cancel_short_lives())


# ---------------------------------------------------------------------------- helpers

def source_venue(t: Board, f: dict) -> int | None:
    """The open venue of the ability's card in its owner's unit (None once it left)."""
    loc = t.locate(f["card"])
    if loc[0] == "unit" and loc[1] == f["seat"] and t.s["venues"][loc[2]]["acquired_by"] is None:
        return loc[2]
    return None


def opp_targets(t: Board, f: dict, pred: Callable[[str], bool] = lambda c: True) -> list[str]:
    """Cards on the opponent's field this ability may choose (トワ honoured)."""
    opp = other(f["seat"])
    if t.protected(opp, f["seat"]):
        return []
    return [c for _, c in t.field(opp) if pred(c)]


def placements(t: Board, seat: str, cards: list[str], origin: str) -> list[list]:
    return [[c, v] for c in cards for v in t.open_venues() if t.can_place(seat, v, origin)]


def enter(t: Board, seat: str, card: str, v: int, origin: str, *, index: int | None = None,
          offer_action: bool = False) -> None:
    """Put the face-up ``card`` into ``seat``'s unit at ``v`` (プレイ時 triggers); it leaves
    wherever it was (a card just drawn from the deck is nowhere yet)."""
    t.take(card)
    unit = t.unit(seat, v)
    unit.insert(len(unit) if index is None else index, card)
    t.event("enter", seat=seat, card=card, venue=v)
    push_trigger(t, seat, card, v, origin, offer_action=offer_action)


def move(t: Board, card: str, seat: str, v: int) -> None:
    """移動: no play ability triggers."""
    t.take(card)
    t.unit(seat, v).append(card)
    t.event("move", seat=seat, card=card, venue=v)


def push_trigger(t: Board, seat: str, card: str, v: int, origin: str, *, offer_action: bool = False) -> None:
    stack = t.s["stack"]
    if offer_action and t.ability(card, "action") is not None:
        stack.append(frame("offer_action", seat, card, origin))
    ab = t.ability(card, "play")
    if ab is None:
        return
    if t.has_effect(other(seat), "suppress_facing_play", v):
        t.event("suppressed", seat=seat, card=card)
        return
    f = frame(ab["effect"], seat, card, origin, ab["params"])
    lamy = next((c for _, c in t.field(other(seat)) if t.has_constant(c, "negate_play")), None)
    if lamy is not None and not t.s["lamy_used"]:
        stack.append(frame("lamy_window", other(seat), lamy, origin, target=f))
    else:
        stack.append(f)


def _optional(f: dict, options: list) -> list:
    return options + [None] if options and f["params"].get("optional") else options


def _to_hand(t: Board, seat: str, card: str) -> None:
    t.take(card)
    t.s["hands"][seat].append(card)
    t.event("to_hand", seat=seat, card=card)


def _to_deck_top(t: Board, item: str) -> None:
    t.zones.put("deck", item, end="top")


# ---------------------------------------------------------------- constant abilities
# Read by the rules where they apply (hands, audience, placing, play triggers); they never run.

def _constant(t: Board, f: dict) -> Options:
    return None


for _name in ("wild", "mimic_generation", "bonus", "protect", "fixed_audience",
              "block_facing_play", "suppress_facing_play", "negate_play"):
    EFFECTS.effect(_name, timing="constant")(_constant)


# ------------------------------------------------------------------ play abilities

@EFFECTS.effect("draw", timing="play")
def draw(t: Board, f: dict) -> Options:
    for _ in range(f["params"].get("count", 1)):
        if t.draw_to_hand(f["seat"], "draw", t.card_rule(f["card"])) is not None:
            t.event("draw", seat=f["seat"])
    return None


def answer_place(t: Board, f: dict, choice: Any) -> Options:
    if choice is not None:
        card, v = choice
        if t.locate(card)[0] == "gone":  # an unknown card of the hand: it shows itself as it enters
            t.take_from_hand(f["seat"], card, "enter", t.card_rule(f["card"]))
        enter(t, f["seat"], card, v, f["origin"])
    return None


@EFFECTS.effect("place_from", timing="play", prompt="事務所か自宅から場に出すカードとユニット")
def place_from(t: Board, f: dict) -> Options:
    zones = f["params"].get("zones", ["office", "home"])
    found = []
    if "office" in zones and t.s["office"]:
        found.append(t.s["office"])
    if "home" in zones:
        found += t.s["homes"][f["seat"]]
    return _optional(f, placements(t, f["seat"], found, f["origin"])) or None


place_from.answer(answer_place)


@EFFECTS.effect("play_from_hand", timing="play", prompt="手札から出すカードとユニット")
def play_from_hand(t: Board, f: dict) -> Options:
    suit = f["params"].get("suit")
    found = [c for c in t.hand_cards(f["seat"]) if suit is None or t.member(c)["suit"] == suit]
    return _optional(f, placements(t, f["seat"], found, f["origin"])) or None


play_from_hand.answer(answer_place)


@EFFECTS.effect("copy_play", timing="play", prompt="能力を参照するカード")
def copy_play(t: Board, f: dict) -> Options:
    def copyable(c: str) -> bool:
        ab = t.ability(c, "play")
        return ab is not None and ab["effect"] != "copy_play" and c != f["card"]

    if f["params"].get("side", "opponent") == "opponent":
        found = opp_targets(t, f, copyable)
    else:
        found = [c for _, c in t.field(f["seat"]) if copyable(c)]
    return _optional(f, found) or None


@copy_play.answer
def _(t: Board, f: dict, choice: Any) -> Options:
    if choice is not None:
        ab = t.ability(choice, "play")
        t.event("copy", seat=f["seat"], card=f["card"], source=choice)
        t.s["stack"].append(frame(ab["effect"], f["seat"], f["card"], f["origin"], ab["params"], copied_from=choice))
    return None


@EFFECTS.effect("random_hand_home", timing="play")
def random_hand_home(t: Board, f: dict) -> Options:
    """姫森ルーナ: ババ抜きの要領で — a random card of the opponent's hand goes home, face up."""
    opp = other(f["seat"])
    rule = t.card_rule(f["card"])
    for _ in range(f["params"].get("count", 1)):
        hand = t.s["hands"][opp]
        if not hand:
            break
        # the outcome is the card that lands face up at home, so even an observed table names it
        options = list(hand) if not any(is_token(i) for i in hand) else t.zones.candidates(hand)
        card = t.zones.pick("random_hand_home", rule, options, visible=ALL, unknown_ok=False)
        t.take_from_hand(opp, card, "random_hand_home", rule)
        t.s["homes"][opp].append(card)
        t.event("home", seat=opp, card=card)
    return None


@EFFECTS.effect("unit_to_hand", timing="play", prompt="手札に戻すカード")
def unit_to_hand(t: Board, f: dict) -> Options:
    v = source_venue(t, f)
    if v is None:
        return None
    return _optional(f, [c for c in t.unit(f["seat"], v) if c != f["card"]]) or None


def answer_to_own_hand(t: Board, f: dict, choice: Any) -> Options:
    if choice is not None:
        _to_hand(t, f["seat"], choice)
    return None


unit_to_hand.answer(answer_to_own_hand)


def answer_send_home(t: Board, f: dict, choice: Any) -> Options:
    t.send_home(choice)
    return None


@EFFECTS.effect("send_home_icon", timing="play", prompt="帰宅させるカード")
def send_home_icon(t: Board, f: dict) -> Options:
    icon = f["params"]["icon"]
    return opp_targets(t, f, lambda c: icon in t.icons(c)) or None


send_home_icon.answer(answer_send_home)


def _deck_may_lack(t: Board, wanted: Callable[[str], bool]) -> bool:
    """Could the deck hold none of the ``wanted`` cards? (Exact on digital and physical tables,
    where the deck's contents are known; on an observed one some unseen cards are in hands.)"""
    p = t.zones.pile("deck")
    known = p["top"] + p["bottom"]
    if any(not is_token(c) and wanted(c) for c in known):
        return False
    others = sum(n for c, n in p["unseen"].items() if not wanted(c))
    return others >= t.zones.middle("deck") + sum(1 for c in known if is_token(c))


@EFFECTS.effect("search_deck", timing="play", prompt="手札に加える6期生")
def search_deck(t: Board, f: dict) -> Options:
    """ラプラス・D: look through the deck, show a 6期生 and take it, shuffle (none: shuffle only)."""
    gen = f["params"]["generation"]

    def wanted(c: str) -> bool:
        return t.member(c)["generation"] == gen

    found: list[Any] = [c for c in t.zones.may_contain("deck") if wanted(c)]
    if found and _deck_may_lack(t, wanted):
        found.append(None)  # observed: the deck may hold none of them after all
    if not found:
        _shuffle(t)
        return None
    return found


@search_deck.answer
def _(t: Board, f: dict, choice: Any) -> Options:
    if choice is not None:
        t.zones.take("deck", choice, t.card_rule(f["card"]), how="search")
        t.s["hands"][f["seat"]].append(choice)
        t.event("reveal", seat=f["seat"], card=choice)
    _shuffle(t)
    return None


def _shuffle(t: Board) -> None:
    t.zones.shuffle("deck")
    t.event("shuffle", seat=t.s["active"])


@EFFECTS.effect("venue_swap", timing="play", prompt="見る会場 / 替えるか")
def venue_swap(t: Board, f: dict) -> Options:
    if not t.zones.size("box"):
        return None
    return t.open_venues() or None


@venue_swap.answer
def _(t: Board, f: dict, choice: Any) -> Options:
    """大神ミオ: look at a venue laid out and the box's top venue, then swap them or not."""
    seat, rule = f["seat"], t.card_rule(f["card"])
    known = t.s["known"][seat]
    if f["stage"] == 0:
        f["stage"] = 1
        f["venue"] = choice
        venue = t.s["venues"][choice]
        seen = t.turn_up(venue["id"], "look_venue", rule, visible=(seat,), how=f"look/{seat}", unknown_ok=True)
        top = t.zones.draw("box", "look_box", rule, visible=(seat,), how=f"look/{seat}")
        t.zones.put("box", top, end="top")
        for vid in (seen, top):
            if vid not in known:
                known.append(vid)
        t.event("look_venues", seat=seat, venue=choice)
        return ["swap", "keep"]
    if choice == "swap":
        venue = t.s["venues"][f["venue"]]
        old = venue["id"]
        venue["id"] = t.zones.draw("box", "swap_venue", rule, visible=(seat,))
        t.zones.put("box", old, end="bottom")
        t.event("venue_swapped", seat=seat, venue=f["venue"])
    else:
        t.event("venue_kept", seat=seat, venue=f["venue"])
    return None


@EFFECTS.effect("dump_to_facing", timing="play", prompt="対面ユニットに送るカード")
def dump_to_facing(t: Board, f: dict) -> Options:
    v = source_venue(t, f)
    if v is None or len(t.unit(other(f["seat"]), v)) >= UNIT_MAX:
        return None
    return [c for w, c in t.field(f["seat"]) if w != v] or None


@dump_to_facing.answer
def _(t: Board, f: dict, choice: Any) -> Options:
    move(t, choice, other(f["seat"]), source_venue(t, f))
    return None


@EFFECTS.effect("return_to_hand", timing="play", prompt="相手の手札に戻すカード")
def return_to_hand(t: Board, f: dict) -> Options:
    if f["stage"] >= f["params"].get("count", 2):
        return None
    return opp_targets(t, f) or None


@return_to_hand.answer
def _(t: Board, f: dict, choice: Any) -> Options:
    _to_hand(t, other(f["seat"]), choice)
    f["stage"] += 1
    return return_to_hand.run(t, f)


def answer_move_to(t: Board, f: dict, choice: Any) -> Options:
    card, v = choice
    move(t, card, t.locate(card)[1], v)
    return None


@EFFECTS.effect("move_facing_to_other", timing="play", prompt="移動させるカードと移動先")
def move_facing_to_other(t: Board, f: dict) -> Options:
    v = source_venue(t, f)
    opp = other(f["seat"])
    if v is None or t.protected(opp, f["seat"]):
        return None
    dests = [w for w in t.open_venues() if w != v and len(t.unit(opp, w)) < UNIT_MAX]
    return [[c, w] for c in t.unit(opp, v) for w in dests] or None


move_facing_to_other.answer(answer_move_to)


@EFFECTS.effect("discard_then_play", timing="play", prompt="帰宅させる手札 / 出すカードとユニット")
def discard_then_play(t: Board, f: dict) -> Options:
    if f["stage"] == 0:
        return t.hand_cards(f["seat"]) if len(t.s["hands"][f["seat"]]) >= 2 else None
    return placements(t, f["seat"], t.hand_cards(f["seat"]), f["origin"]) or None


@discard_then_play.answer
def _(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == 0:
        t.take_from_hand(f["seat"], choice, "home", t.card_rule(f["card"]))
        t.s["homes"][f["seat"]].append(choice)
        t.event("home", seat=f["seat"], card=choice)
        f["stage"] = 1
        return discard_then_play.run(t, f)
    return answer_place(t, f, choice)


@EFFECTS.effect("send_home_all_icon", timing="play")
def send_home_all_icon(t: Board, f: dict) -> Options:
    icon = f["params"]["icon"]
    mine = [c for _, c in t.field(f["seat"]) if icon in t.icons(c) and c != f["card"]]
    for card in mine + opp_targets(t, f, lambda c: icon in t.icons(c)):
        t.send_home(card)
    return None


@EFFECTS.effect("draw_return", timing="play", prompt="山札の上に戻すカード", secret=True)
def draw_return(t: Board, f: dict) -> Options:
    """尾丸ポルカ: draw one, then any card of the hand back on top of the deck, face down."""
    if t.draw_to_hand(f["seat"], "draw", t.card_rule(f["card"])) is not None:
        t.event("draw", seat=f["seat"])
    return list(t.s["hands"][f["seat"]]) or None


@draw_return.answer
def _(t: Board, f: dict, choice: Any) -> Options:
    t.s["hands"][f["seat"]].remove(choice)
    _to_deck_top(t, choice)
    t.event("to_deck_top", seat=f["seat"])
    return None


@EFFECTS.effect("opp_field_to_deck_top", timing="play", prompt="山札の上に置くカード")
def opp_field_to_deck_top(t: Board, f: dict) -> Options:
    return opp_targets(t, f) or None


@opp_field_to_deck_top.answer
def _(t: Board, f: dict, choice: Any) -> Options:
    t.take(choice)
    _to_deck_top(t, choice)
    t.event("to_deck_top", seat=other(f["seat"]), card=choice)
    return None


@EFFECTS.effect("home_to_hand", timing="play", prompt="手札に加える自宅のカード")
def home_to_hand(t: Board, f: dict) -> Options:
    return _optional(f, list(t.s["homes"][f["seat"]])) or None


home_to_hand.answer(answer_to_own_hand)


@EFFECTS.effect("home_swap", timing="play", prompt="帰宅させるカード / 自宅から出すカードとユニット")
def home_swap(t: Board, f: dict) -> Options:
    if f["stage"] == 0:
        return _optional(f, [c for _, c in t.field(f["seat"]) if c != f["card"]]) or None
    return placements(t, f["seat"], t.s["homes"][f["seat"]], f["origin"]) or None


@home_swap.answer
def _(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == 0:
        if choice is None:
            return None
        t.send_home(choice)
        f["stage"] = 1
        return home_swap.run(t, f)
    card, v = choice
    enter(t, f["seat"], card, v, f["origin"])
    return None


# ---------------------------------------------------------------- action abilities

@EFFECTS.effect("swap_office", timing="action", prompt="事務所と入れ替える手札")
def swap_office(t: Board, f: dict) -> Options:
    return t.hand_cards(f["seat"]) if t.s["office"] else None


@swap_office.answer
def _(t: Board, f: dict, choice: Any) -> Options:
    t.take_from_hand(f["seat"], choice, "office", t.card_rule(f["card"]))
    office = t.s["office"]
    t.s["hands"][f["seat"]].append(office)
    t.event("office_swap", seat=f["seat"], card=choice, office=office)
    t.s["office"] = choice
    return None


@EFFECTS.effect("deck_to_unit", timing="action")
def deck_to_unit(t: Board, f: dict) -> Options:
    v = source_venue(t, f)
    if v is None or not t.zones.size("deck") or len(t.unit(f["seat"], v)) >= UNIT_MAX:
        return None
    enter(t, f["seat"], t.draw_face_up("deck_to_unit", t.card_rule(f["card"])), v, f["origin"])
    return None


def _named_sources(t: Board, f: dict, v: int) -> bool:
    loc = t.locate(f["params"]["card"])
    if loc[0] == "unit":
        if loc[2] == v and loc[1] == f["seat"]:
            return False
        return not t.protected(loc[1], f["seat"]) and t.s["venues"][loc[2]]["acquired_by"] is None
    return loc[0] in ("office", "home")


@EFFECTS.effect("summon_named", timing="action")
def summon_named(t: Board, f: dict) -> Options:
    v = source_venue(t, f)
    if v is None or len(t.unit(f["seat"], v)) >= UNIT_MAX or not _named_sources(t, f, v):
        return None
    enter(t, f["seat"], f["params"]["card"], v, f["origin"])
    return None


@EFFECTS.effect("move_card", timing="action", prompt="移動させるカードと移動先")
def move_card(t: Board, f: dict) -> Options:
    out = []
    for seat in (f["seat"], other(f["seat"])):
        if t.protected(seat, f["seat"]):
            continue
        for v, card in t.field(seat):
            out += [[card, w] for w in t.open_venues() if w != v and len(t.unit(seat, w)) < UNIT_MAX]
    return out or None


move_card.answer(answer_move_to)


@EFFECTS.effect("swap_with_home", timing="action", prompt="入れ替える自宅のカード")
def swap_with_home(t: Board, f: dict) -> Options:
    return list(t.s["homes"][f["seat"]]) if source_venue(t, f) is not None else None


@swap_with_home.answer
def _(t: Board, f: dict, choice: Any) -> Options:
    v = source_venue(t, f)
    index = t.unit(f["seat"], v).index(f["card"])
    t.send_home(f["card"], f["seat"])
    enter(t, f["seat"], choice, v, f["origin"], index=index, offer_action=True)
    return None


@EFFECTS.effect("swap_deck_bottom", timing="action")
def swap_deck_bottom(t: Board, f: dict) -> Options:
    """尾丸ポルカ: this card and the deck's bottom card change places; that card's abilities fire."""
    v = source_venue(t, f)
    if v is None or not t.zones.size("deck"):
        return None
    index = t.unit(f["seat"], v).index(f["card"])
    bottom = t.draw_face_up("deck_bottom", t.card_rule(f["card"]), end="bottom")
    t.take(f["card"])
    t.zones.put("deck", f["card"], end="bottom")
    t.event("to_deck_bottom", seat=f["seat"], card=f["card"])
    enter(t, f["seat"], bottom, v, f["origin"], index=index, offer_action=True)
    return None


@EFFECTS.effect("self_home_then_home", timing="action", prompt="帰宅させる相手のカード")
def self_home_then_home(t: Board, f: dict) -> Options:
    if f["stage"] == 0:
        if source_venue(t, f) is None:
            return None
        t.send_home(f["card"], f["seat"])
        f["stage"] = 1
    return opp_targets(t, f) or None


self_home_then_home.answer(answer_send_home)


# ------------------------------------------------------------------ rule windows

@EFFECTS.effect("lamy_window", timing="rule", prompt="プレイ時能力を無効化するか")
def lamy_window(t: Board, f: dict) -> Options:
    return ["negate", "pass"]


@lamy_window.answer
def _(t: Board, f: dict, choice: Any) -> Options:
    if choice == "negate":
        t.s["lamy_used"] = True
        t.event("negated", seat=f["seat"], card=f["target"]["card"])
    else:
        t.s["stack"].append(f["target"])
    return None


@EFFECTS.effect("offer_action", timing="rule", prompt="アクション能力を即座に使うか")
def offer_action(t: Board, f: dict) -> Options:
    ab = t.ability(f["card"], "action")
    if ab is None or f["card"] in t.s["used_actions"] or source_venue(t, f) is None:
        return None
    probe = frame(ab["effect"], f["seat"], f["card"], "action", ab["params"])
    return ["use", None] if usable(t, probe) else None


@offer_action.answer
def _(t: Board, f: dict, choice: Any) -> Options:
    if choice == "use":
        ab = t.ability(f["card"], "action")
        t.s["used_actions"].append(f["card"])
        t.event("action", seat=f["seat"], card=f["card"])
        t.s["stack"].append(frame(ab["effect"], f["seat"], f["card"], "action", ab["params"]))
    return None


VOCABULARY = {timing: EFFECTS.names(timing) for timing in ("constant", "play", "action")}


def usable(t: Board, f: dict) -> bool:
    """Would this action ability do anything now? (Changes nothing.)"""
    v = source_venue(t, f)
    if v is None:
        return False
    effect = f["effect"]
    if effect == "deck_to_unit":
        return bool(t.zones.size("deck")) and len(t.unit(f["seat"], v)) < UNIT_MAX
    if effect == "summon_named":
        return len(t.unit(f["seat"], v)) < UNIT_MAX and _named_sources(t, f, v)
    if effect == "swap_deck_bottom":
        return bool(t.zones.size("deck"))
    if effect == "self_home_then_home":
        return True
    # the other action abilities only ask at first: their run reads, never writes
    return bool(EFFECTS[effect].run(t, dict(f)))
