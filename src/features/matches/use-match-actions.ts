/**
 * The players' actions on a match, one hook per form or button: each keeps what the player typed, runs
 * one call of the matches API (loaded on first use), reloads the match (`onChanged`) when it succeeds and
 * keeps the refusal in the error table's words (lib/use-island-data.ts) for the step to show.
 */
import { type SubmitEvent, useState } from 'react';
import type { DisputeReason } from '@/lib/rules';
import { useAction, useLoad } from '@/lib/use-island-data';
import type { DisputeChoice } from './dispute-reasons';
import type { MatchRoom } from './match-schemas';
import { wentThrough } from './match-steps';
import { onDemand } from '@/lib/on-demand';

const api = onDemand(() => import('./matches.api'));
type MatchesApi = Awaited<ReturnType<typeof api>>;

/** One button's call (Ready, Confirm, a walkover): busy while it runs, then the match reloads. */
export function useMatchCall(call: (matches: MatchesApi) => Promise<unknown>, onChanged: () => void) {
  const action = useAction();
  const press = () =>
    void action.run(async () => {
      await call(await api());
      onChanged();
    });
  return { busy: action.busy, error: action.error, press };
}

/** The host's room form: the id and password typed, and "Change the room" after it was posted. */
export function useRoomForm(matchId: string, onChanged: () => void) {
  const [roomId, setRoomId] = useState('');
  const [password, setPassword] = useState('');
  const [editing, setEditing] = useState(false);
  const action = useAction();
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void action.run(async () => {
      await (await api()).postRoom(matchId, roomId, password);
      setEditing(false);
      onChanged();
    });
  };
  return { roomId, setRoomId, password, setPassword, editing, edit: () => setEditing(true), submit, action };
}

/**
 * The room the host posted, read once it is posted (and again when it is changed). `postedAt` null: there
 * is nothing to read yet.
 */
export function useMatchRoom(matchId: string, postedAt: string | null) {
  const [room] = useLoad<MatchRoom | null>(
    () => (postedAt ? api().then((matches) => matches.fetchRoom(matchId)) : Promise.resolve(null)),
    `${matchId}|${postedAt ?? ''}`,
  );
  return room;
}

type ShootOut = 'me' | 'opponent' | null;

/**
 * The report form: both scores, the shoot-out winner of a level score (unless a draw stands in this match:
 * `drawIsResult`, the database's rule) and the screenshot. Sending checks them first, then resizes and uploads
 * the screenshot and reports; `stage` says which of the two is running.
 */
export function useReportForm(matchId: string, userId: string, onChanged: () => void, drawIsResult = false) {
  const [mine, setMine] = useState('');
  const [theirs, setTheirs] = useState('');
  const [shootOut, setShootOut] = useState<ShootOut>(null);
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<'idle' | 'uploading' | 'sending'>('idle');
  const action = useAction();
  const myGoals = mine === '' ? null : Number(mine);
  const opponentGoals = theirs === '' ? null : Number(theirs);
  const level = myGoals !== null && opponentGoals !== null && myGoals === opponentGoals;

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void action.run(async () => {
      if (myGoals === null || opponentGoals === null) throw new Error('Enter both scores.');
      const draw = drawIsResult && myGoals === opponentGoals;
      const through = draw ? null : wentThrough(myGoals, opponentGoals, shootOut);
      if (!draw && !through) throw new Error('The score is level: say who won the shoot-out.');
      if (!file) throw new Error('Add a screenshot of the result screen.');
      const { resizeScreenshot, screenshotProblem } = await import('./resize-screenshot');
      const problem = screenshotProblem(file);
      if (problem) throw new Error(problem);
      const matches = await api();
      try {
        setStage('uploading');
        const picture = await resizeScreenshot(file);
        const path = await matches.uploadScreenshot(matchId, userId, picture);
        setStage('sending');
        await matches.reportMatch({ matchId, myGoals, opponentGoals, wentThrough: through, screenshotPath: path });
      } finally {
        setStage('idle');
      }
      onChanged();
    });
  };

  return { mine, setMine, theirs, setTheirs, level, shootOut, setShootOut, setFile, stage, submit, action };
}

/**
 * The dispute form: closed behind a link until the player opens it, then a reason among those that fit now
 * (`choices`, from the database) and what happened, required where staff need it.
 */
export function useDisputeForm(matchId: string, choices: readonly DisputeChoice[], onChanged: () => void) {
  const [open, setOpen] = useState(false);
  const [picked, setReason] = useState<DisputeReason | null>(null);
  const [details, setDetails] = useState('');
  const action = useAction();
  // A reason picked earlier that no longer fits falls back to the first that does.
  const chosen = choices.find((choice) => choice.value === picked) ?? choices[0] ?? null;
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void action.run(async () => {
      if (!chosen) throw new Error('Nothing in this match can be disputed yet.');
      if (chosen.detailsRequired && details.trim() === '') throw new Error('Say what happened: staff need the details for this reason.');
      await (await api()).disputeMatch(matchId, chosen.value, details);
      onChanged();
    });
  };
  return { open, setOpen, chosen, setReason, details, setDetails, submit, action };
}

/**
 * A player's side of an open dispute: what happened and, if they have one, a screenshot (resized and
 * uploaded first, as a report's). `sent` once staff have it; sending again replaces it.
 */
export function useDisputeSideForm(matchId: string, userId: string, onChanged: () => void) {
  const [details, setDetails] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(false);
  const action = useAction();
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void action.run(async () => {
      if (details.trim() === '') throw new Error('Say what happened: staff need your account.');
      const matches = await api();
      let path: string | null = null;
      if (file) {
        const { resizeScreenshot, screenshotProblem } = await import('./resize-screenshot');
        const problem = screenshotProblem(file);
        if (problem) throw new Error(problem);
        path = await matches.uploadScreenshot(matchId, userId, await resizeScreenshot(file));
      }
      await matches.addDisputeEvidence(matchId, details, path);
      setSent(true);
      onChanged();
    });
  };
  return { details, setDetails, setFile, sent, submit, action };
}
