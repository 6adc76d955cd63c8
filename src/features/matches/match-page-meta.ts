/** The match page's title and description in both languages, rendered at build time (match/index.astro): no JavaScript. */
import type { Lang } from '@/lib/i18n/lang';

export const MATCH_PAGE_META = {
  en: { title: 'Match', description: 'A tournament match: its two players, the time in IST, the room, Ready, the result.' },
  hi: { title: 'मैच', description: 'टूर्नामेंट का एक मैच: उसके दो खिलाड़ी, IST में समय, रूम, रेडी और रिज़ल्ट।' },
} satisfies Record<Lang, { title: string; description: string }>;
