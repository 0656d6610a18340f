"""The hololive OCG board (web/templates/games/hocg/board.html): every area of both play
sheets, drawn from ``Rules.view`` only, for every perspective at the steps that show each
part of the game (a face-down placement, a cheer waiting for its holomem, an ability
resolved by hand, damage and rest, the end); hidden cards never reach another seat's page;
an observed table's unknown cards are backs with their marks; nothing scrolls sideways on a
phone."""
from __future__ import annotations

import re

import pytest
import redis

from kifu.replays import registry
from kifu.service.seeding import seed_demo_matches
from tests.web.browser import screenshot
from tests.web.conftest import LiveServer, make_app

SEATS = ("p1", "p2")
PERSPECTIVES = ("public", "p1", "p2", "omniscient")
AREAS = ("life", "cheerdeck", "collab", "center", "oshi", "back", "holopower", "deck", "archive", "hand")


def board_of(page: str) -> str:
    return page.split('data-testid="board">', 1)[1].split('<aside class="moves-panel"', 1)[0]


def area(board: str, testid: str) -> str:
    """The html of the element marked ``data-testid=testid``, from its start tag to its end tag."""
    at = board.index(f'data-testid="{testid}"')
    start = board.rindex("<", 0, at)
    tag = re.match(r"<(\w+)", board[start:]).group(1)
    depth = 0
    for m in re.finditer(rf"<(/?){tag}\b[^>]*>", board[start:]):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            return board[start:start + m.end()]
    raise AssertionError(f"{testid}: no end tag")


def cards_in(html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', html)


class Demo:
    """A finished hocg demo match (public once finished) and its state at every step."""

    def __init__(self, matches):
        [self.info] = seed_demo_matches(matches, 1, games=[registry.get("hocg")], force=True)
        self.rules = self.info.rules
        state = matches.state(self.info.id, at=0)[1]
        self.states = [state]
        for entry in matches.entries(self.info.id):
            state = self.rules.apply(state, entry["command"])
            self.states.append(state)

    def view(self, step: int, perspective: str) -> dict:
        return self.rules.view(self.states[step], perspective)

    def first(self, test) -> int:
        """The first step whose omniscient view passes ``test``."""
        return next(s for s in range(len(self.states)) if test(self.view(s, "omniscient")))


@pytest.fixture(scope="module")
def site(redis_server):
    """One app and one demo match for the module's read-only tests (seeding and folding a
    hocg game per test would take most of the module's time). Only these tests use this
    database while the module runs; the next test that asks for ``redis_url`` empties it."""
    client = redis.Redis.from_url(redis_server.url)
    client.flushdb()
    client.close()
    app = make_app(redis_server.url)
    return app, Demo(app.extensions["kifu"].matches)


@pytest.fixture
def demo(site):
    return site[1]


@pytest.fixture
def client(site):
    return site[0].test_client()


def get_board(client, mid: str, step: int, perspective: str) -> str:
    r = client.get(f"/m/{mid}?step={step}&as={perspective}", headers={"HX-Request": "true"})
    assert r.status_code == 200, (step, perspective)
    page = r.get_data(as_text=True)
    assert 'class="board board-hocg"' in page
    return page.split('data-testid="board">', 1)[1]


def number(html: str) -> int:
    return int(re.search(r'class="hc-count"><strong>(\d+)</strong>', html).group(1))


def test_every_area_of_both_sheets_for_every_perspective_with_the_views_counts(client, demo):
    placed = demo.first(lambda v: v["phase"] == "place")
    steps = sorted({0, placed, placed + 2, demo.info.seq // 2, demo.info.seq})
    for step in steps:
        for perspective in PERSPECTIVES:
            board = get_board(client, demo.info.id, step, perspective)
            view = demo.view(step, perspective)
            for seat in SEATS:
                p = view["players"][seat]
                for a in AREAS:
                    assert f'data-testid="{a}-{seat}"' in board, (step, perspective, a, seat)
                assert number(area(board, f"life-{seat}")) == p["life"]
                assert number(area(board, f"deck-{seat}")) == p["deck_count"]
                assert number(area(board, f"cheerdeck-{seat}")) == p["cheer_deck_count"]
                assert number(area(board, f"holopower-{seat}")) == p["holopower"]
                assert number(area(board, f"archive-{seat}")) == len(p["archive"])
                oshi = view["cards"][p["oshi"]]["name"]
                assert oshi in area(board, f"oshi-{seat}")
            # who is awaited, in the page's words
            to_act = area(board, "to-act")
            assert all(f"seat-{s}" in to_act for s in view["to_act"])


def test_the_viewers_own_sheet_is_at_the_bottom(client, demo):
    step = demo.info.seq // 2
    for perspective, bottom in (("p1", "p1"), ("p2", "p2"), ("public", "p1"), ("omniscient", "p1")):
        board = get_board(client, demo.info.id, step, perspective)
        top = "p2" if bottom == "p1" else "p1"
        assert board.index(f'data-testid="side-{top}"') < board.index(f'data-testid="side-{bottom}"')
        assert re.search(rf'class="hc-side hc-home[^"]*" data-testid="side-{bottom}"', board)


@pytest.mark.parametrize("perspective, hidden", [("p1", ["p2"]), ("p2", ["p1"]), ("public", ["p1", "p2"])])
def test_a_hidden_hand_is_a_count_of_backs_and_its_cards_are_not_in_the_page(client, demo, perspective, hidden):
    for step in (1, demo.info.seq // 3, demo.info.seq // 2):
        board = get_board(client, demo.info.id, step, perspective)
        shown = demo.view(step, perspective)
        state = demo.states[step]
        # the page names only cards this perspective's view holds
        assert set(cards_in(board)) <= set(shown["cards"]), (step, perspective)
        for seat in SEATS:
            hand = area(board, f"hand-{seat}")
            real = state["players"][seat]["hand"]
            if seat in hidden:
                assert cards_in(hand) == [] and f"{len(real)}枚（非公開）" in hand
                assert hand.count('class="hc-mini-back"') == min(len(real), 30)
                for card in set(real) - set(shown["cards"]):
                    assert card not in board, (step, perspective, card)
            else:
                assert cards_in(hand) == real


def test_a_face_down_placement_is_a_back_until_the_reveal(client, demo):
    step = demo.first(lambda v: v["phase"] == "place" and any(v["players"][s]["placed"] for s in SEATS))
    state = demo.states[step]
    placer = next(s for s in SEATS if state["players"][s]["placed"])
    other = "p2" if placer == "p1" else "p1"
    stage = state["players"][placer]
    n = 1 + len(stage["back"])
    for perspective in (other, "public"):
        side = area(get_board(client, demo.info.id, step, perspective), f"side-{placer}")
        assert side.count('data-testid="facedown"') == n
        assert cards_in(side) == [stage["oshi"]]  # the oshi is face up from the start
    mine = area(get_board(client, demo.info.id, step, placer), f"side-{placer}")
    assert 'data-testid="facedown"' not in mine and mine.count(">裏向き</span>") == n
    assert stage["center"]["card"] in cards_in(mine)
    revealed = area(get_board(client, demo.info.id, step + 1, other), f"side-{placer}")
    assert 'data-testid="facedown"' not in revealed and stage["center"]["card"] in cards_in(revealed)


def test_a_holomem_shows_its_name_hp_damage_cheer_by_colour_tools_bloom_stack_and_rest(client, demo):
    def found(v):
        holos = [h for s in SEATS for h in stage_of(v, s)]
        return (any(h["damage"] and h["cheer"] and h["attached"] for h in holos) and any(h["stack"] for h in holos)
                and any(h["rested"] for h in holos))
    step = demo.first(found)
    view = demo.view(step, "public")
    board = get_board(client, demo.info.id, step, "public")
    names = {"white": "白", "green": "緑", "red": "赤", "blue": "青"}
    for seat in SEATS:
        for h in stage_of(view, seat):
            html = area(board, f"holo-{seat}-{h['pos']}")
            assert view["cards"][h["card"]]["name"] in html
            assert f"HP <strong>{max(h['hp'] - h['damage'], 0)}</strong>/{h['hp']}" in html
            assert (f"ダメージ{h['damage']}" in html) == bool(h["damage"])
            for colour, count in h["cheer_colors"].items():
                assert f"{names[colour]}×{count}" in html
            assert cards_in(html) == [h["card"], *h["attached"], *h["stack"]]
            assert ('data-testid="rested"' in html) == h["rested"]


def stage_of(view: dict, seat: str) -> list[dict]:
    st = view["players"][seat]["stage"]
    return [h for h in (st["center"], st["collab"], *st["back"]) if h]


def test_an_ability_resolved_by_hand_shows_its_text_beside_the_options(client, demo):
    step = demo.first(lambda v: (v["pending"] or {}).get("effect") == "manual")
    pending = demo.view(step, "omniscient")["pending"]
    chooser = pending["seat"]
    other = "p2" if chooser == "p1" else "p1"
    board = get_board(client, demo.info.id, step, chooser)
    box = area(board, "pending")
    text = re.search(r'data-testid="ability-text">(.*?)</blockquote>', box, re.S).group(1)
    assert pending["text"] in text and demo.view(step, chooser)["cards"][pending["card"]]["name"] in text
    options = re.search(r'data-testid="pending-options">(.*?)</ul>', box, re.S).group(1)
    assert "解決を終える" in options  # the option "done", beside the text
    seen_by_other = area(get_board(client, demo.info.id, step, other), "pending")
    assert pending["text"] in seen_by_other and 'data-testid="pending-options"' not in seen_by_other


def test_a_cheer_waiting_for_its_holomem_is_shown_with_the_options_named(client, demo):
    step = demo.first(lambda v: (v["pending"] or {}).get("cheer") and len(v["pending"]["options"]) > 1)
    view = demo.view(step, "omniscient")
    pending = view["pending"]
    box = area(get_board(client, demo.info.id, step, pending["seat"]), "pending")
    assert "付けるエール" in box and view["cards"][pending["cheer"]]["name"] in box
    options = re.search(r'data-testid="pending-options">(.*?)</ul>', box, re.S).group(1)
    for pos in pending["options"]:
        h = next(h for h in stage_of(view, pending["seat"]) if h["pos"] == pos)
        assert view["cards"][h["card"]]["name"] in options
    assert "<li>バック1の" in options or "<li>センターの" in options


def test_the_end_names_the_winner_and_only_the_judge_sees_the_piles(client, demo):
    board = get_board(client, demo.info.id, demo.info.seq, "public")
    over = demo.view(demo.info.seq, "public")["over"]
    shown = area(board, "over")
    assert "ゲーム終了" in shown and (f"seat-{over['winner']}" in shown if over["winner"] else "引き分け" in shown)
    assert 'data-testid="piles"' not in board
    omniscient = get_board(client, demo.info.id, demo.info.seq // 2, "omniscient")
    assert 'data-testid="piles"' in omniscient and "エールデッキとライフ" in omniscient


def observed_deal(rules) -> list:
    """A deal in which every outcome the recorder may leave unseen is left unseen."""
    deal: list = []
    while (event := rules.deal_needs({}, "s", 2, "observed", deal)) is not None:
        deal.append(None if event.unknown_ok else event.options[0])
    return deal


def test_an_observed_table_draws_each_unknown_card_as_a_back_with_its_mark(site, client):
    from tests.web.conftest import token
    from tests.web.test_views import sign_in

    app = site[0]
    matches = app.extensions["kifu"].matches
    info = matches.create("hocg", ["Aoi", "Hikari"], {}, table="observed", deal=observed_deal(registry.demo("hocg")))
    sign_in(client, token(app, "judge", name="Judge"))
    unknown = matches.view_step(info.id, "omniscient").view["unknown"]
    assert len(unknown) == 14, "the seven cards of each opening hand were left unseen"
    for perspective in ("omniscient", "p1"):
        board = get_board(client, info.id, 0, perspective)
        hand = area(board, "hand-p1")
        drawn = re.findall(r'data-testid="token" data-token="(\?\d+)" title="\?\d+: unknown card, dealt at step 0"',
                           hand)
        assert len(drawn) == 7 and set(drawn) <= set(unknown) and cards_in(hand) == []
    public = get_board(client, info.id, 0, "public")
    assert 'data-testid="token"' not in public and "7枚（非公開）" in area(public, "hand-p1")


#: the areas, holomem and pending boxes that stick out of the board (their testids or classes)
OUTSIDE = """() => {
  const wrap = document.querySelector('[data-testid=board]').getBoundingClientRect();
  return [...document.querySelectorAll('.board-hocg .hc-area, .board-hocg .hc-holo, .board-hocg .hc-pending')]
    .filter(e => { const b = e.getBoundingClientRect();
                   return b.left < wrap.left - 0.5 || b.right > wrap.right + 0.5; })
    .map(e => e.dataset.testid || e.className);
}"""


@pytest.mark.browser
def test_nothing_scrolls_sideways_on_a_phone(browser, site, demo):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    manual = demo.first(lambda v: (v["pending"] or {}).get("effect") == "manual")
    with LiveServer(site[0]) as live:
        for step, perspective in ((manual, "omniscient"), (demo.info.seq // 2, "p1"), (demo.info.seq, "public")):
            page.goto(f"{live.url}/m/{demo.info.id}?step={step}&as={perspective}")
            assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, (step, perspective)
            assert page.evaluate(OUTSIDE) == [], (step, perspective)
            # stacked: the two centre positions one above the other, each as wide as half the board or more
            boxes = [page.locator(f".board-hocg [data-testid=center-{s}]").bounding_box() for s in ("p2", "p1")]
            assert boxes[0]["y"] + boxes[0]["height"] <= boxes[1]["y"] and boxes[1]["width"] >= 150
        screenshot(page, "viewer-hocg-phone")
    context.close()
    assert not errors, errors
