"""view / describe / redact: hidden hands and deck, face-down venues, no seed."""
from kifu.replays import canon

from .helpers import RULES, arrange, choose, declare, describe, draw, fresh, pile, play, step


def test_hands_and_deck_are_hidden_from_all_but_their_owner():
    s = fresh(seed="view")
    for perspective in ("public", "p2"):
        v = RULES.view(s, perspective)
        assert v["hands"]["p1"] == {"count": 2} and v["deck_count"] == 34
        assert v["piles"] == {"deck": {"size": 34}, "box": {"size": 3}}
    assert [c["id"] for c in RULES.view(s, "p1")["hands"]["p1"]] == s["hands"]["p1"]
    assert RULES.view(s, "p1")["hands"]["p2"] == {"count": 2}
    omni = RULES.view(s, "omniscient")["piles"]
    assert omni["deck"]["top"] == [] and sum(u["copies"] for u in omni["deck"]["unseen"]) == 34
    assert {u["id"] for u in omni["deck"]["unseen"]} == set(pile(s)["unseen"])
    assert {u["id"] for u in omni["box"]["unseen"]} == set(pile(s, "box")["unseen"])


def test_the_omniscient_view_shows_a_piles_known_top_and_bottom():
    s = arrange(deck=["takane_lui"], deck_bottom=["sakura_miko"], box=["dome"])
    omni = RULES.view(s, "omniscient")["piles"]
    assert [c["name"] for c in omni["deck"]["top"]] == ["鷹嶺ルイ"] and omni["deck"]["bottom"][0]["id"] == "sakura_miko"
    assert omni["box"]["top"] == [{"id": "dome", "name": "ドーム", "audience": 8000}]
    assert RULES.view(s, "p1")["piles"]["deck"] == {"size": pile(s)["size"]}


def test_the_seed_never_leaves_in_a_view():
    s = fresh(seed="a-very-secret-seed")
    for perspective in ("public", "p1", "p2", "omniscient"):
        assert "a-very-secret-seed" not in canon.dumps(RULES.view(s, perspective))
        canon.check_plain(RULES.view(s, perspective))


def test_office_field_homes_public_and_face_down_venues_hidden():
    s = arrange(units={"p1": {0: ["sakura_miko"]}}, homes={"p2": ["takane_lui"]}, office="shirogane_noel")
    v = RULES.view(s, "public")
    assert v["office"]["name"] == "白銀ノエル" and v["homes"]["p2"][0]["id"] == "takane_lui"
    card = v["venues"][0]["units"]["p1"][0]
    assert card == {"id": "sakura_miko", "name": "さくらみこ", "icons": ["ENJOY"], "sub_icons": [], "suit": "LOVELY",
                    "generation": "0期生", "bonus": 2000, "abilities": card["abilities"]}
    assert all(venue["printed"] is venue["name"] is venue["id"] is None for venue in v["venues"])
    omni = RULES.view(s, "omniscient")["venues"][0]
    assert (omni["id"], omni["name"], omni["printed"]) == ("livehouse", "ライブハウス", 2000)


def test_acquired_venues_show_their_total_and_the_live_markers_are_public():
    gen0 = ["tokino_sora", "sakura_miko", "hoshimachi_suisei", "shirogane_noel"]
    s = step(arrange(units={"p1": {0: gen0}}, phase="live"), declare("p1", 0, "generation"))
    assert RULES.view(s, "p2")["venues"][0]["live"]["p1"] == {"kind": "generation", "count": 4, "declared_turn": 3}
    s = arrange(active="p2", phase="live", units={"p1": {2: ["shirogane_noel", "takane_lui", "tokino_sora", "azki",
                                                             "oozora_subaru"]}}, lives={("p1", 2): "five"})
    s = step(s, {"type": "end_turn", "seat": "p2"})
    v = RULES.view(s, "public")["venues"][2]
    assert v["acquired_by"] == "p1" and v["audience"] == 4000 and v["printed"] == 4000 and v["hand"]["name"] == "4カード"
    assert (v["id"], v["name"], v["revealed"]) == ("zepp", "Zepp", True)  # turned face up
    assert RULES.view(s, "public")["scores"] == {"p1": 4000, "p2": 0}


def test_pending_options_only_to_the_chooser():
    s = step(arrange(hands={"p1": ["momosuzu_nene"]}, units={"p1": {0: ["takane_lui"]}}), play("p1", "momosuzu_nene", 0))
    assert RULES.view(s, "p1")["pending"]["options"] == ["takane_lui", None]
    assert "options" not in RULES.view(s, "p2")["pending"] and RULES.view(s, "public")["pending"]["seat"] == "p1"


def test_describe_a_deck_draw_does_not_name_the_card_to_others():
    s = arrange(phase="draw", deck=["takane_lui"])
    cmd = draw("p1")
    assert "鷹嶺ルイ" not in describe(s, cmd, "public") and "鷹嶺ルイ" not in describe(s, cmd, "p2")
    assert "鷹嶺ルイ" in describe(s, cmd, "p1") and "鷹嶺ルイ" in describe(s, cmd, "omniscient")


def test_redact_a_physical_draws_outcome_is_the_drawers_and_the_office_refill_everyones():
    s = arrange(phase="draw", table="physical", office="sakura_miko")
    named = draw("p1", "deck", "takane_lui")
    after = step(s, named)
    assert RULES.redact(s, named, after, "p2")["outcomes"] == [None]
    assert RULES.redact(s, named, after, "public")["outcomes"] == [None]
    assert RULES.redact(s, named, after, "p1") == named == RULES.redact(s, named, after, "omniscient")
    office = draw("p1", "office", "azki")
    after = step(s, office)
    assert RULES.redact(s, office, after, "public") == office and after["office"] == "azki"


def test_describe_lines_in_japanese():
    s = arrange(hands={"p1": ["usada_pekora"]})
    assert describe(s, play("p1", "usada_pekora", 1), "public") == "p1: 兎田ぺこら を 会場2 のユニットに出す"
    assert describe(s, play("p1", "usada_pekora", 1), "omniscient") == "p1: 兎田ぺこら を 会場2（市民ホール） のユニットに出す"
    s = arrange(units={"p1": {0: ["tokino_sora", "sakura_miko", "hoshimachi_suisei", "shirogane_noel"]}}, phase="live")
    assert "「ライブ準備！」（期生ライブ）" in describe(s, declare("p1", 0, "generation"), "public")
    s = step(arrange(hands={"p1": ["momosuzu_nene"]}, units={"p1": {0: ["takane_lui"]}}), play("p1", "momosuzu_nene", 0))
    assert "桃鈴ねね" in describe(s, choose("p1", "takane_lui"), "public")


def test_describe_never_raises_on_garbage():
    s = fresh()
    for cmd in ({"type": "play", "seat": "p1", "card": "nobody", "venue": 9}, {"type": "choose", "seat": "p1"},
                {"type": "draw", "seat": "p1", "source": "office"}, {}, "play"):
        assert isinstance(RULES.describe(s, cmd, s, "public"), str)
