"""hololive OFFICIAL CARD GAME (ホロカ): oshi, stage, cheer, Bloom, arts and life.

Rulebook: ``shared/rules/hololive-ocg.md``; card list: the official one, converted
(``rawlist``), or this package's FIXTURE set of invented cards (``cardsets/fixture.json``).
Reading order: ``commands`` (the stored contract) → ``cards`` (card set schema) →
``rawlist`` (the official list converted) → ``state`` (layout, deck lists, setup) →
``effects`` (the turn's steps, downs, card abilities) → ``manual`` (effect commands for
abilities resolved by hand) → ``rules`` (check/apply per command; legal, to_act, outcome)
→ ``view`` → ``describe``.

Commands (``type``, ``seat``; positions "center" | "collab" | "back0".."back4"):

================  ==================================================================
``mulligan``      ゲームの準備: the free redraw (7), or a forced one (no Debut: shown, one
                  card fewer each time; at one card without a Debut the player loses)
``keep``          ゲームの準備: keep a hand that holds a Debut holomem
``place``         ゲームの準備: ``center`` (a Debut) and ``back`` (Debut/Spot) face down;
                  the first player first; the second's placement reveals both stages
                  and starts turn 1
``play``          メイン: a Debut/Spot ``card`` to the back (at most 6 on the stage)
``bloom``         メイン/Bloom: ``card`` onto the same-named holomem at ``target``, one
                  level up; its bloom effect resolves
``support``       メイン: a support ``card`` (tools, mascots, fans attach to ``target``)
``oshi_skill``    メイン: ``skill`` "oshi" (once per turn) | "sp" (once per game), paying
                  ホロパワー
``gift``          メイン/ギフト: the holomem at ``holomem`` uses its gift 「自分のメインステップで、
                  …」 (「[ターンに1回]」, 「[…限定]」 and its conditions checked)
``collab``        メイン/コラボ: the back holomem ``back`` to the collab position (once per
                  turn; the deck top face down to ホロパワー); its collab effect resolves
``baton_touch``   メイン/バトンタッチ: centre ↔ ``back``, archiving the centre's ``cheer`` (its
                  baton cost)
``arts``          パフォーマンス: ``holomem`` ("center" | "collab") uses art ``art`` on the
                  opponent's ``target``; once each; downs follow
``end_turn``      エンド: the next player's reset, draw and cheer follow
``choose``        answers ``state["pending"]`` (a position, a card, null, or "done")
``effect``        a step of an ability resolved by hand (``manual``)
================  ==================================================================

Phases: "mulligan" → "place" → per turn "reset" → "draw" → "cheer" → "main" →
"performance" (entered by the first art) → "over". The reset, draw and cheer steps run
by themselves (``end_turn`` starts them); a pending decision pauses any phase.

Chance events (``t.zones``; physical tables state each but those nobody sees, observed
ones may leave those marked * unknown): setup's じゃんけん (option ``first_player`` "seed"), seven cards dealt
to each seat (its owner sees them)*, a redraw's cards*, a draw*, the cheer deck's top
turned face up (everyone), the deck top to ホロパワー (nobody)*, a life taken (face up),
a holopower card turned up when paid, a die, an ability's じゃんけん (its winning seat:
``abilities.dice_and_colours``), a search (named in ``choose``: not chance).

Rulings (the rulebook is the specification; where it is silent or contradicts itself
kifu follows the official game; sources are named in our own words):

- Tags (「#タグを持つ」): compared NFKC-normalised, case- and space-insensitively
  (``cards.tag_key``): the official texts write 「#秘密結社holox」 for the cards' 秘密結社holoX,
  and the list splits the unit FLOW GLOW into two tags (joined again at import:
  ``rawlist.SPLIT_TAGS``). Source: the card list itself (hBP02-036, hBP02-080, hSD10-012).
- Regulations (制限カード, 禁止カード: ``regulation``): a match names the one it is played
  under (none: a casual match); a copy over an entry's limit from its effective date is
  refused at setup, naming the regulation and the entry. The day is Japan time (the
  official 施行日). Source: hololive-official-cardgame.com/news/post/20 (制限カード: "デッキに
  1枚だけ入れられる", all 公認・公式大会; hBP01-010 from 2024/12/20).
- Copies in a deck (対戦用具: "同名のカードは4枚まで"): counted by card number, so the
  printings of one number (rarities, reprints) are one card and two cards that share a
  name but not a number are not. Source: rule summaries of the official game state "同じ
  ナンバーのカードは4枚まで" (naruhodobiyori.com/holocard-rule; card.g1.xrea.com's
  hololive rule notes) — a holomem has several cards of one name (Debut, 1st, 2nd), which
  a limit by name would make unplayable. 「デッキに何枚でも入れられる」 lifts the limit.
- The deck (対戦用具, ゲームの準備): exactly 50 holomem and support cards plus one
  推しホロメン outside it; the エールデッキ exactly 20 エール, any colours. A bad list is
  refused at setup with every problem of both seats named. Source: the rulebook and the
  same summaries ("エールカードのみ", no copy limit for cheer).
- A taken life card (ライフ says "ステージ上のホロメンに付ける", ダウン③ says "手札に加える"):
  it is attached, face up, as cheer to a holomem of its owner's stage (the owner chooses;
  with one holomem it goes there; with none it is archived). Source: the official game
  (its beginners' page: cheer is sent to holomem on the stage; ライフ's own sentence) —
  the "手札" of ダウン③ is read as the rulebook's slip.
- Which life card is taken ("ライフはどの順番で取ってもよい"): life cards are face down even
  to their owner, so the choice is blind: a chance event over what the life may be. The
  life is a number, not cards: a life card is any unseen card of the エールデッキ pile (the
  cheer deck's order is unknown too), so nothing is dealt to the life at setup and the
  card is stated (physical) when it is taken.
- Mulligans (ゲームの準備): the first player decides first. The first redraw is free (7
  cards, whatever the hand); after it, a hand without a Debut is shown and redrawn with
  one card fewer each time; a player who still has no Debut at one card loses. Source:
  the official quick manual as players report it (note.com/haruemon0312 "マリガン基準",
  note.com/mymelody_kurage "あそびかた教室") — the rulebook's "一度だけ" is the free one.
- Placement (ゲームの準備): the back placement is optional; each placement is hidden
  from the opponent (its command is redacted) until the second player's placement
  turns both stages face up. Source: "裏向きで置く" and "先攻のプレイヤーから".
- Bloom (対戦中の現象/Bloom): exactly one level up ("Debut"→"1st", "1st"→"2nd"; a Buzz
  holomem is a 1st), same name; not during a player's own first turn, and not on a
  holomem that came onto the stage or bloomed this turn. Damage and cheer stay. Source:
  the official game (players: "ブルーム出来るのが先攻2ターン目から"); the rulebook's
  "原則として段階的に".
- The reset (リセットフェイズ): resting holomem wake; the collab holomem then returns to
  the back, resting; an empty centre is filled from the back (the owner chooses).
  Source: the official game's reset step — a collab lasts one turn and rests after it
  (players: a back holomem may collab "おやすみ状態でなければ").
- The first player's first turn: no draw (ドローフェイズ), no arts (パフォーマンス), no
  LIMITED support. Collab and baton touch are allowed. Source: the rulebook; LIMITED:
  the official game.
- Arts costs (パフォーマンスフェイズ): a requirement, not a payment: the attached cheer
  stays. A coloured icon needs cheer of that colour, ◇ any cheer. 特攻 (e.g. 紫+50) adds
  against a target of that colour. A baton touch's cost is paid: that many of the
  centre's cheer (any colours) are archived. Source: the official game.
- ダウン: steps 1–4 as the rulebook lists them; step 3 as the life ruling above; a Buzz
  holomem costs two lives; step 4 moves a back holomem to a downed *centre* (the owner
  chooses) — a downed collab position stays empty. Simultaneous downs: the player who
  plays next resolves first ("次に番を行うプレイヤー"). Archiving by an effect takes no
  life. Source: the rulebook; "ステージホロメン" read as the centre.
- 勝利条件: a life of 0, an empty stage (oshi aside), or no card to draw in one's draw
  phase lose; both at once is a draw. Collab needs a card in the deck (its ホロパワー).
  A game still running at turn 300 is drawn (judge's choice: every game ends).
- Holopower (ホロパワー): face down; a cost archives the cards put there first (they are
  indistinguishable face down, so which ones is no choice), turned face up.
- Abilities: the core is automated for every printing; card texts of the vocabulary
  (``effects``; the official list's texts are recognised by ``rawlist.PATTERNS``, and
  ``python -m kifu.replays.games.hocg.coverage FILE [--deck DECK...]`` measures them, per
  deck too) run by themselves; any other is opened as a decision "manual" showing its text, resolved by ``effect``
  commands attributed to it and closed with "done" (``legal`` offers the feasible ones
  of the zones and verbs its text names, amounts bounded by the numbers it prints,
  narrowed when there are many: ``manual.templates``; one whose leading condition fails or
  that can do nothing resolves by itself: ``manual.settle``); a gift or tool on the stage
  may be
  cited by ``effect`` commands in a main or performance phase. Oshi skills are used in
  one's main phase (their other timings are resolved by hand). 「このホロメンはBloomできない」
  refuses a Bloom onto it. Source: judge's choice — what the engine cannot read, the
  table resolves step by step, each step checked and attributed.
- Abilities made of parts (``rawlist._composed``): a cost that "may" be paid (「…できる:」)
  asks first and the effect follows only if it is paid; 「振れる」 may be declined; a die's
  branches resolve in printed order, each whose faces hold the roll (「さらに」 adds). A card
  「〈A〉〈B〉としても扱う」 has those names for conditions and for Bloom (SorAZ blooms from
  a ときのそら or an AZKi Debut). 「左手に地図」 is not a main-step skill: it is offered when
  one's holomem's ability rolls (paid then; the declared face is no chance event).
  Looking at the deck top: the cards are seen by their owner only; those taken are shown;
  「好きな順でデッキの下に戻す」 is a secret choice, one card at a time. A search of the
  エールデッキ may find any colour its unseen cards (the life among them) may hold while a
  card is left beside the life. 「ダウンしても相手のライフは減らない」: that down takes no
  life (step ③ skipped), its other steps as usual.
- ダウン①「そのホロメンがダウンした時に働く…効果があれば、それを処理する」: the downed
  holomem's (top card's) 「このホロメンがダウンした時、…」 abilities, and 「相手のターンで、…」
  ones only when its owner is not the active player, resolve after the simultaneous downs
  are found and before their owner takes a life (each player's in the downs' order). An
  automated one runs once the holomem is archived, so only effects that do not read it
  are automated (``rawlist.DOWN_SAFE``: draws, cheer sent to another holomem, archive
  searches); any other waits for its owner's ``effect`` commands, on the opponent's
  turn too (the cheer that was on the holomem is then in the archive). Source: the
  rulebook's ダウン ① — judge's choice for the order against ② where nothing differs.
- 「このホロメンが相手の(センター)ホロメンをダウンさせた時」 (a gift) and 「このアーツで…ダウンさせた
  時」 (an art's text; 「[センターポジション限定]」: used from the centre): they resolve after
  the downed side's steps (ダウン ①-④: its life taken, its back moved up), and only if the
  holomem that dealt the damage (an art, or a special damage of its own ability) is still
  on the stage; an arts bonus is not automated there (the art is over). Source: the card
  texts; judge's choice for the order (the downed side finishes its down first).
- 「次の相手のターンが終了するまで」 / 「次の相手のターンの間」: a modifier kept on the holomem
  itself (it follows a baton touch and leaves with it) until the end of the user's
  opponent's next turn (if used on the opponent's turn, the one after it). Automated: the
  baton cost 「バトンタッチに必要な無色+N」 and 「センターポジションで最初に受けるアーツダメージ-N」
  (spent by the first arts damage taken at the centre). Source: the card texts. Source: the card texts; judge's choice
  where the table needs an order.

>>> from kifu.replays import registry
>>> rules = registry.get("hocg").bind(RULES.demo_cardsets()[0])
>>> state = rules.setup({"first_player": "p1"}, "doc", 2)
>>> [len(state["players"][s]["hand"]) for s in ("p1", "p2")], state["players"]["p1"]["life"]
([7, 7], 5)
"""
from __future__ import annotations

from typing import Any

from kifu.replays.games.hocg import decklist as _decklist
from kifu.replays.games.hocg import describe as _describe
from kifu.replays.games.hocg import manual as _manual
from kifu.replays.games.hocg import regulation as _regulation
from kifu.replays.games.hocg import view as _view
from kifu.replays.games.hocg.cards import HocgCards
from kifu.replays.games.hocg.commands import COMMANDS
from kifu.replays.games.hocg.abilities import VOCABULARY
from kifu.replays.games.hocg.rules import HocgRules
from kifu.replays.games.hocg.state import OPTIONS
from kifu.replays.kit import knowledge
from kifu.replays.rules import OMNISCIENT, check_perspective


class Hocg(HocgRules):
    """The ``Rules`` object for hololive OFFICIAL CARD GAME."""

    id = "hocg"
    version = 6  # 6: every text of the official list automated (step moments, archive hooks, colours, extra arts and Blooms, …); 5: the ability families; unseen cards left unknown; who learns a moved card
    title = "hololive OFFICIAL CARD GAME（ホロカ）"
    seats = (2,)
    COMMANDS = COMMANDS
    options_schema = OPTIONS
    cardset_schema = HocgCards(VOCABULARY)
    package = "kifu.replays.games.hocg"
    default_cardset = "hocg-fixture"
    deck_form = _decklist.FORM

    def load_regulation(self, data: Any) -> dict[str, Any]:
        """A regulation file (``regulation``) validated: ``RegulationError`` names every bad field."""
        return _regulation.file_data(_regulation.load(data))

    def shipped_regulations(self) -> list[dict[str, Any]]:
        """The regulations this game ships (``regulations/*.json``)."""
        return [_regulation.file_data(r) for r in _regulation.shipped().values()]

    def regulation_problems(self, reg: Any, lst: dict) -> list[str]:
        """The deck list ``lst``'s copies over the regulation ``reg`` (as options name it)."""
        cs = self._cs()
        return _regulation.problems(_regulation.resolve(reg), lst,
                                    lambda c: cs.cards[c]["number"] if c in cs.cards else None)

    def view(self, state: dict, perspective: str) -> dict[str, Any]:
        """What ``perspective`` may see (shape: the ``view`` module docstring)."""
        check_perspective(perspective, 2)
        return _view.view(self.context(state, self._cs()), perspective, self.to_act(state), self.outcome(state))

    def redact(self, before: dict, command: dict, after: dict, perspective: str) -> dict:
        """The kit's redaction, plus: a face-down placement is named only to its seat, and
        the card an effect moves only to those who learn it (``manual.learnt_by``: the kit's
        rule over the zones it moves between)."""
        shown = super().redact(before, command, after, perspective)
        if command.get("type") == "effect":
            return knowledge.hide(shown, "card", _manual.learnt_by(command), perspective)
        if perspective in (OMNISCIENT, command.get("seat")):
            return shown
        if command.get("type") == "place":
            return {**shown, "center": None, "back": [None] * len(command.get("back") or [])}
        return shown

    def describe(self, before: dict, command: dict, after: dict, perspective: str) -> str:
        """One Japanese line: the command and what followed from it, as ``perspective`` sees it."""
        try:
            shown = self.redact(before, command, after, perspective)
            return _describe.describe(self.context(before, self._cs()), command, self.context(after, self._cs()),
                                      perspective, shown)
        except Exception:  # noqa: BLE001 - a malformed command still gets a plain line
            return _describe.fallback(command)


RULES = Hocg()
