"""What the table offers while an ability waits to be resolved by hand (``manual.templates``):
every feasible structured effect command, bounded by what the ability's text prints."""
from __future__ import annotations

import copy

import pytest

from kifu.replays import engine
from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import manual
from kifu.replays.kit import is_token

from .helpers import (AKARI_D, AKARI_DU, GREEN, LETTER, MANAGER, MEMO, MIC, MIDORI_D, P1_HAND, P2_HAND, RULES, WHITE,
                      YUKI_1, YUKI_D, YUKI_DU, c,
                      deal, step)
from .test_effects import MEMO_SRC, memo_main
from .test_turns import p2_turn


#: a text that names every zone and verb (so the table offers every kind of step)
EVERYTHING = ("自分のデッキから、カード1枚を公開し、手札に加える。自分のデッキの上から1枚をホロパワーにする。自分の手札1枚を"
              "アーカイブし、デッキの下に戻す。自分のアーカイブのエールを送る。エールを付け替える。ホロパワーから手札に加える。"
              "デッキの上に戻す。サイコロを1回振る。デッキを1枚引く。デッキとエールデッキをシャッフルする。")


def memo_pending(text: str | None = None) -> dict:
    s = step(memo_main(), c("p1", "support", card=MEMO))
    if text is not None:  # the same frame, as if its card printed ``text``
        s = copy.deepcopy(s)
        s["stack"][-1]["params"]["text"] = text
        s["stack"][-1]["params"].pop("wide", None)  # counted as the ability opens: with this text
        manual.settle(RULES.context(s, RULES.cardset))  # what the command's end does with that text
    return s


def effects(s: dict) -> list[dict]:
    return [cmd for cmd in RULES.legal(s, "p1") if cmd["type"] == "effect"]


def every_group(s: dict) -> list[dict]:
    """The steps offered in every narrowing group (as if each were chosen in turn)."""
    out = []
    for g in manual.GROUPS:
        narrowed = copy.deepcopy(s)
        narrowed["stack"][-1]["params"]["focus"] = g
        out += effects(narrowed)
    return out


def test_every_offered_step_passes_check_names_its_source_and_reads_apart():
    s = memo_pending(EVERYTHING)
    assert effects(s) == [] and {f"narrow:{g}" for g in ("hand", "deck", "archive", "cheer")} <= \
        set(s["pending"]["options"])  # too many at once: the table narrows first
    offered = every_group(s)
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


def test_only_the_operations_the_text_names_are_offered():
    # given ふしぎなメモ 「自分の手札1枚をアーカイブできる：自分のデッキを1枚引く。」 waiting to be resolved
    s = memo_pending()
    # then the table offers a draw and hand ↔ archive moves, nothing about cheer, dice, damage or the stage
    offered = effects(s)
    assert {cmd["op"] for cmd in offered} == {"draw", "move"}
    assert {(cmd["src"], cmd["dest"]) for cmd in offered if cmd["op"] == "move"} == {("hand", "archive")}
    assert s["pending"]["options"] == ["done"]  # few enough to show at once: no narrowing


def test_a_search_is_offered_shown_or_not_and_cheer_from_every_source():
    s = memo_pending(EVERYTHING)
    s["stack"][-1]["params"]["focus"] = "deck"  # as if narrowed to the deck's steps
    offered = effects(s)
    searches = [cmd for cmd in offered if cmd["op"] == "move" and cmd["src"] == "deck" and cmd["card"] == YUKI_D]
    assert {(cmd["dest"], cmd.get("reveal", False)) for cmd in searches} == {("hand", True), ("hand", False),
                                                                             ("archive", False)}
    s["stack"][-1]["params"]["focus"] = "cheer"
    offered = effects(s)
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
    s = copy.deepcopy(s)
    s["stack"][-1]["params"]["text"] = "自分のデッキから1枚を手札に加える。"
    unseen = c("p1", "effect", op="move", source=MEMO_SRC, card=None, src="deck", dest="hand")
    assert unseen in effects(s)
    after = step(s, unseen)
    assert len(after["players"]["p1"]["hand"]) == len(s["players"]["p1"]["hand"]) + 1
    assert is_token(after["players"]["p1"]["hand"][-1])  # the card found, not seen by the observer


# ------------------------------------------------------------------ holomem onto and off the stage

def stage_pending(text: str) -> dict:
    return memo_pending(text)


def move(**fields) -> dict:
    return c("p1", "effect", op="move", source=MEMO_SRC, **fields)


def test_a_holomem_comes_onto_the_back_end_or_an_empty_collab_from_the_hand_or_a_search():
    # given an ability that puts a holomem onto the stage (フレンドリーパソコン's 「…公開し、ステージに出す」)
    s = stage_pending("自分のデッキから、Debutホロメン1枚を公開し、ステージに出す。そしてデッキをシャッフルする。")
    offered = effects(s)
    assert {(cmd["src"], cmd["dest"]) for cmd in offered if cmd["op"] == "move"} == {("deck", "back1")}
    # when a Debut from the hand goes to the back row's end
    s2 = step(s, move(card=MIDORI_D, src="hand", dest="back1"))
    back = s2["players"]["p1"]["back"]
    assert back[1]["card"] == MIDORI_D and back[1]["since"] == s2["turn"] and s2["pending"]["kind"] == "manual"
    # then a searched one is shown to everyone, and the collab position takes one while empty
    s3 = step(s2, move(card=YUKI_D, src="deck", dest="collab"))
    assert s3["players"]["p1"]["collab"]["card"] == YUKI_D
    assert {"kind": "to_stage", "seat": "p1", "pos": "collab", "card": YUKI_D, "source": MEMO} in s3["events"]
    for bad, why in ((move(card=YUKI_1, src="hand", dest="back0"), "goes to its end"),
                     (move(card=YUKI_1, src="hand", dest="center"), "is taken"),
                     (move(card=LETTER, src="hand", dest="back2"), "not a holomem"),
                     (move(card=None, src="deck", dest="back2"), "name the holomem"),
                     (move(card=YUKI_1, src="cheer_deck", dest="back2"), "comes onto the stage from")):
        with pytest.raises(RuleViolation, match=why):
            step(s3, bad)
    assert "ステージのバック2に出す" in RULES.label(s, move(card=MIDORI_D, src="hand", dest="back1"), "p1")


def test_a_holomem_leaves_the_stage_with_the_holomem_under_it_its_cheer_and_supports_archived():
    # given a back 雪見ユキ 1st bloomed from a Debut, with a green cheer and a mic attached
    s = stage_pending("自分のバックポジションの〈雪見ユキ〉1人を選ぶ。選んだホロメンを含め重なっているホロメンすべてを"
                      "好きな順でデッキの下に戻す。")
    s = copy.deepcopy(s)
    pl = s["players"]["p1"]
    pl["hand"].remove(MIC)
    pl["back"][0].update(card=YUKI_1, stack=[YUKI_DU], cheer=[GREEN], attached=[MIC])
    offered = effects(s)
    assert move(card=YUKI_1, src="back0", dest="deck_bottom", side="self") in offered
    # when it goes to the deck's bottom (ちゃま旅)
    s2 = step(s, move(card=YUKI_1, src="back0", dest="deck_bottom"))
    # then both holomem cards go there, the top card first; the cheer and the tool are archived (ダウン②)
    assert s2["players"]["p1"]["back"] == []
    assert s2["zones"]["piles"]["deck/p1"]["bottom"][-2:] == [YUKI_1, YUKI_DU]
    assert {GREEN, MIC} <= set(s2["players"]["p1"]["archive"])
    with pytest.raises(RuleViolation, match="leaves the stage to"):
        step(s, move(card=YUKI_1, src="back0", dest="cheer_deck"))
    with pytest.raises(RuleViolation, match="is 雪見ユキ"):
        step(s, move(card=MIDORI_D, src="back0", dest="hand"))
    # the opponent's holomem goes to its owner's hand
    s3 = step(s, move(src="center", dest="hand", side="opponent"))
    assert s3["players"]["p2"]["center"] is None and AKARI_D in s3["players"]["p2"]["hand"]


def test_holomem_change_places_on_their_own_stage():
    s = stage_pending("自分のセンターホロメンとバックホロメン1人を交代させる。")
    assert move(card=YUKI_DU, src="back0", dest="center") in effects(s)
    s2 = step(s, move(card=YUKI_DU, src="back0", dest="center"))
    assert s2["players"]["p1"]["center"]["card"] == YUKI_DU and s2["players"]["p1"]["back"][0]["card"] == YUKI_D
    s3 = step(s, move(src="center", dest="collab"))
    assert s3["players"]["p1"]["center"] is None and s3["players"]["p1"]["collab"]["card"] == YUKI_D
    with pytest.raises(RuleViolation, match="would not move"):
        step(s, move(src="back0", dest="back1"))


# ------------------------------------------------------------------ how long a bonus lasts

def test_a_bonus_recorded_by_hand_lasts_this_turn_the_opponents_next_turn_or_while_a_card_is_attached():
    s = copy.deepcopy(stage_pending("このマスコットが付いているホロメンのHP+20。次の相手のターンが終了するまで、アーツ+10。"))
    pl = s["players"]["p1"]
    pl["hand"].remove(MIC)
    pl["center"]["attached"] = [MIC]
    offered = effects(s)
    assert c("p1", "effect", op="hp", source=MEMO_SRC, side="self", pos="center", amount=20, until="attached",
             card=MIC) in offered
    assert any(cmd["op"] == "arts_bonus" and cmd.get("until") == "opponent_turn" for cmd in offered)
    hp = RULES.view(s, "public")["players"]["p1"]["stage"]["center"]["hp"]
    s = step(s, c("p1", "effect", op="hp", source=MEMO_SRC, pos="center", amount=20, until="attached", card=MIC))
    s = step(s, c("p1", "effect", op="arts_bonus", source=MEMO_SRC, pos="center", amount=10, until="opponent_turn"))
    s = step(s, c("p1", "effect", op="hp", source=MEMO_SRC, pos="back0", amount=30))
    with pytest.raises(RuleViolation, match="name the card attached"):
        step(s, c("p1", "effect", op="hp", source=MEMO_SRC, pos="back0", amount=20, until="attached", card=MIC))
    s = step(s, c("p1", "choose", choice="done"))
    s = p2_turn(s)  # p1's turn ends: the back's +30 wears off, the others last
    view = RULES.view(s, "public")["players"]["p1"]["stage"]
    assert view["center"]["hp"] == hp + 20 and view["back"][0]["hp"] == RULES.view(memo_pending(), "public")[
        "players"]["p1"]["stage"]["back"][0]["hp"]
    t = RULES.context(s, RULES.cardset)
    assert t.lasting(s["players"]["p1"]["center"], "arts") == 10
    s = step(s, c("p2", "end_turn"), YUKI_1, GREEN)  # the opponent's next turn ends: the arts bonus with it
    assert RULES.context(s, RULES.cardset).lasting(s["players"]["p1"]["center"], "arts") == 0
    assert RULES.view(s, "public")["players"]["p1"]["stage"]["center"]["hp"] == hp + 20  # MIC still attached
    assert "MIC" not in RULES.label(s, c("p1", "effect", op="hp", source=MEMO_SRC, pos="center", amount=20,
                                          until="attached", card=MIC), "p1")


# ------------------------------------------------------------------ narrowing, and abilities that do nothing

def test_many_steps_are_reached_through_a_narrowing_choice_and_check_still_takes_any():
    s = memo_pending(EVERYTHING)
    assert effects(s) == []
    s2 = step(s, c("p1", "choose", choice="narrow:hand"))
    assert s2["pending"]["kind"] == "manual" and "narrow:" in s2["pending"]["options"]
    assert {cmd["src"] for cmd in effects(s2)} == {"hand"} and len(effects(s2)) > 0
    assert "操作を絞る" in RULES.label(s, c("p1", "choose", choice="narrow:hand"), "p1")
    s3 = step(s2, c("p1", "effect", op="roll", source=MEMO_SRC), 4)  # not in the group shown: still checked, taken
    assert s3["roll"]["face"] == 4
    s4 = step(s2, c("p1", "choose", choice="narrow:"))
    assert effects(s4) == [] and "narrow:hand" in s4["pending"]["options"]


def test_an_ability_whose_condition_fails_or_that_can_do_nothing_resolves_by_itself():
    # given p1 is the first player: 「自分が後攻で最初のターンなら、…」 does nothing
    s = step(memo_main(), c("p1", "support", card=MEMO))
    t = RULES.context(s, RULES.cardset)
    s = copy.deepcopy(s)
    s["stack"][-1]["params"]["text"] = "自分が後攻で最初のターンなら、自分のデッキを1枚引く。"
    manual.settle(RULES.context(s, RULES.cardset))
    assert s["pending"] is None and s["phase"] == "main"
    assert any(e["kind"] == "manual_skipped" and "後攻" in e["reason"] for e in s["events"])
    # and a text none of whose steps is possible (a cheer to send, none anywhere) does not wait for "done"
    s = step(memo_main(), c("p1", "support", card=MEMO))
    s = copy.deepcopy(s)
    s["stack"][-1]["params"]["text"] = "自分のホロパワーから1枚を手札に加える。"
    manual.settle(RULES.context(s, RULES.cardset))
    assert s["pending"] is None
    assert t is not None


def test_a_support_is_attached_from_the_archive_and_an_attached_card_taken_off_alone():
    # given 「自分のアーカイブのツール1枚をこのホロメンに付ける。」 and a mic in the archive
    s = copy.deepcopy(memo_pending())
    pl = s["players"]["p1"]
    pl["hand"].remove(MIC)
    pl["archive"].append(MIC)
    s["stack"][-1]["params"]["text"] = "自分のアーカイブのツール1枚をこのホロメンに付ける。"
    manual.settle(RULES.context(s, RULES.cardset))
    offered = effects(s)
    assert move(card=MIC, src="archive", dest="center") in offered
    s2 = step(s, move(card=MIC, src="archive", dest="center"))
    assert s2["players"]["p1"]["center"]["attached"] == [MIC] and MIC not in s2["players"]["p1"]["archive"]
    assert "ハンドマイク〔FX00-003_C〕をアーカイブからセンターに付ける" in RULES.label(
        s, move(card=MIC, src="archive", dest="center"), "p1")
    with pytest.raises(RuleViolation, match="one tool per holomem"):
        step(s2, move(card=MIC, src="hand", dest="center"))
    # then the mic alone leaves the holomem (it stays on the stage)
    s3 = step(s2, move(card=MIC, src="center", dest="hand"))
    assert s3["players"]["p1"]["center"]["card"] == YUKI_D and MIC in s3["players"]["p1"]["hand"]
    with pytest.raises(RuleViolation, match="does not go to cheer_deck"):
        step(s2, move(card=MIC, src="center", dest="cheer_deck"))


@pytest.mark.parametrize("dest", ["deck_top", "archive", "holopower", "hand", "deck"])
def test_a_bloomed_holomem_leaves_the_stage_to_every_zone_with_the_card_under_it(dest):
    s = copy.deepcopy(stage_pending("自分のバックポジションのホロメン1人を手札に戻す。"))
    pl = s["players"]["p1"]
    pl["back"][0].update(card=YUKI_1, stack=[YUKI_DU], cheer=[GREEN])
    s2 = step(s, move(card=YUKI_1, src="back0", dest=dest))
    p2 = s2["players"]["p1"]
    assert p2["back"] == [] and GREEN in p2["archive"]
    if dest == "deck_top":  # the top card ends on top, the one under it next
        assert s2["zones"]["piles"]["deck/p1"]["top"][:2] == [YUKI_1, YUKI_DU]
    elif dest == "deck":
        assert s2["zones"]["piles"]["deck/p1"]["size"] == s["zones"]["piles"]["deck/p1"]["size"] + 2
    else:
        zone = p2[dest]
        assert zone.count(YUKI_1) - pl[dest].count(YUKI_1) == 1 and zone.count(YUKI_DU) - pl[dest].count(YUKI_DU) == 1
