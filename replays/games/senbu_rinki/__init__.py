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

- Seats ``p1``..``pN`` sit in order; the 左隣 of ``pK`` is ``pK+1``, so turns and the
  近侍 token go p1 → p2 → … → pN → p1.
- Role cards dealt per player count and the box they come from (``roles.ROLE_TABLE``,
  ``roles.DEFAULT_BOX``) are assumptions: the 取扱説明書 is not available. The role cards
  chosen for the player count are shuffled and all dealt; the 山札 is the rest of the
  box (the ``role_box`` option registers the box a table actually uses).
- A sword's card id is its name (unique within a card set).
- 一騎討ち: the nominee looks at the whole 山札 (its view lists it while choosing; later
  it keeps the make-up) and takes one card: its choice names the role (a face-down pile
  has no order to point into). The card is shown to all when the guess is judged and
  goes back into the 山札. An empty 山札 makes a 一騎討ち impossible.
- A 技能 that raises fatigue stops at red and never eliminates (【脱落】 names attacks only).
  A non-近侍 at red who uses a 技能 is eliminated after it, whatever the 技能 did to its
  own fatigue; the role stays face down (unless it is the 審神者).
- A player who loses its 手番 to a 技能 keeps lying sideways until its next real 手番.
- An eliminated player's 刀装 stay on its face-down card (not returned to the centre).
- When the game ends every role is turned up: the winners are named by seat, which tells
  every side anyway.
- ④審神者の勝利宣言: nobody says "no declaration". When a 周 ends the 近侍 token passes
  left at once and a declaration window opens until the new 近侍's first action (which
  closes it: the 審神者 stayed silent). Meanwhile the 審神者 may post ``declare_victory``;
  it is refused at any other time, and from any other seat.
- Random play ends with probability 1 (the 審神者 may declare after every 周), so there is
  no round cap.
- Observed tables: a role turned up where what follows depends on it must be stated
  (the 一騎討ち card, a 一騎討ち loser who may be the 審神者, the roles turned up by a
  勝利宣言 or with two players left); one that only shows may stay null (a look, a
  一騎討ち loser who cannot be the 審神者, a card turned up at the end). At the end (勝敗の
  確認) each card still unseen is turned up by its seat's ``turn_up`` command, one card
  per command, and the outcome is final once all are face up: stated in the ending
  command they would multiply into every combination the table must list. A seat eliminated face down by an
  attack or its own 技能 is stated as ``"face_down"`` or ``"saniwa"`` where it may be
  either. A seat that declares is thereby the 審神者. An eliminated seat whose card stayed
  face down is not the 審神者, and while the 審神者 is unseen one of the living unknown
  seats holds it: a stated role that breaks this is refused. During the window every
  living seat that may be the 審神者 is awaited and may declare. The winners are the
  winning side's seats whose roles are known.

``RULES.to_act`` is server-internal and omniscient: while the window is open it names the
new 近侍 *and the 審神者*, so it must never be shown to anyone but a judge. Anything shown
to a viewer (a board, a "waiting for" line, a recording table of a player's seat) must use
``RULES.view(state, perspective)["to_act"]``, which names the 審神者 only to itself and to
the omniscient perspective. Every command's seat and every record entry's ``actor`` is a
seat the table saw act (or the 審神者 declaring, which reveals it anyway).

>>> from replays.games.senbu_rinki import RULES
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
