// STUB (owned by the webhook/facebook helper): simulate a patient writing to the page.
import { Router } from 'express';
import type { MetaStandInState } from './state.ts';

/** Mounted at /_dev/messenger: POST /inbound {pageId, psid, text?, quickReplyPayload?} posts a signed webhook. */
export function createStandInInboundRouter(state: MetaStandInState): Router {
  void state;
  return Router();
}
