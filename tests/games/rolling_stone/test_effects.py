"""Skills (１：ステージ開始), dream scorings (最終決算/２) and events (４：イベントフェイズ) of the demo set.

The demo set's texts are invented (``unverified``); these tests pin that each kind of the
vocabulary does what its text says.
"""
import pytest

from kifu.replays.games.rolling_stone import effects

from .helpers import RULES, first_turn, main_state, step, table


def _albums(t, albums):
    for seat, cards in albums.items():
        t.s["albums"][seat] = {"A1": t.s["characters"][seat],
                               **{sq: c for sq, c in zip(("B1", "C1", "D1", "A2", "B2", "C2"), cards)}}
    return t


# -- events: judged on the event icons in each album ------------------------------------------

def test_most_icon_rewards_every_seat_tied_for_the_most():
    """入学式: 「学び」アイコンが最も多いプレイヤー（１個以上）はパワーを１個得る."""
    t = _albums(table(first_turn(3)), {"p1": ["J-B3", "J-Y2"], "p2": ["J-R4", "J-G5"], "p3": ["J-B3"]})
    t.s["albums"]["p3"] = {"A1": t.s["characters"]["p3"]}
    effects.resolve_event(t, "EV1-1")
    assert t.s["power"] == {"p1": 1, "p2": 1, "p3": 0}


def test_most_icon_needs_at_least_one_icon():
    t = _albums(table(first_turn(3)), {"p1": ["J-R6"], "p2": [], "p3": []})
    effects.resolve_event(t, "EV1-1")
    assert t.s["power"] == {"p1": 0, "p2": 0, "p3": 0}


def test_fewest_icon_hits_every_seat_tied_for_the_fewest_even_at_zero():
    """通知表: 「学び」アイコンが最も少ないプレイヤーは１ＶＰを失う."""
    t = _albums(table(first_turn(3)), {"p1": ["J-B3"], "p2": [], "p3": ["J-R6"]})
    effects.resolve_event(t, "EV1-3")
    assert t.s["vp"] == {"p1": 0, "p2": -1, "p3": -1}


def test_per_icons_rewards_each_full_count():
    """林間学校: 各プレイヤーは「遊び」アイコン２個につきパワーを１個得る."""
    t = _albums(table(first_turn(3)), {"p1": ["J-B2", "J-R3", "J-G4", "J-Y5"], "p2": ["J-B2"], "p3": []})
    effects.resolve_event(t, "EV1-2")
    assert t.s["power"] == {"p1": 2, "p2": 0, "p3": 0}


def test_an_icon_skill_counts_one_more_and_a_skill_card_is_no_album_card():
    """先生: イベントの判定で「学び」アイコンを１個多く数える; skills lie apart from the album."""
    t = _albums(table(first_turn(3)), {"p1": ["J-B3"], "p2": ["J-B3"], "p3": []})
    t.s["skills"]["p2"] = ["DR09"]
    assert effects.icon_counts(t, "study") == {"p1": 1, "p2": 2, "p3": 0}
    effects.resolve_event(t, "EV1-1")
    assert t.s["power"] == {"p1": 0, "p2": 1, "p3": 0}


# -- skills: applied when their condition is met ------------------------------------------

def _placed(skill, card, square="B1"):
    state = main_state({"B2": "@"}, {}, field=[card], skills=[skill])
    return step(state, {"type": "take", "seat": "p1", "card": card, "square": square})


def test_a_colour_skill_gains_a_power_for_each_card_of_its_colour():
    assert _placed("DR01", "J-R1")["power"]["p1"] == 1   # パイロット: 赤
    assert _placed("DR01", "J-B1")["power"]["p1"] == 0


def test_a_star_skill_gains_a_power_for_a_star_card():
    assert _placed("DR05", "J-R5")["power"]["p1"] == 1   # 冒険家
    assert _placed("DR05", "J-R1")["power"]["p1"] == 0


def test_a_discard_skill_gains_a_power_for_each_card_discarded():
    album = {"A1": "@", "B1": "J-B1", "A2": "J-G1"}
    dice = {"red": ("A1", 3, 2), "blue": ("B1", 1, 2), "green": ("A2", 1, 2)}
    state = main_state(album, dice, field=["J-R1"], skills=["DR06"])  # 医者
    after = step(state, {"type": "take", "seat": "p1", "card": "J-R1", "square": None})
    assert after["power"]["p1"] == 1
    line = RULES.describe(state, {"type": "take", "seat": "p1", "card": "J-R1", "square": None}, after, "public")
    assert "パワー+1（スキル『医者』）" in line


def test_an_order_skill_applies_from_its_square_only():
    from kifu.replays.games.rolling_stone.rules import start_turn
    t = table(first_turn(3))
    t.s["skills"]["p1"] = ["DR07"]  # 野球選手: オーダー「1」から手番を始めるたび 1VP
    start_turn(t, "p1", 1)
    assert t.s["vp"]["p1"] == 1
    start_turn(t, "p1", 2)
    assert t.s["vp"]["p1"] == 1


# -- dreams: the card left in hand (最終決算/２) ------------------------------------------------

@pytest.mark.parametrize("dream, cards, tops, vp", [
    ("DR01", ["J-R1", "J-R2", "J-B1"], (1, 1, 1, 1), 2),                     # 赤のカード１枚につき1VP
    ("DR09", ["J-B3", "J-Y1", "J-G1"], (1, 1, 1, 1), 3),                     # 「学び」１個につき1VP
    ("DR07", ["J-R1", "J-B1", "J-Y1", "J-G1", "J-R2"], (1, 1, 1, 1), 3),     # ４色１組につき3VP
    ("DR07", ["J-R1", "J-B1", "J-Y1"], (1, 1, 1, 1), 0),
    ("DR13", ["J-R1"], (1, 1, 1, 1), 5),                                     # ★が無ければ5VP
    ("DR13", ["J-R5"], (1, 1, 1, 1), 0),
    ("DR06", ["J-R1", "J-R2", "J-R3"], (1, 1, 1, 1), 2),                     # 埋まった列１つにつき2VP
    ("DR08", [], (1, 2, 3, 4), 4),                                           # 目が全て異なれば4VP
    ("DR08", [], (1, 2, 3, 3), 0),
    ("DR14", [], (1, 5, 1, 1), 3),                                           # 青の目が5以上なら3VP
])
def test_dream_scoring(dream, cards, tops, vp):
    t = _albums(table(first_turn(3)), {"p1": cards})
    for die, top in zip(t.s["dice"]["p1"].values(), tops):
        die["top"] = top
    assert effects.dream_score(t, "p1", dream) == vp
