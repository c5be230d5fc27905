/**
 * Which of invoice_split's answers the item editor may show for the request now typed. An answer
 * stays while the next is on its way (the lines were edited); it is shown only for the same
 * patient and appointment, never another patient's HMO, discount or total, and it is the
 * database's split of the lines only when it answers exactly them. Pure.
 */
import type { InvoiceSplit, InvoiceSplitRequest, SplitAnswer } from './api/preview-invoice-split';

type Visit = Pick<InvoiceSplitRequest, 'patientId' | 'appointmentId'>;

/** The same patient billed for the same appointment (or both without one). */
export const sameVisit = (a: Visit, b: Visit): boolean =>
  a.patientId === b.patientId && (a.appointmentId ?? null) === (b.appointmentId ?? null);

/** The same visit and exactly the same lines, in the same order. */
export const sameRequest = (a: InvoiceSplitRequest, b: InvoiceSplitRequest): boolean =>
  sameVisit(a, b) && JSON.stringify(a.items) === JSON.stringify(b.items);

/** What useInvoiceSplit holds: the last answer (maybe a placeholder) and the last refusal. */
export interface SplitState {
  answer: SplitAnswer | undefined;
  /** `answer` is the previous request's, kept while this one's is on its way. */
  placeholder: boolean;
  failure: { asked: InvoiceSplitRequest; error: unknown } | null;
}

export interface SplitView {
  /** The split shown under the lines: this visit's, for as many lines as are typed; else nothing. */
  shown: InvoiceSplit | null;
  /** The database's split of exactly the lines typed, for this visit; else null. */
  current: InvoiceSplit | null;
  /** Why the database refused this visit's lines, or null. */
  error: unknown;
  /** A split is asked for this visit and none of its answers has arrived yet: Save waits. */
  waiting: boolean;
}

const NOTHING: SplitView = { shown: null, current: null, error: null, waiting: false };

/** What the editor shows for `wanted` (null: no patient or unreadable lines, nothing asked). */
export function splitView(wanted: InvoiceSplitRequest | null, state: SplitState): SplitView {
  if (wanted === null) return NOTHING;
  const answer = state.answer && sameVisit(state.answer.asked, wanted) ? state.answer : null;
  const error = state.failure && sameVisit(state.failure.asked, wanted) ? state.failure.error : null;
  return {
    shown: answer && answer.split.lines.length === wanted.items.length ? answer.split : null,
    current: answer && !state.placeholder && sameRequest(answer.asked, wanted) ? answer.split : null,
    error,
    waiting: answer === null && !error,
  };
}
