-- =====================================================================================================
-- Match ids are time-ordered UUIDs (version 7)
-- =====================================================================================================
-- get_bracket() lists every match's id: 511 of them for a 300-entry championship. Random (version 4)
-- ids do not compress, and once every round is played the answer went over its budget of 40 KB gzip
-- on the wire. A version 7 UUID (RFC 9562) starts with its creation time in milliseconds, so the
-- matches of one draw, made within a few milliseconds of each other, share their first ten or so hex
-- digits and the answer compresses by about a tenth. The other 74 bits stay random: ids remain unique
-- and unguessable, and are still plain uuids to every reader (the bracket's shape does not change).
-- Matches drawn before keep their ids.
--
-- The id is 12 hex digits of Unix time in milliseconds, the version digit 7, then the random part of a
-- version 4 UUID from its version digit on (its variant bits are those RFC 9562 asks for). Written as
-- the column's default expression rather than a function, so the draw's 511 inserts pay no call each.
-- =====================================================================================================

alter table public.matches
  alter column id set default (
    lpad(to_hex(floor(extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0')
      || '7' || substr(gen_random_uuid()::text, 16)
  )::uuid;
