/** TanStack Query keys of the Messenger contacts section; read and invalidate through these. */
export const contactKeys = {
  all: ['messenger-contacts'] as const,
  unlinked: (clinicId: number) => [...contactKeys.all, 'unlinked', clinicId] as const,
  /** Link to patient's search; holds 'patients', so a link refreshes it with every patients read. */
  patients: (clinicId: number, term: string) => [...contactKeys.all, 'patients', clinicId, term] as const,
  /** One link at a time per contact (src/lib/use-guarded-mutation.ts). */
  link: (psid: string) => [...contactKeys.all, 'link', psid] as const,
};

/**
 * Every query that reads patients, in any feature (the Patients tab's ['patients', …], the
 * booking and billing searches): a link changes a patient's messenger_id. Features do not import
 * each other's keys, so this goes by the word their keys share.
 */
export const readsPatients = (query: { queryKey: readonly unknown[] }) => query.queryKey.includes('patients');
