import { describe, expect, it } from 'vitest';
import { statementsBeyondMigra } from '../migration-new.ts';
import { splitStatements } from './sql-statements.ts';

describe('splitStatements', () => {
  it('cuts at the semicolons that end statements, not those inside bodies, strings, names or comments', () => {
    const script = [
      '-- a heading; with a semicolon',
      "comment on table t is 'one; two''s';",
      'create function f() returns int language plpgsql as $function$ begin return 1; end; $function$;',
      "select E'it\\'s; fine', \"odd;name\" from x; /* c; */ select $$a;b$$;",
      '-- only a comment at the end;',
    ].join('\n');
    expect(splitStatements(script)).toEqual([
      "-- a heading; with a semicolon\ncomment on table t is 'one; two''s';",
      'create function f() returns int language plpgsql as $function$ begin return 1; end; $function$;',
      "select E'it\\'s; fine', \"odd;name\" from x;",
      '/* c; */ select $$a;b$$;',
    ]);
  });
});

describe('statementsBeyondMigra', () => {
  const upsert =
    "insert into private.settings (key, value) values\n  ('tax_rate', '0.30')\non conflict (key) do update set value = excluded.value;";

  it('adds what migra leaves out: comments, access, publication, rule rows', () => {
    const out = statementsBeyondMigra(
      [
        {
          identity: 'function private.f()',
          migrations: 'create function ...;',
          schemas: "comment on function private.f() is 'Why.';\ncreate function ...;",
        },
        {
          identity: 'access to function private.f()',
          migrations: 'public:execute supabase_migrator:execute',
          schemas: 'authenticated:execute supabase_migrator:execute',
        },
        {
          identity: 'relation public.t',
          migrations: 'create table public.t ();',
          schemas: 'create table public.t ();\nalter publication supabase_realtime add table public.t;',
        },
        {
          identity: "row of private.settings ('tax_rate')",
          migrations: "key = 'tax_rate', value = '0.31'",
          schemas: "key = 'tax_rate', value = '0.30'",
        },
        { identity: "row of private.settings ('gone')", migrations: "key = 'gone', value = '1'" },
      ],
      [upsert, 'create table private.settings ();'],
      new Map([['private.settings', ['key']]]),
    );
    expect(out).toEqual([
      "comment on function private.f() is 'Why.';",
      'revoke all on function private.f() from public;',
      'grant execute on function private.f() to authenticated;',
      'alter publication supabase_realtime add table public.t;',
      "delete from private.settings where (key) = ('gone');",
      upsert,
    ]);
  });

  it('takes a comment off when the area files drop it', () => {
    const out = statementsBeyondMigra(
      [
        {
          identity: 'function private.f()',
          migrations: "comment on function private.f() is 'Old.';\ncreate function ...;",
          schemas: 'create function ...;',
        },
      ],
      [],
      new Map(),
    );
    expect(out).toEqual(['comment on function private.f() is null;']);
  });
});
