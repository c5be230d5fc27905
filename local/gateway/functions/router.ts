import path from 'node:path';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { FunctionDeps, FunctionHandler } from '../../../supabase/functions/_shared/supabase-clients.ts';
import type { StackConfig } from '../../config.ts';
import { repoRoot } from '../../db/migrate.ts';
import type { Logger } from '../../logger.ts';
import { headerValue } from '../caller.ts';
import { verifyJwt } from '../jwt.ts';
import { assertEveryFunctionServed, FUNCTION_HANDLERS } from './registry.ts';

export interface FunctionsRouterDeps {
  config: StackConfig;
  logger: Logger;
  /** The deployed functions' folders, each of which must have a handler; `supabase/functions` by default. */
  functionsDir?: string;
  /** The handlers by function name; the registry's by default. */
  handlers?: ReadonlyMap<string, FunctionHandler>;
}

/** Headers on the platform's own answers, so a browser can read them too. */
const PLATFORM_CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
};
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * Node 20 has no global WebSocket, and supabase-js will not build a client without one.
 * Functions here never open a realtime channel, so they get a transport that refuses to.
 */
class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not available to functions on the local stack');
  }
}
export const webSocketForFunctions: typeof WebSocket | undefined =
  typeof globalThis.WebSocket === 'function' ? undefined : (RealtimeUnavailable as unknown as typeof WebSocket);

/**
 * `/functions/v1/<name>`: what Supabase's edge runtime does in front of a function (the
 * JWT check of `verify_jwt = true`, then the call), running the same portable
 * `supabase/functions/<name>/handler.ts` that the Deno entry point serves. Throws when a deployed
 * function has no handler, so that the stack refuses to start.
 */
export function createFunctionsRouter({
  config,
  logger,
  functionsDir = path.join(repoRoot, 'supabase/functions'),
  handlers = FUNCTION_HANDLERS,
}: FunctionsRouterDeps) {
  assertEveryFunctionServed(functionsDir, handlers);
  const router = Router();

  router.all(
    '/:name{/*rest}',
    express.raw({ type: () => true, limit: '10mb' }),
    async (req: Request, res: Response) => {
      const name = String(req.params.name);
      const handle = FUNCTION_NAME.test(name) ? handlers.get(name) : undefined;
      if (!handle) {
        platformAnswer(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
        return;
      }
      // Preflight requests carry no credentials; the function answers them itself.
      if (req.method !== 'OPTIONS') {
        const authorization = headerValue(req, 'authorization');
        if (!authorization) {
          platformAnswer(res, 401, { code: 401, message: 'Missing authorization header' });
          return;
        }
        const token = /^bearer\s+/i.test(authorization) ? authorization.replace(/^bearer\s+/i, '').trim() : '';
        if (!token || !verifyJwt(token, config.jwtSecret).ok) {
          platformAnswer(res, 401, { code: 401, message: 'Invalid JWT' });
          return;
        }
      }

      let response: globalThis.Response;
      try {
        response = await handle(toWebRequest(req), functionDeps(req, config));
      } catch (error) {
        logger.error({ err: error, function: name }, 'function threw');
        platformAnswer(res, 500, {
          code: 'WORKER_ERROR',
          message: 'Function exited due to an error (please check logs)',
        });
        return;
      }
      res.status(response.status);
      response.headers.forEach((value, key) => res.setHeader(key, value));
      res.end(Buffer.from(await response.arrayBuffer()));
    },
  );
  // A body over the limit, or one that cannot be read: answered by the platform, never a stack trace.
  router.use((error: { status?: number; message?: string }, _req: Request, res: Response, next: NextFunction) => {
    const status = error.status ?? 500;
    if (res.headersSent || status >= 500) return next(error);
    platformAnswer(res, status, { code: status, message: error.message ?? 'Bad request' });
  });

  return router;
}

function platformAnswer(res: Response, status: number, body: unknown) {
  res.status(status).set(PLATFORM_CORS).json(body);
}

function toWebRequest(req: Request): globalThis.Request {
  const url = `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  const hasBody = Buffer.isBuffer(req.body) && req.body.length > 0 && !['GET', 'HEAD'].includes(req.method);
  const body = hasBody ? new Uint8Array(req.body as Buffer) : undefined;
  return new globalThis.Request(url, { method: req.method, headers, body });
}

/**
 * The function reaches Supabase through this very process, on the address the request came
 * in on (SITE_URL may name a proxy or another host).
 */
function functionDeps(req: Request, config: StackConfig): FunctionDeps {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    supabaseUrl: `http://${host}:${req.socket.localPort}`,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    ...(webSocketForFunctions ? { webSocket: webSocketForFunctions } : {}),
  };
}
