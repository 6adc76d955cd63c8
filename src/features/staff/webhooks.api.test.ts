import { describe, expect, it, vi } from 'vitest';

/**
 * webhooks.api goes through the staff console's one RPC door (staff.api's staffCall): a request that never got
 * an answer is a `network` failure in staff words, a refusal keeps the database's hint, and answers are
 * checked (the client is a stub).
 */
const rpc = vi.fn();
vi.mock('@/lib/supabase', () => ({ getSupabase: () => ({ rpc }) }));

const api = await import('./webhooks.api');

describe('webhooks.api', () => {
  it('reports a request that never got an answer as a network failure, not an unknown one', async () => {
    rpc.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.createWebhook('https://hooks.example.com/x', ['match.confirmed'])).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'refused',
      call: 'rpc staff_create_webhook',
      hint: 'network',
    });
  });

  it("keeps the database's hint on a refusal", async () => {
    rpc.mockResolvedValueOnce({ data: null, error: { code: 'PT403', hint: 'second_step_required', message: 'Confirm it is you' } });
    await expect(api.fetchWebhooks()).rejects.toMatchObject({ call: 'rpc staff_list_webhooks', hint: 'second_step_required' });
  });

  it('reads the registered endpoint and its secret, and refuses an answer of the wrong shape', async () => {
    rpc.mockResolvedValueOnce({ data: { id: 'w1', secret: 'whsec_abc' }, error: null });
    expect(await api.createWebhook('https://hooks.example.com/x', ['match.confirmed'])).toEqual({ id: 'w1', secret: 'whsec_abc' });
    expect(rpc).toHaveBeenLastCalledWith('staff_create_webhook', { p_url: 'https://hooks.example.com/x', p_events: ['match.confirmed'] });
    rpc.mockResolvedValueOnce({ data: [{ event_id: 1 }], error: null });
    await expect(api.fetchWebhookDeliveries('w1')).rejects.toMatchObject({ name: 'ApiError', call: 'rpc staff_list_webhook_deliveries' });
  });
});
