"""kit.chance: the three sources of outcomes."""
from collections import Counter

import pytest

from kifu.replays.errors import RuleViolation
from kifu.replays.kit.chance import Digital, Event, Given, ImpossibleOutcome, OutcomeNeeded, source

EV = Event("roll", "ダイス", options=(1, 2, 3, 4, 5, 6))


def test_digital_outcomes_follow_the_weights():
    ev = Event("draw", "R", options=("rare", "common"), weights=(1, 9))
    seen = Counter(Digital("seed", step).outcome(ev) for step in range(3000))
    assert 200 < seen["rare"] < 400 and seen["rare"] + seen["common"] == 3000


def test_each_event_of_one_command_has_its_own_label():
    d = Digital("seed", 7)
    rolls = [d.outcome(EV) for _ in range(12)]
    assert len(set(rolls)) > 1 and [e.name for e, _ in d.log] == ["roll"] * 12


def test_a_physical_command_states_every_outcome_in_order():
    g = Given([5, 2], "physical", "R")
    assert (g.outcome(EV), g.outcome(EV)) == (5, 2)
    g.finish()
    with pytest.raises(OutcomeNeeded) as need:
        g.outcome(EV)
    assert need.value.index == 2 and need.value.event.options == EV.options and need.value.rule == "ダイス"


def test_extra_and_impossible_outcomes_are_refused():
    g = Given([7], "physical")
    with pytest.raises(ImpossibleOutcome, match="7 is not possible"):
        g.outcome(EV)
    extra = Given([1, 2], "physical", "R")
    extra.outcome(EV)
    with pytest.raises(RuleViolation, match="2 outcomes stated but only 1"):
        extra.finish()


def test_unknown_outcomes_only_where_observed_and_allowed():
    assert Given([None], "observed").outcome(EV) is None
    with pytest.raises(ImpossibleOutcome):
        Given([None], "physical").outcome(EV)
    with pytest.raises(ImpossibleOutcome):
        Given([None], "observed").outcome(Event("seen by all", "R", options=(1,), unknown_ok=False))


def test_a_digital_table_states_no_outcomes():
    with pytest.raises(RuleViolation, match="digital"):
        source("digital", "seed", 1, [3])
    with pytest.raises(ValueError):
        source("virtual", "seed", 1, None)


def test_event_visibility():
    ev = Event("draw", "R", ("a",), visible=("p1",))
    assert ev.sees("p1") and ev.sees("omniscient") and not ev.sees("p2") and not ev.sees("public")


def test_the_digital_rule_in_the_record_format_spec():
    """An independent reading of docs/record-format.md "Chance": label chance/<s>/<n>/<name>,
    x = below(total weight), the option whose cumulative weight range holds x."""
    import hashlib
    import hmac

    def below(seed, label, n):
        stream, counter = b"", 0
        k = ((n - 1).bit_length() + 7) // 8
        limit = 256**k - (256**k % n)
        while True:
            while len(stream) < k:
                stream += hmac.new(seed.encode(), label.encode() + counter.to_bytes(8, "big"), hashlib.sha256).digest()
                counter += 1
            x, stream = int.from_bytes(stream[:k], "big"), stream[k:]
            if x < limit:
                return x % n

    ev = Event("draw", "R", options=("a", "b", "c"), weights=(2, 1, 4))
    for step in range(30):
        d = Digital("s", step)
        d.outcome(EV)  # event 0 of this command: the draw below is event 1
        x = below("s", f"chance/{step}/1/draw", 7)
        expected = "a" if x < 2 else "b" if x < 3 else "c"
        assert d.outcome(ev) == expected


FACE_DOWN = Event("holopower", "コラボ", options=("a", "b"), visible=())


def test_a_physical_table_is_not_asked_an_outcome_nobody_sees():
    g = Given([2], "physical", "R")
    assert g.outcome(FACE_DOWN) is None and g.outcome(EV) == 2  # the stated 2 is the roll's
    g.finish()
    assert [e.name for e, _ in g.log] == ["roll"] and g.unasked == [FACE_DOWN]


def test_an_observed_table_is_still_asked_and_a_needed_face_down_card_always_is():
    with pytest.raises(OutcomeNeeded):
        Given([], "observed").outcome(FACE_DOWN)
    read = Event("venue", "判定", options=("x", "y"), visible=(), unknown_ok=False)  # a judge reads it
    with pytest.raises(OutcomeNeeded):
        Given([], "physical").outcome(read)
    assert Digital("seed", 1).outcome(FACE_DOWN) in ("a", "b")  # the dealer always knows


def test_stating_a_face_down_card_anyway_is_refused_citing_the_record_format():
    g = Given(["a"], "physical", "R")
    g.outcome(FACE_DOWN)
    with pytest.raises(RuleViolation, match=r"nobody sees \(holopower\).*docs/record-format.md, \"Chance\""):
        g.finish()
    g = Given(["a"], "physical", "R")
    g.outcome(FACE_DOWN)
    with pytest.raises(ImpossibleOutcome, match="record-format"):  # read as the roll's
        g.outcome(EV)
