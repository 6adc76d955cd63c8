/**
 * `npm run staff:grant-admin -- <email>`: makes an account an admin of the staff console. This is how the
 * first admin is made (after that, admins grant roles in the console's Roles panel). The person must
 * have signed in once, so that the account exists.
 *
 * It calls the database function `service_grant_role` with the service role key, which only the server
 * side holds, like the catalog sync's connection string:
 *   PUBLIC_SUPABASE_URL        the project's URL (default: the local stack, at SUPABASE_LOCAL_PORT or 54321)
 *   SUPABASE_SERVICE_ROLE_KEY  the project's service role key (dashboard: Project Settings → API); against
 *                              the local stack it defaults to the stack's well-known local key.
 * Runs under Node 24, which strips the TypeScript types: `node scripts/grant-admin.ts <email>`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { LocalAddressError, localAddresses } from '../src/lib/local-addresses.ts';
import { SERVICE_ROLE_KEY as LOCAL_SERVICE_ROLE_KEY } from '../supabase/local/keys.ts';

export type GrantSettings = { url: string; serviceRoleKey: string };

const isLocal = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

/** The project and key to use, or a sentence saying what is missing. */
export function readGrantSettings(env: Record<string, string | undefined>): GrantSettings | string {
  const given = env.PUBLIC_SUPABASE_URL?.trim();
  if (given) {
    try {
      new URL(given);
    } catch {
      return `PUBLIC_SUPABASE_URL is not a URL: ${given}`;
    }
  }
  let url: string;
  try {
    // The same addresses the site and the stack use: SUPABASE_LOCAL_PORT moves the local stack.
    url = localAddresses(env).stackUrl;
  } catch (error) {
    if (error instanceof LocalAddressError) return error.message;
    throw error;
  }
  const key = env.SUPABASE_SERVICE_ROLE_KEY?.trim() || (isLocal(url) ? LOCAL_SERVICE_ROLE_KEY : '');
  if (!key) return `SUPABASE_SERVICE_ROLE_KEY is not set. Use the service role key of ${url} (Project Settings → API).`;
  return { url, serviceRoleKey: key };
}

/** The one e-mail argument, normalised, or a usage sentence. */
export function emailArgument(args: readonly string[]): string | { usage: string } {
  const given = args.filter((arg) => arg !== '--');
  const email = given[0]?.trim().toLowerCase() ?? '';
  if (given.length !== 1 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { usage: 'Usage: npm run staff:grant-admin -- <email>' };
  return email;
}

/** Anything with supabase-js's rpc(). */
type RpcClient = {
  rpc(name: string, args: Record<string, unknown>): PromiseLike<{ data: unknown; error: { message: string; hint?: string | null } | null }>;
};

export async function grantAdmin(client: RpcClient, email: string): Promise<void> {
  const { error } = await client.rpc('service_grant_role', { p_email: email, p_role: 'admin' });
  if (error) {
    const why =
      error.hint === 'user_not_found' ? 'no account uses this e-mail address; the person has to sign in once first' : error.message;
    throw new Error(`Could not make ${email} an admin: ${why}`);
  }
}

async function main(): Promise<void> {
  const email = emailArgument(process.argv.slice(2));
  if (typeof email !== 'string') {
    console.error(email.usage);
    process.exitCode = 1;
    return;
  }
  const settings = readGrantSettings(process.env);
  if (typeof settings === 'string') {
    console.error(settings);
    process.exitCode = 1;
    return;
  }
  const client = createClient(settings.url, settings.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  await grantAdmin(client, email);
  console.log(`${email} is now an admin. They open the console at /staff after signing in with their authenticator app.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
