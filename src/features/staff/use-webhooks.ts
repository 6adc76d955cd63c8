/**
 * Admins only: the endpoints, the form that registers one (its secret shown once, right after), one
 * endpoint's deliveries on demand, and turning one off. The database checks the address and the events.
 */
import { type SubmitEvent, useState } from 'react';
import { onDemand } from '@/lib/on-demand';
import { useAction, useLoad } from '@/lib/use-island-data';
import { STAFF_MESSAGES } from './staff';
import type { WebhookDelivery } from './webhooks.api';
import { WEBHOOK_EVENTS, type WebhookEvent } from './webhooks';

const api = onDemand(() => import('./webhooks.api'));

export function useWebhooks() {
  const [webhooks, reload] = useLoad(() => api().then((calls) => calls.fetchWebhooks()), null, STAFF_MESSAGES);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<{ id: string; deliveries: WebhookDelivery[] } | null>(null);
  const creating = useAction(STAFF_MESSAGES);
  const acting = useAction(STAFF_MESSAGES);

  async function create(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = url.trim();
    const made = await creating.run(async () => (await api()).createWebhook(address, events));
    if (!made) return;
    setCreated({ url: address, secret: made.secret });
    setUrl('');
    reload();
  }

  async function showDeliveries(id: string) {
    if (open?.id === id) {
      setOpen(null);
      return;
    }
    const deliveries = await acting.run(async () => (await api()).fetchWebhookDeliveries(id));
    if (deliveries) setOpen({ id, deliveries });
  }

  async function disable(id: string) {
    const done = await acting.run(async () => {
      await (await api()).disableWebhook(id);
      return true;
    });
    if (done) reload();
  }

  const toggleEvent = (name: WebhookEvent) =>
    setEvents((chosen) =>
      chosen.includes(name) ? chosen.filter((e) => e !== name) : WEBHOOK_EVENTS.filter((e) => e === name || chosen.includes(e)),
    );

  return {
    webhooks,
    form: { url, setUrl, events, toggleEvent, busy: creating.busy, problem: creating.error, create },
    created,
    dismissSecret: () => setCreated(null),
    open,
    showDeliveries,
    disable,
    actionBusy: acting.busy,
    actionError: acting.error,
  };
}
