-- =====================================================================================================
-- Change capture for the local Realtime server.
--
-- Hosted Realtime reads the write-ahead log through a replication slot; PGlite has none. Instead,
-- every table in the supabase_realtime publication gets an AFTER ROW trigger that records the change
-- in local_realtime.changes and wakes the server with NOTIFY (delivered on commit, so rolled-back
-- writes are never announced). Writes from any path (REST, functions, service role, SQL in tests)
-- go through the trigger. The server then decides, per subscriber, whether row-level security lets
-- them see the row. Applied on every start; idempotent.
-- =====================================================================================================

create schema if not exists local_realtime;
revoke all on schema local_realtime from public;

create table if not exists local_realtime.changes (
  id bigserial primary key,
  schema_name text not null,
  table_name text not null,
  change_type text not null check (change_type in ('INSERT', 'UPDATE', 'DELETE')),
  record jsonb,
  old_record jsonb,
  committed_at timestamptz not null default now()
);

create or replace function local_realtime.capture_change() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  change_id bigint;
begin
  insert into local_realtime.changes (schema_name, table_name, change_type, record, old_record)
  values (
    tg_table_schema,
    tg_table_name,
    tg_op,
    case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    case when tg_op = 'INSERT' then null else to_jsonb(old) end
  )
  returning id into change_id;
  perform pg_notify('local_realtime_changes', change_id::text);
  return null;
end;
$$;

-- Gives every published table the capture trigger (tables published later get it on the next call:
-- the server calls this on start and whenever a client subscribes to a table without it).
create or replace function local_realtime.attach_capture_triggers() returns void
  language plpgsql
  set search_path = ''
as $$
declare
  published record;
begin
  for published in
    select p.schemaname, p.tablename
    from pg_catalog.pg_publication_tables p
    where p.pubname = 'supabase_realtime'
      and not exists (
        select 1 from pg_catalog.pg_trigger t
        join pg_catalog.pg_class c on c.oid = t.tgrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = p.schemaname and c.relname = p.tablename and t.tgname = 'local_realtime_capture'
      )
  loop
    execute format(
      'create trigger local_realtime_capture after insert or update or delete on %I.%I
         for each row execute function local_realtime.capture_change()',
      published.schemaname, published.tablename
    );
  end loop;
end;
$$;

revoke all on all tables in schema local_realtime from public;
revoke all on all functions in schema local_realtime from public;
