-- Settle an import's claim on its record (kifu:imp:<genesis>) only if the claim is still
-- the caller's: a claim that expired and was taken by another import is left alone.
--
-- KEYS[1] the claim   ARGV[1] the match id that claimed it   ARGV[2] 'keep' | 'release'
-- Returns 1 if settled, 0 if the claim is someone else's (or gone).

if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return 0
end
if ARGV[2] == 'keep' then
  redis.call('PERSIST', KEYS[1])
else
  redis.call('DEL', KEYS[1])
end
return 1
