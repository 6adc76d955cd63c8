/**
 * Match settings in the game's own words (eFootball's friend-match room: Match Time, Extra Time, Penalties,
 * Injuries, Condition, Substitutions) and the match-day rules that follow from them: the disconnection
 * cut-off minute and the host's minutes. The catalog states them per series or edition (`matchSettings`, a
 * later knockout round may differ); the catalog sync copies them into SQL, which applies them
 * (private.match_settings, get_match_settings, report_disconnection). The rules text players read is
 * generated here from the same values, never written by hand (the promise check refuses prose that differs).
 * The defaults are private.default_match_settings()'s (supabase/tests/rules-promises.test.ts compares them).
 */
import * as z from 'zod/mini';
// Relative, with its extension: the catalog sync runs this module under plain Node.
import { DISCONNECTION_RESTART_BY_MINUTE } from './rules.ts';

/** eFootball's Condition options, as the room shows them. */
export const CONDITIONS = ['Excellent', 'Good', 'Normal', 'Poor', 'Random'] as const;

const Part = {
  /** eFootball's Match Time: real minutes for the whole match (90 game minutes). */
  matchMinutes: z.optional(z.int().check(z.gte(3)).check(z.lte(30))),
  extraTime: z.optional(z.boolean()),
  penalties: z.optional(z.boolean()),
  injuries: z.optional(z.boolean()),
  condition: z.optional(z.enum(CONDITIONS)),
  substitutions: z.optional(z.int().check(z.gte(0)).check(z.lte(11))),
  /** A disconnection both players report by this game minute at 0–0 restarts the match. */
  restartByMinute: z.optional(z.int().check(z.gte(0)).check(z.lte(45))),
  /** The host's minutes to post the room after the ready window opens; then the guest may host. */
  hostMinutes: z.optional(z.int().check(z.gte(1)).check(z.lte(15))),
};
const PartSchema = z.object(Part);

/** The knockout rounds that may be played with other settings, counted from the end. */
export const SPECIAL_ROUNDS = ['final', 'semiFinals', 'quarterFinals'] as const;
type SpecialRound = (typeof SPECIAL_ROUNDS)[number];
const ROUND_WORDS: Record<SpecialRound, string> = {
  final: 'the final',
  semiFinals: 'the semi-finals',
  quarterFinals: 'the quarter-finals',
};
const ROUND_KEYS: Record<SpecialRound, string> = { final: 'final', semiFinals: 'semi_finals', quarterFinals: 'quarter_finals' };

export const MatchSettingsSchema = z.object({
  ...Part,
  rounds: z.optional(
    z.object({ final: z.optional(PartSchema), semiFinals: z.optional(PartSchema), quarterFinals: z.optional(PartSchema) }),
  ),
});
export type MatchSettingsInput = z.infer<typeof MatchSettingsSchema>;

export type MatchSettings = {
  matchMinutes: number;
  extraTime: boolean;
  penalties: boolean;
  injuries: boolean;
  condition: (typeof CONDITIONS)[number];
  substitutions: number;
  restartByMinute: number;
  hostMinutes: number;
};

/** private.default_match_settings(), in the same order. */
export const DEFAULT_MATCH_SETTINGS: MatchSettings = {
  matchMinutes: 10,
  extraTime: true,
  penalties: true,
  injuries: false,
  condition: 'Excellent',
  substitutions: 5,
  restartByMinute: DISCONNECTION_RESTART_BY_MINUTE,
  hostMinutes: 5,
};

const SQL_KEYS: Record<keyof MatchSettings, string> = {
  matchMinutes: 'match_minutes',
  extraTime: 'extra_time',
  penalties: 'penalties',
  injuries: 'injuries',
  condition: 'condition',
  substitutions: 'substitutions',
  restartByMinute: 'restart_by_minute',
  hostMinutes: 'host_minutes',
};

function partToSql(part: Partial<MatchSettings>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(part)) {
    if (value !== undefined && key in SQL_KEYS) out[SQL_KEYS[key as keyof MatchSettings]] = value;
  }
  return out;
}

/** The catalog's settings as the database stores them (series.match_settings, tournaments.match_settings). */
export function matchSettingsToSql(input: MatchSettingsInput | undefined): Record<string, unknown> | null {
  if (!input) return null;
  const { rounds, ...base } = input;
  const out = partToSql(base);
  if (rounds && Object.keys(rounds).length > 0) {
    out.rounds = Object.fromEntries(
      Object.entries(rounds).map(([round, part]) => [ROUND_KEYS[round as SpecialRound], partToSql(part ?? {})]),
    );
  }
  return out;
}

/** The settings of one round (0 = the final, 1 = the semi-finals ...), as private.match_settings merges them. */
export function settingsForRound(input: MatchSettingsInput | undefined, roundsFromEnd: number): MatchSettings {
  const { rounds, ...base } = input ?? {};
  const special = SPECIAL_ROUNDS[roundsFromEnd];
  const override = special ? rounds?.[special] : undefined;
  return { ...DEFAULT_MATCH_SETTINGS, ...strip(base), ...strip(override ?? {}) };
}

function strip<T extends object>(part: T): Partial<MatchSettings> {
  return Object.fromEntries(Object.entries(part).filter(([, value]) => value !== undefined)) as Partial<MatchSettings>;
}

const onOff = (value: boolean) => (value ? 'On' : 'Off');
const minutes = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`;

/**
 * The six settings as the room shows them: [label, value]. The labels, On/Off and the condition are the game's own
 * words in every language (a player finds them on screen); `minutesIn` words the match time in the page's language.
 */
export function settingsRows(
  s: Pick<MatchSettings, 'matchMinutes' | 'extraTime' | 'penalties' | 'injuries' | 'condition' | 'substitutions'>,
  minutesIn: (count: number) => string = minutes,
) {
  return [
    ['Match Time', minutesIn(s.matchMinutes)],
    ['Extra Time', onOff(s.extraTime)],
    ['Penalties', onOff(s.penalties)],
    ['Injuries', onOff(s.injuries)],
    ['Condition', s.condition],
    ['Substitutions', String(s.substitutions)],
  ] as const;
}

/** "Match Time 10 minutes, Extra Time On, ...". */
export function settingsLine(s: MatchSettings): string {
  return settingsRows(s)
    .map(([label, value]) => `${label} ${value}`)
    .join(', ');
}

/** The settings that differ in a later round, in words: "Match Time 15 minutes". */
function differences(base: MatchSettings, round: MatchSettings): string {
  return settingsRows(round)
    .filter(([label, value]) => settingsRows(base).find(([l]) => l === label)?.[1] !== value)
    .map(([label, value]) => `${label} ${value}`)
    .join(', ');
}

/**
 * The rules text about match settings, the host and disconnections, generated from the settings: the
 * catalog's pages show these sentences, and the promise check holds any other text to them.
 */
export function matchDayRules(input: MatchSettingsInput | undefined): string[] {
  const base = settingsForRound(input, SPECIAL_ROUNDS.length);
  const later = SPECIAL_ROUNDS.map((round, index) => ({ round, settings: settingsForRound(input, index) }))
    .map(({ round, settings }) => ({ round, diff: differences(base, settings) }))
    .filter(({ diff }) => diff !== '')
    .map(({ round, diff }) => ` In ${ROUND_WORDS[round]}: ${diff}.`)
    .join('');
  return [
    `Match settings in the friend-match room: ${settingsLine(base)}.${later} The match page shows each match's settings.`,
    `The top-slot player hosts: post the room on the match page within ${minutes(base.hostMinutes)} of Ready opening (5 minutes before the match time), or the opponent may host instead. The guest checks the room's settings when pressing Ready.`,
    `A disconnection is reported on the match page by both players (the game minute and the score): by minute ${base.restartByMinute} at 0–0 the match restarts; later, a new room for the minutes left with the score carried, and the final report gives the total score. Reports that disagree, a claim that the opponent quit, a disconnection in the shoot-out or a second disconnection go to staff.`,
  ];
}
