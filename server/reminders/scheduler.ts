/**
 * The automated-reminder scheduler: at start and then every `reminderIntervalMs` (earlier when a
 * clinic's reminder time comes first), one pass over every clinic sends the reminders due today.
 * Each (appointment, days_ahead) is claimed in the database before it is sent, so it goes out
 * once across restarts and service instances (docs/reminders.md).
 */
import { randomUUID } from 'node:crypto';
import { recordReliably } from '../appointments/outcome';
import { reminderQuickReplies, type ReminderScheduler, type SendResult, type ServiceDeps } from '../contracts';
import { defaultReminderText } from '../messages';
import {
  CLINIC_NOT_CONNECTED,
  MANUAL_ALREADY_SENT,
  clinicReminderDay,
  manualReminderSentToday,
  nextPassDelayMs,
  noLongerDueReason,
  rateLimitPauseMs,
  reminderRecipient,
  reminderText,
  verdictFor,
} from './reminder-rules';
import {
  claimDueReminders,
  loadClinics,
  reclaimLapsedReminders,
  recordOutcome,
  reloadClaimedJob,
  type ReminderClinic,
  type ReminderJob,
  type ReminderOutcome,
} from './reminder-store';
import { SendPacer } from './send-pacer';

export interface ReminderSchedulerOptions {
  /** Reminders claimed per statement (one page is sent before the next is claimed). */
  pageSize?: number;
  /** Messages in flight at once. */
  concurrency?: number;
  /** How long a claim is held before another pass may take it over. */
  leaseMs?: number;
  /** First pause after a rate-limit answer (doubles while they continue), and the cap. */
  rateLimitPauseMs?: number;
  maxRateLimitPauseMs?: number;
}

export interface ReminderPassReport {
  sent: number;
  failed: number;
  /** Not sent because a manual reminder already went out to the recipient that day (logged 'skipped'). */
  coveredByManual: number;
  /** Due reminders left for later: a transient error to retry, a rate limit, a stop, or claimed by another instance. */
  skipped: number;
  /** Clinics whose reminder time had passed. */
  clinicsDue: number;
  durationMs: number;
}

const DEFAULTS: Required<ReminderSchedulerOptions> = {
  pageSize: 200,
  concurrency: 8,
  leaseMs: 5 * 60_000,
  rateLimitPauseMs: 1_000,
  maxRateLimitPauseMs: 30_000,
};

type PassCounts = Pick<ReminderPassReport, 'sent' | 'failed' | 'coveredByManual' | 'skipped'>;

export function createReminderScheduler(
  deps: ServiceDeps,
  options: ReminderSchedulerOptions = {},
): ReminderScheduler & { runOnce(): Promise<ReminderPassReport> } {
  const settings = { ...DEFAULTS, ...options };
  const { db, clock, messenger } = deps;
  const logger = deps.logger.child({ component: 'reminders' });
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;
  let lastPass: Promise<unknown> = Promise.resolve();
  const pausedSenders = new Set<() => void>();

  /** A rate-limit pause shared by every sender of the pass; ends early on stop. */
  let pausedUntil = 0;
  let consecutiveRateLimits = 0;
  const pacer = new SendPacer();
  async function waitOutRateLimit(): Promise<void> {
    while (!stopping && Date.now() < pausedUntil) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          pausedSenders.delete(wake);
          clearTimeout(timeout);
          resolve();
        };
        const timeout = setTimeout(wake, pausedUntil - Date.now());
        pausedSenders.add(wake);
      });
    }
  }

  async function send(clinic: ReminderClinic, job: ReminderJob, messengerId: string, text: string) {
    try {
      return await messenger.send({
        pageId: clinic.pageId!,
        pageAccessToken: clinic.pageAccessToken!,
        recipientId: messengerId,
        text,
        quickReplies: reminderQuickReplies(job.appointmentId),
        kind: 'reminder',
      });
    } catch (error) {
      // The client promises never to throw; if it does, treat it as Meta being unreachable.
      logger.error({ err: error, reminderId: job.reminderId }, 'messenger client threw');
      return { ok: false, error: 'Messenger notification failed', transient: true } satisfies SendResult;
    }
  }

  /**
   * What a claimed reminder comes to without sending (not due any more, nowhere to send, covered by
   * a manual send), or the recipient and text to send it with: asked of the job as claimed, and
   * again of the appointment as it is just before each send.
   */
  function planSend(
    clinic: ReminderClinic,
    job: ReminderJob,
  ): { kind: 'send'; messengerId: string; text: string } | { kind: 'outcome'; outcome: ReminderOutcome } {
    const now = clock.now();
    const recipient = reminderRecipient(job);
    const notSent = (error: string) =>
      ({ kind: 'outcome', outcome: { kind: 'failed', error, messengerId: null, attempted: false } }) as const;
    const noLongerDue = noLongerDueReason(job, job, now, clinic.timeZone);
    if (noLongerDue !== null) return notSent(noLongerDue);
    if (!clinic.pageId || !clinic.pageAccessToken) return notSent(CLINIC_NOT_CONNECTED);
    if (!recipient.ok) return notSent(recipient.error);
    // Staff already reminded this recipient today by hand: the same message again would be noise.
    if (manualReminderSentToday(job.manualSends, recipient.messengerId, now, clinic.timeZone))
      return {
        kind: 'outcome',
        outcome: { kind: 'skipped', reason: MANUAL_ALREADY_SENT, messengerId: recipient.messengerId },
      };
    const text = reminderText(job.reminderMessage, () =>
      defaultReminderText({
        patientName: job.patientName ?? 'there',
        clinicName: clinic.name,
        dentistName: job.dentistName ?? 'your dentist',
        appointmentTime: new Date(job.appointmentTime),
        timeZone: clinic.timeZone,
        now,
      }),
    );
    return { kind: 'send', messengerId: recipient.messengerId, text };
  }

  /** Sends one claimed reminder until it has an outcome (a rate limit means: pause, then resend). */
  async function process(clinic: ReminderClinic, job: ReminderJob, claimToken: string, leaseEnds: number) {
    let outcome: ReminderOutcome;
    const claimed = planSend(clinic, job);
    if (claimed.kind === 'outcome') {
      outcome = claimed.outcome;
    } else {
      for (;;) {
        await waitOutRateLimit();
        const wait = pacer.reserve();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        // Never send on a claim that may lapse before Meta answers (a send may take two requests:
        // the message, then the template): another instance could take it over and send it too.
        if (stopping || Date.now() + 2 * deps.config.metaTimeoutMs + 5_000 > leaseEnds) {
          const pauseLeft = Math.max(0, pausedUntil - Date.now());
          outcome = { kind: 'release', retryAt: new Date(clock.now().getTime() + pauseLeft) };
          break;
        }
        // The appointment as it is now: a pause or the pacing may have outlasted a move, a
        // cancellation or another recipient since the claim.
        const current = await reloadClaimedJob(db, job.reminderId, claimToken);
        if (current === null) {
          outcome = { kind: 'release', retryAt: clock.now() };
          break;
        }
        const plan = planSend(clinic, current);
        if (plan.kind === 'outcome') {
          outcome = plan.outcome;
          break;
        }
        const result = await send(clinic, current, plan.messengerId, plan.text);
        const verdict = verdictFor(result, job.attempts + 1);
        if (verdict.outcome === 'rate-limited') {
          // Answers to sends that were already in flight when a pause began belong to that pause.
          if (Date.now() >= pausedUntil) {
            pacer.rateLimited();
            consecutiveRateLimits += 1;
            const pause = rateLimitPauseMs(
              consecutiveRateLimits,
              settings.rateLimitPauseMs,
              settings.maxRateLimitPauseMs,
            );
            pausedUntil = Date.now() + pause;
            logger.warn({ pauseMs: pause, paceMs: pacer.paceMs }, 'Meta rate limit: pausing reminders');
          }
          continue;
        }
        consecutiveRateLimits = 0;
        if (result.ok) pacer.succeeded();
        const at = clock.now();
        if (verdict.outcome === 'sent') outcome = { kind: 'sent', messengerId: plan.messengerId, attempted: true };
        else if (verdict.outcome === 'failed')
          outcome = { kind: 'failed', error: verdict.error, messengerId: plan.messengerId, attempted: true };
        else
          outcome = {
            kind: 'retry',
            error: result.ok ? '' : result.error,
            messengerId: plan.messengerId,
            retryAt: new Date(at.getTime() + verdict.retryInMs),
          };
        break;
      }
    }
    const write = () => recordOutcome(db, job, claimToken, clock.now(), outcome);
    // A sent reminder left pending would be claimed again once its lease lapses, and sent twice:
    // its outcome is retried (recordReliably never throws; a last failure is logged there).
    const recorded =
      outcome.kind === 'sent'
        ? await recordReliably(logger, 'reminder outcome', { reminderId: job.reminderId, outcome: 'sent' }, write)
        : await write();
    if (recorded === false)
      logger.warn({ reminderId: job.reminderId }, 'reminder claim was taken over before its outcome was written');
    return outcome.kind;
  }

  /** Sends a page of claimed jobs with bounded concurrency; resolves with how many went back unsent. */
  async function sendPage(
    clinic: ReminderClinic,
    jobs: ReminderJob[],
    claim: { token: string; leaseEnds: number },
    counts: PassCounts,
  ): Promise<number> {
    let next = 0;
    let released = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        let kind: ReminderOutcome['kind'];
        try {
          kind = await process(clinic, job, claim.token, claim.leaseEnds);
        } catch (error) {
          // A database error: the claim stays pending and is retried once it lapses.
          logger.error({ err: error, reminderId: job.reminderId }, 'reminder could not be recorded');
          kind = 'release';
        }
        if (kind === 'sent') counts.sent += 1;
        else if (kind === 'failed') counts.failed += 1;
        else if (kind === 'skipped') counts.coveredByManual += 1;
        else counts.skipped += 1;
        if (kind === 'release') released += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, jobs.length) }, worker));
    return released;
  }

  async function passOverClinic(clinic: ReminderClinic, counts: PassCounts): Promise<boolean> {
    const now = clock.now();
    const day = clinicReminderDay(now, clinic);
    const claimToken = randomUUID();
    const claim = { now, limit: settings.pageSize, leaseMs: settings.leaseMs, claimToken };
    // Retries whose time has come (and claims a crashed pass left behind) first.
    for (;;) {
      if (stopping) return day.reached;
      const leaseEnds = Date.now() + settings.leaseMs;
      const jobs = await reclaimLapsedReminders(db, { ...claim, now: clock.now(), clinicId: clinic.id });
      if (jobs.length === 0) break;
      const released = await sendPage(clinic, jobs, { token: claimToken, leaseEnds }, counts);
      // A page that all went back (stopping, Meta too slow for the lease) ends the pass for the clinic.
      if (jobs.length < settings.pageSize || released === jobs.length) break;
    }
    if (!day.reached) return false;
    for (;;) {
      if (stopping) return true;
      const leaseEnds = Date.now() + settings.leaseMs;
      const { found, jobs } = await claimDueReminders(db, { ...claim, now: clock.now(), clinic, today: day.today });
      counts.skipped += found - jobs.length;
      if (found === 0) break;
      const released = await sendPage(clinic, jobs, { token: claimToken, leaseEnds }, counts);
      if (jobs.length > 0 && released === jobs.length) break;
    }
    return true;
  }

  async function pass(): Promise<ReminderPassReport> {
    const startedAt = performance.now();
    const passStartedAt = clock.now();
    const counts: PassCounts = { sent: 0, failed: 0, coveredByManual: 0, skipped: 0 };
    let clinicsDue = 0;
    let clinics: ReminderClinic[] = [];
    try {
      clinics = await loadClinics(db);
      for (const clinic of clinics) {
        try {
          if (await passOverClinic(clinic, counts)) clinicsDue += 1;
        } catch (error) {
          logger.error({ err: error, clinicId: clinic.id }, 'reminder pass failed for a clinic');
        }
      }
    } catch (error) {
      logger.error({ err: error }, 'reminder pass failed');
    }
    const report = { ...counts, clinicsDue, durationMs: Math.round(performance.now() - startedAt) };
    logger.info({ clinics: clinics.length, ...report }, 'reminder pass');
    if (started && !stopping)
      schedule(
        nextPassDelayMs({ now: clock.now(), passStartedAt, intervalMs: deps.config.reminderIntervalMs, clinics }),
      );
    return report;
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void runOnce(), delayMs);
    timer.unref();
  }

  /** Passes never overlap within an instance: a second call runs after the first. */
  function runOnce(): Promise<ReminderPassReport> {
    const run = lastPass.then(pass, pass);
    lastPass = run.catch(() => undefined);
    return run;
  }

  return {
    start() {
      if (started) return;
      started = true;
      stopping = false;
      void runOnce();
    },
    runOnce,
    async stop() {
      stopping = true;
      started = false;
      clearTimeout(timer);
      for (const wake of [...pausedSenders]) wake();
      await lastPass;
    },
  };
}
