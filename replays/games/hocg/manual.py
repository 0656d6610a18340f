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
                (``card`` null: "a card", the one put there first);
                a holomem onto the stage (``dest`` the back row's end ``back<n>``, or an
                empty "center" / "collab"; from hand, deck, archive or holopower, named,
                shown), off it (``src`` the ``side``'s position; to its owner's hand,
                deck, deck_top, deck_bottom, archive or holopower), or from one of your
                positions to another (an occupied one: the two change places)
``attach_cheer`` ``card`` (null: the cheer deck's top) from ``src`` ("cheer_deck" |
                "archive" | a position of yours) to your holomem at ``pos``
``archive_cheer`` ``card`` attached to the ``side``'s holomem at ``pos``
``damage``      ``amount`` to the ``side``'s holomem at ``pos`` (``special``: 特殊ダメージ);
                downs follow
``heal``        ``amount`` of damage removed from the ``side``'s holomem at ``pos``
``hp``          HP ±``amount`` (a holomem may go down) and ``arts_bonus`` arts
``arts_bonus``  ±``amount``, lasting ``until``: "turn" (absent: the end of this turn),
                "opponent_turn" (the end of the opponent's next turn, as 「次の相手のターン
                が終了するまで」), "attached" (while ``card`` stays attached to it)
==============  ================================================================

What the table offers (``templates``) is what the ability's text names: its zones and
verbs (手札, デッキ, アーカイブ, エール, ホロパワー, ステージ, ダメージ, HP, …), each move the
game has between them, at most ``MAX_PICKERS`` kinds at once (the manual decision then
offers narrowing choices, "narrow:<group>"); ``check`` still takes any step the record
format allows. After every command (``settle``) an ability whose leading condition does
not hold (「自分が後攻で最初のターンなら、…」) or that can do none of what its text names
resolves by itself (event ``manual_skipped``).

Who learns a moved card (``learnt_by``) is the kit's rule over the zones it moves between
(``kifu.replays.kit.knowledge``; ``SRC_KINDS``, ``DEST_KINDS``): a card from the hand put
into the deck, onto its top or bottom or into ホロパワー is known to its owner only (the
command and its line name it to nobody else), a search to the hand likewise, the deck's
top put face down to nobody, anything to or from the archive or the stage to everyone.
The owner's ホロパワー is face down to the owner too, so the table never offers a move
naming one of its cards: it offers "a card" (``card`` null), the one put there first
(as a cost takes them: they are alike face down), which the table knows (digital) or the
recorder states when it is turned up (physical; an observed table may leave it unknown
on its way to the hand). ``check`` still takes a named card (a recorder who saw it, the
records made before), hidden from those who did not learn it.

Rulings (judge's choice where the rulebook is silent):

- A holomem leaving the stage by an ability (to hand, deck, holopower, archive): the
  holomem under it (its Bloom stack) go with it to the same zone, the top card first (to
  the deck top, last, so that it ends on top); its cheer and attached supports are
  archived, as ダウン② archives "その他についている全てのカード". Source: the rulebook's ダウン
  ②; ちゃま旅 (hBP07-096) spells the stack out (「重なっているホロメンすべてを…デッキの下に戻す」).
- A holomem put onto the stage by an ability goes to the back row's end unless the text
  names a position; it "came onto the stage" this turn (no Bloom on it this turn: Bloom).
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any

from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import cards as C
from kifu.replays.games.hocg.commands import COMMANDS, POSITIONS
from kifu.replays.games.hocg.effects import EFFECTS, add_lasting, check_downs, damage, decide, names_of, roll
from kifu.replays.games.hocg.state import MAX_STAGE, Board, other, pos_label
from kifu.replays.kit import ALL, is_token
from kifu.replays.kit import knowledge as K

R_EFFECT = "カード/効果"
#: what each zone a moved card leaves shows (``kifu.replays.kit.knowledge``): a deck is
#: searched (looked through by its owner), its top taken unseen; the cheer deck's
#: search is always shown (``take``); a stage position is face up
SRC_KINDS = {"hand": K.OWNED, "deck": K.OWNED, "cheer_deck": K.OWNED, "deck_top": K.FACE_DOWN,
             "holopower": K.FACE_DOWN, "archive": K.FACE_UP}
#: what each zone a moved card goes to shows: every deck, its top and bottom and ホロパワー
#: are face down
DEST_KINDS = {"hand": K.OWNED, "deck": K.FACE_DOWN, "deck_top": K.FACE_DOWN, "deck_bottom": K.FACE_DOWN,
              "holopower": K.FACE_DOWN, "cheer_deck": K.FACE_DOWN, "archive": K.FACE_UP}


def learnt_by(cmd: dict) -> Any:
    """Who learns the card an effect command moves: ``ALL``, its seat, or nobody (a move
    between two face-down zones); every op but ``move`` puts its card face up."""
    if cmd.get("op") != "move":
        return ALL
    src, dest = cmd.get("src"), cmd.get("dest")
    owner = other(cmd["seat"]) if cmd.get("side") == "opponent" else cmd["seat"]
    return K.learns(K.kind(SRC_KINDS, src), K.kind(DEST_KINDS, dest), owner,
                    shown=bool(cmd.get("reveal")) or src == "cheer_deck")
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
                check_stage_move(t, cmd, rule)
                return
            if src == dest:
                raise RuleViolation(rule, "the card would not move")
            if card is None and not (src in ("deck_top", "holopower")
                                     or (src in ("deck", "cheer_deck") and t.s["table"] == "observed")):
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
            if src == "holopower" and card is None and not pl["holopower"]:
                raise RuleViolation(rule, "your ホロパワー is empty")
            if src == "holopower" and card is not None and not t.zones.holds(pl["holopower"], card):
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
            _, h = target(t, cmd, rule)
            if op in ("damage", "heal") and cmd["amount"] <= 0:
                raise RuleViolation(rule, f"{op} takes a positive amount")
            until = cmd.get("until", "turn")
            if until != "turn" and op not in ("hp", "arts_bonus"):
                raise RuleViolation(rule, f"{op} does not last: no until")
            if until == "attached" and (cmd.get("card") is None or cmd["card"] not in h["attached"]):
                raise RuleViolation(rule, "「…が付いている間」: name the card attached to that holomem")
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
        if cmd["src"] in POSITIONS or cmd["dest"] in POSITIONS:
            stage_move(t, cmd, rule)
            return
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
    elif op in ("hp", "arts_bonus"):
        _, h = target(t, cmd, rule)
        kind, until = ("hp" if op == "hp" else "arts"), cmd.get("until", "turn")
        if until == "turn":
            h["mods"][kind] += cmd["amount"]
        elif until == "opponent_turn":
            add_lasting(t, seat, h, kind, cmd["amount"])
        else:  # while the card named stays attached (a tool's, a mascot's, a fan's bonus)
            h.setdefault("lasting", []).append({"kind": kind, "amount": cmd["amount"], "while": cmd["card"]})
        if op == "hp":
            check_downs(t)


MAX_BACK = 5
#: where a holomem's card may go when it leaves the stage by an ability
OFF_STAGE = ("hand", "deck", "deck_top", "deck_bottom", "archive", "holopower")
#: where a holomem may come onto the stage from by an ability (a named card)
ONTO_STAGE = ("hand", "deck", "archive", "holopower")


def new_back(t: Board, seat: str) -> str:
    """The position a holomem put into the back takes (the back row's end)."""
    return f"back{len(t.p(seat)['back'])}"


def check_stage_move(t: Board, cmd: dict, rule: str) -> None:
    """A holomem onto the stage, off it, or from one position of its owner's stage to another."""
    seat, src, dest, card = cmd["seat"], cmd["src"], cmd["dest"], cmd.get("card")
    pl = t.p(seat)
    if src in POSITIONS and dest in POSITIONS:
        if cmd.get("side", "self") != "self":
            raise RuleViolation(rule, "holomem move between positions of your own stage")
        h = t.holo(seat, src)
        if h is None:
            raise RuleViolation(rule, f"no holomem of yours at {pos_label(src)}")
        if card is not None and card != h["card"]:
            raise RuleViolation(rule, f"the holomem at {pos_label(src)} is {t.name(h['card'])}")
        if src == dest or (src.startswith("back") and dest == new_back(t, seat)):
            raise RuleViolation(rule, "the holomem would not move")
        if dest.startswith("back") and t.holo(seat, dest) is None and dest != new_back(t, seat):
            raise RuleViolation(rule, f"a holomem moved to the back goes to its end ({new_back(t, seat)})")
        if dest == new_back(t, seat) and len(pl["back"]) >= MAX_BACK:
            raise RuleViolation(rule, f"the back holds {MAX_BACK} holomem")
        return
    if src in POSITIONS:  # off the stage, to its owner's zone
        _, h = target(t, {**cmd, "pos": src}, rule)
        if card is not None and card != h["card"] and (card in h["attached"] or card in h["cheer"]):
            # a card attached to it leaves alone (a support, a cheer)
            if dest not in OFF_STAGE + ("cheer_deck",) or (dest == "cheer_deck") != C.is_cheer(t.cs, card):
                raise RuleViolation(rule, f"{t.name(card)} does not go to {dest}")
            return
        if card is not None and card != h["card"]:
            raise RuleViolation(rule, f"the holomem at {pos_label(src)} is {t.name(h['card'])}")
        if dest not in OFF_STAGE:
            raise RuleViolation(rule, f"a holomem leaves the stage to {', '.join(OFF_STAGE)}")
        return
    if cmd.get("side", "self") != "self":
        raise RuleViolation(rule, "a holomem comes onto your own stage")
    if card in t.cs.cards and t.card(card)["support"] in C.ATTACHED:  # 「…をこのホロメンに付ける」
        check_attach(t, cmd, rule)
        return
    if src not in ONTO_STAGE:
        raise RuleViolation(rule, f"a holomem comes onto the stage from {', '.join(ONTO_STAGE)} (the card named)")
    if card is None:  # it comes face up
        raise RuleViolation(rule, "name the holomem")
    if card is not None and (card not in t.cs.cards or not C.is_holomem(t.card(card))):
        raise RuleViolation(rule, f"{t.name(card)} is not a holomem")
    if dest in ("center", "collab"):
        if t.holo(seat, dest) is not None:
            raise RuleViolation(rule, f"the {pos_label(dest)} position is taken")
    elif dest != new_back(t, seat):
        raise RuleViolation(rule, f"a holomem put into the back goes to its end ({new_back(t, seat)})")
    elif len(pl["back"]) >= MAX_BACK:
        raise RuleViolation(rule, f"the back holds {MAX_BACK} holomem")
    if t.stage_count(seat) >= MAX_STAGE:
        raise RuleViolation(rule, f"the stage already has {MAX_STAGE} holomem")
    if src == "hand" and not t.zones.holds(pl["hand"], card):
        raise RuleViolation(rule, f"{card!r} is not in your hand")
    if src == "archive" and card not in pl["archive"]:
        raise RuleViolation(rule, f"{card!r} is not in your archive")
    if src == "deck":
        if t.deck_size(seat) == 0:
            raise RuleViolation(rule, "the deck is empty")
        if card is not None and card not in t.zones.may_contain(f"deck/{seat}"):
            raise RuleViolation(rule, f"{card!r} cannot be in your deck")
    if src == "holopower" and not t.zones.holds(pl["holopower"], card):
        raise RuleViolation(rule, f"{card!r} cannot be in your ホロパワー")


def check_attach(t: Board, cmd: dict, rule: str) -> None:
    """A tool, mascot or fan from a zone attached to the holomem at ``dest``."""
    seat, src, card = cmd["seat"], cmd["src"], cmd["card"]
    pl, c = t.p(seat), t.card(card)
    h = t.holo(seat, cmd["dest"])
    if h is None:
        raise RuleViolation(rule, f"no holomem of yours at {pos_label(cmd['dest'])} to attach {c['name']} to")
    if c["support"] in ("tool", "mascot") and any(t.card(a)["support"] == c["support"] for a in h["attached"]):
        raise RuleViolation(f"カード/{c['support']}", f"one {c['support']} per holomem")
    if src == "hand" and not t.zones.holds(pl["hand"], card):
        raise RuleViolation(rule, f"{card!r} is not in your hand")
    if src == "archive" and card not in pl["archive"]:
        raise RuleViolation(rule, f"{card!r} is not in your archive")
    if src == "deck" and (t.deck_size(seat) == 0 or card not in t.zones.may_contain(f"deck/{seat}")):
        raise RuleViolation(rule, f"{card!r} cannot be in your deck")
    if src == "holopower" and not t.zones.holds(pl["holopower"], card):
        raise RuleViolation(rule, f"{card!r} cannot be in your ホロパワー")


def _put_holo(t: Board, seat: str, pos: str, h: dict) -> None:
    pl = t.p(seat)
    if pos in ("center", "collab"):
        pl[pos] = h
    else:
        pl["back"].append(h)


def stage_move(t: Board, cmd: dict, rule: str) -> None:
    seat, src, dest = cmd["seat"], cmd["src"], cmd["dest"]
    source = cmd["source"]["card"]
    if src in POSITIONS and dest in POSITIONS:
        pl = t.p(seat)
        there, h = t.holo(seat, dest), t.holo(seat, src)
        if there is not None:  # 交代: the two holomem change places
            for pos, x in ((src, there), (dest, h)):
                if pos in ("center", "collab"):
                    pl[pos] = x
                else:
                    pl["back"][int(pos[4:])] = x
        else:
            _put_holo(t, seat, dest, t.remove_holo(seat, src))
        t.event("stage_move", seat=seat, src=src, dest=dest, card=h["card"], source=source)
        return
    if src in POSITIONS:
        owner = other(seat) if cmd.get("side") == "opponent" else seat
        h = t.holo(owner, src)
        card = cmd.get("card")
        if card is not None and card != h["card"]:  # an attached card alone
            h["attached" if card in h["attached"] else "cheer"].remove(card)
            put(t, owner, dest, card)
            t.event("detached", seat=owner, pos=src, card=card, dest=dest, source=source)
            return
        h = t.remove_holo(owner, src)
        leave_stage(t, owner, h, dest)
        t.event("left_stage", seat=owner, pos=src, card=h["card"], dest=dest, source=source)
        return
    card = take(t, seat, cmd, rule)  # face up for everyone on the stage: its event names it
    if t.card(card)["support"] in C.ATTACHED:
        t.holo(seat, dest)["attached"].append(card)
        t.event("attached", seat=seat, pos=dest, card=card, source=source)
        return
    _put_holo(t, seat, dest, t.new_holo(card))
    t.event("to_stage", seat=seat, pos=dest, card=card, source=source)


def leave_stage(t: Board, seat: str, h: dict, dest: str) -> None:
    """A holomem leaves the stage by an ability: it and the holomem under it (its Bloom
    stack) go to ``dest``; its cheer and attached supports are archived (as ダウン② puts
    "その他についている全てのカード" there; see the module's ruling)."""
    cards = [h["card"], *reversed(h["stack"])]  # the top card first
    if dest == "deck_top":
        cards.reverse()  # put one by one: the top card ends on top
    for card in cards:
        put(t, seat, dest, card)
    t.archive(seat, *h["cheer"], *h["attached"])


def take(t: Board, seat: str, cmd: dict, rule: str) -> str:
    pl, src, card = t.p(seat), cmd["src"], cmd.get("card")
    if src == "hand":
        return t.take_from_hand(seat, card, "effect", rule, to=learnt_by(cmd))
    if src == "archive":
        pl["archive"].remove(card)
        return card
    if src == "deck_top":
        return t.zones.draw(f"deck/{seat}", "deck_top", rule, visible=learnt_by(cmd),
                            unknown_ok=cmd["dest"] not in ("archive",))
    if src in ("deck", "cheer_deck"):
        item = t.zones.take(f"{'deck' if src == 'deck' else 'cheer'}/{seat}", card, rule, how="search")
        if cmd.get("reveal") or src == "cheer_deck":
            t.event("reveal", seat=seat, card=item, source=cmd["source"]["card"])
        return item
    if card is None:  # ホロパワー's "a card": the one put there first, turned up to whoever learns it
        return t.zones.turn_up(pl["holopower"].pop(0), "holopower_card", rule, visible=learnt_by(cmd),
                               how="effect", unknown_ok=cmd["dest"] != "archive")
    item = next(i for i in pl["holopower"] if t.zones.could_be(i, card))  # holopower
    pl["holopower"].remove(item)
    if is_token(item):
        t.zones.reveal(item, card, "effect", rule, to=learnt_by(cmd))
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
    elif cmd.get("src") == "holopower" and op == "move":
        card = "（ホロパワーの1枚）"
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
    if op == "move" and (cmd.get("src") in POSITIONS or cmd.get("dest") in POSITIONS):
        src, dest = cmd.get("src"), cmd.get("dest")
        if src in POSITIONS and dest in POSITIONS:
            return f"{pos_label(src)}のホロメンを{pos_label(dest)}へ（いれば交代）"
        named = cmd.get("card") if cmd.get("card") in t.cs.cards else None
        if named is not None and not C.is_holomem(t.card(named)):  # an attached card
            if src in POSITIONS:
                return f"{side}{pos_label(src)}に付いている{card}を{ZONE_NAMES.get(dest, dest)}へ"
            return f"{card}を{ZONE_NAMES.get(src, src)}から{pos_label(dest)}に付ける"
        if src in POSITIONS:
            return f"{side}{pos_label(src)}のホロメン（重なっているホロメンと共に）を{ZONE_NAMES.get(dest, dest)}へ"
        return f"{card}を{ZONE_NAMES.get(src, src)}からステージの{pos_label(dest)}に出す"
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
    what = "HP" if op == "hp" else "アーツ"
    return f"{side}{pos_label(cmd.get('pos'))}の{what}{cmd.get('amount'):+d}（{until_text(t, cmd)}）"


def until_text(t: Board, cmd: dict) -> str:
    until = cmd.get("until", "turn")
    if until == "opponent_turn":
        return "次の相手のターンが終了するまで"
    if until == "attached":
        return f"{t.name(cmd.get('card'))}が付いている間"
    return "ターン終了まで"


# ------------------------------------------------------------------ what the table offers

def templates(t: Board, seat: str) -> list[dict]:
    """The structured effect commands the table offers while ``seat``'s ability waits to be
    resolved by hand (``legal`` keeps those that pass ``check``): only the operations its
    text names (``named``), each zone move the game has between the zones it names:

    - draw (「引く」), a die (「サイコロ」), a shuffle of the deck or cheer deck named
      (「シャッフル」), the deck top to ホロパワー;
    - damage (special or not, either side), healing, HP and arts (this turn, until the end
      of the opponent's next turn, while a card stays attached) where the text speaks of
      them (ダメージ, 回復, HP, アーツ): each number printed in the text, 1 to ``MAX_TIMES``
      times (an amount per card counted), or ``AMOUNTS`` if it prints none;
    - a card moved between hand, deck (a search, its top, its bottom), archive, ホロパワー and
      cheer deck; cheer attached or archived;
    - a holomem onto the stage (the back row's end, an empty centre or collab), off it (to
      hand, deck, its top or bottom, archive, ホロパワー: with the holomem under it, its
      cheer and supports archived) or across it (交代).

    Commands that differ only in the card (or amount) they name are one picker at the
    table; when there are more than ``MAX_PICKERS`` as the ability opens (``settle`` marks
    the frame ``wide`` then, so that a fold does not count them again at every step) the
    decision offers narrowing choices
    (``narrowings``) and the commands of the group chosen. After ``MAX_STEPS`` steps of one
    ability only "done" is offered (a bound, so that a random player's ability ends; the
    API still takes further steps).
    """
    pending = t.s["pending"]
    if pending is None or pending["kind"] != "manual" or pending["seat"] != seat:
        return []
    f = t.s["stack"][-1]
    if f["params"].get("ops", 0) >= MAX_STEPS:
        return []
    offered = _named(t, seat, f)
    focus = f["params"].get("focus")
    if not f["params"].get("wide"):
        return offered
    return [c for c in offered if group(c) == focus] if focus else []


def looking(t: Board, seat: str) -> dict[str, list[str]]:
    """The face-down piles the pending hand-resolved ability lets ``seat`` search (its
    text names taking a card from them), with every card they may hold: searching is
    looking, so the seat's view shows them (``view``), as the cards ``templates`` may name."""
    pending = t.s["pending"]
    if pending is None or pending["kind"] != "manual" or pending["seat"] != seat:
        return {}
    words = Words(unicodedata.normalize("NFKC", t.s["stack"][-1]["params"].get("text") or ""))
    out = {}
    if words.zone("deck", "src") and t.deck_size(seat):
        out["deck"] = t.zones.may_contain(f"deck/{seat}")
    if (words.zone("cheer_deck", "src") or words.has("エール", "〓")) and t.cheer_deck_size(seat) > 0:
        out["cheer_deck"] = t.zones.may_contain(f"cheer/{seat}")
    return out


def narrowings(t: Board, seat: str, offered: list[dict] | None = None) -> list[str]:
    """The narrowing choices of the pending manual decision ("narrow:<group>"; "narrow:" goes
    back to the groups): none while the table's pickers fit on one screen. ``offered``: the
    decision's ``_named_pickers``, when the caller has them already (they run on every fold)."""
    pending = t.s["pending"]
    if pending is None or pending["kind"] != "manual" or pending["seat"] != seat:
        return []
    f = t.s["stack"][-1]
    if f["params"].get("ops", 0) >= MAX_STEPS:
        return []
    if not f["params"].get("wide"):
        return []
    if offered is None:
        offered = _named_pickers(t, seat, f)
    focus = f["params"].get("focus")
    groups = [g for g in GROUPS if any(group(c) == g for c in offered) and g != focus]
    return [f"narrow:{g}" for g in groups] + (["narrow:"] if focus else [])


#: pickers (commands alike but for the card or amount) offered at once before narrowing
MAX_PICKERS = 20
GROUPS = ("hand", "deck", "archive", "cheer", "holopower", "stage", "amounts")
GROUP_NAMES = {"hand": "手札から", "deck": "デッキ・ドロー・サイコロ", "archive": "アーカイブから", "cheer": "エール",
               "holopower": "ホロパワーから", "stage": "ステージのホロメン", "amounts": "ダメージ・HP・アーツ", "": "すべての種類"}


def picker(cmd: dict) -> str:
    return repr(sorted((k, v) for k, v in cmd.items() if k not in ("card", "amount", "count", "outcomes")))


def group(cmd: dict) -> str:
    op = cmd["op"]
    if op in ("damage", "heal", "hp", "arts_bonus"):
        return "amounts"
    if op in ("attach_cheer", "archive_cheer"):
        return "cheer"
    if op != "move":
        return "deck"
    src, dest = cmd["src"], cmd["dest"]
    if src in POSITIONS or dest in POSITIONS:
        return "stage"
    return {"deck_top": "deck", "cheer_deck": "cheer"}.get(src, src)


def _named(t: Board, seat: str, f: dict) -> list[dict]:
    """Every structured step of the kinds ``f``'s text names that passes ``check`` now."""
    return [cmd for cmd in _named_candidates(t, seat, f) if _passes(t, cmd)]


def _named_pickers(t: Board, seat: str, f: dict) -> list[dict]:
    """One step of each picker of ``_named``: all ``settle`` and ``narrowings`` read (whether
    any step passes, how many pickers, their groups) without checking every card of a picker,
    since they run on every fold."""
    seen: set[str] = set()
    out = []
    for cmd in _named_candidates(t, seat, f):
        key = picker(cmd)
        if key not in seen and _passes(t, cmd):
            seen.add(key)
            out.append(cmd)
    return out


def _named_candidates(t: Board, seat: str, f: dict) -> list[dict]:
    text = unicodedata.normalize("NFKC", f["params"].get("text") or "")
    words = Words(text, t.cs.cards)
    base = {"type": "effect", "seat": seat, "source": {"card": f["card"], "ability": f["params"]["ability"]}}
    return [c for c in _candidates(t, seat, text, lambda op, **fields: {**base, "op": op, **fields}, words)
            if words.names(c)]


def _passes(t: Board, cmd: dict) -> bool:
    try:
        Effect().check(t, cmd)
    except RuleViolation:
        return False
    return True


class Words:
    """Which zones and verbs an ability's text names (what the table offers for it)."""

    STAGE = ("ステージ", "ポジション", "バックホロメン", "センターホロメン", "コラボホロメン")

    def __init__(self, text: str, cards: Any = None):
        self.text = text
        self.cards = cards or {}
        self.plain = text.replace("エールデッキ", "〓")  # so that デッキ is the deck alone
        self._zones: dict[tuple[str, str], bool] = {}
        self._names: dict[tuple, bool] = {}

    def has(self, *words: str) -> bool:
        return any(w in self.plain for w in words)

    def zone(self, zone: str, role: str) -> bool:
        # asked for each of a few hundred candidate steps of one text: read the text once
        key = (zone, role)
        if key not in self._zones:
            self._zones[key] = self._zone(zone, role)
        return self._zones[key]

    #: how a text names a zone cards leave (``src``) or go to (``dest``)
    FROM = {"hand": r"手札(?!に)", "archive": r"アーカイブ(?:の|から)", "holopower": r"ホロパワー(?:の|から|を見)",
            "cheer_deck": r"〓(?:から|の上から|を見)", "deck": r"デッキ(?:から|の上から|を見|の中)", "deck_top": r"デッキの上から"}
    TO = {"hand": r"手札に", "archive": r"アーカイブ(?!の|から)", "holopower": r"ホロパワーに", "cheer_deck": r"〓(?:に|の下)",
          "deck": r"デッキに(?:戻|加|入)", "deck_top": r"デッキの上(?:に|か)", "deck_bottom": r"デッキの(?:上か)?下"}

    def _zone(self, zone: str, role: str) -> bool:
        if zone in POSITIONS:
            if role == "src":
                return self.has(*self.STAGE)
            if zone in ("center", "collab"):  # 「ステージに出す」 alone puts it into the back
                return self.has({"center": "センター", "collab": "コラボ"}[zone]) and self.has("ポジションに", "ステージに出")
            return self.has("ステージに出", "ポジションに", "ステージに戻")
        pattern = (self.FROM if role == "src" else self.TO).get(zone)
        return pattern is not None and re.search(pattern, self.plain) is not None

    def names(self, cmd: dict) -> bool:
        # a few hundred candidates a text, alike but for the card: answered once per kind
        card = cmd.get("card")
        card = self.cards.get(card) if isinstance(card, str) else None
        key = (cmd["op"], cmd.get("src"), cmd.get("dest"), cmd.get("pile"), card is not None and not C.is_holomem(card))
        if key not in self._names:
            self._names[key] = self._names_kind(cmd)
        return self._names[key]

    def _names_kind(self, cmd: dict) -> bool:
        op = cmd["op"]
        if op == "draw":
            return self.has("引")
        if op == "roll":
            return self.has("サイコロ")
        if op == "shuffle":
            return self.has("シャッフル") and (self.has("〓") if cmd["pile"] == "cheer_deck" else self.has("デッキ"))
        if op == "holopower":
            return self.has("ホロパワー") and self.has("デッキの上")
        if op in ("damage", "heal", "hp", "arts_bonus"):
            return True  # amount_templates reads the text itself
        if op == "attach_cheer":
            src = cmd["src"]
            return self.has("エール", "〓") and (self.has("送", "付け") if src == "cheer_deck" else
                                          self.has("アーカイブ") if src == "archive" else self.has("付け替え"))
        if op == "archive_cheer":
            return self.has("エール") and self.has("アーカイブ")
        src, dest = cmd["src"], cmd["dest"]
        if src in POSITIONS and dest in POSITIONS:
            return self.has("交代", "移動", "入れ替え")
        card = self.cards.get(cmd.get("card")) if isinstance(cmd.get("card"), str) else None
        if card is not None and not C.is_holomem(card) and (src in POSITIONS or dest in POSITIONS):
            # a support attached to a holomem, or an attached card taken off it
            return (self.has("付け") and self.zone(src, "src")) if dest in POSITIONS else \
                (self.has("付いている", "のエール") and self.zone(dest, "dest"))
        return self.zone(src, "src") and self.zone(dest, "dest")


def _candidates(t: Board, seat: str, text: str, cmd: Any, words: Words | None = None) -> list[dict]:
    """Every step of the kinds the table has; ``words``: the text's, to leave out the deck's
    cards when it names no card leaving the deck (``Words.names`` would drop each of them,
    and they are most of the candidates: this runs as each ability opens, on every fold); so
    with the hand's, the archive's, the cheer to archive, and the moves onto, off and across the stage (each left
    out only where ``Words.names`` would drop every one of them)."""
    opp = other(seat)
    mine, theirs = t.positions(seat), t.positions(opp)
    pl = t.p(seat)
    out = [cmd("draw", count=1), cmd("roll")]
    out += amount_templates(text, cmd, mine, theirs, {p: sorted(set(t.holo(seat, p)["attached"])) for p in mine})
    named = words is None or words.zone("deck", "src")
    deck = sorted(set(t.zones.may_contain(f"deck/{seat}")) & set(t.cs.cards)) if named and t.deck_size(seat) else []
    onto = [p for p in ("center", "collab") if t.holo(seat, p) is None] + [new_back(t, seat)]
    for card in deck:
        out += [cmd("move", card=card, src="deck", dest="hand", reveal=True),
                cmd("move", card=card, src="deck", dest="hand"),
                cmd("move", card=card, src="deck", dest="archive")]
        if C.is_holomem(t.card(card)):
            out += [cmd("move", card=card, src="deck", dest=pos) for pos in onto]
    if t.s["table"] == "observed" and t.deck_size(seat):
        out.append(cmd("move", card=None, src="deck", dest="hand"))
    cheer_deck = (sorted(set(t.zones.may_contain(f"cheer/{seat}")) & set(t.cs.cards))
                  if t.cheer_deck_size(seat) > 0 else [])
    for pos in mine if words is None or words.has("エール", "〓") else ():  # (as ``Words.names``)
        out.append(cmd("attach_cheer", card=None, src="cheer_deck", pos=pos))
        out += [cmd("attach_cheer", card=card, src="cheer_deck", pos=pos) for card in cheer_deck]
        out += [cmd("attach_cheer", card=card, src="archive", pos=pos)
                for card in sorted(set(pl["archive"])) if C.is_cheer(t.cs, card)]
        for src in (p for p in mine if p != pos):
            out += [cmd("attach_cheer", card=card, src=src, pos=pos) for card in sorted(set(t.holo(seat, src)["cheer"]))]
    for side, positions in (("opponent", theirs), ("self", mine)):
        for pos in positions:
            h = t.holo(opp if side == "opponent" else seat, pos)
            if words is None or words.has("エール") and words.has("アーカイブ"):
                out += [cmd("archive_cheer", card=card, side=side, pos=pos) for card in sorted(set(h["cheer"]))]
            if words is None or words.has(*Words.STAGE):
                out += [cmd("move", card=h["card"], src=pos, dest=dest, side=side) for dest in OFF_STAGE]
    for src in mine if words is None or words.has("交代", "移動", "入れ替え") else ():
        out += [cmd("move", card=t.holo(seat, src)["card"], src=src, dest=dest)
                for dest in mine + [new_back(t, seat)] if dest != src]
    taken_off = words is None or words.has("付いている", "のエール", *Words.STAGE)
    for side, positions in (("opponent", theirs), ("self", mine)) if taken_off else ():
        for pos in positions:
            h = t.holo(opp if side == "opponent" else seat, pos)
            out += [cmd("move", card=card, src=pos, dest=dest, side=side) for card in sorted(set(h["attached"]))
                    for dest in ("hand", "archive", "deck_bottom", "deck")]
            out += [cmd("move", card=card, src=pos, dest="cheer_deck", side=side) for card in sorted(set(h["cheer"]))]
    supports = {"hand": t.hand_cards(seat), "archive": sorted(set(pl["archive"])), "deck": deck}
    for src, cards in supports.items() if words is None or words.has("付け") else ():
        out += [cmd("move", card=card, src=src, dest=pos) for card in cards
                if t.card(card)["support"] in C.ATTACHED for pos in mine]
    out += [cmd("move", card=None, src="deck_top", dest=dest)
            for dest in ("hand", "archive", "holopower", "deck_bottom")]
    for card in t.hand_cards(seat) if words is None or words.zone("hand", "src") else ():
        dests = ("archive", "deck", "deck_top", "deck_bottom", "holopower")
        out += [cmd("move", card=card, src="hand", dest=dest) for dest in dests]
        if C.is_holomem(t.card(card)):
            out += [cmd("move", card=card, src="hand", dest=pos) for pos in onto]
    for card in sorted(set(pl["archive"])) if words is None or words.zone("archive", "src") else ():
        dests = ("cheer_deck", "hand") if C.is_cheer(t.cs, card) else ("hand", "deck", "deck_top", "deck_bottom")
        out += [cmd("move", card=card, src="archive", dest=dest) for dest in dests]
        if C.is_holomem(t.card(card)):
            out += [cmd("move", card=card, src="archive", dest=pos) for pos in onto]
    if pl["holopower"]:  # face down to its owner too: "a card", never one named (``learnt_by``)
        out += [cmd("move", card=None, src="holopower", dest=dest) for dest in ("hand", "archive")]
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


def amount_templates(text: str, cmd: Any, mine: list[str], theirs: list[str],
                     attached: dict[str, list[str]] | None = None) -> list[dict]:
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
    lasting: list[dict] = [{}]
    if "次の相手のターン" in text:
        lasting.append({"until": "opponent_turn"})
    if "付いている" in text:  # 「…が付いているホロメンのHP+N」: while that card stays attached
        lasting.append({"until": "attached"})
    for op, word in (("hp", "HP"), ("arts_bonus", "アーツ")):
        if word in text:
            for pos in mine:
                for until in lasting:
                    cards = (attached or {}).get(pos, ()) if until.get("until") == "attached" else (None,)
                    out += [cmd(op, side="self", pos=pos, amount=n, **until, **({"card": card} if card else {}))
                            for n in values for card in cards]
    return out


# ------------------------------------------------------------------ after every command

def settle(t: Board) -> None:
    """After every command (``HocgRules.after``): a search's prompt says where the card goes;
    a hand-resolved ability whose text's condition does not hold (``gate``), or that can do
    nothing its text names, resolves by itself instead of waiting for "done"; a manual
    decision's options gain the narrowing choices (``narrowings``)."""
    while (pending := t.s["pending"]) is not None:
        f = t.s["stack"][-1]
        if pending["kind"] == "search_deck" and f["params"].get("dest") == "stage":
            pending["prompt"] = "デッキから公開してステージに出すカード"
        if pending["kind"] != "manual":
            return
        offered = None
        if not f["params"].get("ops") and not f["params"].get("focus"):
            why = gate(t, f)
            if why is None and not (offered := _named_pickers(t, pending["seat"], f)):
                why = "テキストの操作ができない"
            if why is not None:
                t.s["stack"].pop()
                t.s["pending"] = None
                t.event("manual_skipped", seat=f["seat"], card=f["card"], ability=f["params"]["ability"], reason=why)
                EFFECTS.resolve(t)
                decide(t)
                continue
        if "wide" not in f["params"]:
            offered = _named_pickers(t, pending["seat"], f) if offered is None else offered
            f["params"]["wide"] = len({picker(c) for c in offered}) > MAX_PICKERS
        pending["options"] = ["done", *narrowings(t, pending["seat"], offered)]
        return


#: a hand-resolved text's leading condition (「…なら、」「…の時、」) the engine can read
CONDITION = re.compile(r"(自分が後攻で最初のターン|自分のセンターホロメンが〈([^〉]+)〉|自分の推しホロメンが〈([^〉]+)〉|"
                       r"自分のライフが(\d)以下)(?:なら|の時|時)、")


def gate(t: Board, f: dict) -> str | None:
    """Why ``f``'s text does nothing now (its leading condition does not hold), or None."""
    text = re.sub(r"\s+", "", unicodedata.normalize("NFKC", f["params"].get("text") or ""))
    m = CONDITION.match(text)
    if m is None:
        return None
    seat = f["seat"]
    pl = t.p(seat)
    if m[1] == "自分が後攻で最初のターン":
        holds = seat != t.s["first"] and t.first_turn(seat)
    elif m[2]:
        holds = pl["center"] is not None and m[2] in names_of(t, pl["center"]["card"])
    elif m[3]:
        holds = t.name(pl["oshi"]) == m[3]
    else:
        holds = pl["life"] <= int(m[4])
    return None if holds else f"条件（{m[1]}）を満たさない"
