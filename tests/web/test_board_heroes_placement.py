"""The ヒーローズプレイスメント board (web/templates/games/heroes_placement/board.html), rendered
through the viewer from a golden record: every perspective at several steps, hands and
face-down places hidden where they must be, characters with AP/DP and rested, the response
window and who answers it, the battle, an observed table's unknown cards as backs; and the
recording table offering the waiting seat "pass" and its responses at a window."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from kifu.replays import registry
from tests.web.conftest import token
from tests.web.test_boards import board_of, observed_deal
from tests.web.test_views import sign_in

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "heroes_placement"
RECORD = "recovery-and-coop-attack"  # windows, co-operative attack and defence, deck recovery
SQUARES = ["前左", "前中", "前右", "後左", "リーダー", "後右"]
PERSPECTIVES = ("public", "p1", "p2", "omniscient")


@pytest.fixture
def game(matches):
    """A finished golden game (finished and public: every perspective is open)."""
    return matches.import_record((GOLDEN / f"{RECORD}.kifu.jsonl").read_text(encoding="utf-8"), by="test")


def page_at(client, mid: str, step: int, perspective: str) -> str:
    r = client.get(f"/m/{mid}?step={step}&as={perspective}")
    assert r.status_code == 200, (step, perspective)
    return r.get_data(as_text=True)


def part(board: str, testid: str) -> str:
    """The element carrying ``data-testid=testid``, up to where its tag closes (tags nest)."""
    start = board.rindex("<", 0, board.index(f'data-testid="{testid}"'))
    tag = re.match(r"<(\w+)", board[start:]).group(1)
    depth, pos = 0, start
    for m in re.finditer(rf"<(/?){tag}\b[^>]*>", board[start:]):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            pos = start + m.end()
            break
    return board[start:pos]


def first_step(matches, mid: str, until) -> tuple[int, dict]:
    for step in range(matches.info(mid).seq + 1):
        _, state = matches.state(mid, at=step)
        if until(state):
            return step, state
    raise AssertionError("the record never reaches such a step")


def window_open(state: dict) -> bool:
    return state["pending"] is not None and state["pending"]["kind"] == "window"


def test_every_perspective_renders_at_every_phase(client, matches, game):
    wanted: dict[str, int] = {}
    for step in range(game.seq + 1):
        _, state = matches.state(game.id, at=step)
        wanted.setdefault(state["phase"], step)
        if window_open(state):
            wanted.setdefault(f"window{state['stack'][-1]['params']['kind']}", step)
    assert {"setup", "leader", "battle", "appear", "over", "window1", "window3", "window4"} <= set(wanted)
    for step in sorted(set(wanted.values())):
        for perspective in PERSPECTIVES:
            board = board_of(page_at(client, game.id, step, perspective))
            assert 'class="board board-heroes_placement"' in board
            for seat in ("p1", "p2"):
                assert f'data-testid="hand-{seat}"' in board and f'data-testid="grid-{seat}"' in board
                assert all(f'data-testid="square-{seat}-{i}"' in board for i in range(6))
                assert f'data-testid="damage-{seat}"' in board and f'data-testid="trash-{seat}"' in board
    assert "games/heroes_placement.css" in page_at(client, game.id, 0, "public")


@pytest.mark.parametrize("perspective", PERSPECTIVES)
def test_a_hand_is_shown_to_its_owner_and_counted_as_backs_for_everyone_else(client, matches, game, perspective):
    step = game.seq // 2
    _, state = matches.state(game.id, at=step)
    board = board_of(page_at(client, game.id, step, perspective))
    for seat in ("p1", "p2"):
        hand = part(board, f"hand-{seat}")
        held = state["players"][seat]["hand"]
        cards = re.findall(r'data-card="([^"]+)"', hand)
        if perspective in (seat, "omniscient"):
            assert cards == held
            names = re.findall(r'data-testid="card" data-card="[^"]+">([^<]+)<', hand)
            assert names == [registry.demo("heroes_placement").cardset.name(c) for c in held]
        else:
            assert cards == [] and f"{len(held)} hidden" in hand
            assert hand.count('class="hp-back"') == len(held)


@pytest.mark.parametrize("perspective", PERSPECTIVES)
def test_face_down_places_are_backs_and_only_a_judge_reads_them(client, matches, game, perspective):
    step = game.seq // 2
    _, state = matches.state(game.id, at=step)
    board = board_of(page_at(client, game.id, step, perspective))
    for seat in ("p1", "p2"):
        for i, sq in enumerate(state["players"][seat]["grid"]):
            square = part(board, f"square-{seat}-{i}")
            if sq["place"] is None:
                assert 'data-testid="destroyed"' in square
                continue
            place = re.search(r'<span class="hp-place[^"]*"[^>]*>', square).group(0)
            assert "hp-place-back" in place
            if perspective == "omniscient":
                assert f'data-card="{sq["place"]}"' in place
            else:
                assert 'data-testid="place-back"' in place and "data-card" not in place


def test_the_perspectives_seat_sits_at_the_bottom_and_the_opponents_grid_is_turned_round(client, game):
    for perspective, top, bottom in (("p1", "p2", "p1"), ("p2", "p1", "p2"), ("public", "p2", "p1")):
        board = board_of(page_at(client, game.id, 0, perspective))
        assert board.index(f'data-testid="side-{top}"') < board.index(f'data-testid="side-{bottom}"')
        away = [int(i) for i in re.findall(r'data-square="(\d)"', part(board, f"grid-{top}"))]
        home = [int(i) for i in re.findall(r'data-square="(\d)"', part(board, f"grid-{bottom}"))]
        assert away == [5, 4, 3, 2, 1, 0] and home == [0, 1, 2, 3, 4, 5]


def test_characters_show_name_ap_dp_and_rested(client, matches, game):
    step, state = first_step(matches, game.id, lambda s: any(
        sq["char"] and sq["char"]["rested"] for p in s["players"].values() for sq in p["grid"]))
    rules = registry.demo("heroes_placement")
    view = rules.view(state, "public")
    board = board_of(page_at(client, game.id, step, "public"))
    seen_rested = False
    for seat in ("p1", "p2"):
        for i, sq in enumerate(view["players"][seat]["grid"]):
            square = part(board, f"square-{seat}-{i}")
            ch = sq["char"]
            if ch is None:
                assert 'class="hp-char' not in square
                continue
            assert f'data-card="{ch["card"]}"' in square and ch["name"] in square
            assert f'AP {ch["ap"]}<' in square and f'DP {ch["dp"]}<' in square
            assert ('data-rested="true"' in square) == ch["rested"] == ("行動済み<" in square)
            seen_rested |= ch["rested"]
    assert seen_rested
    leader = part(board, "square-p1-4")
    assert "hp-leader-slot" in leader and "リーダー" in leader


@pytest.mark.parametrize("perspective", PERSPECTIVES)
def test_the_open_response_window_leads_the_board_and_names_who_answers(client, matches, game, perspective):
    step, state = first_step(matches, game.id, lambda s: window_open(s) and s["stack"][-1]["params"]["kind"] == 3)
    seat = state["pending"]["seat"]
    entering = state["stack"][-2]
    name = registry.demo("heroes_placement").cardset.name(entering["card"])
    board = board_of(page_at(client, game.id, step, perspective))
    window = part(board, "response-window")
    assert f'data-seat="{seat}"' in window and "対応ウィンドウ ③ キャラの登場時" in window
    assert "対応 か パス" in window and f"seat-{seat}" in window
    assert ("あなた" in window) == (perspective == seat) == ("hp-window-mine" in window)
    answering = part(window, "answering")
    assert name in answering and f"{SQUARES[entering['params']['square']]}に登場" in answering
    # first after the status line: before any decision, battle or side of the table
    assert board.index('data-testid="response-window"') < min(board.index('data-testid="side-p1"'),
                                                              board.index('data-testid="side-p2"'))
    side = part(board, f"side-{seat}")
    assert "hp-awaited" in side.split(">", 1)[0] and "対応待ち" in side
    assert "対応待ち" not in part(board, f"side-{'p2' if seat == 'p1' else 'p1'}")


@pytest.mark.parametrize("attackers, blockers", [(2, 1), (1, 2)], ids=["co-operative attack", "co-operative defence"])
def test_the_battle_marks_its_attackers_target_and_blockers(client, matches, game, attackers, blockers):
    step, state = first_step(matches, game.id, lambda s: s["battle"] is not None and len(
        s["battle"]["attackers"]) >= attackers and len(s["battle"]["blockers"] or []) >= blockers)
    battle = state["battle"]
    board = board_of(page_at(client, game.id, step, "public"))
    where = {sq["char"]["uid"]: (seat, i) for seat, p in state["players"].items()
             for i, sq in enumerate(p["grid"]) if sq["char"]}
    target = part(board, f"square-{battle['defender']}-{battle['target']}")
    assert "hp-target" in target.split(">", 1)[0] and "攻撃対象" in target
    for uid in battle["attackers"]:
        assert "hp-attacking" in part(board, "square-%s-%d" % where[uid]).split(">", 1)[0]
    for uid in battle["blockers"]:
        assert "hp-blocking" in part(board, "square-%s-%d" % where[uid]).split(">", 1)[0]
    summary = part(board, "battle")
    grid = registry.demo("heroes_placement").view(state, "public")["players"][battle["attacker"]]["grid"]
    total = sum(grid[where[u][1]]["char"]["ap"] for u in battle["attackers"])
    assert f'data-testid="attack-ap">{total}<' in summary and SQUARES[battle["target"]] in summary


def test_a_decisions_options_are_shown_to_the_decider_only(client, matches, game):
    step, state = first_step(matches, game.id, lambda s: s["pending"] is not None and s["pending"]["kind"] == "block")
    decider = state["pending"]["seat"]
    for perspective in PERSPECTIVES:
        decision = part(board_of(page_at(client, game.id, step, perspective)), "decision")
        assert f'data-seat="{decider}"' in decision and "防御するキャラを選ぶ" in decision
        assert ("選択肢" in decision) == (perspective in (decider, "omniscient"))
        if "選択肢" in decision:
            assert "攻撃を通す" in decision  # "through" in words, squares by name
            assert any(SQUARES[o[0]] in decision for o in state["pending"]["options"] if isinstance(o, list))


def test_the_end_shows_destroyed_places_the_damage_area_and_the_winner(client, matches, game):
    _, state = matches.state(game.id)
    board = board_of(page_at(client, game.id, game.seq, "public"))
    loser = "p1" if state["winner"] == "p2" else "p2"
    assert part(board, f"grid-{loser}").count('data-testid="destroyed"') == 6
    damage = part(board, f"damage-{loser}")
    cs = registry.demo("heroes_placement").cardset
    assert f"<strong>{len(state['players'][loser]['damage'])}</strong>" in damage
    assert all(cs.name(c) in damage for c in state["players"][loser]["damage"])
    outcome = part(board, "outcome")
    assert "勝者" in outcome and f"seat-{state['winner']}" in outcome and html.escape(state["reason"]) in outcome
    assert 'data-testid="response-window"' not in board and 'data-testid="decks-omniscient"' not in board
    assert 'data-testid="decks-omniscient"' in board_of(page_at(client, game.id, game.seq, "omniscient"))


def test_an_observed_board_draws_each_unknown_place_and_hand_card_as_a_back(app, client, matches):
    rules = registry.demo("heroes_placement")
    info = matches.create("heroes_placement", ["A", "B"], {}, table="observed", deal=observed_deal(rules, 2))
    sign_in(client, token(app, "judge", name="Judge"))
    board = board_of(client.get(f"/m/{info.id}?as=omniscient").get_data(as_text=True))
    view = matches.view_step(info.id, "omniscient").view
    unknown = set(view["unknown"])
    places = {sq["place"] for p in view["players"].values() for sq in p["grid"]}
    assert unknown and places <= unknown, "the deal left the places known"
    drawn = set(re.findall(r'data-testid="token" data-token="(\?\d+)"', board))
    assert drawn == unknown
    for seat in ("p1", "p2"):
        for i in range(6):
            assert 'data-testid="token"' in part(board, f"square-{seat}-{i}")


def test_the_recording_table_offers_the_waiting_seat_pass_and_its_responses(app, client, matches):
    """優先権: at a response window the table of the waiting (non-turn) seat lists "pass" and
    each response it may declare; its board shows the window as that seat's."""
    text = (GOLDEN / f"{RECORD}.kifu.jsonl").read_text(encoding="utf-8")
    header, *entries = (json.loads(line) for line in text.splitlines())
    rules = registry.demo("heroes_placement")
    info = matches.create("heroes_placement", [s["name"] for s in header["seats"]], header["options"],
                          seed=header["seed"])
    for entry in entries:
        seq, state = matches.state(info.id)
        if window_open(state) and any(c["type"] == "respond" for c in rules.legal(state, state["pending"]["seat"])):
            break
        matches.submit(info.id, entry["command"], expected_seq=seq, command_id=f"c{seq}", by="t")
    else:
        raise AssertionError("the record never opens a window with a response to offer")
    waiting = state["pending"]["seat"]
    assert waiting != state["active"]
    sign_in(client, token(app, "recorder", name="Rec", match=info.id))
    page = client.get(f"/m/{info.id}/table").get_data(as_text=True)
    section = re.search(rf'<section class="seat-commands" aria-label="commands for {waiting}".*?</section>',
                        page, re.S).group(0)
    offered = [json.loads(html.unescape(v)) for v in re.findall(r'name="command" value="([^"]+)"', section)]
    expected = rules.legal(state, waiting)
    assert {"type": "pass", "seat": waiting} in offered
    responses = [c for c in offered if c["type"] == "respond"]
    assert responses and canonical(offered) == canonical(expected)
    assert "パス（" in section and "対応 " in section  # the rules' labels, not raw JSON
    active = state["active"]
    assert f'aria-label="commands for {active}"' not in page  # the turn player only waits
    window = part(board_of_table(page), "response-window")
    assert f'data-seat="{waiting}"' in window
    r = client.post(f"/m/{info.id}/table", data={
        "csrf_token": re.search(r'name="csrf_token" value="([^"]+)"', page).group(1),
        "expected_seq": str(seq), "command_id": re.search(r'name="command_id" value="([^"]+)"', page).group(1),
        "command": json.dumps({"type": "pass", "seat": waiting})})
    assert r.status_code == 303 and matches.info(info.id).seq == seq + 1


def canonical(commands: list[dict]) -> list[str]:
    return sorted(json.dumps(c, sort_keys=True) for c in commands)


def board_of_table(page: str) -> str:
    return page.split('data-testid="board">', 1)[1]
