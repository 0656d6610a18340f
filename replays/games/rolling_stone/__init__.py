"""Life is Rolling Stone（草案８）: 3–4 players fill a 4×4 album of life events; dice roll
across it, one face per card.

Rulebook: ``shared/rules/life-is-rolling-stone-draft8.md``; every sentence is a rule,
cited by its section (``"ゲームの進行/３：メインフェイズ/〇配置ルール/１"``). Reading order:
``commands`` (the stored contract) → ``cards`` (card set schema, ability vocabulary) →
``dice`` (dice as solids) → ``album`` (the grid, 配置ルール/１) → ``state`` (layout, setup)
→ ``effects`` (skills, dreams, events) → ``rules`` (check/apply, the flow) → ``view`` →
``describe``.

Phases (``phase(state)``): ``draft`` (everyone passes a dream card left, at once) →
``album`` (character, four dice rolled and placed) → per stage ``skill`` (a skill set by
everyone at once; then the stage's three events laid out) → per round ``field`` (the
start player turns up the 共通場) → ``order`` (pawns, clockwise from the start player)
→ ``main`` (turns in order: bonus, take, リピート draw, place) → the event, the round's
end, the interim scoring → … → ``over`` (``reveal`` first on an observed table whose
recorder never saw a last dream card).

Chance events (digital: from the seed; physical/observed: stated in ``outcomes``):
the dream deal (setup's ``deal``, seen by the receiver only; unknown allowed when
observed), each die's roll (``roll``), a tie for start player (the last ``orient``), the
three event cards of a stage (the last ``set_skill``), each card of the stage deck
(``draw``). Everything but the dream deal lands face up, so even an observed table names it.

Rulings where the rulebook is silent (each names the sentence it leans on):

- Seats ``p1``..``pN`` sit in order clockwise; the 左隣 of ``pK`` is ``pK+1`` (ゲームの
  準備, ２：ラウンド開始). Source: judge's choice — passing "left" and playing
  "clockwise" are the same direction at a table seen from above.
- The dream cards are dealt one at a time from p1; the ones left over stay face down
  and are never seen (ゲームの準備: 残ったカードは使用しないので、ゲームから取り除きます).
  Source: judge's choice — the usual way to deal; the rulebook does not say.
- The pass to the left and each stage's skill set are chosen by all at once and hidden
  until every seat has chosen (ゲームの準備; １：ステージ開始). Source: 「各プレイヤーは…
  左隣のプレイヤーに渡してください」 happens at once, and a skill is put 「表向きで」 only
  once chosen — choosing after seeing others' skills would be a different game.
- Seat ``pK`` takes the K-th character card (ゲームの準備: 好きなキャラクターカード１枚).
  Source: 「見た目以外に違いはありません」 — the choice changes nothing.
- The character card counts as a card of the album: it fills its square (a full album
  has 16 cards with it) and, once no die is on it, may be discarded to make room like any
  other card (〇配置ルール/１). Source: 「キャラクターカードは…配置されているものとして
  ください」 and 「既に配置されているカードを捨て札にして」.
- Dice are right-handed (``dice``): with 1 on top and 2 towards you, 3 is on the right.
  The match option ``handedness`` says ``"left"`` for mirror-image dice. A die is placed by
  stating the face turned north (the album's far edge). Source: judge's choice — the
  rulebook says only that the rolled face is on top and the rest is free; commercial dice
  are right-handed, and handedness decides every east/west roll.
- All four dice are rolled before any is placed (ゲームの準備: 「それを振ります。出た目を…
  配置してください」).
- Lowest sum tied: the start player is chosen at random among the tied (a chance event;
  the table uses its own way, e.g. じゃんけん, and the recorder names the winner).
  Source: judge's choice — 「最も小さいプレイヤー」 names no tie-break.
- A skill, once set, stays in effect for the rest of the game; skills add up (１：ステージ
  開始: 「これを「スキル」とします」; nothing removes one). Every skill and event of the
  vocabulary resolves by itself (「特定の条件を満たすと効果が適用されます」).
- The 共通場 is turned up by the start player, one ``draw`` per card (２：ラウンド開始
  names no dealer). Source: judge's choice — one card per command lets a recorder state
  each card; the start player is the one who acts first.
- Order bonus 2 moves the marker at once; it matters from the next round's order. Order
  bonus 3 rolls one of one's dice one face in place: the die stays on its card
  (「１面分動かしてもよい」 uses the unit of 配置ルール/２, 「１面分だけ転がる」; where a die
  stands is decided only by placing). It is optional (``skip_bonus``).
- A card that cannot be placed is discarded and no die moves (〇配置ルール/１: 配置せず
  捨て札); discarded cards lie face up in one common pile.
- Every album card has one attribute (コンポーネント) and every player starts with one die
  of each colour; the rules move every die of the colour, as 「複数あれば、その全てを移動
  させます」 says, and each rolls towards its new square.
- A skill that gives one more die of a colour (``extra_die``, 配置ルール/１「いずれかの
  カード」, ２「複数あれば」) gives it when the skill is set: the die is put on the card
  that carries the seat's die of that colour, showing the same faces, so every die of a
  colour stands on one card and rolls one face onto the placed card, which is next to
  them all. It is the ``"red2"`` die of ``bonus_die`` (``die: 2``). Every die counts in the
  sums (中間決算 「４つのサイコロ」 is every player's four without such a skill; 最終決算
  「各サイコロの目を合計し」), a dream on a colour's die reads the higher, "all different"
  reads every die. The 16 dice of コンポーネント are not counted: a table short of one uses
  another, as 「何か他の物で代用」 says of cubes. Source: judge's choice — the rulebook
  prints no skill and says nothing of where a die gained later stands.
- ★ are counted one by one (最終決算/１: 「★」１個につき): a ★★ card costs −2 and takes two
  cubes; a skill on "a ★ card" (``power_on_star``, ``no_star``) reads a ★★ card as one.
- The stage deck running out (only a skill's extra リピート can do it with four players):
  nothing more is drawn; an empty 共通場 means no card to take.
  Source: judge's choice — the rulebook never draws past 3 × 2 × players.
- The event resolved leaves the row, so the next round's is again the leftmost (４：
  イベントフェイズ: 「最も左にある」; １: 「左から順に各ラウンドで発生する」). Icons are
  counted on the cards in the album at that moment. "The most" needs at least one icon;
  ties share a reward.
- 中間決算: shared places are dense, as the rulebook's example (A22 B22 C18 D18: AB 1st,
  CD 2nd).
- 最終決算/１: a ★ with a power cube on it counts +1 VP instead of −1 (「１ＶＰとして扱い
  ます」); all power is placed (「所持しているパワーは全て配置してください」: after it
  nobody holds any; ``final`` keeps how much each held), power beyond the ★ scores
  nothing. The supply of cubes never runs out (コンポーネント: 不足したら、何か他の物で
  代用してください).
- Equal highest totals: a draw among the tied (最終決算: 「複数いたら引き分け」); the
  outcome names them as ``winners`` with ``draw`` true.
- Observed tables: a dream card the recorder did not see is an unknown token; a skill is
  named when set (it goes face up); the last dream card is named by ``reveal_dream``
  before the final scoring, since it is scored.

>>> from kifu.replays.games.rolling_stone import RULES
>>> rules = RULES.bind(RULES.demo_cardsets()[0])
>>> state = rules.setup(rules.options_schema.load({}), "seed", 3)
>>> state["phase"], rules.to_act(state), [len(h) for h in state["hands"].values()]
('draft', ('p1', 'p2', 'p3'), [4, 4, 4])
>>> card = state["hands"]["p1"][0]
>>> after = rules.apply(state, {"type": "pass_dream", "seat": "p1", "card": card})
>>> rules.to_act(after), rules.view(after, "p2")["seats"]["p1"]["choice"]
(('p2', 'p3'), {'made': True, 'card': None})
"""
from __future__ import annotations

from typing import Any, Mapping

from marshmallow import ValidationError

from kifu.replays.errors import RuleViolation
from kifu.replays.games.rolling_stone import describe as _describe
from kifu.replays.games.rolling_stone import rules as _rules
from kifu.replays.games.rolling_stone import state as _state
from kifu.replays.games.rolling_stone import view as _view
from kifu.replays.games.rolling_stone.cards import RollingStoneCards
from kifu.replays.games.rolling_stone.commands import COMMANDS
from kifu.replays.kit import Game
from kifu.replays.rules import Command, Outcome, State, check_perspective


class RollingStone(Game):
    """The ``Rules`` object of Life is Rolling Stone (draft 8)."""

    id = "rolling_stone"
    version = 2  # 2: all power placed at 最終決算/１; ★ counts (★★); extra_die; bonus_die's die
    #: コンポーネント: ３〜４人用
    seats_rule = "コンポーネント"
    title = "Life is Rolling Stone（草案８）"
    seats = (3, 4)
    COMMANDS = COMMANDS
    options_schema = _state.OptionsSchema()
    cardset_schema = RollingStoneCards()
    package = "kifu.replays.games.rolling_stone"
    default_cardset = "rolling-stone-demo"
    context = _state.Table

    def deal(self, t: _state.Table, options: Mapping[str, Any], players: int) -> None:
        """ゲームの準備 (``state.deal``), with the options checked."""
        try:
            loaded = self.options_schema.load(dict(options))
        except ValidationError as exc:
            raise RuleViolation(_state.R_SETUP, f"bad options: {exc.messages}") from None
        _state.deal(t, loaded, players)

    def apply_with(self, state: State, command: Command, source: Any) -> State:
        """``Game.apply_with``, with the log of the last command started afresh."""
        return super().apply_with({**state, "log": []}, command, source)

    def precheck(self, t: _state.Table, cmd: Command) -> bool:
        """The game is not over, the seat is awaited, the phase takes this command type."""
        return _rules.precheck(t, cmd)

    def legal_commands(self, state: State, seat: str) -> list[Command]:
        """Every command ``seat`` may post now (without outcomes)."""
        return _rules.legal_commands(self.context(state, self._cs()), seat)

    def to_act(self, state: State) -> tuple[str, ...]:
        """The seats the game awaits: everyone who has not chosen yet in a simultaneous
        choice or in setting up the album; else the one seat whose turn it is."""
        return _rules.to_act(state)

    def view(self, state: State, perspective: str) -> dict[str, Any]:
        """What ``perspective`` may see (``view`` module)."""
        check_perspective(perspective, len(state["seats"]))
        return _view.view(state, self._cs(), perspective, self.to_act(state), self.outcome(state))

    def outcome(self, state: State) -> Outcome | None:
        """Most VP wins once the final scoring is done; equal highest totals are a draw."""
        if state["phase"] != "over":
            return None
        scores = {s: row["total"] for s, row in state["final"].items()}
        best = max(scores.values())
        top = tuple(s for s in state["seats"] if scores[s] == best)
        if len(top) > 1:
            return Outcome(top, f"引き分け: {', '.join(top)} が {best}VP で同点（最終決算）", draw=True, scores=scores)
        return Outcome(top, f"{top[0]} が {best}VP で最多（最終決算）", scores=scores)

    def redact(self, before: State, command: Command, after: State, perspective: str) -> Command:
        """Outcomes as the kit hides them; a passed dream card and a skill not yet revealed
        are the chooser's (and a judge's) only."""
        shown = super().redact(before, command, after, perspective)
        if command["type"] in ("pass_dream", "set_skill") and perspective not in ("omniscient", command["seat"]):
            revealed = command["type"] == "set_skill" and any(e["what"] == "skills" for e in after["log"])
            if not revealed:
                shown = {**shown, "card": None}
        return shown

    def describe(self, before: State, command: Command, after: State | None, perspective: str) -> str:
        """One line: the command as ``perspective`` may read it, then what followed."""
        shown = self.redact(before, command, after, perspective)
        return _describe.describe(before, shown, after, self._cs(), perspective)

    def turn(self, state: State) -> int:
        """The round of the game, 1..9 (setup counts as 1)."""
        return max(1, (state["stage"] - 1) * _rules.ROUNDS + state["round"])

    def phase(self, state: State) -> str:
        return state["phase"] if state["phase"] != "main" else f"main/{state['turn_step']}"


RULES = RollingStone()
