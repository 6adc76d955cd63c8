/**
 * The shared session as islands read it. An island hydrated late (client:visible, client:painted="idle") may
 * find the session already read by another island; its first render must still match the HTML built
 * on the server, where nobody is signed in yet, or React throws that markup away (hydration error
 * 418) and the section jumps. So the first render sees "loading" and the next one the real state.
 */
import { useStore } from '@nanostores/react';
import { useSyncExternalStore } from 'react';
import { $session, type SessionState } from './session';

const LOADING: SessionState = { status: 'loading' };
const nothingToFollow = () => () => {};

/** False while React hydrates the server's HTML, true from the render after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToFollow,
    () => true,
    () => false,
  );
}

export function useSession(): SessionState {
  const session = useStore($session);
  return useHydrated() ? session : LOADING;
}
