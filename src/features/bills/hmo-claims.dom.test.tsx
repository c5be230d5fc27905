// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadTextFile } from '@/lib/download-text-file';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { countRequests, loseAnswerNext, realStack, rows, seed, setupComponentTests } from '@/testing/real-db';
import { claimRow, maxicareSection } from './testing/hmo-claims';
import { renderBilling } from './testing/render';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
}));

vi.mock('@/lib/download-text-file', () => ({ downloadTextFile: vi.fn() }));

setupComponentTests();

beforeEach(async () => {
  fakeRealtime.reset();
  vi.mocked(downloadTextFile).mockClear();
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
});

/**
 * Maxicare's one batch with two claims, as billing writes invoices with an HMO share: Ana's visit
 * of 5 January (₱1,000.00 claimed) and Ben's of 3 January (₱500.10), both long past the 30-day due date.
 */
async function seedMaxicare() {
  const [hmo] = await seed.hmos([{ clinic_id: 1, name: 'Maxicare', claim_deadline_days: 30 }]);
  const [ana, ben] = await seed.patients([{ name: 'Ana Santos' }, { name: 'Ben Reyes' }]);
  const [anaInvoice, benInvoice] = await seed.invoices([
    { patient_id: ana!.id, total: 200, hmo_id: hmo!.id, hmo_share: 1000, created_at: '2026-01-05T04:00:00+00:00' },
    { patient_id: ben!.id, total: 100, hmo_id: hmo!.id, hmo_share: 500.1, created_at: '2026-01-03T04:00:00+00:00' },
  ]);
  return { hmo: hmo!, anaInvoice: anaInvoice!, benInvoice: benInvoice! };
}

/** The Billing tab opened, and Maxicare's 'Record HMO payment' dialog from its section. */
async function openRecordPayment(user: ReturnType<typeof userEvent.setup>) {
  await renderBilling();
  const section = await maxicareSection();
  await user.click(await within(section).findByRole('button', { name: 'Record HMO payment' }));
  const dialog = await screen.findByRole('dialog', { name: /Record HMO payment: Maxicare/ });
  return { section, dialog };
}

/**
 * Maxicare's batch of Ana's and Ben's claims closed (sent) and paid in full by HMO payment `paid`,
 * and Carla's later visit in the HMO's next batch, `current`.
 */
async function seedSettledBatch() {
  const { hmo, anaInvoice } = await seedMaxicare();
  const [settled] = await rows('hmo_claim_batches', { hmo_id: hmo.id });
  const claims = await rows('hmo_claims', { batch_id: settled!.id });
  const [paid] = await seed.hmo_payments([
    {
      clinic_id: 1,
      batch_id: settled!.id,
      hmo_id: hmo.id,
      amount: 1500.1,
      received_on: '2026-02-01',
      idempotency_key: crypto.randomUUID(),
    },
  ]);
  await seed.hmo_claim_settlements(
    claims.map((claim) => ({ clinic_id: 1, hmo_payment_id: paid!.id, claim_id: claim.id, amount: claim.amount })),
  );
  await realStack().query(`update public.hmo_claim_batches set closed_at = now() where id = $1`, [settled!.id]);
  const [carla] = await seed.patients([{ name: 'Carla Cruz' }]);
  await seed.invoices([{ patient_id: carla!.id, total: 100, hmo_id: hmo.id, hmo_share: 300 }]);
  const [, current] = await rows('hmo_claim_batches', { hmo_id: hmo.id });
  return { settled: settled!, current: current!, paid: paid!, anaInvoice };
}

describe('the HMO claims part of the Billing tab', () => {
  it('shows what the HMO owes and what is overdue, and its batch’s claims oldest visit first', async () => {
    const { anaInvoice, benInvoice } = await seedMaxicare();
    await renderBilling();
    const section = await maxicareSection();
    await waitFor(() => expect(within(section).getByTestId('hmo-owed').textContent).toContain('₱1,500.10'));
    expect(within(section).getByTestId('hmo-overdue').textContent).toContain('₱1,500.10');
    expect(within(section).getByText(/Due February 2, 2026/)).toBeTruthy();
    const table = within(section).getByRole('table');
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(
      bodyRows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Ben Reyes', `#${benInvoice.id}`, 'January 3, 2026', '₱500.10', '₱0.00', 'Submitted'],
      ['Ana Santos', `#${anaInvoice.id}`, 'January 5, 2026', '₱1,000.00', '₱0.00', 'Submitted'],
    ]);
  });

  it('records the HMO’s payment, which settles the oldest claim first and lowers what the HMO owes', async () => {
    await seedMaxicare();
    const user = userEvent.setup();
    const { section, dialog } = await openRecordPayment(user);
    expect(within(dialog).getByTestId('hmo-batch-outstanding').textContent).toContain('₱1,500.10');
    await user.type(within(dialog).getByLabelText(/Amount/), '800.10');
    await user.clear(within(dialog).getByLabelText('Date received'));
    await user.type(within(dialog).getByLabelText('Date received'), '2026-11-02');
    await user.type(within(dialog).getByLabelText(/Reference #/), 'CHK-1001');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(section).getByTestId('hmo-owed').textContent).toContain('₱700.00'));
    expect(within(claimRow(section, 'Ben Reyes')).getByText('Paid')).toBeTruthy();
    expect(within(claimRow(section, 'Ana Santos')).getByText('Partly paid')).toBeTruthy();
    expect(within(claimRow(section, 'Ana Santos')).getByRole('cell', { name: '₱300.00' })).toBeTruthy();
    const stored = await rows('hmo_payments');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ amount: 800.1, received_on: '2026-11-02', reference_number: 'CHK-1001' });
  });

  it('shows the database’s refusal of more than the batch owes and keeps what was typed', async () => {
    await seedMaxicare();
    const user = userEvent.setup();
    const { dialog } = await openRecordPayment(user);
    await user.type(within(dialog).getByLabelText(/Amount/), '1500.11');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('This payment is more than what the batch still owes.')).toBeTruthy();
    expect((within(dialog).getByLabelText(/Amount/) as HTMLInputElement).value).toBe('1500.11');
    expect(await rows('hmo_payments')).toEqual([]);
  });

  it('shows what the batch owes now once a payment recorded elsewhere meanwhile refuses this one', async () => {
    const { hmo } = await seedMaxicare();
    const user = userEvent.setup();
    const { dialog } = await openRecordPayment(user);
    const outstanding = () => within(dialog).getByTestId('hmo-batch-outstanding').textContent;
    expect(outstanding()).toContain('₱1,500.10');

    // Another desk records ₱500.10 of Ben's claim while this dialog is open.
    const { rows: claims } = await realStack().query<{ id: number; batch_id: number }>(
      `select id::int, batch_id::int from public.hmo_claims where amount = 500.10`,
    );
    const { rows: paid } = await realStack().query<{ id: number }>(
      `insert into public.hmo_payments (clinic_id, batch_id, hmo_id, amount, received_on, idempotency_key)
       values (1, $1, $2, 500.10, '2026-02-01', gen_random_uuid()) returning id::int`,
      [claims[0]!.batch_id, hmo.id],
    );
    await realStack().query(
      `insert into public.hmo_claim_settlements (clinic_id, hmo_payment_id, claim_id, amount) values (1, $1, $2, 500.10)`,
      [paid[0]!.id, claims[0]!.id],
    );

    await user.type(within(dialog).getByLabelText(/Amount/), '1500.10');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('This payment is more than what the batch still owes.')).toBeTruthy();
    await waitFor(() => expect(outstanding()).toContain('₱1,000.00'));
  });

  describe('a retry after the first save’s answer was lost', () => {
    /** Types the payment into the open dialog, over what it held. */
    async function fill(
      user: ReturnType<typeof userEvent.setup>,
      dialog: HTMLElement,
      values: { amount: string; receivedOn: string; reference: string },
    ) {
      for (const [label, value] of [
        [/Amount/, values.amount],
        ['Date received', values.receivedOn],
        [/Reference #/, values.reference],
      ] as const) {
        await user.clear(within(dialog).getByLabelText(label));
        await user.type(within(dialog).getByLabelText(label), value);
      }
    }

    /** Saves ₱1,000.00 CHK-1 of 2 November: stored, but the answer never comes back. */
    async function saveWithLostAnswer(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
      await fill(user, dialog, { amount: '1000', receivedOn: '2026-11-02', reference: 'CHK-1' });
      loseAnswerNext({ method: 'POST', rpc: 'record_hmo_payment' });
      await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
      expect(await within(dialog).findByRole('alert')).toBeTruthy();
      const stored = await rows('hmo_payments');
      expect(stored).toMatchObject([{ amount: 1000, reference_number: 'CHK-1' }]);
      return stored[0]!;
    }

    it('takes a retry of the same payment for the one saved', async () => {
      await seedMaxicare();
      const user = userEvent.setup();
      const { dialog } = await openRecordPayment(user);
      await saveWithLostAnswer(user, dialog);
      await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
      expect(await screen.findByText('HMO payment recorded.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await rows('hmo_payments')).toHaveLength(1);
    });

    it('refuses a retry the desk corrected, naming the payment saved, and keeps what was typed', async () => {
      await seedMaxicare();
      const user = userEvent.setup();
      const { dialog } = await openRecordPayment(user);
      const saved = await saveWithLostAnswer(user, dialog);

      await fill(user, dialog, { amount: '100', receivedOn: '2026-11-01', reference: 'CHK-2' });
      await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
      const alert = await within(dialog).findByRole('alert');
      await waitFor(() =>
        expect(
          within(alert).getByText('This form was already saved as another HMO payment; check it before saving again.'),
        ).toBeTruthy(),
      );
      expect(within(alert).getByText(`Saved earlier as HMO payment #${saved.id}.`)).toBeTruthy();
      expect(screen.queryByText('HMO payment recorded.')).toBeNull();
      expect(screen.getByRole('dialog', { name: /Record HMO payment: Maxicare/ })).toBe(dialog);
      expect((within(dialog).getByLabelText(/Amount/) as HTMLInputElement).value).toBe('100');
      expect((within(dialog).getByLabelText('Date received') as HTMLInputElement).value).toBe('2026-11-01');
      expect((within(dialog).getByLabelText(/Reference #/) as HTMLInputElement).value).toBe('CHK-2');
      expect(await rows('hmo_payments')).toMatchObject([{ id: saved.id, amount: 1000, reference_number: 'CHK-1' }]);
    });

    it('refuses a retry of a payment voided meanwhile, naming it', async () => {
      await seedMaxicare();
      const user = userEvent.setup();
      const { dialog } = await openRecordPayment(user);
      const saved = await saveWithLostAnswer(user, dialog);
      // An admin voids it meanwhile, as void_hmo_payment does.
      await realStack().query(
        `update public.hmo_payments set voided_at = now(), void_reason = 'Wrong cheque' where id = $1;`,
        [saved.id],
      );
      await realStack().query(`delete from public.hmo_claim_settlements where hmo_payment_id = $1`, [saved.id]);

      await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
      const alert = await within(dialog).findByRole('alert');
      await waitFor(() =>
        expect(
          within(alert).getByText(
            'This form was already saved as an HMO payment that has since been voided; record it in a new form.',
          ),
        ).toBeTruthy(),
      );
      expect(within(alert).getByText(`Saved earlier as HMO payment #${saved.id}.`)).toBeTruthy();
      expect(screen.queryByText('HMO payment recorded.')).toBeNull();
      expect((within(dialog).getByLabelText(/Amount/) as HTMLInputElement).value).toBe('1000');
      expect(await rows('hmo_payments')).toHaveLength(1);
    });
  });

  it('denies a claim with the HMO’s reason, and asks for one first', async () => {
    const { anaInvoice } = await seedMaxicare();
    const user = userEvent.setup();
    await renderBilling();
    const section = await maxicareSection();
    await user.click(await within(section).findByRole('button', { name: `Deny claim of invoice #${anaInvoice.id}` }));
    const dialog = await screen.findByRole('dialog', { name: `Deny claim of invoice #${anaInvoice.id}` });
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await within(dialog).findByText('A reason is required to deny a claim.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Procedure not covered');
    const listReads = [
      countRequests({ method: 'GET', table: 'invoice_summaries' }),
      countRequests({ method: 'GET', table: 'payment_entries' }),
    ];
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(within(claimRow(section, 'Ana Santos')).getByText('Denied')).toBeTruthy());
    await waitFor(() => expect(within(section).getByTestId('hmo-owed').textContent).toContain('₱500.10'));
    // A claim is the HMO's side: the lists of invoices and payments are not read again for it.
    expect(listReads.flatMap((reads) => reads.urls)).toEqual([]);
    expect((await rows('hmo_claims', { invoice_id: anaInvoice.id }))[0]).toMatchObject({
      denial_reason: 'Procedure not covered',
    });
  });

  it('closes the batch once confirmed, so the next claim opens a new one', async () => {
    const { hmo } = await seedMaxicare();
    const user = userEvent.setup();
    await renderBilling();
    const section = await maxicareSection();
    await user.click(await within(section).findByRole('button', { name: 'Close batch' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, close' }, { timeout: 10_000 }));
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Close batch' })).toBeNull());
    expect(within(section).getByText(/Closed /)).toBeTruthy();
    const [batch] = await rows('hmo_claim_batches', { hmo_id: hmo.id });
    expect(batch!.closed_at).not.toBeNull();
  });

  it('shows a settled batch without its claims, and reads them only when opened', async () => {
    const { settled, current, anaInvoice } = await seedSettledBatch();
    const claimReads = countRequests({ method: 'GET', table: 'hmo_claim_summaries' });

    const user = userEvent.setup();
    await renderBilling();
    const section = await maxicareSection();
    const settledBatch = within(section).getByRole('region', { name: `Batch #${settled.id}` });
    const currentBatch = within(section).getByRole('region', { name: `Batch #${current.id}` });
    expect(within(currentBatch).getByRole('cell', { name: 'Carla Cruz' })).toBeTruthy();
    expect(within(settledBatch).getByText(/^Closed /).textContent).toContain(' · Settled');
    expect(within(settledBatch).queryByRole('table')).toBeNull();
    expect(within(settledBatch).queryByRole('button', { name: /Export CSV/ })).toBeNull();
    // Only the batch still in play had its claims read.
    const batchesRead = () => claimReads.urls.map((url) => new URL(url).searchParams.get('batch_id'));
    expect(batchesRead()).toEqual([`in.(${current.id})`]);

    const show = within(settledBatch).getByRole('button', { name: 'Show its 2 claims' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await user.click(show);
    const anaRow = await within(settledBatch).findByRole('row', { name: new RegExp(`Ana Santos .*#${anaInvoice.id}`) });
    expect(within(anaRow).getByText('Paid')).toBeTruthy();
    expect(within(settledBatch).getByRole('cell', { name: 'Ben Reyes' })).toBeTruthy();
    expect(within(settledBatch).getByRole('table', { name: `HMO payments of batch #${settled.id}` })).toBeTruthy();
    expect(within(settledBatch).getByRole('button', { name: 'Hide claims' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(within(settledBatch).getByRole('button', { name: `Export CSV: batch #${settled.id}` })).toBeTruthy();
    expect(batchesRead()).toEqual([`in.(${current.id})`, `in.(${settled.id})`]);
  });

  it('opens a settled batch that is back in play, its HMO payment voided at another desk', async () => {
    const { settled, paid } = await seedSettledBatch();
    await renderBilling();
    const section = await maxicareSection();
    const settledBatch = within(section).getByRole('region', { name: `Batch #${settled.id}` });
    expect(within(settledBatch).queryByRole('table')).toBeNull();
    await waitFor(() => expect(fakeRealtime.clinics()).toEqual([1]));

    // What void_hmo_payment stores: the payment marked void, its settlements gone.
    await realStack().exec(
      `delete from public.hmo_claim_settlements where hmo_payment_id = ${paid.id};
       update public.hmo_payments set voided_at = now(), void_reason = 'Bounced check' where id = ${paid.id};`,
    );
    fakeRealtime.emit('billing-updated', {
      clinic_id: 1,
      invoice_id: null,
      table: 'hmo_payments',
      op: 'UPDATE',
      id: paid.id,
    });

    expect(await within(settledBatch).findByRole('cell', { name: 'Ben Reyes' })).toBeTruthy();
    expect(within(settledBatch).getByText(/^Closed /).textContent).not.toContain('Settled');
    expect(within(settledBatch).queryByRole('button', { name: /Show its|Hide claims/ })).toBeNull();
  });

  it('exports the batch as a CSV file through the shared encoder', async () => {
    const { anaInvoice, benInvoice } = await seedMaxicare();
    const user = userEvent.setup();
    await renderBilling();
    const section = await maxicareSection();
    const [batch] = await rows('hmo_claim_batches');
    await user.click(await within(section).findByRole('button', { name: `Export CSV: batch #${batch!.id}` }));
    expect(downloadTextFile).toHaveBeenCalledWith(
      `hmo-batch-${batch!.id}-maxicare.csv`,
      '\uFEFFClaim,Invoice,Patient,Visit date,Amount,Settled,Outstanding,Status,Denial reason\r\n' +
        `2,${benInvoice.id},Ben Reyes,2026-01-03,500.10,0.00,500.10,Submitted,\r\n` +
        `1,${anaInvoice.id},Ana Santos,2026-01-05,1000.00,0.00,1000.00,Submitted,\r\n`,
    );
  });

  it('reads the claims again when another browser records a change', async () => {
    const { hmo } = await seedMaxicare();
    await renderBilling();
    const section = await maxicareSection();
    await waitFor(() => expect(within(section).getByTestId('hmo-owed').textContent).toContain('₱1,500.10'));
    await waitFor(() => expect(fakeRealtime.clinics()).toEqual([1]));
    const [batch] = await rows('hmo_claim_batches', { hmo_id: hmo.id });
    const [payment] = await seed.hmo_payments([
      {
        clinic_id: 1,
        batch_id: batch!.id,
        hmo_id: hmo.id,
        amount: 500.1,
        received_on: '2026-11-01',
        idempotency_key: crypto.randomUUID(),
      },
    ]);
    const [claim] = await rows('hmo_claims', { visit_date: '2026-01-03' });
    await seed.hmo_claim_settlements([
      { clinic_id: 1, hmo_payment_id: payment!.id, claim_id: claim!.id, amount: 500.1 },
    ]);
    fakeRealtime.emit('billing-updated', {
      clinic_id: 1,
      invoice_id: null,
      table: 'hmo_payments',
      op: 'INSERT',
      id: payment!.id,
    });
    await waitFor(() => expect(within(section).getByTestId('hmo-owed').textContent).toContain('₱1,000.00'));
  });
});
