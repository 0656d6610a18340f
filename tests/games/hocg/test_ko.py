"""「このホロメンが相手のホロメンをダウンさせた時、…」 (a gift) and 「([センターポジション限定])このアーツで
相手のホロメンをダウンさせた時、…」 (an art's text): they resolve after the downs' own steps
(ダウン ①-④ of the downed holomem, its owner's life taken first: judge's choice), only if
the holomem that dealt the damage is still there; given/when/then.

The cards are INVENTED (marked FXT, not in any list) and print the list's texts word for
word (hBP05-061 ネリッサ's gift, hBP07-027 大神ミオ's art, hBP04-013 博衣こより's gift).
"""
from __future__ import annotations

import copy

import pytest

from kifu.replays import engine
from kifu.replays.games.hocg import RULES as UNBOUND
from kifu.replays.games.hocg import rawlist

from .helpers import CS, GREEN, LETTER, MEMO, RED, YUKI_DU, c
from .test_turns import p1_main, p2_turn

DRAW_GIFT = "このホロメンが相手のホロメンをダウンさせた時、自分のデッキを2枚引く。"
ART_DRAW = "[センターポジション限定]このアーツで相手のホロメンをダウンさせた時、自分のデッキを1枚引く。"
KOYORI_GIFT = ("このホロメンが相手のホロメンをダウンさせた時、自分のデッキの上から1枚をホロパワーにする。その後、自分のホロパワー"
               "を見る。その中から1枚を公開し、手札に加える。そしてホロパワーをシャッフルする。")
GIFTED, ARTIST, KOYORI = "FXT-101_C", "FXT-102_C", "FXT-103_C"


def _holomem(pid: str, *, gift: str = "", art_text: str = "") -> dict:
    skills = [{"type": "キーワード", "subtype": "ギフト", "name": "テスト", "description": gift}] if gift else []
    skills.append({"type": "アーツ", "name": "テスト", "dmg": "100", "description": art_text, "icons": {"main": ["any"]}})
    return {"number": pid[:-2], "id": pid, "name": f"テスト{pid[-5:-2]}", "card_type": "ホロメン", "color": "赤",
            "hp": 500, "bloom_level": "Debut", "baton_touch": ["無色"], "skills": skills}


@pytest.fixture(scope="module")
def R():
    raw = {GIFTED: _holomem(GIFTED, gift=DRAW_GIFT), ARTIST: _holomem(ARTIST, art_text=ART_DRAW),
           KOYORI: _holomem(KOYORI, gift=KOYORI_GIFT)}
    added = [rawlist.convert_card(pid, v, {}) for pid, v in raw.items()]
    mixed = UNBOUND.load_cardset({"id": "hocg-fixture-ko", "title": "FIXTURE + FXT (invented)",
                                  "cards": CS.loaded["cards"] + added, "decks": CS.loaded["decks"]})
    return UNBOUND.bind(mixed)


def run(R, state, cmd, *outcomes):
    return engine.step(R, state, {**cmd, "outcomes": list(outcomes)} if outcomes else cmd)


def test_the_texts_are_recognised():
    assert rawlist.recognise(DRAW_GIFT) == ("on_ko", {"then": {"effect": "draw", "params": {"count": 2}}})
    assert rawlist.recognise(ART_DRAW) == ("on_ko", {"then": {"effect": "draw", "params": {"count": 1}},
                                                     "pos": "center", "art": True})
    assert rawlist.recognise(KOYORI_GIFT) == ("on_ko", {"then": {"effect": "holopower_take", "params": {"add": 1}}})
    # an arts bonus after the art is over is not automated: resolved by hand
    assert rawlist.recognise("このホロメンが相手のホロメンをダウンさせた時、このアーツ+20。") == (None, {})


def p2_attacks(R, holomem: str, pos: str = "center"):
    """p2's turn 2: its ``pos`` holomem is ``holomem`` (HP 500, art 100); p1's centre 雪見ユキ
    (HP 80) goes down to it."""
    s = copy.deepcopy(p2_turn(p1_main()))
    if pos == "collab":
        s = run(R, s, c("p2", "collab", back="back0"))
    s["players"]["p2"][pos]["card"] = holomem
    s["players"]["p2"][pos]["cheer"] = s["players"]["p2"][pos]["cheer"] or [RED]
    return s


def test_a_gift_draws_after_the_downed_centres_life_and_replacement(R):
    """Given ネリッサ-like 「このホロメンが相手のホロメンをダウンさせた時、自分のデッキを2枚引く」 at p2's
    centre, when its art downs p1's centre, then p1's life is taken (ダウン③) and its back moves
    up (④) first, and then p2 draws two (the outcomes in that order)."""
    s = p2_attacks(R, GIFTED)
    hand = len(s["players"]["p2"]["hand"])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), GREEN, MEMO, LETTER)
    kinds = [e["kind"] for e in s["events"]]
    assert kinds.index("down") < kinds.index("life") < kinds.index("to_center") < kinds.index("draw")
    assert "ko_ability" in kinds  # named when the downs are found (as ダウン①'s abilities are)
    assert len(s["players"]["p2"]["hand"]) == hand + 2 and s["players"]["p2"]["hand"][-2:] == [MEMO, LETTER]
    assert s["players"]["p1"]["life"] == 4 and s["players"]["p1"]["center"] is not None


def test_no_down_no_trigger(R):
    s = p2_attacks(R, GIFTED)
    s["players"]["p1"]["center"]["card"] = GIFTED  # HP 500: 100 does not down it
    after = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"))
    assert "ko_ability" not in [e["kind"] for e in after["events"]]
    assert len(after["players"]["p2"]["hand"]) == len(s["players"]["p2"]["hand"])


def test_an_arts_text_triggers_only_from_the_centre_it_names(R):
    """「[センターポジション限定]このアーツで…ダウンさせた時、自分のデッキを1枚引く」: from the
    centre it draws; the same art from the collab position does not."""
    s = run(R, p2_attacks(R, ARTIST), c("p2", "arts", holomem="center", art=0, target="center"), GREEN, MEMO)
    assert "ko_ability" in [e["kind"] for e in s["events"]] and s["players"]["p2"]["hand"][-1] == MEMO
    s = p2_attacks(R, ARTIST, pos="collab")
    hand = list(s["players"]["p2"]["hand"])
    s = run(R, s, c("p2", "arts", holomem="collab", art=0, target="center"), GREEN)
    assert "ko_ability" not in [e["kind"] for e in s["events"]] and s["players"]["p2"]["hand"] == hand


def test_the_deck_top_goes_to_holopower_and_one_card_of_it_is_taken(R):
    """博衣こより-like gift: the deck top face down to ホロパワー (a chance event nobody sees),
    then its owner looks at the holopower and takes one card of it to the hand, shown."""
    s = p2_attacks(R, KOYORI)
    before = list(s["players"]["p2"]["holopower"])
    s = run(R, s, c("p2", "arts", holomem="center", art=0, target="center"), GREEN, MEMO)
    assert s["pending"]["kind"] == "holopower_take" and MEMO in s["pending"]["options"]
    assert s["players"]["p2"]["holopower"] == before + [MEMO]
    s = run(R, s, c("p2", "choose", choice=MEMO))
    assert s["players"]["p2"]["hand"][-1] == MEMO and s["players"]["p2"]["holopower"] == before
    assert s["pending"] is None and s["players"]["p1"]["center"]["card"] == YUKI_DU  # the back moved up
