"""The state of ヒーローズプレイスメント, setup (``deal``) and the zone helpers the rules share.

Layout (plain JSON; the kit owns ``step``, ``table``, ``seed``, ``zones``, ``chance``,
``pending``, ``stack``)::

    first, active: seat      # the first player (after rule breakers), the turn player
    turn: int                # 1 = the first player's first turn
    phase: "setup" | "leader" | "battle" | "appear" | "end" | "over"
    players: {seat: {
        hand: [card | "?N"],              # hidden; "?N" = a card nobody watching saw
        trash: [card], damage: [card], removed: [card],   # ゴミ箱, ダメージプレイス置き場, 除外
        grid: [square x 6],               # 0 1 2 front row, 3 4 5 back row; 4 = leader slot
        pool: int,                        # cost generated this turn (コスト発生)
        pl_negated: bool,                 # the next place of this seat loses its PL effect
        swapped: bool,                    # the leader phase move was made this turn
        used: [key], once: [card]}}       # declarations this turn; ゲーム中1回まで numbers
    square: {"place": card | "?N" | None,  # the face-down place (None: destroyed)
             "char": None | {"uid", "card", "rested", "equip": [card], "ap_mod", "lost", "start"}}
    battle: None | {"attacker", "defender", "target", "attackers": [uid], "blockers": [uid] | None,
                    "stage": "declared" | "blocked", "interrupted": bool}
    end_battle: bool         # a PL effect ended this battle phase (バトル終了)
    next_uid: int, winner: seat | None, reason: str, notes: [str]   # notes: this command's public events

The decks are kit piles ``deck:p1``/``deck:p2``; the face-down places are drawn from them
face down (nobody sees them: ``visible=()``), hands to their owner.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from kifu.replays.errors import RuleViolation
from kifu.replays.kit import Ctx, check_deck, frame

SEATS = ("p1", "p2")
LEADER = 4
SQUARE_NAMES = ("前左", "前中", "前右", "後左", "リーダー", "後右")
DECK_SIZE = 50
MAX_COPIES = 4
HAND_LIMIT = 6
#: a judge's time limit: the game is drawn at this turn (see the rulings)
TURN_LIMIT = 200

# -- the supplement's sections, cited by every RuleViolation ------------------------------
R_WIN = "勝利条件"
R_KINDS = "カードの種類"
R_DECL = "カードの種類/宣言"
R_PREP = "ゲームの準備"
R_PREP1 = "ゲームの準備①"
R_PREP2 = "ゲームの準備②"
R_PREP3 = "ゲームの準備③"
R_PREP4 = "ゲームの準備④"
R_FLOW = "ゲームの流れ"
R_START = "開始フェイズ"
R_LEADER = "リーダーフェイズ"
R_BATTLE1 = "バトルフェイズ①"
R_BATTLE2A = "バトルフェイズ②−A"
R_BATTLE2B = "バトルフェイズ②−B"
R_BATTLE3 = "バトルフェイズ③"
R_APPEAR = "登場フェイズ"
R_END = "終了フェイズ"
R_COOP_ATK = "協力攻撃"
R_COOP_DEF = "協力防御"
R_COOP_BOTH = "協力攻撃と協力防御"
R_PRIORITY = "優先権"
R_RECOVER = "デッキ回復"
R_TRIGGER = "「登場した時」と「置かれた時」"
R_LIMITS = "「この能力は失われる」と「ゲーム中1回まで」"
R_NEGATE = "PL効果無効系能力"
R_BOTH = "キャラクター兼イベントカード"
R_COST = "登場フェイズ/コスト"  # the official manual: costs are paid by discarding cards from hand
R_DECKLIST = "ゲームの準備/デッキ"  # the official manual: 50 cards, 4 copies, a start leader of cost 1 or less


def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def adjacent(square: int) -> list[int]:
    """The squares orthogonally next to ``square`` (上下左右)."""
    row, col = divmod(square, 3)
    out = [r * 3 + c for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
           if 0 <= r < 2 and 0 <= c < 3]
    return sorted(out)


def empty_square() -> dict[str, Any]:
    return {"place": None, "char": None}


class T(Ctx):
    """The context of one command: helpers over players, grids, hands and piles."""

    # -- reading --------------------------------------------------------------------
    def p(self, seat: str) -> dict[str, Any]:
        return self.s["players"][seat]

    def card(self, card_id: str) -> Mapping[str, Any]:
        return self.cs.card(card_id)

    def name(self, card_id: str) -> str:
        return self.cs.name(card_id)

    def grid(self, seat: str) -> list[dict[str, Any]]:
        return self.p(seat)["grid"]

    def char(self, seat: str, square: int) -> dict[str, Any] | None:
        return self.grid(seat)[square]["char"]

    def chars(self, seat: str) -> list[int]:
        return [i for i, sq in enumerate(self.grid(seat)) if sq["char"] is not None]

    def find(self, uid: int) -> tuple[str, int] | None:
        for seat in SEATS:
            for i, sq in enumerate(self.grid(seat)):
                if sq["char"] is not None and sq["char"]["uid"] == uid:
                    return seat, i
        return None

    def ap(self, seat: str, square: int) -> int:
        ch = self.char(seat, square)
        return self.card(ch["card"])["ap"] + ch["ap_mod"] + sum(500 * self._equip_n(e) for e in ch["equip"])

    def _equip_n(self, card_id: str) -> int:
        c = self.card(card_id)
        for eff in (c.get("event"), c.get("pl")):
            if eff and eff["effect"] in ("equip", "equip_self"):
                return eff["n"]
        return 0

    def dp(self, seat: str, square: int) -> int:
        return self.card(self.char(seat, square)["card"])["dp"]

    def places(self, seat: str) -> list[int]:
        return [i for i, sq in enumerate(self.grid(seat)) if sq["place"] is not None]

    def deck(self, seat: str) -> str:
        return f"deck:{seat}"

    def over(self) -> bool:
        return self.s["winner"] is not None or self.s["phase"] == "over"

    def note(self, text: str) -> None:
        self.s["notes"].append(text)

    def has_static(self, seat: str, effect: str) -> int:
        """The total ``n`` of a static ability on ``seat``'s field (LE ones only in the leader slot)."""
        total = 0
        for i in self.chars(seat):
            for a in self.card(self.char(seat, i)["card"])["abilities"]:
                if a["timing"] == "static" and a["effect"] == effect and (a["type"] == "CH" or i == LEADER):
                    total += max(a["n"], 1)
        return total

    # -- hands -----------------------------------------------------------------------
    def hand_item(self, seat: str, card: str) -> str | None:
        """The hand entry that is (or may be) ``card``: the card itself first, else a token."""
        hand = self.p(seat)["hand"]
        if card in hand:
            return card
        return next((i for i in hand if self.zones.could_be(i, card)), None)

    def candidates(self, seat: str) -> list[str]:
        return self.zones.candidates(self.p(seat)["hand"])

    def take_from_hand(self, seat: str, card: str, how: str, rule: str) -> str:
        item = self.hand_item(seat, card)
        if item is None:
            raise RuleViolation(rule, f"{self.name(card)} is not in {seat}'s hand")
        self.zones.reveal(item, card, how, rule)
        self.p(seat)["hand"].remove(item)
        return card

    # -- piles -----------------------------------------------------------------------
    def draw(self, seat: str, n: int, rule: str) -> None:
        """``seat`` draws ``n`` (to its hidden hand); the deck reaching 0 loses at once."""
        for _ in range(n):
            if self.over():
                return
            item = self.zones.draw(self.deck(seat), "draw", rule, visible=(seat,))
            if item is None:
                return
            self.p(seat)["hand"].append(item)
            self.deck_out(seat)

    def reveal_top(self, seat: str, event: str, rule: str) -> str | None:
        """The top card of ``seat``'s deck, turned face up for everyone (None if empty): even an
        observed table names it."""
        card = self.zones.draw(self.deck(seat), event, rule, unknown_ok=False)
        if card is not None:
            self.deck_out(seat)
        return card

    def turn_up(self, item: str, event: str, rule: str) -> str:
        """A face-down card turned face up in front of everyone: an observed table must name it."""
        return self.zones.turn_up(item, event, rule, unknown_ok=False)

    def deck_out(self, seat: str) -> None:
        if self.zones.size(self.deck(seat)) == 0:
            self.win(other(seat), f"{seat}のデッキが0枚になった ({R_WIN}②)")

    def win(self, seat: str, reason: str) -> None:
        if self.s["winner"] is None:
            self.s["winner"], self.s["reason"] = seat, reason
            self.note(f"勝者 {seat}: {reason}")

    # -- the field -------------------------------------------------------------------
    def put_char(self, seat: str, square: int, card: str, *, start: bool = False) -> dict[str, Any]:
        uid = self.s["next_uid"]
        self.s["next_uid"] += 1
        ch = {"uid": uid, "card": card, "rested": False, "equip": [], "ap_mod": 0, "lost": False, "start": start}
        self.grid(seat)[square]["char"] = ch
        return ch

    def leave_field(self, seat: str, square: int, why: str) -> None:
        """The character at ``square`` leaves the field: to the trash (a start leader: removed
        from the game), its equipment to the trash; a battle it is in is interrupted."""
        ch = self.grid(seat)[square]["char"]
        if ch is None:
            return
        self.grid(seat)[square]["char"] = None
        p = self.p(seat)
        (p["removed"] if ch["start"] else p["trash"]).append(ch["card"])
        p["trash"].extend(ch["equip"])
        battle = self.s["battle"]
        if battle and ch["uid"] in battle["attackers"] + (battle["blockers"] or []):
            battle["interrupted"] = True
            self.note(f"{self.name(ch['card'])}が場を離れ、バトルは中断 ({R_BATTLE3})")
        self.note(f"{seat}の{self.name(ch['card'])}({SQUARE_NAMES[square]})が{why}")

    def same_name_square(self, seat: str, card: str) -> int | None:
        name = self.card(card)["name"]
        return next((i for i in self.chars(seat) if self.card(self.char(seat, i)["card"])["name"] == name), None)

    def appear_squares(self, seat: str, card: str) -> list[int]:
        """Where ``card`` may appear (登場フェイズ): any square, one character each (a new one
        goes over an old one); with a same-name character on the field, only over it."""
        same = self.same_name_square(seat, card)
        return [same] if same is not None else list(range(6))


# -- setup -------------------------------------------------------------------------------
def check_decks(cs: Any, decks: Mapping[str, Mapping[str, Any]]) -> None:
    for seat in SEATS:
        if seat not in decks:
            raise RuleViolation(R_DECKLIST, f"no deck list for {seat}")
        deck = decks[seat]
        cards = check_deck(deck["cards"], cs.cards, R_DECKLIST, size=DECK_SIZE, label=f"{seat}'s deck")
        leader = deck["leader"]
        if leader not in cs.cards:
            raise RuleViolation(R_DECKLIST, f"{seat}'s start leader {leader!r} is not a card of this card set")
        lc = cs.cards[leader]
        if lc["kind"] not in ("character", "both") or lc["cost"] > 1:
            raise RuleViolation(R_DECKLIST, f"{seat}'s start leader must be a character of cost 1 or less")
        over = sorted(c for c, n in Counter([*cards, leader]).items() if n > MAX_COPIES)
        if over:
            raise RuleViolation(R_DECKLIST, f"{seat}: more than {MAX_COPIES} copies of {', '.join(over)} "
                                            "(the start leader counts)")


def deal(t: T, options: Mapping[str, Any], players: int) -> None:
    """ゲームの準備 ①–④: shuffle, じゃんけん, six face-down places, six cards, the start
    leaders revealed and their rule breakers resolved, first player first."""
    decks = options.get("decks") or t.cs.loaded.get("decks") or {}
    check_decks(t.cs, decks)
    winner = options.get("janken")
    if winner is None:  # ① じゃんけん: a chance event every table states (the winner goes first)
        winner = t.zones.pick("janken", R_PREP1, list(SEATS), unknown_ok=False)
    t.s.update(first=winner, active=winner, turn=0, phase="setup", battle=None, end_battle=False, next_uid=1,
               winner=None, reason="", notes=[f"じゃんけん: {winner}が先攻 ({R_PREP1})"],
               players={seat: {"hand": [], "trash": [], "damage": [], "removed": [],
                               "grid": [empty_square() for _ in range(6)], "pool": 0, "pl_negated": False,
                               "swapped": False, "used": [], "once": []} for seat in SEATS})
    order = (winner, other(winner))
    for seat in order:
        t.zones.add_pile(t.deck(seat), decks[seat]["cards"])
    for seat in order:  # ② places face down (nobody sees them), then six cards to the hand
        for square in range(6):
            t.grid(seat)[square]["place"] = t.zones.draw(t.deck(seat), "place", R_PREP2, visible=())
        t.draw(seat, 6, R_PREP2)
    for seat in order:  # ③④ start leaders face down at the back centre, revealed together
        t.put_char(seat, LEADER, decks[seat]["leader"], start=True)
    t.s["stack"].append(frame("begin", winner, None, "setup"))
    for seat in reversed(order):  # ④ the first player's rule breaker resolves first
        rb = t.card(decks[seat]["leader"]).get("rule_breaker")
        if rb:
            t.s["stack"].append(frame("rb:" + rb["effect"], seat, decks[seat]["leader"], "rule_breaker",
                                      {"n": rb["n"]}))

