/**
 * Keeps each card's action in step with the database's status: Register Now while the tournament takes
 * entries, else a disabled button with the status words (Full, Check-in, ...). The states arrive through
 * the page's one `get_tournament_states` request (LiveTournamentStates.astro).
 */
import { $tournamentStates } from '@/features/tournaments/live-states';
import { STATUS_LOOK } from '@/features/tournaments/status';

export function followEntryActions(root: ParentNode): void {
  const actions = [...root.querySelectorAll<HTMLElement>('[data-entry-actions-of]')];
  // A Hindi page carries its status words (LiveTournamentStates.astro), so this script holds no language.
  const wordsJson = document.querySelector<HTMLElement>('[data-tournament-states-api]')?.dataset.words;
  const words: { status: Record<string, string> } | null = wordsJson ? JSON.parse(wordsJson) : null;
  $tournamentStates.subscribe((states) => {
    for (const action of actions) {
      const state = states[action.dataset.entryActionsOf ?? ''];
      if (!state) continue;
      const look = STATUS_LOOK[state.status];
      action.dataset.takesEntries = String(look.takesEntries);
      const closed = action.querySelector('[data-closed-label]');
      if (closed) closed.textContent = words?.status[state.status] ?? look.label;
    }
  });
}
