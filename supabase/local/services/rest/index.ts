/**
 * REST (/rest/v1): PostgREST's semantics for what the product uses. This module resolves the caller
 * and the path; parse.ts reads the query string, plan.ts the catalog, execute.ts runs the request
 * as the caller and respond.ts shapes the answer.
 *
 * - /rpc/<fn>: POST with JSON arguments by name, GET with query arguments. Set-returning functions
 *   answer arrays (filterable with the table grammar), scalar ones a scalar, void ones 204.
 * - /<table>: GET with select/filters/order/limit (and the single-object Accept header); POST
 *   (insert), PATCH (update) and DELETE with filters. Upserts, embedded resources and the other
 *   parts of PostgREST answer 501 naming the feature.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Service, ServiceModule, StackContext } from '../../context.ts';
import {
  BodyTooLargeError,
  hasControlCharacter,
  InvalidJwtError,
  MissingApiKeyError,
  RoleNotAllowedError,
  resolveCaller,
  sendMissingApiKey,
  type Caller,
} from '../../http.ts';
import { fromPgError, isPgError, RestError, restErrors, sendRestError } from './errors.ts';
import { callFunction, tableRequest } from './execute.ts';

const EXPOSED_SCHEMAS = ['public', 'graphql_public'];

export const restService: ServiceModule = {
  name: 'rest',
  prefix: '/rest/v1',
  create(ctx: StackContext): Service {
    const { pg } = ctx;

    async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
      let caller: Caller;
      try {
        caller = await resolveCaller(req, url);
      } catch (error) {
        if (error instanceof MissingApiKeyError) return sendMissingApiKey(res);
        if (error instanceof InvalidJwtError) throw restErrors.jwt(error.message);
        if (error instanceof RoleNotAllowedError) throw restErrors.role(error.message);
        throw error;
      }
      let path: string;
      try {
        path = decodeURIComponent(url.pathname.slice('/rest/v1'.length)).replace(/^\/+/, '');
      } catch {
        throw restErrors.badPath();
      }
      if (hasControlCharacter(path)) throw restErrors.badPath();
      const method = req.method ?? 'GET';
      const profileHeader = method === 'GET' || method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile'];
      const schema = (Array.isArray(profileHeader) ? profileHeader[0] : profileHeader) ?? 'public';
      if (!EXPOSED_SCHEMAS.includes(schema)) throw restErrors.schema(schema);
      if (path === '') throw restErrors.unsupported('The OpenAPI description (GET /rest/v1/)');
      try {
        const rpcMatch = /^rpc\/([^/]+)$/.exec(path);
        if (rpcMatch) await callFunction(pg, req, res, url, caller, schema, rpcMatch[1]);
        else if (path.includes('/')) throw restErrors.tableNotFound(schema, path);
        else await tableRequest(pg, req, res, url, caller, schema, path);
      } catch (error) {
        if (isPgError(error)) throw fromPgError(error, caller.role);
        throw error;
      }
    }

    return {
      async handle(req, res, url) {
        try {
          await route(req, res, url);
        } catch (error) {
          if (error instanceof RestError) return sendRestError(res, error);
          if (error instanceof BodyTooLargeError) return sendRestError(res, new RestError(413, 'PGRST413', error.message));
          throw error;
        }
      },
    };
  },
};
