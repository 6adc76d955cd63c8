/**
 * What an island holds while data arrives: loading, the value, or the sentence to show instead. Hooks
 * (`useLoad`) produce it, islands only render it.
 */
export type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

export const LOADING: Load<never> = { status: 'loading' };

export const ready = <T>(value: T): Load<T> => ({ status: 'ready', value });

/** `message` is the sentence the player reads (errorText / describeFailure make it from an error). */
export const failed = (message: string): Load<never> => ({ status: 'error', message });
