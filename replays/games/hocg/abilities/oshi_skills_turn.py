"""Oshi skills (``oshi_skills``' family), their texts on the turn: arts bonuses, positions swapped,
special damage counted, and more of the list's skills; registered through ``oshi_skills``."""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg import effects as E
from kifu.replays.games.hocg.abilities import keywords as K
from kifu.replays.games.hocg.abilities.grammar import Spec, Texts
from kifu.replays.games.hocg.abilities.oshi_skills_cards import _could_be, respelled
from kifu.replays.games.hocg.cards import has_tag
from kifu.replays.games.hocg.effects import EFFECTS, Options, names_of, push
from kifu.replays.games.hocg.state import Board, other
from kifu.replays.kit import frame

TEXTS = Texts()

COLOR_CHARS = K.COLOR_CHARS
LEVELS = K.LEVELS
SUPPORT_KINDS = K.SUPPORT_KINDS


# ------------------------------------------------------------------ arts for the turn

@EFFECTS.effect("skill_boost_pick", timing="ability", prompt="アーツを強化するホロメン")
def skill_boost_pick(t: Board, f: dict) -> Options:
    """「このターンの間、自分の<holder>1人のアーツ+N。(そのホロメンの色が<色>の時、さらに、そのアーツ
    +M。)」: the holomem chosen (``attached``: with a support card of that tag attached)."""
    pa = f["params"]
    options = [p for p in K.holders(t, f, pa["holder"])
               if "attached" not in pa
               or any(E._matches(t, a, pa["attached"]) for a in t.holo(f["seat"], p)["attached"])]
    if len(options) <= 1:
        return _picked(t, f, options[0]) if options else None
    return options


@skill_boost_pick.answer
def _picked(t: Board, f: dict, choice: Any) -> Options:
    pa = f["params"]
    h = t.holo(f["seat"], choice)
    c = t.card(h["card"])
    amount = pa["amount"]
    bonus = pa.get("bonus")
    if bonus and set(bonus["colors"]) & set(c["colors"]):
        amount += bonus["amount"]
    instead = pa.get("instead")  # 「…なら、かわりに、そのホロメンのアーツ+M」
    if instead and (("tag" not in instead or has_tag(c, instead["tag"]))
                    and (not instead.get("buzz") or c["kind"] == "buzz")
                    and ("cheer" not in instead
                         or any(t.card(x)["colors"][0] in instead["cheer"] for x in h["cheer"]))):
        amount = instead["amount"]
    h["mods"]["arts"] += amount
    t.event("boost", seat=f["seat"], pos=choice, amount=amount, card=f["card"])
    return None


@TEXTS.pattern(r"このターンの間、自分の(?:#(.+?)を持つサポートカードが付いている)?(.+?)1人のアーツ\+(\d+)。"
               r"(?:そのホロメンの色が(.)の時、さらに、そのアーツ\+(\d+)。)?")
def _boost_pick(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """こより実験中 (hBP04-001: 「#こよラボを持つサポートカードが付いている〈博衣こより〉1人」), 握りつぶしちゃうぞ
    (hBP01-001: 「ホロメン1人のアーツ+50。そのホロメンの色が白の時、さらに、そのアーツ+50」)."""
    if not m[1] and not m[4]:
        return None  # the other families' own
    flt = K.holder_filter(m[2])
    if flt is None or (m[4] is not None and m[4] not in COLOR_CHARS):
        return None
    return "skill_boost_pick", {"holder": flt, "amount": int(m[3]),
                          **({"attached": {"tag": m[1], "kind": "support"}} if m[1] else {}),
                          **({"bonus": {"colors": [COLOR_CHARS[m[4]]], "amount": int(m[5])}} if m[4] else {})}


# ------------------------------------------------------------------ positions

@EFFECTS.effect("swap_damaged_back", timing="ability", prompt="相手のセンターと交代させるHPが減っているバックホロメン（しないならnull）")
def swap_damaged_back(t: Board, f: dict) -> Options:
    """「相手のセンターホロメンとHPが減っているバックホロメン1人を交代できる」."""
    opp = t.p(other(f["seat"]))
    if opp["center"] is None or E.locked(t, other(f["seat"]), "center"):  # 「…交代できない」
        return None
    options = [p for p, h in t.stage(other(f["seat"])) if p.startswith("back") and h["damage"] > 0]
    return options + [None] if options else None


@swap_damaged_back.answer
def _swapped_damaged(t: Board, f: dict, choice: Any) -> Options:
    if choice is not None:
        E.swap_opponent_center.on_answer(t, f, choice)
    return None


@TEXTS.pattern(r"相手のセンターホロメンとHPが減っているバックホロメン1人を交代できる。")
def _swap_damaged(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """ウマウマ！ (hBP05-004), with rawlist's 「その後、」."""
    return "swap_damaged_back", {}


@EFFECTS.effect("swap_collab_back", timing="ability", prompt="コラボホロメンと交代させるバックホロメン")
def swap_collab_back(t: Board, f: dict) -> Options:
    """「自分のコラボポジションの<条件>と、バックホロメンの<holder>1人を交代させる」."""
    pa, pl = f["params"], t.p(f["seat"])
    collab = pl["collab"]
    if collab is None or t.card(collab["card"])["level"] not in pa["levels"] or E.locked(t, f["seat"], "collab"):
        return None
    options = [p for p in K.holders(t, f, pa["holder"]) if p.startswith("back")]
    if len(options) <= 1:
        return _collab_swapped(t, f, options[0]) if options else None
    return options


@swap_collab_back.answer
def _collab_swapped(t: Board, f: dict, choice: Any) -> Options:
    pl = t.p(f["seat"])
    i = int(choice[4:])
    pl["collab"], pl["back"][i] = pl["back"][i], pl["collab"]
    t.event("swapped", seat=f["seat"], pos=choice, card=pl["collab"]["card"], source=f["card"])
    return None


@TEXTS.pattern(r"自分のコラボポジションの\[((?:Debut|1st|2nd|Spot)ホロメン(?:か(?:Debut|1st|2nd|Spot)ホロメン)*)\]と、"
               r"バックホロメンの(.+?)1人を交代させる。")
def _swap_collab_back(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """キミの力になりたいから (hBP05-007)."""
    flt = K.holder_filter(m[2])
    if flt is None:
        return None
    return "swap_collab_back", {"levels": [LEVELS[w] for w in re.findall(r"(Debut|1st|2nd|Spot)", m[1])], "holder": flt}


@EFFECTS.effect("special_per_stacked", timing="ability")
def special_per_stacked(t: Board, f: dict) -> Options:
    """「相手の<対象>に、自分のセンターホロメンの〈名前〉に重なっているホロメン1枚につき、特殊ダメージNを
    与える」: N for each card under the own centre, if it is that name."""
    pa = f["params"]
    center = t.p(f["seat"])["center"]
    if center is not None and pa["name"] in names_of(t, center["card"]) and center["stack"]:
        push(t, f, {"effect": "special_damage", "params": {"amount": pa["amount"] * len(center["stack"]),
                                                           "target": pa["target"]}})
    return None


@TEXTS.pattern(r"相手の(センターホロメンかコラボホロメン)どちらかに、自分のセンターホロメンの〈([^〉]+)〉に重なっているホロメン1枚に"
               r"つき、特殊ダメージ(\d+)を与える。")
def _special_per_stacked(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """出航～！ (hBP02-003)."""
    return "special_per_stacked", {"name": m[2], "amount": int(m[3]), "target": "front"}


@EFFECTS.effect("skill_dice_as", timing="ability")
def skill_dice_as(t: Board, f: dict) -> Options:
    """「このターンの間、自分のサイコロの目の数すべててをNとして扱う」: every die of the seat this turn
    shows N (``effects.roll``: no chance event, the face does not matter)."""
    t.p(f["seat"])["used"]["die_as"] = {"face": f["params"]["face"], "turn": t.s["turn"],
                                        **{k: f["params"][k] for k in ("at_once", "holomem") if k in f["params"]}}
    t.event("skill_dice_as", seat=f["seat"], face=f["params"]["face"], source=f["card"])
    return None


@TEXTS.pattern(r"このターンの間、自分のサイコロの目の数すべてを(\d)として扱う。")
def _dice_as(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """幸運兎 (hBP01-004)."""
    return "skill_dice_as", {"face": int(m[1])}


@TEXTS.pattern(r"このターンの間、自分のホロメンの能力でサイコロを1度に(\d)回振る時、そのサイコロの目の数すべてを(\d)として扱う。")
def _dice_as_at_once(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """総帥のお仕事 (hBP04-005): only the dice a holomem's ability rolls N at once (``effects.roll``'s
    ``at_once``: 「サイコロをN回振る」 of ``roll_count``/``arts_roll_sum``)."""
    return "skill_dice_as", {"face": int(m[2]), "at_once": int(m[1]), "holomem": True}


# ------------------------------------------------------------------ more of the list (beyond the 36 decks)

@TEXTS.pattern(r"このターンの間、自分の(.)コラボホロメンのアーツ\+(\d+)。")
def _collab_boost(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """ホワイトバトン … ブルーバトン (hYS01-001…004: 「自分の白コラボホロメンのアーツ+20」)."""
    if m[1] not in COLOR_CHARS:
        return None
    return "boost_holomem", {"holder": {"colors": [COLOR_CHARS[m[1]]], "pos": ["collab"]}, "amount": int(m[2]),
                             "all": True}


@TEXTS.pattern(r"自分のデッキから(#.+)")
def _search_comma(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「自分のデッキから#…」 read as 「自分のデッキから、#…」 (ちょっとまつたけ～♪, hSD15-001)."""
    return respelled(spec, m[0], "自分のデッキから、" + m[1])


@EFFECTS.effect("skill_heal_all", timing="ability")
def skill_heal_all(t: Board, f: dict) -> Options:
    """「自分の<holder>全員のHPN回復」."""
    for pos in K.holders(t, f, f["params"]["holder"]):
        h = t.holo(f["seat"], pos)
        healed = min(h["damage"], f["params"]["amount"])
        if healed:
            h["damage"] -= healed
            t.event("heal", seat=f["seat"], pos=pos, amount=healed, card=f["card"])
            E.after_heal(t, f["seat"], pos, healed, f["card"])  # 「…が回復した時」
    return None


@TEXTS.pattern(r"自分の(.+?)全員のHP(\d+)回復。")
def _heal_all(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """みんな頑張ろー！ (hSD06-001: 「自分の緑ホロメン全員のHP20回復」), みんなのママ (hBP07-003)."""
    flt = K.holder_filter(m[1])
    return ("skill_heal_all", {"holder": flt, "amount": int(m[2])}) if flt is not None else None


@EFFECTS.effect("skill_look_keep", timing="ability", prompt="見たカードから手札に加えるカード", secret=True)
def skill_look_keep(t: Board, f: dict) -> Options:
    """「自分のデッキの上からN枚を見る。その中から、カードK枚を手札に加える。そして残ったカードを(好きな順で)
    デッキの上に戻す」: seen by the seat only (a chance event), K taken unshown (any card: 山札 — 好きな
    カードを手札に加える場合は相手プレイヤーに確認させない; a secret choice), the rest back on top in the
    order chosen (``skill_to_top``)."""
    seat = f["seat"]
    if "looked" not in f:
        f["looked"], f["taken"] = [], 0
        for _ in range(f["params"]["count"]):
            item = t.zones.draw(f"deck/{seat}", "look", t.rule_of(f["card"]), visible=(seat,))
            if item is None:
                break
            f["looked"].append(item)
        t.event("looked", seat=seat, count=len(f["looked"]), card=f["card"])
    if f["taken"] >= f["params"]["take"] or not f["looked"]:
        if f["looked"]:
            t.s["stack"].append(frame("skill_to_top", seat, f["card"], f["origin"], {"items": f["looked"]}))
        return None
    if len(f["looked"]) <= f["params"]["take"] - f["taken"]:  # all of them: nothing to choose
        t.p(seat)["hand"].extend(f["looked"])
        t.event("kept", seat=seat, count=len(f["looked"]), card=f["card"])
        f["looked"] = []
        return None
    return sorted({c for item in f["looked"] for c in _could_be(t, item)})


@skill_look_keep.answer
def _kept(t: Board, f: dict, choice: Any) -> Options:
    item = choice if choice in f["looked"] else next(i for i in f["looked"] if choice in _could_be(t, i))
    f["looked"].remove(item)
    t.p(f["seat"])["hand"].append(item)  # still unknown to others (a token stays a token)
    t.event("kept", seat=f["seat"], count=1, card=f["card"])
    f["taken"] += 1
    return skill_look_keep.run(t, f)


@TEXTS.pattern(r"自分のデッキの上から(\d)枚を見る。その中から、カード(\d)枚を手札に加える。そして残ったカードを(?:好きな順で)?デッキの上に"
               r"戻す。")
def _look_keep(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """神札の導き, みんなのママ (hBP07-003)."""
    return "skill_look_keep", {"count": int(m[1]), "take": int(m[2])}


@EFFECTS.effect("skill_swap_own_center", timing="ability", prompt="センターと交代させるバックホロメン")
def skill_swap_own_center(t: Board, f: dict) -> Options:
    """「自分のセンターホロメンとお休みしていないバックホロメン1人を交代させる。(さらに、バックポジションに移動
    したホロメンのHPN回復。)」."""
    pl = t.p(f["seat"])
    if pl["center"] is None or E.locked(t, f["seat"], "center"):
        return None
    options = [p for p, h in t.stage(f["seat"]) if p.startswith("back") and not h["rested"]]
    if len(options) <= 1:
        return _own_swapped(t, f, options[0]) if options else None
    return options


@skill_swap_own_center.answer
def _own_swapped(t: Board, f: dict, choice: Any) -> Options:
    pl = t.p(f["seat"])
    i = int(choice[4:])
    pl["center"], pl["back"][i] = pl["back"][i], pl["center"]
    t.event("swapped", seat=f["seat"], pos=choice, card=pl["center"]["card"], source=f["card"])
    heal = f["params"].get("heal")
    if heal:
        h = pl["back"][i]
        healed = min(h["damage"], heal)
        h["damage"] -= healed
        t.event("heal", seat=f["seat"], pos=choice, amount=healed, card=f["card"])
        E.after_heal(t, f["seat"], choice, healed, f["card"])  # 「…が回復した時」
    return None


@TEXTS.pattern(r"自分のセンターホロメンとお休みしていないバックホロメン1人を交代させる。(?:さらに、バックポジションに移動したホロメンのHP"
               r"(\d+)回復。)?")
def _swap_own_center(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """後は引き受けた！ (hSD07-001)."""
    return "skill_swap_own_center", {**({"heal": int(m[1])} if m[1] else {})}


@EFFECTS.effect("skill_swap_opp_front", timing="ability")
def skill_swap_opp_front(t: Board, f: dict) -> Options:
    """「相手のセンターポジションとコラボポジションのホロメンを入れ替える」 (both must be there)."""
    opp = t.p(other(f["seat"]))
    if opp["center"] is not None and opp["collab"] is not None \
            and not any(E.locked(t, other(f["seat"]), p) for p in ("center", "collab")):
        opp["center"], opp["collab"] = opp["collab"], opp["center"]
        t.event("swapped", seat=other(f["seat"]), pos="collab", card=opp["center"]["card"], source=f["card"])
    return None


@TEXTS.pattern(r"相手のセンターポジションとコラボポジションのホロメンを入れ替える。")
def _swap_opp_front(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """Boat Goes Binted (hSD13-002)."""
    return "skill_swap_opp_front", {}


@EFFECTS.effect("skill_cheer_mill_draw", timing="ability", prompt="エールデッキの上からアーカイブする枚数")
def skill_cheer_mill_draw(t: Board, f: dict) -> Options:
    """「自分のエールデッキの上からM～N枚をアーカイブする:アーカイブしたエール1枚につき、自分のデッキを1枚引く」:
    how many (each turned face up), then as many drawn."""
    most = min(f["params"]["max"], t.cheer_deck_size(f["seat"]))
    options = list(range(f["params"]["min"], most + 1))
    if len(options) <= 1:
        return _cheer_milled(t, f, options[0]) if options else None
    return options


@skill_cheer_mill_draw.answer
def _cheer_milled(t: Board, f: dict, choice: Any) -> Options:
    for _ in range(choice):
        card = t.reveal_cheer(f["seat"], "cost", t.rule_of(f["card"]))
        E.archive_by(t, f, "cheer_deck", card)
        t.event("cheer_archived", seat=f["seat"], card=card, source=f["card"])
    if choice:
        push(t, f, {"effect": "draw", "params": {"count": choice}})
    return None


@TEXTS.pattern(r"自分のエールデッキの上から(\d)～(\d)枚をアーカイブする:アーカイブしたエール1枚につき、自分のデッキを1枚引く。")
def _cheer_mill_draw(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """鬼閻魔 (hBP06-004)."""
    return "skill_cheer_mill_draw", {"min": int(m[1]), "max": int(m[2])}


# ------------------------------------------------------------------ special damage counted

@EFFECTS.effect("skill_special_count", timing="ability")
def skill_special_count(t: Board, f: dict) -> Options:
    """Special damage N for each thing counted now (``count``: ``archive`` cards of ``filters``, or the
    ``opp_center_damage`` 「相手のセンターホロメンが受けているダメージと同じ数値」), to ``target``
    (``not_debut``: 「相手のDebut以外の…」)."""
    pa, seat, opp = f["params"], f["seat"], other(f["seat"])
    if pa["count"] == "archive":
        amount = pa["amount"] * sum(1 for c in t.p(seat)["archive"]
                                    if any(E._matches(t, c, flt) for flt in pa["filters"]))
    else:
        center = t.p(opp)["center"]
        amount = center["damage"] if center else 0
    if amount <= 0:
        return None
    spec = {"effect": "special_damage", "params": {"amount": amount, "target": pa["target"]}}
    if pa.get("not_debut"):
        spec = {"effect": "skill_special_not_debut", "params": {"amount": amount, "target": pa["target"]}}
    push(t, f, spec)
    return None


@EFFECTS.effect("skill_special_not_debut", timing="ability", prompt="特殊ダメージを与える相手のホロメン")
def skill_special_not_debut(t: Board, f: dict) -> Options:
    """「相手のDebut以外のバックホロメン1人に…特殊ダメージNを与える」."""
    opp = other(f["seat"])
    options = [p for p, h in t.stage(opp) if p.startswith("back") and t.card(h["card"])["level"] != "debut"]
    if len(options) <= 1:
        return _not_debut_hit(t, f, options[0]) if options else None
    return options


@skill_special_not_debut.answer
def _not_debut_hit(t: Board, f: dict, choice: Any) -> Options:
    E.damage(t, other(f["seat"]), choice, f["params"]["amount"], source=f["card"], special=True)
    return None


def _archive_filters(what: str) -> list[dict] | None:
    """「自分のアーカイブの<what>」: one kind, or 「[<A>と<B>]」 (both counted)."""
    m = re.fullmatch(r"\[(.+?)と(.+?)\]", what)
    parts = [m[1], m[2]] if m else [what]
    filters = []
    for part in parts:
        if part == "エール" or (len(part) == 3 and part.endswith("エール") and part[0] in COLOR_CHARS):
            filters.append({"kind": "cheer", **({"colors": [COLOR_CHARS[part[0]]]} if part != "エール" else {})})
        elif part == "サポートカード":
            filters.append({"kind": "support"})
        elif (flt := K.card_filter(part)) is not None:
            filters.append(flt)
        else:
            return None
    return filters


@TEXTS.pattern(r"相手の(Debut以外の)?(センターホロメン|バックホロメン1人|センターホロメンかコラボホロメンどちらか)に、自分のアーカイブの(.+?)"
               r"1枚につき、特殊ダメージ(\d+)を与える。")
def _special_per_archive(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """リベリオン (hSD12-001), 古代魔石の輝き (hSD12-002), 二刀一閃！ 鬼神斬り (hBP06-004)."""
    target = {"センターホロメン": "center", "バックホロメン1人": "back", "センターホロメンかコラボホロメンどちらか": "front"}[m[2]]
    filters = _archive_filters(m[3])
    if filters is None or (m[1] and target != "back"):
        return None
    return "skill_special_count", {"count": "archive", "filters": filters, "amount": int(m[4]), "target": target,
                                   **({"not_debut": True} if m[1] else {})}


@TEXTS.pattern(r"相手のバックホロメン1人に、相手のセンターホロメンが受けているダメージと同じ数値の特殊ダメージを与える。")
def _special_same_as_center(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """いけいけどんどん！ (hBP08-004)."""
    return "skill_special_count", {"count": "opp_center_damage", "amount": 1, "target": "back"}


@EFFECTS.effect("skill_draw_bottom", timing="ability")
def skill_draw_bottom(t: Board, f: dict) -> Options:
    """「自分のデッキを下からN枚引く」: from the deck's bottom (seen by the seat)."""
    seat = f["seat"]
    n = 0
    for _ in range(f["params"]["count"]):
        item = t.zones.draw(f"deck/{seat}", "draw", t.rule_of(f["card"]), visible=(seat,), end="bottom")
        if item is None:
            break
        t.p(seat)["hand"].append(item)
        n += 1
    t.event("draw", seat=seat, count=n, card=f["card"])
    return None


@TEXTS.pattern(r"自分のデッキを下から(\d)枚引いた後、手札(\d)枚をアーカイブする。")
def _draw_bottom(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """忘却の輪の上で (hBP07-005)."""
    return "sequence", {"steps": [{"effect": "skill_draw_bottom", "params": {"count": int(m[1])}},
                                  {"effect": "discard_hand", "params": {"count": int(m[2])}}]}


@EFFECTS.effect("skill_pay_hand", timing="ability", prompt="アーカイブする手札")
def skill_pay_hand(t: Board, f: dict) -> Options:
    """「自分の手札N枚をアーカイブすることで、<効果>」: the cost (refused with fewer in hand: ``refusal``),
    one card at a time, then the effect."""
    f.setdefault("paid", 0)
    if f["paid"] >= f["params"]["count"]:
        push(t, f, f["params"]["then"])
        return None
    return t.hand_cards(f["seat"]) or None


@skill_pay_hand.answer
def _hand_paid(t: Board, f: dict, choice: Any) -> Options:
    t.take_from_hand(f["seat"], choice, "cost", t.rule_of(f["card"]))
    E.archive_by(t, f, "hand", choice)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=choice)
    f["paid"] += 1
    return skill_pay_hand.run(t, f)


@TEXTS.pattern(r"自分の手札(\d)枚をアーカイブすることで、(?:自分の)?(.+)")
def _pay_hand(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """サンプリング (hBP02-007: 「自分の手札2枚をアーカイブすることで、アーカイブの#ENを持つホロメン2枚を手札に戻す」):
    a skill's cost, paid once it is used. What follows may not be a choice (「…振れる:」: an ability that
    may pay or not is the other families' own)."""
    rest = m[2]
    if re.search(r"(?:れる|できる):", rest):
        return None
    if rest.startswith("アーカイブの"):
        rest = "自分の" + rest
    then = spec(rest)
    return ("skill_pay_hand", {"count": int(m[1]), "then": then}) if then else None


@EFFECTS.effect("skill_both_cheer_top", timing="ability")
def skill_both_cheer_top(t: Board, f: dict) -> Options:
    """「お互いのエールデッキの上から1枚をアーカイブする。アーカイブしたエール1色につき、自分のデッキを1枚引く」:
    each cheer turned face up (everyone sees), then one card for each colour among them."""
    colors = set()
    for seat in (f["seat"], other(f["seat"])):
        if t.cheer_deck_size(seat) > 0:
            card = t.reveal_cheer(seat, "cheer_mill", t.rule_of(f["card"]))
            E.archive_by(t, f, "cheer_deck", card, seat=seat)
            t.event("cheer_archived", seat=seat, card=card, source=f["card"])
            colors.add(t.card(card)["colors"][0])
    if colors:
        push(t, f, {"effect": "draw", "params": {"count": len(colors)}})
    return None


@TEXTS.pattern(r"お互いのエールデッキの上から1枚をアーカイブする。アーカイブしたエール1色につき、自分のデッキを1枚引く。")
def _both_cheer_top(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """Biboo Tax (hSD12-002)."""
    return "skill_both_cheer_top", {}


@EFFECTS.effect("skill_if_bloomed", timing="ability")
def skill_if_bloomed(t: Board, f: dict) -> Options:
    """「このターンに自分のホロメンがBloomしていたなら、<効果>」: a holomem on the own stage bloomed this turn."""
    if any(h["since"] == t.s["turn"] and h["stack"] for _, h in t.stage(f["seat"])):
        push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"このターンに自分のホロメンがBloomしていたなら、(.+)")
def _if_bloomed(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """エンジン全開！レッツゴー！ (hSD10-001)."""
    then = spec(m[1])
    return ("skill_if_bloomed", {"then": then}) if then else None


@TEXTS.pattern(r"自分のステージのホロメン1人を選ぶ。このターンの間、選んだホロメンのアーツ\+(\d+)。(?:そのホロメンが#(.+?)を持つ(Buzz)?ホロメン|"
               r"選んだホロメンに(.)エールが付いている)なら、かわりに、そのホロメンのアーツ\+(\d+)。")
def _boost_instead(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """Good Luck, holoh3ro! (hBP07-002), ネフィリムの祝福 (hBP08-001)."""
    if m[4] is not None and m[4] not in COLOR_CHARS:
        return None
    instead = {"amount": int(m[5]), **({"tag": m[2]} if m[2] else {}), **({"buzz": True} if m[3] else {}),
               **({"cheer": [COLOR_CHARS[m[4]]]} if m[4] else {})}
    return "skill_boost_pick", {"holder": {}, "amount": int(m[1]), "instead": instead}


# ------------------------------------------------------------------ arts that may target the back

@EFFECTS.effect("skill_back_target", timing="ability", prompt="アーツが相手のバックホロメンも対象にできるホロメン")
def skill_back_target(t: Board, f: dict) -> Options:
    """「自分の<holder>1人を選ぶ。このターンの間、選んだホロメンのアーツは、相手のバックホロメンも対象にできる」:
    a modifier on the holomem chosen, ending with this turn (``arts_target_frames``)."""
    options = K.holders(t, f, f["params"]["holder"])
    if len(options) <= 1:
        return _back_target_chosen(t, f, options[0]) if options else None
    return options


@skill_back_target.answer
def _back_target_chosen(t: Board, f: dict, choice: Any) -> Options:
    h = t.holo(f["seat"], choice)
    h.setdefault("lasting", []).append({"kind": "back_target", "amount": 0, "until": t.s["turn"]})
    t.event("back_target", seat=f["seat"], pos=choice, card=h["card"], source=f["card"])
    return None


@TEXTS.pattern(r"自分の(.+?)1人を選ぶ。このターンの間、選んだホロメンのアーツは、相手のバックホロメンも対象にできる。")
def _back_target(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """BAU BAU! (hBP03-004)."""
    flt = K.holder_filter(m[1])
    return ("skill_back_target", {"holder": flt}) if flt is not None else None


def arts_target_frames(t: Board, seat: str, pos: str) -> list[dict]:
    """The frame that lets ``seat``'s holomem at ``pos`` (chosen by 「…選んだホロメンのアーツは、相手のバック
    ホロメンも対象にできる」 this turn) move its art's target to one of the opponent's back holomem: put on top
    of the art's frames by ``rules.Arts`` (the target is named before anything of the art resolves, as with
    the art)."""
    from kifu.replays.games.hocg.abilities.arts_modifiers import back_targets  # (and a gift's: 「…なら、このホロメンの…」)
    h = t.holo(seat, pos)
    if h is None or not back_targets(t, seat, pos):
        return []
    return [frame("skill_arts_retarget", seat, h["card"], "arts", {"pos": pos})]


@EFFECTS.effect("skill_arts_retarget", timing="rule", prompt="このアーツの対象（相手のホロメン）")
def skill_arts_retarget(t: Board, f: dict) -> Options:
    """The art's target kept (the one declared with the art) or moved to one of the opponent's back holomem
    (``arts_retarget``'s choice; none while a gift of the opponent's allows its collab holomem only, and
    none the art's own text forbids: ``arts.use_problem``)."""
    from kifu.replays.games.hocg.abilities import arts as A
    af = E.arts_frame(t)
    if af is None or af["card"] != f["card"] or af["params"]["pos"] != f["params"]["pos"]:
        return None
    if K.forced_targets(t, other(f["seat"])) is not None:
        return None
    h = t.holo(f["seat"], f["params"]["pos"])
    art = E.art_at(t, h, af["params"]["art"])
    from kifu.replays.games.hocg.abilities.arts_modifiers import may_target  # 「相手の2ndのバックホロメンも」…
    backs = [p for p in t.positions(other(f["seat"])) if p.startswith("back")
             and A.use_problem(t, f["seat"], h, art, p) is None and may_target(t, f["seat"], f["params"]["pos"], p)]
    return [af["params"]["target"], *backs] if backs else None


@skill_arts_retarget.answer
def _arts_retargeted(t: Board, f: dict, choice: Any) -> Options:
    af = E.arts_frame(t)
    if choice != af["params"]["target"]:
        af["params"]["target"] = choice
        t.event("arts_target", seat=f["seat"], card=f["card"], target=choice)
    return None


# ------------------------------------------------------------------ a holomem from the stage to the deck

@EFFECTS.effect("skill_stage_to_bottom", timing="ability", prompt="デッキの下に戻すホロメン")
def skill_stage_to_bottom(t: Board, f: dict) -> Options:
    """「自分のバックポジションの<レベル>ホロメンの〈名前〉1人をデッキの下に戻す」: the holomem chosen goes to the
    bottom of the deck (the cards under it with it; its cheer and attached supports archived:
    ``manual.leave_stage``), seen by both (it was on the stage); none there: nothing."""
    options = K.holders(t, f, f["params"]["holder"])
    if len(options) <= 1:
        return _to_bottom_chosen(t, f, options[0]) if options else None
    return options


@skill_stage_to_bottom.answer
def _to_bottom_chosen(t: Board, f: dict, choice: Any) -> Options:
    from kifu.replays.games.hocg import manual
    seat = f["seat"]
    h = t.remove_holo(seat, choice)
    manual.leave_stage(t, seat, h, "deck_bottom")
    t.event("left_stage", seat=seat, pos=choice, card=h["card"], dest="deck_bottom", source=f["card"])
    left_to_deck(t, seat, h["card"])
    return None


@TEXTS.pattern(r"自分のバックポジションの(Debut|1st|2nd)ホロメンの〈([^〉]+)〉1人をデッキの下に戻す。")
def _stage_to_bottom(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """ワールドワイドな最強アイドル！ (hBP07-004, before rawlist's 「その後、」)."""
    return "skill_stage_to_bottom", {"holder": {"pos": ["back"], "level": LEVELS[m[1]], "names": [m[2]]}}


def left_to_deck(t: Board, seat: str, card: str) -> None:
    """``seat``'s holomem ``card`` went from the stage to the deck by ``seat``'s own ability: 「[ターンに1回]自分の
    ターンで、自分の〈名前〉が自分の能力でステージからデッキに戻った時、<効果>」 (a 推しステージスキル of ``seat``'s
    oshi, ``stage_left_to_deck``) resolves now, once a turn. An ability that puts a holomem of its own
    seat from the stage into the deck calls this."""
    pl = t.p(seat)
    for ab in t.card(pl["oshi"])["abilities"]:
        pa = ab.get("params") or {}
        if ab.get("effect") != "stage_left_to_deck" or t.s["active"] != seat \
                or not set(pa["names"]) & names_of(t, card) or pl["used"].get("stage_left_to_deck"):
            continue
        pl["used"]["stage_left_to_deck"] = True
        E.cite(t, seat, pl["oshi"], ab.get("name") or "stage")
        t.s["stack"].append(frame(pa["then"]["effect"], seat, pl["oshi"], "stage", pa["then"]["params"]))
    for hook in t.hooks(LEFT_TO_DECK_HOOKS):  # the holomem's gifts: 「自分の〈名前〉がステージからデッキに戻った時」 (``bloom_again``)
        hook(t, seat, card)


#: ``(t, seat, card)``: called by ``left_to_deck`` (after the oshi's stage skill)
LEFT_TO_DECK_HOOKS: list[Any] = []


EFFECTS.effect("stage_left_to_deck", timing="constant")(lambda t, f: None)


@TEXTS.pattern(r"[^、。:\[]*?\[ターンに1回\]自分のターンで、自分の〈([^〉]+)〉が自分の能力でステージからデッキに戻った時、(.+)")
def _stage_left_to_deck(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """はあちゃまなう (hBP07-004, 推しステージスキル: its name glued to its text)."""
    then = spec(m[2])
    return ("stage_left_to_deck", {"names": [m[1]], "then": then}) if then else None
