"""No card named to a perspective that did not see it (``kifu.replays.kit.knowledge``),
over random legal games of every registered game, at all three tables.

A bot plays a digital game (``kifu.replays.bot``, bounded to ``STEPS`` commands); the same
commands are restated at a physical and an observed table (``tables.restate``). At every
step, for every perspective but the omniscient one: the command as it reads it
(``redact``) and its move line (``describe``) name no card that its views of the states
before and after never showed; and each seat's legal list (``legal``, with the table's
buttons, ``label``) names no card its view shows not. The outcomes a legal command
states at a physical or observed table are the event's possible outcomes (what the
recorder picks from), not a card anybody was shown, so they are not read (nor listed:
there the commands are ``legal_commands``, which ``legal`` expands by outcome alone).

hocg plays ``KNOWLEDGE``: the FIXTURE set whose ふしぎなメモ is resolved by hand with a text
naming every move between the hand, the deck (a search, its top, its bottom) and ホロパワー,
the two seats' decks made of cards of their own (so that a card one seat holds never
hides a leak of the other's), so that the random games hold hand-resolved effects of
every kind.
"""
from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from kifu.replays import bot, canon, registry
from kifu.replays.games import hocg
from kifu.replays.kit import tables
from kifu.replays.rules import OMNISCIENT, perspectives

GAMES = registry.ids()
TABLES = ("digital", "physical", "observed")
#: seeds whose hocg games, together, move cards by hand between every two hidden zones
#: (``test_the_random_hocg_games_...``)
SEEDS = ("know-a", "know-b", "know-d")
#: commands per game: enough for collabs, hand-resolved abilities and venues won, and a few
#: seconds a game
STEPS = 160
#: the ability text ふしぎなメモ is resolved with (``manual.Words`` reads these zones from it)
MEMO_TEXT = ("自分の手札1枚をデッキに戻す。自分の手札1枚をデッキの上に置く。自分の手札1枚をデッキの下に置く。"
             "自分の手札1枚をホロパワーに置く。自分のホロパワーから1枚を手札に加える。自分のホロパワーから1枚をアーカイブする。"
             "自分のデッキから1枚を手札に加える。自分のデッキの上から1枚をホロパワーに置く。")


def knowledge_set() -> Any:
    """The FIXTURE set, ふしぎなメモ resolved by hand (``MEMO_TEXT``), p2's deck of its own cards."""
    return hocg.RULES.load_cardset(knowledge_data())


def knowledge_data() -> dict:
    """``knowledge_set`` as card set data (what ``kifu cards import`` reads)."""
    data = json.loads((Path(hocg.__file__).parent / "cardsets" / "fixture.json").read_text(encoding="utf-8"))
    data["id"] = "hocg-knowledge"
    memo = next(c for c in data["cards"] if c["id"] == "FX00-006_C")
    memo["abilities"][0]["text"] = MEMO_TEXT

    def shared(card: str) -> bool:  # the supports and 応援団長ハナ: in both demo decks
        return card.startswith("FX00-00") or card == "FX01-008_C"

    def own(card: str) -> str:
        return "FX03-" + card[5:] if shared(card) else card

    for c in [c for c in data["cards"] if shared(c["id"])]:
        twin = copy.deepcopy(c)
        twin.update(id=own(c["id"]), number="FX03-" + c["number"][5:], name=c["name"] + "（赤）")
        data["cards"].append(twin)
    data["decks"][1]["deck"] = {own(card): n for card, n in data["decks"][1]["deck"].items()}
    return data


@cache
def rules_of(game: str) -> Any:
    if game == "hocg":
        return hocg.RULES.bind(knowledge_set())
    return registry.demo(game)


@cache
def bot_game(game: str, seed: str) -> tuple[dict, list[dict]]:
    rules = rules_of(game)
    options = rules.options_schema.load({})
    start = rules.setup(options, seed, rules.seats[0])
    commands = []
    for command, _ in bot.play(rules, start, f"{seed}/bot", max_steps=100_000):
        commands.append(command)
        if len(commands) >= STEPS:
            break
    return options, commands


def restated(game: str, seed: str, table: str) -> tuple[Any, list | None, list[dict]]:
    """The options, the deal (None at a digital table) and the commands of the bot game at ``table``."""
    rules = rules_of(game)
    options, commands = bot_game(game, seed)
    if table == "digital":
        return options, None, commands
    deal, commands = tables.restate(rules, options, seed, rules.seats[0], commands, table=table)
    return options, deal, commands


def game_at(game: str, seed: str, table: str) -> tuple[Any, dict, list[dict]]:
    """The rules, the initial state and the commands of the bot game at ``table``."""
    rules = rules_of(game)
    options, deal, commands = restated(game, seed, table)
    return rules, rules.setup(options, seed, rules.seats[0], table=table, deal=deal), commands


class Seen:
    """The cards a perspective's views show (ids, and the names of the texts they print)."""

    def __init__(self, rules: Any, *views: dict) -> None:
        self.ids: set[str] = set()
        for view in views:
            _strings(view, self.ids)
        cards = rules.cardset.cards
        self.ids &= set(cards)
        self.text = "".join(canon.dumps(v) for v in views)
        self.names = {rules.cardset.name(c) for c in self.ids}

    def unseen_in(self, rules: Any, obj: Any) -> set[str]:
        """The cards ``obj`` (a command) names that these views never showed."""
        return (_strings(obj, set()) & set(rules.cardset.cards)) - self.ids

    def unseen_in_line(self, rules: Any, line: str) -> set[str]:
        """The cards a line names, by id or by a name of no card these views show (nor
        printed in them, as an ability's text names other cards)."""
        out = {c for c in rules.cardset.cards if c in line} - self.ids
        for card in rules.cardset.cards:
            name = rules.cardset.name(card)
            if name and name in line and name not in self.names and name not in self.text:
                out.add(card)
        return out


def _strings(obj: Any, out: set) -> set:
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            out.add(key)
            _strings(value, out)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            _strings(value, out)
    return out


def leaks(game: str, seed: str, table: str) -> tuple[list[str], dict]:
    """Every leak of the bot game at ``table`` (a line each), and what it held (op counts)."""
    rules, state, commands = game_at(game, seed, table)
    views = [p for p in perspectives(rules.seats[0]) if p != OMNISCIENT]
    seats = views[1:]
    found: list[str] = []
    held: dict = {}
    before = {p: rules.view(state, p) for p in views}
    # at a physical or observed table ``legal`` is ``legal_commands`` once per sequence of
    # outcomes, which are not read: the commands before they are stated name the same cards
    offer = rules.legal if table == "digital" else rules.legal_commands
    for command in commands:
        for seat in seats:
            seen = Seen(rules, before[seat])
            for offered in offer(state, seat):
                bare = {k: v for k, v in offered.items() if k != "outcomes"}
                bad = seen.unseen_in(rules, bare) | seen.unseen_in_line(rules, rules.label(state, bare, seat))
                if bad:
                    found.append(f"step {state['step']} legal for {seat}: {sorted(bad)} in {bare}")
        after = rules.apply(state, command)
        now = {p: rules.view(after, p) for p in views}
        kind = (command["type"], command.get("op"), command.get("src"), command.get("dest"))
        held[kind] = held.get(kind, 0) + 1
        for p in views:
            seen = Seen(rules, before[p], now[p])
            shown = rules.redact(state, command, after, p)
            bad = seen.unseen_in(rules, shown)
            if bad:
                found.append(f"step {after['step']} redact for {p}: {sorted(bad)} in {shown}")
            line = rules.describe(state, command, after, p)
            bad = seen.unseen_in_line(rules, line)
            if bad:
                found.append(f"step {after['step']} line for {p}: {sorted(bad)} in {line!r}")
        state, before = after, now
    return found, held


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_no_command_line_or_legal_list_names_a_card_the_perspective_never_saw(game, seed, table):
    found, _ = leaks(game, seed, table)
    assert not found, "\n".join(found[:20])


def test_the_random_hocg_games_resolve_abilities_by_hand_between_hidden_zones():
    """The property above means something for hocg: its random games move cards by hand
    from the hand to the deck, its top, its bottom and ホロパワー, out of ホロパワー, the deck's
    top face down and a search to the hand."""
    moves = set()
    for seed in SEEDS:
        _, held = leaks("hocg", seed, "digital")
        moves |= {(src, dest) for kind, src, dest in ((k[:2], k[2], k[3]) for k in held) if kind == ("effect", "move")}
    hidden = {("hand", "deck"), ("hand", "deck_top"), ("hand", "deck_bottom"), ("hand", "holopower"),
              ("holopower", "hand"), ("holopower", "archive"), ("deck_top", "holopower"), ("deck", "hand")}
    assert hidden <= moves, sorted(hidden - moves)
