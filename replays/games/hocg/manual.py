"""Structured effect commands: an ability the engine does not automate, resolved by hand.

``{"type": "effect", "seat", "op", "source": {"card", "ability"}, ...}``: one step of
the ability's text, checked for feasibility and attributed to ``source``, which must be
an ability this seat may be resolving: the one waiting to be resolved by hand (its
``manual`` decision is pending: ``choose "done"`` closes it), an ability used this turn
(``cited``: a support card, an art, an oshi skill, a bloom or collab effect), or a gift
or tool on the seat's stage or its oshi. The ops (fields beyond ``op`` and ``source``):

==============  ================================================================
``draw``        ``count`` (1): cards from the deck to the hand
``roll``        a die (a chance event; the face is ``state["roll"]``)
``shuffle``     ``pile``: "deck" | "cheer_deck"
``holopower``   ``count`` (1): the deck's top cards face down to ホロパワー
``move``        ``card`` from ``src`` to ``dest`` (hand, archive, deck, deck_top,
                deck_bottom, holopower, cheer_deck); from "deck"/"cheer_deck" it is a
                search (``card`` named; ``reveal``: shown to the opponent, as a search
                for a stated kind of card must be), from "deck_top" the top card
                (a chance event), from "holopower" a face-down card turned up
``attach_cheer`` ``card`` (null: the cheer deck's top) from ``src`` ("cheer_deck" |
                "archive" | a position of yours) to your holomem at ``pos``
``archive_cheer`` ``card`` attached to the ``side``'s holomem at ``pos``
``damage``      ``amount`` to the ``side``'s holomem at ``pos`` (``special``: 特殊ダメージ);
                downs follow
``heal``        ``amount`` of damage removed from the ``side``'s holomem at ``pos``
``hp``          HP ±``amount`` until the end of the turn (a holomem may go down)
``arts_bonus``  arts ±``amount`` until the end of the turn
==============  ================================================================
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any

from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import cards as C
from kifu.replays.games.hocg.commands import COMMANDS, POSITIONS
from kifu.replays.games.hocg.effects import EFFECTS, check_downs, damage, decide, roll
from kifu.replays.games.hocg.state import Board, other, pos_label
from kifu.replays.kit import ALL, is_token

R_EFFECT = "カード/効果"
MAX_STEPS = 12  # effect commands ``legal`` offers per hand-resolved ability (then only "done")


def ability_names(t: Board, card: str) -> set[str]:
    c = t.card(card)
    names = {a["name"] or a["kind"] for a in c["abilities"]} | {a["kind"] for a in c["abilities"]}
    return names | {a["name"] for a in c["arts"]}


def on_stage(t: Board, seat: str, card: str) -> bool:
    if t.p(seat)["oshi"] == card:
        return True
    return any(h["card"] == card or card in h["attached"] for _, h in t.stage(seat))


def check_source(t: Board, cmd: dict) -> str:
    """The rule name of the cited ability; RuleViolation if the seat may not resolve it now."""
    seat, src = cmd["seat"], cmd["source"]
    card, ability = src["card"], src["ability"]
    if card not in t.cs.cards:
        raise RuleViolation(R_EFFECT, f"{card!r} is not a card of this card set")
    rule = f"カード/{t.name(card)}"
    pending = t.s["pending"]
    if pending is not None:
        f = t.s["stack"][-1]
        if f["card"] != card or f["params"].get("ability") != ability:
            raise RuleViolation(rule, f"the ability being resolved is {t.name(f['card'])}'s "
                                      f"「{f['params'].get('ability')}」")
        return rule
    if ability not in ability_names(t, card):
        raise RuleViolation(rule, f"{t.name(card)} has no ability 「{ability}」")
    if src not in t.p(seat)["cited"] and not on_stage(t, seat, card):
        raise RuleViolation(rule, f"{t.name(card)}'s 「{ability}」 was not used this turn and is not on your stage")
    if t.s["phase"] not in ("main", "performance"):
        raise RuleViolation(rule, "abilities are resolved by hand in a main or performance phase")
    return rule


def target(t: Board, cmd: dict, rule: str) -> tuple[str, dict]:
    side = other(cmd["seat"]) if cmd.get("side", "self") == "opponent" else cmd["seat"]
    pos = cmd.get("pos")
    h = t.holo(side, pos) if pos in POSITIONS else None
    if h is None:
        raise RuleViolation(rule, f"no holomem at {pos} ({side})")
    return side, h


def need(cmd: dict, *keys: str, rule: str) -> None:
    missing = [k for k in keys if cmd.get(k) is None]
    if missing:
        raise RuleViolation(rule, f"{cmd['op']} needs {', '.join(missing)}")


@COMMANDS.implements("effect")
class Effect:
    def check(self, t: Board, cmd: dict) -> None:
        rule = check_source(t, cmd)
        seat, op = cmd["seat"], cmd["op"]
        pl = t.p(seat)
        if op in ("draw", "holopower"):
            if t.deck_size(seat) < cmd.get("count", 1):
                raise RuleViolation(rule, f"the deck has {t.deck_size(seat)} card(s)")
        elif op == "move":
            need(cmd, "src", "dest", rule=rule)
            src, dest, card = cmd["src"], cmd["dest"], cmd.get("card")
            if src in POSITIONS or dest in POSITIONS:
                raise RuleViolation(rule, "move is between hand, archive, deck, holopower and cheer deck")
            if src == dest:
                raise RuleViolation(rule, "the card would not move")
            if card is None and not (src == "deck_top" or (src in ("deck", "cheer_deck") and t.s["table"] == "observed")):
                raise RuleViolation(rule, "name the card")
            if card is not None and card not in t.cs.cards:
                raise RuleViolation(rule, f"{card!r} is not a card of this card set")
            if src == "hand" and not t.zones.holds(pl["hand"], card):
                raise RuleViolation(rule, f"{card!r} is not in your hand")
            if src == "archive" and card not in pl["archive"]:
                raise RuleViolation(rule, f"{card!r} is not in your archive")
            if src in ("deck", "deck_top") and t.deck_size(seat) == 0:
                raise RuleViolation(rule, "the deck is empty")
            if src == "deck" and card is not None and card not in t.zones.may_contain(f"deck/{seat}"):
                raise RuleViolation(rule, f"{card!r} cannot be in your deck")
            if src == "cheer_deck":
                if t.cheer_deck_size(seat) <= 0:
                    raise RuleViolation(rule, "the cheer deck is empty")
                if card is not None and card not in t.zones.may_contain(f"cheer/{seat}"):
                    raise RuleViolation(rule, f"{card!r} cannot be in your cheer deck")
            if src == "holopower" and not t.zones.holds(pl["holopower"], card):
                raise RuleViolation(rule, f"{card!r} cannot be in your ホロパワー")
            if card is not None:
                is_cheer = C.is_cheer(t.cs, card)
                if (dest == "cheer_deck") != is_cheer and dest in ("cheer_deck", "deck", "deck_top", "deck_bottom"):
                    raise RuleViolation(rule, f"{t.name(card)} does not go into that deck")
        elif op == "attach_cheer":
            need(cmd, "src", "pos", rule=rule)
            if t.holo(seat, cmd["pos"]) is None:
                raise RuleViolation(rule, f"no holomem of yours at {cmd['pos']}")
            card, src = cmd.get("card"), cmd["src"]
            if card is not None and not C.is_cheer(t.cs, card):
                raise RuleViolation(rule, f"{card!r} is not a cheer card")
            if src == "cheer_deck":
                if t.cheer_deck_size(seat) <= 0:
                    raise RuleViolation(rule, "the cheer deck is empty")
                if card is not None and card not in t.zones.may_contain(f"cheer/{seat}"):
                    raise RuleViolation(rule, f"{card!r} cannot be in your cheer deck")
            elif src == "archive":
                if card not in pl["archive"]:
                    raise RuleViolation(rule, f"{card!r} is not in your archive")
            elif src in POSITIONS:
                h = t.holo(seat, src)
                if h is None or card not in h["cheer"] or src == cmd["pos"]:
                    raise RuleViolation(rule, f"{card!r} is not attached to your holomem at {src}")
            else:
                raise RuleViolation(rule, "cheer comes from the cheer deck, the archive or a holomem")
        elif op == "archive_cheer":
            need(cmd, "pos", "card", rule=rule)
            _, h = target(t, cmd, rule)
            if cmd["card"] not in h["cheer"]:
                raise RuleViolation(rule, f"{cmd['card']!r} is not attached there")
        elif op in ("damage", "heal", "hp", "arts_bonus"):
            need(cmd, "pos", "amount", rule=rule)
            target(t, cmd, rule)
            if op in ("damage", "heal") and cmd["amount"] <= 0:
                raise RuleViolation(rule, f"{op} takes a positive amount")
        elif op == "shuffle":
            need(cmd, "pile", rule=rule)

    def apply(self, t: Board, cmd: dict) -> None:
        s = t.s
        held = None
        if s["pending"] is not None:  # the manual ability waits under whatever this step causes
            held = s["stack"].pop()
            held["params"]["ops"] = held["params"].get("ops", 0) + 1
            s["pending"] = None
        base = len(s["stack"])
        run(t, cmd)
        if held is not None and s["over"] is None:
            s["stack"].insert(base, held)
        EFFECTS.resolve(t)
        decide(t)

    def label(self, t: Board, cmd: dict, seat: str) -> str:
        return f"{cmd['seat']}: {t.name(cmd['source']['card'])}「{cmd['source']['ability']}」— {op_text(t, cmd)}"


def run(t: Board, cmd: dict) -> None:
    seat, op = cmd["seat"], cmd["op"]
    rule = f"カード/{t.name(cmd['source']['card'])}"
    pl = t.p(seat)
    src_card = cmd["source"]["card"]
    t.event("effect", seat=seat, op=op, card=src_card, ability=cmd["source"]["ability"])
    if op == "draw":
        for _ in range(cmd.get("count", 1)):
            t.draw(seat, rule)
    elif op == "roll":
        roll(t, seat, src_card, rule)
    elif op == "shuffle":
        t.zones.shuffle(f"{'deck' if cmd['pile'] == 'deck' else 'cheer'}/{seat}")
    elif op == "holopower":
        for _ in range(cmd.get("count", 1)):
            pl["holopower"].append(t.zones.draw(f"deck/{seat}", "holopower", rule, visible=()))
    elif op == "move":
        card = take(t, seat, cmd, rule)
        put(t, seat, cmd["dest"], card)
    elif op == "attach_cheer":
        card, src = cmd.get("card"), cmd["src"]
        if src == "cheer_deck":
            card = (t.reveal_cheer(seat, "cheer", rule) if card is None
                    else t.zones.take(f"cheer/{seat}", card, rule, how="search"))
        elif src == "archive":
            pl["archive"].remove(card)
        else:
            t.holo(seat, src)["cheer"].remove(card)
        t.holo(seat, cmd["pos"])["cheer"].append(card)
        t.event("cheer", seat=seat, pos=cmd["pos"], card=card)
    elif op == "archive_cheer":
        side, h = target(t, cmd, rule)
        h["cheer"].remove(cmd["card"])
        t.archive(side, cmd["card"])
    elif op == "damage":
        side, _ = target(t, cmd, rule)
        damage(t, side, cmd["pos"], cmd["amount"], source=src_card, special=cmd.get("special", True))
    elif op == "heal":
        _, h = target(t, cmd, rule)
        h["damage"] = max(0, h["damage"] - cmd["amount"])
    elif op == "hp":
        _, h = target(t, cmd, rule)
        h["mods"]["hp"] += cmd["amount"]
        check_downs(t)
    elif op == "arts_bonus":
        _, h = target(t, cmd, rule)
        h["mods"]["arts"] += cmd["amount"]


def take(t: Board, seat: str, cmd: dict, rule: str) -> str:
    pl, src, card = t.p(seat), cmd["src"], cmd.get("card")
    if src == "hand":
        return t.take_from_hand(seat, card, "effect", rule)
    if src == "archive":
        pl["archive"].remove(card)
        return card
    if src == "deck_top":
        visible = ALL if cmd["dest"] == "archive" else (seat,)
        return t.zones.draw(f"deck/{seat}", "deck_top", rule, visible=visible,
                            unknown_ok=cmd["dest"] not in ("archive",))
    if src in ("deck", "cheer_deck"):
        item = t.zones.take(f"{'deck' if src == 'deck' else 'cheer'}/{seat}", card, rule, how="search")
        if cmd.get("reveal") or src == "cheer_deck":
            t.event("reveal", seat=seat, card=item, source=cmd["source"]["card"])
        return item
    item = next(i for i in pl["holopower"] if t.zones.could_be(i, card))  # holopower
    pl["holopower"].remove(item)
    if is_token(item):
        t.zones.reveal(item, card, "effect", rule)
    return card


def put(t: Board, seat: str, dest: str, card: str) -> None:
    pl = t.p(seat)
    if dest == "hand":
        pl["hand"].append(card)
    elif dest == "archive":
        pl["archive"].append(t.face_up(card, "archive", R_EFFECT))
    elif dest == "holopower":
        pl["holopower"].append(card)
    elif dest == "deck":
        t.zones.shuffle_in(f"deck/{seat}", card)
    elif dest == "cheer_deck":
        t.zones.shuffle_in(f"cheer/{seat}", card)
    else:
        t.zones.put(f"deck/{seat}", card, end="top" if dest == "deck_top" else "bottom")


ZONE_NAMES = {"hand": "手札", "archive": "アーカイブ", "deck": "デッキ", "deck_top": "デッキの上",
              "deck_bottom": "デッキの下", "holopower": "ホロパワー", "cheer_deck": "エールデッキ"}


def card_text(t: Board, card: Any) -> str:
    """A card as a label names it: its name and printing id (two printings may share a name)."""
    if isinstance(card, str) and card in t.cs.cards:
        return f"{t.name(card)}〔{card}〕"
    return str(card)


def op_text(t: Board, cmd: dict) -> str:
    op = cmd["op"]
    side = "相手の" if cmd.get("side") == "opponent" else ""
    where = lambda z: ZONE_NAMES.get(z) or f"{side}{pos_label(z)}"  # noqa: E731
    if cmd.get("card"):
        card = card_text(t, cmd["card"])
    elif cmd.get("src") == "deck_top" or (op == "attach_cheer" and cmd.get("src") == "cheer_deck"):
        card = "（上の1枚）"
    else:
        card = "（非公開のカード）"
    if op == "draw":
        return f"{cmd.get('count', 1)}枚引く"
    if op == "roll":
        return "サイコロを振る"
    if op == "shuffle":
        return f"{ZONE_NAMES.get(cmd.get('pile'), cmd.get('pile'))}をシャッフル"
    if op == "holopower":
        return f"デッキの上から{cmd.get('count', 1)}枚をホロパワーに"
    if op == "move":
        shown = "（公開）" if cmd.get("reveal") else ""
        return f"{card}{shown}を{where(cmd.get('src'))}から{where(cmd.get('dest'))}へ"
    if op == "attach_cheer":
        return f"{card}を{where(cmd.get('src'))}から{pos_label(cmd.get('pos'))}に付ける"
    if op == "archive_cheer":
        return f"{side}{pos_label(cmd.get('pos'))}の{card}をアーカイブ"
    if op == "damage":
        return f"{side}{pos_label(cmd.get('pos'))}に{'特殊' if cmd.get('special', True) else ''}ダメージ{cmd.get('amount')}"
    if op == "heal":
        return f"{side}{pos_label(cmd.get('pos'))}のHP{cmd.get('amount')}回復"
    if op == "hp":
        return f"{side}{pos_label(cmd.get('pos'))}のHP{cmd.get('amount'):+d}（ターン終了まで）"
    return f"{side}{pos_label(cmd.get('pos'))}のアーツ{cmd.get('amount'):+d}（ターン終了まで）"


# ------------------------------------------------------------------ what the table offers

def templates(t: Board, seat: str) -> list[dict]:
    """Every structured effect command the table offers while ``seat``'s ability waits to
    be resolved by hand (``legal`` keeps those that pass ``check``), most used first:

    - draw one card, roll a die, shuffle either deck, the deck top to ホロパワー;
    - the amounts of damage (special or not, either side), healing, HP and arts until
      the end of the turn, where the text speaks of them (ダメージ, 回復, HP, アーツ):
      each number printed in the text, 1 to ``MAX_TIMES`` times (an amount per card
      counted), or ``AMOUNTS`` if it prints none;
    - a search of the deck (to the hand, shown or not, or to the archive), of the cheer
      deck, of ホロパワー; the deck's top card anywhere; any hand or archive card to any
      zone it may go to;
    - cheer attached from the cheer deck (its top or a named one), the archive or another
      holomem to each holomem, and each attached cheer of either side archived.

    Commands that differ only in the card they name are one picker at the table. After
    ``MAX_STEPS`` steps of one ability only "done" is offered (a bound, so that a random
    player's ability ends; the API still takes further steps).
    """
    pending = t.s["pending"]
    if pending is None or pending["kind"] != "manual" or pending["seat"] != seat:
        return []
    f = t.s["stack"][-1]
    if f["params"].get("ops", 0) >= MAX_STEPS:
        return []
    text = unicodedata.normalize("NFKC", f["params"].get("text") or "")
    base = {"type": "effect", "seat": seat, "source": {"card": f["card"], "ability": f["params"]["ability"]}}

    def cmd(op: str, **fields: Any) -> dict:
        return {**base, "op": op, **fields}

    opp = other(seat)
    mine, theirs = t.positions(seat), t.positions(opp)
    out = [cmd("draw", count=1), cmd("roll")]
    out += amount_templates(text, cmd, mine, theirs)
    pl = t.p(seat)
    deck = sorted(set(t.zones.may_contain(f"deck/{seat}")) & set(t.cs.cards)) if t.deck_size(seat) else []
    for card in deck:
        out += [cmd("move", card=card, src="deck", dest="hand", reveal=True),
                cmd("move", card=card, src="deck", dest="hand"),
                cmd("move", card=card, src="deck", dest="archive")]
    if t.s["table"] == "observed" and t.deck_size(seat):
        out.append(cmd("move", card=None, src="deck", dest="hand"))
    cheer_deck = (sorted(set(t.zones.may_contain(f"cheer/{seat}")) & set(t.cs.cards))
                  if t.cheer_deck_size(seat) > 0 else [])
    for pos in mine:
        out.append(cmd("attach_cheer", card=None, src="cheer_deck", pos=pos))
        out += [cmd("attach_cheer", card=card, src="cheer_deck", pos=pos) for card in cheer_deck]
        out += [cmd("attach_cheer", card=card, src="archive", pos=pos)
                for card in sorted(set(pl["archive"])) if C.is_cheer(t.cs, card)]
        for src in (p for p in mine if p != pos):
            out += [cmd("attach_cheer", card=card, src=src, pos=pos) for card in sorted(set(t.holo(seat, src)["cheer"]))]
    for side, positions in (("opponent", theirs), ("self", mine)):
        for pos in positions:
            h = t.holo(opp if side == "opponent" else seat, pos)
            out += [cmd("archive_cheer", card=card, side=side, pos=pos) for card in sorted(set(h["cheer"]))]
    out += [cmd("move", card=None, src="deck_top", dest=dest)
            for dest in ("hand", "archive", "holopower", "deck_bottom")]
    for card in t.hand_cards(seat):
        dests = ("archive", "deck", "deck_top", "deck_bottom", "holopower")
        out += [cmd("move", card=card, src="hand", dest=dest) for dest in dests]
    for card in sorted(set(pl["archive"])):
        dests = ("cheer_deck", "hand") if C.is_cheer(t.cs, card) else ("hand", "deck", "deck_top", "deck_bottom")
        out += [cmd("move", card=card, src="archive", dest=dest) for dest in dests]
    holopower = pl["holopower"]
    held = t.zones.candidates(holopower) if any(is_token(i) for i in holopower) else sorted(set(holopower))
    out += [cmd("move", card=card, src="holopower", dest=dest) for card in held for dest in ("hand", "archive")]
    out += [cmd("move", card=card, src="cheer_deck", dest="archive") for card in cheer_deck]
    out += [cmd("shuffle", pile="deck"), cmd("shuffle", pile="cheer_deck"), cmd("holopower", count=1)]
    return out


#: amounts offered when an ability's text prints none
AMOUNTS = (10, 20, 30, 50, 100)
#: an amount printed in the text is offered up to this many times over (「1枚につき+20」)
MAX_TIMES = 5


def amounts(text: str) -> list[int]:
    printed = {int(n) for n in re.findall(r"\d+", text) if int(n) % 10 == 0 and 0 < int(n) <= 200}
    if not printed:
        return list(AMOUNTS)
    return sorted({n * k for n in printed for k in range(1, MAX_TIMES + 1) if n * k <= 500})


def amount_templates(text: str, cmd: Any, mine: list[str], theirs: list[str]) -> list[dict]:
    """Damage, healing, HP and arts changes in the amounts the text allows (see ``templates``)."""
    out: list[dict] = []
    values = amounts(text)
    if "ダメージ" in text:
        kinds = (True,) if "特殊ダメージ" in text else (True, False)
        for side, positions in (("opponent", theirs), ("self", mine)):
            out += [cmd("damage", side=side, pos=pos, amount=n, special=special)
                    for pos in positions for n in values for special in kinds]
    if "回復" in text:
        out += [cmd("heal", side="self", pos=pos, amount=n) for pos in mine for n in values]
    if "HP" in text:
        out += [cmd("hp", side="self", pos=pos, amount=n) for pos in mine for n in values]
    if "アーツ" in text:
        out += [cmd("arts_bonus", side="self", pos=pos, amount=n) for pos in mine for n in values]
    return out
