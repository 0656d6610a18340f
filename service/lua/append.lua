-- Append one entry to a match's log: the only way an entry is ever written after creation.
--
-- KEYS[1] meta hash, KEYS[2] log stream, KEYS[3] idem hash (all tagged {<mid>}: one slot)
-- ARGV[1] expected seq (the seq the caller built the entry on; the entry is seq + 1)
-- ARGV[2] command id ('' = none)      ARGV[3] payload digest of the command
-- ARGV[4] entry (canonical JSON)      ARGV[5] state hash after the entry
-- ARGV[6] chain of the entry          ARGV[7] the chain the entry was built on (meta.chain)
-- ARGV[8] updated (the entry's "at")  ARGV[9] new status ('' = unchanged)
-- ARGV[10] outcome JSON ('' = unchanged)
--
-- Returns {code, seq, current seq}: ok (new seq), duplicate (original seq: same id, same
-- payload), idempotency_conflict (original seq), stale_seq, chain_mismatch, match_over,
-- corrupt (the current seq), not_found, bad_args.
-- Every check comes before the first write, so a refusal writes nothing; the writes
-- themselves (XADD with a fresh, larger explicit ID; HSET) cannot fail halfway.

local meta, log, idem = KEYS[1], KEYS[2], KEYS[3]
local expected, cid, digest = ARGV[1], ARGV[2], ARGV[3]
local entry, state_hash, chain, prev_chain = ARGV[4], ARGV[5], ARGV[6], ARGV[7]
local updated, status, outcome = ARGV[8], ARGV[9], ARGV[10]

if not string.match(expected, '^%d+$') or entry == '' or state_hash == '' or chain == '' then
  return {'bad_args', '0', '0'}
end
if status ~= '' and status ~= 'live' and status ~= 'finished' then
  return {'bad_args', '0', '0'}
end

local current = redis.call('HMGET', meta, 'seq', 'chain', 'status')
if not current[1] then
  return {'not_found', '0', '0'}
end
local seq = current[1]

if cid ~= '' then
  local prior = redis.call('HGET', idem, cid)
  if prior then
    local sep = string.find(prior, ':', 1, true)
    local prior_seq = string.sub(prior, 1, sep - 1)
    if string.sub(prior, sep + 1) == digest then
      return {'duplicate', prior_seq, seq}
    end
    return {'idempotency_conflict', prior_seq, seq}
  end
end

if tonumber(seq) ~= tonumber(expected) then
  return {'stale_seq', seq, seq}
end
if current[3] == 'finished' then
  return {'match_over', seq, seq}
end
if current[2] ~= prev_chain then
  return {'chain_mismatch', seq, seq}
end

-- The log must end exactly at meta.seq, else an XADD could fail after a write.
local last = redis.call('XREVRANGE', log, '+', '-', 'COUNT', 1)
if tonumber(seq) == 0 then
  if #last ~= 0 then return {'corrupt', seq, seq} end
elseif #last ~= 1 or last[1][1] ~= (seq .. '-0') then
  return {'corrupt', seq, seq}
end

local new_seq = tostring(tonumber(seq) + 1)
redis.call('XADD', log, new_seq .. '-0', 'entry', entry, 'cid', cid)
redis.call('HSET', meta, 'seq', new_seq, 'chain', chain, 'state_hash', state_hash, 'updated', updated)
if status ~= '' then
  redis.call('HSET', meta, 'status', status)
end
if outcome ~= '' then
  redis.call('HSET', meta, 'outcome', outcome)
end
if cid ~= '' then
  redis.call('HSET', idem, cid, new_seq .. ':' .. digest)
end
return {'ok', new_seq, new_seq}
