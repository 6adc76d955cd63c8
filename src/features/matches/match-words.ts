/**
 * The match page's step words in both languages (the room, Ready and the reason its button waits, the
 * report form), read through the page's language store; the Hindi words load in a chunk of their own
 * (match-words-hi.ts, lib/i18n/island-words.ts). Sentences that state a window take its minutes from the
 * match windows the database enforces (lib/match-windows.ts) and the rules (lib/rules.ts), never typed.
 */
import { islandWords } from '@/lib/i18n/island-words';
import { MINUTE, READY_CLOSES_AFTER, READY_OPENS_BEFORE, WALKOVER_CONTEST_WINDOW } from '@/lib/match-windows';
import { DISPUTE_STAFF_DEADLINE_MINUTES, type DisputeReason, OPPONENT_CONFIRM_MINUTES } from '@/lib/rules';
import { PLAYER_REASON_LABELS } from './dispute-reasons';
import type { CountdownUnits } from './match-steps';

const READY_OPENS_MINUTES = READY_OPENS_BEFORE / MINUTE;
const READY_CLOSES_MINUTES = READY_CLOSES_AFTER / MINUTE;
const CONTEST_MINUTES = WALKOVER_CONTEST_WINDOW / MINUTE;

export type MatchWords = {
  countdown: CountdownUnits;
  steps: { label: string; room: string; ready: string; report: string; marks: { now: string; done: string; later: string } };
  waiting: { title: string; body: string };
  tooLate: { title: string; body: string };
  room: {
    postedAt: (time: string) => string;
    change: string;
    closed: string;
    hostLead: string;
    roomId: string;
    password: string;
    idHelp: string;
    post: string;
    posting: string;
    guestWait: (host: string) => string;
    loadFailed: string;
    loading: string;
    join: (host: string) => string;
    copy: (label: string) => string;
    copied: string;
    copyButton: string;
  };
  ready: {
    opponentReady: (opponent: string) => string;
    opponentNotReady: (opponent: string) => string;
    done: string;
    opens: (countdown: string, time: string) => string;
    pressBy: (time: string) => string;
    closed: string;
    settingsChecked: string;
    opensAt: (time: string) => string;
    tickFirst: string;
    busy: string;
    button: string;
  };
  report: {
    sent: (opponent: string) => string;
    opensAt: (time: string) => string;
    closed: string;
    yourGoals: string;
    theirGoals: (opponent: string) => string;
    theirGoalsName: string;
    drawStands: string;
    levelQuestion: string;
    iDid: string;
    theyDid: (opponent: string) => string;
    screenshot: string;
    whoSees: (opponent: string) => string;
    uploading: string;
    sending: string;
    send: string;
  };
  confirm: {
    reportedFallback: (opponent: string) => string;
    lead: string;
    screenshotAlt: (opponent: string) => string;
    busy: string;
    button: (opponent: string) => string;
  };
  walkover: {
    claimTitle: (opponent: string) => string;
    claimLead: (opponent: string) => string;
    claiming: string;
    claim: string;
    contestTitle: string;
    contestLead: string;
    contestUntil: (time: string, countdown: string) => string;
    contestPassed: string;
    contesting: string;
    contest: string;
    claimedTitle: string;
    claimed: (opponent: string, until: string | null) => string;
  };
  dispute: {
    reasons: Record<DisputeReason, string>;
    opensFrom: (time: string) => string;
    wrongResult: string;
    somethingWrong: string;
    open: string;
    lead: string;
    reason: string;
    detailsRequired: string;
    detailsOptional: string;
    placeholder: string;
    opening: string;
    send: string;
    cancel: string;
  };
  disputed: {
    title: string;
    reason: string;
    decideBy: string;
    lead: string;
    answerWithin: string;
    sides: string;
    openedAuto: string;
    openedBy: (who: string | null) => string;
    noDetails: string;
    yourSide: string;
    sideOf: (name: string) => string;
    withScreenshot: string;
    changeSide: string;
    addSide: string;
    sidePlaceholder: string;
    screenshotOptional: string;
    sideSent: string;
    sendingSide: string;
  };
  disconnection: {
    report: string;
    lead: (restartByMinute: number) => string;
    minute: string;
    quit: (opponent: string) => string;
    reporting: string;
    send: string;
    reportedTitle: string;
    mineWaiting: (report: string, opponent: string) => string;
    opponentTitle: (opponent: string) => string;
    opponentSays: (opponent: string, report: string, quit: boolean) => string;
  };
};

const en: MatchWords = {
  countdown: { h: 'h', min: 'min', s: 's', ahead: (span) => `in ${span}`, ago: (span) => `${span} ago` },
  steps: {
    label: 'Your steps',
    room: 'Room',
    ready: 'Ready',
    report: 'Report the result',
    marks: { now: 'now', done: 'done', later: 'later' },
  },
  waiting: {
    title: 'Waiting for your opponent',
    body: 'Your opponent is decided by another match. This page updates as soon as they are known, with the match time.',
  },
  tooLate: {
    title: 'No result in time',
    body: 'The windows for Ready and the report have closed. Staff decide this match; you will see their decision here.',
  },
  room: {
    postedAt: (time) => `Room posted at ${time}. Your opponent sees it here; wait for them in the room.`,
    change: 'Change the room',
    closed: 'The room can no longer be posted for this match.',
    hostLead: 'You host: create a friend-match room in eFootball, then post its id and password here for your opponent.',
    roomId: 'Room id',
    password: 'Room password',
    idHelp: 'Room ids are 3 to 32 letters, digits or dashes. Only your opponent and staff can read them.',
    post: 'Post the room',
    posting: 'Posting the room',
    guestWait: (host) => `${host} hosts and posts the room here. This page shows it as soon as it is posted.`,
    loadFailed: 'The room could not be loaded:',
    loading: 'Loading the room…',
    join: (host) => `Join ${host}’s friend-match room in eFootball:`,
    copy: (label) => `Copy the ${label.toLowerCase()}`,
    copied: 'Copied',
    copyButton: 'Copy',
  },
  ready: {
    opponentReady: (opponent) => `${opponent} is ready.`,
    opponentNotReady: (opponent) => `${opponent} is not ready yet.`,
    done: 'You are ready.',
    opens: (countdown, time) => `Ready opens ${countdown}, at ${time} (${READY_OPENS_MINUTES} minutes before the match).`,
    pressBy: (time) => `Press Ready when you are in the room, by ${time} (${READY_CLOSES_MINUTES} minutes after the match time).`,
    closed: 'Ready has closed. A result you report still counts as ready.',
    settingsChecked: 'Settings checked: the room matches the match settings card',
    opensAt: (time) => `Opens at ${time}.`,
    tickFirst: 'Tick “Settings checked” above first: it tells your opponent the room matches the settings card.',
    busy: 'Telling your opponent',
    button: 'I’m ready',
  },
  report: {
    sent: (opponent) =>
      `Your result is in. ${opponent} confirms it or reports too; if they do neither within ${OPPONENT_CONFIRM_MINUTES} minutes it is confirmed automatically.`,
    opensAt: (time) => `Reporting opens at ${time}, ${READY_OPENS_MINUTES} minutes before the match.`,
    closed: 'Reporting is closed for this match.',
    yourGoals: 'Your goals',
    theirGoals: (opponent) => `${opponent}’s goals`,
    theirGoalsName: "Opponent's goals",
    drawStands: 'A draw: it stands as the result, one point each. No extra time or penalties in this match.',
    levelQuestion: 'Level score: who went through (extra time or penalties)?',
    iDid: 'I did',
    theyDid: (opponent) => `${opponent} did`,
    screenshot: 'Screenshot of the result screen',
    whoSees: (opponent) => `Only ${opponent} and staff can see it. Large pictures are made smaller before upload.`,
    uploading: 'Uploading the screenshot',
    sending: 'Sending the result',
    send: 'Send the result',
  },
  confirm: {
    reportedFallback: (opponent) => `${opponent} reported the result`,
    lead: `Check their screenshot, then confirm it, or report your own score below if it differs (different reports go to staff). Without an answer it is confirmed ${OPPONENT_CONFIRM_MINUTES} minutes after they reported.`,
    screenshotAlt: (opponent) => `${opponent}’s screenshot of the result screen`,
    busy: 'Confirming',
    button: (opponent) => `Confirm ${opponent}’s result`,
  },
  walkover: {
    claimTitle: (opponent) => `${opponent} did not press Ready`,
    claimLead: (opponent) =>
      `You were ready and it is more than ${READY_CLOSES_MINUTES} minutes past the match time: claim a walkover. ${opponent} then has ${CONTEST_MINUTES} minutes to contest it (staff decide); if they do not, you go through.`,
    claiming: 'Claiming',
    claim: 'Claim the walkover',
    contestTitle: 'Your opponent claims a walkover',
    contestLead: 'They say you did not press Ready in time.',
    contestUntil: (time, countdown) => `You can contest it until ${time} (${countdown}): staff then decide.`,
    contestPassed: 'The time to contest it has passed.',
    contesting: 'Contesting',
    contest: 'Contest the walkover',
    claimedTitle: 'Walkover claimed',
    claimed: (opponent, until) => `${opponent} has until ${until ?? 'a few minutes'} to contest it. If they do not, you go through.`,
  },
  dispute: {
    reasons: PLAYER_REASON_LABELS,
    opensFrom: (time) => `Something wrong? A dispute can be opened from ${time}, once the match is under way.`,
    wrongResult: 'The reported result is wrong?',
    somethingWrong: 'Something went wrong in this match?',
    open: 'Open a dispute',
    lead: 'Staff look at both sides and the screenshots, and decide. You cannot report after opening one; your opponent can add their side.',
    reason: 'Reason',
    detailsRequired: 'What happened (required)',
    detailsOptional: 'What happened (optional)',
    placeholder: 'The score, the minute of a disconnection, anything staff should know.',
    opening: 'Opening the dispute',
    send: 'Send to staff',
    cancel: 'Cancel',
  },
  disputed: {
    title: 'In dispute: staff decide',
    reason: 'Reason:',
    decideBy: '. Staff decide by',
    lead: 'Staff look at both sides and the screenshots, then set the result, order a replay or disqualify. You will see their decision here.',
    answerWithin: ` Staff answer within ${DISPUTE_STAFF_DEADLINE_MINUTES.quick} minutes for pods and ${DISPUTE_STAFF_DEADLINE_MINUTES.championship} minutes for championships.`,
    sides: 'What staff have read',
    openedAuto: 'Opened automatically',
    openedBy: (who) => `${who ?? 'You'} opened it`,
    noDetails: 'No details given.',
    yourSide: 'Your side',
    sideOf: (name) => `${name}’s side`,
    withScreenshot: ' · with a screenshot',
    changeSide: 'Change your side',
    addSide: 'Add your side',
    sidePlaceholder: 'What happened, as you saw it: the score, the minute, what your screenshot shows.',
    screenshotOptional: 'Screenshot (optional)',
    sideSent: 'Sent: staff read it before deciding.',
    sendingSide: 'Sending your side',
  },
  disconnection: {
    report: 'Report a disconnection',
    lead: (minute) =>
      `Both players report it. Agreed by minute ${minute} at 0–0: the match restarts; later: a new room for the minutes left, the score carried.`,
    minute: 'Minute',
    quit: (opponent) => `${opponent} quit on purpose (staff decide)`,
    reporting: 'Reporting the disconnection',
    send: 'Send the disconnection report',
    reportedTitle: 'Disconnection reported',
    mineWaiting: (report, opponent) =>
      `You reported a disconnection at ${report}. Waiting for ${opponent} to report it too: the page rules as soon as they do.`,
    opponentTitle: (opponent) => `${opponent} reported a disconnection`,
    opponentSays: (opponent, report, quit) =>
      `${opponent} says the match disconnected at ${report}${quit ? ' and that you quit on purpose' : ''}. Report what you saw below.`,
  },
};

export const MATCH_WORDS = islandWords(en, () => import('./match-words-hi'));
