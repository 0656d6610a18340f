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
        "3aa3bf80d8070951c56b9c5f138867df67618bf5f168e164f84ec16b16f53838", ["p1", "p3", "p5", "p6"],
        "審神者が勝利宣言をした（残った全員が刀剣男士）：審神者・刀剣男士の勝利"),
    "sokogun-eliminate-saniwa": (
        "1c5e1fa3ce2a1dfd2f1226895bf0f4d4f7f29e00b87d85569aa99b44b0a4bdfd", ["p4", "p6", "p7"],
        "審神者が脱落した（攻撃）：時間遡行軍の勝利"),
    "two-players-left": (
        "edb370ddf136f2f5826d7e5425bec9411213f839c35fe00a9019c1070479a99e", ["p1", "p2", "p4"],
        "脱落していないプレイヤーが2人になった（攻撃）：審神者・刀剣男士の勝利"),
    "decided-by-duel": (
        "0400db6741a0d82633ac8d1f2b9fa6decc9805711e97982a64ed0891a2e518a0", ["p1", "p3"],
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
