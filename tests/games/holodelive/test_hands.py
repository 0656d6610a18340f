"""役一覧 and the card notes on icons: every rank, with sub-icons, wild icons and STAFF."""
import pytest

from kifu.replays.games.holodelive import hands
from kifu.replays.games.holodelive.hands import (BUTA, COVER, FIVE, FLUSH, FOUR, FULL_HOUSE, ONE_PAIR, THREE,
                                            TWO_PAIR, achievable, best, readings)

from .helpers import CS

CASES = [
    # (section, unit, expected)
    ("5カード: 同じアイコン５枚 (ENJOY x4 + sub-icon ENJOY)",
     ["sakura_miko", "natsuiro_matsuri", "inugami_korone", "shishiro_botan", "akai_haato"], FIVE),
    ("C.O.V.E.R: C,O,V,E,R 1枚ずつ", ["tokoyami_towa", "shirakami_fubuki", "hoshimachi_suisei", "sakura_miko",
                                       "amane_kanata"], COVER),
    ("4カード", ["nakiri_ayame", "shirogane_noel", "sakamata_chloe", "kazama_iroha", "sakura_miko"], FOUR),
    ("フルハウス", ["shiranui_flare", "takane_lui", "hakui_koyori", "hoshimachi_suisei", "tsunomaki_watame"], FULL_HOUSE),
    ("フラッシュ: 同じスート５枚 (HOT, no pair possible)",
     ["usada_pekora", "shiranui_flare", "natsuiro_matsuri", "aki_rosenthal", "omaru_polka"], FLUSH),
    ("3カード", ["shiranui_flare", "takane_lui", "hakui_koyori", "hoshimachi_suisei", "tokoyami_towa"], THREE),
    ("2ペア", ["shiranui_flare", "takane_lui", "hoshimachi_suisei", "tsunomaki_watame", "tokoyami_towa"], TWO_PAIR),
    ("1ペア", ["shiranui_flare", "hakui_koyori", "hoshimachi_suisei", "tokoyami_towa", "kurokami_fubuki"], ONE_PAIR),
    ("ブタ", ["shiranui_flare", "hoshimachi_suisei", "tokoyami_towa", "kurokami_fubuki", "sakura_miko"], BUTA),
]


@pytest.mark.parametrize("section,unit,expected", CASES, ids=[c[0] for c in CASES])
def test_役一覧_each_rank(section, unit, expected):
    assert best(CS, unit) == expected, hands.name(best(CS, unit))


def test_役一覧_order_is_five_cover_four_fullhouse_flush_three_twopair_pair_buta():
    assert FIVE > COVER > FOUR > FULL_HOUSE > FLUSH > THREE > TWO_PAIR > ONE_PAIR > BUTA
    assert [hands.name(r) for r in range(9)][::-1] == [
        "5カード", "C.O.V.E.R", "4カード", "フルハウス", "フラッシュ", "3カード", "2ペア", "1ペア", "ブタ"]


def test_サブアイコン_either_icon_counts_to_the_holders_advantage():
    # アキ (ALCOHOL/DUELIST) joins DUELISTs; ルーナ's sub SEISO is ignored when ALCOHOL pairs better
    assert best(CS, ["aki_rosenthal", "nakiri_ayame", "shirogane_noel", "hoshimachi_suisei", "tokoyami_towa"]) == THREE
    assert best(CS, ["himemori_luna", "aki_rosenthal", "yukihana_lamy", "hoshimachi_suisei", "tokoyami_towa"]) == THREE


def test_wild_icons_そら_AZKi_スバル_make_any_icon_for_the_hand():
    # KUSOGAKI x4 + AZKi = 5カード (the rulebook's own example)
    assert best(CS, ["akai_haato", "murasaki_shion", "momosuzu_nene", "la_darkness", "azki"]) == FIVE
    # スバル may stand in for R and そら for C of COVER (カード効果補足: COVER with そら AZKi スバル)
    assert best(CS, ["tokoyami_towa", "shirakami_fubuki", "hoshimachi_suisei", "sakura_miko", "oozora_subaru"]) == COVER
    assert COVER in achievable(CS, ["tokino_sora", "shirakami_fubuki", "hoshimachi_suisei", "sakura_miko", "amane_kanata"])


def test_wild_icons_choose_the_best_even_five_over_cover():
    unit = ["tokino_sora", "azki", "sakura_miko", "natsuiro_matsuri", "inugami_korone"]
    assert best(CS, unit) == FIVE


def test_STAFF_never_counts_one_caps_at_four_of_a_kind():
    unit = ["sakura_miko", "natsuiro_matsuri", "inugami_korone", "shishiro_botan", "yagoo"]
    assert best(CS, unit) == FOUR
    unit = ["tokino_sora", "azki", "oozora_subaru", "sakura_miko", "a_chan"]  # wilds cannot lift past 4
    assert best(CS, unit) == FOUR


def test_STAFF_two_cap_at_three_of_a_kind_and_no_full_house():
    unit = ["sakura_miko", "natsuiro_matsuri", "inugami_korone", "yagoo", "a_chan"]
    assert best(CS, unit) == THREE


def test_STAFF_flush_needs_five_suited_cards():
    # four HOT cards and a STAFF: no flush, no pair
    unit = ["usada_pekora", "shiranui_flare", "natsuiro_matsuri", "omaru_polka", "harusaki_nodoka"]
    assert best(CS, unit) == BUTA


def test_期生ライブ_a_unit_of_four_cannot_make_a_five_card_hand():
    assert best(CS, ["shiranui_flare", "takane_lui", "hakui_koyori", "ookami_mio"]) == FOUR  # INTEL x4
    unit = ["tokino_sora", "azki", "sakura_miko", "hoshimachi_suisei"]  # all 0期生, two wilds
    assert best(CS, unit) == THREE
    assert not achievable(CS, unit) & {FIVE, COVER, FULL_HOUSE, FLUSH}


def test_癒月ちょこ_takes_the_icon_another_2期生_finally_uses():
    # あくあ OTAKU/VOCAL, スバル wild, ちょこ SEXY: ちょこ may become OTAKU (あくあ) or スバル's pick
    unit = ["minato_aqua", "oozora_subaru", "yuzuki_choco", "shirakami_fubuki", "houshou_marine"]
    assert best(CS, unit) == FIVE  # OTAKU x5: fubuki, marine, aqua, subaru(wild), choco(mimic)
    # without another 2期生 she is just SEXY
    assert best(CS, ["yuzuki_choco", "shirakami_fubuki", "houshou_marine", "tokoyami_towa", "sakura_miko"]) == TWO_PAIR


def test_ちょこ_cannot_mimic_a_non_2期生():
    unit = ["yuzuki_choco", "sakura_miko", "natsuiro_matsuri", "inugami_korone", "shiranui_flare"]
    assert best(CS, unit) == THREE


def test_icon_changing_abilities_only_raise_the_hand_readings():
    # 「役を上げる目的以外、基本的には描かれている元々のアイコンとして扱います」
    wild_cover = ["sakura_miko", "hoshimachi_suisei", "tokoyami_towa", "tokino_sora", "azki"]
    assert achievable(CS, wild_cover, printed=True) == {ONE_PAIR}  # そら and AZKi as printed: SEISO x2
    assert readings(CS, wild_cover) == {COVER}  # the wilds raise it: only the raised hand stands
    # sub-icons are printed icons: the holder still reads them either way (no ability involved)
    sub_cover = ["tokoyami_towa", "houshou_marine", "hoshimachi_suisei", "sakura_miko", "amane_kanata"]
    assert {COVER, BUTA} <= readings(CS, sub_cover) == achievable(CS, sub_cover)
    # wilds that cannot raise the hand (SEISO x3 printed: そら, AZKi, ルーナ's sub-icon) stay printed
    three = ["tokino_sora", "roboco", "azki", "sakura_miko", "himemori_luna"]
    assert max(achievable(CS, three)) == THREE and BUTA in achievable(CS, three)
    assert readings(CS, three) == achievable(CS, three, printed=True) == {ONE_PAIR, THREE}
