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

/** Ana's short-paid claim, its ₱400.00 rest written off by an admin. */
async function writtenOffClaim() {
  const seeded = await seedShortPaidClaim();
  const [admin] = await rows('users', { role: 'admin' });
  await realStack().query(
    `update public.hmo_claims set written_off_at = now(), write_off_reason = 'Capped', written_off_by = $2
      where id = $1`,
    [seeded.claim.id, admin?.user_id ?? null],
  );
  return seeded;
}

describe('billing the patient for what the HMO did not pay', () => {
  it('when the front desk bills a written-off claim’s rest, then it is a new invoice of the patient’s, named on the claim', async () => {
    const { invoice, claim } = await writtenOffClaim();
    const user = userEvent.setup();
    await renderBilling({ role: 'receptionist' });
    const section = await maxicareSection();
    await waitFor(() => expect(within(claimRow(section, 'Ana Santos')).getByText('Written off')).toBeTruthy());

    await user.click(within(section).getByRole('button', { name: `Bill patient for claim of invoice #${invoice.id}` }));
    const confirm = await screen.findByRole('dialog', {
      name: `Bill the patient for the claim of invoice #${invoice.id}?`,
    });
    expect(
      within(confirm).getByText(
        '₱400.00 that Maxicare did not pay becomes a new invoice for Ana Santos. A senior citizen or PWD discount on file applies.',
      ),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, bill patient' }));

    const [rebill] = await waitFor(async () => {
      const made = await rows('invoices', { rebills_claim_id: claim.id });
      expect(made).toHaveLength(1);
      return made;
    });
    expect(rebill).toMatchObject({ patient_id: invoice.patient_id, total: 400 });
    expect(await screen.findByText(`Invoice #${rebill!.id} added for the patient.`)).toBeTruthy();
    await waitFor(() =>
      expect(
        within(claimRow(section, 'Ana Santos')).getByText(`Billed to patient: invoice #${rebill!.id}`),
      ).toBeTruthy(),
    );
    expect(within(section).queryByRole('button', { name: /Bill patient for claim/ })).toBeNull();
  });

  it('asks first and bills nothing when the desk cancels; offers nothing for a claim the HMO may still pay', async () => {
    const { invoice, claim } = await seedShortPaidClaim();
    const user = userEvent.setup();
    await renderBilling({ role: 'receptionist' });
    const section = await maxicareSection();
    await waitFor(() => expect(within(claimRow(section, 'Ana Santos')).getByText('Partly paid')).toBeTruthy());
    expect(within(section).queryByRole('button', { name: /Bill patient for claim/ })).toBeNull();

    await realStack().query(
      `update public.hmo_claims set written_off_at = now(), write_off_reason = 'Capped' where id = $1`,
      [claim.id],
    );
    await waitFor(() => expect(fakeRealtime.clinics()).toEqual([1]));
    fakeRealtime.emit('billing-updated', {
      clinic_id: 1,
      invoice_id: invoice.id,
      table: 'hmo_claims',
      op: 'UPDATE',
      id: claim.id,
    });
    await user.click(
      await within(section).findByRole('button', { name: `Bill patient for claim of invoice #${invoice.id}` }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await rows('invoices', { rebills_claim_id: claim.id })).toEqual([]);
  });

  it('says in words when the patient was billed for the claim at another desk meanwhile', async () => {
    const { invoice, claim } = await writtenOffClaim();
    const user = userEvent.setup();
    await renderBilling({ role: 'receptionist' });
    const section = await maxicareSection();
    const bill = await within(section).findByRole('button', {
      name: `Bill patient for claim of invoice #${invoice.id}`,
    });
    const [other] = await seed.invoices([{ patient_id: invoice.patient_id, total: 400 }]);
    await realStack().query('update public.invoices set rebills_claim_id = $1 where id = $2', [claim.id, other!.id]);

    await user.click(bill);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, bill patient' }));
    expect(await screen.findByText('The patient was already billed for this claim.')).toBeTruthy();
    expect(await rows('invoices', { rebills_claim_id: claim.id })).toMatchObject([{ id: other!.id }]);
  });
});
