"""The Life is Rolling Stone board (web/templates/games/rolling_stone/board.html), rendered
through the viewer from golden records: every perspective at several steps, what each
perspective must and must not see, dice as pips, the table's parts, an observed table."""
from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

import pytest

from kifu.replays import engine, records, registry
from tests.web.test_boards import board_of, observed_deal

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "rolling_stone"
SQUARES = [f"{c}{r}" for r in range(1, 5) for c in "ABCD"]
COLOURS = ("red", "blue", "yellow", "green")
COLOUR_NAMES = {"red": "赤", "blue": "青", "yellow": "黄", "green": "緑"}


def imported(matches, name: str):
    return matches.import_record((GOLDEN / f"{name}.kifu.jsonl").read_text(encoding="utf-8"), by="test")


@cache
def golden_states(name: str) -> tuple[dict, ...]:
    """Every state of a golden record, step 0 first (folded here once: the store's fold per step is slower)."""
    record = records.read_text((GOLDEN / f"{name}.kifu.jsonl").read_text(encoding="utf-8")).record
    rules = registry.demo("rolling_stone")
    states = [engine.initial_state(rules, record.header, record.header["seed"])]
    for entry in record.entries:
        states.append(rules.apply(states[-1], entry["command"]))
    return tuple(states)


@pytest.fixture
def four(matches):
    """Four players: a tie for start player, unplaceable cards, extra リピート (finished: every perspective open)."""
    return imported(matches, "four-tied-start-player")


def page_at(client, mid: str, step: int, perspective: str, partial: bool = False) -> str:
    """The viewer at ``step`` as ``perspective`` (``partial``: the stage htmx swaps in, without the page around it)."""
    r = client.get(f"/m/{mid}?step={step}&as={perspective}", headers={"HX-Request": "true"} if partial else {})
    assert r.status_code == 200, (step, perspective)
    return r.get_data(as_text=True)


def section(board: str, testid: str) -> str:
    """The element with ``data-testid=testid`` up to the next seat, table or board part."""
    start = board.index(f'data-testid="{testid}"')
    parts = r'data-testid="(seat|hand|album|skills|choice|tray)-p\d"|<section class="rs-table"'
    nxt = re.search(parts, board[start + len(testid) + 12:])
    return board[start: start + len(testid) + 12 + (nxt.start() if nxt else len(board))]


def steps(until, name: str = "four-tied-start-player"):
    """The first step of a golden record whose state satisfies ``until``."""
    for step, state in enumerate(golden_states(name)):
        if until(state):
            return step, state
    raise AssertionError("no such step")


def test_every_perspective_renders_at_every_phase(client, matches, four):
    seats = [s["id"] for s in four.header["seats"]]
    wanted = {}
    for step, state in enumerate(golden_states("four-tied-start-player")):
        wanted.setdefault(state["phase"], step)
    assert set(wanted) == {"draft", "album", "skill", "field", "order", "main", "over"}
    for phase, step in wanted.items():
        for perspective in ("public", *seats, "omniscient"):
            board = board_of(page_at(client, four.id, step, perspective, partial=True))
            assert 'class="board board-rolling_stone"' in board and f'data-phase="{phase}"' in board
            assert len(re.findall(r'data-square="[A-D][1-4]"', board)) == 16 * len(seats), (phase, perspective)
            for seat in seats:
                for testid in (f"album-{seat}", f"hand-{seat}", f"skills-{seat}", f"vp-{seat}", f"power-{seat}"):
                    assert f'data-testid="{testid}"' in board
            assert 'data-testid="order"' in board and 'data-testid="field"' in board and 'data-testid="events"' in board
            assert 'style=' not in board and "<script" not in board and "<img" not in board


def test_the_viewers_own_album_is_at_the_bottom_the_others_clockwise_from_its_left(client, four):
    for perspective, expected in (("p3", ["p4", "p1", "p2", "p3"]), ("p1", ["p2", "p3", "p4", "p1"]),
                                  ("public", ["p2", "p3", "p4", "p1"]), ("omniscient", ["p2", "p3", "p4", "p1"])):
        board = board_of(page_at(client, four.id, four.seq, perspective, partial=True))
        assert re.findall(r'data-testid="seat-(p\d)"', board) == expected, perspective
        bottom = expected[-1]
        assert ("あなた" in section(board, f"seat-{bottom}")) == (perspective == bottom)


def test_a_dream_hand_is_seen_by_its_owner_only(client, matches, four):
    step, state = steps(lambda s: s["phase"] == "main" and s["stage"] == 2)
    names = four.rules.cardset.cards
    for perspective in ("public", "p1", "p2", "p3", "p4", "omniscient"):
        board = board_of(page_at(client, four.id, step, perspective))
        for seat, hand in state["hands"].items():
            shown = section(board, f"hand-{seat}")
            cards = re.findall(r'data-card="([^"]+)"', shown)
            if perspective in (seat, "omniscient"):
                assert cards == hand and "hidden" not in shown
            else:
                assert cards == [] and f"{len(hand)} hidden" in shown
                assert shown.count('class="rs-back"') == len(hand)
                for card in hand:
                    assert f'data-card="{card}"' not in board and names[card]["name"] not in board


@pytest.mark.parametrize("phase", ["draft", "skill"])
def test_a_simultaneous_choice_reads_chosen_or_choosing_until_all_have_chosen(client, matches, four, phase):
    step, state = steps(lambda s: s["phase"] == phase and 0 < len(s["choices"]) < len(s["seats"]))
    [(chooser, card)] = list(state["choices"].items())[:1]
    names = registry.demo("rolling_stone").cardset.cards
    for perspective in ("public", "p1", "p2", "p3", "p4", "omniscient"):
        board = board_of(page_at(client, four.id, step, perspective))
        for seat in state["seats"]:
            choice = section(board, f"choice-{seat}")
            made = seat in state["choices"]
            assert ('data-made="yes"' in choice) == made and ("chosen" in choice) == made
            assert ("choosing" in choice) == (not made)
        mine = section(board, f"choice-{chooser}")
        if perspective in (chooser, "omniscient"):
            assert f'data-card="{card}"' in mine and names[card]["name"] in mine
        else:
            assert f'data-card="{card}"' not in board and names[card]["name"] not in board, perspective


def test_every_die_is_drawn_as_pips_on_its_square_with_its_north_and_east_faces(client, matches, four):
    step, state = steps(lambda s: s["phase"] == "main" and s["stage"] == 3)
    view = four.rules.view(state, "public")
    board = board_of(page_at(client, four.id, step, "public"))
    for seat in state["seats"]:
        album = section(board, f"album-{seat}")
        cells = dict(re.findall(r'data-square="([A-D][1-4])">(.*?)(?=<div class="rs-sq|\Z)', album, re.S))
        assert sorted(cells) == sorted(SQUARES)
        for colour in COLOURS:
            die = view["seats"][seat]["dice"][colour]
            cell = cells[die["square"]]
            found = re.search(rf'<span class="rs-die rs-die-{colour}[^"]*" data-testid="die"\s+data-seat="{seat}" '
                              rf'data-colour="{colour}" data-top="(\d)" data-north="(\d)"\s+data-east="(\d)"'
                              r'.*?aria-label="([^"]+)".*?<span class="rs-face"[^>]*>(.*?)</span>', cell, re.S)
            assert found, (seat, colour, die["square"])
            top, north, east, label, face = found.groups()
            assert (int(top), int(north), int(east)) == (die["top"], die["north"], die["east"])
            assert face.count('class="rs-pip') == die["top"]
            assert label.startswith(f"{COLOUR_NAMES[colour]}のサイコロ {die['top']}（北 {die['north']}・東 {die['east']}）")
        for square, card in state["albums"][seat].items():
            name = four.rules.cardset.cards[card]["name"]
            assert f'data-card="{card}"' in cells[square] and html.escape(name) in cells[square]


def test_the_die_a_move_rolled_carries_its_direction_and_the_move_line_says_it(client, matches, four):
    step, state = steps(lambda s: any(e["what"] == "roll" and e["to"] != e["square"] for e in s["log"]))
    roll = next(e for e in state["log"] if e["what"] == "roll")
    page = page_at(client, four.id, step, "public")
    board = board_of(page)
    arrow = {"north": "↑", "east": "→", "south": "↓", "west": "←"}[roll["direction"]]
    die = re.search(rf'<span class="rs-die rs-die-{roll["colour"]}[^"]*" data-testid="die"\s+'
                    rf'data-seat="{roll["seat"]}".*?</span>\s*</span>', board, re.S).group(0)
    assert "rs-rolled" in die and f'rs-arrow" aria-hidden="true">{arrow}<' in die
    album = section(board, f"album-{roll['seat']}")
    classes = dict((sq, cls) for cls, sq in re.findall(r'class="(rs-sq[^"]*)" data-square="([A-D][1-4])"', album))
    assert [sq for sq, cls in classes.items() if "rs-placed" in cls] == [roll["to"]]
    assert f'{COLOUR_NAMES[roll["colour"]]} {roll["top"]}→{roll["to_top"]}, {roll["direction"]}' in page
    # only the dice this move rolled are marked
    assert board.count("rs-rolled") == sum(1 for e in state["log"] if e["what"] == "roll")


def test_the_order_card_the_common_field_the_events_and_vp(client, matches, four):
    step, state = steps(lambda s: s["phase"] == "main" and s["turn_step"] == "take"
                        and s["slot"] == 2 and s["stage"] == 2)
    cards = four.rules.cardset.cards
    board = board_of(page_at(client, four.id, step, "p2"))
    order = section(board, "order")
    slots = re.findall(r'data-slot="(\d)">(.*?)</li>', order, re.S)
    assert [int(n) for n, _ in slots] == [1, 2, 3, 4]
    for (n, li), pawn in zip(slots, state["order"]):
        if pawn:
            assert f"seat-{pawn}" in li
    assert f"seat-{state['active']}" in slots[1][1] and "rs-current" in order.split('data-slot="2"')[0][-80:]
    field = board.split('data-testid="field"', 1)[1].split("</div>", 1)[0]
    assert re.findall(r'data-card="([^"]+)"', field) == state["field"]
    events = board.split('data-testid="events"', 1)[1].split("</ol>", 1)[0]
    assert re.findall(r'data-card="([^"]+)"', events) == state["events"]
    nxt = re.findall(r'<li class="rs-next">(.*?)</li>', events, re.S)
    assert len(nxt) == 1 and f'data-card="{state["events"][0]}"' in nxt[0] and "次のイベント" in nxt[0]
    for card in state["events"]:
        assert html.escape(cards[card]["effect"]["text"]) in events
    for seat in state["seats"]:
        assert f'data-testid="vp-{seat}">{state["vp"][seat]}<' in board
        assert f'data-testid="power-{seat}">{state["power"][seat]}<' in board
    marker = section(board, f"seat-{state['marker']}")
    assert 'data-testid="marker"' in marker
    assert board.count('data-testid="marker"') == 1
    stage = state["stage"]
    assert f'ステージ{stage}山 {state["zones"]["piles"][f"stage{stage}"]["size"]}枚' in board


def test_the_final_scoring_and_the_outcome(client, matches, four):
    state = golden_states("four-tied-start-player")[-1]
    board = board_of(page_at(client, four.id, four.seq, "public"))
    final = board.split('data-testid="final"', 1)[1].split("</table>", 1)[0]
    for seat, row in state["final"].items():
        assert re.search(rf"seat-{seat}.*?<strong>{row['total']}</strong>", final, re.S)
    outcome = four.rules.outcome(state)
    assert f'data-testid="outcome">{html.escape(outcome.reason)}<' in board
    assert 'data-testid="piles-omniscient"' not in board
    assert 'data-testid="piles-omniscient"' in board_of(page_at(client, four.id, four.seq, "omniscient"))


def test_an_observed_table_draws_each_unseen_dream_card_as_a_back_with_its_mark(app, client, matches):
    from tests.web.conftest import token
    from tests.web.test_views import sign_in

    rules = registry.demo("rolling_stone")
    info = matches.create("rolling_stone", ["A", "B", "C"], {}, table="observed", deal=observed_deal(rules, 3))
    sign_in(client, token(app, "judge", name="Judge"))
    _, state = matches.state(info.id)
    tokens = [t for hand in state["hands"].values() for t in hand if t.startswith("?")]
    assert tokens, "the deal left nothing unknown"
    omniscient = board_of(page_at(client, info.id, 0, "omniscient"))
    drawn = re.findall(r'data-testid="token" data-token="(\?\d+)" title="\?\d+: unknown card, 配布 at step 0"',
                       omniscient)
    assert sorted(drawn) == sorted(tokens)
    listed = re.findall(r'class="tok-unknown" data-token="(\?\d+)"', page_at(client, info.id, 0, "omniscient"))
    assert sorted(listed) == sorted(tokens)  # the viewer's unknown-card panel below the board
    public = board_of(page_at(client, info.id, 0, "public"))
    assert 'data-testid="token"' not in public and public.count('class="rs-back"') == len(tokens)


def test_the_recording_table_shows_the_board(app, client, matches):
    from tests.web.conftest import play, token
    from tests.web.test_views import sign_in

    info = matches.create("rolling_stone", ["A", "B", "C"], {})
    play(matches, info.id, 40)
    sign_in(client, token(app, "recorder", name="Rec", match=info.id))
    r = client.get(f"/m/{info.id}/table")
    assert r.status_code == 200
    board = r.get_data(as_text=True).split('data-testid="board">', 1)[1]
    assert 'class="board board-rolling_stone"' in board and board.count('data-testid="die"') == 12
