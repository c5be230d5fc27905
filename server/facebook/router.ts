/**
 * Connecting a clinic's Facebook page, mounted at /api:
 *
 *   POST /clinics/:id/facebook/connect-state  (JWT, admin) → {state, url}: a signed, single-use state
 *   GET  /clinics/:id/facebook/connect?state  the popup: → 302 to Facebook's login dialog
 *   GET  /facebook/callback?code&state        Meta's redirect: code → token → pages, kept server-side
 *   GET  /clinics/:id/facebook/pages          (JWT, admin) → {pages:[{id,name,access_token,picture}]}
 *   POST /clinics/:id/facebook/select-page    (JWT, admin) {pageId, pageAccessToken} → subscribe + store
 *   DELETE /clinics/:id/facebook/page         (JWT, admin) → unsubscribe at Meta, forget token and page ids
 *
 * The browser never sees a page access token: `access_token` in the pages list is an opaque handle
 * of the stored page (docs/facebook-connect.md).
 */
import express, { Router, type Request, type Response } from 'express';
import {
  hasPermission,
  selectPageBodySchema,
  type ConnectStateResponse,
  type DisconnectPageResponse,
  type FacebookPagesResponse,
  type SelectPageResponse,
} from '@common/contract';
import { clinicExists } from '../clinics/clinic-store';
import type { Caller, RouterFactory } from '../contracts';
import { assertClinicAccess, callerOf, requireCaller } from '../http/auth';
import { HttpError } from '../http/errors';
import { loadStaffProfile, type StaffProfile } from '../http/staff-store';
import { newConnectState, readConnectState, signConnectState, type ConnectState } from './connect-state';
import { createGraphClient, GraphError } from './graph';
import { keepOpenerLink, sendPopupPage } from './popup-page';
import { createFacebookStore, PageAlreadyConnectedError } from './store';

export const FACEBOOK_ERRORS = {
  invalidClinic: 'Invalid clinic id.',
  clinicNotFound: 'Clinic not found.',
  adminsOnly: 'Only a clinic admin can connect a Facebook page.',
  adminsOnlyDisconnect: 'Only a clinic admin can disconnect a Facebook page.',
  noPage: 'This clinic has no connected Facebook page.',
  invalidSelection: 'pageId and pageAccessToken are required.',
  pageNotAvailable: 'This Facebook page is not available to connect. Please click Connect Facebook Page again.',
  pageTaken: 'This Facebook page is already connected to another clinic.',
  connectFailed: 'Failed to connect selected Facebook page.',
} as const;

const CLOSE_HINT = "Close this window and click 'Connect Facebook Page' again.";

function clinicIdOf(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,17}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** The page is part of the clinic's settings (Clinic Config). */
const canConnectPages = (caller: Pick<StaffProfile, 'role'>) => hasPermission(caller.role, 'clinic.configure');

export const createFacebookRouter: RouterFactory = (deps) => {
  const { config, clock } = deps;
  const logger = deps.logger.child({ component: 'facebook' });
  const store = createFacebookStore(deps.db);
  const graph = createGraphClient(config);
  const router = Router();
  const signedIn = requireCaller(deps.callers);

  /** The clinic of the path, once the caller is known to be allowed to connect its page. */
  async function adminClinic(
    req: Request,
    res: Response,
    refusal: string = FACEBOOK_ERRORS.adminsOnly,
  ): Promise<{ clinicId: number; caller: Caller }> {
    const caller = callerOf(res);
    const clinicId = clinicIdOf(req.params.id);
    if (clinicId === null) throw new HttpError(400, FACEBOOK_ERRORS.invalidClinic);
    assertClinicAccess(caller, clinicId);
    if (!canConnectPages(caller)) throw new HttpError(403, refusal);
    if (!(await clinicExists(deps.db, clinicId))) throw new HttpError(404, FACEBOOK_ERRORS.clinicNotFound);
    return { clinicId, caller };
  }

  /** The state of a popup or callback request, or the popup page saying why it is refused. */
  function stateOf(req: Request, res: Response): ConnectState | null {
    const token = typeof req.query.state === 'string' ? req.query.state : undefined;
    const check = readConnectState(token, config.metaAppSecret, clock.now());
    if (check.ok) return check.state;
    logger.warn({ reason: check.reason }, 'Facebook connect state refused');
    if (check.reason === 'expired') {
      sendPopupPage(res, 400, {
        title: 'Facebook connect expired',
        message: `This Facebook connect link has expired. ${CLOSE_HINT}`,
      });
    } else {
      sendPopupPage(res, check.reason === 'forged' ? 403 : 400, {
        title: 'Facebook connect failed',
        message: `This Facebook connect link is not valid. ${CLOSE_HINT}`,
      });
    }
    return null;
  }

  router.post('/clinics/:id/facebook/connect-state', signedIn, async (req, res) => {
    const { clinicId, caller } = await adminClinic(req, res);
    const now = clock.now();
    const state = newConnectState(clinicId, caller.userId, now);
    await store.startAttempt(state, now);
    const token = signConnectState(state, config.metaAppSecret);
    const url = `${config.publicUrl.replace(/\/+$/, '')}/api/clinics/${clinicId}/facebook/connect?state=${encodeURIComponent(token)}`;
    res.setHeader('Cache-Control', 'no-store');
    res
      .status(200)
      .json({ state: token, url, expires_at: new Date(state.expiresAt).toISOString() } satisfies ConnectStateResponse);
  });

  router.get('/clinics/:id/facebook/connect', async (req, res) => {
    const clinicId = clinicIdOf(req.params.id);
    const state = stateOf(req, res);
    if (!state) return;
    if (clinicId === null || state.clinicId !== clinicId) {
      sendPopupPage(res, 403, {
        title: 'Facebook connect failed',
        message: `This Facebook connect link belongs to another clinic. ${CLOSE_HINT}`,
      });
      return;
    }
    if (!(await store.markOpened(state, clock.now()))) {
      sendPopupPage(res, 400, {
        title: 'Facebook connect link already used',
        message: `This Facebook connect link was already used or has expired. ${CLOSE_HINT}`,
      });
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    keepOpenerLink(res);
    res.redirect(302, graph.dialogUrl(config.metaOauthDialogUrl, req.query.state as string));
  });

  router.get('/facebook/callback', async (req, res) => {
    const state = stateOf(req, res);
    if (!state) return;
    if (!(await store.markCompleted(state, clock.now()))) {
      sendPopupPage(res, 400, {
        title: 'Facebook login already finished',
        message: `This Facebook login was already finished or has expired. ${CLOSE_HINT}`,
      });
      return;
    }
    const metaError = typeof req.query.error === 'string' ? req.query.error : undefined;
    if (metaError) {
      const cancelled = metaError === 'access_denied';
      logger.info(
        { clinicId: state.clinicId, error: metaError, reason: req.query.error_reason },
        'Facebook login not granted',
      );
      sendPopupPage(res, cancelled ? 200 : 400, {
        title: cancelled ? 'Facebook login cancelled' : 'Facebook login failed',
        message: cancelled
          ? 'Facebook login was cancelled, so no page was connected. You can close this window.'
          : `Facebook could not log you in (${String(req.query.error_description ?? metaError).slice(0, 200)}). ${CLOSE_HINT}`,
      });
      return;
    }
    const code = typeof req.query.code === 'string' && req.query.code.length <= 2000 ? req.query.code : '';
    if (!code) {
      sendPopupPage(res, 400, {
        title: 'Facebook login failed',
        message: `Facebook sent no login code. ${CLOSE_HINT}`,
      });
      return;
    }
    // The admin may have lost the role (or the account) since the popup opened.
    const profile = await loadStaffProfile(deps.db, state.userId);
    if (
      !profile ||
      !canConnectPages(profile) ||
      (profile.role !== 'superadmin' && profile.clinicId !== state.clinicId)
    ) {
      sendPopupPage(res, 403, { title: 'Facebook connect failed', message: FACEBOOK_ERRORS.adminsOnly });
      return;
    }
    let pageCount: number;
    try {
      const userToken = await graph.userTokenFromCode(code);
      const pages = await graph.pagesOf(userToken);
      await store.savePendingPages(state.clinicId, state.userId, pages, clock.now());
      pageCount = pages.length;
    } catch (error) {
      if (!(error instanceof GraphError)) {
        logger.error({ err: error, clinicId: state.clinicId }, 'Facebook login could not be stored');
        sendPopupPage(res, 500, {
          title: 'Facebook login failed',
          message: `Something went wrong on the server. ${CLOSE_HINT}`,
        });
        return;
      }
      logger.warn(
        { clinicId: state.clinicId, err: error.message, ...error.details },
        'Facebook login could not be finished',
      );
      sendPopupPage(res, 502, {
        title: 'Facebook login failed',
        message: `${error.details.timeout ? 'Facebook did not answer in time.' : 'Facebook refused to list your pages.'} ${CLOSE_HINT}`,
      });
      return;
    }
    logger.info({ clinicId: state.clinicId, pages: pageCount }, 'Facebook login finished');
    if (pageCount === 0) {
      sendPopupPage(res, 200, {
        title: 'No Facebook pages found',
        message:
          'Facebook login finished, but this Facebook account manages no pages (or none was shared with Ngiti). You can close this window.',
      });
      return;
    }
    sendPopupPage(res, 200, {
      title: 'Facebook login finished',
      message: 'Facebook login finished. You can close this window.',
      closeWindow: true,
    });
  });

  router.get('/clinics/:id/facebook/pages', signedIn, async (req, res) => {
    const { clinicId } = await adminClinic(req, res);
    const pages = await store.pendingPages(clinicId, clock.now());
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json({
      pages: pages.map((page) => ({
        id: page.pageId,
        name: page.name,
        access_token: page.handle,
        picture: { data: { url: page.pictureUrl } },
      })),
    } satisfies FacebookPagesResponse);
  });

  router.post('/clinics/:id/facebook/select-page', signedIn, express.json({ limit: '16kb' }), async (req, res) => {
    const { clinicId, caller } = await adminClinic(req, res);
    const body = selectPageBodySchema.safeParse(req.body);
    if (!body.success) throw new HttpError(400, FACEBOOK_ERRORS.invalidSelection);
    const { pageId, pageAccessToken: handle } = body.data;
    const page = await store.pendingPage(clinicId, pageId, handle, clock.now());
    if (!page) throw new HttpError(400, FACEBOOK_ERRORS.pageNotAvailable);
    if (await store.pageConnectedElsewhere(clinicId, pageId)) throw new HttpError(409, FACEBOOK_ERRORS.pageTaken);
    try {
      await graph.subscribePage(page.pageId, page.accessToken);
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      logger.warn({ clinicId, pageId, err: error.message, ...error.details }, 'Facebook page subscription failed');
      throw new HttpError(502, FACEBOOK_ERRORS.connectFailed);
    }
    try {
      await store.connectPage(clinicId, page, caller.userId);
    } catch (error) {
      if (error instanceof PageAlreadyConnectedError) throw new HttpError(409, FACEBOOK_ERRORS.pageTaken);
      throw error;
    }
    logger.info({ clinicId, pageId }, 'Facebook page connected');
    res.status(200).json({ ok: true, page: { id: page.pageId, name: page.name } } satisfies SelectPageResponse);
  });

  /**
   * Disconnecting: the page is unsubscribed at Meta first (its webhooks stop), then token, page ids
   * and hint go in one transaction. Meta refusing or not answering does not keep the clinic on a
   * page it wants to stop using: the page is forgotten anyway and `unsubscribed: false` says Meta
   * may still deliver its messages (they then map to no clinic and are ignored).
   */
  router.delete('/clinics/:id/facebook/page', signedIn, async (req, res) => {
    const { clinicId, caller } = await adminClinic(req, res, FACEBOOK_ERRORS.adminsOnlyDisconnect);
    const page = await store.connectedPage(clinicId);
    if (!page) throw new HttpError(409, FACEBOOK_ERRORS.noPage);
    let unsubscribed = false;
    if (page.accessToken) {
      try {
        await graph.unsubscribePage(page.pageId, page.accessToken);
        unsubscribed = true;
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        logger.warn(
          { clinicId, pageId: page.pageId, err: error.message, ...error.details },
          'Facebook page unsubscription failed; disconnecting anyway',
        );
      }
    } else {
      logger.warn({ clinicId, pageId: page.pageId }, 'Facebook page has no stored token; disconnecting without Meta');
    }
    if (!(await store.disconnectPage(clinicId, caller.userId))) throw new HttpError(409, FACEBOOK_ERRORS.noPage);
    logger.info({ clinicId, pageId: page.pageId, unsubscribed }, 'Facebook page disconnected');
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json({ ok: true, unsubscribed } satisfies DisconnectPageResponse);
  });

  return router;
};
