-- =====================================================================================================
-- The staff gate names the real obstacle first, and every writer of a tournament draws its secret
-- =====================================================================================================

-- A player without any staff role is told that the action is for staff (not to do a second sign-in step
-- that would not help them); a staff member is then asked for the second step, then checked for playing.
create or replace function private.require_staff(p_min_role text, p_tournament_id text default null) returns uuid
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  v_user uuid := auth.uid();
  v_role text;
begin
  if v_user is null then
    raise exception 'Not logged in. Please sign in first.' using errcode = 'PT401', hint = 'not_signed_in';
  end if;
  v_role := private.staff_role_of(v_user, p_tournament_id);
  if v_role is null or private.staff_role_rank(v_role) < private.staff_role_rank(p_min_role) then
    raise exception 'This needs the % role (or a higher one).', p_min_role
      using errcode = 'PT403', hint = 'staff_only';
  end if;
  -- Staff always use two-step sign-in, whether or not a factor is enrolled.
  if coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
    raise exception 'Staff actions need two-step sign-in: enter the code from your authenticator app.'
      using errcode = 'PT403', hint = 'second_step_required';
  end if;
  if p_tournament_id is not null and private.plays_in(v_user, p_tournament_id) then
    raise exception 'You play in this tournament, so another staff member must do this.'
      using errcode = 'PT403', hint = 'staff_plays_here';
  end if;
  return v_user;
end;
$$;

-- The catalog sync and the service role insert tournaments too; the trigger that draws the secret runs as
-- its owner, so the secret lands in private.draw_secrets, which no API role may read or write.
alter function private.commit_draw_secret() security definer;
