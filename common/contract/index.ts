/**
 * The contract between the SPA and the notification service: the socket.io events and every JSON
 * body the SPA sends to or receives from the service, as zod schemas with their inferred types.
 * Both sides import it, so a field renamed on one side fails to compile on the other. Browser-safe:
 * zod/mini only (the same build the SPA uses), no Node imports.
 *
 * The SPA imports types from here but values from their own modules (`@common/contract/limits`,
 * `…/realtime`, …): this index keeps every schema alive (docs/adr/0022-spa-service-contract.md).
 * What a screen needs to draw (`…/live-events`, `…/appointment-status`) is in modules without zod:
 * zod and the schemas come with the code that checks a body or an event.
 */
export { APPOINTMENT_STATUSES, type AppointmentStatus } from './appointment-status';
export { appointmentStatusSchema } from './appointment-status-schema';
export { characterCount } from './character-count';
export { errorBodySchema, type ErrorBody } from './error-body';
export { DATABASE_ERROR_CODES, databaseErrorCodeOf, type DatabaseErrorCode } from './error-codes';
export {
  connectStateResponseSchema,
  disconnectPageResponseSchema,
  facebookPageSchema,
  facebookPagesResponseSchema,
  selectPageBodySchema,
  selectPageResponseSchema,
  type ConnectStateResponse,
  type DisconnectPageResponse,
  type FacebookPage,
  type FacebookPagesResponse,
  type SelectPageBody,
  type SelectPageResponse,
} from './facebook-connect';
export { deliverySchema, type Delivery } from './fields';
export { MAX_DAYS_AHEAD, MESSAGE_MAX_LENGTH, MESSENGER_ID_MAX_LENGTH, MESSENGER_ID_PATTERN } from './limits';
export {
  manualReminderBodySchema,
  manualReminderLogEntrySchema,
  manualReminderResponseSchema,
  type ManualReminderBody,
  type ManualReminderResponse,
} from './manual-reminders';
export {
  APPOINTMENT_UPDATED,
  appointmentFlagSchema,
  appointmentUpdatedPayloadSchema,
  ACCESS_REVOKED,
  ACCESS_REVOKED_REASONS,
  accessRevokedPayloadSchema,
  REVOKED_ACCESS_CODES,
  type AccessRevokedPayload,
  type AccessRevokedReason,
  type RevokedAccessCode,
  BILLING_UPDATED,
  billingUpdatedPayloadSchema,
  CHART_UPDATED,
  chartUpdatedPayloadSchema,
  recallUpdatedPayloadSchema,
  waitlistUpdatedPayloadSchema,
  type ChartUpdatedPayload,
  type RecallUpdatedPayload,
  type WaitlistUpdatedPayload,
  LIVE_PING_INTERVAL_MS,
  LIVE_PING_TIMEOUT_MS,
  LIVE_SILENCE_MS,
  type AppointmentFlag,
  type AppointmentUpdatedPayload,
  type BillingUpdatedPayload,
  type ClientToServerEvents,
  type InterServerEvents,
  type ServerToClientEvents,
  type SocketAuth,
  type SocketData,
} from './realtime';
export {
  CLINIC_ROLES,
  hasPermission,
  isStaffRole,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  rolesWith,
  STAFF_ROLES,
  type ClinicRole,
  type Permission,
  type StaffRole,
} from './permissions';
export {
  parseRecallBookPayload,
  RECALL_BLOCK_DAYS,
  RECALL_BOOK_TITLE,
  RECALL_INTERVAL_MONTHS,
  RECALL_UPDATED,
  recallBookPayload,
  RECALL_OUTCOMES,
  type RecallOutcome,
  type RecallSendResponse,
} from './recall';
export {
  parseWaitlistTakePayload,
  WAITLIST_ENTRY_STATUSES,
  WAITLIST_OFFER_STATUSES,
  WAITLIST_TAKE_TITLE,
  WAITLIST_UPDATED,
  waitlistTakePayload,
  type WaitlistEntryStatus,
  type WaitlistOfferStatus,
} from './waitlist';
export {
  statusNotificationBodySchema,
  statusNotificationResponseSchema,
  type StatusNotificationBody,
  type StatusNotificationResponse,
} from './status-notifications';
