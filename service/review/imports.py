"""The writes of a review import: all of them in one Lua script, each item once.

``kifu.service.review.service.import_text`` checks everything first (anchors, shapes, every
variation replayed); this module then writes the checked items in ONE script run on the
match's keys, which share its hash slot (``kifu:m:{<mid>}:notes``, ``:review``, ``:meta``
and ``:reviewimports``). Redis runs a script whole: a client that dies or loses its
connection midway, or a second import racing the first, can never leave half an
import. The script checks the keys' types before its first write, so no command inside
it can fail after a write (Redis does not undo a script's writes on an error).

Idempotency: every item of an export has a digest (SHA-256 of its canonical JSON, which
holds its anchor in the record's chain). ``:reviewimports`` maps each imported digest
to the id it was written as, so importing the same export again, or a later export that
repeats its items, writes only what is new; a shape set that illustrates an already
imported note is pointed at that note's id here.

>>> len(digest({"type": "note", "step": 1}))
64
"""
from __future__ import annotations

from typing import Any, Mapping

from kifu.replays import canon
from kifu.service import keys
from kifu.service.errors import NotFound, StoreCorrupt
from kifu.service.ids import check_match_id
from kifu.service.review import stream

#: stands for a note's id (known only once the script wrote the note) inside a shape set's
#: JSON; a control character, which no field of a checked shape set can hold
NOTE_MARK = "\u0000note\u0000"

SCRIPT = r"""
-- KEYS: meta, notes stream, review stream, imported digests (hash); all in one slot.
-- ARGV[1]: how many notes; then per note: digest, event JSON (the 'note' field).
-- Then per review event: digest, the digest of the note it names ('' for none),
-- the event JSON, and (when it names a note) the JSON that follows the note's id
-- (the event JSON being then the part before it).
-- Answers {code, the digests written...}: code 'ok', or 'not_found' / 'wrongtype' /
-- 'missing_note' with nothing written.
if redis.call('EXISTS', KEYS[1]) == 0 then return {'not_found'} end
local want = {notes = 'stream', review = 'stream', done = 'hash'}
local types = {notes = KEYS[2], review = KEYS[3], done = KEYS[4]}
for name, key in pairs(types) do
  local t = redis.call('TYPE', key)['ok']
  if t ~= 'none' and t ~= want[name] then return {'wrongtype'} end
end
local n = tonumber(ARGV[1])
local fresh = {}
local i = 2
for _ = 1, n do fresh[ARGV[i]] = true; i = i + 2 end
-- every note a shape set names is written now or was before: checked before any write
local j = i
while j <= #ARGV do
  local ref = ARGV[j + 1]
  if ref ~= '' and not fresh[ref] and redis.call('HEXISTS', KEYS[4], ref) == 0 then
    return {'missing_note'}
  end
  if ref ~= '' then j = j + 4 else j = j + 3 end
end
local written = {'ok'}
i = 2
for _ = 1, n do
  local d = ARGV[i]
  if redis.call('HEXISTS', KEYS[4], d) == 0 then
    local id = redis.call('XADD', KEYS[2], '*', 'note', ARGV[i + 1])
    redis.call('HSET', KEYS[4], d, id)
    written[#written + 1] = d
  end
  i = i + 2
end
while i <= #ARGV do
  local d, ref = ARGV[i], ARGV[i + 1]
  local body = ARGV[i + 2]
  if ref ~= '' then
    body = body .. '"' .. redis.call('HGET', KEYS[4], ref) .. '"' .. ARGV[i + 3]
    i = i + 4
  else
    i = i + 3
  end
  if redis.call('HEXISTS', KEYS[4], d) == 0 then
    local id = redis.call('XADD', KEYS[3], '*', 'event', body)
    redis.call('HSET', KEYS[4], d, id)
    written[#written + 1] = d
  end
end
return written
"""


def key(mid: str) -> str:
    """The hash of a match's imported item digests (-> the id each was written as)."""
    return keys.match_key(check_match_id(mid), "reviewimports")


def digest(item: Mapping[str, Any]) -> str:
    """An export item's identity: the SHA-256 of its canonical JSON (anchor included)."""
    return canon.digest(dict(item))


def write(client: Any, mid: str, notes: list[tuple[str, Mapping[str, Any]]],
          events: list[tuple[str, str | None, Mapping[str, Any]]]) -> list[str]:
    """Write checked notes ``(digest, notes event)`` and review events ``(digest, the digest
    of the note they name or None, review event)`` in one script; items whose digest was
    imported before are skipped; returns the digests written. A review event that names a note carries ``NOTE_MARK``
    as its ``note``: the script puts the note's id there."""
    mid = check_match_id(mid)
    args: list[Any] = [len(notes)]
    for d, event in notes:
        args += [d, canon.dumps(dict(event))]
    for d, ref, event in events:
        body = canon.dumps(dict(event))
        if ref is None:
            args += [d, "", body]
            continue
        mark = canon.dumps(NOTE_MARK)
        before, found, after = body.partition(mark)
        if not found or mark in after:
            raise StoreCorrupt("a review event must hold the note mark exactly once")
        args += [d, ref, before, after]
    answer = [x.decode() if isinstance(x, bytes) else x for x in client.register_script(SCRIPT)(
        keys=[keys.meta(mid), keys.notes(mid), stream.key(mid), key(mid)], args=args)]
    code = answer[0]
    if code == "not_found":
        raise NotFound(f"no match {mid}")
    if code != "ok":
        raise StoreCorrupt(f"match {mid}: the review import script answered {code!r} (nothing was written)")
    return answer[1:]
