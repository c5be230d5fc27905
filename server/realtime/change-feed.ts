/**
 * The appointment change feed: the triggers on appointments and their flags announce every change
 * on the channel 'appointment_changes' with a small notice; this collects notices for a few
 * milliseconds (a bulk update sends many), loads the current rows in one query, and hands them on.
 */
import type { Logger } from 'pino';
import { z } from 'zod';
import { appointmentStatusSchema, type AppointmentUpdatedPayload } from '@common/contract';
import type { ServiceDatabase } from '../contracts';
import { createFeed, parseNotice } from './feed';
import { loadAppointmentUpdates } from './realtime-store';

export const APPOINTMENT_CHANGES_CHANNEL = 'appointment_changes';

/** What the trigger sends (at most a few hundred bytes; NOTIFY allows 8000). */
const changeNoticeSchema = z.object({
  op: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  id: z.int().positive(),
  clinic_id: z.int().positive(),
  dentist_id: z.int().positive(),
  patient_id: z.int().positive(),
  status: appointmentStatusSchema,
  appointment_time: z.string(),
  deleted: z.boolean(),
});

export type ChangeNotice = z.infer<typeof changeNoticeSchema>;

/** Reads a notification payload; anything not from our trigger is null. */
export const parseChangeNotice = (payload: string): ChangeNotice | null => parseNotice(changeNoticeSchema, payload);

/** The payload for a row that is gone (hard-deleted): what the notice knew, marked deleted. */
export function payloadForRemovedRow(notice: ChangeNotice): AppointmentUpdatedPayload {
  return {
    id: notice.id,
    clinic_id: notice.clinic_id,
    dentist_id: notice.dentist_id,
    patient_id: notice.patient_id,
    status: notice.status,
    appointment_time: notice.appointment_time,
    deleted: true,
    patient_name: null,
    dentist_name: null,
  };
}

export interface ChangeFeedOptions {
  db: ServiceDatabase;
  logger: Logger;
  /** Whether anyone on this instance follows the clinic (rows of other clinics are not even loaded). */
  isFollowed(clinicId: number): boolean;
  deliver(payload: AppointmentUpdatedPayload): void;
  /** How long notices are collected before one load (a bulk update becomes one query). */
  coalesceMs?: number;
}

export interface ChangeFeed {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once every notice received so far has been delivered (tests, shutdown). */
  idle(): Promise<void>;
}

export function createChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const { db, logger, isFollowed, deliver } = options;
  const coalesceMs = options.coalesceMs ?? 10;
  const pending = new Map<number, ChangeNotice>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  const listener = createFeed({
    db,
    logger,
    channel: APPOINTMENT_CHANGES_CHANNEL,
    schema: changeNoticeSchema,
    name: 'appointment change',
    onEvent: (notice) => {
      pending.set(notice.id, notice);
      schedule();
    },
  });

  async function flush(): Promise<void> {
    timer = undefined;
    const notices = [...pending.values()].filter((notice) => isFollowed(notice.clinic_id));
    pending.clear();
    if (notices.length === 0) return;
    try {
      const rows = await loadAppointmentUpdates(
        db,
        notices.map((notice) => notice.id),
      );
      const loaded = new Map(rows.map((row) => [row.id, row]));
      for (const notice of notices) {
        const row = loaded.get(notice.id);
        // A row of another clinic cannot appear here (rows never change clinic), but be strict.
        if (row && row.clinic_id === notice.clinic_id) deliver(row);
        else if (!row) deliver(payloadForRemovedRow(notice));
      }
    } catch (error) {
      logger.error({ err: error, count: notices.length }, 'appointment changes could not be loaded');
    }
  }

  function schedule(): void {
    if (timer || flushing) return;
    timer = setTimeout(() => {
      flushing = flush().finally(() => {
        flushing = undefined;
        if (pending.size > 0) schedule();
      });
    }, coalesceMs);
  }

  return {
    start: listener.start,
    async stop() {
      await listener.stop();
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
      await flushing;
    },
    async idle() {
      while (timer || flushing) {
        if (flushing) await flushing;
        else await new Promise((resolve) => setTimeout(resolve, coalesceMs));
      }
    },
  };
}
