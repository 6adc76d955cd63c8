import { describe, expect, it } from 'vitest';
import { formatNameIn } from './format-names';
import { TournamentFormat } from './tournaments';

describe('format names', () => {
  it('name every catalog format in Hindi on a Hindi page, the brand names as they are', () => {
    const hindi = TournamentFormat.options.map((format) => formatNameIn('hi', format));
    expect(hindi).toEqual(['1v1 नॉकआउट', 'Super 4', 'Super 8', 'मंथली चैंपियनशिप', 'कम्युनिटी कप']);
  });

  it('keep the English name on an English page', () => {
    for (const format of TournamentFormat.options) expect(formatNameIn('en', format)).toBe(format);
  });

  it('show a name the list does not know as it is, and never read an inherited key', () => {
    expect(formatNameIn('hi', 'Weekend Bash')).toBe('Weekend Bash');
    expect(formatNameIn('hi', '__proto__')).toBe('__proto__');
    expect(formatNameIn('hi', 'toString')).toBe('toString');
  });
});
