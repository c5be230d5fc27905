/**
 * The Graph API calls of Facebook Login for pages (reference/meta-messenger.md), against
 * `config.metaGraphUrl` (the real Graph API, or the local Meta stand-in). Every call gives up after
 * `metaTimeoutMs`; Meta's errors become a GraphError. Tokens are never logged.
 */
import { createHmac } from 'node:crypto';
import type { ServiceConfig } from '../config';

export class GraphError extends Error {
  constructor(
    message: string,
    readonly details: { httpStatus?: number; code?: number; subcode?: number; timeout?: boolean } = {},
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

/** A Messenger sender's public profile (User Profile API); fields Meta did not give are null. */
export interface GraphUserProfile {
  firstName: string | null;
  lastName: string | null;
  profilePic: string | null;
}

export interface GraphPage {
  id: string;
  name: string;
  accessToken: string;
  pictureUrl: string | null;
}

type GraphConfig = Pick<ServiceConfig, 'metaGraphUrl' | 'metaAppId' | 'metaAppSecret' | 'metaTimeoutMs' | 'publicUrl'>;

/** How many pages of `me/accounts` are followed (25 pages each on Graph). */
const MAX_ACCOUNT_PAGES = 20;

export const oauthRedirectUri = (config: Pick<ServiceConfig, 'publicUrl'>) =>
  `${config.publicUrl.replace(/\/+$/, '')}/api/facebook/callback`;

export function createGraphClient(config: GraphConfig) {
  const base = config.metaGraphUrl.replace(/\/+$/, '');
  const proof = (token: string) => createHmac('sha256', config.metaAppSecret).update(token).digest('hex');

  async function call(method: 'GET' | 'POST' | 'DELETE', url: string, what: string): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(url, { method, signal: AbortSignal.timeout(config.metaTimeoutMs) });
    } catch (error) {
      const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new GraphError(
        timeout ? `Facebook did not answer in time (${what}).` : `Facebook could not be reached (${what}).`,
        {
          timeout,
        },
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (!response.ok || 'error' in record) {
      const error = (typeof record.error === 'object' && record.error !== null ? record.error : {}) as Record<
        string,
        unknown
      >;
      throw new GraphError(
        `Facebook refused ${what}: ${typeof error.message === 'string' ? error.message : `HTTP ${response.status}`}`,
        {
          httpStatus: response.status,
          ...(typeof error.code === 'number' ? { code: error.code } : {}),
          ...(typeof error.error_subcode === 'number' ? { subcode: error.error_subcode } : {}),
        },
      );
    }
    return record;
  }

  const tokenOf = (body: Record<string, unknown>, what: string): string => {
    if (typeof body.access_token !== 'string' || body.access_token === '') {
      throw new GraphError(`Facebook answered ${what} without an access token.`);
    }
    return body.access_token;
  };

  return {
    /** The login dialog URL the popup is sent to. */
    dialogUrl(dialogBase: string, state: string): string {
      const url = new URL(dialogBase);
      url.searchParams.set('client_id', config.metaAppId);
      url.searchParams.set('redirect_uri', oauthRedirectUri(config));
      url.searchParams.set('state', state);
      url.searchParams.set('scope', 'pages_show_list,pages_messaging,pages_manage_metadata');
      url.searchParams.set('response_type', 'code');
      return url.toString();
    },

    /** code → short-lived user token → long-lived user token (page tokens from it do not expire). */
    async userTokenFromCode(code: string): Promise<string> {
      const exchange = new URL(`${base}/oauth/access_token`);
      exchange.searchParams.set('client_id', config.metaAppId);
      exchange.searchParams.set('redirect_uri', oauthRedirectUri(config));
      exchange.searchParams.set('client_secret', config.metaAppSecret);
      exchange.searchParams.set('code', code);
      const shortLived = tokenOf(await call('GET', exchange.toString(), 'the login code'), 'the login code');

      const longLived = new URL(`${base}/oauth/access_token`);
      longLived.searchParams.set('grant_type', 'fb_exchange_token');
      longLived.searchParams.set('client_id', config.metaAppId);
      longLived.searchParams.set('client_secret', config.metaAppSecret);
      longLived.searchParams.set('fb_exchange_token', shortLived);
      return tokenOf(await call('GET', longLived.toString(), 'the long-lived token'), 'the long-lived token');
    },

    async pagesOf(userToken: string): Promise<GraphPage[]> {
      const first = new URL(`${base}/me/accounts`);
      first.searchParams.set('fields', 'id,name,access_token,picture');
      first.searchParams.set('limit', '100');
      first.searchParams.set('access_token', userToken);
      first.searchParams.set('appsecret_proof', proof(userToken));
      const pages: GraphPage[] = [];
      let next: string | null = first.toString();
      for (let round = 0; next && round < MAX_ACCOUNT_PAGES; round += 1) {
        const body = await call('GET', next, 'the list of pages');
        for (const item of Array.isArray(body.data) ? body.data : []) {
          const page = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
          const picture = page.picture as { data?: { url?: unknown } } | undefined;
          if (typeof page.id !== 'string' || typeof page.access_token !== 'string' || page.access_token === '')
            continue;
          pages.push({
            id: page.id,
            name: typeof page.name === 'string' ? page.name : page.id,
            accessToken: page.access_token,
            pictureUrl: typeof picture?.data?.url === 'string' ? picture.data.url : null,
          });
        }
        const paging = body.paging as { next?: unknown } | undefined;
        // Only follow cursors that stay on the Graph API (never an arbitrary URL from a response).
        next =
          typeof paging?.next === 'string' && new URL(paging.next).origin === new URL(base).origin ? paging.next : null;
      }
      return pages;
    },

    async subscribePage(pageId: string, pageToken: string): Promise<void> {
      const url = new URL(`${base}/${encodeURIComponent(pageId)}/subscribed_apps`);
      url.searchParams.set('subscribed_fields', 'messages,messaging_postbacks');
      url.searchParams.set('access_token', pageToken);
      url.searchParams.set('appsecret_proof', proof(pageToken));
      const body = await call('POST', url.toString(), 'the page subscription');
      if (body.success !== true) throw new GraphError('Facebook did not confirm the page subscription.');
    },

    /** Stops the page's webhooks to this app (DELETE /{page-id}/subscribed_apps). */
    async unsubscribePage(pageId: string, pageToken: string): Promise<void> {
      const url = new URL(`${base}/${encodeURIComponent(pageId)}/subscribed_apps`);
      url.searchParams.set('access_token', pageToken);
      url.searchParams.set('appsecret_proof', proof(pageToken));
      const body = await call('DELETE', url.toString(), 'the page unsubscription');
      if (body.success !== true) throw new GraphError('Facebook did not confirm the page unsubscription.');
    },

    /** The sender's name and picture (GET /{psid}?fields=first_name,last_name,profile_pic). */
    async userProfile(psid: string, pageToken: string): Promise<GraphUserProfile> {
      const url = new URL(`${base}/${encodeURIComponent(psid)}`);
      url.searchParams.set('fields', 'first_name,last_name,profile_pic');
      url.searchParams.set('access_token', pageToken);
      url.searchParams.set('appsecret_proof', proof(pageToken));
      const body = await call('GET', url.toString(), 'the sender profile');
      const field = (name: string): string | null => {
        const value = body[name];
        return typeof value === 'string' && value !== '' ? value : null;
      };
      return { firstName: field('first_name'), lastName: field('last_name'), profilePic: field('profile_pic') };
    },
  };
}

export type GraphClient = ReturnType<typeof createGraphClient>;
