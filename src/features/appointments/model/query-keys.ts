/** TanStack Query keys of the appointments feature; invalidate through these. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  /** Every appointment list of every clinic: invalidate after any write. */
  lists: () => [...appointmentKeys.all, 'list'] as const,
  list: (clinicId: number) => [...appointmentKeys.lists(), clinicId] as const,
  detail: (clinicId: number, appointmentId: number) =>
    [...appointmentKeys.all, 'detail', clinicId, appointmentId] as const,
  /** What the booking form needs to draw one dentist's day: booked slots and blocks. */
  dentistDays: () => [...appointmentKeys.all, 'dentist-day'] as const,
  dentistDay: (clinicId: number, dentistId: number, date: string) =>
    [...appointmentKeys.dentistDays(), clinicId, dentistId, date] as const,
  dentists: (clinicId: number) => [...appointmentKeys.all, 'dentists', clinicId] as const,
  procedures: (clinicId: number) => [...appointmentKeys.all, 'procedures', clinicId] as const,
  reminders: (clinicId: number, appointmentId: number) =>
    [...appointmentKeys.all, 'reminders', clinicId, appointmentId] as const,

  // Keys of writes, per form or record: a second write with the same key is ignored while one
  // is in flight (src/lib/use-guarded-mutation.ts).
  /** Book (appointmentId null) or Save an edit. */
  save: (appointmentId: number | null) => [...appointmentKeys.all, 'save', appointmentId ?? 'new'] as const,
  updateStatus: (appointmentId: number) => [...appointmentKeys.all, 'update-status', appointmentId] as const,
  notifyStatus: (appointmentId: number) => [...appointmentKeys.all, 'notify-status', appointmentId] as const,
  completePlanItems: (appointmentId: number) => [...appointmentKeys.all, 'complete-plan-items', appointmentId] as const,
  delete: (appointmentId: number) => [...appointmentKeys.all, 'delete', appointmentId] as const,
  saveReminderSettings: (appointmentId: number) =>
    [...appointmentKeys.all, 'save-reminder-settings', appointmentId] as const,
  sendReminder: (appointmentId: number) => [...appointmentKeys.all, 'send-reminder', appointmentId] as const,
};
