/**
 * Alerts end to end (docs/contract.md, Alerts): a device subscribed through the local push
 * double gets "match ready" seconds after the host posts the room, encrypted for its keys and linking to the
 * match; a device its push service says is gone (410) is forgotten; a push service we do not send to is refused;
 * a WhatsApp number is confirmed with the code the double received and then gets the match's template.
 * If this fails, a player waiting for the room code on their phone never hears of it.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { totp } from '../../supabase/local/services/auth/totp.ts';
import { SEED_PASSWORD, STAFF_TOTP_SECRET } from '../support/players.ts';
import { anonClient, SERVICE_ROLE_KEY, serviceClient, signedInPlayer, stackUrl } from './helpers.ts';

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };
type Delivery = { received_at: string; payload: { title: string; body: string; url: string } };
type WhatsAppMessage = { template: string; params: string[]; url: string | null; sent_at: string };

const control = async <T>(path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${stackUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};
const deliveries = (endpoint: string) => control<Delivery[]>(`/push/test/deliveries?endpoint=${encodeURIComponent(endpoint)}`);
const whatsAppMessages = (phone: string) => control<WhatsAppMessage[]>(`/whatsapp/test/messages?to=${encodeURIComponent(phone)}`);

/** Polls until `read` answers something `done` accepts, or the time is up (then answers the last reading). */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

async function signIn(email: string): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password: SEED_PASSWORD });
  if (error) throw error;
  return client;
}

async function organiser(email = 'organiser@golazo.test'): Promise<SupabaseClient> {
  const client = await signIn(email);
  const factor = (await client.auth.mfa.listFactors()).data?.totp[0];
  if (!factor) throw new Error('the organiser has no authenticator');
  const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
  if (challenge.error) throw challenge.error;
  const verified = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data.id, code: totp(STAFF_TOTP_SECRET) });
  if (verified.error) throw verified.error;
  return client;
}

/** Two seeded players fill an open 1v1 pod, check in, and the organiser draws it: one match, host and guest known. */
async function drawnOneVsOne() {
  const service = serviceClient();
  const { data: pods } = await service
    .from('tournaments')
    .select('id, entry_fee_paise')
    .not('pod_number', 'is', null)
    .is('cancelled_at', null)
    .eq('filled_slots', 0)
    .eq('max_players', 2)
    .limit(1);
  const pod = pods?.[0];
  if (!pod) throw new Error('the catalog has no open 1v1 pod');
  const players = new Map<string, SupabaseClient>();
  for (const name of ['demo7', 'demo8']) {
    const client = await signIn(`${name}@golazo.test`);
    const { data: user } = await client.auth.getUser();
    const orderId = `order_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
    await service.rpc('service_record_payment_order', {
      p_user_id: user.user?.id,
      p_tournament_id: pod.id,
      p_slots: 1,
      p_razorpay_order_id: orderId,
      p_amount_paise: pod.entry_fee_paise,
      p_currency: 'INR',
    });
    const confirmed = await service.rpc('service_confirm_tournament_payment', {
      p_razorpay_order_id: orderId,
      p_razorpay_payment_id: `pay_${orderId.slice(6)}`,
    });
    expect(confirmed.data).toMatchObject({ outcome: 'registered' });
    players.set(name, client);
  }
  // The last place taken opens check-in at once.
  for (const client of players.values()) expect((await client.rpc('check_in', { p_tournament_id: pod.id })).error).toBeNull();
  expect((await (await organiser()).rpc('staff_close_check_in', { p_tournament_id: pod.id })).data).toMatchObject({ drawn: true });
  const bracket = (await anonClient().rpc('get_bracket', { p_tournament_id: pod.id })).data;
  const match = bracket.rounds[0].matches[0] as { id: string; entries: { in_game_name: string }[] };
  const [hostName, guestName] = match.entries.map((entry) => entry.in_game_name) as [string, string];
  return { matchId: match.id, host: players.get(hostName) as SupabaseClient, guest: players.get(guestName) as SupabaseClient, hostName };
}

const indianMobile = () => `+919${String(randomInt(0, 1e9)).padStart(9, '0')}`;

describe('push and WhatsApp alerts through the local doubles', () => {
  it('pushes "match ready" to the guest within 5 s of the room, forgets a device that is gone, refuses other push services', async () => {
    const { matchId, host, guest, hostName } = await drawnOneVsOne();
    const subscription = await control<Subscription>('/push/test/subscribe', {});
    expect(subscription.endpoint).toMatch(new RegExp(`^${stackUrl().replace(/[.:/]/g, '\\$&')}/push/endpoint/[A-Za-z0-9_-]+$`));
    // Extra fields of a browser's subscription JSON are ignored.
    const saved = await guest.rpc('save_push_subscription', { p_subscription: { ...subscription, expirationTime: null } });
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual({ id: expect.any(String) });
    const phone = indianMobile();
    const code = await confirmWhatsApp(guest, phone);
    expect(code).toMatch(/^[0-9]{6}$/);

    const postedAt = Date.now();
    expect((await host.rpc('post_room', { p_match_id: matchId, p_room_id: 'GOLAZO-1', p_password: '4321' })).error).toBeNull();
    const received = await waitFor(
      () => deliveries(subscription.endpoint),
      (list) => list.length > 0,
      5_000,
    );
    expect(Date.now() - postedAt).toBeLessThan(5_000);
    expect(received).toEqual([
      {
        received_at: expect.any(String),
        payload: {
          title: expect.stringContaining('Room posted'),
          // The room message names the host and the round's settings to check in the room.
          body: expect.stringMatching(
            new RegExp(`^${hostName} posted the room id and password\\. Check the settings: Match Time \\d+ min`),
          ),
          url: `/match/?id=${matchId}`,
        },
      },
    ]);
    const sent = await waitFor(
      () => whatsAppMessages(phone),
      (list) => list.length > 1,
      5_000,
    );
    expect(sent.map(({ template, url }) => ({ template, url }))).toEqual([
      { template: 'golazo_opt_in_code', url: null },
      { template: 'golazo_match_ready', url: `/match/?id=${matchId}` },
    ]);

    // The device is gone: the next push meets 410 and the subscription is deleted.
    await control('/push/test/expire', { endpoint: subscription.endpoint });
    const devices = async () => (await guest.from('push_subscriptions').select('endpoint')).data ?? [];
    expect(await devices()).toEqual([{ endpoint: subscription.endpoint }]);
    expect((await host.rpc('post_room', { p_match_id: matchId, p_room_id: 'GOLAZO-2', p_password: '4321' })).error).toBeNull();
    expect(await waitFor(devices, (list) => list.length === 0, 8_000)).toEqual([]);
    expect(await deliveries(subscription.endpoint)).toHaveLength(1);

    const refused = await guest.rpc('save_push_subscription', {
      p_subscription: { endpoint: 'https://push.example.com/send/abc', keys: subscription.keys },
    });
    expect(refused.error).toMatchObject({ code: 'PT400', hint: 'invalid_push_endpoint' });
    expect((await guest.rpc('delete_push_subscription', { p_endpoint: subscription.endpoint })).data).toEqual({ deleted: false });
  });

  it('refuses pushes without a valid VAPID JWT at the double', async () => {
    const subscription = await control<Subscription>('/push/test/subscribe', {});
    const unsigned = await fetch(subscription.endpoint, { method: 'POST', headers: { 'content-encoding': 'aes128gcm' }, body: 'x' });
    expect(unsigned.status).toBe(401);
    const forged = await fetch(subscription.endpoint, {
      method: 'POST',
      headers: { authorization: 'vapid t=a.b.c, k=BAAA', 'content-encoding': 'aes128gcm' },
      body: 'x',
    });
    expect(forged.status).toBe(401);
  });

  it('confirms a WhatsApp number with the code sent to it, refuses other numbers, and withdraws consent in one call', async () => {
    const { client } = await signedInPlayer('whatsapp');
    // Codes go only to players allowed alerts: a complete profile of 18 or over (or a parent's consent).
    expect((await client.rpc('start_whatsapp_opt_in', { p_phone: indianMobile() })).error).toMatchObject({
      code: 'PT403',
      hint: 'whatsapp_needs_profile',
    });
    const profile = await client.rpc('update_my_profile', {
      p_legal_name: 'Whats App',
      p_in_game_name: 'AlertsFC',
      p_age: null,
      p_game_user_id: 'ALRT-123456',
      p_date_of_birth: '1994-04-04',
      p_lives_in_india: true,
    });
    expect(profile.error).toBeNull();
    expect((await client.rpc('start_whatsapp_opt_in', { p_phone: '+14155550100' })).error).toMatchObject({
      code: 'PT400',
      hint: 'invalid_phone',
    });
    const phone = indianMobile();
    await confirmWhatsApp(client, phone);
    expect((await client.from('whatsapp_contacts').select('phone')).data).toEqual([{ phone }]);
    expect((await client.rpc('withdraw_whatsapp_consent')).data).toEqual({ withdrawn: true });
    expect((await client.from('whatsapp_contacts').select('phone')).data).toEqual([]);
  });
});

/** Asks for a code, reads it from the WhatsApp double (the authentication template's first parameter), confirms it. */
async function confirmWhatsApp(client: SupabaseClient, phone: string): Promise<string> {
  const started = await client.rpc('start_whatsapp_opt_in', { p_phone: phone });
  expect(started.error).toBeNull();
  const [message] = await waitFor(
    () => whatsAppMessages(phone),
    (list) => list.length > 0,
    5_000,
  );
  expect(message).toMatchObject({ template: 'golazo_opt_in_code', params: [expect.stringMatching(/^[0-9]{6}$/)], url: null });
  const code = message?.params[0] ?? '';
  const confirmed = await client.rpc('confirm_whatsapp_opt_in', { p_code: code });
  expect(confirmed.data).toMatchObject({ confirmed: true, phone });
  return code;
}

describe('signed webhooks through the local receiver', () => {
  it('posts the draw to an endpoint an admin registered, signed so that the Standard Webhooks library verifies it', async () => {
    const admin = await organiser('admin@golazo.test');
    const name = `drawn-${randomUUID().slice(0, 8)}`;
    const url = `${stackUrl().replace('//localhost:', '//127.0.0.1:')}/__webhooks/${name}`;
    const made = await admin.rpc('staff_create_webhook', { p_url: url, p_events: ['tournament.drawn'] });
    expect(made.error).toBeNull();
    const { id, secret } = made.data as { id: string; secret: string };
    // A private address is refused even here: only the stack's own receiver is allowed locally.
    const refused = await admin.rpc('staff_create_webhook', { p_url: 'http://127.0.0.1:5432/', p_events: ['tournament.drawn'] });
    expect(refused.error).toMatchObject({ code: 'PT400', hint: 'webhook_url_refused' });

    await drawnOneVsOne();
    type Received = { headers: Record<string, string>; body: string; received_at: string };
    const received = await waitFor(
      async () => (await (await fetch(url)).json()) as Received[],
      (list) => list.length > 0,
      8_000,
    );
    expect(received).toHaveLength(1);
    const event = new Webhook(secret).verify(received[0]!.body, received[0]!.headers) as { type: string; data: { tournament_id: string } };
    expect(event).toMatchObject({ type: 'tournament.drawn', data: { tournament_id: expect.stringMatching(/-pod-\d+$/) } });
    expect(() => new Webhook(secret).verify(received[0]!.body.replace('drawn', 'Drawn'), received[0]!.headers)).toThrow();

    const listed = await admin.rpc('staff_list_webhook_deliveries', { p_webhook_id: id });
    expect(listed.data).toEqual([
      expect.objectContaining({ type: 'tournament.drawn', status: 'delivered', attempts: 1, last_status_code: 204 }),
    ]);
    expect((await admin.rpc('staff_disable_webhook', { p_webhook_id: id })).data).toEqual({ id, enabled: false });
  });
});
