import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLock, lockNewMigrations } from './migrations-lock.ts';

describe('the landed migrations of this repository', () => {
  it('match their recorded checksums, and every migration is listed', () => {
    // A failure here means a landed migration was edited (hosted projects would never see the edit:
    // put the change in a new migration) or a new one was not listed with `npm run migrations:lock`.
    expect(checkLock()).toEqual([]);
  });
});

describe('the migrations lock', () => {
  let dir: string;
  const setUp = () => {
    dir = mkdtempSync(path.join(tmpdir(), 'golazo-migrations-'));
    mkdirSync(path.join(dir, 'migrations'));
    return { migrations: path.join(dir, 'migrations'), lock: path.join(dir, 'migrations.sha256') };
  };
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reports an edited, a removed and an unlisted migration', () => {
    const { migrations, lock } = setUp();
    writeFileSync(path.join(migrations, '001_a.sql'), 'create table a ();');
    writeFileSync(path.join(migrations, '002_b.sql'), 'create table b ();');
    expect(lockNewMigrations(migrations, lock)).toEqual(['001_a.sql', '002_b.sql']);
    expect(checkLock(migrations, lock)).toEqual([]);

    writeFileSync(path.join(migrations, '001_a.sql'), 'create table a (id int);');
    rmSync(path.join(migrations, '002_b.sql'));
    writeFileSync(path.join(migrations, '003_c.sql'), 'create table c ();');
    expect(checkLock(migrations, lock)).toEqual([
      { file: '001_a.sql', problem: 'changed' },
      { file: '002_b.sql', problem: 'missing' },
      { file: '003_c.sql', problem: 'not listed' },
    ]);
  });

  it('adds new migrations without rewriting a listed one', () => {
    const { migrations, lock } = setUp();
    writeFileSync(path.join(migrations, '001_a.sql'), 'create table a ();');
    lockNewMigrations(migrations, lock);
    const before = readFileSync(lock, 'utf8');
    writeFileSync(path.join(migrations, '001_a.sql'), 'edited');
    writeFileSync(path.join(migrations, '002_b.sql'), 'create table b ();');
    expect(lockNewMigrations(migrations, lock)).toEqual(['002_b.sql']);
    const after = readFileSync(lock, 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(checkLock(migrations, lock)).toEqual([{ file: '001_a.sql', problem: 'changed' }]);
  });
});
