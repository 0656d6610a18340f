"""Check, apply and label, one class per command type; then what is legal and who acts.

``check`` raises ``RuleViolation`` naming the supplement's section; ``apply`` trusts it and
starts frames (``effects``), resolving until the stack is empty or someone must decide.
"""
from __future__ import annotations

from typing import Any

from kifu.replays.errors import RuleViolation
from kifu.replays.games.heroes_placement.cards import declared, is_character, is_event
from kifu.replays.games.heroes_placement.commands import COMMANDS
from kifu.replays.games.heroes_placement.effects import (
    EFFECTS, WINDOWS, check_block, declarable, moved, open_window, start_declaration)
from kifu.replays.games.heroes_placement.state import (
    LEADER, R_APPEAR, R_BATTLE1, R_BATTLE2A, R_BATTLE2B, R_BATTLE3, R_BOTH, R_COOP_ATK, R_COOP_BOTH, R_COOP_DEF, R_COST,
    R_DECL, R_END, R_FLOW, R_KINDS, R_LEADER, R_PREP4, R_PRIORITY, R_RECOVER, R_TRIGGER, R_WIN, SQUARE_NAMES, T,
    other)
from kifu.replays.kit import decisions, frame

#: the section a decision belongs to, by the effect that asks it (cited when a choice is refused)
SECTION_OF = {"rb:": R_PREP4, "declare": R_COST, "appear": R_APPEAR, "enter": R_APPEAR, "join": R_COOP_ATK,
              "block": R_BATTLE2B, "fight": R_COOP_BOTH, "discard": R_END, "pl:": R_BATTLE2A, "ev:recover": R_RECOVER,
              "ev:": R_DECL, "tr:": R_TRIGGER}


def section_of(kind: str) -> str:
    return next((rule for prefix, rule in SECTION_OF.items() if kind.startswith(prefix)), R_PRIORITY)


class Base:
    """Every command starts with this command's public notes empty."""

    def apply(self, t: T, cmd: dict) -> None:
        t.s["notes"] = []
        self.run(t, cmd)

    def run(self, t: T, cmd: dict) -> None:
        raise NotImplementedError


def _free(t: T, cmd: dict, rule: str) -> None:
    """The turn player acts with priority: nothing pending, no stack."""
    if t.s["pending"] is not None or t.s["stack"]:
        raise RuleViolation(R_PRIORITY, "a decision is pending")
    if cmd["seat"] != t.s["active"]:
        raise RuleViolation(R_PRIORITY, f"the turn player {t.s['active']} holds priority")


def _battle_free(t: T) -> bool:
    return t.s["battle"] is None


@COMMANDS.implements("choose")
class Choose(Base):
    def check(self, t: T, cmd: dict) -> None:
        pending = t.s["pending"]
        if pending and pending["kind"] == "window":
            raise RuleViolation(R_PRIORITY, "a response window is answered with respond or pass")
        rule = section_of(pending["kind"]) if pending else R_PRIORITY
        if pending and pending["kind"] == "block" and cmd["seat"] == pending["seat"]:
            check_block(t, cmd["choice"])  # the squares the supplement forbids, by the section forbidding them
            if isinstance(cmd["choice"], list) and len(cmd["choice"]) > 1:
                rule = R_COOP_DEF
        decisions.check_choice(t.s, cmd, rule)

    def run(self, t: T, cmd: dict) -> None:
        EFFECTS.answer(t, cmd)

    def label(self, t: T, cmd: dict, seat: str) -> str:
        return f"{seat}: {choice_text(t, t.s['pending'], cmd['choice'])}"


@COMMANDS.implements("pass")
class Pass(Base):
    def check(self, t: T, cmd: dict) -> None:
        _window(t, cmd)

    def run(self, t: T, cmd: dict) -> None:
        EFFECTS.answer(t, {**cmd, "choice": "pass"})

    def label(self, t: T, cmd: dict, seat: str) -> str:
        kind = t.s["stack"][-1]["params"]["kind"] if t.s["stack"] else 0
        return f"{seat}: パス（{WINDOWS.get(kind, '対応')}）"


def _window(t: T, cmd: dict) -> None:
    pending = t.s["pending"]
    if pending is None or pending["kind"] != "window":
        raise RuleViolation(R_PRIORITY, "no response window is open")
    if cmd["seat"] != pending["seat"]:
        raise RuleViolation(R_PRIORITY, f"the window is {pending['seat']}'s (自分の宣言に対応しての宣言は出来ません)")


@COMMANDS.implements("respond")
class Respond(Base):
    def check(self, t: T, cmd: dict) -> None:
        _window(t, cmd)
        declarable(t, cmd["seat"], cmd.get("card"), cmd.get("square"))

    def run(self, t: T, cmd: dict) -> None:
        EFFECTS.answer(t, {**cmd, "choice": {k: cmd[k] for k in ("card", "square") if k in cmd}})

    def label(self, t: T, cmd: dict, seat: str) -> str:
        return f"{seat}: 対応 {source_text(t, seat, cmd)}"


@COMMANDS.implements("declare")
class Declare(Base):
    def check(self, t: T, cmd: dict) -> None:
        _free(t, cmd, R_DECL)
        battle = t.s["battle"]
        if battle is not None and battle["stage"] != "blocked":
            raise RuleViolation(R_PRIORITY, "the battle awaits the defender")
        declarable(t, cmd["seat"], cmd.get("card"), cmd.get("square"))

    def run(self, t: T, cmd: dict) -> None:
        start_declaration(t, cmd["seat"], cmd.get("card"), cmd.get("square"), window=True)
        EFFECTS.resolve(t)

    def label(self, t: T, cmd: dict, seat: str) -> str:
        return f"{seat}: 宣言 {source_text(t, seat, cmd)}"


def source_text(t: T, seat: str, cmd: dict) -> str:
    if cmd.get("card") is not None:
        card = cmd["card"]
        return f"イベント {t.name(card)}" if card in t.cs.cards else str(card)
    sq = cmd.get("square")
    ch = t.char(seat, sq) if isinstance(sq, int) and 0 <= sq < 6 else None
    return f"{t.name(ch['card'])}（{SQUARE_NAMES[sq]}）の能力" if ch else f"マス{sq}の能力"


@COMMANDS.implements("leader_swap")
class LeaderSwap(Base):
    def check(self, t: T, cmd: dict) -> None:
        _free(t, cmd, R_LEADER)
        if t.s["phase"] != "leader":
            raise RuleViolation(R_LEADER, "the leader slot is changed only in the leader phase")
        if t.p(cmd["seat"])["swapped"]:
            raise RuleViolation(R_LEADER, "the leader phase move is once a turn (リーダーフェイズでの移動はターン1回)")
        sq = cmd["square"]
        if sq == LEADER:
            raise RuleViolation(R_LEADER, "name a character outside the leader slot "
                                          "(リーダー置き場以外のキャラ同士の入れ替えは出来ません)")
        if t.char(cmd["seat"], sq) is None:
            raise RuleViolation(R_LEADER, f"no character of {cmd['seat']} at {SQUARE_NAMES[sq]}")

    def run(self, t: T, cmd: dict) -> None:
        seat, sq = cmd["seat"], cmd["square"]
        g = t.grid(seat)
        g[sq]["char"], g[LEADER]["char"] = g[LEADER]["char"], g[sq]["char"]
        t.p(seat)["swapped"] = True
        t.note(f"{seat}: {t.name(g[LEADER]['char']['card'])}をリーダー置き場へ")
        for square in (sq, LEADER):
            if g[square]["char"] is not None:
                moved(t, seat, square)
        EFFECTS.resolve(t)

    def label(self, t: T, cmd: dict, seat: str) -> str:
        ch = t.char(seat, cmd["square"])
        return f"{seat}: {t.name(ch['card']) if ch else '?'}（{SQUARE_NAMES[cmd['square']]}）をリーダーに"


@COMMANDS.implements("attack")
class Attack(Base):
    def check(self, t: T, cmd: dict) -> None:
        _free(t, cmd, R_BATTLE1)
        if t.s["phase"] != "battle":
            raise RuleViolation(R_BATTLE1, "attacks are made in the battle phase")
        if not _battle_free(t):
            raise RuleViolation(R_BATTLE1, "a battle is in progress")
        seat = cmd["seat"]
        ch = t.char(seat, cmd["square"])
        if ch is None or ch["rested"]:
            raise RuleViolation(R_BATTLE1, f"no untapped character of {seat} at {SQUARE_NAMES[cmd['square']]}")
        if t.grid(other(seat))[cmd["target"]]["place"] is None:
            raise RuleViolation(R_BATTLE1, f"the opponent has no place at {SQUARE_NAMES[cmd['target']]} "
                                           "(相手キャラを攻撃対象に指定することはできません)")

    def run(self, t: T, cmd: dict) -> None:
        seat = cmd["seat"]
        ch = t.char(seat, cmd["square"])
        ch["rested"] = True
        t.s["battle"] = {"attacker": seat, "defender": other(seat), "target": cmd["target"],
                         "attackers": [ch["uid"]], "blockers": None, "stage": "declared", "interrupted": False}
        t.s["stack"].append(frame("block", other(seat), None, "battle"))
        open_window(t, 1)
        t.s["stack"].append(frame("join", seat, None, "battle"))
        EFFECTS.resolve(t)

    def label(self, t: T, cmd: dict, seat: str) -> str:
        ch = t.char(seat, cmd["square"])
        return (f"{seat}: 攻撃 {t.name(ch['card']) if ch else '?'}（{SQUARE_NAMES[cmd['square']]}）→ "
                f"相手プレイス（{SQUARE_NAMES[cmd['target']]}）")


@COMMANDS.implements("fight")
class Fight(Base):
    def check(self, t: T, cmd: dict) -> None:
        _free(t, cmd, R_BATTLE3)
        b = t.s["battle"]
        if b is None or b["stage"] != "blocked":
            raise RuleViolation(R_BATTLE3, "no blocked battle awaits its fight")

    def run(self, t: T, cmd: dict) -> None:
        t.s["stack"].append(frame("fight", cmd["seat"], None, "battle"))
        open_window(t, 4)
        EFFECTS.resolve(t)

    def label(self, t: T, cmd: dict, seat: str) -> str:
        return f"{seat}: バトルを処理する"


@COMMANDS.implements("appear")
class Appear(Base):
    def check(self, t: T, cmd: dict) -> None:
        _free(t, cmd, R_APPEAR)
        seat, card = cmd["seat"], cmd["card"]
        if card in t.cs.cards and t.card(card)["kind"] == "event":
            raise RuleViolation(R_KINDS, f"{t.card(card)['name']} is an event card (名前の部分が赤色), not a character: "
                                         "only character cards and character-and-event cards appear")
        if t.s["phase"] != "appear":
            blue = card in t.cs.cards and t.card(card)["kind"] == "both" and t.s["phase"] == "battle"
            raise RuleViolation(R_BOTH if blue else R_APPEAR, "characters appear from hand only in the appear phase"
                                + (" (バトルフェイズにキャラクターとして登場を宣言することはできない)" if blue else ""))
        if card not in t.cs.cards or t.hand_item(seat, card) is None:
            raise RuleViolation(R_APPEAR, f"{card} is not in {seat}'s hand")
        c = t.card(card)
        p = t.p(seat)
        if c["cost"] > p["pool"] + len(p["hand"]) - 1:
            raise RuleViolation(R_COST, f"{seat} cannot pay {c['cost']} for {c['name']}")

    def run(self, t: T, cmd: dict) -> None:
        seat, card = cmd["seat"], cmd["card"]
        t.take_from_hand(seat, card, "appear", R_APPEAR)
        p = t.p(seat)
        cost = t.card(card)["cost"]  # no event discount: it appears as a character (キャラクター兼イベントカード)
        used = min(p["pool"], cost)
        p["pool"] -= used
        t.s["stack"].append(frame("appear", seat, card, "appear", {"due": cost - used, "square": None}))
        EFFECTS.resolve(t)

    def label(self, t: T, cmd: dict, seat: str) -> str:
        card = cmd["card"]
        name = t.name(card) if card in t.cs.cards else card
        cost = t.card(card)["cost"] if card in t.cs.cards else "?"
        return f"{seat}: 登場 {name}（コスト{cost}）"


@COMMANDS.implements("end_phase")
class EndPhase(Base):
    NEXT = {"leader": "battle", "battle": "appear", "appear": "end"}

    def check(self, t: T, cmd: dict) -> None:
        _free(t, cmd, R_FLOW)
        if t.s["phase"] not in self.NEXT:
            raise RuleViolation(R_FLOW, f"the {t.s['phase']} phase is not ended by a command")
        if not _battle_free(t):
            raise RuleViolation(R_BATTLE3, "a battle is in progress")

    def run(self, t: T, cmd: dict) -> None:
        phase = t.s["phase"]
        if phase == "leader":
            t.s["end_battle"] = False
            skip = t.s["turn"] == 1  # バトルフェイズ(先攻1ターン目はスキップされる)
            t.s["phase"] = "appear" if skip else "battle"
            t.note("バトルフェイズはスキップ（先攻1ターン目）" if skip else "バトルフェイズへ")
            return
        t.s["stack"].append(frame("advance", cmd["seat"], None, "phase", {"to": self.NEXT[phase]}))
        open_window(t, 4)
        EFFECTS.resolve(t)

    def label(self, t: T, cmd: dict, seat: str) -> str:
        return {"leader": f"{seat}: リーダーフェイズ終了", "battle": f"{seat}: バトルフェイズ終了",
                "appear": f"{seat}: 登場フェイズ終了（ターン終了へ）"}.get(t.s["phase"], f"{seat}: フェイズ終了")


COMMANDS.complete()


# -- what a choice means, in words -----------------------------------------------------------
def choice_text(t: T, pending: dict | None, choice: Any) -> str:
    kind = pending["kind"] if pending else ""
    seat = pending["seat"] if pending else ""
    if choice == "done":
        return "終了"
    if choice == "none":
        return "選ばない"
    if choice == "through":
        return "攻撃を通す"
    if kind in ("rb:swap_own_places", "rb:swap_opponent_places") and isinstance(choice, list):
        return f"プレイス入れ替え {SQUARE_NAMES[choice[0]]}⇔{SQUARE_NAMES[choice[1]]}"
    if kind == "block":
        b = t.s["battle"]
        return "防御 " + "・".join(f"{_char_name(t, b['defender'], i)}（{SQUARE_NAMES[i]}）" for i in choice)
    if kind == "fight":
        b = t.s["battle"]
        victim = b["defender"] if seat == b["attacker"] else b["attacker"]
        if not choice:
            return "割り振り: 誰も倒さない"
        return "割り振り: " + "・".join(f"{_char_name(t, victim, i)}（{SQUARE_NAMES[i]}）" for i in choice) + "を倒す"
    if kind == "ev:step_in":
        return f"移動 {SQUARE_NAMES[choice[0]]}→{SQUARE_NAMES[choice[1]]}"
    if choice == "pick":
        return "裏向きのカードを1枚選ぶ（デッキ回復）"
    if kind in ("join",):
        return f"協力攻撃 {_char_name(t, seat, choice)}（{SQUARE_NAMES[choice]}）"
    if kind in ("ev:rest", "pl:rest"):
        return f"行動済みにする {_char_name(t, other(seat), choice)}（{SQUARE_NAMES[choice]}）"
    if kind in ("ev:equip", "pl:equip_self", "ev:ap_boost"):
        return f"対象 {_char_name(t, seat, choice)}（{SQUARE_NAMES[choice]}）"
    if isinstance(choice, int):
        return f"マス {SQUARE_NAMES[choice]}"
    if isinstance(choice, str) and choice in t.cs.cards:
        verb = {"discard": "捨てる", "declare": "コストに", "appear": "コストに"}.get(kind, "選ぶ")
        return f"{t.name(choice)}を{verb}"
    return str(choice)


def _char_name(t: T, seat: str, square: int) -> str:
    ch = t.char(seat, square)
    return t.name(ch["card"]) if ch else "?"


# -- listing -----------------------------------------------------------------------------
def declarations(t: T, seat: str, kind: str) -> list[dict]:
    """Every declaration ``seat`` may make now (events in hand, declared abilities)."""
    out = []
    for card in t.candidates(seat):
        if card in t.cs.cards and is_event(t.card(card)):
            out.append({"type": kind, "seat": seat, "card": card})
    for sq in t.chars(seat):
        if declared(t.card(t.char(seat, sq)["card"])):
            out.append({"type": kind, "seat": seat, "square": sq})
    ok = []
    for cmd in out:
        try:
            declarable(t, seat, cmd.get("card"), cmd.get("square"))
        except RuleViolation:
            continue
        ok.append(cmd)
    return ok


def legal_commands(t: T, seat: str) -> list[dict]:
    s = t.s
    if s["winner"] is not None or s["phase"] == "over":
        return []
    pending = s["pending"]
    if pending is not None:
        if pending["seat"] != seat:
            return []
        if pending["kind"] == "window":
            return [{"type": "pass", "seat": seat}, *declarations(t, seat, "respond")]
        return decisions.choices(s, seat)
    if seat != s["active"] or s["stack"]:
        return []
    phase, out = s["phase"], []
    if phase == "leader":
        if not t.p(seat)["swapped"]:
            out += [{"type": "leader_swap", "seat": seat, "square": i} for i in t.chars(seat) if i != LEADER]
        return out + [{"type": "end_phase", "seat": seat}]
    battle = s["battle"]
    if battle is not None:
        return [{"type": "fight", "seat": seat}, *declarations(t, seat, "declare")]
    if phase == "battle":
        targets = t.places(other(seat))
        out += [{"type": "attack", "seat": seat, "square": i, "target": tg}
                for i in t.chars(seat) if not t.char(seat, i)["rested"] for tg in targets]
    if phase == "appear":
        p = t.p(seat)
        for card in t.candidates(seat):
            c = t.card(card)
            if is_character(c) and c["cost"] <= p["pool"] + len(p["hand"]) - 1:
                out.append({"type": "appear", "seat": seat, "card": card})
    return out + declarations(t, seat, "declare") + [{"type": "end_phase", "seat": seat}]


def precheck(t: T, cmd: dict) -> bool:
    if t.s["winner"] is not None or t.s["phase"] == "over":
        raise RuleViolation(R_WIN, "the game is over")
    pending = t.s["pending"]
    if pending is not None and cmd["type"] not in ("choose", "pass", "respond"):
        raise RuleViolation(R_PRIORITY, f"{pending['seat']} must first decide: {pending['prompt']}")
    if pending is None and cmd["type"] in ("choose", "pass", "respond"):
        raise RuleViolation(R_PRIORITY, "no decision or response window is open")
    return False

