/**
 * Functions (/functions/v1/<name>): runs supabase/functions/<name>/index.ts under real Deno (the
 * `deno` npm package, workers.ts) and proxies requests to it. A function that crashed is restarted
 * on the next request. verify_jwt follows config.toml's [functions.<name>] (default true, as with
 * the CLI).
 */
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Service, ServiceModule, StackContext } from '../../service.ts';
import { bearerToken, readBody, sendJson } from '../../http.ts';
import { verifyJwt } from '../../keys.ts';
import { functionWorkers, type RunningFunction } from './workers.ts';

const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** Forwards one request; resolves false when the function was not listening (so it can be restarted). */
function proxy(req: IncomingMessage, res: ServerResponse, target: RunningFunction, pathAndQuery: string, body: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const upstream = request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: pathAndQuery,
        headers: { ...req.headers, host: `127.0.0.1:${target.port}` },
      },
      (response) => {
        // The gateway decides which origins may read answers (origins.ts), whatever the function says.
        const { 'access-control-allow-origin': _ignored, ...headers } = response.headers;
        res.writeHead(response.statusCode ?? 502, headers);
        response.pipe(res);
        response.on('end', () => resolve(true));
        response.on('error', () => resolve(true));
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') return resolve(false);
      // The function died while answering: the request may have had effects, so it is not retried.
      if (!res.headersSent)
        sendJson(res, 502, { code: 'FUNCTION_CRASHED', message: `The function stopped while answering: ${error.message}` });
      else res.end();
      resolve(true);
    });
    upstream.end(body);
  });
}

export const functionsService: ServiceModule = {
  name: 'functions',
  prefix: '/functions/v1',
  create(ctx: StackContext): Service {
    const workers = functionWorkers(ctx);

    function entryOf(name: string): string | undefined {
      for (const dir of ctx.functionsDirs) {
        const entry = path.join(dir, name, 'index.ts');
        if (existsSync(entry)) return entry;
      }
      return undefined;
    }

    return {
      async handle(req, res, url) {
        const rest = url.pathname.slice('/functions/v1'.length);
        const name = rest.split('/')[1] ?? '';
        const entry = FUNCTION_NAME.test(name) ? entryOf(name) : undefined;
        if (!entry) return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
        if (ctx.settings.functionVerifyJwt(name)) {
          const token = bearerToken(req);
          if (!token) return sendJson(res, 401, { msg: 'Error: Missing authorization header' });
          try {
            await verifyJwt(token);
          } catch {
            return sendJson(res, 401, { msg: 'Invalid JWT' });
          }
        }
        const body = await readBody(req);
        // A function that exited since its last request is started again, once.
        for (let attempt = 0; attempt < 2; attempt++) {
          let target: RunningFunction;
          try {
            target = await workers.instanceFor(name, entry);
          } catch (error) {
            ctx.log(`functions:${name}`, error instanceof Error ? error.message : String(error));
            return sendJson(res, 503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
          }
          if (await proxy(req, res, target, `${rest}${url.search}`, body)) return;
          workers.discard(name, target);
        }
        sendJson(res, 503, { code: 'FUNCTION_UNREACHABLE', message: 'The function is not accepting requests (please check logs)' });
      },
      stop: () => workers.stop(),
    };
  },
};
