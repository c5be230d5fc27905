// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliverServiceEvent, type SubscribeOptions } from '@/lib/realtime-client';
import { billingKeys } from '../model/query-keys';
import { useBillingLiveUpdates } from './use-billing-live-updates';

let subscribed: SubscribeOptions | undefined;
let closed = 0;
const subscribe = vi.fn(async (options: SubscribeOptions) => {
  subscribed = options;
  return { close: () => void closed++ };
});

afterEach(() => {
  cleanup();
  subscribed = undefined;
  closed = 0;
  vi.clearAllMocks();
});

function Harness({ clinicId }: { clinicId: number }) {
  useBillingLiveUpdates(clinicId, { subscribe });
  return null;
}

/** Two billing reads of clinic 1 and one of clinic 2, each with data, so invalidation marks them stale. */
function renderHarness(clinicId = 1) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(billingKeys.invoices(1), ['invoices of clinic 1']);
  queryClient.setQueryData(billingKeys.patientInvoices(1, 7), ['invoices of patient 7']);
  queryClient.setQueryData(billingKeys.invoices(2), ['invoices of clinic 2']);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Harness clinicId={clinicId} />
    </QueryClientProvider>,
  );
  const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { queryClient, view, stale };
}

function emit(payload: Record<string, unknown>) {
  act(() => {
    if (subscribed) deliverServiceEvent(subscribed, payload);
  });
}

const PAYMENT_ADDED = { table: 'payments', op: 'INSERT', id: 12, clinic_id: 1, invoice_id: 31 };

describe('live billing updates', () => {
  it("follow the clinic's billing-updated events", async () => {
    renderHarness();
    await waitFor(() => expect(subscribed).toBeDefined());
    expect(subscribed).toMatchObject({ clinicId: 1, event: 'billing-updated' });
  });

  it("re-read every billing read of the clinic on a payment taken elsewhere, and no other clinic's", async () => {
    const { stale } = renderHarness();
    await waitFor(() => expect(subscribed).toBeDefined());
    emit(PAYMENT_ADDED);
    await waitFor(() => expect(stale(billingKeys.invoices(1))).toBe(true));
    expect(stale(billingKeys.patientInvoices(1, 7))).toBe(true);
    expect(stale(billingKeys.invoices(2))).toBe(false);
  });

  it('re-read once for a burst of events', async () => {
    const { queryClient } = renderHarness();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await waitFor(() => expect(subscribed).toBeDefined());
    emit(PAYMENT_ADDED);
    emit({ ...PAYMENT_ADDED, table: 'invoices', op: 'UPDATE', id: 31 });
    emit({ ...PAYMENT_ADDED, id: 13 });
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: billingKeys.all(1) });
  });

  it("ignore another clinic's event and a malformed one", async () => {
    const { queryClient, stale } = renderHarness();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await waitFor(() => expect(subscribed).toBeDefined());
    emit({ ...PAYMENT_ADDED, clinic_id: 2 });
    emit({ ...PAYMENT_ADDED, id: 'twelve' });
    // Then one that counts: only it is acted on.
    emit(PAYMENT_ADDED);
    await waitFor(() => expect(stale(billingKeys.invoices(1))).toBe(true));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('re-read everything when the connection comes back (missed events are not replayed)', async () => {
    const { stale } = renderHarness();
    await waitFor(() => expect(subscribed).toBeDefined());
    act(() => subscribed!.onStatus?.('connected'));
    act(() => subscribed!.onStatus?.('reconnecting'));
    expect(stale(billingKeys.invoices(1))).toBe(false);
    act(() => subscribed!.onStatus?.('connected'));
    await waitFor(() => expect(stale(billingKeys.invoices(1))).toBe(true));
  });

  it('stop following when the screen goes', async () => {
    const { view } = renderHarness();
    await waitFor(() => expect(subscribed).toBeDefined());
    view.unmount();
    expect(closed).toBe(1);
  });
});
