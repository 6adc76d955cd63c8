/**
 * The embedded local Supabase: one HTTP server (plus WebSocket upgrades for Realtime) in front of
 * an in-process PGlite database, answering Supabase's APIs at the CLI's well-known URL and keys.
 *
 * startStack() takes its port, opens the database (shim, migrations, the local servers' own SQL, first-run
 * seed) while it loads the services, syncs the tournament catalog, then answers. Each API is a service
 * (loadStackModules below) that owns a URL prefix; requests are routed by the longest matching prefix.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { projectAddresses } from '../../scripts/project-env.ts';
import { localPanEncryptionKey, openDatabase, readLocalServerSql } from './database.ts';
import { BodyTooLargeError, HttpError, sendJson } from './http.ts';
import { answerPreflight, applyCors, OriginPolicy } from './origins.ts';
import type { Service, ServiceModule, StackContext } from './service.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The services and what they need besides the database, in mounting order; outside providers' test doubles
 * live in doubles/, the rest is Supabase's own APIs. Loaded while the database opens: a new database spends
 * its first moments copying files and compiling WebAssembly off the main thread, time enough to load them.
 */
async function loadStackModules() {
  const tools = Promise.all([
    import('../../scripts/sync-catalog.ts').then((m) => m.syncCatalog),
    import('./config.ts').then((m) => m.readStackSettings),
    import('./doubles/mailbox.ts').then((m) => m.Inbox),
  ]);
  const services: Promise<ServiceModule[]> = Promise.all([
    import('./services/auth/index.ts').then((m) => m.authService),
    import('./services/rest/index.ts').then((m) => m.restService),
    import('./services/storage/index.ts').then((m) => m.storageService),
    import('./services/realtime/index.ts').then((m) => m.realtimeService),
    import('./services/functions/index.ts').then((m) => m.functionsService),
    import('./doubles/mail-inbox.ts').then((m) => m.inboxService),
    import('./doubles/razorpay.ts').then((m) => m.razorpayService),
    import('./doubles/razorpayx.ts').then((m) => m.razorpayxService),
    import('./doubles/pan-verification.ts').then((m) => m.panVerificationService),
    import('./doubles/push.ts').then((m) => m.pushService),
    import('./doubles/whatsapp.ts').then((m) => m.whatsappService),
    import('./doubles/webhook-receiver.ts').then((m) => m.webhookReceiverService),
    import('./due-work.ts').then((m) => m.dueWorkService),
  ]);
  const [[syncCatalog, readStackSettings, Inbox], modules] = await Promise.all([tools, services]);
  return { services: modules, syncCatalog, readStackSettings, Inbox };
}

/**
 * The status for an error a service let through that was the caller's doing (a body too large, JSON
 * or percent-encoding that does not parse, a value Postgres cannot read as its column's type), so
 * the caller learns what was wrong instead of a 500. Undefined for everything else.
 */
function callerErrorStatus(error: unknown): number | undefined {
  if (error instanceof BodyTooLargeError) return 413;
  if (error instanceof SyntaxError || error instanceof URIError) return 400;
  const sqlState = (error as { code?: unknown } | null)?.code;
  if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) return 400; // data exception
  return undefined;
}

interface StackOptions {
  port?: number;
  /** The URL the stack announces (tokens' issuer, functions' SUPABASE_URL, webhooks) when reached under another name (PUBLIC_SUPABASE_URL). */
  publicUrl?: string;
  /** Root of persisted data; the database lives in <dataDir>/postgres and stored files in <dataDir>/storage. */
  dataDir?: string;
  /** Extra folders of `<name>/index.ts` functions (after supabase/functions), e.g. test fixtures. */
  extraFunctionsDirs?: string[];
  /** Extra SQL files applied after the stack's own on every start (test fixtures); must be idempotent. */
  extraSqlFiles?: string[];
  /** Seed the demo data when the database is created (default true). */
  seed?: boolean;
  /** Where a new database finds (or leaves) its migrated copy (database.ts, `migratedCacheDir`). */
  migratedCacheDir?: string;
  /** Where a new database finds (or leaves) the empty cluster it starts as (database.ts, `clusterTemplateDir`). */
  clusterTemplateDir?: string;
  log?: (scope: string, message: string) => void;
}

export async function startStack(options: StackOptions = {}) {
  const host = '127.0.0.1';
  const addresses = projectAddresses(PROJECT_ROOT);
  const dataDir = path.resolve(options.dataDir ?? path.join(PROJECT_ROOT, '.data'));
  const log = options.log ?? ((scope: string, message: string) => console.log(`[${scope}] ${message}`));
  await mkdir(dataDir, { recursive: true });

  // The port is taken first, so a second stack fails at once instead of after opening the database;
  // requests that arrive while the database opens wait for it (a health check simply answers later).
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const server = createServer((req, res) => void ready.then(() => handle(req, res)));
  server.on('upgrade', (req, socket, head) => void ready.then(() => upgrade(req, socket, head)));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? addresses.stackPort, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const apiUrl = options.publicUrl ?? `http://${host}:${port}`;

  const services: { prefix: string; name: string; service: Service }[] = [];
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let context: StackContext;
  // The database opens while the services' modules load; whichever fails, nothing is left open.
  const opening = Promise.all([readLocalServerSql(), localPanEncryptionKey(dataDir)]).then(([localSql, panEncryptionKey]) =>
    openDatabase({
      dataDir: path.join(dataDir, 'postgres'),
      seed: options.seed ?? true,
      migratedCacheDir: options.migratedCacheDir,
      clusterTemplateDir: options.clusterTemplateDir,
      localSql,
      panEncryptionKey,
    }),
  );
  const [opened, loaded] = await Promise.allSettled([opening, loadStackModules()]);
  if (opened.status === 'fulfilled') database = opened.value;
  try {
    if (opened.status === 'rejected') throw opened.reason;
    if (loaded.status === 'rejected') throw loaded.reason;
    const modules = loaded.value;
    const db = opened.value;
    for (const file of options.extraSqlFiles ?? []) await db.pg.exec(await readFile(path.resolve(file), 'utf8'));
    context = {
      pg: db.pg,
      apiUrl,
      dataDir,
      projectRoot: PROJECT_ROOT,
      functionsDirs: [path.join(PROJECT_ROOT, 'supabase', 'functions'), ...(options.extraFunctionsDirs ?? []).map((d) => path.resolve(d))],
      settings: modules.readStackSettings(path.join(PROJECT_ROOT, 'supabase', 'config.toml'), addresses.siteUrl),
      inbox: new modules.Inbox((line) => log('auth', line)),
      log,
    };
    // The tournaments table follows the content catalog on every start (never edited by hand).
    await modules.syncCatalog(db.pg);
    for (const module of modules.services)
      services.push({ prefix: module.prefix, name: module.name, service: await module.create(context) });
  } catch (error) {
    server.closeAllConnections();
    server.close();
    await Promise.all(services.map((s) => s.service.stop?.()));
    await database?.close();
    throw error;
  }
  // Longest prefix first: due work's '/rest/v1/rpc/local_run_due_work' wins over REST's '/rest/v1'.
  services.sort((a, b) => b.prefix.length - a.prefix.length);
  const serviceFor = (pathname: string) => services.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  const origins = new OriginPolicy();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', apiUrl);
    const verdict = origins.judge(req);
    applyCors(res, verdict);
    const refusal = origins.refusal(req, url.pathname);
    if (refusal) return sendJson(res, 403, { message: refusal });
    if (req.method === 'OPTIONS') return answerPreflight(req, res, verdict);
    const match = serviceFor(url.pathname);
    if (!match) return sendJson(res, 404, { message: `no local Supabase service answers ${url.pathname}` });
    try {
      await match.service.handle(req, res, url);
    } catch (error) {
      if (res.headersSent) return void res.end();
      if (error instanceof HttpError) return sendJson(res, error.status, error.body, error.headers);
      const clientMistake = callerErrorStatus(error);
      if (clientMistake) return sendJson(res, clientMistake, { message: (error as Error).message });
      log(match.name, `${req.method} ${url.pathname} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      sendJson(res, 500, { message: error instanceof Error ? error.message : 'Internal error' });
    }
  }

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', apiUrl);
    // Browsers send Origin with every WebSocket handshake, and CORS does not guard WebSockets.
    if (origins.judge(req).kind === 'foreign') {
      socket.end('HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nOrigin not allowed\n');
    } else if (!serviceFor(url.pathname)?.service.upgrade?.(req, socket, head, url)) {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
    }
  }

  markReady();
  let closing: Promise<void> | undefined;
  return {
    url: apiUrl,
    port,
    context,
    close() {
      closing ??= (async () => {
        await Promise.all(services.map((s) => s.service.stop?.().catch((e) => log(s.name, `stop failed: ${String(e)}`))));
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await database?.close();
      })();
      return closing;
    },
  };
}
