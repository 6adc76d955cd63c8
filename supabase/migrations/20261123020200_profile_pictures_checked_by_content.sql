-- =====================================================================================================
-- Profile pictures: checked by content, a quota per player, no listing of other players
-- =====================================================================================================
-- A file name or a declared type proves nothing: an HTML or SVG page named "face.png" would be served
-- from our Storage origin. Pictures therefore arrive only through the `profile-pictures` edge function,
-- which reads the first bytes (PNG, JPEG or WebP only) and stores the object with the service role.
-- Players can no longer write to the bucket directly; they may still delete their own objects.

update storage.buckets
   set allowed_mime_types = array['image/jpeg', 'image/png', 'image/webp']
 where id = 'profile-pictures';

drop policy "Players can upload their own profile pictures" on storage.objects;
drop policy "Players can replace their own profile pictures" on storage.objects;

-- Public URLs keep working without any policy (a public bucket serves them directly); listing the bucket
-- goes through row-level security and so shows a player their own objects only, never other players' ids.
drop policy "Anyone can read profile pictures" on storage.objects;
create policy "Players can see their own profile pictures"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'profile-pictures' and starts_with(name, (select private.current_player_id())::text || '-'));

-- -----------------------------------------------------------------------------------------------------
-- Quota: a few pictures and a few megabytes per player
-- -----------------------------------------------------------------------------------------------------
-- A profile shows one picture; a player may try a couple before saving. Whoever writes (the edge function
-- with the service role, support staff), the bucket holds at most 3 objects and 6 MB per player, so an
-- account cannot be used as free file hosting.
create function private.keep_profile_pictures_within_quota() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  owner_prefix text := substring(new.name from '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-');
  other_objects integer;
  other_bytes bigint;
begin
  if new.bucket_id <> 'profile-pictures' or owner_prefix is null then
    return new;
  end if;
  -- One player's uploads are counted one at a time.
  perform pg_advisory_xact_lock(hashtext('profile-pictures:' || owner_prefix));
  select count(*), coalesce(sum((metadata ->> 'size')::bigint), 0)
    into other_objects, other_bytes
    from storage.objects
   where bucket_id = 'profile-pictures' and starts_with(name, owner_prefix) and name <> new.name;
  if other_objects >= 3 then
    raise exception 'You already have 3 pictures stored. Remove one before uploading another.'
      using errcode = 'PT429', hint = 'profile_picture_quota';
  end if;
  if other_bytes + coalesce((new.metadata ->> 'size')::bigint, 0) > 6 * 1024 * 1024 then
    raise exception 'Your pictures may take up at most 6 MB. Remove one before uploading another.'
      using errcode = 'PT429', hint = 'profile_picture_quota';
  end if;
  return new;
end;
$$;

revoke execute on function private.keep_profile_pictures_within_quota() from public;

create trigger profile_pictures_within_quota
  before insert or update of name, metadata on storage.objects
  for each row execute function private.keep_profile_pictures_within_quota();
