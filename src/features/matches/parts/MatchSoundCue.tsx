/**
 * The match page's chime with its mute switch (remembered on this device): it sounds when the room is posted
 * or the opponent reports while the page is open. Browsers let a page play sound only after a tap on it, which
 * the switch (or any tap on the page) gives; until then the switch says so, so nobody counts on a silent chime.
 */
import { useEffect, useRef, useState } from 'react';
import { useMessages } from '@/lib/i18n/use-messages';
import { MATCH_PAGE_WORDS } from '../match-page-words';
import type { MatchReport, MatchRow } from '../match-schemas';
import type { Side } from '../match-steps';
import { CUE_NOTES, type Cue, type CueSignals, cueToPlay, isMuted, rememberMuted } from '../sound-cue';

let audio: AudioContext | null = null;
function unlockAudio(): AudioContext | null {
  audio ??= typeof AudioContext === 'undefined' ? null : new AudioContext();
  void audio?.resume();
  return audio;
}

/**
 * Whether the browser still holds sound back until a tap, told without making an audio context: making one
 * starts the browser's audio service, 50 to 300 ms of the main thread on a test phone's CPU, which was the
 * longest task of a player's match page as it loaded. The context is made on the first tap (inside the tap,
 * as Safari asks) or when a chime is due. Firefox says whether it would play (getAutoplayPolicy); the others
 * play once the page has been tapped (sticky user activation).
 */
function soundBlocked(): boolean {
  if (typeof AudioContext === 'undefined') return false;
  if (audio) return audio.state === 'suspended';
  const policy = (navigator as Navigator & { getAutoplayPolicy?: (type: 'audiocontext') => string }).getAutoplayPolicy;
  if (typeof policy === 'function') return policy.call(navigator, 'audiocontext') !== 'allowed';
  return !(navigator.userActivation?.hasBeenActive ?? false);
}

function chime(cue: Cue) {
  const context = unlockAudio();
  if (!context) return;
  for (const [frequency, offset] of CUE_NOTES[cue]) {
    const start = context.currentTime + offset;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.32);
  }
}

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

export function MatchSoundCue({ match, side, reports }: { match: MatchRow; side: Side; reports: MatchReport[] }) {
  const opponentEntry = side === 'a' ? match.entry_b : match.entry_a;
  const roomPostedAt = match.room_posted_at;
  const opponentReportedAt = reports.find((report) => report.entry_id === opponentEntry)?.reported_at ?? null;
  const previous = useRef<CueSignals | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [muted, setMuted] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const w = useMessages(MATCH_PAGE_WORDS).sound;

  useEffect(() => {
    setMuted(isMuted(storage()));
    setBlocked(soundBlocked());
    const unlock = (event: PointerEvent) => {
      // A tap on the switch itself is the switch's to decide (its click): unlocked here first, the sound could be
      // allowed between the press and the click, and the click would then read as "turn the sound off".
      if (event.target instanceof Node && button.current?.contains(event.target)) return;
      const context = unlockAudio();
      void context?.resume().then(() => setBlocked(context.state === 'suspended'));
    };
    window.addEventListener('pointerdown', unlock, { once: true });
    return () => window.removeEventListener('pointerdown', unlock);
  }, []);

  useEffect(() => {
    const signals: CueSignals = { roomPostedAt, opponentReportedAt };
    const cue = cueToPlay(previous.current, signals, side);
    previous.current = signals;
    if (cue && !muted) chime(cue);
  }, [roomPostedAt, opponentReportedAt, side, muted]);

  return (
    <button
      ref={button}
      type="button"
      className="btn btn-ghost self-end text-sm"
      aria-pressed={!muted}
      data-match-sound={muted ? 'muted' : blocked ? 'blocked' : 'on'}
      title={w.title}
      onClick={() => {
        if (blocked && !muted) {
          // The first tap only lets the browser play sound: the chime stays on.
          const context = unlockAudio();
          void context?.resume().then(() => setBlocked(context.state === 'suspended'));
          return;
        }
        rememberMuted(storage(), !muted);
        setMuted(!muted);
        if (muted) unlockAudio();
      }}
    >
      {muted ? w.off : blocked ? w.blocked : w.on}
    </button>
  );
}
