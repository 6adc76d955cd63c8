/**
 * The profile's words in both languages: its card, the form's labels, hints and buttons, and the page's words for
 * every problem the form finds (profile.ts words them in English, as the database's own rules say them; `problem()`
 * gives the page's words for one). The Hindi words load in their own chunk (profile-words-hi.ts,
 * lib/i18n/island-words.ts); the ages, lengths and dates are the rules' numbers, passed in, never typed.
 */
import { islandWords } from '@/lib/i18n/island-words';
import type { Lang } from '@/lib/i18n/lang';
import { formatCalendarDateIndian, LEGAL_NAME_HINT, PROFILE_MESSAGES } from './profile';

export type ProfileWords = {
  loading: string;
  tryAgain: string;
  /** The page's words for a failure to load the profile (the English page shows the load's own sentence). */
  loadFailed: (english: string) => string;
  avatarAlt: string;
  newPlayer: string;
  completed: string;
  incomplete: string;
  completeToPlay: string;
  completedBanner: string;
  heading: string;
  locked: string;
  legalName: string;
  legalNameHint: string;
  inGameName: string;
  inGameNameHint: (locked: boolean) => string;
  dateOfBirth: string;
  dateOfBirthLocked: string;
  dateOfBirthHint: (minAge: number, paidAge: number, entered: string) => string;
  /** A calendar date (YYYY-MM-DD) as the page writes it. */
  calendarDate: (isoDate: string) => string;
  gameUserId: string;
  gameUserIdHint: (min: number, max: number) => string;
  livesInIndia: string;
  checkBeforeSaving: string;
  saving: string;
  save: string;
  /** The page's words for a problem profile.ts words in English (the same sentence on an English page). */
  problem: (english: string | null | undefined) => string | undefined;
};

const en: ProfileWords = {
  loading: 'Loading your profile',
  tryAgain: 'Try again',
  loadFailed: (english) => english,
  avatarAlt: 'Your avatar',
  newPlayer: 'New player',
  completed: 'Profile Completed',
  incomplete: 'Profile incomplete',
  completeToPlay: 'Complete your profile to take part in tournaments. It is locked once saved.',
  completedBanner: PROFILE_MESSAGES.completedBanner,
  heading: 'Player details',
  locked: 'Locked',
  legalName: 'Legal Name',
  legalNameHint: LEGAL_NAME_HINT,
  inGameName: 'In-Game Name',
  inGameNameHint: (locked) =>
    locked ? 'Your eFootball username, as opponents see it.' : 'Your eFootball username. It can be changed later, now and then.',
  dateOfBirth: 'Date of birth',
  dateOfBirthLocked: 'Day, month, year.',
  dateOfBirthHint: (minAge, paidAge, entered) =>
    `You must be ${minAge} or older. Paid entry is for players ${paidAge} and over.${entered ? ` You entered ${entered}.` : ''}`,
  calendarDate: formatCalendarDateIndian,
  gameUserId: 'eFootball User ID',
  gameUserIdHint: (min, max) => `The ID on your eFootball profile, as shown there: ${min} to ${max} letters, digits or dashes.`,
  livesInIndia: 'I live in India. Paid tournaments are open to residents of India only.',
  checkBeforeSaving: 'Check your details: once saved, they are locked (only the in-game name can change later).',
  saving: 'Saving…',
  save: 'Save profile',
  problem: (english) => english ?? undefined,
};

export const PROFILE_WORDS: Record<Lang, ProfileWords> = islandWords(en, () => import('./profile-words-hi'));
