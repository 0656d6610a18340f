"""Golden records: replayed and hash-checked, with pinned head chains and outcomes.

One is won by each side, one ends with two players left, one is decided by a 一騎討ち.
A change that alters any of them changes behaviour: bump ``RULES.version`` and rewrite them
with ``python -m tests.games.senbu_rinki.golden``.
"""
import pytest

from replays import records
from replays.games.senbu_rinki import RULES
from replays.verify import verify

from .golden import FOLDER, GOLDEN, final_state, make

PINNED = {
    "saniwa-side-declares": (
        "5b8a46d46dda24e84a28af5275a4fc2c467f4748527ff7ea4603833847b5b4d2", ["p1", "p2", "p3", "p5"],
        "審神者が勝利宣言をした（残った全員が刀剣男士）：審神者・刀剣男士の勝利"),
    "sokogun-eliminate-saniwa": (
        "d6c00f6c8a269dbb03a747b0fdbc475a5ebe49cae5ad4cde4f89d9b2e94eae30", ["p1", "p6", "p7"],
        "審神者が脱落した（攻撃）：時間遡行軍の勝利"),
    "two-players-left": (
        "346d08a0d03a53b1a92bcffd029ce23f3aa1b80cf03b401e9dc420624325a2fb", ["p2", "p3", "p4"],
        "脱落していないプレイヤーが2人になった（攻撃）：審神者・刀剣男士の勝利"),
    "decided-by-duel": (
        "096b01abb4e27fd9fc03fd846759e6305b346f0bf6911f6226ad312b666727fc", ["p1", "p3"],
        "審神者が脱落した（一騎討ち）：時間遡行軍の勝利"),
}


def _read(name):
    result = records.read_text((FOLDER / f"{name}.kifu.jsonl").read_text(encoding="utf-8"))
    assert not result.errors, result.errors
    return result


@pytest.mark.parametrize("name", sorted(PINNED))
def test_golden_record_replays_to_its_pinned_head_and_outcome(name):
    result = _read(name)
    report = verify(result.record, lines=result.entry_lines, lookup={RULES.id: RULES}.__getitem__)
    head, winners, reason = PINNED[name]
    assert report.ok and report.replayed and report.seed == "matches", report.divergence
    assert report.head == head
    assert report.outcome["winners"] == winners and report.outcome["reason"] == reason


@pytest.mark.parametrize("name", sorted(PINNED))
def test_golden_record_is_what_its_seed_plays_today(name):
    seed, players = GOLDEN[name]
    assert make(seed, players).dumps() == (FOLDER / f"{name}.kifu.jsonl").read_text(encoding="utf-8")


def test_golden_records_cover_both_sides_two_left_and_a_duel():
    finals = {name: final_state(_read(name).record) for name in PINNED}
    assert {s["over"]["side"] for s in finals.values()} == {"saniwa", "sokogun"}
    assert finals["two-players-left"]["over"]["code"] == "two_left"
    duel = finals["decided-by-duel"]
    assert duel["last_duel"] is not None and "一騎討ち" in duel["over"]["reason"]
    assert duel["last_duel"]["step"] == duel["step"]  # the last command was the 一騎討ち's guess


def test_a_tampered_golden_record_is_caught():
    text = (FOLDER / "decided-by-duel.kifu.jsonl").read_text(encoding="utf-8")
    lines = text.splitlines()
    lines[3] = lines[3].replace('"seat":"p', '"seat":"q', 1)
    result = records.read_text("\n".join(lines) + "\n")
    report = verify(result.record, lines=result.entry_lines, lookup={RULES.id: RULES}.__getitem__) if result.record else None
    assert result.errors or not report.ok


def test_a_record_naming_an_unknown_card_set_fails_verification_cleanly():
    import json

    text = (FOLDER / "two-players-left.kifu.jsonl").read_text(encoding="utf-8")
    lines = text.splitlines()
    header = json.loads(lines[0])
    header["options"]["cardset"] = "nope"
    lines[0] = json.dumps(header, ensure_ascii=False)
    result = records.read_text("\n".join(lines) + "\n")
    report = verify(result.record, lines=result.entry_lines, lookup={RULES.id: RULES}.__getitem__)
    assert not report.ok and report.divergence.what == "header"
