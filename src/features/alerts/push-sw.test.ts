/**
 * The service worker (public/push-sw.js) as a browser runs it: its script evaluated against a stand-in for the
 * worker's global scope, then a push and notification taps dispatched to it. If this fails, a tap on "match
 * ready" opens the wrong page, or a push could send a player to another site.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

const ORIGIN = 'https://golazo.example';
const script = readFileSync(new URL('../../../public/push-sw.js', import.meta.url), 'utf8');

type Listener = (event: unknown) => void;
type Window = { url: string; focus: ReturnType<typeof vi.fn>; navigate?: ReturnType<typeof vi.fn> };

function worker(windows: Window[] = []) {
  const listeners = new Map<string, Listener>();
  const scope = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    location: { origin: ORIGIN },
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
  };
  new Function('self', script)(scope);
  async function dispatch(type: string, event: Record<string, unknown>) {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (work: Promise<unknown>) => pending.push(work) });
    await Promise.all(pending);
  }
  const tap = (data: unknown) => dispatch('notificationclick', { notification: { data, close: vi.fn() } });
  return { scope, listeners, dispatch, tap };
}

const win = (url: string, navigable = true): Window => ({
  url,
  focus: vi.fn(async () => undefined),
  ...(navigable ? { navigate: vi.fn(async () => null) } : {}),
});

describe('the push service worker', () => {
  it('listens to pushes and taps only: no fetch handler, so no page is ever cached or served by it', () => {
    expect([...worker().listeners.keys()].sort()).toEqual(['notificationclick', 'push']);
  });

  it('shows a push with its title and body, keeping its site link for the tap', async () => {
    const { scope, dispatch } = worker();
    const payload = { title: 'Room posted for your match', body: 'demo1 posted the room id and password.', url: '/match/?id=m1' };
    await dispatch('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Room posted for your match', {
      body: 'demo1 posted the room id and password.',
      icon: '/icon-192.png',
      tag: '/match/?id=m1',
      renotify: true,
      data: { url: '/match/?id=m1' },
    });
  });

  it('opens the linked page in a new window when the site is not open', async () => {
    const { scope, tap } = worker();
    await tap({ url: '/match/?id=m1' });
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/match/?id=m1`);
  });

  it('focuses a window already on that page instead of opening another', async () => {
    const open = win(`${ORIGIN}/match/?id=m1`);
    const { scope, tap } = worker([win(`${ORIGIN}/dashboard`), open]);
    await tap({ url: '/match/?id=m1' });
    expect(open.focus).toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('takes a window of the site to the page when none shows it yet', async () => {
    const site = win(`${ORIGIN}/profile`);
    const { scope, tap } = worker([win('https://elsewhere.example/'), site]);
    await tap({ url: '/my-earnings' });
    expect(site.navigate).toHaveBeenCalledWith(`${ORIGIN}/my-earnings`);
    expect(site.focus).toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('never leaves the site: a link to another origin opens the dashboard', async () => {
    for (const url of ['https://evil.example/login', '//evil.example/x', 'javascript:alert(1)', null]) {
      const { scope, tap } = worker();
      await tap({ url });
      expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashboard`);
    }
  });
});
