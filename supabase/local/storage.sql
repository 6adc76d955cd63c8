-- =====================================================================================================
-- Storage rows are deleted through the Storage API only, as on a hosted project
-- =====================================================================================================
-- Applied after the migrations on every start. Hosted Supabase refuses `delete from storage.objects` in SQL
-- (storage.protect_delete: the file would stay behind in the bucket); the Storage API's own removal sets
-- storage.allow_delete_query for its transaction. The local stack does the same, so code that works here
-- (retention deleting evidence through the outbox-worker) works on a hosted project.
-- =====================================================================================================

create or replace function storage.protect_delete() returns trigger
  language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end;
$$;

drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();
