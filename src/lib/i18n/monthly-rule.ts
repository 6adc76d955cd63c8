/**
 * A recurring series' rule (recurrence.ts `every`) as a sentence in a language: "The first Saturday of every month
 * at 18:00 IST" / "हर महीने के पहले शनिवार को 18:00 बजे IST". The one place both languages word it: the static
 * dictionaries and the edition page's island read it from here.
 */
import type { Lang } from './lang';

export type MonthlyRule = { week: 1 | 2 | 3 | 4 | 'last'; weekday: string; time: string };

const HINDI_WEEKDAYS: Record<string, string> = {
  sunday: 'रविवार',
  monday: 'सोमवार',
  tuesday: 'मंगलवार',
  wednesday: 'बुधवार',
  thursday: 'गुरुवार',
  friday: 'शुक्रवार',
  saturday: 'शनिवार',
};

export function monthlyRuleIn(lang: Lang, every: MonthlyRule): string {
  if (lang === 'hi') {
    const week = every.week === 'last' ? 'आख़िरी' : (['पहले', 'दूसरे', 'तीसरे', 'चौथे'] as const)[every.week - 1];
    return `हर महीने के ${week} ${HINDI_WEEKDAYS[every.weekday] ?? every.weekday} को ${every.time} बजे IST`;
  }
  const week = every.week === 'last' ? 'last' : (['first', 'second', 'third', 'fourth'] as const)[every.week - 1];
  return `The ${week} ${every.weekday.charAt(0).toUpperCase()}${every.weekday.slice(1)} of every month at ${every.time} IST`;
}
