/**
 * Which audit_log values are instants and which are money, decided by the field's name alone: the
 * Audit Trail on screen and its CSV export (common/csv/exports.ts) both read values through this
 * rule, so a field is shown in clinic time or pesos in both or in neither. A value is never judged
 * by its shape: a patient's note that happens to read like a timestamp stays text. Browser-safe.
 *
 * The audit trail's own naming (docs/audit-trail.md): money is recorded as `<column>_centavos`
 * (integer centavos) and instants as `<event>_at`, so a column added later is read right without a
 * change here. The few instant columns named otherwise are listed.
 */

/** How a field's values read: a point in time, or integer centavos. */
export type AuditValueKind = 'instant' | 'centavos';

/** The suffix of every money column the audit trail records. */
export const CENTAVOS_SUFFIX = '_centavos';

/** The suffix of an instant column (`cancelled_at`, `voided_at`). */
const INSTANT_SUFFIX = '_at';

/** The audited timestamptz columns whose names do not end in `_at`. */
const INSTANT_FIELDS: ReadonlySet<string> = new Set(['appointment_time', 'payment_date']);

/** 'instant' or 'centavos' for a field whose values are one, else null (the value is shown as it is). */
export function auditValueKind(field: string): AuditValueKind | null {
  if (field.endsWith(CENTAVOS_SUFFIX)) return 'centavos';
  if (field.endsWith(INSTANT_SUFFIX) || INSTANT_FIELDS.has(field)) return 'instant';
  return null;
}
