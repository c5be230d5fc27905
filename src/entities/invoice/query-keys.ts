import type { QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query keys of billing reads that other features must refresh, all under
 * `['billing', clinicId]` (the billing feature builds its keys on `all`, so one invalidation of
 * `all` still refreshes every billing read of the clinic).
 */
export const invoiceQueryKeys = {
  all: (clinicId: number) => ['billing', clinicId] as const,
  /** Every Add Invoice split preview of the clinic (public.invoice_split), whoever it is for. */
  splits: (clinicId: number) => [...invoiceQueryKeys.all(clinicId), 'invoice-split'] as const,
  /** One preview, by the request asked (patient, appointment and lines, as JSON). */
  split: (clinicId: number, request: string) => [...invoiceQueryKeys.splits(clinicId), request] as const,
};

/**
 * Who pays an itemised invoice changed (a patient's HMO card or discount ID, an HMO, what it
 * covers): an open Add Invoice asks its split again, and no answer read before is shown again.
 */
export const invalidateInvoiceSplits = (queryClient: QueryClient, clinicId: number) =>
  queryClient.invalidateQueries({ queryKey: invoiceQueryKeys.splits(clinicId) });
