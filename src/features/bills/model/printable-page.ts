/**
 * What the pages opened in their own tab to print (the receipt, the availment form) share: the id
 * in their address and the clinic's letterhead contact line. Pure.
 */

/** `/receipts/:id`'s or `/availment/:id`'s id: a positive whole number, or null for anything else ('12a', '0'). */
export function positiveRouteId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

/** The clinic's contact line: phone and e-mail, whichever are set, joined by ' · '. */
export function clinicContactLine(clinic: { clinic_phone: string | null; clinic_email: string | null }): string {
  return [clinic.clinic_phone, clinic.clinic_email]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' · ');
}
