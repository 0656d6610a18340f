"""Attached supports' texts the ``supports_attached`` shapes leave (read after every other family's):
more constants (``supports_attached.CONSTANT_SHAPES``, ``ARTS_TESTS``) and the abilities that mix
constants and triggers under one 「◆…に付いていたら能力追加」.

- 「このツールが付いている〈名前〉のアーツ+N」: an arts bonus only while the holder is of that name
  (``arts_while`` with a holder condition), and the 「◆(2nd(以上)の)〈名前〉に付いていたら能力追加」 after it;
- 「このファンが付いているホロメンのアーツ-N」 (ろぼさー): a negative ``arts_while``;
- 「このホロメンのHPが減っているなら」 (``damaged``), 「自分のステージに〈名前〉がある間」 (``stage_has``: a holomem
  or an attached card of that name), 「このゲーム中に、自分の〈名前〉のSP推しスキル「…」を使っていたなら」
  (``sp_used``: the oshi is fixed for the game and its SP skill is used once, ``rules.OshiSkill``),
  「[センターポジション限定]このホロメンのアーツ+N」 (``at``);
- 「[センターポジション・コラボポジション限定]相手のセンターホロメンのバトンタッチに必要な無色+N」
  (``opp_baton_plus``, ``state.BATON_MODIFIERS``: the baton touch of the opponent's centre costs more
  while the holder stands at one of those positions);
- 「このホロメンのアーツダメージは軽減されない」 (``effects.UNREDUCED``), 「相手のメインステップの間、…のHPは相手の能力で
  減らず、変動しない」 (``main_guard``, a decrease of ``effects.DAMAGE_MODIFIERS``, as keywords_gifts' gift of that text);
- 「◆…に付いていたら能力追加■<constant>■<…がアーツを使った時 / Bloomレベルが上がった時 / コラボした時、<効果>>」:
  the constants and the triggers of one ability (``on_arts``, ``on_bloom``, ``on_collab`` as
  ``supports_attached``'s: every Bloom raises the level, Debut→1st, 1st→2nd; 「2ndの」 is 「2nd以上の」, no level
  being above it); 「相手のバックホロメンがダウンした時」 (``effects.DOWN_HOOKS``), 「…にエールが付いた時」
  (``effects.CHEER_HOOKS``: every cheer ``attach_cheer`` puts there, sent or moved);
- a tool's play cost 「自分の手札1枚か自分のステージの〈名前〉1枚をアーカイブしなければ使えない」 (refused with neither,
  paid as it is attached);
- holomem texts that search, look at or draw: a Debut of the oshi's name / of a name not on the stage, the
  holopower taken unseen, the opponent's hand looked at, as many deck cards as the opponent's hand, both hands
  under the decks, archived holomem under the deck. A card taken without 「公開し」 is a secret choice, known to
  its owner only.
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg import effects as E
from kifu.replays.games.hocg.abilities import supports
from kifu.replays.games.hocg.abilities import supports_attached as sa
from kifu.replays.games.hocg.abilities.grammar import Spec, Texts
from kifu.replays.games.hocg.effects import EFFECTS, Options, names_of
from kifu.replays.games.hocg.state import BATON_MODIFIERS, Board, needs, other
from kifu.replays.kit import frame

TEXTS = Texts()


# ------------------------------------------------------------------ constants

def _constant(text: str, kind: str) -> dict[str, Any] | None:
    m = re.fullmatch(rf"この{kind}が付いているホロメンのアーツ-(\d+)。", text)
    if m:
        return {"arts_while": [{"amount": -int(m[1])}]}
    m = re.fullmatch(r"このホロメンのHPが減っているなら、このホロメンのアーツ\+(\d+)。", text)
    if m:
        return {"arts_while": [{"amount": int(m[1]), "test": "damaged"}]}
    m = re.fullmatch(r"このゲーム中に、自分の〈([^〉]+)〉のSP推しスキル「([^」]+)」を使っていたなら、このホロメンのアーツ\+(\d+)。", text)
    if m:
        return {"arts_while": [{"amount": int(m[3]), "test": "sp_used", "name": m[1], "skill": m[2]}]}
    m = re.fullmatch(rf"自分のステージに〈([^〉]+)〉がある間、この{kind}が付いているホロメンのアーツ\+(\d+)。", text)
    if m:
        return {"arts_while": [{"amount": int(m[2]), "test": "stage_has", "name": m[1]}]}
    m = re.fullmatch(r"\[センターポジション限定\]このホロメンのアーツ\+(\d+)。", text)
    if m:
        return {"arts_while": [{"amount": int(m[1]), "test": "at", "at": ["center"]}]}
    if text == f"相手のメインステップの間、この{kind}が付いているホロメンのHPは相手の能力で減らず、変動しない。":
        return {"main_guard": [{}]}
    if text == "このホロメンのアーツダメージは軽減されない。":
        return {"unreduced": [{}]}
    m = re.fullmatch(r"\[センターポジション・コラボポジション限定\]相手のセンターホロメンのバトンタッチに必要な無色\+(\d)。", text)
    if m:
        return {"opp_baton_plus": [{"amount": int(m[1]), "at": ["center", "collab"]}]}
    return None


sa.CONSTANT_SHAPES.append(_constant)


def _sp_used(t: Board, seat: str, pos: str, h: dict, e: dict) -> bool:
    pl = t.p(seat)
    sp = next((a for a in t.card(pl["oshi"])["abilities"] if a["kind"] == "sp_oshi"), None)
    return bool(pl.get("sp_used")) and e["name"] in names_of(t, pl["oshi"]) and sp is not None and sp.get("name") == e["skill"]


sa.ARTS_TESTS.update({
    "damaged": lambda t, seat, pos, h, e: h["damage"] > 0,
    "stage_has": lambda t, seat, pos, h, e: any(e["name"] in names_of(t, card) for _, x in t.stage(seat)
                                                for card in (x["card"], *x["attached"])),
    "sp_used": _sp_used,
    "at": lambda t, seat, pos, h, e: sa._slot(pos) in e["at"],
})


@needs("unreduced")
def attached_unreduced(t: Board, seat: str, pos: str, attacker: dict, target: str) -> bool:
    """``effects.UNREDUCED``: 「このホロメンのアーツダメージは軽減されない」 of a card attached to the attacker
    (ギラファノコギリクワガタ hBP07-103, while the holder fits)."""
    return bool(sa._entries(t, attacker, "unreduced"))


E.UNREDUCED.append(attached_unreduced)


@needs("main_guard")
def main_guard(t: Board, seat: str, pos: str, amount: int, *, source: str | None, special: bool,
               by: dict | None) -> int:
    """``effects.DAMAGE_MODIFIERS`` (a decrease: after the others): 「相手のメインステップの間、このツールが付いている
    ホロメンのHPは相手の能力で減らず、変動しない」 (カワイイスタジャン hBP06-097) as keywords_gifts' ``hp_guard`` reads its
    gift: no damage from the opponent while the opponent's main step lasts."""
    h = t.holo(seat, pos)
    if h is None or amount <= 0 or not h["attached"] or t.s["active"] == seat or t.s["phase"] != "main" \
            or not sa._from_opponent(t, seat, by):
        return amount
    for item, _ in sa._entries(t, h, "main_guard"):
        return amount - sa._noted(t, seat, pos, item, amount)
    return amount


E.DAMAGE_MODIFIERS.append(main_guard)


@TEXTS.pattern(r"◆Buzzホロメンに付いていたら能力追加((?:■[^■]+){2,})")
def _buzz_constants(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「◆Buzzホロメンに付いていたら能力追加■…のHP+N。■<constant>」 (カワイイスタジャン hBP06-097)."""
    kind = "ツール" if "このツール" in m[1] else "マスコット"
    merged: dict[str, list] = {}
    for part in m[1].split("■")[1:]:
        plain = re.fullmatch(rf"この{kind}が付いているホロメンのHP\+(\d+)。", part)
        constant = {"hp_while": [{"amount": int(plain[1])}]} if plain else sa._damage_constant(part, kind)
        if constant is None:
            return None
        for k, v in constant.items():
            merged.setdefault(k, []).extend(v)
    return "attached_constant", sa._with_holder(merged, {"buzz": True})


@needs("opp_baton_plus")
def opp_baton_plus(t: Board, h: dict) -> int:
    """``state.BATON_MODIFIERS``: 「相手のセンターホロメンのバトンタッチに必要な無色+N」 of the cards attached to the
    opponent's holomem at one of their positions, when ``h`` is the centre."""
    seat = sa._seat_of(t, h)
    if seat is None or t.holo(seat, "center") is not h:
        return 0
    total = 0
    for pos in ("center", "collab"):
        x = t.holo(other(seat), pos)
        for _, e in sa._entries(t, x, "opp_baton_plus") if x is not None else ():
            if pos in e["at"]:
                total += e["amount"]
    return total


BATON_MODIFIERS.append(opp_baton_plus)


# ------------------------------------------------------------------ 「このツールが付いている〈名前〉のアーツ+N」

@TEXTS.pattern(r"このツールが付いている〈([^〉]+)〉のアーツ\+(\d+)。(?:◆(?:(1st|2nd)(以上)?の)?〈([^〉]+)〉に付いていたら能力追加(.+))?")
def _named_tool(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ギラファノコギリクワガタ, Thorn, 角巻わためのハンマー (hBP07-102..104): the base bonus on that name only,
    and the constants of 「◆…に付いていたら能力追加」 on that level of it."""
    params: dict[str, list] = {"arts_while": [{"amount": int(m[2]), "holder": {"names": [m[1]]}}]}
    if m[6]:
        level = {} if not m[3] else {"min_level": sa.LEVELS[m[3]]} if m[4] else {"levels": [sa.LEVELS[m[3]]]}
        parts = m[6].split("■")[1:] if m[6].startswith("■") else [m[6]]
        for part in parts:
            trig = TRIGGER.fullmatch(part)
            if trig:  # the triggers' ``fits_holder`` reads a least level: 「2ndの」 is 「2nd以上の」 (no level above it)
                least = {"min_level": "2nd"} if level.get("levels") == ["2nd"] else level
                made = None if "levels" in least else _trigger(trig, {"names": [m[5]], **least}, spec)
                if made is None or made[0] in params:
                    return None
                params[made[0]] = made[1]
                continue
            constant = sa._damage_constant(part, "ツール")
            if constant is None:
                return None
            for k, v in sa._with_holder(constant, {"names": [m[5]], **level}).items():
                params.setdefault(k, []).extend(v)
    return "attached_constant", params


# ------------------------------------------------------------------ constants and triggers under one ◆

TRIGGER = re.compile(r"(\[センターポジション限定\])?(?:このホロメン|この(?:ツール|マスコット)が付いているホロメン)(?:が|の)"
                     r"(アーツを使った|Bloomレベルが上がった|コラボした)時、(.+)")
KEYS = {"アーツを使った": "on_arts", "Bloomレベルが上がった": "on_bloom", "コラボした": "on_collab"}


@TEXTS.pattern(r"◆" + sa.HOLDER_DESC + r"に付いていたら能力追加((?:■[^■]+){2,})")
def _constants_and_triggers(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """角巻わためのハープ (hBP05-084: 「■自分のステージに〈わためいと〉がある間、…のアーツ+10。■このツールが付いている
    ホロメンがアーツを使った時、自分のアーカイブのエール1枚を自分の〈角巻わため〉に送れる。」), けはい (hBP08-104:
    baton touch +1, 「このホロメンのBloomレベルが上がった時、自分のデッキを1枚引く。」)."""
    if m[4] or m[5]:
        return None  # a level's holder (「Debutホロメンに…」): not read by the triggers' ``fits_holder``
    cond = sa._holder_cond([n for n in (m[2], m[3]) if n], m[1])
    kind = "ツール" if "このツール" in m[6] else "マスコット"
    params: dict[str, Any] = {}
    for part in m[6].split("■")[1:]:
        trig = TRIGGER.fullmatch(part)
        if trig:
            made = _trigger(trig, cond, spec)
            if made is None or made[0] in params:
                return None
            params[made[0]] = made[1]
            continue
        constant = sa._damage_constant(part, kind)
        if constant is None:
            return None
        for k, v in sa._with_holder(constant, cond).items():
            params.setdefault(k, []).extend(v)
    if not any(k in params for k in KEYS.values()):
        return None
    return "attached_constant", params


def _trigger(trig: re.Match[str], cond: dict[str, Any], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """A ``TRIGGER`` part as its key and trigger (an arts trigger dealing damage itself is left by hand, as
    ``supports_attached``'s)."""
    then, key = spec(trig[3]), KEYS[trig[2]]
    if then is None or EFFECTS[then["effect"]].timing != "ability" or (key == "on_arts" and "special_damage" in repr(then)):
        return None
    return key, {**cond, "then": {"effect": "attached_then", "params": {"then": then,
                                                                        **({"at": ["center"]} if trig[1] else {})}}}


@TEXTS.pattern(r"◆" + sa.HOLDER_DESC + r"に付いていたら能力追加(" + TRIGGER.pattern + ")")
def _one_trigger(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「◆〈名前〉に付いていたら能力追加 このホロメンがコラボした時、<効果>」 alone (ハトタウロス hBP07-106, 鬼神刀「阿修羅」
    hBP06-098)."""
    if m[4] or m[5]:
        return None
    made = _trigger(TRIGGER.fullmatch(m[6]), sa._holder_cond([n for n in (m[2], m[3]) if n], m[1]), spec)
    return ("attached_constant", {made[0]: made[1]}) if made else None


@TEXTS.pattern(r"自分のライフが(\d)で、(相手のコラボホロメンがいない)なら、(相手は、自身のバックホロメン1人をコラボポジションに移動させる"
               r"（移動はコラボとしては扱わない）。)")
def _life_then_opp_to_collab(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「自分のライフがNで、相手のコラボホロメンがいないなら、相手は、…コラボポジションに移動させる」: a life of N is
    one of N or less while the game goes on for N = 1 (``if_state`` ``life_at_most``); the move checks the collab."""
    then = spec(m[2] + "時、" + m[3])
    if then is None or int(m[1]) != 1:
        return None
    return "if_state", {"test": "life_at_most", "n": 1, "then": then}


@TEXTS.pattern(r"このホロメンに付いている〈([^〉]+)〉1枚をデッキの上に戻せる:(.+)")
def _attached_to_top(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    return ("cost_attached_to_top", {"name": m[1], "then": then}) if then else None


@EFFECTS.effect("cost_attached_to_top", timing="ability", prompt="デッキの上に戻すか（戻さないならnull）")
def cost_attached_to_top(t: Board, f: dict) -> Options:
    """「このホロメンに付いている〈名前〉1枚をデッキの上に戻せる:<効果>」 (the holder the frame's ``pos`` names): the
    seat may pay; the effect follows only if it does."""
    h = t.holo(f["seat"], f["pos"]) if f.get("pos") else None
    fits = sorted({a for a in h["attached"] if f["params"]["name"] in names_of(t, a)}) if h else []
    return fits + [None] if fits else None


@cost_attached_to_top.answer
def _attached_to_top_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    t.holo(f["seat"], f["pos"])["attached"].remove(choice)
    t.zones.put(f"deck/{f['seat']}", choice, end="top")
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=choice, to="deck_top")
    E.push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"サイコロを1回振る。((?:奇数|偶数|\d(?:か\d)*|\d以上|\d以下)(?:の時|なら)、.+)")
def _roll_then_period(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「サイコロを1回振る。3か5なら、<効果>」: rawlist's 「サイコロを1回振る:<目>なら、<効果>」 (``roll_then``)."""
    made = spec(f"サイコロを1回振る:{m[1]}")
    return (made["effect"], made["params"]) if made and made["effect"] == "roll_then" else None


@TEXTS.pattern(r"このホロメン以外の自分のホロメン1人に特殊ダメージ(\d+)を与える。")
def _hurt_own_other(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "hurt_own_other", {"amount": int(m[1])}


@EFFECTS.effect("hurt_own_other", timing="ability", prompt="特殊ダメージを与える自分のホロメン")
def hurt_own_other(t: Board, f: dict) -> Options:
    """「このホロメン以外の自分のホロメン1人に特殊ダメージNを与える」 (角巻わためのハンマー hBP07-102): the seat picks one
    of its holomem other than the one at ``f["pos"]``; its own ability's damage (``effects.damage(own=True)``, as
    ``supports_attached.self_special_damage``)."""
    options = [pos for pos, _ in t.stage(f["seat"]) if pos != f.get("pos")]
    if len(options) == 1:
        return _hurt_own(t, f, options[0])
    return options or None


@hurt_own_other.answer
def _hurt_own(t: Board, f: dict, choice: Any) -> Options:
    E.damage(t, f["seat"], choice, f["params"]["amount"], source=f["card"], special=True, own=True)
    return None


# ------------------------------------------------------------------ holomem texts that search, look at or draw

def _look_filter(what: str) -> dict[str, Any] | None:
    """rawlist's reading of a card description (loaded by then: it reads this module's texts)."""
    from kifu.replays.games.hocg import rawlist
    return rawlist._look_filter(what)


@TEXTS.pattern(r"自分のデッキから、自分の(推しホロメンと同じ|ステージのホロメン全員と異なる)カード名の(Debut|1st|2nd)ホロメン1枚を"
               r"公開し、手札に加える。そしてデッキをシャッフルする。")
def _search_by_name(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "search_deck_name", {"level": sa.LEVELS[m[2]], "name": "oshi" if m[1].startswith("推し") else "not_stage"}


@EFFECTS.effect("search_deck_name", timing="ability", prompt="デッキから公開して手札に加えるカード")
def search_deck_name(t: Board, f: dict) -> Options:
    """「自分のデッキから、自分の推しホロメンと同じ(自分のステージのホロメン全員と異なる)カード名の<Bloomレベル>
    ホロメン1枚を公開し、手札に加える。そしてデッキをシャッフルする」 (大空スバル hBP06-078, 不知火フレア hBP05-063):
    the names read as the search is made (a name a card is also treated as counts: 「としても扱う」)."""
    seat, pa = f["seat"], f["params"]
    if pa["name"] == "oshi":
        def named(card: str) -> bool:
            return bool(names_of(t, card) & names_of(t, t.p(seat)["oshi"]))
    else:
        stage = set().union(*(names_of(t, x["card"]) for _, x in t.stage(seat)))

        def named(card: str) -> bool:
            return not names_of(t, card) & stage
    flt = {"holomem": True, "level": pa["level"]}
    return [c for c in t.zones.may_contain(f"deck/{seat}") if E._matches(t, c, flt) and named(c)] + [None]


@search_deck_name.answer
def _found_by_name(t: Board, f: dict, choice: Any) -> Options:
    return E._found(t, f, choice)


@TEXTS.pattern(r"自分のデッキの上から(\d)枚をホロパワーにする。その後、自分のホロパワーを見る。その中から1枚を手札に加える。"
               r"そしてホロパワーをシャッフルする。")
def _holopower_take_unseen(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "holopower_take_unseen", {"add": int(m[1])}


@EFFECTS.effect("holopower_take_unseen", timing="ability", prompt="ホロパワーから手札に加えるカード", secret=True)
def holopower_take_unseen(t: Board, f: dict) -> Options:
    """角巻わため (hBP07-010): 「自分のデッキの上から1枚をホロパワーにする。その後、自分のホロパワーを見る。その中から
    1枚を手札に加える。そしてホロパワーをシャッフルする。」: ``holopower_take``'s put and look, but the card taken is
    not shown (no 「公開し」): the choice is secret and the card is known to its owner only."""
    return E.holopower_take.run(t, f)


@holopower_take_unseen.answer
def _holopower_taken_unseen(t: Board, f: dict, choice: Any) -> Options:
    seat, pl = f["seat"], t.p(f["seat"])
    item = choice if choice in pl["holopower"] else next(i for i in pl["holopower"] if choice in E._could_be(t, i))
    pl["holopower"].remove(item)
    if item != choice:
        t.zones.reveal(item, choice, "look", t.rule_of(f["card"]), to=(seat,))
    pl["hand"].append(choice)
    t.event("holopower_to_hand", seat=seat, source=f["card"])
    return None


# ------------------------------------------------------------------ 「このカードは、自分の手札1枚か…1枚をアーカイブしなければ使えない」

@TEXTS.pattern(r"このカードは、自分の手札1枚か自分のステージの〈([^〉]+)〉1枚をアーカイブしなければ使えない。(.+)")
def _hand_or_stage_cost(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """アキ・ローゼンタールの斧 (hBP05-082): refused with nothing to pay (``supports.PLAY_TESTS``); paid as the tool is
    attached (``on_attach``, before anything else resolves): a hand card or a 〈石の斧〉 of the stage, the seat's choice."""
    rest = spec(m[2])
    if rest is None or rest["effect"] not in ("tool_arts", "mascot_hp", "attached_constant") or "on_attach" in rest["params"]:
        return None
    return rest["effect"], {**rest["params"], "needs": [*rest["params"].get("needs", ()), {"test": "hand_or_stage",
                                                                                           "name": m[1]}],
                            "on_attach": {"then": {"effect": "cost_hand_or_stage", "params": {"name": m[1]}}}}


def _stage_named(t: Board, seat: str, name: str) -> list[str]:
    """The positions of ``seat``'s holomem with a card of ``name`` attached."""
    return [pos for pos, h in t.stage(seat) if any(name in names_of(t, a) for a in h["attached"])]


def _hand_or_stage_refusal(t: Board, seat: str, need: dict) -> str | None:
    if len(t.p(seat)["hand"]) > 1 or _stage_named(t, seat, need["name"]):
        return None
    return f"「自分の手札1枚か自分のステージの〈{need['name']}〉1枚をアーカイブしなければ使えない」: none to archive"


supports.PLAY_TESTS["hand_or_stage"] = _hand_or_stage_refusal


@EFFECTS.effect("cost_hand_or_stage", timing="ability", prompt="アーカイブする手札か、〈…〉が付いているホロメンの位置")
def cost_hand_or_stage(t: Board, f: dict) -> Options:
    seat = f["seat"]
    options = [*t.hand_cards(seat), *_stage_named(t, seat, f["params"]["name"])]
    return options or None


@cost_hand_or_stage.answer
def _hand_or_stage_paid(t: Board, f: dict, choice: Any) -> Options:
    seat, name = f["seat"], f["params"]["name"]
    if choice in _stage_named(t, seat, name):
        h = t.holo(seat, choice)
        card = next(a for a in h["attached"] if name in names_of(t, a))
        h["attached"].remove(card)
        t.archive(seat, card)
    else:
        card = choice
        t.take_from_hand(seat, choice, "cost", t.rule_of(f["card"]))
        E.archive_by(t, f, "hand", choice)
    t.event("cost_paid", seat=seat, card=f["card"], paid=card)
    return None


# ------------------------------------------------------------------ 「このファンが付いているホロメンにエールが付いた時」

@TEXTS.pattern(r"(\[ターンに1回\])?このファンが付いているホロメンにエールが付いた時、このターンの間、このホロメンのアーツ\+(\d+)。"
               + sa.FAN_ONLY)
def _fan_cheered(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """Risuners (hBP03-113): 「[ターンに1回]このファンが付いているホロメンにエールが付いた時、このターンの間、この
    ホロメンのアーツ+10。」 (``on_cheer``: ``effects.CHEER_HOOKS``, every cheer attached or moved to the holder)."""
    return "attached_constant", {"on_cheer": [{"amount": int(m[2]), **({"once": True} if m[1] else {})}],
                                 "only": re.findall(r"〈([^〉]+)〉", m[3])}


@needs("on_cheer")
def cheer_attached(t: Board, seat: str, pos: str, cheer: str) -> None:
    """The holder's 「このターンの間、このホロメンのアーツ+N」, at once (it asks nothing), each copy once a turn if
    「[ターンに1回]」 (``supports_attached._once_left``)."""
    h = t.holo(seat, pos)
    for item, e in sa._entries(t, h, "on_cheer") if h is not None and h["attached"] else ():
        if e.get("once") and not sa._once_left(t, h, item):
            continue
        E.cite(t, seat, item, "support")
        h["mods"]["arts"] += e["amount"]
        t.event("boost", seat=seat, pos=pos, amount=e["amount"], card=item)


E.CHEER_HOOKS.append(cheer_attached)


@TEXTS.pattern(r"自分のデッキの上から(\d)枚を見る。その中から、(.+?)1枚ずつを公開し、手札に加える。そして残ったカードを"
               r"(好きな順でデッキの下に戻す|アーカイブする)。")
def _look_each(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """癒月ちょこ (hBP08-076): 「…その中から、[#料理を持つホロメンと#食べ物を持つイベント]1枚ずつを公開し、手札に加える。…」:
    ``supports``' ``look_slots`` (its 「公開し、公開したカードを手札に加える」 in other words)."""
    slots = supports._slots(f"{m[2]}1枚ずつ")
    if slots is None:
        return None
    return "look_slots", {"count": int(m[1]), "slots": slots, "rest": "archive" if m[3] == "アーカイブする" else "bottom"}


@TEXTS.pattern(r"相手の手札すべてを見る。その中に(.+?)があるなら、(.+)")
def _look_opp_hand(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt, then = _look_filter(m[1]), spec(m[2])
    if flt is None or then is None:
        return None
    return "look_opp_hand", {"filter": flt, "then": then}


@EFFECTS.effect("look_opp_hand", timing="ability")
def look_opp_hand(t: Board, f: dict) -> Options:
    """綺々羅々ヴィヴィ (hSD10-008): 「相手の手札すべてを見る。その中にサポートカードがあるなら、自分のデッキを1枚引く。」:
    the opponent's hand turned up to the seat only (a chance event on a physical table), then the effect if one fits."""
    seat, opp = f["seat"], other(f["seat"])
    hand = t.p(opp)["hand"]
    hand[:] = [t.zones.turn_up(item, "look", t.rule_of(f["card"]), visible=(seat,), unknown_ok=False) for item in hand]
    t.event("looked", seat=seat, count=len(hand), card=f["card"], zone="opp_hand")
    if any(E._matches(t, card, f["params"]["filter"]) for card in hand):
        E.push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"自分のデッキの上から、相手の手札と同じ枚数を見る。その中から、カード1枚を手札に加える。そして残ったカードをデッキに"
               r"戻してシャッフルする。")
def _look_opp_count(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "look_take_shuffle", {"count": "opp_hand"}


@EFFECTS.effect("look_take_shuffle", timing="ability", prompt="見たカードから手札に加えるカード", secret=True)
def look_take_shuffle(t: Board, f: dict) -> Options:
    """綺々羅々ヴィヴィ (hSD10-009): 「自分のデッキの上から、相手の手札と同じ枚数を見る。その中から、カード1枚を手札に
    加える。そして残ったカードをデッキに戻してシャッフルする。」: seen by the seat only and taken unshown (no 「公開し」:
    the choice is secret); the count is the opponent's hand as it resolves."""
    looked = E.look_at_top(t, f, len(t.p(other(f["seat"]))["hand"]))
    return sorted({c for item in looked for c in E._could_be(t, item)}) or None


@look_take_shuffle.answer
def _looked_taken(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    item = choice if choice in f["looked"] else next(i for i in f["looked"] if choice in E._could_be(t, i))
    f["looked"].remove(item)
    if item != choice:
        t.zones.reveal(item, choice, "look", t.rule_of(f["card"]), to=(seat,))
    t.p(seat)["hand"].append(choice)
    for rest in f["looked"]:
        t.zones.shuffle_in(f"deck/{seat}", rest)
    f["looked"] = []
    t.zones.shuffle(f"deck/{seat}")
    t.event("looked_taken", seat=seat, source=f["card"])
    return None


@TEXTS.pattern(r"自分のアーカイブの(.+?)1枚を手札に戻せる:戻したカードが(#.+?を持つ)時、(.+)")
def _returned_then(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    back, cond, then = spec(f"自分のアーカイブの{m[1]}1枚を手札に戻せる。"), _look_filter(m[2]), spec(m[3])
    if back is None or back["effect"] != "from_archive" or not cond or then is None:
        return None
    return "from_archive_then", {"filter": back["params"]["filter"], "if": cond, "then": then}


@EFFECTS.effect("from_archive_then", timing="ability", prompt="アーカイブから手札に戻すカード（戻さないならnull）")
def from_archive_then(t: Board, f: dict) -> Options:
    """ハコス・ベールズ (hBP01-074): 「自分のアーカイブの[Debutホロメンか1stホロメン]1枚を手札に戻せる:戻したカードが#EN
    を持つ時、相手のコラボホロメンに特殊ダメージ20を与える。」: the seat may return one; the effect follows if the card
    returned fits ``if``."""
    fits = sorted({c for c in t.p(f["seat"])["archive"] if E._matches(t, c, f["params"]["filter"])})
    return fits + [None] if fits else None


@from_archive_then.answer
def _returned_then_done(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    t.p(f["seat"])["archive"].remove(choice)
    t.p(f["seat"])["hand"].append(choice)
    t.event("returned", seat=f["seat"], card=choice, source=f["card"])
    if E._matches(t, choice, f["params"]["if"]):
        E.push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"お互い、手札すべてを好きな順でデッキの下に戻す。次に、お互い、デッキに戻したカード1枚につき、それぞれのデッキを1枚引く。")
def _both_hands_under(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "both_hands_under", {}


@EFFECTS.effect("both_hands_under", timing="ability")
def both_hands_under(t: Board, f: dict) -> Options:
    """ハコス・ベールズ (hBP01-075): 「お互い、手札すべてを好きな順でデッキの下に戻す。次に、お互い、デッキに戻した
    カード1枚につき、それぞれのデッキを1枚引く。」: each player orders their own hand under their deck (``to_bottom``,
    a secret choice), the seat first; then each draws as many as went back."""
    seats = (f["seat"], other(f["seat"]))
    hands = {seat: list(t.p(seat)["hand"]) for seat in seats}
    for seat in seats:
        t.p(seat)["hand"] = []
    frames = [frame("to_bottom", seat, f["card"], f["origin"], {"items": hands[seat]}) for seat in seats if hands[seat]]
    frames += [frame("draw", seat, f["card"], f["origin"], {"count": len(hands[seat])}) for seat in seats if hands[seat]]
    t.s["stack"].extend(reversed(frames))
    return None


@TEXTS.pattern(r"自分のアーカイブの(.+?)1～(\d)枚を好きな順でデッキの下に戻せる。(?:ホロメン|カード)(\d)枚をデッキに戻したなら、(.+)")
def _archive_under_then(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt, then = _look_filter(m[1]), spec(m[4])
    if not flt or then is None:
        return None
    return "archive_under", {"filter": flt, "max": int(m[2]), "need": int(m[3]), "then": then}


@EFFECTS.effect("archive_under", timing="ability", prompt="デッキの下に戻すアーカイブのカード（終えるならnull）")
def archive_under(t: Board, f: dict) -> Options:
    """輪堂千速 (hSD10-005): 「自分のアーカイブの#FLOW GLOWを持つホロメン1～3枚を好きな順でデッキの下に戻せる。ホロメン
    3枚をデッキに戻したなら、自分のエールデッキの上から1枚を自分のホロメンに送れる。」: one at a time, in the order
    chosen (the archive is public), null to stop; the effect follows if ``need`` went back."""
    pa = f["params"]
    f.setdefault("back", 0)
    fits = sorted({c for c in t.p(f["seat"])["archive"] if t.card(c)["kind"] != "cheer" and E._matches(t, c, pa["filter"])})
    if f["back"] >= pa["max"] or not fits:
        return _archive_under_done(t, f)
    return fits + [None]


def _archive_under_done(t: Board, f: dict) -> Options:
    if f["back"] >= f["params"]["need"]:
        E.push(t, f, f["params"]["then"])
    return None


@archive_under.answer
def _archived_under(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return _archive_under_done(t, f)
    seat = f["seat"]
    t.p(seat)["archive"].remove(choice)
    t.zones.put(f"deck/{seat}", choice, end="bottom")
    t.event("to_deck", seat=seat, card=choice, source=f["card"], end="bottom")
    f["back"] += 1
    return archive_under.run(t, f)


# ------------------------------------------------------------------ 「相手のバックホロメンがダウンした時」

@TEXTS.pattern(r"◆" + sa.HOLDER_DESC + r"に付いていたら能力追加(\[センターポジション限定\])?(\[ターンに1回\])?相手のバックホロメンが"
               r"ダウンした時、(.+)")
def _opp_back_down(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """Cilus (hBP05-086): 「◆〈こぼ・かなえる〉に付いていたら能力追加[センターポジション限定][ターンに1回]相手のバック
    ホロメンがダウンした時、自分のデッキを1枚引く。」 (``effects.DOWN_HOOKS``: a down by any cause)."""
    then = spec(m[8])
    if m[4] or m[5] or then is None or then["effect"] not in sa.ATTACHED_DOWN_SAFE:
        return None
    cond = sa._holder_cond([n for n in (m[2], m[3]) if n], m[1])
    return "attached_constant", {"opp_back_down": [{"holder": cond, **({"at": ["center"]} if m[6] else {}), "then": {
        "effect": "attached_then", "params": {"then": sa._once(then, m[7]), **({"at": ["center"]} if m[6] else {})}}}]}


@needs("opp_back_down")
def opp_back_downed(t: Board, seat: str, pos: str, h: dict) -> list[dict]:
    """``effects.DOWN_HOOKS``: the frames of the other seat's 「相手のバックホロメンがダウンした時」 triggers (its holomem at
    a position the trigger allows), as ``seat``'s back holomem ``h`` goes down."""
    if not pos.startswith("back"):
        return []
    owner, out = other(seat), []
    for at, x in t.stage(owner):
        for item, e in sa._entries(t, x, "opp_back_down") if x["attached"] else ():
            if "at" in e and at not in e["at"]:
                continue
            E.cite(t, owner, item, "support")
            out.append(frame(e["then"]["effect"], owner, item, "down", e["then"]["params"], pos=at))
    return out


E.DOWN_HOOKS.append(opp_back_downed)
