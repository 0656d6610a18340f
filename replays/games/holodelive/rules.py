"""Check, apply and label, one class per command type, each citing its rulebook section;
then the checks every command shares, the turn structure, lives, and the legal commands.

``check`` raises ``RuleViolation(rule, message)``; ``apply`` trusts its input and works
on the copy the kit hands it (``HoloRules.copy`` copies only what it may change).
Ability resolution lives in ``effects``.
"""
from __future__ import annotations

import marshal
from functools import cache
from typing import Any

from kifu.replays.errors import RuleViolation
from kifu.replays.games.holodelive import cards, hands
from kifu.replays.games.holodelive.commands import COMMANDS
from kifu.replays.games.holodelive.effects import EFFECTS, push_trigger, usable
from kifu.replays.games.holodelive.state import R_DRAW, UNIT_MAX, Board, deal, other
from kifu.replays.kit import ALL, Game, decisions, frame
from kifu.replays.rules import Outcome

FIXED_AUDIENCE = 10000  # COVER役 / YAGOO
#: judge's rulings for positions the rulebook leaves open (see the package docstring)
IDLE_TURNS_TO_END = 2
DECKOUT_TURN_LIMIT = 20
TURN_LIMIT = 200

R_ACTION = "ゲームの流れ/②アクションフェイズ"
R_PLAY = "ゲームの流れ/③プレイフェイズ"
R_LIVE = "ゲームの流れ/④ライブ準備"
R_TURN = "ゲームの流れ"
R_UNIT = "このゲームで使用する用語/ユニット"
R_GEN = "このゲームで使用する用語/◯期生ライブ準備"
R_HOLD = "勝利条件/ライブ開催"
R_OVER = "勝利条件"

END_TEXTS = {
    "all_venues": "3会場のライブが終わり、合計観客数で勝敗を決定",
    "stalemate": "裁定: 山札が尽きた後、両者が続けてプレイもライブ準備もできなかったため終了（獲得済み会場の合計観客数で判定）",
    "deckout_limit": f"裁定: 山札が尽きてから{DECKOUT_TURN_LIMIT}ターン経過したため終了（獲得済み会場の合計観客数で判定）",
    "turn_limit": f"裁定: {TURN_LIMIT}ターンに達したため終了（獲得済み会場の合計観客数で判定）",
}
KIND_NAMES = {"five": "5人", "generation": "期生ライブ"}
#: the rulings a held live may apply, as ``describe`` reads them out
RULING_TEXTS = {
    "wild_raises": "裁定: アイコンを変化できる能力は役を上げる目的でのみ使う（COVER として固定 10000）",
    "sub_icons": "裁定: サブアイコンで COVER にも他の役にも読めるため、観客数の大きい方",
}


# ------------------------------------------------------------------- labels' words

def card_label(t: Board, card: Any) -> str:
    """A member's name; its id as well when the card set has two cards of that name."""
    if not cards.is_member(t.cs, card):
        return f"（不明なカード {card}）" if isinstance(card, str) and card.startswith("?") else str(card)
    name = t.name(card)
    return f"{name}〔{card}〕" if name in _shared_names(t.cs) else name


def _shared_names(cs: Any) -> frozenset[str]:
    return _shared_names_of(tuple(cs.name(c) for c in cards.members(cs)))


@cache
def _shared_names_of(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(n for n in names if names.count(n) > 1)


def venue_label(t: Board, v: Any, perspective: str) -> str:
    """会場N, with its name where ``perspective`` knows which venue it is."""
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < len(t.s["venues"]):
        return f"会場{v}"
    vid = t.s["venues"][v]["id"]
    if t.knows_venue(perspective, v) and cards.is_venue(t.cs, vid):
        return f"会場{v + 1}（{t.name(vid)}）"
    return f"会場{v + 1}"


CHOICE_WORDS = {"negate": "無効化する", "pass": "無効化しない", "use": "使う", "swap": "替える", "keep": "替えない"}


def choice_label(t: Board, kind: str, choice: Any, perspective: str) -> str:
    if choice is None:
        return "6期生は無かった" if kind == "search_deck" else "使わない"
    if isinstance(choice, list) and len(choice) == 2:
        return f"{card_label(t, choice[0])} を {venue_label(t, choice[1], perspective)} へ"
    if isinstance(choice, int) and not isinstance(choice, bool):
        return venue_label(t, choice, perspective)
    if isinstance(choice, str) and choice in CHOICE_WORDS:
        return CHOICE_WORDS[choice]
    return card_label(t, choice)


# ------------------------------------------------------------------- commands

@COMMANDS.implements("draw")
class Draw:
    def check(self, t: Board, cmd: dict) -> None:
        s = t.s
        if s["phase"] != "draw":
            raise RuleViolation(R_DRAW, "the draw phase is over this turn" if t.zones.size("deck") else
                                "the deck has run out: the draw phase is skipped")
        if cmd["source"] == "office" and s["office"] is None:
            raise RuleViolation(R_DRAW, "the office (事務所) is empty")
        if cmd["source"] == "deck" and not t.zones.size("deck"):
            raise RuleViolation(R_DRAW, "the deck is empty")

    def apply(self, t: Board, cmd: dict) -> None:
        s, seat = t.s, cmd["seat"]
        if cmd["source"] == "office":
            card, s["office"] = s["office"], None
            s["hands"][seat].append(card)
            t.event("draw", seat=seat, source="office", card=card)
            t.refill_office()
        else:
            t.draw_to_hand(seat, "draw", R_DRAW)
            t.event("draw", seat=seat, source="deck")
        s["phase"] = "action"

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        if cmd["source"] == "office":
            office = t.s["office"]
            return f"{cmd['seat']}: 事務所の {card_label(t, office) if office else '（空）'} を引く"
        return f"{cmd['seat']}: 山札から1枚引く"


def on_own_field(t: Board, seat: str, card: str) -> int | None:
    loc = t.locate(card)
    if loc[0] == "unit" and loc[1] == seat and t.s["venues"][loc[2]]["acquired_by"] is None:
        return loc[2]
    return None


@COMMANDS.implements("action")
class Action:
    def check(self, t: Board, cmd: dict) -> None:
        s, seat, card = t.s, cmd["seat"], cmd["card"]
        if s["phase"] == "draw":
            raise RuleViolation(R_ACTION, "draw first (①ドローフェイズ)")
        if s["played"] or s["phase"] != "action":
            raise RuleViolation(R_ACTION, "no action abilities after playing a card "
                                          "(③でカードプレイをした際にはもうアクションは使えません)")
        if not cards.is_member(t.cs, card) or on_own_field(t, seat, card) is None:
            raise RuleViolation(R_ACTION, f"{card!r} is not on your field")
        ab = t.ability(card, "action")
        if ab is None:
            raise RuleViolation(R_ACTION, f"{t.name(card)} has no action ability")
        if card in s["used_actions"]:
            raise RuleViolation(R_ACTION, f"{t.name(card)}'s action was already used this turn")
        if not usable(t, frame(ab["effect"], seat, card, "action", ab["params"])):
            raise RuleViolation(t.card_rule(card), f"{t.name(card)}'s action cannot take effect now")

    def apply(self, t: Board, cmd: dict) -> None:
        seat, card = cmd["seat"], cmd["card"]
        ab = t.ability(card, "action")
        t.s["used_actions"].append(card)
        t.event("action", seat=seat, card=card)
        t.s["stack"].append(frame(ab["effect"], seat, card, "action", ab["params"]))
        resolve(t)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        return f"{cmd['seat']}: {card_label(t, cmd['card'])} のアクション能力を使う"


@COMMANDS.implements("play")
class Play:
    def check(self, t: Board, cmd: dict) -> None:
        s, seat, card, v = t.s, cmd["seat"], cmd["card"], cmd["venue"]
        if s["phase"] == "draw":
            raise RuleViolation(R_PLAY, "draw first (①ドローフェイズ)")
        if s["played"] or s["phase"] != "action":
            raise RuleViolation(R_PLAY, "only one card may be played from hand per turn")
        if not cards.is_member(t.cs, card) or not t.zones.holds(s["hands"][seat], card):
            raise RuleViolation(R_PLAY, f"{card!r} is not in your hand")
        if s["venues"][v]["acquired_by"] is not None:
            raise RuleViolation(R_PLAY, f"venue {v + 1} has been acquired; its units are gone")
        if len(t.unit(seat, v)) >= UNIT_MAX:
            raise RuleViolation(R_UNIT, f"your unit at venue {v + 1} already has {UNIT_MAX} cards")
        if not t.can_place(seat, v, "play"):
            watame = next(c for c in t.unit(other(seat), v) if t.has_constant(c, "block_facing_play"))
            raise RuleViolation(t.card_rule(watame), f"{t.name(watame)} blocks the unit facing her at venue {v + 1}")

    def apply(self, t: Board, cmd: dict) -> None:
        s, seat, card, v = t.s, cmd["seat"], cmd["card"], cmd["venue"]
        t.take_from_hand(seat, card, "play", R_PLAY)
        t.unit(seat, v).append(card)
        s.update(played=True, progress=True, phase="play")
        t.event("play", seat=seat, card=card, venue=v)
        push_trigger(t, seat, card, v, "play")
        resolve(t)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        return (f"{cmd['seat']}: 手札の {card_label(t, cmd['card'])} を "
                f"{venue_label(t, cmd['venue'], seat)} のユニットに出す")


def any_play(t: Board, seat: str) -> bool:
    return bool(t.s["hands"][seat]) and any(t.can_place(seat, v, "play") for v in t.open_venues())


@COMMANDS.implements("pass")
class Pass:
    def check(self, t: Board, cmd: dict) -> None:
        if t.s["phase"] != "action":
            raise RuleViolation(R_PLAY, "pass only stands for the play phase")
        if any_play(t, cmd["seat"]):
            raise RuleViolation(R_PLAY, "a card can be played: playing one card from hand is not optional")

    def apply(self, t: Board, cmd: dict) -> None:
        t.s["phase"] = "live"
        t.event("pass", seat=cmd["seat"])

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        return f"{cmd['seat']}: 出せるカードが無いのでプレイフェイズをパスする"


def eligible_kind(t: Board, seat: str, v: int) -> str | None:
    unit = t.unit(seat, v)
    if len(unit) == UNIT_MAX:
        return "five"
    if len(unit) == 4:
        gens = [t.member(c)["generation"] for c in unit]
        if any(g is not None and gens.count(g) >= 3 for g in gens):
            return "generation"
    return None


@COMMANDS.implements("declare_live")
class DeclareLive:
    def check(self, t: Board, cmd: dict) -> None:
        s, seat, v = t.s, cmd["seat"], cmd["venue"]
        if s["phase"] != "live":
            raise RuleViolation(R_LIVE, "live preparation is declared after the play phase")
        venue = s["venues"][v]
        if venue["acquired_by"] is not None:
            raise RuleViolation(R_LIVE, f"venue {v + 1} has been acquired")
        if venue["live"][seat] is not None:
            raise RuleViolation(R_LIVE, f"your unit at venue {v + 1} is already preparing a live")
        kind = eligible_kind(t, seat, v)
        if kind is None:
            raise RuleViolation(R_GEN if cmd["kind"] == "generation" else R_LIVE,
                                f"your unit at venue {v + 1} has {len(t.unit(seat, v))} cards: a live needs 5, "
                                "or 4 with three of one generation")
        if kind != cmd["kind"]:
            raise RuleViolation(R_GEN, f"your unit at venue {v + 1} qualifies for a {kind!r} live, not {cmd['kind']!r}")

    def apply(self, t: Board, cmd: dict) -> None:
        s, seat, v = t.s, cmd["seat"], cmd["venue"]
        count = len(t.unit(seat, v))
        s["venues"][v]["live"][seat] = {"kind": cmd["kind"], "count": count,
                                        "declared_step": s["step"] + 1, "declared_turn": s["turn"]}
        s["progress"] = True
        t.event("declare", seat=seat, venue=v, live=cmd["kind"], count=count)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        live = KIND_NAMES.get(cmd["kind"], cmd["kind"])
        return f"{cmd['seat']}: {venue_label(t, cmd['venue'], seat)} で「ライブ準備！」を宣言する（{live}）"


@COMMANDS.implements("end_turn")
class EndTurn:
    def check(self, t: Board, cmd: dict) -> None:
        s, seat = t.s, cmd["seat"]
        if s["phase"] != "live":
            raise RuleViolation(R_TURN, "play a card (or pass) before ending the turn")
        for v in t.open_venues():
            if len(t.unit(seat, v)) == UNIT_MAX and s["venues"][v]["live"][seat] is None:
                raise RuleViolation(R_LIVE, f"your unit at venue {v + 1} has 5 cards: declare 「ライブ準備！」")

    def apply(self, t: Board, cmd: dict) -> None:
        s = t.s
        deck_empty = not t.zones.size("deck")
        if deck_empty:
            s["deckout_turns"] += 1
            s["idle"] = 0 if s["progress"] else s["idle"] + 1
        if deck_empty and s["idle"] >= IDLE_TURNS_TO_END:
            finish(t, "stalemate")
        elif s["deckout_turns"] >= DECKOUT_TURN_LIMIT:
            finish(t, "deckout_limit")
        elif s["turn"] >= TURN_LIMIT:
            finish(t, "turn_limit")
        else:
            start_turn(t, other(cmd["seat"]))

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        return f"{cmd['seat']}: ターンを終了する"


@COMMANDS.implements("choose")
class Choose:
    def check(self, t: Board, cmd: dict) -> None:
        raise RuleViolation(R_TURN, "no decision is pending")  # a pending one is checked by precheck

    def apply(self, t: Board, cmd: dict) -> None:
        pending = t.s["pending"]
        t.event("choose", seat=cmd["seat"], effect=pending["kind"], card=pending["card"])
        if EFFECTS.answer(t, cmd) and t.s["phase"] == "play":
            t.s["phase"] = "live"

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        pending = t.s.get("pending") or {}
        source = card_label(t, pending["card"]) if pending.get("card") else "?"
        secret = pending.get("secret") and seat not in ("omniscient", pending.get("seat"))
        text = "（非公開）" if secret else choice_label(t, pending.get("kind", ""), cmd.get("choice"), seat)
        return f"{cmd['seat']}: {source} — {pending.get('prompt', '選択')}: {text}"


COMMANDS.complete()


def resolve(t: Board) -> None:
    """Run the stack until it is empty or an ability asks; a finished play ends the play phase."""
    if EFFECTS.resolve(t) and t.s["phase"] == "play":
        t.s["phase"] = "live"


# ------------------------------------------------------------------- turns, lives

def start_turn(t: Board, seat: str) -> None:
    s = t.s
    s.update(active=seat, turn=s["turn"] + 1, used_actions=[], played=False, lamy_used=False, progress=False)
    t.event("turn", seat=seat, turn=s["turn"])
    hold_lives(t, seat)
    if not t.open_venues():
        finish(t, "all_venues")
        return
    if t.zones.size("deck"):
        s["phase"] = "draw"
    else:
        s["phase"] = "action"
        t.event("draw_skipped", seat=seat)


def hold_lives(t: Board, seat: str) -> None:
    """勝利条件/ライブ開催 and 決着: at the start of the declarer's turn."""
    s, cs, opp = t.s, t.cs, other(seat)
    order = sorted((s["venues"][v]["live"][seat]["declared_step"], v)
                   for v in t.open_venues() if s["venues"][v]["live"][seat] is not None)
    for _, v in order:
        venue = s["venues"][v]
        live, live_o = venue["live"][seat], venue["live"][opp]
        mine = hands.readings(cs, venue["units"][seat])
        # 決着: the opponent "also has five" at this venue (and declared, as five obliges)
        if live_o is not None and len(venue["units"][opp]) == UNIT_MAX:
            theirs = hands.readings(cs, venue["units"][opp])
            r_me, r_op = max(mine), max(theirs)
            me_first = live["declared_step"] < live_o["declared_step"]
            if r_me > r_op or (r_me == r_op and me_first):
                winner, wins = seat, {r for r in mine if r > r_op or (r == r_op and me_first)}
            else:
                winner, wins = opp, {r for r in theirs if r > r_me or (r == r_me and not me_first)}
            t.event("contest", venue=v, hands={seat: hands.RANK_KEYS[r_me], opp: hands.RANK_KEYS[r_op]},
                    winner=winner, tie=r_me == r_op)
        else:
            winner, wins = seat, set(mine)
        audience, fixed, rank, ruling = _audience(t, v, venue["units"][winner], wins)
        venue.update(acquired_by=winner, audience=audience, revealed=not fixed, hand=hands.RANK_KEYS[rank],
                     retired={"p1": venue["units"]["p1"], "p2": venue["units"]["p2"]},
                     units={"p1": [], "p2": []}, live={"p1": None, "p2": None})
        s["scores"][winner] += audience
        s["progress"] = True
        t.event("live", venue=v, seat=winner, audience=audience, hand=hands.RANK_KEYS[rank], fixed=fixed,
                ruling=ruling)


def _audience(t: Board, v: int, unit: list[str], wins: set[int]) -> tuple[int, bool, int, str | None]:
    """観客数 (audience, fixed, rank, the ruling applied): YAGOO or COVER fix it at 10000 (the
    venue stays face down); else the venue is turned face up and its number plus the live
    unit's bonuses count."""
    if any(t.has_constant(c, "fixed_audience") for c in unit):
        return FIXED_AUDIENCE, True, max(wins), None
    cover, rest = hands.COVER in wins, wins - {hands.COVER}
    if not rest:
        raised = cover and hands.COVER not in hands.achievable(t.cs, unit, printed=True)
        lower = len(hands.achievable(t.cs, unit)) > 1
        return FIXED_AUDIENCE, True, hands.COVER, "wild_raises" if raised and lower else None
    venue = t.s["venues"][v]
    # a unit that reads as COVER or otherwise (sub-icons) takes the larger audience: the judge
    # reads the face-down number to rule, and only a venue actually taken face up is shown
    vid = t.turn_up(venue["id"], "venue", R_HOLD, visible=() if cover else ALL, how="judge" if cover else "flip")
    base = t.cs.card(vid)["audience"] + sum(t.member(c)["bonus"] for c in unit)
    choices = [(base, False, max(rest))]
    if cover:
        choices.append((FIXED_AUDIENCE, True, hands.COVER))
    audience, fixed, rank = max(choices)
    return audience, fixed, rank, "sub_icons" if cover else None


def finish(t: Board, reason: str) -> None:
    s = t.s
    s["over"] = {"reason": reason, "text": END_TEXTS[reason]}
    s["phase"] = "over"
    s["stack"], s["pending"] = [], None
    t.event("over", reason=reason)


# ------------------------------------------------------------------- the game's hooks

class HoloRules(Game):
    """The hooks of HOLOdeLIVE that are rules (the facts and text hooks are in ``__init__``)."""

    context = Board

    def deal(self, t: Board, options: Any, players: int) -> None:
        """ゲームの準備 (``state.deal``)."""
        deal(t, options)

    def precheck(self, t: Board, cmd: dict) -> bool:
        """The game is not over; a pending decision is answered first, by its seat; else it is
        the active seat's turn. True when that settles it (a checked ``choose``)."""
        s = t.s
        if s["over"] is not None:
            raise RuleViolation(R_OVER, "the game is over")
        pending = s["pending"]
        if pending is not None:
            decisions.check_choice(s, cmd, t.card_rule(pending["card"]))
            return True
        if cmd["type"] != "choose" and cmd["seat"] != s["active"]:
            raise RuleViolation(R_TURN, f"it is {s['active']}'s turn, not {cmd['seat']}'s")
        return False

    def after(self, t: Board, cmd: dict) -> None:
        """妨害 after every command; an office left empty by an empty deck is refilled once a
        card has come back onto the deck."""
        t.cancel_short_lives()
        t.refill_office()

    def copy(self, state: dict) -> dict:
        """What ``apply`` may change in place, copied; the rest (str, int, and the records it
        only ever replaces: pending, over, live entries, retired) is shared."""
        s = dict(state)
        s["used_actions"] = state["used_actions"][:]
        for key in ("hands", "homes", "known"):
            zone = state[key]
            s[key] = {"p1": zone["p1"][:], "p2": zone["p2"][:]}
        s["scores"] = state["scores"].copy()
        venues = []
        for v in state["venues"]:
            w = v.copy()
            units = v["units"]
            w["units"] = {"p1": units["p1"][:], "p2": units["p2"][:]}
            w["live"] = v["live"].copy()
            venues.append(w)
        s["venues"] = venues
        # frames change as they advance (stage, nested targets): copied whole, rarely non-empty
        s["stack"] = marshal.loads(marshal.dumps(state["stack"])) if state["stack"] else []
        s["events"] = []
        return s

    def legal_commands(self, state: dict, seat: str) -> list[dict]:
        """Every command ``seat`` may post now (a pending decision's options enumerated)."""
        if state["over"] is not None:
            return []
        if state["pending"] is not None:
            return decisions.choices(state, seat)
        if seat != state["active"]:
            return []
        t = self.context(state, self._cs())
        phase = state["phase"]
        candidates: list[dict] = []
        if phase == "draw":
            candidates = [{"type": "draw", "seat": seat, "source": "deck"},
                          {"type": "draw", "seat": seat, "source": "office"}]
        elif phase == "action":
            candidates = [{"type": "action", "seat": seat, "card": c} for _, c in t.field(seat)
                          if t.ability(c, "action") is not None]
            candidates += [{"type": "play", "seat": seat, "card": c, "venue": v}
                           for c in t.hand_cards(seat) for v in t.open_venues()]
            candidates.append({"type": "pass", "seat": seat})
        elif phase == "live":
            candidates = [{"type": "declare_live", "seat": seat, "venue": v, "kind": k}
                          for v in t.open_venues() for k in ("five", "generation")]
            candidates.append({"type": "end_turn", "seat": seat})
        return self.passing(t, candidates)

    def to_act(self, state: dict) -> tuple[str, ...]:
        """The deciding seat of a pending choice, else the active seat; () once over."""
        if state["over"] is not None:
            return ()
        if state["pending"] is not None:
            return (state["pending"]["seat"],)
        return (state["active"],)

    def outcome(self, state: dict) -> Outcome | None:
        """Winner by total audience once the game is over; equal totals are a draw."""
        if state["over"] is None:
            return None
        scores = dict(state["scores"])
        reason = state["over"]["text"]
        if scores["p1"] == scores["p2"]:
            return Outcome(winners=(), reason=reason, draw=True, scores=scores)
        return Outcome(winners=("p1" if scores["p1"] > scores["p2"] else "p2",), reason=reason, scores=scores)

    def turn(self, state: dict) -> int:
        """The 1-based turn number."""
        return state["turn"]

    def phase(self, state: dict) -> str:
        """"draw" | "action" | "play" | "live" | "over"."""
        return state["phase"]
