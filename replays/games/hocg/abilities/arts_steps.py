"""Arts texts, continued: what the shapes of ``arts`` lead to (this turn's boosts, dice, costs,
cheer and HP, the deck and the archive), each text recognised through ``spec(part)`` as there.

Registered on ``arts.TEXTS`` after ``arts``' own shapes (``arts`` imports this module last), so
a condition or a count there reads the steps here.
"""
from __future__ import annotations

import re
from typing import Any

from kifu.replays.games.hocg.abilities.arts import (ATTACHABLE, COLOR_CHARS, LEVELS, _card_filter, _condition, _scaled,
                                                   _times, count_of, count_source, fitting, holo_desc, pattern)
from kifu.replays.games.hocg import effects as E
from kifu.replays.games.hocg.effects import (DIE, EFFECTS, R_DICE, Options, _declared, _matches, arts_frame,
                                             attach_cheer, declare_skill, names_of, own_holo_of, push, roll)
from kifu.replays.games.hocg.state import R_HOLOPOWER, Board, other
from kifu.replays.kit import ALL


# ------------------------------------------------------------------ this turn's boosts

EACH = {"自分のセンターホロメンとコラボホロメン": (["center", "collab"], None),
        "このホロメンと自分のコラボホロメン": (["self", "collab"], None),
        "自分のマスコットが付いている[センターホロメンとコラボホロメン]": (["center", "collab"], {"support": "mascot"}),
        "自分のステージのホロメン全員": (["all"], None)}


@pattern(r"このターンの間、(.+?)のアーツ\+(\d+)。")
def _boost_each(m, spec):
    """「このターンの間、<自分のセンターホロメンとコラボホロメン / このホロメンと自分のコラボホロメン /
    自分のマスコットが付いている[…]>のアーツ+N」 and 「このターンの間、自分の(ステージの)#タグを持つ
    ホロメン1人のアーツ+N」 (``boost_turn``)."""
    if m[1] in EACH:
        targets, attached = EACH[m[1]]
        return "arts_boost_each", {"targets": targets, "amount": int(m[2]),
                                   **({"attached": attached} if attached else {})}
    tag = re.fullmatch(r"自分の(?:ステージの)?#(.+?)を持つホロメン1人", m[1])
    if tag:
        return "boost_turn", {"amount": int(m[2]), "tag": tag[1]}
    return None


@EFFECTS.effect("arts_boost_each", timing="ability")
def arts_boost_each(t: Board, f: dict) -> Options:
    """「このターンの間、<そのホロメンたち>のアーツ+N」: each named holomem there (with the
    attached card the text names) gets +N for the turn."""
    pa, seat = f["params"], f["seat"]
    done = set()
    targets = [p for target in pa["targets"] for p in (t.positions(seat) if target == "all" else [target])]
    for target in targets:
        pos = own_holo_of(t, f) if target == "self" else target
        h = t.holo(seat, pos) if pos else None
        if h is None or pos in done:
            continue
        if pa.get("attached") and not any(_matches(t, a, pa["attached"]) for a in h["attached"]):
            continue
        done.add(pos)
        h["mods"]["arts"] += pa["amount"]
        t.event("boost", seat=seat, pos=pos, amount=pa["amount"], card=f["card"])
    return None


# ------------------------------------------------------------------ dice

FACE_WORDS = re.compile(r"奇数|偶数|[1-6](?:か[1-6])*|[1-6]以上|[1-6]以下")


def faces_of(word: str) -> list[int]:
    """The faces 「奇数」「偶数」「4以上」「2以下」「3か5」 name."""
    if word in ("奇数", "偶数"):
        return [1, 3, 5] if word == "奇数" else [2, 4, 6]
    if word.endswith("以上"):
        return list(range(int(word[0]), 7))
    if word.endswith("以下"):
        return list(range(1, int(word[0]) + 1))
    return sorted({int(d) for d in word.split("か")})


@pattern(r"(?:(.+?)1枚につき、)?サイコロを(\d)回振(れる|る)(?::|。)(?:出た目の(?:合計)?数1につき|(.+?)が出た回数1回につき)、(.+?)"
         r"(?:ただし、振れる回数は(\d+)回まで。)?")
def _roll_sum(m, spec):
    """「(<もの>1枚につき、)サイコロをN回振る(振れる):出た目の(合計)数1につき、<効果>(。その後、<効果>)」 and
    「…<目>が出た回数1回につき、<効果>(ただし、振れる回数はK回まで。)」."""
    per = count_source(m[1], "枚") if m[1] else None
    if (m[1] and per is None) or (m[4] and not FACE_WORDS.fullmatch(m[4])):
        return None
    first, *after = m[5].split("その後、")
    then = spec(first)
    steps = [spec(part) for part in after]
    if not then or _scaled(then) is None or not all(steps):
        return None
    return "arts_roll_sum", {"times": int(m[2]), "optional": m[3] == "れる", **({"per": per} if per else {}),
                             **({"hits": faces_of(m[4])} if m[4] else {}), **({"cap": int(m[6])} if m[6] else {}),
                             "then": then, **({"after": steps} if steps else {})}


@EFFECTS.effect("arts_roll_sum", timing="ability", prompt="サイコロを振るか（推しスキルで目を宣言するなら目）")
def arts_roll_sum(t: Board, f: dict) -> Options:
    """「(<もの>1枚につき、)サイコロをN回振る(振れる):出た目の合計数1につき(<目>が出た回数1回につき)、
    <効果>」: 振れる asks once whether to roll (all of them, or none); each roll a chance event
    (``effects.roll``), or declared by the oshi skill 「…サイコロを振る時に使える」 once
    (``effects.declare_skill``); then the effect scaled by the sum (the hits), and the steps after."""
    pa = f["params"]
    if f.pop("resume", False):  # held while a 「サイコロを振った時」 window was open (``WINDOWS["dice_done"]``)
        return _roll_on(t, f)
    times = pa["times"] * (count_of(t, f, pa["per"]) if "per" in pa else 1)
    if pa.get("cap") is not None:
        times = min(times, pa["cap"])
    if times <= 0:
        return None
    f["left"], f["sum"], f["stage"] = times, 0, 0
    f["at_once"] = times  # 「サイコロを1度に3回振る時」 (``effects.roll``)
    if pa.get("optional"):
        return ["roll", "skip"]
    f["stage"] = 1
    return _roll_on(t, f)


def _add_face(f: dict, face: int) -> None:
    hits = f["params"].get("hits")
    f["sum"] += face if hits is None else int(face in hits)
    f["left"] -= 1
    f.setdefault("faces", []).append(face)


def _roll_on(t: Board, f: dict) -> Options:
    while f["left"] > 0:
        if declare_skill(t, f) is not None:
            return ["roll", *DIE]
        _add_face(f, roll(t, f["seat"], f["card"], R_DICE, f.get("at_once", 1)))
    if "dice_done" in E.WINDOWS and E.WINDOWS["dice_done"](t, f, {"left": f["at_once"], "sum": 0}):
        return None  # a fan's 「サイコロを振った時」 window first (``abilities.dice_and_colours``)
    pa = f["params"]
    push(t, f, *([_times(pa["then"], f["sum"])] if f["sum"] else []), *pa.get("after", ()))
    return None


@arts_roll_sum.answer
def _rolled(t: Board, f: dict, choice: Any) -> Options:
    if f["stage"] == 0:
        if choice != "roll":
            return None
        f["stage"] = 1
    elif choice in DIE:
        _add_face(f, _declared(t, f, choice))
    else:
        _add_face(f, roll(t, f["seat"], f["card"], R_DICE, f.get("at_once", 1)))
    return _roll_on(t, f)


@pattern(r"サイコロを1回振る。(.+)")
def _roll_once(m, spec):
    """「サイコロを1回振る。<目>なら、<効果>」 reads as rawlist's 「サイコロを1回振る:…」 (``roll_then``)."""
    made = spec("サイコロを1回振る:" + m[1])
    return made and (made["effect"], made["params"])


@pattern(r"サイコロを1回振れる:出た目の数が自分のライフ以上なら、(.+?。)出た目の数が自分のライフ以下なら、(.+)")
def _roll_life(m, spec):
    """「サイコロを1回振れる:出た目の数が自分のライフ以上なら、<効果>。出た目の数が自分のライフ以下
    なら、<効果>」 (an equal face does both, in printed order)."""
    ge, le = spec(m[1]), spec(m[2])
    return ge and le and ("arts_roll_life", {"ge": ge, "le": le})


@EFFECTS.effect("arts_roll_life", timing="ability")
def arts_roll_life(t: Board, f: dict) -> Options:
    """The die's branches against the life as the text resolves (``roll_then`` rolls them)."""
    life = t.p(f["seat"])["life"]
    branches = [{"faces": [d for d in DIE if d >= life], "then": f["params"]["ge"]},
                {"faces": [d for d in DIE if d <= life], "then": f["params"]["le"]}]
    push(t, f, {"effect": "roll_then", "params": {"optional": True, "branches": branches}})
    return None


# ------------------------------------------------------------------ costs

@pattern(r"自分の手札(\d)枚をアーカイブできる:(.+)")
def _cost_hand_n(m, spec):
    then = spec(m[2]) if int(m[1]) > 1 else None
    return then and ("arts_cost_hand", {"count": int(m[1]), "then": then})


@EFFECTS.effect("arts_cost_hand", timing="ability", prompt="アーカイブする手札（しないならnull）")
def arts_cost_hand(t: Board, f: dict) -> Options:
    """「自分の手札N枚をアーカイブできる:<効果>」: N cards one at a time (only the first may be
    null: not paid; with fewer than N in hand it cannot be paid); then the effect."""
    f.setdefault("paid", 0)
    hand = t.p(f["seat"])["hand"]
    if f["paid"] == 0 and len(hand) < f["params"]["count"]:
        return None
    return E.archive_options(t, f, "hand", t.hand_cards(f["seat"]) + ([None] if f["paid"] == 0 else []))


@arts_cost_hand.answer
def _hand_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    if not E.archived_instead(t, f, "hand", choice):
        t.take_from_hand(f["seat"], choice, "cost", t.rule_of(f["card"]))
        E.archive_by(t, f, "hand", choice)
        t.event("cost_paid", seat=f["seat"], card=f["card"], paid=choice)
    f["paid"] += 1
    if f["paid"] < f["params"]["count"]:
        return arts_cost_hand.run(t, f)
    push(t, f, f["params"]["then"])
    return None


@pattern(r"自分の手札1～(\d)枚をアーカイブできる:(.+)")
def _cost_hand_each(m, spec):
    """「自分の手札1～N枚をアーカイブできる:<…>アーカイブしたカード1枚につき、<効果>」
    (``cost_hand_each``: the effect's amount times the cards archived)."""
    rest = re.sub(r"アーカイブしたカード1枚につき、?", "", m[2], count=1).replace("に、特殊ダメージ", "に特殊ダメージ")
    then = spec(rest) if rest != m[2] else None
    return then and "amount" in then["params"] and ("cost_hand_each", {"max": int(m[1]), "then": then})


CHEER_FROM = {"このホロメン": "self", "自分のバックホロメン": "back", "自分のステージ": "stage"}


@pattern(r"(このホロメン|自分のバックホロメン|自分のステージ)の(?:\[([白緑赤青紫黄])エールか([白緑赤青紫黄])エール\]|"
               r"([白緑赤青紫黄])エール|エール)(\d)枚をアーカイブできる:(.+)")
def _cost_cheer(m, spec):
    """「自分のバックホロメン(自分のステージ)の(<色>)エールN枚をアーカイブできる:<効果>」, and
    「このホロメンの[<色>エールか<色>エール]N枚…」 (``cost_own_cheer``; its one-colour form is rawlist's)."""
    colors = [COLOR_CHARS[x] for x in (m[2], m[3], m[4]) if x]
    if m[1] == "このホロメン" and not m[2]:
        return None
    then = spec(m[6])
    if not then:
        return None
    if m[1] == "このホロメン":
        return "cost_own_cheer", {"count": int(m[5]), "then": then, "colors": colors}
    return "arts_cost_cheer", {"from": CHEER_FROM[m[1]], "count": int(m[5]), "then": then,
                               **({"colors": colors} if colors else {})}


def _cheer_sources(t: Board, f: dict) -> list[list[str]]:
    pa = f["params"]
    return sorted([p, c] for p, h in t.stage(f["seat"])
                  if pa["from"] == "stage" or (pa["from"] == "back" and p.startswith("back"))
                  for c in set(h["cheer"]) if not pa.get("colors") or t.card(c)["colors"][0] in pa["colors"])


@EFFECTS.effect("arts_cost_cheer", timing="ability", prompt="アーカイブするエール（ホロメンとエール、しないならnull）")
def arts_cost_cheer(t: Board, f: dict) -> Options:
    """「自分のバックホロメン(ステージ)のエールN枚をアーカイブできる:<効果>」: each cheer named with
    its holomem; the first may be null (not paid); then the effect."""
    f.setdefault("paid", 0)
    fits = _cheer_sources(t, f)
    have = sum(1 for p, h in t.stage(f["seat"]) for c in h["cheer"] if [p, c] in fits)
    if f["paid"] == 0:
        return E.archive_options(t, f, "cheer", fits + [None]) if have >= f["params"]["count"] else None
    return E.archive_options(t, f, "cheer", fits)


@arts_cost_cheer.answer
def _cheer_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    if not E.archived_instead(t, f, "cheer", choice):
        pos, cheer = choice
        t.holo(f["seat"], pos)["cheer"].remove(cheer)
        E.archive_by(t, f, "cheer", cheer)
        t.event("cost_paid", seat=f["seat"], card=f["card"], paid=cheer, pos=pos)
    f["paid"] += 1
    if f["paid"] < f["params"]["count"]:
        return arts_cost_cheer.run(t, f)
    push(t, f, f["params"]["then"])
    return None


@pattern(r"このホロメンに重なっている(Debut|1st|2nd)?ホロメン1枚をアーカイブできる:(.+)")
def _cost_stacked(m, spec):
    then = spec(m[2])
    return then and ("arts_cost_stacked", {"then": then, **({"level": LEVELS[m[1]]} if m[1] else {})})


@EFFECTS.effect("arts_cost_stacked", timing="ability", prompt="アーカイブする重なっているホロメン（しないならnull）")
def arts_cost_stacked(t: Board, f: dict) -> Options:
    """「このホロメンに重なっている(<レベル>)ホロメン1枚をアーカイブできる:<効果>」: a card under
    it (Bloom前のカード) to the archive; then the effect."""
    pos = own_holo_of(t, f)
    level = f["params"].get("level")
    under = t.holo(f["seat"], pos)["stack"] if pos else []
    fits = sorted({c for c in under if level is None or t.card(c)["level"] == level})
    return fits + [None] if fits else None


@arts_cost_stacked.answer
def _stacked_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    pos = own_holo_of(t, f)
    t.holo(f["seat"], pos)["stack"].remove(choice)
    t.archive(f["seat"], choice)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=choice, pos=pos)
    push(t, f, f["params"]["then"])
    return None


@pattern(r"このホロメンの([白緑赤青紫黄])?エール(\d)枚を、(.+?)(?:(\d)人に1枚ずつ)?に?付け替えられる(?::(.+)|。)")
def _move_own_cheer(m, spec):
    """「このホロメンの(<色>)エールN枚を、<ホロメン>(N人に1枚ずつ)に付け替えられる(:<効果>)」: optional;
    with an effect after it, a cost."""
    colour, m = m[1], [m[0], *m.groups()[1:]]
    to = holo_desc(m[2])
    count = int(m[1])
    if to is None or (count > 1 and m[3] != m[1]) or (count == 1 and m[3]) \
            or (not m[4] and not colour and set(to) <= {"tag", "not_self"}):
        return None  # rawlist's move_cheer reads the plain ones
    then = spec(m[4]) if m[4] else None
    if m[4] and not then:
        return None
    return "arts_move_own_cheer", {"count": count, "to": to, **({"then": then} if then else {}),
                                   **({"colors": [COLOR_CHARS[colour]]} if colour else {})}


@EFFECTS.effect("arts_move_own_cheer", timing="ability", prompt="付け替えるこのホロメンのエールと先（しないならnull）")
def arts_move_own_cheer(t: Board, f: dict) -> Options:
    """「このホロメンのエールN枚を、<ホロメン>(N人に1枚ずつ)に付け替えられる(:<効果>)」: each
    choice is [the cheer, the holomem it goes to] (one each to different holomem); the first
    may be null; the effect once all N are moved."""
    pa = f["params"]
    pos = own_holo_of(t, f)
    f.setdefault("moved", [])
    if pos is None:
        return None
    fits = [c for c in t.holo(f["seat"], pos)["cheer"]
            if not pa.get("colors") or t.card(c)["colors"][0] in pa["colors"]]  # 「このホロメンの<色>エール」
    cheer = sorted(set(fits))
    targets = [p for p in fitting(t, f, pa["to"]) if p != pos and p not in f["moved"]]
    need = pa["count"] - len(f["moved"])
    if len(fits) < need or len(targets) < need:
        return None
    return [[c, p] for c in cheer for p in targets] + ([None] if not f["moved"] else [])


@arts_move_own_cheer.answer
def _own_cheer_moved(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    cheer, to = choice
    pos = own_holo_of(t, f)
    t.holo(f["seat"], pos)["cheer"].remove(cheer)
    attach_cheer(t, f["seat"], to, cheer)
    f["moved"].append(to)
    if len(f["moved"]) < f["params"]["count"]:
        return arts_move_own_cheer.run(t, f)
    if "then" in f["params"]:
        push(t, f, f["params"]["then"])
    return None


@pattern(r"自分の手札の〈([^〉]+)〉1枚を公開し、デッキの下に戻せる:(.+)")
def _cost_show_to_bottom(m, spec):
    then = spec(m[2])
    return then and ("arts_cost_to_bottom", {"names": [m[1]], "then": then})


@EFFECTS.effect("arts_cost_to_bottom", timing="ability", prompt="公開してデッキの下に戻す手札（しないならnull）")
def arts_cost_to_bottom(t: Board, f: dict) -> Options:
    """「自分の手札の〈名前〉1枚を公開し、デッキの下に戻せる:<効果>」: the card shown, to the deck's
    bottom (its place known); then the effect."""
    fits = [c for c in t.hand_cards(f["seat"]) if set(f["params"]["names"]) & names_of(t, c)]
    return fits + [None] if fits else None


@arts_cost_to_bottom.answer
def _to_bottom_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    seat = f["seat"]
    t.take_from_hand(seat, choice, "reveal", t.rule_of(f["card"]))
    t.zones.put(f"deck/{seat}", choice, end="bottom")
    t.event("reveal", seat=seat, card=choice, source=f["card"])
    t.event("cost_paid", seat=seat, card=f["card"], paid=choice)
    push(t, f, f["params"]["then"])
    return None


# ------------------------------------------------------------------ cheer, HP, cards

@pattern(r"自分のエールデッキの上から1枚を、(.+?)に送る。")
def _send_top(m, spec):
    """「自分のエールデッキの上から1枚を、<ホロメン>に送る」 for the holomem rawlist's ``cheer_to``
    does not name (〈名前〉以外の, バックホロメンの〈名前〉, …)."""
    to = holo_desc(m[1])
    return to and to.keys() & {"not_names", "names", "level", "colors", "attached", "not_self"} and (
        "arts_send_cheer", {"to": to})


@EFFECTS.effect("arts_send_cheer", timing="ability", prompt="エールを送るホロメン")
def arts_send_cheer(t: Board, f: dict) -> Options:
    """「自分のエールデッキの上から1枚を、<ホロメン>に送る」: the top turned up (everyone), to one
    of the holomem the text names (none there, or no cheer left: nothing)."""
    targets = fitting(t, f, f["params"]["to"])
    if t.cheer_deck_size(f["seat"]) <= 0 or not targets:
        return None
    f["cheer"] = t.reveal_cheer(f["seat"], "cheer", t.rule_of(f["card"]))
    t.event("cheer_up", seat=f["seat"], card=f["cheer"])
    return targets if len(targets) > 1 else _cheer_sent(t, f, targets[0])


@arts_send_cheer.answer
def _cheer_sent(t: Board, f: dict, choice: Any) -> Options:
    attach_cheer(t, f["seat"], choice, f["cheer"])
    return None


@pattern(r"自分のアーカイブの([白緑赤青紫黄])?エール(\d)枚を(.+?)に送(る|れる)。")
def _archive_cheer_to(m, spec):
    """「自分のアーカイブの(<色>)エールN枚を<ホロメン>に送る(送れる)」 for holomem rawlist's
    ``archive_cheer`` does not name (#タグを持つバックホロメン, <色>ホロメン, 〈名前〉, …)."""
    to = holo_desc(m[3])
    colors = {"colors": [COLOR_CHARS[m[1]]]} if m[1] else {}
    if not to or (not to.keys() - {"tag"} and not m[1]):
        return None
    if set(to) <= {"tag", "pos"} and to.get("pos") == "back" and "tag" in to and not m[1]:
        return "archive_cheer", {"count": int(m[2]), "optional": m[4] == "れる", "to": "back", "tag": to["tag"]}
    return "arts_archive_cheer", {"count": int(m[2]), "optional": m[4] == "れる", "to": to, **colors}


@EFFECTS.effect("arts_archive_cheer", timing="ability", prompt="アーカイブから送るエール（送らないならnull）")
def arts_archive_cheer(t: Board, f: dict) -> Options:
    """「自分のアーカイブのエールN枚を<ホロメン>に送る(送れる)」: which cheer, then which holomem."""
    pa = f["params"]
    targets = fitting(t, f, pa["to"])
    fits = sorted({c for c in t.p(f["seat"])["archive"] if t.card(c)["kind"] == "cheer"
                   and (not pa.get("colors") or t.card(c)["colors"][0] in pa["colors"])})
    if not fits or not targets or pa["count"] <= 0:
        return None
    f["stage"] = 0
    return fits + [None] if pa.get("optional") else fits


@arts_archive_cheer.answer
def _archive_cheer_sent(t: Board, f: dict, choice: Any) -> Options:
    pa = f["params"]
    if f["stage"] == 0:
        if choice is None:
            return None
        f["cheer"], f["stage"] = choice, 1
        targets = fitting(t, f, pa["to"])
        if len(targets) > 1:
            return targets
        choice = targets[0]
    t.p(f["seat"])["archive"].remove(f["cheer"])
    attach_cheer(t, f["seat"], choice, f["cheer"])
    if pa["count"] > 1:
        t.s["stack"].append({**f, "params": {**pa, "count": pa["count"] - 1}, "stage": 0})
    return None


@pattern(r"(.+?)1人のHP(\d+)回復。")
def _heal_one(m, spec):
    """「自分のバックホロメン1人のHPN回復」 (and other holomem rawlist's ``heal`` does not name)."""
    to = holo_desc(m[1])
    return to and ("arts_heal", {"amount": int(m[2]), "to": to})


@EFFECTS.effect("arts_heal", timing="ability", prompt="HPを回復するホロメン")
def arts_heal(t: Board, f: dict) -> Options:
    """「<ホロメン>1人のHPN回復」: one of them whose HP is down (none: nothing)."""
    options = [p for p in fitting(t, f, f["params"]["to"]) if t.holo(f["seat"], p)["damage"] > 0]
    if len(options) <= 1:
        return _healed(t, f, options[0]) if options else None
    return options


@arts_heal.answer
def _healed(t: Board, f: dict, choice: Any) -> Options:
    h = t.holo(f["seat"], choice)
    healed = min(h["damage"], f["params"]["amount"])
    h["damage"] -= healed
    t.event("heal", seat=f["seat"], pos=choice, amount=healed, card=f["card"])
    E.after_heal(t, f["seat"], choice, healed, f["card"])  # 「…が回復した時」
    return None


@pattern(r"相手のステージのエール1枚を、相手のホロメンに付け替える。")
def _move_opp_cheer(m, spec):
    return "arts_move_opp_cheer", {}


@EFFECTS.effect("arts_move_opp_cheer", timing="ability", prompt="付け替える相手のエール（ホロメンとエール） / 付け替え先")
def arts_move_opp_cheer(t: Board, f: dict) -> Options:
    """「相手のステージのエール1枚を、相手のホロメンに付け替える」: the user names the cheer (with
    its holomem), then another holomem of the opponent's."""
    opp = other(f["seat"])
    if t.stage_count(opp) < 2:
        return None
    f["stage"] = 0
    return sorted([p, c] for p, h in t.stage(opp) for c in set(h["cheer"])) or None


@arts_move_opp_cheer.answer
def _opp_cheer_moved(t: Board, f: dict, choice: Any) -> Options:
    opp = other(f["seat"])
    if f["stage"] == 0:
        f["from"], f["stage"] = choice, 1
        targets = [p for p in t.positions(opp) if p != choice[0]]
        if len(targets) > 1:
            return targets
        choice = targets[0]
    src, cheer = f["from"]
    t.holo(opp, src)["cheer"].remove(cheer)
    attach_cheer(t, opp, choice, cheer)
    return None


# ------------------------------------------------------------------ the deck, the archive, attached cards

@pattern(r"自分のデッキの上から(\d)枚を見る。その中から、(\[.+?\])1枚を公開し、手札に加える。そして残ったカードを"
         r"(好きな順でデッキの下に戻す|アーカイブする)。")
def _look_either(m, spec):
    """「自分のデッキの上からN枚を見る。その中から、[<A>か<B>]1枚を公開し、手札に加える。そして残った
    カードを…」 (``look_top``, its filter either of two)."""
    from kifu.replays.games.hocg.rawlist import _look_filter
    if _look_filter(m[2]) is not None:
        return None  # rawlist reads it
    flt = _card_filter(m[2])
    if flt and "either" in flt:
        a, b = flt["either"]
        if a.keys() == b.keys() and {k: v for k, v in a.items() if k != "colors"} == \
                {k: v for k, v in b.items() if k != "colors"} and "colors" in a:
            flt = {**a, "colors": a["colors"] + b["colors"]}  # 「[青ホロメンか紫ホロメン]」: one filter, two colours
    return flt and ("look_top", {"count": int(m[1]), "filter": flt, "max": 1,
                                                     "rest": "archive" if m[3] == "アーカイブする" else "bottom"})


@pattern(r"自分のエールデッキから、\[([白緑赤青紫黄])エールか([白緑赤青紫黄])エール\]1枚を公開し、自分の#(.+?)を持つホロメンに送る。"
         r"そしてエールデッキをシャッフルする。")
def _cheer_search_tag(m, spec):
    """「自分のエールデッキから、[<色>エールか<色>エール]1枚を公開し、自分の#タグを持つホロメンに送る。…」
    (``cheer_search``: ``destinations`` reads the tag)."""
    return "cheer_search", {"colors": [COLOR_CHARS[m[1]], COLOR_CHARS[m[2]]], "to": "choose", "tag": m[3]}


@pattern(r"(.+?。)そして(自分のアーカイブの.+)")
def _and_then(m, spec):
    """「<効果>。そして自分のアーカイブの…」: two steps in order."""
    first, second = spec(m[1]), spec(m[2])
    return first and second and ("sequence", {"steps": [first, second]})


@pattern(r"自分のアーカイブの(.+?)(\d+)枚をデッキに戻してシャッフルする。")
def _archive_to_deck(m, spec):
    flt = _card_filter(m[1])
    return flt and ("arts_archive_to_deck", {"count": int(m[2]), "filter": flt})


@EFFECTS.effect("arts_archive_to_deck", timing="ability", prompt="アーカイブからデッキに戻すカード")
def arts_archive_to_deck(t: Board, f: dict) -> Options:
    """「自分のアーカイブの<条件>N枚をデッキに戻してシャッフルする」: N of them (all, if fewer; chosen
    one at a time if more), shown as they go back (アーカイブ: 戻すカードを相手プレイヤーに見せ
    なければならない); then the deck is shuffled."""
    pa = f["params"]
    f.setdefault("back", 0)
    fits = [c for c in t.p(f["seat"])["archive"] if _matches(t, c, pa["filter"])]
    left = pa["count"] - f["back"]
    if left <= 0 or not fits:
        return _deck_shuffled(t, f)
    if len(fits) <= left:
        for card in fits:
            _to_deck(t, f, card)
        return _deck_shuffled(t, f)
    return sorted(set(fits))


def _to_deck(t: Board, f: dict, card: str) -> None:
    t.p(f["seat"])["archive"].remove(card)
    t.zones.shuffle_in(f"deck/{f['seat']}", card)
    t.event("to_deck", seat=f["seat"], card=card, source=f["card"])
    f["back"] += 1


def _deck_shuffled(t: Board, f: dict) -> Options:
    t.zones.shuffle(f"deck/{f['seat']}")
    return None


@arts_archive_to_deck.answer
def _archive_returned(t: Board, f: dict, choice: Any) -> Options:
    _to_deck(t, f, choice)
    return arts_archive_to_deck.run(t, f)


@pattern(r"自分のデッキの上から1枚を公開できる:公開したカードが#(.+?)を持つ時、(.+?。)そして公開したカードを手札に加える。")
def _reveal_top(m, spec):
    """「自分のデッキの上から1枚を公開できる:公開したカードが#タグを持つ時、<効果>。そして公開したカードを
    手札に加える。」"""
    then = spec(m[2])
    return then and ("arts_reveal_top", {"filter": {"tag": m[1]}, "then": then})


@EFFECTS.effect("arts_reveal_top", timing="ability", prompt="デッキの上から1枚を公開するか")
def arts_reveal_top(t: Board, f: dict) -> Options:
    """「自分のデッキの上から1枚を公開できる:公開したカードが<条件>の時、<効果>。そして公開したカードを
    手札に加える」: the top turned face up (everyone sees it), the effect if it fits, the card to
    the hand."""
    return ["reveal", None] if t.deck_size(f["seat"]) > 0 else None


@arts_reveal_top.answer
def _top_revealed(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    seat = f["seat"]
    card = t.zones.draw(f"deck/{seat}", "reveal", t.rule_of(f["card"]), visible=ALL, unknown_ok=False)
    t.event("reveal", seat=seat, card=card, source=f["card"])
    t.p(seat)["hand"].append(card)
    if _matches(t, card, f["params"]["filter"]):
        push(t, f, f["params"]["then"])
    return None


OPP_HOLDERS = {"[センターホロメンかコラボホロメン]": ["center", "collab"], "センターホロメン": ["center"],
               "コラボホロメン": ["collab"]}


@pattern(r"相手の(.+?)に付いている(ツール|マスコット|ファン)1枚をアーカイブ(する|できる)。")
def _archive_opp_attached(m, spec):
    """「相手の[センターホロメンかコラボホロメン]に付いているツール1枚をアーカイブできる」."""
    where = OPP_HOLDERS.get(m[1])
    return where and ("arts_archive_opp_attached", {"from": where, "kind": ATTACHABLE[m[2]],
                                                    "optional": m[3] == "できる"})


@EFFECTS.effect("arts_archive_opp_attached", timing="ability", prompt="アーカイブする相手のカード（ホロメンとカード、しないならnull）")
def arts_archive_opp_attached(t: Board, f: dict) -> Options:
    """「相手の<ホロメン>に付いているツール(マスコット/ファン)1枚をアーカイブ(できる)」: the user names
    the holomem and the card; it goes to its owner's archive."""
    pa, opp = f["params"], other(f["seat"])
    options = sorted([p, a] for p in pa["from"] if (h := t.holo(opp, p)) for a in set(h["attached"])
                     if t.card(a)["support"] == pa["kind"])
    if not options:
        return None
    return options + [None] if pa.get("optional") else options


@arts_archive_opp_attached.answer
def _opp_attached_archived(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    opp = other(f["seat"])
    pos, card = choice
    t.holo(opp, pos)["attached"].remove(card)
    t.archive(opp, card)
    t.event("archived", seat=opp, pos=pos, card=card, source=f["card"])
    return None


# ------------------------------------------------------------------ more costs and steps

@pattern(r"このホロメンに付いているエール(\d)枚をアーカイブできる:(.+)")
def _own_cheer_attached(m, spec):
    """「このホロメンに付いているエールN枚をアーカイブできる:…」 reads as 「このホロメンのエールN枚…」."""
    made = spec(f"このホロメンのエール{m[1]}枚をアーカイブできる:{m[2]}")
    return made and (made["effect"], made["params"])


@pattern(r"このホロメンの([白緑赤青紫黄])以外のエール(\d)枚をアーカイブできる:(.+)")
def _cost_cheer_but(m, spec):
    """「このホロメンの<色>以外のエールN枚をアーカイブできる:<効果>」 (``cost_own_cheer``, the other colours)."""
    then = spec(m[3])
    return then and ("cost_own_cheer", {"count": int(m[2]), "then": then,
                                        "colors": [c for k, c in COLOR_CHARS.items() if k != m[1]]})


@pattern(r"このホロメンのエールを好きな枚数アーカイブできる:アーカイブしたエール1枚につき、(.+)")
def _cost_cheer_any(m, spec):
    then = spec(m[1])
    return then and _scaled(then) and ("arts_cost_cheer_any", {"then": then})


@EFFECTS.effect("arts_cost_cheer_any", timing="ability", prompt="アーカイブするこのホロメンのエール（終えるならnull）")
def arts_cost_cheer_any(t: Board, f: dict) -> Options:
    """「このホロメンのエールを好きな枚数アーカイブできる:アーカイブしたエール1枚につき、<効果>」: one
    at a time until null; the effect scaled by the number archived."""
    f.setdefault("paid", 0)
    pos = own_holo_of(t, f)
    cheer = sorted(set(t.holo(f["seat"], pos)["cheer"])) if pos else []
    if not cheer:
        return _cheer_any_done(t, f)
    return cheer + [None]


def _cheer_any_done(t: Board, f: dict) -> Options:
    if f["paid"]:
        push(t, f, _times(f["params"]["then"], f["paid"]))
    return None


@arts_cost_cheer_any.answer
def _cheer_any_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return _cheer_any_done(t, f)
    pos = own_holo_of(t, f)
    t.holo(f["seat"], pos)["cheer"].remove(choice)
    E.archive_by(t, f, "cheer", choice)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=choice, pos=pos)
    f["paid"] += 1
    return arts_cost_cheer_any.run(t, f)


@pattern(r"自分のホロパワー(\d)枚をアーカイブできる:(.+)")
def _cost_holopower(m, spec):
    then = spec(m[2])
    return then and ("arts_cost_holopower", {"count": int(m[1]), "then": then})


@EFFECTS.effect("arts_cost_holopower", timing="ability", prompt="ホロパワーをアーカイブするか")
def arts_cost_holopower(t: Board, f: dict) -> Options:
    """「自分のホロパワーN枚をアーカイブできる:<効果>」: N face-down cards of ホロパワー turned face up
    and archived (as an oshi skill pays them), then the effect."""
    return ["pay", None] if len(t.p(f["seat"])["holopower"]) >= f["params"]["count"] else None


@arts_cost_holopower.answer
def _holopower_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    pl, n = t.p(f["seat"]), f["params"]["count"]
    paid = [t.face_up(item, "holopower", R_HOLOPOWER) for item in pl["holopower"][:n]]
    pl["holopower"] = pl["holopower"][n:]
    t.archive(f["seat"], *paid)
    t.event("cost_paid", seat=f["seat"], card=f["card"], paid=paid)
    push(t, f, f["params"]["then"])
    return None


@pattern(r"自分のアーカイブの(.+?)1枚を(デッキの下に|手札に)戻せる:(.+)")
def _cost_from_archive(m, spec):
    """「自分のアーカイブの<条件>1枚をデッキの下に(手札に)戻せる:<効果>」."""
    flt, then = _card_filter(m[1]), spec(m[3])
    return flt is not None and then and ("arts_cost_archive", {"filter": flt, "to": "bottom" if m[2] == "デッキの下に"
                                                              else "hand", "then": then})


@EFFECTS.effect("arts_cost_archive", timing="ability", prompt="アーカイブから戻すカード（しないならnull）")
def arts_cost_archive(t: Board, f: dict) -> Options:
    """「自分のアーカイブの<条件>1枚をデッキの下に(手札に)戻せる:<効果>」: the card (shown: アーカイブ)
    to the deck's bottom (its place known) or the hand; then the effect."""
    fits = sorted({c for c in t.p(f["seat"])["archive"] if _matches(t, c, f["params"]["filter"])})
    return fits + [None] if fits else None


@arts_cost_archive.answer
def _archive_paid(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        t.event("cost_declined", seat=f["seat"], card=f["card"])
        return None
    seat = f["seat"]
    t.p(seat)["archive"].remove(choice)
    if f["params"]["to"] == "bottom":
        t.zones.put(f"deck/{seat}", choice, end="bottom")
    else:
        t.p(seat)["hand"].append(choice)
    t.event("returned", seat=seat, card=choice, source=f["card"])
    push(t, f, f["params"]["then"])
    return None


@pattern(r"このホロメンをお休みさせる。")
def _rest_self(m, spec):
    return "arts_rest_self", {}


@EFFECTS.effect("arts_rest_self", timing="ability")
def arts_rest_self(t: Board, f: dict) -> Options:
    """「このホロメンをお休みさせる」: it rests (no arts, no baton touch to the centre; it wakes at
    its リセットフェイズ)."""
    pos = own_holo_of(t, f)
    if pos:
        t.holo(f["seat"], pos)["rested"] = True
        t.event("rests", seat=f["seat"], pos=pos, card=f["card"])
    return None


@pattern(r"自分のデッキの上から1～(\d)枚をアーカイブする。(?:アーカイブしたカード1枚につき、(.+))?")
def _mill_upto(m, spec):
    """「自分のデッキの上から1～N枚をアーカイブする。(アーカイブしたカード1枚につき、<効果>)」."""
    then = spec(m[2]) if m[2] else None
    if m[2] and not (then and _scaled(then)):
        return None
    return "arts_mill_upto", {"max": int(m[1]), **({"then": then} if then else {})}


@EFFECTS.effect("arts_mill_upto", timing="ability", prompt="デッキの上からアーカイブする枚数")
def arts_mill_upto(t: Board, f: dict) -> Options:
    """「自分のデッキの上から1～N枚をアーカイブする」: how many is chosen (1 to N, as the deck allows),
    then each is turned face up and archived; the effect after it scaled by that number."""
    most = min(f["params"]["max"], t.deck_size(f["seat"]))
    if most <= 0:
        return None
    return list(range(1, most + 1)) if most > 1 else _milled_n(t, f, 1)


@arts_mill_upto.answer
def _milled_n(t: Board, f: dict, choice: Any) -> Options:
    seat, n = f["seat"], 0
    for _ in range(choice):
        card = t.zones.draw(f"deck/{seat}", "mill", t.rule_of(f["card"]), visible=ALL, unknown_ok=False)
        if card is None:
            break
        E.archive_by(t, f, "deck", card)
        t.event("milled", seat=seat, card=card)
        n += 1
    if n and "then" in f["params"]:
        push(t, f, _times(f["params"]["then"], n))
    return None


@pattern(r"自分のデッキの上から(\d)枚を公開する。公開した(ホロメン|サポートカード)1枚につき、このアーツ\+(\d+)。そして公開したカードを"
         r"アーカイブする。")
def _reveal_mill(m, spec):
    """「自分のデッキの上からN枚を公開する。公開したホロメン1枚につき、このアーツ+M。そして公開したカードを
    アーカイブする。」 (as rawlist's ``top_for_arts``, not optional)."""
    return "arts_reveal_mill", {"count": int(m[1]), "amount": int(m[3]),
                                "filter": {"holomem": True} if m[2] == "ホロメン" else {"kind": "support"}}


@EFFECTS.effect("arts_reveal_mill", timing="ability")
def arts_reveal_mill(t: Board, f: dict) -> Options:
    """The deck's top N turned face up (everyone sees them) and archived; +M for each that fits."""
    seat, pa, hits, shown = f["seat"], f["params"], 0, []
    for _ in range(pa["count"]):
        card = t.zones.draw(f"deck/{seat}", "reveal", t.rule_of(f["card"]), visible=ALL, unknown_ok=False)
        if card is None:
            break
        E.archive_by(t, f, "deck", card)
        t.event("milled", seat=seat, card=card)
        hits += _matches(t, card, pa["filter"])
        shown.append(card)
    if_any = pa.get("if_any")  # 「その中に<条件>があるなら、<効果>」 (``arts_more``), after the bonus
    push(t, f, *([{"effect": "arts_plus", "params": {"amount": hits * pa["amount"]}}] if hits else []),
         *([if_any["then"]] if if_any and any(_matches(t, c, if_any["filter"]) for c in shown) else []))
    return None


@pattern(r"(.+?。?)（このアーツは相手のバックホロメンも対象にできる）。")
def _back_target(m, spec):
    """「<効果>（このアーツは相手のバックホロメンも対象にできる）。」: the effect, then the art's target may be
    moved to one of the opponent's back holomem (``arts_retarget``). Inside a cost (「…できる:」) it is
    reached only once the cost is paid, as the text grants it."""
    if ":" in m[1]:
        return None  # the cost's own shape reads its effect, this part within it
    then = spec(m[1] if m[1].endswith("。") else m[1] + "。")
    return then and ("sequence", {"steps": [then, {"effect": "arts_retarget", "params": {"to": "back"}}]})


@pattern(r"このアーツは、相手のバックホロメンも対象にできる。")
def _back_target_always(m, spec):
    return "arts_retarget", {"to": "back"}


@EFFECTS.effect("arts_retarget", timing="ability", prompt="このアーツの対象（相手のホロメン）")
def arts_retarget(t: Board, f: dict) -> Options:
    """「このアーツは相手のバックホロメンも対象にできる」: the user keeps the target declared with the art or
    names one of the opponent's back holomem; the art's damage (``arts_damage``) goes there. The
    choice is the user's alone and nothing hidden is seen in between, so naming it now or with the
    art is the same game."""
    af = arts_frame(t)
    backs = [p for p in t.positions(other(f["seat"])) if p.startswith("back")]
    if af is None or af["card"] != f["card"] or not backs:
        return None
    return [af["params"]["target"], *backs]


@arts_retarget.answer
def _retargeted(t: Board, f: dict, choice: Any) -> Options:
    af = arts_frame(t)
    if choice != af["params"]["target"]:
        af["params"]["target"] = choice
        t.event("arts_target", seat=f["seat"], card=f["card"], target=choice)
    return None


@pattern(r"このアーツ\+(\d+)し、(.+)")
def _plus_and(m, spec):
    """「このアーツ+Nし、<効果>」: both, in order."""
    rest = spec(m[2])
    return rest and ("sequence", {"steps": [{"effect": "arts_plus", "params": {"amount": int(m[1])}}, rest],
                                  "joined": True})


@pattern(r"自分のデッキの上から1枚をアーカイブできる:アーカイブしたカードが、(ホロメン|サポートカード)の時、(.+?。)"
         r"(ホロメン|サポートカード)の時、(.+)")
def _mill_branch(m, spec):
    """「自分のデッキの上から1枚をアーカイブできる:アーカイブしたカードが、ホロメンの時、<効果>。サポートカードの時、
    <効果>。」"""
    kinds = {"ホロメン": {"holomem": True}, "サポートカード": {"kind": "support"}}
    a, b = spec(m[2]), spec(m[4])
    return a and b and m[1] != m[3] and ("arts_mill_branch", {"branches": [{"filter": kinds[m[1]], "then": a},
                                                                           {"filter": kinds[m[3]], "then": b}]})


@EFFECTS.effect("arts_mill_branch", timing="ability", prompt="デッキの上から1枚をアーカイブするか")
def arts_mill_branch(t: Board, f: dict) -> Options:
    """The deck's top card archived if the user wants (turned face up: everyone sees it); the
    effect of each branch it fits."""
    return ["archive", None] if t.deck_size(f["seat"]) > 0 else None


@arts_mill_branch.answer
def _mill_branched(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return None
    seat = f["seat"]
    card = t.zones.draw(f"deck/{seat}", "mill", t.rule_of(f["card"]), visible=ALL, unknown_ok=False)
    E.archive_by(t, f, "deck", card)
    t.event("milled", seat=seat, card=card)
    push(t, f, *[b["then"] for b in f["params"]["branches"] if _matches(t, card, b["filter"])])
    return None


@pattern(r"自分のアーカイブの(.+?)1～(\d)枚を好きな順でデッキの下に戻す。戻した(?:ホロメン|カード)1枚につき、(.+)")
def _archive_bottom_upto(m, spec):
    """「自分のアーカイブの<条件>1～N枚を好きな順でデッキの下に戻す。戻した…1枚につき、<効果>」."""
    flt, then = _card_filter(m[1]), spec(m[3])
    return flt is not None and then and _scaled(then) and ("arts_archive_bottom", {"filter": flt, "max": int(m[2]),
                                                                                   "then": then})


@EFFECTS.effect("arts_archive_bottom", timing="ability", prompt="デッキの下に戻すアーカイブのカード（終えるならnull）")
def arts_archive_bottom(t: Board, f: dict) -> Options:
    """One to N cards of the archive (shown: アーカイブ) to the deck's bottom, one at a time in the
    order chosen (at least one if there is one); then the effect scaled by the number."""
    f.setdefault("back", 0)
    fits = sorted({c for c in t.p(f["seat"])["archive"] if _matches(t, c, f["params"]["filter"])})
    if not fits or f["back"] >= f["params"]["max"]:
        return _bottom_done(t, f)
    return fits + ([None] if f["back"] else [])


def _bottom_done(t: Board, f: dict) -> Options:
    if f["back"]:
        push(t, f, _times(f["params"]["then"], f["back"]))
    return None


@arts_archive_bottom.answer
def _to_bottom_one(t: Board, f: dict, choice: Any) -> Options:
    if choice is None:
        return _bottom_done(t, f)
    t.p(f["seat"])["archive"].remove(choice)
    t.zones.put(f"deck/{f['seat']}", choice, end="bottom")
    t.event("to_deck", seat=f["seat"], card=choice, source=f["card"], end="bottom")
    f["back"] += 1
    return arts_archive_bottom.run(t, f)


@pattern(r"手札が(\d)枚になるまで、自分のデッキを引く。")
def _draw_until(m, spec):
    return "arts_draw_until", {"n": int(m[1])}


@EFFECTS.effect("arts_draw_until", timing="ability")
def arts_draw_until(t: Board, f: dict) -> Options:
    """「手札がN枚になるまで、自分のデッキを引く」 (as many as the deck holds)."""
    seat, n = f["seat"], 0
    while len(t.p(seat)["hand"]) < f["params"]["n"] and t.draw(seat, t.rule_of(f["card"])) is not None:
        n += 1
    t.event("draw", seat=seat, count=n, card=f["card"])
    return None


@pattern(r"自分のエールデッキの上から(\d)枚をアーカイブする。")
def _cheer_mill(m, spec):
    return "arts_cheer_mill", {"count": int(m[1])}


@EFFECTS.effect("arts_cheer_mill", timing="ability")
def arts_cheer_mill(t: Board, f: dict) -> Options:
    """「自分のエールデッキの上からN枚をアーカイブする」: each turned face up (everyone sees it)."""
    for _ in range(f["params"]["count"]):
        if t.cheer_deck_size(f["seat"]) <= 0:
            break
        card = t.reveal_cheer(f["seat"], "mill", t.rule_of(f["card"]))
        E.archive_by(t, f, "cheer_deck", card)
        t.event("milled", seat=f["seat"], card=card)
    return None


@pattern(r"(.+?)なら、(.+?。)(.+?)なら、かわりに、(.+)")
def _instead(m, spec):
    """「<条件>なら、<効果>。<条件>なら、かわりに、<効果>。」: the second if it holds, else the first."""
    first, second = _condition(m[1] + "なら", True), _condition(m[3] + "なら", True)
    a, b = spec(m[2]), spec(m[4])
    if not (first and second and a and b):
        return None
    return "arts_when", {**second, "then": b, "else": {"effect": "arts_when", "params": {**first, "then": a}}}


@pattern(r"自分のアーカイブに(.+?)が、(\d+)枚以上ある時、(.+?。)(\d+)枚以上ある時、さらに、(.+)")
def _archive_steps(m, spec):
    """「自分のアーカイブに<条件>が、N枚以上ある時、<効果>。M枚以上ある時、さらに、<効果>。」"""
    flt, a, b = _card_filter(m[1]), spec(m[3]), spec(m[5])
    return flt is not None and a and b and ("sequence", {"steps": [
        {"effect": "arts_when", "params": {"test": "archive_has", "filter": flt, "n": int(m[2]), "then": a}},
        {"effect": "arts_when", "params": {"test": "archive_has", "filter": flt, "n": int(m[4]), "then": b}}]})
