"""The same game at a physical table: every golden digital record restated (the deal and
each command's outcomes taken from the digital run, ``kifu.replays.kit.tables.restate``)
replays to the same states and the same omniscient views at every step; a physical deal
is checked card by card; a physical record verifies like any other."""

import pytest

from kifu.replays import engine, records
from kifu.replays.demo import EPOCH, iso, record_of
from kifu.replays.errors import RuleViolation
from kifu.replays.kit.chance import ImpossibleOutcome, OutcomeNeeded
from kifu.replays.kit.tables import restate
from kifu.replays.verify import verify

from .golden import GOLDEN, read, states
from .helpers import RULES, cmd, options, play

SETUP = "ゲーム開始前の準備"


def _without_table(data):
    return {k: v for k, v in data.items() if k != "table"}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_golden_record_replays_at_a_physical_table_with_the_same_omniscient_views(name):
    record = read(name)
    header, commands = record.header, [e["command"] for e in record.entries]
    deal, stated = restate(RULES, header["options"], header["seed"], len(header["seats"]), commands)
    assert len(deal) == 2 * len(header["seats"]) + 1  # a sword and a role per seat, the first 近侍
    physical = RULES.setup(header["options"], header["seed"], len(header["seats"]), table="physical", deal=deal)
    for digital, command, restated in zip(states(record), commands + [None], stated + [None]):
        assert _without_table(physical) == _without_table(digital), digital["step"]
        assert _without_table(RULES.view(physical, "omniscient")) == _without_table(RULES.view(digital, "omniscient"))
        if command is None:
            break
        engine.check(RULES, physical, restated)
        physical = RULES.apply(physical, restated)
    assert RULES.outcome(physical) == RULES.outcome(states(record)[-1])


def test_a_physical_table_states_no_outcome_in_play_its_roles_are_all_known():
    record = read("decided-by-duel")
    _, stated = restate(RULES, record.header["options"], record.header["seed"], 5, [e["command"] for e in record.entries])
    assert all("outcomes" not in c for c in stated)
    state = RULES.setup(record.header["options"], "x", 5, table="physical",
                        deal=restate(RULES, record.header["options"], record.header["seed"], 5, [])[0])
    legal = RULES.legal(state, state["current"])
    with pytest.raises(RuleViolation, match="outcomes stated"):
        engine.check(RULES, state, {**legal[0], "outcomes": ["danshi"]})


#: four swords a four-seat table deals by default (【６人以上時推奨カード】 stay in the box)
SWORDS = ["加州清光", "今剣", "燭台切光忠", "岩融"]


def _deal(roles=("saniwa", "danshi", "sokogun", "danshi"), kinji="p1"):
    return [*SWORDS, *roles, kinji]


def test_a_physical_deal_sets_up_exactly_what_it_states():
    state = RULES.setup(options(), "unused", 4, table="physical", deal=_deal())
    assert [state["seats"][f"p{i}"]["sword"]["name"] for i in range(1, 5)] == SWORDS
    assert state["roles"] == {"p1": "saniwa", "p2": "danshi", "p3": "sokogun", "p4": "danshi"}
    assert state["kinji"] == "p1" and state["table"] == "physical"
    assert RULES.view(state, "public")["seats"][0]["role"] is None  # a stated deal is still face down


@pytest.mark.parametrize("deal, fragment", [
    (_deal()[:4] + ["saniwa", "saniwa", "sokogun", "danshi", "p1"], "'saniwa' is not possible"),  # a second 審神者
    (_deal()[:4] + ["saniwa", "danshi", "joker", "danshi", "p1"], "'joker' is not possible"),  # not in the box
    (_deal()[:4] + ["saniwa", "danshi", "danshi", "danshi", "p1"], "'danshi' is not possible"),  # 2 刀剣男士 dealt at 4
    (["今剣", "今剣", *SWORDS[2:], "saniwa", "danshi", "sokogun", "danshi", "p1"], "'今剣' is not possible"),
    (["村正", *SWORDS[1:], "saniwa", "danshi", "sokogun", "danshi", "p1"], "'村正' is not possible"),
    (["三日月宗近", *SWORDS[1:], "saniwa", "danshi", "sokogun", "danshi", "p1"], "not possible"),  # six_plus at 4
    (_deal(kinji="p5"), "'p5' is not possible"),
    (_deal()[:-1] + [None], "None is not possible"),  # a physical table sees every outcome
])
def test_a_physical_deal_naming_an_impossible_card_is_refused(deal, fragment):
    with pytest.raises(ImpossibleOutcome, match=fragment):
        RULES.setup(options(), "unused", 4, table="physical", deal=deal)


def test_a_physical_deal_must_state_every_outcome_and_no_more():
    with pytest.raises(OutcomeNeeded) as info:
        RULES.setup(options(), "unused", 4, table="physical", deal=_deal()[:6])
    assert info.value.index == 6 and info.value.rule == SETUP
    assert set(info.value.event.options) == {"danshi", "sokogun"}  # p3's card: one 審神者 and one 刀剣男士 are out
    with pytest.raises(RuleViolation, match="stated but only"):
        RULES.setup(options(), "unused", 4, table="physical", deal=_deal() + ["p2"])


def test_a_physical_record_verifies_and_commits_to_its_deal():
    deal = _deal()
    header = records.new_header(game=RULES.id, rules_version=RULES.version, cardset=RULES.cardset.ref(),
                                seats=["A", "B", "C", "D"], options=options(), seed="s", created=iso(EPOCH),
                                table="physical", deal=deal, reveal_seed=True)
    state, commands = engine.initial_state(RULES, header, "s"), []
    for _ in range(8):
        legal = [c for seat in RULES.to_act(state) for c in RULES.legal(state, seat)]
        commands.append(next((c for c in legal if c["type"] == "defend"), legal[0]))
        state = play(state, commands[-1])
    record = record_of(RULES, header, "s", commands, by="recorder")
    report = verify(record, lookup=lambda h: RULES)
    assert report.ok and report.replayed, report.divergence
    tampered = records.Record({**header, "deal": _deal(roles=("danshi", "saniwa", "sokogun", "danshi"))},
                              record.entries)
    assert not verify(tampered, lookup=lambda h: RULES).ok
    assert cmd("defend", "p1") == record.entries[0]["command"]
