-- Create a match, optionally with the entries of an imported record, in one step.
--
-- KEYS[1] meta hash, KEYS[2] secret hash, KEYS[3] log stream (all tagged {<mid>})
-- ARGV[1] seed   ARGV[2] deal (canonical JSON; '' at a digital table)
-- ARGV[3] n, the number of meta field/value pairs that follow
-- ARGV[4 .. 3 + 2n] meta fields and values; the rest: entries 1, 2, ... (canonical JSON)
--
-- Returns 'ok' or 'exists'. The checks come first; a refusal writes nothing.

local meta, secret, log = KEYS[1], KEYS[2], KEYS[3]
local n = tonumber(ARGV[3])
if not n or ARGV[1] == '' then
  return 'bad_args'
end
if redis.call('EXISTS', meta) == 1 or redis.call('EXISTS', log) == 1 or redis.call('EXISTS', secret) == 1 then
  return 'exists'
end
for i = 4 + 2 * n, #ARGV do
  redis.call('XADD', log, (i - 3 - 2 * n) .. '-0', 'entry', ARGV[i], 'cid', '')
end
redis.call('HSET', secret, 'seed', ARGV[1])
if ARGV[2] ~= '' then
  redis.call('HSET', secret, 'deal', ARGV[2])
end
for i = 4, 3 + 2 * n, 2 do
  redis.call('HSET', meta, ARGV[i], ARGV[i + 1])
end
return 'ok'
