/**
 * The match page's sound: a short chime when the room is posted (for the guest: the host posted it) or when
 * the opponent reports, so a player with the page open in the background hears it. Muted per device
 * (localStorage), never on the page's first render.
 */
import type { Side } from './match-steps';

export type CueSignals = { roomPostedAt: string | null; opponentReportedAt: string | null };
export type Cue = 'room' | 'report';

/** The chime a change of the match calls for, or null (nothing new, or the page just loaded). */
export function cueToPlay(previous: CueSignals | null, next: CueSignals, side: Side): Cue | null {
  if (previous === null) return null;
  if (next.opponentReportedAt !== null && next.opponentReportedAt !== previous.opponentReportedAt) return 'report';
  if (side === 'b' && next.roomPostedAt !== null && next.roomPostedAt !== previous.roomPostedAt) return 'room';
  return null;
}

export const MUTE_KEY = 'golazo:match-sound';

/** Whether this device muted the match page's sound (storage that cannot be read means sound on). */
export function isMuted(storage: Pick<Storage, 'getItem'> | null): boolean {
  try {
    return storage?.getItem(MUTE_KEY) === 'muted';
  } catch {
    return false;
  }
}

export function rememberMuted(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, muted: boolean): void {
  try {
    if (muted) storage?.setItem(MUTE_KEY, 'muted');
    else storage?.removeItem(MUTE_KEY);
  } catch {
    // Private modes may refuse storage: the switch still works for this visit.
  }
}

/** The notes of each chime (Hz, seconds from its start): rising for the room, two equal notes for a report. */
export const CUE_NOTES: Record<Cue, [number, number][]> = {
  room: [
    [660, 0],
    [880, 0.16],
  ],
  report: [
    [740, 0],
    [740, 0.2],
  ],
};
