/**
 * The in-game name change of a completed profile: the database's rule (get_my_in_game_name_rule), the new
 * name as typed, and the change itself. After a change the profile store shows the new name at once.
 */
import { useState } from 'react';
import { useAction, useLoad } from '@/lib/use-island-data';
import { showToast } from '@/stores/toast';
import type { Profile } from './profile';
import { replaceProfile } from './profile-store';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./profile.api'));

export function useInGameNameChange(profile: Profile) {
  const [rule, reloadRule] = useLoad(() => api().then((calls) => calls.fetchInGameNameRule()), profile.id);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(profile.in_game_name ?? '');
  const action = useAction();

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    const changed = await action.run(async () => (await api()).changeMyInGameName(name));
    if (changed === undefined) return;
    replaceProfile({ ...profile, in_game_name: changed });
    setOpen(false);
    reloadRule();
    showToast('In-game name changed.', 'success');
  }

  return { rule, open, setOpen, name, setName, submit, busy: action.busy, error: action.error };
}
