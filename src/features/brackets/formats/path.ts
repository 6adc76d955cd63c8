/**
 * The projected knockout path of a player in the groups, in one sentence: "Win group A and you meet the runner-up
 * of group B; finish second and you meet the winner of group D." Read from the knockout's `feeds` (get_bracket:
 * which group place takes each first-round slot, by the same rule private.fill_knockout fills it with), in English
 * and in Hindi from the same values. Pure functions.
 */
import type * as z from 'zod/mini';
import type { QualifierSlotSchema } from './stage-schema';
import type { KnockoutStage } from './stages';

export type QualifierSlot = z.infer<typeof QualifierSlotSchema>;
export type Lang = 'en' | 'hi';

/** Who a finish in a group meets first in the knockout: the slot beside it ({ bye: true } when nobody), or null when that place does not go through. */
export function firstOpponent(feeds: readonly (readonly [QualifierSlot, QualifierSlot])[], group: string, place: number) {
  for (const [a, b] of feeds) {
    const isMine = (slot: QualifierSlot) => slot !== null && 'group' in slot && slot.group === group && slot.place === place;
    if (isMine(a)) return b === null ? ({ bye: true } as const) : b;
    if (isMine(b)) return a === null ? ({ bye: true } as const) : a;
  }
  return null;
}

const ORDINAL_EN = ['', 'first', 'second', 'third', 'fourth'] as const;
const ORDINAL_HI = ['', 'पहले', 'दूसरे', 'तीसरे', 'चौथे'] as const;

function opponentEn(slot: NonNullable<QualifierSlot>): string {
  if ('group' in slot) {
    if (slot.place === 1) return `the winner of group ${slot.group}`;
    if (slot.place === 2) return `the runner-up of group ${slot.group}`;
    return `the ${ORDINAL_EN[slot.place] ?? `number ${slot.place}`} of group ${slot.group}`;
  }
  return slot.place === 2 ? 'one of the best runners-up' : `one of the best ${ORDINAL_EN[slot.place] ?? slot.place}-placed players`;
}

function opponentHi(slot: NonNullable<QualifierSlot>): string {
  if ('group' in slot) {
    if (slot.place === 1) return `ग्रुप ${slot.group} के विजेता`;
    if (slot.place === 2) return `ग्रुप ${slot.group} के रनर-अप`;
    return `ग्रुप ${slot.group} में ${ORDINAL_HI[slot.place] ?? slot.place} स्थान वाले खिलाड़ी`;
  }
  return slot.place === 2 ? 'सबसे अच्छे रनर-अप में से किसी एक' : `${ORDINAL_HI[slot.place] ?? slot.place} स्थान वाले सबसे अच्छे खिलाड़ियों में से किसी एक`;
}

/**
 * The sentence for a player of `group`, one clause per place that goes through (`perGroup`), or null when the
 * knockout does not say (no feeds: an answer from before, or a knockout not fed by groups).
 */
export function projectedPath(knockout: KnockoutStage | undefined, group: string, perGroup: number, lang: Lang = 'en'): string | null {
  const feeds = knockout?.feeds;
  if (!feeds || feeds.length === 0) return null;
  const clauses: string[] = [];
  for (let place = 1; place <= perGroup; place++) {
    const opponent = firstOpponent(feeds, group, place);
    if (!opponent) continue;
    if (lang === 'hi') {
      const finish = place === 1 ? `ग्रुप ${group} जीतें` : `${ORDINAL_HI[place] ?? place} स्थान पर रहें`;
      const then = 'bye' in opponent ? 'आप सीधे नॉकआउट के दूसरे राउंड में पहुँचेंगे' : `नॉकआउट में आपका मुक़ाबला ${opponentHi(opponent)} से होगा`;
      clauses.push(`${finish} तो ${then}`);
    } else {
      const finish = place === 1 ? `win group ${group}` : `finish ${ORDINAL_EN[place] ?? `number ${place}`}`;
      const then = 'bye' in opponent ? 'you go straight into the second knockout round' : `you meet ${opponentEn(opponent)}`;
      clauses.push(`${finish} and ${then}`);
    }
  }
  if (clauses.length === 0) return null;
  const sentence = clauses.join('; ');
  return lang === 'hi' ? `${sentence}।` : `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}
