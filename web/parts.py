"""Composite commands as one small form of parts: a placement is a centre and some backs, an
attack a square and a target, a choice several indices.

``Rules.legal`` enumerates such a command once per combination (80 placements of five
Debuts), which no recorder can scan as buttons. So the commands of one type that differ in
their parameters are folded into a form with a control per varying parameter: a radio
group (a select when it has many values) for a value, a checkbox per copy for a list (the
backs: a multiset). The legal combinations travel with the form (``data-parts``) so that
kifu.js narrows each control to what the other parts still allow; without JavaScript every
value is offered. Whatever is posted, the command composed from the parts (``compose``) is
checked by the rules through the service like any other, and a wrong combination comes back
with the rules' reason, the form open again on what was chosen.

Nothing here knows a game: it reads the commands, their labels and the card set.

>>> cmds = [{"type": "place", "seat": "p1", "center": c, "back": b}
...         for c in ("a", "b") for b in ([], ["a"], ["b"], ["a", "b"]) if c not in b]
>>> items = [{"command": c, "label": str(c), "needs": None} for c in cmds]
>>> form = build(items, None)
>>> [(p.key, p.kind, [o.value for o in p.options]) for p in form.parts]
[('center', 'one', ['"a"', '"b"']), ('back', 'many', ['"b"', '"a"'])]
>>> compose(form.base, {"center": "one", "back": "many"}, {"p.center": ['"b"'], "p.back": ['"a"']})
{'type': 'place', 'seat': 'p1', 'center': 'b', 'back': ['a']}
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from kifu.web import pickers

#: more commands of one type than this become one form of parts (a list of a dozen buttons
#: is still read at a glance; beyond it the recorder searches instead of reading)
GROUP_AT = 12
#: a value part with more values than this is a select, not a row of radio chips
SELECT_AT = 8
ABSENT = "-"  #: a part's value for "this parameter not given" (not JSON, so never a value)
ALT = "__alt__"  #: a many-part's checkbox that stands for a whole value ("done" among choices)
FIXED = ("type", "seat")


@dataclass(frozen=True)
class Choice:
    """One value a part may take: ``value`` is what the control posts."""

    value: str
    label: str
    detail: str = ""
    copy: int = 1  #: the copy of a list element this checkbox is (1 for the first)


@dataclass
class Part:
    key: str
    kind: str  #: "one": a single value (radio or select) | "many": a list (checkbox per copy)
    options: list[Choice] = field(default_factory=list)

    @property
    def select(self) -> bool:
        return self.kind == "one" and len(self.options) > SELECT_AT


@dataclass
class PartsForm:
    """The commands of one type and seat as a form of parts."""

    key: str  #: identifies the group on the page (its type and seat)
    type: str
    seat: str
    base: dict[str, Any]  #: what every command of the group shares
    parts: list[Part]
    legal: list[dict[str, Any]]  #: each command's parts as the controls post them, and its label
    count: int
    chance: bool = False  #: its commands need chance outcomes (asked for once the parts are posted)

    @property
    def kinds(self) -> dict[str, str]:
        return {p.key: p.kind for p in self.parts}

    def data(self) -> str:
        """The legal combinations for kifu.js's narrowing (``data-parts``)."""
        return json.dumps({"kinds": self.kinds, "legal": self.legal}, ensure_ascii=False, separators=(",", ":"))


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def grouped(items: list[dict[str, Any]], *, at: int = GROUP_AT) -> dict[str, list[dict[str, Any]]]:
    """The items (``{"command", "label", "needs"}``) of each type with more than ``at``
    commands, by type: the groups to fold into forms of parts."""
    by_type: dict[str, list[dict[str, Any]]] = {}
    for item in items:
        by_type.setdefault(str(item["command"].get("type")), []).append(item)
    return {t: group for t, group in by_type.items() if len(group) > at}


def build(items: list[dict[str, Any]], cardset: Any, *, describe: Callable[[str], str] | None = None) -> PartsForm:
    """The form of parts of ``items``, commands of one type and seat (``grouped``).

    A parameter is a "many" part when every command gives it a list (or, besides lists, a
    few whole values: "done" among the index pairs of a choice) and no two commands hold the
    same elements in another order; otherwise a "one" part whose values are whole JSON
    values, with "not given" where some command leaves it out. Parameters every command
    gives alike are the form's fixed ``base``."""
    commands = [i["command"] for i in items]
    first = commands[0]
    keys: list[str] = []
    for c in commands:
        keys.extend(k for k in c if k not in FIXED and k not in keys)
    base = {k: first[k] for k in FIXED if k in first}
    varying = []
    for k in keys:
        values = {dumps(c[k]) if k in c else ABSENT for c in commands}
        if len(values) == 1 and ABSENT not in values:
            base[k] = first[k]
        else:
            varying.append(k)
    parts = [_part(k, commands, items, cardset, describe) for k in varying]
    kinds = {p.key: p.kind for p in parts}
    legal = [{"parts": {k: _posted(c, k, kinds[k]) for k in varying}, "label": i["label"]}
             for c, i in zip(commands, items)]
    return PartsForm(key=f"parts:{base.get('seat')}:{base.get('type')}", type=str(base.get("type")),
                     seat=str(base.get("seat")), base=base, parts=parts, legal=legal, count=len(commands),
                     chance=any(i.get("needs") for i in items))


def _posted(command: Mapping[str, Any], key: str, kind: str) -> Any:
    """What the controls post for ``command``'s ``key``: a value (or ABSENT), or for a
    many-part the list of its elements (a whole value as its one ALT checkbox)."""
    if key not in command:
        return ABSENT if kind == "one" else []
    value = command[key]
    if kind == "one":
        return dumps(value)
    if isinstance(value, list):
        return [dumps(v) for v in value]
    return [dumps({ALT: value})]


def _is_many(key: str, commands: list[Mapping[str, Any]]) -> bool:
    values = [c[key] for c in commands if key in c]
    lists = [v for v in values if isinstance(v, list)]
    if not lists or len(values) - len(lists) > 3 or len(lists) < len(values) / 2:
        return False
    if any(isinstance(e, (list, dict)) for v in lists for e in v):
        return False
    # the same elements in another order (and the rest alike) would be two commands one
    # set of ticks cannot tell apart: then the order matters, and the list is one value
    seen: dict[str, str] = {}
    for c in commands:
        if isinstance(c.get(key), list):
            rest = dumps({k: v for k, v in c.items() if k != key})
            bag = rest + dumps(sorted(map(dumps, c[key])))
            if seen.setdefault(bag, dumps(c[key])) != dumps(c[key]):
                return False
    return True


def _part(key: str, commands: list[Mapping[str, Any]], items: list[dict[str, Any]], cardset: Any,
          describe: Callable[[str], str] | None) -> Part:
    cards = cardset.cards if cardset is not None else {}
    order = pickers.card_order(cardset)
    labels = [i["label"] for i in items]
    if _is_many(key, commands):
        most: Counter = Counter()
        alts: list[Any] = []
        for c in commands:
            v = c.get(key)
            if isinstance(v, list):
                for e, n in Counter(map(dumps, v)).items():
                    most[e] = max(most[e], n)
            elif key in c and dumps(v) not in map(dumps, alts):
                alts.append(v)
        elements = [json.loads(e) for e in _precedence([list(map(dumps, c[key])) for c in commands
                                                       if isinstance(c.get(key), list)])]
        options = []
        for e in elements:
            name, detail = _name(e, key, commands, labels, cards, cardset, describe, many=True)
            options.extend(Choice(dumps(e), name, detail, copy=n) for n in range(1, most[dumps(e)] + 1))
        for a in alts:
            name, detail = _name(a, key, commands, labels, cards, cardset, describe)
            options.append(Choice(dumps({ALT: a}), name, detail))
        return Part(key, "many", options)
    values: list[Any] = []
    absent = False
    for c in commands:
        if key not in c:
            absent = True
        elif dumps(c[key]) not in map(dumps, values):
            values.append(c[key])
    options = []
    for v in _ordered(values, order):
        name, detail = _name(v, key, commands, labels, cards, cardset, describe)
        options.append(Choice(dumps(v), name, detail))
    if absent:
        options.append(Choice(ABSENT, "none"))
    return Part(key, "one", options)


def _precedence(lists: list[list[str]]) -> list[str]:
    """The elements of ``lists`` in an order every list keeps (the pool order placements are
    drawn from), first seen first where the lists do not say: ticked boxes, posted in the
    page's order, then give the very list the rules enumerate."""
    seen: list[str] = []
    after: dict[str, set[str]] = {}
    for xs in lists:
        for i, x in enumerate(xs):
            if x not in after:
                after[x] = set()
                seen.append(x)
            after[x].update(xs[:i])
    out: list[str] = []
    left = list(seen)
    while left:
        ready = next((x for x in left if not (after[x] - set(out) - {x})), left[0])
        out.append(ready)
        left.remove(ready)
    return out


def _ordered(values: list[Any], order: Mapping[str, int]) -> list[Any]:
    """Cards in card-set order, the rest as the rules listed them."""
    if all(isinstance(v, str) and v in order for v in values):
        return sorted(values, key=lambda v: order[v])
    return values


def _name(value: Any, key: str, commands: list[Mapping[str, Any]], labels: list[str], cards: Mapping[str, Any],
          cardset: Any, describe: Callable[[str], str] | None, *, many: bool = False) -> tuple[str, str]:
    """A value's words: a card's printed name and its distinguishing line; otherwise what
    the labels of two commands that differ only in this value say differently."""
    if isinstance(value, str) and value in cards:
        return cardset.name(value), (describe(value) if describe else value)
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    words = _words(key, commands, labels, many=many).get(dumps(value), "")
    return (words, text) if words and words != text else (text, "")


WORD = re.compile(r"(\s+|[:：・／/⇔→,、()（）\[\]「」〔〕])")


def _words(key: str, commands: list[Mapping[str, Any]], labels: list[str], *, many: bool) -> dict[str, str]:
    """For each value of ``key`` (each element, for a list), the words by which a command's
    label differs from another's that is the same but for that value: "赤 6" for red in
    "p2: 赤 6: 北に2" against "p2: 青 3: 北に2". The difference seen most often is kept
    (for an element of a list, its words rather than those of the pair it makes)."""
    groups: dict[str, list[int]] = {}
    for i, c in enumerate(commands):
        groups.setdefault(dumps({k: v for k, v in c.items() if k != key}), []).append(i)
    seen: dict[str, Counter] = {}
    for members in groups.values():
        for a in members[:60]:
            for b in members[:60]:
                if a == b:
                    continue
                mine = _only(commands[a].get(key, None), commands[b].get(key, None), many=many)
                if mine is None:
                    continue
                said = _difference(labels[a], labels[b])
                if said:
                    seen.setdefault(mine, Counter())[said] += 1
    return {v: max(c.items(), key=lambda x: (x[1], len(x[0])))[0] for v, c in seen.items()}


def _only(a: Any, b: Any, *, many: bool) -> str | None:
    """The one value (JSON) that ``a`` has and ``b`` has not: the whole value of a "one"
    part, or for lists the one element left when ``b``'s are taken from ``a``'s."""
    if not many or not isinstance(a, list) or not isinstance(b, list):
        return dumps(a) if dumps(a) != dumps(b) else None
    left = Counter(map(dumps, a)) - Counter(map(dumps, b))
    return next(iter(left)) if sum(left.values()) == 1 and sum((Counter(map(dumps, b)) - Counter(map(dumps, a))).values()) <= 1 else None


def _difference(mine: str, other: str) -> str:
    """What ``mine`` says where ``other`` says something else, word by word."""
    a, b = [t for t in WORD.split(mine) if t], [t for t in WORD.split(other) if t]
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
        tail += 1
    said = "".join(a[head:len(a) - tail])
    for opening, closing in (("（", "）"), ("(", ")"), ("〔", "〕"), ("「", "」")):
        if opening in said and closing not in said[said.index(opening):]:
            said = said[:said.index(opening)]  # a bracket the other label closes too: its inside is shared
    return said.strip(SEPARATORS)


SEPARATORS = " 　:：・／/⇔→,、()（）[]「」〔〕"


def compose(base: Mapping[str, Any], kinds: Mapping[str, str], posted: Mapping[str, list[str]]) -> dict[str, Any]:
    """The command a form of parts states: ``base`` and each part's posted value(s)
    (``posted["p.<key>"]``, a list as ``getlist`` gives it). A part left unchosen is left
    out, for the rules to say what is missing; ValueError for a malformed value."""
    command = dict(base)
    for key, kind in kinds.items():
        raw = [r for r in posted.get(f"p.{key}", []) if r != ""]
        if kind == "one":
            if len(raw) > 1:
                raise ValueError(f"{key}: one value, not {len(raw)}")
            if raw and raw[0] != ABSENT:
                command[key] = pickers.parse_value(raw[0])
            continue
        if len(raw) > pickers.MAX_RUN:
            raise ValueError(f"{key}: at most {pickers.MAX_RUN} values")
        values = [pickers.parse_value(r) for r in raw]
        whole = [v[ALT] for v in values if isinstance(v, dict) and set(v) == {ALT}]
        if whole:
            if len(values) > 1:
                raise ValueError(f"{key}: {json.dumps(whole[0], ensure_ascii=False)} stands alone; "
                                 "untick the others")
            command[key] = whole[0]
        else:
            command[key] = values
    return command


def read_spec(raw: str) -> tuple[dict[str, Any], dict[str, str]]:
    """A posted form's ``parts`` field back to (base, kinds); ValueError if damaged."""
    if len(raw) > 4096:
        raise ValueError("the form's parts are damaged; reload the table")
    spec = json.loads(raw)
    if not (isinstance(spec, dict) and isinstance(spec.get("base"), dict) and isinstance(spec.get("kinds"), dict)
            and all(v in ("one", "many") for v in spec["kinds"].values()) and len(spec["kinds"]) <= 16):
        raise ValueError("the form's parts are damaged; reload the table")
    return spec["base"], {str(k): v for k, v in spec["kinds"].items()}


def spec_json(form: PartsForm) -> str:
    return dumps({"base": form.base, "kinds": form.kinds})


def chosen_of(form: PartsForm, command: Mapping[str, Any] | None) -> dict[str, Counter]:
    """What the controls show ticked for ``command`` (a refused one, asked again)."""
    if not command:
        return {}
    out: dict[str, Counter] = {}
    for p in form.parts:
        v = _posted(command, p.key, p.kind)
        out[p.key] = Counter(v if isinstance(v, list) else [v])
    return out
