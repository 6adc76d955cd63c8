/**
 * Match day's hooks: the match's settings (read once per match; a replay keeps them) and the disconnection
 * form (what the player typed, the call, the ruling it answered).
 */
import { type SubmitEvent, useState } from 'react';
import { useAction, useLoad } from '@/lib/use-island-data';
import type { DisconnectionRuling } from './match-day';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./match-day.api'));

export function useMatchSettings(matchId: string) {
  const [settings] = useLoad(() => api().then((matchDay) => matchDay.fetchMatchSettings(matchId)), matchId);
  return settings;
}

/** Whether a level score stands as a draw in this match (the database's rule), while it loads: unknown. */
export function useMatchResultRule(matchId: string) {
  const [rule] = useLoad(() => api().then((matchDay) => matchDay.fetchMatchResultRule(matchId)), matchId);
  return rule;
}

export function useDisconnectionForm(matchId: string, onChanged: () => void) {
  const [open, setOpen] = useState(false);
  const [minute, setMinute] = useState('');
  const [mine, setMine] = useState('');
  const [theirs, setTheirs] = useState('');
  const [claimsQuit, setClaimsQuit] = useState(false);
  const [answer, setAnswer] = useState<DisconnectionRuling | null>(null);
  const action = useAction();
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void action.run(async () => {
      if (minute === '' || mine === '' || theirs === '') throw new Error('Enter the minute and both scores.');
      const ruling = await (await api()).reportDisconnection({
        matchId,
        minute: Number(minute),
        myGoals: Number(mine),
        opponentGoals: Number(theirs),
        claimsQuit,
      });
      setAnswer(ruling);
      setOpen(false);
      onChanged();
    });
  };
  return { open, setOpen, minute, setMinute, mine, setMine, theirs, setTheirs, claimsQuit, setClaimsQuit, answer, submit, action };
}
