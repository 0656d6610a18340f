"""The ability vocabulary: skills (スキル), dream scorings (ドリーム効果), events (イベント).

One declaration per ability kind (``cards.SKILLS``/``DREAMS``/``EVENTS`` name their
parameters), on the kit's effect registry. None asks a question: the rulebook says a
skill 「特定の条件を満たすと効果が適用されます」 and an event is processed 「記載された
テキストに従って」, so each resolves by itself. A frame's ``params`` are the card's
ability parameters plus what triggered it.

Timings: ``set`` (the skill was just set: １：ステージ開始), ``placed`` (a card went into
the album), ``lost`` (a card was discarded instead of placed, or replaced), ``turn`` (a
turn starts from an order square), ``judging`` (an event counts icons), ``dream``
(最終決算/２), ``event`` (ゲームの進行/４).
"""
from __future__ import annotations

from typing import Any

from kifu.replays.games.rolling_stone import album as _album
from kifu.replays.games.rolling_stone import dice as _dice
from kifu.replays.games.rolling_stone.commands import COLOURS
from kifu.replays.games.rolling_stone.state import R_EVENT, R_FINAL, Table
from kifu.replays.kit import Effects, frame

EFFECTS = Effects()


def trigger(t: Table, timing: str, seat: str, **params: Any) -> None:
    """Resolve every face-up skill of ``seat`` with this timing, in the order they were set."""
    names = EFFECTS.names(timing)
    frames = [frame(f"skill:{skill['kind']}", seat, card, timing, {**skill, **params})
              for card in t.s["skills"][seat] for skill in [t.card(card)["skill"]]
              if f"skill:{skill['kind']}" in names]
    t.s["stack"].extend(reversed(frames))
    EFFECTS.resolve(t)


def _skill_name(t: Table, f: dict) -> str:
    return f"スキル{t.text(f['card'])}"


# -- skills ----------------------------------------------------------------------------

@EFFECTS.effect("skill:power_on_colour", timing="placed")
def _power_on_colour(t: Table, f: dict) -> None:
    if t.colour(f["params"]["placed"]) == f["params"]["colour"]:
        t.gain(f["seat"], "power", 1, _skill_name(t, f))


@EFFECTS.effect("skill:power_on_star", timing="placed")
def _power_on_star(t: Table, f: dict) -> None:
    if t.card(f["params"]["placed"])["star"]:
        t.gain(f["seat"], "power", 1, _skill_name(t, f))


@EFFECTS.effect("skill:power_on_lost", timing="lost")
def _power_on_lost(t: Table, f: dict) -> None:
    t.gain(f["seat"], "power", 1, _skill_name(t, f))


@EFFECTS.effect("skill:vp_on_slot", timing="turn")
def _vp_on_slot(t: Table, f: dict) -> None:
    if f["params"]["from_slot"] == f["params"]["slot"]:
        t.gain(f["seat"], "vp", f["params"]["vp"], _skill_name(t, f))


@EFFECTS.effect("skill:extra_repeat", timing="turn")
def _extra_repeat(t: Table, f: dict) -> None:
    """A placement by a skill follows 配置ルール like any other (「スキルによって配置する際も同じ」)."""
    if f["params"]["from_slot"] == f["params"]["slot"]:
        t.s["repeats"] += 1
        t.note("skill", seat=f["seat"], card=f["card"], text="リピートをもう１回")


@EFFECTS.effect("skill:extra_die", timing="set")
def _extra_die(t: Table, f: dict) -> None:
    """One more die of the colour, put on the card that carries the seat's first die of that
    colour, showing the same faces (ruling): so every die of a colour stands on one card,
    and 配置ルール/２ rolls them all one face onto the placed card (「複数あれば、その全てを
    移動させます」)."""
    if f["params"]["set"] != f["card"]:
        return
    seat, colour = f["seat"], f["params"]["colour"]
    dice = t.s["dice"][seat]
    first = dice[colour]
    die = _dice.die_id(colour, len(_dice.of_colour(dice, colour)) + 1)
    dice[die] = {"square": first["square"], "top": first["top"], "north": first["north"]}
    t.note("die", seat=seat, card=f["card"], die=die, colour=colour, square=first["square"], top=first["top"])


@EFFECTS.effect("skill:icon_plus", timing="judging")
def _icon_plus(t: Table, f: dict) -> None:
    if f["params"]["judged"] == f["params"]["icon"]:
        t.tally[f["seat"]] += 1


def icon_counts(t: Table, icon: str) -> dict[str, int]:
    """Each seat's event icons of ``icon``: its album's, plus its skills' (icon_plus)."""
    t.tally = {seat: t.icons(seat, icon) for seat in t.seats}
    for seat in t.seats:
        trigger(t, "judging", seat, judged=icon)
    return t.tally


# -- dreams (最終決算/２) ------------------------------------------------------------------

def dream_score(t: Table, seat: str, card: str) -> int:
    """The VP of the dream card ``card`` left in ``seat``'s hand."""
    dream = t.card(card)["dream"]
    t.tally = {seat: 0}
    t.s["stack"].append(frame(f"dream:{dream['kind']}", seat, card, "dream", dict(dream)))
    EFFECTS.resolve(t)
    return t.tally[seat]


def _dream(kind: str):
    def register(fn):
        def run(t: Table, f: dict) -> None:
            t.tally[f["seat"]] = fn(t, f["seat"], f["params"])
        EFFECTS.effect(f"dream:{kind}", timing="dream", prompt=R_FINAL)(run)
        return fn
    return register


@_dream("per_colour")
def _per_colour(t: Table, seat: str, p: dict) -> int:
    return p["vp"] * sum(1 for c in t.s["albums"][seat].values() if t.card(c).get("colour") == p["colour"])


@_dream("per_icon")
def _per_icon(t: Table, seat: str, p: dict) -> int:
    return p["vp"] * t.icons(seat, p["icon"])


@_dream("colour_sets")
def _colour_sets(t: Table, seat: str, p: dict) -> int:
    colours = [t.card(c).get("colour") for c in t.s["albums"][seat].values()]
    return p["vp"] * min(colours.count(c) for c in COLOURS)


@_dream("no_star")
def _no_star(t: Table, seat: str, p: dict) -> int:
    return p["vp"] if t.stars(seat) == 0 else 0


@_dream("full_lines")
def _full_lines(t: Table, seat: str, p: dict) -> int:
    return p["vp"] * _album.lines(t.s["albums"][seat])


@_dream("die_at_least")
def _die_at_least(t: Table, seat: str, p: dict) -> int:
    dice = t.s["dice"][seat]  # any die of the colour (a skill may give a second one)
    return p["vp"] if max(dice[d]["top"] for d in _dice.of_colour(dice, p["colour"])) >= p["face"] else 0


@_dream("dice_all_different")
def _dice_all_different(t: Table, seat: str, p: dict) -> int:
    tops = [d["top"] for d in t.s["dice"][seat].values()]  # every die: four, or more with extra_die
    return p["vp"] if len(set(tops)) == len(tops) else 0


# -- events (ゲームの進行/４) ----------------------------------------------------------------

def resolve_event(t: Table, card: str) -> None:
    effect = t.card(card)["effect"]
    t.s["stack"].append(frame(f"event:{effect['kind']}", None, card, "event", dict(effect)))
    EFFECTS.resolve(t)


def _reward(t: Table, f: dict, seats: list[str], counts: dict[str, int], times: dict[str, int] | None = None) -> None:
    p = f["params"]
    t.note("event", card=f["card"], icon=p["icon"], counts=counts, seats=seats)
    for seat in seats:
        t.gain(seat, p["reward"], p["amount"] * (times or {}).get(seat, 1), f"イベント{t.text(f['card'])}")


@EFFECTS.effect("event:most_icon", timing="event", prompt=R_EVENT)
def _most_icon(t: Table, f: dict) -> None:
    counts = icon_counts(t, f["params"]["icon"])
    best = max(counts.values())
    _reward(t, f, [s for s in t.seats if best > 0 and counts[s] == best], counts)


@EFFECTS.effect("event:fewest_icon", timing="event", prompt=R_EVENT)
def _fewest_icon(t: Table, f: dict) -> None:
    counts = icon_counts(t, f["params"]["icon"])
    least = min(counts.values())
    _reward(t, f, [s for s in t.seats if counts[s] == least], counts)


@EFFECTS.effect("event:per_icons", timing="event", prompt=R_EVENT)
def _per_icons(t: Table, f: dict) -> None:
    counts = icon_counts(t, f["params"]["icon"])
    times = {s: counts[s] // f["params"]["per"] for s in t.seats}
    _reward(t, f, [s for s in t.seats if times[s] > 0], counts, times)

