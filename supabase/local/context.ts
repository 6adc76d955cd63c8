/**
 * What every service of the local stack is given, and the shape of a service.
 *
 * A service owns a URL prefix (`/auth/v1`, `/rest/v1`, `/razorpay`, ...). To add one, write a module
 * in services/ that exports a ServiceModule and add it to the list in services/index.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type { StackSettings } from './config.ts';
import type { Inbox } from './inbox.ts';

export interface StackContext {
  /** The database, connected as its superuser: services switch roles per request. */
  pg: PGlite;
  /** Where the stack answers, e.g. http://127.0.0.1:54321. */
  apiUrl: string;
  /** Root of the persisted data (.data by default); the database and stored files live below it. */
  dataDir: string;
  /** The project root (the folder holding package.json and supabase/). */
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

export interface ServiceModule {
  name: string;
  /** URL prefix without trailing slash, e.g. '/storage/v1'. */
  prefix: string;
  create(ctx: StackContext): Service | Promise<Service>;
}
