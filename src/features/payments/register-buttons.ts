/**
 * A tournament card's 'Register Now' that knows the player (spec 4): a signed-in player who already
 * holds slots sees a green, disabled 'Registered'; while their registrations load the button shows a
 * spinner and 'Processing...'. The card renders the plain link; this enhances it. Visitors without a
 * stored session never download supabase-js or zod: for them the link only leaves the sign-up screen
 * a note saying why it opened.
 */
import { LOGIN_TO_REGISTER_MESSAGE } from '@/features/auth/auth';
import { leaveFlashMessage } from '@/features/auth/guard';

type ButtonState = 'register' | 'processing' | 'registered';

function hasStoredSession(sessionKey: string): boolean {
  try {
    return localStorage.getItem(sessionKey) !== null;
  } catch {
    return false;
  }
}

/** The words the page wrote on the link for the states (its language), else English. */
function stateButton(state: Exclude<ButtonState, 'register'>, link: HTMLAnchorElement): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.disabled = true;
  // Stands where the link stood, so the card's rules for showing it still apply.
  button.dataset.registerButton = '';
  if (state === 'registered') {
    button.className = 'btn btn-held w-full';
    button.textContent = link.dataset.registeredLabel ?? 'Registered';
  } else {
    button.className = 'btn w-full';
    button.setAttribute('aria-busy', 'true');
    const spinner = document.createElement('span');
    spinner.setAttribute('aria-hidden', 'true');
    spinner.className = 'spinner-inline';
    button.append(spinner, link.dataset.processingLabel ?? 'Processing...');
  }
  return button;
}

/** Enhances every `a[data-register-button]` inside `root` (data-tournament-id, data-session-key). */
export function enhanceRegisterButtons(root: ParentNode): void {
  const links = [...root.querySelectorAll<HTMLAnchorElement>('a[data-register-button]')];
  for (const link of links) {
    link.addEventListener('click', () => {
      if (!hasStoredSession(link.dataset.sessionKey ?? '')) leaveFlashMessage(LOGIN_TO_REGISTER_MESSAGE);
    });
  }
  const sessionKey = links[0]?.dataset.sessionKey;
  if (!sessionKey || !hasStoredSession(sessionKey)) return;

  /** What stands in each link's place right now (the link itself, or a state button). */
  const shown = new Map<HTMLAnchorElement, HTMLElement>(links.map((link) => [link, link]));
  const show = (link: HTMLAnchorElement, state: ButtonState) => {
    const next = state === 'register' ? link : stateButton(state, link);
    shown.get(link)?.replaceWith(next);
    shown.set(link, next);
  };
  for (const link of links) show(link, 'processing');

  void import('@/stores/session').then(({ $session }) => {
    $session.subscribe((session) => {
      if (session.status === 'loading') return;
      if (session.status !== 'signed-in') {
        for (const link of links) show(link, 'register');
        return;
      }
      // Loaded only for signed-in players, so visitors never download zod or supabase-js.
      Promise.all([import('./payments.api'), import('./payments')])
        .then(async ([{ fetchOwnRegistrations }, { summariseRegistrations }]) => {
          const rows = await fetchOwnRegistrations();
          for (const link of links) {
            const held = summariseRegistrations(rows, link.dataset.tournamentId ?? '').slots > 0;
            show(link, held ? 'registered' : 'register');
          }
        })
        .catch(() => {
          for (const link of links) show(link, 'register');
        });
    });
  });
}
