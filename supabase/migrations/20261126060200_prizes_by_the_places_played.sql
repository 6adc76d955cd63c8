-- =====================================================================================================
-- Each band of places is paid what those places pay, never the money of a place nobody reached
-- =====================================================================================================
-- Prize allocation numbered the places by counting the entries of the standings' bands in order, not by
-- the bracket: a band after an empty place moved up into it. In a pod where nobody was ready for either
-- semi-final (both void, no final played) the four no-shows, all "3rd–4th", were numbered places 1 to 4 and
-- shared the winner's ₹1,200; with one semi-final void, its two no-shows and the other semi-final's loser
-- shared 2nd place's money.
--
-- private.prize_allocation   a band's places are its own (get_standings' from and to, the round the
--                            entries went out in); it pays the formula's amounts for those places only,
--                            split as before. The money of a place nobody finished in is credited to
--                            no one. Otherwise as in 20261123090100.
-- =====================================================================================================

create or replace function private.prize_allocation(p_tournament_id text)
returns table (entry_id uuid, player_id uuid, place_label text, first_place integer, last_place integer, amount_paise bigint)
  language sql stable set search_path = ''
as $$
  with t as (select * from public.tournaments where id = p_tournament_id),
  standings as (
    select b.value as band, b.ord from jsonb_array_elements(public.get_standings(p_tournament_id)) with ordinality as b (value, ord)
  ), members as (
    select s.ord, s.band ->> 'place' as label, (e.value ->> 'entry_id')::uuid as entry_id
      from standings s cross join lateral jsonb_array_elements(s.band -> 'entries') as e (value)
  ), ranges as (
    select s.ord, count(m.entry_id)::integer as k, (s.band ->> 'from')::integer as first_place, (s.band ->> 'to')::integer as last_place
      from standings s join members m on m.ord = s.ord
     group by s.ord, s.band
  ), totals as (
    select r.*, coalesce((select sum(a.amount_paise) from t cross join lateral private.place_amounts(t) a
                           where a.place between r.first_place and r.last_place), 0)::bigint as total
      from ranges r
  ), ranked as (
    select m.entry_id, m.label, tt.first_place, tt.last_place, tt.total, tt.k,
           row_number() over (partition by m.ord order by s.seed nulls last, m.entry_id) as rn
      from members m
      join totals tt on tt.ord = m.ord
      left join private.entry_seeds(p_tournament_id) s on s.entry_id = m.entry_id
  )
  select r.entry_id, e.player_id, r.label, r.first_place, r.last_place,
         (r.total / r.k + case when r.rn <= r.total % r.k then 1 else 0 end)::bigint
    from ranked r
    join public.entries e on e.id = r.entry_id;
$$;
comment on function private.prize_allocation(text) is
  'Each entry''s prize by the places its band of the standings covers (the round it went out in); a place nobody finished in pays no one.';
