"""HOLOdeLIVE Limited.edt (ホロデライブ): two managers fill poker-hand units at three venues.

Rulebook: ``shared/rules/holodelive-limited-edt.md``. Reading order: ``cards`` (card set
data + schema + registry) → ``hands`` (役) → ``state`` (setup, zones) → ``effects`` (the
ability vocabulary) → ``rules`` (check/apply per command) → ``view`` → ``describe``.

Commands (every one has ``type`` and ``seat``):

========================  ===================================================================
``draw``                  ①: ``source`` "deck" | "office"; optional ``card`` (a physical
                          game's recorder names it; it must be the card actually drawn)
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
                          "swap"/"keep", or ``null`` = decline an optional ability)
========================  ===================================================================

Phases (``phase(state)``): "draw" → "action" (actions and the play) → "play" (resolving the
played card's abilities) → "live" (declarations, end of turn); "over". A pending decision
pauses any phase; ``to_act`` then names the deciding seat.

Lives: a declared live is held at the start of the declarer's next turn: the venue is
acquired, its audience counted, and both units at it leave the game. If the opponent
also has five cards and a live preparation at that venue, the hands decide
(勝利条件/決着) and equal hands go to the earlier declarer. A unit falling below its declared count loses its
preparation (妨害); a generation live raised to five is not cancelled and the added
card's bonus counts. Audience: the venue's printed number plus the live unit's bonuses;
COVER (if the holder can and wants to make it) or YAGOO in the live unit fix it at
10000 and void bonuses (the venue card is then not flipped). Three venues end the game;
equal totals are a draw.

Rulings where the rulebook is silent (judge's choices; shown by ``describe``):

- deal: one card at a time, first player first; then the office card. Cards leaving a
  zone for 帰宅 go to the home of the player whose zone they leave. The office is
  refilled from the deck whenever it is empty and the deck is not.
- when the deck is empty the draw phase is skipped (the office is not drawn from).
- a contest happens when the opponent's unit at the venue has five cards and its own
  live preparation (declaring is obligatory at five), as 決着 says "５枚揃った"; the
  earlier declarer may hold a generation live of four. An opponent's generation live of
  four at that venue does not contest: the earlier declarer takes the venue and both
  units leave the game.
- the game ends early, scored on the venues already acquired (equal totals: a draw),
  when after the deck ran out both players in turn neither played nor declared nor held
  a live (stalemate: nobody can complete a unit any more), when 20 turns have passed
  since the deck ran out, or at turn 200 (time limit). ``describe`` of the ``end_turn``
  that triggers it says which ruling applied.
- where a unit can be read both as COVER and as another hand (sub-icons, wilds), the
  holder takes whichever audience is larger (10000, or printed + bonuses), among the
  readings that still win the contest.
- card abilities: see ``cards`` and each card's ``unverified`` note in the card set.
  Every ability of the vocabulary is automated (decisions go through ``choose``), so no
  free-form "effect" command is needed.
"""
from __future__ import annotations

from typing import Any, Mapping

from marshmallow import ValidationError

from replays.errors import RuleViolation
from replays.games.holodelive import describe as _describe
from replays.games.holodelive import rules as _rules
from replays.games.holodelive import state as _state
from replays.games.holodelive import view as _view
from replays.games.holodelive.cards import CARDSET_FILES, DEFAULT_CARDSET
from replays.games.holodelive.cards import get as get_cardset
from replays.rules import Outcome, RulesBase, check_perspective


class HoloDeLive(RulesBase):
    """The ``Rules`` object for HOLOdeLIVE Limited.edt."""

    id = "holodelive"
    version = 1
    title = "ホロデライブ Limited.edt (HOLOdeLIVE Limited Edition)"
    seats = (2,)
    commands = _rules.COMMANDS
    options_schema = _rules.OptionsSchema()

    def cardset_ref(self, options: Mapping[str, Any]) -> dict[str, str]:
        """The card set the options name (default: the demo set); an unknown id has no digest."""
        name = options.get("cardset") or DEFAULT_CARDSET
        if name not in CARDSET_FILES:
            return {"id": str(name), "digest": ""}
        return get_cardset(name).ref()

    def setup(self, options: Mapping[str, Any], seed: str, players: int) -> dict[str, Any]:
        """Shuffle from ``seed`` (or take ``deck_order`` / ``venue_order``), deal, lay out."""
        if players != 2:
            raise ValueError("HOLOdeLIVE is played by 2")
        try:
            loaded = self.options_schema.load(dict(options))
        except ValidationError as exc:
            raise RuleViolation("ゲームの準備", f"bad options: {exc.messages}") from None
        return _state.setup(get_cardset(loaded["cardset"]), loaded, seed)

    def check(self, state: dict, command: dict) -> None:
        """Raise ``RuleViolation`` naming the rulebook section if ``command`` is illegal now."""
        _rules.check(state, command)

    def apply(self, state: dict, command: dict) -> dict:
        """The next state (pure; never mutates ``state``)."""
        return _rules.apply(state, command)

    def legal(self, state: dict, seat: str) -> list[dict]:
        """Every command ``seat`` may post now (pending choices enumerated)."""
        return _rules.legal(state, seat)

    def to_act(self, state: dict) -> tuple[str, ...]:
        """The deciding seat of a pending choice, else the active seat; () once over."""
        if state["over"] is not None:
            return ()
        if state["pending"] is not None:
            return (state["pending"]["seat"],)
        return (state["active"],)

    def outcome(self, state: dict) -> Outcome | None:
        """Winner by total audience once the game is over; equal totals are a draw."""
        if state["over"] is None:
            return None
        scores = dict(state["scores"])
        reason = state["over"]["text"]
        if scores["p1"] == scores["p2"]:
            return Outcome(winners=(), reason=reason, draw=True, scores=scores)
        winner = "p1" if scores["p1"] > scores["p2"] else "p2"
        return Outcome(winners=(winner,), reason=reason, scores=scores)

    def view(self, state: dict, perspective: str) -> dict[str, Any]:
        """What ``perspective`` may see (see ``view`` module docstring for the shape)."""
        check_perspective(perspective, 2)
        return _view.view(state, _rules.cardset_of(state), perspective, self.to_act(state), self.outcome(state))

    def describe(self, state: dict, command: dict, perspective: str) -> str:
        """One Japanese line: the command and what followed from it, as ``perspective`` sees it."""
        after = None
        try:
            _rules.check(state, command)
            after = _rules.apply(state, command)
        except Exception:  # noqa: BLE001 - describing an illegal command still gives its line
            after = None
        try:
            return _describe.describe(state, command, perspective, _rules.cardset_of(state), after)
        except Exception:  # noqa: BLE001 - a malformed command still gets a plain line
            return super().describe(state, command, perspective)

    def label(self, state: dict, command: dict, seat: str) -> str:
        """The table's button for ``command``: what it will do, never what it will turn up.

        "p1: 山札から1枚引く", not the card on top; a decision's options are named because
        the deciding seat's view lists them. Built from the public zones and the command
        as ``seat`` may see it (``redact``).
        """
        shown = self.redact(state, command, seat)
        try:
            return _describe.label(state, shown, seat, _rules.cardset_of(state))
        except Exception:  # noqa: BLE001 - a malformed command still gets a plain label
            return f"{command.get('seat', '')} {command.get('type', '')}".strip()

    def redact(self, state: dict, command: dict, perspective: str) -> dict:
        """Hide an explicitly named drawn card and secret choices from other perspectives."""
        seat = command.get("seat")
        if perspective in ("omniscient", seat):
            return command
        if command.get("type") == "draw" and command.get("source") == "deck" and "card" in command:
            return {**command, "card": None}
        pending = state.get("pending")
        if command.get("type") == "choose" and pending and pending["effect"] in _rules.effects.SECRET_CHOICES:
            return {**command, "choice": None}
        return command

    def turn(self, state: dict) -> int:
        """The 1-based turn number."""
        return state["turn"]

    def phase(self, state: dict) -> str:
        """"draw" | "action" | "play" | "live" | "over"."""
        return state["phase"]


RULES = HoloDeLive()
