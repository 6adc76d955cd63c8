import { describe, expect, it, vi } from 'vitest';
import { $toasts } from '@/stores/toast';
import { failedModuleAddress, loadOnDemand, RETRYING_MESSAGE } from './on-demand';

const chunk = 'http://127.0.0.1:4321/_astro/LockConfirmation.B1x_9.js';
const chromiumFailure = () => new TypeError(`Failed to fetch dynamically imported module: ${chunk}`);

describe('failedModuleAddress', () => {
  it("reads the module's address from Chromium's and Firefox's messages", () => {
    expect(failedModuleAddress(chromiumFailure())).toBe(chunk);
    expect(failedModuleAddress(new TypeError(`error loading dynamically imported module: ${chunk}`))).toBe(chunk);
  });

  it('drops the query of an address that was already retried', () => {
    expect(failedModuleAddress(new TypeError(`Failed to fetch dynamically imported module: ${chunk}?retry=abc1`))).toBe(chunk);
  });

  it('finds nothing in an error that names no module', () => {
    expect(failedModuleAddress(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(failedModuleAddress(new Error('boom'))).toBeNull();
  });
});

describe('loadOnDemand', () => {
  const noDelays = { delaysMs: [0, 0, 0] };

  it('loads once when the first fetch works', async () => {
    const importFresh = vi.fn();
    await expect(loadOnDemand(async () => 'module', { ...noDelays, importFresh })).resolves.toBe('module');
    expect(importFresh).not.toHaveBeenCalled();
  });

  it('after a dropped fetch loads the same file under a fresh address, and says so meanwhile', async () => {
    const seen: string[] = [];
    const shownWhileRetrying: string[] = [];
    const importFresh = async (address: string) => {
      seen.push(address);
      shownWhileRetrying.push(...$toasts.get().map((t) => t.message));
      if (seen.length < 2) throw chromiumFailure();
      return 'module';
    };
    const loaded = await loadOnDemand(
      async () => {
        throw chromiumFailure();
      },
      { ...noDelays, importFresh },
    );
    expect(loaded).toBe('module');
    expect(seen).toHaveLength(2);
    for (const address of seen) expect(address.startsWith(`${chunk}?retry=`)).toBe(true);
    expect(new Set(seen).size).toBe(2);
    expect(shownWhileRetrying).toContain(RETRYING_MESSAGE);
    expect($toasts.get().map((t) => t.message)).not.toContain(RETRYING_MESSAGE);
  });

  it('gives up with the first error after its attempts, so the caller can word it', async () => {
    const first = chromiumFailure();
    const importFresh = vi.fn(async () => {
      throw chromiumFailure();
    });
    await expect(
      loadOnDemand(
        async () => {
          throw first;
        },
        { ...noDelays, importFresh },
      ),
    ).rejects.toBe(first);
    expect(importFresh).toHaveBeenCalledTimes(3);
  });

  it('does not retry an error that is not a failed fetch (a module that threw while running)', async () => {
    const importFresh = vi.fn();
    await expect(
      loadOnDemand(
        async () => {
          throw new Error('boom');
        },
        { ...noDelays, importFresh },
      ),
    ).rejects.toThrow('boom');
    expect(importFresh).not.toHaveBeenCalled();
  });
});
