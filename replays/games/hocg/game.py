"""The hooks of hololive OCG that are rules (the facts and text hooks are in ``__init__``):
setup, the checks every command shares, the legal commands, who acts, the outcome."""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from replays.errors import RuleViolation
from replays.games.hocg import cards as C
from replays.games.hocg import manual, rawlist
from replays.games.hocg.commands import COMMANDS
from replays.games.hocg.effects import decide
from replays.games.hocg.rules import R_OVER, R_TURN, oshi_ability
from replays.games.hocg.state import MAX_STAGE, R_PREP, Board, deal
from replays.kit import CardSet, CardSetError, Game, decisions
from replays.kit import chance as _chance
from replays.kit.cardset import load
from replays.rules import Outcome

#: a command with several unseen events (a redraw of seven) lists its first outcome sequences only
EXPANSION = 256
MAX_PLACEMENTS = 200


class HocgRules(Game):
    context = Board

    def load_cardset(self, data: Any) -> CardSet:
        """This game's card set format, or the raw official card list (converted; its digest
        is that of the list as given)."""
        if rawlist.is_raw(data):
            converted = rawlist.convert(data)
            cs = load(self.cardset_schema, converted)
            return CardSet(id=cs.id, digest=rawlist.digest_id(data)[1], cards=cs.cards, data=data, loaded=cs.loaded)
        if isinstance(data, dict) and "cards" not in data and data and all(isinstance(v, dict) for v in data.values()):
            raise CardSetError({"_schema": ["neither a card set (no 'cards') nor a card list (printings need "
                                            "'card_type')"]})
        return load(self.cardset_schema, data)

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

    def expand(self, state: dict, cmd: dict) -> list[dict]:
        """The kit's expansion, bounded lower: a redraw's seven unseen cards would otherwise
        list thousands of sequences (the first ones stand for the rest)."""
        out: list[dict] = []
        todo = [cmd]
        while todo and len(out) < EXPANSION:
            c = todo.pop()
            try:
                self.apply(state, c)
            except _chance.OutcomeNeeded as need:
                options = list(need.event.options)
                if state["table"] == "observed" and need.event.unknown_ok:
                    options.append(None)
                todo.extend({**c, "outcomes": [*c.get("outcomes", []), o]} for o in reversed(options))
                continue
            except RuleViolation:
                continue
            out.append(c)
        return out

    # -- listing -----------------------------------------------------------------------
    def legal_commands(self, state: dict, seat: str) -> list[dict]:
        """Every command ``seat`` may post now (a pending decision's options enumerated)."""
        if state["over"] is not None:
            return []
        t = self.context(state, self._cs())
        if state["pending"] is not None:
            return decisions.choices(state, seat) + manual.templates(t, seat)
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
        out = []
        for cmd in candidates:
            try:
                COMMANDS[cmd["type"]].check(t, cmd)
            except RuleViolation:
                continue
            out.append(cmd)
        return out

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
    backs = [p for p in positions if p.startswith("back")]
    out += [{"type": "collab", "seat": seat, "back": p} for p in backs]
    center = pl["center"]
    if center is not None:
        cost = t.card(center["card"])["baton"]
        payments = sorted(set(tuple(sorted(x)) for x in combinations(center["cheer"], cost)))
        out += [{"type": "baton_touch", "seat": seat, "back": p, "cheer": list(pay)} for p in backs for pay in payments]
    return out


def arts_candidates(t: Board, seat: str) -> list[dict]:
    out = []
    for pos in ("center", "collab"):
        h = t.holo(seat, pos)
        if h is None:
            continue
        for i in range(len(t.card(h["card"])["arts"])):
            out += [{"type": "arts", "seat": seat, "holomem": pos, "art": i, "target": tgt}
                    for tgt in ("center", "collab")]
    return out


__all__ = ["HocgRules", "Counter"]
