"""Check, apply and label, one class per command type, each citing its rulebook section;
then the turn structure and the game's hooks that are rules (card sets, setup, the checks
every command shares, the legal commands, who acts, the outcome).

``check`` raises ``RuleViolation(rule, message)``; ``apply`` trusts its input. The
turn's automatic steps, downs and card abilities run as frames (``effects``); the
structured effect commands are in ``manual``.
"""
from __future__ import annotations

import marshal
from collections import Counter
from itertools import combinations
from typing import Any, Callable

from kifu.replays import canon
from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import cards as C
from kifu.replays.games.hocg import manual, rawlist
from kifu.replays.games.hocg.abilities import arts as arts_texts
from kifu.replays.games.hocg.abilities import arts_modifiers
from kifu.replays.games.hocg.abilities import bloom_again
from kifu.replays.games.hocg.abilities import keywords
from kifu.replays.games.hocg.abilities import oshi_skills
from kifu.replays.games.hocg.abilities import supports
from kifu.replays.games.hocg.abilities import timing_steps
from kifu.replays.games.hocg.commands import COMMANDS
from kifu.replays.games.hocg.effects import (EFFECTS, ability_frame, archive_by, art_at, cite, decide, expire_lasting, finish, locked,
                                             names_of)
from kifu.replays.games.hocg.state import (MAX_STAGE, R_HOLOPOWER, R_PREP, SEATS, Board, deal, fresh_used, other,
                                      pos_label)
from kifu.replays.kit import CardSet, CardSetError, Game, decisions, frame, is_token
from kifu.replays.kit.cardset import load
from kifu.replays.rules import Outcome

R_MAIN = "ターンの流れ/メインフェイズ"
R_PERF = "ターンの流れ/パフォーマンスフェイズ"
R_END = "ターンの流れ/エンドフェイズ"
R_BLOOM = "対戦中の現象/Bloom"
R_COLLAB = "対戦中の現象/コラボ"
R_BATON = "その他の現象/バトンタッチ"
R_TURN = "ターンの流れ"
R_OVER = "勝利条件"
R_HAND = "手札"
#: judge's ruling: a game still running then is drawn (every game ends)
TURN_LIMIT = 300
NEXT_LEVEL = {"1st": ("debut",), "2nd": ("1st",)}

def card_label(t: Board, card: Any) -> str:
    if is_token(card):
        return f"（不明なカード {card}）"
    if not isinstance(card, str) or card not in t.cs.cards:
        return str(card)
    c = t.card(card)
    level = {"debut": "Debut", "1st": "1st", "2nd": "2nd", "spot": "Spot"}.get(c.get("level") or "", "")
    return f"{c['name']}〔{card}{' ' + level if level else ''}〕"


def holo_label(t: Board, seat: str, pos: str) -> str:
    h = t.holo(seat, pos)
    name = t.name(h["card"]) if h is not None and not h["face_down"] else "?"
    return f"{pos_label(pos)}の{name}"


# ------------------------------------------------------------------- shared checks

def main_phase(t: Board, rule: str = R_MAIN) -> None:
    if t.s["phase"] != "main":
        raise RuleViolation(rule, f"only in the main phase (now: {t.s['phase']})")


def holds_all(t: Board, seat: str, named: list[str]) -> bool:
    """The hand can hold every named card at once (each to its own hand entry)."""
    hand = list(t.p(seat)["hand"])
    for card in sorted(named, key=lambda c: c not in hand):
        item = card if card in hand else next((i for i in hand if is_token(i) and t.zones.could_be(i, card)), None)
        if item is None:
            return False
        hand.remove(item)
    return True


def in_hand(t: Board, seat: str, card: str, rule: str = R_HAND) -> dict:
    if card not in t.cs.cards or not t.zones.holds(t.p(seat)["hand"], card):
        raise RuleViolation(rule, f"{card!r} is not in {seat}'s hand")
    return t.card(card)


def may_hold_debut(t: Board, seat: str) -> bool:
    return any(t.card(c)["level"] == "debut" and C.is_holomem(t.card(c)) for c in t.hand_cards(seat))


def surely_no_debut(t: Board, seat: str) -> bool:
    """No known Debut in hand (unknown cards may be anything): a forced redraw is possible."""
    return not any(not is_token(i) and t.card(i)["level"] == "debut" for i in t.p(seat)["hand"])


def cost_met(t: Board, cheer: list[str], cost: list[str]) -> bool:
    """A coloured icon needs a cheer of its colour; ◇ (any) needs any cheer."""
    have = Counter(C.color_of(t.cs, c) for c in cheer)
    need = Counter(c for c in cost if c != "any")
    for color, n in need.items():
        if have[color] < n:
            return False
    return len(cheer) >= len(cost)


# ------------------------------------------------------------------- preparation

@COMMANDS.implements("mulligan")
class Mulligan:
    def check(self, t: Board, cmd: dict) -> None:
        seat = cmd["seat"]
        if t.s["phase"] != "mulligan":
            raise RuleViolation(R_PREP, "the opening hands are settled")
        m = t.p(seat)["mulligan"]
        if m["redraws"] >= 1 and not surely_no_debut(t, seat):
            raise RuleViolation(R_PREP, "the one free redraw was used; a hand with a Debut holomem is kept "
                                        "(初期手札は一度だけ引き直すか、引き直さないかを選べる)")

    def apply(self, t: Board, cmd: dict) -> None:
        seat = cmd["seat"]
        pl = t.p(seat)
        m = pl["mulligan"]
        forced = m["redraws"] >= 1
        if forced:
            # 手札にDebutホロメンが無い場合は、必ず引き直す: shown, one card fewer each time
            t.event("shown_hand", seat=seat, cards=list(pl["hand"]))
            if m["size"] <= 1:
                finish(t, other(seat), f"{seat}は引き直しを繰り返してもDebutホロメンを引けなかった")
                return
            m["size"] -= 1
        pile = f"deck/{seat}"
        for item in pl["hand"]:
            t.zones.shuffle_in(pile, item)
        pl["hand"] = []
        t.zones.shuffle(pile)
        for _ in range(m["size"]):
            t.draw(seat, R_PREP, "redraw")
        m["redraws"] += 1
        t.event("mulligan", seat=seat, size=m["size"], forced=forced)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        m = t.p(cmd["seat"])["mulligan"]
        if m["redraws"] == 0:
            return f"{cmd['seat']}: 手札を引き直す（7枚）"
        if m["size"] <= 1:
            return f"{cmd['seat']}: Debutホロメンが無い（1枚まで引き直した: 敗北）"
        return f"{cmd['seat']}: Debutホロメンが無いので公開して引き直す（{m['size'] - 1}枚）"


@COMMANDS.implements("keep")
class Keep:
    def check(self, t: Board, cmd: dict) -> None:
        if t.s["phase"] != "mulligan":
            raise RuleViolation(R_PREP, "the opening hands are settled")
        if not may_hold_debut(t, cmd["seat"]):
            raise RuleViolation(R_PREP, "no Debut holomem in hand: the hand must be redrawn "
                                        "(手札にDebutホロメンが1枚も無い場合は、必ず引き直す)")

    def apply(self, t: Board, cmd: dict) -> None:
        seat = cmd["seat"]
        t.p(seat)["mulligan"]["done"] = True
        t.event("keep", seat=seat)
        if seat == t.s["first"]:
            t.s["active"] = other(seat)
        else:
            t.s.update(phase="place", active=t.s["first"])

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        return f"{cmd['seat']}: この手札で始める"


@COMMANDS.implements("place")
class Place:
    def check(self, t: Board, cmd: dict) -> None:
        seat = cmd["seat"]
        if t.s["phase"] != "place":
            raise RuleViolation(R_PREP, "holomem are placed face down once the hands are settled")
        back = cmd.get("back", [])
        named = [cmd["center"], *back]
        for card in named:
            if card not in t.cs.cards:
                raise RuleViolation(R_PREP, f"{card!r} is not a card of this card set")
        if t.card(cmd["center"])["level"] != "debut" or not C.is_holomem(t.card(cmd["center"])):
            raise RuleViolation(R_PREP, f"{t.name(cmd['center'])}: the centre is a Debut holomem")
        for card in back:
            if t.card(card)["level"] not in ("debut", "spot") or not C.is_holomem(t.card(card)):
                raise RuleViolation(R_PREP, f"{t.name(card)}: only Debut or Spot holomem go to the back")
        if len(named) > MAX_STAGE:
            raise RuleViolation(R_PREP, f"at most {MAX_STAGE} holomem on the stage")
        if not holds_all(t, seat, named):
            raise RuleViolation(R_PREP, "the hand does not hold all of those cards")

    def apply(self, t: Board, cmd: dict) -> None:
        seat = cmd["seat"]
        pl = t.p(seat)
        pl["center"] = t.new_holo(t.take_from_hand(seat, cmd["center"], "place", R_PREP), face_down=True)
        pl["back"] = [t.new_holo(t.take_from_hand(seat, c, "place", R_PREP), face_down=True)
                      for c in cmd.get("back", [])]
        pl["placed"] = True
        t.event("placed", seat=seat, count=1 + len(pl["back"]))
        if seat == t.s["first"]:
            t.s["active"] = other(seat)
            return
        for s in SEATS:  # the reveal: both stages turned face up together
            for _, h in t.stage(s):
                h["face_down"] = False
        t.event("reveal_stage")
        start_turn(t, t.s["first"])

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        back = "、".join(card_label(t, c) for c in cmd.get("back", [])) or "なし"
        return f"{cmd['seat']}: 裏向きで センター {card_label(t, cmd['center'])}／バック {back}"


# ------------------------------------------------------------------- main phase

@COMMANDS.implements("play")
class Play:
    def check(self, t: Board, cmd: dict) -> None:
        main_phase(t)
        c = in_hand(t, cmd["seat"], cmd["card"])
        if not C.is_holomem(c) or c["level"] not in ("debut", "spot"):
            raise RuleViolation(R_MAIN, f"{c['name']}: only a Debut or Spot holomem is put out to the back")
        if t.stage_count(cmd["seat"]) >= MAX_STAGE:
            raise RuleViolation(R_MAIN, f"the stage already has {MAX_STAGE} holomem")

    def apply(self, t: Board, cmd: dict) -> None:
        seat = cmd["seat"]
        t.take_from_hand(seat, cmd["card"], "play", R_MAIN)
        t.p(seat)["back"].append(t.new_holo(cmd["card"]))
        t.event("play", seat=seat, card=cmd["card"])
        gifts = arts_modifiers.enter_frames(t, seat, cmd["card"])  # gifts: 「自分の…がステージに出た時」
        if gifts:
            t.s["stack"].extend(gifts)
            resolve(t)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        return f"{cmd['seat']}: {card_label(t, cmd['card'])} をバックに出す"


@COMMANDS.implements("bloom")
class Bloom:
    def check(self, t: Board, cmd: dict) -> None:
        main_phase(t, R_BLOOM)
        seat = cmd["seat"]
        if t.first_turn(seat):
            raise RuleViolation(R_BLOOM, "no Bloom during a player's own first turn")
        c = in_hand(t, seat, cmd["card"], R_BLOOM)
        target = cmd.get("target")
        h = t.holo(seat, target) if target else None
        if h is None:
            raise RuleViolation(R_BLOOM, f"no holomem at {pos_label(target)}")
        under = t.card(h["card"])
        if not C.is_holomem(c) or c["level"] not in NEXT_LEVEL:
            raise RuleViolation(R_BLOOM, f"{c['name']} is not a Bloom holomem (1st or 2nd)")
        waived = bloom_again.bloom_waivers(t, seat, target, cmd["card"])  # gifts: 「Bloomレベルを無視して」「もう1回Bloom」
        if under["level"] not in NEXT_LEVEL[c["level"]] and "level" not in waived:
            raise RuleViolation(R_BLOOM, f"a {c['level']} blooms from a {' or '.join(NEXT_LEVEL[c['level']])} "
                                         f"holomem, not {under['level']} (「Debut」から「1st」、「1st」から「2nd」)")
        if not names_of(t, h["card"]) & names_of(t, cmd["card"]):
            raise RuleViolation(R_BLOOM, f"{c['name']} blooms only on {c['name']}, not {under['name']}")
        if any(a.get("effect") == "no_bloom" for a in under["abilities"]):
            raise RuleViolation(t.rule_of(h["card"]), f"{under['name']}: このホロメンはBloomできない")
        if h["since"] >= t.s["turn"] and not ("again" in waived and h["stack"]):
            raise RuleViolation(R_BLOOM, f"{under['name']} came onto the stage or bloomed this turn")

    def apply(self, t: Board, cmd: dict) -> None:
        seat, pos = cmd["seat"], cmd["target"]
        t.take_from_hand(seat, cmd["card"], "bloom", R_BLOOM)
        h = t.holo(seat, pos)
        h["stack"].append(h["card"])
        h["card"] = cmd["card"]
        h["since"] = t.s["turn"]
        t.event("bloom", seat=seat, pos=pos, card=cmd["card"])
        arts_modifiers.bloomed(t, seat, cmd["card"])  # 「このターンに自分の…がBloomした回数」
        # 「このマスコットが付いているホロメンがBloomした時」 resolves after the holomem's own
        # bloom effect: the stack is last in, first out
        for item in h["attached"]:
            for ab in t.card(item)["abilities"]:
                when = ab["params"].get("on_bloom")
                if when and t.fits_holder(h, when):
                    cite(t, seat, item, ab.get("name") or "support")
                    t.s["stack"].append(frame(when["then"]["effect"], seat, item, "bloom", when["then"]["params"],
                                              pos=pos))
        for ab in t.card(cmd["card"])["abilities"]:
            if ab["kind"] == "bloom":
                t.s["stack"].append(ability_frame(t, seat, cmd["card"], ab, "bloom", pos=pos))
        resolve(t)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        return f"{cmd['seat']}: {holo_label(t, cmd['seat'], cmd.get('target'))} に {card_label(t, cmd['card'])} をBloom"


@COMMANDS.implements("support")
class Support:
    def check(self, t: Board, cmd: dict) -> None:
        main_phase(t)
        seat = cmd["seat"]
        c = in_hand(t, seat, cmd["card"])
        if c["kind"] != "support":
            raise RuleViolation(R_MAIN, f"{c['name']} is not a support card")
        if c["limited"]:
            if t.p(seat)["used"]["limited"] and not oshi_skills.limited_room(t, seat):  # 「…枚数は2枚になる」
                raise RuleViolation("カード/LIMITED", "LIMITED: ターンに1枚しか使えない")
            if t.s["first"] == seat and t.first_turn(seat):
                raise RuleViolation("カード/LIMITED", "LIMITED cards cannot be used in the first player's first turn")
        for ab in c["abilities"]:
            least = ab["params"].get("hand_min")
            if least is not None and len(t.p(seat)["hand"]) - 1 < least:
                raise RuleViolation(t.rule_of(cmd["card"]), f"「自分の手札がこのカードを含まずに{least}枚以上なければ"
                                                            f"使えない」: {len(t.p(seat)['hand']) - 1} in hand")
            if ab["params"].get("stage_cheer_cost") and not any(h["cheer"] for _, h in t.stage(seat)):
                raise RuleViolation(t.rule_of(cmd["card"]), "「自分のステージのエール1枚をアーカイブしなければ使えない」:"
                                                            " no cheer on your stage")
            if ab["params"].get("needs_collab") and t.p(seat)["collab"] is None:
                raise RuleViolation(t.rule_of(cmd["card"]), "「自分のコラボホロメンがいる時にしか使えない」: no collab holomem")
            most = ab["params"].get("hand_max")
            if most is not None and len(t.p(seat)["hand"]) - 1 > most:
                raise RuleViolation(t.rule_of(cmd["card"]), f"「自分の手札がこのカードを含まずに{most}枚以下でなければ"
                                                            f"使えない」: {len(t.p(seat)['hand']) - 1} in hand")
        why = supports.refusal(t, seat, cmd["card"])  # 「このカードは、…時にしか使えない」 and the like
        if why is not None:
            raise RuleViolation(t.rule_of(cmd["card"]), why)
        target = cmd.get("target")
        if c["support"] in C.ATTACHED:
            h = t.holo(seat, target) if target else None
            if h is None:
                raise RuleViolation(R_MAIN, f"a {c['support']} is attached to one of your holomem: name it")
            if c["support"] in ("tool", "mascot") and any(t.card(a)["support"] == c["support"] for a in h["attached"]) \
                    and not (c["support"] == "mascot" and keywords.mascot_room(t, h, cmd["card"])):  # a gift's 2枚まで
                raise RuleViolation(f"カード/{c['support']}", f"one {c['support']} per holomem")
            only = {n for a in c["abilities"] for n in a["params"].get("only", ())}
            if only and not (only & names_of(t, h["card"])):
                raise RuleViolation(t.rule_of(cmd["card"]), f"「自分の〈{'〉〈'.join(sorted(only))}〉だけに付けられ」: "
                                                            f"not {t.name(h['card'])}")
        elif target is not None:
            raise RuleViolation(R_MAIN, f"{c['name']} is used, not attached: no target")

    def apply(self, t: Board, cmd: dict) -> None:
        seat, card = cmd["seat"], cmd["card"]
        c = t.card(card)
        t.take_from_hand(seat, card, "support", R_MAIN)
        if c["limited"]:
            oshi_skills.limited_used(t, seat)
            t.p(seat)["used"]["limited"] = True
        supports.played(t, seat, card)
        t.p(seat)["used"].setdefault("supports", []).append(card)  # 「このターンに自分が…を使っていた」 (abilities.arts)
        t.event("support", seat=seat, card=card, target=cmd.get("target"))
        if c["support"] in C.ATTACHED:
            h = t.holo(seat, cmd["target"])
            h["attached"].append(card)
            for ab in c["abilities"]:
                cite(t, seat, card, ab.get("name") or "support")
            # 「このファンをホロメンに手札から付けた時、…」 (``abilities.supports``)
            when = [ab["params"]["on_attach"] for ab in c["abilities"] if ab["params"].get("on_attach")]
            when = [w for w in when if not w.get("names") or t.fits_holder(h, w)]
            for w in reversed(when):
                t.s["stack"].append(frame(w["then"]["effect"], seat, card, "support", w["then"]["params"],
                                          pos=cmd["target"]))
            gifts = keywords.attach_gift_frames(t, seat, cmd["target"], card)  # a gift's 「このホロメンに〈…〉が付いた時」
            t.s["stack"].extend(gifts)
            if when or gifts:
                resolve(t)
            return
        t.archive(seat, card)
        for ab in reversed(c["abilities"]):
            if ab["kind"] == "support":
                t.s["stack"].append(ability_frame(t, seat, card, ab, "support"))
        resolve(t)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        target = cmd.get("target")
        to = f" を {holo_label(t, cmd['seat'], target)} に付ける" if target else " を使う"
        return f"{cmd['seat']}: {card_label(t, cmd['card'])}{to}"


def oshi_ability(t: Board, seat: str, skill: str) -> dict | None:
    kind = "oshi" if skill == "oshi" else "sp_oshi"
    return next((a for a in t.card(t.p(seat)["oshi"])["abilities"] if a["kind"] == kind), None)


@COMMANDS.implements("oshi_skill")
class OshiSkill:
    def check(self, t: Board, cmd: dict) -> None:
        main_phase(t)
        seat, skill = cmd["seat"], cmd["skill"]
        ab = oshi_ability(t, seat, skill)
        if ab is None:
            raise RuleViolation(R_MAIN, f"{t.name(t.p(seat)['oshi'])} has no {'SP' if skill == 'sp' else ''}推しスキル")
        if ab.get("effect") and EFFECTS[ab["effect"]].timing == "constant":
            raise RuleViolation(t.rule_of(t.p(seat)["oshi"]), f"「{ab['name']}」 is used when its text says "
                                                              "(e.g. when a holomem's ability rolls a die), not now")
        why = oshi_skills.refusal(t, seat, ab)  # 「…の時に使える:」 and the like
        if why is not None:
            raise RuleViolation(t.rule_of(t.p(seat)["oshi"]), why)
        used = t.p(seat)["used"]
        if skill == "sp" and t.p(seat).get("sp_used"):
            raise RuleViolation("SP推しスキルマーカー", "the SP oshi skill is used once per game")
        if skill == "oshi" and used["oshi"] and ab["limit"] == "turn" \
                and arts_modifiers.skill_used_up(t, seat, ab):  # 「…の[ターンに1回]を[ターンに2回]に変更する」
            raise RuleViolation(R_MAIN, "the oshi skill is used once per turn ([ターンに1回])")
        cost = arts_modifiers.skill_terms(t, seat, ab)[0]  # 「…の[ホロパワー:-3]を[ホロパワー:-2]に変更する」
        if len(t.p(seat)["holopower"]) < cost:
            raise RuleViolation(R_HOLOPOWER, f"{cost} ホロパワー needed, "
                                             f"{len(t.p(seat)['holopower'])} there")

    def apply(self, t: Board, cmd: dict) -> None:
        seat, skill = cmd["seat"], cmd["skill"]
        pl = t.p(seat)
        ab = oshi_ability(t, seat, skill)
        cost = arts_modifiers.skill_terms(t, seat, ab)[0]
        paid = [t.face_up(item, "holopower", R_HOLOPOWER) for item in pl["holopower"][:cost]]
        pl["holopower"] = pl["holopower"][cost:]
        t.archive(seat, *paid)
        arts_modifiers.used_skill(t, seat, ab)
        if skill == "sp":
            pl["sp_used"] = True
            pl["used"]["sp"] = True  # this turn's main step (「このターンの自分のメインステップに…SP推しスキルを使っていた時」)
        else:
            pl["used"]["oshi"] = True
        t.event("oshi_skill", seat=seat, skill=skill, name=ab["name"], paid=paid)
        t.s["stack"].extend(keywords.event_gift_frames(t, seat, skill, ab))  # 「自分の(SP)推しスキル…を使った時」, after it
        t.s["stack"].append(ability_frame(t, seat, pl["oshi"], ab, "oshi"))
        resolve(t)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        ab = oshi_ability(t, cmd["seat"], cmd["skill"])
        kind = "SP推しスキル" if cmd["skill"] == "sp" else "推しスキル"
        name = ab["name"] if ab else "?"
        cost = ab["holopower"] if ab else "?"
        return f"{cmd['seat']}: {kind}「{name}」（ホロパワー{cost}）"


@COMMANDS.implements("gift")
class Gift:
    """メインフェイズ / 対戦中の現象/ギフト: a gift its text has used in the main step (「自分のメインステップで、…できる」
    「…自分のメインステップに使える:」), by the holomem at ``holomem`` (``keywords.main_gift``)."""

    def check(self, t: Board, cmd: dict) -> None:
        main_phase(t)
        if t.holo(cmd["seat"], cmd["holomem"]) is None:
            raise RuleViolation(R_MAIN, f"no holomem at {pos_label(cmd['holomem'])}")
        if cmd.get("card") is not None:  # an attached (or archived) card's main-step ability (``timing_steps``)
            why = timing_steps.card_main_refusal(t, cmd["seat"], cmd["holomem"], cmd["card"])
            if why is not None:
                raise RuleViolation(t.rule_of(cmd["card"]) if cmd["card"] in t.cs.cards else R_MAIN, why)
            return
        why = keywords.main_gift_refusal(t, cmd["seat"], cmd["holomem"])
        if why is not None:
            raise RuleViolation(t.rule_of(t.holo(cmd["seat"], cmd["holomem"])["card"]), why)

    def apply(self, t: Board, cmd: dict) -> None:
        if cmd.get("card") is not None:
            timing_steps.use_card_main(t, cmd["seat"], cmd["holomem"], cmd["card"])
        else:
            keywords.use_main_gift(t, cmd["seat"], cmd["holomem"])
        resolve(t)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        if cmd.get("card") is not None:
            h = t.holo(cmd["seat"], cmd["holomem"])
            if h is not None and cmd["card"] not in h["attached"]:
                return f"{cmd['seat']}: アーカイブの {card_label(t, cmd['card'])} で {holo_label(t, cmd['seat'], cmd['holomem'])} をBloom"
            return f"{cmd['seat']}: {holo_label(t, cmd['seat'], cmd['holomem'])} に付いている {card_label(t, cmd['card'])} の能力"
        ab = keywords.main_gift(t, cmd["seat"], cmd["holomem"])
        return f"{cmd['seat']}: {holo_label(t, cmd['seat'], cmd['holomem'])} のギフト「{(ab or {}).get('name') or '?'}」"


@COMMANDS.implements("collab")
class Collab:
    def check(self, t: Board, cmd: dict) -> None:
        main_phase(t, R_COLLAB)
        seat = cmd["seat"]
        pl = t.p(seat)
        if pl["used"]["collab"]:
            raise RuleViolation(R_COLLAB, "collab once per turn (ターンに1回)")
        if pl["collab"] is not None:
            raise RuleViolation(R_COLLAB, "the collab position is taken")
        h = t.holo(seat, cmd["back"])
        if h is None:
            raise RuleViolation(R_COLLAB, f"no holomem at {pos_label(cmd['back'])}")
        if h["rested"]:
            raise RuleViolation(R_COLLAB, "a resting holomem cannot collab (休んでいないバックホロメン)")
        if t.deck_size(seat) == 0:
            raise RuleViolation(R_COLLAB, "the deck is empty: nothing to put into ホロパワー")

    def apply(self, t: Board, cmd: dict) -> None:
        seat = cmd["seat"]
        pl = t.p(seat)
        h = t.remove_holo(seat, cmd["back"])
        pl["collab"] = h
        pl["used"]["collab"] = True
        pl["holopower"].append(t.zones.draw(f"deck/{seat}", "holopower", R_COLLAB, visible=()))
        t.event("collab", seat=seat, card=h["card"])
        t.s["stack"].extend(keywords.event_gift_frames(t, seat, "collab", h))  # 「自分の…がコラボした時」, after these
        # 「このマスコットが付いているホロメンがコラボした時」 resolves after the holomem's own
        # collab effect (as on_bloom does in Bloom)
        for item in h["attached"]:
            for ab in t.card(item)["abilities"]:
                when = ab["params"].get("on_collab")
                if when and t.fits_holder(h, when):
                    cite(t, seat, item, ab.get("name") or "support")
                    t.s["stack"].append(frame(when["then"]["effect"], seat, item, "collab", when["then"]["params"],
                                              pos="collab"))
        for ab in t.card(h["card"])["abilities"]:
            if ab["kind"] == "collab":
                t.s["stack"].append(ability_frame(t, seat, h["card"], ab, "collab", pos="collab"))
        resolve(t)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        return f"{cmd['seat']}: {holo_label(t, cmd['seat'], cmd['back'])} をコラボ"


@COMMANDS.implements("baton_touch")
class BatonTouch:
    def check(self, t: Board, cmd: dict) -> None:
        main_phase(t, R_BATON)
        seat = cmd["seat"]
        pl = t.p(seat)
        if pl["used"]["baton"]:
            raise RuleViolation(R_BATON, "baton touch once per turn")
        center = pl["center"]
        if center is None:
            raise RuleViolation(R_BATON, "no centre holomem")
        if locked(t, seat, "center"):
            raise RuleViolation(t.rule_of(t.p(other(seat))["oshi"]), "「相手のセンターホロメンとコラボホロメンは、バトンタッチ、"
                                                                     "移動、交代できない」: the centre stays")
        h = t.holo(seat, cmd["back"])
        if h is None:
            raise RuleViolation(R_BATON, f"no holomem at {pos_label(cmd['back'])}")
        if h["rested"]:
            raise RuleViolation(R_BATON, "a resting back holomem cannot become the centre")
        cost = t.baton_cost(center)
        if len(cmd["cheer"]) != cost:
            raise RuleViolation(R_BATON, f"the cost is {cost} cheer of the centre, {len(cmd['cheer'])} named")
        have = Counter(center["cheer"])
        if any(have[c] < n for c, n in Counter(cmd["cheer"]).items()):
            raise RuleViolation(R_BATON, "those cheer cards are not all attached to the centre")

    def apply(self, t: Board, cmd: dict) -> None:
        seat = cmd["seat"]
        pl = t.p(seat)
        center = pl["center"]
        for c in cmd["cheer"]:
            center["cheer"].remove(c)
        archive_by(t, None, "cheer", *cmd["cheer"], seat=seat)  # 「このターンに自分のステージのエールがアーカイブされていた」
        i = int(cmd["back"][4:])
        pl["center"], pl["back"][i] = pl["back"][i], center
        pl["used"]["baton"] = True
        t.event("baton_touch", seat=seat, card=pl["center"]["card"], back=center["card"], paid=list(cmd["cheer"]))
        gifts = keywords.event_gift_frames(t, seat, "baton", center)  # 「このホロメンがバトンタッチして…移動した時」
        if gifts:
            t.s["stack"].extend(gifts)
        if t.s["stack"]:  # (and the triggers of the cost archived: ``archive_hooks``)
            resolve(t)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        paid = "、".join(t.name(c) for c in cmd["cheer"]) or "なし"
        return f"{cmd['seat']}: {holo_label(t, cmd['seat'], cmd['back'])} とバトンタッチ（{paid}をアーカイブ）"


# ------------------------------------------------------------------- performance, end

@COMMANDS.implements("arts")
class Arts:
    def check(self, t: Board, cmd: dict) -> None:
        s, seat = t.s, cmd["seat"]
        if s["phase"] not in ("main", "performance"):
            raise RuleViolation(R_PERF, f"arts are used in the performance phase (now: {s['phase']})")
        if s["first"] == seat and t.first_turn(seat):
            raise RuleViolation(R_PERF, "先攻1ターン目はアーツが使えない")
        h = t.holo(seat, cmd["holomem"])
        if h is None:
            raise RuleViolation(R_PERF, f"no holomem at {pos_label(cmd['holomem'])}")
        if cmd["holomem"] in t.p(seat)["used"]["arts"]:
            raise RuleViolation(R_PERF, f"the {pos_label(cmd['holomem'])} holomem already used an art this turn")
        if h["rested"]:
            raise RuleViolation(R_PERF, "a resting holomem uses no arts")
        arts = bloom_again.arts_list(t, seat, cmd["holomem"])  # its card's (and 「…全員のアーツを、すべて使える」)
        if cmd["art"] >= len(arts):
            raise RuleViolation(R_PERF, f"{t.name(h['card'])} has {len(arts)} art(s)")
        cost = keywords.arts_cost(t, seat, cmd["holomem"], arts[cmd["art"]]["cost"])  # a gift's 「アーツに必要な黄-1」
        cost = arts_texts.art_cost(t, seat, cmd["holomem"], {**arts[cmd["art"]], "cost": cost})  # 「…必要とせずに」
        cost = supports.arts_cost(t, seat, cmd["holomem"], cost)  # a mascot's 「…エールの色すべてを無色エールにする」
        cost = oshi_skills.arts_cost(t, seat, cmd["holomem"], cost)  # 「このターンの間、…エールを必要とせずに使える」
        if not cost_met(t, h["cheer"], cost):
            need = "".join(C.COLOR_NAMES[c] for c in cost)
            raise RuleViolation(R_PERF, f"「{arts[cmd['art']]['name']}」 needs cheer {need}")
        if t.holo(other(seat), cmd["target"]) is None:
            raise RuleViolation(R_PERF, f"the opponent has no {pos_label(cmd['target'])} holomem")
        forced = keywords.forced_targets(t, other(seat))  # a gift: 「…自分のコラボホロメンしか対象にできない」
        if forced is not None and cmd["target"] not in forced:
            raise RuleViolation(t.rule_of(t.p(other(seat))["collab"]["card"]),
                                "「相手のホロメンのアーツは、自分のコラボホロメンしか対象にできない」: target the collab holomem")
        why = arts_texts.use_problem(t, seat, h, arts[cmd["art"]], cmd["target"])  # 「このアーツは、…」
        if why is not None:
            raise RuleViolation(t.rule_of(h["card"]), why)

    def apply(self, t: Board, cmd: dict) -> None:
        s, seat, pos = t.s, cmd["seat"], cmd["holomem"]
        starts = s["phase"] == "main"  # the turn's first art: the performance step starts (``timing_steps``)
        s["phase"] = "performance"
        t.p(seat)["used"]["arts"].append(pos)
        bloom_again.lend(t, seat, pos, cmd["art"])  # a lender's art, kept for the turn (「…全員のアーツを、すべて使える」)
        s["stack"].extend(bloom_again.again_frames(t, seat, pos, cmd["art"]))  # 「…同じアーツをもう1回使う」, last
        art_frames(t, seat, pos, cmd["art"], cmd["target"])
        if starts:
            s["stack"].extend(timing_steps.start_frames(t))  # 「…パフォーマンスステップが開始する時」, before the art
        resolve(t)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        h = t.holo(cmd["seat"], cmd["holomem"])
        arts = bloom_again.arts_list(t, cmd["seat"], cmd["holomem"]) if h else []
        name = arts[cmd["art"]]["name"] if cmd["art"] < len(arts) else "?"
        return (f"{cmd['seat']}: {holo_label(t, cmd['seat'], cmd['holomem'])} のアーツ「{name}」→ 相手の"
                f"{holo_label(t, other(cmd['seat']), cmd['target'])}")


def art_frames(t: Board, seat: str, pos: str, index: int, target: str) -> None:
    """The frames of ``seat``'s holomem at ``pos`` using its art ``index`` on ``target`` (``Arts``; once more:
    ``bloom_again``): the 「…がアーツを使った時」 triggers under its damage, its text, its retargeting first."""
    s = t.s
    h = t.holo(seat, pos)
    art = art_at(t, h, index)
    t.event("arts", seat=seat, pos=pos, card=h["card"], art=art["name"], target=target)
    s["stack"].extend(supports.arts_used_frames(t, seat, pos))  # attached cards' 「…がアーツを使った時」
    s["stack"].extend(keywords.arts_used_frames(t, seat, pos))  # gifts: 「…がアーツを使った時」, once it is used
    s["stack"].extend(oshi_skills.arts_used_frames(t, seat, pos))  # the oshi's: 「…がアーツを使った時」, as the gifts'
    s["stack"].append(frame("arts_damage", seat, h["card"], "arts", {"pos": pos, "art": index, "target": target}))
    if art["text"]:
        cite(t, seat, h["card"], art["name"])
        ab = {"name": art["name"], "text": art["text"], "effect": art.get("effect"), "params": art.get("params", {})}
        s["stack"].append(ability_frame(t, seat, h["card"], ab, "arts", pos=pos))
    s["stack"].extend(oshi_skills.arts_target_frames(t, seat, pos))  # 「…相手のバックホロメンも対象にできる」 first


@COMMANDS.implements("end_turn")
class EndTurn:
    def check(self, t: Board, cmd: dict) -> None:
        if t.s["phase"] not in ("main", "performance"):
            raise RuleViolation(R_END, f"the turn ends after the main/performance phase (now: {t.s['phase']})")

    def apply(self, t: Board, cmd: dict) -> None:
        seat = cmd["seat"]
        steps = timing_steps.end_frames(t, seat, t.s["phase"] == "main")  # 「…ステップが終了(開始)する時」 first
        if steps:
            t.s["stack"].extend(steps)
            resolve(t)
            return
        turn_over(t, seat)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        return f"{cmd['seat']}: ターンエンド"


@EFFECTS.effect("turn_over", timing="rule")
def _turn_over(t: Board, f: dict) -> None:
    """The turn of ``f["seat"]`` over once its steps' abilities are done (``EndTurn``; the next turn's steps follow
    as frames of the same resolution)."""
    turn_over(t, f["seat"], now=False)


def turn_over(t: Board, seat: str, now: bool = True) -> None:
    """エンドステップ: the turn of ``seat`` ends; the next turn starts (``seat``'s again after
    「このターンの後に、もう1回自分のターンを開始する」: ``timing_steps.extra_turn``)."""
    oshi_skills.turn_ends(t, seat)  # 「自分のターンが終了する時、…」 (a 推しステージスキル)
    for s in SEATS:  # 「このターンの間」 ends, and 「次の相手のターン…」 of the turn that ends
        for _, h in t.stage(s):
            h["mods"] = {"hp": 0, "arts": 0}
            expire_lasting(h, t.s["turn"])
    t.event("end_turn", seat=seat)
    if t.s["turn"] >= TURN_LIMIT:
        finish(t, None, f"裁定: {TURN_LIMIT}ターンに達したため引き分け")
        return
    start_turn(t, seat if timing_steps.takes_extra_turn(t, seat) else other(seat), now=now)


@COMMANDS.implements("choose")
class Choose:
    def check(self, t: Board, cmd: dict) -> None:
        raise RuleViolation(R_TURN, "no decision is pending")  # a pending one is checked by precheck

    def apply(self, t: Board, cmd: dict) -> None:
        pending = t.s["pending"]
        t.event("choose", seat=cmd["seat"], effect=pending["kind"], card=pending["card"], choice=cmd["choice"])
        EFFECTS.answer(t, cmd)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        pending = t.s.get("pending") or {}
        return f"{cmd['seat']}: {pending.get('prompt', '選択')}: {choice_label(t, pending, cmd.get('choice'))}"


def choice_label(t: Board, pending: dict, choice: Any) -> str:
    if choice is None:
        return "見つからなかった／選ばない"
    if choice == "done":
        return "解決を終える"
    if choice == "holopower":  # ``archive_hooks``: 「アーカイブする手札1枚につき自分のホロパワー1枚を、かわりに…」
        return "かわりにホロパワー1枚をアーカイブ"
    if isinstance(choice, str) and choice.startswith("narrow:"):
        return f"操作を絞る: {manual.GROUP_NAMES.get(choice[len('narrow:'):], choice)}"
    if isinstance(choice, str) and (choice in ("center", "collab") or choice.startswith("back")):
        seat = pending.get("seat", "p1")
        side = other(seat) if pending.get("kind") in ("special_damage", "arts_retarget", "skill_arts_retarget",
                                                      "opp_front_to_back") else seat
        return holo_label(t, side, choice)
    return card_label(t, choice)


COMMANDS.complete()


# ------------------------------------------------------------------- the turn

def resolve(t: Board) -> None:
    EFFECTS.resolve(t)
    decide(t)


def start_turn(t: Board, seat: str, now: bool = True) -> None:
    """A new turn: リセット (wake; the collab holomem back to the back row, resting; an
    empty centre filled from the back), ドロー, エール; then メイン. ``now``: resolved at once (else its
    frames are left to the resolution that runs this: ``turn_over``)."""
    s = t.s
    s["turn"] += 1
    s["active"] = seat
    s["phase"] = "reset"
    pl = t.p(seat)
    pl["turns"] += 1
    pl["used"] = fresh_used()
    pl["cited"] = []
    t.event("turn", seat=seat, turn=s["turn"])
    for _, h in t.stage(seat):
        no_wake = h.pop("no_wake", False)  # 「選んだホロメンは、次の相手のリセットステップでアクティブにならない」 (event_supports)
        h["rested"] = h["rested"] and (no_wake or oshi_skills.stays_rested(t, seat, h))  # 「…アクティブにならない」
    if pl["collab"] is not None and not locked(t, seat, "collab"):  # 「…移動できない」: it stays in the collab position
        h, pl["collab"] = pl["collab"], None
        h["rested"] = not (keywords.stays_awake(t, seat, h)  # a gift: 「…移動してもお休みしない」
                           or oshi_skills.stays_awake(t, seat, h))  # 「…リセットステップでお休みしない」
        pl["back"].append(h)
        t.event("collab_rests", seat=seat, card=h["card"])
    s["stack"].extend([frame("cheer_step", seat, None, "turn"), frame("draw_step", seat, None, "turn"),
                       frame("fill_center", seat, None, "turn")])
    if now:
        resolve(t)


# ------------------------------------------------------------------- the game's hooks

MAX_PLACEMENTS = 200


#: the state's parts ``HocgRules.copy`` shares with the state it copies (``events`` starts afresh)
_SHARED = ("zones", "seed", "roll", "chance")


class HocgRules(Game):
    context = Board
    expansion_limit = 256  # a redraw of seven unseen cards lists its first sequences only

    def load_cardset(self, data: Any, progress: Callable[[int, int], None] | None = None) -> CardSet:
        """This game's card set format, or the raw official card list (converted; its digest
        is that of the list as given; ``progress(done, total)`` is told of each printing
        converted, for ``kifu cards import``'s progress bar)."""
        if rawlist.is_raw(data):
            try:
                canon.check_plain(data)
            except TypeError as exc:
                raise CardSetError({"_schema": [str(exc)]}) from None
            converted = rawlist.convert(data, progress)
            cs = load(self.cardset_schema, converted)
            return CardSet(id=cs.id, digest=rawlist.digest_id(data)[1], cards=cs.cards, data=data, loaded=cs.loaded)
        if isinstance(data, dict) and "cards" not in data and data and all(isinstance(v, dict) for v in data.values()):
            raise CardSetError({"_schema": ["neither a card set (no 'cards') nor a card list (printings need "
                                            "'card_type')"]})
        return load(self.cardset_schema, data)

    def card_line(self, card_id: str) -> str:
        """Number, rarity, level and HP: seven printings of 炎堂アカリ differ in these."""
        card = self._cs().cards.get(card_id)
        if not card:
            return card_id
        level = {"debut": "Debut", "1st": "1st", "2nd": "2nd", "spot": "Spot"}.get(card.get("level") or "", "")
        facts = [card.get("number") or card_id, card.get("rarity") or "", level or str(card.get("kind") or ""),
                 f"HP {card['hp']}" if card.get("hp") else "", f"LIFE {card['life']}" if card.get("life") else ""]
        return " · ".join(f for f in facts if f)

    def deal(self, t: Board, options: Any, players: int) -> None:
        """ゲームの準備 (``state.deal``)."""
        deal(t, options)

    def precheck(self, t: Board, cmd: dict) -> bool:
        """Not over; a pending decision first (an ability resolved by hand also takes
        ``effect`` commands); the preparation's deciding seat, else the active seat."""
        s = t.s
        if s["over"] is not None:
            raise RuleViolation(R_OVER, "the game is over")
        pending = s["pending"]
        if pending is not None:
            if pending["kind"] == "manual" and cmd["type"] == "effect" and cmd["seat"] == pending["seat"]:
                return False
            decisions.check_choice(s, cmd, t.rule_of(pending["card"]))
            return True
        if cmd["type"] == "choose":
            raise RuleViolation(R_TURN, "no decision is pending")
        if cmd["type"] != "effect" and cmd["seat"] != s["active"]:
            raise RuleViolation(R_PREP if s["phase"] in ("mulligan", "place") else R_TURN,
                                f"it is {s['active']}'s {'decision' if s['phase'] in ('mulligan', 'place') else 'turn'}, "
                                f"not {cmd['seat']}'s")
        return False

    def after(self, t: Board, cmd: dict) -> None:
        decide(t)
        manual.settle(t)

    def copy(self, state: dict) -> dict:
        """A deep copy whose ``events`` start empty (they are the notes of one command); what is
        never changed in place is shared, not copied: the zones (the kit copies them on their
        first move), the seed, the last die (``roll``: only ever replaced) and ``chance`` (the
        kit replaces it after every command); and each seat's half (``players``) is copied
        only when the command first reads it (``working``, ``Board.p``): most commands touch
        one seat's, and the copy is most of what a step costs."""
        rest = dict(state)
        for key in (*_SHARED, "events", "players"):
            rest.pop(key, None)
        s = marshal.loads(marshal.dumps(rest))
        for key in _SHARED:
            if key in state:
                s[key] = state[key]
        if "players" in state:
            s["players"] = dict(state["players"])
        s["events"] = []
        return s

    def working(self, t: Board) -> None:
        t.shared = set(t.s.get("players") or ())

    # -- listing -----------------------------------------------------------------------
    def legal_commands(self, state: dict, seat: str) -> list[dict]:
        """Every command ``seat`` may post now (a pending decision's options enumerated)."""
        if state["over"] is not None:
            return []
        t = self.context(state, self._cs())
        if state["pending"] is not None:
            return decisions.choices(state, seat) + self.passing(t, manual.templates(t, seat))
        if seat != state["active"]:
            return []
        phase = state["phase"]
        if phase == "mulligan":
            candidates = [{"type": "keep", "seat": seat}, {"type": "mulligan", "seat": seat}]
        elif phase == "place":
            candidates = placements(t, seat)
        elif phase == "main":
            candidates = main_candidates(t, seat) + arts_candidates(t, seat) + [{"type": "end_turn", "seat": seat}]
        elif phase == "performance":
            candidates = arts_candidates(t, seat) + [{"type": "end_turn", "seat": seat}]
        else:
            candidates = []
        return self.passing(t, candidates)

    def to_act(self, state: dict) -> tuple[str, ...]:
        """The deciding seat of a pending choice, else the active (or preparing) seat; () once over."""
        if state["over"] is not None:
            return ()
        if state["pending"] is not None:
            return (state["pending"]["seat"],)
        return (state["active"],)

    def outcome(self, state: dict) -> Outcome | None:
        over = state["over"]
        if over is None:
            return None
        if over["winner"] is None:
            return Outcome(winners=(), reason=over["reason"], draw=True)
        return Outcome(winners=(over["winner"],), reason=over["reason"])

    def turn(self, state: dict) -> int:
        """The 1-based turn number (each player's turn counts one; preparation is turn 1)."""
        return max(1, state["turn"])

    def phase(self, state: dict) -> str:
        """"mulligan" | "place" | "reset" | "draw" | "cheer" | "main" | "performance" | "over"."""
        return state["phase"]


def placements(t: Board, seat: str) -> list[dict]:
    """Every face-down placement: a Debut to the centre, any Debut/Spot holomem to the back."""
    hand = t.p(seat)["hand"]
    cards = [c for c in t.hand_cards(seat) if C.is_holomem(t.card(c)) and t.card(c)["level"] in ("debut", "spot")]
    # how many hand entries could be each card (a known copy, or an unknown card)
    room = {c: sum(1 for i in hand if t.zones.could_be(i, c)) for c in cards}
    pool = [c for c in cards for _ in range(min(room[c], MAX_STAGE))]
    out: list[dict] = []
    for center in [c for c in cards if t.card(c)["level"] == "debut"]:
        rest = list(pool)
        rest.remove(center)
        seen = set()
        for n in range(0, min(len(rest), MAX_STAGE - 1) + 1):
            for back in combinations(rest, n):
                if back in seen:
                    continue
                seen.add(back)
                out.append({"type": "place", "seat": seat, "center": center, "back": list(back)})
                if len(out) >= MAX_PLACEMENTS:
                    return out
    return out


def main_candidates(t: Board, seat: str) -> list[dict]:
    pl = t.p(seat)
    out: list[dict] = []
    hand = t.hand_cards(seat)
    positions = t.positions(seat)
    for c in hand:
        card = t.card(c)
        if C.is_holomem(card) and card["level"] in ("debut", "spot"):
            out.append({"type": "play", "seat": seat, "card": c})
        elif C.is_holomem(card):
            out += [{"type": "bloom", "seat": seat, "card": c, "target": p} for p in positions]
        elif card["kind"] == "support":
            if card["support"] in C.ATTACHED:
                out += [{"type": "support", "seat": seat, "card": c, "target": p} for p in positions]
            else:
                out.append({"type": "support", "seat": seat, "card": c})
    for skill in ("oshi", "sp"):
        if oshi_ability(t, seat, skill) is not None:
            out.append({"type": "oshi_skill", "seat": seat, "skill": skill})
    out += keywords.main_gift_candidates(t, seat)  # 「自分のメインステップで、…」 gifts
    out += timing_steps.card_main_candidates(t, seat)  # attached cards' 「…能力追加 自分のメインステップで、…」, 光、再び灯りて
    backs = [p for p in positions if p.startswith("back")]
    out += [{"type": "collab", "seat": seat, "back": p} for p in backs]
    center = pl["center"]
    if center is not None and not locked(t, seat, "center"):  # 「…バトンタッチ、移動、交代できない」
        cost = t.baton_cost(center)
        payments = sorted(set(tuple(sorted(x)) for x in combinations(center["cheer"], cost)))
        out += [{"type": "baton_touch", "seat": seat, "back": p, "cheer": list(pay)} for p in backs for pay in payments]
    return out


def arts_candidates(t: Board, seat: str) -> list[dict]:
    out = []
    for pos in ("center", "collab"):
        h = t.holo(seat, pos)
        if h is None:
            continue
        for i in range(len(bloom_again.arts_list(t, seat, pos))):
            out += [{"type": "arts", "seat": seat, "holomem": pos, "art": i, "target": tgt}
                    for tgt in keywords.forced_targets(t, other(seat)) or ("center", "collab")]
    return out

