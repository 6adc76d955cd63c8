-- =====================================================================================================
-- A tournament's draw secret is made once
-- =====================================================================================================
-- The catalog sync upserts every championship edition (insert ... on conflict do update) on each local start
-- and each deploy. The secret trigger runs before the insert's conflict check, so every sync replaced the
-- secret of an edition that already existed while its published commitment (tournaments.draw_commitment,
-- untouched by the update) stayed: the secret revealed at the draw no longer hashed to what was published.
--
-- commit_draw_secret now makes a secret only for a tournament that has none, and otherwise publishes the
-- commitment of the secret it already has, so an upsert that turns into an update (where the proposed row
-- and its commitment are thrown away) and a plain insert both leave secret and commitment agreeing.
-- supabase/tests/tournaments-catalog-sync.test.ts syncs twice and checks both, and the draw's reveal.
-- =====================================================================================================

create or replace function private.commit_draw_secret() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  v_secret text;
begin
  insert into private.draw_secrets (tournament_id, secret) values (new.id, private.new_draw_secret())
  on conflict (tournament_id) do nothing;
  select secret into v_secret from private.draw_secrets where tournament_id = new.id;
  new.draw_commitment := private.sha256_hex(v_secret);
  return new;
end;
$$;
comment on function private.commit_draw_secret() is 'Before a tournament row is inserted: makes its draw secret if it has none (never a second one, so an upsert of an existing tournament keeps it) and sets the public commitment to its SHA-256.';

-- Editions synced since the last catalog change no longer hold the secret behind their published commitment
-- (it was replaced); that secret is gone. Before their draw, the commitment of the secret they hold now is
-- published instead, and the change is on each tournament's public Changes list. Drawn tournaments reveal
-- the commitment of the secret they were drawn with (public.draws), which always agreed with it.
with republished as (
  update public.tournaments t
     set draw_commitment = private.sha256_hex(s.secret)
    from private.draw_secrets s
   where s.tournament_id = t.id and t.drawn_at is null
     and t.draw_commitment is distinct from private.sha256_hex(s.secret)
  returning t.id, t.draw_commitment
)
select private.audit(r.id, 'draw_commitment_republished',
                     'Draw commitment published again: a catalog update had replaced the secret behind the first one',
                     null, null, jsonb_build_object('commitment', r.draw_commitment), true)
  from republished r;
