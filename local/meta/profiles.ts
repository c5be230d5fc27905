/**
 * The Meta stand-in's User Profile API, mounted at /_meta:
 *
 *   GET /v21.0/{psid}?fields=first_name,last_name,profile_pic&access_token=<page token>
 *                         the profile of someone who wrote to that page through
 *                         /_dev/messenger/inbound (meta/inbound.ts); Meta's error otherwise
 *   GET /avatars/{psid}.svg
 *                         their picture: a small SVG with their initials (what profile_pic points at)
 *
 * Like Meta, the token must be the page's (PSIDs are page-scoped) and a sent appsecret_proof must
 * be right. The picture is served by the stand-in itself, on the origin the inbound call came
 * through, so the SPA can show it with <img> under its `img-src 'self'` policy.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { sendMetaError } from './send-api.ts';
import { avatarUrl, inboundKey, STAND_IN_GRAPH_VERSION, type MetaStandInState } from './state.ts';

const param = (req: Request, name: string): string | undefined => {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
};

function proofIsWrong(req: Request, token: string, appSecret: string): boolean {
  const proof = param(req, 'appsecret_proof');
  if (proof === undefined) return false;
  const expected = Buffer.from(createHmac('sha256', appSecret).update(token).digest('hex'));
  const given = Buffer.from(proof);
  return given.length !== expected.length || !timingSafeEqual(given, expected);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Up to two initials, upper-cased and escaped for XML. */
export function initialsOf(firstName: string, lastName: string): string {
  const letters = [firstName, lastName]
    .map((name) => [...name.trim()][0] ?? '')
    .join('')
    .toUpperCase();
  return (letters || '?').replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

export function createStandInProfileRouter(state: MetaStandInState): Router {
  const router = Router();
  const graph = `/${STAND_IN_GRAPH_VERSION}`;

  router.get('/avatars/:file', (req: Request, res: Response) => {
    const file = String(req.params.file);
    const psid = file.endsWith('.svg') ? file.slice(0, -4) : '';
    const profile = psid ? [...state.profiles].find(([key]) => key.endsWith(`:${psid}`))?.[1] : undefined;
    if (!profile) {
      res.status(404).json({ error: 'Not found' });
      return;
    }
    res
      .setHeader('Cache-Control', 'no-cache')
      .setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('image/svg+xml')
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">` +
          `<rect width="100" height="100" rx="50" fill="#0a7c6f"/>` +
          `<text x="50" y="62" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">` +
          `${initialsOf(profile.firstName, profile.lastName)}</text></svg>`,
      );
  });

  router.get(`${graph}/:psid`, (req: Request, res: Response) => {
    const psid = String(req.params.psid);
    const token = param(req, 'access_token');
    const page = token ? state.pages.find((candidate) => candidate.accessToken === token) : undefined;
    if (!page || !token) {
      sendMetaError(res, 400, 190, 'Invalid OAuth access token - Cannot parse access token');
      return;
    }
    if (proofIsWrong(req, token, state.appSecret)) {
      sendMetaError(res, 400, 100, 'Invalid appsecret_proof provided in the API argument');
      return;
    }
    const profile = state.profiles.get(inboundKey(page.id, psid));
    if (!profile) {
      sendMetaError(
        res,
        400,
        100,
        'Unsupported get request. The object does not exist, cannot be loaded due to missing permissions, or does not support this operation.',
        33,
      );
      return;
    }
    const requested = (param(req, 'fields') ?? 'first_name,last_name,profile_pic')
      .split(',')
      .map((field) => field.trim())
      .filter(Boolean);
    const body: Record<string, string> = { id: psid };
    if (requested.includes('first_name')) body.first_name = profile.firstName;
    if (requested.includes('last_name')) body.last_name = profile.lastName;
    if (requested.includes('profile_pic')) body.profile_pic = avatarUrl(profile.origin, psid);
    res.json(body);
  });

  return router;
}
