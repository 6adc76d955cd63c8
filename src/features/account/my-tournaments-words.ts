/**
 * My Tournaments' words in both languages (its heading, series tabs, each tournament's card, the next match
 * and the waitlist places), read through the page's language store (lib/i18n/use-messages). Amounts and
 * times arrive formatted in the page's language. The English sentences are account.ts's, home.ts's and
 * my-waitlist-place.ts's own. Hindi follows docs/hindi-glossary.md.
 */
import type { Lang } from '@/lib/i18n/lang';
import { type PlaceLineParts, placeLineEn } from '@/features/seasons/my-waitlist-place';
import { ACCOUNT_MESSAGES, MY_TOURNAMENT_TABS, type MyTournamentTab } from './account';

export type MyTournamentsWords = {
  eyebrow: string;
  title: string;
  description: string;
  lead: string;
  tabs: Record<MyTournamentTab, string>;
  tabsLabel: string;
  loading: string;
  loadFailed: string;
  tryAgain: string;
  noRegistrations: string;
  noneInSeries: (series: string) => string;
  browse: string;
  registeredOn: (date: string) => string;
  fromInvitation: string;
  entries: (count: number) => string;
  refundOnWay: (amount: string) => string;
  refunded: (amount: string) => string;
  yourPlace: string;
  cancelled: string;
  nextMatch: string;
  /** "Semi-finals vs demo3": the round (already in the page's language) and the opponent. */
  nextMatchLine: (round: string, opponent: string | null) => string;
  openMatch: string;
  onWaitlist: string;
  checkIn: string;
  checkingIn: string;
  /** A waitlist place's line: position, and its check-in (times formatted by the caller). */
  waitlistLine: (place: PlaceLineParts) => string;
};

const en: MyTournamentsWords = {
  eyebrow: 'Your games',
  title: 'My Tournaments',
  description: 'The tournaments you have registered for and their status.',
  lead: 'Every tournament you have registered for, with its status. Check in here when check-in opens, then follow your draw, your matches and your place.',
  tabs: Object.fromEntries(MY_TOURNAMENT_TABS.map((tab) => [tab.id, tab.label])) as Record<MyTournamentTab, string>,
  tabsLabel: 'Tournament series',
  loading: 'Loading your tournaments',
  loadFailed: ACCOUNT_MESSAGES.tournamentsLoadFailed,
  tryAgain: 'Try again',
  noRegistrations: ACCOUNT_MESSAGES.noRegistrations,
  noneInSeries: ACCOUNT_MESSAGES.noRegistrationsInSeries,
  browse: 'Browse available tournaments',
  registeredOn: (date) => `Registered on ${date}`,
  fromInvitation: 'Your place from an invitation',
  entries: (count) => `${count} entries`,
  refundOnWay: (amount) => `Refund of ${amount} on its way`,
  refunded: (amount) => `Refunded ${amount}`,
  yourPlace: 'Your place:',
  cancelled: 'Cancelled',
  nextMatch: 'Your next match',
  nextMatchLine: (round, opponent) => `${round} vs ${opponent ?? 'the winner of the other match (to be decided)'}`,
  openMatch: 'Open match',
  onWaitlist: 'On a waitlist',
  checkIn: 'Check in',
  checkingIn: 'Checking in…',
  waitlistLine: placeLineEn,
};

const hi: MyTournamentsWords = {
  eyebrow: 'आपके गेम',
  title: 'मेरे टूर्नामेंट',
  description: 'जिन टूर्नामेंट के लिए आपने रजिस्टर किया है, और उनकी स्थिति।',
  lead: 'हर टूर्नामेंट जिसके लिए आपने रजिस्टर किया है, उसकी स्थिति के साथ। चेक-इन खुलने पर यहीं चेक-इन करें, फिर अपना ड्रॉ, अपने मैच और अपना स्थान देखें।',
  tabs: { championship: 'चैंपियंस टूर', quick: '1v1 और Super 4/8' },
  tabsLabel: 'टूर्नामेंट सीरीज़',
  loading: 'आपके टूर्नामेंट लोड हो रहे हैं',
  loadFailed: 'आपके टूर्नामेंट लोड नहीं हो सके',
  tryAgain: 'फिर से कोशिश करें',
  noRegistrations: 'आपने अभी तक किसी टूर्नामेंट के लिए रजिस्टर नहीं किया है',
  noneInSeries: (series) => `${series} में अभी कोई एंट्री नहीं`,
  browse: 'उपलब्ध टूर्नामेंट देखें',
  registeredOn: (date) => `${date} को रजिस्टर किया`,
  fromInvitation: 'इनविटेशन से मिली आपकी जगह',
  entries: (count) => `${count} एंट्री`,
  refundOnWay: (amount) => `${amount} का रिफ़ंड रास्ते में है`,
  refunded: (amount) => `${amount} रिफ़ंड हो गए`,
  yourPlace: 'आपका स्थान:',
  cancelled: 'रद्द',
  nextMatch: 'आपका अगला मैच',
  nextMatchLine: (round, opponent) => `${round}: ${opponent ?? 'दूसरे मैच का विजेता (अभी तय नहीं)'} के ख़िलाफ़`,
  openMatch: 'मैच खोलें',
  onWaitlist: 'वेटलिस्ट पर',
  checkIn: 'चेक-इन करें',
  checkingIn: 'चेक-इन हो रहा है…',
  waitlistLine: ({ position, checkedIn, closed, open, from, closesAt, until }) => {
    const head = `वेटलिस्ट #${position}`;
    if (checkedIn) return `${head} · चेक-इन हो गया: जगह ख़ाली हुई तो आप ${until} पर आगे आएँगे`;
    if (closed) return `${head} · चेक-इन बंद हो चुका है`;
    if (open) return `${head} · जगह ख़ाली होने पर आगे आने के लिए ${closesAt} तक चेक-इन करें`;
    return `${head} · जगह ख़ाली होने पर आगे आने के लिए ${from} से ${closesAt} के बीच चेक-इन करें`;
  },
};

export const MY_TOURNAMENTS_WORDS: Record<Lang, MyTournamentsWords> = { en, hi };
