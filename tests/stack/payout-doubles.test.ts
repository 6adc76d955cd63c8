/**
 * The payout providers' doubles as the stack serves them: RazorpayX (contacts, UPI fund accounts,
 * validation, idempotent payouts moved on by the stack's timer, test controls) and PAN verification,
 * plus the razorpayx-webhook function's door (signature first, then only payout events).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { webhookSignature } from '../../supabase/functions/_shared/razorpay-signature.ts';
import {
  LOCAL_PAN_VERIFY_KEY,
  LOCAL_RAZORPAYX_ACCOUNT_NUMBER,
  LOCAL_RAZORPAYX_KEY_ID,
  LOCAL_RAZORPAYX_KEY_SECRET,
  LOCAL_RAZORPAYX_WEBHOOK_SECRET,
} from '../../supabase/functions/_shared/razorpayx-local.ts';
import { SERVICE_ROLE_KEY, stackUrl } from './helpers.ts';

const basic = `Basic ${Buffer.from(`${LOCAL_RAZORPAYX_KEY_ID}:${LOCAL_RAZORPAYX_KEY_SECRET}`).toString('base64')}`;

async function x(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${stackUrl()}/razorpayx${path}`, {
    method,
    headers: { authorization: basic, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: { description: string } } };
}

const control = (path: string, body?: unknown, key = SERVICE_ROLE_KEY, method: 'GET' | 'POST' = 'POST') =>
  fetch(`${stackUrl()}/razorpayx/test${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A contact and UPI fund account to pay, new for each test. */
async function fundAccount(upiId = `player${randomUUID().slice(0, 6)}@okaxis`) {
  const contact = await x('POST', '/v1/contacts', { name: 'Asha Rao', type: 'customer', reference_id: randomUUID() });
  const account = await x('POST', '/v1/fund_accounts', { contact_id: contact.body.id, account_type: 'vpa', vpa: { address: upiId } });
  return { contact, account };
}

function payoutBody(fundAccountId: unknown, amount = 70_000) {
  return {
    account_number: LOCAL_RAZORPAYX_ACCOUNT_NUMBER,
    fund_account_id: fundAccountId,
    amount,
    currency: 'INR',
    mode: 'UPI',
    purpose: 'payout',
    queue_if_low_balance: true,
    reference_id: randomUUID(),
    narration: 'Golazo Arena winnings',
  };
}

describe('RazorpayX double: contacts, UPI fund accounts and validation', () => {
  it('refuses calls without the RazorpayX key', async () => {
    const response = await fetch(`${stackUrl()}/razorpayx/v1/contacts`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
  });

  it('answers the same contact and fund account for the same details, like RazorpayX', async () => {
    const reference = randomUUID();
    const first = await x('POST', '/v1/contacts', { name: 'Asha Rao', reference_id: reference });
    const again = await x('POST', '/v1/contacts', { name: 'Asha Rao', reference_id: reference });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.id).toBe(first.body.id);
    const account = { contact_id: first.body.id, account_type: 'vpa', vpa: { address: 'asha.rao@okaxis' } };
    const fa = await x('POST', '/v1/fund_accounts', account);
    const faAgain = await x('POST', '/v1/fund_accounts', account);
    expect([fa.status, faAgain.status]).toEqual([201, 200]);
    expect(faAgain.body.id).toBe(fa.body.id);
    expect(fa.body).toMatchObject({ entity: 'fund_account', account_type: 'vpa', vpa: { address: 'asha.rao@okaxis' } });
  });

  it('refuses a malformed UPI id and reports UPI ids beginning "invalid" as not existing', async () => {
    const { contact } = await fundAccount();
    const malformed = await x('POST', '/v1/fund_accounts', {
      contact_id: contact.body.id,
      account_type: 'vpa',
      vpa: { address: 'no-handle' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', field: 'vpa' });

    const validate = async (address: string) => {
      const { account } = await fundAccount(address);
      return x('POST', '/v1/fund_accounts/validations', {
        account_number: LOCAL_RAZORPAYX_ACCOUNT_NUMBER,
        fund_account: { id: account.body.id },
      });
    };
    const known = await validate('asha.rao@okaxis');
    expect(known.body).toMatchObject({ status: 'completed', results: { account_status: 'active', registered_name: 'Asha Rao' } });
    const unknown = await validate('invalid.asha@okaxis');
    expect(unknown.body).toMatchObject({ status: 'completed', results: { account_status: 'invalid', registered_name: null } });
  });
});

describe('the doubles answer a body that is not a JSON object with 400, past their key check', () => {
  it('for every POST route', async () => {
    const routes: [string, string][] = [
      ['/razorpayx/v1/contacts', basic],
      ['/razorpayx/v1/fund_accounts', basic],
      ['/razorpayx/v1/fund_accounts/validations', basic],
      ['/razorpayx/v1/payouts', basic],
      ['/razorpayx/test/control', `Bearer ${SERVICE_ROLE_KEY}`],
      ['/pan-verification/pan/verify', `Bearer ${LOCAL_PAN_VERIFY_KEY}`],
    ];
    for (const [path, authorization] of routes) {
      for (const body of ['{not json', '[1, 2]', 'null']) {
        const response = await fetch(`${stackUrl()}${path}`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', 'x-payout-idempotency': `payout-${randomUUID()}` },
          body,
        });
        expect([path, body, response.status]).toEqual([path, body, 400]);
      }
    }
  });
});

describe('RazorpayX double: payouts', () => {
  it('needs X-Payout-Idempotency; the same key answers the same payout, another body under it is refused', async () => {
    const { account } = await fundAccount();
    const body = payoutBody(account.body.id);
    expect((await x('POST', '/v1/payouts', body)).status).toBe(400);
    const key = `payout-${randomUUID()}`;
    const first = await x('POST', '/v1/payouts', body, { 'x-payout-idempotency': key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ entity: 'payout', status: 'queued', amount: 70_000, mode: 'UPI', reference_id: body.reference_id });
    const again = await x('POST', '/v1/payouts', { ...body }, { 'x-payout-idempotency': key });
    expect(again.body.id).toBe(first.body.id);
    const other = await x('POST', '/v1/payouts', { ...body, amount: 90_000 }, { 'x-payout-idempotency': key });
    expect(other.status).toBe(400);
    expect(other.body.error?.description).toMatch(/same idempotency key/);
    const listed = await x('GET', `/v1/payouts?account_number=${LOCAL_RAZORPAYX_ACCOUNT_NUMBER}&reference_id=${body.reference_id}`);
    expect(listed.body.count).toBe(1);
  });

  it('refuses a payout from another account, to an unknown fund account or under ₹1', async () => {
    const { account } = await fundAccount();
    const send = (body: unknown) => x('POST', '/v1/payouts', body, { 'x-payout-idempotency': `payout-${randomUUID()}` });
    expect((await send({ ...payoutBody(account.body.id), account_number: '1111111111' })).body.error).toMatchObject({
      field: 'account_number',
    });
    expect((await send(payoutBody('fa_Missing00000000'))).body.error).toMatchObject({ field: 'fund_account_id' });
    expect((await send(payoutBody(account.body.id, 99))).body.error).toMatchObject({ field: 'amount' });
  });

  it('processes a payout within seconds on the stack timer and signs a webhook for each step', { timeout: 20_000 }, async () => {
    const { account } = await fundAccount();
    const created = await x('POST', '/v1/payouts', payoutBody(account.body.id), { 'x-payout-idempotency': `payout-${randomUUID()}` });
    await vi.waitFor(
      async () => {
        const payout = await x('GET', `/v1/payouts/${created.body.id}`);
        expect(payout.body.status).toBe('processed');
        expect(payout.body.utr).toMatch(/^UTR/);
      },
      { timeout: 10_000, interval: 250 },
    );
    const deliveries = await control(`/deliveries?payout_id=${created.body.reference_id}`, undefined, SERVICE_ROLE_KEY, 'GET');
    const events = ((await deliveries.json()) as { deliveries: { event: string }[] }).deliveries.map((d) => d.event);
    expect(events).toEqual(['payout.queued', 'payout.processing', 'payout.processed']);
  });
});

describe('RazorpayX double: test controls', () => {
  it('take the service role key and local callers only', async () => {
    expect((await control('/control', { outcome: 'failed' }, 'not-the-key')).status).toBe(401);
    const foreign = await fetch(`${stackUrl()}/razorpayx/test/control`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', authorization: `Bearer ${SERVICE_ROLE_KEY}` },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    expect((await control('/control', { outcome: 'vanished' })).status).toBe(400);
  });

  it('fail, reject or reverse the next payout, and send its webhooks late, twice or out of order', async () => {
    const cases = [
      { plan: { outcome: 'failed' }, status: 'failed', events: ['payout.queued', 'payout.processing', 'payout.failed'] },
      {
        plan: { outcome: 'rejected', webhooks: 'twice' },
        status: 'rejected',
        events: ['payout.queued', 'payout.queued', 'payout.rejected', 'payout.rejected'],
      },
      {
        plan: { outcome: 'reversed', webhooks: 'out_of_order', delay_ms: 0 },
        status: 'reversed',
        events: ['payout.reversed', 'payout.processed', 'payout.processing', 'payout.queued'],
      },
      {
        plan: { webhooks: 'late', delay_ms: 300 },
        status: 'processed',
        events: ['payout.queued', 'payout.processing', 'payout.processed'],
      },
    ];
    for (const { plan, status, events } of cases) {
      expect((await control('/control', plan)).status).toBe(200);
      const { account } = await fundAccount();
      const created = await x('POST', '/v1/payouts', payoutBody(account.body.id), { 'x-payout-idempotency': `payout-${randomUUID()}` });
      expect((await control('/advance', { payout_id: created.body.id })).status).toBe(200);
      const payout = await x('GET', `/v1/payouts/${created.body.id}`);
      expect(payout.body.status).toBe(status);
      if (status !== 'processed') expect(payout.body.status_details).toMatchObject({ description: expect.any(String) });
      await vi.waitFor(
        async () => {
          const answer = await control(`/deliveries?payout_id=${created.body.reference_id}`, undefined, SERVICE_ROLE_KEY, 'GET');
          const sent = ((await answer.json()) as { deliveries: { event: string }[] }).deliveries.map((d) => d.event);
          expect(sent).toEqual(events);
        },
        { timeout: 5_000, interval: 100 },
      );
    }
  });
});

describe('PAN verification double', () => {
  const verify = (body: unknown, key = LOCAL_PAN_VERIFY_KEY) =>
    fetch(`${stackUrl()}/pan-verification/pan/verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    });

  it('matches the name for a well-formed PAN, not for one beginning ZZZ, and calls a malformed one invalid', async () => {
    expect(await (await verify({ pan: 'ABCPE1234F', name: 'Asha Rao' })).json()).toEqual({
      pan: 'ABCPE1234F',
      status: 'valid',
      name_match: true,
    });
    expect(await (await verify({ pan: 'ZZZPE1234F', name: 'Asha Rao' })).json()).toEqual({
      pan: 'ZZZPE1234F',
      status: 'valid',
      name_match: false,
    });
    expect(await (await verify({ pan: 'ABCP1234', name: 'Asha Rao' })).json()).toEqual({
      pan: 'ABCP1234',
      status: 'invalid',
      name_match: false,
    });
  });

  it('refuses a request without the key or without a name', async () => {
    expect((await verify({ pan: 'ABCPE1234F', name: 'Asha Rao' }, 'wrong')).status).toBe(401);
    expect((await verify({ pan: 'ABCPE1234F' })).status).toBe(400);
  });
});

describe('razorpayx-webhook function', () => {
  const send = async (body: string, signature: string) =>
    fetch(`${stackUrl()}/functions/v1/razorpayx-webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        'x-razorpay-event-id': `evt_${randomUUID().slice(0, 14)}`,
      },
      body,
    });

  it('takes no Supabase token but refuses a body not signed with the RazorpayX webhook secret', { timeout: 90_000 }, async () => {
    const body = JSON.stringify({ entity: 'event', event: 'payout.processed', payload: {}, created_at: 1_796_000_000 });
    const forged = await send(body, await webhookSignature('not-the-secret', body));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'invalid_webhook_signature' });
  });

  it('acknowledges and ignores events that are not about a payout', { timeout: 90_000 }, async () => {
    const body = JSON.stringify({ entity: 'event', event: 'fund_account.validation.completed', payload: {}, created_at: 1_796_000_000 });
    const answer = await send(body, await webhookSignature(LOCAL_RAZORPAYX_WEBHOOK_SECRET, body));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'ignored' });
  });
});
