-- =====================================================================================================
-- Storage: the profile-pictures bucket
-- =====================================================================================================
-- Public read (the picture shows wherever the profile does). A player writes only objects named
-- `{their user id}-...` at the top of the bucket; images only, at most 2 MB (Storage enforces the
-- bucket's limits before the policies run).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'profile-pictures',
  'profile-pictures',
  true,
  2097152,
  array['image/jpeg', 'image/png', 'image/webp', 'image/gif']
)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Anyone can read profile pictures"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'profile-pictures');

create policy "Players can upload their own profile pictures"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'profile-pictures'
    and starts_with(name, (select auth.uid())::text || '-')
    and position('/' in name) = 0
  );

create policy "Players can replace their own profile pictures"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'profile-pictures' and starts_with(name, (select auth.uid())::text || '-'))
  with check (
    bucket_id = 'profile-pictures'
    and starts_with(name, (select auth.uid())::text || '-')
    and position('/' in name) = 0
  );

create policy "Players can delete their own profile pictures"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'profile-pictures' and starts_with(name, (select auth.uid())::text || '-'));
