/**
 * Which areas call which: read from the area files (supabase/schemas), where every function is declared
 * once. An area calls another when one of its statements (a function body, a trigger, a policy, a
 * default or check) calls a function the other declares. Areas should call downward only: foundation
 * at the bottom, nothing calling both ways (supabase/tests/schema-call-graph.test.ts).
 */
import { type AreaFile, readAreaFiles } from './schema-files.ts';
import { splitStatements } from './sql-statements.ts';

export type CallGraph = {
  /** `from -> to` for every area that calls into another, each with the functions it calls there. */
  calls: Map<string, Map<string, Set<string>>>;
  /** The pairs of areas that call each other, each once (`a <-> b`, a before b). */
  bothWays: string[];
};

/** Statements that name a function without calling it. */
const NOT_A_CALL = /^(comment on|grant|revoke)\b/i;

export function areaCallGraph(files: AreaFile[] = readAreaFiles()): CallGraph {
  const owner = new Map<string, string>();
  for (const { area, sql } of files) {
    for (const [, name] of sql.matchAll(/^CREATE OR REPLACE FUNCTION ([a-z_]+\.[a-z_0-9]+)\(/gim))
      owner.set(name?.toLowerCase() ?? '', area);
  }
  const calls = new Map<string, Map<string, Set<string>>>();
  for (const { area, sql } of files) {
    for (const statement of splitStatements(sql)) {
      const code = statement.replace(/^(\s*--[^\n]*\n)*/, '');
      if (NOT_A_CALL.test(code)) continue;
      // Comments inside a body name functions in words; only code calls them.
      const body = code.replace(/--[^\n]*/g, '');
      for (const [, called] of body.matchAll(/\b([a-z_]+\.[a-z_0-9]+)\s*\(/gi)) {
        const to = owner.get(called?.toLowerCase() ?? '');
        if (!to || to === area) continue;
        const from = calls.get(area) ?? new Map<string, Set<string>>();
        from.set(to, (from.get(to) ?? new Set()).add(called?.toLowerCase() ?? ''));
        calls.set(area, from);
      }
    }
  }
  const bothWays: string[] = [];
  for (const [from, targets] of calls) {
    for (const to of targets.keys()) if (from < to && calls.get(to)?.has(from)) bothWays.push(`${from} <-> ${to}`);
  }
  return { calls, bothWays: bothWays.sort() };
}
