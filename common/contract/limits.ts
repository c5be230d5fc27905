/**
 * The contract's limits as plain values, without zod: the SPA's forms check against them (with
 * characterCount) and import them from here, so a screen that only needs a number does not pull
 * the schemas into its chunk. The schemas in ./fields.ts and ./manual-reminders.ts use the same.
 */

/**
 * The longest message staff may write, in characters as characterCount counts them
 * (appointments.reminder_message allows as many). At two UTF-16 units per character at most, it
 * always fits Meta's 2000-unit limit on a Messenger text.
 */
export const MESSAGE_MAX_LENGTH = 1000;

/** Messenger ids (page-scoped ids) are stored in columns of at most 100 characters (characterCount). */
export const MESSENGER_ID_MAX_LENGTH = 100;

/** The characters of a page-scoped id (digits in practice) that the service accepts. */
export const MESSENGER_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** The most whole days ahead a manual reminder may be sent for. */
export const MAX_DAYS_AHEAD = 365;

/** The longest name of a clinic, staff user, patient, dentist, procedure or category (the tables' checks). */
export const NAME_MAX_LENGTH = 200;
