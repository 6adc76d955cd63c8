import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_SETTINGS, matchSettingsToSql, SPECIAL_ROUNDS, settingsForRound } from './match-settings';

const CATALOG_DIR = join(process.cwd(), 'src/content/tournaments');
const KNOWN = Object.keys(DEFAULT_MATCH_SETTINGS);

describe('match settings', () => {
  it('are spelt as the schema knows them in every catalog file (the schema drops unknown keys)', () => {
    for (const name of readdirSync(CATALOG_DIR).filter((file) => file.endsWith('.json'))) {
      const { matchSettings } = JSON.parse(readFileSync(join(CATALOG_DIR, name), 'utf8')) as { matchSettings?: Record<string, unknown> };
      expect(matchSettings, name).toBeDefined();
      const { rounds = {}, ...base } = matchSettings ?? {};
      expect(KNOWN, name).toEqual(expect.arrayContaining(Object.keys(base)));
      for (const [round, part] of Object.entries(rounds as Record<string, object>)) {
        expect(SPECIAL_ROUNDS, name).toContain(round);
        expect(KNOWN, name).toEqual(expect.arrayContaining(Object.keys(part)));
      }
    }
  });

  it('merge the defaults, the base and the round, and reach the database in its words', () => {
    const input = { matchMinutes: 8, rounds: { final: { matchMinutes: 15, injuries: true } } };
    expect(settingsForRound(input, 0)).toEqual({ ...DEFAULT_MATCH_SETTINGS, matchMinutes: 15, injuries: true });
    expect(settingsForRound(input, 1)).toEqual({ ...DEFAULT_MATCH_SETTINGS, matchMinutes: 8 });
    expect(matchSettingsToSql(input)).toEqual({ match_minutes: 8, rounds: { final: { match_minutes: 15, injuries: true } } });
    expect(matchSettingsToSql(undefined)).toBeNull();
  });
});
