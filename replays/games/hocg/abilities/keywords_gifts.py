"""Gifts (対戦中の現象/ギフト: 「対戦中、常にまたは決まったタイミングに発揮できる能力」): never a frame of their own,
each read where the rules reach its moment. Registered through ``keywords`` (after the effects' shapes):

- constants, read where the rules compute what they change: damage as it is dealt (``modify_damage``
  on ``effects.DAMAGE_MODIFIERS``: 「…が受けるダメージ-N」「…は相手からダメージを受けない」「…が与える
  特殊ダメージ+N」「…のアーツ+N」「相手のメインステップの間、…のHPは相手の能力で減らず」), the targets an
  art may take (``forced_targets``), the cheer an art needs (``arts_cost``), the mascots a holomem holds
  (``keywords_effects.mascot_room``), the collab holomem's rest at the reset (``stays_awake``);
- triggers, resolved as frames of the gift's holomem once the engine reaches them: 「このホロメンがダウン
  した時」 (``on_down``: ダウン①, what the holomem held in ``effects.READS_DOWNED``), 「…がダメージを受ける時」
  (an offer in ``abilities.windows``), 「…がアーツを使った時」 (``arts_used_frames``, under the art's
  damage), 「…でカードを公開した時」 (``effects.REVEAL_HOOKS``), 「自分の…がコラボした時」「自分の(SP)推しスキルを
  使った時」 (``event_gift_frames``).

Only the top card's gifts count (Bloom: 「持っていた…能力もなくなる」), and 「[センターポジション限定]」 (…)
where the holomem is now (``_active``).
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg import effects as E
from kifu.replays.games.hocg.abilities import windows
from kifu.replays.games.hocg.abilities.grammar import Spec
from kifu.replays.games.hocg.abilities.keywords import (COLOR_CHARS, LEVELS, LIMIT, SLOTS, SUPPORT_KINDS, TEXTS, _active, _faces,
                                                        _gift, _limits, _slot, card_filter, holder_filter,
                                                        holder_fits, holders)
from kifu.replays.games.hocg.cards import has_tag
from kifu.replays.games.hocg.effects import (EFFECTS, Options, attach_cheer, cite, names_of, own_holo_of, push)
from kifu.replays.games.hocg.state import HP_MODIFIERS, Board, needs, other
from kifu.replays.kit import frame


# ------------------------------------------------------------------ gifts: down triggers

#: what a 「このホロメンがダウンした時」 gift of this family may do once the holomem is archived
#: (ダウン②; see ``rawlist.DOWN_SAFE``): send a cheer to another holomem
DOWN_SAFE = ("cheer_to_holomem", "mill", "to_holopower")


@EFFECTS.effect("move_downed_cheer", timing="ability", prompt="付け替えるダウンしたホロメンのエール（しないならnull） / 付け替え先")
def move_downed_cheer(t: Board, f: dict) -> Options:
    """「(相手のターンで、)このホロメンがダウンした時、このホロメンのエール1枚を、自分の他の<holder>に付け替え
    (られ)る」 (ダウン①): one of the cheer the downed holomem held (``f["downed"]``; archived with it
    by the time this resolves, so taken back from there), then to which of those holomem."""
    cheer = _downed_left(t, f, "cheer")
    f["stage"] = "cheer"
    if not cheer or not holders(t, f, f["params"]["holder"]):
        return None
    return cheer + [None] if f["params"].get("optional") else cheer


def _downed_left(t: Board, f: dict, key: str) -> list[str]:
    archive = t.p(f["seat"])["archive"]
    return sorted({c for c in f.get("downed", {}).get(key, ()) if c in archive})


@move_downed_cheer.answer
def _downed_cheer_moved(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == "cheer":
        if choice is None:
            return None
        f["cheer"], f["stage"] = choice, "to"
        targets = holders(t, f, f["params"]["holder"])
        if len(targets) > 1:
            return targets
        choice = targets[0]
    t.p(f["seat"])["archive"].remove(f["cheer"])
    attach_cheer(t, f["seat"], choice, f["cheer"])
    return None


@EFFECTS.effect("return_downed", timing="ability", prompt="手札に戻すカード（ダウンしたホロメンと重なっていたホロメン）")
def return_downed(t: Board, f: dict) -> Options:
    """「…このホロメンがダウンした時、このホロメンを含め重なっているホロメンの中から1枚を手札に戻す」: one of
    the downed holomem's cards (its top and the ones under it; ``f["downed"]``), shown as it
    leaves the archive."""
    cards = _downed_left(t, f, "cards")
    if len(cards) <= 1:
        return _downed_returned(t, f, cards[0]) if cards else None
    return cards


@return_downed.answer
def _downed_returned(t: Board, f: dict, choice: Any) -> Options:
    t.p(f["seat"])["archive"].remove(choice)
    t.p(f["seat"])["hand"].append(choice)
    t.event("returned", seat=f["seat"], card=choice, source=f["card"])
    return None


E.READS_DOWNED.update(("move_downed_cheer", "return_downed"))


@TEXTS.pattern(r"(相手のターンで、)?このホロメンがダウンした時、(?:このホロメンのエール1枚を、?自分の(.+?)に付け替え(る|られる)|"
               r"(このホロメンを含め重なっているホロメンの中から1枚を手札に戻す))。")
def _down_reads_itself(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    if m[4]:
        return "on_down", {"opp_turn": bool(m[1]), "then": {"effect": "return_downed", "params": {}}}
    flt = holder_filter(m[2])
    if flt is None:
        return None
    then = {"effect": "move_downed_cheer", "params": {"holder": flt, **({"optional": True} if m[3] == "られる" else {})}}
    return "on_down", {"opp_turn": bool(m[1]), "then": then}


@TEXTS.pattern(r"(相手のターンで、)?このホロメンがダウンした時、(.+)")
def _on_down(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    if then is None or then["effect"] not in DOWN_SAFE:
        then = own_reading(m[2], spec)  # another family may read the part first, as an effect not known safe here
    if then is None or then["effect"] not in DOWN_SAFE:
        return None
    return "on_down", {"opp_turn": bool(m[1]), "then": then}


def own_reading(text: str, spec: Spec) -> dict[str, Any] | None:
    """``text`` as this family's own shapes read it (their parts through every family's), or None."""
    for pattern, make in TEXTS.entries:
        m = pattern.fullmatch(text)
        if m and (made := make(m, spec)) is not None:
            return {"effect": made[0], "params": made[1]}
    return None


#: what a gift 「このホロメンが相手のホロメンをダウンさせた時」 of this family may do (``rawlist.KO_SAFE``'s, and these)
KO_SAFE = ("to_holopower", "cheer_to_holomem")


@TEXTS.pattern(r"このホロメンが相手の(センター)?ホロメンをダウンさせた時、(.+)")
def _on_ko(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    then = spec(m[2])
    if then is None or then["effect"] not in KO_SAFE:
        then = own_reading(m[2], spec)  # as for 「ダウンした時」
    if then is None or then["effect"] not in KO_SAFE:
        return None
    return "on_ko", {"then": then, **({"center": True} if m[1] else {})}


# ------------------------------------------------------------------ gifts: constants

for _name in ("damage_cut", "special_plus", "arts_gift", "arts_target_lock", "two_mascots", "hp_guard", "no_rest"):
    EFFECTS.effect(_name, timing="constant")(lambda t, f: None)


@TEXTS.pattern(LIMIT + r"?(?:自分の推しホロメンが〈([^〉]+)〉なら、)?(このホロメンと)?(このホロメン|自分の(.+?))が(?:相手の(?:(Debut|1st|2nd)"
               r"ホロメン|(センター|コラボ)?(ホロメン))から)?(センターポジションで)?受ける(アーツ|特殊)?ダメージ-(\d+)。")
def _damage_cut(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[…限定](自分の推しホロメンが〈名前〉なら、)(このホロメンと)<このホロメン|自分の…>が(相手の(1st|センター)
    ホロメンから)(センターポジションで)受ける(アーツ|特殊)ダメージ-N」."""
    whom = _whom(m[3], m[4], m[5], m[9])
    if whom is None:
        return None
    return "damage_cut", {"amount": int(m[11]), "whom": whom, **({"at": _limits(m[1])} if m[1] else {}),
                          **({"from_level": LEVELS[m[6]]} if m[6] else {}), **({"from_holomem": True} if m[8] else {}),
                          **({"from_pos": SLOTS[m[7]]} if m[7] else {}), **({"oshi": m[2]} if m[2] else {}),
                          **({"kind": "arts" if m[10] == "アーツ" else "special"} if m[10] else {})}


def _whom(both: str | None, who: str, desc: str | None, at_center: str | None) -> list[dict] | None:
    out: list[dict] = [{"self": True}] if both else []
    if who == "このホロメン":
        out.append({"self": True})
    else:
        flt = holder_filter(desc or "")
        if flt is None:
            return None
        out.append(flt)
    return [{**w, "pos": ["center"]} for w in out] if at_center else out


@TEXTS.pattern(LIMIT + r"?(自分のコラボホロメンがいて、相手のコラボホロメンがいないなら、)?(このホロメン|自分の(.+?))(?:全員)?は相手から"
               r"(アーツ|特殊)?ダメージを受けない。")
def _damage_none(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[…限定](<条件>なら、)<このホロメン|自分の…(全員)>は相手から(アーツ|特殊)ダメージを受けない」."""
    desc = m[4]
    if desc is not None:
        desc = re.sub(r"^(センター|コラボ|バック)ポジションの(.+)", lambda w: w[2] + "@" + w[1], desc)
        desc, _, where = desc.partition("@")
    whom = _whom(None, m[3], desc, None)
    if whom is None:
        return None
    if desc is not None and where:
        whom = [{**w, "pos": [SLOTS[where]]} for w in whom]
    return "damage_cut", {"amount": None, "whom": whom, **({"at": _limits(m[1])} if m[1] else {}),
                          **({"kind": "arts" if m[5] == "アーツ" else "special"} if m[5] else {}),
                          **({"if_collabs": True} if m[2] else {})}


@TEXTS.pattern(LIMIT + r"(?:自分の推しホロメンの〈([^〉]+)〉と)?自分のステージの〈([^〉]+)〉全員が相手のセンターホロメンに与える"
               r"特殊ダメージ\+(\d+)。")
def _special_plus(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "special_plus", {"amount": int(m[4]), "names": [m[3]], "at": _limits(m[1]), "target": "center",
                            **({"oshi": m[2]} if m[2] else {})}


@TEXTS.pattern(LIMIT + r"(?:このホロメンに((?:〈[^〉]+〉か)*〈[^〉]+〉)が付いている間、)?自分の(.+?)のアーツ\+(\d+)。")
def _arts_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    made = _arts_gift_of(m[1], m[3], m[4])
    if made and m[2]:
        made[1]["while_attached"] = re.findall(r"〈([^〉]+)〉", m[2])
    return made


def _arts_gift_of(limit: str, desc: str, amount: str) -> tuple[str, dict[str, Any]] | None:
    """「[…限定]自分の<(センター|コラボ)ポジションの><holder>(全員)のアーツ+N」."""
    where = re.match(r"(センター|コラボ)ポジションの", desc)
    body = desc[where.end():] if where else desc
    flt = holder_filter(body[:-2] if body.endswith("全員") else body)
    if flt is None:
        return None
    if where:
        flt = {**flt, "pos": [SLOTS[where[1]]]}
    return "arts_gift", {"amount": int(amount), "holder": flt, "at": _limits(limit)}


@TEXTS.pattern(LIMIT + r"(?:自分の#(.+?)を持つセンターホロメンがいる(?:間|なら)、)?相手のホロメンのアーツは、自分のコラボホロメンしか対象に"
               r"できない(?:。ただし、特殊ダメージは除く。|（特殊ダメージは除く）。)")
def _arts_target_lock(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    if _limits(m[1]) != ["collab"]:
        return None
    return "arts_target_lock", {"at": ["collab"], **({"center_tag": m[2]} if m[2] else {})}


@TEXTS.pattern(r"このホロメンは、異なるカード名のマスコットを2枚まで付けられる。")
def _two_mascots(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "two_mascots", {}


@TEXTS.pattern(LIMIT + r"相手のメインステップの間、(このホロメン|自分の(.+?))のHPは相手の能力で減らず、変動しない。")
def _hp_guard(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    whom = {"self": True} if m[2] == "このホロメン" else holder_filter(m[3])
    if whom is None:
        return None
    return "hp_guard", {"at": _limits(m[1]), "whom": whom}


@TEXTS.pattern(r"自分のリセットステップで、自分のセンターホロメンが〈([^〉]+)〉の時、このホロメンはバックポジションに移動しても"
               r"お休みしない。")
def _no_rest(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "no_rest", {"center": m[1]}


def _whom_fits(t: Board, seat: str, pos: str, h: dict, gift_pos: str, whom: dict) -> bool:
    if whom.get("self"):
        return pos == gift_pos and ("pos" not in whom or _slot(pos) in whom["pos"])
    return holder_fits(t, None, pos, h, whom)


@needs("arts_gift", "special_plus", "damage_cut", "hp_guard", "boost_per_cheer")
def modify_damage(t: Board, seat: str, pos: str, amount: int, *, source: str | None, special: bool,
                  by: dict | None) -> int:
    """Damage to ``seat``'s holomem at ``pos`` as the gifts on the stages change it: the
    dealer's 「…のアーツ+N」 (``arts_gift``: arts only) and 「…が相手のセンターホロメンに与える特殊
    ダメージ+N」 (``special_plus``), then the holder's side 「…が受けるダメージ-N」 (``damage_cut``)
    and 「相手のメインステップの間、…のHPは相手の能力で減らず」 (``hp_guard``), never below 0."""
    dealer = other(seat)
    h = t.holo(seat, pos)
    by = by or {}
    attacker = t.holo(dealer, by["pos"]) if by.get("pos") else None
    if attacker is not None and attacker["card"] != by.get("card"):
        attacker = None
    arts = not special and by.get("art") is not None
    for gpos, g in t.stage(dealer) if t.has("arts_gift", "special_plus") else ():
        for pa in _gift(t, g["card"], "arts_gift"):
            if pa.get("while_attached") and not any(set(pa["while_attached"]) & names_of(t, a) for a in g["attached"]):
                continue  # 「このホロメンに〈A〉か〈B〉が付いている間」
            if pa.get("opp_tags") and not any(has_tag(t.card(x["card"]), tag) for _, x in t.stage(seat)
                                              for tag in pa["opp_tags"]):
                continue  # 「相手のステージに[#Aか#B]を持つホロメンがいる間」
            if pa.get("sp_used") and not _sp_named_used(t, dealer, pa["sp_used"]):
                continue  # 「このゲーム中に、自分のSP推しスキル「名前」を使っていたなら」
            if arts and attacker is not None and _active(pa, gpos) and (
                    by["pos"] == gpos if pa["holder"].get("self") else holder_fits(t, None, by["pos"], attacker,
                                                                                    pa["holder"])):
                amount += _noted(t, dealer, gpos, g, "arts_gift", pa["amount"])
        for pa in _gift(t, g["card"], "special_plus"):
            if special and _active(pa, gpos) and pos == pa["target"] and _special_source(t, dealer, source, attacker, pa):
                amount += _noted(t, dealer, gpos, g, "special_plus", pa["amount"])
    if arts and attacker is not None:
        for m in attacker.get("lasting", ()):
            if m["kind"] == "arts_per_cheer":
                n = len(attacker["cheer"]) if m.get("cap") is None else min(len(attacker["cheer"]), m["cap"])
                amount += n * m["amount"]
    for gpos, g in t.stage(seat) if t.has("damage_cut", "hp_guard") else ():
        for pa in _gift(t, g["card"], "damage_cut"):
            if _active(pa, gpos) and any(_whom_fits(t, seat, pos, h, gpos, w) for w in pa["whom"]) \
                    and _from_level(t, source, attacker, pa.get("from_level")) \
                    and (not pa.get("from_holomem") or attacker is not None) \
                    and (not pa.get("from_pos") or (attacker is not None and by["pos"] == pa["from_pos"])) \
                    and (not pa.get("oshi") or pa["oshi"] in names_of(t, t.p(seat)["oshi"])) \
                    and pa.get("kind") in (None, "arts" if arts else "special" if special else None) \
                    and (not pa.get("if_collabs") or (t.p(seat)["collab"] is not None and t.p(dealer)["collab"] is None)) \
                    and (pa["amount"] is not None or not by.get("own")):  # 「相手から」: not the seat's own damage
                cut = amount if pa["amount"] is None else min(amount, pa["amount"])  # None: 「受けない」
                amount -= _noted(t, seat, gpos, g, "damage_cut", cut)
        for pa in _gift(t, g["card"], "hp_guard"):
            if _active(pa, gpos) and t.s["active"] == dealer and t.s["phase"] == "main" \
                    and _whom_fits(t, seat, pos, h, gpos, pa["whom"]):
                amount -= _noted(t, seat, gpos, g, "hp_guard", amount)
    return max(0, amount)


def _noted(t: Board, seat: str, pos: str, g: dict, gift: str, amount: int) -> int:
    if amount:
        t.event("gift", seat=seat, pos=pos, card=g["card"], effect=gift, amount=amount)
    return amount


def _special_source(t: Board, dealer: str, source: str | None, attacker: dict | None, pa: dict) -> bool:
    """The special damage came from a holomem of ``pa``'s names on the dealer's stage (its
    ability: ``by``) or from the dealer's oshi of that name (「自分の推しホロメンの〈名前〉と」)."""
    if attacker is not None and set(pa["names"]) & names_of(t, attacker["card"]):
        return True
    oshi = t.p(dealer)["oshi"]
    return bool(pa.get("oshi")) and source == oshi and pa["oshi"] in names_of(t, oshi)


def _from_level(t: Board, source: str | None, attacker: dict | None, level: str | None) -> bool:
    """「相手の1stホロメンから」: dealt by a holomem of that level on the opponent's stage."""
    if level is None:
        return True
    return attacker is not None and t.card(attacker["card"])["level"] == level


E.DAMAGE_MODIFIERS.append(modify_damage)


@TEXTS.pattern(LIMIT + r"?自分の(.+?)のアーツに必要な(無色|.)-(\d)。")
def _arts_cost_less(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[…限定]自分の<holder>のアーツに必要な<色>-N」 (a gift: ``arts_cost``)."""
    flt = holder_filter(m[2])
    color = COLOR_CHARS.get(m[3]) or ("any" if m[3] == "無色" else None)
    if flt is None or color is None:
        return None
    return "arts_cost_less", {"holder": flt, "color": color, "amount": int(m[4]),
                              **({"at": _limits(m[1])} if m[1] else {})}


EFFECTS.effect("arts_cost_less", timing="constant")(lambda t, f: None)


def arts_cost(t: Board, seat: str, pos: str, cost: list[str]) -> list[str]:
    """The cheer icons an art of ``seat``'s holomem at ``pos`` needs, less what the stage's gifts
    take off (「自分の<holder>のアーツに必要な<色>-N」, ``arts_cost_less``: that many icons of that
    colour, none below zero)."""
    h = t.holo(seat, pos)
    out = list(cost)
    less = [pa for gpos, g in t.stage(seat) for pa in _gift(t, g["card"], "arts_cost_less")
            if _active(pa, gpos) and (gpos == pos if pa["holder"].get("self") else holder_fits(t, None, pos, h, pa["holder"]))
            and ("attached" not in pa or _attached_holds(t, g, pa["attached"]))]  # 「このホロメンに〈名前〉が付いていないなら」
    less += [m for m in h.get("lasting", ()) if m["kind"] == "arts_cost_less"]  # 「このターンの間、…必要な無色-2」
    if pos == "center":  # the opponent's 「相手のセンターホロメンのバトンタッチに必要な無色がN以上なら、…アーツに必要な無色+M」
        for gpos, g in t.stage(other(seat)):
            for pa in _gift(t, g["card"], "opp_arts_more"):
                if _active(pa, gpos) and t.baton_cost(h) >= pa["baton_min"]:
                    out += [pa["color"]] * pa["amount"]
    for pa in less:
        for _ in range(pa["amount"]):
            if pa["color"] in out:
                out.remove(pa["color"])
    return out


def forced_targets(t: Board, seat: str) -> list[str] | None:
    """The positions an art of ``seat``'s opponent may target, if ``seat``'s gifts limit them
    (「[コラボポジション限定](自分の#タグを持つセンターホロメンがいる間、)相手のホロメンのアーツは、
    自分のコラボホロメンしか対象にできない」), else None."""
    h = t.p(seat)["collab"]
    if h is None:
        return None
    center = t.p(seat)["center"]
    for pa in _gift(t, h["card"], "arts_target_lock"):
        if "center_tag" in pa and (center is None or not has_tag(t.card(center["card"]), pa["center_tag"])):
            continue
        return ["collab"]
    return None


def stays_awake(t: Board, seat: str, h: dict) -> bool:
    """「自分のリセットステップで、自分のセンターホロメンが〈名前〉の時、このホロメンはバックポジションに
    移動してもお休みしない」 (``no_rest``): the collab holomem ``h`` moving back stays awake."""
    center = t.p(seat)["center"]
    return center is not None and any(pa["center"] in names_of(t, center["card"]) for pa in _gift(t, h["card"], "no_rest"))


# ------------------------------------------------------------------ [センターポジション限定] bloom / collab effects
#
# after the gifts' shapes: a gift's 「[…限定]」 text is a constant (or a trigger), never an
# effect that runs (``EFFECTS[...].timing`` is checked too)

@TEXTS.pattern(LIMIT + r"(.+)")
def _at_pos(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    if m[2].startswith(("このアーツ", "[")):
        return None  # an art's own (rawlist)
    then = spec(m[2])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "at_pos", {"pos": _limits(m[1]), "then": then}


# ------------------------------------------------------------------ gifts: 「…がダメージを受ける時」 (abilities.windows)

@TEXTS.pattern(r"(\[ターンに1回\])?" + LIMIT + r"?(\[ターンに1回\])?(このホロメン以外の)?自分のホロメンが相手からダメージを受ける時、"
               r"サイコロを1回振れる:(.+)")
def _taking_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[ターンに1回][コラボポジション限定](このホロメン以外の)自分のホロメンが相手からダメージを受ける時、サイコロを
    1回振れる:<目>なら、そのホロメン1人が受けるダメージ-N。…」 / 「…の時、そのダメージを受けない。」: offered in
    the damage's window (``taking_offers``); the roll's branches lessen the damage held there."""
    parts = re.split(r"(奇数|偶数|\d(?:か\d)*|\d以上|\d以下)(?:の時|なら)、", m[5])
    if parts[0] != "" or len(parts) < 3:
        return None
    branches = []
    for word, text in zip(parts[1::2], parts[2::2]):
        less = re.fullmatch(r"そのホロメン1人が受けるダメージ-(\d+)。", text)
        if less:
            then = {"effect": "reduce_damage", "params": {"amount": int(less[1])}}
        elif text == "そのダメージを受けない。":
            then = {"effect": "prevent_damage", "params": {}}
        else:
            return None
        branches.append({"faces": _faces(word), "then": then})
    roll_spec = {"effect": "roll_then", "params": {"optional": False, "branches": branches}}
    return "taking_gift", {"once": bool(m[1] or m[3]), "at": _limits(m[2]), "others": bool(m[4]), "then": roll_spec}


EFFECTS.effect("taking_gift", timing="constant")(lambda t, f: None)


@EFFECTS.effect("prevent_damage", timing="ability")
def prevent_damage(t: Board, f: dict) -> Options:
    """「そのダメージを受けない」: the damage held in the window (``take_damage``, under this frame)
    to that holomem is none."""
    subject = f.get("subject") or {"seat": f["seat"], "pos": own_holo_of(t, f)}
    for g in reversed(t.s["stack"]):
        hit = g["params"].get("hit") if g["effect"] == "take_damage" else None
        if hit and hit["seat"] == subject["seat"] and hit["pos"] == subject["pos"]:
            t.event("damage_reduced", seat=hit["seat"], pos=hit["pos"], card=hit["card"], amount=hit["amount"],
                    source=f["card"])
            hit["amount"] = 0
            break
    return None


@EFFECTS.effect("gift_used", timing="ability")
def gift_used(t: Board, f: dict) -> Options:
    """A 「[ターンに1回]」 gift used from a window: its holomem (``params["at"]``, that card) keeps the
    turn it was used in (``gift_turn``), then its effect resolves."""
    pa = f["params"]
    g = t.holo(f["seat"], pa["at"])
    if g is not None and g["card"] == pa["card"]:
        g["gift_turn"] = t.s["turn"]
    cite(t, f["seat"], pa["card"], pa["name"])
    push(t, f, pa["then"])
    return None


@needs("taking_gift")
def taking_offers(t: Board, moment: str, hit: dict) -> list[dict]:
    """The gifts (``taking_gift``) that may be used as ``hit`` is about to land: a holomem of the
    seat hit, on the opponent's turn (「相手からダメージを受ける時」), at its position (「[コラボポジション
    限定]」), not the holomem hit itself if 「このホロメン以外の」, once a turn if 「[ターンに1回]」."""
    seat = hit["seat"]
    if moment != "taking" or t.s["active"] == seat:
        return []
    out = []
    for gpos, g in t.stage(seat):
        for a in t.card(g["card"])["abilities"]:
            pa = a.get("params") or {}
            if a["kind"] != "gift" or a.get("effect") != "taking_gift" or not _active(pa, gpos):
                continue
            if (pa.get("others") and gpos == hit["pos"]) or (pa.get("once") and g.get("gift_turn") == t.s["turn"]):
                continue
            name = a.get("name") or "ギフト"
            then = {"effect": "gift_used", "params": {"at": gpos, "card": g["card"], "name": name, "then": pa["then"]}}
            out.append({"seat": seat, "card": g["card"], "name": name, "then": then, "self": True,
                        "subject": {"seat": seat, "pos": hit["pos"], "card": hit["card"]}})
    return out


windows.SOURCES.append(taking_offers)


# ------------------------------------------------------------------ gifts: 「…がアーツを使った時」

@TEXTS.pattern(LIMIT + r"?(?:このホロメン|自分の(.+?))がアーツを使った時、(.+)")
def _arts_used(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「(…限定)このホロメン(自分の<holder>)がアーツを使った時、<効果>」: resolved once the art is used (its
    text and its damage done: judge's reading of 「使った時」; ``arts_used_frames``). An effect that
    deals damage itself is left by hand (before or after the art's damage is a ruling of its own)."""
    user = {"self": True} if m[2] is None else holder_filter(m[2])
    then = spec(m[3])
    if user is None or then is None or "special_damage" in repr(then) or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "arts_used", {"user": user, "then": then, **({"at": _limits(m[1])} if m[1] else {})}


EFFECTS.effect("arts_used", timing="constant")(lambda t, f: None)


def arts_used_frames(t: Board, seat: str, pos: str) -> list[dict]:
    """The frames of ``seat``'s gifts 「…がアーツを使った時」 for the art its holomem at ``pos`` is using:
    put under the art's damage (``rules.Arts``), they resolve once the art is done, each as its
    gift holder's, if it is still there. ``faces``: the dice rolled so far this turn (what the
    art rolls comes after: ``if_art_dice``)."""
    h = t.holo(seat, pos)
    rolled = len(t.p(seat)["used"].get("faces", ()))
    out = []
    for gpos, g in t.stage(seat):
        for a in t.card(g["card"])["abilities"]:
            pa = a.get("params") or {}
            if a["kind"] != "gift" or a.get("effect") != "arts_used" or not _active(pa, gpos):
                continue
            if not (gpos == pos if pa["user"].get("self") else holder_fits(t, None, pos, h, pa["user"])):
                continue
            cite(t, seat, g["card"], a.get("name") or "gift")
            t.event("arts_used_ability", seat=seat, card=g["card"], ability=a.get("name") or "gift")
            then = pa["then"]
            out.append(frame("gift_of", seat, g["card"], "gift", {"then": then}, pos=gpos, faces=rolled, user=pos))
    return out[::-1]


@EFFECTS.effect("gift_of", timing="rule")
def gift_of(t: Board, f: dict) -> Options:
    """A gift's triggered effect: it resolves as its holomem's if that holomem is still where it was."""
    if own_holo_of(t, f) is None:
        return None
    then = f["params"]["then"]
    t.s["stack"].append(frame(then["effect"], f["seat"], f["card"], "gift", then["params"], pos=f["pos"],
                              faces=f["faces"], user=f["user"]))
    return None


@EFFECTS.effect("if_art_dice", timing="ability")
def if_art_dice(t: Board, f: dict) -> Options:
    """「そのアーツでサイコロを振って出た目の合計数が奇数なら、<効果>。偶数なら、<効果>」: the faces rolled
    since the art was used (``used["faces"]``; none: 0, even)."""
    total = sum(t.p(f["seat"])["used"].get("faces", [])[f.get("faces", 0):])
    push(t, f, f["params"]["odd" if total % 2 else "even"])
    return None


@TEXTS.pattern(r"そのアーツでサイコロを振って出た目の合計数が奇数なら、(.+?。)偶数なら、(.+)")
def _if_art_dice(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    odd, even = spec(m[1]), spec(m[2])
    return ("if_art_dice", {"odd": odd, "even": even}) if odd and even else None


@EFFECTS.effect("cheer_to_back_then_return", timing="ability", prompt="エールを送るバックホロメン（送らないならnull） / 送るエール")
def cheer_to_back_then_return(t: Board, f: dict) -> Options:
    """「このホロメンのエールN枚を自分のバックホロメン1人に送れる。その後、自分のアーカイブの、エールを送られた
    ホロメンと同じカード名の1stホロメン1枚を手札に戻す。」: which back holomem (or null: none sent, nothing
    returned), then which N of this holomem's cheer; then the 1st of that name from the archive."""
    pos = own_holo_of(t, f)
    f["stage"] = "to"
    if pos is None or len(t.holo(f["seat"], pos)["cheer"]) < f["params"]["count"]:
        return None
    backs = [p for p in t.positions(f["seat"]) if p.startswith("back")]
    return backs + [None] if backs else None


@cheer_to_back_then_return.answer
def _sent_to_back(t: Board, f: dict, choice: Any) -> Options:
    seat = f["seat"]
    if f["stage"] == "to":
        if choice is None:
            return None
        f["to"], f["stage"], f["sent"] = choice, "cheer", 0
    else:
        t.holo(seat, f["pos"])["cheer"].remove(choice)
        attach_cheer(t, seat, f["to"], choice)
        f["sent"] += 1
    if f["sent"] < f["params"]["count"]:
        cheer = sorted(set(t.holo(seat, f["pos"])["cheer"]))
        if len(cheer) > 1:
            return cheer
        return _sent_to_back(t, f, cheer[0])
    name = t.name(t.holo(seat, f["to"])["card"])
    t.s["stack"].append(frame("from_archive", seat, f["card"], f["origin"], {
        "optional": False, "filter": {"holomem": True, "level": "1st", "names": [name]}}, pos=f["pos"]))
    return None


@TEXTS.pattern(r"このホロメンのエール(\d)枚を自分のバックホロメン1人に送れる。その後、自分のアーカイブの、エールを送られたホロメンと同じ"
               r"カード名の1stホロメン1枚を手札に戻す。")
def _cheer_to_back_then_return(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "cheer_to_back_then_return", {"count": int(m[1])}


@TEXTS.pattern(r"自分のホロパワーを見る。その中から1枚を公開し、手札に加える。手札に加えたなら、自分の手札1枚をホロパワーにする。"
               r"そしてホロパワーをシャッフルする。")
def _holopower_swap(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    return "holopower_swap", {}


@EFFECTS.effect("search_to_archive", timing="ability", prompt="デッキから公開してアーカイブするカード（終えるならnull）")
def search_to_archive(t: Board, f: dict) -> Options:
    """「自分のデッキから、<条件>1枚を公開し、アーカイブする。そしてデッキをシャッフルする」 (``max``: 「<条件>1～N枚を
    公開し、アーカイブできる」, one at a time until N or null)."""
    if f.setdefault("taken", 0) >= f["params"].get("max", 1):
        t.zones.shuffle(f"deck/{f['seat']}")
        return None
    return [c for c in t.zones.may_contain(f"deck/{f['seat']}") if E._matches(t, c, f["params"]["filter"])] + [None]


@search_to_archive.answer
def _searched_to_archive(t: Board, f: dict, choice: Any) -> Options:
    seat, pile = f["seat"], f"deck/{f['seat']}"
    if choice is None:
        if not f["taken"]:
            t.event("not_found", seat=seat, source=f["card"])
        t.zones.shuffle(pile)
        return None
    card = t.zones.take(pile, choice, t.rule_of(f["card"]), how="search")
    E.archive_by(t, f, "deck", card)
    t.event("reveal", seat=seat, card=card, source=f["card"])
    f["taken"] += 1
    return search_to_archive.run(t, f)


@TEXTS.pattern(r"自分のデッキから、(.+?)1枚を公開し、アーカイブする。そしてデッキをシャッフルする。")
def _search_to_archive(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = card_filter(m[1])
    return ("search_to_archive", {"filter": flt}) if flt is not None else None


# ------------------------------------------------------------------ gifts: 「このホロメンのアーツ「…」でカードを公開した時」

@TEXTS.pattern(r"(\[ターンに1回\])?このホロメンのアーツ「(.+?)」でカードを公開した時、(?:公開したサポートカード1枚を、アーカイブするかわりに"
               r"手札に加えられる|公開したカード(\d)枚が同じBloomレベルのホロメンなら、相手のライフ-(\d))。")
def _art_reveal(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    then = ({"effect": "revealed_same_level", "params": {"n": int(m[3]), "life": int(m[4])}} if m[3] else
            {"effect": "revealed_to_hand", "params": {"filter": {"kind": "support"}}})
    return "art_reveal", {"art": m[2], "then": then, **({"once": True} if m[1] else {})}


EFFECTS.effect("art_reveal", timing="constant")(lambda t, f: None)


@needs("art_reveal")
def revealed_by_art(t: Board, f: dict, revealed: list[str]) -> None:
    """The gifts (``art_reveal``) of the holomem whose art 「<名前>」 has just revealed ``revealed``: their frames,
    resolving before the art's damage (once a turn with 「[ターンに1回]」)."""
    pos = own_holo_of(t, f)
    af = E.arts_frame(t)
    if pos is None or af is None or not revealed:
        return
    h = t.holo(f["seat"], pos)
    art = (E.art_at(t, h, af["params"]["art"]) or {}).get("name")
    for a in t.card(h["card"])["abilities"]:
        pa = a.get("params") or {}
        if a["kind"] != "gift" or a.get("effect") != "art_reveal" or pa["art"] != art:
            continue
        if pa.get("once") and h.get("gift_turn") == t.s["turn"]:
            continue
        cite(t, f["seat"], h["card"], a.get("name") or "gift")
        then = pa["then"]
        t.s["stack"].append(frame(then["effect"], f["seat"], h["card"], "gift", {**then["params"], "revealed": revealed,
                                                                                  "once": bool(pa.get("once"))}, pos=pos))


E.REVEAL_HOOKS.append(revealed_by_art)


def _spend_gift(t: Board, f: dict) -> None:
    pos = own_holo_of(t, f)
    if f["params"].get("once") and pos is not None:
        t.holo(f["seat"], pos)["gift_turn"] = t.s["turn"]


@EFFECTS.effect("revealed_to_hand", timing="ability", prompt="アーカイブするかわりに手札に加えるカード（しないならnull）")
def revealed_to_hand(t: Board, f: dict) -> Options:
    """「公開したサポートカード1枚を、アーカイブするかわりに手札に加えられる」: one of the cards just revealed (put in
    the archive as they were, so taken back from there), or null."""
    fits = sorted({c for c in f["params"]["revealed"] if c in t.p(f["seat"])["archive"]
                   and E._matches(t, c, f["params"]["filter"])})
    return fits + [None] if fits else None


@revealed_to_hand.answer
def _revealed_taken(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    _spend_gift(t, f)
    t.p(f["seat"])["archive"].remove(choice)
    t.p(f["seat"])["hand"].append(choice)
    t.event("returned", seat=f["seat"], card=choice, source=f["card"])
    return None


@EFFECTS.effect("revealed_same_level", timing="ability")
def revealed_same_level(t: Board, f: dict) -> Options:
    """「公開したカードN枚が同じBloomレベルのホロメンなら、相手のライフ-M」: M life cards of the opponent taken (as
    a down's: ``take_life``)."""
    cards = f["params"]["revealed"]
    levels = {t.card(c)["level"] for c in cards}
    if len(cards) == f["params"]["n"] and all(t.card(c)["kind"] in ("holomem", "buzz") for c in cards) \
            and len(levels) == 1:
        _spend_gift(t, f)
        t.event("life_lost", seat=other(f["seat"]), amount=f["params"]["life"], source=f["card"])
        for _ in range(f["params"]["life"]):
            t.s["stack"].append(frame("take_life", other(f["seat"]), None, "gift"))
    return None


# ------------------------------------------------------------------ gifts: 「自分の…がコラボした時」「自分の(SP)推しスキルを使った時」

@TEXTS.pattern(LIMIT + r"?自分の(?:(.+?)がコラボした|(SP)?推しスキル(?:「(.+?)」)?を使った)時、(.+)")
def _event_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[…限定]自分の<holder>がコラボした時、<効果>」 and 「[…限定]自分の(SP)推しスキル(「名前」)を使った時、<効果>」:
    this holomem's effect once that is done (``event_gift_frames``)."""
    then = spec(m[5])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    if m[2] is not None:
        who = holder_filter(m[2])
        if who is None:
            return None
        when: dict[str, Any] = {"on": "collab", "holder": who}
    else:
        when = {"on": "sp" if m[3] else "oshi", **({"skill": m[4]} if m[4] else {})}
    return "event_gift", {**when, "then": then, **({"at": _limits(m[1])} if m[1] else {})}


EFFECTS.effect("event_gift", timing="constant")(lambda t, f: None)


def event_gift_frames(t: Board, seat: str, on: str, what: dict) -> list[dict]:
    """The frames of ``seat``'s gifts for ``on``: "collab" (``what``: the holomem that collabed) or "oshi" / "sp"
    (``what``: the skill used); put under the event's own frames, they resolve after them."""
    out = []
    for gpos, g in t.stage(seat) if t.has("event_gift") else ():
        for a in t.card(g["card"])["abilities"]:
            pa = a.get("params") or {}
            if a["kind"] != "gift" or a.get("effect") != "event_gift" or pa["on"] != on or not _active(pa, gpos):
                continue
            if on == "collab" and not holder_fits(t, None, "collab", what, pa["holder"]):
                continue
            if on == "collab" and pa.get("self") and g is not what:  # 「このホロメンがコラボポジションに移動した時」
                continue
            if pa.get("once") and g.get("gift_turn") == t.s["turn"]:  # 「[ターンに1回]」
                continue
            if pa.get("once"):
                g["gift_turn"] = t.s["turn"]
            if on == "baton" and g is not what:  # 「このホロメンがバトンタッチして…」: its own
                continue
            if on in ("oshi", "sp") and pa.get("skill") not in (None, re.sub(r"\s+", "", what.get("name") or "")):
                continue  # the name as the text reads it (whitespace dropped)
            cite(t, seat, g["card"], a.get("name") or "gift")
            out.append(frame("gift_of", seat, g["card"], "gift", {"then": pa["then"]}, pos=gpos, faces=0, user=gpos))
    return out[::-1]


@TEXTS.pattern(r"このホロメンがバトンタッチしてバックポジションに移動した時、(.+)")
def _baton_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「このホロメンがバトンタッチしてバックポジションに移動した時、<効果>」 (``rules.BatonTouch``)."""
    then = spec(m[1])
    return ("event_gift", {"on": "baton", "then": then}) if then and EFFECTS[then["effect"]].timing == "ability" else None


@TEXTS.pattern(r"(\[ターンに1回\])?このホロメンに((?:〈[^〉]+〉か)*〈[^〉]+〉)が付いた時、(.+)")
def _attached_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「([ターンに1回])このホロメンに〈名前〉が付いた時、<効果>」 (a support attached to it: ``attach_gift_frames``)."""
    then = spec(m[3])
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "event_gift", {"on": "attached", "names": re.findall(r"〈([^〉]+)〉", m[2]), "then": then,
                          **({"once": True} if m[1] else {})}


def attach_gift_frames(t: Board, seat: str, pos: str, card: str) -> list[dict]:
    """The frames of the gifts 「このホロメンに〈名前〉が付いた時」 of ``seat``'s holomem at ``pos`` as ``card`` is
    attached to it (once a turn with 「[ターンに1回]」: its ``gift_turn``)."""
    h = t.holo(seat, pos)
    out = []
    for a in t.card(h["card"])["abilities"]:
        pa = a.get("params") or {}
        if a["kind"] != "gift" or a.get("effect") != "event_gift" or pa["on"] != "attached":
            continue
        if not set(pa["names"]) & names_of(t, card) or (pa.get("once") and h.get("gift_turn") == t.s["turn"]):
            continue
        if pa.get("once"):
            h["gift_turn"] = t.s["turn"]
        cite(t, seat, h["card"], a.get("name") or "gift")
        out.append(frame("gift_of", seat, h["card"], "gift", {"then": pa["then"]}, pos=pos, faces=0, user=pos))
    return out


# ------------------------------------------------------------------ gifts: 「このホロメンのHP+N」 (state.HP_MODIFIERS)

EFFECTS.effect("hp_gift", timing="constant")(lambda t, f: None)


@TEXTS.pattern(r"(?:このホロメンに(重なっているホロメン|(?:〈([^〉]+)〉|(マスコット|ツール|ファン))が付いて(いる|いない)なら、)|"
               r"このホロメンの(エール)|自分のステージに(.+?)がいるなら、)(1枚につき、)?このホロメンのHP\+(\d+)。")
def _hp_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「このホロメンに重なっているホロメン1枚につき」「このホロメンのエール1枚につき」「このホロメンに(〈名前〉|マスコット)が付いて
    いるなら」「自分のステージに<holder>がいるなら」、このホロメンのHP+N (a gift: ``hp_gift``, read by ``max_hp``)."""
    per = bool(m[7])
    if (m[1] == "重なっているホロメン" or bool(m[5])) != per:
        return None  # a count only with 「1枚につき」, a condition only without
    pa: dict[str, Any] = {"amount": int(m[8])}
    if m[1] == "重なっているホロメン":
        pa["per"] = "stacked"
    elif m[5]:
        pa["per"] = "cheer"
    elif m[6] is not None:
        flt = holder_filter(m[6])
        if not flt:
            return None
        pa["stage"] = flt
    else:
        pa["attached"] = {"name": m[2]} if m[2] else {"support": SUPPORT_KINDS[m[3]]}
        pa["attached"]["present"] = m[4] == "いる"
    return "hp_gift", pa


def _attached_holds(t: Board, h: dict, cond: dict) -> bool:
    """「このホロメンに〈名前〉(マスコット)が付いている / いない」."""
    there = any((cond["name"] in names_of(t, a)) if "name" in cond else t.card(a)["support"] == cond["support"]
                for a in h["attached"])
    return there == cond["present"]


def _seat_of(t: Board, h: dict) -> str | None:
    return next((seat for seat in ("p1", "p2") for _, x in t.stage(seat) if x is h), None)


@needs("hp_gift")
def hp_gifts(t: Board, h: dict) -> int:
    """What the gifts of ``h``'s top card add to its HP (``hp_gift``): per card under it, per cheer it
    holds, or N while it holds a card (「付いているなら」) or its player's stage has a holomem (「自分のステージに
    …がいるなら」)."""
    total = 0
    for pa in _gift(t, h["card"], "hp_gift") if t.has("hp_gift") else ():
        if pa.get("per") == "stacked":
            total += pa["amount"] * len(h["stack"])
        elif pa.get("per") == "cheer":
            total += pa["amount"] * len(h["cheer"])
        elif "attached" in pa:
            total += pa["amount"] if _attached_holds(t, h, pa["attached"]) else 0
        elif "stage" in pa:
            seat = _seat_of(t, h)
            total += pa["amount"] if seat is not None and any(
                holder_fits(t, None, p, x, pa["stage"]) for p, x in t.stage(seat)) else 0
    return total


HP_MODIFIERS.append(hp_gifts)


@TEXTS.pattern(r"■([^■]+)■([^■]+)")
def _two_gifts(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「■<ギフト>■<ギフト>」, both constants of this family (hBP08-019): ``gift_parts``, each read as its own
    (``keywords._gift``)."""
    parts = [own_reading(p, spec) for p in (m[1], m[2])]
    if not all(p is not None and p["effect"] != "gift_parts" and EFFECTS[p["effect"]].timing == "constant"
               for p in parts):
        return None
    return "gift_parts", {"parts": parts}


EFFECTS.effect("gift_parts", timing="constant")(lambda t, f: None)


@TEXTS.pattern(r"このホロメンに〈([^〉]+)〉が付いて(いる|いない)なら、このホロメンのアーツに必要な(無色|.)-(\d)。")
def _self_arts_cost_less(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「このホロメンに〈名前〉が付いて(いない)なら、このホロメンのアーツに必要な<色>-N」 (``arts_cost``)."""
    color = COLOR_CHARS.get(m[3]) or ("any" if m[3] == "無色" else None)
    if color is None:
        return None
    return "arts_cost_less", {"holder": {"self": True}, "color": color, "amount": int(m[4]),
                              "attached": {"name": m[1], "present": m[2] == "いる"}}


# ------------------------------------------------------------------ gifts used in the main step (the ``gift`` command)

@TEXTS.pattern(r"(\[ターンに1回\])?" + LIMIT + r"?(\[ターンに1回\])?(?:自分の推しホロメンが〈([^〉]+)〉なら、)?自分のメインステップ(?:で、|に使える:)"
               r"(?:このホロメンに〈([^〉]+)〉が付いている時、)?(.+)")
def _main_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[…限定][ターンに1回](自分の推しホロメンが〈名前〉なら、)自分のメインステップ(で、|に使える:)(このホロメンに〈名前〉が
    付いている時、)<効果>」: a gift its player uses by choice in the main step (the ``gift`` command: ``rules.Gift``);
    its 「サイコロを1回振れる:」 is the use itself (so rolled once it is used)."""
    body = re.sub(r"^サイコロを(\d)回振れる:", r"サイコロを\1回振る:", m[6])
    then = spec(body)
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "main_gift", {"then": then, **({"once": True} if m[1] or m[3] else {}), **({"at": _limits(m[2])} if m[2] else {}),
                         **({"oshi": m[4]} if m[4] else {}), **({"while_attached": m[5]} if m[5] else {})}


EFFECTS.effect("main_gift", timing="constant")(lambda t, f: None)


def main_gift(t: Board, seat: str, pos: str) -> dict | None:
    """The gift ``main_gift`` of ``seat``'s holomem at ``pos`` (its top card's), or None."""
    h = t.holo(seat, pos)
    if h is None or h["face_down"]:
        return None
    return next((a for a in t.card(h["card"])["abilities"] if a["kind"] == "gift" and a.get("effect") == "main_gift"),
                None)


def main_gift_refusal(t: Board, seat: str, pos: str) -> str | None:
    """Why ``seat``'s holomem at ``pos`` may not use its main-step gift now (None: it may): none, 「[…限定]」 elsewhere,
    「[ターンに1回]」 used (its ``gift_turn``), 「自分の推しホロメンが〈名前〉なら」, 「このホロメンに〈名前〉が付いている時」."""
    ab = main_gift(t, seat, pos)
    if ab is None:
        return "this holomem has no gift used in the main step (「自分のメインステップで…」)"
    pa, h = ab["params"], t.holo(seat, pos)
    if not _active(pa, pos):
        return f"「{ab.get('name')}」: only at the {'/'.join(pa['at'])} position ([…ポジション限定])"
    if pa.get("once") and h.get("gift_turn") == t.s["turn"]:
        return f"「{ab.get('name')}」 is used once per turn ([ターンに1回])"
    if pa.get("oshi") and pa["oshi"] not in names_of(t, t.p(seat)["oshi"]):
        return f"「{ab.get('name')}」: only if the oshi is 〈{pa['oshi']}〉"
    if pa.get("while_attached") and not any(pa["while_attached"] in names_of(t, a) for a in h["attached"]):
        return f"「{ab.get('name')}」: only while 〈{pa['while_attached']}〉 is attached to it"
    return None


def use_main_gift(t: Board, seat: str, pos: str) -> None:
    """The gift used (``rules.Gift.apply``): its turn kept (「[ターンに1回]」), cited, its effect as its holomem's frame."""
    h = t.holo(seat, pos)
    ab = main_gift(t, seat, pos)
    if ab["params"].get("once"):
        h["gift_turn"] = t.s["turn"]
    name = ab.get("name") or "gift"
    cite(t, seat, h["card"], name)
    t.event("gift_used", seat=seat, pos=pos, card=h["card"], ability=name)
    then = ab["params"]["then"]
    t.s["stack"].append(frame(then["effect"], seat, h["card"], "gift", then["params"], pos=pos))


def main_gift_candidates(t: Board, seat: str) -> list[dict]:
    """The ``gift`` commands ``seat`` may post (its holomem whose top card has a main-step gift)."""
    return [{"type": "gift", "seat": seat, "holomem": p} for p, _ in t.stage(seat) if main_gift(t, seat, p)]


# ------------------------------------------------------------------ 「<holder>に重なっているホロメン1枚をアーカイブできる:」

@EFFECTS.effect("cost_stacked", timing="ability", prompt="アーカイブする重なっているホロメン（ホロメンとカード、しないならnull）")
def cost_stacked(t: Board, f: dict) -> Options:
    """「(このホロメン|自分の<holder>)に重なっているホロメン1枚をアーカイブできる:<効果>」: which card under which of those
    holomem (or null: not paid, no effect)."""
    seat = f["seat"]
    flt = f["params"]["holder"]
    if flt.get("self"):
        pos = own_holo_of(t, f)
        where = [pos] if pos else []
    else:
        where = holders(t, f, flt)
    options = [[p, c] for p in where for c in sorted(set(t.holo(seat, p)["stack"]))]
    return options + [None] if options else None


@cost_stacked.answer
def _stacked_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    pos, card = choice
    t.holo(f["seat"], pos)["stack"].remove(card)
    t.archive(f["seat"], card)
    t.event("detached", seat=f["seat"], pos=pos, card=card, dest="archive", source=f["card"])
    push(t, f, f["params"]["then"])
    return None


@TEXTS.pattern(r"(このホロメン|自分の(.+?))に重なっているホロメン1枚をアーカイブできる:(.+)")
def _cost_stacked(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    flt = {"self": True} if m[1] == "このホロメン" else holder_filter(m[2])
    then = spec(m[3])
    if flt is None or then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "cost_stacked", {"holder": flt, "then": then}


# ------------------------------------------------------------------ gifts: 「相手のターンで、…がダウンした時」「…がダメージを受けた時」
# (abilities.windows: the "down" window at ダウン①, before the downed holomem are archived, and the "dealt" one)

@TEXTS.pattern(r"(\[ターンに1回\])?" + LIMIT + r"?(\[ターンに1回\])?相手のターンで、(このホロメン|(このホロメン以外の)?自分の(.+?))が"
               r"(ダウンした|(?:アーツ)?ダメージを受けた)時(に使える:|、)(.+?)(自分のギフト「(.+?)」はターンに1回しか使えない。)?")
def _window_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[ターンに1回][…限定]相手のターンで、<このホロメン|(このホロメン以外の)自分の<holder>>がダウンした時(に使える:)<効果>」
    (ダウン①: the downed holomem still on the stage) and 「…相手のターンで、このホロメンがダメージを受けた時、<効果>」 (once the
    damage is dealt): ``window_gift``, offered in those windows (``window_offers``); 「…時に使える:」 asks, any other
    resolves unasked. The effect reads 「このホロメン」 as the holomem downed (hit) when that is the gift's own; a few
    texts of the downed holomem itself: 「そのホロメンを含め重なっているホロメンすべてを手札に戻す」, 「このホロメンをアーカイブ
    するかわりに手札に戻せる」, 「(<条件>なら、)自分の減るライフ-N」."""
    itself = m[4] == "このホロメン"
    moment = "down" if m[7] == "ダウンした" else "dealt"
    who = {"self": True} if itself else holder_filter(m[6])
    if who is None:
        return None
    body, optional = m[9], m[8] == "に使える:"
    reads = "subject"  # 「このホロメン」: the holomem the window is about
    less = re.fullmatch(r"(?:(自分のライフが相手より少ない|自分の推しホロメンが〈([^〉]+)〉)なら、)?自分の減るライフ-(\d)。", body)
    if moment != "down":
        then = spec(body)
        if then is not None and not itself and "この" in body:
            return None  # 「このホロメン」 of another holomem's damage: not read
        reads = "subject" if itself else "holder"
    elif body == "そのホロメンを含め重なっているホロメンすべてを手札に戻す。":
        then = {"effect": "skill_downed_to_hand", "params": {"all": True}}
    elif itself and body == "このホロメンをアーカイブするかわりに手札に戻せる。":
        then, optional = {"effect": "downed_top_to_hand", "params": {}}, True
    elif itself and (paid := re.fullmatch(r"(.+?(?:できる|せる|れる))。(?:戻|アーカイブ)したなら、このホロメンをアーカイブするかわりに"
                                          r"手札に戻す。", body)):
        # 「<コスト>できる。…したなら、このホロメンを…手札に戻す」: the cost form with that as its effect
        probe = {"effect": "draw", "params": {"count": 1}}
        cost = spec(f"{paid[1]}:自分のデッキを1枚引く。")
        if cost is None or cost["params"].get("then") != probe:
            return None
        then = {"effect": cost["effect"], "params": {**cost["params"],
                                                     "then": {"effect": "downed_top_to_hand", "params": {}}}}
    elif less:
        then = {"effect": "life_less", "params": {"amount": int(less[3])}}
        if less[2]:
            then = {"effect": "if_oshi", "params": {"name": less[2], "then": then}}
        elif less[1]:
            then = {"effect": "if_holds", "params": {"test": "life_fewer", "then": then}}
    else:
        then = spec(body)
        if then is None or "その" in body:
            return None
        from kifu.replays.games.hocg.rawlist import DOWN_SAFE as LIST_SAFE
        if itself and (then["effect"] in DOWN_SAFE or then["effect"] in LIST_SAFE) and then["params"].get("to") != "self":
            return None  # reads nothing of the holomem: ``on_down`` (ダウン②), as rawlist and ``_on_down`` read it
        reads = "subject" if itself else "holder"
    if then is None or EFFECTS[then["effect"]].timing != "ability":
        return None
    return "window_gift", {"moment": moment, "who": who, "then": then, "reads": reads,
                           **({"arts_only": True} if m[7].startswith("アーツ") else {}),
                           **({"others": True} if m[5] else {}), **({"optional": True} if optional else {}),
                           **({"once": True} if m[1] or m[3] else {}), **({"once_name": m[11]} if m[11] else {}),
                           **({"at": _limits(m[2])} if m[2] else {})}


EFFECTS.effect("window_gift", timing="constant")(lambda t, f: None)


@needs("window_gift")
def window_offers(t: Board, moment: str, hit: dict) -> list[dict]:
    """The gifts (``window_gift``) of the seat whose holomem is down ("down") or was dealt damage ("dealt"), on the
    opponent's turn: its holomem at a position its 「[…限定]」 allows, whose text names that holomem, not spent this
    turn (「[ターンに1回]」: its ``gift_turn``; 「自分のギフト「名前」はターンに1回」: the seat's ``gift_names``)."""
    if moment not in ("down", "dealt") or hit.get("own"):
        return []
    seat = hit["seat"]
    if t.s["active"] == seat:
        return []
    h = t.holo(seat, hit["pos"])
    gone = h is None or h["card"] != hit["card"]  # down and gone (after 「ダメージを受けた時」's downs)
    if gone:  # still the holomem the text names, as it was hit (its own 「このホロメン」 texts are moot)
        h = {"card": hit["card"], "stack": [], "cheer": [], "attached": [], "rested": False, "since": -1}
    out = []
    for gpos, g in t.stage(seat):
        for a in t.card(g["card"])["abilities"]:
            pa = a.get("params") or {}
            if a["kind"] != "gift" or a.get("effect") != "window_gift" or pa["moment"] != moment or not _active(pa, gpos):
                continue
            if gone and pa["reads"] == "subject":
                continue
            if pa["who"].get("self"):
                if gpos != hit["pos"]:
                    continue
            elif (pa.get("others") and gpos == hit["pos"]) or not holder_fits(t, None, hit["pos"], h, pa["who"]):
                continue
            if (pa.get("once") and g.get("gift_turn") == t.s["turn"]) \
                    or (pa.get("once_name") and t.p(seat).get("gift_names", {}).get(pa["once_name"]) == t.s["turn"]):
                continue
            if pa.get("arts_only") and (hit["special"] or (hit.get("by") or {}).get("art") is None):
                continue  # 「アーツダメージを受けた時」
            name = a.get("name") or "ギフト"
            then = {"effect": "window_gift_used", "params": {"at": gpos, "card": g["card"], "name": name, "pa": pa}}
            out.append({"seat": seat, "card": g["card"], "name": name, "then": then, "origin": "gift",
                        "subject": {"seat": seat, "pos": hit["pos"], "card": hit["card"]},
                        **({} if pa.get("optional") else {"forced": True})})
    return out


windows.SOURCES.append(window_offers)


@EFFECTS.effect("window_gift_used", timing="rule")
def window_gift_used(t: Board, f: dict) -> Options:
    """A ``window_gift`` used: its limit spent, its effect as a frame of the holomem its 「このホロメン」 reads (the one
    the window is about, or the gift's own holomem), if that one is still there."""
    pa, gift = f["params"]["pa"], f["params"]
    g = t.holo(f["seat"], gift["at"])
    if g is not None and g["card"] == gift["card"] and pa.get("once"):
        g["gift_turn"] = t.s["turn"]
    if pa.get("once_name"):
        t.p(f["seat"]).setdefault("gift_names", {})[pa["once_name"]] = t.s["turn"]
    cite(t, f["seat"], gift["card"], gift["name"])
    t.event("gift_used", seat=f["seat"], pos=gift["at"], card=gift["card"], ability=gift["name"])
    sub = f["subject"]
    pos, holder = (sub["pos"], sub["card"]) if pa["reads"] == "subject" else (gift["at"], gift["card"])
    h = t.holo(f["seat"], pos)
    if h is None or h["card"] != holder:
        return None
    then = pa["then"]
    t.s["stack"].append(frame(then["effect"], f["seat"], gift["card"], "gift", then["params"], pos=pos, holder=holder,
                              subject=sub))
    return None


@EFFECTS.effect("downed_top_to_hand", timing="ability")
def downed_top_to_hand(t: Board, f: dict) -> Options:
    """「このホロメンをアーカイブするかわりに手札に戻す」: the downed holomem's top card goes to the hand at ダウン② (``to_hand``);
    the cards under it and attached to it are archived."""
    pos = own_holo_of(t, f)
    if pos is not None and t.holo(f["seat"], pos).get("down_window"):  # only at ダウン① (``windows.down``)
        h = t.holo(f["seat"], pos)
        h.setdefault("to_hand", []).append(h["card"])
        t.event("downed_to_hand", seat=f["seat"], cards=[h["card"]], source=f["card"])
    return None


@TEXTS.pattern(r"相手のステージに(?:\[#(.+?)か#(.+?)\]|#(.+?))を持つホロメンがいる間、このホロメンのアーツ\+(\d+)。")
def _arts_gift_while_opp(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """「相手のステージに[#Aか#B]を持つホロメンがいる間、このホロメンのアーツ+N」 (``arts_gift``, read by ``modify_damage``)."""
    tags = [m[1], m[2]] if m[1] else [m[3]]
    return "arts_gift", {"amount": int(m[4]), "holder": {"self": True}, "at": None, "opp_tags": tags}


@TEXTS.pattern(r"(\[ターンに1回\])?" + LIMIT + r"?(\[ターンに1回\])?自分の(.+?)が相手のホロメンをダウンさせた時、(.+)")
def _ko_window_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[…限定]自分の<holder>が相手のホロメンをダウンさせた時、<効果>」: ``window_gift`` in the "ko" window (after the downs'
    own steps), for a holomem of its stage that dealt the damage; 「このホロメン」 is the gift's own holomem."""
    who = holder_filter(m[4])
    then = spec(m[5])
    if who is None or then is None or EFFECTS[then["effect"]].timing != "ability" or "その" in m[5]:
        return None
    return "window_gift", {"moment": "ko", "who": who, "then": then, "reads": "holder",
                           **({"once": True} if m[1] or m[3] else {}), **({"at": _limits(m[2])} if m[2] else {})}


@needs("window_gift")
def ko_window_offers(t: Board, moment: str, hit: dict) -> list[dict]:
    """The ``window_gift`` 「自分の<holder>が相手のホロメンをダウンさせた時」 of the seat whose holomem dealt the damage
    (``hit["by"]``, still where it dealt it)."""
    by = hit.get("by") or {}
    if moment != "ko" or not by.get("pos"):
        return []
    seat = by["seat"]
    h = t.holo(seat, by["pos"])
    if h is None or h["card"] != by.get("card"):
        h = {"card": by["card"], "attached": [], "cheer": [], "stack": [], "rested": False, "since": -1}
    out = []
    for gpos, g in t.stage(seat):
        for a in t.card(g["card"])["abilities"]:
            pa = a.get("params") or {}
            if a["kind"] != "gift" or a.get("effect") != "window_gift" or pa["moment"] != "ko" or not _active(pa, gpos):
                continue
            if not holder_fits(t, None, by["pos"], h, pa["who"]) or (pa.get("once") and g.get("gift_turn") == t.s["turn"]):
                continue
            name = a.get("name") or "ギフト"
            then = {"effect": "window_gift_used", "params": {"at": gpos, "card": g["card"], "name": name, "pa": pa}}
            out.append({"seat": seat, "card": g["card"], "name": name, "then": then, "origin": "gift", "forced": True,
                        "subject": {"seat": hit["seat"], "pos": hit["pos"], "card": None}})
    return out


windows.SOURCES.append(ko_window_offers)


@TEXTS.pattern(LIMIT + r"?相手のセンターホロメンのバトンタッチに必要な無色が(\d)つ以上なら、相手のセンターホロメンのアーツに必要な無色\+(\d)。")
def _opp_arts_more(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """「[…限定]相手のセンターホロメンのバトンタッチに必要な無色がNつ以上なら、相手のセンターホロメンのアーツに必要な無色+M」 (a gift:
    ``arts_cost``)."""
    return "opp_arts_more", {"baton_min": int(m[2]), "color": "any", "amount": int(m[3]),
                             **({"at": _limits(m[1])} if m[1] else {})}


EFFECTS.effect("opp_arts_more", timing="constant")(lambda t, f: None)


@TEXTS.pattern(r"(\[ターンに1回\])?" + LIMIT + r"?(\[ターンに1回\])?自分の推しホロメンの〈([^〉]+)〉か自分のステージの〈\4〉が相手のホロメンに"
               r"(\d+)以上の特殊ダメージを与えた時、(.+)")
def _special_dealt_gift(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]] | None:
    """「[…限定][ターンに1回]自分の推しホロメンの〈名前〉か自分のステージの〈名前〉が相手のホロメンにN以上の特殊ダメージを与えた時、
    <効果>」: ``window_gift`` in the "dealt" window of the opponent's holomem (``dealt_window_offers``)."""
    then = spec(m[6])
    if then is None or EFFECTS[then["effect"]].timing != "ability" or "その" in m[6]:
        return None
    return "window_gift", {"moment": "dealt_to_opp", "who": {"names": [m[4]]}, "min": int(m[5]), "then": then,
                           "reads": "holder", **({"once": True} if m[1] or m[3] else {}),
                           **({"at": _limits(m[2])} if m[2] else {})}


@needs("window_gift")
def dealt_window_offers(t: Board, moment: str, hit: dict) -> list[dict]:
    """The ``window_gift`` 「…〈名前〉が相手のホロメンにN以上の特殊ダメージを与えた時」 of the seat that dealt ``hit``: special
    damage of at least N, from its oshi or a holomem of its stage of that name (the card whose ability dealt it)."""
    if moment != "dealt" or not hit.get("special") or hit.get("own") or hit.get("source") is None:
        return []
    seat, source = other(hit["seat"]), hit["source"]
    if source != t.p(seat)["oshi"] and not any(h["card"] == source for _, h in t.stage(seat)):
        return []
    out = []
    for gpos, g in t.stage(seat):
        for a in t.card(g["card"])["abilities"]:
            pa = a.get("params") or {}
            if a["kind"] != "gift" or a.get("effect") != "window_gift" or pa["moment"] != "dealt_to_opp" \
                    or not _active(pa, gpos) or hit["amount"] < pa["min"]:
                continue
            if not set(pa["who"]["names"]) & names_of(t, source) or (pa.get("once") and g.get("gift_turn") == t.s["turn"]):
                continue
            name = a.get("name") or "ギフト"
            then = {"effect": "window_gift_used", "params": {"at": gpos, "card": g["card"], "name": name, "pa": pa}}
            out.append({"seat": seat, "card": g["card"], "name": name, "then": then, "origin": "gift", "forced": True,
                        "subject": {"seat": hit["seat"], "pos": hit["pos"], "card": hit["card"]}})
    return out


windows.SOURCES.append(dealt_window_offers)


def _sp_named_used(t: Board, seat: str, name: str) -> bool:
    """The seat's SP oshi skill is 「<name>」 (as the text reads it: whitespace dropped) and it was used this game."""
    ab = next((a for a in t.card(t.p(seat)["oshi"])["abilities"] if a["kind"] == "sp_oshi"), None)
    return bool(t.p(seat).get("sp_used")) and ab is not None and re.sub(r"\s+", "", ab.get("name") or "") == name


@TEXTS.pattern(r"このゲーム中に、自分のSP推しスキル「(.+?)」を使っていたなら、このホロメンのアーツ\+(\d+)。")
def _arts_gift_after_sp(m: re.Match[str], spec: Spec) -> tuple[str, dict[str, Any]]:
    """「このゲーム中に、自分のSP推しスキル「名前」を使っていたなら、このホロメンのアーツ+N」 (``arts_gift``: ``modify_damage``)."""
    return "arts_gift", {"amount": int(m[2]), "holder": {"self": True}, "at": None, "sp_used": m[1]}
