"""Golden records: replayed and hash-checked, with pinned head chains and outcomes.

One is won by each side, one ends with two players left, one is decided by a 一騎討ち.
A change that alters any of them changes behaviour: bump ``RULES.version`` (once released)
and rewrite them with ``python -m tests.games.senbu_rinki.golden``.
"""
import pytest

from replays import engine, records
from replays.games.senbu_rinki import RULES
from replays.verify import verify

from .golden import FOLDER, GOLDEN, final_state, make, silent_windows

PINNED = {
    "saniwa-side-declares": (
        "4b4f9dc6924bdb55b80beb4f444588872218de2cb1d7b26e50f274f5d546dc60", ["p1", "p3", "p5", "p6"],
        "審神者が勝利宣言をした（残った全員が刀剣男士）：審神者・刀剣男士の勝利"),
    "sokogun-eliminate-saniwa": (
        "b990f3b43368875c37b06ac7c9d5609dcd36705db0ae0a489f268061134a4351", ["p4", "p6", "p7"],
        "審神者が脱落した（攻撃）：時間遡行軍の勝利"),
    "two-players-left": (
        "34a54310164d895358b0f7b37f54d85df8025266a2d606fb304cc58cd1ec8612", ["p1", "p2", "p4"],
        "脱落していないプレイヤーが2人になった（攻撃）：審神者・刀剣男士の勝利"),
    "decided-by-duel": (
        "a2c9e97d55fd8a968d289f72697a17165d3ee6725fddfb3ffe100a4b3f9c81a5", ["p1", "p3"],
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


@pytest.mark.parametrize("name", sorted(PINNED))
def test_golden_entries_never_name_the_saniwa_unless_it_declared(name):
    """④: every entry's actor is a seat the public saw awaited, and ``by`` is no seat at all;
    each record crosses a 周 end where the 審神者 stayed silent beside another 近侍."""
    record = _read(name).record
    state = engine.initial_state(RULES, record.header, record.header["seed"])
    saniwa = next(s for s, r in state["roles"].items() if r == "saniwa")
    for entry in record.entries:
        assert entry["by"] not in state["seats"]
        if entry["command"]["type"] == "declare_victory":
            assert entry["actor"] == saniwa and state["declaration_open"]
        else:
            assert [entry["actor"]] == RULES.view(state, "public")["to_act"], entry["seq"]
        state = RULES.apply(state, entry["command"])
    assert silent_windows(record) >= 1


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
