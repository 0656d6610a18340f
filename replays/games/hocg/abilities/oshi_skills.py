"""Oshi skills, SP oshi skills and 推しステージスキル: their texts and their timing windows.

A skill used 「…時に使える」 at a moment other than the main phase is ``skill_window`` (a
constant: the ``oshi_skill`` command refuses it; ``windows`` offers it when its moment
comes), with its moment, what the moment must be about and the effect it resolves:

- ``"dealt"``: 「<誰>が相手の<どこ>にダメージを与えた時に使える:」 (``dealer``: ``oshi`` for 「この
  推しホロメン」, ``colors``; ``target``: ``back`` | ``front``; 「その相手のバックホロメン」 is the
  holomem hit: ``special_subject``; 「それと同じ数値の」: ``same_amount``);
- ``"taking"``: 「(相手のターンで、)自分の<ホロメン>が相手からダメージを受ける時に使える:」
  (``holder``: what the holomem hit must be; 「そのホロメン」 is it: read as 「このホロメン」, and
  「そのホロメン1人が受けるダメージ-N」 is ``reduce_damage``);
- ``"down"``: 「(相手のターンで、)自分の<ホロメン>がダウンした時に使える:」, at ダウン① while the
  holomem is still on the stage (「自分の減るライフ-N」, its fan back to the hand, its cheer moved on,
  it and the cards under it back to the hand);
- ``"ko"``: 「自分の<ホロメン>が相手の(センター)ホロメンをダウンさせた時(に使える)」, after the downs' own
  steps;
- ``"rolled"``: 「自分の〈名前〉の能力でサイコロを振った時に使える:サイコロを1回振り直す」, once ``roll_then``'s die
  shows its face and before the face is used (``windows.rolled``).

A skill used in the main phase may have a condition of use (「<条件>の時に使える:」「…なら使える:」)
or a cost (「…をアーカイブすることで、」): ``refusal`` tells the ``oshi_skill`` command why not now.
Its 「このターンの間」 modifiers read where the rules compute what they change are here too
(``arts_cost``: 「エールを必要とせずに」, 「アーツに必要な無色-N」; ``modify_damage``: special damage
and arts bonuses counted as the damage is dealt, 推しステージスキル's 「ホロパワー1枚につき」;
``limited_room``: 「LIMITEDのサポートカードの枚数はN枚になる」; ``stays_awake`` / ``stays_rested``: the
reset step; ``turn_ends``: 「自分のターンが終了する時」).

The family's other texts are in ``oshi_skills_cards`` (cheer, the archive, the deck, the hand,
Bloom, attached cards) and ``oshi_skills_turn`` (arts bonuses, positions, special damage counted);
their shapes follow this module's in ``TEXTS``.
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg import effects as E
from kifu.replays.games.hocg.abilities import keywords as K
from kifu.replays.games.hocg.abilities import oshi_skills_cards, oshi_skills_turn
from kifu.replays.games.hocg.abilities import windows  # (its import registers the windows)
from kifu.replays.games.hocg.abilities.grammar import Spec, Texts
from kifu.replays.games.hocg.effects import EFFECTS, Options, attach_cheer, names_of, push
from kifu.replays.games.hocg.state import Board, needs, other
from kifu.replays.kit import frame

TEXTS = Texts()

COLOR_CHARS = {"白": "white", "緑": "green", "赤": "red", "青": "blue", "紫": "purple", "黄": "yellow"}
COLOR_NAMES = {v: k for k, v in COLOR_CHARS.items()}
LEVELS = {"Debut": "debut", "1st": "1st", "2nd": "2nd", "Spot": "spot"}
SUPPORT_KINDS = {"ツール": "tool", "マスコット": "mascot", "ファン": "fan"}
TARGETS = {"バックホロメン": "back", "センターホロメンかコラボホロメン": "front"}


def holder(what: str) -> dict[str, Any] | None:
    """The own holomem 「自分の<what>」 names, as ``windows.holder_fits`` reads it; None if not read.

    >>> holder("#ID1期生を持つホロメン"), holder("白ホロメン"), holder("〈こよりの助手くん〉が付いている〈博衣こより〉")
    ({'tag': 'ID1期生'}, {'colors': ['white']}, {'attached': 'こよりの助手くん', 'names': ['博衣こより']})
    """
    if m := re.fullmatch(r"#(.+?)を持つホロメン", what):
        return {"tag": m[1]}
    if (m := re.fullmatch(r"(.)ホロメン", what)) and m[1] in COLOR_CHARS:
        return {"colors": [COLOR_CHARS[m[1]]]}
    if what == "ホロメン":
        return {}
    if m := re.fullmatch(r"〈([^〉]+)〉が付いている〈([^〉]+)〉", what):
        return {"attached": m[1], "names": [m[2]]}
    if m := re.fullmatch(r"〈([^〉]+)〉", what):
        return {"names": [m[1]]}
    return None


@TEXTS.pattern(r"(この推しホロメンか)?自分の(?:ステージの)?(.)?ホロメンが相手の(バックホロメン|センターホロメンかコラボホロメン)"
               r"にダメージを与えた時に使える:(.+)")
def _when_dealt(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ほうき星 (hBP01-007), シューティングスター (hBP01-007), バックショット (hSD03-001, hYS01-004)."""
    if m[2] is not None and m[2] not in COLOR_CHARS:
        return None
    dealer = {**({"oshi": True} if m[1] else {}), **({"colors": [COLOR_CHARS[m[2]]]} if m[2] else {})}
    target, text = TARGETS[m[3]], m[4]
    extra: dict[str, Any] = {}
    if (hit := re.fullmatch(r"その相手のバックホロメン1人に特殊ダメージ(\d+)を与える。", text)) and target == "back":
        then = {"effect": "special_subject", "params": {"amount": int(hit[1])}}
    elif same := re.fullmatch(r"(相手の.+?)にそれと同じ数値の特殊ダメージを与える。", text):
        then = spec(f"{same[1]}に特殊ダメージ1を与える。")
        if then is None or then["effect"] != "special_damage":
            return None
        extra["same_amount"] = True
    else:
        then = spec(text)
    if then is None:
        return None
    return "skill_window", {"moment": "dealt", "dealer": dealer, "target": target, **extra, "then": then}


@TEXTS.pattern(r"(相手のターンで、)?自分の(.+?)が相手からダメージを受ける時に使える:(.+)")
def _when_taking(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """IOFORIA~! (hBP05-002), 助手くん、んーまっ！ (hBP04-001), 文明の守護者 (hBP01-002),
    クイックガード (hSD05-001)."""
    who = holder(m[2])
    if who is None:
        return None
    text = m[3]
    if less := re.fullmatch(r"そのホロメン1人が受けるダメージ-(\d+)。", text):
        then = {"effect": "reduce_damage", "params": {"amount": int(less[1])}}
    elif (every := re.fullmatch(r"自分の(.+?)全員が受けるダメージ-(\d+)。", text)) and holder(every[1]) == who:
        then = {"effect": "reduce_damage", "params": {"amount": int(every[2]), "all": who}}
    elif text.startswith("そのホロメン"):
        body = "このホロメン" + text[len("そのホロメン"):]
        then = spec(body) or spec(re.sub(r"を自分の", "を、自分の", body, count=1))
    else:
        then = None
    if then is None:
        return None
    return "skill_window", {"moment": "taking", **({"opp_turn": True} if m[1] else {}), "holder": who, "then": then}


@TEXTS.pattern(r"自分のホロメン1人が相手からアーツダメージを受ける時、自分のステージの\[Buzzか2nd\]の(.)ホロメン1人を選べる:"
               r"そのダメージを、選んだホロメンがかわりに受ける。")
def _redirect(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """秩序の先駆者 (hSD13-001): a 「…ダメージを受ける時」 window, arts damage only."""
    if m[1] not in COLOR_CHARS:
        return None
    return "skill_window", {"moment": "taking", "holder": {}, "arts_only": True,
                            "then": {"effect": "skill_redirect", "params": {"colors": [COLOR_CHARS[m[1]]],
                                                                          "levels": ["2nd"]}}}


@TEXTS.pattern(r"(相手のターンで、)?自分の(.+?)がダウンした時に使える:(.+)")
def _when_down(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ダウン① (その他の現象/ダウン: 「そのホロメンがダウンした時に…使える効果があれば、それを処理する」),
    before the holomem is archived: 愛してる (hBP04-004), 野兎たち (hBP01-004), スーパーまずった太郎
    (hBP05-001)."""
    who = holder(m[2])
    if who is None:
        return None
    text = m[3]
    if fan := re.fullmatch(r"そのホロメンに付いている(ファン|マスコット|ツール)1枚を手札に戻す。", text):
        then = {"effect": "skill_attached_to_hand", "params": {"support": SUPPORT_KINDS[fan[1]]}}
    elif spread := re.fullmatch(r"自分のダウンしたホロメン1人の(.)?エールすべてを、自分の他のホロメンに割り振って付け替える。", text):
        if spread[1] is not None and spread[1] not in COLOR_CHARS:
            return None
        then = {"effect": "skill_spread_cheer",
                "params": {**({"colors": [COLOR_CHARS[spread[1]]]} if spread[1] else {})}}
    elif rise := re.fullmatch(r"自分の減るライフ-(\d)。さらに、ダウンした1人を選び、そのホロメンを含め重なっているホロメンすべてを手札に"
                              r"戻す。", text):
        then = {"effect": "sequence", "params": {"steps": [
            {"effect": "life_less", "params": {"amount": int(rise[1])}},
            {"effect": "skill_downed_to_hand", "params": {"all": True}}]}}
    elif re.fullmatch(r"そのホロメンのエール1枚を自分の他のホロメンに付け替え、そのダウンしたホロメンを含め重なっているホロメンの"
                             r"中から1枚を手札に戻す。", text):
        move = {"effect": "move_cheer", "params": {"from": "self"}}  # 「自分の他のホロメン」: any but that one
        then = {"effect": "sequence", "params": {"steps": [move, {"effect": "skill_downed_to_hand", "params": {}}]}}
    elif life := re.fullmatch(r"自分の減るライフ-(\d)。(?:その後、そのホロメンが(Buzzホロメンか2ndホロメン)なら、(.+))?", text):
        steps = [{"effect": "life_less", "params": {"amount": int(life[1])}}]
        if life[2]:
            rest = spec(life[3])
            if rest is None:
                return None
            steps.append({"effect": "skill_if_self_is", "params": {"buzz": True, "levels": ["2nd"], "then": rest}})
        then = steps[0] if len(steps) == 1 else {"effect": "sequence", "params": {"steps": steps}}
    elif "そのホロメン" in text or "ダウンした" in text:
        return None
    else:
        then = spec(text)
    if then is None:
        return None
    return "skill_window", {"moment": "down", **({"opp_turn": True} if m[1] else {}), "holder": who, "then": then}


@TEXTS.pattern(r"自分の(?:(.)ホロメン|ホロメン)が相手の(センター)?ホロメンをダウンさせた時に使える:(.+)")
def _when_ko(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """白銀の騎士達 (hBP05-001): after the downs' own steps (ダウン ①-④)."""
    if m[1] is not None and m[1] not in COLOR_CHARS:
        return None
    then = spec(m[3])
    if then is None:
        return None
    return "skill_window", {"moment": "ko", "dealer": {**({"colors": [COLOR_CHARS[m[1]]]} if m[1] else {})},
                            **({"center": True} if m[2] else {}), "then": then}


# ------------------------------------------------------------------ conditions of use (main phase)
#
# 「<条件>の時に使える:<効果>」「<条件>なら使える:<効果>」: the skill may be used only while the
# condition holds (``refusal``, read by the ``oshi_skill`` command's check); ``skill_if``
# resolves its effect.

CONDITION = (r"(自分のライフが(\d)以下|自分のセンターホロメンの色が(.)|自分のセンターホロメンが〈([^〉]+)〉)"
             r"(?:の時に|なら)使える:(.+)")


def condition_holds(t: Board, seat: str, pa: dict) -> str | None:
    """None if the condition holds, else why not (in the text's words)."""
    pl = t.p(seat)
    center = pl["center"]
    test = pa["test"]
    if test == "life_at_most":
        return None if pl["life"] <= pa["n"] else f"「自分のライフが{pa['n']}以下の時に使える」: life {pl['life']}"
    if test == "center_color":
        if center is not None and pa["color"] in t.card(center["card"])["colors"]:
            return None
        return f"「自分のセンターホロメンの色が{COLOR_NAMES[pa['color']]}の時に使える」"
    if test == "center_name":
        if center is not None and pa["name"] in names_of(t, center["card"]):
            return None
        return f"「自分のセンターホロメンが〈{pa['name']}〉の時に使える」"
    raise ValueError(test)


def refusal(t: Board, seat: str, ab: dict) -> str | None:
    """Why the oshi skill ``ab`` may not be used now (its conditions of use), or None."""
    pa = ab.get("params") or {}
    if ab.get("effect") == "skill_if":
        return condition_holds(t, seat, pa)
    if ab.get("effect") == "pay_stage_cheer" and sum(
            1 for _, h in t.stage(seat) for c in h["cheer"]
            if not pa.get("colors") or t.card(c)["colors"][0] in pa["colors"]) < pa["count"]:
        return f"「…エール{pa['count']}枚をアーカイブすることで」: not enough such cheer on the stage"
    if ab.get("effect") == "skill_pay_hand" and len(t.p(seat)["hand"]) < pa["count"]:
        return f"「自分の手札{pa['count']}枚をアーカイブすることで」: {len(t.p(seat)['hand'])} in hand"
    return None


@EFFECTS.effect("skill_if", timing="ability")
def skill_if(t: Board, f: dict) -> Options:
    """「<条件>の時に使える:<効果>」: the effect (the condition was checked when it was used)."""
    if condition_holds(t, f["seat"], f["params"]) is None:
        push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(CONDITION)
def _used_if(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """リアクション芸 (hBP04-006), 狙撃 (hBP03-002), あきらめない心にぇ (hBP03-003), ぽえぽえぽえ～
    (hBP02-004), いっくよー (hBP05-004), ルーナイト集合 (hBP03-001)."""
    if m[3] is not None and m[3] not in COLOR_CHARS:
        return None
    then = spec(m[5])
    if then is None:
        return None
    test = ({"test": "life_at_most", "n": int(m[2])} if m[2] else
            {"test": "center_color", "color": COLOR_CHARS[m[3]]} if m[3] else {"test": "center_name", "name": m[4]})
    return "skill_if", {**test, "then": then}


# ------------------------------------------------------------------ arts without cheer

def arts_cost(t: Board, seat: str, pos: str, cost: list[str]) -> list[str]:
    """The cheer an art of ``seat``'s holomem at ``pos`` needs (``rules.Arts.check``): none this
    turn after 「このターンの間、選んだホロメンのアーツは、エールを必要とせずに使える」 (``free_arts``); ◇
    fewer after 「このゲームの間、…全員のアーツに必要な無色-N」 (``arts_less``)."""
    h = t.holo(seat, pos)
    if h is not None and any(m["kind"] == "free_arts" and m.get("until") == t.s["turn"] for m in h.get("lasting", ())):
        return []
    cost = list(cost)
    for less in t.p(seat).get("arts_less", ()):  # 「このゲームの間、自分の〈名前〉全員のアーツに必要な無色-N」
        if h is not None and set(less["names"]) & names_of(t, h["card"]):
            for _ in range(less["count"]):
                if "any" in cost:
                    cost.remove("any")
    for more in t.hooks(E.ARTS_COSTS):
        cost = more(t, seat, pos, cost)
    return cost


@EFFECTS.effect("skill_free_arts", timing="ability", prompt="アーツがエールを必要としなくなるホロメン")
def skill_free_arts(t: Board, f: dict) -> Options:
    """「自分の<holder>1人を選ぶ。このターンの間、選んだホロメンのアーツは、エールを必要とせずに使える」:
    a modifier on the holomem chosen, ending with this turn (``arts_cost``)."""
    options = K.holders(t, f, f["params"]["holder"])
    if len(options) <= 1:
        return _free_chosen(t, f, options[0]) if options else None
    return options


@skill_free_arts.answer
def _free_chosen(t: Board, f: dict, choice: Any) -> Options:
    h = t.holo(f["seat"], choice)
    h.setdefault("lasting", []).append({"kind": "free_arts", "amount": 0, "until": t.s["turn"]})
    t.event("free_arts", seat=f["seat"], pos=choice, card=h["card"], source=f["card"])
    return None


@TEXTS.pattern(r"自分の(.+?)1人を選ぶ。このターンの間、選んだホロメンのアーツは、エールを必要とせずに使える。")
def _free_arts(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """我ら秘密結社holoX！ (hBP04-005)."""
    flt = K.holder_filter(m[1])
    return ("skill_free_arts", {"holder": flt}) if flt is not None else None


# ------------------------------------------------------------------ modifiers read as damage is dealt
#
# A skill's 「このターンの間」 bonus that is counted when the damage is dealt (the cheer a holomem
# has then, the special damage it deals) is a lasting modifier on the holomem (``until`` this
# turn) or on the player's turn (``used``), read by ``modify_damage`` (``effects.DAMAGE_MODIFIERS``).

@needs("skill_special_plus", "skill_arts_per_color", "skill_arts_per_center_cheer", "stage_arts_per_holopower")
def modify_damage(t: Board, seat: str, pos: str, amount: int, *, source: str | None, special: bool,
                  by: dict | None) -> int:
    """Damage to ``seat``'s holomem at ``pos`` with the dealer's skill modifiers: 「…が相手のホロメン
    1人に与える特殊ダメージ+N」 (``special_plus_turn``), 「そのホロメンのエール1色につき、アーツ+N」
    (``arts_per_color``), 「自分のセンターホロメンのエール1枚につき、自分のステージのホロメン全員のアーツ
    +N」 (the dealer's turn: ``used["arts_per_center_cheer"]``)."""
    by = by or {}
    dealer = other(seat)
    h = t.holo(dealer, by["pos"]) if by.get("pos") else None
    if h is None or h["card"] != by.get("card"):
        return amount
    arts = not special and by.get("art") is not None
    for m in h.get("lasting", ()):
        if m.get("until") != t.s["turn"]:  # a bonus kept while a card stays attached has none
            continue
        if m["kind"] == "special_plus_turn" and special:
            amount += m["amount"]
        elif m["kind"] == "arts_per_color" and arts:
            amount += m["amount"] * len({t.card(c)["colors"][0] for c in h["cheer"]})
    if arts:
        amount += stage_arts_bonus(t, dealer, by["pos"], h)
    per = t.p(dealer)["used"].get("arts_per_center_cheer")
    center = t.p(dealer)["center"]
    if arts and per and per["turn"] == t.s["turn"] and center is not None:
        amount += per["amount"] * len(center["cheer"])
    return amount


E.DAMAGE_MODIFIERS.append(modify_damage)


@EFFECTS.effect("skill_special_plus", timing="ability", prompt="選ぶホロメン")
def skill_special_plus(t: Board, f: dict) -> Options:
    """「自分の<holder>1人を選ぶ。このターンの間、選んだホロメンが、相手のホロメン1人に与える特殊ダメージ+N
    し、選んだホロメンが相手のホロメンをダウンさせた時、自分のデッキをM枚引く」: modifiers on the one
    chosen (``modify_damage``; the draw: ``windows.knocked_out``)."""
    options = K.holders(t, f, f["params"]["holder"])
    if len(options) <= 1:
        return _special_plus_chosen(t, f, options[0]) if options else None
    return options


@skill_special_plus.answer
def _special_plus_chosen(t: Board, f: dict, choice: Any) -> Options:
    pa, h = f["params"], t.holo(f["seat"], choice)
    h.setdefault("lasting", []).append({"kind": "special_plus_turn", "amount": pa["amount"], "until": t.s["turn"]})
    if pa.get("ko_draw"):
        h["lasting"].append({"kind": "ko_draw", "amount": pa["ko_draw"], "until": t.s["turn"]})
    t.event("special_plus", seat=f["seat"], pos=choice, card=h["card"], amount=pa["amount"], source=f["card"])
    return None


@TEXTS.pattern(r"自分の(.+?)1人を選ぶ。このターンの間、選んだホロメンが、相手のホロメン1人に与える特殊ダメージ\+(\d+)し、"
               r"選んだホロメンが相手のホロメンをダウンさせた時、自分のデッキを(\d)枚引く。")
def _special_plus(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ぶーん、バリバリバリバリ (hBP04-004)."""
    flt = K.holder_filter(m[1])
    return ("skill_special_plus", {"holder": flt, "amount": int(m[2]), "ko_draw": int(m[3])}) if flt is not None \
        else None


@EFFECTS.effect("skill_arts_per_color", timing="ability")
def skill_arts_per_color(t: Board, f: dict) -> Options:
    """「このターンの間、自分のステージの<holder>全員は、そのホロメンのエール1色につき、アーツ+N」: each of
    them now (``modify_damage`` counts the colours when its arts deal damage)."""
    for pos in K.holders(t, f, f["params"]["holder"]):
        h = t.holo(f["seat"], pos)
        h.setdefault("lasting", []).append({"kind": "arts_per_color", "amount": f["params"]["amount"],
                                            "until": t.s["turn"]})
        t.event("arts_per_color", seat=f["seat"], pos=pos, card=h["card"], amount=f["params"]["amount"],
                source=f["card"])
    return None


@TEXTS.pattern(r"このターンの間、自分の(.+?)全員は、そのホロメンのエール1色につき、アーツ\+(\d+)。")
def _arts_per_color(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """極彩色の宴 (hBP02-002)."""
    flt = K.holder_filter(m[1])
    return ("skill_arts_per_color", {"holder": flt, "amount": int(m[2])}) if flt is not None else None


@EFFECTS.effect("skill_arts_per_center_cheer", timing="ability")
def skill_arts_per_center_cheer(t: Board, f: dict) -> Options:
    """「このターンの間、自分のセンターホロメンのエール1枚につき、自分のステージのホロメン全員のアーツ+N」:
    counted when each art deals its damage (``modify_damage``)."""
    t.p(f["seat"])["used"]["arts_per_center_cheer"] = {"amount": f["params"]["amount"], "turn": t.s["turn"]}
    t.event("arts_per_center_cheer", seat=f["seat"], amount=f["params"]["amount"], source=f["card"])
    return None


@TEXTS.pattern(r"このターンの間、自分のセンターホロメンのエール1枚につき、自分のステージのホロメン全員のアーツ\+(\d+)。")
def _arts_per_center_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """みんなで盛り上がろう！ (hBP05-007), after rawlist's 「その後、」."""
    return "skill_arts_per_center_cheer", {"amount": int(m[1])}


@EFFECTS.effect("skill_gather_cheer", timing="ability", prompt="エールを集めるホロメン / 付け替えるエール（終えるならnull）")
def skill_gather_cheer(t: Board, f: dict) -> Options:
    """「自分のステージのエールM～N枚を自分の<holder>1人に付け替えられる」: which holomem, then cheer of the
    others one at a time (null: no more; M=1 with 「られる」: none at all is allowed)."""
    pa = f["params"]
    if "to" not in f:
        f["stage"] = "holomem"
        targets = K.holders(t, f, pa["holder"])
        if not targets:
            return None
        return targets if len(targets) > 1 else _gathered(t, f, targets[0])
    f["stage"] = "cheer"
    f.setdefault("moved", 0)
    options = sorted({(p, c) for p, h in t.stage(f["seat"]) if p != f["to"] for c in h["cheer"]})
    if f["moved"] >= pa["max"] or not options:
        return None
    return [list(pc) for pc in options] + [None]


@skill_gather_cheer.answer
def _gathered(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == "holomem":
        f["to"] = choice
        return skill_gather_cheer.run(t, f)
    if choice is None:
        return None
    pos, cheer = choice
    t.holo(f["seat"], pos)["cheer"].remove(cheer)
    attach_cheer(t, f["seat"], f["to"], cheer)
    f["moved"] += 1
    return skill_gather_cheer.run(t, f)


@TEXTS.pattern(r"自分のステージのエール1～(\d)枚を自分の(.+?)1人に付け替えられる。")
def _gather_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """みんなで盛り上がろう！ (hBP05-007: 「自分のステージのエール1～5枚を自分の〈不知火フレア〉1人に」)."""
    flt = K.holder_filter(m[2])
    return ("skill_gather_cheer", {"max": int(m[1]), "holder": flt}) if flt is not None else None


@EFFECTS.effect("skill_arts_less", timing="ability")
def skill_arts_less(t: Board, f: dict) -> Options:
    """「このゲームの間、自分の〈名前〉全員のアーツに必要な無色-N」: for the rest of the game (``arts_cost``)."""
    t.p(f["seat"]).setdefault("arts_less", []).append(dict(f["params"]))
    t.event("arts_less", seat=f["seat"], names=f["params"]["names"], count=f["params"]["count"], source=f["card"])
    return None


@TEXTS.pattern(r"このゲームの間、自分の〈([^〉]+)〉全員のアーツに必要な無色-(\d)。")
def _arts_less(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """Shoot for the Moon (hBP05-006)."""
    return "skill_arts_less", {"names": [m[1]], "count": int(m[2])}


# ------------------------------------------------------------------ dice for the opponent's life

@EFFECTS.effect("skill_roll_for_life", timing="ability", prompt="サイコロを振るか")
def skill_roll_for_life(t: Board, f: dict) -> Options:
    """「自分のステージのマスコットK枚につき、サイコロを1回振れる:奇数が1回以上出たなら、相手のライフ-1」: as
    many dice as K mascots on the own stage allow (each a chance event), if the seat rolls; an odd
    face takes one of the opponent's life (as a down's ③: the card is attached to its holomem)."""
    n = sum(1 for _, h in t.stage(f["seat"]) for a in h["attached"] if t.card(a)["support"] == "mascot")
    f["dice"] = n // f["params"]["per"]
    return ["roll", "skip"] if f["dice"] else None


@skill_roll_for_life.answer
def _rolled_for_life(t: Board, f: dict, choice: Any) -> Options:
    if choice != "roll":
        return None
    faces = [E.roll(t, f["seat"], f["card"], E.R_DICE, f["dice"]) for _ in range(f["dice"])]
    if any(face % 2 for face in faces):
        t.s["stack"].append(frame("take_life", other(f["seat"]), None, "effect"))
    return None


@TEXTS.pattern(r"自分のステージのマスコット(\d)枚につき、サイコロを1回振れる:奇数が1回以上出たなら、相手のライフ-1。")
def _roll_for_life(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """フブキングダム (hBP02-001)."""
    return "skill_roll_for_life", {"per": int(m[1])}


@TEXTS.pattern(r"自分の(.)ホロメンが相手のホロメンをダウンさせた時、(.+)")
def _ko_time(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """An oshi skill used 「…ダウンさせた時、」 (フブキングダム, hBP02-001): its window as 「…時に使える:」's."""
    if m[1] not in COLOR_CHARS or m[2].startswith("使える") or (then := spec(m[2])) is None:
        return None
    return "skill_window", {"moment": "ko", "dealer": {"colors": [COLOR_CHARS[m[1]]]}, "then": then}


# ------------------------------------------------------------------ 推しステージスキル read where arts damage is computed

def stage_arts_bonus(t: Board, dealer: str, pos: str, h: dict) -> int:
    """「自分のホロパワー1枚につき、自分のセンターホロメンの〈名前〉のアーツ+N」 (a 推しステージスキル of the
    dealer's oshi: always on)."""
    total = 0
    for ab in t.card(t.p(dealer)["oshi"])["abilities"]:
        pa = ab.get("params") or {}
        if ab.get("effect") == "stage_arts_per_holopower" and pos == pa["pos"] \
                and set(pa["names"]) & names_of(t, h["card"]):
            total += pa["amount"] * len(t.p(dealer)["holopower"])
    return total


@TEXTS.pattern(r"[^、。:]*?自分のホロパワー1枚につき、自分の(センター)ホロメンの〈([^〉]+)〉のアーツ\+(\d+)。")
def _stage_arts(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """ETERNiTY FRONTiER (hBP07-006, 推しステージスキル: the list prints its name glued to its text)."""
    return "stage_arts_per_holopower", {"pos": "center", "names": [m[2]], "amount": int(m[3])}


EFFECTS.effect("stage_arts_per_holopower", timing="constant")(lambda t, f: None)


# ------------------------------------------------------------------ more windows

@TEXTS.pattern(r"相手のホロメン1人に特殊ダメージを与えた時に使える:(.+)")
def _when_special_dealt(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """満月の輝き (hBP06-006): any special damage the seat's side deals."""
    then = spec(m[1])
    return ("skill_window", {"moment": "dealt", "dealer": {"any": True}, "target": "any", "special": True,
                             "then": then}) \
        if then else None



# ------------------------------------------------------------------ the turn's own rules changed

def limited_room(t: Board, seat: str) -> bool:
    """Another LIMITED support card may be used this turn (「このターンの間、自分が使えるLIMITEDのサポートカードの
    枚数はN枚になる」: ``used["limited_max"]``, counted by ``limited_used``)."""
    used = t.p(seat)["used"]
    return used.get("limited_max", 1) > used.get("limited_count", 1 if used["limited"] else 0)


def limited_used(t: Board, seat: str) -> None:
    """A LIMITED support card used (counted only once a skill changed how many may be: the plain
    game's 「ターンに1枚」 is ``used["limited"]``)."""
    used = t.p(seat)["used"]
    if "limited_max" in used:
        used["limited_count"] = used.get("limited_count", 1 if used["limited"] else 0) + 1


@EFFECTS.effect("skill_limited_max", timing="ability")
def skill_limited_max(t: Board, f: dict) -> Options:
    """「このターンの間、自分が使えるLIMITEDのサポートカードの枚数はN枚になる」."""
    used = t.p(f["seat"])["used"]
    used.setdefault("limited_count", 1 if used["limited"] else 0)
    used["limited_max"] = f["params"]["count"]
    t.event("limited_max", seat=f["seat"], count=f["params"]["count"], source=f["card"])
    return None


@TEXTS.pattern(r"このターンの間、自分が使えるLIMITEDのサポートカードの枚数は(\d)枚になる。")
def _limited_max(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """絶対勝ちたい！！！！！！！ (hBP06-008, behind rawlist's 「自分のセンターホロメンが〈夏色まつり〉なら、」)."""
    return "skill_limited_max", {"count": int(m[1])}


def stays_awake(t: Board, seat: str, h: dict) -> bool:
    """「このゲームの間、自分の〈名前〉全員は、リセットステップでお休みしない」 (``no_rest``: names, for the game)."""
    return bool(set(t.p(seat).get("no_rest", ())) & names_of(t, h["card"]))


def stays_rested(t: Board, seat: str, h: dict) -> bool:
    """「自分の〈名前〉全員は、リセットステップでアクティブにならない」 (a 推しステージスキル: always on)."""
    return any(ab.get("effect") == "stage_stays_rested" and set(ab["params"]["names"]) & names_of(t, h["card"])
               for ab in t.card(t.p(seat)["oshi"])["abilities"])


@EFFECTS.effect("skill_no_rest", timing="ability")
def skill_no_rest(t: Board, f: dict) -> Options:
    """「このゲームの間、自分の〈名前〉全員は、リセットステップでお休みしない」 (``stays_awake``)."""
    pl = t.p(f["seat"])
    pl["no_rest"] = sorted(set(pl.get("no_rest", ())) | set(f["params"]["names"]))
    t.event("no_rest", seat=f["seat"], names=f["params"]["names"], source=f["card"])
    return None


@TEXTS.pattern(r"このゲームの間、自分の〈([^〉]+)〉全員は、リセットステップでお休みしない。")
def _no_rest(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """BIG TROUBLE!! (hBP06-001)."""
    return "skill_no_rest", {"names": [m[1]]}


EFFECTS.effect("stage_stays_rested", timing="constant")(lambda t, f: None)


@TEXTS.pattern(r"[^、。:]*?自分の〈([^〉]+)〉全員は、リセットステップでアクティブにならない。")
def _stays_rested(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """Justiceの古代自動人形 (hBP08-002, 推しステージスキル: its name glued to its text)."""
    return "stage_stays_rested", {"names": [m[1]]}


def turn_ends(t: Board, seat: str) -> None:
    """「自分のターンが終了する時、自分のセンターホロメンが〈名前〉で、自分のコラボホロメンがいるなら、手札がN枚に
    なるまで、自分のデッキを引く」 (a 推しステージスキル of the seat whose turn ends: always on)."""
    pl = t.p(seat)
    for ab in t.card(pl["oshi"])["abilities"]:
        pa = ab.get("params") or {}
        if ab.get("effect") != "stage_end_draw" or pl["center"] is None or pl["collab"] is None \
                or not set(pa["names"]) & names_of(t, pl["center"]["card"]):
            continue
        drawn = 0
        while len(pl["hand"]) < pa["hand"] and t.draw(seat, t.rule_of(pl["oshi"])) is not None:
            drawn += 1
        E.cite(t, seat, pl["oshi"], ab.get("name") or "stage")
        t.event("draw", seat=seat, count=drawn, card=pl["oshi"])


EFFECTS.effect("stage_end_draw", timing="constant")(lambda t, f: None)


@TEXTS.pattern(r"[^、。:]*?自分のターンが終了する時、自分のセンターホロメンが〈([^〉]+)〉で、自分のコラボホロメンがいるなら、手札が(\d)枚に"
               r"なるまで、自分のデッキを引く。")
def _end_draw(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """もう金曜だねルイ姉 (hBP08-005, 推しステージスキル: its name glued to its text)."""
    return "stage_end_draw", {"names": [m[1]], "hand": int(m[2])}


def arts_used_frames(t: Board, seat: str, pos: str) -> list[dict]:
    """The frames of ``seat``'s oshi for the art its holomem at ``pos`` is using (「自分の〈名前〉がアーツを使った時、
    …」, a 推しステージスキル; 「自分の<色><位置>ホロメンがアーツを使った時に使える:」, a window): put under the art's
    damage (``rules.Arts``), as the gifts' (``keywords.arts_used_frames``), they resolve once the art is done."""
    pl = t.p(seat)
    h = t.holo(seat, pos)
    out = []
    offers = []
    for ab in t.card(pl["oshi"])["abilities"]:
        pa = ab.get("params") or {}
        if ab.get("effect") == "stage_arts_used" and set(pa["names"]) & names_of(t, h["card"]):
            E.cite(t, seat, pl["oshi"], ab.get("name") or "stage")
            out.append(frame(pa["then"]["effect"], seat, pl["oshi"], "stage", pa["then"]["params"]))
        elif ab.get("effect") == "skill_window" and pa["moment"] == "arts" and windows.usable(t, seat, ab) \
                and (not pa.get("pos") or pos == pa["pos"]) \
                and (not pa.get("colors") or set(pa["colors"]) & set(t.card(h["card"])["colors"])):
            offers.append({"seat": seat, "card": pl["oshi"], "name": ab["name"], "then": pa["then"],
                           "ability": {k: ab[k] for k in ("kind", "name", "holopower", "limit")},
                           "subject": {"seat": seat, "pos": pos, "card": h["card"]}})
    if offers:
        out.append(frame("window", seat, pl["oshi"], "window", {"offers": offers}))
    return out[::-1]


EFFECTS.effect("stage_arts_used", timing="constant")(lambda t, f: None)


@TEXTS.pattern(r"[^、。:]*?自分の〈([^〉]+)〉がアーツを使った時、(.+)")
def _stage_arts_used(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ドドドライブ (hBP07-001, 推しステージスキル: its name glued to its text)."""
    then = spec(m[2])
    return ("stage_arts_used", {"names": [m[1]], "then": then}) if then else None


@TEXTS.pattern(r"自分の(.)(センター|コラボ)ホロメンがアーツを使った時に使える:(.+)")
def _when_arts(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """シオンのすごい魔法 (hBP02-005): once the art is done (as the gifts' 「…がアーツを使った時」)."""
    then = spec(m[3])
    if m[1] not in COLOR_CHARS or then is None:
        return None
    return "skill_window", {"moment": "arts", "colors": [COLOR_CHARS[m[1]]],
                            "pos": "center" if m[2] == "センター" else "collab", "then": then}


@TEXTS.pattern(r"相手のセンターホロメンに、相手のセンターホロメンのエール1枚につき、特殊ダメージ(\d+)を与える。")
def _special_per_center_cheer(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """rawlist's 「相手のセンターホロメンとコラボホロメンに、…エール1枚につき」 for the centre alone."""
    return "special_damage", {"amount": 0, "per": int(m[1]), "per_source": "opp_center_cheer", "target": "center"}


# ------------------------------------------------------------------ the family's other parts

TEXTS.entries += oshi_skills_cards.TEXTS.entries + oshi_skills_turn.TEXTS.entries
arts_target_frames = oshi_skills_turn.arts_target_frames  # (``rules.Arts``: 「…相手のバックホロメンも対象にできる」)


@TEXTS.pattern(r"自分の〈([^〉]+)〉の能力でサイコロを振った時に使える:サイコロを1回振り直す。")
def _when_rolled(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """ねえ゛え゛え゛え゛え゛え゛え゛ (hBP02-005): the window of ``roll_then``'s die (``windows.rolled``)."""
    return "skill_window", {"moment": "rolled", "holder": {"names": [m[1]]},
                            "then": {"effect": "skill_reroll", "params": {}}}
