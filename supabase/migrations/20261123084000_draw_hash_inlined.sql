-- The draw hashes every entry id (and a few block keys) several times. As a SQL function with its own
-- search_path, private.sha256_hex could not be inlined: each call paid for a function call and a
-- settings save and restore, most of the draw's time for 300 entries. Without the setting (every name
-- below is schema-qualified, so there is nothing for a search_path to change) the planner inlines it
-- into the queries that call it. The result is the same lowercase hex digest.
create or replace function private.sha256_hex(p_text text) returns text
  language sql immutable strict parallel safe
as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(p_text, 'UTF8')), 'hex');
$$;

revoke all on function private.sha256_hex(text) from public;
