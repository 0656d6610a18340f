"""HOLOdeLIVE Limited.edt (ホロデライブ): two managers fill poker-hand units at three venues.

Rulebook: ``shared/rules/holodelive-limited-edt.md``. Reading order: ``commands`` (the
stored contract) → ``cards`` (card set schema) → ``hands`` (役) → ``state`` (layout,
setup, zones) → ``effects`` (the ability vocabulary) → ``rules`` (check/apply per
command, turns, lives) → ``view`` → ``describe``.

Commands (every one has ``type``, ``seat`` and, at a physical or observed table,
``outcomes``):

========================  ===================================================================
``draw``                  ①: ``source`` "deck" | "office"
``action``                ②: ``card`` on your field; its アクション時 ability (once per card
                          per turn, not after playing, only your own field)
``play``                  ③: ``card`` from hand to your unit at ``venue`` (0..2); its
                          プレイ時 ability resolves
``pass``                  ③ when no card can be played (empty hand, full units, 角巻わため)
``declare_live``          ④: ``venue``, ``kind`` "five" (5 cards) | "generation" (4 cards, three
                          of one generation: 期生ライブ). Mandatory for a 5-card unit.
``end_turn``              ends the turn; the next turn starts with the new active seat's lives
``choose``                answers ``state["pending"]``: ``choice`` is one of its options
                          (a card id, ``[card, venue]``, a venue index, "negate"/"pass" for
                          雪花ラミィ's window (offered to the *non-active* seat), "use",
                          "swap"/"keep", or ``null`` = decline an optional ability, or for
                          ラプラス on an observed table: no 6期生 in the deck)
========================  ===================================================================

Phases (``phase(state)``): "draw" → "action" (actions and the play) → "play" (resolving the
played card's abilities) → "live" (declarations, end of turn); "over". A pending decision
pauses any phase; ``to_act`` then names the deciding seat.

Chance events (``t.zones``; a physical table states each outcome somebody sees, an
observed one may leave those marked * unknown): setup's first player (option "seed"), four cards dealt
(seen by their receiver)*, the office card (face up), three venues laid out (face down,
seen by nobody)*; a deck draw (its drawer)*, an office refill (face up); ロボ子さん's and
尾丸ポルカ's draws*, 姫森ルーナ's random card (the card sent home), 獅白ぼたん's deck card
and 尾丸ポルカ's bottom card (face up), 大神ミオ's looks (her owner)*, a venue turned face
up when it is won, and the face-down number a judge reads when sub-icons leave COVER a
choice (seen by nobody). ラプラス's search names its card in ``choose`` (a search, not chance).

Lives: a declared live is held at the start of the declarer's next turn: the venue is
acquired, its audience counted, and both units at it leave the game. If the opponent
also has five cards and a live preparation at that venue, the hands decide
(勝利条件/決着) and equal hands go to the earlier declarer. A unit falling below its
declared count loses its preparation (妨害); a generation live raised to five is not
cancelled and the added card's bonus counts. Audience: the venue's printed number plus
the live unit's bonuses; COVER or YAGOO in the live unit fix it at 10000 and void
bonuses (the venue card is then not turned face up). Three venues end the game; equal
totals are a draw.

Rulings where the rulebook is silent (judge's choices; ``describe`` shows the ones that end
a game):

- The deal, "両プレイヤーに２枚ずつカードを配り" (ゲームの準備): one card at a time, the
  first player first, so the first player is decided before the deal; then the office
  card, then the venues. Source: judge's choice — the order of a shuffled deal changes
  nothing, and a physical table needs one order to state.
- Which cards the deck holds (ゲームの準備): the option ``deck`` lists the member cards
  actually in play (default: the whole set), each at most once. Source: ◆内容物◆ メンバー
  カード：39枚 — a set with a card missing is still recorded, and every card named is
  checked against it.
- The venues, "テーブル中央に３枚並べます" (ゲームの準備) and "会場カードを表返し"
  (勝利条件/ライブ開催): they are laid out face down; which venue is which is known to
  nobody until it is turned face up (or looked at by 大神ミオ). Source: "表返し" — the
  number is on the face.
- A card leaving a zone for 帰宅 (このゲームで使用する用語/帰宅): it goes to the home of the
  player whose zone it leaves. Source: judge's choice — 自宅 belongs to a player.
- The office (ゲームの流れ/①ドローフェイズ): refilled from the deck whenever it is empty and
  the deck is not. Source: "事務所のカードを引いた際は…補充します" — extended to an office
  emptied by an ability.
- An empty deck (①ドローフェイズ): the draw phase is skipped; the office is not drawn from.
  Source: "ドローフェイズを飛ばして手札のみで遊んでください".
- 決着 (勝利条件/決着): a contest happens when the opponent's unit at the venue has five
  cards and its own live preparation (declaring is obligatory at five); the earlier
  declarer may hold a generation live of four. An opponent's generation live of four at
  that venue does not contest: the earlier declarer takes the venue and both units leave
  the game. Source: "対戦相手も同じ会場のユニットに５枚揃った場合" — a contest needs five.
- Icon-changing abilities (そら, AZKi, スバル, ちょこ; カード効果補足, アイコンを変化できる能力を持つ
  カード): used only to raise the hand, so a unit whose wild makes COVER is COVER (10000),
  never read lower to score printed audience plus bonuses. Source: 「役を上げる目的以外、
  基本的には描かれている元々のアイコンとして扱います」.
- A unit read as COVER or as another hand through its sub-icons (カード説明/②サブアイコン):
  the holder takes whichever audience is larger (10000, or printed + bonuses) among the
  readings that still win the contest; the judge reads the face-down number to rule, and
  the venue is turned face up only if COVER is not taken. Source: "いずれかのアイコンとして
  扱うことができます" — the holder's choice, to the holder's advantage.
- The end of a game that cannot finish (勝利条件): it ends, scored on the venues already
  acquired (equal totals: a draw), when after the deck ran out both players in turn
  neither played nor declared nor held a live (nobody can complete a unit any more),
  when 20 turns have passed since the deck ran out, or at turn 200. Source: judge's
  choice — the rulebook assumes three lives are always held; ``describe`` of the
  ``end_turn`` that triggers it says which ruling applied.
- Card abilities: see ``effects`` and each card's ``unverified`` note in the card set.
  Every ability of the vocabulary is automated (decisions go through ``choose``), so no
  free-form effect command is needed.
- An observed table (DESIGN.md): 尾丸ポルカ's secret card back onto the deck is one of the
  hand's entries (an unknown card stays unknown); ラプラス's search names the card shown,
  or ``null`` when the deck may hold no 6期生. Source: judge's choice — the table states
  only what it saw.

>>> from kifu.replays import registry
>>> rules = registry.demo("holodelive")
>>> state = rules.setup({"first_player": "p1"}, "doc", 2)
>>> [len(state["hands"][s]) for s in ("p1", "p2")], state["zones"]["piles"]["deck"]["size"]
([2, 2], 34)
>>> rules.legal(state, "p1")
[{'type': 'draw', 'seat': 'p1', 'source': 'deck'}, {'type': 'draw', 'seat': 'p1', 'source': 'office'}]
"""
from __future__ import annotations

from typing import Any

from kifu.replays.games.holodelive import describe as _describe
from kifu.replays.games.holodelive import view as _view
from kifu.replays.games.holodelive.cards import HoloCards
from kifu.replays.games.holodelive.commands import COMMANDS
from kifu.replays.games.holodelive.effects import VOCABULARY
from kifu.replays.games.holodelive.rules import HoloRules
from kifu.replays.games.holodelive.state import OPTIONS
from kifu.replays.rules import check_perspective


class HoloDeLive(HoloRules):
    """The ``Rules`` object for HOLOdeLIVE Limited.edt."""

    id = "holodelive"
    version = 3
    title = "ホロデライブ Limited.edt (HOLOdeLIVE Limited Edition)"
    seats = (2,)
    COMMANDS = COMMANDS
    options_schema = OPTIONS
    cardset_schema = HoloCards(VOCABULARY)
    package = "kifu.replays.games.holodelive"
    default_cardset = "holodelive-demo"

    def view(self, state: dict, perspective: str) -> dict[str, Any]:
        """What ``perspective`` may see (shape: the ``view`` module docstring)."""
        check_perspective(perspective, 2)
        return _view.view(self.context(state, self._cs()), perspective, self.to_act(state), self.outcome(state))

    def describe(self, before: dict, command: dict, after: dict, perspective: str) -> str:
        """One Japanese line: the command and what followed from it, as ``perspective`` sees it."""
        try:
            shown = self.redact(before, command, after, perspective)
            return _describe.describe(self.context(before, self._cs()), command, self.context(after, self._cs()),
                                      perspective, shown)
        except Exception:  # noqa: BLE001 - a malformed command still gets a plain line
            return _describe.fallback(command)


RULES = HoloDeLive()
