import { Router } from 'express';
import { createStandInDevRouter } from './dev-pages.ts';
import { createStandInOauthRouter } from './oauth.ts';
import { createStandInProfileRouter } from './profiles.ts';
import { createSendApiRouter } from './send-api.ts';
import { createStandInState, type MetaStandInState } from './state.ts';

export interface MetaStandIn {
  state: MetaStandInState;
  /**
   * Mount at /_meta: Graph API (/_meta/v21.0/...: Send API, subscribed_apps, me/accounts, the
   * User Profile API /{psid}), Facebook Login dialog (/_meta/dialog/oauth), senders' pictures
   * (/_meta/avatars/{psid}.svg).
   */
  router: Router;
  /** Mount at /_dev (never when NODE_ENV=production): /_dev/messenger, /_dev/messenger.json, faults, rate limit, inbound. */
  devRouter: Router;
}

/**
 * The local imitation of Meta: what the notification service calls (Send API, subscribed_apps,
 * Facebook Login) and the dev pages that show and steer it. The service only knows its base URL.
 */
export function createMetaStandIn(options: {
  webhookUrl: string;
  appSecret: string;
  appId: string;
  now?: () => Date;
}): MetaStandIn {
  const state = createStandInState(options);
  const router = Router();
  router.use(createSendApiRouter(state));
  router.use(createStandInOauthRouter(state));
  // Last: GET /v21.0/{psid} is the catch-all of one path segment.
  router.use(createStandInProfileRouter(state));
  return { state, router, devRouter: createStandInDevRouter(state) };
}
