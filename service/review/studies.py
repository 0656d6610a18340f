"""Studies: named collections of chapters, each one step of a match (any game), shareable by URL.

A study is one JSON document under ``kifu:study:<sid>`` (``sid`` has a match id's shape,
so it is checked by the same strict pattern before it nears a key), listed in the
``kifu:studies`` sorted set by creation time. It is changed with WATCH/MULTI, so two
owners' edits never lose one another. ``owner`` is the name of the token that made it.

A chapter: ``{"id", "title", "match", "step", "as", "variation"}``: which step of which
match it opens on, from which perspective by default (a reader who may not take it sees
what it may), and optionally a variation to open. Its notes, shapes and variations are
the match's own, read with the reader's rights: a study shares a way into matches,
never more of them than its reader may see.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Mapping

import redis

from kifu.replays.demo import iso
from kifu.replays.rules import perspectives
from kifu.service.errors import BadRequest, Conflict, NotFound, NotInMatch
from kifu.service.ids import MATCH_ID, check_match_id, new_match_id
from kifu.service.text import is_line

PREFIX = "kifu:study:"
INDEX = "kifu:studies"
MAX_CHAPTERS = 64
MAX_TITLE = 120
MAX_RETRIES = 8


def key(sid: str) -> str:
    return PREFIX + check_study_id(sid)


def check_study_id(value: Any) -> str:
    if isinstance(value, str) and MATCH_ID.match(value):
        return value
    raise NotFound("no such study")


def check_title(value: Any, name: str = "title") -> str:
    if not is_line(value) or len(value) > MAX_TITLE:  # service.text's rule, the document's pattern
        raise BadRequest({name: [f"one line of text, 1 to {MAX_TITLE} characters"]})
    return value.strip()


def check_chapter(matches: Any, chapter: Any, may_see: Callable[[Any], bool]) -> dict[str, Any]:
    """A chapter as stored: its match exists and ``may_see(info)`` (the author may read it),
    its step exists, its perspective is the match's, its variation (if any) is live there."""
    if not isinstance(chapter, Mapping):
        raise BadRequest({"chapter": ["a chapter is an object"]})
    extra = sorted(set(chapter) - {"title", "match", "step", "as", "variation"})
    if extra:
        raise BadRequest({"chapter": [f"unknown field(s): {', '.join(extra)}"]})
    info = matches.info(check_match_id(chapter.get("match")))
    if not may_see(info):
        raise NotFound(f"no match {info.id}")
    step = chapter.get("step", info.seq)
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= info.seq:
        raise NotInMatch({"step": [f"a step from 0 to {info.seq}"]})
    seats = len(info.header["seats"])
    perspective = chapter.get("as") or "public"
    if perspective not in perspectives(seats):
        raise NotInMatch({"as": [f"one of {', '.join(perspectives(seats))}"]})
    title = check_title(chapter["title"], "chapter") if chapter.get("title") else f"{info.game} · step {step}"
    variation = chapter.get("variation")
    if variation is not None:
        from kifu.service.review.service import Review

        found = Review(matches).variation(info.id, variation)
        if found["step"] != step:
            raise NotInMatch({"variation": [f"variation {variation} starts at step {found['step']}, not {step}"]})
    return {"title": title, "match": info.id, "step": step, "as": perspective, "variation": variation}


class Studies:
    def __init__(self, client: Any, clock: Callable[[], Any]):
        self.client = client
        self.clock = clock

    def get(self, sid: Any) -> dict[str, Any]:
        raw = self.client.get(key(sid))
        if raw is None:
            raise NotFound(f"no study {sid}")
        return json.loads(raw)

    def list(self, *, limit: int = 100) -> list[dict[str, Any]]:  # noqa: A003
        """Newest first (callers keep the ones the reader may read)."""
        sids = [s.decode() if isinstance(s, bytes) else s for s in self.client.zrevrange(INDEX, 0, limit - 1)]
        # a GET per study in one round trip, not MGET: on a Redis Cluster the studies are in many slots
        pipe = self.client.pipeline(transaction=False)
        for sid in sids:
            pipe.get(PREFIX + sid)
        raws = pipe.execute() if sids else []
        return [json.loads(r) for r in raws if r is not None]

    def create(self, *, title: Any, public: Any, owner: str) -> dict[str, Any]:
        title = check_title(title)
        if not isinstance(public, bool):
            raise BadRequest({"public": ["true or false"]})
        sid = new_match_id()
        now = iso(self.clock())
        study = {"id": sid, "title": title, "public": public, "owner": owner, "created": now, "updated": now,
                 "next_chapter": 1, "chapters": []}
        pipe = self.client.pipeline(transaction=False)  # the study and the index: two cluster slots
        pipe.set(key(sid), json.dumps(study), nx=True)
        pipe.zadd(INDEX, {sid: int(self.clock().timestamp() * 1000)})
        pipe.execute()
        return study

    def change(self, sid: str, edit: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
        """Apply ``edit`` (which checks, raises to refuse, and changes the study in place) atomically."""
        k = key(sid)
        for _ in range(MAX_RETRIES):
            with self.client.pipeline(transaction=True) as pipe:
                try:
                    pipe.watch(k)
                    raw = pipe.get(k)
                    if raw is None:
                        raise NotFound(f"no study {sid}")
                    study = json.loads(raw)
                    edit(study)
                    study["updated"] = iso(self.clock())
                    pipe.multi()
                    pipe.set(k, json.dumps(study))
                    pipe.execute()
                    return study
                except redis.WatchError:
                    continue
        raise Conflict(0, f"gave up after {MAX_RETRIES} concurrent changes to study {sid}")

    def delete(self, sid: str) -> None:
        pipe = self.client.pipeline(transaction=False)  # the study and the index: two cluster slots
        pipe.delete(key(sid))
        pipe.zrem(INDEX, sid)
        pipe.execute()


def add_chapter(study: dict[str, Any], chapter: dict[str, Any]) -> dict[str, Any]:
    if len(study["chapters"]) >= MAX_CHAPTERS:
        raise BadRequest({"chapters": [f"a study has at most {MAX_CHAPTERS} chapters"]})
    chapter = {"id": study["next_chapter"], **chapter}
    study["next_chapter"] += 1
    study["chapters"].append(chapter)
    return chapter


def chapter_index(study: Mapping[str, Any], cid: Any) -> int:
    for i, chapter in enumerate(study["chapters"]):
        if chapter["id"] == cid:
            return i
    raise NotFound(f"no chapter {cid} in study {study['id']}")
