/**
 * The profile page's static words (profile.astro), rendered at build time in the page's language: kept apart
 * from the island's words so no browser downloads them.
 */
import type { Lang } from '@/lib/i18n/lang';

export const PROFILE_PAGE_WORDS = {
  en: {
    title: 'Your Profile',
    description: 'Your player profile, picture and sign-in settings.',
    eyebrow: 'Your account',
    lead: 'Your player details, your picture and how you sign in.',
    support: 'Support',
    supportNote: '(WhatsApp group, opens in a new tab)',
  },
  hi: {
    title: 'आपकी प्रोफ़ाइल',
    description: 'आपकी खिलाड़ी प्रोफ़ाइल, तस्वीर और लॉग इन की सेटिंग।',
    eyebrow: 'आपका अकाउंट',
    lead: 'आपकी खिलाड़ी की जानकारी, आपकी तस्वीर और आप कैसे लॉग इन करते हैं।',
    support: 'सहायता',
    supportNote: '(WhatsApp ग्रुप, नए टैब में खुलता है)',
  },
} satisfies Record<Lang, Record<string, string>>;
