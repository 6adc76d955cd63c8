/**
 * The format of a tournament in one sentence, for the words above its bracket (the pod page), and place
 * numbers in words. Small on purpose: pages that show a knockout load it.
 */

/** The format in one sentence, from the kinds of the stages a tournament is declared with (null or none: one knockout). */
export function formatIntro(kinds: readonly string[] | null): string {
  if (kinds?.includes('groups'))
    return 'Groups then a knockout: everyone plays every other player of their group (3 points a win, 1 a draw), and the best of each group go on to a knockout.';
  if (kinds?.includes('swiss'))
    return 'Swiss: every round you meet a player on the same points as you, nobody twice; nobody is out after one loss, and the table decides the places.';
  if (kinds?.includes('double_elimination'))
    return 'Double elimination: lose once and you drop into the losers’ bracket; lose twice and you are out.';
  return 'Single elimination: lose once and you are out.';
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** The format in one Hindi sentence, from the same stage kinds. */
export function formatIntroHi(kinds: readonly string[] | null): string {
  if (kinds?.includes('groups'))
    return 'पहले ग्रुप, फिर नॉकआउट: हर खिलाड़ी अपने ग्रुप के हर दूसरे खिलाड़ी से खेलता है (जीत के 3 पॉइंट, ड्रॉ का 1), और हर ग्रुप के सबसे अच्छे खिलाड़ी नॉकआउट में जाते हैं।';
  if (kinds?.includes('swiss'))
    return 'स्विस: हर राउंड में आप अपने जितने पॉइंट्स वाले खिलाड़ी से खेलते हैं, किसी से दो बार नहीं; एक हार पर कोई बाहर नहीं होता, और स्थान टेबल से तय होते हैं।';
  if (kinds?.includes('double_elimination')) return 'डबल एलिमिनेशन: एक बार हारे तो आप लूज़र्स ब्रैकेट में चले जाते हैं; दो बार हारे तो बाहर।';
  return 'सिंगल एलिमिनेशन: एक बार हारे तो बाहर।';
}

/**
 * The words above a tournament's bracket (BracketIntro.astro, rendered at build time) in both languages: the
 * format, the entries, when the draw runs and who is drawn, from the same numbers and time.
 */
export const BRACKET_INTRO_WORDS = {
  en: {
    format: (kinds: readonly string[], staged: boolean, maxPlayers: number) =>
      staged
        ? `${formatIntro(kinds)} Up to ${maxPlayers} entries.`
        : `A single-elimination bracket for up to ${maxPlayers} entries: lose once and you are out.`,
    drawRuns: 'The draw runs when check-in closes',
    unlessMoved: 'unless the tournament is moved',
    drawn: (staged: boolean) =>
      `only checked-in entries are drawn${staged ? '' : ', and byes fill the places left'}. Anyone can check the draw:`,
    verify: 'how to verify a draw',
  },
  hi: {
    format: (kinds: readonly string[], staged: boolean, maxPlayers: number) =>
      staged
        ? `${formatIntroHi(kinds)} ज़्यादा से ज़्यादा ${maxPlayers} एंट्री।`
        : `ज़्यादा से ज़्यादा ${maxPlayers} एंट्री का सिंगल-एलिमिनेशन ब्रैकेट: एक बार हारे तो बाहर।`,
    drawRuns: 'ड्रॉ चेक-इन बंद होने पर निकलता है',
    unlessMoved: 'अगर टूर्नामेंट का समय न बदले',
    drawn: (staged: boolean) => `सिर्फ़ चेक-इन की हुई एंट्री ड्रॉ में आती हैं${staged ? '' : ', और बची जगहें बाई से भरती हैं'}। कोई भी ड्रॉ जाँच सकता है:`,
    verify: 'ड्रॉ कैसे जाँचें',
  },
} as const;
