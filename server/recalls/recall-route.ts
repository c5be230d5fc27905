import { Router, type Request, type Response } from 'express';
import { hasPermission, RECALL_BOOK_TITLE, recallBookPayload, type RecallSendResponse } from '@common/contract';
import { recordReliably, sendFailure } from '../appointments/outcome';
import type { RouterFactory } from '../contracts';
import { assertClinicAccess, callerOf, requireCaller } from '../http/auth';
import { HttpError } from '../http/errors';
import { parsePositiveId } from '../http/parse-request';
import { perMinuteLimit } from '../http/per-minute-limit';
import { RECALL_ERRORS, recalledRecentlyText, recallText } from './recall-rules';
import { claimRecall, finishRecall, loadRecallTarget, recordSkippedRecall } from './recall-store';

/** Recalls one staff member may send per minute: a bulk send of a long list goes in a few batches. */
export const RECALLS_PER_MINUTE = 60;

/**
 * POST /api/recalls/:patientId?clinic_id=: 'Send recall'. The caller is checked as for manual
 * reminders (JWT, staff profile, clinic), then the patient must be on the clinic's due list
 * (public.recall_list). The recall is claimed in the database first: the exclusion constraint of
 * recall_messages refuses a second recall within 30 days (409), even from two sends at once. Then
 * Messenger sends it with a 'Book' quick reply (a postback button outside the 24-hour window), and
 * the claim becomes sent or failed. Nothing to send to (no Messenger id, no page) is logged as
 * skipped and answers 422.
 */
export const createRecallRouter: RouterFactory = (deps) => {
  const router = Router();
  const perCaller = perMinuteLimit({
    limit: RECALLS_PER_MINUTE,
    message: 'Too many recalls in a short time. Please wait a minute and try again.',
    key: (_req, res) => `caller:${callerOf(res).userId}`,
  });

  router.post('/:patientId', requireCaller(deps.callers), perCaller, async (req: Request, res: Response) => {
    const caller = callerOf(res);
    const patientId = parsePositiveId(req.params.patientId, 'The patient id');
    const clinicId = parsePositiveId(req.query.clinic_id, 'clinic_id (in the query string)');
    assertClinicAccess(caller, clinicId);
    // Front-desk work, as the Recalls tab: dentists may read recalls but do not send them.
    if (!hasPermission(caller.role, 'recalls.manage'))
      throw new HttpError(403, 'Only the front desk and admins can send recalls.');

    const now = deps.clock.now();
    const target = await loadRecallTarget(deps.db, clinicId, patientId, now);
    if (!target) throw new HttpError(404, RECALL_ERRORS.notFound);
    if (!target.due) throw new HttpError(409, RECALL_ERRORS.notDue);

    const text = recallText({
      patientName: target.patientName,
      clinicName: target.clinicName,
      lastVisitAt: target.lastVisitAt,
      timeZone: target.timeZone,
    });
    const { messengerId, pageId, pageAccessToken } = target;
    if (!messengerId || !pageId || !pageAccessToken) {
      const reason = !messengerId ? RECALL_ERRORS.noMessengerId : RECALL_ERRORS.notConnected;
      await recordReliably(deps.logger, 'skipped recall', { clinicId, patientId, outcome: 'skipped' }, () =>
        recordSkippedRecall(deps.db, {
          clinicId,
          patientId,
          messengerId,
          message: text,
          reason,
          sentBy: caller.userId,
          at: now,
        }),
      );
      throw new HttpError(422, reason);
    }

    const claim = await claimRecall(deps.db, {
      clinicId,
      patientId,
      messengerId,
      message: text,
      sentBy: caller.userId,
      at: now,
    });
    if (!claim.ok)
      throw new HttpError(
        409,
        recalledRecentlyText({
          patientName: target.patientName,
          recalledAt: claim.blockedBy.createdAt,
          blockedUntil: claim.blockedBy.blockedUntil,
          timeZone: target.timeZone,
        }),
      );

    const result = await deps.messenger.send({
      pageId,
      pageAccessToken,
      recipientId: messengerId,
      text,
      quickReplies: [{ title: RECALL_BOOK_TITLE, payload: recallBookPayload(claim.id) }],
      // The reminders' utility path: a recall is a reminder of a check-up.
      kind: 'reminder',
    });
    const outcome = result.ok
      ? ({ sent: true, via: result.via } as const)
      : ({ sent: false, error: result.error } as const);
    await recordReliably(deps.logger, 'recall', { clinicId, patientId, outcome: result.ok ? 'sent' : 'failed' }, () =>
      finishRecall(deps.db, claim.id, outcome),
    );
    if (!result.ok) throw sendFailure(result);
    deps.logger.info({ clinicId, patientId, recallId: claim.id, via: result.via }, 'recall sent');
    res.json({
      ok: true,
      messageId: result.messageId,
      via: result.via,
      recall: {
        id: claim.id,
        created_at: claim.createdAt.toISOString(),
        blocked_until: claim.blockedUntil.toISOString(),
      },
    } satisfies RecallSendResponse);
  });
  return router;
};
