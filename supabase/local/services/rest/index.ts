/**
 * REST (/rest/v1): PostgREST's semantics for what the product uses. This module resolves the caller
 * and the path; parse.ts reads the query string, plan.ts the catalog, execute.ts runs the request
 * as the caller and shapes the answer.
 *
 * - /rpc/<fn>: POST with JSON arguments by name, GET with query arguments. Set-returning functions
 *   answer arrays (filterable with the table grammar), scalar ones a scalar, void ones 204.
 * - /<table>: GET with select/filters/order/limit (and the single-object Accept header); POST
 *   (insert), PATCH (update) and DELETE with filters. Upserts, embedded resources and the other
 *   parts of PostgREST answer 501 naming the feature.
 */
import { BodyTooLargeError, hasControlCharacter, resolveCaller } from '../../http.ts';
import type { ServiceModule } from '../../service.ts';
import { fromPgError, isPgError, restErrors } from './errors.ts';
import { callFunction, tableRequest } from './execute.ts';

export const restService: ServiceModule = {
  name: 'rest',
  prefix: '/rest/v1',
  create: ({ pg, settings }) => ({
    async handle(req, res, url) {
      const caller = await resolveCaller(req, url, restErrors.caller);
      let path: string;
      try {
        path = decodeURIComponent(url.pathname.slice('/rest/v1'.length)).replace(/^\/+/, '');
      } catch {
        throw restErrors.badPath();
      }
      if (hasControlCharacter(path)) throw restErrors.badPath();
      const method = req.method ?? 'GET';
      const schema = String(
        (method === 'GET' || method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile']) ?? 'public',
      );
      // config.toml's [api] schemas, as PostgREST's db-schemas (api_v1: the public read API).
      if (!settings.rest.schemas.includes(schema)) throw restErrors.schema(schema, settings.rest.schemas);
      if (path === '') throw restErrors.unsupported('The OpenAPI description (GET /rest/v1/)');
      const rpc = /^rpc\/([^/]+)$/.exec(path);
      try {
        if (rpc) await callFunction(pg, req, res, url, caller, schema, rpc[1]);
        else if (path.includes('/')) throw restErrors.tableNotFound(schema, path);
        else await tableRequest(pg, req, res, url, caller, schema, path, settings.rest.maxRows);
      } catch (error) {
        if (isPgError(error)) throw fromPgError(error, caller.role);
        if (error instanceof BodyTooLargeError) throw restErrors.tooLarge(error.message);
        throw error;
      }
    },
  }),
};
