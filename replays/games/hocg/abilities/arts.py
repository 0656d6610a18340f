"""Arts texts: bonuses, conditions, costs paid while an art is used.

An art's text resolves as the art is used, before its damage (``rules.Arts`` puts the
text's frame above the ``arts_damage`` one), so 「このアーツ+N」 and 「このターンの間、…アーツ+N」
reach this art's damage. The shapes compose through ``spec(part)``: a condition
(``arts_when``: 「<条件>なら(時)、<効果>」, 「[センター/コラボポジション限定]<効果>」), a count
(``arts_count``: 「<数えるもの>N枚(人)につき、<効果>」), a cost (「…できる:<効果>」), a roll
(``arts_roll_sum``), and the steps they lead to. What the holomem descriptions read
(「自分のステージのこのホロメン以外の#3期生を持つホロメン」) is ``holo_desc``.

Checks on using an art (「このアーツは、…が付いていないと使えない」, 「…しか対象にできない」) are
params of the art's text (``use_if``, ``only_target``) that ``rules.Arts.check`` reads through
``use_problem``; a cost it lets go (「…エールN枚を必要とせずに使える」「…このアーツに必要な無色-N」) is
``cost_less``, read by ``art_cost``. What the shapes lead to (boosts, dice, costs, cheer, the
deck and the archive) is ``arts_steps``, registered after these; more conditions, counts and steps
(this turn's oshi skills, the opponent's colours and バトンタッチ costs, the damage over the HP left,
this turn's costs) are ``arts_more``'s, registered last (``MORE_TESTS``, ``MORE_SOURCES``,
``MORE_COUNTS`` reach ``holds`` and ``count_of``).
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg.abilities.grammar import Texts
from kifu.replays.games.hocg.cards import has_tag
from kifu.replays.games.hocg.effects import (EFFECTS, Options, _matches, arts_frame, colors_of, counted, names_of,
                                             own_holo_of, push)
from kifu.replays.games.hocg.state import Board, other

TEXTS = Texts()


def pattern(regex: str):
    """``TEXTS.pattern``, a falsy answer of the maker read as None (later shapes try); the
    parts it reads (``spec``) are effects that run: a constant ability (a gift's 「…受けるダメージ
    -N」) or a 「…はターンに1回しか使えない」 limit (checked before any cost) is no part of these
    shapes, so a text holding one is left to the families that read it whole."""
    def register(make):
        TEXTS.pattern(regex)(lambda m, spec: make(m, _running(spec)) or None)
        return make
    return register


def _running(spec):
    def read(part: str):
        made = spec(part)
        if made is None or EFFECTS[made["effect"]].timing == "constant" or made["effect"] == "once_per_turn":
            return None
        return made
    return read

COLOR_CHARS = {"白": "white", "緑": "green", "赤": "red", "青": "blue", "紫": "purple", "黄": "yellow"}
LEVELS = {"Debut": "debut", "1st": "1st", "2nd": "2nd", "Spot": "spot"}
ATTACHABLE = {"ファン": "fan", "ツール": "tool", "マスコット": "mascot"}
R_ARTS = "ターンの流れ/パフォーマンスフェイズ"


# ------------------------------------------------------------------ what a text names

HOLO = re.compile(r"自分の(?:ステージ[のに])?(このホロメン以外の|他の)?(?:((?:〈[^〉]+〉か)*〈[^〉]+〉)以外の)?(HPが減っている)?"
                  r"(?:(?:#([^#]+?)を持つ)?(〈[^〉]+〉|ファン|ツール|マスコット|サポートカード)が付いている)?(?:#(.+?)を持つ)?"
                  r"(Debut|1st|2nd|Buzz)?(以上の)?([白緑赤青紫黄])?(センター|コラボ|バック)?ホロメン")
ORDER = {"debut": 0, "1st": 1, "2nd": 2}
ATTACHED_KINDS = {**{k: {"support": v} for k, v in {"ファン": "fan", "ツール": "tool", "マスコット": "mascot"}.items()},
                  "サポートカード": {"kind": "support"}}
NAMED = re.compile(r"自分の(?:ステージ[のに])?(他の|バックホロメンの)?〈([^〉]+)〉")
POS = {"センター": "center", "コラボ": "collab", "バック": "back"}


def holo_desc(text: str) -> dict[str, Any] | None:
    """The own holomem 「<text>」 describes, as a filter (``holo_fits``), or None if not read.

    >>> holo_desc("自分のステージのこのホロメン以外の#3期生を持つホロメン")
    {'not_self': True, 'tag': '3期生'}
    >>> holo_desc("自分の〈風真いろは〉以外の#秘密結社holoXを持つホロメン")
    {'not_names': ['風真いろは'], 'tag': '秘密結社holoX'}
    >>> holo_desc("自分のバックホロメンの〈角巻わため〉")
    {'names': ['角巻わため'], 'pos': 'back'}
    """
    m = HOLO.fullmatch(text)
    if m:
        flt: dict[str, Any] = {}
        if m[1]:
            flt["not_self"] = True
        if m[2]:
            flt["not_names"] = re.findall(r"〈([^〉]+)〉", m[2])
        if m[3]:
            flt["damaged"] = True
        if m[5]:
            flt["attached"] = {**(ATTACHED_KINDS[m[5]] if m[5] in ATTACHED_KINDS else {"names": [m[5][1:-1]]}),
                               **({"tag": m[4]} if m[4] else {})}
        if m[6]:
            flt["tag"] = m[6]
        if m[7] == "Buzz":
            if m[8]:
                return None
            flt["buzz"] = True
        elif m[7]:
            flt["min_level" if m[8] else "level"] = LEVELS[m[7]]
        elif m[8]:
            return None
        if m[9]:
            flt["colors"] = [COLOR_CHARS[m[9]]]
        if m[10]:
            flt["pos"] = POS[m[10]]
        return flt
    m = NAMED.fullmatch(text)
    if m:
        return {"names": [m[2]], **({"not_self": True} if m[1] == "他の" else {}),
                **({"pos": "back"} if m[1] == "バックホロメンの" else {})}
    return None


def holo_fits(t: Board, f: dict, pos: str, h: dict, flt: dict) -> bool:
    """The own holomem ``h`` at ``pos`` is one ``flt`` (``holo_desc``) describes."""
    c = t.card(h["card"])
    if flt.get("not_self") and pos == own_holo_of(t, f):
        return False
    want = flt.get("pos")
    if want is not None and pos != want and not (want == "back" and pos.startswith("back")):
        return False
    if "tag" in flt and not has_tag(c, flt["tag"]):
        return False
    if "level" in flt and c["level"] != flt["level"]:
        return False
    if flt.get("buzz") and c["kind"] != "buzz":
        return False
    if "min_level" in flt and ORDER.get(c["level"], -1) < ORDER[flt["min_level"]]:
        return False
    if flt.get("damaged") and h["damage"] <= 0:
        return False
    if "colors" in flt and not set(flt["colors"]) & set(colors_of(t, h)):  # 「すべての色を持つ…として扱う」 too
        return False
    if "names" in flt and not set(flt["names"]) & names_of(t, h["card"]):
        return False
    if "not_names" in flt and set(flt["not_names"]) & names_of(t, h["card"]):
        return False
    if "attached" in flt and not any(_matches(t, a, flt["attached"]) for a in h["attached"]):
        return False
    return True


def fitting(t: Board, f: dict, flt: dict) -> list[str]:
    """The positions of the holomem ``flt`` describes: the own ones, or (``side`` "opp") the opponent's."""
    seat = other(f["seat"]) if flt.get("side") == "opp" else f["seat"]
    return [p for p, h in t.stage(seat) if holo_fits(t, f, p, h, flt)]


def opp_desc(text: str) -> dict | None:
    """「相手の(ステージに)<ホロメン>」 as a filter of the opponent's holomem (``fitting``)."""
    if not text.startswith("相手の"):
        return None
    flt = holo_desc("自分の" + text[len("相手の"):])
    return None if flt is None or flt.keys() & {"not_self", "not_names"} else {**flt, "side": "opp"}


def _scaled(spec: dict) -> str | None:
    """The param a count multiplies (「…1枚につき、<効果>」): its amount, or its count (steps: each one's)."""
    if spec["effect"] == "sequence":  # 「このアーツ+Nし、<効果>」 (joined): both scale; other steps do not
        return "steps" if spec["params"].get("joined") and all(_scaled(x) for x in spec["params"]["steps"]) else None
    return next((k for k in ("amount", "count") if isinstance(spec["params"].get(k), int)), None)


def _times(spec: dict, n: int) -> dict:
    key = _scaled(spec)
    if key == "steps":
        return {**spec, "params": {**spec["params"], "steps": [_times(x, n) for x in spec["params"]["steps"]]}}
    return {**spec, "params": {**spec["params"], key: spec["params"][key] * n}}


# ------------------------------------------------------------------ conditions

CONDITIONS: list[tuple[re.Pattern[str], Any]] = []


def condition(regex: str):
    def register(make):
        CONDITIONS.append((re.compile(regex), make))
        return make
    return register


@condition(r"(.+?(?:ホロメン|〉))が(?:(\d)人以上)?いる(?:なら|時)")
def _there_is(m):
    flt = holo_desc(m[1]) or opp_desc(m[1])
    return flt is not None and {"test": "stage_has", "filter": flt, "min": int(m[2] or 1)}


@condition(r"自分のステージに異なるカード名の#(.+?)を持つホロメンが(\d)人以上いる(?:なら|時)")
def _distinct_there(m):
    return {"test": "distinct_tag", "tag": m[1], "min": int(m[2])}


@condition(r"自分のセンターホロメンが(.+?)(?:なら|の時)")
def _center_is(m):
    flt = holo_desc("自分の" + m[1])
    if flt is None or "〈" in m[1] or set(flt) - {"tag", "level", "min_level", "buzz", "colors", "damaged"}:
        return None  # 「〈名前〉の時」 is rawlist's if_center
    return {"test": "stage_has", "filter": {**flt, "pos": "center"}, "min": 1}


@condition(r"自分のセンターホロメンのHPが減っている(?:なら|時)")
def _center_damaged(m):
    return {"test": "stage_has", "filter": {"pos": "center", "damaged": True}, "min": 1}


@condition(r"このアーツの対象が、?相手の(.+?ホロメン)(?:なら|の時)")
def _target_is(m):
    flt = holo_desc("自分の" + m[1])
    if flt is None or flt.keys() & {"not_self", "not_names", "attached"}:
        return None
    return {"test": "target", "filter": flt}


@condition(r"相手のステージにエールが(\d+)枚以上ある(?:なら|時)")
def _opp_cheer(m):
    return {"test": "opp_stage_cheer", "n": int(m[1])}


@condition(r"自分の手札が(\d+)枚(以下)?(?:なら|の時)")
def _hand_at_most(m):
    return (m[2] or m[1] == "0") and {"test": "hand_at_most", "n": int(m[1])}


@condition(r"自分の手札の枚数が相手より少ない(?:なら|時)")
def _hand_below(m):
    return {"test": "hand_below_opponent"}


@condition(r"(.+?(?:ホロメン|〉))がいない(?:なら|時)")
def _there_is_none(m):
    flt = holo_desc(m[1])
    return flt is not None and {"test": "stage_has", "filter": flt, "max": 0}


@condition(r"自分のセンターホロメンが#(.+?)を持つ(?:なら|時)")
def _center_tag(m):
    return {"test": "stage_has", "filter": {"pos": "center", "tag": m[1]}, "min": 1}


@condition(r"このホロメンに([白緑赤青紫黄])以外のエールが付いている(?:なら|時)")
def _cheer_not(m):
    return {"test": "cheer_not", "colors": [COLOR_CHARS[m[1]]]}


@condition(r"自分のステージにエールが(\d)色以上ある(?:なら|時)")
def _stage_colors(m):
    return {"test": "stage_colors", "min": int(m[1])}


@condition(r"このターンに自分が(LIMITEDの)?(サポートカード|イベント|〈[^〉]+〉)を使っていた(?:なら|時)")
def _used(m):
    flt = ({"kind": "support"} if m[2] == "サポートカード" else {"support": "event"} if m[2] == "イベント"
           else {"names": [m[2][1:-1]]})
    return {"test": "used_support", "filter": {**flt, **({"limited": True} if m[1] else {})}}


@condition(r"自分のアーカイブが(\d+)枚以上ある(?:なら|時)")
def _archive_size(m):
    return {"test": "archive_at_least", "n": int(m[1])}


@condition(r"このホロメンに([白緑赤青紫黄])以外のエールが(\d)枚以上付いている(?:なら|時)")
def _cheer_not_n(m):
    return {"test": "cheer_not", "colors": [COLOR_CHARS[m[1]]], "n": int(m[2])}


@condition(r"自分のアーカイブに(.+?)が、?(?:(\d+)枚以上)?ある(?:なら|時)")
def _in_archive(m):
    flt = _card_filter(m[1])
    return flt is not None and {"test": "archive_has", "filter": flt, "n": int(m[2] or 1)}


@condition(r"自分の(センター|推し)ホロメンの色が([白緑赤青紫黄](?:か[白緑赤青紫黄])*)なら")
def _color_of(m):
    colors = [COLOR_CHARS[x] for x in m[2].split("か")]
    if m[1] == "センター":
        return {"test": "stage_has", "filter": {"pos": "center", "colors": colors}, "min": 1}
    return {"test": "oshi_color", "colors": colors}


@condition(r"相手の(?:バックホロメンのHPが減っている|HPが減っているバックホロメンが(\d)人以上いる)(?:なら|時)")
def _opp_back_damaged(m):
    return {"test": "opp_back_damaged", "n": int(m[1] or 1)}


@condition(r"このホロメンに重なっているホロメンが0枚(?:なら|の時)")
def _nothing_under(m):
    return {"test": "stacked_none"}


@condition(r"自分のステージに〈([^〉]+)〉がある(?:なら|時)")
def _attached_on_stage(m):
    return {"test": "stage_has", "filter": {"attached": {"names": [m[1]]}}, "min": 1}


@condition(r"このホロメンに([白緑赤青紫黄])エールが(\d)枚以上付いている(?:なら|時)")
def _cheer_color_n(m):
    return {"test": "cheer_color", "colors": [COLOR_CHARS[m[1]]], "n": int(m[2])}


@condition(r"このホロメンに〈([^〉]+)〉が付いていない(?:なら|時)")
def _not_attached(m):
    return {"test": "self_lacks", "names": [m[1]]}


@condition(r"自分のステージのエールすべてが([白緑赤青紫黄])エール(?:なら|の時)")
def _all_cheer(m):
    return {"test": "all_cheer", "colors": [COLOR_CHARS[m[1]]]}


@condition(r"自分のステージのホロメン全員が(.+?ホロメン)(?:なら|の時)")
def _all_holomem(m):
    flt = holo_desc("自分の" + m[1])
    return flt is not None and {"test": "all_holomem", "filter": flt}


@condition(r"自分のステージのホロメンが(\d)人以下なら")
def _stage_at_most(m):
    return {"test": "stage_at_most", "n": int(m[1])}


@condition(r"相手のバックホロメン全員のHPが合計(\d+)以上減っている(?:なら|時)")
def _opp_back_sum(m):
    return {"test": "opp_back_damage", "n": int(m[1])}


#: conditions read only inside 「<A>で、<B>なら」 (alone, rawlist reads them: ``if_oshi``, ``if_state``)
JOINED = [(re.compile(r"自分の推しホロメンが〈([^〉]+)〉(?:なら|の時)"), lambda m: {"test": "oshi_name", "name": m[1]}),
          (re.compile(r"自分のライフが(\d)以下(?:なら|の時)"), lambda m: {"test": "life_at_most", "n": int(m[1])}),
          (re.compile(r"このホロメンにエールが(\d)枚以上付いている(?:なら|時)"),
           lambda m: {"test": "cheer_at_least", "n": int(m[1])}),
          (re.compile(r"自分のコラボホロメンがいる(?:なら|時)"), lambda m: {"test": "stage_has", "filter": {"pos": "collab"},
                                                                  "min": 1})]


def _condition(text: str, joined: bool = False) -> dict | None:
    """The test 「<text>」 states (``holds``); 「<A>で、<B>なら」: both."""
    for pattern, make in CONDITIONS + (JOINED if joined else []):
        m = pattern.fullmatch(text)
        if m and (test := make(m)):
            return test
    for i, ch in enumerate(text):
        if ch == "で" and text[i + 1:i + 2] == "、" and (a := _condition(text[:i] + "なら", True)) \
                and (b := _condition(text[i + 2:], True)):
            return {"test": "all", "tests": [a, b]}
    return None


@pattern(r"[^、]+?、.+")
def _when(m, spec):
    """「<条件>なら(時)、<効果>」 for the conditions above (every comma tried as the split); a step after
    「。その後、」, or a sentence of its own condition 「。<条件>なら、さらに、…」, is no part of the condition's (the
    steps in order read them: 「<条件>なら、<効果>。その後、<効果>」)."""
    body = m[0]
    for i, ch in enumerate(body):
        if ch == "、" and not re.search(r"。(?:その後、|[^。]+?(?:なら|時)、さらに、)", body[i + 1:]) \
                and (test := _condition(body[:i])) and (then := spec(body[i + 1:])):
            return "arts_when", {**test, "then": then}
    return None


@pattern(r"\[(センター|コラボ)ポジション限定\](.+)")
def _position_only(m, spec):
    """「[センター/コラボポジション限定]<効果>」 (the plain 「このアーツ+N」 and 「このアーツで…ダウンさせた
    時」 are rawlist's own: ``arts_plus``'s ``pos``, ``on_ko``'s)."""
    rest = m[2]
    if rest.startswith("このアーツで") or re.fullmatch(r"このアーツ\+\d+。", rest):
        return None
    then = spec(rest)
    return then and ("arts_when", {"test": "pos", "pos": POS[m[1]], "then": then})


@pattern(r"このホロメンに(ツール|マスコット|ファン)(?:か(ツール|マスコット|ファン))?が付いている(?:なら|時)、(.+)")
def _attached_kind(m, spec):
    """「このホロメンにツール(かマスコット)が付いている時(なら)、<効果>」 (``if_attached``)."""
    then = spec(m[3])
    kinds = [{"support": ATTACHABLE[k]} for k in (m[1], m[2]) if k]
    return then and ("if_attached", {"filter": kinds[0] if len(kinds) == 1 else {"either": kinds}, "then": then})


@pattern(r"このホロメンに〈([^〉]+)〉が付いているなら、(.+)")
def _attached_name(m, spec):
    """「このホロメンに〈名前〉が付いているなら、<効果>」 (rawlist reads its 「…付いている時、」)."""
    then = spec(m[2])
    return then and ("if_attached", {"name": m[1], "then": then})


def holds(t: Board, f: dict, pa: dict) -> bool:
    """Whether ``arts_when``'s condition holds now."""
    seat, test = f["seat"], pa["test"]
    pos = own_holo_of(t, f)
    h = t.holo(seat, pos) if pos else None
    if test == "pos":
        return pos == pa["pos"]
    if test == "stage_has":
        n = len(fitting(t, f, pa["filter"]))
        return n >= pa.get("min", 1) if "max" not in pa else n <= pa["max"]
    if test == "cheer_not":
        others = sum(1 for c in h["cheer"] if t.card(c)["colors"][0] not in pa["colors"]) if h else 0
        return others >= pa.get("n", 1)
    if test == "stage_colors":
        return len(_stage_colors_of(t, seat)) >= pa["min"]
    if test == "used_support":
        return any(_matches(t, c, pa["filter"]) for c in t.p(seat)["used"].get("supports", ()))
    if test == "archive_at_least":
        return len(t.p(seat)["archive"]) >= pa["n"]
    if test == "archive_has":
        return sum(1 for c in t.p(seat)["archive"] if _matches(t, c, pa["filter"])) >= pa["n"]
    if test == "oshi_color":
        return bool(set(pa["colors"]) & set(t.card(t.p(seat)["oshi"])["colors"]))
    if test == "opp_back_damaged":
        return sum(1 for p, x in t.stage(other(seat)) if p.startswith("back") and x["damage"] > 0) >= pa["n"]
    if test == "stacked_none":
        return h is not None and not h["stack"]
    if test == "distinct_tag":
        return counted(t, f, "distinct_tag", pa["tag"]) >= pa["min"]
    if test == "target":
        af = arts_frame(t)
        target = t.holo(other(seat), af["params"]["target"]) if af else None
        return target is not None and holo_fits(t, f, af["params"]["target"], target, pa["filter"])
    if test == "opp_stage_cheer":
        return sum(len(x["cheer"]) for _, x in t.stage(other(seat))) >= pa["n"]
    if test == "hand_at_most":
        return len(t.p(seat)["hand"]) <= pa["n"]
    if test == "hand_below_opponent":
        return len(t.p(seat)["hand"]) < len(t.p(other(seat))["hand"])
    if test == "all":
        return all(holds(t, f, x) for x in pa["tests"])
    if test == "cheer_color":
        return h is not None and sum(1 for c in h["cheer"] if t.card(c)["colors"][0] in pa["colors"]) >= pa["n"]
    if test == "self_lacks":
        return h is not None and not any(set(pa["names"]) & names_of(t, a) for a in h["attached"])
    if test == "all_cheer":
        cheer = [c for _, x in t.stage(seat) for c in x["cheer"]]
        return bool(cheer) and all(t.card(c)["colors"][0] in pa["colors"] for c in cheer)
    if test == "all_holomem":
        return all(holo_fits(t, f, p, x, pa["filter"]) for p, x in t.stage(seat))
    if test == "stage_at_most":
        return t.stage_count(seat) <= pa["n"]
    if test == "opp_back_damage":
        return sum(x["damage"] for p, x in t.stage(other(seat)) if p.startswith("back")) >= pa["n"]
    if test == "oshi_name":
        return t.card(t.p(seat)["oshi"])["name"] == pa["name"]
    if test == "life_at_most":
        return t.p(seat)["life"] <= pa["n"]
    if test == "cheer_at_least":
        return h is not None and len(h["cheer"]) >= pa["n"]
    if test in MORE_TESTS:  # ``arts_more``'s
        return MORE_TESTS[test](t, f, pa)
    raise ValueError(test)


#: tests of the conditions ``arts_more`` reads: ``test -> (t, f, params) -> bool``
MORE_TESTS: dict[str, Any] = {}


def _stage_colors_of(t: Board, seat: str) -> set[str]:
    return {t.card(c)["colors"][0] for _, h in t.stage(seat) for c in h["cheer"]}


@EFFECTS.effect("arts_when", timing="ability")
def arts_when(t: Board, f: dict) -> Options:
    """「<条件>なら(時)、<効果>」 and 「[センター/コラボポジション限定]<効果>」: the effect only if the
    condition holds as the text resolves (``holds``)."""
    if holds(t, f, f["params"]):
        push(t, f, f["params"]["then"])
    elif "else" in f["params"]:  # 「…なら、かわりに、…」
        push(t, f, f["params"]["else"])
    return None


# ------------------------------------------------------------------ counts

#: what 「<もの>1枚(人/回/色)につき」 counts, for the things rawlist's ``PER`` does not
SOURCES = {("自分のステージのエール", "枚"): "stage_cheer", ("自分のステージのエール", "色"): "stage_colors",
           ("自分のアーカイブのカード", "枚"): "archive", ("自分のアーカイブのホロメン", "枚"): "archive_holomem",
           ("自分の初期ライフから減っているライフ", ""): "life_lost", ("自分のホロメン全員に付いているファン", "枚"): "fans",
           ("このターンに自分が能力でサイコロを振った回数", "回"): "rolls", ("このホロメンのエール", "枚"): "own_cheer",
           ("このホロメンに重なっているホロメン", "枚"): "stacked", ("相手のアーカイブのエール", "枚"): "opp_archive_cheer",
           ("自分のアーカイブのエール", "枚"): "own_archive_cheer", ("自分の手札", "枚"): "hand",
           ("相手の手札", "枚"): "opp_hand", ("お互いのアーカイブのエール", "枚"): "both_archive_cheer"}
#: sources ``effects.counted`` counts (rawlist's composed 「…につき、このアーツ+N」 reads them as ``arts_per``)
NATIVE = ("own_cheer", "stacked", "stage_mascots", "both_stage_cheer", "own_archive_cheer", "opp_archive_cheer",
          "opp_resting", "distinct_tag", "attached_name")
CAP = re.compile(r"ただし、数える(?:枚数|人数)は(\d+)(?:枚|人)まで。$")
INLINE_CAP = re.compile(r"（エールは最大(\d+)枚まで）")


def count_source(what: str, unit: str) -> dict | None:
    """The params of the thing 「<what>1<unit>につき」 counts, or None if not read."""
    if (what, unit) in SOURCES:
        return {"source": SOURCES[(what, unit)]}
    m = re.fullmatch(r"このターンに自分が使っていた(?:#(.+?)を持つ)?(LIMITEDの)?(イベント|サポートカード)", what)
    if m and unit == "枚":
        kind = {"support": "event"} if m[3] == "イベント" else {"kind": "support"}
        return {"source": "supports_used", "filter": {**({"tag": m[1]} if m[1] else {}), **kind,
                                                      **({"limited": True} if m[2] else {})}}
    m = re.fullmatch(r"このホロメンに付いている〈([^〉]+)〉", what)
    if m and unit == "枚":
        return {"source": "attached_name", "name": m[1]}
    m = re.fullmatch(r"自分のステージの異なるカード名の#(.+?)を持つホロメン", what)
    if m and unit == "人":
        return {"source": "distinct_tag", "name": m[1]}
    flt = None
    if unit == "人":
        hurt = what.startswith("相手のHPが減っている")  # 「相手のHPが減っているバックホロメン」
        flt = holo_desc(what) or opp_desc("相手の" + what[len("相手のHPが減っている"):] if hurt else what)
        if flt is not None and hurt:
            flt = {**flt, "damaged": True}
    if flt is not None:
        return {"source": "stage_match", "filter": flt}
    m = re.fullmatch(r"このホロメンの([白緑赤青紫黄])エール", what)
    if m and unit == "枚":
        return {"source": "own_cheer_color", "colors": [COLOR_CHARS[m[1]]]}
    if what == "自分のステージの[マスコットとファン]" and unit == "枚":
        return {"source": "stage_attached", "filter": {"either": [{"support": "mascot"}, {"support": "fan"}]}}
    m = re.fullmatch(r"自分のアーカイブの([白緑赤青紫黄])エール", what)
    if m and unit == "枚":
        return {"source": "archive_match", "filter": {"kind": "cheer", "colors": [COLOR_CHARS[m[1]]]}}
    return next((made for read in MORE_COUNTS if (made := read(what, unit))), None)


def count_of(t: Board, f: dict, pa: dict) -> int:
    seat, source = f["seat"], pa["source"]
    pl = t.p(seat)
    if source in NATIVE:
        return counted(t, f, source, pa.get("name"))
    if source == "stage_cheer":
        return sum(len(h["cheer"]) for _, h in t.stage(seat))
    if source == "stage_colors":
        return len(_stage_colors_of(t, seat))
    if source == "archive":
        return len(pl["archive"])
    if source == "archive_holomem":
        return sum(1 for c in pl["archive"] if t.card(c)["kind"] in ("holomem", "buzz"))
    if source == "life_lost":
        return max(0, (t.card(pl["oshi"])["life"] or 0) - pl["life"])
    if source == "fans":
        return sum(1 for _, h in t.stage(seat) for a in h["attached"] if t.card(a)["support"] == "fan")
    if source == "rolls":
        return pl["used"].get("rolls", 0)
    if source == "supports_used":
        return sum(1 for c in pl["used"].get("supports", ()) if _matches(t, c, pa["filter"]))
    if source == "stage_match":
        return len(fitting(t, f, pa["filter"]))
    if source == "own_cheer_color":
        pos = own_holo_of(t, f)
        return sum(1 for c in t.holo(seat, pos)["cheer"] if t.card(c)["colors"][0] in pa["colors"]) if pos else 0
    if source == "stage_attached":
        return sum(1 for _, x in t.stage(seat) for a in x["attached"] if _matches(t, a, pa["filter"]))
    if source == "archive_match":
        return sum(1 for c in pl["archive"] if _matches(t, c, pa["filter"]))
    if source in ("hand", "opp_hand"):
        return len(t.p(seat if source == "hand" else other(seat))["hand"])
    if source == "both_archive_cheer":
        return sum(1 for who in (seat, other(seat)) for c in t.p(who)["archive"] if t.card(c)["kind"] == "cheer")
    if source == "opp_back_damage":
        return sum(h["damage"] for p, h in t.stage(other(seat)) if p.startswith("back"))
    if source in MORE_SOURCES:  # ``arts_more``'s
        return MORE_SOURCES[source](t, f, pa)
    raise ValueError(source)


#: what ``arts_more``'s counts count: ``source -> (t, f, params) -> int``; and the readers of their
#: texts, tried after ``count_source``'s own: ``(what, unit) -> params | None``
MORE_SOURCES: dict[str, Any] = {}
MORE_COUNTS: list[Any] = []


def _count_text(what: str, unit: str, rest: str, spec, cap: str | None) -> tuple[str, dict] | None:
    source = count_source(what, unit)
    then = spec(rest) if source else None
    if not then or _scaled(then) is None:
        return None
    return "arts_count", {**source, "then": then, **({"cap": int(cap)} if cap else {})}


@pattern(r"(.+?)(\d+)(枚|人|回|色)?につき、(.+)")
def _per(m, spec):
    """「<もの>N枚(人/回/色)につき、<効果>(ただし、数える枚数はK枚まで。)」; rawlist reads its own
    sources' 「…このアーツ+N」 (``arts_per``)."""
    what, per, unit, rest = m[1], int(m[2]), m[3] or "", m[4]
    if what.startswith("このターンの間、"):  # 「このターンの間、<もの>1人につき、<ホロメン>のアーツ+N」
        what, rest = what[len("このターンの間、"):], "このターンの間、" + rest
    cap = CAP.search(rest) or INLINE_CAP.search(rest)
    if cap:
        rest = rest[:cap.start()] + rest[cap.end():]
    made = _count_text(what, unit, rest, spec, cap[1] if cap else None)
    if made is None:
        return None
    effect, params = made
    if params["source"] in NATIVE and params["then"]["effect"] == "arts_plus" and not INLINE_CAP.search(m[4]):
        return None  # rawlist's own arts_per
    return effect, {**params, **({"per": per} if per != 1 else {})}


@pattern(r"相手の(.+?)(?:どちらか)?に、(.+?)(\d+)(枚|人|回)につき、?特殊ダメージ(\d+)を与える。"
               r"(?:ただし、数える(?:枚数|人数)は(\d+)(?:枚|人)まで。)?")
def _special_per(m, spec):
    """「相手の<ホロメン>(どちらか)に、<もの>N人(枚/回)につき、特殊ダメージMを与える」."""
    hit = spec(f"相手の{m[1]}に特殊ダメージ{m[5]}を与える。")
    source = count_source(m[2], m[4])
    if not hit or hit["effect"] not in ("special_damage", "arts_special_to") or not source:
        return None
    return "arts_count", {**source, "then": hit, **({"per": int(m[3])} if m[3] != "1" else {}),
                          **({"cap": int(m[6])} if m[6] else {})}


@pattern(r"相手の(.+?)に、相手のバックホロメン全員が受けているダメージの合計数と同じ数値の特殊ダメージを与える。")
def _special_back_damage(m, spec):
    hit = spec(f"相手の{m[1]}に特殊ダメージ1を与える。")
    return hit and hit["effect"] == "special_damage" and ("arts_count", {"source": "opp_back_damage", "then": hit})


@pattern(r"相手の(.+?)どちらかに(.+)")
def _either(m, spec):
    """「相手のセンターホロメンかコラボホロメンどちらかに…」 reads as without 「どちらか」."""
    made = spec(f"相手の{m[1]}に{m[2]}")
    return made and (made["effect"], made["params"])


@EFFECTS.effect("arts_count", timing="ability")
def arts_count(t: Board, f: dict) -> Options:
    """「<もの>N枚(人/回/色)につき、<効果>」: the effect scaled (its amount, or its count) by the
    number counted as the text resolves (``count_of``), up to ``cap``; nothing if 0."""
    pa = f["params"]
    n = count_of(t, f, pa)
    if pa.get("cap") is not None:
        n = min(n, pa["cap"])
    n //= pa.get("per", 1)
    t.event("counted", seat=f["seat"], card=f["card"], source=pa["source"], count=n)
    if n > 0 and pa["then"]["effect"] in REPEATED:  # 「…1人につき、<ホロメン>1人のHPN回復」: each its own choice
        push(t, f, *[pa["then"]] * n)
    elif n > 0:
        push(t, f, _times(pa["then"], n))
    return None


#: effects a count repeats (each one chosen anew) rather than scales
REPEATED = ("arts_heal", "arts_may_send_cheer")


def _card_filter(what: str) -> dict | None:
    """A card description (``rawlist._look_filter``), or 「[<A>か<B>]」: either of two."""
    from kifu.replays.games.hocg.rawlist import _look_filter
    cheer = re.fullmatch(r"([白緑赤青紫黄])?エール", what)
    if cheer:
        return {"kind": "cheer", **({"colors": [COLOR_CHARS[cheer[1]]]} if cheer[1] else {})}
    m = re.fullmatch(r"\[(.+)\]", what)
    if not m:
        return _look_filter(what)
    inner = m[1]
    for i, ch in enumerate(inner):
        if ch == "か" and (a := _look_filter(inner[:i])) and (b := _look_filter(inner[i + 1:])):
            return {"either": [a, b]}
    return None


# ------------------------------------------------------------------ using an art

USE = [(re.compile(r"このアーツは、このホロメンに〈([^〉]+)〉が付いていないと使えない。"),
        lambda m: {"use_if": {"attached": {"names": [m[1]]}}}),
       (re.compile(r"このアーツは、相手のセンターホロメンしか対象にできない。"), lambda m: {"only_target": ["center"]}),
       (re.compile(r"このアーツは、自分のアーカイブに(.+?)が(\d+)枚以上なければ使えない。"),
        lambda m: (flt := _card_filter(m[1])) is not None and {"use_if": {"archive": {"filter": flt, "n": int(m[2])}}})]


@pattern(r"このアーツは、.+")
def _use_rule(m, spec):
    """「このアーツは、このホロメンに〈名前〉が付いていないと使えない。」「このアーツは、相手の
    センターホロメンしか対象にできない。」 (and a text after it): checks on using the art
    (``use_problem``)."""
    for pattern, make in USE:
        found = pattern.match(m[0])
        if found:
            rest = m[0][found.end():]
            if not make(found):
                return None
            if not rest:
                return "arts_use_rule", make(found)
            then = spec(rest)
            return then and (then["effect"], {**then["params"], **make(found)})
    return None


@EFFECTS.effect("arts_use_rule", timing="ability")
def arts_use_rule(t: Board, f: dict) -> Options:
    """A text that only limits the art's use (checked before it is used: ``use_problem``)."""
    return None


def use_problem(t: Board, seat: str, h: dict, art: dict, target: str) -> str | None:
    """Why ``h``'s ``art`` may not be used on the opponent's ``target`` now (its text's checks),
    or None (``rules.Arts.check``)."""
    pa = art.get("params") or {}
    need = pa.get("use_if", {}).get("attached")
    if need is not None and not any(_matches(t, a, need) for a in h["attached"]):
        return f"「{art['text']}」: no {'、'.join(need.get('names', ()))} attached"
    archive = pa.get("use_if", {}).get("archive")
    if archive is not None and sum(1 for c in t.p(seat)["archive"] if _matches(t, c, archive["filter"])) < archive["n"]:
        return f"「{art['text']}」: fewer than {archive['n']} such cards in the archive"
    life = pa.get("use_if", {}).get("collab_life")  # 「…自分のライフがN以下でなければコラボポジションでは使えない」
    if life is not None and t.p(seat)["life"] > life and t.holo(seat, "collab") is h:
        return f"「{art['text']}」: from the collab position only with {life} life or less"
    only = pa.get("only_target")
    if only is not None and target not in only:
        return f"「{art['text']}」: it targets the opponent's {'/'.join(only)} holomem only"
    return None


def art_cost(t: Board, seat: str, pos: str, art: dict) -> list[str]:
    """The cheer ``art`` needs now (``rules.Arts.check``): its printed icons, less those its
    text lets go (「このアーツは、<条件>、エールN枚を必要とせずに使える」: ◇ icons first)."""
    cost = list(art["cost"])
    less = (art.get("params") or {}).get("cost_less")
    at = {"seat": seat, "card": t.holo(seat, pos)["card"], "pos": pos}
    if less and holds(t, at, less):
        for _ in range(less["count"] * (count_of(t, at, less["per"]) if "per" in less else 1)):  # 「…1色につき」
            if "any" in cost or (cost and not less.get("any_only")):
                cost.remove("any" if "any" in cost else cost[-1])
    h = t.holo(seat, pos)  # 「このターンの間、選んだホロメンのアーツに必要な無色-N」 (``arts_more``)
    for _ in range(sum(m["amount"] for m in h.get("lasting", ()) if m["kind"] == "arts_any_less"
                       and m["until"] == t.s["turn"])):
        if "any" in cost:
            cost.remove("any")
    for hook in t.hooks(COST_HOOKS):  # 「…このアーツに必要な黄-1」, a gift's 「…アーツ「名前」に必要な無色-1」 (``arts_modifiers``)
        cost = hook(t, seat, pos, art, cost)
    return cost


#: more cost changes of an art: ``(t, seat, pos, art, cost) -> cost``
COST_HOOKS: list[Any] = []


CENTER_NAMED = re.compile(r"自分のセンターホロメンが〈([^〉]+)〉(?:の時|なら)")


@pattern(r"(.+?)(?:なら|の時)、このアーツに必要な無色-(\d)。")
def _colorless_less(m, spec):
    """「<条件>なら、このアーツに必要な無色-N。」 (``art_cost``: ◇ icons only)."""
    test = _condition(m[1] + "なら", True)
    return test and ("arts_use_rule", {"cost_less": {**test, "count": int(m[2]), "any_only": True}})


@pattern(r"このアーツは、(.+?)、エール(\d)枚を必要とせずに使える。(.*)")
def _cost_less(m, spec):
    """「このアーツは、<条件>、エールN枚を必要とせずに使える。」 (``art_cost``)."""
    named = CENTER_NAMED.fullmatch(m[1])
    test = ({"test": "stage_has", "filter": {"pos": "center", "names": [named[1]]}, "min": 1} if named
            else _condition(m[1]))
    if not test:
        return None
    extra = {"cost_less": {**test, "count": int(m[2])}}
    if not m[3]:
        return "arts_use_rule", extra
    then = spec(m[3])
    return then and (then["effect"], {**then["params"], **extra})


# every other shape (boosts, dice, costs, cheer, the deck and the archive): registered after these
from kifu.replays.games.hocg.abilities import arts_steps  # noqa: E402,F401
# more conditions, counts and steps (this turn's skills, downs, the opponent's colours): after those
from kifu.replays.games.hocg.abilities import arts_more  # noqa: E402,F401
