// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { realStack, rows, seed, setupComponentTests } from '@/testing/real-db';
import { claimRow, maxicareSection, seedShortPaidClaim } from './testing/hmo-claims';
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

describe('writing off a claim in the HMO claims part', () => {
  it('when an admin writes off the rest with a reason, then the claim reads Written off and nothing is owed', async () => {
    const { invoice } = await seedShortPaidClaim();
    const user = userEvent.setup();
    await renderBilling({ role: 'admin' });
    const section = await maxicareSection();
    await waitFor(() => expect(within(section).getByTestId('hmo-overdue').textContent).toContain('₱400.00'));
    expect(within(claimRow(section, 'Ana Santos')).getByText('Partly paid')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: `Write off claim of invoice #${invoice.id}` }));
    const dialog = await screen.findByRole('dialog', { name: `Write off claim of invoice #${invoice.id}` });
    expect(within(dialog).getByText(/₱400.00 the HMO has not paid for Ana Santos/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(await within(dialog).findByText('A reason is required to write off a claim.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Above the member’s annual benefit');
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Claim written off.')).toBeTruthy();
    await waitFor(() => expect(within(claimRow(section, 'Ana Santos')).getByText('Written off')).toBeTruthy());
    expect(within(claimRow(section, 'Ana Santos')).getByText('Written off').getAttribute('title')).toBe(
      'Above the member’s annual benefit',
    );
    expect(within(section).getByTestId('hmo-owed').textContent).toContain('₱0.00');
    expect(within(section).getByTestId('hmo-overdue').textContent).toContain('₱0.00');
    expect(within(section).getByTestId('hmo-batch-totals').textContent).toBe(
      'Claimed ₱1,000.00 · settled ₱600.00 · outstanding ₱0.00 · written off ₱400.00',
    );
    expect(within(section).queryByText('Overdue', { selector: '.hmo-claims-overdue-badge' })).toBeNull();
    expect(within(section).queryByRole('button', { name: /Write off claim/ })).toBeNull();
    expect((await rows('hmo_claims', { invoice_id: invoice.id }))[0]).toMatchObject({
      write_off_reason: 'Above the member’s annual benefit',
    });
  });

  it('when the claim was written off elsewhere meanwhile, then the refusal is shown in words and the reason stays', async () => {
    const { invoice, claim } = await seedShortPaidClaim();
    const user = userEvent.setup();
    await renderBilling({ role: 'admin' });
    const section = await maxicareSection();
    await user.click(await within(section).findByRole('button', { name: `Write off claim of invoice #${invoice.id}` }));
    const dialog = await screen.findByRole('dialog');
    await realStack().query(
      `update public.hmo_claims set written_off_at = now(), write_off_reason = 'Capped' where id = $1`,
      [claim.id],
    );
    await user.type(within(dialog).getByLabelText('Reason'), 'Capped by the HMO');
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(await within(dialog).findByText('This claim is already written off.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Capped by the HMO');
  });

  it('offers no Write off to a receptionist, who still sees what is owed', async () => {
    await seedShortPaidClaim();
    await renderBilling({ role: 'receptionist' });
    const section = await maxicareSection();
    await waitFor(() => expect(within(section).getByTestId('hmo-owed').textContent).toContain('₱400.00'));
    expect(within(section).queryByRole('button', { name: /Write off claim/ })).toBeNull();
  });
});
