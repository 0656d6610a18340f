-- Mark a match's entries up to a seq as confirmed: WAIT found them on the replicas asked
-- for (Store with wait_replicas). Followers read this mark, never the log's last id, so
-- that no spectator sees an entry its writer was not (yet) answered for.
--
-- KEYS[1] meta hash, KEYS[2] acked stream (tagged {<mid>}, as the match's other keys)
-- ARGV[1] the confirmed seq
--
-- The mark only moves forward: meta.acked for readers, and one entry <seq>-0 on the acked
-- stream (only the newest kept) for followers blocked in XREAD. Returns the mark after.

local meta, acked = KEYS[1], KEYS[2]
local seq = tonumber(ARGV[1])
if not seq or seq < 1 or redis.call('EXISTS', meta) == 0 then
  return tonumber(redis.call('HGET', meta, 'acked') or '0')
end
local current = tonumber(redis.call('HGET', meta, 'acked') or '0')
local last = redis.call('XREVRANGE', acked, '+', '-', 'COUNT', 1)
if #last == 1 then
  current = math.max(current, tonumber(string.match(last[1][1], '^(%d+)')))
end
if seq <= current then
  return current
end
redis.call('HSET', meta, 'acked', tostring(seq))
redis.call('XADD', acked, 'MAXLEN', '1', seq .. '-0', 'seq', tostring(seq))
return seq
