"""Check and apply, one class per command type, then the flow of stages, rounds and turns.

Each ``@COMMANDS.implements`` class checks (raising ``RuleViolation`` with the rulebook
section), applies (trusting a checked command) and labels one command type. The flow
functions below them move the game on after a command: a turn's steps, the event phase,
the end of a round, the interim and final scoring. They run inside ``apply`` and note
what happened in ``state["log"]`` for ``describe``.
"""
from __future__ import annotations

from typing import Any

from kifu.replays.errors import RuleViolation
from kifu.replays.games.rolling_stone import dice as _dice
from kifu.replays.games.rolling_stone.album import SQUARES, neighbours, on_album, sources
from kifu.replays.games.rolling_stone.album import full as album_full
from kifu.replays.games.rolling_stone.cards import COLOUR_NAMES
from kifu.replays.games.rolling_stone.commands import COLOURS, COMMANDS, DIRECTIONS
from kifu.replays.games.rolling_stone.effects import dream_score, resolve_event, trigger
from kifu.replays.games.rolling_stone.state import (
    R_FINAL, R_MAIN, R_MOVE, R_PLACE, R_REPEAT, R_ROUND, R_SETUP, R_STAGE, SLOTS, Table)
from kifu.replays.kit import ALL, is_token

ROUNDS = 3
STAGES = 3
FULL_ALBUM_VP = 6
INTERIM_VP = (3, 1)
DIRECTION_NAMES = {"north": "北", "east": "東", "south": "南", "west": "西"}


# -- shared checks -----------------------------------------------------------------------

def _hand_item(t: Table, seat: str, card: str, rule: str, *, token_ok: bool) -> str:
    """The hand entry ``card`` names: the card, a token it may be, or (``token_ok``) a token itself."""
    hand = t.s["hands"][seat]
    if card in hand:
        return card
    if is_token(card):
        raise RuleViolation(rule, f"{card} is not an unknown card of {seat}'s hand" if token_ok
                            else f"name the card: it is put face up ({card} is not a card)")
    token = next((i for i in hand if t.zones.could_be(i, card)), None)
    if token is None:
        raise RuleViolation(rule, f"{t.text(card)} is not in {seat}'s hand")
    return token


def _take_item(t: Table, seat: str, card: str, rule: str, how: str) -> str:
    """Remove ``card`` from the hand (revealing the token it was, if it was one)."""
    item = card if card in t.s["hands"][seat] else next(i for i in t.s["hands"][seat] if t.zones.could_be(i, card))
    t.s["hands"][seat].remove(item)
    if item != card and not is_token(card):
        t.zones.reveal(item, card, how, rule)
        return card
    return item


def check_square(t: Table, seat: str, card: str, square: str | None) -> None:
    """配置ルール/１, clause by clause, for ``card`` put on ``square`` (None: discarded unplaced)."""
    kind, squares = t.placement(seat, card)
    name = t.text(card)
    if square is None:
        if kind != "discard":
            raise RuleViolation(R_PLACE, f"{name} can be placed ({', '.join(squares)}): a card is discarded unplaced "
                                         "only when no placement is possible")
        return
    if not on_album(square):
        raise RuleViolation(R_PLACE, f"{square} is off the album: it is 縦４マス、横４マス (A1–D4)")
    if square in squares:
        return
    colour = t.colour(card)
    src = sources(t.s["dice"][seat], [colour])
    if kind == "discard":
        raise RuleViolation(R_PLACE, f"{name} cannot be placed: every square next to the {COLOUR_NAMES[colour]} die "
                                     "holds a card carrying a die, so it is discarded (square null)")
    if not any(square in neighbours(s) for s in src):
        diagonal = any(abs(ord(square[0]) - ord(s[0])) == 1 and abs(int(square[1:]) - int(s[1:])) == 1 for s in src)
        raise RuleViolation(R_PLACE, f"{square} is not next to (縦か横) the card carrying the {COLOUR_NAMES[colour]} die "
                                     f"({', '.join(src)})" + ("; diagonals do not count (斜めは不可)" if diagonal else ""))
    if kind == "empty":
        raise RuleViolation(R_PLACE, f"{square} holds a card: a card is discarded to make room only when no adjacent "
                                     f"square is empty ({', '.join(squares)} is)")
    raise RuleViolation(R_PLACE, f"the card on {square} carries a die: it cannot be discarded")


def placement_label(t: Table, seat: str, card: str, square: str | None) -> str:
    name = t.text(card)
    if square is None:
        return f"{name}は配置できない: 捨て札"
    old = t.s["albums"][seat].get(square)
    return f"{name}を {square} に配置" + (f"（{t.text(old)}を捨て札に）" if old else "")


# -- setup (ゲームの準備) ---------------------------------------------------------------------

@COMMANDS.implements("pass_dream")
class PassDream:
    """その後、各プレイヤーは手札から好きな１枚を左隣のプレイヤーに渡してください (all at once)."""

    def check(self, t, cmd):
        _hand_item(t, cmd["seat"], cmd["card"], R_SETUP, token_ok=True)

    def apply(self, t, cmd):
        seat = cmd["seat"]
        t.s["choices"][seat] = _take_item(t, seat, cmd["card"], R_SETUP, "pass")
        t.note("chosen", seat=seat, kind="pass")
        if len(t.s["choices"]) == len(t.seats):
            for giver in t.seats:
                t.s["hands"][t.left(giver)].append(t.s["choices"][giver])
            t.note("passed")
            t.s["choices"] = {}
            t.s["phase"] = "album"

    def label(self, t, cmd, seat):
        card = cmd["card"]
        what = f"見ていない1枚（{card}）" if is_token(card) else t.text(card)
        return f"{what}を左隣（{t.left(cmd['seat'])}）へ渡す"


@COMMANDS.implements("start_album")
class StartAlbum:
    """キャラクターカードはその中の好きな位置に配置されているものとしてください."""

    def check(self, t, cmd):
        if t.s["albums"][cmd["seat"]]:
            raise RuleViolation(R_SETUP, f"{cmd['seat']}'s character card is already placed")
        if not on_album(cmd["square"]):
            raise RuleViolation(R_SETUP, f"{cmd['square']} is off the album (縦４マス、横４マス: A1–D4)")

    def apply(self, t, cmd):
        seat, square = cmd["seat"], cmd["square"]
        t.s["albums"][seat][square] = t.s["characters"][seat]
        for die in t.s["dice"][seat].values():
            die["square"] = square
        t.note("character", seat=seat, square=square)

    def label(self, t, cmd, seat):
        return f"キャラクターを {cmd['square']} に置く"


@COMMANDS.implements("roll")
class Roll:
    """４色のサイコロを各１個ずつ受け取り、それを振ります (a chance event: its top face)."""

    def check(self, t, cmd):
        seat, die = cmd["seat"], t.s["dice"][cmd["seat"]][cmd["colour"]]
        if not t.s["albums"][seat]:
            raise RuleViolation(R_SETUP, "the dice go on the character card's square: place it first (start_album)")
        if die["top"] is not None:
            raise RuleViolation(R_SETUP, f"the {COLOUR_NAMES[cmd['colour']]} die is already rolled")

    def apply(self, t, cmd):
        die = t.s["dice"][cmd["seat"]][cmd["colour"]]
        die["top"] = t.zones.pick("roll", R_SETUP, list(_dice.FACES), visible=ALL, unknown_ok=False)
        t.note("rolled", seat=cmd["seat"], colour=cmd["colour"], top=die["top"])

    def label(self, t, cmd, seat):
        return f"{COLOUR_NAMES[cmd['colour']]}のサイコロを振る"


@COMMANDS.implements("orient")
class Orient:
    """出目が一番上になっているなら、どの面をどの方向へ向けるかは自由に選ぶことができます."""

    def check(self, t, cmd):
        dice = t.s["dice"][cmd["seat"]]
        die = dice[cmd["colour"]]
        if any(d["top"] is None for d in dice.values()):
            raise RuleViolation(R_SETUP, "roll all four dice first (それを振ります), then place them")
        if die["north"] is not None:
            raise RuleViolation(R_SETUP, f"the {COLOUR_NAMES[cmd['colour']]} die is already placed")
        if cmd["north"] not in _dice.orientations(die["top"]):
            raise RuleViolation(R_SETUP, f"with {die['top']} on top, {cmd['north']} cannot face north (the rolled face "
                                         f"stays on top; its sides are {', '.join(map(str, _dice.orientations(die['top'])))})")

    def apply(self, t, cmd):
        seat = cmd["seat"]
        die = t.s["dice"][seat][cmd["colour"]]
        die["north"] = cmd["north"]
        t.note("oriented", seat=seat, colour=cmd["colour"], top=die["top"], north=cmd["north"],
               east=_dice.east(die, t.s["handedness"]))
        if all(d["north"] is not None for s in t.seats for d in t.s["dice"][s].values()):
            choose_start_player(t)

    def label(self, t, cmd, seat):
        die = t.s["dice"][cmd["seat"]][cmd["colour"]]
        east = _dice.east({"top": die["top"], "north": cmd["north"]}, t.s["handedness"])
        return f"{COLOUR_NAMES[cmd['colour']]} {die['top']}: 北に {cmd['north']}（東に {east}）"


def choose_start_player(t: Table) -> None:
    """最後に各自目を合計し、最も小さいプレイヤーがスタートプレイヤーマーカーを受け取ってください.
    Tied lowest sums: one of them at random (ruling; the table's own way, e.g. じゃんけん)."""
    sums = {s: t.dice_sum(s) for s in t.seats}
    low = min(sums.values())
    tied = [s for s in t.seats if sums[s] == low]
    start = tied[0] if len(tied) == 1 else t.zones.pick("start_player", R_SETUP, tied, visible=ALL, unknown_ok=False)
    t.s["marker"] = start
    t.note("start_player", seat=start, sums=sums, tied=tied)
    begin_stage(t, 1)


# -- １：ステージ開始 ----------------------------------------------------------------------------

@COMMANDS.implements("set_skill")
class SetSkill:
    """手札のドリームカードの中から、好きな１枚を表向きで手元に置き、これを「スキル」とします
    (chosen by all at once, hidden until every seat has chosen)."""

    def check(self, t, cmd):
        _hand_item(t, cmd["seat"], cmd["card"], R_STAGE, token_ok=False)

    def apply(self, t, cmd):
        seat = cmd["seat"]
        t.s["choices"][seat] = _take_item(t, seat, cmd["card"], R_STAGE, "skill")
        t.note("chosen", seat=seat, kind="skill")
        if len(t.s["choices"]) == len(t.seats):
            reveal_skills(t)

    def label(self, t, cmd, seat):
        return f"{t.text(cmd['card'])}をスキルにセット"


def begin_stage(t: Table, stage: int) -> None:
    t.s.update(stage=stage, round=0, phase="skill", choices={})
    t.note("stage", stage=stage)


def reveal_skills(t: Table) -> None:
    """Every skill turned face up; then 現在のステージのイベントカードをシャッフルし、横並びに
    ３枚並べて表向きにします (three chance events: the row, left to right)."""
    chosen = t.s["choices"]
    for seat in t.seats:
        t.s["skills"][seat].append(chosen[seat])
    t.note("skills", cards={s: chosen[s] for s in t.seats})
    for seat in t.seats:  # a skill that acts once, when set (extra_die)
        trigger(t, "set", seat, set=chosen[seat])
    t.s["choices"] = {}
    pile = f"events{t.s['stage']}"
    t.s["events"] = [t.zones.draw(pile, "event_card", R_STAGE, visible=ALL, unknown_ok=False)
                     for _ in range(t.zones.size(pile))]
    t.note("events", cards=list(t.s["events"]))
    begin_round(t)


# -- ２：ラウンド開始 ----------------------------------------------------------------------------

def begin_round(t: Table) -> None:
    """現在のステージ山から"プレイヤー人数"枚引き、表向きに配置して【共通場】とします: the
    start player draws them one by one (``draw``)."""
    t.s.update(round=t.s["round"] + 1, phase="field", field=[], order=[None] * len(SLOTS))
    t.note("round", stage=t.s["stage"], round=t.s["round"])
    if t.zones.size(deck(t)) == 0:
        t.note("deck_empty", when="field")
        begin_order(t)


def deck(t: Table) -> str:
    return f"stage{t.s['stage']}"


@COMMANDS.implements("draw")
class Draw:
    """A card from the stage deck, face up: to the 共通場, or the リピート card."""

    def check(self, t, cmd):
        if t.zones.size(deck(t)) == 0:  # flow never waits on an empty deck; a judge's safety net
            raise RuleViolation(R_ROUND, "the stage deck is empty")

    def apply(self, t, cmd):
        if t.s["phase"] == "field":
            card = t.zones.draw(deck(t), "field_card", R_ROUND, visible=ALL, unknown_ok=False)
            t.s["field"].append(card)
            t.note("drawn", seat=cmd["seat"], card=card, to="field")
            if len(t.s["field"]) == len(t.seats) or t.zones.size(deck(t)) == 0:
                begin_order(t)
            return
        card = t.zones.draw(deck(t), "repeat_card", R_REPEAT, visible=ALL, unknown_ok=False)
        t.s["repeats"] -= 1
        t.s.update(placing=card, turn_step="place")
        t.note("drawn", seat=cmd["seat"], card=card, to="repeat")

    def label(self, t, cmd, seat):
        if t.s["phase"] == "field":
            return f"共通場に1枚めくる（{len(t.s['field']) + 1}/{len(t.seats)}枚目）"
        return "リピート: ステージ山から1枚引く"


def begin_order(t: Table) -> None:
    """スタートプレイヤーから時計回りで…オーダーカードの空いている数字マスに、自分のポーンを配置."""
    t.s.update(phase="order", orderer=t.s["marker"])


@COMMANDS.implements("order")
class Order:
    """オーダーカードの空いている数字マス (３人プレイ時でも「４」を選ぶことができます)."""

    def check(self, t, cmd):
        taken = t.s["order"][cmd["slot"] - 1]
        if taken is not None:
            raise RuleViolation(R_ROUND, f"the order square {cmd['slot']} is taken by {taken}'s pawn")

    def apply(self, t, cmd):
        seat = cmd["seat"]
        t.s["order"][cmd["slot"] - 1] = seat
        t.note("ordered", seat=seat, slot=cmd["slot"])
        nxt = t.left(seat)
        if nxt == t.s["marker"]:
            t.s.update(orderer=None, phase="main")
            next_turn(t, 0)
        else:
            t.s["orderer"] = nxt

    def label(self, t, cmd, seat):
        bonus = {1: "", 2: "（スタートプレイヤー）", 3: "（サイコロ1面）", 4: "（パワー1）"}[cmd["slot"]]
        return f"オーダー「{cmd['slot']}」にポーンを置く{bonus}"


# -- ３：メインフェイズ ------------------------------------------------------------------------

def next_turn(t: Table, after: int) -> None:
    """プレイ順に従い: the next pawn on the order card after square ``after``; none left: the event."""
    nxt = next((slot for slot in SLOTS if slot > after and t.s["order"][slot - 1]), None)
    if nxt is None:
        event_phase(t)
    else:
        start_turn(t, t.s["order"][nxt - 1], nxt)


def start_turn(t: Table, seat: str, slot: int) -> None:
    """自分のポーンを手元へ戻します。この時、「１」以外のマスを選んでいたらオーダーボーナス."""
    t.s["order"][slot - 1] = None
    t.s.update(active=seat, slot=slot, repeats=1, turn_step=None, phase="main")
    t.note("turn", seat=seat, slot=slot)
    if slot == 2:
        t.s["marker"] = seat
        t.note("marker", seat=seat)
    elif slot == 4:
        t.gain(seat, "power", 1, "オーダーボーナス4")
    trigger(t, "turn", seat, from_slot=slot)
    if slot == 3:
        t.s["turn_step"] = "bonus"
    else:
        to_take(t)


def to_take(t: Table) -> None:
    """次に、【共通場】から好きな１枚を選んで【アルバム】に配置してください (none left: skipped)."""
    if t.s["field"]:
        t.s["turn_step"] = "take"
    else:
        t.note("field_empty", seat=t.s["active"])
        to_repeat(t)


def to_repeat(t: Table) -> None:
    """以上の処理が終わったら、「リピート」を行います (an empty stage deck: none)."""
    if t.s["repeats"] > 0 and t.zones.size(deck(t)) > 0:
        t.s["turn_step"] = "draw"
        return
    if t.s["repeats"] > 0:
        t.note("deck_empty", when="repeat")
    prev = t.s["slot"]
    t.s.update(active=None, slot=None, turn_step=None, repeats=0)
    next_turn(t, prev)


def bonus_die_id(cmd: dict) -> str:
    """The die ``bonus_die`` names: its colour's first, or the ``die``-th of that colour."""
    return _dice.die_id(cmd["colour"], cmd.get("die", 1))


def die_name(die: str) -> str:
    """赤, or 赤2 for a second red die."""
    colour = _dice.colour_of(die)
    return COLOUR_NAMES[colour] + die[len(colour):]


@COMMANDS.implements("bonus_die")
class BonusDie:
    """オーダーボーナス３: 自分のサイコロ１個を、好きな方向へ１面分動かしてもよい."""

    def check(self, t, cmd):
        # the colour and direction are the schema's; the die stays on its card
        if bonus_die_id(cmd) not in t.s["dice"][cmd["seat"]]:
            raise RuleViolation(R_MAIN, f"{cmd['seat']} has no {die_name(bonus_die_id(cmd))} die "
                                        "(オーダーボーナス3: 自分のサイコロ１個)")

    def apply(self, t, cmd):
        t.roll_die(cmd["seat"], bonus_die_id(cmd), cmd["direction"], "オーダーボーナス3")
        to_take(t)

    def label(self, t, cmd, seat):
        die = t.s["dice"][cmd["seat"]][bonus_die_id(cmd)]
        after = _dice.roll(die, cmd["direction"], t.s["handedness"])
        return (f"オーダーボーナス3: {die_name(bonus_die_id(cmd))} を{DIRECTION_NAMES[cmd['direction']]}へ1面"
                f"（{die['top']}→{after['top']}）")


@COMMANDS.implements("skip_bonus")
class SkipBonus:
    def check(self, t, cmd):
        pass

    def apply(self, t, cmd):
        t.note("skipped", seat=cmd["seat"])
        to_take(t)

    def label(self, t, cmd, seat):
        return "オーダーボーナス3を使わない"


def place_card(t: Table, seat: str, card: str, square: str | None) -> None:
    """配置ルール: a checked placement of ``card`` (1), then every die of its colour onto it,
    rolled one face in the direction it moves (2)."""
    if square is None:
        t.discard(seat, card, "配置不可能")
        trigger(t, "lost", seat, lost=card)
        return
    album = t.s["albums"][seat]
    if square in album:
        t.discard(seat, album[square], "置き換え")
        trigger(t, "lost", seat, lost=album[square])
    album[square] = card
    t.note("placed", seat=seat, card=card, square=square)
    colour = t.colour(card)
    dice = t.s["dice"][seat]
    for die in _dice.of_colour(dice, colour):  # 複数あれば、その全てを移動させます
        src = dice[die]["square"]
        way = _dice.direction(src, square)
        if way is None:
            raise RuleViolation(R_MOVE, f"the {die_name(die)} die on {src} is not next to {square}")
        t.roll_die(seat, die, way, "配置", to=square)
    trigger(t, "placed", seat, placed=card)


@COMMANDS.implements("take")
class Take:
    """【共通場】から好きな１枚を選んで【アルバム】に配置."""

    def check(self, t, cmd):
        if cmd["card"] not in t.s["field"]:
            raise RuleViolation(R_MAIN, f"{t.text(cmd['card'])} is not in the 共通場")
        check_square(t, cmd["seat"], cmd["card"], cmd["square"])

    def apply(self, t, cmd):
        t.s["field"].remove(cmd["card"])
        place_card(t, cmd["seat"], cmd["card"], cmd["square"])
        to_repeat(t)

    def label(self, t, cmd, seat):
        return "共通場から " + placement_label(t, cmd["seat"], cmd["card"], cmd["square"])


@COMMANDS.implements("place")
class Place:
    """リピート: 現在のステージ山から１枚引いて、同様に【アルバム】へ配置."""

    def check(self, t, cmd):
        check_square(t, cmd["seat"], t.s["placing"], cmd["square"])

    def apply(self, t, cmd):
        card, t.s["placing"] = t.s["placing"], None
        place_card(t, cmd["seat"], card, cmd["square"])
        to_repeat(t)

    def label(self, t, cmd, seat):
        return placement_label(t, cmd["seat"], t.s["placing"], cmd["square"])


# -- ４：イベントフェイズ, ５：ラウンド終了, 決算 ----------------------------------------------------

def event_phase(t: Table) -> None:
    """最も左にあるイベントカード１枚を、記載されたのテキストに従って処理; it then leaves the row."""
    if t.s["events"]:
        card = t.s["events"].pop(0)
        t.s["resolved"].append(card)
        resolve_event(t, card)
    end_round(t)


def end_round(t: Table) -> None:
    """５：ラウンド終了; after three rounds the 中間決算 (stages 1 and 2) or the 最終決算."""
    if t.s["round"] < ROUNDS:
        begin_round(t)
    elif t.s["stage"] < STAGES:
        interim(t)
        begin_stage(t, t.s["stage"] + 1)
    elif any(is_token(i) for s in t.seats for i in t.s["hands"][s]):
        t.s["phase"] = "reveal"
    else:
        final_scoring(t)


def interim(t: Table) -> None:
    """中間決算: the dice sums ranked with shared places (A22 B22 C18 D18: AB first, CD
    second): 1st 3VP, 2nd 1VP, the rest nothing."""
    sums = {s: t.dice_sum(s) for s in t.seats}
    ranks = ranking(sums)
    t.note("interim", stage=t.s["stage"], sums=sums, first=ranks[0], second=ranks[1])
    for place, seats in enumerate(ranks):
        for seat in seats:
            t.gain(seat, "vp", INTERIM_VP[place], f"中間決算{place + 1}位")


def ranking(sums: dict[str, int]) -> tuple[list[str], list[str]]:
    """The seats ranked 1st and 2nd by ``sums``, ties sharing a place.

    >>> ranking({"A": 22, "B": 22, "C": 18, "D": 18})
    (['A', 'B'], ['C', 'D'])
    >>> ranking({"A": 9, "B": 9, "C": 9})
    (['A', 'B', 'C'], [])
    """
    values = sorted(set(sums.values()), reverse=True)
    first = [s for s in sums if sums[s] == values[0]]
    second = [s for s in sums if len(values) > 1 and sums[s] == values[1]]
    return first, second


@COMMANDS.implements("reveal_dream")
class RevealDream:
    """最終決算/２: the dream card left in hand is shown (observed tables, where it was not seen)."""

    def check(self, t, cmd):
        hand = t.s["hands"][cmd["seat"]]
        if not any(is_token(i) for i in hand):
            raise RuleViolation(R_FINAL, f"{cmd['seat']}'s dream card is known already")
        if not t.zones.holds([i for i in hand if is_token(i)], cmd["card"]):
            raise RuleViolation(R_FINAL, f"{cmd['seat']}'s last dream card cannot be {t.text(cmd['card'])}")

    def apply(self, t, cmd):
        hand = t.s["hands"][cmd["seat"]]
        token = next(i for i in hand if is_token(i) and t.zones.could_be(i, cmd["card"]))
        hand[hand.index(token)] = t.zones.reveal(token, cmd["card"], "最終決算", R_FINAL)
        t.note("revealed", seat=cmd["seat"], card=cmd["card"])
        if not any(is_token(i) for s in t.seats for i in t.s["hands"][s]):
            final_scoring(t)

    def label(self, t, cmd, seat):
        return f"手札に残ったドリームカードは{t.text(cmd['card'])}"


def final_scoring(t: Table) -> None:
    """最終決算: 1 dice + ★ (−1 each; +1 with a power on it; 所持しているパワーは全て配置して
    ください: every cube is placed, so none is held after it), 2 the dream card left in
    hand, 3 a full album +6; plus the VP gained before."""
    final: dict[str, Any] = {}
    for seat in t.seats:
        stars, power = t.stars(seat), t.s["power"][seat]
        covered = min(stars, power)
        dream = sum(dream_score(t, seat, card) for card in t.s["hands"][seat])
        row = {"dice": t.dice_sum(seat), "stars": stars, "power": power, "power_placed": covered,
               "star_vp": covered - (stars - covered),
               "dream": dream, "full": FULL_ALBUM_VP if album_full(t.s["albums"][seat]) else 0,
               "earned": t.s["vp"][seat]}
        row["total"] = row["dice"] + row["star_vp"] + row["dream"] + row["full"] + row["earned"]
        final[seat] = row
        t.gain(seat, "power", -power, "最終決算1: 所持しているパワーは全て配置")
    t.s.update(final=final, phase="over")
    t.note("final", scores={s: final[s]["total"] for s in t.seats})


COMMANDS.complete()


# -- who acts, and what they may do ------------------------------------------------------------

#: the command types each phase takes (main: by the turn's step)
PHASE_TYPES = {
    "draft": ("pass_dream",), "album": ("start_album", "roll", "orient"), "skill": ("set_skill",),
    "field": ("draw",), "order": ("order",), "reveal": ("reveal_dream",),
    "bonus": ("bonus_die", "skip_bonus"), "take": ("take",), "draw": ("draw",), "place": ("place",),
}
PHASE_RULES = {"draft": R_SETUP, "album": R_SETUP, "skill": R_STAGE, "field": R_ROUND, "order": R_ROUND,
               "main": R_MAIN, "reveal": R_FINAL, "over": R_FINAL}


def setup_left(state: dict, seat: str) -> bool:
    return any(d["north"] is None for d in state["dice"][seat].values())


def to_act(state: dict) -> tuple[str, ...]:
    phase, seats = state["phase"], state["seats"]
    if phase in ("draft", "skill"):
        return tuple(s for s in seats if s not in state["choices"])
    if phase == "album":
        return tuple(s for s in seats if setup_left(state, s))
    if phase == "field":
        return (state["marker"],)
    if phase == "order":
        return (state["orderer"],)
    if phase == "main":
        return (state["active"],)
    if phase == "reveal":
        return tuple(s for s in seats if any(is_token(i) for i in state["hands"][s]))
    return ()


def precheck(t: Table, cmd: dict) -> bool:
    """Whose command the game awaits, and which types the phase takes."""
    phase = t.s["phase"]
    rule = PHASE_RULES[phase]
    if phase == "over":
        raise RuleViolation(R_FINAL, "the game is over")
    seat = cmd["seat"]
    if seat not in t.seats:
        raise RuleViolation(R_SETUP, f"{seat} is not playing")
    awaited = to_act(t.s)
    if seat not in awaited:
        if phase in ("draft", "skill"):
            raise RuleViolation(rule, f"{seat} has chosen already; waiting for {', '.join(awaited)}")
        raise RuleViolation(rule, f"it is not {seat}'s to act now; waiting for {', '.join(awaited) or 'nobody'}")
    step = t.s["turn_step"] if phase == "main" else phase
    if cmd["type"] not in PHASE_TYPES[step]:
        raise RuleViolation(rule, f"{cmd['type']} is not possible now: {seat} may {' or '.join(PHASE_TYPES[step])}")
    return False


def legal_commands(t: Table, seat: str) -> list[dict]:
    s = t.s
    if seat not in to_act(s):
        return []
    phase = s["phase"]
    out: list[dict] = []
    if phase == "draft":
        hand = s["hands"][seat]
        tokens = sorted((i for i in hand if is_token(i)), key=lambda i: int(i[1:]))
        out = [{"type": "pass_dream", "seat": seat, "card": c} for c in t.zones.candidates(hand)]
        out += [{"type": "pass_dream", "seat": seat, "card": tok} for tok in tokens[:1]]
    elif phase == "skill":
        out = [{"type": "set_skill", "seat": seat, "card": c} for c in t.zones.candidates(s["hands"][seat])]
    elif phase == "album":
        dice = s["dice"][seat]
        if not s["albums"][seat]:
            out = [{"type": "start_album", "seat": seat, "square": sq} for sq in SQUARES]
        elif any(d["top"] is None for d in dice.values()):
            out = [{"type": "roll", "seat": seat, "colour": c} for c in COLOURS if dice[c]["top"] is None]
        else:
            out = [{"type": "orient", "seat": seat, "colour": c, "north": n}
                   for c in COLOURS if dice[c]["north"] is None for n in _dice.orientations(dice[c]["top"])]
    elif phase in ("field", "order"):
        out = ([{"type": "draw", "seat": seat}] if phase == "field" else
               [{"type": "order", "seat": seat, "slot": n} for n in SLOTS if s["order"][n - 1] is None])
    elif phase == "reveal":
        tokens = [i for i in s["hands"][seat] if is_token(i)]
        out = [{"type": "reveal_dream", "seat": seat, "card": c} for c in t.zones.candidates(tokens)]
    elif s["turn_step"] == "bonus":
        out = [{"type": "bonus_die", "seat": seat, "colour": _dice.colour_of(die), "direction": d,
                **({"die": int(die[len(_dice.colour_of(die)):])} if die not in COLOURS else {})}
               for c in COLOURS for die in _dice.of_colour(s["dice"][seat], c) for d in DIRECTIONS]
        out.append({"type": "skip_bonus", "seat": seat})
    elif s["turn_step"] == "take":
        for card in s["field"]:
            out += [{"type": "take", "seat": seat, "card": card, "square": sq} for sq in _squares(t, seat, card)]
    elif s["turn_step"] == "draw":
        out = [{"type": "draw", "seat": seat}]
    elif s["turn_step"] == "place":
        out = [{"type": "place", "seat": seat, "square": sq} for sq in _squares(t, seat, s["placing"])]
    return out


def _squares(t: Table, seat: str, card: str) -> list[str | None]:
    kind, squares = t.placement(seat, card)
    return [None] if kind == "discard" else list(squares)

