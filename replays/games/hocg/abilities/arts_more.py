"""Arts texts, continued: conditions on this turn's (this game's) oshi skills, the opponent's
holomem (their colours against their oshi's, their バトンタッチ cost), counts of both stages' cheer,
steps against a described holomem of the opponent's, and the 「このアーツで…ダウンさせた時」 texts
that read the damage over the HP left (``effects.check_downs`` gives it: ``over``); costs a count
or this turn lets go (``arts.art_cost``: ``cost_less.per``, the ``arts_any_less`` lasting modifier);
「このアーツで相手のホロメンにダメージを与えた時」 (``effects.DEALT_HOOKS``).

Engine marks these read: ``used["sp"]`` (``rules.OshiSkill``: an SP oshi skill this main step),
``used["downed_other"]`` (``effects.check_downs``: a holomem of the other player went down this
turn, kept till the player's next turn), ``used["rolled_by"]`` (``effects.count_roll``: the card
whose ability rolled each die).

Registered on ``arts.TEXTS`` after ``arts`` and ``arts_steps`` (``arts`` imports this module
last); the tests and counts here are read through ``arts.holds``/``arts.count_of``
(``MORE_TESTS``, ``MORE_SOURCES``, ``MORE_COUNTS``).
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg.abilities.arts import (MORE_COUNTS, MORE_SOURCES, MORE_TESTS, POS, _scaled, _times,
                                                   condition, fitting, holo_desc, holo_fits, opp_desc, pattern)
from kifu.replays.games.hocg import effects as E
from kifu.replays.games.hocg.cards import has_tag
from kifu.replays.games.hocg.effects import (DEALT_HOOKS, EFFECTS, READS_OVER, Options, _hit, arts_frame, draw,
                                             own_holo_of, push)
from kifu.replays.games.hocg.state import Board, needs, other


def _oshi_skill(t: Board, seat: str, kind: str) -> dict | None:
    return next((a for a in t.card(t.p(seat)["oshi"])["abilities"] if a["kind"] == kind), None)


def _named(ab: dict | None, name: str) -> bool:
    """The skill ``ab`` is the one 「<name>」 names (as the text was read: no spaces, half-width digits)."""
    from kifu.replays.games.hocg.rawlist import WIDE_DIGITS
    return ab is not None and re.sub(r"\s+", "", ab.get("name") or "").translate(WIDE_DIGITS) == name


# ------------------------------------------------------------------ conditions

@condition(r"このターンに自分の推しスキル「(.+?)」を使っていた(?:なら|時)")
def _oshi_used(m):
    return {"test": "oshi_used", "name": m[1]}


def _oshi_used_test(t: Board, f: dict, pa: dict) -> bool:
    """The oshi skill of that name was used this turn (in its main phase, or at a timing: ``oshi_turn``)."""
    pl = t.p(f["seat"])
    ab = _oshi_skill(t, f["seat"], "oshi")
    used = pl["used"]["oshi"] or pl.get("oshi_turn") == t.s["turn"]
    return bool(used and _named(ab, pa["name"]))


@condition(r"このゲーム中に、自分のSP推しスキル「(.+?)」を使っていた(?:なら|時)")
def _sp_used(m):
    return {"test": "sp_used", "name": m[1]}


def _sp_used_test(t: Board, f: dict, pa: dict) -> bool:
    ab = _oshi_skill(t, f["seat"], "sp_oshi")
    return bool(t.p(f["seat"]).get("sp_used") and _named(ab, pa["name"]))


@condition(r"このターンの自分のメインステップに自分のSP推しスキルを使っていた時")
def _sp_this_main(m):
    return {"test": "sp_this_main"}


def _sp_this_main_test(t: Board, f: dict, pa: dict) -> bool:
    """The SP oshi skill was used in this turn's main step (``rules.OshiSkill``: ``used["sp"]``)."""
    return bool(t.p(f["seat"])["used"].get("sp"))


@condition(r"自分のアーカイブのホロメンが(\d+)枚以上ある(?:なら|時)")
def _archive_holomem(m):
    return {"test": "archive_has", "filter": {"holomem": True}, "n": int(m[1])}


@condition(r"自分のステージにこのホロメンと異なる色のホロメンがいる(?:なら|時)")
def _other_colour(m):
    return {"test": "other_colour_there"}


def _other_colour_test(t: Board, f: dict, pa: dict) -> bool:
    pos = own_holo_of(t, f)
    if pos is None:
        return False
    mine = set(t.card(t.holo(f["seat"], pos)["card"])["colors"])
    return any(set(t.card(h["card"])["colors"]) - mine for p, h in t.stage(f["seat"]) if p != pos)


@condition(r"相手のHPが(\d+)以上減っているバックホロメンがいる(?:なら|時)")
def _opp_back_hurt(m):
    return {"test": "opp_back_hurt", "n": int(m[1])}


def _opp_back_hurt_test(t: Board, f: dict, pa: dict) -> bool:
    return any(p.startswith("back") and h["damage"] >= pa["n"] for p, h in t.stage(other(f["seat"])))


@condition(r"相手のセンターホロメンのバトンタッチに必要な無色が(\d)つ以上(?:なら|の時)")
def _opp_center_baton(m):
    return {"test": "baton_at_least", "of": "center", "n": int(m[1])}


@condition(r"このアーツの対象が相手のバトンタッチに必要な無色が(\d)つ以上のホロメン(?:なら|の時)")
def _target_baton(m):
    return {"test": "baton_at_least", "of": "target", "n": int(m[1])}


def _baton_of(t: Board, f: dict, of: str) -> int | None:
    """The printed バトンタッチ cost of the opponent's centre (``of`` "center") or of the art's target."""
    if of == "target":
        af = arts_frame(t)
        of = af["params"]["target"] if af is not None and af["card"] == f["card"] else None
    h = t.holo(other(f["seat"]), of) if of else None
    return t.card(h["card"])["baton"] if h is not None else None


def _baton_test(t: Board, f: dict, pa: dict) -> bool:
    baton = _baton_of(t, f, pa["of"])
    return baton is not None and baton >= pa["n"]


@condition(r"相手の(センター|コラボ)ホロメンがいない(?:なら|時)")
def _opp_none(m):
    return {"test": "stage_has", "filter": {"pos": POS[m[1]], "side": "opp"}, "max": 0}


MORE_TESTS.update(oshi_used=_oshi_used_test, sp_used=_sp_used_test, sp_this_main=_sp_this_main_test,
                  other_colour_there=_other_colour_test, opp_back_hurt=_opp_back_hurt_test,
                  baton_at_least=_baton_test)


# ------------------------------------------------------------------ counts

def _off_colour(t: Board, seat: str, h: dict) -> bool:
    """「相手の推しホロメンと異なる色を持つ」: the holomem has a colour its (the opponent's) oshi has not."""
    return bool(set(E.colors_of(t, h)) - set(t.card(t.p(seat)["oshi"])["colors"]))


def _read_count(what: str, unit: str) -> dict | None:
    m = re.fullmatch(r"自分の#(.+?)を持つホロメン全員のエール", what)
    if m and unit == "枚":
        return {"source": "tag_cheer", "name": m[1]}
    if what == "相手の推しホロメンと異なる色を持つ相手のステージのホロメン" and unit == "人":
        return {"source": "opp_off_colour"}
    m = re.fullmatch(r"自分のお休みしている#(.+?)を持つホロメン", what)
    if m and unit == "人":
        return {"source": "resting_tag", "name": m[1]}
    return None


MORE_COUNTS.append(_read_count)


def _count(t: Board, f: dict, pa: dict) -> int:
    seat, source = f["seat"], pa["source"]
    if source == "tag_cheer":
        return sum(len(h["cheer"]) for _, h in t.stage(seat) if has_tag(t.card(h["card"]), pa["name"]))
    if source == "opp_off_colour":
        return sum(1 for _, h in t.stage(other(seat)) if _off_colour(t, other(seat), h))
    if source == "resting_tag":
        return sum(1 for _, h in t.stage(seat) if h["rested"] and has_tag(t.card(h["card"]), pa["name"]))
    if source == "cheer_surplus":
        return max(0, _stage_cheer(t, seat) - _stage_cheer(t, other(seat)))
    raise ValueError(source)


def _stage_cheer(t: Board, seat: str) -> int:
    return sum(len(h["cheer"]) for _, h in t.stage(seat))


MORE_SOURCES.update(tag_cheer=_count, opp_off_colour=_count, resting_tag=_count, cheer_surplus=_count)


@pattern(r"自分のステージのエールの枚数が相手より多いなら、多い枚数1枚につき、(.+)")
def _surplus(m, spec):
    """「自分のステージのエールの枚数が相手より多いなら、多い枚数1枚につき、<効果>」 (none more: nothing)."""
    then = spec(m[1])
    return then and _scaled(then) and ("arts_count", {"source": "cheer_surplus", "then": then})


@pattern(r"自分のステージのエールの枚数が相手より1枚多いなら、(.+?。)エールが2枚以上多いなら、かわりに、(.+)")
def _surplus_steps(m, spec):
    """「自分のステージのエールの枚数が相手より1枚多いなら、<効果>。エールが2枚以上多いなら、かわりに、<効果>」."""
    a, b = spec(m[1]), spec(m[2])
    return a and b and ("arts_when", {"test": "cheer_surplus", "min": 2, "then": b, "else": {
        "effect": "arts_when", "params": {"test": "cheer_surplus", "min": 1, "max": 1, "then": a}}})


def _surplus_test(t: Board, f: dict, pa: dict) -> bool:
    n = _count(t, f, {"source": "cheer_surplus"})
    return n >= pa["min"] and n <= pa.get("max", n)


MORE_TESTS["cheer_surplus"] = _surplus_test


# ------------------------------------------------------------------ special damage to a described holomem

@pattern(r"相手の(Debut以外の)?(.*?ホロメン)1人に、?特殊ダメージ(\d+)を与える。")
def _special_to(m, spec):
    """「相手の(Debut以外の)<ホロメン>1人に特殊ダメージNを与える」 for the holomem rawlist's
    ``special_damage`` does not name (「相手の2ndホロメン1人」「相手のDebut以外のホロメン1人」)."""
    flt = opp_desc("相手の" + m[2])
    if flt is None or (not m[1] and flt.keys() <= {"side", "pos"}):
        return None  # rawlist's special_damage reads the positions alone
    return "arts_special_to", {"amount": int(m[3]), "filter": flt, **({"not_level": "debut"} if m[1] else {})}


@pattern(r"相手の推しホロメンと異なる色を持つ相手のセンターホロメンとコラボホロメンに特殊ダメージ(\d+)を与える。")
def _special_off_colour(m, spec):
    return "arts_special_to", {"amount": int(m[1]), "filter": {"side": "opp"}, "at": ["center", "collab"],
                               "off_colour": True, "each": True}


def _special_targets(t: Board, f: dict) -> list[str]:
    pa, opp = f["params"], other(f["seat"])
    return [p for p in fitting(t, f, pa["filter"])
            if (h := t.holo(opp, p)) is not None
            and ("at" not in pa or p in pa["at"])
            and (pa.get("not_level") is None or t.card(h["card"])["level"] != pa["not_level"])
            and (not pa.get("off_colour") or _off_colour(t, opp, h))]


@EFFECTS.effect("arts_special_to", timing="ability", prompt="特殊ダメージを与える相手のホロメン")
def arts_special_to(t: Board, f: dict) -> Options:
    """「相手の<ホロメン>1人に特殊ダメージNを与える」: one of those the text describes (as
    ``special_damage``: never 特攻); ``each``: every one of them (the collab first: a downed centre
    moves a back holomem up)."""
    if f["params"]["amount"] <= 0:
        return None
    options = _special_targets(t, f)
    if f["params"].get("each"):
        for pos in sorted(options, key=lambda p: p != "collab"):
            _hit(t, f, pos)
        return None
    if len(options) <= 1:
        return _special_to_one(t, f, options[0]) if options else None
    return options


@arts_special_to.answer
def _special_to_one(t: Board, f: dict, choice: Any) -> Options:
    _hit(t, f, choice)
    return None


@pattern(r"このアーツの対象のホロメンに、そのホロメンのバトンタッチに必要な無色1つにつき、特殊ダメージ(\d+)を与える。")
def _special_per_baton(m, spec):
    return "arts_special_baton", {"amount": int(m[1])}


@EFFECTS.effect("arts_special_baton", timing="ability")
def arts_special_baton(t: Board, f: dict) -> Options:
    """「このアーツの対象のホロメンに、そのホロメンのバトンタッチに必要な無色1つにつき、特殊ダメージNを与える」:
    N times the target's printed バトンタッチ cost, to the art's target."""
    af = arts_frame(t)
    if af is None or af["card"] != f["card"]:
        return None
    baton = _baton_of(t, f, "target") or 0
    if baton > 0:
        _hit(t, {**f, "params": {"amount": f["params"]["amount"] * baton}}, af["params"]["target"])
    return None


# ------------------------------------------------------------------ 「このアーツで…ダウンさせた時」

@pattern(r"このアーツで相手のホロメンをダウンさせた時、与えたダメージが残りHPを(\d+)以上オーバーしていれば、(.+)")
def _over_by(m, spec):
    """「このアーツで相手のホロメンをダウンさせた時、与えたダメージが残りHPをN以上オーバーしていれば、<効果>」
    (``on_ko``: the frame gets ``over``, the damage over the HP left of each holomem downed)."""
    then = spec(m[2])
    return then and ("on_ko", {"art": True, "over": True,
                               "then": {"effect": "arts_over", "params": {"min": int(m[1]), "then": then}}})


@pattern(r"(\[センターポジション限定\])?このアーツで相手の(センター)?ホロメンをダウンさせた時、与えたダメージが残りHPを"
         r"オーバーしていたなら、(.+)")
def _over_any(m, spec):
    """「([センターポジション限定])このアーツで相手の(センター)ホロメンをダウンさせた時、与えたダメージが残りHPを
    オーバーしていたなら、<…>」: 「相手の<ホロメン>1人に、オーバーしたダメージと同じ数値の特殊ダメージを与える」
    (the amount over) or 「オーバーしたダメージNにつき、<効果>」 (the effect once for each N over, each chosen anew)."""
    same = re.fullmatch(r"(相手の.+?)に、オーバーしたダメージと同じ数値の特殊ダメージを与える。", m[3])
    per = re.fullmatch(r"オーバーしたダメージ(\d+)につき、(.+)", m[3])
    if same:
        then = spec(f"{same[1]}に特殊ダメージ1を与える。")
        if not then or then["effect"] not in ("special_damage", "arts_special_to"):
            return None
        over = {"min": 1, "then": then, "same": True}
    elif per:
        then = spec(per[2])
        if not then or then["effect"] not in ("cheer_to", "cheer_to_holomem", "arts_send_cheer", "draw"):
            return None
        over = {"min": int(per[1]), "then": then, "per": int(per[1])}
    else:
        return None
    return "on_ko", {"art": True, "over": True, **({"pos": "center"} if m[1] else {}),
                     **({"center": True} if m[2] else {}), "then": {"effect": "arts_over", "params": over}}


@EFFECTS.effect("arts_over", timing="ability")
def arts_over(t: Board, f: dict) -> Options:
    """The effect if the art's damage went over the HP its holomem had left by ``min`` or more
    (``over``: given by ``effects.check_downs``); ``same``: its amount that much over; ``per``: once
    for each ``per`` over."""
    pa = f["params"]
    over = max((f.get("over") or {}).values(), default=None)
    t.event("overkill", seat=f["seat"], card=f["card"], over=over)
    if over is None or over < pa["min"]:
        return None
    if pa.get("same"):
        push(t, f, _times(pa["then"], over))
    elif pa.get("per"):
        push(t, f, *[pa["then"]] * (over // pa["per"]))
    else:
        push(t, f, pa["then"])
    return None


READS_OVER.add("arts_over")


@pattern(r"\[ターンに1回\]このアーツで相手の(センター)?ホロメンをダウンさせた時、(.+)")
def _ko_once(m, spec):
    """「[ターンに1回]このアーツで相手の(センター)ホロメンをダウンさせた時、<効果>」 (``on_ko``, once a turn)."""
    then = spec(m[2])
    return then and EFFECTS[then["effect"]].timing == "ability" and then["effect"] not in ("arts_plus", "arts_count") \
        and ("on_ko", {"art": True, **({"center": True} if m[1] else {}),
                       "then": {"effect": "arts_ko_once", "params": {"then": then}}})


@EFFECTS.effect("arts_ko_once", timing="ability")
def arts_ko_once(t: Board, f: dict) -> Options:
    """[ターンに1回]: the effect once a turn for that holomem's art (its card where it stands:
    ``used["effects"]``, reset each turn)."""
    used = t.p(f["seat"])["used"].setdefault("effects", [])
    key = f"arts_ko:{f['card']}:{f.get('pos')}"
    if key in used:
        t.event("once_per_turn", seat=f["seat"], card=f["card"], ability="arts")
        return None
    used.append(key)
    push(t, f, f["params"]["then"])
    return None


# ------------------------------------------------------------------ steps

@pattern(r"自分のデッキを(\d)枚引ける。")
def _may_draw(m, spec):
    return "arts_may_draw", {"count": int(m[1])}


@EFFECTS.effect("arts_may_draw", timing="ability", prompt="デッキを引くか")
def arts_may_draw(t: Board, f: dict) -> Options:
    """「自分のデッキをN枚引ける」: the user may draw them."""
    return ["draw", None] if t.deck_size(f["seat"]) > 0 else None


@arts_may_draw.answer
def _may_drawn(t: Board, f: dict, choice: Any) -> Options:
    return draw.run(t, f) if choice == "draw" else None


@pattern(r"(このホロメン|自分のステージ)のエール1枚を(自分の(?:他の)?#[^#]+?を持つホロメン)に付け替え(る|られる)。")
def _move_cheer_comma(m, spec):
    """「このホロメンのエール1枚を自分の…に付け替えられる」 reads as with its comma (「…1枚を、自分の…」)."""
    made = spec(f"{m[1]}のエール1枚を、{m[2]}に付け替え{m[3]}。")
    return made and (made["effect"], made["params"])


@pattern(r"自分のデッキの上から1枚をアーカイブできる。アーカイブしたカードが(ホロメン|サポートカード)なら、(.+?。)"
         r"(ホロメン|サポートカード)なら、(.+)")
def _mill_branch_then(m, spec):
    """「自分のデッキの上から1枚をアーカイブできる。アーカイブしたカードがホロメンなら、<効果>。サポートカード
    なら、<効果>。」 (``arts_mill_branch``: without it archived, neither)."""
    kinds = {"ホロメン": {"holomem": True}, "サポートカード": {"kind": "support"}}
    a, b = spec(m[2]), spec(m[4])
    return a and b and m[1] != m[3] and ("arts_mill_branch", {"branches": [{"filter": kinds[m[1]], "then": a},
                                                                           {"filter": kinds[m[3]], "then": b}]})


@pattern(r"自分のデッキの上から(\d)枚を公開する。公開したホロメン1枚につき、このアーツ\+(\d+)。そして公開したカードを"
         r"アーカイブする。その中に(イベント|サポートカード|ホロメン)があるなら、(.+)")
def _reveal_mill_then(m, spec):
    """「…公開したホロメン1枚につき、このアーツ+M。そして公開したカードをアーカイブする。その中にイベントがあるなら、
    <効果>」 (``arts_reveal_mill``, with ``if_any``)."""
    then = spec(m[4])
    kinds = {"イベント": {"support": "event"}, "サポートカード": {"kind": "support"}, "ホロメン": {"holomem": True}}
    return then and ("arts_reveal_mill", {"count": int(m[1]), "amount": int(m[2]), "filter": {"holomem": True},
                                          "if_any": {"filter": kinds[m[3]], "then": then}})


@pattern(r"(.+?。)相手のコラボホロメンがいないなら、かわりに、(.+)")
def _instead_no_collab(m, spec):
    """「<効果>。相手のコラボホロメンがいないなら、かわりに、<効果>」."""
    a, b = spec(m[1]), spec(m[2])
    return a and b and ("arts_when", {"test": "stage_has", "filter": {"pos": "collab", "side": "opp"}, "max": 0,
                                      "then": b, "else": a})


@condition(r"自分の推しホロメンが([白緑赤青紫黄])の〈([^〉]+)〉(?:なら|の時)")
def _oshi_colour_name(m):
    from kifu.replays.games.hocg.abilities.arts import COLOR_CHARS
    return {"test": "all", "tests": [{"test": "oshi_name", "name": m[2]},
                                     {"test": "oshi_color", "colors": [COLOR_CHARS[m[1]]]}]}


# ------------------------------------------------------------------ the cheer deck as a cost, using an art

@pattern(r"自分のエールデッキの上から1～(\d)枚をアーカイブできる:アーカイブしたエール1枚につき、(.+)")
def _cheer_mill_each(m, spec):
    then = spec(m[2])
    return then and _scaled(then) and ("arts_cheer_mill_each", {"max": int(m[1]), "then": then})


@EFFECTS.effect("arts_cheer_mill_each", timing="ability", prompt="エールデッキの上からアーカイブする枚数（しないならnull）")
def arts_cheer_mill_each(t: Board, f: dict) -> Options:
    """「自分のエールデッキの上から1～N枚をアーカイブできる:アーカイブしたエール1枚につき、<効果>」: how many
    (1 to N, as the cheer deck allows; null: none), each turned face up (everyone sees it) and
    archived; then the effect scaled by that number."""
    most = min(f["params"]["max"], t.cheer_deck_size(f["seat"]))
    return [*range(1, most + 1), None] if most > 0 else None


@arts_cheer_mill_each.answer
def _cheer_milled_each(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    seat = f["seat"]
    for _ in range(choice):
        card = t.reveal_cheer(seat, "mill", t.rule_of(f["card"]))
        E.archive_by(t, f, "cheer_deck", card)
        t.event("milled", seat=seat, card=card)
    t.event("cost_paid", seat=seat, card=f["card"], count=choice)
    push(t, f, _times(f["params"]["then"], choice))
    return None


@pattern(r"(.+。)このアーツは、自分のライフが(\d)以下でなければコラボポジションでは使えない。")
def _collab_life_rule(m, spec):
    """「<効果>。このアーツは、自分のライフがN以下でなければコラボポジションでは使えない。」: the effect, and a
    check on using the art (``arts.use_problem``: ``use_if.collab_life``)."""
    then = spec(m[1])
    return then and (then["effect"], {**then["params"], "use_if": {"collab_life": int(m[2])}})


@pattern(r"サイコロを(\d)回振る。(奇数|偶数|[1-6]以上|[1-6]以下)が出た回数1回につき、自分のデッキを(\d)枚引き、(.+)")
def _roll_draw_and(m, spec):
    """「サイコロをN回振る。<目>が出た回数1回につき、自分のデッキをM枚引き、<効果>」 (``arts_roll_sum``: both
    scale)."""
    from kifu.replays.games.hocg.abilities.arts_steps import faces_of
    rest = spec(m[4])
    if not rest or _scaled(rest) is None:
        return None
    return "arts_roll_sum", {"times": int(m[1]), "optional": False, "hits": faces_of(m[2]), "then": {
        "effect": "sequence", "params": {"joined": True, "steps": [{"effect": "draw", "params": {"count": int(m[3])}},
                                                                   rest]}}}


@pattern(r"(.+?。)(このアーツで相手の(?:センター)?ホロメンをダウンさせた時、.+)")
def _and_on_ko(m, spec):
    """「<効果>。このアーツで相手のホロメンをダウンさせた時、<効果>」: the first as the art is used, the second
    once it downs (``on_ko`` as a param: ``effects.ko_triggers`` reads it)."""
    from kifu.replays.games.hocg.rawlist import _spec
    first, ko = spec(m[1]), _spec(m[2])
    if not first or not ko or ko["effect"] != "on_ko" or "on_ko" in first["params"]:
        return None
    return first["effect"], {**first["params"], "on_ko": ko["params"]}


@condition(r"このターンに自分が#(.+?)を持つイベントカードを(\d)枚以上使っていた(?:なら|時)")
def _used_events(m):
    return {"test": "used_count", "filter": {"tag": m[1], "support": "event"}, "n": int(m[2])}


def _used_count_test(t: Board, f: dict, pa: dict) -> bool:
    from kifu.replays.games.hocg.effects import _matches
    return sum(1 for c in t.p(f["seat"])["used"].get("supports", ()) if _matches(t, c, pa["filter"])) >= pa["n"]


MORE_TESTS["used_count"] = _used_count_test


# ------------------------------------------------------------------ the opponent's cheer, the deck's top

@pattern(r"相手の\[センターホロメンかコラボホロメン\]のエール1枚をエールデッキの下に戻す。")
def _opp_cheer_bottom(m, spec):
    return "arts_opp_cheer_bottom", {"from": ["center", "collab"]}


@EFFECTS.effect("arts_opp_cheer_bottom", timing="ability", prompt="エールデッキの下に戻す相手のエール（ホロメンとエール）")
def arts_opp_cheer_bottom(t: Board, f: dict) -> Options:
    """「相手の[センターホロメンかコラボホロメン]のエール1枚をエールデッキの下に戻す」: the user names the
    holomem and its cheer (face up: its place now known); none there: nothing."""
    opp = other(f["seat"])
    options = sorted([p, c] for p in f["params"]["from"] if (h := t.holo(opp, p)) for c in set(h["cheer"]))
    if len({tuple(o) for o in options}) == 1:
        return _opp_cheer_bottomed(t, f, options[0])
    return options or None


@arts_opp_cheer_bottom.answer
def _opp_cheer_bottomed(t: Board, f: dict, choice: Any) -> Options:
    opp = other(f["seat"])
    pos, cheer = choice
    t.holo(opp, pos)["cheer"].remove(cheer)
    t.zones.put(f"cheer/{opp}", cheer, end="bottom")
    t.event("to_deck", seat=opp, pos=pos, card=cheer, source=f["card"], end="bottom", zone="cheer")
    return None


@pattern(r"自分のデッキの上から2枚を見る。その中から、1枚をアーカイブする。そして残ったカードをデッキの上に戻す。")
def _look_archive_one(m, spec):
    return "arts_look_archive", {"count": 2}


@EFFECTS.effect("arts_look_archive", timing="ability", prompt="見たカードからアーカイブするカード")
def arts_look_archive(t: Board, f: dict) -> Options:
    """「自分のデッキの上から2枚を見る。その中から、1枚をアーカイブする。そして残ったカードをデッキの上に戻す」:
    seen by the seat only (a chance event, as ``look_top``); the one archived is turned face up (everyone
    sees it); the other goes back on top (its place known)."""
    looked = E.look_at_top(t, f, f["params"]["count"])
    if not looked:
        return None
    return sorted({c for item in looked for c in E._could_be(t, item)})


@arts_look_archive.answer
def _look_archived(t: Board, f: dict, choice: Any) -> Options:
    from kifu.replays.games.hocg.effects import _could_be
    seat, rule = f["seat"], t.rule_of(f["card"])
    item = choice if choice in f["looked"] else next(i for i in f["looked"] if choice in _could_be(t, i))
    f["looked"].remove(item)
    if item != choice:
        t.zones.reveal(item, choice, "look", rule)
    E.archive_by(t, f, "deck", choice)
    t.event("milled", seat=seat, card=choice)
    for rest in reversed(f["looked"]):
        t.zones.put(f"deck/{seat}", rest, end="top")
    f["looked"] = []
    return None


# ------------------------------------------------------------------ costs a count lets go

@pattern(r"お互いのアーカイブのエール1色につき、このアーツに必要な無色-(\d)。")
def _less_per_colour(m, spec):
    """「お互いのアーカイブのエール1色につき、このアーツに必要な無色-N。」 (``arts.art_cost``: ◇ icons only)."""
    return "arts_use_rule", {"cost_less": {"test": "always", "count": int(m[1]), "any_only": True,
                                           "per": {"source": "both_archive_colours"}}}


@pattern(r"\[(センター|コラボ)ポジション限定\]自分のセンターホロメンに付いている〈([^〉]+)〉1枚につき、このアーツに必要な無色-(\d)。")
def _less_per_attached(m, spec):
    """「[コラボポジション限定]自分のセンターホロメンに付いている〈名前〉1枚につき、このアーツに必要な無色-N。」"""
    return "arts_use_rule", {"cost_less": {"test": "pos", "pos": POS[m[1]], "count": int(m[3]), "any_only": True,
                                           "per": {"source": "center_attached", "name": m[2]}}}


def _cost_count(t: Board, f: dict, pa: dict) -> int:
    seat = f["seat"]
    if pa["source"] == "both_archive_colours":
        return len({t.card(c)["colors"][0] for who in (seat, other(seat)) for c in t.p(who)["archive"]
                    if t.card(c)["kind"] == "cheer"})
    center = t.holo(seat, "center")
    from kifu.replays.games.hocg.effects import names_of
    return sum(1 for a in center["attached"] if pa["name"] in names_of(t, a)) if center else 0


MORE_SOURCES.update(both_archive_colours=_cost_count, center_attached=_cost_count)
MORE_TESTS["always"] = lambda t, f, pa: True


# ------------------------------------------------------------------ more conditions and counts

@condition(r"自分のアーカイブに(〈[^〉]+〉)が(\d+)枚ある(?:なら|時)")
def _archive_exactly_named(m):
    """「自分のアーカイブに〈名前〉が4枚あるなら」: at least that many (a deck holds 4 of a name at most)."""
    return {"test": "archive_has", "filter": {"names": [m[1][1:-1]]}, "n": int(m[2])}


@pattern(r"このホロメンに([白緑赤青紫黄])エールと([白緑赤青紫黄])エールが付いているなら、(.+?。)どちらか1色しか付いていないなら、(.+)")
def _both_or_one(m, spec):
    """「このホロメンに<色>エールと<色>エールが付いているなら、<効果>。どちらか1色しか付いていないなら、<効果>」."""
    from kifu.replays.games.hocg.abilities.arts import COLOR_CHARS
    colours = [COLOR_CHARS[m[1]], COLOR_CHARS[m[2]]]
    a, b = spec(m[3]), spec(m[4])
    one = {"effect": "arts_when", "params": {"test": "own_colours", "colors": colours, "n": 1, "then": b}}
    return a and b and m[1] != m[2] and ("arts_when", {"test": "own_colours", "colors": colours, "n": 2, "then": a,
                                                      "else": one})


def _own_colours_test(t: Board, f: dict, pa: dict) -> bool:
    """Exactly ``n`` of the colours among this holomem's cheer."""
    pos = own_holo_of(t, f)
    have = {t.card(c)["colors"][0] for c in t.holo(f["seat"], pos)["cheer"]} if pos else set()
    return len(have & set(pa["colors"])) == pa["n"]


@condition(r"自分の((?:〈[^〉]+〉)以外の)?#(.+?)を持つホロメンに([白緑赤青紫黄])エールか([白緑赤青紫黄])エールが付いている(?:なら|時)")
def _tagged_cheer(m):
    from kifu.replays.games.hocg.abilities.arts import COLOR_CHARS
    flt = holo_desc(f"自分の{m[1] or ''}#{m[2]}を持つホロメン")
    colours = [COLOR_CHARS[m[3]], COLOR_CHARS[m[4]]]
    return flt is not None and {"test": "holomem_cheer", "filter": flt, "colors": colours}


def _holomem_cheer_test(t: Board, f: dict, pa: dict) -> bool:
    return any(t.card(c)["colors"][0] in pa["colors"] for p in fitting(t, f, pa["filter"])
               for c in t.holo(f["seat"], p)["cheer"])


@condition(r"自分の\[推しホロメンが〈([^〉]+)〉か推しホロメンの色が([白緑赤青紫黄])\]で、自分のステージに\[ツールとマスコットとファン\]が合計"
           r"(\d+)枚以上ある(?:なら|時)")
def _oshi_either_and_supports(m):
    from kifu.replays.games.hocg.abilities.arts import COLOR_CHARS
    return {"test": "all", "tests": [{"test": "any", "tests": [{"test": "oshi_name", "name": m[1]},
                                                                {"test": "oshi_color", "colors": [COLOR_CHARS[m[2]]]}]},
                                     {"test": "stage_attached", "n": int(m[3])}]}


def _any_test(t: Board, f: dict, pa: dict) -> bool:
    from kifu.replays.games.hocg.abilities.arts import holds
    return any(holds(t, f, x) for x in pa["tests"])


def _stage_attached_test(t: Board, f: dict, pa: dict) -> bool:
    """Tools, mascots and fans on one's stage (every attached support card)."""
    return sum(1 for _, h in t.stage(f["seat"]) for a in h["attached"]
               if t.card(a)["support"] in ("tool", "mascot", "fan")) >= pa["n"]


MORE_TESTS.update(own_colours=_own_colours_test, holomem_cheer=_holomem_cheer_test, any=_any_test,
                  stage_attached=_stage_attached_test)


def _read_distinct_back(what: str, unit: str) -> dict | None:
    m = re.fullmatch(r"自分の異なるカード名の#(.+?)を持つバックホロメン", what)
    return m and unit == "人" and {"source": "distinct_tag_back", "name": m[1]}


def _distinct_back(t: Board, f: dict, pa: dict) -> int:
    return len({t.card(h["card"])["name"] for p, h in t.stage(f["seat"])
                if p.startswith("back") and has_tag(t.card(h["card"]), pa["name"])})


MORE_COUNTS.append(_read_distinct_back)
MORE_SOURCES["distinct_tag_back"] = _distinct_back


# ------------------------------------------------------------------ cheer sent one at a time, if wanted

@pattern(r"自分のエールデッキの上から1枚を(自分の.+?ホロメン)1人に送れる。")
def _may_send_one(m, spec):
    to = holo_desc(m[1])
    return to is not None and ("arts_may_send_cheer", {"to": to, "count": 1})


@EFFECTS.effect("arts_may_send_cheer", timing="ability", prompt="エールを送るか / 送るホロメン")
def arts_may_send_cheer(t: Board, f: dict) -> Options:
    """「自分のエールデッキの上から1枚を自分の<ホロメン>1人に送れる」: whether to (asked first), then the top
    turned up (everyone sees it) to one of them; a count (「…1枚につき、」) repeats it, each asked anew
    (``arts.REPEATED``)."""
    if t.cheer_deck_size(f["seat"]) <= 0 or not fitting(t, f, f["params"]["to"]):
        return None
    f["stage"] = "asked"
    return ["send", None]


@arts_may_send_cheer.answer
def _may_sent(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == "asked":
        if choice is None:
            return None
        f["stage"] = "sending"
        f["cheer"] = t.reveal_cheer(f["seat"], "cheer", t.rule_of(f["card"]))
        t.event("cheer_up", seat=f["seat"], card=f["cheer"])
        targets = fitting(t, f, f["params"]["to"])
        if len(targets) > 1:
            return targets
        choice = targets[0]
    from kifu.replays.games.hocg.effects import attach_cheer
    attach_cheer(t, f["seat"], choice, f["cheer"])
    return None


# ------------------------------------------------------------------ this turn's cost of a holomem's arts

def _less_for_turn(t: Board, f: dict, pos: str, n: int) -> None:
    """「このターンの間、<そのホロメン>のアーツに必要な無色-N」: a modifier ending with this turn (``arts.art_cost``)."""
    h = t.holo(f["seat"], pos)
    if h is None or n <= 0:
        return
    h.setdefault("lasting", []).append({"kind": "arts_any_less", "amount": n, "until": t.s["turn"]})
    t.event("arts_cost_less", seat=f["seat"], pos=pos, count=n, card=f["card"])


@pattern(r"このターンの間、自分の#(.+?)を持つコラボホロメンのアーツ\+(\d+)し、そのホロメンのアーツに必要な無色-(\d)。")
def _collab_boost_less(m, spec):
    """「このターンの間、自分の#タグを持つコラボホロメンのアーツ+Nし、そのホロメンのアーツに必要な無色-M」."""
    return "arts_turn_mods", {"filter": {"tag": m[1], "pos": "collab"}, "arts": int(m[2]), "any_less": int(m[3])}


@pattern(r"自分の(.+?ホロメン)(?:1人を|を1人)選ぶ。このターンの間、選んだホロメンのアーツに必要な無色-(\d)。"
         r"そのホロメンが(2nd|1st)ホロメンの〈([^〉]+)〉なら、かわりに、そのアーツに必要な無色-(\d)。")
def _chosen_less_instead(m, spec):
    """「自分の<ホロメン>1人を選ぶ。このターンの間、選んだホロメンのアーツに必要な無色-N。そのホロメンが2ndホロメンの
    〈名前〉なら、かわりに、そのアーツに必要な無色-M。」"""
    flt = holo_desc("自分の" + m[1])
    return flt is not None and ("arts_turn_mods", {"filter": flt, "any_less": int(m[2]), "choose": True, "instead": {
        "filter": {"level": m[3], "names": [m[4]]}, "any_less": int(m[5])}})


@pattern(r"自分の(.+?ホロメン)(?:1人を|を1人)選ぶ。(.+?)1枚につき、このターンの間、選んだホロメンのアーツに必要な無色-(\d)。")
def _chosen_less_per(m, spec):
    """「自分の<ホロメン>を1人選ぶ。<もの>1枚につき、このターンの間、選んだホロメンのアーツに必要な無色-N。」"""
    from kifu.replays.games.hocg.abilities.arts import count_source
    flt, per = holo_desc("自分の" + m[1]), count_source(m[2], "枚")
    return flt is not None and per and ("arts_turn_mods", {"filter": flt, "any_less": int(m[3]), "choose": True,
                                                           "per": per})


@EFFECTS.effect("arts_turn_mods", timing="ability", prompt="選ぶホロメン")
def arts_turn_mods(t: Board, f: dict) -> Options:
    """This turn's modifiers on the holomem the text names (``choose``: one chosen; else every one): its
    arts +N (``arts``), the ◇ its arts need -N (``any_less``; ``per``: N for each thing counted;
    ``instead``: another N if that holomem is the one it names)."""
    options = fitting(t, f, f["params"]["filter"])
    if f["params"].get("choose") and len(options) > 1:
        return options
    for pos in options:
        _turn_mods_on(t, f, pos)
    return None


@arts_turn_mods.answer
def _turn_mods_on(t: Board, f: dict, choice: Any) -> Options:
    from kifu.replays.games.hocg.abilities.arts import count_of
    pa, h = f["params"], t.holo(f["seat"], choice)
    if pa.get("arts"):
        h["mods"]["arts"] += pa["arts"]
        t.event("boost", seat=f["seat"], pos=choice, amount=pa["arts"], card=f["card"])
    less = pa.get("any_less", 0) * (count_of(t, f, pa["per"]) if "per" in pa else 1)
    instead = pa.get("instead")
    if instead and holo_fits(t, f, choice, h, instead["filter"]):
        less = instead["any_less"]
    _less_for_turn(t, f, choice, less)
    return None


# ------------------------------------------------------------------ the holopower's top, shown

@pattern(r"自分のホロパワーの上から1枚を公開できる:公開したカードが#(.+?)を持つホロメンの時、(.+?。)そして公開したカードを裏向きにして"
         r"ホロパワーの下に戻す。")
def _holopower_reveal(m, spec):
    then = spec(m[2])
    return then and ("arts_holopower_reveal", {"filter": {"tag": m[1], "holomem": True}, "then": then})


@EFFECTS.effect("arts_holopower_reveal", timing="ability", prompt="ホロパワーの上から1枚を公開するか")
def arts_holopower_reveal(t: Board, f: dict) -> Options:
    """「自分のホロパワーの上から1枚を公開できる:公開したカードが<条件>の時、<効果>。そして公開したカードを裏向きにして
    ホロパワーの下に戻す」: the top one (the first, as an oshi skill pays them) turned face up (everyone sees
    it), the effect if it fits, then it goes face down under the others (a known card now)."""
    return ["reveal", None] if t.p(f["seat"])["holopower"] else None


@arts_holopower_reveal.answer
def _holopower_revealed(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    from kifu.replays.games.hocg.effects import _matches
    from kifu.replays.games.hocg.state import R_HOLOPOWER
    pl = t.p(f["seat"])
    card = t.face_up(pl["holopower"].pop(0), "reveal", R_HOLOPOWER)
    t.event("holopower_reveal", seat=f["seat"], card=card, source=f["card"])  # shown, not to the hand
    back = {"effect": "arts_holopower_under", "params": {"card": card}}
    push(t, f, *([f["params"]["then"]] if _matches(t, card, f["params"]["filter"]) else []), back)
    return None


@EFFECTS.effect("arts_holopower_under", timing="ability")
def arts_holopower_under(t: Board, f: dict) -> Options:
    t.p(f["seat"])["holopower"].append(f["params"]["card"])
    t.event("holopower", seat=f["seat"], card=f["card"], end="bottom")
    return None


# ------------------------------------------------------------------ all this holomem's cheer to the cheer deck's bottom

@pattern(r"このホロメンのエールを数えて、そのすべてを好きな順でエールデッキの下に戻す。その後、自分の手札がこの能力で戻したエールの枚数と同じに"
         r"なるまで、自分のデッキを引く。")
def _cheer_back_draw(m, spec):
    return "arts_cheer_back_draw", {}


@EFFECTS.effect("arts_cheer_back_draw", timing="ability", prompt="次にエールデッキの下に戻すエール")
def arts_cheer_back_draw(t: Board, f: dict) -> Options:
    """「このホロメンのエールを数えて、そのすべてを好きな順でエールデッキの下に戻す。その後、自分の手札がこの能力で
    戻したエールの枚数と同じになるまで、自分のデッキを引く」: the cheer (face up) go under one at a time in the
    order chosen; then draws until the hand holds that many (none if it holds as many already)."""
    pos = own_holo_of(t, f)
    if "back" not in f:
        f["back"] = 0
    left = sorted(set(t.holo(f["seat"], pos)["cheer"])) if pos else []
    if len(left) > 1:
        return left
    if left:
        return _cheer_back_one(t, f, left[0])
    return _cheer_back_drawn(t, f)


@arts_cheer_back_draw.answer
def _cheer_back_one(t: Board, f: dict, choice: Any) -> Options:
    pos = own_holo_of(t, f)
    t.holo(f["seat"], pos)["cheer"].remove(choice)
    t.zones.put(f"cheer/{f['seat']}", choice, end="bottom")
    t.event("to_deck", seat=f["seat"], pos=pos, card=choice, source=f["card"], end="bottom", zone="cheer")
    f["back"] += 1
    return arts_cheer_back_draw.run(t, f)


def _cheer_back_drawn(t: Board, f: dict) -> Options:
    seat, n = f["seat"], 0
    while len(t.p(seat)["hand"]) < f["back"] and t.draw(seat, t.rule_of(f["card"])) is not None:
        n += 1
    t.event("draw", seat=seat, count=n, card=f["card"])
    return None


# ------------------------------------------------------------------ a holomem chosen, a die for its arts

@pattern(r"自分のステージのホロメン1人を選び、サイコロを1回振る。出た目の数1につき、このターンの間、選んだホロメンのアーツ\+(\d+)。")
def _chosen_roll_boost(m, spec):
    return "arts_chosen_roll", {"amount": int(m[1])}


@EFFECTS.effect("arts_chosen_roll", timing="ability", prompt="選ぶホロメン / サイコロ（推しスキルで目を宣言するなら目）")
def arts_chosen_roll(t: Board, f: dict) -> Options:
    """「自分のステージのホロメン1人を選び、サイコロを1回振る。出た目の数1につき、このターンの間、選んだホロメンの
    アーツ+N」: the holomem first, then the die (a chance event, or a face declared by an oshi skill)."""
    options = t.positions(f["seat"])
    if len(options) > 1:
        return options
    return _roll_chosen(t, f, options[0]) if options else None


@arts_chosen_roll.answer
def _roll_chosen(t: Board, f: dict, choice: Any) -> Options:
    from kifu.replays.games.hocg.effects import DIE, R_DICE, _declared, declare_skill, roll
    if "chosen" not in f:
        f["chosen"] = choice
        if declare_skill(t, f) is not None:
            return ["roll", *DIE]
        face = roll(t, f["seat"], f["card"], R_DICE)
    else:
        face = _declared(t, f, choice) if choice in DIE else roll(t, f["seat"], f["card"], R_DICE)
    h = t.holo(f["seat"], f["chosen"])
    if h is not None:
        h["mods"]["arts"] += face * f["params"]["amount"]
        t.event("boost", seat=f["seat"], pos=f["chosen"], amount=face * f["params"]["amount"], card=f["card"])
    return None


@pattern(r"このホロメンの([白緑赤青紫黄])エールを好きな枚数選び、(自分の.+?)1人に付け替える。")
def _move_any(m, spec):
    from kifu.replays.games.hocg.abilities.arts import COLOR_CHARS
    to = holo_desc(m[2])
    return to is not None and ("arts_move_any", {"colors": [COLOR_CHARS[m[1]]], "to": to})


@EFFECTS.effect("arts_move_any", timing="ability", prompt="付け替え先のホロメン（しないならnull） / 付け替えるエール（終えるならnull）")
def arts_move_any(t: Board, f: dict) -> Options:
    """「このホロメンの<色>エールを好きな枚数選び、自分の<ホロメン>1人に付け替える」: the holomem first (null:
    none moved), then the cheer one at a time until null (any number, none too)."""
    pos = own_holo_of(t, f)
    if pos is None:
        return None
    if "to" not in f:
        targets = [p for p in fitting(t, f, f["params"]["to"]) if p != pos]
        if not targets or not _movable(t, f, pos):
            return None
        f["to"] = None
        return targets + [None]
    cheer = _movable(t, f, pos)
    return cheer + [None] if cheer else None


def _movable(t: Board, f: dict, pos: str) -> list[str]:
    return sorted({c for c in t.holo(f["seat"], pos)["cheer"] if t.card(c)["colors"][0] in f["params"]["colors"]})


@arts_move_any.answer
def _moved_any(t: Board, f: dict, choice: Any) -> Options:
    from kifu.replays.games.hocg.effects import attach_cheer
    if choice is None:
        return None
    pos = own_holo_of(t, f)
    if f["to"] is None:
        f["to"] = choice
        return arts_move_any.run(t, f)
    t.holo(f["seat"], pos)["cheer"].remove(choice)
    attach_cheer(t, f["seat"], f["to"], choice)
    return arts_move_any.run(t, f)


# ------------------------------------------------------------------ the deck and the cheer deck, searched

@pattern(r"自分のデッキから、(.+?)1枚を(自分の.+?|このホロメン)に付ける。そしてデッキをシャッフルする。")
def _attach_from_deck_plain(m, spec):
    """「自分のデッキから、〈名前〉1枚を<ホロメン>に付ける。そしてデッキをシャッフルする」 reads as with its 「公開し、」
    (a card searched for is shown; attached, it is face up anyway: ``attach_from_deck``)."""
    made = spec(f"自分のデッキから、{m[1]}1枚を公開し、{m[2]}に付ける。そしてデッキをシャッフルする。")
    return made and (made["effect"], made["params"])


@pattern(r"(自分の.+?ホロメン)1人を選ぶ。自分のエールデッキから、選んだホロメンと同色のエール1枚を公開し、選んだホロメンに送る。"
         r"そしてエールデッキをシャッフルする。")
def _cheer_search_same(m, spec):
    to = holo_desc(m[1])
    return to is not None and ("arts_cheer_search_same", {"to": to})


@EFFECTS.effect("arts_cheer_search_same", timing="ability", prompt="選ぶホロメン / エールデッキから公開して送るエール")
def arts_cheer_search_same(t: Board, f: dict) -> Options:
    """「自分の<ホロメン>1人を選ぶ。自分のエールデッキから、選んだホロメンと同色のエール1枚を公開し、選んだホロメンに送る。
    そしてエールデッキをシャッフルする」: the holomem, then a cheer of one of its colours the pile may hold (as
    ``cheer_search``: beside the life; null: none found), shown and sent; the cheer deck is shuffled."""
    targets = fitting(t, f, f["params"]["to"])
    if not targets:
        return None
    f["stage"] = "holomem"
    return targets if len(targets) > 1 else _cheer_same_step(t, f, targets[0])


@arts_cheer_search_same.answer
def _cheer_same_step(t: Board, f: dict, choice: Any) -> Options:
    from kifu.replays.games.hocg.effects import attach_cheer
    seat, pile = f["seat"], f"cheer/{f['seat']}"
    if f["stage"] == "holomem":
        f["to"], f["stage"] = choice, "cheer"
        if t.cheer_deck_size(seat) <= 0:
            t.zones.shuffle(pile)
            return None
        colours = t.card(t.holo(seat, choice)["card"])["colors"]
        return [c for c in t.zones.may_contain(pile) if t.card(c)["colors"][0] in colours] + [None]
    if choice is not None:
        cheer = t.zones.take(pile, choice, t.rule_of(f["card"]), how="search")
        t.event("reveal", seat=seat, card=cheer, source=f["card"])
    else:
        t.event("not_found", seat=seat, source=f["card"])
    t.zones.shuffle(pile)
    if choice is not None:
        attach_cheer(t, seat, f["to"], cheer)
    return None


# ------------------------------------------------------------------ archived cheer, shared out

@pattern(r"自分のアーカイブの([白緑赤青紫黄])エール1～(\d)枚を選び、(自分の.+?)に割り振って送る。")
def _archive_cheer_split(m, spec):
    from kifu.replays.games.hocg.abilities.arts import COLOR_CHARS
    to = holo_desc(m[3])
    return to is not None and ("arts_archive_cheer_split", {"colors": [COLOR_CHARS[m[1]]], "max": int(m[2]), "to": to})


@EFFECTS.effect("arts_archive_cheer_split", timing="ability", prompt="送るアーカイブのエールと送り先（終えるならnull）")
def arts_archive_cheer_split(t: Board, f: dict) -> Options:
    """「自分のアーカイブの<色>エール1～N枚を選び、自分の<ホロメン>に割り振って送る」: each choice is [the cheer, the
    holomem it goes to]; one at least (if there is one), null ends it after that, N at most."""
    f.setdefault("sent", 0)
    pa = f["params"]
    fits = sorted({c for c in t.p(f["seat"])["archive"] if t.card(c)["kind"] == "cheer"
                   and t.card(c)["colors"][0] in pa["colors"]})
    targets = fitting(t, f, pa["to"])
    if f["sent"] >= pa["max"] or not fits or not targets:
        return None
    return [[c, p] for c in fits for p in targets] + ([None] if f["sent"] else [])


@arts_archive_cheer_split.answer
def _archive_cheer_split_one(t: Board, f: dict, choice: Any) -> Options:
    from kifu.replays.games.hocg.effects import attach_cheer
    if choice is None:
        return None
    cheer, pos = choice
    t.p(f["seat"])["archive"].remove(cheer)
    attach_cheer(t, f["seat"], pos, cheer)
    f["sent"] += 1
    return arts_archive_cheer_split.run(t, f)


@condition(r"このターンに自分の〈([^〉]+)〉がアーツを使っていた(?:なら|時)")
def _named_used_arts(m):
    return {"test": "arts_used_by", "name": m[1]}


def _arts_used_by_test(t: Board, f: dict, pa: dict) -> bool:
    """A holomem of that name used an art this turn before this one: the positions that did (``used["arts"]``,
    as ``rules.Arts`` keeps them) hold one now, this holomem's own left out."""
    from kifu.replays.games.hocg.effects import names_of
    own = own_holo_of(t, f)
    return any(pa["name"] in names_of(t, h["card"]) for p in t.p(f["seat"])["used"]["arts"]
               if p != own and (h := t.holo(f["seat"], p)) is not None)


MORE_TESTS["arts_used_by"] = _arts_used_by_test


@pattern(r"自分のアーカイブの#(.+?)を持つ\[(マスコット|ファン|ツール)と(マスコット|ファン|ツール)\]を好きな枚数選び、自分の(.+?)に割り振って"
         r"付けられる。")
def _attach_tagged_any(m, spec):
    """「自分のアーカイブの#タグを持つ[マスコットとファン]を好きな枚数選び、自分のホロメンに割り振って付けられる」
    (``skill_attach_archive_any``, its filter with the tag)."""
    from kifu.replays.games.hocg.abilities.keywords import SUPPORT_KINDS, holder_filter
    to = holder_filter(m[4])
    return to is not None and m[2] != m[3] and ("skill_attach_archive_any", {
        "filter": {"tag": m[1], "any_of": [SUPPORT_KINDS[m[2]], SUPPORT_KINDS[m[3]]]}, "holder": to})


@condition(r"直前の相手のターンに自分のホロメンがダウンしていた(?:なら|時)")
def _downed_last_turn(m):
    return {"test": "downed_last_opp_turn"}


def _downed_last_turn_test(t: Board, f: dict, pa: dict) -> bool:
    """A holomem of one's went down in the opponent's turn just before (``effects.check_downs`` marks that turn's
    ``used``, the opponent's, kept till its next turn)."""
    opp = other(f["seat"])
    return t.s["active"] == f["seat"] and bool(t.p(opp)["used"].get("downed_other"))


MORE_TESTS["downed_last_opp_turn"] = _downed_last_turn_test


@condition(r"このターンに自分の〈([^〉]+)〉の能力でサイコロを(\d)回以上振っていた(?:なら|時)")
def _rolled_by(m):
    return {"test": "rolled_by", "name": m[1], "n": int(m[2])}


def _rolled_by_test(t: Board, f: dict, pa: dict) -> bool:
    """The abilities of one's holomem of that name rolled the die that many times this turn (``effects.count_roll``:
    ``used["rolled_by"]``, the card whose ability rolled each)."""
    from kifu.replays.games.hocg.effects import names_of
    return sum(1 for c in t.p(f["seat"])["used"].get("rolled_by", ())
               if t.card(c)["kind"] in ("holomem", "buzz") and pa["name"] in names_of(t, c)) >= pa["n"]


MORE_TESTS["rolled_by"] = _rolled_by_test


# ------------------------------------------------------------------ a Bloom this turn's rules forbid

@pattern(r"自分のこのターンに出したDebutバックホロメン1人を、自分の手札の1stホロメンにBloomできる。")
def _bloom_placed(m, spec):
    return "arts_bloom_placed", {"source": "hand"}


@EFFECTS.effect("arts_bloom_placed", timing="ability", prompt="Bloomさせるホロメンと使うカード（しないならnull）")
def arts_bloom_placed(t: Board, f: dict) -> Options:
    """「自分のこのターンに出したDebutバックホロメン1人を、自分の手札の1stホロメンにBloomできる」: a Debut put out to the
    back this turn (what a Bloom from the hand may not take) and a 1st of the hand that may bloom onto it (the same
    name: ``skill_bloom_from``'s rules, its steps: the bloom effects, the mascots' 「…がBloomした時」); null: none."""
    from kifu.replays.games.hocg.abilities.oshi_skills_cards import _blooms_onto
    seat = f["seat"]
    if t.first_turn(seat):
        return None
    pairs = [[p, card] for p, h in t.stage(seat) if p.startswith("back") and h["since"] == t.s["turn"]
             and not h["stack"] and t.card(h["card"])["level"] == "debut"
             for card in sorted(set(t.hand_cards(seat))) if t.card(card)["level"] == "1st" and _blooms_onto(t, card, h)]
    return pairs + [None] if pairs else None


@arts_bloom_placed.answer
def _bloomed_placed(t: Board, f: dict, choice: Any) -> Options:
    from kifu.replays.games.hocg.abilities.oshi_skills_cards import _bloomed_from
    return _bloomed_from(t, f, choice)


# ------------------------------------------------------------------ 「このアーツで相手のホロメンにダメージを与えた時」

@pattern(r"このアーツで相手のホロメンにダメージを与えた時、与えたダメージ(\d+)につき、このホロメンのHP(\d+)回復。")
def _heal_per_dealt(m, spec):
    """「このアーツで相手のホロメンにダメージを与えた時、与えたダメージNにつき、このホロメンのHPM回復。」: nothing as the art
    is used; once its damage lands (``effects.DEALT_HOOKS``), M for each N dealt."""
    return "arts_heal_dealt", {"per": int(m[1]), "amount": int(m[2])}


@EFFECTS.effect("arts_heal_dealt", timing="ability")
def arts_heal_dealt(t: Board, f: dict) -> Options:
    """The art's text as it is used: nothing yet (``_healed_for_dealt`` once the damage lands)."""
    return None


@needs("arts_heal_dealt")
def _healed_for_dealt(t: Board, hit: dict) -> None:
    """The art's damage (not a special one) landed: its 「与えたダメージNにつき、このホロメンのHPM回復」, if the holomem
    that used it is still there."""
    from kifu.replays.games.hocg.effects import frame
    by = hit.get("by") or {}
    if hit["special"] or by.get("art") is None or not by.get("pos"):
        return
    seat = other(hit["seat"])
    h = t.holo(seat, by["pos"])
    if h is None or h["card"] != by.get("card"):
        return
    art = E.art_at(t, h, by["art"])
    if art is None or art.get("effect") != "arts_heal_dealt":
        return
    n = hit["amount"] // art["params"]["per"] * art["params"]["amount"]
    if n > 0:
        t.s["stack"].append(frame("heal", seat, h["card"], "arts", {"target": "self", "amount": n}, pos=by["pos"]))


DEALT_HOOKS.append(_healed_for_dealt)
