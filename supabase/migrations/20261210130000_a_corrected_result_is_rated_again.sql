-- =====================================================================================================
-- A result changed after its week was rated is rated again
-- =====================================================================================================
-- Each completed week is rated once, from the matches confirmed in it. A referee may still correct a
-- result until the prizes are credited, and a correction resets the later matches of the changed path: when
-- that happened after the week was rated, the ratings kept the old winner for ever, and every later week
-- built on them.
--
-- private.reopen_rating_weeks(timestamptz)   forgets the rating of the week holding that moment and of every
--                                            week after it, when that week was rated; the due-work step
--                                            rating_periods rates them again, in order, at its next run.
-- trigger matches_reopen_rated_weeks          calls it for a confirmed match whose result, status or time of
--                                            confirmation changes.
-- =====================================================================================================

create function private.reopen_rating_weeks(p_at timestamptz) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_week timestamptz := private.rating_week_start(p_at);
begin
  if p_at is null or v_week > coalesce(private.rated_through(), '-infinity'::timestamptz) then
    return;
  end if;
  delete from private.player_ratings where period_starts_at >= v_week;
  delete from private.rating_periods where starts_at >= v_week;
end;
$$;
revoke all on function private.reopen_rating_weeks(timestamptz) from public;
comment on function private.reopen_rating_weeks(timestamptz) is
  'Forgets the ratings of the week holding p_at and of every later week, when that week was rated: the due work rates them again, in order.';

create function private.reopen_rated_weeks_of_match() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.reopen_rating_weeks(old.confirmed_at);
  return null;
end;
$$;
revoke all on function private.reopen_rated_weeks_of_match() from public;
comment on function private.reopen_rated_weeks_of_match() is
  'Trigger: a confirmed match that changes (corrected, reset, voided or moved) reopens the rated weeks from the one it counted in.';

create trigger matches_reopen_rated_weeks
  after update on public.matches
  for each row
  when (old.status = 'confirmed'
        and (new.status is distinct from old.status or new.winner_entry_id is distinct from old.winner_entry_id
             or new.score_a is distinct from old.score_a or new.score_b is distinct from old.score_b
             or new.confirmed_at is distinct from old.confirmed_at))
  execute function private.reopen_rated_weeks_of_match();
comment on trigger matches_reopen_rated_weeks on public.matches is
  'A confirmed result that changes after its week was rated: that week and the later ones are rated again.';
