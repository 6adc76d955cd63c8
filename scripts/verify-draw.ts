/**
 * `npm run verify-draw -- <tournament id>`: recomputes a tournament's draw from what `get_bracket`
 * publishes (the commitment, the seeds and round 1; in groups the groups and the ties decided by lots; in Swiss
 * round 1's pairs: src/features/brackets/draw-formats.ts) and prints OK or the first difference.
 *
 *   npm run verify-draw -- super_8-pod-12            # asks the site's Supabase project
 *   npm run verify-draw -- --file bracket.json       # a saved get_bracket answer
 *
 * The project is the one the site uses: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY from the
 * environment or `.env`, else the local stack on SUPABASE_LOCAL_PORT (src/lib/local-addresses.ts, as the
 * site, the stack and the tests read it). A tournament whose draw has not run yet is "not drawn yet", not a
 * difference. Runs under Node 24, which strips the TypeScript types.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BracketSchema } from '../src/features/brackets/bracket-schema.ts';
import type { Verification } from '../src/features/brackets/draw.ts';
import { type PublishedFormat, verifyDraw } from '../src/features/brackets/draw-formats.ts';
import { localAddresses } from '../src/lib/local-addresses.ts';

/** The local stack's URL and the Supabase CLI's well-known local anon key (src/lib/supabase-address.ts; a test keeps them equal). */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
export const LOCAL_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The project to ask, read like the site reads it (an empty value means "not set"). */
export function supabaseSettings(env: Record<string, string | undefined> = process.env): { url: string; anonKey: string } {
  const read = (name: string) => (env[name]?.trim() ? env[name]?.trim() : undefined);
  return { url: localAddresses(env).stackUrl, anonKey: read('PUBLIC_SUPABASE_ANON_KEY') ?? LOCAL_SUPABASE_ANON_KEY };
}

export async function fetchPublishedBracket(tournamentId: string, settings = supabaseSettings()): Promise<unknown> {
  const response = await fetch(`${settings.url}/rest/v1/rpc/get_bracket`, {
    method: 'POST',
    headers: { apikey: settings.anonKey, authorization: `Bearer ${settings.anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_tournament_id: tournamentId }),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`get_bracket for ${tournamentId} answered ${response.status}: ${body}`);
  return JSON.parse(body);
}

/** The format and the stages of a `get_bracket` answer, as far as the draw's check reads them. */
function formatOf(answer: unknown): PublishedFormat {
  const { format, stages } = (answer ?? {}) as { format?: unknown; stages?: unknown };
  return {
    format: typeof format === 'string' ? format : undefined,
    stages: Array.isArray(stages) ? (stages as PublishedFormat['stages']) : undefined,
  };
}

/** Checks a `get_bracket` answer (any JSON), of any format: OK, or the first difference, in words. */
export async function verifyPublished(answer: unknown): Promise<Verification> {
  const parsed = BracketSchema.safeParse(answer);
  if (!parsed.success) return { ok: false, difference: `Not a get_bracket answer: ${parsed.error.issues[0]?.message ?? 'unknown shape'}` };
  return verifyDraw({ ...parsed.data, ...formatOf(answer) });
}

/** What the OK line says was recomputed, by format. */
const RECOMPUTED: Record<string, string> = {
  groups_knockout: 'the seeds, the groups and every tie decided by lots',
  swiss: 'the seeds and the pairs of round 1',
  double_elimination: "the seeds and the winners' bracket's round 1",
};

/** The line to print and the exit code: 0 OK, 1 a difference, 3 a tournament not drawn yet. */
export async function verdict(answer: unknown): Promise<{ line: string; code: number }> {
  const parsed = BracketSchema.safeParse(answer);
  if (parsed.success && !parsed.data.draw.secret) {
    return { line: 'NOT DRAWN YET: the draw runs when check-in closes; until then only the commitment is published.', code: 3 };
  }
  const result = await verifyPublished(answer);
  if (result.ok) {
    return {
      line: RECOMPUTED[formatOf(answer).format ?? '']
        ? `OK: the secret matches the commitment, and ${RECOMPUTED[formatOf(answer).format ?? '']} of ${result.entries} entries follow from it.`
        : `OK: the secret matches the commitment, and the seeds and round 1 of ${result.entries} entries in a bracket of ${result.bracketSize} follow from it.`,
      code: 0,
    };
  }
  return { line: `DIFFERENT: ${result.difference}`, code: 1 };
}

/** What to check: a saved answer (`--file bracket.json`), a tournament id, or a usage error. */
export function parseArguments(args: string[]): { file: string } | { tournamentId: string } | { error: string } {
  const fileIndex = args.indexOf('--file');
  if (fileIndex !== -1) {
    const file = args[fileIndex + 1];
    return file && !file.startsWith('--') ? { file } : { error: '--file needs the path of a saved get_bracket answer.' };
  }
  const tournamentId = args.find((arg) => !arg.startsWith('--'));
  return tournamentId
    ? { tournamentId }
    : { error: 'Usage: npm run verify-draw -- <tournament id>   or   npm run verify-draw -- --file bracket.json' };
}

async function main(args: string[]): Promise<number> {
  const what = parseArguments(args);
  if ('error' in what) {
    console.error(what.error);
    return 2;
  }
  let answer: unknown;
  if ('file' in what) {
    answer = JSON.parse(readFileSync(path.resolve(what.file), 'utf8'));
  } else {
    const envFile = path.join(ROOT, '.env');
    if (existsSync(envFile)) process.loadEnvFile(envFile);
    answer = await fetchPublishedBracket(what.tournamentId);
  }
  const { line, code } = await verdict(answer);
  console.log(line);
  return code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
