import type { AuditQuery } from '../audit-filters';

/** TanStack Query keys of the Audit Trail section; read and invalidate through these. */
export const auditKeys = {
  all: ['audit-trail'] as const,
  page: (clinicId: number, query: AuditQuery, page: number) =>
    [...auditKeys.all, 'page', clinicId, query, page] as const,
  actors: (clinicId: number) => [...auditKeys.all, 'actors', clinicId] as const,
};
