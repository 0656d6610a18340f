"""``Review``: variations and shapes of one kifu's matches (the API and the web call this).

It composes ``MatchService`` (the state at a step, the match's judged rules, its notes)
with the review stream. Every check runs before the one append, so a refusal writes
nothing. Callers decide who may do what (``kifu.service.review.access``) and pass the
writer's ``by`` / ``role`` / ``author`` as for notes.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from kifu.replays import records
from kifu.replays.demo import iso
from kifu.replays.rules import perspectives
from kifu.service.errors import BadRequest, NotFound, NotInMatch
from kifu.service.ids import check_match_id
from kifu.service.review import shapes as _shapes
from kifu.service.review import stream, variations
from kifu.service.review.variations import Line

#: the fields of a variation as it is served (never its seed)
PUBLIC_VARIATION = ("id", "step", "base", "title", "length", "by", "at")
PUBLIC_SHAPES = ("id", "step", "perspective", "note", "shapes", "by", "at")


def public_variation(v: Mapping[str, Any]) -> dict[str, Any]:
    return {"id": v["id"], "step": v["step"], "base": v["base"], "title": v["title"],
            "length": len(v["commands"]), "by": v["by"], "at": v["at"]}


def public_shapes(s: Mapping[str, Any]) -> dict[str, Any]:
    return {k: s.get(k) for k in PUBLIC_SHAPES}


class Review:
    """Variations and shapes beside ``matches``' records (one per request is fine: no state)."""

    def __init__(self, matches: Any):
        self.matches = matches
        self.client = matches.store.client

    # -- reading ------------------------------------------------------------------------

    def _events(self, mid: str) -> list[tuple[str, dict[str, Any]]]:
        mid = check_match_id(mid)
        if self.matches.store.head(mid) is None:
            raise NotFound(f"no match {mid}")
        return stream.events(self.client, mid)

    def variations(self, mid: str) -> list[dict[str, Any]]:
        """The live variations, with their commands and seeds (callers serve ``public_variation``)."""
        return stream.fold_variations(self._events(mid))

    def variation(self, mid: str, vid: Any) -> dict[str, Any]:
        if not isinstance(vid, str) or not stream_id(vid):
            raise NotFound(f"no variation {str(vid)[:40]!r} in match {mid}")
        found = next((v for v in self.variations(mid) if v["id"] == vid), None)
        if found is None:
            raise NotFound(f"no variation {vid} in match {mid} (deleted, or never written)")
        return found

    def shape_sets(self, mid: str) -> list[dict[str, Any]]:
        return stream.fold_shapes(self._events(mid))

    def chain_at(self, mid: str, step: int) -> str:
        """The record's chain after entry ``step`` (its genesis at 0): a review item's anchor."""
        if step == 0:
            return records.genesis(self.matches.info(mid).header)
        entry = self.matches.store.entry(mid, step)
        if entry is None:
            raise NotFound(f"match {mid} has no entry {step}")
        return entry["chain"]

    # -- variations -----------------------------------------------------------------------

    def line(self, mid: str, variation: Mapping[str, Any]) -> Line:
        """Replay a stored variation from its step (checked again: the rules decide every time)."""
        rules = self.matches._static(mid).rules
        _, base = self.matches.state(mid, variation["step"])
        return variations.play(rules, base, variation["commands"], variation["seed"])

    def add_variation(self, mid: str, *, step: Any, commands: Any, title: Any = None, by: str,
                      role: str | None, author: str | None, seed: str | None = None,
                      expect_hashes: Sequence[str] | None = None) -> dict[str, Any]:
        """Play and save a variation from ``step``; returns it (with ``id``).

        ``BadRequest`` for a malformed step or command, ``VariationRejected`` for an illegal
        one (naming its rule and index), before anything is written. ``seed`` and
        ``expect_hashes`` are for an import: the exported variation's own seed, and the
        hashes it must replay to.
        """
        mid = check_match_id(mid)
        st = self.matches._static(mid)
        head = self.matches.info(mid).seq
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= head:
            raise NotInMatch({"step": [f"a step from 0 to {head}"]})
        title = variations.check_title(title)
        commands = variations.check_commands(st.rules, commands)
        if seed is None:
            seed = variations.new_seed()
        elif not isinstance(seed, str) or not 16 <= len(seed) <= 256:
            raise BadRequest({"seed": ["a variation's seed: a string of 16 to 256 characters"]})
        _, base = self.matches.state(mid, step)
        played = variations.play(st.rules, base, commands, seed)
        if expect_hashes is not None and list(expect_hashes) != played.hashes:
            raise BadRequest({"hashes": ["the variation does not replay to the state hashes it was exported with"]})
        event = {"kind": "variation", "step": step, "base": self.chain_at(mid, step), "title": title,
                 "commands": commands, "seed": seed, "hashes": played.hashes, "by": by, "role": role,
                 "author": author, "at": iso(self.matches.clock())}
        vid = stream.append(self.client, mid, event)
        return {"id": vid, **{k: v for k, v in event.items() if k != "kind"}}

    def delete_variation(self, mid: str, vid: str, *, by: str, role: str | None, author: str | None,
                         authorize: Callable[[Mapping[str, Any]], None] | None = None) -> dict[str, Any]:
        found = self.variation(mid, vid)
        if authorize is not None:
            authorize(found)
        stream.append(self.client, mid, {"kind": "variation", "replaces": vid, "deleted": True, "by": by,
                                         "role": role, "author": author, "at": iso(self.matches.clock())})
        return found

    def variation_step(self, mid: str, variation: Mapping[str, Any], perspective: str, at: Any) -> dict[str, Any]:
        """Step ``at`` of a variation (0: its base step) as ``perspective`` sees it: the view, and
        every line of the variation redacted and described for that perspective."""
        st = self.matches._static(mid)
        if perspective not in perspectives(st.players):
            raise NotInMatch({"as": [f"one of {', '.join(perspectives(st.players))}"]})
        length = len(variation["commands"])
        if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= length:
            raise NotInMatch({"step": [f"a step of the variation from 0 to {length}"]})
        played = self.line(mid, variation)
        rules = st.rules
        lines = []
        for i, command in enumerate(played.commands):
            before, after = played.state_at(i), played.state_at(i + 1)
            lines.append({"n": i + 1, "command": rules.redact(before, command, after, perspective),
                          "describe": rules.describe(before, command, after, perspective),
                          "turn": rules.turn(before)})
        state = played.state_at(at)
        outcome = rules.outcome(state)
        return {"variation": public_variation(variation), "at": at, "perspective": perspective,
                "view": rules.view(state, perspective), "lines": lines, "turn": rules.turn(state),
                "phase": rules.phase(state), "outcome": outcome.to_json() if outcome else None}

    # -- shapes -------------------------------------------------------------------------

    def set_shapes(self, mid: str, *, step: Any, perspective: Any, shapes: Any, note: Any = None, by: str,
                   role: str | None, author: str | None) -> dict[str, Any]:
        """Replace the shape set of (step, perspective, note); an empty list clears it."""
        mid = check_match_id(mid)
        st = self.matches._static(mid)
        head = self.matches.info(mid).seq
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= head:
            raise NotInMatch({"step": [f"a step from 0 to {head}"]})
        if perspective not in perspectives(st.players):
            raise NotInMatch({"perspective": [f"one of {', '.join(perspectives(st.players))}"]})
        checked = _shapes.check_shapes(shapes)
        if note is not None:
            found = next((n for n in self.matches.notes(mid) if n["id"] == note), None)
            if found is None:
                raise NotFound(f"no note {str(note)[:40]} in match {mid}")
            if found["step"] != step:
                raise NotInMatch({"note": [f"note {note} is on step {found['step']}, not {step}"]})
        event = {"kind": "shapes", "step": step, "perspective": perspective, "note": note, "shapes": checked,
                 "by": by, "role": role, "author": author, "at": iso(self.matches.clock())}
        sid = stream.append(self.client, mid, event)
        return {"id": sid, **{k: v for k, v in event.items() if k != "kind"}}


def stream_id(value: str) -> bool:
    ms, sep, n = value.partition("-")
    return bool(sep) and ms.isdecimal() and n.isdecimal() and len(ms) <= 19 and len(n) <= 19


# -- export and import (service.review.exchange) ------------------------------------------

def export_text(review: Review, mid: str, *, notes: list[Mapping[str, Any]], shape_sets: list[Mapping[str, Any]],
                variations_: list[Mapping[str, Any]]) -> str:
    """The given notes, shape sets and variations (what the caller may read) as JSON Lines."""
    from kifu.service.review import exchange

    info = review.matches.info(mid)
    chains = exchange.chains_of(info.header, review.matches.entries(mid, 1, info.seq))
    header = {"kifu_review": exchange.FORMAT, "game": info.game, "rules_version": info.rules_version,
              "match": info.id, "head": {"seq": info.seq, "chain": chains[info.seq]}}
    items: list[dict[str, Any]] = []
    for n in notes:
        items.append({"type": "note", "id": n["id"], "step": n["step"], "anchor": chains[n["step"]],
                      "text": n["text"], "glyph": n["glyph"], "by": n["by"], "at": n["at"]})
    for s in shape_sets:
        items.append({"type": "shapes", "step": s["step"], "anchor": chains[s["step"]],
                      "perspective": s["perspective"], "note": s.get("note"), "shapes": s["shapes"],
                      "by": s["by"], "at": s["at"]})
    for v in variations_:
        items.append({"type": "variation", "id": v["id"], "step": v["step"], "anchor": chains[v["step"]],
                      "title": v["title"], "commands": v["commands"], "seed": v["seed"], "hashes": v["hashes"],
                      "by": v["by"], "at": v["at"]})
    return exchange.dumps(header, items)


def import_text(review: Review, mid: str, text: Any, *, by: str, role: str | None, author: str | None,
                with_variations: bool) -> dict[str, int]:
    """Add an export's notes, shapes and variations to match ``mid`` (the same record, or a
    longer one it starts): every anchor must be ``mid``'s chain at its step and every
    variation must replay to its hashes, all checked before the first write. A note keeps
    its writer's name; the importer is its author for access decisions.

    The writes are one script (``kifu.service.review.imports``): all or nothing, and an item
    already imported (by its digest), or already on this match (the export's own match:
    a live note or variation with its id and content, a shape set as it is now), is
    skipped, so importing an export again writes nothing. Returns the counts written and
    ``skipped``."""
    from kifu.service import notes as _notes
    from kifu.service.review import exchange, imports

    mid = check_match_id(mid)
    export = exchange.read(text)
    info = review.matches.info(mid)
    if export.header["game"] != info.game:
        raise BadRequest({"review": [f"an export of a {export.header['game']} record, not of {info.game}"]})
    problems = exchange.check_anchors(export, exchange.chains_of(info.header, review.matches.entries(mid, 1, info.seq)))
    if problems:
        raise BadRequest({"review": problems[:10]})
    st = review.matches._static(mid)
    ready: list[tuple[str, dict[str, Any], dict[str, Any]]] = []  # (kind, checked, the item as exported)
    for n, item in enumerate(export.items, 2):
        where = f"line {n}"
        kind = item["type"]
        if kind == "note":
            ready.append((kind, {"step": item["step"], "text": _notes.check_text(item.get("text")),
                                 "glyph": _notes.check_glyph(item.get("glyph")), "id": item.get("id"),
                                 "by": _by(item, by)}, item))
        elif kind == "shapes":
            if item.get("perspective") not in perspectives(st.players):
                raise BadRequest({"review": [f"{where}: perspective one of {', '.join(perspectives(st.players))}"]})
            ready.append((kind, {"step": item["step"], "perspective": item["perspective"], "note": item.get("note"),
                                 "shapes": _shapes.check_shapes(item.get("shapes")), "by": _by(item, by)}, item))
        else:
            if not with_variations:
                raise BadRequest({"review": [f"{where}: this token may not write variations on this match"]})
            commands = variations.check_commands(st.rules, item.get("commands"))
            seed = item.get("seed")
            if not isinstance(seed, str) or not 16 <= len(seed) <= 256:
                raise BadRequest({"review": [f"{where}: a variation's seed"]})
            _, base = review.matches.state(mid, item["step"])
            hashes = variations.play(st.rules, base, commands, seed).hashes
            if hashes != item.get("hashes"):
                raise BadRequest({"review": [f"{where}: the variation does not replay to its state hashes"]})
            ready.append((kind, {"step": item["step"], "commands": commands, "seed": seed, "hashes": hashes,
                                 "title": variations.check_title(item.get("title")), "by": _by(item, by)}, item))
    note_digests = {checked["id"]: imports.digest(item) for kind, checked, item in ready if kind == "note"}
    for kind, checked, _ in ready:
        if kind == "shapes" and checked["note"] is not None and checked["note"] not in note_digests:
            raise BadRequest({"review": [f"shapes at step {checked['step']} name note {str(checked['note'])[:40]}, "
                                         "which is not in this export"]})
    # what this match already holds (an export imported onto its own match) is skipped
    checked_notes = {c["id"]: c for k, c, _ in ready if k == "note"}
    live_notes = {n["id"]: n for n in review.matches.notes(mid)}
    present = {nid for nid, c in checked_notes.items() if nid in live_notes and _same_note(live_notes[nid], c)}
    evs = review._events(mid)
    live_variations = {v["id"]: v for v in stream.fold_variations(evs)}
    live_shapes = {(s["step"], s["perspective"], s.get("note")): s["shapes"] for s in stream.fold_shapes(evs)}
    writer = {"role": role, "author": author, "at": iso(review.matches.clock())}
    notes_out: list[tuple[str, dict[str, Any]]] = []
    events_out: list[tuple[str, str | None, dict[str, Any]]] = []
    kind_of: dict[str, str] = {}
    already = 0
    for kind, checked, item in ready:
        d = imports.digest(item)
        kind_of[d] = kind
        if kind == "note":
            if checked["id"] in present:
                already += 1
                continue
            notes_out.append((d, {"step": checked["step"], "text": checked["text"], "glyph": checked["glyph"],
                                  "by": checked["by"], **writer}))
        elif kind == "shapes":
            ref, note = None, checked["note"]
            if note is not None and note not in present:  # a note of this import: its id is known once written
                ref, note = note_digests[note], imports.NOTE_MARK
            if ref is None and live_shapes.get((checked["step"], checked["perspective"], note)) == checked["shapes"]:
                already += 1
                continue
            events_out.append((d, ref, {"kind": "shapes", "step": checked["step"], "perspective": checked["perspective"],
                                        "note": note, "shapes": checked["shapes"], "by": checked["by"], **writer}))
        else:
            same = live_variations.get(item.get("id"))
            if same is not None and (same["step"], same["seed"], same["commands"]) == \
                    (checked["step"], checked["seed"], checked["commands"]):
                already += 1
                continue
            events_out.append((d, None, {"kind": "variation", "step": checked["step"], "base": item["anchor"],
                                         "title": checked["title"], "commands": checked["commands"],
                                         "seed": checked["seed"], "hashes": checked["hashes"], "by": checked["by"],
                                         **writer}))
    written = imports.write(review.client, mid, notes_out, events_out)
    counts = {"notes": 0, "shapes": 0, "variations": 0}
    for d in written:
        counts[{"note": "notes", "shapes": "shapes", "variation": "variations"}[kind_of[d]]] += 1
    return {**counts, "skipped": len(ready) - len(written)}


def _same_note(live: Mapping[str, Any], checked: Mapping[str, Any]) -> bool:
    return (live["step"], live["text"], live["glyph"]) == (checked["step"], checked["text"], checked["glyph"])


def _by(item: Mapping[str, Any], default: str) -> str:
    by = item.get("by")
    return by if isinstance(by, str) and 1 <= len(by) <= 64 and by.isprintable() else default
