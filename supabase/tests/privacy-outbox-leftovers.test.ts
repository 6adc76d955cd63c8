/**
 * The outbox keeps no personal leftovers: every kind of outside call, once over, keeps only the references
 * the books need and the hash of what was sent; withdrawing a consent ends and clears what waits for it; the
 * retention step clears calls given up on.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, engines, rpcOf, serviceRole, setDatabaseClock, startWithMovableClock, type TestDatabase } from './helpers.ts';
import { runDueWork } from './money-fixtures.ts';

/** Personal values of every shape a call may carry, under the keys the outbox's kinds use. */
const PERSONAL = {
  to: 'zenobia.q@golazo.test',
  phone: '+919876543210',
  endpoint: 'https://fcm.googleapis.com/fcm/send/zenobia-device',
  p256dh: 'BZenobiaPublicKey',
  auth: 'ZenobiaAuthSecret',
  title: 'Zenobia Quixote, your match is ready',
  body: 'ZqStriker vs Rival at 18:00',
  subject: 'Hello Zenobia Quixote',
  text: 'Dear Zenobia Quixote',
  params: ['Zenobia Quixote', '483921'],
  legal_name: 'Zenobia Quixote',
  upi_id: 'zenobia.quixote@okaxis',
  email: 'zenobia.q@golazo.test',
  paths: ['match-1/zenobia/result.png'],
};
const NEEDLES = ['zenobia', 'Zq', '9876543210', '483921'];

describe.each(engines)('the outbox without personal leftovers on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
  });
  afterAll(() => db?.close());
  const rpc = rpcOf(() => db);

  /** The kinds the outbox accepts, as their areas registered them: a new kind is covered the moment it exists. */
  async function outboxKinds() {
    const { rows } = await db.admin.query<{ kind: string }>('select kind from private.outbox_kinds order by kind');
    return rows.map((r) => r.kind);
  }

  async function queue(kind: string, payload: Record<string, unknown>) {
    const { rows } = await db.admin.query<{ id: string }>(
      'insert into private.outbox (kind, idempotency_key, payload) values ($1, $2, $3::jsonb) returning id',
      [kind, `leftovers-${randomUUID()}`, JSON.stringify(payload)],
    );
    return rows[0]!.id;
  }

  const call = async (id: string) =>
    (
      await db.admin.query<{ status: string; payload: Record<string, unknown>; cleared: boolean }>(
        'select status, payload, personal_data_cleared_at is not null as cleared from private.outbox where id = $1',
        [id],
      )
    ).rows[0]!;

  const personalIn = (value: unknown) => NEEDLES.filter((n) => JSON.stringify(value).toLowerCase().includes(n.toLowerCase()));

  it('reads more than a dozen kinds from the database', async () => {
    expect((await outboxKinds()).length).toBeGreaterThanOrEqual(13);
  });

  it('gives every kind of call a rule for what it keeps once over', async () => {
    const kinds = await outboxKinds();
    const { rows } = await db.admin.query<{ kind: string; kept: string[] | null }>(
      'select k as kind, private.outbox_kept_fields(k) as kept from unnest($1::text[]) as k',
      [kinds],
    );
    expect(rows.filter((r) => r.kept === null).map((r) => r.kind)).toEqual([]);
  });

  it('keeps, for every kind once delivered, only its references and the hash of what was sent', async () => {
    for (const kind of await outboxKinds()) {
      const [{ kept }] = (await db.admin.query<{ kept: string[] }>('select private.outbox_kept_fields($1) as kept', [kind])).rows as [
        { kept: string[] },
      ];
      // Its references, with values that are not personal, and every personal value besides.
      const references = Object.fromEntries(kept.map((k) => [k, `ref-${k}`]));
      const id = await queue(kind, { ...PERSONAL, ...references });
      await rpc(serviceRole, `public.service_record_outside_answer($1, 'done', '{}'::jsonb)`, [id]);
      const after = await call(id);
      expect({ kind, status: after.status, cleared: after.cleared, personal: personalIn(after.payload) }).toEqual({
        kind,
        status: 'done',
        cleared: true,
        personal: [],
      });
      expect({ kind, keys: Object.keys(after.payload).sort() }).toEqual({
        kind,
        keys: [...Object.keys(references), 'payload_sha256'].sort(),
      });
    }
  });

  it('ends and clears the pushes of a device whose push is turned off, and of a kind of alert turned off', async () => {
    const user = await createUser(db);
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
    const subscription = { endpoint, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } };
    const { id: subscriptionId } = await rpc<{ id: string }>(user.actor, 'public.save_push_subscription($1::jsonb)', [
      JSON.stringify(subscription),
    ]);
    const push = (kind: string) =>
      queue('web_push', {
        subscription_id: subscriptionId,
        endpoint,
        p256dh: 'BZenobia',
        auth: 'Zenobia',
        kind,
        title: 'Zenobia',
        body: 'ZqStriker',
      });
    const [matchReady, drawMade] = [await push('room_posted'), await push('next_match')];
    await rpc(user.actor, `public.set_my_alert('room_posted', 'push', false)`);
    expect(await call(matchReady)).toMatchObject({ status: 'done', cleared: true });
    expect(personalIn((await call(matchReady)).payload)).toEqual([]);
    expect(await call(drawMade)).toMatchObject({ status: 'pending', cleared: false });
    await rpc(user.actor, 'public.delete_push_subscription($1)', [endpoint]);
    expect(await call(drawMade)).toMatchObject({ status: 'done', cleared: true });
    expect(personalIn((await call(drawMade)).payload)).toEqual([]);
  });

  it('ends and clears the WhatsApp messages waiting for a number whose consent is withdrawn', async () => {
    const user = await createUser(db);
    await db.admin.query(
      `insert into public.whatsapp_contacts (user_id, phone, consent_text, consented_at) values ($1, $2, 'yes', now())`,
      [user.id, PERSONAL.phone],
    );
    const waiting = await queue('whatsapp', {
      to: PERSONAL.phone,
      template: 'room_posted',
      params: ['Zenobia', 'ZqStriker'],
      kind: 'room_posted',
    });
    await rpc(user.actor, 'public.withdraw_whatsapp_consent()');
    const after = await call(waiting);
    expect(after).toMatchObject({ status: 'done', cleared: true });
    expect(after.payload).toMatchObject({ kind: 'room_posted', template: 'room_posted' });
    expect(personalIn(after.payload)).toEqual([]);
  });

  it('clears a call given up on after retention_outbox_given_up_days, not before', async () => {
    const id = await queue('email', { to: PERSONAL.to, subject: PERSONAL.subject, text: PERSONAL.text });
    await db.admin.query(`update private.outbox set status = 'gave_up', done_at = now() where id = $1`, [id]);
    await runDueWork(db);
    expect(await call(id)).toMatchObject({ status: 'gave_up', cleared: false });
    await setDatabaseClock(db, new Date(Date.now() + 31 * 86_400_000).toISOString());
    await runDueWork(db);
    await setDatabaseClock(db, null);
    const after = await call(id);
    expect(after).toMatchObject({ status: 'gave_up', cleared: true });
    expect(personalIn(after.payload)).toEqual([]);
  });
});
