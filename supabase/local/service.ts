/**
 * What a service of the local stack is: a URL prefix and `create(ctx)` returning its request handler.
 * Services import this module, never server.ts, so the server can list them without an import loop.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type { StackSettings } from './config.ts';
import type { Inbox } from './doubles/mailbox.ts';

/** What every service is given. */
export interface StackContext {
  /** The database, connected as its superuser: services switch roles per request (withRequestContext). */
  pg: PGlite;
  /** Where the stack answers, e.g. http://127.0.0.1:54321. */
  apiUrl: string;
  /** Root of the persisted data (.data by default); the database and stored files live below it. */
  dataDir: string;
  projectRoot: string;
  /** Folders holding `<name>/index.ts` edge functions, searched in order. */
  functionsDirs: string[];
  settings: StackSettings;
  inbox: Inbox;
  log(scope: string, message: string): void;
}

export interface Service {
  /** Answers one HTTP request whose path starts with the module's prefix. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** Takes over a WebSocket upgrade; returns false to decline it. */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): boolean;
  /** Releases what the service holds (child processes, sockets, listeners). */
  stop?(): Promise<void>;
}

/** A service under its URL prefix (no trailing slash, e.g. '/storage/v1'). To add one, list it in server.ts. */
export interface ServiceModule {
  name: string;
  prefix: string;
  create(ctx: StackContext): Service | Promise<Service>;
}
