// STUB (owned by the webhook/facebook helper): the Facebook Login dialog, /oauth/access_token, /me/accounts.
import { Router } from 'express';
import type { MetaStandInState } from './state.ts';

/** Mounted at /_meta by the stand-in; serves /dialog/oauth and /v21.0/{oauth/access_token,me/accounts}. */
export function createStandInOauthRouter(state: MetaStandInState): Router {
  void state;
  return Router();
}
