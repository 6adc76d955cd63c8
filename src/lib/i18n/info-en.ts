/**
 * The English words of the info pages (about, mission, contact, help centre, grievances). Paragraphs that
 * hold a link or emphasis use a small markup that <RichText> renders (src/lib/i18n/rich.ts):
 * `[text](routeKey)` links a route of the table in the page's language, `**text**` is strong, `{email}`
 * is the support address. Sentences that state a rule are functions of the rules' phrases (`RuleWords`:
 * promises.ts RULE_PLACEHOLDERS in English, promises-hi.ts in Hindi), never typed numbers.
 */
import type { RuleWords } from '@/features/tournaments/promises-hi';

type Card = { title: string; text: string; toast: string };

export const infoEn = {
  tapForTip: 'Tap for a tip',
  joinWhatsapp: 'Join the WhatsApp community',
  joinDiscord: 'Join the Discord server',
  about: {
    title: 'About Us',
    description: (product: string) =>
      `${product} runs skill-based eFootball tournaments with cash prizes for India's mobile players. Our mission, our vision and how to join.`,
    eyebrow: 'About Us',
    heading: (product: string) => `About ${product}`,
    lead: "Organised, fair eFootball tournaments for India's mobile players, with real cash prizes in rupees.",
    missionVision: 'Mission and vision',
    missionEyebrow: 'Our mission',
    missionHeading: 'Give every eFootball player in India a fair place to compete and win real prizes.',
    missionText:
      'Talent is everywhere, but organised tournaments are not. We run them end to end: fixtures, check-ins, results and prize money, so you can focus on playing.',
    visionEyebrow: 'Our vision',
    visionHeading: 'Become the home of competitive mobile eFootball in India.',
    visionText: 'A place where a player from any city can climb from a 1v1 Knockout to a Monthly Championship, and be recognised for it.',
    different: 'What makes us different',
    differentiators: (rules: RuleWords): Card[] => [
      {
        title: 'Skill decides every match',
        text: 'No luck, no betting. Your result comes from how you play.',
        toast: 'Every tournament is skill-based: win on the pitch, not by chance.',
      },
      {
        title: 'Cash prizes in rupees',
        text: 'Entry fees and prizes in INR, with clear prize pools on every tournament.',
        toast: 'Prizes stay in your balance until you withdraw them to UPI. Nothing can be deposited.',
      },
      {
        title: 'Safe payments',
        text: 'Pay through Razorpay with UPI, cards or net banking.',
        toast: 'Razorpay handles your payment details. We never see or store them.',
      },
      {
        title: 'Fair play, enforced',
        text: 'Check-in before every match and admins who review disputes.',
        toast: `Every entry checks in before the draw. Disagree with a result? Open a dispute on the match page: staff decide ${rules.DISPUTE_DEADLINES}.`,
      },
    ],
    howToJoin: 'How to join',
    joinSteps: (idMin: number, idMax: number): Card[] => [
      {
        title: 'Join the community',
        text: 'Chat with other players in our WhatsApp group and Discord server. Fixtures, rooms and results are on this site.',
        toast: 'The join links are in the Help Center and on the Contact page.',
      },
      {
        title: 'Create your account',
        text: 'Sign in with your email and complete your player profile.',
        toast: `Keep your eFootball user ID (${idMin} to ${idMax} characters) handy: your profile needs it.`,
      },
      {
        title: 'Pick a tournament',
        text: '1v1 Knockout, Super 4, Super 8 or a Monthly Championship.',
        toast: 'Monthly Championships have the biggest prize pools.',
      },
      {
        title: 'Pay and play',
        text: 'Pay the entry fee, check in on time and play your matches.',
        toast: 'A tournament that fills up before your payment lands refunds you automatically.',
      },
    ],
    browse: 'Browse tournaments',
    questions: 'Questions?',
    support: 'Email our support team at {email}. We usually reply within 24 hours.',
  },
  mission: {
    title: 'Our Mission',
    description: (product: string) =>
      `Why ${product} exists: skill-based eFootball tournaments for India, with prizes kept in a winnings balance until you withdraw them and nothing to deposit.`,
    eyebrow: 'Our Mission',
    heading: 'Built for the players',
    lead: (product: string) => `${product} exists so that India's eFootball players can compete seriously, fairly and for real rewards.`,
    badge: 'Join the Movement',
    badgeNote: '(opens the WhatsApp community in a new tab)',
    purpose: 'Our Purpose',
    purposeText:
      'Millions of Indians play eFootball on their phones, and many of them are very good. Few ever get an organised, fair place to prove it. We give them one: real tournaments with clear rules, fixed prize pools and cash prizes in rupees.',
    purposeSkill: 'Every tournament is skill-based. Your result comes from how you play, never from luck.',
    opportunity: 'Our Opportunity',
    opportunityText:
      'Mobile gaming in India keeps growing, but competitive play is still scattered across chat groups and spreadsheets. We bring it together: quick 1v1 Knockouts, Super 4 and Super 8 brackets, and Monthly Championships with bigger prize pools, all in one place.',
    vision: 'Our Vision',
    visionText:
      'A home for competitive mobile eFootball in India, where a player from any city can start in a 1v1, climb to a championship final and be known for it.',
    trust: (rules: RuleWords) =>
      `Trust comes first. Entry fees are paid through Razorpay. Prizes stay in your winnings balance until you withdraw them to your UPI id, and nothing can be deposited. Tax is withheld under the Income-tax Act at ${rules.TAX_PERCENT} of net winnings, and you see it before you confirm.`,
    together: 'Together We Rise',
    togetherText:
      'Our WhatsApp group and Discord server are where fixtures drop, rivalries start and new players learn from the best. Every match you play makes the community stronger.',
    newHere: 'New here? The [Help Center](helpCenter) shows you how to join.',
  },
  contact: {
    title: 'Contact Us',
    description: (product: string) =>
      `Contact ${product}: email support (replies usually within 24 hours), the WhatsApp chat community and the Discord community server.`,
    eyebrow: 'Contact',
    heading: 'Contact Us',
    lead: 'Pick the way that suits you. Real people answer, not bots.',
    ways: 'Ways to reach us',
    emailTitle: 'Email support',
    emailText: 'Questions about your account, a payment or a refund.',
    chatTitle: 'Chat community',
    chatText: 'Our WhatsApp group: announcements, match calls and quick help.',
    chatAction: 'Join on WhatsApp',
    serverTitle: 'Community server',
    serverText: 'Our Discord server: tournament channels, results and support.',
    serverAction: 'Join on Discord',
    business: 'Business address and phone',
    address: 'Address',
    phone: 'Phone',
    replyNote: (rules: RuleWords) =>
      `**Email replies usually take 24 hours** (48 hours at most). For payment questions, include your Razorpay payment ID. A disputed result is raised on the match page, not by e-mail: staff decide ${rules.DISPUTE_DEADLINES}.`,
  },
  help: {
    title: 'Help Center',
    description: (product: string) =>
      `Need help with ${product}? How to join tournaments, formats and rules, getting started, and where to get support.`,
    eyebrow: 'Help Center',
    heading: 'Need Help?',
    lead: 'Quick answers to the questions players ask most.',
    topics: 'Help topics',
    join: {
      title: 'How to Join Tournaments',
      steps: (idMin: number, idMax: number) => [
        'Sign in with your email.',
        `Complete your profile: legal name (as on your PAN), in-game name, date of birth and your eFootball user ID (${idMin} to ${idMax} letters, digits or dashes).`,
        'Open a tournament from the [tournaments page](tournaments) and choose how many slots you want.',
        'Pay the entry fee in rupees through Razorpay.',
        'Your registration shows up under My Tournaments straight away.',
      ],
      refund: 'If a tournament fills up before your payment lands, you get your money back automatically.',
    },
    community: {
      title: 'Community Support',
      site: "Everything about your games is on this site: your check-in and your next match on the [dashboard](dashboard), the fixtures and results on each tournament's page, the room on the match page. Our WhatsApp group and Discord server are for chat: ask questions there and other players or our moderators will help.",
      email: 'For anything about your account or a payment, email {email}. We usually reply within 24 hours.',
    },
    formats: {
      title: 'Tournament Formats & Rules',
      list: [
        '**1v1 Knockout:** two players, one winner.',
        '**Super 4:** a bracket of 4 players.',
        '**Super 8:** a bracket of 8 players.',
        '**Monthly Championships:** big brackets with the biggest prize pools.',
      ],
      rules: (rules: RuleWords) =>
        `Every entry checks in before the draw: a championship ${rules.CHECK_IN_CHAMPIONSHIP}, a quick pod within ${rules.POD_CHECK_IN} of filling. An entry not checked in is withdrawn: a championship keeps its fee, a quick pod refunds it in full. Report each result on the match page within ${rules.REPORT_WINDOW}; if you disagree, open a dispute there and staff decide ${rules.DISPUTE_DEADLINES}. Prizes are credited ${rules.CHALLENGE_WINDOWS}, and ${rules.TAX_PERCENT} tax on net winnings is withheld by law. Each tournament page lists its own rules and schedule; the [Tournament Participation Policy](cancellationRefund) explains refunds.`,
    },
    disputes: {
      title: 'Disputes and disconnections',
      dispute: (rules: RuleWords) =>
        `If your opponent reports a different score, open a dispute on the match page with the screenshot of the result screen; staff decide ${rules.DISPUTE_DEADLINES} and both of you read their note.`,
      disconnection: (rules: RuleWords) =>
        `If the match disconnects, both players report the game minute and the score under "Report a disconnection". Agreed at 0–0 by minute ${rules.DISCONNECTION_MINUTE}, the match restarts. Later, you play a new friend match with the same settings until the game clock shows the minutes that were left, and report the carried score plus the replay's goals. Reports that disagree go to staff.`,
    },
    waitlist: {
      title: 'The waitlist',
      text: 'When a tournament is full you can take a place on its waitlist. Check in during the check-in window: if a player does not check in, the first checked-in player on the waitlist moves up before the draw. A paid place that does not move up is refunded in full, and you can leave the waitlist from My Tournaments (refunded in full) until check-in closes.',
    },
    winnings: {
      title: 'Winnings, tax, KYC and withdrawals',
      credited: (rules: RuleWords) =>
        `Prizes are credited to your balance on [My Earnings](myEarnings) ${rules.CHALLENGE_WINDOWS}. To withdraw, verify your PAN and UPI id once (KYC): the check runs in the background and My Earnings shows when it is done.`,
      tax: (rules: RuleWords) =>
        `Indian law withholds ${rules.TAX_PERCENT} tax on net winnings when you withdraw: what you withdraw less the entry fees you paid in the financial year (April to March) and your opening balance, less what earlier withdrawals that year already counted. My Earnings shows your balance after tax, and the withdraw screen shows the tax before you confirm. Your first withdrawal, and any above ${rules.PAYOUT_APPROVAL_ABOVE}, is checked by an admin first; the screen says by when.`,
    },
    draw: {
      title: 'Is the draw fair?',
      text: "Yes, and you can check it. Before a tournament's draw we publish the fingerprint of a secret nobody can read; at the draw we reveal the secret, and the bracket follows from it by a published recipe. [How to verify a draw](verifyDraw).",
    },
    start: {
      title: 'Getting Started',
      intro: 'All you need is eFootball on your phone and your game user ID.',
      list: (minimumAge: number, paidAge: number) => [
        `You must be ${minimumAge} or older. Under ${paidAge}? Ask a parent or guardian to agree first.`,
        'New tournaments are listed on the [tournaments page](tournaments); the community below is for chat.',
        'Start with a quick 1v1 Knockout, then move up to the championships.',
      ],
    },
    stuck: 'Still stuck? Ask the community',
    stuckLead: 'Players and moderators answer fast in both places.',
  },
  verifyDraw: {
    title: 'How to verify a draw',
    description: (product: string) =>
      `Every ${product} draw can be checked by anyone: the secret is committed before the draw and revealed after it.`,
    eyebrow: 'Help Center',
    lead: 'Nobody, staff included, can choose who plays whom. Here is how you can check it yourself.',
    promiseHeading: 'The promise, in two steps',
    promise: [
      "**Before the draw: the commitment.** When a tournament opens, the database makes up a random secret that nobody can read and publishes only its fingerprint, the commitment: the SHA-256 hash of the secret, shown on the tournament's Brackets tab. A fingerprint cannot be turned back into the secret, and finding another secret with the same fingerprint is practically impossible.",
      '**At the draw: the reveal.** When check-in closes, the draw runs once and the secret is published next to the bracket, with the list of checked-in entries. Anyone can hash the secret and see that it matches the commitment published before: the secret, and so the draw, was fixed before anyone knew who would check in.',
    ],
    ruleHeading: 'How the secret decides the bracket',
    ruleLead: 'The draw is a fixed recipe: the same secret and the same entries always give the same bracket.',
    rule: [
      '**Size.** The bracket has the next power of two at or above the number of checked-in entries (7 entries make a bracket of 8). The places left over are byes.',
      "**A key per entry.** Each entry's key is the SHA-256 hash of the secret, a colon and the entry's id (`secret:entry-id`). Keys look random, and nobody could know them before the secret was revealed.",
      "**Entries of one buyer apart.** Entries bought together must not meet early. Each such group, the group with the smallest key first, takes a block of neighbouring seeds (a block as big as the group, rounded up to a power of two). The secret chooses the block: blocks are tried in the order of the hash of `secret:block:<the group's first entry>:<block number>`, and the first with room gives the group its lowest free seeds. Neighbouring seeds sit in different halves of the bracket.",
      '**Everyone else.** Every other entry, in the order of its key, takes the lowest seed still free.',
      '**Round 1.** Seeds meet in the standard order: in a bracket of 8, 1 v 8, 4 v 5, 2 v 7 and 3 v 6. A seed above the number of entries is a bye, so byes go to the first seeds, no bye meets a bye and nobody gets two.',
      "**Later rounds.** The winners of matches 1 and 2 meet in the next round's match 1, and so on.",
    ],
    checkHeading: 'Check it yourself',
    checkTab:
      "On a tournament's Brackets tab, open **How this draw was made**: it shows the commitment, the secret and the number of entries drawn. Any SHA-256 tool turns the secret into the commitment.",
    checkCommand:
      "To recompute the whole draw, the site's source includes a command that reads the published bracket, recomputes the commitment, the seeds and round 1, and prints **OK** or the first difference it finds:",
    public:
      'The bracket it reads is public: the database function `get_bracket` answers it to anyone. Questions about a draw? Write to {email}.',
    back: '[Back to the Help Center](helpCenter)',
  },
  grievance: {
    title: 'File a grievance',
    description: 'File a grievance about how we handle your personal data: acknowledged within 48 hours, resolved within 30 days.',
    eyebrow: 'Your privacy',
    lead: 'Something wrong with how we handle your personal data? Tell us here. Anyone may file one, with or without an account.',
    deadlines: 'We acknowledge it within **48 hours** and resolve it within **30 days**.',
    officer: 'Grievance officer:',
    board: 'If our answer does not settle it, you may complain to the Data Protection Board of India.',
    yourData: 'To see or delete your data yourself, use your [Profile](profile).',
    noScript: 'The form needs JavaScript. Write to the grievance officer at {officer} instead.',
  },
};

export type InfoMessages = typeof infoEn;
