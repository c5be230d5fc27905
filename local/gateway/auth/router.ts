import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { resolveCaller } from '../caller.ts';
import { mountAdminRoutes } from './admin-routes.ts';
import { mountEmailRoutes } from './email-routes.ts';
import { API_VERSION_HEADER, AuthError, requestedApiVersion, sendAuthError } from './errors.ts';
import { AuthRateLimits } from './rate-limit.ts';
import { checkInput, type AuthDeps } from './request.ts';
import { mountSessionRoutes } from './session-routes.ts';

/** Routes the API gateway lets through without a key: the links in e-mails are opened by a bare browser. */
const OPEN_PATHS = new Set(['/verify']);

/**
 * `/auth/v1`: the part of Supabase Auth (GoTrue) that supabase-js uses, with GoTrue's
 * status codes, error codes and bodies. Users, sessions and refresh tokens live in the
 * `auth` schema, so the project's triggers on `auth.users` run as they do on Supabase.
 */
export function createAuthRouter(deps: AuthDeps & { rateLimits?: AuthRateLimits }) {
  const router = Router();
  const limits = deps.rateLimits ?? new AuthRateLimits(deps.config.authRateLimit);

  router.use((req: Request, res: Response, next: NextFunction) => {
    if (OPEN_PATHS.has(req.path)) return next();
    const problem = apiKeyProblem(req, deps);
    if (problem) {
      res.status(401).json(problem);
      return;
    }
    next();
  });
  router.use((req: Request, res: Response, next: NextFunction) => {
    const version = requestedApiVersion(req);
    if (version) res.setHeader(API_VERSION_HEADER, version);
    next();
  });
  // GoTrue reads every body as JSON whatever its content type.
  router.use(express.json({ limit: '1mb', strict: false, type: () => true }));
  // What Postgres cannot store (NUL, lone surrogates) or JSON.stringify cannot walk is a 400, not a 500.
  router.use((req: Request, _res: Response, next: NextFunction) => {
    checkInput(req);
    next();
  });

  router.get('/health', (_req, res) => {
    res.json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
  });
  router.get('/settings', (_req, res) => {
    res.json({
      external: {
        anonymous_users: false,
        email: true,
        phone: false,
        apple: false,
        facebook: false,
        github: false,
        google: false,
      },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  });
  mountEmailRoutes(router, deps, limits);
  mountSessionRoutes(router, deps, limits);
  mountAdminRoutes(router, deps);

  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const answer = toAuthError(error);
    if (answer.status >= 500) deps.logger.error({ err: answer.internal ?? error, path: req.path }, answer.message);
    sendAuthError(req, res, answer);
  });
  return router;
}

/**
 * The API gateway's key check in front of GoTrue: the `apikey` must be there and be one of
 * the project's keys (resolveCaller's rule); GoTrue checks user tokens itself.
 */
function apiKeyProblem(req: Request, { config }: AuthDeps): { message: string; hint: string } | undefined {
  const result = resolveCaller(req, config);
  if (result.ok) return undefined;
  if (result.problem === 'invalid_api_key') {
    return { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' };
  }
  if (result.problem === 'no_api_key') {
    return { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' };
  }
  return undefined;
}

interface BodyParserError {
  type?: string;
  status?: number;
  message?: string;
}

function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  const parserError = error as BodyParserError | null;
  switch (parserError?.type) {
    case 'entity.too.large':
      return new AuthError(413, 'request_too_large', 'Request body is larger than 1 MB');
    case 'entity.parse.failed':
      return new AuthError(
        400,
        'bad_json',
        `Could not parse request body as JSON: ${parserError.message ?? 'invalid JSON'}`,
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AuthError(415, 'bad_json', parserError.message ?? 'Unsupported content encoding');
    case 'request.aborted':
      return new AuthError(400, 'bad_json', 'Request aborted');
  }
  // Express's own refusals (a path segment that is not valid percent-encoding, …) are the client's fault.
  const status = parserError?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AuthError(status, 'validation_failed', 'Unable to parse the request: invalid URL encoding or request');
  }
  return new AuthError(
    500,
    'unexpected_failure',
    'Unexpected failure, please check server logs for more information',
    {},
    error,
  );
}
