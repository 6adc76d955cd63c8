/**
 * Consent and retention through the stack as a parent, a reader and the periodic work meet them: the
 * e-mails land in the stack's inbox (the local mail double), the periodic work drains the outbox through
 * the outbox-worker, and evidence leaves through the Storage API (SQL deletes of storage rows are refused
 * here as on a hosted project).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readInbox, uniqueEmail } from '../support/players.ts';
import { anonClient, SERVICE_ROLE_KEY, serviceClient, signedInPlayer, stack, stackUrl } from './helpers.ts';

const fragment = (link: string | null | undefined, name: string) =>
  new URLSearchParams(new URL(link ?? 'http://x/').hash.slice(1)).get(name);

async function newestMail(email: string, subject: RegExp) {
  for (let tries = 0; tries < 20; tries++) {
    await stack().runDueWork();
    const mail = (await readInbox(stack(), email)).filter((m) => subject.test(m.subject)).at(-1);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail ${subject} for ${email}`);
}

describe('privacy through the stack', () => {
  it("takes a parent's consent from their own account with the e-mailed code and a declaration, and withdraws it in one click", {
    timeout: 90_000,
  }, async () => {
    const child = await signedInPlayer('minor');
    const profile = await child.client.rpc('update_my_profile', {
      p_legal_name: 'Kid Player',
      p_in_game_name: `Kid${randomUUID().slice(0, 5)}`,
      p_age: null,
      p_game_user_id: `KID-${randomUUID().slice(0, 6)}`,
      p_date_of_birth: '2012-05-05',
      p_lives_in_india: true,
    });
    expect(profile.error).toBeNull();
    // The parent's own account, an adult whose PAN the PAN check (the stack's double) verified.
    const parentAccount = await signedInPlayer('parent');
    const parentProfile = await parentAccount.client.rpc('update_my_profile', {
      p_legal_name: 'Meera Iyer',
      p_in_game_name: `Mum${randomUUID().slice(0, 5)}`,
      p_age: null,
      p_game_user_id: `MUM-${randomUUID().slice(0, 6)}`,
      p_date_of_birth: '1980-05-05',
      p_lives_in_india: true,
    });
    expect(parentProfile.error).toBeNull();
    const pan = `ABCP${String.fromCharCode(65 + Math.floor(Math.random() * 25))}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}K`;
    expect(
      (await parentAccount.client.rpc('submit_kyc', { p_pan: pan, p_upi_id: `mum.${randomUUID().slice(0, 6)}@okaxis` })).error,
    ).toBeNull();
    for (let tries = 0; tries < 40; tries++) {
      await stack().runDueWork();
      const { data } = await parentAccount.client.from('kyc_records').select('pan_name_status').maybeSingle();
      if (data?.pan_name_status === 'ok') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const parent = parentAccount.email;
    expect((await child.client.rpc('request_parental_consent', { p_parent_email: parent })).error).toBeNull();

    const request = await newestMail(parent, /asks for your consent/);
    const token = fragment(request.link, 'token');
    const code = /enter this code there: ([0-9]{6})/.exec(request.text ?? '')?.[1];
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(request.text).not.toContain('Kid Player');

    const visitor = anonClient();
    const consent = { p_token: token, p_code: code, p_parent_name: 'Meera Iyer', p_relation: 'mother', p_declaration: true };
    // The link and the code alone are not enough: consent comes from the parent's signed-in account.
    expect((await visitor.rpc('confirm_parental_consent', consent)).error).not.toBeNull();
    const confirmed = await parentAccount.client.rpc('confirm_parental_consent', consent);
    expect(confirmed.error).toBeNull();
    expect(confirmed.data).toMatchObject({ confirmed: true });
    expect((await child.client.rpc('get_my_entry_eligibility')).data).toMatchObject({ parental_consent: true });

    const recorded = await newestMail(parent, /is recorded/);
    const withdraw = fragment(recorded.link, 'withdraw');
    expect((await visitor.rpc('withdraw_parental_consent', { p_token: withdraw })).data).toMatchObject({ withdrawn: true });
    expect((await child.client.rpc('get_my_entry_eligibility')).data).toMatchObject({
      parental_consent: false,
      free_entry_refusal: 'parental_consent_required',
    });
  });

  it('sends "Notify Me" nothing but the confirmation until it is confirmed, and unsubscribes in one click', {
    timeout: 60_000,
  }, async () => {
    const reader = uniqueEmail('reader');
    const visitor = anonClient();
    const signedUp = await visitor.rpc('sign_up_for_story_news', { p_email: reader, p_consent_text: 'I agree to hear from Golazo Arena.' });
    expect(signedUp.data).toMatchObject({ saved: true, confirm_by_email: true });
    const confirmation = await newestMail(reader, /Confirm your Golazo Arena story news/);
    const unsubscribe = /#unsubscribe=([^\s]+)/.exec(confirmation.text ?? '')?.[1];
    expect(unsubscribe).toBeTruthy();
    expect((await visitor.rpc('confirm_story_news', { p_token: fragment(confirmation.link, 'confirm') })).data).toMatchObject({
      confirmed: true,
    });
    const [id, token] = decodeURIComponent(unsubscribe!).split('.');
    expect((await visitor.rpc('unsubscribe_story_news', { p_signup_id: id, p_token: token })).data).toEqual({ unsubscribed: true });
  });

  it('removes a settled tournament’s evidence through the Storage API once its retention ends', { timeout: 90_000 }, async () => {
    const now = Date.now();
    const settledAt = new Date(now - 91 * 24 * 3600_000).toISOString();
    const tournamentId = `retention-${randomUUID().slice(0, 8)}`;
    await stack().rest('/rest/v1/tournaments', {
      method: 'POST',
      body: {
        id: tournamentId,
        title: 'Retention Cup',
        series: 'quick',
        format: 'Super 4',
        entry_fee_paise: 0,
        prize_pool_paise: 0,
        max_players: 4,
        is_live: true,
        starts_at: settledAt,
        drawn_at: settledAt,
        finished_at: settledAt,
        settled_at: settledAt,
      },
    });
    const [match] = await stack().rest<{ id: string }[]>('/rest/v1/matches', {
      method: 'POST',
      body: { tournament_id: tournamentId, round: 1, position: 1, status: 'pending', scheduled_at: settledAt },
    });
    const path = `${match!.id}/${randomUUID()}/result.png`;
    const png = Uint8Array.from(
      Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
    );
    const uploaded = await serviceClient().storage.from('match-evidence').upload(path, png, { contentType: 'image/png' });
    expect(uploaded.error).toBeNull();

    const read = () =>
      fetch(`${stackUrl()}/storage/v1/object/match-evidence/${path}`, {
        headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}`, apikey: SERVICE_ROLE_KEY },
      });
    expect((await read()).status).toBe(200);
    await stack().runDueWork();
    expect((await read()).status).toBe(404);
  });
});
