"""The raw official card list (``card_data.json``) converted to this game's card set format.

The list is a JSON object keyed by printing id (``"hBP01-028_C_02"``), each value
``{number, id, name, card_type, rarity, product, color, hp, bloom_level, baton_touch,
tags, life, skills: [{type, name?, dmg?, text?, description?, subtype?, icons?}],
image_url}`` (see ``shared/data/hocg/README.md``). ``convert`` maps it field by field;
every error names the field path and the printing id (``hBP01-028_C_02.skills.0.dmg``).
The card set's digest is that of the list exactly as given, its id ``hocg-list-<digest
prefix>``. Texts the effect vocabulary recognises get their ``effect`` (``PATTERNS``); the
rest are resolved by hand with ``effect`` commands.

>>> raw = {"x-1_C": {"number": "x-1", "id": "x-1_C", "name": "白エール", "card_type": "エール", "color": "白"}}
>>> convert(raw)["cards"][0]["colors"]
['white']
>>> convert({"x-2_C": {"number": "x-2", "name": "?", "card_type": "魔法"}})
Traceback (most recent call last):
...
kifu.replays.kit.cardset.CardSetError: invalid card set: x-2_C.card_type: unknown card type '魔法'
"""
from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from kifu.replays import canon
from kifu.replays.games.hocg import abilities
from kifu.replays.kit import CardSetError

COLOR_CHARS = {"白": "white", "緑": "green", "赤": "red", "青": "blue", "紫": "purple", "黄": "yellow"}
ICON_COLORS = {"white": "white", "green": "green", "red": "red", "blue": "blue", "purple": "purple",
               "yellow": "yellow", "any": "any", "colorless": "any"}
SUPPORT_KINDS = {"スタッフ": "staff", "アイテム": "item", "イベント": "event", "ツール": "tool", "マスコット": "mascot",
                 "ファン": "fan"}
LEVELS = {"Debut": "debut", "1st": "1st", "2nd": "2nd", "Spot": "spot"}
KEYWORDS = {"ギフト": "gift", "コラボエフェクト": "collab", "ブルームエフェクト": "bloom"}
SKILL_KINDS = {"推しスキル": "oshi", "SP推しスキル": "sp_oshi", "推しステージスキル": "stage"}
UNLIMITED = "デッキに何枚でも入れられる"
#: rule reminders printed under a support's text: not abilities of their own
REMINDERS = (r"LIMITED[:：]ターンに1枚しか使えない。?", r"ツールは、自分のホロメン1人につき1枚だけ付けられる。?",
             r"マスコットは、自分のホロメン1人につき1枚だけ付けられる。?")

#: text -> (effect, params) for the abilities the vocabulary automates (matched on the
#: whole text, reminders and whitespace removed). The core (arts damage and costs, bloom,
#: collab, baton touch, cheer, down, life, HP, LIMITED, the deck rules) is automated for
#: every printing; these are the card texts on top of it.
PATTERNS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], tuple[str, dict[str, Any]]]]] = [
    (re.compile(r"自分のデッキを(\d)枚引く。"), lambda m: ("draw", {"count": int(m[1])})),
    (re.compile(r"このツールが付いているホロメンのアーツ\+(\d+)。"), lambda m: ("tool_arts", {"amount": int(m[1])})),
    (re.compile(r"このマスコットが付いているホロメンのHP\+(\d+)。"), lambda m: ("mascot_hp", {"amount": int(m[1])})),
    # a mascot's or a fan's arts bonus is read as a tool's, a fan's HP as a mascot's (all attached cards count)
    (re.compile(r"この(?:マスコット|ファン)が付いているホロメンのアーツ\+(\d+)。"), lambda m: ("tool_arts", {"amount": int(m[1])})),
    (re.compile(r"このファンが付いているホロメンのHP\+(\d+)。"), lambda m: ("mascot_hp", {"amount": int(m[1])})),
    (re.compile(r"このツールが付いているホロメンのHP\+(\d+)。"), lambda m: ("mascot_hp", {"amount": int(m[1])})),
    (re.compile(r"このホロメンはデッキに何枚でも入れられる"), lambda m: ("deck_rule", {})),
    (re.compile(r"このホロメンがダウンした時、自分のライフ-2"), lambda m: ("buzz_life", {})),
    (re.compile(r"このホロメンはBloomできない"), lambda m: ("no_bloom", {})),
    (re.compile(r"自分のエールデッキの上から1枚を、?自分のセンターホロメンに送る。"),
     lambda m: ("cheer_to", {"to": "center"})),
    (re.compile(r"自分のエールデッキの上から1枚を、?自分のホロメンに送る。"), lambda m: ("cheer_to", {"to": "choose"})),
    (re.compile(r"自分のエールデッキの上から1枚を、?(このホロメン|自分のバックホロメン|自分のDebutホロメン)に送る。"),
     lambda m: ("cheer_to", {"to": {"このホロメン": "self", "自分のバックホロメン": "back",
                                    "自分のDebutホロメン": "debut"}[m[1]]})),
    (re.compile(r"このターンの間、自分の(.)?センターホロメンのアーツ\+(\d+)。"),
     lambda m: ("boost_turn", {"amount": int(m[2]), "pos": "center",
                               **({"color": COLOR_CHARS[m[1]]} if m[1] in COLOR_CHARS else {})})),
    (re.compile(r"自分のアーカイブの(?:\[(.)エールか(.)エール\]|(.)?エール)(\d)枚を(このホロメン|自分のホロメン|自分のセンターホロメン)に送(れ)?る。"),
     lambda m: ("archive_cheer", {"count": int(m[4]), "optional": bool(m[6]),
                                  "to": {"このホロメン": "self", "自分のホロメン": "choose", "自分のセンターホロメン": "center"}[m[5]],
                                  **({"colors": [COLOR_CHARS[x] for x in (m[1], m[2], m[3]) if x in COLOR_CHARS]}
                                     if (m[1] or m[3]) else {})})),
    (re.compile(r"自分のアーカイブの(.)?(ホロメン|マスコット|ツール|ファン)1枚を手札に戻(す|せる)。"),
     lambda m: ("from_archive", {"optional": m[3] == "せる", "filter": {
         **({"holomem": True} if m[2] == "ホロメン" else {"support": SUPPORT_KINDS[m[2]]}),
         **({"colors": [COLOR_CHARS[m[1]]]} if m[1] in COLOR_CHARS else {})}})),
    (re.compile(r"相手のセンターホロメンとバックホロメン1人を交代させる。"), lambda m: ("swap_opponent_center", {})),
    (re.compile(r"自分のステージのエール1枚を、自分のホロメンに付け替える。"), lambda m: ("move_cheer", {})),
    (re.compile(r"自分のホロメンの能力でサイコロを振る時に使える:サイコロの目の数[1１]つを宣言し、次に出る目の数を宣言した目として扱う。"),
     lambda m: ("declare_die", {})),
    (re.compile(r"自分のアーカイブのエールを自分の(.)?ホロメン1人に好きな枚数送る。"),
     lambda m: ("archive_cheer_any", {"colors": [COLOR_CHARS[m[1]]]} if m[1] in COLOR_CHARS else {})),
    (re.compile(r"自分のホロパワーを見る。その中から1枚を公開し、手札に加える。そして自分の手札1枚をホロパワーにする。"),
     lambda m: ("holopower_swap", {})),
    (re.compile(r"このホロメンをバックポジションに移動できる。"), lambda m: ("self_to_back", {})),
    (re.compile(r"自分の手札すべてをデッキに戻してシャッフルする。そして自分のデッキを(\d)枚引く。"),
     lambda m: ("reshuffle_draw", {"count": int(m[1])})),
    (re.compile(r"自分のデッキから、Buzz以外の\[(Debut|1st|2nd)ホロメンか(Debut|1st|2nd)ホロメン\]1枚を公開し、手札に加える。"
                r"そしてデッキをシャッフルする。"),
     lambda m: ("search_deck", {"holomem": True, "levels": [LEVELS[m[1]], LEVELS[m[2]]], "no_buzz": True})),
    (re.compile(r"自分の手札1～(\d)枚をアーカイブできる:相手の(センター|コラボ)ホロメンに、アーカイブしたカード1枚につき、"
                r"特殊ダメージ(\d+)を与える。"),
     lambda m: ("cost_hand_each", {"max": int(m[1]), "then": {"effect": "special_damage", "params": {
         "amount": int(m[3]), "target": "center" if m[2] == "センター" else "collab"}}})),
    (re.compile(r"このホロメンは〈(.+?)〉〈(.+?)〉としても扱う"), lambda m: ("alias", {"names": [m[1], m[2]]})),
    (re.compile(r"相手の(センター|コラボ)ホロメンに特殊ダメージ(\d+)を与える。"),
     lambda m: ("special_damage", {"amount": int(m[2]), "target": "center" if m[1] == "センター" else "collab"})),
    (re.compile(r"相手のセンターホロメンかコラボホロメンに特殊ダメージ(\d+)を与える。"),
     lambda m: ("special_damage", {"amount": int(m[1]), "target": "front"})),
    (re.compile(r"相手のセンターホロメンとコラボホロメンに特殊ダメージ(\d+)を与える。"),
     lambda m: ("special_damage", {"amount": int(m[1]), "target": "both"})),
    (re.compile(r"相手のバックホロメン1人に特殊ダメージ(\d+)を与える。"),
     lambda m: ("special_damage", {"amount": int(m[1]), "target": "back"})),
    (re.compile(r"相手のホロメン1人に特殊ダメージ(\d+)を与える。"),
     lambda m: ("special_damage", {"amount": int(m[1]), "target": "choose"})),
    (re.compile(r"このホロメンのHP(\d+)回復。"), lambda m: ("heal", {"amount": int(m[1]), "target": "self"})),
    (re.compile(r"自分のホロメン1人のHP(\d+)回復。"), lambda m: ("heal", {"amount": int(m[1]), "target": "choose"})),
    (re.compile(r"このアーツ\+(\d+)。"), lambda m: ("arts_plus", {"amount": int(m[1])})),
    (re.compile(r"(?:自分のホロメン1人を選ぶ。)?このターンの間、(?:選んだホロメン|自分の(.)ホロメン1人)のアーツ\+(\d+)。"),
     lambda m: ("boost_turn", {"amount": int(m[2]), **({"color": COLOR_CHARS[m[1]]} if m[1] in COLOR_CHARS else {})})),
    (re.compile(r"自分のデッキから、(Debut|1st|2nd|Spot)?(.)?ホロメン1枚を公開し、手札に加える。そしてデッキをシャッフルする。"),
     lambda m: ("search_deck", {"holomem": True, **({"level": LEVELS[m[1]]} if m[1] else {}),
                                **({"color": COLOR_CHARS[m[2]]} if m[2] in COLOR_CHARS else {})})),
    (re.compile(r"自分のデッキの上から(\d)枚をアーカイブする。"), lambda m: ("mill", {"count": int(m[1])})),
    (re.compile(r"自分のデッキの上から(\d)枚をホロパワーにする。その後、自分のホロパワーを見る。その中から1枚を公開し、手札に加える。"
                r"そしてホロパワーをシャッフルする。"), lambda m: ("holopower_take", {"add": int(m[1])})),
    (re.compile(r"このホロメン以外の自分のバックホロメン1人を選ぶ。このターンの間、選んだホロメンのアーツ\+(\d+)。"),
     lambda m: ("boost_turn", {"amount": int(m[1]), "pos": "back"})),
    (re.compile(r"(?:相手のセンターポジションのホロメン1人は、次の相手のターンが終了するまで|相手のセンターホロメンを選ぶ。"
                r"次の相手のターンが終了するまで、選んだホロメンの)バトンタッチに必要な無色\+(\d)。"),
     lambda m: ("baton_plus", {"amount": int(m[1])})),
    (re.compile(r"自分のセンターホロメンを選ぶ。次の相手のターンの間、選んだホロメンがセンターポジションで最初に受けるアーツダメージ"
                r"-(\d+)。"), lambda m: ("shield", {"amount": int(m[1])})),
]


def digest_id(raw: Mapping[str, Any]) -> tuple[str, str]:
    digest = canon.digest(raw)
    return f"hocg-list-{digest[:16]}", digest


def is_raw(data: Any) -> bool:
    """The raw list: an object of printings (no ``cards`` key), each with a ``card_type``."""
    return (isinstance(data, Mapping) and "cards" not in data and bool(data)
            and all(isinstance(v, Mapping) and "card_type" in v for v in data.values()))


def recognise(text: str) -> tuple[str | None, dict[str, Any]]:
    """The vocabulary effect a printed text is, or (None, {}) for one resolved by hand."""
    body = text
    for reminder in REMINDERS:
        body = re.sub(reminder, "", body)
    return _recognise(re.sub(r"\s+", "", body).translate(WIDE_DIGITS))


def _recognise(body: str) -> tuple[str | None, dict[str, Any]]:
    for pattern, make in PATTERNS:
        m = pattern.fullmatch(body)
        if m:
            return make(m)
    for pattern, family_make in abilities.TEXTS:
        m = pattern.fullmatch(body)
        if m and (made := family_make(m, _spec)) is not None:
            return made
    return _composed(body)


def _spec(body: str) -> dict[str, Any] | None:
    effect, params = _recognise(body)
    return {"effect": effect, "params": params} if effect else None


LOOK = re.compile(r"自分のデッキの上から(\d)枚を見る。その中から、(.*?)(1枚を|を好きな枚数)公開し、"
                  r"(?:公開した(?:ホロメン|カード)を)?手札に加える。そして残ったカードを(好きな順でデッキの下に戻す|アーカイブする)。")


def _look_filter(what: str) -> dict[str, Any] | None:
    """The cards 「<what>」 describes (a look, a search), or None for a description not read."""
    flt: dict[str, Any] = {}
    m = re.match(r"#(.+?)を持つ", what)
    if m:
        flt["tag"], what = m[1], what[m.end():]
    m = re.fullmatch(r"(Debut|1st|2nd|Spot)ホロメンの(〈.+)", what)
    if m:
        flt.update(holomem=True, level=LEVELS[m[1]])
        what = m[2]
    m = re.fullmatch(r"Buzz以外の\[(Debut|1st|2nd)ホロメンか(Debut|1st|2nd)ホロメン\]", what)
    if m:
        return {**flt, "holomem": True, "levels": [LEVELS[m[1]], LEVELS[m[2]]], "no_buzz": True}
    if what in ("", "カード"):
        return flt
    if re.fullmatch(r"〈[^〉]+〉(?:と〈[^〉]+〉)*", what):
        return {**flt, "names": re.findall(r"〈([^〉]+)〉", what)}
    if what in ("LIMITEDのサポートカード", "サポートカード"):
        return {**flt, "kind": "support", **({"limited": True} if what.startswith("LIMITED") else {})}
    if what in SUPPORT_KINDS:
        return {**flt, "support": SUPPORT_KINDS[what]}
    m = re.fullmatch(r"\[((?:ホロメン|ツール|マスコット|ファン|イベント|アイテム|スタッフ)(?:か(?:ホロメン|ツール|マスコット|ファン|"
                     r"イベント|アイテム|スタッフ))+)\]", what)
    if m:
        return {**flt, "any_of": ["holomem" if w == "ホロメン" else SUPPORT_KINDS[w] for w in m[1].split("か")]}
    m = re.fullmatch(r"(Debut|1st|2nd|Spot)?の?(.)?ホロメン", what)
    if m and (m[2] is None or m[2] in COLOR_CHARS):
        return {**flt, "holomem": True, **({"level": LEVELS[m[1]]} if m[1] else {}),
                **({"colors": [COLOR_CHARS[m[2]]]} if m[2] else {})}
    return None


SPECIAL_TARGETS = {"センターホロメン": "center", "コラボホロメン": "collab", "センターホロメンかコラボホロメン": "front",
                   "センターホロメンとコラボホロメン": "both", "バックホロメンN人": "back", "バックホロメン全員": "all_back",
                   "センターホロメンとバックホロメン1人": "center_back", "センターホロメンかバックホロメン1人": "center_or_back",
                   "ホロメン1人": "choose"}
WIDE_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")
PER = {"このホロメンのエール": ("own_cheer", None), "このホロメンに重なっているホロメン": ("stacked", None),
       "自分のステージのマスコット": ("stage_mascots", None), "お互いのステージのエール": ("both_stage_cheer", None),
       "自分のアーカイブのエール": ("own_archive_cheer", None), "相手のアーカイブのエール": ("opp_archive_cheer", None),
       "相手のお休みしているホロメン": ("opp_resting", None)}
FACES = {"奇数": [1, 3, 5], "偶数": [2, 4, 6]}
BRANCH = re.compile(r"(奇数|偶数|\d(?:か\d)*|\d以上|\d以下)(?:の時|なら)、(?:さらに、)?")


def _faces(word: str) -> list[int]:
    if word in FACES:
        return FACES[word]
    if word.endswith("以上"):
        return list(range(int(word[0]), 7))
    if word.endswith("以下"):
        return list(range(1, int(word[0]) + 1))
    return [int(d) for d in word.split("か")]


#: a fan's 「このファンは、自分の〈名前〉だけに付けられ、1人につき何枚でも付けられる。」 (``rules.Support``)
FAN_ONLY = re.compile(r"(.+?)このファンは、自分の((?:〈[^〉]+〉か)*〈[^〉]+〉)だけに付けられ、\d人につき何枚でも付けられる。")
#: 「(相手のターンで、)このホロメンがダウンした時、…」: ダウン① (``effects.check_downs``)
DOWN_TRIGGER = re.compile(r"(相手のターンで、)?このホロメンがダウンした時、(.+)")
#: what such a trigger may do by itself: effects that do not read the downed holomem, so that
#: resolving them once it is archived (ダウン②) changes nothing
DOWN_SAFE = ("draw", "cheer_to", "archive_cheer", "from_archive", "search_deck")
#: 「このホロメンが相手の(センター)ホロメンをダウンさせた時、…」 (a gift) and 「([センターポジション限定])
#: このアーツで相手の(センター)ホロメンをダウンさせた時、…」 (an art's text): ``effects.ko_triggers``
KO_TRIGGER = re.compile(r"(\[センターポジション限定\])?(このホロメンが|このアーツで)相手の(センター)?ホロメンをダウンさせた時、(.+)")
#: what such a trigger may do by itself, once the damage is dealt and the downs resolved (not
#: an arts bonus: the art is over)
KO_SAFE = DOWN_SAFE + ("heal", "look_top", "special_damage", "if_oshi", "sequence", "cost_hand", "holopower_take")


def _ko_safe(spec: dict[str, Any]) -> bool:
    params = spec["params"]
    if spec["effect"] not in KO_SAFE:
        return False
    inner = params.get("steps", []) + [params["then"]] if "then" in params else params.get("steps", [])
    return all(_ko_safe(s) for s in inner)


def _composed(body: str) -> tuple[str | None, dict[str, Any]]:
    """Texts made of recognised parts: a cost that may be paid, a die's branches, a
    condition, steps in order (see ``effects``' composed abilities); every part must be
    recognised, or the whole is resolved by hand."""
    m = FAN_ONLY.fullmatch(body)
    if m and (spec := _spec(m[1])) and spec["effect"] in ("tool_arts", "mascot_hp"):
        return spec["effect"], {**spec["params"], "only": re.findall(r"〈([^〉]+)〉", m[2])}
    m = re.fullmatch(r"(自分が後攻で最初のターン|自分のライフが相手(?:のライフ)?より少ない)(?:なら|時)、(.+)", body)
    if m and (then := _spec(m[2])):
        return "if_state", {"test": "second_first_turn" if m[1].startswith("自分が後攻") else "life_below_opponent",
                            "then": then}
    m = KO_TRIGGER.fullmatch(body)
    if m and (then := _spec(m[4])) and _ko_safe(then):
        return "on_ko", {"then": then, **({"pos": "center"} if m[1] else {}), **({"center": True} if m[3] else {}),
                         **({"art": True} if m[2] == "このアーツで" else {})}
    m = DOWN_TRIGGER.fullmatch(body)
    if m and (then := _spec(m[2])) and then["effect"] in DOWN_SAFE and then["params"].get("to") != "self":
        return "on_down", {"opp_turn": bool(m[1]), "then": then}
    m = re.fullmatch(r"このカードは、自分の手札がこのカードを含まずに(\d)枚以下でなければ使えない。(.+)", body)
    if m and (spec := _spec(m[2])):
        return spec["effect"], {**spec["params"], "hand_max": int(m[1])}
    m = re.fullmatch(r"このカードは、自分の手札がこのカードを含まずに(\d)枚以上なければ使えない。(.+)", body)
    if m and (spec := _spec(m[2])):
        return spec["effect"], {**spec["params"], "hand_min": int(m[1])}
    m = re.fullmatch(r"このカードは、自分のコラボホロメンがいる時にしか使えない。(.+)", body)
    if m and (spec := _spec(m[1])):
        return spec["effect"], {**spec["params"], "needs_collab": True}
    m = re.fullmatch(r"このカードは、自分のステージのエール1枚をアーカイブしなければ使えない。(.+)", body)
    if m and (then := _spec(m[1])):
        return "cost_stage_cheer", {"then": then, "stage_cheer_cost": 1}
    m = re.fullmatch(r"(このツールが付いているホロメンのアーツ\+\d+。|このマスコットが付いているホロメンの(?:HP|アーツ)\+\d+。)"
                     r"◆(?:(1st|2nd)以上の)?〈([^〉]+)〉に付いていたら能力追加(.+)", body)
    if m and (base := _spec(m[1])):
        cond = {"names": [m[3]], **({"min_level": LEVELS[m[2]]} if m[2] else {})}
        extra = re.fullmatch(r"この(?:ツール|マスコット)が付いているホロメンのアーツ\+(\d+)。", m[4])
        if extra and base["effect"] == "tool_arts":
            return "tool_arts", {**base["params"], "bonus": {**cond, "amount": int(extra[1])}}
        extra = re.fullmatch(r"このマスコットが付いているホロメンがBloomした時、(.+)", m[4])
        if extra and base["effect"] == "mascot_hp" and (then := _spec(extra[1])):
            return "mascot_hp", {**base["params"], "on_bloom": {**cond, "then": then}}
        # hBP08-105 Bloom＆Gloom: a constant arts bonus while the holder holds those cheer
        # (read with the tools' bonuses: ``Board.constant``)
        extra = re.fullmatch(r"このホロメンに(.)エール(?:と(.)エール)?が付いているなら、このホロメンのアーツ\+(\d+)。", m[4])
        if extra and all(x in COLOR_CHARS for x in extra.groups()[:2] if x):
            colors = [COLOR_CHARS[x] for x in extra.groups()[:2] if x]
            return base["effect"], {**base["params"], "arts_bonus": {**cond, "colors": colors, "amount": int(extra[3])}}
    m = LOOK.fullmatch(body)
    if m and (flt := _look_filter(m[2])) is not None:
        return "look_top", {"count": int(m[1]), "filter": flt, "max": 1 if m[3] == "1枚を" else None,
                            "rest": "archive" if m[4] == "アーカイブする" else "bottom"}
    m = re.fullmatch(r"自分のデッキから、(.+?)1枚を公開し、(手札に加える|ステージに出す|ステージに出せる)。そしてデッキをシャッフル"
                     r"する。", body)
    if m and (flt := _look_filter(m[1])) is not None:
        return "search_deck", {"filter": flt, **({"dest": "stage"} if m[2] != "手札に加える" else {})}
    m = re.fullmatch(r"(このホロメンのHPが減っている|このホロメンにエールが(\d)枚以上付いている|自分のライフが(\d)以下)(?:なら|の時|時)、"
                     r"(.+)", body)
    if m and (then := _spec(m[4])):
        test = ({"test": "damaged"} if m[2] is None and m[3] is None else
                {"test": "cheer_at_least", "n": int(m[2])} if m[2] else {"test": "life_at_most", "n": int(m[3])})
        return "if_state", {**test, "then": then}
    m = re.fullmatch(r"自分のセンターホロメンが〈([^〉]+)〉(?:の時|なら)、(.+)", body)
    if m and (then := _spec(m[2])):
        return "if_center", {"name": m[1], "then": then}
    m = re.fullmatch(r"自分のエールデッキの上から1枚を、自分の#(.+?)を持つホロメンに送る。", body)
    if m:
        return "cheer_to", {"to": "choose", "tag": m[1]}
    m = re.fullmatch(r"このホロメンのエール1枚を自分のバックホロメンに付け替え(る|られる)。", body)
    if m:
        return "move_cheer", {"from": "self", "to": "back", "optional": m[1] == "られる"}
    if body.startswith("■") and "■" in body[1:]:
        steps = [_spec(part) for part in body[1:].split("■")]
        if all(steps):
            return "sequence", {"steps": steps}
    m = re.fullmatch(r"自分のアーカイブの(.+?)1枚を手札に戻(す|せる)。", body)
    if m and (flt := _look_filter(m[1])) is not None and flt:
        return "from_archive", {"optional": m[2] == "せる", "filter": flt}
    m = re.fullmatch(r"自分のエールデッキの上から(\d)枚を、?(このホロメン|自分のホロメン|自分のセンターホロメン|自分のバックホロメン|"
                     r"自分の#(.+?)を持つホロメン)に送(る|れる)。", body)
    if m:
        to = {"このホロメン": "self", "自分のセンターホロメン": "center", "自分のバックホロメン": "back"}.get(m[2], "choose")
        return "cheer_to", {"to": to, **({"tag": m[3]} if m[3] else {}), **({"count": int(m[1])} if m[1] != "1" else {}),
                            **({"optional": True} if m[4] == "れる" else {})}
    m = re.fullmatch(r"\[センターポジション限定\]このアーツ\+(\d+)。", body)
    if m:
        return "arts_plus", {"amount": int(m[1]), "pos": "center"}
    m = re.fullmatch(r"自分のアーカイブのエール(\d)枚を自分の#(.+?)を持つホロメンに送(る|れる)。", body)
    if m:
        return "archive_cheer", {"count": int(m[1]), "optional": m[3] == "れる", "to": "choose", "tag": m[2]}
    m = re.fullmatch(r"(このホロメン|自分のステージ)のエール1枚を、自分の(他の)?#(.+?)を持つホロメンに付け替え(る|られる)。", body)
    if m:
        return "move_cheer", {"tag": m[3], "optional": m[4] == "られる", **({"from": "self"} if m[1] == "このホロメン" else {})}
    m = re.fullmatch(r"自分のデッキの上から(\d)枚を公開できる:公開したホロメン1枚につき、このアーツ\+(\d+)。そして公開したカードをアーカイブ"
                     r"する。", body)
    if m:
        return "top_for_arts", {"count": int(m[1]), "amount": int(m[2]), "filter": {"holomem": True}}
    m = re.fullmatch(r"自分のデッキの上から1枚をアーカイブできる。アーカイブしたカードがサポートカードなら、このアーツ\+(\d+)。", body)
    if m:
        return "top_for_arts", {"count": 1, "amount": int(m[1]), "filter": {"kind": "support"}}
    m = re.fullmatch(r"このターンの間、自分のステージの〈([^〉]+)〉全員のアーツ\+(\d+)。", body)
    if m:
        return "boost_all", {"name": m[1], "amount": int(m[2])}
    m = re.fullmatch(r"自分のデッキを(\d)枚引いた後、手札(\d)枚をアーカイブする。", body)
    if m:
        return "sequence", {"steps": [{"effect": "draw", "params": {"count": int(m[1])}},
                                      {"effect": "discard_hand", "params": {"count": int(m[2])}}]}
    m = re.fullmatch(r"相手の(.+?)に特殊ダメージ(\d+)を与える(?:（ダウンしても相手のライフは減らない）。|。ただし、ダウンしても相手の"
                     r"ライフは減らない。|(。))", body)
    if m and (target := SPECIAL_TARGETS.get(re.sub(r"^バックホロメン\d人$", "バックホロメンN人", m[1]))):
        count = re.fullmatch(r"バックホロメン(\d)人", m[1])
        return "special_damage", {"amount": int(m[2]), "target": target,
                                  **({"count": int(count[1])} if count and int(count[1]) > 1 else {}),
                                  **({} if m[3] else {"no_life": True})}
    m = re.fullmatch(r"相手のセンターホロメンとコラボホロメンに、相手のセンターホロメンのエール1枚につき、特殊ダメージ(\d+)を与える。", body)
    if m:
        return "special_damage", {"amount": 0, "per": int(m[1]), "per_source": "opp_center_cheer", "target": "both"}
    m = re.fullmatch(r"このホロメンの(.)?エール(\d)枚をアーカイブできる:(.+)", body)
    if m and (m[1] is None or m[1] in COLOR_CHARS) and (then := _spec(m[3])):
        return "cost_own_cheer", {"count": int(m[2]), "then": then,
                                  **({"colors": [COLOR_CHARS[m[1]]]} if m[1] else {})}
    m = re.fullmatch(r"自分のエールデッキの上から(\d)枚をアーカイブできる:(.+)", body)
    if m and (then := _spec(m[2])):
        return "cost_cheer_deck", {"count": int(m[1]), "then": then}
    m = re.fullmatch(r"このホロメンに#(.+?)を持つ(サポートカード|ツール|マスコット|ファン)が付いている時、(.+)", body)
    if m and (then := _spec(m[3])):
        kind = {"kind": "support"} if m[2] == "サポートカード" else {"support": SUPPORT_KINDS[m[2]]}
        return "if_attached", {"filter": {"tag": m[1], **kind}, "then": then}
    m = re.fullmatch(r"自分のステージの異なるカード名の#(.+?)を持つホロメン(\d)人につき、このアーツ\+(\d+)。", body)
    if m:
        return "arts_per", {"source": "distinct_tag", "name": m[1], "per": int(m[2]), "amount": int(m[3])}
    m = re.fullmatch(r"(このホロメンに付いている〈([^〉]+)〉|[^、。]+?)(\d)(?:枚|人)につき、このアーツ\+(\d+)。"
                     r"(?:ただし、数える枚数は(\d+)枚まで。)?", body)
    if m and (m[2] or m[1] in PER):
        source, name = ("attached_name", m[2]) if m[2] else PER[m[1]]
        return "arts_per", {"source": source, **({"name": name} if name else {}), "per": int(m[3]),
                            "amount": int(m[4]), **({"cap": int(m[5])} if m[5] else {})}
    m = re.fullmatch(r"このホロメンに(.)エール(?:と(.)エール)?が付いて(?:いる時|いるなら)、(.+)", body)
    if m and all(x in COLOR_CHARS for x in (m[1], m[2]) if x) and (then := _spec(m[3])):
        return "if_cheer", {"colors": [COLOR_CHARS[x] for x in (m[1], m[2]) if x], "then": then}
    m = re.fullmatch(r"自分の推しホロメンが〈([^〉]+)〉(?:なら|の時)、(.+)", body)
    if m and (then := _spec(m[2])):
        return "if_oshi", {"name": m[1], "then": then}
    m = re.fullmatch(r"自分のステージのホロメンが(\d)人以下の時、(.+)", body)
    if m and (then := _spec(m[2])):
        return "if_stage_count", {"max": int(m[1]), "then": then}
    m = re.fullmatch(r"自分のエールデッキから、(?:\[(.)エールか(.)エール\]|(.)エール)1枚を公開し、(このホロメン|自分のホロメン|"
                     r"自分のセンターホロメン)に送る。そしてエールデッキをシャッフルする。", body)
    if m and all(x in COLOR_CHARS for x in (m[1], m[2], m[3]) if x):
        return "cheer_search", {"colors": [COLOR_CHARS[x] for x in (m[1], m[2], m[3]) if x],
                                "to": {"このホロメン": "self", "自分のホロメン": "choose", "自分のセンターホロメン": "center"}[m[4]]}
    if body == "このホロメンのエールすべてをアーカイブする。":
        return "archive_own_cheer", {}
    m = re.fullmatch(r"自分のステージの#(.+?)を持つホロメン1人を選ぶ。このターンの間、選んだホロメンのアーツ\+(\d+)。", body)
    if m:
        return "boost_turn", {"amount": int(m[2]), "tag": m[1]}
    m = re.fullmatch(r"自分の手札(?:の(.+?))?1枚をアーカイブできる:(.+)", body)
    if m and (flt := _look_filter(m[1] or "")) is not None and (then := _spec(m[2])):
        return "cost_hand", {"then": then, "filter": flt}
    m = re.fullmatch(r"このホロメンに〈([^〉]+)〉が(\d)枚以上付いている(?:なら|時)、(.+)", body)
    if m and (then := _spec(m[3])):
        return "if_attached", {"name": m[1], "min": int(m[2]), "then": then}
    m = re.fullmatch(r"サイコロを1回振(る|れる):(.+)", body)
    if m:
        rest = m[2].translate(str.maketrans("１２３４５６", "123456"))
        parts = BRANCH.split(rest)
        if parts[0] == "" and len(parts) >= 3:
            branches = []
            for word, text in zip(parts[1::2], parts[2::2]):
                then = _spec(text)
                if then is None:
                    return None, {}
                branches.append({"faces": _faces(word), "then": then})
            return "roll_then", {"optional": m[1] == "れる", "branches": branches}
    m = re.fullmatch(r"自分のステージにホロメンの〈(.+?)〉がいる時、(.+)", body)
    if m and (then := _spec(m[2])):
        return "if_stage_name", {"name": m[1], "then": then}
    m = re.fullmatch(r"(Debut|1st)からBloomした時、(.+)", body)
    if m and (then := _spec(m[2])):
        return "if_bloomed_from", {"level": LEVELS[m[1]], "then": then}
    m = re.fullmatch(r"このホロメンに〈(.+?)〉が付いている時、(.+)", body)
    if m and (then := _spec(m[2])):
        return "if_attached", {"name": m[1], "then": then}
    m = re.fullmatch(r"(?:■〈[^〉]+〉とコラボした時、[^■]+)+", body)
    if m:
        steps = []
        for name, text in re.findall(r"■〈([^〉]+)〉とコラボした時、([^■]+)", body):
            then = _spec(text)
            if then is None:
                return None, {}
            steps.append({"effect": "if_center", "params": {"name": name, "then": then}})
        return "sequence", {"steps": steps}
    if "その後、" in body:
        steps = [_spec(part) for part in body.split("その後、")]
        if all(steps):
            return "sequence", {"steps": steps}
    return None, {}


def _int(value: Any, path: str, errors: dict) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    m = re.fullmatch(r"\s*(\d+)\+?\s*", str(value))
    if not m:
        errors.setdefault(path, []).append(f"not a number: {value!r}")
        return None
    return int(m[1])


def _colors(value: Any, path: str, errors: dict) -> list[str]:
    if value in (None, "", "無色"):
        return ["colorless"] if value == "無色" else []
    if not isinstance(value, str) or any(ch not in COLOR_CHARS for ch in value):
        errors.setdefault(path, []).append(f"unknown colour {value!r}")
        return []
    return [COLOR_CHARS[ch] for ch in value]


def _skill_head(text: str) -> tuple[int, str, str | None, str]:
    """``[ホロパワー:-2]名前[ターンに1回]本文`` -> (holopower, name, limit, body)."""
    m = re.match(r"\s*\[ホロパワー[:：]-?(\d+|X)\]\s*([^\[]*)\s*(?:\[(ターンに1回|ゲームに1回)\])?\s*(.*)", text, re.S)
    if not m:
        return 0, "", None, text
    limit = {"ターンに1回": "turn", "ゲームに1回": "game"}.get(m[3] or "")
    # 「-X」: as many as the text's own count (女幹部の采配: the holopower archived in the hand's place), 0 to use it
    return int(m[1]) if m[1] != "X" else 0, m[2].strip(), limit, m[4].strip()


#: tags the list splits at their space (its 71 printings of the unit FLOW GLOW carry ``"FLOW",
#: "GLOW"``, always side by side) while the texts name them whole (「#FLOW GLOWを持つ」)
SPLIT_TAGS = {("FLOW", "GLOW"): "FLOW GLOW"}


def joined_tags(tags: list[str]) -> list[str]:
    """The card's tags as its texts name them (``SPLIT_TAGS`` joined again).

    >>> joined_tags(["DEV_IS", "FLOW", "GLOW"]), joined_tags(["GLOW"])
    (['DEV_IS', 'FLOW GLOW'], ['GLOW'])
    """
    out: list[str] = []
    i = 0
    while i < len(tags):
        pair = tuple(tags[i:i + 2])
        if pair in SPLIT_TAGS:
            out.append(SPLIT_TAGS[pair])  # type: ignore[index]
            i += 2
        else:
            out.append(tags[i])
            i += 1
    return out


CONSTANT_HEAD = re.compile(r"■?(この(?:ツール|マスコット|ファン)が付いているホロメンの(?:HP|アーツ)\+\d+。)(.+)")
FAN_ONLY_PART = re.compile(r"このファンは、自分の((?:〈[^〉]+〉か)*〈[^〉]+〉)だけに付けられ、\d人につき何枚でも付けられる。")


def constant_head(text: str) -> list[tuple[str, str | None, dict[str, Any]]] | None:
    """A tool's, mascot's or fan's text whose first sentence is its constant bonus (「このマスコット
    が付いているホロメンのHP+20。」) and whose rest the vocabulary does not read: the two as
    separate abilities, so that the bonus applies while the rest is resolved by hand (else
    an unread clause, e.g. hBP08-105's IRyS bonus, would cost the card its HP+20 too)."""
    body = text
    for reminder in REMINDERS:
        body = re.sub(reminder, "", body)
    body = re.sub(r"\s+", "", body).translate(WIDE_DIGITS)
    m = CONSTANT_HEAD.fullmatch(body)
    if m is None or (base := _spec(m[1])) is None or base["effect"] not in ("tool_arts", "mascot_hp"):
        return None
    rest, params = m[2], dict(base["params"])
    only = FAN_ONLY_PART.search(rest)
    if only:  # 「このファンは、自分の〈名前〉だけに付けられ…」 belongs to the bonus's card (``rules.Support``)
        params["only"] = re.findall(r"〈([^〉]+)〉", only[1])
        rest = rest.replace(only[0], "")
    rest = rest.lstrip("■")
    if not rest:
        return [(text, base["effect"], params)]
    effect, rest_params = recognise(rest)
    return [(m[1], base["effect"], params), (rest, effect, rest_params)]


def convert_card(pid: str, v: Mapping[str, Any], errors: dict) -> dict[str, Any]:
    path = pid
    ctype = v.get("card_type")
    if not isinstance(ctype, str):
        errors.setdefault(f"{path}.card_type", []).append("missing card type")
        ctype = ""
    support = None
    limited = False
    if ctype == "推しホロメン":
        kind = "oshi"
    elif ctype == "ホロメン":
        kind = "holomem"
    elif ctype == "Buzzホロメン":
        kind = "buzz"
    elif ctype == "エール":
        kind = "cheer"
    elif ctype.startswith("サポート・"):
        kind = "support"
        parts = ctype.split("・")[1:]
        limited = "LIMITED" in parts
        support = SUPPORT_KINDS.get(parts[0]) if parts else None
        if support is None:
            errors.setdefault(f"{path}.card_type", []).append(f"unknown support kind {ctype!r}")
    else:
        errors.setdefault(f"{path}.card_type", []).append(f"unknown card type {ctype!r}")
        kind = "support"
    for key in ("number", "name"):
        if not isinstance(v.get(key), str) or not v.get(key):
            errors.setdefault(f"{path}.{key}", []).append("missing")
    level = v.get("bloom_level")
    if level is not None and level not in LEVELS:
        errors.setdefault(f"{path}.bloom_level", []).append(f"unknown bloom level {level!r}")
    baton = v.get("baton_touch") or []
    if not isinstance(baton, list):
        errors.setdefault(f"{path}.baton_touch", []).append("not a list")
        baton = []
    out: dict[str, Any] = {
        "id": pid, "number": str(v.get("number", "")), "name": str(v.get("name", "")), "kind": kind,
        "colors": _colors(v.get("color"), f"{path}.color", errors),
        "hp": _int(v.get("hp"), f"{path}.hp", errors), "life": _int(v.get("life"), f"{path}.life", errors),
        "level": LEVELS.get(level) if level else None, "baton": len(baton),
        "tags": joined_tags([str(t) for t in v.get("tags") or []]), "support": support, "limited": limited,
        "unlimited": False, "arts": [], "abilities": [], "rarity": str(v.get("rarity", "")),
    }
    if kind == "cheer" and len(out["colors"]) != 1:
        errors.setdefault(f"{path}.color", []).append("a cheer card has one colour")
    if kind in ("holomem", "buzz") and (out["hp"] is None or out["level"] is None):
        errors.setdefault(f"{path}.hp", []).append("a holomem needs hp and bloom_level")
    if kind == "oshi" and out["life"] is None:
        errors.setdefault(f"{path}.life", []).append("an oshi needs life")
    skills = v.get("skills") or []
    if not isinstance(skills, list):
        errors.setdefault(f"{path}.skills", []).append("not a list")
        skills = []
    for i, s in enumerate(skills):
        where = f"{path}.skills.{i}"
        if not isinstance(s, Mapping):
            errors.setdefault(where, []).append("not an object")
            continue
        stype = s.get("type")
        if stype == "アーツ":
            icons = s.get("icons") or {}
            cost = []
            for icon in icons.get("main", []):
                if icon not in ICON_COLORS:
                    errors.setdefault(f"{where}.icons.main", []).append(f"unknown icon {icon!r}")
                else:
                    cost.append(ICON_COLORS[icon])
            tokkou = []
            for t in icons.get("tokkou", []):
                m = re.fullmatch(r"(.)\+(\d+)", str(t))
                if not m or m[1] not in COLOR_CHARS:
                    errors.setdefault(f"{where}.icons.tokkou", []).append(f"unknown tokkou {t!r}")
                else:
                    tokkou.append({"color": COLOR_CHARS[m[1]], "amount": int(m[2])})
            dmg = str(s.get("dmg", "0"))
            text = str(s.get("description") or "")
            effect, params = recognise(text) if text else (None, {})
            out["arts"].append({"name": str(s.get("name", "")), "dmg": _int(dmg, f"{where}.dmg", errors) or 0,
                                "plus": dmg.strip().endswith("+"), "cost": cost, "tokkou": tokkou, "text": text,
                                "effect": effect, "params": params})
        elif stype == "キーワード":
            sub = s.get("subtype")
            if sub not in KEYWORDS:
                errors.setdefault(f"{where}.subtype", []).append(f"unknown keyword {sub!r}")
                continue
            text = str(s.get("description") or s.get("text") or "")
            effect, params = recognise(text)
            out["abilities"].append({"kind": KEYWORDS[sub], "name": str(s.get("name", "")), "text": text,
                                     "holopower": 0, "limit": None, "effect": effect, "params": params})
        elif stype in ("サポート効果", "エクストラ"):
            text = str(s.get("text") or s.get("name") or s.get("description") or "")
            effect, params = recognise(text)
            if stype == "エクストラ" and UNLIMITED in text:
                out["unlimited"] = True
            parts = constant_head(text) if effect is None and stype == "サポート効果" else None
            for part_text, part_effect, part_params in parts or [(text, effect, params)]:
                out["abilities"].append({"kind": "support" if stype == "サポート効果" else "extra", "name": "",
                                         "text": part_text, "holopower": 0, "limit": None, "effect": part_effect,
                                         "params": part_params})
        elif stype in SKILL_KINDS:
            text = str(s.get("text") or s.get("description") or "")
            cost, name, limit, body = _skill_head(text)
            if limit is None and stype == "SP推しスキル":
                limit = "game"
            effect, params = recognise(body)
            out["abilities"].append({"kind": SKILL_KINDS[stype], "name": name or str(s.get("name", "")),
                                     "text": text, "holopower": cost, "limit": limit, "effect": effect,
                                     "params": params})
        else:
            errors.setdefault(f"{where}.type", []).append(f"unknown skill type {stype!r}")
    return out


def convert(raw: Mapping[str, Any], progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """The card set (this game's format) of a raw list; ``CardSetError`` naming every problem.
    ``progress(done, total)`` is called as each printing is converted."""
    errors: dict[str, list[str]] = {}
    cards = []
    for done, (pid, v) in enumerate(raw.items(), start=1):
        if progress is not None:
            progress(done, len(raw))
        if not isinstance(v, Mapping):
            errors.setdefault(str(pid), []).append("not an object")
            continue
        if v.get("id") not in (None, pid):
            errors.setdefault(f"{pid}.id", []).append(f"id {v.get('id')!r} differs from its key")
        cards.append(convert_card(str(pid), v, errors))
    if errors:
        raise CardSetError(errors)
    set_id, digest = digest_id(raw)
    return {"id": set_id, "title": f"hololive OCG card list ({len(cards)} printings)",
            "note": f"converted from the official card list, digest {digest}", "cards": cards}
