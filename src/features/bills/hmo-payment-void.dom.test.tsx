// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { failNext, rows, seed, setupComponentTests } from '@/testing/real-db';
import { maxicareSection, seedShortPaidClaim } from './testing/hmo-claims';
import { renderBilling } from './testing/render';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
}));

setupComponentTests();

beforeEach(async () => {
  fakeRealtime.reset();
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
});

const paymentsTable = (section: HTMLElement) => within(section).getByRole('table', { name: /HMO payments of batch/ });

describe('voiding an HMO payment in the HMO claims part', () => {
  it('lists the batch’s payments and lets an admin void one with a reason, so the claim owes again', async () => {
    const { payment } = await seedShortPaidClaim();
    const user = userEvent.setup();
    await renderBilling({ role: 'admin' });
    const section = await maxicareSection();
    await waitFor(() => expect(within(section).getByTestId('hmo-owed').textContent).toContain('₱400.00'));
    const row = within(paymentsTable(section)).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual(['November 2, 2026', 'CHK-9', '₱600.00', '—']);
    expect(within(row).getByText('Recorded')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: `Void HMO payment #${payment.id}` }));
    const dialog = await screen.findByRole('dialog', { name: `Void HMO payment #${payment.id}` });
    expect(within(dialog).getByText(/₱600.00 received November 2, 2026/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByText('A reason is required to void.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Recorded against the wrong HMO');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(section).getByTestId('hmo-owed').textContent).toContain('₱1,000.00'));
    const voided = within(paymentsTable(section)).getAllByRole('row')[1]!;
    expect(within(voided).getByText('Void')).toBeTruthy();
    expect(within(voided).queryByRole('button', { name: /Void HMO payment/ })).toBeNull();
    expect(within(section).getByText('Submitted')).toBeTruthy();
    expect((await rows('hmo_payments', { id: payment.id }))[0]).toMatchObject({
      void_reason: 'Recorded against the wrong HMO',
    });
    expect(await rows('hmo_claim_settlements')).toEqual([]);
  });

  it('shows the database’s refusal in words and keeps the reason typed', async () => {
    const { payment } = await seedShortPaidClaim();
    // Another admin voided it while this dialog was open.
    failNext(
      { method: 'POST', rpc: 'void_hmo_payment' },
      { code: 'PT409', status: 409, message: 'This HMO payment is already void.', hint: 'hmo_payment_already_void' },
    );
    const user = userEvent.setup();
    await renderBilling({ role: 'admin' });
    const section = await maxicareSection();
    await user.click(await within(section).findByRole('button', { name: `Void HMO payment #${payment.id}` }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Entered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByText('This HMO payment is already void.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Entered twice');
  });

  it('offers no Void to a receptionist, who still sees the payments', async () => {
    await seedShortPaidClaim();
    await renderBilling({ role: 'receptionist' });
    const section = await maxicareSection();
    await waitFor(() => expect(paymentsTable(section)).toBeTruthy());
    expect(within(paymentsTable(section)).getByText('CHK-9')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /Void HMO payment/ })).toBeNull();
  });
});
