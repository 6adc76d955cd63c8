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
