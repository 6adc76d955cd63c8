import { describe, expect, it } from 'vitest';
import { cueToPlay, isMuted, MUTE_KEY, rememberMuted } from './sound-cue';

const quiet = { roomPostedAt: null, opponentReportedAt: null };

describe('the match page chime', () => {
  it('stays silent when the page loads, whatever has already happened', () => {
    expect(cueToPlay(null, { roomPostedAt: '2027-01-01T10:00:00Z', opponentReportedAt: '2027-01-01T10:30:00Z' }, 'b')).toBeNull();
  });

  it('chimes for the guest when the host posts the room, and again when it is posted anew', () => {
    const posted = { ...quiet, roomPostedAt: '2027-01-01T10:00:00Z' };
    expect(cueToPlay(quiet, posted, 'b')).toBe('room');
    expect(cueToPlay(posted, posted, 'b')).toBeNull();
    expect(cueToPlay(posted, { ...quiet, roomPostedAt: '2027-01-01T10:06:00Z' }, 'b')).toBe('room');
    // The host posted it: no chime for their own action.
    expect(cueToPlay(quiet, posted, 'a')).toBeNull();
  });

  it('chimes for either player when the opponent reports', () => {
    const reported = { ...quiet, opponentReportedAt: '2027-01-01T10:30:00Z' };
    expect(cueToPlay(quiet, reported, 'a')).toBe('report');
    expect(cueToPlay(quiet, reported, 'b')).toBe('report');
    expect(cueToPlay(reported, reported, 'a')).toBeNull();
  });

  it('remembers the mute switch on this device', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    expect(isMuted(storage)).toBe(false);
    rememberMuted(storage, true);
    expect(store.get(MUTE_KEY)).toBe('muted');
    expect(isMuted(storage)).toBe(true);
    rememberMuted(storage, false);
    expect(isMuted(storage)).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(isMuted(broken)).toBe(false);
  });
});
