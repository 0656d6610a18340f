"""What the table offers while an ability waits to be resolved by hand (``manual.templates``):
every feasible structured effect command, bounded by what the ability's text prints."""
from __future__ import annotations

import copy

from kifu.replays import engine
from kifu.replays.games.hocg import manual
from kifu.replays.kit import is_token

from .helpers import (AKARI_D, AKARI_DU, GREEN, MANAGER, MEMO, MIC, P1_HAND, P2_HAND, RULES, WHITE, YUKI_D, YUKI_DU, c,
                      deal, step)
from .test_effects import MEMO_SRC, memo_main


def memo_pending(text: str | None = None) -> dict:
    s = step(memo_main(), c("p1", "support", card=MEMO))
    if text is not None:  # the same frame, as if its card printed ``text``
        s = copy.deepcopy(s)
        s["stack"][-1]["params"]["text"] = text
    return s


def effects(s: dict) -> list[dict]:
    return [cmd for cmd in RULES.legal(s, "p1") if cmd["type"] == "effect"]


def test_every_offered_step_passes_check_names_its_source_and_reads_apart():
    s = memo_pending()
    offered = effects(s)
    for cmd in offered:
        engine.check(RULES, s, cmd)
        assert cmd["source"] == MEMO_SRC
    ops = {cmd["op"] for cmd in offered}
    assert {"move", "draw", "roll", "shuffle", "holopower", "attach_cheer", "archive_cheer"} <= ops
    moves = {(cmd["src"], cmd["dest"]) for cmd in offered if cmd["op"] == "move"}
    assert {("hand", "archive"), ("hand", "deck_bottom"), ("deck", "hand"), ("deck_top", "archive"),
            ("archive", "hand"), ("holopower", "hand")} - moves == {("holopower", "hand")}  # no holopower yet
    bases = [{k: v for k, v in cmd.items() if k != "outcomes"} for cmd in offered]
    labels = {RULES.label(s, b, "p1") for b in bases}
    assert len(labels) == len({repr(sorted(b.items())) for b in bases})
    # the cards named are the ones that are there: the hand's, the archive's (the ability's own card)
    assert {cmd["card"] for cmd in offered if cmd["op"] == "move" and cmd["src"] == "hand"} == \
        set(s["players"]["p1"]["hand"])
    assert {cmd["card"] for cmd in offered if cmd["op"] == "move" and cmd["src"] == "archive"} == {MEMO}


def test_a_search_is_offered_shown_or_not_and_cheer_from_every_source():
    s = memo_pending()
    offered = effects(s)
    searches = [cmd for cmd in offered if cmd["op"] == "move" and cmd["src"] == "deck" and cmd["card"] == YUKI_D]
    assert {(cmd["dest"], cmd.get("reveal", False)) for cmd in searches} == {("hand", True), ("hand", False),
                                                                             ("archive", False)}
    attach = {(cmd["src"], cmd["card"], cmd["pos"]) for cmd in offered if cmd["op"] == "attach_cheer"}
    assert ("cheer_deck", None, "back0") in attach and ("cheer_deck", GREEN, "center") in attach
    assert ("center", WHITE, "back0") in attach  # the centre's white cheer moved to the back
    assert {"type": "effect", "seat": "p1", "op": "archive_cheer", "source": MEMO_SRC, "card": WHITE, "side": "self",
            "pos": "center"} in offered


def test_amounts_come_from_the_text_and_only_the_kinds_it_speaks_of():
    assert not {cmd["op"] for cmd in effects(memo_pending())} & {"damage", "heal", "hp", "arts_bonus"}
    damage = [cmd for cmd in effects(memo_pending("相手のセンターホロメンに特殊ダメージ20を与える。"))
              if cmd["op"] == "damage"]
    assert sorted({cmd["amount"] for cmd in damage}) == [20, 40, 60, 80, 100]  # 20, per card counted
    assert {cmd["special"] for cmd in damage} == {True}
    assert {(cmd["side"], cmd["pos"]) for cmd in damage} == {("opponent", "center"), ("opponent", "back0"),
                                                            ("self", "center"), ("self", "back0")}
    plain = effects(memo_pending("このホロメンのアーツ＋３０。相手のホロメン１人に５０ダメージ。"))  # full-width read
    assert {cmd["amount"] for cmd in plain if cmd["op"] == "arts_bonus"} >= {30, 50, 60}
    assert {cmd["special"] for cmd in plain if cmd["op"] == "damage"} == {True, False}
    heal = effects(memo_pending("自分のホロメン1人のHPを回復する。"))
    assert sorted({cmd["amount"] for cmd in heal if cmd["op"] == "heal"}) == list(manual.AMOUNTS)
    assert {cmd["op"] for cmd in heal} >= {"heal", "hp"}


def test_after_max_steps_only_done_is_offered_but_a_posted_step_is_still_checked():
    s = memo_pending()
    for _ in range(manual.MAX_STEPS):
        s = step(s, c("p1", "effect", op="shuffle", source=MEMO_SRC, pile="deck"))
    assert [cmd["type"] for cmd in RULES.legal(s, "p1")] == ["choose"]
    s = step(s, c("p1", "effect", op="move", source=MEMO_SRC, card=MIC, src="hand", dest="archive"))
    assert MIC in s["players"]["p1"]["archive"] and s["pending"]["kind"] == "manual"


def test_the_opponent_is_offered_nothing_and_an_observed_deck_search_may_name_no_card():
    assert RULES.legal(memo_pending(), "p2") == []
    hand = [MEMO if card == MANAGER else card for card in P1_HAND]
    s = deal(hand, P2_HAND, table="observed")
    for cmd, outcomes in ((c("p1", "keep"), ()), (c("p2", "keep"), ()),
                          (c("p1", "place", center=YUKI_D, back=[YUKI_DU]), ()),
                          (c("p2", "place", center=AKARI_D, back=[AKARI_DU]), (WHITE,)),
                          (c("p1", "choose", choice="center"), ()), (c("p1", "support", card=MEMO), ())):
        s = step(s, cmd, *outcomes)
    unseen = c("p1", "effect", op="move", source=MEMO_SRC, card=None, src="deck", dest="hand")
    assert unseen in effects(s)
    after = step(s, unseen)
    assert len(after["players"]["p1"]["hand"]) == len(s["players"]["p1"]["hand"]) + 1
    assert is_token(after["players"]["p1"]["hand"][-1])  # the card found, not seen by the observer
