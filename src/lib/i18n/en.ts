/**
 * The site's English words, by part of the page. The Hindi dictionary (hi.ts) has exactly these keys
 * (its type is this one's, and messages.test.ts fails on a key missing or empty in either). Sentences
 * that state a rule or an amount are functions of the rule's values, so both languages say the same number.
 */
import { formatRupees } from '../format';
import { infoEn } from './info-en';

/** When a recurring series plays (src/features/tournaments/recurrence.ts `every`). */
type MonthlyRule = { week: 1 | 2 | 3 | 4 | 'last'; weekday: string; time: string };

export const en = {
  shell: {
    skipToContent: 'Skip to content',
    home: 'Home',
    dashboard: 'Dashboard',
    tournaments: 'Tournaments',
    tourEvent: 'Tour Event',
    leaderboard: 'Leaderboard',
    about: 'About',
    blog: 'Blog',
    ourMission: 'Our Mission',
    helpCenter: 'Help Center',
    contact: 'Contact',
    staff: 'Staff',
    staffConsole: 'Staff console',
    registerHere: 'Register Here',
    logIn: 'Log in',
    logOut: 'Log out',
    myAccount: 'My Account',
    myAccountMenu: 'My account',
    profile: 'Profile',
    myTournaments: 'My Tournaments',
    myEarnings: 'My Earnings',
    menu: 'Menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    siteNav: 'Site',
    mainNav: 'Main',
    accountNav: 'Account',
    quickLinks: 'Quick Links',
    resources: 'Resources',
    legal: 'Legal',
    privacyPolicy: 'Privacy Policy',
    termsOfService: 'Terms of Service',
    cookiesPolicy: 'Cookies Policy',
    cancellationRefund: 'Cancellation & Refund',
    communityPolicy: 'R&C Policy',
    grievances: 'Grievances',
    community: 'Community',
    opensInNewTab: '(opens in a new tab)',
    footerTagline: 'The ultimate platform for Indian eFootball players.',
    copyright: (year: number, product: string, minimumAge: number) =>
      `© ${year} ${product}. All rights reserved. Skill-based tournaments for players aged ${minimumAge} and over.`,
    /** The language switch: the other language's name, in that language. */
    switchLabel: 'हिंदी',
    switchTitle: 'यह पेज हिंदी में पढ़ें',
    /** The first-visit offer, shown to a browser whose first language is Hindi. */
    offer: 'यह साइट हिंदी में भी है।',
    offerAccept: 'हिंदी में देखें',
    offerDismiss: 'Stay in English',
  },
  policy: {
    eyebrow: 'Legal',
    lastUpdated: 'Last updated:',
    englishPrevails: '',
    englishOnly: '',
  },
  landing: {
    title: (product: string) => `${product}: Play. Compete. Win Cash Prizes`,
    description:
      "Join the ultimate global eFootball community and compete in tournaments with real cash rewards. 1v1, Super 4, Super 8 and monthly championships for India's mobile players.",
    eyebrow: 'eFootball tournaments · India',
    heroPlay: 'Play. Compete.',
    heroWin: 'Win Cash Prizes',
    heroLead: 'Join the ultimate global eFootball community and compete in tournaments with real cash rewards',
    browse: 'Browse Tournaments',
    joinCommunity: 'Join the Community',
    skillBased: 'Skill-based',
    skillBasedRest: 'tournaments',
    entryByUpi: 'entry by UPI and cards',
    prizes: 'Prizes',
    prizesByUpi: 'paid by UPI',
    featuredEyebrow: 'Tournaments',
    featuredHeading: 'Featured Tournaments',
    featuredLead: 'Register and compete for cash prizes',
    allHeading: 'All tournaments',
    allLead: 'Hover, tap or focus the strip to stop it.',
    ctaHeading: 'Your next match starts here',
    ctaLead: 'Pick a tournament, pay your entry in rupees, and play for real prizes.',
    threeSteps: 'Three steps',
    howItWorks: 'How It Works',
    step: 'Step',
    steps: [
      {
        title: 'Join the Community',
        body: 'Chat with other players in our WhatsApp group. Entering, fixtures and results all happen on this site.',
        cta: 'Join on WhatsApp',
      },
      {
        title: 'Browse Tournaments',
        body: 'Pick a 1v1, Super 4, Super 8 or a monthly championship that fits your budget.',
        cta: 'See tournaments',
      },
      { title: 'Win Cash Prizes', body: 'Win your matches and your prize reaches you by UPI, straight to your bank.', cta: '' },
    ],
    featuredTournament: 'Featured Tournament',
    players: 'Players',
    registration: 'Registration',
    prizePool: 'Prize Pool',
    register: 'Register',
    viewDetails: 'View details',
    /** The hero pictures' captions and descriptions, in the order of landing.ts heroSlides. */
    heroSlides: [
      { alt: 'A floodlit football pitch at night with the ball on the centre line', caption: 'Kick-off every weekend' },
      { alt: 'A golden trophy surrounded by confetti', caption: 'Monthly championships with big prize pools' },
      { alt: 'A phone held sideways showing an eFootball match', caption: 'Play from your phone, anywhere in India' },
      { alt: 'A knockout bracket with one path highlighted to the final', caption: '1v1, Super 4 and Super 8 knockouts' },
      { alt: 'A football flying into the top corner of the net', caption: 'Every goal counts' },
      { alt: 'Banknotes and a stack of gold coins marked with the rupee sign', caption: 'Cash prizes paid by UPI' },
    ],
    builtWith: 'Built With',
    builtWithLead: 'Fast pages, secure sign-in and payments you already know.',
    ourStory: 'Our Story',
    storyHeading: 'Built by players, for players',
    story: (product: string) =>
      `${product} started in a WhatsApp group of friends who wanted fair, well-run eFootball tournaments. Here every bracket has the same published rules, check-in, fixtures, match rooms and results happen on the site, and prizes are paid by UPI after the challenge window and a one-time PAN check.`,
  },
  tournaments: {
    title: 'Tournaments',
    description: (product: string) =>
      `Every ${product} tournament: monthly championships and quick 1v1, Super 4 and Super 8 knockouts with cash prizes.`,
    eyebrow: 'Tour Event',
    lead: 'Knockouts every week, championships every month. Pick your format, check the rules and the prize, and take your slot.',
    upcoming: 'Upcoming tournaments',
    myTournaments: 'My Tournaments',
    quickGroup: '1v1, Super 4 and Super 8',
    championshipGroup: 'Monthly Championships',
    everyMonth: 'Every month',
    registrationOpens: 'Registration opens months ahead.',
    entry: 'Entry',
    prize: 'Prize',
    players: (count: number) => `${count} players`,
    podStart: 'Starts when full',
    /** A recurring series' rule (recurrence.ts `every`), in a sentence: English as describeRule says it. */
    monthlyRule: (every: MonthlyRule) => {
      const week = every.week === 'last' ? 'last' : (['first', 'second', 'third', 'fourth'] as const)[every.week - 1];
      return `The ${week} ${every.weekday.charAt(0).toUpperCase()}${every.weekday.slice(1)} of every month at ${every.time} IST`;
    },
    free: 'Free',
    noCashPrize: 'No cash prize',
  },
  /** A tournament's page (championship edition or quick series): its labels; the rules come from promises. */
  tournament: {
    breadcrumb: 'Breadcrumb',
    date: 'Date',
    time: 'Time',
    prizePool: 'Prize pool',
    entries: 'Entries',
    entry: 'Entry',
    playersPerPod: 'Players per pod',
    starts: 'Starts',
    startsAfterFill: (minutes: number) => `${minutes} min after it fills`,
    sections: 'Tournament sections',
    tabs: {
      overview: 'Overview',
      rules: 'Rules',
      schedule: 'Schedule',
      participants: 'Participants',
      brackets: 'Brackets',
      standings: 'Standings',
    },
    details: 'Tournament Details',
    format: 'Format',
    registrationEnds: 'Registration ends',
    registrationEndsAt: (date: string, time: string, places: number) => `${date}, ${time} (or when all ${places} places are taken)`,
    platforms: 'Platforms',
    importantInfo: 'Important Information',
    information: 'Tournament Information',
    startDate: 'Start date',
    startTime: 'Start time',
    participants: 'Participants',
    rules: 'Rules',
    schedule: 'Schedule',
    allTimesIst: 'All times are India Standard Time (IST).',
    roundStates: { upcoming: 'Upcoming', live: 'Live', done: 'Done' },
    noParticipants: 'No participants yet',
    beFirst: 'Be the first to take a slot.',
    brackets: 'Brackets',
    standings: 'Standings',
    standingsLead: 'Places by the round each player went out in: players out in the same round share a place.',
    /** The catalog's own words (descriptions, its own rules, round names) are in English on both pages. */
    catalogInEnglish: 'The organisers’ notes below are in English.',
    howPodsRun: 'How a pod runs',
    podSteps: (checkIn: number, startDelay: number, fillHours: number) => [
      'One pod is open at a time. Enter it here: your place is confirmed as soon as your payment is.',
      `When the last place is taken, check-in opens at once for ${checkIn} minutes and the pod starts ${startDelay} minutes later; the next pod opens.`,
      "Miss the check-in and your fee is refunded in full: your place goes to the pod's waitlist, or the pod runs one short with a bye and pays its prizes in proportion to the players who play.",
      `A pod that is not full within ${fillHours} hours is cancelled and every entry refunded in full.`,
    ],
    prizeFormula: 'Prize formula',
    shareLine: (format: string, entryFeeRupees: number, prizePoolRupees: number, players: number) =>
      `${format} on eFootball mobile. ${entryFeeRupees > 0 ? `Entry ${formatRupees(entryFeeRupees)}` : 'Free entry'}, ${prizePoolRupees > 0 ? `prize pool ${formatRupees(prizePoolRupees)}` : 'no cash prize'}, ${players} players.`,
    quickDescription: (share: string) => `${share} A new pod opens as soon as one fills.`,
    editionDescription: (share: string, date: string) => `${share} Starts ${date}.`,
  },
  /** About, mission, contact, help centre and grievances (info-en.ts). */
  info: infoEn,
};

/** The shape every language's dictionary has. */
export type Messages = typeof en;
