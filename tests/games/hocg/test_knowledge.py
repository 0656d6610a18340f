"""Who learns a card an ability resolved by hand moves (``manual.learnt_by``, the kit's
``knowledge`` rule over the zones it moves between): the command, its move line, the
chance event that turns it up and what the table offers, at a physical table (the
helpers' deal: every card is stated)."""
from __future__ import annotations

import pytest

from kifu.replays import canon
from kifu.replays.errors import RuleViolation
from kifu.replays.games.hocg import manual
from kifu.replays.kit import ALL, is_token

from .helpers import LETTER, RULES, c, step
from .test_effects import MEMO_SRC
from .test_manual import effects, memo_pending, move

#: ふしぎなメモ as if it printed every move between the hand, the deck and ホロパワー
HIDDEN = ("自分の手札1枚をデッキに戻す。自分の手札1枚をデッキの上に置く。自分の手札1枚をデッキの下に置く。"
          "自分の手札1枚をホロパワーに置く。自分のデッキの上から1枚をホロパワーに置く。自分のホロパワーから1枚を手札に加える。"
          "自分のホロパワーから1枚をアーカイブする。")
OTHERS = ("p2", "public")


@pytest.mark.parametrize("src,dest,who", [
    ("hand", "deck", ("p1",)), ("hand", "deck_top", ("p1",)), ("hand", "deck_bottom", ("p1",)),
    ("hand", "holopower", ("p1",)), ("deck", "hand", ("p1",)), ("holopower", "hand", ("p1",)),
    ("deck_top", "hand", ("p1",)), ("deck_top", "holopower", ()), ("deck_top", "deck_bottom", ()),
    ("hand", "archive", ALL), ("holopower", "archive", ALL), ("archive", "deck", ALL), ("back0", "deck", ALL),
])
def test_who_learns_a_moved_card_is_read_from_the_two_zones(src, dest, who):
    assert manual.learnt_by(move(card=LETTER, src=src, dest=dest)) == who
    assert manual.learnt_by(move(card=LETTER, src="deck", dest="hand", reveal=True)) == ALL


@pytest.mark.parametrize("dest", ["deck", "deck_top", "deck_bottom", "holopower"])
def test_a_card_from_the_hand_put_face_down_is_named_to_its_owner_only(dest):
    # given ふしぎなメモ resolved by hand, p1 holding ファンレター
    s = memo_pending(HIDDEN)
    # when p1 puts it from the hand into its deck (or onto its top or bottom, or into ホロパワー)
    cmd = move(card=LETTER, src="hand", dest=dest)
    after = step(s, cmd)
    # then only p1 reads which card: the command and the line name it to nobody else
    assert RULES.redact(s, cmd, after, "p1") == cmd and "ファンレター" in RULES.describe(s, cmd, after, "p1")
    for other in OTHERS:
        assert RULES.redact(s, cmd, after, other) == {**cmd, "card": None}
        line = RULES.describe(s, cmd, after, other)
        assert "ファンレター" not in line and LETTER not in line and "非公開のカード" in line
        assert LETTER not in canon.dumps(RULES.view(after, other))


def test_the_owners_own_holopower_is_offered_as_a_card_and_turned_up_to_the_owner_alone():
    # given ホロパワー holding the deck's top, put there face down (a physical table is not asked it)
    s = memo_pending(HIDDEN)
    s = step(s, c("p1", "effect", op="holopower", source=MEMO_SRC, count=1))
    [token] = s["players"]["p1"]["holopower"]
    assert is_token(token)
    # then the table never names one of its cards: it offers "a card" to the hand or the archive
    offered = [x for x in effects(s) if x["op"] == "move" and x["src"] == "holopower"]
    assert {x["dest"] for x in offered} == {"hand", "archive"} and all(x["card"] is None for x in offered)
    # when p1 takes it to the hand, the recorder states it, seen by p1 alone
    take = move(card=None, src="holopower", dest="hand")
    need = RULES.needs(s, take)
    assert need is not None and need.visible == ("p1",) and need.token == token
    card = need.options[0]
    after = step(s, take, card)
    assert after["players"]["p1"]["hand"][-1] == card
    assert {"token": token, "card": card} in [{k: r[k] for k in ("token", "card")}
                                              for r in RULES.view(after, "p1")["revealed"]]
    for other in OTHERS:
        assert RULES.view(after, other)["revealed"] == []
        assert RULES.redact(s, {**take, "outcomes": [card]}, after, other)["outcomes"] == [None]
        assert RULES.cardset.name(card) not in RULES.describe(s, {**take, "outcomes": [card]}, after, other)


def test_a_holopower_card_to_the_archive_is_named_to_everyone():
    s = memo_pending(HIDDEN)
    s = step(s, c("p1", "effect", op="holopower", source=MEMO_SRC, count=1))
    need = RULES.needs(s, move(card=None, src="holopower", dest="archive"))
    assert need.visible == ALL and not need.unknown_ok


def test_a_named_holopower_card_is_still_taken_and_named_to_its_owner_only():
    # a recorder who saw it, or a record made before: ``check`` takes the card named
    s = memo_pending(HIDDEN)
    s = step(s, move(card=LETTER, src="hand", dest="holopower"))
    cmd = move(card=LETTER, src="holopower", dest="hand")
    after = step(s, cmd)
    assert after["players"]["p1"]["hand"][-1] == LETTER and after["players"]["p1"]["holopower"] == []
    assert RULES.redact(s, cmd, after, "p2")["card"] is None
    with pytest.raises(RuleViolation, match="ホロパワー is empty"):
        step(after, move(card=None, src="holopower", dest="hand"))


def test_the_decks_top_put_face_down_is_asked_of_nobody():
    s = memo_pending(HIDDEN)
    assert RULES.needs(s, move(card=None, src="deck_top", dest="holopower")) is None
    after = step(s, move(card=None, src="deck_top", dest="holopower"))
    assert is_token(after["players"]["p1"]["holopower"][-1])


def test_the_seat_resolving_a_search_sees_what_its_deck_may_hold_and_nobody_else_does():
    s = memo_pending(HIDDEN.replace("自分の手札1枚をデッキに戻す。", "自分のデッキから1枚を手札に加える。"))
    looking = RULES.view(s, "p1")["pending"]["looking"]
    searched = {x["card"] for x in effects(s) if x["op"] == "move" and x["src"] == "deck"}
    assert searched and searched <= set(looking["deck"])
    for other in OTHERS:
        assert "looking" not in RULES.view(s, other)["pending"]
