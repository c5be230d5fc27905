/**
 * The Clinic Configuration form's rules, pure: what the inputs hold, what is wrong with them, and
 * the row they become. Limits are the database's checks on `clinics`
 * (supabase/migrations/…_clinics_and_users.sql); optional fields left blank are sent as null, which
 * is what the database accepts for "none" ('' is refused).
 */
import { RECALL_INTERVAL_MONTHS } from '@common/contract/recall';
import type { ClinicSettingsColumns } from '@/lib/database.types';
import { CLINIC_EXTRA_TEXT, CLINIC_TEXT } from './messages';

export const CLINIC_LIMITS = { name: 200, address: 500, email: 320, phone: 50 } as const;

/** What the form's inputs hold, as typed. */
export interface ClinicFormValues {
  name: string;
  /** HH:MM, as an `<input type="time">` gives it. */
  reminderTime: string;
  /** Months after a last visit at which a patient is due for a recall (Recalls tab), as typed. */
  recallMonths: string;
  /** Whether the clinic charges VAT (senior citizen / PWD patients are then also VAT-exempt). */
  vatRegistered: boolean;
  address: string;
  email: string;
  phone: string;
}

export type ClinicField = keyof ClinicFormValues;

/** The columns the form writes: insert (new clinic), or update_clinic_settings' p_settings and p_read. */
export type ClinicPayload = ClinicSettingsColumns;

export type ClinicFormErrors = Partial<Record<ClinicField, string>>;

export type ClinicFormCheck = { ok: true; payload: ClinicPayload } | { ok: false; errors: ClinicFormErrors };

/** The stored columns the form starts from (null for a new clinic). */
export interface StoredClinicFields {
  name: string;
  reminder_time: string | null;
  recall_interval_months?: number | null;
  vat_registered?: boolean | null;
  address: string | null;
  contact_email: string | null;
  contact_phone: string | null;
}

export const EMPTY_CLINIC_FORM: ClinicFormValues = {
  name: '',
  reminderTime: '09:00',
  recallMonths: String(RECALL_INTERVAL_MONTHS.default),
  vatRegistered: false,
  address: '',
  email: '',
  phone: '',
};

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?$/;

/**
 * A time of day as the form shows it, HH:MM: 'HH:MM:SS' (how Postgres answers a `time`) or
 * 'HH:MM' in; null when it is not a time of day. Seconds are dropped: reminders go out by minute.
 */
export function parseReminderTime(text: string | null | undefined): string | null {
  const match = TIME_PATTERN.exec((text ?? '').trim());
  return match ? `${match[1]}:${match[2]}` : null;
}

/** The form's starting values for a stored clinic (blank for what it does not have). */
export function formValuesOf(clinic: StoredClinicFields | null): ClinicFormValues {
  if (!clinic) return { ...EMPTY_CLINIC_FORM };
  return {
    name: clinic.name,
    reminderTime: parseReminderTime(clinic.reminder_time) ?? '',
    recallMonths: String(clinic.recall_interval_months ?? RECALL_INTERVAL_MONTHS.default),
    vatRegistered: clinic.vat_registered ?? false,
    address: clinic.address ?? '',
    email: clinic.contact_email ?? '',
    phone: clinic.contact_phone ?? '',
  };
}

/** Characters as the database counts them (char_length: code points, not UTF-16 units). */
export const characterCount = (text: string) => [...text].length;

/** Same rule as the database's check, with a dot in the domain as browsers' e-mail fields expect. */
const EMAIL_PATTERN = /^[^@\s]+@[^@\s.]+(?:\.[^@\s.]+)+$/;

const LABELS: Record<Exclude<ClinicField, 'vatRegistered'>, string> = {
  name: 'Clinic Name',
  reminderTime: 'Reminder Time',
  recallMonths: 'Recall Interval',
  address: 'Address',
  email: 'Contact Email',
  phone: 'Contact Phone',
};

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The recall interval as typed, in months: one or two digits; NaN otherwise. */
const parseRecallMonths = (text: string) => (/^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** Checks every field at once; the payload only when all are right. */
export function checkClinicForm(values: ClinicFormValues): ClinicFormCheck {
  const errors: ClinicFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = CLINIC_EXTRA_TEXT.required(LABELS.name);
  else if (characterCount(name) > CLINIC_LIMITS.name)
    errors.name = CLINIC_EXTRA_TEXT.tooLong(LABELS.name, CLINIC_LIMITS.name);

  const reminderTime = parseReminderTime(values.reminderTime);
  if (!values.reminderTime.trim()) errors.reminderTime = CLINIC_EXTRA_TEXT.required(LABELS.reminderTime);
  else if (!reminderTime) errors.reminderTime = CLINIC_EXTRA_TEXT.badTime;

  const recallText = values.recallMonths.trim();
  const recallMonths = parseRecallMonths(recallText);
  if (!recallText) errors.recallMonths = CLINIC_EXTRA_TEXT.required(LABELS.recallMonths);
  else if (!(recallMonths >= RECALL_INTERVAL_MONTHS.min && recallMonths <= RECALL_INTERVAL_MONTHS.max))
    errors.recallMonths = CLINIC_EXTRA_TEXT.badRecallMonths;

  const address = blankToNull(values.address);
  if (address && characterCount(address) > CLINIC_LIMITS.address)
    errors.address = CLINIC_EXTRA_TEXT.tooLong(LABELS.address, CLINIC_LIMITS.address);

  const email = blankToNull(values.email);
  if (email && characterCount(email) > CLINIC_LIMITS.email)
    errors.email = CLINIC_EXTRA_TEXT.tooLong(LABELS.email, CLINIC_LIMITS.email);
  else if (email && !EMAIL_PATTERN.test(email)) errors.email = CLINIC_EXTRA_TEXT.badEmail;

  const phone = blankToNull(values.phone);
  if (phone && characterCount(phone) > CLINIC_LIMITS.phone)
    errors.phone = CLINIC_EXTRA_TEXT.tooLong(LABELS.phone, CLINIC_LIMITS.phone);

  if (Object.keys(errors).length > 0 || !reminderTime) return { ok: false, errors };
  return {
    ok: true,
    payload: {
      name,
      reminder_time: reminderTime,
      recall_interval_months: recallMonths,
      vat_registered: values.vatRegistered,
      address,
      contact_email: email,
      contact_phone: phone,
    },
  };
}

/**
 * The clinic as stored, in the shape that is written: what an update checks the clinic still
 * holds (reminder_time as the database answers it, seconds and all, so the check compares times).
 */
export function storedFieldsOf(clinic: ClinicPayload): ClinicPayload {
  return {
    name: clinic.name,
    reminder_time: clinic.reminder_time,
    recall_interval_months: clinic.recall_interval_months,
    vat_registered: clinic.vat_registered,
    address: clinic.address,
    contact_email: clinic.contact_email,
    contact_phone: clinic.contact_phone,
  };
}

/**
 * After someone else saved the clinic while this form was open: the form shows their values
 * (`current`) in the fields this user left as they were opened (`opened`), and keeps what this
 * user changed. Nothing typed is lost; nothing the other person saved is overwritten unseen.
 */
export function mergeConcurrentClinicEdit(
  values: ClinicFormValues,
  opened: ClinicPayload,
  current: ClinicPayload,
): ClinicFormValues {
  const theirs = formValuesOf(current);
  return {
    name: values.name.trim() === opened.name ? theirs.name : values.name,
    reminderTime:
      parseReminderTime(values.reminderTime) === parseReminderTime(opened.reminder_time)
        ? theirs.reminderTime
        : values.reminderTime,
    recallMonths:
      parseRecallMonths(values.recallMonths) === opened.recall_interval_months
        ? theirs.recallMonths
        : values.recallMonths,
    vatRegistered: values.vatRegistered === opened.vat_registered ? theirs.vatRegistered : values.vatRegistered,
    address: blankToNull(values.address) === opened.address ? theirs.address : values.address,
    email: blankToNull(values.email) === opened.contact_email ? theirs.email : values.email,
    phone: blankToNull(values.phone) === opened.contact_phone ? theirs.phone : values.phone,
  };
}

/** The fields in the order the form shows them, for focusing the first wrong one. */
export const CLINIC_FIELD_ORDER: readonly ClinicField[] = [
  'name',
  'reminderTime',
  'recallMonths',
  'address',
  'email',
  'phone',
];

/** The confirmation before a save: Cancel is the default focus. */
export function saveConfirmation(isNew: boolean, name: string) {
  return isNew
    ? {
        title: CLINIC_TEXT.confirmAddTitle,
        text: CLINIC_EXTRA_TEXT.confirmAddText(name),
        confirmText: CLINIC_TEXT.confirmAdd,
      }
    : {
        title: CLINIC_TEXT.confirmUpdateTitle,
        text: CLINIC_EXTRA_TEXT.confirmUpdateText(name),
        confirmText: CLINIC_TEXT.confirmUpdate,
      };
}

const MASK = '••••••••';

/**
 * What the token field shows: the stored hint, the token's last characters, behind a mask
 * ('••••••••abcd'), never a token; 'Not connected' without one.
 */
export function tokenFieldText(hint: string | null | undefined): string {
  const shown = hint?.trim();
  if (!shown) return CLINIC_EXTRA_TEXT.notConnected;
  return shown.startsWith('•') ? shown : `${MASK}${shown}`;
}

/** A clinic is connected when it has a page and a stored token. */
export function isConnected(clinic: { fb_page_id: string | null; page_token_hint: string | null } | null): boolean {
  return !!clinic?.fb_page_id && !!clinic.page_token_hint;
}
