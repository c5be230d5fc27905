import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateInvoiceSplits, invoiceQueryKeys } from './query-keys';

describe('the split previews’ keys', () => {
  it('sit under the clinic’s billing reads, so a refresh of billing refreshes them too', () => {
    expect(invoiceQueryKeys.split(1, '{"patientId":7}').slice(0, 2)).toEqual(invoiceQueryKeys.all(1));
    expect(invoiceQueryKeys.split(1, '{"patientId":7}').slice(0, 3)).toEqual(invoiceQueryKeys.splits(1));
  });

  it('are invalidated for every patient of the clinic, and nothing else is', async () => {
    const queryClient = new QueryClient();
    const keys = {
      ana: invoiceQueryKeys.split(1, '{"patientId":7}'),
      ben: invoiceQueryKeys.split(1, '{"patientId":8}'),
      otherClinic: invoiceQueryKeys.split(2, '{"patientId":9}'),
      invoices: [...invoiceQueryKeys.all(1), 'invoices'],
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, 'read');
    await invalidateInvoiceSplits(queryClient, 1);
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(keys.ana)).toBe(true);
    expect(invalidated(keys.ben)).toBe(true);
    expect(invalidated(keys.otherClinic)).toBe(false);
    expect(invalidated(keys.invoices)).toBe(false);
  });
});
