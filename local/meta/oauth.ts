/**
 * The Meta stand-in's Facebook Login for pages (reference/meta-messenger.md), mounted at /_meta:
 *
 *   GET  /dialog/oauth                      the login dialog: Continue / Cancel redirect to redirect_uri
 *   GET  /v21.0/oauth/access_token          code → user token; grant_type=fb_exchange_token → long-lived
 *   GET  /v21.0/me/accounts                 the pages of state.pages with their page tokens
 *
 * (subscribed_apps and the pages' pictures are the Send API part's: send-api.ts.)
 * Codes are single-use and expire after 10 minutes, as Meta's do; errors have Meta's shape.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { renderDialog, renderDialogError } from './oauth-html.ts';
import { STAND_IN_GRAPH_VERSION, type MetaStandInState, type StandInPage } from './state.ts';

const CODE_LIFETIME_MS = 10 * 60_000;
const SHORT_TOKEN_SECONDS = 2 * 3600;
const LONG_TOKEN_SECONDS = 60 * 86_400;
const MAX_REMEMBERED = 1000;

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  expiresAt: number;
  used: boolean;
}

interface MetaErrorBody {
  message: string;
  code: number;
  subcode?: number;
  type?: string;
}

function sendMetaError(res: Response, httpStatus: number, error: MetaErrorBody) {
  res.status(httpStatus).json({
    error: {
      message: error.message,
      type: error.type ?? 'OAuthException',
      code: error.code,
      ...(error.subcode === undefined ? {} : { error_subcode: error.subcode }),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  });
}

const param = (req: Request, name: string): string | undefined => {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
};

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

function absoluteUrl(req: Request, maybeRelative: string): string {
  return new URL(maybeRelative, `${req.protocol}://${req.get('host') ?? 'localhost'}`).toString();
}

function bounded<K, V>(map: Map<K, V>, key: K, value: V) {
  map.set(key, value);
  if (map.size > MAX_REMEMBERED) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

export function createStandInOauthRouter(state: MetaStandInState): Router {
  const codes = new Map<string, IssuedCode>();
  const userTokens = new Map<string, number>();
  const graph = `/${STAND_IN_GRAPH_VERSION}`;

  const issueUserToken = (lifetimeSeconds: number) => {
    const token = `EAAUSER${randomBytes(24).toString('base64url')}`;
    bounded(userTokens, token, state.now().getTime() + lifetimeSeconds * 1000);
    return { access_token: token, token_type: 'bearer', expires_in: lifetimeSeconds };
  };

  const validUserToken = (token: string | undefined): token is string => {
    if (!token) return false;
    const expiresAt = userTokens.get(token);
    return expiresAt !== undefined && expiresAt > state.now().getTime();
  };

  /** Meta checks appsecret_proof when it is sent (and requires it when the app says so). */
  const proofIsWrong = (req: Request, token: string) => {
    const proof = param(req, 'appsecret_proof');
    if (proof === undefined) return false;
    const expected = createHmac('sha256', state.appSecret).update(token).digest('hex');
    return !sameText(proof, expected);
  };

  const accessTokenOf = (req: Request): string | undefined => {
    const header = req.headers.authorization;
    if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim();
    return param(req, 'access_token');
  };

  const router = Router();

  router.get('/dialog/oauth', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const clientId = param(req, 'client_id');
    const redirectUri = param(req, 'redirect_uri');
    const responseType = param(req, 'response_type') ?? 'code';
    if (!clientId || clientId !== state.appId) {
      res.status(400).type('html').send(renderDialogError('Invalid App ID: the client_id is not a known app.'));
      return;
    }
    let redirect: URL;
    try {
      redirect = new URL(redirectUri ?? '');
      if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') throw new Error('not http');
    } catch {
      res.status(400).type('html').send(renderDialogError('redirect_uri is missing or not an absolute http(s) URL.'));
      return;
    }
    if (responseType !== 'code') {
      res.status(400).type('html').send(renderDialogError('Only response_type=code is supported.'));
      return;
    }
    const code = `AQ${randomBytes(24).toString('base64url')}`;
    bounded(codes, code, {
      clientId,
      redirectUri: redirect.toString(),
      expiresAt: state.now().getTime() + CODE_LIFETIME_MS,
      used: false,
    });
    const forwarded = param(req, 'state');
    const stateParam: Record<string, string> = forwarded === undefined ? {} : { state: forwarded };
    const scopes = (param(req, 'scope') ?? '').split(/[\s,]+/).filter(Boolean);
    res
      .status(200)
      .type('html')
      .send(
        renderDialog({
          pages: state.pages,
          pictureUrl: (page) => absoluteUrl(req, page.pictureUrl),
          scopes,
          continueUrl: withQuery(redirect.toString(), { code, ...stateParam }),
          cancelUrl: withQuery(redirect.toString(), {
            error: 'access_denied',
            error_code: '200',
            error_description: 'Permissions error',
            error_reason: 'user_denied',
            ...stateParam,
          }),
        }),
      );
  });

  router.get(`${graph}/oauth/access_token`, (req, res) => {
    const clientId = param(req, 'client_id');
    const clientSecret = param(req, 'client_secret') ?? '';
    if (clientId !== state.appId) {
      sendMetaError(res, 400, { message: 'Error validating application. Invalid application ID.', code: 101 });
      return;
    }
    if (!sameText(clientSecret, state.appSecret)) {
      sendMetaError(res, 400, { message: 'Error validating client secret.', code: 1 });
      return;
    }
    if (param(req, 'grant_type') === 'fb_exchange_token') {
      if (!validUserToken(param(req, 'fb_exchange_token'))) {
        sendMetaError(res, 400, { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 });
        return;
      }
      res.json(issueUserToken(LONG_TOKEN_SECONDS));
      return;
    }
    const code = param(req, 'code') ?? '';
    const issued = codes.get(code);
    if (!issued || issued.expiresAt <= state.now().getTime()) {
      sendMetaError(res, 400, { message: 'Invalid verification code format.', code: 100, subcode: 36007 });
      return;
    }
    if (issued.used) {
      sendMetaError(res, 400, { message: 'This authorization code has been used.', code: 100, subcode: 36009 });
      return;
    }
    let redirectUri: string | undefined;
    try {
      redirectUri = new URL(param(req, 'redirect_uri') ?? '').toString();
    } catch {
      redirectUri = undefined;
    }
    if (redirectUri !== issued.redirectUri || issued.clientId !== clientId) {
      sendMetaError(res, 400, {
        message:
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        code: 100,
        subcode: 36008,
      });
      return;
    }
    issued.used = true;
    res.json(issueUserToken(SHORT_TOKEN_SECONDS));
  });

  router.get(`${graph}/me/accounts`, (req, res) => {
    const token = accessTokenOf(req);
    if (!validUserToken(token)) {
      sendMetaError(res, 400, { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 });
      return;
    }
    if (proofIsWrong(req, token)) {
      sendMetaError(res, 400, { message: 'Invalid appsecret_proof provided in the API argument', code: 100 });
      return;
    }
    const requested = (param(req, 'fields') ?? 'id,name,access_token,picture')
      .split(',')
      .map((field) => field.trim().replace(/\{.*$/, '').replace(/\..*$/, ''))
      .filter(Boolean);
    const wants = (field: string) => requested.includes(field);
    const data = state.pages.map((page: StandInPage) => ({
      ...(wants('id') || requested.length === 0 ? { id: page.id } : {}),
      ...(wants('name') ? { name: page.name } : {}),
      ...(wants('access_token') ? { access_token: page.accessToken } : {}),
      ...(wants('picture')
        ? { picture: { data: { height: 50, width: 50, is_silhouette: false, url: absoluteUrl(req, page.pictureUrl) } } }
        : {}),
    }));
    res.json({ data, paging: {} });
  });

  return router;
}
