/**
 * What an island holds while data arrives: loading, the value, or the sentence to show instead. Hooks
 * (`useLoad`) produce it, islands only render it.
 */
import { errorText } from './error-text';

export type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

export const LOADING: Load<never> = { status: 'loading' };

export const ready = <T>(value: T): Load<T> => ({ status: 'ready', value });

export const failed = (error: unknown, overrides?: Readonly<Record<string, string>>): Load<never> => ({
  status: 'error',
  message: errorText(error, overrides),
});

/** The settled result of a promise as a Load (for `Promise.allSettled`). */
export function fromSettled<T>(result: PromiseSettledResult<T>, overrides?: Readonly<Record<string, string>>): Load<T> {
  return result.status === 'fulfilled' ? ready(result.value) : failed(result.reason, overrides);
}
