import { describe, expect, it } from 'vitest';
import { chosenEngines, scaleEngineName } from './engine-choice.ts';
import { findPostgresBinaries } from './postgres-cluster.ts';

const installed = findPostgresBinaries() !== null;

describe('which engines the SQL tests run on', () => {
  it('covers every installed engine when nothing is chosen, PGlite first', () => {
    expect(chosenEngines({})).toEqual(installed ? ['pglite', 'postgres'] : ['pglite']);
  });

  it('keeps the one engine named, in any case and spacing', () => {
    expect(chosenEngines({ SQL_TEST_ENGINES: ' PGlite ' })).toEqual(['pglite']);
  });

  it('takes the quicker engine for the edit loop: PostgreSQL when installed, else PGlite', () => {
    expect(chosenEngines({ SQL_TEST_ENGINES: 'one' })).toEqual([installed ? 'postgres' : 'pglite']);
  });

  it('refuses a name that is no engine, and says which names are', () => {
    expect(() => chosenEngines({ SQL_TEST_ENGINES: 'pglite,mysql' })).toThrow(
      'SQL_TEST_ENGINES names no engine: mysql (pglite, postgres, or one)',
    );
  });

  it.runIf(!installed)('refuses PostgreSQL by name when its server is not installed, rather than skip it silently', () => {
    expect(() => chosenEngines({ SQL_TEST_ENGINES: 'postgres' })).toThrow('no PostgreSQL server is installed');
  });

  it.runIf(installed)('keeps PostgreSQL alone when it is named', () => {
    expect(chosenEngines({ SQL_TEST_ENGINES: 'postgres' })).toEqual(['postgres']);
  });

  it('repeats the tests at scale on PostgreSQL whenever the run covers it, else on the one engine covered', () => {
    expect(scaleEngineName({})).toBe(installed ? 'postgres' : 'pglite');
    expect(scaleEngineName({ SQL_TEST_ENGINES: 'pglite' })).toBe('pglite');
    expect(scaleEngineName({ SQL_TEST_ENGINES: 'one' })).toBe(installed ? 'postgres' : 'pglite');
  });
});
