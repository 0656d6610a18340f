"""The view shape the board is drawn from, and the move-list lines."""
from __future__ import annotations

from kifu.replays import canon

from .helpers import MEMO, RED, RULES, WHITE, YUKI_D, c, ready, step
from .test_turns import p1_main

PLAYER_KEYS = {"oshi", "life", "deck_count", "cheer_deck_count", "holopower", "hand", "archive", "stage", "used",
               "turns", "mulligan", "placed"}
HOLO_KEYS = {"pos", "card", "stack", "cheer", "cheer_colors", "attached", "damage", "hp", "rested", "face_down", "mods"}


def test_the_view_has_the_documented_shape_for_every_perspective():
    s = p1_main()
    for perspective in ("p1", "p2", "public", "omniscient"):
        view = RULES.view(s, perspective)
        canon.check_plain(view)
        assert view["game"] == "hocg" and view["to_act"] == ["p1"] and view["phase"] == "main"
        for seat in ("p1", "p2"):
            player = view["players"][seat]
            assert PLAYER_KEYS <= set(player)
            assert set(player["stage"]["center"]) == HOLO_KEYS
            assert player["oshi"] in view["cards"]
        center = view["players"]["p1"]["stage"]["center"]
        assert center["card"] == YUKI_D and center["cheer_colors"] == {"white": 1} and center["hp"] == 80
        card = view["cards"][YUKI_D]
        assert card["arts"][0]["cost"] == ["any"] and card["level"] == "debut"
    assert isinstance(RULES.view(s, "p2")["players"]["p1"]["hand"], dict)
    assert isinstance(RULES.view(s, "p1")["players"]["p1"]["hand"], list)


def test_a_pending_cheer_is_shown_with_the_cheer_card_and_its_options_to_the_chooser_only():
    s = ready()
    assert RULES.view(s, "public")["pending"]["cheer"] == WHITE
    assert "options" not in RULES.view(s, "p2")["pending"] and RULES.view(s, "p1")["pending"]["options"]


def test_move_lines_name_a_draw_to_its_drawer_only():
    before = p1_main()
    cmd = {**c("p1", "end_turn"), "outcomes": [MEMO, RED]}
    after = step(before, c("p1", "end_turn"), MEMO, RED)
    assert "ふしぎなメモ" in RULES.describe(before, cmd, after, "p2")
    assert "ふしぎなメモ" not in RULES.describe(before, cmd, after, "p1")
    assert "赤エール" in RULES.describe(before, cmd, after, "public")
    assert RULES.redact(before, cmd, after, "p1")["outcomes"] == [None, RED]
