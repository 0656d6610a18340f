"""Golden records: replayed and hash-checked, with pinned head chains and outcomes.

One is won by each side, one ends with two players left, one is decided by a 一騎討ち.
A change that alters any of them changes behaviour: bump ``RULES.version`` and rewrite
them with ``python -m tests.games.senbu_rinki.golden``.
"""
import json

import pytest

from kifu.replays import records
from kifu.replays.verify import verify

from .golden import FOLDER, GOLDEN, make, read, silent_windows, states
from .helpers import RULES

PINNED = {
    "saniwa-side-declares": (
        "788b7c11bf7b6268ed0bf798c86da244da95f4f1f98531e9bcb30751c6fd6f3c", ["p1", "p3", "p4", "p6"],
        "審神者が勝利宣言をした（残った全員が刀剣男士）：審神者・刀剣男士の勝利"),
    "sokogun-eliminate-saniwa": (
        "90290bf3352f754e27db445f94c819de9f4866e28bb7928b85e516c6dcd86575", ["p1", "p3", "p7"],
        "審神者が脱落した（攻撃）：時間遡行軍の勝利"),
    "two-players-left": (
        "a1d7b90664639ebd760616a8ec0287c78613d1aa904151af0b6876406161fd6e", ["p2", "p3", "p4"],
        "脱落していないプレイヤーが2人になった（技能の使用）：審神者・刀剣男士の勝利"),
    "decided-by-duel": (
        "b6cd37936feb10a649f99e2c004d8d8b68cd68e71a9914e80760dd7989885a0b", ["p1", "p3", "p4"],
        "脱落していないプレイヤーが2人になった（一騎討ち）：審神者・刀剣男士の勝利"),
}


def _bound(header):
    assert header["cardset"] == RULES.cardset.ref(), header["cardset"]
    return RULES


@pytest.mark.parametrize("name", sorted(PINNED))
def test_golden_record_replays_to_its_pinned_head_and_outcome(name):
    report = verify(read(name), lookup=_bound)
    head, winners, reason = PINNED[name]
    assert report.ok and report.replayed and report.seed == "matches", report.divergence
    assert report.head == head
    assert report.outcome["winners"] == winners and report.outcome["reason"] == reason


@pytest.mark.parametrize("name", sorted(PINNED))
def test_golden_record_is_what_its_seed_plays_today(name):
    seed, players = GOLDEN[name]
    assert make(seed, players).dumps() == (FOLDER / f"{name}.kifu.jsonl").read_text(encoding="utf-8")


def test_golden_records_cover_both_sides_two_left_and_a_duel():
    finals = {name: states(read(name))[-1] for name in PINNED}
    assert {s["over"]["side"] for s in finals.values()} == {"saniwa", "sokogun"}
    assert {s["over"]["code"] for s in finals.values()} == {"declared", "saniwa_out", "two_left"}
    duel = finals["decided-by-duel"]
    assert duel["last_duel"] is not None and "一騎討ち" in duel["over"]["reason"]
    assert duel["last_duel"]["step"] == duel["step"]  # the last command was the 一騎討ち's guess


@pytest.mark.parametrize("name", sorted(PINNED))
def test_golden_entries_never_name_the_saniwa_unless_it_declared(name):
    """④: every entry's actor is a seat the public saw awaited, and ``by`` is no seat at all;
    each record crosses a 周 end where the 審神者 stayed silent beside another 近侍."""
    record = read(name)
    for state, entry in zip(states(record), record.entries):
        saniwa = next(s for s, r in state["roles"].items() if r == "saniwa")
        assert entry["by"] not in state["seats"]
        if entry["command"]["type"] == "declare_victory":
            assert entry["actor"] == saniwa and state["declaration_open"]
        else:
            assert [entry["actor"]] == RULES.view(state, "public")["to_act"], entry["seq"]
    assert silent_windows(record) >= 1


def test_a_tampered_golden_record_is_caught():
    lines = (FOLDER / "decided-by-duel.kifu.jsonl").read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].replace('"seat":"p', '"seat":"q', 1)
    result = records.read_text("\n".join(lines) + "\n")
    report = verify(result.record, lines=result.entry_lines, lookup=_bound) if result.record else None
    assert result.errors or not report.ok


def test_a_record_of_rules_version_1_is_told_the_version_it_needs():
    lines = (FOLDER / "two-players-left.kifu.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["rules_version"] = 1
    lines[0] = json.dumps(header, ensure_ascii=False)
    result = records.read_text("\n".join(lines) + "\n")
    report = verify(result.record, lines=result.entry_lines, lookup=_bound)
    assert not report.ok and report.divergence.what == "header"
    assert "version 1" in report.divergence.message and "version 2" in report.divergence.message


def test_a_record_naming_an_unknown_card_set_fails_verification_cleanly():
    from kifu.replays import registry

    lines = (FOLDER / "two-players-left.kifu.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["cardset"] = {"id": "nope", "digest": "0" * 64}
    lines[0] = json.dumps(header, ensure_ascii=False)
    result = records.read_text("\n".join(lines) + "\n")
    report = verify(result.record, lines=result.entry_lines, lookup=registry.for_header)
    assert not report.ok and report.divergence.what == "header" and "nope" in report.divergence.message
