-- Append one event to a match's notes stream (service/store.py Store.notes_append).
-- KEYS[1] the notes stream, KEYS[2] the match's meta.
-- ARGV[1] the stream's last id when the caller read it ("" = empty), or "*" for no check
-- (a new note depends on nothing written before it); ARGV[2] the event (canonical JSON).
-- Answers {code, id}: {"ok", new id}, {"stale", current last id}, {"not_found", ""}.
if redis.call('EXISTS', KEYS[2]) == 0 then return {'not_found', ''} end
if ARGV[1] ~= '*' then
  local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
  local current = ''
  if #last > 0 then current = last[1][1] end
  if current ~= ARGV[1] then return {'stale', current} end
end
return {'ok', redis.call('XADD', KEYS[1], '*', 'note', ARGV[2])}
