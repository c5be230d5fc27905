// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingUpdatedPayload } from '@common/contract/realtime';
import type { SubscribeOptions } from './realtime-client';
import { deliverServiceEvent } from './realtime-payloads';
import { LIVE_REFRESH_COALESCE_MS, useLiveRefresh } from './use-live-refresh';

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
  vi.restoreAllMocks();
});

function Harness({ clinicId, invoiceId }: { clinicId: number; invoiceId?: number }) {
  // Written inline, as a screen writes them: a new array (and function) every render.
  const status = useLiveRefresh({
    clinicId,
    event: 'billing-updated',
    queryKey: ['billing', clinicId],
    concerns: invoiceId === undefined ? undefined : (change) => change.invoice_id === invoiceId,
    subscribe,
  });
  return <output data-testid="live">{status}</output>;
}

/** Two reads of clinic 1 under the key, one of clinic 2 and one of another tab, each with data. */
function renderHarness(clinicId = 1, invoiceId?: number) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['billing', 1, 'invoices'], ['invoices of clinic 1']);
  queryClient.setQueryData(['billing', 1, 'patient-invoices', 7], ['invoices of patient 7']);
  queryClient.setQueryData(['billing', 2, 'invoices'], ['invoices of clinic 2']);
  queryClient.setQueryData(['waitlist', 1, 'entries'], ['the waitlist of clinic 1']);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Harness clinicId={clinicId} invoiceId={invoiceId} />
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

/** Longer than a re-read waits for more events: one not made by then is not coming. */
const settle = () => new Promise((resolve) => setTimeout(resolve, LIVE_REFRESH_COALESCE_MS * 2));

const PAYMENT_ADDED: BillingUpdatedPayload = { table: 'payments', op: 'INSERT', id: 12, clinic_id: 1, invoice_id: 31 };

describe('live refresh of a tab', () => {
  it("follows the tab's event for the clinic", async () => {
    renderHarness();
    await waitFor(() => expect(subscribed).toBeDefined());
    expect(subscribed).toMatchObject({ clinicId: 1, event: 'billing-updated' });
  });

  it("re-reads every query under the key on the clinic's event, and nothing else", async () => {
    const { stale } = renderHarness();
    await waitFor(() => expect(subscribed).toBeDefined());
    emit(PAYMENT_ADDED);
    await waitFor(() => expect(stale(['billing', 1, 'invoices'])).toBe(true));
    expect(stale(['billing', 1, 'patient-invoices', 7])).toBe(true);
    expect(stale(['billing', 2, 'invoices'])).toBe(false);
    expect(stale(['waitlist', 1, 'entries'])).toBe(false);
  });

  it('re-reads once for a burst of events', async () => {
    const { queryClient } = renderHarness();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await waitFor(() => expect(subscribed).toBeDefined());
    emit(PAYMENT_ADDED);
    emit({ ...PAYMENT_ADDED, table: 'invoices', op: 'UPDATE', id: 31 });
    emit({ ...PAYMENT_ADDED, id: 13 });
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['billing', 1] });
  });

  it("ignores another clinic's event and a malformed one", async () => {
    const { queryClient, stale } = renderHarness();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await waitFor(() => expect(subscribed).toBeDefined());
    emit({ ...PAYMENT_ADDED, clinic_id: 2 });
    emit({ ...PAYMENT_ADDED, id: 'twelve' });
    // Then one that counts: only it is acted on.
    emit(PAYMENT_ADDED);
    await waitFor(() => expect(stale(['billing', 1, 'invoices'])).toBe(true));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('re-reads only on the events that concern the tab, asking its latest filter', async () => {
    const { queryClient, view, stale } = renderHarness(1, 31);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await waitFor(() => expect(subscribed).toBeDefined());
    emit({ ...PAYMENT_ADDED, invoice_id: 32 });
    emit({ ...PAYMENT_ADDED, table: 'hmo_payments', invoice_id: null });
    await settle();
    expect(invalidate).not.toHaveBeenCalled();

    // A burst that concerns it is still one read.
    emit(PAYMENT_ADDED);
    emit({ ...PAYMENT_ADDED, id: 13 });
    await waitFor(() => expect(stale(['billing', 1, 'invoices'])).toBe(true));
    expect(invalidate).toHaveBeenCalledTimes(1);

    // Another filter on the next render is asked from then on, on the same subscription.
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <Harness clinicId={1} invoiceId={32} />
      </QueryClientProvider>,
    );
    emit({ ...PAYMENT_ADDED, id: 14 });
    await settle();
    expect(invalidate).toHaveBeenCalledTimes(1);
    emit({ ...PAYMENT_ADDED, id: 15, invoice_id: 32 });
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(closed).toBe(0);
  });

  it('re-reads on getting the connection back whatever the filter says', async () => {
    const { stale } = renderHarness(1, 31);
    await waitFor(() => expect(subscribed).toBeDefined());
    act(() => subscribed!.onStatus?.('reconnecting'));
    act(() => subscribed!.onStatus?.('connected'));
    await waitFor(() => expect(stale(['billing', 1, 'invoices'])).toBe(true));
  });

  it('shows the connection, and re-reads everything when it comes back (missed events are not replayed)', async () => {
    const { stale } = renderHarness();
    const shown = () => screen.getByTestId('live').textContent;
    expect(shown()).toBe('connecting');
    await waitFor(() => expect(subscribed).toBeDefined());
    act(() => subscribed!.onStatus?.('connected'));
    expect(shown()).toBe('connected');
    act(() => subscribed!.onStatus?.('reconnecting'));
    expect(shown()).toBe('reconnecting');
    expect(stale(['billing', 1, 'invoices'])).toBe(false);
    act(() => subscribed!.onStatus?.('connected'));
    await waitFor(() => expect(stale(['billing', 1, 'invoices'])).toBe(true));
  });

  it('re-reads after a refused connection is accepted again', async () => {
    const { stale } = renderHarness();
    await waitFor(() => expect(subscribed).toBeDefined());
    act(() => subscribed!.onStatus?.('refused'));
    act(() => subscribed!.onStatus?.('connected'));
    await waitFor(() => expect(stale(['billing', 1, 'invoices'])).toBe(true));
  });

  it('says so, and keeps the tab working, when the socket cannot be opened', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    subscribe.mockRejectedValueOnce(new Error('no socket.io chunk'));
    renderHarness();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Ngiti: live billing-updated updates are off', expect.any(Error)),
    );
  });

  it('stops following when the screen goes', async () => {
    const { view } = renderHarness();
    await waitFor(() => expect(subscribed).toBeDefined());
    view.unmount();
    expect(closed).toBe(1);
  });
});

describe('live refresh of a tab that reads again only what changed', () => {
  function PartialHarness({
    refreshChanged,
  }: {
    refreshChanged: (changes: readonly BillingUpdatedPayload[]) => Promise<void>;
  }) {
    useLiveRefresh({ clinicId: 1, event: 'billing-updated', queryKey: ['billing', 1], refreshChanged, subscribe });
    return null;
  }

  function renderPartial(refreshChanged: (changes: readonly BillingUpdatedPayload[]) => Promise<void>) {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['billing', 1, 'invoices'], ['invoices of clinic 1']);
    render(
      <QueryClientProvider client={queryClient}>
        <PartialHarness refreshChanged={refreshChanged} />
      </QueryClientProvider>,
    );
    return { stale: () => queryClient.getQueryState(['billing', 1, 'invoices'])?.isInvalidated ?? false };
  }

  it('hands it a burst of changes at once, and re-reads nothing else', async () => {
    const refreshChanged = vi.fn(async () => undefined);
    const { stale } = renderPartial(refreshChanged);
    await waitFor(() => expect(subscribed).toBeDefined());
    emit(PAYMENT_ADDED);
    emit({ ...PAYMENT_ADDED, table: 'invoices', op: 'UPDATE', id: 31 });
    await waitFor(() => expect(refreshChanged).toHaveBeenCalledTimes(1));
    expect(refreshChanged).toHaveBeenCalledWith([
      PAYMENT_ADDED,
      { ...PAYMENT_ADDED, table: 'invoices', op: 'UPDATE', id: 31 },
    ]);
    await settle();
    expect(stale()).toBe(false);
  });

  it('re-reads everything when it fails, or when the connection comes back', async () => {
    const refreshChanged = vi.fn(async () => {
      throw new Error('offline');
    });
    const { stale } = renderPartial(refreshChanged);
    await waitFor(() => expect(subscribed).toBeDefined());
    emit(PAYMENT_ADDED);
    await waitFor(() => expect(stale()).toBe(true));

    refreshChanged.mockClear();
    act(() => subscribed!.onStatus?.('reconnecting'));
    act(() => subscribed!.onStatus?.('connected'));
    emit(PAYMENT_ADDED);
    await settle();
    expect(refreshChanged).not.toHaveBeenCalled();
  });
});
