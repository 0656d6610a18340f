"""Check and apply, one pair per command type, each citing its rulebook section.

``check`` raises ``RuleViolation(rule, message)``; ``apply`` trusts its input, works on a
copy of just the containers it may change (``_copy``) and never touches the state it was
given (the property tests compare ``canon.dumps`` before and after). Ability resolution lives in ``effects``; the turn structure, live
preparation, lives, contests and the end of the game live here.
"""
from __future__ import annotations

import marshal
from typing import Callable

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates

from replays import canon
from replays.errors import RuleViolation
from replays.games.holodelive import effects, hands
from replays.games.holodelive.cards import CARDSET_FILES, DEFAULT_CARDSET, CardSet, get as get_cardset
from replays.games.holodelive.state import SEATS, UNIT_MAX, Board, other

FIXED_AUDIENCE = 10000  # COVER役 / YAGOO
#: judge's rulings for positions the rulebook leaves open (see the package docstring)
IDLE_TURNS_TO_END = 2
DECKOUT_TURN_LIMIT = 20
TURN_LIMIT = 200

R_DRAW = "ゲームの流れ/①ドローフェイズ"
R_ACTION = "ゲームの流れ/②アクションフェイズ"
R_PLAY = "ゲームの流れ/③プレイフェイズ"
R_LIVE = "ゲームの流れ/④ライブ準備"
R_TURN = "ゲームの流れ"
R_UNIT = "このゲームで使用する用語/ユニット"
R_GEN = "このゲームで使用する用語/◯期生ライブ準備"
R_OVER = "勝利条件"

END_TEXTS = {
    "all_venues": "3会場のライブが終わり、合計観客数で勝敗を決定",
    "stalemate": "裁定: 山札が尽きた後、両者が続けてプレイもライブ準備もできなかったため終了（獲得済み会場の合計観客数で判定）",
    "deckout_limit": f"裁定: 山札が尽きてから{DECKOUT_TURN_LIMIT}ターン経過したため終了（獲得済み会場の合計観客数で判定）",
    "turn_limit": f"裁定: {TURN_LIMIT}ターンに達したため終了（獲得済み会場の合計観客数で判定）",
}


# ------------------------------------------------------------------- schemas

class _Command(Schema):
    class Meta:
        unknown = RAISE

    seat = fields.String(required=True, validate=validate.OneOf(SEATS))


def _schema(type_name: str, **extra: fields.Field) -> Schema:
    cls = type(f"{type_name.title().replace('_', '')}Schema", (_Command,),
               {"type": fields.String(required=True, validate=validate.Equal(type_name)), **extra})
    return cls()


COMMANDS: dict[str, Schema] = {
    "draw": _schema("draw", source=fields.String(required=True, validate=validate.OneOf(("deck", "office"))),
                    card=fields.String()),
    "action": _schema("action", card=fields.String(required=True)),
    "play": _schema("play", card=fields.String(required=True),
                    venue=fields.Integer(strict=True, required=True, validate=validate.Range(0, 2))),
    "pass": _schema("pass"),
    "declare_live": _schema("declare_live",
                            venue=fields.Integer(strict=True, required=True, validate=validate.Range(0, 2)),
                            kind=fields.String(required=True, validate=validate.OneOf(("five", "generation")))),
    "end_turn": _schema("end_turn"),
    "choose": _schema("choose", choice=fields.Raw(required=True, allow_none=True)),
}


class OptionsSchema(Schema):
    class Meta:
        unknown = RAISE

    first_player = fields.String(load_default="seed", validate=validate.OneOf(("p1", "p2", "seed")))
    deck_order = fields.List(fields.String(), validate=validate.Length(equal=39))
    venue_order = fields.List(fields.String(), validate=validate.Length(min=3))
    cardset = fields.String(load_default=DEFAULT_CARDSET)

    @validates("cardset")
    def _known_cardset(self, value: str, **kwargs) -> None:
        if value not in CARDSET_FILES:  # looked up now: organizers register their sets at runtime
            raise ValidationError(f"unknown card set {value!r}; known: {', '.join(sorted(CARDSET_FILES))}")


# ------------------------------------------------------------------- checks

def cardset_of(state: dict) -> CardSet:
    return get_cardset(state["cardset"])


def _card_rule(cs: CardSet, card: str) -> str:
    return f"カード効果補足/{cs.member(card)['name']}" if card in cs.members else "カード効果補足"


def check(state: dict, cmd: dict) -> None:
    cs = cardset_of(state)
    seat, kind = cmd["seat"], cmd["type"]
    if state["over"] is not None:
        raise RuleViolation(R_OVER, "the game is over")
    pending = state["pending"]
    if pending is not None:
        rule = _card_rule(cs, pending["card"])
        if kind != "choose":
            raise RuleViolation(rule, f"{pending['seat']} must first choose for {cs.member(pending['card'])['name']} "
                                      f"({effects.PROMPTS.get(pending['effect'], pending['effect'])})")
        if seat != pending["seat"]:
            raise RuleViolation(rule, f"the decision is {pending['seat']}'s, not {seat}'s")
        try:
            wanted = canon.dumps(cmd["choice"])
        except (TypeError, ValueError):
            raise RuleViolation(rule, "the choice is not plain JSON data") from None
        if not any(canon.dumps(o) == wanted for o in pending["options"]):
            raise RuleViolation(rule, f"choice {wanted} is not one of the {len(pending['options'])} options")
        return
    if kind == "choose":
        raise RuleViolation(R_TURN, "no decision is pending")
    if seat != state["active"]:
        raise RuleViolation(R_TURN, f"it is {state['active']}'s turn, not {seat}'s")
    CHECKS[kind](Board(state, cs), cmd)


def _check_draw(b: Board, cmd: dict) -> None:
    s = b.s
    if s["phase"] != "draw":
        raise RuleViolation(R_DRAW, "the draw phase is over this turn" if s["deck"] else
                            "the deck has run out: the draw phase is skipped")
    if cmd["source"] == "office":
        if s["office"] is None:
            raise RuleViolation(R_DRAW, "the office (事務所) is empty")
        expected = s["office"]
    else:
        expected = s["deck"][0]
    if "card" in cmd and cmd["card"] != expected:
        raise RuleViolation(R_DRAW, f"the card drawn is not {cmd['card']!r}")


def _on_own_field(b: Board, seat: str, card: str) -> int | None:
    loc = b.locate(card)
    if loc[0] == "unit" and loc[1] == seat and b.s["venues"][loc[2]]["acquired_by"] is None:
        return loc[2]
    return None


def _check_action(b: Board, cmd: dict) -> None:
    s, seat, card = b.s, cmd["seat"], cmd["card"]
    if s["phase"] == "draw":
        raise RuleViolation(R_ACTION, "draw first (①ドローフェイズ)")
    if s["played"] or s["phase"] != "action":
        raise RuleViolation(R_ACTION, "no action abilities after playing a card (③でカードプレイをした際にはもうアクションは使えません)")
    if card not in b.cs.members or _on_own_field(b, seat, card) is None:
        raise RuleViolation(R_ACTION, f"{card!r} is not on your field")
    ab = b.cs.ability(card, "action")
    if ab is None:
        raise RuleViolation(R_ACTION, f"{b.name(card)} has no action ability")
    if card in s["used_actions"]:
        raise RuleViolation(R_ACTION, f"{b.name(card)}'s action was already used this turn")
    if not effects.usable(b, effects.frame(ab["effect"], seat, card, "action", ab["params"])):
        raise RuleViolation(_card_rule(b.cs, card), f"{b.name(card)}'s action cannot take effect now")


def _check_play(b: Board, cmd: dict) -> None:
    s, seat, card, v = b.s, cmd["seat"], cmd["card"], cmd["venue"]
    if s["phase"] == "draw":
        raise RuleViolation(R_PLAY, "draw first (①ドローフェイズ)")
    if s["played"] or s["phase"] != "action":
        raise RuleViolation(R_PLAY, "only one card may be played from hand per turn")
    if card not in s["hands"][seat]:
        raise RuleViolation(R_PLAY, f"{card!r} is not in your hand")
    if s["venues"][v]["acquired_by"] is not None:
        raise RuleViolation(R_PLAY, f"venue {v + 1} has been acquired; its units are gone")
    if len(b.unit(seat, v)) >= UNIT_MAX:
        raise RuleViolation(R_UNIT, f"your unit at venue {v + 1} already has {UNIT_MAX} cards")
    if not b.can_place(seat, v, "play"):
        watame = next(c for c in b.unit(other(seat), v) if b.cs.has_constant(c, "block_facing_play"))
        raise RuleViolation(_card_rule(b.cs, watame), f"{b.name(watame)} blocks the unit facing her at venue {v + 1}")


def _any_play(b: Board, seat: str) -> bool:
    return bool(b.s["hands"][seat]) and any(b.can_place(seat, v, "play") for v in b.open_venues())


def _check_pass(b: Board, cmd: dict) -> None:
    s = b.s
    if s["phase"] != "action":
        raise RuleViolation(R_PLAY, "pass only stands for the play phase")
    if _any_play(b, cmd["seat"]):
        raise RuleViolation(R_PLAY, "a card can be played: playing one card from hand is not optional")


def eligible_kind(b: Board, seat: str, v: int) -> str | None:
    unit = b.unit(seat, v)
    if len(unit) == UNIT_MAX:
        return "five"
    if len(unit) == 4:
        gens = [b.cs.member(c)["generation"] for c in unit]
        if any(g is not None and gens.count(g) >= 3 for g in gens):
            return "generation"
    return None


def _check_declare(b: Board, cmd: dict) -> None:
    s, seat, v = b.s, cmd["seat"], cmd["venue"]
    if s["phase"] != "live":
        raise RuleViolation(R_LIVE, "live preparation is declared after the play phase")
    venue = s["venues"][v]
    if venue["acquired_by"] is not None:
        raise RuleViolation(R_LIVE, f"venue {v + 1} has been acquired")
    if venue["live"][seat] is not None:
        raise RuleViolation(R_LIVE, f"your unit at venue {v + 1} is already preparing a live")
    kind = eligible_kind(b, seat, v)
    if kind is None:
        raise RuleViolation(R_GEN if cmd["kind"] == "generation" else R_LIVE,
                            f"your unit at venue {v + 1} has {len(b.unit(seat, v))} cards: a live needs 5, "
                            "or 4 with three of one generation")
    if kind != cmd["kind"]:
        raise RuleViolation(R_GEN, f"your unit at venue {v + 1} qualifies for a {kind!r} live, not {cmd['kind']!r}")


def _check_end_turn(b: Board, cmd: dict) -> None:
    s, seat = b.s, cmd["seat"]
    if s["phase"] != "live":
        raise RuleViolation(R_TURN, "play a card (or pass) before ending the turn")
    for v in b.open_venues():
        if len(b.unit(seat, v)) == UNIT_MAX and s["venues"][v]["live"][seat] is None:
            raise RuleViolation(R_LIVE, f"your unit at venue {v + 1} has 5 cards: declare 「ライブ準備！」")


CHECKS: dict[str, Callable[[Board, dict], None]] = {
    "draw": _check_draw, "action": _check_action, "play": _check_play, "pass": _check_pass,
    "declare_live": _check_declare, "end_turn": _check_end_turn,
}


# ------------------------------------------------------------------- apply

def _copy(state: dict) -> dict:
    """A copy of everything ``apply`` may change in place; the rest (str, int, and the
    records it only ever replaces: pending, over, live entries, retired) is shared."""
    s = dict(state)
    for key in ("deck", "box", "used_actions"):
        s[key] = list(state[key])
    for key in ("hands", "homes", "known"):
        s[key] = {seat: list(cards) for seat, cards in state[key].items()}
    s["scores"] = dict(state["scores"])
    s["venues"] = [{**v, "units": {"p1": list(v["units"]["p1"]), "p2": list(v["units"]["p2"])},
                    "live": dict(v["live"])} for v in state["venues"]]
    # frames are mutated as they advance (stage, nested targets): copied whole, rarely non-empty
    s["stack"] = marshal.loads(marshal.dumps(state["stack"])) if state["stack"] else []
    s["events"] = []
    return s


def apply(state: dict, cmd: dict) -> dict:
    s = _copy(state)
    b = Board(s, cardset_of(s))
    APPLIES[cmd["type"]](b, cmd)
    _cancel_short_lives(b)
    if s["office"] is None and s["deck"]:
        s["office"] = s["deck"].pop(0)
    s["step"] = state["step"] + 1
    return s


def _apply_draw(b: Board, cmd: dict) -> None:
    s, seat = b.s, cmd["seat"]
    if cmd["source"] == "office":
        card, s["office"] = s["office"], None
        s["hands"][seat].append(card)
        b.event("draw", seat=seat, source="office", card=card)
    else:
        b.draw(seat)
        b.event("draw", seat=seat, source="deck")
    s["phase"] = "action"


def _apply_action(b: Board, cmd: dict) -> None:
    seat, card = cmd["seat"], cmd["card"]
    ab = b.cs.ability(card, "action")
    b.s["used_actions"].append(card)
    b.event("action", seat=seat, card=card)
    b.s["stack"].append(effects.frame(ab["effect"], seat, card, "action", ab["params"]))
    resolve(b)


def _apply_play(b: Board, cmd: dict) -> None:
    s, seat, card, v = b.s, cmd["seat"], cmd["card"], cmd["venue"]
    s["hands"][seat].remove(card)
    b.unit(seat, v).append(card)
    s["played"] = True
    s["progress"] = True
    s["phase"] = "play"
    b.event("play", seat=seat, card=card, venue=v)
    effects.push_trigger(b, seat, card, v, "play")
    resolve(b)


def _apply_pass(b: Board, cmd: dict) -> None:
    b.s["phase"] = "live"
    b.event("pass", seat=cmd["seat"])


def _apply_declare(b: Board, cmd: dict) -> None:
    s, seat, v = b.s, cmd["seat"], cmd["venue"]
    count = len(b.unit(seat, v))
    s["venues"][v]["live"][seat] = {"kind": cmd["kind"], "count": count,
                                    "declared_step": s["step"] + 1, "declared_turn": s["turn"]}
    s["progress"] = True
    b.event("declare", seat=seat, venue=v, live=cmd["kind"], count=count)


def _apply_end_turn(b: Board, cmd: dict) -> None:
    s = b.s
    if not s["deck"]:
        s["deckout_turns"] += 1
        s["idle"] = 0 if s["progress"] else s["idle"] + 1
    if s["deck"] == [] and s["idle"] >= IDLE_TURNS_TO_END:
        _finish(b, "stalemate")
    elif s["deckout_turns"] >= DECKOUT_TURN_LIMIT:
        _finish(b, "deckout_limit")
    elif s["turn"] >= TURN_LIMIT:
        _finish(b, "turn_limit")
    else:
        _start_turn(b, other(cmd["seat"]))


def _apply_choose(b: Board, cmd: dict) -> None:
    s = b.s
    f = s["stack"].pop()
    s["pending"] = None
    b.event("choose", seat=cmd["seat"], effect=f["effect"], card=f["card"])
    options = effects.ANSWER[f["effect"]](b, f, cmd["choice"])
    _cancel_short_lives(b)
    if options:
        _ask(b, f, options)
    else:
        resolve(b)


APPLIES: dict[str, Callable[[Board, dict], None]] = {
    "draw": _apply_draw, "action": _apply_action, "play": _apply_play, "pass": _apply_pass,
    "declare_live": _apply_declare, "end_turn": _apply_end_turn, "choose": _apply_choose,
}


def _ask(b: Board, f: dict, options: list) -> None:
    b.s["stack"].append(f)
    b.s["pending"] = {"seat": f["seat"], "effect": f["effect"], "card": f["card"], "options": options,
                      "prompt": effects.PROMPTS.get(f["effect"], f["effect"])}


def resolve(b: Board) -> None:
    """Run frames until the stack is empty or one needs a decision."""
    s = b.s
    while s["stack"]:
        f = s["stack"].pop()
        options = effects.RUN[f["effect"]](b, f)
        _cancel_short_lives(b)
        if options:
            _ask(b, f, options)
            return
    s["pending"] = None
    if s["phase"] == "play":
        s["phase"] = "live"


def _cancel_short_lives(b: Board) -> None:
    """勝利条件/妨害: a unit falling below its declared count loses its preparation."""
    for v in b.open_venues():
        venue = b.s["venues"][v]
        for seat in SEATS:
            live = venue["live"][seat]
            if live is not None and len(venue["units"][seat]) < live["count"]:
                venue["live"][seat] = None
                b.event("cancel", seat=seat, venue=v, count=len(venue["units"][seat]), declared=live["count"])


# ------------------------------------------------------------------- turns, lives

def _start_turn(b: Board, seat: str) -> None:
    s = b.s
    s.update(active=seat, turn=s["turn"] + 1, used_actions=[], played=False, lamy_used=False, progress=False)
    b.event("turn", seat=seat, turn=s["turn"])
    hold_lives(b, seat)
    if not b.open_venues():
        _finish(b, "all_venues")
        return
    if s["deck"]:
        s["phase"] = "draw"
    else:
        s["phase"] = "action"
        b.event("draw_skipped", seat=seat)


def hold_lives(b: Board, seat: str) -> None:
    """勝利条件/ライブ開催 and 決着: at the start of the declarer's turn."""
    s, cs, opp = b.s, b.cs, other(seat)
    order = sorted((s["venues"][v]["live"][seat]["declared_step"], v)
                   for v in b.open_venues() if s["venues"][v]["live"][seat] is not None)
    for _, v in order:
        venue = s["venues"][v]
        live, live_o = venue["live"][seat], venue["live"][opp]
        mine = hands.achievable(cs, venue["units"][seat])
        # 決着: the opponent "also has five" at this venue (and declared, as five obliges)
        if live_o is not None and len(venue["units"][opp]) == UNIT_MAX:
            theirs = hands.achievable(cs, venue["units"][opp])
            r_me, r_op = max(mine), max(theirs)
            me_first = live["declared_step"] < live_o["declared_step"]
            if r_me > r_op or (r_me == r_op and me_first):
                winner, wins = seat, {r for r in mine if r > r_op or (r == r_op and me_first)}
            else:
                winner, wins = opp, {r for r in theirs if r > r_me or (r == r_me and not me_first)}
            b.event("contest", venue=v, hands={seat: hands.RANK_KEYS[r_me], opp: hands.RANK_KEYS[r_op]},
                    winner=winner, tie=r_me == r_op)
        else:
            winner, wins = seat, set(mine)
        unit = venue["units"][winner]
        printed = cs.venue(venue["id"])["audience"]
        if any(cs.has_constant(c, "fixed_audience") for c in unit):
            audience, fixed, rank = FIXED_AUDIENCE, True, max(wins)
        else:
            base = printed + sum(cs.member(c)["bonus"] for c in unit)
            choices = []
            if hands.COVER in wins:
                choices.append((FIXED_AUDIENCE, True, hands.COVER))
            rest = wins - {hands.COVER}
            if rest:
                choices.append((base, False, max(rest)))
            audience, fixed, rank = max(choices)
        venue.update(acquired_by=winner, audience=audience, revealed=not fixed, hand=hands.RANK_KEYS[rank],
                     retired={"p1": venue["units"]["p1"], "p2": venue["units"]["p2"]},
                     units={"p1": [], "p2": []}, live={"p1": None, "p2": None})
        s["scores"][winner] += audience
        s["progress"] = True
        b.event("live", venue=v, seat=winner, audience=audience, hand=hands.RANK_KEYS[rank], fixed=fixed)


def _finish(b: Board, reason: str) -> None:
    s = b.s
    s["over"] = {"reason": reason, "text": END_TEXTS[reason]}
    s["phase"] = "over"
    s["stack"], s["pending"] = [], None
    b.event("over", reason=reason)


# ------------------------------------------------------------------- legal

def legal(state: dict, seat: str) -> list[dict]:
    if state["over"] is not None:
        return []
    pending = state["pending"]
    if pending is not None:
        if seat != pending["seat"]:
            return []
        return [{"type": "choose", "seat": seat, "choice": o} for o in pending["options"]]
    if seat != state["active"]:
        return []
    b = Board(state, cardset_of(state))
    phase = state["phase"]
    candidates: list[dict] = []
    if phase == "draw":
        candidates = [{"type": "draw", "seat": seat, "source": "deck"}]
        if state["office"] is not None:
            candidates.append({"type": "draw", "seat": seat, "source": "office"})
    elif phase == "action":
        candidates = [{"type": "action", "seat": seat, "card": c} for _, c in b.field(seat)
                      if b.cs.ability(c, "action") is not None]
        candidates += [{"type": "play", "seat": seat, "card": c, "venue": v}
                       for c in state["hands"][seat] for v in b.open_venues()]
        candidates.append({"type": "pass", "seat": seat})
    elif phase == "live":
        candidates = [{"type": "declare_live", "seat": seat, "venue": v, "kind": k}
                      for v in b.open_venues() for k in ("five", "generation")]
        candidates.append({"type": "end_turn", "seat": seat})
    out = []
    for cmd in candidates:
        try:
            CHECKS[cmd["type"]](b, cmd)
        except RuleViolation:
            continue
        out.append(cmd)
    return out
