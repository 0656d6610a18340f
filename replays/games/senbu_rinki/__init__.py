"""千舞鱗鬼さがし (Senbu Rinki Sagashi): a hidden-role game for 4 to 10 players.

Rulebook: ../shared/rules/senbu-rinki-sagashi.md. Reading order: ``commands`` (the
stored contract) → ``cards`` (sword card sets) → ``roles`` (role table and box) →
``state`` (layout, options, the deal) → ``rules`` (check/apply per command, the Game)
→ ``view`` → ``describe``.

Commands: ``skill``, ``attack`` (``target``, ``extra``), ``defend``, ``duel`` (``target``),
``choose`` (``choice``: the pending decision's answer), ``declare_victory``, ``turn_up``
(observed tables only: a role card turned face up once the game is over).

Phases: ``turn`` (a 手番; after a 周 also the declaration window), ``strike`` (the
attacker chooses look or fatigue), ``duel_card`` (the nominee takes a 山札 card, a
secret choice), ``duel_guess`` (the challenger names its role), ``reveal`` (observed
tables: the game is decided, unseen role cards are being turned up), ``over``.

Chance (all three tables): the sword deal (face up, one event per seat), each seat's
role (drawn from the dealt role cards, seen by that seat only), the first 近侍 when
``first_kinji`` is "seed". A physical table states them in the header's ``deal``, in that
order. Play itself has no chance on a digital or physical table; on an observed table
a role nobody recording saw is a token ``"?N"``, and every time the rules turn it up the
command states what was seen (``outcomes``), or null where nothing hangs on it.

Rulings where the rulebook is silent (each is a choice a judge can read here):

- 左隣 (ゲームの流れ/③手番の実行): seats ``p1``..``pN`` sit in order and the 左隣 of ``pK``
  is ``pK+1``, so turns and the 近侍 token go p1 → p2 → … → pN → p1.
  Source: judge's choice — a record needs a fixed seating; seat numbers are it.
- 取扱説明書の記載に従い、役カードを参加人数に合わせて選んで (ゲーム開始前の準備): the
  dealt cards per player count (``roles.ROLE_TABLE``) and the box (``roles.DEFAULT_BOX``)
  are assumptions; the chosen cards are shuffled and all dealt, and the 山札 is the rest of
  the box. The ``role_counts`` option and the ``role_box`` deck list override them.
  Source: "シャッフルして場の刀剣全てに裏の状態で配ります。残った役カードは以後山札とし" —
  the 取扱説明書 is not available; the table keeps exactly one 審神者 dealt.
- A sword card's id (ゲーム開始前の準備): its name, unique within a card set.
  Source: judge's choice — players name swords by name.
- 山札を確認して任意の１枚を選び (一騎討ち): the nominee sees the whole 山札 (its view lists
  it while choosing, and keeps the make-up after) and its secret choice names the role it
  takes; the card is turned up when the guess is judged and goes back into the 山札. An
  empty 山札 makes a 一騎討ち impossible. Source: the rulebook sentence — a face-down pile
  has no order to point into, so the choice is the card; nothing says it leaves the game.
- 疲労度が上がる技能の効果 (技能, 脱落): a 技能 that raises fatigue stops at red and never
  eliminates; a non-近侍 at red who uses a 技能 is eliminated after it, whatever the 技能
  did to its own fatigue, its role staying face down unless it is the 審神者.
  Source: "高の状態で疲労度が上がる攻撃を受けたプレイヤーは…脱落" — 【脱落】 names attacks only.
- この周の手番を失う (技能): a player who loses its 手番 keeps lying sideways (防御) until
  its next real 手番. Source: "再び自身の手番になった時、行動する前に防御を解除".
- 脱落したプレイヤーの刀剣カードを裏にします (脱落): its 刀装 stay on its face-down card.
  Source: judge's choice — the rulebook returns 刀装 to the centre only when spent or broken.
- ゲームが終了したら (勝敗の決め方): every role is turned up. Source: judge's choice — the
  winners are named by seat, which tells every side anyway.
- 審神者の勝利宣言 (ゲームの流れ/④審神者の勝利宣言): nobody says "no declaration". When a
  周 ends the 近侍 token passes left at once and a window opens until the new 近侍's first
  action (which closes it: the 審神者 stayed silent). Meanwhile the 審神者 may post
  ``declare_victory``; it is refused at any other time and from any other seat.
  Source: "宣言が無かった場合は、近侍を変えて再度手番を実行していきます" — at a table the
  silence is seen, not said, and a record must not name the 審神者 by awaiting it.
- No round cap (ゲームの終了): random play ends with probability 1 (the 審神者 may declare
  after every 周). Source: judge's choice.
- What an observed table states (ゲーム開始前の準備, 攻撃, 一騎討ち, 脱落, 勝敗の決め方): a
  role turned up where what follows depends on it must be stated (the 一騎討ち card, a
  一騎討ち loser who may be the 審神者, the two roles left); one that only shows may stay
  null (a look, a 一騎討ち loser who cannot be the 審神者, a card turned up at the end). A
  seat eliminated face down by an attack or its own 技能 is stated as ``"face_down"`` or
  ``"saniwa"`` where it may be either. A seat that declares is thereby the 審神者. An
  eliminated seat whose card stayed face down is not the 審神者, and while the 審神者 is
  unseen one of the living unknown seats holds it: a stated role that breaks this is
  refused. During the window every living seat that may be the 審神者 is awaited and may
  declare. Source: "特殊な場合を除き、攻撃を受けて脱落すると役カードは裏のまま" and "審神者が
  脱落した時は、その場で審神者の役カードを表に" — what the table saw decides what is asked.
- 勝敗の確認 at an observed table (勝敗の決め方): the ending command states only what the
  result needs; each card the record has not seen is then turned up by its seat's
  ``turn_up`` (the living players' first after a 勝利宣言, which settles it), and the
  outcome is final once all are face up; its winners are the winning side's seats whose
  roles are known. Source: "脱落していないプレイヤーの役カードを全て表にします" — judge's
  choice of one card per command: stated in the ending command, every combination of the
  unseen cards would be an outcome the recording table must list.

``RULES.to_act`` is server-internal and omniscient: while the window is open it names the
new 近侍 *and the 審神者*, so it must never be shown to anyone but a judge. Anything shown
to a viewer (a board, a "waiting for" line, a recording table of a player's seat) must use
``RULES.view(state, perspective)["to_act"]``, which names the 審神者 only to itself and to
the omniscient perspective. Every command's seat and every record entry's ``actor`` is a
seat the table saw act (or the 審神者 declaring, which reveals it anyway).

>>> from kifu.replays.games.senbu_rinki import RULES
>>> rules = RULES.bind(RULES.demo_cardsets()[0])
>>> state = rules.setup(rules.options_schema.load({}), "seed", 6)
>>> rules.to_act(state) == (state["kinji"],)
True
>>> while state["round"] == 1:  # everybody's first legal command, until the 周 ends
...     state = rules.apply(state, rules.legal(state, state["current"])[0])
>>> hidden = next(s for s, r in state["roles"].items() if r == "saniwa")
>>> rules.to_act(state) == (state["kinji"], hidden) or hidden == state["kinji"]
True
>>> rules.view(state, "public")["to_act"] == [state["kinji"]]
True
>>> {"type": "declare_victory", "seat": hidden} in rules.legal(state, hidden)
True
"""
from __future__ import annotations

from .rules import SenbuRinki

RULES = SenbuRinki()

__all__ = ["RULES", "SenbuRinki"]
