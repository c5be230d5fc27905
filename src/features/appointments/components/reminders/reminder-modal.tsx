// CONTRACT (owned by the reminder-modal helper; the list imports only this).
export interface ReminderModalProps {
  clinicId: number;
  timeZone: string;
  appointmentId: number;
  onClose(): void;
}

export function ReminderModal(props: ReminderModalProps) {
  void props;
  return null;
}
