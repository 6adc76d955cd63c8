import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countStackLines, DOUBLES_CEILING, EMULATION_CEILING } from './stack-lines.mjs';

describe('the local stack stays within its line ceilings', () => {
  const { emulation, doubles } = countStackLines();

  it(`the emulation of Supabase: at most ${EMULATION_CEILING} lines`, () => {
    expect(emulation).toBeLessThanOrEqual(EMULATION_CEILING);
  });

  it(`the doubles of outside providers: at most ${DOUBLES_CEILING} lines`, () => {
    expect(doubles).toBeLessThanOrEqual(DOUBLES_CEILING);
  });

  const scratch = mkdtempSync(path.join(os.tmpdir(), 'stack-lines-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('counts every .ts line once, doubles/ (and below) apart from the rest', () => {
    mkdirSync(path.join(scratch, 'services', 'rest'), { recursive: true });
    mkdirSync(path.join(scratch, 'doubles', 'bank'), { recursive: true });
    writeFileSync(path.join(scratch, 'main.ts'), 'a\nb\n');
    writeFileSync(path.join(scratch, 'services', 'rest', 'index.ts'), 'a\nb\nc\n');
    writeFileSync(path.join(scratch, 'doubles', 'push.ts'), 'a\n');
    writeFileSync(path.join(scratch, 'doubles', 'bank', 'types.d.ts'), 'a\nb\nc\nd\n');
    writeFileSync(path.join(scratch, 'shim.sql'), 'not counted\n');
    const counted = countStackLines(scratch);
    expect({ emulation: counted.emulation, doubles: counted.doubles }).toEqual({ emulation: 5, doubles: 5 });
  });
});
